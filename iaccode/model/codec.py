"""ProtoJSON codec for the A2A 1.0 model, built on cattrs.

Out (spec §5.5-5.7, ADR-001): lowerCamelCase names, enums by name, `bytes` as standard base64,
unset optional fields and default values omitted, REQUIRED fields always present.

In, leniently, as a protobuf JSON parser would: lowerCamelCase and the proto snake_case names,
enums by name or number, integers as numbers or numeric strings, `null` as "not set", base64 in
the standard or the URL-safe alphabet, unknown members ignored (spec §5.7). A value of the wrong
type or a missing REQUIRED field raises `InvalidParamsError` naming the field by its JSON path,
which the dispatcher answers with -32602.
"""

from __future__ import annotations

import base64
import binascii
import enum
import re
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn, override

from iaccode.model import a2a as model
from iaccode.model.errors import InvalidParamsError

T = TypeVar("T")
Hook = Callable[[Any, Any], Any]

_INT32_MAX = 2**31 - 1


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word[:1].upper() + word[1:] for word in rest)


class _FieldError(Exception):
    """A type error at a path, collected while descending and reported once at the top."""

    def __init__(self, path: list[str], problem: str) -> None:
        self.path = path
        self.problem = problem

    def at(self, segment: str) -> _FieldError:
        self.path.insert(0, segment)
        return self

    def to_params_error(self) -> InvalidParamsError:
        where = ""
        for segment in self.path:
            where += segment if segment.startswith("[") or not where else "." + segment
        return InvalidParamsError(
            f"'{where}' {self.problem}" if where else self.problem, field=where
        )


# -- primitive structure hooks -------------------------------------------------------------------


def _structure_str(value: Any, _: Any) -> str:
    if not isinstance(value, str):
        raise _FieldError([], "must be a string")
    return value


def _structure_int(value: Any, _: Any) -> int:
    # ProtoJSON int32 accepts numbers and numeric strings; floats only when integral.
    if isinstance(value, bool):
        raise _FieldError([], "must be an integer")
    if isinstance(value, int):
        number = value
    elif _is_integral(value):
        number = int(value)
    else:
        raise _FieldError([], "must be an integer")
    if not -_INT32_MAX - 1 <= number <= _INT32_MAX:
        raise _FieldError([], "is out of range")
    return number


_INTEGER = re.compile(r"\s*[+-]?[0-9]{1,20}\s*")  # bounded: int() of a huge string fails


def _is_integral(value: Any) -> bool:
    if isinstance(value, float):
        return value.is_integer()
    return isinstance(value, str) and _INTEGER.fullmatch(value) is not None


def _structure_bool(value: Any, _: Any) -> bool:
    if not isinstance(value, bool):
        raise _FieldError([], "must be a boolean")
    return value


_URL_SAFE = str.maketrans("-_", "+/")


def _structure_bytes(value: Any, _: Any) -> bytes:
    if not isinstance(value, str):
        raise _FieldError([], "must be a base64 string")
    text = value.strip()
    # Both alphabets are accepted (URL-safe is mapped onto the standard one, then validated).
    padded = (text + "=" * (-len(text) % 4)).translate(_URL_SAFE)
    try:
        return base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError):
        raise _FieldError([], "is not valid base64") from None


def _structure_any(value: Any, _: Any) -> Any:
    return value


def _structure_struct(value: Any, _: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _FieldError([], "must be an object")
    return value


def _structure_enum(cls: type[enum.IntEnum]) -> Hook:
    by_name = {member.name: member for member in cls}
    by_number = {member.value: member for member in cls}

    def structure(value: Any, _: Any) -> enum.IntEnum:
        member = None
        if isinstance(value, str):
            member = by_name.get(value)
            if member is None and _INTEGER.fullmatch(value):
                member = by_number.get(int(value))
        elif isinstance(value, int) and not isinstance(value, bool):
            member = by_number.get(value)
        if member is None:
            raise _FieldError([], f"has an unknown value {str(value)[:40]!r}")
        return member

    return structure


# -- the converter -------------------------------------------------------------------------------


class Codec:
    """Structure and unstructure hooks for every attrs class in `iaccode.model.a2a`."""

    def __init__(self) -> None:
        self._converter = cattrs.Converter()
        conv = self._converter
        # Single-dispatch hooks: the most specific class wins, so bool and the enums are not
        # taken for int.
        conv.register_structure_hook(str, _structure_str)
        conv.register_structure_hook(int, _structure_int)
        conv.register_structure_hook(bool, _structure_bool)
        conv.register_structure_hook(bytes, _structure_bytes)
        for enum_cls in (model.Role, model.TaskState):
            conv.register_structure_hook(enum_cls, _structure_enum(enum_cls))
        conv.register_structure_hook_func(lambda t: t is typing.Any, _structure_any)
        conv.register_structure_hook_func(lambda t: t == dict[str, typing.Any], _structure_struct)
        conv.register_structure_hook_factory(_is_optional, self._make_optional)
        conv.register_structure_hook_factory(_is_list, self._make_list)
        conv.register_structure_hook_factory(_is_str_dict, self._make_str_dict)
        conv.register_structure_hook_factory(attrs.has, self._make_structure)

        conv.register_unstructure_hook(bytes, lambda b: base64.b64encode(b).decode("ascii"))
        conv.register_unstructure_hook_factory(
            lambda t: isinstance(t, type) and issubclass(t, enum.IntEnum),
            lambda _: lambda member: member.name,
        )
        conv.register_unstructure_hook_factory(attrs.has, self._make_unstructure)

    # structure --------------------------------------------------------------------------------

    def structure(self, value: Any, cls: type[T]) -> T:
        """Build `cls` from decoded JSON, raising `InvalidParamsError` on a bad value."""
        try:
            return self._converter.structure(value, cls)
        except _FieldError as exc:
            raise exc.to_params_error() from None

    def _make_optional(self, tp: Any) -> Hook:
        inner = next(arg for arg in typing.get_args(tp) if arg is not type(None))
        hook = self._converter.get_structure_hook(inner)
        return lambda value, _: None if value is None else hook(value, inner)

    def _make_list(self, tp: Any) -> Hook:
        (item_type,) = typing.get_args(tp)
        hook = self._converter.get_structure_hook(item_type)

        def structure(value: Any, _: Any) -> list[Any]:
            if not isinstance(value, list):
                raise _FieldError([], "must be an array")
            out = []
            for index, item in enumerate(value):
                try:
                    out.append(hook(item, item_type))
                except _FieldError as exc:
                    raise exc.at(f"[{index}]") from None
            return out

        return structure

    def _make_str_dict(self, tp: Any) -> Hook:
        _, value_type = typing.get_args(tp)
        hook = self._converter.get_structure_hook(value_type)

        def structure(value: Any, _: Any) -> dict[str, Any]:
            if not isinstance(value, dict):
                raise _FieldError([], "must be an object")
            out = {}
            for key, item in value.items():
                try:
                    out[key] = hook(item, value_type)
                except _FieldError as exc:
                    raise exc.at(str(key)) from None
            return out

        return structure

    def _make_structure(self, cls: type[Any]) -> Hook:
        attrs.resolve_types(cls)
        fields = attrs.fields(cls)
        lookup: dict[str, tuple[str, Any, Hook]] = {}
        for field in fields:
            entry = (field.name, field.type, self._converter.get_structure_hook(field.type))
            lookup[field.name] = entry
            lookup[camel(field.name)] = entry
        required = [f.name for f in fields if f.metadata.get(model.REQUIRED)]

        def structure(value: Any, _: Any) -> Any:
            if not isinstance(value, dict):
                raise _FieldError([], "must be an object")
            kwargs: dict[str, Any] = {}
            for key, item in value.items():
                entry = lookup.get(key)
                if entry is None or item is None:
                    continue  # unknown members are ignored, null means "not set"
                name, field_type, hook = entry
                try:
                    kwargs[name] = hook(item, field_type)
                except _FieldError as exc:
                    raise exc.at(camel(name)) from None
            for name in required:
                if name not in kwargs:
                    raise _FieldError([camel(name)], "is required")
            return cls(**kwargs)

        return structure

    # unstructure ------------------------------------------------------------------------------

    def unstructure(self, value: Any) -> Any:
        """Decoded-JSON form of a model value (ready for `wire.json.dumps`)."""
        return self._converter.unstructure(value)

    def _make_unstructure(self, cls: type[Any]) -> Callable[[Any], dict[str, Any]]:
        attrs.resolve_types(cls)
        overrides = {
            field.name: override(
                rename=camel(field.name),
                omit_if_default=not field.metadata.get(model.ALWAYS_EMIT, False),
            )
            for field in attrs.fields(cls)
        }
        return make_dict_unstructure_fn(
            cls,
            self._converter,
            _cattrs_omit_if_default=True,
            **overrides,  # type: ignore[arg-type]  # per-field overrides share **kwargs
        )


def _is_optional(tp: Any) -> bool:
    origin = typing.get_origin(tp)
    return origin in (typing.Union, types.UnionType) and type(None) in typing.get_args(tp)


def _is_list(tp: Any) -> bool:
    return typing.get_origin(tp) is list


def _is_str_dict(tp: Any) -> bool:
    return typing.get_origin(tp) is dict and tp != dict[str, typing.Any]


CODEC = Codec()
structure = CODEC.structure
unstructure = CODEC.unstructure
