"""The asyncio client: AsyncPool, AsyncSession and the snapshot kinds.

Mirrors the Go SDK (sdk/pool.go, session.go, progress.go, auto.go): every
request carries a random id that is its idempotency key; a lost reply is
sent again with the same id; ``running`` is continued; a step that cannot be
completed raises ShutdownError naming the session's last committed state.
"""

from __future__ import annotations

import asyncio
import base64
import inspect
import math
import uuid
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Generator, Iterable, Mapping, Union
from urllib.parse import urlparse

from . import _errors as E
from ._mount import MountDir, MountRefused, find_mount
from ._transport import HTTPTransport, Transport, WebSocketTransport
from ._usage import Usage, parse_usage
from ._values import decode, encode, exception_wire

__all__ = [
    "AsyncPool", "AsyncSession", "AsyncFunctionSnapshot", "AsyncNameLookupSnapshot",
    "AsyncFutureSnapshot", "Complete", "NOT_HANDLED", "AsyncProgress",
]


class _NotHandled:
    """The sentinel a host hook returns to decline (NameError, the OS's
    error)."""

    _instance: "_NotHandled | None" = None

    def __new__(cls) -> "_NotHandled":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "amber.NOT_HANDLED"


#: Returned by an external_lookup or os hook to decline a name or a call.
NOT_HANDLED = _NotHandled()

PrintCallback = Callable[[str, str], Any]
Lookup = Union[Callable[[str], Any], Mapping[str, Any]]
OSHook = Callable[[str, tuple[Any, ...], dict[str, Any]], Any]
Mounts = Union[MountDir, Iterable[MountDir], None]

_LIMIT_KEYS = {
    "max_duration_ms": "max_duration_ms", "max_memory": "max_memory", "max_allocations": "max_allocations",
    "max_recursion": "max_recursion", "max_output": "max_output", "max_suspensions": "max_suspensions",
    # the seeds' names
    "max_recursion_depth": "max_recursion",
}


def _limits_wire(limits: Mapping[str, Any] | None) -> dict[str, int] | None:
    if not limits:
        return None
    out: dict[str, int] = {}
    for k, v in limits.items():
        if v is None:
            continue
        if k == "max_duration_secs":
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v) or v < 0:
                raise ValueError(f"limits['max_duration_secs'] must be a non-negative number, not {v!r}")
            out["max_duration_ms"] = max(1, int(v * 1000)) if v else 0
            continue
        if k not in _LIMIT_KEYS:
            raise ValueError(f"unknown limit {k!r} (known: {', '.join(sorted(list(_LIMIT_KEYS) + ['max_duration_secs']))})")
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(f"limits[{k!r}] must be a non-negative int, not {v!r}")
        out[_LIMIT_KEYS[k]] = v
    return out or None


def _mounts_list(mount: Mounts) -> list[MountDir]:
    if mount is None:
        return []
    ms = [mount] if isinstance(mount, MountDir) else list(mount)
    for m in ms:
        if not isinstance(m, MountDir):
            raise TypeError(f"mount takes MountDir values, not {type(m).__name__}")
    if len(ms) > 16:
        raise ValueError("at most 16 mounts")
    if len({m.path for m in ms}) != len(ms):
        raise ValueError("two mounts at the same path")
    return ms


@dataclass
class _Run:
    """The host's side of one feed (or loaded snapshot): its hooks, passed
    again with every request of the run."""

    functions: dict[str, Callable[..., Any]] = field(default_factory=dict)
    lookup: Lookup | None = None
    print_callback: PrintCallback | None = None
    os: OSHook | None = None
    mounts: list[MountDir] = field(default_factory=list)

    def on_event(self) -> Callable[[dict[str, Any]], None] | None:
        if self.print_callback is None:
            return None
        cb: PrintCallback = self.print_callback

        def hook(ev: dict[str, Any]) -> None:
            if ev.get("event") == "print":
                try:
                    cb(str(ev.get("stream", "stdout")), str(ev.get("text", "")))
                except Exception:
                    pass  # a failing print_callback must not stop the run (the step has committed)

        return hook


def _new_id() -> str:
    return uuid.uuid4().hex


class AsyncPool:
    """A client of one Amber project: ``async with AsyncPool(url) as pool``.

    ``url`` chooses the transport: ``ws://`` or ``wss://`` (amber serve, API
    Gateway's WebSocket API) or ``http://`` / ``https://`` (the HTTP API,
    ``POST {url}/v1/{op}``). ``api_key`` is sent as ``x-api-key``.
    ``retries`` bounds how often a request whose reply was lost is sent again
    (with its id, so a step still runs once), with backoff from ``backoff``
    to ``max_backoff`` seconds; ``reply_timeout`` bounds the wait for one
    reply. ``traceparent`` (a W3C trace context, ``00-{trace_id}-{span_id}-
    {flags}``) is sent with every request, and on the WebSocket handshake,
    so the server's spans of the steps join the caller's trace; set the
    ``traceparent`` attribute to change it between calls.
    """

    def __init__(self, url: str, *, api_key: str | None = None, retries: int = 8, backoff: float = 0.05,
                 max_backoff: float = 2.0, reply_timeout: float = 120.0, traceparent: str | None = None) -> None:
        scheme = urlparse(url).scheme.lower()
        self.url = url
        self.traceparent = traceparent
        self.transport: Transport
        if scheme in ("ws", "wss"):
            self.transport = WebSocketTransport(url, api_key, reply_timeout)
            if traceparent:
                self.transport.headers["traceparent"] = traceparent
        elif scheme in ("http", "https"):
            self.transport = HTTPTransport(url, api_key, reply_timeout)
        else:
            raise ValueError(f"url must start with ws://, wss://, http:// or https://, not {url!r}")
        if retries < 0:
            raise ValueError("retries must be >= 0")
        self.retries = retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self._closed = False

    async def __aenter__(self) -> "AsyncPool":
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def open(self) -> None:
        """Connect now (WebSocket), to check the address and the key; the
        pool also connects by itself when first used."""
        if isinstance(self.transport, WebSocketTransport):
            await self.transport.connect()

    async def close(self) -> None:
        """Close the connection. Ephemeral sessions die with it (WebSocket);
        durable sessions stay, loadable by id."""
        if not self._closed:
            self._closed = True
            await self.transport.close()

    async def _call(self, req: dict[str, Any], on_event: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
        """Send req and wait for its final reply, resending it with the same
        id when the reply was lost or the server asked for a retry. Printed
        output reaches on_event once even across resends."""
        if self._closed:
            raise E.ClosedError("the pool was closed")
        req.setdefault("id", _new_id())
        if self.traceparent and "traceparent" not in req:
            req["traceparent"] = self.traceparent
        seen = 0
        backoff = self.backoff
        attempt = 0
        while True:
            n = 0

            def ev(e: dict[str, Any]) -> None:
                nonlocal n, seen
                n += 1
                if n <= seen:
                    return  # a re-run prints what the first try printed
                seen += 1
                if on_event is not None:
                    on_event(e)

            lost: E.ConnectionLostError | None = None
            reply: dict[str, Any] | None = None
            try:
                reply = await self.transport.round_trip(req, ev)
            except E.ConnectionLostError as e:
                lost = e
            retry = lost is not None
            if reply is not None and not reply.get("ok"):
                kind = (reply.get("error") or {}).get("kind") if isinstance(reply.get("error"), dict) else None
                if kind == "internal":
                    retry = True
                elif kind == "conflict":
                    # Our own earlier try may still be running on the server;
                    # once it committed, the same id gets its recorded reply.
                    retry = attempt > 0
            if not retry or attempt >= self.retries:
                if lost is not None:
                    raise lost
                assert reply is not None
                printed = reply.get("printed")
                if isinstance(printed, list) and seen < len(printed):
                    for pe in printed[seen:]:
                        if on_event is not None and isinstance(pe, dict):
                            on_event({"event": "print", **pe})
                    seen = len(printed)
                return reply
            await asyncio.sleep(backoff)
            backoff = min(2 * backoff, self.max_backoff)
            attempt += 1

    async def _do(self, req: dict[str, Any]) -> dict[str, Any]:
        r = await self._call(req)
        if not r.get("ok"):
            raise E.from_wire(r.get("error"))
        return r

    def checkout(self, ephemeral: bool = False, script_name: str | None = None, limits: Mapping[str, Any] | None = None,
                 type_check: bool = False, volumes: Mapping[str, str] | None = None) -> "_Checkout":
        """A new, fresh session: ``async with pool.checkout() as session`` (it
        is closed at the end of the block), or ``session = await
        pool.checkout()``.

        ``ephemeral`` sessions cannot be dumped and die with the connection;
        ``script_name`` is the file name in tracebacks; ``limits`` bound the
        session over all its steps (``max_duration_ms`` or
        ``max_duration_secs``, ``max_memory``, ``max_allocations``,
        ``max_recursion``, ``max_output``, ``max_suspensions``);
        ``type_check`` checks each feed statically first; ``volumes`` maps
        sandbox paths to hosted volume names.
        """
        req: dict[str, Any] = {"op": "checkout"}
        if ephemeral:
            req["ephemeral"] = True
        if script_name:
            req["script_name"] = str(script_name)
        lw = _limits_wire(limits)
        if lw:
            req["limits"] = lw
        if type_check:
            req["type_check"] = True
        if volumes:
            if not isinstance(volumes, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in volumes.items()):
                raise TypeError("volumes maps sandbox paths (str) to volume names (str)")
            req["volumes"] = dict(volumes)
        return _Checkout(self, req, ephemeral)

    async def _checkout(self, req: dict[str, Any], ephemeral: bool) -> "AsyncSession":
        r = await self._do(dict(req))
        sid = r.get("session")
        if not isinstance(sid, str) or not sid:
            raise E.ProtocolError("checkout reply without a session id")
        s = AsyncSession(self, sid, ephemeral)
        if isinstance(r.get("limits"), dict):
            s.limits = dict(r["limits"])
        return s

    async def snapshots(self) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """The project's saved sessions and snapshots, and its quota."""
        r = await self._do({"op": "snapshots"})
        return list(r.get("snapshots") or []), r.get("quota")

    async def usage(self, days: int = 0) -> Usage:
        """The project's usage over the last ``days`` UTC days, today
        included (0: all 31 the server keeps): steps, interpreter CPU time,
        bytes written and GB-hours stored per day, the totals and the
        project's daily caps. A project sees only its own."""
        if isinstance(days, bool) or not isinstance(days, int) or not 0 <= days <= 31:
            raise ValueError("days is 0 to 31")
        req: dict[str, Any] = {"op": "usage"}
        if days:
            req["days"] = days
        return parse_usage(await self._do(req))

    async def delete_snapshot(self, snapshot_id: bytes | str) -> None:
        """Delete a snapshot made by dump()."""
        await self._do({"op": "delete_snapshot", "snapshot": _id_str(snapshot_id)})

    # -- hosted volumes (checkout(volumes=...) mounts them in sessions)
    async def volumes(self) -> list[dict[str, Any]]:
        """The project's volumes: ``{"name", "bytes", "files", "version",
        "updated"}`` each."""
        r = await self._do({"op": "volume_list"})
        return list(r.get("volumes") or [])

    async def volume_files(self, volume: str) -> tuple[list[dict[str, Any]], int]:
        """A volume's files (``{"path", "size"}``, paths relative to its
        root) and its version."""
        r = await self._do({"op": "volume_list", "volume": _volume_name(volume)})
        return list(r.get("files") or []), int(r.get("version") or 0)

    async def volume_read(self, volume: str, path: str) -> bytes:
        """The contents of one file of a volume (NotFoundError if absent).
        Files over 1 MB are read in pieces, all of one version of the
        volume (a Lambda reply over HTTP is at most 6 MB)."""
        name = _volume_name(volume)
        piece = 1 << 20
        out = bytearray()
        req: dict[str, Any] = {"op": "volume_read", "volume": name, "path": str(path), "length": piece}
        while True:
            r = await self._do(dict(req))
            try:
                chunk = base64.b64decode(r.get("data") or "", validate=True)
            except (ValueError, TypeError):
                raise E.ProtocolError("volume_read reply with malformed data") from None
            out += chunk
            size = int(r.get("size") or 0)
            if len(out) >= size or not chunk:
                return bytes(out)
            # The rest from the same version, so the pieces fit together.
            req["offset"] = len(out)
            req["version"] = int(r.get("version") or 0)

    async def volume_write(self, volume: str, path: str, data: bytes, *, version: int | None = None) -> int:
        """Create or replace a file of a volume and return the volume's new
        version. ``version``: fail with ConflictError if the file changed
        since that version. Contents over one request go in pieces of 64 KB
        (the first replaces, the others append), so a reader may see the
        file part-written meanwhile."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"volume_write takes bytes, not {type(data).__name__}")
        b = bytes(data)
        name = _volume_name(volume)
        piece = 64 * 1024
        ver = 0
        for off in range(0, max(len(b), 1), piece):
            req: dict[str, Any] = {"op": "volume_write", "volume": name, "path": str(path),
                                   "data": base64.b64encode(b[off:off + piece]).decode("ascii")}
            if off:
                req["append"] = True
            elif version is not None:
                req["version"] = int(version)
            r = await self._do(req)
            ver = int(r.get("version") or 0)
        return ver

    async def volume_delete(self, volume: str, path: str | None = None) -> None:
        """Delete one file (or directory tree) of a volume, or without path
        the whole volume."""
        req: dict[str, Any] = {"op": "volume_delete", "volume": _volume_name(volume)}
        if path is not None:
            req["path"] = str(path)
        await self._do(req)


def _volume_name(v: Any) -> str:
    if not isinstance(v, str) or not v:
        raise TypeError(f"a volume name is a non-empty str, not {v!r}")
    return v


def _id_str(v: bytes | str) -> str:
    if isinstance(v, (bytes, bytearray)):
        try:
            return bytes(v).decode("ascii")
        except UnicodeDecodeError:
            raise ValueError("not a snapshot id of this client") from None
    if isinstance(v, str):
        return v
    raise TypeError(f"a snapshot id is bytes (from dump()) or str, not {type(v).__name__}")


class _Checkout:
    """What checkout() returns: an async context manager, and awaitable."""

    def __init__(self, pool: AsyncPool, req: dict[str, Any], ephemeral: bool) -> None:
        self._pool, self._req, self._eph = pool, req, ephemeral
        self._session: AsyncSession | None = None

    def __await__(self) -> Generator[Any, None, "AsyncSession"]:
        return self._pool._checkout(self._req, self._eph).__await__()

    async def __aenter__(self) -> "AsyncSession":
        self._session = await self._pool._checkout(self._req, self._eph)
        return self._session

    async def __aexit__(self, *exc: object) -> None:
        if self._session is not None:
            try:
                await self._session.close()
            except E.AmberError:
                if exc[0] is None:
                    raise


@dataclass
class Complete:
    """The feed finished: ``output`` is its trailing expression's value
    (None if it has none), ``repr`` the sandbox's repr of it."""

    output: Any
    repr: str = ""


class AsyncSession:
    """A durable Python namespace on the server: feeds run in it one after
    another, like a REPL, and its state after every step is saved. One call
    at a time: a second concurrent call raises SessionBusyError."""

    def __init__(self, pool: AsyncPool, session_id: str, ephemeral: bool = False) -> None:
        self.pool = pool
        self.id = session_id
        self.ephemeral = ephemeral
        self.limits: dict[str, Any] | None = None
        self._busy = False
        self._closed = False
        self._gen = 0
        self._run = _Run()
        self._tasks: dict[int, asyncio.Task[Any]] = {}

    def __repr__(self) -> str:
        return f"<AsyncSession {self.id}>"

    async def __aenter__(self) -> "AsyncSession":
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            await self.close()
        except E.AmberError:
            if exc[0] is None:
                raise  # else the block's own error is the one to see

    # -- one call at a time
    def _acquire(self) -> None:
        if self._busy:
            raise E.SessionBusyError("the session is in use by another call; use one session per task, or fork it")
        if self._closed:
            raise E.ClosedError("the session was closed")
        self._busy = True

    def _release(self) -> None:
        self._busy = False

    # -- steps
    async def _step(self, req: dict[str, Any]) -> dict[str, Any]:
        """Send one step and follow ``running`` with ``continue`` until it
        settles. A step whose reply never came is a ShutdownError."""
        self._gen += 1
        req["session"] = self.id
        mounts = [m.wire() for m in self._run.mounts]
        if mounts:
            req["mounts"] = mounts
        on_event = self._run.on_event()
        while True:
            try:
                r = await self.pool._call(req, on_event)
            except E.ClosedError:
                raise
            except E.ConnectionLostError as e:
                raise E.ShutdownError(
                    f"step not completed (load {self.id!r} to carry on from the last committed state): {e}",
                    self.id.encode()) from e
            if not r.get("ok"):
                raise E.from_wire(r.get("error"))
            if r.get("progress") != "running":
                return r
            req = {"op": "continue", "session": self.id}
            if mounts:
                req["mounts"] = mounts

    def _progress(self, r: dict[str, Any]) -> "AsyncProgress":
        kind = r.get("progress")
        try:
            if kind in ("complete", None, ""):
                return Complete(decode(r.get("value")), str(r.get("repr", "")))
            if kind == "function_call":
                args = tuple(decode(a) for a in (r.get("args") or []))
                kwargs = {str(k): decode(v) for k, v in (r.get("kwargs") or {}).items()}
                os_call = r.get("os_call") or None
                name = r.get("function") or os_call or ""
                return AsyncFunctionSnapshot(self, self._gen, str(name), args, kwargs, int(r.get("call_id") or 0),
                                             os_call=str(os_call) if os_call else None,
                                             object_id=int(r["object_id"]) if r.get("object_id") else None)
            if kind == "name_lookup":
                return AsyncNameLookupSnapshot(self, self._gen, str(r.get("name", "")))
            if kind == "futures":
                return AsyncFutureSnapshot(self, self._gen, [int(x) for x in (r.get("pending") or [])])
        except (ValueError, TypeError, AttributeError) as e:
            raise E.ProtocolError(f"the server sent a malformed progress: {e}") from None
        raise E.ProtocolError(f"unknown progress {kind!r} from the server")

    def _set_run(self, external_functions: Mapping[str, Callable[..., Any]] | None, external_lookup: Lookup | None,
                 print_callback: PrintCallback | None, os: OSHook | None, mount: Mounts) -> _Run:
        fns = dict(external_functions or {})
        for k, f in fns.items():
            if not isinstance(k, str) or not k.isidentifier():
                raise ValueError(f"external function name must be an identifier, not {k!r}")
            if not callable(f):
                raise TypeError(f"external function {k!r} is not callable")
        if external_lookup is not None and not (callable(external_lookup) or isinstance(external_lookup, Mapping)):
            raise TypeError("external_lookup is a callable (name) -> value or a mapping")
        return _Run(fns, external_lookup, print_callback, os, _mounts_list(mount))

    def _feed_request(self, code: str, inputs: Mapping[str, Any] | None, run: _Run, start: bool) -> dict[str, Any]:
        if not isinstance(code, str):
            raise TypeError(f"code must be str, not {type(code).__name__}")
        req: dict[str, Any] = {"op": "feed", "code": code}
        if inputs:
            enc: dict[str, Any] = {}
            for k, v in inputs.items():
                if not isinstance(k, str) or not k.isidentifier():
                    raise ValueError(f"input name must be an identifier, not {k!r}")
                try:
                    enc[k] = encode(v)
                except (TypeError, ValueError) as e:
                    raise type(e)(f"input {k!r}: {e}") from None
            req["inputs"] = enc
        if run.functions:
            req["functions"] = sorted(run.functions)
        if run.lookup is not None:
            req["lookup"] = True
        if start:
            req["start"] = True
        return req

    async def feed_run(self, code: str, *, inputs: Mapping[str, Any] | None = None,
                       external_functions: Mapping[str, Callable[..., Any]] | None = None,
                       external_lookup: Lookup | None = None, print_callback: PrintCallback | None = None,
                       os: OSHook | None = None, mount: Mounts = None) -> Any:
        """Run code to completion and return the value of its trailing
        expression (None if it has none).

        ``inputs`` are bound as globals first. Calls of ``external_functions``
        are answered here: a plain function is called, a coroutine function
        is awaited concurrently with the others (so ``asyncio.gather`` in the
        sandbox overlaps them). ``external_lookup`` supplies undefined names
        (a mapping, or a callable returning NOT_HANDLED or raising
        KeyError/NameError to decline). ``os`` answers file operations no
        mount serves, ``mount`` serves some from local directories, and
        ``print_callback(stream, text)`` receives output as it arrives.
        """
        self._acquire()
        try:
            run = self._set_run(external_functions, external_lookup, print_callback, os, mount)
            req = self._feed_request(code, inputs, run, start=False)
            self._run = run
            p = self._progress(await self._step(req))
            return (await self._auto(p)).output
        finally:
            self._release()

    async def feed_start(self, code: str, *, inputs: Mapping[str, Any] | None = None,
                         external_functions: Mapping[str, Callable[..., Any]] | None = None,
                         external_lookup: Lookup | None = None, print_callback: PrintCallback | None = None,
                         os: OSHook | None = None, mount: Mounts = None) -> "AsyncProgress":
        """Run code until it completes or pauses for the host, and return the
        snapshot of the pause (AsyncFunctionSnapshot, AsyncNameLookupSnapshot,
        AsyncFutureSnapshot) or Complete. Calls of undefined names and reads
        of undefined names pause too. The hooks given here answer the pauses
        that resume_auto() is asked to answer."""
        self._acquire()
        try:
            run = self._set_run(external_functions, external_lookup, print_callback, os, mount)
            req = self._feed_request(code, inputs, run, start=True)
            self._run = run
            return self._progress(await self._step(req))
        finally:
            self._release()

    async def dump(self) -> bytes:
        """Save the idle session as a snapshot and return its id: opaque
        bytes to keep (for days) and give to load_session(). An ephemeral
        session raises EphemeralError."""
        self._acquire()
        try:
            return await self._dump()
        finally:
            self._release()

    async def _dump(self) -> bytes:
        r = await self.pool._do({"op": "dump", "session": self.id})
        snap = r.get("snapshot")
        if not isinstance(snap, str) or not snap:
            raise E.ProtocolError("dump reply without a snapshot id")
        return snap.encode()

    async def load_session(self, snapshot_id: bytes | str) -> None:
        """Replace this fresh session's state with a session dump (from
        dump()) or another session's last committed state (its id). Loading
        one id into several sessions forks it."""
        self._acquire()
        try:
            self._gen += 1
            await self.pool._do({"op": "load_session", "session": self.id, "snapshot": _id_str(snapshot_id)})
        finally:
            self._release()

    async def load_snapshot(self, snapshot_id: bytes | str, *,
                            external_functions: Mapping[str, Callable[..., Any]] | None = None,
                            external_lookup: Lookup | None = None, print_callback: PrintCallback | None = None,
                            os: OSHook | None = None, mount: Mounts = None) -> "AsyncProgress":
        """Replace this fresh session's state with a snapshot taken at a
        pause (a snapshot's dump()) and return that pause again, to resume
        here. The hooks serve the rest of the run."""
        self._acquire()
        try:
            run = self._set_run(external_functions, external_lookup, print_callback, os, mount)
            sid = _id_str(snapshot_id)
            self._run = run
            return self._progress(await self._step({"op": "load_snapshot", "snapshot": sid}))
        finally:
            self._release()

    async def history(self) -> list[dict[str, Any]]:
        """The session's most recent committed steps."""
        self._acquire()
        try:
            r = await self.pool._do({"op": "history", "session": self.id})
            return list(r.get("steps") or [])
        finally:
            self._release()

    async def close(self) -> None:
        """End the session. Its last committed state stays loadable by id
        until it expires (an ephemeral session's is deleted)."""
        if self._closed:
            return
        self._acquire()
        try:
            for t in self._tasks.values():
                t.cancel()
            self._tasks.clear()
            await self.pool._do({"op": "close", "session": self.id})
        finally:
            self._closed = True
            self._release()

    async def resume_auto(self, progress: "AsyncProgress") -> Complete:
        """Run progress, a pause of this session, to completion, answering
        every pause with the feed's hooks."""
        if isinstance(progress, Complete):
            return progress
        return await progress.resume_auto()

    # -- answering pauses
    async def _resume(self, req: dict[str, Any]) -> "AsyncProgress":
        req.setdefault("op", "resume")
        return self._progress(await self._step(req))

    async def _auto(self, p: "AsyncProgress") -> Complete:
        while not isinstance(p, Complete):
            if isinstance(p, AsyncFunctionSnapshot):
                req = await self._answer_call(p)
            elif isinstance(p, AsyncNameLookupSnapshot):
                req = await self._answer_lookup(p)
            else:
                req = await self._await_futures(p.pending_call_ids)
            try:
                p = await self._resume(req)
            except E.TooLargeError as e:
                if req.get("op", "resume") != "resume" or "return_value" not in req:
                    raise
                # The host's answer cannot travel (over 128 KB): the sandbox
                # gets an exception at the call instead of the run stopping.
                typ = "OSError" if isinstance(p, AsyncFunctionSnapshot) and p.is_os_function else "ValueError"
                small = {k: req[k] for k in ("call_id",) if k in req}
                small["exception"] = {"type": typ, "message": f"the host's answer is too large to send: {e}"}
                p = await self._resume(small)
        return p

    async def _answer_call(self, c: "AsyncFunctionSnapshot") -> dict[str, Any]:
        run = self._run
        base: dict[str, Any] = {"call_id": c.call_id}
        if c.is_os_function:
            m = find_mount(run.mounts, c.args[0] if c.args else None)
            if m is not None:
                try:
                    v = m.serve(c.os_call or c.function_name, c.args)
                except MountRefused as r:
                    return {**base, "exception": {"type": r.type, "message": r.message}}
                return {**base, "return_value": encode(v)}
            if run.os is None:
                return {**base, "not_handled": True}
            try:
                v = run.os(c.os_call or c.function_name, c.args, c.kwargs)
                if inspect.isawaitable(v):
                    v = await v
            except Exception as e:
                return {**base, "exception": exception_wire(e)}
            if v is NOT_HANDLED:
                return {**base, "not_handled": True}
            return self._value_answer(base, v, c.function_name)
        if c.is_method_call:
            return {**base, "exception": {"type": "RuntimeError", "message":
                    f"host object {c.object_id} is not served by this client"}}
        f = run.functions.get(c.function_name)
        if f is None:
            return {**base, "not_handled": True}
        try:
            v = f(*c.args, **c.kwargs)
        except Exception as e:
            return {**base, "exception": exception_wire(e)}
        if inspect.isawaitable(v):
            # A coroutine: answered with a future at once, awaited alongside
            # the others; a later futures pause settles it.
            self._tasks[c.call_id] = asyncio.ensure_future(v)
            return {**base, "future": True}
        return self._value_answer(base, v, c.function_name)

    @staticmethod
    def _value_answer(base: dict[str, Any], v: Any, name: str) -> dict[str, Any]:
        try:
            return {**base, "return_value": encode(v)}
        except (TypeError, ValueError) as e:
            return {**base, "exception": {"type": type(e).__name__,
                                          "message": f"host function {name} returned a value that cannot enter the sandbox: {e}"}}

    async def _answer_lookup(self, n: "AsyncNameLookupSnapshot") -> dict[str, Any]:
        lk = self._run.lookup
        if lk is None:
            return {"not_handled": True}
        try:
            if isinstance(lk, Mapping):
                v = lk[n.variable_name] if n.variable_name in lk else NOT_HANDLED
            else:
                v = lk(n.variable_name)
                if inspect.isawaitable(v):
                    v = await v
        except (KeyError, NameError):
            return {"not_handled": True}
        except Exception as e:
            return {"exception": exception_wire(e)}
        if v is NOT_HANDLED:
            return {"not_handled": True}
        try:
            return {"return_value": encode(v)}
        except (TypeError, ValueError) as e:
            return {"exception": {"type": type(e).__name__, "message": f"value of {n.variable_name}: {e}"}}

    async def _await_futures(self, ids: list[int]) -> dict[str, Any]:
        missing = [i for i in ids if i not in self._tasks]
        if missing:
            raise E.AmberError(
                f"cannot settle the futures of calls {missing} automatically: they were not started by this client's "
                "feed_run or resume_auto (resume them with snapshot.resume({call_id: {'return_value': ...}}))",
                kind="client")
        tasks = [self._tasks[i] for i in ids]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        results: dict[int, Any] = {}
        for i in ids:
            t = self._tasks[i]
            if t.done():
                del self._tasks[i]
                exc = t.exception()
                results[i] = {"exception": exc} if exc is not None else {"return_value": t.result()}
        return _futures_request(results)


def _answer(result: Mapping[str, Any] | None, kw: dict[str, Any], *, allow_future: bool) -> dict[str, Any]:
    """The request fields of one of resume()'s four answer shapes:
    ``{'return_value': v}``, ``{'exception': exc}``,
    ``{'exc_type': 'ValueError', 'message': '...'}``, ``{'future': ...}``."""
    a: dict[str, Any] = dict(result or {})
    a.update(kw)
    keys = set(a)
    if keys == {"return_value"}:
        return {"return_value": encode(a["return_value"])}
    if keys == {"exception"}:
        exc = a["exception"]
        if isinstance(exc, BaseException):
            return {"exception": exception_wire(exc)}
        if isinstance(exc, Mapping) and isinstance(exc.get("type"), str):
            return {"exception": {"type": exc["type"], "message": str(exc.get("message", ""))}}
        raise TypeError(f"'exception' takes an exception instance, not {type(exc).__name__}")
    if keys in ({"exc_type"}, {"exc_type", "message"}):
        typ = a["exc_type"]
        if isinstance(typ, type) and issubclass(typ, BaseException):
            typ = typ.__name__
        if not isinstance(typ, str) or not typ:
            raise TypeError("'exc_type' is an exception type name such as 'ValueError'")
        return {"exception": {"type": typ, "message": str(a.get("message", ""))}}
    if keys == {"future"} and allow_future:
        return {"future": True}
    shapes = "{'return_value': v}, {'exception': exc}, {'exc_type': 'ValueError', 'message': '...'}"
    if allow_future:
        shapes += " or {'future': ...}"
    raise ValueError(f"resume() takes one of {shapes}; got keys {sorted(keys)}")


def _futures_request(results: Mapping[int, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for cid, r in results.items():
        if not isinstance(cid, int) or isinstance(cid, bool):
            raise TypeError(f"futures are settled by call id (int), not {cid!r}")
        if isinstance(r, BaseException):
            out[str(cid)] = {"exception": exception_wire(r)}
            continue
        if not isinstance(r, Mapping):
            raise TypeError(f"the result of call {cid} is {{'return_value': v}} or {{'exception': exc}}, not {r!r}")
        out[str(cid)] = _answer(r, {}, allow_future=False)
    return {"op": "resume_futures", "results": out}


class _Pause:
    """What every resumable snapshot shares: its session, and the step it
    belongs to (a snapshot is live while it is the session's latest)."""

    def __init__(self, session: AsyncSession, gen: int) -> None:
        self.session = session
        self._gen = gen

    def _begin(self) -> None:
        s = self.session
        s._acquire()
        if self._gen != s._gen:
            s._release()
            raise E.AlreadyResumedError("this snapshot was already resumed (a snapshot resumes at most once)")

    async def _resume_req(self, req: dict[str, Any]) -> "AsyncProgress":
        self._begin()
        try:
            return await self.session._resume(req)
        finally:
            self.session._release()

    async def dump(self) -> bytes:
        """Save the session paused here and return the snapshot's id: give
        it to load_snapshot() in a fresh session (any process, days later)
        to resume here; loading it twice forks."""
        self._begin()
        try:
            return await self.session._dump()
        finally:
            self.session._release()

    async def resume_auto(self) -> Complete:
        """Answer this pause and every later one with the feed's hooks until
        the feed completes."""
        self._begin()
        try:
            return await self.session._auto(self)  # type: ignore[arg-type]
        finally:
            self.session._release()


class AsyncFunctionSnapshot(_Pause):
    """The sandbox called a host function (or made an OS call, or called a
    method of a host object) and waits for the result."""

    def __init__(self, session: AsyncSession, gen: int, function_name: str, args: tuple[Any, ...],
                 kwargs: dict[str, Any], call_id: int, *, os_call: str | None = None, object_id: int | None = None) -> None:
        super().__init__(session, gen)
        self.function_name = function_name
        self.args = args
        self.kwargs = kwargs
        self.call_id = call_id
        self.os_call = os_call
        self.object_id = object_id

    @property
    def is_os_function(self) -> bool:
        return self.os_call is not None

    @property
    def is_method_call(self) -> bool:
        return self.object_id is not None

    def __repr__(self) -> str:
        return f"<FunctionSnapshot {self.function_name}{self.args!r} kwargs={self.kwargs!r} call_id={self.call_id}>"

    async def resume(self, result: Mapping[str, Any] | None = None, /, **kw: Any) -> "AsyncProgress":
        """Answer the call and run on to the next pause: ``{'return_value':
        v}``, ``{'exception': exc}``, ``{'exc_type': 'ValueError', 'message':
        '...'}`` or ``{'future': ...}`` (the result comes later, through a
        FutureSnapshot). Keyword forms (``return_value=v``) work too."""
        req = _answer(result, kw, allow_future=True)
        req["call_id"] = self.call_id
        return await self._resume_req(req)

    async def resume_not_handled(self) -> "AsyncProgress":
        """Decline the call: the sandbox sees what CPython would raise
        (NameError for a function, the OS's error for an OS call)."""
        return await self._resume_req({"call_id": self.call_id, "not_handled": True})


class AsyncNameLookupSnapshot(_Pause):
    """The sandbox read a name nobody defined."""

    def __init__(self, session: AsyncSession, gen: int, variable_name: str) -> None:
        super().__init__(session, gen)
        self.variable_name = variable_name

    def __repr__(self) -> str:
        return f"<NameLookupSnapshot {self.variable_name}>"

    async def resume(self, result: Mapping[str, Any] | None = None, /, **kw: Any) -> "AsyncProgress":
        """Bind the name (``{'return_value': v}``) or raise at the read
        (``{'exception': exc}``, ``{'exc_type': ..., 'message': ...}``)."""
        return await self._resume_req(_answer(result, kw, allow_future=False))

    async def resume_not_handled(self) -> "AsyncProgress":
        """Raise NameError at the read."""
        return await self._resume_req({"not_handled": True})


class AsyncFutureSnapshot(_Pause):
    """Every sandbox task awaits host futures: ``pending_call_ids`` are the
    calls not settled yet."""

    def __init__(self, session: AsyncSession, gen: int, pending_call_ids: list[int]) -> None:
        super().__init__(session, gen)
        self.pending_call_ids = pending_call_ids

    def __repr__(self) -> str:
        return f"<FutureSnapshot pending={self.pending_call_ids}>"

    async def resume(self, results: Mapping[int, Any]) -> "AsyncProgress":
        """Settle futures by call id: ``{call_id: {'return_value': v}}`` or
        ``{call_id: {'exception': exc}}`` (or ``{'exc_type', 'message'}``).
        Ids left out stay pending."""
        return await self._resume_req(_futures_request(results))


AsyncProgress = Union[AsyncFunctionSnapshot, AsyncNameLookupSnapshot, AsyncFutureSnapshot, Complete]
HostFunction = Callable[..., Union[Any, Awaitable[Any]]]
