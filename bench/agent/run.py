#!/usr/bin/env python3
"""Run the agent-style benchmarks side by side under two commands.

Each bm_*.py in this directory runs under A (--cmd) and B (--vs, default
python3), alternating A B A B, --runs times each. Both must exit 0 with
the same stdout. Prints the median wall time of each, the ratio A/B, and
the geometric mean of the ratios.

    python3 bench/agent/run.py --cmd "/tmp/amber run {file}"
"""

import argparse
import math
import os
import resource
import shlex
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_once(template, path, timeout, cpu=False):
    cmd = template.replace("{file}", shlex.quote(path))
    t0, c0 = time.perf_counter(), cpu_children()
    p = subprocess.run(cmd, shell=True, capture_output=True, timeout=timeout)
    dt = cpu_children() - c0 if cpu else time.perf_counter() - t0
    if p.returncode != 0:
        raise RuntimeError(f"exit {p.returncode}: {p.stderr.decode(errors='replace')[-300:]}")
    return dt, p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cmd", required=True, help='command A, e.g. "./amber run {file}"')
    ap.add_argument("--vs", default="python3 {file}", help="command B (default python3 {file})")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--filter", default="")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--cpu", action="store_true", help="compare CPU time (user+sys) instead of wall time: steadier on a busy machine")
    ap.add_argument("--dir", default=HERE, help="directory of the bm_*.py programs (default: this one)")
    args = ap.parse_args()

    names = sorted(n for n in os.listdir(args.dir) if n.startswith("bm_") and n.endswith(".py") and args.filter in n)
    print(f"A: {args.cmd}\nB: {args.vs}")
    print(f"runs: {args.runs} each, alternating A B; medians of {'CPU' if args.cpu else 'wall'} time in seconds")
    print(f"{'benchmark':<16}{'A':>9}{'B':>9}{'A/B':>8}")
    ratios = []
    for name in names:
        path = os.path.join(args.dir, name)
        ta, tb = [], []
        try:
            for _ in range(args.runs):
                da, oa = run_once(args.cmd, path, args.timeout, args.cpu)
                db, ob = run_once(args.vs, path, args.timeout, args.cpu)
                if oa != ob:
                    raise RuntimeError(f"outputs differ: {oa[:80]!r} vs {ob[:80]!r}")
                ta.append(da)
                tb.append(db)
        except Exception as e:  # report and go on with the others
            print(f"{name[:-3]:<16}FAILED: {e}")
            continue
        a, b = statistics.median(ta), statistics.median(tb)
        ratios.append(a / b)
        print(f"{name[:-3]:<16}{a:9.3f}{b:9.3f}{a / b:8.2f}")
    if ratios:
        g = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f"geomean ratio A/B: {g:.2f} (worst {max(ratios):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
