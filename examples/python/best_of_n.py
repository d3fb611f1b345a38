"""Best-of-N: one session prepares a problem, its snapshot is forked into N
branches that run concurrently (asyncio.gather), each tries its own
strategy, and the best result is kept. The branches share every page of
state none of them changed.

    go run ./cmd/amber serve &
    PYTHONPATH=sdk/python python3 examples/python/best_of_n.py [--n 8]
"""

from __future__ import annotations

import argparse
import asyncio
import os

import amber

SETUP = """
import random
cities = [(random.Random(7).random() * 100, random.Random(i).random() * 100) for i in range(40)]
def tour_length(order):
    total = 0.0
    for a, b in zip(order, order[1:] + order[:1]):
        (x1, y1), (x2, y2) = cities[a], cities[b]
        total += ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5
    return total
"""

# Each branch: a seeded shuffle, improved by 2-opt for a while.
BRANCH = """
rng = random.Random(seed)
order = list(range(len(cities)))
rng.shuffle(order)
best = tour_length(order)
for _ in range(300):
    i, j = sorted(rng.sample(range(len(order)), 2))
    cand = order[:i] + order[i:j][::-1] + order[j:]
    length = tour_length(cand)
    if length < best:
        order, best = cand, length
(round(best, 3), seed)
"""


async def main(url: str, api_key: str | None, n: int) -> tuple[float, int]:
    async with amber.AsyncPool(url, api_key=api_key) as pool:
        async with pool.checkout() as base:
            await base.feed_run(SETUP)
            snapshot = await base.dump()

        async def branch(seed: int) -> tuple[float, int]:
            async with pool.checkout() as s:
                await s.load_session(snapshot)  # a fork: shares the base's pages
                result: tuple[float, int] = await s.feed_run(BRANCH, inputs={"seed": seed})
                return result

        results = await asyncio.gather(*(branch(seed) for seed in range(n)))
        for length, seed in sorted(results):
            print(f"seed {seed}: tour {length}")
        best: tuple[float, int] = min(results)
        print(f"best of {n}: seed {best[1]}, tour {best[0]}")
        return best


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default=os.environ.get("AMBER_URL", "ws://127.0.0.1:8765/"))
    ap.add_argument("--key", default=os.environ.get("AMBER_API_KEY"))
    ap.add_argument("--n", type=int, default=8)
    a = ap.parse_args()
    asyncio.run(main(a.url, a.key, a.n))
