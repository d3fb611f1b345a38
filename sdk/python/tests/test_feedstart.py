"""feed_start surfaces calls and reads of names nobody declared (CONTRACTS.md
section 1)."""

from __future__ import annotations

import pytest

import amber


def test_feed_start_surfaces_undeclared_calls_and_lookups(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as session:
            session.feed_run("x = 40")
            p = session.feed_start("r = fetch('a', mode='fast')\nr.upper() + str(x)")
            assert isinstance(p, amber.FunctionSnapshot)
            assert (p.function_name, p.args, p.kwargs) == ("fetch", ("a",), {"mode": "fast"})
            assert not p.is_os_function and not p.is_method_call
            assert p.resume({"return_value": "payload"}).output == "PAYLOAD40"  # type: ignore[union-attr]

            p = session.feed_start("budget + 1")
            assert isinstance(p, amber.NameLookupSnapshot) and p.variable_name == "budget"
            assert p.resume({"return_value": 41}).output == 42  # type: ignore[union-attr]

            p = session.feed_start("undefined_call()")
            assert isinstance(p, amber.FunctionSnapshot)
            with pytest.raises(amber.PythonError, match="name 'undefined_call' is not defined"):
                p.resume_not_handled()
            p = session.feed_start("undefined_name")
            assert isinstance(p, amber.NameLookupSnapshot)
            with pytest.raises(amber.PythonError, match="name 'undefined_name' is not defined"):
                p.resume_not_handled()

            # Without start (feed_run), undeclared names are NameErrors.
            with pytest.raises(amber.PythonError) as ei:
                session.feed_run("fetch('a')")
            assert ei.value.type == "NameError"


def test_feed_start_undeclared_survives_a_snapshot(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout() as s:
            p = s.feed_start("a = first()\nb = second()\na + b")
            assert isinstance(p, amber.FunctionSnapshot) and p.function_name == "first"
            snap = p.dump()
        with pool.checkout() as s2:
            p2 = s2.load_snapshot(snap)
            assert isinstance(p2, amber.FunctionSnapshot)
            p3 = p2.resume({"return_value": 1})
            assert isinstance(p3, amber.FunctionSnapshot) and p3.function_name == "second"
            assert p3.resume({"return_value": 2}).output == 3  # type: ignore[union-attr]
