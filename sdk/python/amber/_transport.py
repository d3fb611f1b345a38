"""Transports: one request out, its events and its reply back.

A transport raises ConnectionLostError (or its ProtocolError) when a reply
was lost: the caller sends the same request, with the same id, again, and
the server's idempotency makes that safe. Any other error is final.
"""

from __future__ import annotations

import asyncio
import http.client
import inspect
import json
import threading
import urllib.parse
from typing import Any, Callable, Protocol

from ._errors import AmberError, ClosedError, ConnectionLostError, ProtocolError, TooLargeError, UnauthorizedError

#: API Gateway's message limit: a larger request closes the connection.
MAX_MESSAGE = 128 * 1024
#: API Gateway's frame limit: a larger client frame closes the connection.
MAX_FRAME = 32 * 1024

EventHook = Callable[[dict[str, Any]], None]


class Transport(Protocol):
    async def round_trip(self, req: dict[str, Any], on_event: EventHook | None) -> dict[str, Any]: ...

    async def close(self) -> None: ...


def encode_request(req: dict[str, Any]) -> bytes:
    """The request as UTF-8 JSON, refused with TooLargeError past the
    message limit (API Gateway would close the connection instead)."""
    data = json.dumps(req, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")
    if len(data) > MAX_MESSAGE:
        raise TooLargeError(f"request of {len(data)} bytes is over the {MAX_MESSAGE}-byte message limit; "
                            "put large inputs into the session in several steps")
    return data


def frames(data: bytes, limit: int = MAX_FRAME) -> list[str]:
    """data (UTF-8) cut into text frames of at most limit bytes each, never
    inside a character."""
    out: list[str] = []
    i = 0
    while i < len(data):
        j = min(i + limit, len(data))
        # Back off to a character boundary: continuation bytes are 10xxxxxx.
        while j < len(data) and j > i and (data[j] & 0xC0) == 0x80:
            j -= 1
        out.append(data[i:j].decode("utf-8"))
        i = j
    return out or [""]


def _reply_of(text: str | bytes) -> dict[str, Any]:
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(f"the server sent a message that is not JSON (or nested too deeply): {_clip(text)!r}") from None
    if not isinstance(msg, dict):
        raise ProtocolError(f"the server sent a message that is not a JSON object: {_clip(text)!r}")
    return msg


def _clip(text: str | bytes, n: int = 80) -> str:
    s = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    return s if len(s) <= n else s[:n] + "..."


#: The most a message reassembled from parts may hold (a hostile or broken
#: server cannot make the client buffer more).
MAX_REASSEMBLED = 64 << 20


class _Reassembler:
    """Joins messages the server sent in parts (docs/protocol.md, Parts),
    for the ids someone waits on only."""

    def __init__(self) -> None:
        self._parts: dict[str, list[str]] = {}
        self._sizes: dict[str, int] = {}

    def add(self, msg: dict[str, Any], wanted: Callable[[str], bool]) -> dict[str, Any] | None:
        if "parts" not in msg:
            return msg
        mid, part, parts, data = msg.get("id"), msg.get("part"), msg.get("parts"), msg.get("data")
        if (not isinstance(mid, str) or not isinstance(part, int) or not isinstance(parts, int)
                or not isinstance(data, str) or not 0 <= part < parts):
            raise ProtocolError("the server sent a malformed part")
        if not wanted(mid):
            self._parts.pop(mid, None)
            self._sizes.pop(mid, None)
            return None  # parts of a reply nobody waits for
        got = self._parts.setdefault(mid, [])
        size = self._sizes.get(mid, 0) + len(data)
        if part != len(got) or size > MAX_REASSEMBLED:
            del self._parts[mid]
            self._sizes.pop(mid, None)
            raise ProtocolError(f"part {part} of message {mid} came out of order or past {MAX_REASSEMBLED} bytes")
        got.append(data)
        self._sizes[mid] = size
        if len(got) < parts:
            return None
        del self._parts[mid]
        del self._sizes[mid]
        return _reply_of("".join(got))


class _Call:
    def __init__(self, on_event: EventHook | None) -> None:
        self.on_event = on_event
        self.reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()


def _ws_connect() -> Any:
    """websockets.connect (imported on first use: HTTP pools do not need
    the package)."""
    import websockets

    return getattr(websockets, "connect")


def _connect_kwargs(headers: dict[str, str]) -> dict[str, Any]:
    """websockets' keyword for request headers changed in 14.0; work with
    10.4 (Debian's) and later."""
    params = inspect.signature(_ws_connect()).parameters
    kw: dict[str, Any] = {"max_size": 4 * MAX_MESSAGE, "compression": None, "ping_interval": None, "open_timeout": 15}
    if headers:
        kw["additional_headers" if "additional_headers" in params else "extra_headers"] = headers
    return kw


class _WSConn:
    """One WebSocket connection; a reader task hands each message to the
    call waiting on its id."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.pending: dict[str, _Call] = {}
        self.dead: BaseException | None = None
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        ra = _Reassembler()
        try:
            while True:
                raw = await self.ws.recv()
                msg = ra.add(_reply_of(raw), self.pending.__contains__)
                if msg is None:
                    continue
                mid = msg.get("id")
                if not mid and "message" in msg:
                    # API Gateway's own failure ("Internal server error",
                    # "Endpoint request timed out") names no request: every
                    # request in flight is sent again; ids make that safe.
                    self._fail(ConnectionLostError(f"the gateway reported: {msg.get('message')}"), close=False)
                    continue
                call = self.pending.get(mid) if isinstance(mid, str) else None
                if call is None:
                    continue  # a late reply nobody waits for
                if "event" in msg:
                    if call.on_event is not None:
                        try:
                            call.on_event(msg)
                        except Exception:
                            pass  # a failing print_callback must not cost the connection
                    continue
                if "ok" not in msg:
                    raise ProtocolError(f"the server sent a message that is neither an event nor a reply: {_clip(str(msg))!r}")
                if not call.reply.done():
                    call.reply.set_result(msg)
        except asyncio.CancelledError:
            self._fail(ClosedError("the pool was closed"))
            raise
        except ProtocolError as e:
            self._fail(e)
        except Exception as e:  # the connection closed or broke
            self._fail(ConnectionLostError(f"connection lost: {e!r}"))

    def _fail(self, err: BaseException, close: bool = True) -> None:
        if close:
            self.dead = err
        for call in list(self.pending.values()):
            if not call.reply.done():
                call.reply.set_exception(err)
        self.pending.clear()
        if close:
            # A broken or lying connection gets no closing handshake.
            t = getattr(self.ws, "transport", None)
            if t is not None:
                t.abort()


class WebSocketTransport:
    """Requests over one WebSocket connection, redialled when it dies."""

    def __init__(self, url: str, api_key: str | None, reply_timeout: float) -> None:
        self.url = url
        self.headers = {"x-api-key": api_key} if api_key else {}
        self.reply_timeout = reply_timeout
        self._cur: _WSConn | None = None
        self._lock: asyncio.Lock | None = None
        self._closed = False
        self.dials = 0

    async def connect(self) -> _WSConn:
        if self._closed:
            raise ClosedError("the pool was closed")
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            if self._cur is not None and self._cur.dead is None:
                return self._cur
            try:
                ws = await _ws_connect()(self.url, **_connect_kwargs(self.headers))
            except Exception as e:
                status = getattr(e, "status_code", None)
                if status is None:
                    status = getattr(getattr(e, "response", None), "status_code", None)
                if status in (401, 403):
                    raise UnauthorizedError(f"unauthorized: the server refused the connection (HTTP {status})") from None
                raise ConnectionLostError(f"cannot connect to {self.url}: {e}") from e
            self.dials += 1
            self._cur = _WSConn(ws)
            return self._cur

    async def round_trip(self, req: dict[str, Any], on_event: EventHook | None) -> dict[str, Any]:
        data = encode_request(req)
        conn = await self.connect()
        call = _Call(on_event)
        rid = req["id"]
        conn.pending[rid] = call
        try:
            try:
                fs = frames(data)
                # websockets sends an iterable as one fragmented message, one
                # frame per item: API Gateway takes frames of up to 32 KB.
                await conn.ws.send(fs[0] if len(fs) == 1 else iter(fs))
            except Exception as e:
                self._drop(conn)
                raise ConnectionLostError(f"connection lost while sending: {e!r}") from e
            # No reply in time: the server may have lost this connection
            # (a timer, not wait_for: no task per request).
            timer = asyncio.get_running_loop().call_later(self.reply_timeout, self._time_out, conn, call)
            try:
                return await call.reply
            finally:
                timer.cancel()
        finally:
            if conn.pending.get(rid) is call:
                del conn.pending[rid]

    def _time_out(self, conn: _WSConn, call: _Call) -> None:
        if not call.reply.done():
            call.reply.set_exception(ConnectionLostError(f"no reply in {self.reply_timeout}s"))
            self._drop(conn)

    def _drop(self, conn: _WSConn) -> None:
        if conn.dead is None:
            conn.dead = ConnectionLostError("dropped")
            conn.reader.cancel()
        if self._cur is conn:
            self._cur = None

    async def close(self) -> None:
        self._closed = True
        conn, self._cur = self._cur, None
        if conn is not None:
            try:
                await conn.ws.close()
            except Exception:
                pass
            conn.reader.cancel()
            try:
                await conn.reader
            except BaseException:
                pass


class HTTPTransport:
    """Each request a POST {base}/v1/{op}, with the stdlib (http.client) in
    a thread; idle keep-alive connections are reused."""

    def __init__(self, url: str, api_key: str | None, reply_timeout: float) -> None:
        u = urllib.parse.urlsplit(url)
        if not u.hostname:
            raise ValueError(f"no host in {url!r}")
        self.https = u.scheme == "https"
        self.host = u.hostname
        self.port = u.port
        self.prefix = u.path.rstrip("/")
        self.api_key = api_key
        self.reply_timeout = reply_timeout
        self._idle: list[http.client.HTTPConnection] = []
        self._lock = threading.Lock()

    def _conn(self) -> tuple[http.client.HTTPConnection, bool]:
        with self._lock:
            if self._idle:
                return self._idle.pop(), True
        cls = http.client.HTTPSConnection if self.https else http.client.HTTPConnection
        return cls(self.host, self.port, timeout=self.reply_timeout), False

    def _post(self, op: str, body: bytes) -> tuple[int, bytes]:
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["x-api-key"] = self.api_key
        path = f"{self.prefix}/v1/{urllib.parse.quote(op)}"
        while True:
            conn, reused = self._conn()
            try:
                conn.request("POST", path, body=body, headers=headers)
                resp = conn.getresponse()
                data = resp.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                conn.close()
                if reused:
                    # A kept-alive connection the server had closed: try on
                    # a new one (a resend by id is harmless anyway).
                    continue
                raise
            except BaseException:
                conn.close()
                raise
            if resp.will_close:
                conn.close()
            else:
                with self._lock:
                    self._idle.append(conn)
            return int(resp.status), data

    async def round_trip(self, req: dict[str, Any], on_event: EventHook | None) -> dict[str, Any]:
        data = encode_request(req)
        try:
            status, body = await asyncio.to_thread(self._post, str(req["op"]), data)
        except AmberError:
            raise
        except Exception as e:  # refused, reset, timed out, cut mid-reply
            raise ConnectionLostError(f"HTTP request failed: {e!r}") from e
        try:
            msg = _reply_of(body)
        except ProtocolError:
            if status in (401, 403):
                raise UnauthorizedError(f"unauthorized: HTTP {status}") from None
            raise
        if "ok" not in msg or ("id" not in msg and "error" not in msg):
            # Not a reply: the gateway's own error, or a proxy's page. The
            # resend with the same id tells whether the step committed.
            if status in (401, 403):
                raise UnauthorizedError(f"unauthorized: HTTP {status}")
            raise ProtocolError(f"HTTP {status}: not a reply: {_clip(body)!r}")
        return msg

    async def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for c in idle:
            c.close()
