"""The synchronous client: Pool and Session, the asyncio client run on an
event loop of the pool's own, in a background thread. Host functions (plain
or coroutine) run on that loop's thread."""

from __future__ import annotations

import asyncio
import threading
from typing import Any, Callable, Coroutine, Mapping, TypeVar, Union

from . import _aio as A
from ._errors import AmberError, ClosedError
from ._usage import Usage

__all__ = ["Pool", "Session", "FunctionSnapshot", "NameLookupSnapshot", "FutureSnapshot", "Progress"]

T = TypeVar("T")


class _Loop:
    """An event loop running in a daemon thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._main, name="amber-pool", daemon=True)
        self.thread.start()

    def _main(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        if threading.current_thread() is self.thread:
            coro.close()
            raise RuntimeError("a synchronous amber call cannot be made from a host function of the same pool; "
                               "use amber.AsyncPool there")
        if self.loop.is_closed():
            coro.close()
            raise ClosedError("the pool was closed")
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result()

    def stop(self) -> None:
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=10)
            self.loop.close()


class Pool:
    """The synchronous pool: ``with amber.Pool(url) as pool: with
    pool.checkout() as session: session.feed_run(...)``. The same options as
    AsyncPool."""

    def __init__(self, url: str, *, api_key: str | None = None, retries: int = 8, backoff: float = 0.05,
                 max_backoff: float = 2.0, reply_timeout: float = 120.0, traceparent: str | None = None) -> None:
        self._loop = _Loop()
        try:
            self._pool = self._loop.run(_make_pool(url, api_key, retries, backoff, max_backoff, reply_timeout,
                                                   traceparent))
        except BaseException:
            self._loop.stop()
            raise

    @property
    def url(self) -> str:
        return self._pool.url

    @property
    def traceparent(self) -> str | None:
        """The W3C trace context sent with every request (None: none)."""
        return self._pool.traceparent

    @traceparent.setter
    def traceparent(self, value: str | None) -> None:
        self._pool.traceparent = value

    @property
    def async_pool(self) -> A.AsyncPool:
        """The AsyncPool underneath (its loop runs in the pool's thread)."""
        return self._pool

    def __enter__(self) -> "Pool":
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def open(self) -> None:
        self._loop.run(self._pool.open())

    def close(self) -> None:
        if self._loop.loop.is_closed():
            return
        try:
            self._loop.run(self._pool.close())
        finally:
            self._loop.stop()

    def checkout(self, ephemeral: bool = False, script_name: str | None = None, limits: Mapping[str, Any] | None = None,
                 type_check: bool = False, volumes: Mapping[str, str] | None = None) -> "Session":
        """A new, fresh session (a context manager: closed at the end of a
        ``with`` block). See AsyncPool.checkout."""
        cm = self._pool.checkout(ephemeral=ephemeral, script_name=script_name, limits=limits, type_check=type_check,
                                 volumes=volumes)

        async def go() -> A.AsyncSession:
            s: A.AsyncSession = await cm
            return s

        return Session(self, self._loop.run(go()))

    def snapshots(self) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        return self._loop.run(self._pool.snapshots())

    def usage(self, days: int = 0) -> Usage:
        """The project's usage per UTC day. See AsyncPool.usage."""
        return self._loop.run(self._pool.usage(days))

    def delete_snapshot(self, snapshot_id: bytes | str) -> None:
        self._loop.run(self._pool.delete_snapshot(snapshot_id))

    def volumes(self) -> list[dict[str, Any]]:
        return self._loop.run(self._pool.volumes())

    def volume_files(self, volume: str) -> tuple[list[dict[str, Any]], int]:
        return self._loop.run(self._pool.volume_files(volume))

    def volume_read(self, volume: str, path: str) -> bytes:
        return self._loop.run(self._pool.volume_read(volume, path))

    def volume_write(self, volume: str, path: str, data: bytes, *, version: int | None = None) -> int:
        return self._loop.run(self._pool.volume_write(volume, path, data, version=version))

    def volume_delete(self, volume: str, path: str | None = None) -> None:
        self._loop.run(self._pool.volume_delete(volume, path))


async def _make_pool(url: str, api_key: str | None, retries: int, backoff: float, max_backoff: float,
                     reply_timeout: float, traceparent: str | None) -> A.AsyncPool:
    return A.AsyncPool(url, api_key=api_key, retries=retries, backoff=backoff, max_backoff=max_backoff,
                       reply_timeout=reply_timeout, traceparent=traceparent)


class Session:
    """A synchronous session; see AsyncSession for what each call does."""

    def __init__(self, pool: Pool, inner: A.AsyncSession) -> None:
        self.pool = pool
        self._s = inner
        self._run = pool._loop.run

    @property
    def id(self) -> str:
        return self._s.id

    @property
    def limits(self) -> dict[str, Any] | None:
        return self._s.limits

    def __repr__(self) -> str:
        return f"<Session {self.id}>"

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.close()
        except AmberError:
            if exc[0] is None:
                raise  # else the block's own error is the one to see

    def _wrap(self, p: A.AsyncProgress) -> "Progress":
        if isinstance(p, A.Complete):
            return p
        if isinstance(p, A.AsyncFunctionSnapshot):
            return FunctionSnapshot(self, p)
        if isinstance(p, A.AsyncNameLookupSnapshot):
            return NameLookupSnapshot(self, p)
        return FutureSnapshot(self, p)

    def feed_run(self, code: str, *, inputs: Mapping[str, Any] | None = None,
                 external_functions: Mapping[str, Callable[..., Any]] | None = None,
                 external_lookup: A.Lookup | None = None, print_callback: A.PrintCallback | None = None,
                 os: A.OSHook | None = None, mount: A.Mounts = None) -> Any:
        return self._run(self._s.feed_run(code, inputs=inputs, external_functions=external_functions,
                                          external_lookup=external_lookup, print_callback=print_callback, os=os,
                                          mount=mount))

    def feed_start(self, code: str, *, inputs: Mapping[str, Any] | None = None,
                   external_functions: Mapping[str, Callable[..., Any]] | None = None,
                   external_lookup: A.Lookup | None = None, print_callback: A.PrintCallback | None = None,
                   os: A.OSHook | None = None, mount: A.Mounts = None) -> "Progress":
        return self._wrap(self._run(self._s.feed_start(code, inputs=inputs, external_functions=external_functions,
                                                       external_lookup=external_lookup, print_callback=print_callback,
                                                       os=os, mount=mount)))

    def dump(self) -> bytes:
        return self._run(self._s.dump())

    def load_session(self, snapshot_id: bytes | str) -> None:
        self._run(self._s.load_session(snapshot_id))

    def load_snapshot(self, snapshot_id: bytes | str, *,
                      external_functions: Mapping[str, Callable[..., Any]] | None = None,
                      external_lookup: A.Lookup | None = None, print_callback: A.PrintCallback | None = None,
                      os: A.OSHook | None = None, mount: A.Mounts = None) -> "Progress":
        return self._wrap(self._run(self._s.load_snapshot(snapshot_id, external_functions=external_functions,
                                                          external_lookup=external_lookup,
                                                          print_callback=print_callback, os=os, mount=mount)))

    def history(self) -> list[dict[str, Any]]:
        return self._run(self._s.history())

    def close(self) -> None:
        if self.pool._loop.loop.is_closed():
            return
        self._run(self._s.close())

    def resume_auto(self, progress: "Progress") -> A.Complete:
        if isinstance(progress, A.Complete):
            return progress
        return progress.resume_auto()


class _SyncPause:
    def __init__(self, session: Session, inner: Any) -> None:
        self.session = session
        self._p = inner

    def dump(self) -> bytes:
        """See AsyncFunctionSnapshot.dump."""
        d: bytes = self.session._run(self._p.dump())
        return d

    def resume_auto(self) -> A.Complete:
        """Answer this pause and every later one with the feed's hooks."""
        c: A.Complete = self.session._run(self._p.resume_auto())
        return c


class FunctionSnapshot(_SyncPause):
    """The sandbox called a host function and waits (see
    AsyncFunctionSnapshot)."""

    _p: A.AsyncFunctionSnapshot

    def __init__(self, session: Session, inner: A.AsyncFunctionSnapshot) -> None:
        super().__init__(session, inner)
        self.function_name = inner.function_name
        self.args = inner.args
        self.kwargs = inner.kwargs
        self.call_id = inner.call_id
        self.os_call = inner.os_call
        self.is_os_function = inner.is_os_function
        self.is_method_call = inner.is_method_call

    def __repr__(self) -> str:
        return repr(self._p)

    def resume(self, result: Mapping[str, Any] | None = None, /, **kw: Any) -> "Progress":
        return self.session._wrap(self.session._run(self._p.resume(result, **kw)))

    def resume_not_handled(self) -> "Progress":
        return self.session._wrap(self.session._run(self._p.resume_not_handled()))


class NameLookupSnapshot(_SyncPause):
    """The sandbox read an undefined name (see AsyncNameLookupSnapshot)."""

    _p: A.AsyncNameLookupSnapshot

    def __init__(self, session: Session, inner: A.AsyncNameLookupSnapshot) -> None:
        super().__init__(session, inner)
        self.variable_name = inner.variable_name

    def __repr__(self) -> str:
        return repr(self._p)

    def resume(self, result: Mapping[str, Any] | None = None, /, **kw: Any) -> "Progress":
        return self.session._wrap(self.session._run(self._p.resume(result, **kw)))

    def resume_not_handled(self) -> "Progress":
        return self.session._wrap(self.session._run(self._p.resume_not_handled()))


class FutureSnapshot(_SyncPause):
    """Every sandbox task awaits host futures (see AsyncFutureSnapshot)."""

    _p: A.AsyncFutureSnapshot

    def __init__(self, session: Session, inner: A.AsyncFutureSnapshot) -> None:
        super().__init__(session, inner)
        self.pending_call_ids = inner.pending_call_ids

    def __repr__(self) -> str:
        return repr(self._p)

    def resume(self, results: Mapping[int, Any]) -> "Progress":
        return self.session._wrap(self.session._run(self._p.resume(results)))


Progress = Union[FunctionSnapshot, NameLookupSnapshot, FutureSnapshot, A.Complete]
