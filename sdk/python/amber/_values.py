"""The protocol's JSON encoding of Python values (docs/values.schema.json).

JSON's own types stand for themselves; everything else is an object with one
``$`` tag. Encoding refuses what cannot enter the sandbox (cycles, values
nested too deeply, types with no encoding) with TypeError or ValueError
before anything is sent, so a bad input loses nothing.
"""

from __future__ import annotations

import base64
import builtins
import math
from dataclasses import dataclass
from typing import Any

__all__ = ["Opaque", "HostRef", "encode", "decode", "MAX_DEPTH", "MAX_INT_DIGITS"]

#: JSON ints within this bound are written plainly; beyond it as ``$int``.
SAFE_INT = 2**53 - 1
#: Nesting of lists, dicts, ... the server's decoder accepts.
MAX_DEPTH = 200
#: CPython's (and the server's) int<->str conversion limit.
MAX_INT_DIGITS = 4300

_TAGS = ("$int", "$float", "$bytes", "$tuple", "$set", "$frozenset", "$dict", "$exception", "$host", "$repr")


@dataclass(frozen=True)
class Opaque:
    """A sandbox value with no Python form here (a range, a generator, an
    instance of a class defined in the sandbox, ...): its repr and the name of
    its type. Handed back in, the sandbox gets an opaque stand-in, not the
    original object."""

    repr: str
    type: str

    def __repr__(self) -> str:
        return self.repr


@dataclass(frozen=True)
class HostRef:
    """A host object another client handed in (``$host``): only its id
    travelled."""

    id: int | str


def _builtin_exception_name(exc: BaseException) -> str:
    """The name of the nearest builtin exception class of exc: the sandbox
    knows only builtin types, so ``class MyError(ValueError)`` enters as
    ValueError."""
    for cls in type(exc).__mro__:
        if getattr(builtins, cls.__name__, None) is cls:
            return cls.__name__
    return "RuntimeError"


def exception_wire(exc: BaseException) -> dict[str, str]:
    """``{"type", "message"}`` of a host exception, to raise in the sandbox.
    The message is the exception's one argument when it has one, so that
    KeyError('k') arrives as KeyError('k') (whose str() is "'k'")."""
    msg = str(exc.args[0]) if len(exc.args) == 1 else str(exc)
    return {"type": _builtin_exception_name(exc), "message": msg}


def encode(value: Any) -> Any:
    """Return the JSON-ready form of value.

    Raises TypeError for a type with no encoding and ValueError for a cyclic
    value, one nested deeper than MAX_DEPTH, or an int of more than
    MAX_INT_DIGITS digits.
    """
    return _enc(value, 0, set())


def _enc(v: Any, depth: int, path: set[int]) -> Any:
    if v is None or v is True or v is False:
        return v
    t = type(v)
    if t is str:
        return v
    if isinstance(v, bool):  # a bool subclass instance
        return bool(v)
    if isinstance(v, int):
        n = int(v)
        if -SAFE_INT <= n <= SAFE_INT:
            return n
        try:
            digits = str(n)
        except ValueError as e:  # CPython's own digit limit
            raise ValueError(f"int too large to enter the sandbox: {e}") from None
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise ValueError(f"int of {len(digits.lstrip('-'))} digits is over the sandbox's limit of {MAX_INT_DIGITS}")
        return {"$int": digits}
    if isinstance(v, float):
        f = float(v)
        if math.isnan(f):
            return {"$float": "nan"}
        if math.isinf(f):
            return {"$float": "inf" if f > 0 else "-inf"}
        return f
    if isinstance(v, str):
        return str(v)
    if isinstance(v, (bytes, bytearray, memoryview)):
        return {"$bytes": base64.b64encode(bytes(v)).decode("ascii")}
    if isinstance(v, Opaque):
        return {"$repr": v.repr, "$type": v.type}
    if isinstance(v, HostRef):
        return {"$host": v.id}
    if isinstance(v, BaseException):
        return {"$exception": exception_wire(v)}
    if not isinstance(v, (list, tuple, set, frozenset, dict)):
        raise TypeError(f"a value of type {t.__name__} cannot enter the sandbox "
                        "(it takes None, bool, int, float, str, bytes, list, tuple, set, frozenset, dict and exceptions)")
    if depth >= MAX_DEPTH:
        raise ValueError(f"value nested more than {MAX_DEPTH} deep cannot enter the sandbox")
    key = id(v)
    if key in path:
        raise ValueError(f"cyclic value: a {t.__name__} contains itself, and cannot enter the sandbox")
    path.add(key)
    try:
        d = depth + 1
        if isinstance(v, list):
            return [_enc(x, d, path) for x in v]
        if isinstance(v, tuple):
            return {"$tuple": [_enc(x, d, path) for x in v]}
        if isinstance(v, frozenset):
            return {"$frozenset": [_enc(x, d, path) for x in v]}
        if isinstance(v, set):
            return {"$set": [_enc(x, d, path) for x in v]}
        # dict
        if all(type(k) is str and not k.startswith("$") for k in v):
            return {k: _enc(x, d, path) for k, x in v.items()}
        return {"$dict": [[_enc(k, d, path), _enc(x, d, path)] for k, x in v.items()]}
    finally:
        path.discard(key)


class DecodeError(ValueError):
    """A value from the server that is not in the protocol's encoding."""


def decode(j: Any) -> Any:
    """Return the Python value of j, an encoded value parsed from JSON."""
    return _dec(j, 0)


def _dec(j: Any, depth: int) -> Any:
    if j is None or isinstance(j, (bool, int, float, str)):
        return j
    if depth >= MAX_DEPTH + 2:
        raise DecodeError("value nested too deeply")
    d = depth + 1
    if isinstance(j, list):
        return [_dec(x, d) for x in j]
    if not isinstance(j, dict):
        raise DecodeError(f"not an encoded value: {type(j).__name__}")
    tags = [k for k in j if k.startswith("$")]
    if not tags:
        return {k: _dec(x, d) for k, x in j.items()}
    tag = tags[0]
    if tag == "$repr":
        if set(j) != {"$repr", "$type"} or not isinstance(j["$repr"], str) or not isinstance(j["$type"], str):
            raise DecodeError("malformed $repr")
        return Opaque(j["$repr"], j["$type"])
    if len(j) != 1 or tag not in _TAGS:
        raise DecodeError(f"unknown or malformed tag {tag!r}")
    x = j[tag]
    try:
        if tag == "$int":
            if not isinstance(x, str) or len(x.lstrip("-")) > MAX_INT_DIGITS + 1:
                raise DecodeError("malformed $int")
            return int(x)
        if tag == "$float":
            if x not in ("nan", "inf", "-inf"):
                raise DecodeError("malformed $float")
            return float(x)
        if tag == "$bytes":
            if not isinstance(x, str):
                raise DecodeError("malformed $bytes")
            return base64.b64decode(x, validate=True)
        if tag in ("$tuple", "$set", "$frozenset", "$dict"):
            if not isinstance(x, list):
                raise DecodeError(f"malformed {tag}")
            if tag == "$tuple":
                return tuple(_dec(e, d) for e in x)
            if tag == "$set":
                return {_dec(e, d) for e in x}
            if tag == "$frozenset":
                return frozenset(_dec(e, d) for e in x)
            out: dict[Any, Any] = {}
            for pair in x:
                if not isinstance(pair, list) or len(pair) != 2:
                    raise DecodeError("malformed $dict pair")
                out[_dec(pair[0], d)] = _dec(pair[1], d)
            return out
        if tag == "$exception":
            if not isinstance(x, dict) or not isinstance(x.get("type"), str):
                raise DecodeError("malformed $exception")
            return _make_exception(x["type"], str(x.get("message", "")))
        # $host
        if not isinstance(x, (int, str)) or isinstance(x, bool):
            raise DecodeError("malformed $host")
        return HostRef(x)
    except DecodeError:
        raise
    except (TypeError, ValueError) as e:  # unhashable keys, bad base64, ...
        raise DecodeError(f"malformed {tag}: {e}") from None


def _make_exception(type_name: str, message: str) -> BaseException:
    """type_name(message) for a builtin exception type, else an Exception
    whose str names the type."""
    cls = getattr(builtins, type_name, None)
    if isinstance(cls, type) and issubclass(cls, BaseException):
        try:
            return cls(message)
        except Exception:
            pass
    return Exception(f"{type_name}: {message}")
