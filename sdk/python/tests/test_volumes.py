"""Hosted volumes (CONTRACTS.md section 3)."""

from __future__ import annotations

import pytest

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


def test_host_operations_on_volumes(url: str) -> None:
    big = bytes(range(256)) * 800  # 200 KB: written in pieces
    with amber.Pool(url) as pool:
        v1 = pool.volume_write("py-host", "docs/a.txt", b"from the host")
        v2 = pool.volume_write("py-host", "big.bin", big)
        assert v2 > v1 > 0
        with pool.checkout(volumes={"/vol": "py-host"}) as s:
            assert s.feed_run("open('/vol/docs/a.txt').read()") == "from the host"
            assert s.feed_run("len(open('/vol/big.bin', 'rb').read())") == len(big)
            s.feed_run("open('/vol/docs/b.txt', 'w').write('from the sandbox')")
        assert pool.volume_read("py-host", "docs/b.txt") == b"from the sandbox"
        assert pool.volume_read("py-host", "big.bin") == big
        huge = bytes(range(251)) * 10_000  # 2.5 MB: read back in pieces of 1 MB
        pool.volume_write("py-host", "huge.bin", huge)
        assert pool.volume_read("py-host", "huge.bin") == huge
        pool.volume_delete("py-host", "huge.bin")
        files, version = pool.volume_files("py-host")
        assert {f["path"]: f["size"] for f in files} == {"docs/a.txt": 13, "docs/b.txt": 16, "big.bin": len(big)}
        assert version >= v2
        assert "py-host" in {v["name"] for v in pool.volumes()}
        pool.volume_write("py-host", "docs/a.txt", b"newer", version=v1)  # unchanged since v1: accepted
        with pytest.raises(amber.ConflictError):
            pool.volume_write("py-host", "docs/a.txt", b"stale", version=v1)  # changed since v1
        assert pool.volume_read("py-host", "docs/a.txt") == b"newer"
        pool.volume_delete("py-host", "docs/a.txt")
        with pytest.raises(amber.NotFoundError):
            pool.volume_read("py-host", "docs/a.txt")
        with pytest.raises(amber.BadRequestError):
            pool.volume_read("py-host", "../etc/passwd")
        pool.volume_delete("py-host")
        with pytest.raises(amber.NotFoundError):
            pool.volume_files("py-host")
