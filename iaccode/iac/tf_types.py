"""Terraform type constraints: the defaults `optional(type, default)` puts into a value.

`variable "x" { type = object({ port = optional(number, 80) }) }` given `{}` has `port = 80`
in Terraform. A ROS parameter (and a `for_each` unrolled over a default) must see the same
value, so `with_optional_defaults` fills in what the type's `optional(...)` attributes supply,
through nested `object`, `map`, `list`, `set` and `tuple` types.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from iaccode.iac.tf_expr import (
    Call,
    ExprError,
    GetAttr,
    Index,
    Literal,
    ObjectExpr,
    Template,
    Traversal,
    TupleExpr,
    parse_expression,
)
from iaccode.iac.tf_hcl import Block, Interpolation, split_template


def literal_value(node: object) -> Any:
    """The plain value of a literal expression node. Raises `ExprError` for anything else."""
    if isinstance(node, Literal):
        return node.value
    if isinstance(node, TupleExpr):
        return [literal_value(item) for item in node.items]
    if isinstance(node, ObjectExpr):
        return {str(literal_value(key)): literal_value(item) for key, item in node.items}
    if isinstance(node, Template) and all(isinstance(part, str) for part in node.parts):
        return "".join(str(part) for part in node.parts)
    raise ExprError("not a literal")


def _type_node(type_expr: object) -> object:
    if not isinstance(type_expr, str):
        return None
    parts = split_template(type_expr)
    text = parts[0].expr if len(parts) == 1 and isinstance(parts[0], Interpolation) else type_expr
    try:
        return parse_expression(text)
    except ExprError:
        return None


def _fill(node: object, value: Any) -> Any:
    if not isinstance(node, Call) or not node.args:
        return value
    if node.name == "object" and isinstance(node.args[0], ObjectExpr) and isinstance(value, dict):
        filled = dict(value)
        for key_node, attribute in node.args[0].items:
            key = _key(key_node)
            if key is None:
                continue
            inner = attribute
            if isinstance(attribute, Call) and attribute.name == "optional" and attribute.args:
                inner = attribute.args[0]
                if key not in filled and len(attribute.args) == 2:
                    try:
                        filled[key] = literal_value(attribute.args[1])
                    except ExprError:
                        continue
            if key in filled and filled[key] is not None:
                filled[key] = _fill(inner, filled[key])
        return filled
    if node.name == "map" and isinstance(value, dict):
        return {key: _fill(node.args[0], item) for key, item in value.items()}
    if node.name in ("list", "set") and isinstance(value, list):
        return [_fill(node.args[0], item) for item in value]
    if node.name == "tuple" and isinstance(node.args[0], TupleExpr) and isinstance(value, list):
        return [_fill(t, item) for t, item in zip(node.args[0].items, value, strict=False)]
    return value


def with_optional_defaults(type_expr: object, value: Any) -> Any:
    """`value` with the attributes the type's `optional(type, default)` entries supply."""
    return _fill(_type_node(type_expr), value)


def kind_at(type_expr: object, path: Sequence[str | int]) -> str | None:
    """The kind (`list`, `set`, `map`, `object`, `string`, ...) of the value at `path`
    (attribute names, map keys, list positions) in a value of the type `type_expr`; None
    when the type does not say (no type, `any`, or a path the type has no place for)."""
    node = _unwrapped(_type_at(_type_node(type_expr), path))
    if isinstance(node, Call):
        return node.name
    if isinstance(node, Traversal) and not node.steps and node.root != "any":
        return node.root
    return None


def optional_default(type_expr: object, path: Sequence[str | int]) -> Any:
    """The default `optional(type, default)` gives the attribute at `path` (as `kind_at`
    walks it) when a value of the type `type_expr` leaves it out; None when it gives none."""
    node = _type_at(_type_node(type_expr), path)
    if isinstance(node, Call) and node.name == "optional" and len(node.args) == 2:
        try:
            return literal_value(node.args[1])
        except ExprError:
            return None
    return None


def _type_at(node: object, path: Sequence[str | int]) -> object:
    """The type node at `path` in a value of the type `node`, as written (an attribute's
    `optional(...)` kept); None when the type has no place for it."""
    for key in path:
        node = _unwrapped(node)
        if not isinstance(node, Call) or not node.args:
            return None
        if node.name in ("list", "set", "map"):
            node = node.args[0]
        elif node.name == "object" and isinstance(node.args[0], ObjectExpr):
            node = next((t for k, t in node.args[0].items if _key(k) == str(key)), None)
        elif node.name == "tuple" and isinstance(node.args[0], TupleExpr) and isinstance(key, int):
            items = node.args[0].items
            node = items[key] if 0 <= key < len(items) else None
        else:
            return None
    return node


def _unwrapped(node: object) -> object:
    """An `optional(type, default)` attribute's type."""
    if isinstance(node, Call) and node.name == "optional" and node.args:
        return node.args[0]
    return node


def _key(node: object) -> str | None:
    if isinstance(node, Traversal) and not node.steps:
        return node.root
    try:
        return str(literal_value(node))
    except ExprError:
        return None


@attrs.frozen
class VariableRead:
    """`var.x` or a path into it with literal keys (`var.cfg["alb"]`): the HCL text, and the
    kind of the value there by the variable's type or, untyped, its default (`kind_at`)."""

    text: str
    kind: str | None
    type_expr: object = None  # the variable's type
    path: tuple[str | int, ...] = ()


def variable_read(node: object, variables: Mapping[str, Block]) -> VariableRead | None:
    """The `VariableRead` of an expression node, or None for any other expression or an
    undeclared variable."""
    if not isinstance(node, Traversal) or node.root != "var" or not node.steps:
        return None
    first, *rest = node.steps
    variable = variables.get(first.name) if isinstance(first, GetAttr) else None
    if variable is None:
        return None
    path: list[str | int] = []
    for step in rest:
        key: object = step.name if isinstance(step, GetAttr) else None
        if isinstance(step, Index) and isinstance(step.key, Literal):
            key = step.key.value
        if isinstance(key, bool) or not isinstance(key, str | int):
            return None
        path.append(key)
    text = f"var.{variable.labels[0]}" + "".join(f"[{json.dumps(key)}]" for key in path)
    return VariableRead(text, variable_kind(variable, path), variable.body.get("type"), tuple(path))


def variable_kind(variable: Block, path: Sequence[str | int] = ()) -> str | None:
    """The kind of a variable's value at `path` by its type (`kind_at`) or, untyped, by its
    default ("list" or "map"); None when neither says."""
    kind = kind_at(variable.body.get("type"), path)
    return kind if kind is not None else _default_kind(variable.body.get("default"), path)


def _default_kind(default: Any, path: Sequence[str | int]) -> str | None:
    for key in path:
        if isinstance(default, dict) and isinstance(key, str):
            default = default.get(key)
        elif isinstance(default, list) and isinstance(key, int) and 0 <= key < len(default):
            default = default[key]
        else:
            return None
    return "list" if isinstance(default, list) else "map" if isinstance(default, dict) else None
