"""Typed errors: every failure a caller may branch on is its own class.

The server's error kinds (docs/protocol.md, "Errors") map one to one onto the
classes below; an unknown kind is an AmberError with that kind.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "AmberError", "PythonError", "AmberSyntaxError", "LimitError", "UnknownSessionError",
    "EphemeralError", "ConflictError", "WrongLoaderError", "NotFreshError", "AlreadyResumedError",
    "QuotaError", "TooLargeError", "BadRequestError", "UnauthorizedError", "NotFoundError",
    "InternalError", "ConnectionLostError", "ShutdownError", "ProtocolError", "SessionBusyError",
    "ClosedError", "from_wire",
]


class AmberError(Exception):
    """Base of every error this package raises for the server or the
    connection. ``kind`` is the protocol's error kind (``"python"``,
    ``"unknown_session"``, ...), ``message`` the server's message."""

    kind: str = "error"

    def __init__(self, message: str, *, kind: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if kind is not None:
            self.kind = kind


class PythonError(AmberError):
    """An uncaught exception in the sandbox (the seeds' MontyRuntimeError):
    ``type`` is its class name, ``message`` str(exc), ``traceback`` the text
    CPython would print."""

    kind = "python"

    def __init__(self, type: str, message: str, traceback: str = "", *, kind: str | None = None) -> None:
        self.type = type
        self.traceback = traceback
        super().__init__(f"{type}: {message}" if message else type, kind=kind)
        self.message = message

    def display(self, format: str = "traceback") -> str:
        """The exception as text: ``"traceback"`` (the whole traceback, as
        CPython prints it), ``"type-msg"`` (``"ValueError: bad"``) or
        ``"msg"`` (the message alone)."""
        if format == "msg":
            return self.message
        type_msg = f"{self.type}: {self.message}" if self.message else self.type
        if format == "type-msg":
            return type_msg
        if format == "traceback":
            return self.traceback.rstrip("\n") if self.traceback else type_msg
        raise ValueError(f"display format must be 'traceback', 'type-msg' or 'msg', not {format!r}")

    def exception(self) -> BaseException:
        """The sandbox's exception as a builtin exception instance of this
        process (Exception when its type is not a builtin)."""
        import builtins

        cls = getattr(builtins, self.type, None)
        if isinstance(cls, type) and issubclass(cls, BaseException):
            try:
                return cls(self.message)
            except Exception:
                pass
        return Exception(f"{self.type}: {self.message}")


class AmberSyntaxError(PythonError):
    """Code that does not parse, or fails type checking (the seeds'
    MontySyntaxError / MontyTypingError)."""

    kind = "syntax"


class LimitError(AmberError):
    """A session limit was reached (time, memory, allocations, output,
    suspensions): ``limit`` names it. Sandboxed code cannot catch it."""

    kind = "limit"

    def __init__(self, message: str, limit: str = "") -> None:
        super().__init__(message)
        self.limit = limit


class UnknownSessionError(AmberError):
    """No such session or snapshot in this project (never saved, deleted,
    expired, or another project's)."""

    kind = "unknown_session"


class EphemeralError(AmberError):
    """dump() of an ephemeral session: "this session is ephemeral, so it
    cannot be dumped"."""

    kind = "ephemeral"


class ConflictError(AmberError):
    """Another step on the session committed first."""

    kind = "conflict"


class WrongLoaderError(AmberError):
    """load_session() of a suspended snapshot, or load_snapshot() of a
    session dump."""

    kind = "wrong_loader"


class NotFreshError(AmberError):
    """A loader on a session that already ran or loaded something."""

    kind = "not_fresh"


class AlreadyResumedError(AmberError):
    """A snapshot is resumed at most once."""

    kind = "already_resumed"


class QuotaError(AmberError):
    """The project's storage quota would be exceeded."""

    kind = "quota"


class TooLargeError(AmberError):
    """A message over the size limit (a request over 128 KB is refused
    before it is sent)."""

    kind = "too_large"


class BadRequestError(AmberError):
    """The server could not parse a request."""

    kind = "bad_request"


class UnauthorizedError(AmberError):
    """A missing or wrong API key."""

    kind = "unauthorized"


class NotFoundError(AmberError):
    """No such volume or file."""

    kind = "not_found"


class InternalError(AmberError):
    """The server failed (after the client's retries). ``correlation_id``
    finds it in the server's log."""

    kind = "internal"

    def __init__(self, message: str, correlation_id: str | None = None) -> None:
        super().__init__(message)
        self.correlation_id = correlation_id


class ConnectionLostError(AmberError):
    """A request's reply never arrived, through every retry."""

    kind = "connection_lost"


class ShutdownError(ConnectionLostError):
    """A step could not be completed (the seeds' MontyShutdown): the server
    was lost through every retry. ``dump`` names the session's last
    committed state: ``load_session(dump)`` into a fresh session (or
    ``load_snapshot(dump)`` if it was paused at a host call) carries on from
    there. ``__cause__`` is why."""

    kind = "shutdown"

    def __init__(self, message: str, dump: bytes) -> None:
        super().__init__(message)
        self.dump = dump


class ProtocolError(ConnectionLostError):
    """The server sent something that is not the protocol (not JSON, not a
    reply): the reply counts as lost, and the request is sent again."""

    kind = "protocol"


class SessionBusyError(AmberError):
    """A second call on a session (or its snapshots) while one runs: a
    session runs one step at a time; fork it to run branches in parallel."""

    kind = "busy"


class ClosedError(AmberError):
    """The pool or the session was closed."""

    kind = "closed"


_KINDS: dict[str, type[AmberError]] = {
    "unknown_session": UnknownSessionError,
    "ephemeral": EphemeralError,
    "conflict": ConflictError,
    "wrong_loader": WrongLoaderError,
    "not_fresh": NotFreshError,
    "already_resumed": AlreadyResumedError,
    "quota": QuotaError,
    "too_large": TooLargeError,
    "bad_request": BadRequestError,
    "unauthorized": UnauthorizedError,
    "not_found": NotFoundError,
}


def from_wire(err: Any) -> AmberError:
    """The typed error of a failed reply's ``error`` object."""
    if not isinstance(err, dict):
        return InternalError("failed reply without an error")
    kind = str(err.get("kind") or "internal")
    typ = str(err.get("type") or "")
    msg = str(err.get("message") or "")
    tb = str(err.get("traceback") or "")
    if kind == "python":
        return PythonError(typ or "Exception", msg, tb)
    if kind == "syntax":
        return AmberSyntaxError(typ or "SyntaxError", msg, tb)
    if kind == "limit":
        return LimitError(msg or "a limit was reached", typ)
    if kind == "internal":
        cid = err.get("correlation_id")
        return InternalError(msg or "internal error", str(cid) if cid else None)
    cls = _KINDS.get(kind)
    if cls is None:
        return AmberError(msg or kind, kind=kind)
    return cls(msg or kind.replace("_", " "))
