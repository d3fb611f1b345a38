"""Connections that survive: restarts, drops, garbage, lost servers, and
steps longer than the server's step budget."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

import amber
from amber._transport import WebSocketTransport
from conftest import Server, run
from faults import HTTPProxy, WSProxy, is_part, is_reply, spoil


def test_server_restart_between_two_calls(start_server: Any, transport: str) -> None:
    srv: Server = start_server()
    with amber.Pool(srv.url(transport)) as pool:
        with pool.checkout() as s:
            s.feed_run("notes = ['hello']")
            srv.stop()
            srv.start()
            assert s.feed_run("notes.append('again')\nnotes") == ["hello", "again"]


def test_server_killed_and_restarted_during_a_run(start_server: Any, transport: str) -> None:
    srv: Server = start_server()

    def restart() -> str:
        # The server dies while the sandbox waits for this call; the
        # client's resume goes to the new one.
        assert srv.proc is not None
        srv.proc.kill()
        srv.proc.wait()
        srv.proc = None
        srv.start()
        return "back"

    with amber.Pool(srv.url(transport)) as pool:
        with pool.checkout() as s:
            assert s.feed_run("x = 1\nr = restart()\n(x, r)", external_functions={"restart": restart}) == (1, "back")
            assert s.feed_run("x + 1") == 2


def test_step_past_the_step_budget_completes(start_server: Any, transport: str) -> None:
    # Step budget: a 1.2 s integration timeout less a 1 s step margin.
    srv: Server = start_server("--integration-timeout", "1200ms", "--step-margin", "1s")
    printed: list[str] = []
    code = ("total = 0\nfor part in range(5):\n    for i in range(3000000):\n        total += 1\n"
            "    print('part', part)\ntotal")
    with amber.Pool(srv.url(transport)) as pool:
        with pool.checkout() as s:
            assert s.feed_run(code, print_callback=lambda stream, text: printed.append(text)) == 15_000_000
            assert printed == [f"part {i}\n" for i in range(5)]
            ops = [st["op"] for st in s.history()]
            assert "continue" in ops, f"the feed fit in one step ({ops}); make it longer"


@pytest.mark.parametrize("what,when", [("close", is_reply), ("garbage", is_reply), ("close", is_part)])
def test_lost_replies_are_resent_with_the_same_id(server: Server, transport: str, what: str, when: Any) -> None:
    """The middleman spoils the first reply of the feed; the client resends
    the request with its id, and the server answers from its record: the
    step ran once."""

    async def main() -> None:
        fault = spoil(what, 1, when)
        step = "try:\n    n += 1\nexcept NameError:\n    n = 1\n"
        code = step + "(n, 'ab' * 150000)" if when is is_part else step + "n"

        async def through(url: str) -> None:
            async with amber.AsyncPool(url, backoff=0.01) as pool:
                async with pool.checkout() as s:
                    v = await s.feed_run(code)
                    n = v[0] if isinstance(v, tuple) else v
                    assert n == 1, "the step ran twice"
                    assert await s.feed_run("n") == 1

        if transport == "ws":
            async with WSProxy(server.ws_url, fault) as proxy:
                await through(proxy.url)
                assert proxy.connections == 2, "the client did not reconnect"
        else:
            if when is is_part:
                return  # HTTP replies are not sent in parts
            with HTTPProxy(server.http_url, fault) as proxy:
                await through(proxy.url)
        assert fault.fired == 1

    run(main())


def test_a_server_that_only_answers_garbage(server: Server, transport: str) -> None:
    """Every reply spoiled: a typed error (ShutdownError for a step), and
    the session's last committed state is loadable elsewhere."""

    async def main() -> None:
        fault = spoil("garbage", -1, lambda m: "ok" in m and "progress" in m)

        async def through(url: str) -> bytes:
            async with amber.AsyncPool(url, retries=2, backoff=0.01) as pool:
                async with pool.checkout() as s:  # checkout replies pass
                    with pytest.raises(amber.ShutdownError) as ei:
                        await s.feed_run("x = 41")
                    assert isinstance(ei.value.__cause__, amber.ProtocolError)
                    return ei.value.dump

        if transport == "ws":
            async with WSProxy(server.ws_url, fault) as proxy:
                dump = await through(proxy.url)
        else:
            with HTTPProxy(server.http_url, fault) as proxy:
                dump = await through(proxy.url)
        assert fault.fired == 3  # the first try and two retries
        async with amber.AsyncPool(server.url(transport)) as pool:
            async with pool.checkout() as s2:
                await s2.load_session(dump)
                assert await s2.feed_run("x + 1") == 42  # the step had committed

    run(main())


def test_shutdown_error_carries_the_last_dump(start_server: Any, transport: str) -> None:
    srv: Server = start_server()
    with amber.Pool(srv.url(transport), retries=2, backoff=0.01) as pool:
        s = pool.checkout()
        s.feed_run("x = 5")
        p = s.feed_start("y = fetch()\nx + y", external_functions={"fetch": lambda: 0})
        assert isinstance(p, amber.FunctionSnapshot)
        srv.stop()
        with pytest.raises(amber.ShutdownError) as ei:
            p.resume({"return_value": 1})
        dump = ei.value.dump
        assert dump == s.id.encode()
        with pytest.raises(amber.ConnectionLostError):
            pool.checkout()
        srv.start()
        # The last committed state is the pause at fetch(): resume it again.
        with pool.checkout() as s2:
            p2 = s2.load_snapshot(dump)
            assert isinstance(p2, amber.FunctionSnapshot) and p2.function_name == "fetch"
            assert p2.resume({"return_value": 37}).output == 42  # type: ignore[union-attr]


def test_a_gateway_failure_message_resends_in_flight_requests(server: Server) -> None:
    """API Gateway reports a crashed integration as a message without our
    id; the client sends its requests in flight again."""

    async def main() -> None:
        state = {"sent": False}

        def fault(msg: dict[str, Any]) -> str:
            return "pass"

        async with WSProxy(server.ws_url, fault) as proxy:
            orig = proxy._handle

            async def handle(client: Any, path: str = "/") -> None:
                if not state["sent"]:
                    state["sent"] = True
                    await client.recv()  # swallow the request, report a crash
                    await client.send('{"message": "Internal server error", "connectionId": "c", "requestId": "r"}')
                await orig(client, path)

            proxy._handle = handle  # type: ignore[method-assign]
            await proxy.__aexit__()
            await proxy.__aenter__()
            async with amber.AsyncPool(proxy.url, backoff=0.01) as pool:
                async with pool.checkout() as s:
                    assert await s.feed_run("6 * 7") == 42

    run(main())


def test_idle_timeout_and_connection_limit(start_server: Any) -> None:
    """API Gateway closes idle connections and ones older than its limit
    (here 1 s and 3 s): the pool redials and the run goes on."""
    srv: Server = start_server("--idle-timeout", "1s", "--max-connection", "3s")

    def tick() -> int:
        time.sleep(0.4)  # a slow host call: the connection ages meanwhile
        return 1

    async def main() -> None:
        async with amber.AsyncPool(srv.ws_url) as pool:
            assert isinstance(pool.transport, WebSocketTransport)
            s = await pool.checkout()
            await s.feed_run("x = 1")
            await asyncio.sleep(1.5)  # past the idle timeout
            assert await s.feed_run("x + 1") == 2
            dials = pool.transport.dials
            assert dials >= 2
            # A run longer than a connection may live.
            assert await s.feed_run("t = 0\nfor i in range(10):\n    t += tick()\nt",
                                    external_functions={"tick": tick}) == 10
            assert pool.transport.dials > dials

    run(main())


def test_a_reply_that_never_comes_is_resent_after_the_reply_timeout(server: Server) -> None:
    async def main() -> None:
        fault = spoil("drop", 1, is_reply)
        async with WSProxy(server.ws_url, fault) as proxy:
            async with amber.AsyncPool(proxy.url, reply_timeout=1.0, backoff=0.01) as pool:
                async with pool.checkout() as s:
                    t = time.monotonic()
                    assert await s.feed_run("try:\n    n += 1\nexcept NameError:\n    n = 1\nn") == 1
                    assert time.monotonic() - t >= 1.0
            assert fault.fired == 1 and proxy.connections == 2

    run(main())


def test_a_sync_host_function_cannot_call_its_own_pool(server: Server) -> None:
    with amber.Pool(server.ws_url) as pool:
        with pool.checkout() as s:
            def reenter() -> int:
                return int(pool.checkout().feed_run("1"))

            msg = s.feed_run("try:\n    reenter()\nexcept RuntimeError as e:\n    r = str(e)\nr",
                             external_functions={"reenter": reenter})
            assert "use amber.AsyncPool there" in msg
            assert s.feed_run("2") == 2
