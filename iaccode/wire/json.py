"""The project's one JSON entry point: orjson when importable, the standard library otherwise.

Every byte of JSON that iaccode reads or writes goes through `dumps` and `loads`, so that the
backend is a speed-up and never a change of meaning (style-and-performance C.6 rule 7: orjson saves
about 3.5 µs per SSE frame and 7 µs per small request). Both backends are exposed as `Backend`
values, `ORJSON` and `STDLIB`, with one contract, which the tests check against a shared table:

- `dumps(value) -> bytes` writes compact UTF-8 with non-ASCII characters as they are. It accepts
  str, int, float, bool, None, list, tuple and dict (plus Enum and UUID, which orjson encodes
  natively, so the stdlib backend does too) and raises `TypeError` for anything else, for lone
  surrogates and for cycles. JSON has no NaN or Infinity: both write them as `null`, as orjson
  does. The only visible difference between the backends is how a float is spelled (`1e-05`
  against `0.00001`); the parsed values are equal.
- `loads(data, max_depth=64)` reads one document from UTF-8 bytes or a str (RFC 8259) and raises
  `JSONDecodeError` for invalid JSON, invalid UTF-8, a byte order mark, lone surrogates (escaped
  or not) and the NaN/Infinity literals. Nesting deeper than `max_depth` arrays and objects raises
  `NestingTooDeep`, a `JSONDecodeError`. When an object repeats a key, the last value wins (RFC
  8259 §4 leaves this to the implementation; both backends behave this way). Integers outside
  [-2**63, 2**64 - 1] become floats and numbers too large for a double are rejected: that is
  orjson's rule, and RFC 8259 §6 only promises interoperability within a double's range anyway.

The stdlib backend is the reference: when orjson refuses to encode a value (an integer wider than
64 bits, a non-str key, very deep nesting), the stdlib backend decides, coercing keys as it does.
"""

from __future__ import annotations

import enum
import json
import math
import re
import uuid
from collections.abc import Callable
from typing import Any, NoReturn

import attrs

DEFAULT_MAX_DEPTH = 64

_INT_MIN = -(2**63)
_UINT_MAX = 2**64 - 1


class JSONDecodeError(ValueError):
    """The input is not a JSON document that iaccode accepts."""


class NestingTooDeep(JSONDecodeError):
    """The document nests arrays and objects deeper than allowed."""


@attrs.frozen
class Backend:
    """A JSON implementation behind the contract described in the module docstring."""

    name: str
    dumps: Callable[[Any], bytes]
    parse: Callable[[bytes | str], Any]
    """Parse without the depth limit; errors are already mapped to `JSONDecodeError`."""

    def loads(self, data: bytes | str, *, max_depth: int = DEFAULT_MAX_DEPTH) -> Any:
        """Parse one JSON document, rejecting nesting deeper than `max_depth`."""
        value = self.parse(data)
        # Counting brackets runs at memchr speed and also counts those inside strings, so it can
        # only overestimate the depth: when it is within the limit, the walk is not needed.
        if isinstance(data, bytes):
            opened = data.count(b"[") + data.count(b"{")
        else:
            opened = data.count("[") + data.count("{")
        if opened > max_depth:
            check_depth(value, max_depth)
        return value


def check_depth(value: Any, max_depth: int) -> None:
    """The depth limit of `loads` on a value parsed already (say, from protobuf).

    Raises:
        NestingTooDeep: `value` nests deeper than `max_depth` arrays and objects.
    """
    if _depth_exceeds(value, max_depth):
        raise NestingTooDeep(f"JSON nesting exceeds {max_depth} levels")


def _depth_exceeds(value: Any, max_depth: int) -> bool:
    # Breadth-first, one level per pass: no recursion, and it stops at max_depth + 1 levels.
    level = [value] if isinstance(value, dict | list) else []
    for _ in range(max_depth):
        level = [
            child
            for node in level
            for child in (node.values() if isinstance(node, dict) else node)
            if isinstance(child, dict | list)
        ]
        if not level:
            return False
    return bool(level)


# --- the standard library backend ------------------------------------------------------------


class _Encoder(json.JSONEncoder):
    def default(self, o: Any) -> Any:
        # orjson encodes these natively; the backends must agree.
        if isinstance(o, enum.Enum):
            return o.value
        if isinstance(o, uuid.UUID):
            return str(o)
        return super().default(o)


_ENCODER = _Encoder(ensure_ascii=False, separators=(",", ":"))


def _nulls_for_nonfinite(value: Any) -> Any:
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _nulls_for_nonfinite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_nulls_for_nonfinite(item) for item in value]
    return value


def _stdlib_dumps(value: Any) -> bytes:
    try:
        text = _ENCODER.encode(value)
        # The encoder has no hook for floats, so non-finite ones are replaced in a second pass;
        # the test may also match inside a string, where the second pass changes nothing.
        if "NaN" in text or "Infinity" in text:
            text = _ENCODER.encode(_nulls_for_nonfinite(value))
        return text.encode("utf-8")
    except (ValueError, RecursionError) as exc:
        # A cycle, a lone surrogate (UnicodeEncodeError) or nesting beyond the interpreter's
        # stack: orjson reports all of these as TypeError.
        raise TypeError(f"cannot encode as JSON: {exc}") from exc


def _reject_constant(name: str) -> NoReturn:
    raise JSONDecodeError(f"{name} is not valid JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise JSONDecodeError(f"number {text[:40]} is too large for a double")
    return value


def _orjson_int(text: str) -> int | float:
    # 20 characters hold every integer in orjson's range; longer ones skip int() and its
    # 4300-digit guard.
    if len(text) <= 20:
        value = int(text)
        if _INT_MIN <= value <= _UINT_MAX:
            return value
    return _finite_float(text)


_DECODER = json.JSONDecoder(
    parse_float=_finite_float, parse_int=_orjson_int, parse_constant=_reject_constant
)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _stdlib_parse(data: bytes | str) -> Any:
    try:
        if isinstance(data, bytes):
            text = data.decode("utf-8")  # json.loads would guess UTF-16 and UTF-32 too
        else:
            text = data
            text.encode("utf-8")  # refuses lone surrogates, as orjson does
        value = _DECODER.decode(text)
        if _SURROGATE_ESCAPE.search(text):
            # The stdlib decodes an escaped lone surrogate; re-encoding is a C-speed check.
            _ENCODER.encode(value).encode("utf-8")
        return value
    except JSONDecodeError:
        raise
    except RecursionError as exc:
        raise NestingTooDeep("JSON nesting exceeds the parser's limit") from exc
    except ValueError as exc:  # json.JSONDecodeError, UnicodeError, int() limits
        raise JSONDecodeError(str(exc)) from exc


STDLIB = Backend("stdlib", _stdlib_dumps, _stdlib_parse)


# --- the orjson backend ----------------------------------------------------------------------


def _orjson_backend() -> Backend | None:
    try:
        import orjson
    except ImportError:  # pragma: no cover - orjson is a dependency; STDLIB is tested directly
        return None

    # orjson would also encode dataclasses and datetimes; the stdlib refuses them, and so must we.
    options = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
    orjson_dumps, orjson_loads, orjson_error = orjson.dumps, orjson.loads, orjson.JSONDecodeError

    def dumps(value: Any) -> bytes:
        try:
            return orjson_dumps(value, option=options)
        except TypeError:
            return _stdlib_dumps(value)

    def parse(data: bytes | str) -> Any:
        try:
            return orjson_loads(data)
        except orjson_error as exc:
            # orjson stops at 1024 levels; the stdlib raises RecursionError near 1000.
            if "depth limit" in str(exc):
                raise NestingTooDeep("JSON nesting exceeds the parser's limit") from exc
            raise JSONDecodeError(str(exc)) from exc

    return Backend("orjson", dumps, parse)


ORJSON = _orjson_backend()
"""The orjson backend, or None when orjson is not importable."""

BACKEND = ORJSON or STDLIB
"""The backend behind the module-level `dumps` and `loads`."""

dumps = BACKEND.dumps
loads = BACKEND.loads
