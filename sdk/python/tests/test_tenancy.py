"""Server ceilings (CONTRACTS.md section 4)."""

from __future__ import annotations

import amber


def test_checkout_replies_with_the_effective_limits(url: str) -> None:
    with amber.Pool(url) as pool:
        with pool.checkout(limits={"max_recursion": 100}) as s:
            assert s.limits is not None and s.limits.get("max_recursion") == 100
