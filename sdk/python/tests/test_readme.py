"""The README's examples run as written, with only the server's URL
changed, over WebSocket and HTTP."""

from __future__ import annotations

import re

import pytest

from conftest import REPO

README = (REPO / "sdk" / "python" / "README.md").read_text()
BLOCKS = re.findall(r"```python\n(.*?)```", README, re.S)
# The repository README's "SDK (Python)" section too.
_TOP = (REPO / "README.md").read_text().split("## SDK (Python)", 1)[1].split("\n## ", 1)[0]
BLOCKS += re.findall(r"```python\n(.*?)```", _TOP, re.S)


def test_the_readme_has_its_examples() -> None:
    assert len(BLOCKS) >= 6
    assert all('"ws://127.0.0.1:8765/"' in b for b in BLOCKS)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_example(url: str, index: int) -> None:
    code = BLOCKS[index].replace('"ws://127.0.0.1:8765/"', repr(url))
    exec(compile(code, f"README.md block {index}", "exec"), {"__name__": "readme"})
