"""The project's usage per UTC day (the ``usage`` operation), typed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import _errors as E

__all__ = ["Usage", "UsageDay", "UsageCaps"]


@dataclass(frozen=True)
class UsageDay:
    """One UTC day of a project's usage (or a window's totals, whose
    ``day`` is empty)."""

    day: str
    """``YYYY-MM-DD`` (UTC); ``""`` in totals."""
    steps: int
    """Committed steps."""
    cpu_ms: float
    """The interpreter's CPU time, milliseconds."""
    bytes_written: int
    """Bytes the steps' commits wrote to the store."""
    gb_hours: float
    """Stored logical bytes over time, 10⁹ byte-hours (sampled by GC)."""


@dataclass(frozen=True)
class UsageCaps:
    """The project's daily caps; 0 is no cap."""

    max_steps_per_day: int
    max_cpu_seconds_per_day: int


@dataclass(frozen=True)
class Usage:
    """What ``pool.usage()`` returns: every day of the window, oldest
    first and today last, the window's totals and the daily caps."""

    days: tuple[UsageDay, ...]
    totals: UsageDay
    caps: UsageCaps

    @property
    def today(self) -> UsageDay:
        """Today's usage (UTC)."""
        return self.days[-1]


def _num(d: dict[str, Any], name: str) -> float:
    v = d.get(name, 0)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise E.ProtocolError(f"usage: {name} is not a number")
    return float(v)


def _int(d: dict[str, Any], name: str) -> int:
    v = d.get(name, 0)
    if isinstance(v, bool) or not isinstance(v, int):
        raise E.ProtocolError(f"usage: {name} is not an integer")
    return v


def _day(d: Any) -> UsageDay:
    if not isinstance(d, dict):
        raise E.ProtocolError("usage: a day is not an object")
    day = d.get("day", "")
    if not isinstance(day, str):
        raise E.ProtocolError("usage: day is not a string")
    return UsageDay(day=day, steps=_int(d, "steps"), cpu_ms=_num(d, "cpu_ms"),
                    bytes_written=_int(d, "bytes_written"), gb_hours=_num(d, "gb_hours"))


def parse_usage(r: dict[str, Any]) -> Usage:
    """The usage of a ``usage`` reply."""
    u = r.get("usage")
    if not isinstance(u, dict) or not isinstance(u.get("days"), list) or not u["days"]:
        raise E.ProtocolError("usage reply without usage days")
    caps = u.get("caps") or {}
    if not isinstance(caps, dict):
        raise E.ProtocolError("usage: caps is not an object")
    return Usage(days=tuple(_day(d) for d in u["days"]), totals=_day(u.get("totals") or {}),
                 caps=UsageCaps(max_steps_per_day=_int(caps, "max_steps_per_day"),
                                max_cpu_seconds_per_day=_int(caps, "max_cpu_seconds_per_day")))
