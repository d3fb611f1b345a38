"""MountDir: the sandbox's file operations under a mount reach the client's
directory, and nothing outside it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import amber
from amber._mount import MountRefused


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "local"
    (root / "sub").mkdir(parents=True)
    (root / "notes.txt").write_text("hello\n")
    (root / "sub" / "a.bin").write_bytes(b"\x00\x01")
    (tmp_path / "secret.txt").write_text("host secret")
    os.symlink(tmp_path / "secret.txt", root / "leak.txt")
    os.symlink(tmp_path, root / "up")
    return root


def test_read_write_mount(url: str, tree: Path) -> None:
    mount = amber.MountDir("/data", tree, mode="read-write")
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            code = """
import os
r = []
r.append(open('/data/notes.txt').read())
r.append(sorted(os.listdir('/data')))
r.append(os.path.getsize('/data/sub/a.bin'))
r.append(os.path.isdir('/data/sub'))
with open('/data/out.txt', 'w') as f:
    f.write('written')
with open('/data/out.txt', 'a') as f:
    f.write(' twice')
os.mkdir('/data/made')
os.rename('/data/out.txt', '/data/made/out.txt')
os.remove('/data/sub/a.bin')
os.rmdir('/data/sub')
try:
    open('/data/missing.txt')
except FileNotFoundError as e:
    r.append('missing')
r
"""
            got = s.feed_run(code, mount=mount)
            assert got == ["hello\n", ["leak.txt", "notes.txt", "sub", "up"], 2, True, "missing"]
    assert (tree / "made" / "out.txt").read_text() == "written twice"
    assert not (tree / "sub").exists()


def test_read_only_mount_refuses_writes(url: str, tree: Path) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            code = "try:\n    open('/data/x.txt', 'w').write('no')\nexcept OSError as e:\n    r = str(e)\nr"
            assert "Read-only file system" in s.feed_run(code, mount=amber.MountDir("/data", tree))
            assert s.feed_run("open('/data/notes.txt').read()", mount=amber.MountDir("/data", tree)) == "hello\n"
    assert not (tree / "x.txt").exists()


@pytest.mark.parametrize("path", ["/data/leak.txt", "/data/up/secret.txt"])
def test_symlinks_out_of_the_mount_are_refused(url: str, tree: Path, path: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            code = f"try:\n    open({path!r}).read()\nexcept PermissionError as e:\n    r = 'refused'\nr"
            assert s.feed_run(code, mount=amber.MountDir("/data", tree, mode="read-write")) == "refused"
            code = f"try:\n    open({path!r}, 'w').write('x')\nexcept PermissionError as e:\n    r = 'refused'\nr"
            assert s.feed_run(code, mount=amber.MountDir("/data", tree, mode="read-write")) == "refused"
    assert (tree.parent / "secret.txt").read_text() == "host secret"


def test_paths_outside_every_mount_are_not_served(url: str, tree: Path) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            # Outside the mount nobody serves the path (no os hook): the
            # sandbox sees CPython's error; a path that climbs out of the
            # mount through ".." is refused by the server.
            for p, want in (("/etc/passwd", "FileNotFoundError"), (str(tree / "notes.txt"), "FileNotFoundError"),
                            ("/database/x", "FileNotFoundError"), ("/data/../etc/passwd", "PermissionError")):
                code = f"try:\n    open({p!r}).read()\nexcept OSError as e:\n    r = type(e).__name__\nr"
                assert s.feed_run(code, mount=amber.MountDir("/data", tree)) == want, p


def test_os_hook_answers_what_no_mount_serves(url: str, tree: Path) -> None:
    calls: list[tuple[str, tuple[object, ...]]] = []

    def os_hook(op: str, args: tuple[object, ...], kwargs: dict[str, object]) -> object:
        calls.append((op, args))
        if op == "open" and args[0] == "/etc/motd":
            return b"welcome"
        return amber.NOT_HANDLED

    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            assert s.feed_run("open('/etc/motd').read()", os=os_hook, mount=amber.MountDir("/data", tree)) == "welcome"
            p = s.feed_start("open('/etc/motd').read()")
            assert isinstance(p, amber.FunctionSnapshot) and p.is_os_function and p.os_call == "open"
            assert p.args[0] == "/etc/motd"
            with pytest.raises(amber.PythonError) as ei:
                p.resume_not_handled()
            assert ei.value.type == "FileNotFoundError"
    assert calls == [("open", ("/etc/motd", "rb"))]


def test_mount_dir_refuses_escapes_itself(tree: Path) -> None:
    """Whatever the server sends, MountDir answers only for its directory."""
    m = amber.MountDir("/data", tree, mode="read-write")
    for bad in ("/data/../etc/passwd", "/data/./notes.txt", "/etc/passwd", "/database", "data/notes.txt",
                "/data/sub/../../x", "/data/\x00", "/data/leak.txt", "/data/up/secret.txt", 3):
        with pytest.raises(MountRefused) as ei:
            m.serve("open", [bad, "rb"])
        assert ei.value.type == "PermissionError", bad
    with pytest.raises(MountRefused):
        m.serve("rename", ["/data/notes.txt", "/data/../moved.txt"])
    with pytest.raises(MountRefused):
        m.serve("chmod", ["/data/notes.txt"])
    assert m.serve("open", ["/data/notes.txt", "rb"]) == b"hello\n"
    assert (tree / "notes.txt").exists()


def test_mount_dir_arguments(tmp_path: Path) -> None:
    for bad in ("data", "/data/", "/data/../x", "/", ""):
        with pytest.raises(ValueError):
            amber.MountDir(bad, tmp_path)
    with pytest.raises(ValueError):
        amber.MountDir("/data", tmp_path, mode="rw")  # type: ignore[arg-type]
    with pytest.raises(NotADirectoryError):
        amber.MountDir("/data", tmp_path / "nope")
    assert amber.MountDir("/data", tmp_path).wire() == {"path": "/data", "mode": "read-only"}
