"""The seed documents' scenarios, written as their users write them: only
the line that opens the pool names Amber. Each runs over WebSocket and HTTP
against a real amber serve."""

from __future__ import annotations

import asyncio
import math
from typing import Any

import pytest

import amber
from conftest import run


def test_persist_and_resume_in_a_later_session(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout(script_name="agent.py") as session:
            session.feed_run("total = 40")
            saved = session.dump()  # opaque bytes: keep them for days
            session_id = session.id
    assert isinstance(saved, bytes)

    # Later, another pool (another process):
    with amber.Pool(url) as pool:
        for source in (saved, session_id):
            with pool.checkout() as session:
                session.load_session(source)
                assert session.feed_run("total + 2") == 42


def test_checkpoint_and_roll_back(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as session:
            session.feed_run("items = ['a']")
            checkpoint = session.dump()
            session.feed_run("items.append('oops')")
            assert session.feed_run("items") == ["a", "oops"]
        with pool.checkout() as back:
            back.load_session(checkpoint)
            assert back.feed_run("items") == ["a"]
            back.feed_run("items.append('b')")
        with pool.checkout() as again:  # the snapshot never changes
            again.load_session(checkpoint)
            assert again.feed_run("len(items)") == 1


def test_fork_into_branches_concurrently(url: str) -> None:
    async def main() -> None:
        async with amber.AsyncPool(url) as pool:
            async with pool.checkout() as base:
                await base.feed_run("plan = []\nscore = 10")
                snap = await base.dump()

                async def branch(i: int) -> Any:
                    async with pool.checkout() as s:
                        await s.load_session(snap)
                        return await s.feed_run(f"plan.append({i})\nscore = score * {i + 1}\n(len(plan), plan[0], score)")

                results = await asyncio.gather(*(branch(i) for i in range(4)))
                assert results == [(1, i, 10 * (i + 1)) for i in range(4)]
                assert await base.feed_run("(len(plan), score)") == (0, 10)

    run(main())


def test_ephemeral_dump_refused(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout(ephemeral=True) as session:
            assert session.feed_run("x = 1\nx + 1") == 2
            with pytest.raises(amber.EphemeralError, match="this session is ephemeral, so it cannot be dumped"):
                session.dump()
            infos, _ = pool.snapshots()
            assert session.id not in {i["id"] for i in infos}
            assert session.feed_run("x") == 1  # still usable


@pytest.mark.parametrize("bogus", [b"no-such-id", b"0123456789abcdef0123456789abcdef"])
def test_unknown_session(url: str, bogus: bytes) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as session:
            with pytest.raises(amber.UnknownSessionError, match="unknown session"):
                session.load_session(bogus)
            with pytest.raises(amber.UnknownSessionError):
                session.load_snapshot(bogus)


def fetch(url: str, mode: str = "slow") -> str:
    raise AssertionError("feed_start leaves the call to the caller")


def test_feed_start_function_call_resume(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as session:
            session.feed_run("x = 40")
            progress = session.feed_start("r = fetch('a', mode='fast')\nr.upper() + str(x)",
                                          external_functions={"fetch": fetch})
            assert isinstance(progress, amber.FunctionSnapshot)
            assert progress.function_name == "fetch"
            assert progress.args == ("a",)
            assert progress.kwargs == {"mode": "fast"}
            assert isinstance(progress.call_id, int)
            assert not progress.is_os_function and not progress.is_method_call
            done = progress.resume({"return_value": "payload"})
            assert isinstance(done, amber.Complete)
            assert done.output == "PAYLOAD40"
            with pytest.raises(amber.AlreadyResumedError):
                progress.resume({"return_value": "again"})

            # The other answers: an exception instance, a type and a message,
            # not handled.
            code = "try:\n    fetch('b')\nexcept KeyError as e:\n    r = 'caught ' + str(e)\nr"
            p = session.feed_start(code, external_functions={"fetch": fetch})
            assert isinstance(p, amber.FunctionSnapshot)
            assert p.resume({"exception": KeyError("b")}).output == "caught 'b'"  # type: ignore[union-attr]
            p = session.feed_start(code.replace("KeyError", "ValueError"), external_functions={"fetch": fetch})
            assert isinstance(p, amber.FunctionSnapshot)
            out = p.resume({"exc_type": "ValueError", "message": "no such page"})
            assert isinstance(out, amber.Complete) and out.output == "caught no such page"
            p = session.feed_start("fetch('c')", external_functions={"fetch": fetch})
            assert isinstance(p, amber.FunctionSnapshot)
            with pytest.raises(amber.PythonError) as ei:
                p.resume_not_handled()
            assert ei.value.type == "NameError"
            assert session.feed_run("x") == 40


def test_resume_auto_with_an_external_lookup(url: str) -> None:
    asked: list[str] = []

    def lookup(name: str) -> Any:
        asked.append(name)
        if name == "budget":
            return 41
        raise NameError(name)

    with amber.Pool(url) as pool:
        with pool.checkout() as session:
            progress = session.feed_start("budget + 1", external_lookup=lookup)
            assert isinstance(progress, amber.NameLookupSnapshot)
            assert progress.variable_name == "budget"
            assert progress.resume_auto().output == 42
            with pytest.raises(amber.PythonError) as ei:
                session.feed_run("missing", external_lookup=lookup)
            assert ei.value.type == "NameError"
            assert asked == ["budget", "missing"]
            # A mapping answers too, and resume() binds by hand.
            assert session.feed_run("rate * 2", external_lookup={"rate": 21}) == 42
            p = session.feed_start("limit - 1", external_lookup={})
            assert isinstance(p, amber.NameLookupSnapshot)
            assert p.resume({"return_value": 10}).output == 9  # type: ignore[union-attr]


def test_snapshot_at_a_host_call_resumed_in_a_fresh_session(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout(script_name="agent.py") as session:
            session.feed_run("x = 40")
            progress = session.feed_start("r = fetch('a')\nr.upper() + str(x)", external_functions={"fetch": fetch})
            assert isinstance(progress, amber.FunctionSnapshot)
            snap = progress.dump()
    # Later, in another process: load it twice, resume differently.
    with amber.Pool(url) as later:
        for answer in ("payload", "other"):
            with later.checkout() as s2:
                p2 = s2.load_snapshot(snap)
                assert isinstance(p2, amber.FunctionSnapshot)
                assert (p2.function_name, p2.args) == ("fetch", ("a",))
                assert p2.resume({"return_value": answer}).output == answer.upper() + "40"  # type: ignore[union-attr]
        with later.checkout() as s3:
            with pytest.raises(amber.WrongLoaderError):
                s3.load_session(snap)


def test_session_dump_loaded_and_fed_again(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            s.feed_run("def greet(n):\n    return 'hi ' + n\nseen = {'a'}")
            dump = s.dump()
        with pool.checkout() as s2:
            s2.load_session(dump)
            s2.feed_run("seen.add('b')")
            assert s2.feed_run("(greet('bo'), sorted(seen))") == ("hi bo", ["a", "b"])
            with pytest.raises(amber.NotFreshError):
                s2.load_session(dump)
            with pytest.raises(amber.NotFreshError):
                s2.load_snapshot(dump)


def test_host_functions_print_and_errors(url: str) -> None:
    calls: list[int] = []
    printed: list[tuple[str, str]] = []

    def fetch_page(i: int) -> str:
        calls.append(i)
        return f"page({i})"

    def fail() -> None:
        raise ValueError("bad input")

    class Custom(KeyError):
        pass

    def fail_custom() -> None:
        raise Custom("k")

    with amber.Pool(url) as pool:
        with pool.checkout(script_name="agent.py") as s:
            fns = {"fetch": fetch_page, "fail": fail, "fail_custom": fail_custom}
            v = s.feed_run("pages = [fetch(i) for i in range(3)]\nprint(len(pages))\nimport sys\nprint('e', file=sys.stderr)\npages",
                           external_functions=fns, print_callback=lambda stream, text: printed.append((stream, text)))
            assert v == ["page(0)", "page(1)", "page(2)"] and calls == [0, 1, 2]
            assert printed == [("stdout", "3\n"), ("stderr", "e\n")]
            assert s.feed_run("try:\n    fail()\nexcept ValueError as e:\n    r = str(e)\nr", external_functions=fns) == "bad input"
            # A host exception of a class the sandbox lacks enters as its
            # nearest builtin base.
            assert s.feed_run("try:\n    fail_custom()\nexcept KeyError as e:\n    r = repr(e)\nr", external_functions=fns) == "KeyError('k')"

            with pytest.raises(amber.PythonError) as ei:
                s.feed_run("def f():\n    return 1 / 0\nf()")
            e = ei.value
            assert (e.type, e.message) == ("ZeroDivisionError", "division by zero")
            assert e.display("type-msg") == "ZeroDivisionError: division by zero"
            assert e.display("msg") == "division by zero"
            tb = e.display()
            assert tb.startswith("Traceback (most recent call last):") and 'File "agent.py", line 2, in f' in tb
            assert tb.endswith("ZeroDivisionError: division by zero")
            assert isinstance(e.exception(), ZeroDivisionError)

            with pytest.raises(amber.AmberSyntaxError) as si:
                s.feed_run("def (:")
            assert si.value.type == "SyntaxError" and isinstance(si.value, amber.PythonError)
            assert s.feed_run("len(pages)") == 3  # the session goes on


def test_print_callback_streams_before_the_step_ends(url: str) -> None:
    seen_at_call: list[list[str]] = []
    printed: list[str] = []

    def probe() -> int:
        seen_at_call.append(list(printed))
        return 1

    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            s.feed_run("print('before')\nprobe()\nprint('after')", external_functions={"probe": probe},
                       print_callback=lambda stream, text: printed.append(text))
    assert seen_at_call == [["before\n"]]
    assert printed == ["before\n", "after\n"]


class Barrier:
    """asyncio.Barrier for Python 3.10: n tasks wait until all n arrived."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.arrived = 0
        self.all_here = asyncio.Event()

    async def wait(self) -> None:
        self.arrived += 1
        if self.arrived == self.n:
            self.all_here.set()
        await self.all_here.wait()


def test_async_host_functions_meet_at_a_barrier(url: str) -> None:
    async def main() -> None:
        barrier = Barrier(3)

        async def fetch(i: int) -> int:
            # Only calls that run at the same time get past this.
            await asyncio.wait_for(barrier.wait(), 10)
            return i * 10

        code = ("import asyncio\nasync def one(i):\n    return await fetch(i)\n"
                "async def main():\n    return await asyncio.gather(one(1), one(2), one(3))\nasyncio.run(main())")
        async with amber.AsyncPool(url) as pool:
            async with pool.checkout() as session:
                assert await session.feed_run(code, external_functions={"fetch": fetch}) == [10, 20, 30]
                assert barrier.arrived == 3

    run(main())


def test_futures_by_hand(url: str) -> None:
    async def fetch(i: int) -> int:
        raise AssertionError("answered by hand")

    code = ("import asyncio\nasync def main():\n    return await asyncio.gather(fetch(1), fetch(2))\nasyncio.run(main())")
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            p = s.feed_start(code, external_functions={"fetch": fetch})
            ids = []
            while isinstance(p, amber.FunctionSnapshot):
                ids.append(p.call_id)
                p = p.resume({"future": ...})
            assert isinstance(p, amber.FutureSnapshot)
            assert sorted(p.pending_call_ids) == sorted(ids) and len(ids) == 2
            p2 = p.resume({ids[0]: {"return_value": "one"}})
            assert isinstance(p2, amber.FutureSnapshot) and p2.pending_call_ids == [ids[1]]
            snap = p2.dump()
            done = p2.resume({ids[1]: {"return_value": "two"}})
            assert isinstance(done, amber.Complete) and done.output == ["one", "two"]
            # The dump made while one future was pending resumes elsewhere.
            with pool.checkout() as s2:
                p3 = s2.load_snapshot(snap)
                assert isinstance(p3, amber.FutureSnapshot)
                with pytest.raises(amber.AmberError, match="not started by this client"):
                    p3.resume_auto()
                # gather raises the exception the host settled the call with.
                with pytest.raises(amber.PythonError) as ei:
                    p3.resume({ids[1]: {"exception": TimeoutError("late")}})
                assert (ei.value.type, ei.value.message) == ("TimeoutError", "late")


def test_limits_and_large_values(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout(limits={"max_duration_secs": 0.2}) as s:
            with pytest.raises(amber.LimitError):
                s.feed_run("while True:\n    pass")
        with pool.checkout(limits={"max_recursion_depth": 50}) as s:
            with pytest.raises(amber.PythonError) as ei:
                s.feed_run("def f(n):\n    return f(n + 1)\nf(0)")
            assert ei.value.type == "RecursionError"
        with pool.checkout() as big:
            assert len(big.feed_run("'ab' * 150000")) == 300000  # a reply in parts
            # a request between the 32 KB frame and the 128 KB message limit
            assert big.feed_run("len('" + "z" * 100000 + "')") == 100000
            assert big.feed_run("len(s)", inputs={"s": "é" * 40000}) == 40000  # multi-byte characters across frames
            with pytest.raises(amber.TooLargeError):
                big.feed_run("x = '" + "y" * 200000 + "'")
            assert big.feed_run("1 + 1") == 2


def test_list_and_delete_snapshots(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            s.feed_run("data = list(range(100))")
            snap = s.dump()
            infos, quota = pool.snapshots()
            kinds = {i["id"]: i["kind"] for i in infos}
            assert kinds[snap.decode()] == "session_dump" and kinds[s.id] == "session"
            assert quota is not None and "used" in quota
            pool.delete_snapshot(snap)
        with pool.checkout() as s2:
            with pytest.raises(amber.UnknownSessionError):
                s2.load_session(snap)


VALUES: list[tuple[str, Any]] = [
    ("None", None), ("True", True), ("2 ** 40", 2**40), ("2 ** 100", 2**100), ("-(2 ** 70)", -(2**70)),
    ("1.5", 1.5), ("1.0", 1.0), ("-0.0", -0.0), ("float('inf')", math.inf), ("float('-inf')", -math.inf),
    ("'hé'", "hé"), ("b'ab\\x00'", b"ab\x00"), ("[1, 'a']", [1, "a"]), ("(1, 'a')", (1, "a")), ("()", ()),
    ("{3}", {3}), ("frozenset({4})", frozenset({4})), ("{'k': 1}", {"k": 1}), ("{1: 'a', (2, 3): None}", {1: "a", (2, 3): None}),
    ("{'$x': 1}", {"$x": 1}), ("[(1, {2: frozenset({b'z'})})]", [(1, {2: frozenset({b"z"})})]),
]


def test_values_both_ways(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            for code, want in VALUES:
                got = s.feed_run(code)
                assert got == want and type(got) is type(want), code
                if isinstance(want, float):
                    assert math.copysign(1, got) == math.copysign(1, want), code
                # Back in as an input, it is the same Python value.
                assert s.feed_run(f"x == ({code}) and type(x) is type({code})", inputs={"x": got}) is True, code
            nan = s.feed_run("float('nan')")
            assert math.isnan(nan)
            assert s.feed_run("x != x", inputs={"x": nan}) is True
            r = s.feed_run("range(3)")
            assert isinstance(r, amber.Opaque) and r.repr == "range(0, 3)" and r.type == "range"
            e = s.feed_run("ValueError('v')")
            assert isinstance(e, ValueError) and str(e) == "v"


def test_one_session_two_tasks(url: str) -> None:
    async def main() -> None:
        started = asyncio.Event()
        release = asyncio.Event()

        async def wait() -> None:
            started.set()
            await release.wait()

        async with amber.AsyncPool(url) as pool:
            async with pool.checkout() as s:
                first = asyncio.ensure_future(s.feed_run("import asyncio\nasync def m():\n    await wait()\n    return 1\nasyncio.run(m())", external_functions={"wait": wait}))
                await started.wait()
                with pytest.raises(amber.SessionBusyError):
                    await s.feed_run("2")
                with pytest.raises(amber.SessionBusyError):
                    await s.dump()
                release.set()
                assert await first == 1
                assert await s.feed_run("3") == 3

    run(main())


def test_sync_pool_with_coroutine_host_functions(url: str) -> None:
    async def double(x: int) -> int:
        await asyncio.sleep(0.01)
        return 2 * x

    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            assert s.feed_run("import asyncio\nasync def m():\n    return await asyncio.gather(double(1), double(2))\nasyncio.run(m())",
                              external_functions={"double": double}) == [2, 4]
