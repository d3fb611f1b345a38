"""Hosted volumes (CONTRACTS.md section 3)."""

from __future__ import annotations

import amber


def test_volumes_persist_across_sessions(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout(volumes={"/data": "py-notes"}) as s:
            s.feed_run("open('/data/a.txt', 'w').write('kept')")
            snap = s.dump()
        with pool.checkout(volumes={"/notes": "py-notes"}) as s2:
            assert s2.feed_run("open('/notes/a.txt').read()") == "kept"
        # A loaded snapshot sees the volume's current contents.
        with pool.checkout(volumes={"/data": "py-notes"}) as s3:
            s3.load_session(snap)
            assert s3.feed_run("import os\nos.listdir('/data')") == ["a.txt"]
