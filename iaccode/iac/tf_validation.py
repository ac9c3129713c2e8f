"""Terraform `validation` blocks -> ROS parameter constraints, where ROS can say the same.

A variable's `validation { condition = ...; error_message = ... }` becomes, on its parameter:

- `contains(["a", "b"], var.x)` -> `AllowedValues`;
- `can(regex("^...$", var.x))` or `regex(...)` -> `AllowedPattern` (an open end gets `.*`:
  Terraform finds the pattern anywhere, ROS matches the whole value);
- `var.x >= 1`, `var.x <= 9` (joined with `&&`) -> `MinValue` / `MaxValue`;
- `length(var.x) >= 1` / `<= 64` -> `MinLength` / `MaxLength`;

and the error message becomes `ConstraintDescription`. A condition it cannot express is
returned as not converted, with its text, so the caller reports it instead of dropping it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.tf_expr import (
    Call,
    ExprError,
    Literal,
    Operation,
    Traversal,
    TupleExpr,
    parse_expression,
)
from iaccode.iac.tf_hcl import Block, Interpolation, literal_text, split_template


@attrs.frozen
class Constraints:
    """Parameter fields from a variable's validations, and the conditions left over."""

    fields: Mapping[str, Any]
    unconverted: tuple[str, ...] = ()


def _is_variable(node: object, name: str) -> bool:
    return (
        isinstance(node, Traversal)
        and node.root == "var"
        and len(node.steps) == 1
        and getattr(node.steps[0], "name", None) == name
    )


def _number(node: object) -> float | int | None:
    value = node.value if isinstance(node, Literal) else None
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None


_FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}


def _bound(node: Operation, name: str) -> dict[str, Any] | None:
    """MinValue/MaxValue/MinLength/MaxLength from one comparison, or None."""
    left, right = node.operands
    op = node.op
    if _number(left) is not None:
        left, right, op = right, left, _FLIP.get(op, op)
    number = _number(right)
    if number is None or op not in _FLIP:
        return None
    if _is_variable(left, name):
        low, high = "MinValue", "MaxValue"
    elif (
        isinstance(left, Call)
        and left.name == "length"
        and len(left.args) == 1
        and _is_variable(left.args[0], name)
    ):
        low, high = "MinLength", "MaxLength"
    else:
        return None
    # Strict comparisons on whole numbers move the bound by one; ROS bounds are inclusive.
    if op == ">":
        return {low: number + 1} if isinstance(number, int) else None
    if op == "<":
        return {high: number - 1} if isinstance(number, int) else None
    return {low: number} if op == ">=" else {high: number}


def _pattern(node: object, name: str) -> str | None:
    if isinstance(node, Call) and node.name == "can" and len(node.args) == 1:
        node = node.args[0]
    if not (isinstance(node, Call) and node.name == "regex" and len(node.args) == 2):
        return None
    pattern, target = node.args
    if not (isinstance(pattern, Literal) and isinstance(pattern.value, str)):
        return None
    if not _is_variable(target, name):
        return None
    return whole_value_pattern(pattern.value)


# RE2 syntax that Python's `re` (the checker's, and the reading ROS is checked by) lacks or
# reads otherwise: POSIX classes, Unicode classes, \z, \Q...\E, \C.
_RE2_ONLY = re.compile(r"\[:|\\[pPzQC]")
_FLAGS = re.compile(r"\(\?([ims]+)\)")


def whole_value_pattern(text: str) -> str | None:
    r"""Terraform's `regex` finds the pattern anywhere in the value; ROS's AllowedPattern must
    match the whole value, so an open end gets `.*` (`^10\.` -> `^10\..*$`). Leading flags
    (`(?i)`) stay in front. None for a pattern that would not read the same (RE2-only syntax,
    or one Python's `re` does not compile)."""
    flags = _FLAGS.match(text)
    prefix = flags.group(0) if flags else ""
    text = text[len(prefix) :]
    if _RE2_ONLY.search(text) or "(?" in text.replace("(?:", "").replace("(?P<", ""):
        return None
    whole = prefix + _anchored(text)
    try:
        re.compile(whole)
    except re.error:
        return None
    return whole


def _anchored(text: str) -> str:
    if "|" in text:
        return f"^.*(?:{text}).*$"  # anchors inside still assert the ends
    ends = text.endswith("$") and not text.endswith("\\$")
    return ("" if text.startswith("^") else "^.*") + text + ("" if ends else ".*$")


def _convert(node: object, name: str) -> dict[str, Any] | None:
    if isinstance(node, Operation) and node.op == "&&":
        fields: dict[str, Any] = {}
        for part in node.operands:
            converted = _convert(part, name)
            if converted is None:
                return None
            fields.update(converted)
        return fields
    if isinstance(node, Operation) and node.op in _FLIP:
        return _bound(node, name)
    if isinstance(node, Call) and node.name == "contains" and len(node.args) == 2:
        values, target = node.args
        if isinstance(values, TupleExpr) and _is_variable(target, name):
            items = [item.value for item in values.items if isinstance(item, Literal)]
            if len(items) == len(values.items):
                return {"AllowedValues": items}
        return None
    pattern = _pattern(node, name)
    return None if pattern is None else {"AllowedPattern": pattern}


def validation_constraints(block: Block) -> Constraints:
    """The ROS constraints of a `variable` block's `validation` blocks."""
    name = block.labels[0]
    raw = block.body.get("validation")
    validations = raw if isinstance(raw, list) else [raw] if isinstance(raw, dict) else []
    fields: dict[str, Any] = {}
    messages: list[str] = []
    left: list[str] = []
    for validation in validations:
        if not isinstance(validation, dict):
            continue
        condition = validation.get("condition")
        parts = split_template(condition) if isinstance(condition, str) else []
        converted = None
        text = str(condition)
        if len(parts) == 1 and isinstance(parts[0], Interpolation):
            text = parts[0].expr
            try:
                converted = _convert(parse_expression(text), name)
            except ExprError:
                converted = None
        if converted is None:
            left.append(text)
            continue
        fields.update(converted)
        message = literal_text(validation.get("error_message"))
        if message:
            messages.append(message)
    if messages and fields:
        fields["ConstraintDescription"] = " ".join(messages)
    return Constraints(fields, tuple(left))


def validation_notes(variables: Mapping[str, Block]) -> list[Msg]:
    """A note for each validation condition of `variables` that has no ROS form."""
    notes = []
    for name, block in variables.items():
        for condition in validation_constraints(block).unconverted:
            notes.append(
                Msg(
                    "{variable}: the validation {condition} has no ROS parameter constraint, so "
                    "ROS does not check it when the stack is created.",
                    variable=f"var.{name}",
                    condition=condition,
                )
            )
    return notes
