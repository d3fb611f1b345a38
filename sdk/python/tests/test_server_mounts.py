"""Mounts the server knows (CONTRACTS.md section 2): overlay writes live in
the session, read-only refusals come from the server, OS errors get
CPython's errnos."""

from __future__ import annotations

from pathlib import Path

import amber


def test_overlay_writes_stay_in_the_session(url: str, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("v1")
    m = amber.MountDir("/data", tmp_path, mode="overlay")
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            s.feed_run("open('/data/notes.txt', 'w').write('v2')", mount=m)
            assert s.feed_run("open('/data/notes.txt').read()", mount=m) == "v2"
            snap = s.dump()
        assert (tmp_path / "notes.txt").read_text() == "v1"  # never reached the directory
        with pool.checkout() as s2:
            s2.load_session(snap)  # the overlay travels with the dump
            assert s2.feed_run("open('/data/notes.txt').read()", mount=m) == "v2"


def test_read_only_is_refused_by_the_server(url: str, tmp_path: Path) -> None:
    seen: list[str] = []

    def os_hook(op: str, args: tuple[object, ...], kw: dict[str, object]) -> object:
        seen.append(op)
        return amber.NOT_HANDLED

    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            code = "try:\n    open('/data/x', 'w').write('no')\nexcept OSError as e:\n    r = (e.errno, e.strerror)\nr"
            assert s.feed_run(code, mount=amber.MountDir("/data", tmp_path), os=os_hook) == (30, "Read-only file system")
    assert seen == []


def test_os_errors_get_cpython_errnos(url: str, tmp_path: Path) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            code = "try:\n    open('/data/missing')\nexcept FileNotFoundError as e:\n    r = e.errno\nr"
            assert s.feed_run(code, mount=amber.MountDir("/data", tmp_path)) == 2
