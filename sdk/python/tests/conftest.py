"""Fixtures: a real `amber serve`, built from this repository, on free
loopback ports, with its store in a temp dir."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any, Coroutine, Iterator, TypeVar

import pytest

REPO = Path(__file__).resolve().parents[3]
T = TypeVar("T")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One `amber serve` process; stop() and start() again keep its port
    and its data, as a restart of the server would."""

    def __init__(self, binary: Path, data: Path, *flags: str) -> None:
        self.binary = binary
        self.data = data
        self.flags = list(flags)
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data.parent / f"serve-{self.port}.log"

    @property
    def addr(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{self.addr}/"

    @property
    def http_url(self) -> str:
        return f"http://{self.addr}"

    def url(self, transport: str) -> str:
        return self.ws_url if transport == "ws" else self.http_url

    def start(self) -> "Server":
        assert self.proc is None
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [str(self.binary), "serve", "--addr", self.addr, "--data", str(self.data), "-q", "--workbench=false",
                 *self.flags], stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"amber serve exited with {self.proc.returncode}: {self.log.read_text()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("amber serve did not start listening in 30s")

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


@pytest.fixture(scope="session")
def amber_bin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    go = shutil.which("go")
    if go is None:
        pytest.fail("go is not installed: the tests build amber serve from this repository")
    out = tmp_path_factory.mktemp("bin") / "amber"
    subprocess.run([go, "build", "-o", str(out), "./cmd/amber"], cwd=REPO, check=True)
    return out


@pytest.fixture(scope="session")
def start_server(amber_bin: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """start_server(*flags) -> a started Server, stopped at the end."""
    servers: list[Server] = []

    def start(*flags: str) -> Server:
        s = Server(amber_bin, tmp_path_factory.mktemp("data"), *flags).start()
        servers.append(s)
        return s

    yield start
    for s in servers:
        s.stop()


@pytest.fixture(scope="session")
def server(start_server: Any) -> Server:
    s: Server = start_server()
    return s


@pytest.fixture(params=["ws", "http"])
def transport(request: pytest.FixtureRequest) -> str:
    t: str = request.param
    return t


@pytest.fixture
def url(server: Server, transport: str) -> str:
    return server.url(transport)


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run an async test body (pytest-asyncio is not needed)."""
    return asyncio.run(asyncio.wait_for(coro, 120))


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    # urllib honours http_proxy; the tests talk to loopback only.
    for k in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(k, raising=False)
    os.environ.setdefault("no_proxy", "127.0.0.1,localhost")
