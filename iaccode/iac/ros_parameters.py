"""Parameters: Type, attributes, constraints, whether Default satisfies them, and unused ones.

Defaults are compared the way ROS coerces parameter values: Number defaults may be numeric
strings, Boolean defaults may be any spelling oslo's strutils accepts (true/false, yes/no, 1/0).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from iaccode.iac.msg import Msg, and_list
from iaccode.iac.ros_context import CheckContext, describe, str_keys, suggestion
from iaccode.iac.ros_loader import Path
from iaccode.iac.ros_refs import Usage, referenced_names, sub_placeholders
from iaccode.iac.ros_types import (
    BOOLEAN_FALSE_WORDS,
    BOOLEAN_TRUE_WORDS,
    PARAMETER_ATTRIBUTES,
    PARAMETER_TYPES,
)
from iaccode.iac.ros_values import function_of

# A quantified group that itself contains a quantifier, e.g. `(a+)+`: matching it can take
# exponential time, and templates are untrusted input, so such patterns are compiled but not run.
_NESTED_QUANTIFIER = re.compile(r"\((?:[^()\\]|\\.)*[*+}](?:[^()\\]|\\.)*\)[*+{?]")
_MAX_MATCHED_LENGTH = 4096
# The heuristic above backtracks quadratically itself, so only short patterns are inspected.
_MAX_INSPECTED_PATTERN = 512

_MAX_METADATA_VALUES = 10_000

# Parameter attributes that hold values (Min/Max and AllowedPattern are checked by type).
_VALUE_ATTRIBUTES = ("Default", "AllowedValues")

_STRING_TYPES = ("String", "ALIYUN::OOS::Parameter::Value", "ALIYUN::OOS::SecretParameter::Value")


def used_parameter_names(ctx: CheckContext, usages: Iterable[Usage]) -> set[str]:
    """Names used by Ref or Fn::Sub anywhere, plus `${Name}` in AssociationPropertyMetadata.

    The console resolves `${Name}` in a parameter's AssociationPropertyMetadata (for example to
    filter instance types by zone), so a parameter used only there is still in use.
    """
    used: set[str] = set()
    for usage in usages:
        used.update(referenced_names(usage))
    for definition in ctx.parameters.values():
        if isinstance(definition, dict):
            stack: list[object] = [definition.get("AssociationPropertyMetadata")]
            budget = _MAX_METADATA_VALUES  # bounded: a hand-built document may contain itself
            while stack and budget > 0:
                budget -= 1
                value = stack.pop()
                if isinstance(value, str):
                    used.update(sub_placeholders(value))
                elif isinstance(value, dict):
                    stack.extend(value.values())
                elif isinstance(value, list):
                    stack.extend(value)
    return used


def as_number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def _as_bool(value: object) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str | int) and not isinstance(value, bool):
        word = str(value).strip().lower()
        if word in BOOLEAN_TRUE_WORDS:
            return True
        if word in BOOLEAN_FALSE_WORDS:
            return False
    return None


def _as_text(value: object) -> str | None:
    """The string ROS sees for a scalar default; None for lists, mappings and null."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int | float):
        return str(value)
    return None


def _same(default: object, allowed: object, numeric: bool) -> bool:
    if numeric:
        left, right = as_number(default), as_number(allowed)
        if left is not None and right is not None:
            return left == right
    return _as_text(default) == _as_text(allowed)


def check_parameters(ctx: CheckContext, used: set[str]) -> None:
    for name, definition in ctx.parameters.items():
        path: Path = ("Parameters", name)
        if not isinstance(definition, dict):
            ctx.add(
                "ROS2001",
                path,
                Msg(
                    "Parameter {name} must be a mapping with a Type, not {value}.",
                    name=name,
                    value=describe(definition),
                ),
                Msg("Write the parameter as a mapping, for example {{Type: String}}."),
            )
            continue
        fields = str_keys(definition)
        for key in fields:
            if key not in PARAMETER_ATTRIBUTES:
                ctx.add(
                    "ROS2004",
                    (*path, key),
                    Msg("Parameter {name} has the unknown attribute {key!r}.", name=name, key=key),
                    suggestion(key, PARAMETER_ATTRIBUTES, Msg("Remove it.")),
                )
        kind = _check_type(ctx, path, name, fields)
        _check_no_functions(ctx, path, name, kind, fields)
        _check_constraints(ctx, path, name, kind, fields)
        if not ctx.is_terraform and name not in used:
            ctx.add(
                "ROS2014",
                path,
                Msg(
                    "Parameter {name} is never used by a Ref or Fn::Sub, so its value has no "
                    "effect.",
                    name=name,
                ),
                Msg("Reference it with Ref {name} where it is needed, or remove it.", name=name),
            )


def _check_no_functions(
    ctx: CheckContext, path: Path, name: str, kind: str | None, fields: dict[str, object]
) -> None:
    """ROS evaluates functions in Resources, Outputs, Conditions, Locals and Rules only: a
    function in a parameter's Default or AllowedValues stays an unevaluated mapping. A Json
    parameter's values are data (a mapping that looks like a function is just JSON), and
    AssociationPropertyMetadata is read by the console, which has its own conditions."""
    if kind == "Json" or kind is None:
        return
    for key in _VALUE_ATTRIBUTES:
        if key not in fields:
            continue
        value = fields[key]
        items = list(enumerate(value)) if isinstance(value, list) else [(None, value)]
        for index, item in items:
            function = function_of(item)
            if function is None:
                continue
            ctx.add(
                "ROS2015",
                (*path, key) if index is None else (*path, key, index),
                Msg(
                    "The {key} of parameter {name} uses {function}, but ROS does not evaluate "
                    "functions in Parameters.",
                    key=key,
                    name=name,
                    function=function,
                ),
                Msg(
                    "Write a literal value there, and compute derived values with the function "
                    "where the parameter is used (Resources, Outputs or Locals)."
                ),
            )


def _check_type(ctx: CheckContext, path: Path, name: str, fields: dict[str, object]) -> str | None:
    if "Type" not in fields:
        ctx.add(
            "ROS2002",
            (*path, "Type"),
            Msg("Parameter {name} has no Type.", name=name),
            Msg("Add Type: String (or Number, CommaDelimitedList, Json, Boolean)."),
        )
        return None
    kind = fields["Type"]
    if isinstance(kind, str) and kind in PARAMETER_TYPES:
        return kind
    ctx.add(
        "ROS2003",
        (*path, "Type"),
        Msg("Parameter {name} has the unknown Type {value}.", name=name, value=describe(kind)),
        suggestion(
            kind, PARAMETER_TYPES, Msg("Use one of: {choices}.", choices=", ".join(PARAMETER_TYPES))
        ),
    )
    return None


def _whole(ctx: CheckContext, path: Path, fields: dict[str, object], key: str) -> int | None:
    if key not in fields:
        return None
    value = fields[key]
    number = as_number(value)
    if number is not None and number.is_integer() and number >= 0:
        return int(number)
    ctx.add(
        "ROS2005",
        (*path, key),
        Msg(
            "{key} must be a whole number of characters, not {value}.",
            key=key,
            value=describe(value),
        ),
        Msg("Set {key} to a non-negative integer such as 8.", key=key),
    )
    return None


def _bound(ctx: CheckContext, path: Path, fields: dict[str, object], key: str) -> float | None:
    if key not in fields:
        return None
    value = fields[key]
    number = as_number(value)
    if number is not None:
        return number
    ctx.add(
        "ROS2005",
        (*path, key),
        Msg("{key} must be a number, not {value}.", key=key, value=describe(value)),
        Msg("Set {key} to a number such as 1.", key=key),
    )
    return None


def _check_order(
    ctx: CheckContext, path: Path, names: tuple[str, str], low: float | None, high: float | None
) -> None:
    if low is not None and high is not None and low > high:
        ctx.add(
            "ROS2007",
            (*path, names[0]),
            Msg(
                "{low_key} ({low:g}) is greater than {high_key} ({high:g}), so no value is "
                "allowed.",
                low_key=names[0],
                low=low,
                high_key=names[1],
                high=high,
            ),
            Msg(
                "Make {low_key} less than or equal to {high_key}.",
                low_key=names[0],
                high_key=names[1],
            ),
        )


def _pattern(ctx: CheckContext, path: Path, fields: dict[str, object]) -> re.Pattern[str] | None:
    if "AllowedPattern" not in fields:
        return None
    value = fields["AllowedPattern"]
    if not isinstance(value, str):
        ctx.add(
            "ROS2005",
            (*path, "AllowedPattern"),
            Msg(
                "AllowedPattern must be a regular expression string, not {value}.",
                value=describe(value),
            ),
            Msg("Quote the pattern, for example AllowedPattern: '^[a-z0-9-]+$'."),
        )
        return None
    try:
        return re.compile(value)
    except (re.error, RecursionError, OverflowError) as exc:
        ctx.add(
            "ROS2006",
            (*path, "AllowedPattern"),
            Msg(
                "AllowedPattern {pattern!r} is not a valid regular expression ({reason}).",
                pattern=value,
                reason=str(exc),
            ),
            Msg("Fix the pattern; remember to escape special characters such as '.' and '('."),
        )
        return None


def _check_constraints(
    ctx: CheckContext, path: Path, name: str, kind: str | None, fields: dict[str, object]
) -> None:
    allowed = fields.get("AllowedValues")
    if "AllowedValues" in fields and not isinstance(allowed, list):
        ctx.add(
            "ROS2005",
            (*path, "AllowedValues"),
            Msg("AllowedValues must be a list, not {value}.", value=describe(allowed)),
            Msg("Write AllowedValues as a list, for example [small, large]."),
        )
        allowed = None
    pattern = _pattern(ctx, path, fields)
    min_length = _whole(ctx, path, fields, "MinLength")
    max_length = _whole(ctx, path, fields, "MaxLength")
    min_value = _bound(ctx, path, fields, "MinValue")
    max_value = _bound(ctx, path, fields, "MaxValue")
    _check_order(ctx, path, ("MinLength", "MaxLength"), min_length, max_length)
    _check_order(ctx, path, ("MinValue", "MaxValue"), min_value, max_value)
    default = fields.get("Default")
    if default is None or kind is None:
        return
    dpath = (*path, "Default")
    if isinstance(allowed, list):
        _check_allowed(ctx, dpath, name, kind, default, allowed)
    if kind == "Number":
        number = as_number(default)
        if number is None:
            ctx.add(
                "ROS2012",
                dpath,
                Msg(
                    "The Default of Number parameter {name} is {value}, not a number.",
                    name=name,
                    value=describe(default),
                ),
                Msg("Set Default to a number, or change Type to String."),
            )
        elif (min_value is not None and number < min_value) or (
            max_value is not None and number > max_value
        ):
            ctx.add(
                "ROS2011",
                dpath,
                Msg(
                    "The Default {number:g} of parameter {name} is outside {range}.",
                    number=number,
                    name=name,
                    range=_range(min_value, max_value, "Value"),
                ),
                Msg("Change Default or the MinValue/MaxValue bounds so the default is allowed."),
            )
    elif kind == "Boolean" and _as_bool(default) is None:
        ctx.add(
            "ROS2013",
            dpath,
            Msg(
                "The Default of Boolean parameter {name} is {value}, not true or false.",
                name=name,
                value=describe(default),
            ),
            Msg("Set Default to true or false."),
        )
    elif kind in _STRING_TYPES:
        text = _as_text(default)
        if text is None:
            return
        if (min_length is not None and len(text) < min_length) or (
            max_length is not None and len(text) > max_length
        ):
            ctx.add(
                "ROS2010",
                dpath,
                Msg(
                    "The Default of parameter {name} is {length} characters long, outside {range}.",
                    name=name,
                    length=len(text),
                    range=_range(min_length, max_length, "Length"),
                ),
                Msg("Change Default or the MinLength/MaxLength bounds so the default is allowed."),
            )
        if pattern is not None and _safe_to_match(pattern, text) and not pattern.fullmatch(text):
            ctx.add(
                "ROS2009",
                dpath,
                Msg(
                    "The Default {default!r} of parameter {name} does not match AllowedPattern "
                    "{pattern!r}.",
                    default=text,
                    name=name,
                    pattern=pattern.pattern,
                ),
                Msg("Change Default so the whole value matches the pattern, or relax the pattern."),
            )


def _safe_to_match(pattern: re.Pattern[str], text: str) -> bool:
    return (
        len(text) <= _MAX_MATCHED_LENGTH
        and len(pattern.pattern) <= _MAX_INSPECTED_PATTERN
        and not _NESTED_QUANTIFIER.search(pattern.pattern)
    )


def _range(low: float | None, high: float | None, kind: str) -> Msg:
    bounds = []
    if low is not None:
        bounds.append(f"Min{kind} {low:g}")
    if high is not None:
        bounds.append(f"Max{kind} {high:g}")
    return Msg("the range set by {bounds}", bounds=and_list(bounds))


def _check_allowed(
    ctx: CheckContext, path: Path, name: str, kind: str, default: object, allowed: Sequence[object]
) -> None:
    if kind == "Json":
        return
    if kind == "CommaDelimitedList":
        if isinstance(default, str):
            items: list[object] = [item.strip() for item in default.split(",")]
        elif isinstance(default, list):
            items = list(default)
        else:
            items = [default]
    else:
        items = [default]
    for item in items:
        if not any(_same(item, choice, kind == "Number") for choice in allowed):
            choices = ", ".join(_as_text(choice) or describe(choice) for choice in allowed[:20])
            ctx.add(
                "ROS2008",
                path,
                Msg(
                    "The Default {value} of parameter {name} is not one of AllowedValues.",
                    value=describe(item),
                    name=name,
                ),
                Msg(
                    "Use one of the allowed values ({choices}) or add the default to "
                    "AllowedValues.",
                    choices=choices,
                ),
            )
            return
