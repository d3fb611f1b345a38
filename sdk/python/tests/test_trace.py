"""The client's trace context reaches the server: each committed step's
history entry records the trace id of the pool's traceparent."""

from __future__ import annotations

import amber

TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"
OTHER = "0af7651916cd43dd8448eb211c80319c"


def tp(trace: str) -> str:
    return f"00-{trace}-00f067aa0ba902b7-01"


def test_traceparent_in_history(url: str, transport: str) -> None:
    with amber.Pool(url, traceparent=tp(TRACE)) as pool:
        with pool.checkout() as session:
            session.feed_run("x = 1")
            pool.traceparent = tp(OTHER)
            session.feed_run("x + 1")
            pool.traceparent = None
            session.feed_run("x + 2")
            steps = session.history()
    # Without a traceparent of its own, a request over WebSocket has the
    # handshake's (the pool's when it connected); over HTTP, none.
    last = TRACE if transport == "ws" else None
    assert [s.get("trace_id") for s in steps if s["op"] == "feed"] == [TRACE, OTHER, last]


def test_traceparent_async(url: str) -> None:
    import asyncio

    async def main() -> list[object]:
        async with amber.AsyncPool(url, traceparent=tp(TRACE)) as pool:
            async with pool.checkout() as session:
                await session.feed_run("1")
                return [s.get("trace_id") for s in await session.history()]

    assert asyncio.run(main()) == [TRACE]
