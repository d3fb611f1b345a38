"""Per-step overhead of the Python client against the Go SDK on the same
server: feed_run('x += 1') round trips, p50 and p99, side by side, and the
ratio. A benchmark, not a test: it reports numbers and asserts nothing.

    /usr/bin/python3 sdk/python/bench/roundtrip.py [--n 500] [--url ws://127.0.0.1:8765/]

Without --url it builds and starts its own amber serve (go build) on a free
port, with its store in a temp dir. Both clients run one after the other on
one session each, over WebSocket and then HTTP.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests"))

import amber  # noqa: E402
from conftest import Server  # noqa: E402


async def python_round_trips(url: str, n: int, warm: int) -> dict[str, float]:
    async with amber.AsyncPool(url) as pool:
        async with pool.checkout() as s:
            await s.feed_run("x = 0")
            times: list[float] = []
            for i in range(warm + n):
                t = time.perf_counter()
                await s.feed_run("x += 1")
                if i >= warm:
                    times.append((time.perf_counter() - t) * 1e6)
    times.sort()
    return {"n": len(times), "p50_us": times[int(0.50 * (len(times) - 1))], "p99_us": times[int(0.99 * (len(times) - 1))],
            "mean_us": statistics.fmean(times)}


def go_round_trips(gobin: Path, url: str, n: int, warm: int) -> dict[str, float]:
    out = subprocess.run([str(gobin), "-url", url, "-n", str(n), "-warm", str(warm)], check=True, capture_output=True,
                         text=True).stdout
    r: dict[str, float] = json.loads(out)
    return r


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", help="a running amber serve (ws:// URL; its HTTP API is assumed on the same address)")
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--warm", type=int, default=50)
    a = ap.parse_args()
    go = shutil.which("go")
    if go is None:
        sys.exit("go is needed to build the Go side of the benchmark")
    tmp = Path(tempfile.mkdtemp(prefix="amber-bench-"))
    gobin = tmp / "goroundtrip"
    subprocess.run([go, "build", "-o", str(gobin), "./sdk/python/bench/goroundtrip"], cwd=REPO, check=True)
    srv = None
    if a.url:
        ws = a.url
        http = "http://" + a.url.split("://", 1)[1].rstrip("/")
    else:
        subprocess.run([go, "build", "-o", str(tmp / "amber"), "./cmd/amber"], cwd=REPO, check=True)
        (tmp / "data").mkdir()
        srv = Server(tmp / "amber", tmp / "data").start()
        ws, http = srv.ws_url, srv.http_url
    try:
        print(f"feed_run('x += 1') round trips, n={a.n} after {a.warm} warm-up, one session each, "
              f"{os.cpu_count()} CPUs, server {ws}")
        print(f"{'transport':<10} {'client':<8} {'p50 us':>9} {'p99 us':>9}")
        for name, url in (("websocket", ws), ("http", http)):
            g = go_round_trips(gobin, url, a.n, a.warm)
            p = asyncio.run(python_round_trips(url, a.n, a.warm))
            print(f"{name:<10} {'go':<8} {g['p50_us']:>9.0f} {g['p99_us']:>9.0f}")
            print(f"{name:<10} {'python':<8} {p['p50_us']:>9.0f} {p['p99_us']:>9.0f}")
            print(f"{name:<10} {'ratio':<8} {p['p50_us'] / g['p50_us']:>9.2f} {p['p99_us'] / g['p99_us']:>9.2f}")
    finally:
        if srv is not None:
            srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
