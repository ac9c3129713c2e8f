"""Intrinsic functions: the shape of each function's arguments, and where functions may stand.

Works on the usages `ros_refs.collect_usages` found. An argument is judged only where it is a
literal: a function in an argument's place computes it at deploy time, and is accepted. The
shapes follow the ROS function reference (reference section 3.3): `Fn::Join` takes
`[delimiter, [values]]`, `Fn::Select` `[index, list]` (and an optional default), and so on.
Conditions and Rules are evaluated before any resource exists, so a `Ref` to a resource or an
`Fn::GetAtt` there has no value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.ros_context import CheckContext, describe
from iaccode.iac.ros_refs import Usage
from iaccode.iac.ros_types import CONDITION_FUNCTIONS
from iaccode.iac.ros_values import function_of


@attrs.frozen
class ListShape:
    """A list argument of `low`..`high` items; `scalars` lists the positions that must not be
    a list or mapping, `lists` those that must not be a scalar or mapping."""

    low: int
    high: int
    written: str  # how the reference writes it, for messages
    scalars: tuple[int, ...] = ()
    lists: tuple[int, ...] = ()
    scalar_ok: bool = False  # a single scalar also stands for the whole argument


SCALAR = "scalar"  # one string or number, or a function
SIZED = "sized"  # a string, list or mapping (something with a length), or a function

# ROS function -> the argument it takes (ListShape, SCALAR or SIZED).
SHAPES: Mapping[str, ListShape | str] = {
    "Fn::Join": ListShape(2, 2, "[delimiter, [value, ...]]", scalars=(0,), lists=(1,)),
    # ROS itself writes a fourth item (an error text) when it expands module outputs.
    "Fn::Select": ListShape(2, 4, "[index, list]", scalars=(0,)),
    "Fn::Split": ListShape(2, 2, "[delimiter, string]", scalars=(0,)),
    "Fn::Replace": ListShape(2, 2, "[{old: new}, string]"),
    "Fn::If": ListShape(3, 3, "[condition, value if true, value if false]", scalars=(0,)),
    "Fn::Equals": ListShape(2, 2, "[value, value]"),
    "Fn::And": ListShape(2, 10, "[condition, condition, ...]"),
    "Fn::Or": ListShape(2, 10, "[condition, condition, ...]"),
    "Fn::Not": ListShape(1, 1, "[condition]"),
    "Fn::FindInMap": ListShape(3, 4, "[map, top-level key, second-level key]"),
    "Fn::Index": ListShape(2, 2, "[item, list]"),
    "Fn::Avg": ListShape(2, 2, "[digits, [number, ...]]", lists=(1,)),
    "Fn::Calculate": ListShape(2, 3, "[expression, digits, [number, ...]]", scalars=(0,)),
    "Fn::SelectMapList": ListShape(2, 2, "[key, [map, ...]]", scalars=(0,)),
    "Fn::GetJsonValue": ListShape(2, 2, "[key, json]", scalars=(0,)),
    "Fn::Jq": ListShape(3, 3, "[First or All, script, json]", scalars=(0, 1)),
    "Fn::Contains": ListShape(2, 2, "[list, value]"),
    "Fn::EachMemberIn": ListShape(2, 2, "[list, list]"),
    "Fn::MatchPattern": ListShape(2, 2, "[pattern, value]", scalars=(0,)),
    "Fn::Cidr": ListShape(3, 3, "[ip block, count, cidr bits]"),
    "Fn::ListMerge": ListShape(1, 1_000_000, "[[value, ...], [value, ...]]"),
    "Fn::MergeMapToList": ListShape(1, 1_000_000, "[{key: [value, ...]}, ...]"),
    "Fn::Add": ListShape(1, 1_000_000, "[value, value, ...]"),
    "Fn::Max": ListShape(1, 1_000_000, "[number, ...]"),
    "Fn::Min": ListShape(1, 1_000_000, "[number, ...]"),
    # The full YAML form is documented as a plain "Stack, OutputName, RegionId" string too.
    "Fn::GetStackOutput": ListShape(
        2, 3, "[stack, output name, region]", scalars=(0, 1, 2), scalar_ok=True
    ),
    "Fn::Indent": ListShape(2, 3, "[string, level, size]", scalars=(0, 1, 2)),
    "Fn::FormatTime": ListShape(
        1, 2, "format or [format, time zone]", scalars=(0, 1), scalar_ok=True
    ),
    "Fn::Length": SIZED,
    "Fn::MarketplaceImage": SCALAR,
    "Fn::GetAZs": SCALAR,
    "Fn::Base64": SCALAR,
    "Fn::Base64Encode": SCALAR,
    "Fn::Base64Decode": SCALAR,
    "Fn::Str": SCALAR,
}

_JQ_METHODS = ("First", "All")


def _computed(value: object) -> bool:
    """A function, or `{Condition: name}` (YAML `!Condition`), which stands for a condition."""
    return function_of(value) is not None or (
        isinstance(value, dict) and len(value) == 1 and "Condition" in value
    )


def _is_literal_container(value: object) -> bool:
    return isinstance(value, list) or (isinstance(value, dict) and not _computed(value))


def _is_scalar(value: object) -> bool:
    return isinstance(value, str | int | float) and not isinstance(value, bool)


def _wrong(ctx: CheckContext, usage: Usage, written: str) -> None:
    ctx.add(
        "ROS4011",
        usage.path,
        Msg(
            "{function} takes {shape}, not {value}.",
            function=usage.function,
            shape=written,
            value=describe(usage.argument),
        ),
        Msg("Write it as {function}: {shape}.", function=usage.function, shape=written),
    )


def _check_shape(ctx: CheckContext, usage: Usage, shape: ListShape | str) -> None:
    argument = usage.argument
    if _computed(argument):
        return  # computed at deploy time
    if usage.function == "Fn::Not" and isinstance(argument, str):
        return  # a condition's name
    if shape == SIZED:
        if isinstance(argument, bool | int | float):  # ROS measures strings, lists, mappings
            _wrong(ctx, usage, "a string, list or mapping")
        return
    if isinstance(shape, str):
        if _is_literal_container(argument):
            _wrong(ctx, usage, "a string")
        return
    if not isinstance(argument, list):
        if shape.scalar_ok and _is_scalar(argument):
            return
        if _is_scalar(argument) or isinstance(argument, dict | bool):
            _wrong(ctx, usage, shape.written)
        return
    if not shape.low <= len(argument) <= shape.high:
        _wrong(ctx, usage, shape.written)
        return
    for index in shape.scalars:
        if index < len(argument) and _is_literal_container(argument[index]):
            _wrong(ctx, usage, shape.written)
            return
    for index in shape.lists:
        item = argument[index]
        if (
            _is_scalar(item)
            or isinstance(item, bool)
            or (isinstance(item, dict) and function_of(item) is None)
        ):
            _wrong(ctx, usage, shape.written)
            return
    if usage.function == "Fn::Jq" and isinstance(argument[0], str):
        if argument[0] not in _JQ_METHODS:
            _wrong(ctx, usage, shape.written)
    elif usage.function == "Fn::Select":
        _check_select_index(ctx, usage, argument)


def _check_select_index(ctx: CheckContext, usage: Usage, argument: Sequence[object]) -> None:
    index, items = argument[0], argument[1]
    if len(argument) > 2 or not isinstance(items, list):
        return  # a default covers a missing index; a computed list has no length offline
    if isinstance(index, str) and index.isdigit():
        index = int(index)
    if not isinstance(index, int) or isinstance(index, bool) or index < len(items):
        return
    if index < 0:
        return
    ctx.add(
        "ROS4012",
        usage.path,
        Msg(
            "Fn::Select index {index} is out of range for a list of {count} items.",
            index=index,
            count=len(items),
        ),
        Msg("Use an index from 0 to {last}.", last=len(items) - 1)
        if items
        else Msg("Give Fn::Select a list that is not empty."),
    )


def _check_placement(ctx: CheckContext, usage: Usage) -> None:
    """No resource values inside Conditions or Rules: they are evaluated before resources exist;
    and in Conditions only the functions ROS evaluates there."""
    if usage.section not in ("Conditions", "Rules"):
        return
    if (
        usage.section == "Conditions"
        and usage.function != "Condition"
        and usage.function not in CONDITION_FUNCTIONS
    ):
        ctx.add(
            "ROS4014",
            usage.path,
            Msg(
                "Conditions cannot use {function}: ROS evaluates only Fn::And, Fn::Or, Fn::Not "
                "and Fn::Equals there, with the functions its reference lists inside them.",
                function=usage.function,
            ),
            Msg(
                "Compute the value in the property instead (Fn::If, Fn::Jq), or test the "
                "parameters with Fn::Equals."
            ),
        )
    if usage.function == "Fn::GetAtt":
        what = "Fn::GetAtt"
    elif (
        usage.function == "Ref"
        and isinstance(usage.argument, str)
        and usage.argument in ctx.resources
        and usage.argument not in ctx.parameters
    ):
        what = f"Ref {usage.argument}"
    else:
        return
    ctx.add(
        "ROS4013",
        usage.path,
        Msg(
            "{section} cannot use {what}: they are evaluated before any resource exists.",
            section=usage.section,
            what=what,
        ),
        Msg("Base the expression on parameters (Ref to a parameter) and literal values."),
    )


def check_functions(ctx: CheckContext, usages: Sequence[Usage]) -> None:
    for usage in usages:
        shape = SHAPES.get(usage.function)
        if shape is not None:
            _check_shape(ctx, usage, shape)
        _check_placement(ctx, usage)
