"""Errors of every kind a user branches on, and bad input: refused with a
clear error before anything is sent, losing nothing."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

import amber
from conftest import Server, run


def test_unauthorized(start_server: Any, transport: str, tmp_path: Path) -> None:
    keys = tmp_path / "keys.json"
    keys.write_text(json.dumps({"k-right": "proj"}))
    srv: Server = start_server("--keys", str(keys))
    for key in (None, "k-wrong"):
        with pytest.raises(amber.UnauthorizedError):
            with amber.Pool(srv.url(transport), api_key=key, retries=0) as pool:
                pool.checkout()
    with amber.Pool(srv.url(transport), api_key="k-right") as pool:
        with pool.checkout() as s:
            assert s.feed_run("1 + 1") == 2


def test_quota(start_server: Any, transport: str) -> None:
    srv: Server = start_server("--quota", "30000")
    with amber.Pool(srv.url(transport)) as pool:
        with pool.checkout() as s:
            with pytest.raises(amber.QuotaError, match="quota"):
                s.feed_run("data = [str(i) * 10 for i in range(20000)]")
        _, quota = pool.snapshots()
        assert quota is not None and quota["limit"] == 30000


def test_type_check_findings_are_syntax_errors(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout(type_check=True) as s:
            with pytest.raises(amber.AmberSyntaxError) as ei:
                s.feed_run("x: int = 'a'")
            assert "annotated 'int'" in ei.value.message
            assert s.feed_run("y: int = 2\ny") == 2


def test_bad_request_and_unknown_kinds_map_to_typed_errors(url: str) -> None:
    async def main() -> None:
        async with amber.AsyncPool(url) as pool:
            with pytest.raises(amber.BadRequestError, match="unknown op"):
                await pool._do({"op": "nope"})
    run(main())
    assert type(amber._errors.from_wire({"kind": "brand_new", "message": "m"})) is amber.AmberError
    e = amber._errors.from_wire({"kind": "internal", "message": "boom", "correlation_id": "c-1"})
    assert isinstance(e, amber.InternalError) and e.correlation_id == "c-1"
    for kind, cls in [("not_found", amber.NotFoundError), ("conflict", amber.ConflictError),
                      ("wrong_loader", amber.WrongLoaderError), ("not_fresh", amber.NotFreshError),
                      ("already_resumed", amber.AlreadyResumedError), ("quota", amber.QuotaError),
                      ("too_large", amber.TooLargeError), ("unauthorized", amber.UnauthorizedError),
                      ("unknown_session", amber.UnknownSessionError), ("ephemeral", amber.EphemeralError)]:
        err = amber._errors.from_wire({"kind": kind, "message": "m"})
        assert type(err) is cls and err.kind == kind


def test_already_resumed_on_the_server(url: str) -> None:
    """Two clients answer the same pause: the second is refused by the
    server, not run twice."""

    async def main() -> None:
        async with amber.AsyncPool(url) as pool:
            async with pool.checkout() as s:
                p = await s.feed_start("fetch()", external_functions={"fetch": lambda: 1})
                assert isinstance(p, amber.AsyncFunctionSnapshot)
                other = amber.AsyncSession(pool, s.id)  # another client of the same session
                done = await other._resume({"call_id": p.call_id, "return_value": 1})
                assert isinstance(done, amber.Complete) and done.output == 1
                with pytest.raises(amber.AlreadyResumedError):
                    await p.resume({"return_value": 2})

    run(main())


class Unsupported:
    pass


def _cyclic() -> Any:
    xs: list[Any] = []
    xs.append(xs)
    return xs


def _deep() -> Any:
    v: Any = []
    for _ in range(300):
        v = [v]
    return v


@pytest.mark.parametrize("value,err", [
    (_cyclic(), ValueError), ({"a": {"b": _cyclic()}}, ValueError), (_deep(), ValueError),
    (Unsupported(), TypeError), (lambda: 1, TypeError), ({1, 2, Unsupported()}, TypeError), (10**5000, ValueError),
    (complex(1, 2), TypeError),
], ids=["cycle", "nested-cycle", "too-deep", "object", "function", "set-of-object", "huge-int", "complex"])
def test_values_that_cannot_enter_are_refused_before_sending(url: str, value: Any, err: type[Exception]) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            with pytest.raises(err):
                s.feed_run("x", inputs={"x": value})
            # Nothing was sent: the session is still fresh, so a loader takes.
            with pool.checkout() as src:
                src.feed_run("marker = 'loaded'")
                dump = src.dump()
            s.load_session(dump)
            assert s.feed_run("marker") == "loaded"


def test_bad_answers_leave_the_snapshot_resumable(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            p = s.feed_start("fetch() + 1", external_functions={"fetch": lambda: 0})
            assert isinstance(p, amber.FunctionSnapshot)
            for bad, err in [({}, ValueError), ({"return_value": 1, "future": True}, ValueError),
                             ({"nonsense": 1}, ValueError), ({"return_value": _cyclic()}, ValueError),
                             ({"return_value": Unsupported()}, TypeError), ({"exception": "not an exception"}, TypeError),
                             ({"exc_type": 3}, TypeError)]:
                with pytest.raises(err):
                    p.resume(bad)
            assert p.resume({"return_value": 41}).output == 42  # type: ignore[union-attr]


def test_host_function_returning_an_unsupported_value(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            code = "try:\n    f()\nexcept TypeError as e:\n    r = str(e)\nr"
            msg = s.feed_run(code, external_functions={"f": lambda: Unsupported()})
            assert "cannot enter the sandbox" in msg
            assert s.feed_run("1") == 1


def test_bad_arguments(server: Server) -> None:
    with pytest.raises(ValueError, match="ws://"):
        amber.AsyncPool("ftp://example.com")
    with amber.Pool(server.ws_url) as pool:
        with pytest.raises(ValueError, match="unknown limit"):
            pool.checkout(limits={"max_speed": 1})
        with pytest.raises(ValueError):
            pool.checkout(limits={"max_memory": -1})
        with pytest.raises(TypeError):
            pool.checkout(volumes={"/data": 3})  # type: ignore[dict-item]
        with pool.checkout() as s:
            with pytest.raises(TypeError):
                s.feed_run(b"1")  # type: ignore[arg-type]
            with pytest.raises(ValueError):
                s.feed_run("1", inputs={"not a name": 1})
            with pytest.raises(TypeError):
                s.feed_run("1", external_functions={"f": 3})  # type: ignore[dict-item]
            with pytest.raises(TypeError):
                s.load_session(3)  # type: ignore[arg-type]
            assert s.feed_run("1") == 1


def test_closed_pool_and_session(server: Server) -> None:
    async def main() -> None:
        pool = amber.AsyncPool(server.ws_url)
        s = await pool.checkout()
        await s.close()
        with pytest.raises(amber.ClosedError):
            await s.feed_run("1")
        await pool.close()
        with pytest.raises(amber.ClosedError):
            await pool.checkout()

    run(main())


def test_ephemeral_sessions_die_with_the_connection(server: Server) -> None:
    async def main() -> None:
        async with amber.AsyncPool(server.ws_url) as pool:
            s = await pool.checkout(ephemeral=True)
            await s.feed_run("x = 1")
            sid = s.id
        await asyncio.sleep(0.2)
        async with amber.AsyncPool(server.ws_url) as pool:
            async with pool.checkout() as s2:
                with pytest.raises(amber.UnknownSessionError):
                    await s2.load_session(sid)

    run(main())


def test_host_answers_over_the_message_limit_raise_in_the_sandbox(url: str, tmp_path: Path) -> None:
    (tmp_path / "big.bin").write_bytes(b"x" * 300_000)
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            code = "try:\n    r = len(f())\nexcept ValueError as e:\n    r = str(e)\nr"
            assert "too large" in s.feed_run(code, external_functions={"f": lambda: "y" * 300_000})
            code = "try:\n    r = len(open('/data/big.bin', 'rb').read())\nexcept OSError as e:\n    r = 'OSError'\nr"
            assert s.feed_run(code, mount=amber.MountDir("/data", tmp_path)) == "OSError"
            assert s.feed_run("len(f())", external_functions={"f": lambda: "y" * 50_000}) == 50_000


def test_the_server_refuses_frames_over_32_kb(server: Server) -> None:
    """What the client's fragmenting avoids: a 100 KB request sent as one
    frame closes the connection with 1009, as API Gateway does (the same
    request through the client succeeds in test_limits_and_large_values)."""
    import websockets

    async def main() -> None:
        req = json.dumps({"op": "checkout", "id": "one-big-frame", "script_name": "x" * 100_000})
        async with websockets.connect(server.ws_url, max_size=None, compression=None) as ws:
            await ws.send(req)
            with pytest.raises(websockets.ConnectionClosed) as ei:
                await asyncio.wait_for(ws.recv(), 10)
            assert ei.value.code == 1009

    run(main())
    with amber.Pool(server.ws_url) as pool:
        with pool.checkout(script_name="x" * 100_000) as s:
            assert s.feed_run("1") == 1
