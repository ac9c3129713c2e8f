"""A dynamic block over a list or map the stack takes as a parameter, kept following it.

`dynamic "data_disks" { for_each = var.data_disks; content { size = data_disks.value.size } }`
repeats a block once per item of a variable. Unrolled over the variable's default, a different
value given when the stack is created would not be followed (the public modules default such
lists to `[]`, so the stack would never get a disk). ROS can compute the whole list from the
parameter when the stack is created: `Fn::Jq` maps each item to its ROS struct.

`item_block` recognises the content it can map: each argument either reads a field of the item
(`x.value.size`, `x.value["size"]`, `lookup(x.value, "size", default)`, `try(x.value.size,
default)` with a default that does not read the item, or the item itself) or does not read the
item at all (a literal, another variable, a resource). It returns one block marked `ITEMS`: the
fields that read the item hold a placeholder that `tf_props` finds again after the block's
arguments were mapped to ROS names, and turns into that field of each item, with its default
(the one written, else the one the type's `optional(type, default)` gives), fitted to the ROS
type. A content that reads the key, nests blocks, or uses the item in another way is not
recognised, and the block is unrolled over the default as before.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from iaccode.iac.tf_expr import (
    Call,
    Conditional,
    ExprError,
    GetAttr,
    Index,
    Literal,
    Traversal,
    TupleExpr,
    parse_expression,
    single_expression,
)
from iaccode.iac.tf_hcl import ITEMS, Block, Interpolation, placeholder, split_template
from iaccode.iac.tf_types import VariableRead, optional_default, variable_read


@attrs.frozen
class ItemField:
    """What one argument of the block reads of each item: the path into the item (empty for
    the item itself) and the HCL text of its default when the item lacks it (None: null)."""

    path: tuple[str, ...]
    default: str | None = None


def item_block(
    collection: object, content: object, iterator: str, variables: Mapping[str, Block]
) -> dict[str, Any] | None:
    """The one block that stands for a dynamic block over a parameter (see the module
    docstring), or None when the collection or the content is not of that form."""
    read = _collection_read(single_expression(collection), variables)
    if read is None or not isinstance(content, dict):
        return None
    kind = "list" if read.kind in ("list", "set") else "map"
    fields: dict[str, ItemField] = {}
    body: dict[str, Any] = {}
    for name, raw in content.items():
        if name == "__is_block__":
            continue
        if not isinstance(raw, str | int | float | bool) and raw is not None:
            return None  # a nested block or a literal list or map: not one value per field
        node = single_expression(raw)
        field = _item_read(node, raw, iterator) if node is not None else None
        if field is not None:
            if field.default is None:  # what the type's `optional(type, default)` fills in
                given = optional_default(read.type_expr, [*read.path, 0, *field.path])
                field = attrs.evolve(field, default=None if given is None else json.dumps(given))
            fields[name] = field
            body[name] = placeholder(name)
        elif _mentions(raw, iterator):
            return None
        else:
            body[name] = raw
    if not fields:
        return None
    marker = {
        "collection": collection,
        "map": kind == "map",
        "fields": {name: [list(f.path), f.default] for name, f in fields.items()},
    }
    return {**body, "__is_block__": True, ITEMS: marker}


def _collection_read(node: object, variables: Mapping[str, Block]) -> VariableRead | None:
    """`var.x` or a path into it with literal keys whose type (or default) is a list, set or
    map, or a choice of such a list and the empty list (`length(var.x) > 0 ? var.x : []`);
    None otherwise."""
    if isinstance(node, Conditional):
        branches = [b for b in (node.then, node.otherwise) if b != TupleExpr(())]
        read = _collection_read(branches[0], variables) if len(branches) == 1 else None
        return read if read is not None and read.kind in ("list", "set") else None
    read = variable_read(node, variables)
    return read if read is not None and read.kind in ("list", "set", "map", "object") else None


def _item_read(node: object, raw: object, iterator: str) -> ItemField | None:
    """What a content argument (`raw`, parsed as `node`) reads of the item, for the forms in
    the module docstring."""
    if isinstance(node, Call) and node.name in ("lookup", "try") and not node.expand:
        path: tuple[str, ...] | None = None
        if node.name == "lookup" and len(node.args) == 3:
            base, key = _path(node.args[0], iterator), node.args[1]
            if base is not None and isinstance(key, Literal) and isinstance(key.value, str):
                path = (*base, key.value)
        elif node.name == "try" and len(node.args) == 2:
            path = _path(node.args[0], iterator)
        default = _last_argument(raw, node)
        if path is None or default is None or _mentions(default, iterator):
            return None
        return ItemField(path, None if node.args[-1] == Literal(None) else default)
    path = _path(node, iterator)
    return None if path is None else ItemField(path)


def _last_argument(raw: object, call: Call) -> str | None:
    """The HCL text of a call's last argument as `raw` writes it (after the last top-level
    comma), when it parses to that argument; None otherwise."""
    parts = split_template(raw) if isinstance(raw, str) else []
    if len(parts) != 1 or not isinstance(parts[0], Interpolation):
        return None
    text = parts[0].expr.strip()
    depth, cut = 0, -1
    for position, char in enumerate(text):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 1:
            cut = position
    if cut < 0 or not text.endswith(")"):
        return None
    last = text[cut + 1 : -1].strip()
    try:
        return last if parse_expression(last) == call.args[-1] else None
    except ExprError:
        return None


def _path(node: object, iterator: str) -> tuple[str, ...] | None:
    """The field path `x.value.a["b"]` reads of the item, or None for anything else."""
    if not isinstance(node, Traversal) or node.root != iterator or not node.steps:
        return None
    first, *rest = node.steps
    if first != GetAttr("value"):
        return None
    path: list[str] = []
    for step in rest:
        if isinstance(step, GetAttr):
            path.append(step.name)
        elif (
            isinstance(step, Index)
            and isinstance(step.key, Literal)
            and isinstance(step.key.value, str)
        ):
            path.append(step.key.value)
        else:
            return None
    return tuple(path)


def _mentions(raw: object, iterator: str) -> bool:
    return f"{iterator}." in json.dumps(raw)
