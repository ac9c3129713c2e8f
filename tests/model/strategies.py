"""Hypothesis strategies for every A2A 1.0 model value, derived from the attrs classes.

`values(cls)` builds instances of `cls` from its field types, so a property over it covers each
field the proto has, including ones added later. Values are what the wire can carry: int32
integers, no lone surrogates, JSON values within a double's exact range.
"""

from __future__ import annotations

import enum
import types
import typing
from typing import Any

import attrs
from hypothesis import strategies as st

from iaccode.model import a2a as m

INT32 = st.integers(min_value=-(2**31), max_value=2**31 - 1)
TEXT = st.text(max_size=12)
JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**53), max_value=2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=6,
)
JSON_OBJECTS = st.dictionaries(TEXT, JSON_VALUES, max_size=3)


def _for_type(tp: Any) -> st.SearchStrategy[Any]:
    if tp is Any:
        return JSON_VALUES.filter(lambda value: value is not None)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [arg for arg in args if arg is not type(None)]
        assert len(inner) == 1, tp
        return st.none() | _for_type(inner[0])
    if origin is list:
        return st.lists(_for_type(args[0]), max_size=2)
    if origin is dict:
        if args[1] is Any:
            return JSON_OBJECTS
        return st.dictionaries(TEXT, _for_type(args[1]), max_size=2)
    if tp is str:
        return TEXT
    if tp is bool:
        return st.booleans()
    if tp is int:
        return INT32
    if tp is bytes:
        return st.binary(max_size=16)
    if isinstance(tp, type) and issubclass(tp, enum.IntEnum):
        return st.sampled_from(tp)
    if attrs.has(tp):
        return st.deferred(lambda: values(tp))
    raise TypeError(f"no strategy for {tp!r}")


_BUILT: dict[type[Any], st.SearchStrategy[Any]] = {}


def values(cls: type[Any]) -> st.SearchStrategy[Any]:
    """Any instance of the model class `cls`."""
    if cls not in _BUILT:
        hints = typing.get_type_hints(cls, vars(m))
        fields = {field.name: _for_type(hints[field.name]) for field in attrs.fields(cls)}
        _BUILT[cls] = st.builds(cls, **fields)
    return _BUILT[cls]


def model_classes() -> list[type[Any]]:
    """Every attrs class of `iaccode.model.a2a`."""
    return [
        value
        for value in vars(m).values()
        if isinstance(value, type) and attrs.has(value) and value.__module__ == m.__name__
    ]
