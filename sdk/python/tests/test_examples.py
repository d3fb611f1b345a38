"""examples/python: each program runs, as its docstring says, against a
real amber serve."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import REPO, Server

EXAMPLES = REPO / "examples" / "python"


def run_example(name: str, url: str, *args: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(REPO / "sdk" / "python"), AMBER_URL=url)
    p = subprocess.run([sys.executable, str(EXAMPLES / name), *args], env=env, capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_agent_loop(url: str) -> None:
    out = run_example("agent_loop.py", url)
    assert "turn 1: 2 hits" in out
    assert "answer: Amber runs agent-written Python" in out and "AWS Lambda runs one step" in out


def test_approval_gate_across_two_processes(url: str, tmp_path: Path) -> None:
    state = tmp_path / "pending.txt"
    out = run_example("approval.py", url, "--state", str(state))
    assert "waiting for approval: transfer({'amount': 250, 'to': 'bob'})" in out and state.exists()
    out = run_example("approval.py", url, "--state", str(state), "--approve")
    assert out == "sent 250 to bob: receipt-bob-250\n" and not state.exists()
    run_example("approval.py", url, "--state", str(state))
    out = run_example("approval.py", url, "--state", str(state), "--deny")
    assert out == "not sent: denied by the approver\n"


def test_best_of_n(server: Server) -> None:
    out = run_example("best_of_n.py", server.ws_url, "--n", "8")
    lines = out.splitlines()
    assert len(lines) == 9 and lines[-1].startswith("best of 8: seed ")
    lengths = [float(line.rsplit(" ", 1)[1]) for line in lines[:-1]]
    assert lengths == sorted(lengths) and len({line.split(":")[0] for line in lines[:-1]}) == 8
    assert lines[-1].endswith(f"tour {lengths[0]}")
