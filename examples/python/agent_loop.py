"""An agent loop: a (fake) model writes code that calls a host `search`
tool; the code runs in a durable Amber session, its output goes back to the
model, until the model answers.

    go run ./cmd/amber serve &
    PYTHONPATH=sdk/python python3 examples/python/agent_loop.py [--url ws://127.0.0.1:8765/]
"""

from __future__ import annotations

import argparse
import asyncio
import os

import amber

DOCS = {
    "amber": "Amber runs agent-written Python in a sandbox whose whole state is data.",
    "lambda": "AWS Lambda runs one step of a session per invocation.",
}


async def search(query: str) -> list[str]:
    """The host's tool: the sandbox can reach the world only through it."""
    await asyncio.sleep(0.01)  # an API call, say
    return [text for key, text in DOCS.items() if key in query.lower()]


def fake_model(transcript: list[str]) -> str | None:
    """Stands in for an LLM: the code it writes at each turn (None: done)."""
    turns = [
        "hits = await_all(['amber sandbox', 'lambda steps'])\nprint(len(hits), 'hits')",
        "summary = ' / '.join(h[0] for h in hits if h)\nprint(summary)\nsummary",
    ]
    return turns[len(transcript)] if len(transcript) < len(turns) else None


PRELUDE = """
import asyncio
def await_all(queries):
    async def go():
        calls = [search(q) for q in queries]
        return await asyncio.gather(*calls)
    return asyncio.run(go())
"""


async def main(url: str, api_key: str | None) -> str:
    async with amber.AsyncPool(url, api_key=api_key) as pool:
        async with pool.checkout(script_name="agent.py") as session:
            await session.feed_run(PRELUDE)
            transcript: list[str] = []
            answer = ""
            while (code := fake_model(transcript)) is not None:
                out: list[str] = []
                try:
                    value = await session.feed_run(code, external_functions={"search": search},
                                                   print_callback=lambda stream, text: out.append(text))
                    answer = str(value) if value is not None else answer
                    transcript.append("".join(out))
                except amber.PythonError as e:
                    transcript.append(e.display())  # the model sees the traceback and tries again
                print(f"turn {len(transcript)}: {transcript[-1].strip()}")
            print("answer:", answer)
            return answer


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default=os.environ.get("AMBER_URL", "ws://127.0.0.1:8765/"))
    ap.add_argument("--key", default=os.environ.get("AMBER_API_KEY"))
    a = ap.parse_args()
    asyncio.run(main(a.url, a.key))
