"""Mounts served from the client's disk (CONTRACTS.md section 2).

The sandbox's file operations under a mount's path reach this process as OS
calls; MountDir answers them from its local directory. Host directories
never go on the wire: only the sandbox path and the mode do, with every
request of a run. Whatever the server sends, a path that leaves the mount
(``..``, another absolute path, a symlink pointing out of the directory) is
refused with the sandbox's PermissionError.
"""

from __future__ import annotations

import errno as _errno
import os
import posixpath
import stat as _stat
from typing import Any, Literal

__all__ = ["MountDir", "MountRefused"]

Mode = Literal["read-only", "read-write", "overlay"]
_MODES = ("read-only", "read-write", "overlay")
_WRITES = ("write_file", "append_file", "mkdir", "remove", "rmdir", "rename")
_OPS = ("open", "stat", "listdir") + _WRITES


class MountRefused(Exception):
    """An OS call a mount answers with an exception in the sandbox."""

    def __init__(self, type: str, message: str) -> None:
        super().__init__(message)
        self.type = type
        self.message = message


class MountDir:
    """Serve the sandbox path ``path`` from the local directory ``local``.

    ``mode``: ``"read-only"`` (writes fail in the sandbox with
    ``OSError [Errno 30] Read-only file system``), ``"read-write"`` (writes
    reach the directory) or ``"overlay"`` (writes stay in the session's state
    on the server, travelling with its dumps and forks; the directory is only
    read).
    """

    def __init__(self, path: str, local: str | os.PathLike[str], mode: Mode = "read-only") -> None:
        if not isinstance(path, str) or not path.startswith("/") or posixpath.normpath(path) != path or path == "/":
            raise ValueError(f"mount path must be an absolute, normalized sandbox path other than '/', not {path!r}")
        if "\x00" in path:
            raise ValueError("mount path contains a NUL byte")
        if mode not in _MODES:
            raise ValueError(f"mount mode must be one of {', '.join(_MODES)}, not {mode!r}")
        root = os.path.realpath(os.fspath(local))
        if not os.path.isdir(root):
            raise NotADirectoryError(f"mount {path}: {os.fspath(local)!r} is not a directory")
        self.path = path
        self.local = root
        self.mode: Mode = mode

    def __repr__(self) -> str:
        return f"MountDir({self.path!r}, {self.local!r}, mode={self.mode!r})"

    def wire(self) -> dict[str, str]:
        """What the server is told: the sandbox path and the mode."""
        return {"path": self.path, "mode": self.mode}

    def covers(self, sandbox_path: Any) -> bool:
        return isinstance(sandbox_path, str) and (sandbox_path == self.path or sandbox_path.startswith(self.path + "/"))

    def _local(self, sandbox_path: Any, *, must_exist_parent: bool = True) -> str:
        """The local file behind sandbox_path, or MountRefused."""
        if not isinstance(sandbox_path, str) or "\x00" in sandbox_path:
            raise MountRefused("PermissionError", "Permission denied: not a path of this mount")
        if posixpath.normpath(sandbox_path) != sandbox_path or not self.covers(sandbox_path):
            raise MountRefused("PermissionError", f"Permission denied: {sandbox_path!r} is outside the mount {self.path}")
        rel = sandbox_path[len(self.path):].lstrip("/")
        parts = [p for p in rel.split("/") if p]
        if any(p in ("..", ".") for p in parts):
            raise MountRefused("PermissionError", f"Permission denied: {sandbox_path!r} escapes the mount {self.path}")
        target = os.path.join(self.local, *parts) if parts else self.local
        # Symlinks: the real path of what exists must stay inside the
        # directory (for a new file, the real path of its parent).
        probe = target if os.path.lexists(target) else os.path.dirname(target)
        real = os.path.realpath(probe)
        if real != self.local and not real.startswith(self.local + os.sep):
            raise MountRefused("PermissionError", f"Permission denied: {sandbox_path!r} leads outside the mount {self.path}")
        return target

    def serve(self, op: str, args: list[Any] | tuple[Any, ...]) -> Any:
        """Run one OS call of the sandbox; returns the answer's value, or
        raises MountRefused."""
        if op not in _OPS:
            raise MountRefused("PermissionError", f"Permission denied: operation {op!r} is not served by mounts")
        if not args:
            raise MountRefused("TypeError", f"{op} without a path")
        if op in _WRITES and self.mode != "read-write":
            raise MountRefused("OSError", "Read-only file system")
        try:
            return self._serve(op, args)
        except MountRefused:
            raise
        except OSError as e:
            raise _os_refusal(e) from None

    def _serve(self, op: str, args: list[Any] | tuple[Any, ...]) -> Any:
        p = self._local(args[0])
        if op == "open":
            mode = args[1] if len(args) > 1 else "rb"
            if not isinstance(mode, str) or any(c in mode for c in "wax+"):
                raise MountRefused("PermissionError", "Permission denied: open for writing is write_file")
            with open(p, "rb") as f:
                return f.read()
        if op == "stat":
            st = os.stat(p)
            return {"is_dir": _stat.S_ISDIR(st.st_mode), "size": int(st.st_size), "mtime": float(st.st_mtime)}
        if op == "listdir":
            return sorted(os.listdir(p))
        if op in ("write_file", "append_file"):
            data = args[1] if len(args) > 1 else b""
            if isinstance(data, str):
                data = data.encode()
            if not isinstance(data, (bytes, bytearray)):
                raise MountRefused("TypeError", f"{op} needs bytes")
            if os.path.isdir(p):
                raise IsADirectoryError(_errno.EISDIR, os.strerror(_errno.EISDIR))
            fd = os.open(p, os.O_WRONLY | os.O_CREAT | (os.O_APPEND if op == "append_file" else os.O_TRUNC) | os.O_NOFOLLOW, 0o666)
            with os.fdopen(fd, "wb") as f:
                f.write(bytes(data))
            return None
        if op == "mkdir":
            os.mkdir(p)
            return None
        if op == "remove":
            if os.path.isdir(p) and not os.path.islink(p):
                raise IsADirectoryError(_errno.EISDIR, os.strerror(_errno.EISDIR))
            os.remove(p)
            return None
        if op == "rmdir":
            os.rmdir(p)
            return None
        # rename
        if len(args) < 2:
            raise MountRefused("TypeError", "rename needs a source and a destination")
        dst = self._local(args[1])
        os.rename(p, dst)
        return None


_OS_TYPES = {
    _errno.ENOENT: "FileNotFoundError",
    _errno.EEXIST: "FileExistsError",
    _errno.EISDIR: "IsADirectoryError",
    _errno.ENOTDIR: "NotADirectoryError",
    _errno.EACCES: "PermissionError",
    _errno.EPERM: "PermissionError",
    _errno.ELOOP: "PermissionError",
    _errno.ENOTEMPTY: "OSError",
}


def _os_refusal(e: OSError) -> MountRefused:
    typ = _OS_TYPES.get(e.errno or 0, "OSError")
    if e.errno == _errno.ELOOP:
        return MountRefused("PermissionError", "Permission denied: a symlink in the path")
    # strerror only: never a path of this machine.
    return MountRefused(typ, e.strerror or "Input/output error")


def find_mount(mounts: list[MountDir], path: Any) -> MountDir | None:
    """The mount whose path is the longest prefix of path."""
    best: MountDir | None = None
    for m in mounts:
        if m.covers(path) and (best is None or len(m.path) > len(best.path)):
            best = m
    return best
