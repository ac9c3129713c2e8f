"""`for_each` over a value known only at deploy time, as ROS `Count`.

ROS has no `for_each`; `tf_expand` unrolls one whose collection the files give. Over a list the
stack takes as a parameter, or over a resource whose own `Count` is known only at deploy time,
unrolled copies would freeze the variable's default (or there is none to unroll), while ROS
`Count` follows the value. These forms become `count` (the copy's number `count.index`, ROS's
`ALIYUN::Index`) with `each.key` and `each.value` written in terms of it:

- `var.names`, `toset(var.names)`, or a list inside a variable (`var.cfg["alb"]`,
  `var.net.cidrs`), when the variable's type (or its default) makes it a list or a set:
  `count = length(L)`, and each.key and each.value the item `L[count.index]`, as a set's key is
  its value.
- `{for i, v in L : K => V}` (no `if`) over such a list, where K is the index name or the item
  name and V one of them or attributes of the item (`v.cidr`): the same count, with `i` the
  copy's number and `v` the item. Terraform's keys are then the positions ("0", "1", ...) or
  the items, which `tf_values` finds again by number (`x[each.key]`, `x["a"]`); keyed by an
  attribute (`v.name => v`) they could not be, and the for_each is unrolled or left out.
- A resource whose for_each became such a Count (`for_each = alicloud_vswitch.this`), or one
  with a count known only at deploy time made a map (`{for k, v in alicloud_vswitch.this : k
  => v}`): the same count and keys (positions for a plain count), each.value that copy
  (`alicloud_vswitch.this[count.index]`), so `each.value.id` reads it.
- A set's "index" in a for expression is its item, as Terraform iterates a set.
- `var.m` (or a path into it) whose type or default makes it a map: `count =
  length(keys(m))`, each.key the key `keys(m)[count.index]` (the keys in Terraform's lexical
  order, so copies over the same map pair up and a key finds its copy in that list), and
  each.value `m[each.key]`.

Anything else is None, and `tf_expand` unrolls it over what the files know or leaves it out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs

from iaccode.iac.tf_expr import Call, ForExpr, GetAttr, Traversal, single_expression
from iaccode.iac.tf_hcl import Block
from iaccode.iac.tf_types import VariableRead, variable_read

_INDEX = "count.index"


@attrs.frozen
class CountForm:
    """A for_each as ROS Count: HCL expression texts for `count`, `each.key`, `each.value`;
    `by_item` when the keys are the list's items (a set), not the copies' positions."""

    count: str
    key: str
    value: str
    by_item: bool = False
    keyed: bool = True  # from a for_each (a map or set of copies); False for a plain count


def count_form(
    raw: object,
    variables: Mapping[str, Block],
    resource_form: Callable[[str], CountForm | None],
) -> CountForm | None:
    """The Count form of the for_each value `raw` (see the module docstring), or None.
    `resource_form(address)` is the Count form of a resource counted at deploy time (for a
    for_each over its copies, which keeps its keys; `keyed` False for a plain count, whose
    copies only a for expression makes a map), None for any other address."""
    node = single_expression(raw)
    if isinstance(node, Traversal) and node.root != "var":
        # A plain count's copies are a list, which Terraform's for_each refuses.
        form = _over_resource(node, resource_form)
        return form if form is not None and form.keyed else None
    if isinstance(node, ForExpr) and node.key is not None and node.condition is None:
        collection = node.collection
        if isinstance(collection, Traversal) and collection.root != "var":
            # `{for k, v in R : k => v}` is R itself.
            same = node.key == _name(node.names[0]) and node.value == _name(node.names[-1])
            return _over_resource(collection, resource_form) if same else None
        listed = _list_read(collection, variables)
        if listed is None:
            return None
        item = f"({listed.text})[{_INDEX}]"
        bound = {node.names[-1]: item}
        if len(node.names) == 2:  # a set's "index" is its item, as cty iterates a set
            bound[node.names[0]] = item if listed.kind == "set" else _INDEX
        # Keyed by position or by the item itself: a reference by key finds the copy by
        # number (`tf_values`); keyed by an attribute (`v.name => v`) it could not.
        keyed = isinstance(node.key, Traversal) and not node.key.steps
        key, value = _bound_text(node.key, bound), _bound_text(node.value, bound)
        if not keyed or key is None or value is None:
            return None
        return CountForm(f"length({listed.text})", key, value, by_item=key == item)
    if isinstance(node, Call) and node.name == "toset" and len(node.args) == 1:
        node = node.args[0]
    mapped = variable_read(node, variables)
    if mapped is not None and mapped.kind == "map":
        # Keyed by the map's keys in Terraform's (lexical) order: `keys(m)` is the list the
        # copies are counted and found by, as a set's list is.
        key = f"keys({mapped.text})[{_INDEX}]"
        return CountForm(
            f"length(keys({mapped.text}))", key, f"({mapped.text})[{key}]", by_item=True
        )
    listed = _list_read(node, variables)
    if listed is None:
        return None
    item = f"({listed.text})[{_INDEX}]"
    return CountForm(f"length({listed.text})", item, item, by_item=True)


def _name(name: str) -> Traversal:
    return Traversal(name, ())


def _over_resource(
    node: Traversal, resource_form: Callable[[str], CountForm | None]
) -> CountForm | None:
    """A for_each over a resource's copies: its count, and its keys (each.key is the copy's
    key, each.value that copy)."""
    if len(node.steps) != 1 or not isinstance(node.steps[0], GetAttr):
        return None
    address = f"{node.root}.{node.steps[0].name}"
    form = resource_form(address)
    if form is None:
        return None
    return attrs.evolve(form, value=f"{address}[{_INDEX}]")


def _list_read(node: object, variables: Mapping[str, Block]) -> VariableRead | None:
    """`var.x` or a path into it with literal keys, when the variable's type (or its
    default) makes the value there a list or a set; None otherwise."""
    read = variable_read(node, variables)
    return read if read is not None and read.kind in ("list", "set") else None


def _bound_text(node: object, bound: Mapping[str, str]) -> str | None:
    """The text of a for expression's key or value with its names bound: a name, or an item
    name with attribute steps (`v.name`); None for anything else."""
    if not isinstance(node, Traversal) or node.root not in bound:
        return None
    if not all(isinstance(step, GetAttr) for step in node.steps):
        return None
    text = bound[node.root]
    if node.steps and text == _INDEX:
        return None  # an attribute of a number
    return text + "".join(f".{step.name}" for step in node.steps if isinstance(step, GetAttr))
