"""Terraform expressions -> ROS values: references, interpolated strings and placeholders.

`ValueConverter` holds what a conversion knows about names (variables, locals, logical ids of the
converted resources) and turns one HCL value at a time into a ROS value; `tf_convert` builds on it
for whole resources. The mapping rules are listed in `tf_convert`'s docstring. An expression that
cannot be mapped raises `Unmappable` inside; `value` turns that into a placeholder parameter
(one per distinct expression) and a warning, unless the caller asked for `strict` conversion.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.tf_hcl import (
    SPLAT,
    Block,
    Directive,
    Interpolation,
    TerraformConfig,
    parse_literal,
    parse_reference,
    split_template,
)
from iaccode.iac.tf_rules import (
    ASSOCIATION_PROPERTIES,
    LIST_PROPERTIES,
    SECRET_PROPERTIES,
    ResourceRule,
)


class Unmappable(Exception):
    """An expression with no ROS equivalent, and why."""

    def __init__(self, expr: str, reason: Msg) -> None:
        super().__init__(expr, str(reason))
        self.expr = expr
        self.reason = reason


@attrs.frozen
class Where:
    """Where a value is being converted: for messages, placeholder names and count.index."""

    address: str
    logical_id: str
    argument: str
    prop: str
    has_count: bool = False
    in_list: bool = False
    strict: bool = False  # outputs: give up on the value instead of adding a placeholder


def unique(base: str, taken: set[str]) -> str:
    name, number = base, 1
    while name in taken:
        number += 1
        name = f"{base}_{number}"
    taken.add(name)
    return name


@attrs.define
class ValueConverter:
    """Name tables of one conversion and the expression -> ROS value rules."""

    config: TerraformConfig
    blocks: dict[str, Block] = attrs.field(factory=dict)
    ids: dict[str, str] = attrs.field(factory=dict)
    rules: dict[str, ResourceRule] = attrs.field(factory=dict)
    busy: set[str] = attrs.field(factory=set)
    taken: set[str] = attrs.field(factory=set)
    used_variables: dict[str, None] = attrs.field(factory=dict)
    placeholders: dict[str, dict[str, object]] = attrs.field(factory=dict)
    placeholder_for: dict[str, str] = attrs.field(factory=dict)
    warnings: list[Msg] = attrs.field(factory=list)

    def resource(self, address: str) -> dict[str, Any]:
        """The converted ROS entry of a resource (provided by the resource converter)."""
        raise NotImplementedError

    def value(self, raw: object, where: Where) -> Any:
        if isinstance(raw, dict):
            return {str(k): self.value(v, where) for k, v in raw.items() if k != "__is_block__"}
        if isinstance(raw, list):
            inner = attrs.evolve(where, in_list=True)
            return [self.value(item, inner) for item in raw]
        if isinstance(raw, str):
            try:
                return self._string(raw, where)
            except Unmappable as problem:
                if where.strict:
                    raise
                return {"Ref": self.unmapped(where, problem)}
        return raw

    def _string(self, text: str, where: Where) -> Any:
        parts = split_template(text)
        if all(isinstance(part, str) for part in parts):
            return "".join(part for part in parts if isinstance(part, str))
        if any(isinstance(part, Directive) for part in parts):
            raise Unmappable(text, Msg("uses a %{{...}} template directive"))
        if len(parts) == 1 and isinstance(parts[0], Interpolation):
            return self._expr(parts[0].expr, where)
        pieces = [
            part if isinstance(part, str) else self._expr(part.expr, where)
            for part in parts
            if not isinstance(part, Directive)
        ]
        return _join(pieces)

    def _expr(self, expr: str, where: Where) -> Any:
        is_literal, literal = parse_literal(expr)
        if is_literal:
            return literal
        if expr.startswith('"') and expr.endswith('"'):
            try:
                text = json.loads(expr)  # a quoted literal: HCL escapes are JSON's
            except ValueError:
                text = None
            if isinstance(text, str) and "${" not in text and "%{" not in text:
                return text
        ref = parse_reference(expr)
        if ref is None:
            raise Unmappable(expr, Msg("is a function call or operator, which is not converted"))
        first = ref.steps[0] if ref.steps else None
        if ref.root == "var" and isinstance(first, str):
            return _select(self._variable(first), ref.steps[1:], expr)
        if ref.root == "local" and isinstance(first, str):
            return _select(self._local(first, expr, where), ref.steps[1:], expr)
        if ref.root == "count" and ref.steps == ("index",):
            if not where.has_count:
                raise Unmappable(expr, Msg("is used outside a resource with count"))
            return {"Ref": "ALIYUN::Index"}
        if ref.root == "data":
            source = ".".join(str(step) for step in ref.steps[:2])
            raise Unmappable(
                expr,
                Msg(
                    "reads the data source {source}, which ROS cannot see", source=f"data.{source}"
                ),
            )
        if ref.root == "module":
            raise Unmappable(
                expr,
                Msg(
                    "reads an output of module {module}, which is not converted", module=str(first)
                ),
            )
        if isinstance(first, str) and ref.root.startswith("alicloud_"):
            return self._resource_value(f"{ref.root}.{first}", ref.steps[1:], expr)
        raise Unmappable(expr, Msg("uses {root}, which has no ROS equivalent", root=ref.root))

    def _variable(self, name: str) -> dict[str, str]:
        if name not in self.config.variables and name not in self.used_variables:
            self.warnings.append(
                Msg(
                    "{variable} is used but not declared; added it as a String parameter.",
                    variable=f"var.{name}",
                )
            )
        self.used_variables[name] = None
        return {"Ref": name}

    def _local(self, name: str, expr: str, where: Where) -> Any:
        if name not in self.config.locals:
            raise Unmappable(
                expr, Msg("reads {local}, which is not declared", local=f"local.{name}")
            )
        key = f"local.{name}"
        if key in self.busy:
            raise Unmappable(
                expr, Msg("reads {local}, which refers to itself", local=f"local.{name}")
            )
        self.busy.add(key)
        try:
            return self.value(self.config.locals[name], attrs.evolve(where, strict=True))
        finally:
            self.busy.discard(key)

    def _resource_value(self, address: str, steps: tuple[str | int, ...], expr: str) -> Any:
        if address not in self.blocks:
            raise Unmappable(
                expr, Msg("reads {address}, which is not declared in these files", address=address)
            )
        if address not in self.ids:
            raise Unmappable(expr, Msg("reads {address}, which was not converted", address=address))
        index: str | int | None = None
        if steps and (isinstance(steps[0], int) or steps[0] == SPLAT):
            index, steps = steps[0], steps[1:]
        if len(steps) != 1 or not isinstance(steps[0], str):
            raise Unmappable(expr, Msg("reads a nested or whole-object value of a resource"))
        base = self._attribute(address, steps[0], expr)
        if index is None or index == SPLAT:
            return base
        if "count" not in self.blocks[address].body:
            raise Unmappable(expr, Msg("indexes {address}, which has no count", address=address))
        return {"Fn::Select": [str(index), base]}

    def _attribute(self, address: str, attribute: str, expr: str) -> Any:
        logical_id, rule = self.ids[address], self.rules[address]
        if attribute == "id":
            return {"Ref": logical_id}
        if attribute in rule.attributes:
            return {"Fn::GetAtt": [logical_id, rule.attributes[attribute]]}
        prop = rule.properties.get(attribute)
        if prop is not None and prop.kind == "value":
            given = self.resource(address)["Properties"].get(prop.ros)
            if given is not None:
                return copy.deepcopy(given)
        raise Unmappable(
            expr,
            Msg(
                "reads {attribute} of {address}, which has no ROS attribute",
                attribute=attribute,
                address=address,
            ),
        )

    def unmapped(self, where: Where, problem: Unmappable) -> str:
        """The placeholder parameter for an expression; one per distinct expression."""
        known = self.placeholder_for.get(problem.expr)
        if known is not None:
            return known
        # The parameter's Description is template text, so it stays English.
        name = self.placeholder(
            where,
            f"Stands for the Terraform value {problem.expr} of {where.address}."
            f"{where.argument}; it {problem.reason}.",
        )
        self.placeholder_for[problem.expr] = name
        self.warnings.append(
            Msg(
                "{address}: {argument} = {expr} {reason}; added parameter {name} for it, to be "
                "set when the stack is created.",
                address=where.address,
                argument=where.argument,
                expr=problem.expr,
                reason=problem.reason,
                name=name,
            )
        )
        return name

    def placeholder(self, where: Where, description: str) -> str:
        name = unique(f"{where.logical_id}_{where.prop}", self.taken)
        is_list = where.prop in LIST_PROPERTIES and not where.in_list
        parameter: dict[str, object] = {"Type": "CommaDelimitedList" if is_list else "String"}
        if where.prop in ASSOCIATION_PROPERTIES and not is_list:
            parameter["AssociationProperty"] = ASSOCIATION_PROPERTIES[where.prop]
        if where.prop in SECRET_PROPERTIES:
            parameter["NoEcho"] = True
        parameter["Description"] = description
        self.placeholders[name] = parameter
        return name


def _join(pieces: list[Any]) -> Any:
    """`Fn::Sub` for text with Ref/GetAtt pieces, `Fn::Join` when a piece is anything else."""
    if all(isinstance(piece, str | int | float) for piece in pieces):
        return "".join(_text_piece(piece) for piece in pieces)
    text: list[str] = []
    for piece in pieces:
        if isinstance(piece, bool):
            text.append("true" if piece else "false")
        elif isinstance(piece, str | int | float):
            text.append(str(piece).replace("${", "${!"))
        elif isinstance(piece, dict) and isinstance(piece.get("Ref"), str) and len(piece) == 1:
            text.append("${" + piece["Ref"] + "}")
        elif (
            isinstance(piece, dict)
            and len(piece) == 1
            and isinstance(piece.get("Fn::GetAtt"), list)
            and len(piece["Fn::GetAtt"]) == 2
        ):
            resource, attribute = piece["Fn::GetAtt"]
            text.append("${" + f"{resource}.{attribute}" + "}")
        else:
            return {"Fn::Join": ["", [_text_piece(p) for p in pieces]]}
    return {"Fn::Sub": "".join(text)}


def _text_piece(piece: Any) -> Any:
    if isinstance(piece, bool):
        return "true" if piece else "false"
    return str(piece) if isinstance(piece, int | float) else piece


def _is_function(value: dict[Any, Any]) -> bool:
    if len(value) != 1:
        return False
    key = next(iter(value))
    return isinstance(key, str) and (key == "Ref" or key.startswith("Fn::"))


def _select(value: Any, steps: tuple[str | int, ...], expr: str) -> Any:
    for step in steps:
        if step == SPLAT:
            raise Unmappable(expr, Msg("uses a splat on a variable or local"))
        if isinstance(value, list) and isinstance(step, int) and step < len(value):
            value = value[step]
        elif isinstance(value, dict) and not _is_function(value) and str(step) in value:
            value = value[str(step)]
        else:
            value = {"Fn::Select": [str(step), value]}
    return value
