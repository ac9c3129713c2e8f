"""A security group rule whose direction is known only at deploy time, as two guarded rules.

`alicloud_security_group_rule` is an ingress or an egress rule by its `type`, and ROS has a type
for each (`ALIYUN::ECS::SecurityGroupIngress`, `...Egress`, with other property names). When
`type` is an expression (`type = var.rule_type`), `split_directions` writes the block as two
blocks, `<name>__ingress` with `type = "ingress"` and `<name>__egress` with `type = "egress"`,
each counted only when the expression has its direction (`count = var.rule_type == "ingress" ?
1 : 0`, the block's own count in place of 1), which the converter turns into ROS Conditions:
the stack creates exactly the rule Terraform would. The provider allows no third value, so
the two conditions cover every valid one. A value that is a quoted word
(`${"egress"}`, what an inlined module's literal argument becomes) is that word.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.tf_expr import ExprError, Literal, parse_expression
from iaccode.iac.tf_hcl import Block, Interpolation, split_template

RULE_TYPE = "alicloud_security_group_rule"
DIRECTIONS = ("ingress", "egress")


def _interpolation(value: object) -> tuple[str, object] | None:
    """The text and syntax tree of a value that is one `${...}`, else None."""
    parts = split_template(value) if isinstance(value, str) else []
    if len(parts) != 1 or not isinstance(parts[0], Interpolation):
        return None
    try:
        return parts[0].expr, parse_expression(parts[0].expr)
    except ExprError:
        return None


def direction_expression(value: object) -> str | None:
    """The HCL expression text of a `type` that is one `${...}` and not a quoted word, else
    None (a literal, or a word the rule chooses its form by itself)."""
    found = _interpolation(value)
    return None if found is None or isinstance(found[1], Literal) else found[0]


def literal_direction(value: object) -> object:
    """`value` with a quoted word in `${...}` (`${"egress"}`) read as that word."""
    found = _interpolation(value)
    if found is not None and isinstance(found[1], Literal) and isinstance(found[1].value, str):
        return found[1].value
    return value


def _count_text(count: object) -> str:
    """The HCL text of a `count` value, for use inside another expression."""
    parts = split_template(count) if isinstance(count, str) else []
    if len(parts) == 1 and isinstance(parts[0], Interpolation):
        return f"({parts[0].expr})"
    return str(count) if isinstance(count, int) else f"({count})"


def split_directions(blocks: Iterable[Block]) -> tuple[list[Block], list[Msg]]:
    """The blocks with each security group rule of a deploy-time `type` written as its two
    guarded forms (see the module docstring), and a note for each one split."""
    result: list[Block] = []
    notes: list[Msg] = []
    for block in blocks:
        expr = direction_expression(block.body.get("type"))
        if block.labels[0] != RULE_TYPE or expr is None:
            result.append(block)
            continue
        copies = "1" if "count" not in block.body else _count_text(block.body["count"])
        names = []
        for direction in DIRECTIONS:
            name = f"{block.labels[1]}__{direction}"
            body = dict(block.body)
            body["type"] = direction
            body["count"] = f'${{({expr}) == "{direction}" ? {copies} : 0}}'
            result.append(attrs.evolve(block, labels=(RULE_TYPE, name), body=body))
            names.append(f"{RULE_TYPE}.{name}")
        notes.append(
            Msg(
                "{address}: its type {expr} is known only at deploy time, so it became "
                "{ingress} and {egress}, each created only when the type has its direction.",
                address=block.address,
                expr=expr,
                ingress=names[0],
                egress=names[1],
            )
        )
    return result, notes
