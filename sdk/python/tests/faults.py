"""Faulty middlemen between the client and a real amber serve: they pass
requests on, and spoil the server's messages as a test tells them to
(garbage instead of a reply, a connection closed before or in the middle of
a reply)."""

from __future__ import annotations

import asyncio
import http.server
import json
import threading
import urllib.error
import urllib.request
from typing import Any, Callable

import websockets

from conftest import free_port

# A fault decides, for each message from the server, what the client gets:
# "pass", "garbage" (a text that is not JSON instead), "close" (the
# connection closes instead), "drop" (WebSocket: never delivered).
Fault = Callable[[dict[str, Any]], str]


class WSProxy:
    """A WebSocket middleman on a free port, run on the test's event loop."""

    def __init__(self, upstream: str, fault: Fault) -> None:
        self.upstream = upstream
        self.fault = fault
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}/"
        self.connections = 0
        self._server: Any = None

    async def __aenter__(self) -> "WSProxy":
        self._server = await websockets.serve(self._handle, "127.0.0.1", self.port, max_size=None, compression=None)
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._server.close()
        await self._server.wait_closed()

    async def _handle(self, client: Any, path: str = "/") -> None:
        self.connections += 1
        async with websockets.connect(self.upstream, max_size=None, compression=None) as up:
            async def to_server() -> None:
                async for m in client:
                    await up.send(m)

            async def to_client() -> None:
                async for m in up:
                    msg = json.loads(m)
                    what = self.fault(msg)
                    if what == "garbage":
                        await client.send("<html>502 Bad Gateway</html>")
                    elif what == "close":
                        client.transport.abort()  # as a network cut would
                        return
                    elif what == "drop":
                        continue  # lost on the way: the client times out
                    else:
                        await client.send(m)

            tasks = [asyncio.ensure_future(to_server()), asyncio.ensure_future(to_client())]
            try:
                await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for t in tasks:
                    t.cancel()


class HTTPProxy:
    """An HTTP middleman (stdlib server in a thread) in front of the HTTP
    API; the fault sees each reply and may answer garbage or cut it off
    halfway."""

    def __init__(self, upstream: str, fault: Fault) -> None:
        self.upstream = upstream.rstrip("/")
        fault_ = fault
        up = self.upstream

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *a: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                req = urllib.request.Request(up + self.path, data=body, method="POST",
                                             headers={"Content-Type": "application/json"})
                try:
                    with urllib.request.urlopen(req) as r:
                        status, data = r.status, r.read()
                except urllib.error.HTTPError as e:
                    status, data = e.code, e.read()
                what = fault_(json.loads(data))
                if what == "garbage":
                    data = b"<html>502 Bad Gateway</html>"
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if what == "close":
                    self.wfile.write(data[: len(data) // 2])
                    self.wfile.flush()
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                self.wfile.write(data)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> "HTTPProxy":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


class spoil:
    """A fault that does `what` to the first `times` messages matching
    `when` (times < 0: to all of them); `fired` counts them."""

    def __init__(self, what: str, times: int, when: Callable[[dict[str, Any]], bool]) -> None:
        self.what, self.left, self.when = what, times, when
        self.fired = 0

    def __call__(self, msg: dict[str, Any]) -> str:
        if self.when(msg) and self.left != 0:
            self.left -= 1
            self.fired += 1
            return self.what
        return "pass"


def is_reply(msg: dict[str, Any]) -> bool:
    return "ok" in msg and "progress" in msg


def is_part(msg: dict[str, Any]) -> bool:
    return "parts" in msg and msg.get("part") == 1
