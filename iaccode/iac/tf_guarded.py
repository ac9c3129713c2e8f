"""A dynamic block that is there when a test holds: `for_each = c ? [x] : []`.

Terraform has no optional block, so configurations write one as a dynamic block over a list
of one item or none: `dynamic "health_check" { for_each = var.checked ? [1] : []; content {
... } }`, or `for_each = var.log != null ? [var.log] : []` with the content reading
`log.value.project`. Unrolled over the variables' defaults, the block would be there or not
for good. ROS takes the same as `Fn::If` of the test's Condition: the block's struct, or no
property at all.

`guarded_block` recognises the form and returns the one block, with the item written into the
content where it reads `<iterator>.value` (and `0` for `<iterator>.key`), marked `GUARDED`
with the test's HCL text; `tf_props` converts the test as a ROS Condition and wraps the
block's value in `Fn::If`, or falls back to the blocks over the defaults when the test is no
Condition ROS can evaluate.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from iaccode.iac.tf_expr import (
    Conditional,
    ExprError,
    Literal,
    TupleExpr,
    interpolated,
    parse_expression,
)
from iaccode.iac.tf_hcl import GUARDED

Rewrite = Callable[[Any, Callable[[str], str]], Any]


def guarded_block(
    collection: object, content: object, iterator: str, rewrite: Rewrite
) -> dict[str, Any] | None:
    """The one block standing for a dynamic block over `c ? [x] : []` (or `: null`), marked
    `GUARDED` with the text of `c`; None for any other collection. `rewrite(body, replace)`
    applies `replace` to every expression text of the content (`tf_expand.rewrite_values`)."""
    parts = _test_and_item(collection)
    if parts is None or not isinstance(content, dict):
        return None
    test, item = parts
    reads = re.compile(rf"(?<![A-Za-z0-9_.\-\"]){re.escape(iterator)}\.(key|value)\b")
    body = rewrite(
        {name: value for name, value in content.items() if name != "__is_block__"},
        lambda expr: reads.sub(lambda m: "0" if m.group(1) == "key" else f"({item})", expr),
    )
    return {**body, "__is_block__": True, GUARDED: {"test": test}}


def _test_and_item(collection: object) -> tuple[str, str] | None:
    """The HCL texts of `c` and `x` when `collection` is the one expression `c ? [x] : []`
    (or `: null`), else None. The texts are cut from the written one and checked by parsing
    them again, so a `?` or `]` inside either part cannot mislead the cut."""
    found = interpolated(collection)
    if found is None:
        return None
    node, text = found
    if not (
        isinstance(node, Conditional)
        and isinstance(node.then, TupleExpr)
        and len(node.then.items) == 1
        and node.otherwise in (TupleExpr(()), Literal(None))
    ):
        return None
    for mark in re.finditer(r"\?", text):
        test, rest = text[: mark.start()], text[mark.end() :]
        tail = re.match(r"(?s)\s*\[(.*)\]\s*:\s*(\[\s*\]|null)\s*$", rest)
        if tail is None:
            continue
        try:
            if parse_expression(test) == node.condition and (
                parse_expression(tail.group(1)) == node.then.items[0]
            ):
                return test.strip(), tail.group(1).strip()
        except ExprError:
            continue
    return None
