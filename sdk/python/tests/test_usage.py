"""pool.usage(): each project's steps and CPU time per UTC day, its
daily caps refusing with QuotaError, sync and async, over WebSocket and
HTTP."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import amber
from conftest import Server, run


@pytest.fixture(scope="module")
def projects(start_server: Any, tmp_path_factory: pytest.TempPathFactory) -> Server:
    keys = tmp_path_factory.mktemp("usage") / "projects.json"
    keys.write_text(json.dumps({"projects": {
        "a": {"keys": ["key-a"], "ceilings": {"max_steps_per_day": 4}},
        "b": {"keys": ["key-b"]},
    }}))
    srv: Server = start_server("--keys", str(keys))
    return srv


def test_usage_counts_each_projects_steps(projects: Server, transport: str) -> None:
    url = projects.url(transport)
    with amber.Pool(url, api_key="key-b") as pool:
        before = pool.usage().today.steps
        cpu = 0.0
        with pool.checkout() as s:
            for i in range(3):
                s.feed_run(f"x = sum(range({10_000 + i}))")
        u = pool.usage()
        assert isinstance(u, amber.Usage) and len(u.days) == 31
        assert u.today.steps - before == 4  # three feeds and the close
        assert u.today.cpu_ms > cpu and u.totals.steps >= u.today.steps
        assert u.caps == amber.UsageCaps(max_steps_per_day=0, max_cpu_seconds_per_day=0)
        one = pool.usage(1)
        assert len(one.days) == 1 and one.days[0].day == u.today.day
        with pytest.raises(ValueError):
            pool.usage(32)


def test_caps_refuse_with_quota_and_a_project_sees_only_its_own(projects: Server) -> None:
    async def go() -> None:
        async with amber.AsyncPool(projects.http_url, api_key="key-a") as a:
            async with amber.AsyncPool(projects.ws_url, api_key="key-b") as b:
                b_before = (await b.usage()).today.steps
                s = await a.checkout()
                used = (await a.usage()).today.steps
                for i in range(4 - used):
                    await s.feed_run(f"n = {i}")
                with pytest.raises(amber.QuotaError, match="4 steps of today"):
                    await s.feed_run("n = 'past the cap'")
                ua = await a.usage()
                assert ua.today.steps == 4 and ua.caps.max_steps_per_day == 4
                # b's count did not move with a's steps, nor a's with b's.
                assert (await b.usage()).today.steps == b_before

    run(go())
