"""An approval gate across two processes: the agent's code pauses at a
sensitive host call, the paused session is saved and this process exits; a
second process, once a person approved, loads the snapshot and resumes the
call, minutes or days later, on any machine.

    go run ./cmd/amber serve &
    PYTHONPATH=sdk/python python3 examples/python/approval.py --state pending.txt            # runs to transfer(...), saves, exits
    PYTHONPATH=sdk/python python3 examples/python/approval.py --state pending.txt --approve  # loads, transfers, finishes
    PYTHONPATH=sdk/python python3 examples/python/approval.py --state pending.txt --deny     # or: PermissionError in the sandbox
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

import amber

AGENT_CODE = """
balance = get_balance("alice")
amount = min(250, balance // 2)
try:
    receipt = transfer(to="bob", amount=amount)
    result = f"sent {amount} to bob: {receipt}"
except PermissionError as e:
    result = f"not sent: {e}"
print(result)
result
"""

SENSITIVE = {"transfer"}


def get_balance(account: str) -> int:
    return 1000


def transfer(to: str, amount: int) -> str:
    return f"receipt-{to}-{amount}"


def request(url: str, key: str | None, state: Path) -> None:
    """Run the agent until a sensitive call, save the pause, return."""
    with amber.Pool(url, api_key=key) as pool:
        with pool.checkout(script_name="agent.py") as session:
            p = session.feed_start(AGENT_CODE, external_functions={"get_balance": get_balance, "transfer": transfer})
            while isinstance(p, amber.FunctionSnapshot):
                if p.function_name in SENSITIVE:
                    snap = p.dump()
                    state.write_bytes(snap)
                    print(f"waiting for approval: {p.function_name}({p.kwargs}) - snapshot {snap.decode()} saved in {state}")
                    return
                p = p.resume({"return_value": get_balance(*p.args, **p.kwargs)})
            raise SystemExit("the agent finished without a sensitive call")


def decide(url: str, key: str | None, state: Path, approved: bool) -> Any:
    """Load the pause in a fresh session and answer the pending call."""
    snap = state.read_bytes()
    with amber.Pool(url, api_key=key) as pool:
        with pool.checkout(script_name="agent.py") as session:
            p = session.load_snapshot(snap, print_callback=lambda stream, text: print(text, end=""))
            assert isinstance(p, amber.FunctionSnapshot) and p.function_name == "transfer"
            if approved:
                done = p.resume({"return_value": transfer(**p.kwargs)})
            else:
                done = p.resume({"exc_type": "PermissionError", "message": "denied by the approver"})
            assert isinstance(done, amber.Complete)
            state.unlink()
            return done.output


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default=os.environ.get("AMBER_URL", "ws://127.0.0.1:8765/"))
    ap.add_argument("--key", default=os.environ.get("AMBER_API_KEY"))
    ap.add_argument("--state", type=Path, default=Path("pending-approval.txt"))
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--approve", action="store_true")
    g.add_argument("--deny", action="store_true")
    a = ap.parse_args()
    if a.approve or a.deny:
        if not a.state.exists():
            sys.exit(f"no pending approval in {a.state}")
        decide(a.url, a.key, a.state, a.approve)
    else:
        request(a.url, a.key, a.state)
