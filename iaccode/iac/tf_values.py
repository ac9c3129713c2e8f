"""Terraform expressions -> ROS values: references, functions, conditions and placeholders.

`ValueConverter` holds what a conversion knows about names (variables, locals, logical ids of the
converted resources) and turns one HCL value at a time into a ROS value; `tf_convert` builds on it
for whole resources. Expressions are parsed by `tf_expr`; the rules:

- `var.x` is `{"Ref": "x"}` (the variable becomes a parameter); `var.x[0]`, `var.x["k"]` and
  `var.x[count.index]` are `Fn::Select`; `local.x` is the local's value, converted the same way.
- `<type>.<name>.id` is `Ref`; other attributes are `Fn::GetAtt` with the vendor rule's name
  (several names with a join handler become `Fn::Join`), or, for an argument the resource was
  given (`alicloud_vswitch.a.vpc_id`), that value. `[n]` or `[count.index]` on a resource with
  `Count` is `Fn::Select` (ROS returns lists for those).
- `count.index` is `ALIYUN::Index`; `a + 1` with such a value is `Fn::Calculate`; literal
  arithmetic and comparisons are computed, numeric text as the number it is (`"10" > 0`).
- A member of an object written out (`({a = x, b = y}).a`, `lookup({...}, "a", d)`, as a
  dynamic block's item is written in) reads only that member; a member an object with
  known attributes lacks is an `optional()` one left null.
- Functions with a ROS equivalent become it (`join` Fn::Join, `element` / `lookup` Fn::Select,
  `length` Fn::Length, `base64encode` Fn::Base64Encode, `split` Fn::Split, `replace`
  Fn::Replace, `concat` Fn::ListMerge, `jsonencode` of literals, `format` Fn::Join (a
  padded number known only at deploy time, `%03d` of `count.index + 1`, by Fn::Jq),
  `cidrsubnet(var.cidr, n, i)` `Fn::Select` of `Fn::Cidr` with the parameter held to its
  default's prefix length, over a CIDR of unknown length Fn::Jq), `substr` of a text known
  only at deploy time Fn::Jq's slices, `compact` and `distinct` of such a list Fn::Jq; every
  function is computed when its arguments are literal (`flatten`, `sort`, `zipmap` and
  friends only then).
- `c ? a : b` is chosen when `c` is known; otherwise it is `Fn::If` over a ROS condition that
  `condition` adds to the template (`Fn::Equals`, `Fn::Not`, `Fn::And`, `Fn::Or`). A test
  of a resource's id or ARN against `""` is whether the resource is created (neither is ever
  ""); a test a ROS condition cannot hold (an order comparison, another resource value) is
  `Fn::Jq` over its values and both branches in a property, computed at deploy time.
- Data sources the console can pick (zones, images, instance types, VPCs, vSwitches, security
  groups) become one parameter each with the matching `AssociationProperty`.
- Anything else raises `Unmappable` inside; `value` turns that into a placeholder parameter (one
  per distinct expression) and a warning, unless the caller asked for `strict` conversion.
"""

from __future__ import annotations

import base64
import copy
import ipaddress
import json
import math
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.ros_types import CONDITION_FUNCTIONS
from iaccode.iac.ros_values import function_of
from iaccode.iac.tf_attributes import REGION_ATTRIBUTE, current_spelling, ros_attribute_name
from iaccode.iac.tf_datasources import (
    PICKERS,
    PSEUDO_DATA_SOURCES,
    DataPlan,
    DataSourceSpec,
    OneIdOrNone,
    Picker,
    api_key,
    choose,
)
from iaccode.iac.tf_expr import (
    Call,
    Conditional,
    ExprError,
    ForExpr,
    GetAttr,
    Index,
    Literal,
    ObjectExpr,
    Operation,
    Postfix,
    Splat,
    Template,
    Traversal,
    TupleExpr,
    parse_expression,
    single_expression,
)
from iaccode.iac.tf_files import TerraformError, local_source
from iaccode.iac.tf_hcl import (
    Block,
    Directive,
    Interpolation,
    TerraformConfig,
    computed_blocks,
    parameter_type,
    plain_value,
    split_template,
)
from iaccode.iac.tf_random import RANDOM_STRING, SELF
from iaccode.iac.tf_rules import (
    ASSOCIATION_PROPERTIES,
    LIST_PROPERTIES,
    SECRET_PROPERTIES,
    Rule,
    argument_path,
)
from iaccode.iac.tf_schema import ros_attributes
from iaccode.iac.tf_types import variable_kind, with_optional_defaults

INDEX = {"Ref": "ALIYUN::Index"}


@attrs.frozen
class ResourceObject:
    """A whole resource as a value (`for v in alicloud_vswitch.x`, `for_each = ...`): only its
    attributes can reach the template; `tf_expand` writes it back as its address."""

    address: str

    @property
    def expression(self) -> str:
        tf_type, _, name = self.address.partition(".")
        head, bracket, key = name.partition("[")
        return f"{tf_type}.{head}" + (f"[{key}" if bracket else "")


@attrs.frozen
class Deferred:
    """A resource's or data source's value inside a static value that may keep it (a dynamic
    block's collection, `static_value(..., deferred=True)`): only the deploy knows it, so it
    stays the HCL expression that reads it, which `tf_expand` writes back where the value is
    used, for the converter to read there. Not literal, so nothing computes with it."""

    expression: str


class Unmappable(Exception):
    """An expression with no ROS equivalent, and why."""

    def __init__(self, expr: str, reason: Msg) -> None:
        super().__init__(expr, str(reason))
        self.expr = expr
        self.reason = reason


class Invalid(Unmappable):
    """A value Terraform itself rejects when it evaluates it (an index past a literal list)."""


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


# The console's picker for each data source parameter (`tf_datasources.PICKERS`).
_DATA_PICKERS: Mapping[str, str] = {
    **ASSOCIATION_PROPERTIES,
    "ResourceGroupId": "ALIYUN::ECS::ResourceGroup::ResourceGroupId",
    "DBInstanceClass": "ALIYUN::RDS::Instance::InstanceType",
}


def is_function(value: object) -> bool:
    """True for a ROS function value: `{"Ref": ...}` or `{"Fn::...": ...}`."""
    if not isinstance(value, dict) or len(value) != 1:
        return False
    key = next(iter(value))
    return isinstance(key, str) and (key == "Ref" or key.startswith("Fn::"))


def is_literal(value: object) -> bool:
    """True when `value` holds no ROS function anywhere (plain data), nor a `Deferred`."""
    if isinstance(value, Deferred):
        return False
    if isinstance(value, dict):
        return not is_function(value) and all(is_literal(item) for item in value.values())
    if isinstance(value, list):
        return all(is_literal(item) for item in value)
    return True


def _count_of(node: object) -> int | None:
    """A literal count: a number or numeric text (Terraform converts it), not a switch."""
    if not isinstance(node, Literal):
        return None
    number = _as_number(node.value)
    return number if isinstance(number, int) else None


def _literal_text(node: object) -> str | None:
    return node.value if isinstance(node, Literal) and isinstance(node.value, str) else None


def _keys(node: object) -> list[str] | None:
    """The keys of an object written with literal keys; None for anything else."""
    if not isinstance(node, ObjectExpr):
        return None
    keys = [_literal_text(key) for key, _ in node.items]
    return None if None in keys else [key for key in keys if key is not None]


def _member(node: object, step: object) -> object | None:
    """The value node of `node`'s member `step` names, when `node` is an object written
    with literal keys (`{"a" = x}` and `.a` or `["a"]`); None otherwise or when it lacks it."""
    if not isinstance(node, ObjectExpr) or _keys(node) is None:
        return None
    if isinstance(step, GetAttr):
        name = step.name
    elif isinstance(step, Index) and _literal_text(step.key) is not None:
        name = str(_literal_text(step.key))
    else:
        return None
    found = [item for key, item in node.items if _literal_text(key) == name]
    return found[-1] if found else None


def literal_but_deferred(value: object) -> bool:
    """True when `value` is plain data but for `Deferred` values in it (not itself one)."""
    if isinstance(value, dict) and not is_function(value):
        return all(isinstance(v, Deferred) or literal_but_deferred(v) for v in value.values())
    if isinstance(value, list):
        return all(isinstance(v, Deferred) or literal_but_deferred(v) for v in value)
    return is_literal(value)


def _reads_infrastructure(node: Traversal) -> bool:
    """A reference to an attribute of a resource or a data source."""
    named = bool(node.steps) and isinstance(node.steps[0], GetAttr)
    return named and (node.root == "data" or node.root.startswith(RESOURCE_PREFIXES))


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _refers_to(value: Any, logical_id: str) -> bool:
    """Whether a ROS value has a `Ref` or `Fn::GetAtt` of `logical_id` in it."""
    if isinstance(value, dict):
        if value.get("Ref") == logical_id:
            return True
        target = value.get("Fn::GetAtt")
        if isinstance(target, list) and target and target[0] == logical_id:
            return True
        return any(_refers_to(item, logical_id) for item in value.values())
    if isinstance(value, list):
        return any(_refers_to(item, logical_id) for item in value)
    return False


@attrs.define
class ValueConverter:
    """Name tables of one conversion and the expression -> ROS value rules."""

    config: TerraformConfig
    blocks: dict[str, Block] = attrs.field(factory=dict)
    ids: dict[str, str] = attrs.field(factory=dict)
    rules: dict[str, Rule] = attrs.field(factory=dict)
    busy: set[str] = attrs.field(factory=set)
    taken: set[str] = attrs.field(factory=set)
    used_variables: dict[str, None] = attrs.field(factory=dict)
    placeholders: dict[str, dict[str, object]] = attrs.field(factory=dict)
    placeholder_for: dict[str, str] = attrs.field(factory=dict)
    placeholder_origin: dict[str, tuple[str, str]] = attrs.field(factory=dict)  # (addr, arg)
    conditions: dict[str, Any] = attrs.field(factory=dict)
    condition_for: dict[str, str] = attrs.field(factory=dict)
    warnings: list[Msg] = attrs.field(factory=list)
    bindings: dict[str, Any] = attrs.field(factory=dict)  # names a for expression binds
    files: Mapping[str, str] = attrs.field(factory=dict)  # the workspace, for file()
    root: str = ""  # the root module's folder in it: Terraform's relative paths start there
    # Static mode (for_each and dynamic collections, which must be known when converting):
    # variables read as their defaults, whole resources stay objects.
    static: bool = False
    # Also static: a resource's or data source's value read inside it stays its expression
    # (`Deferred`) instead of stopping the read.
    deferred: bool = False
    defaults_used: dict[str, None] = attrs.field(factory=dict)
    local_reads: int = 0  # how often a local was converted (a cached read does not count)
    # A local's ROS value per conversion, by (name, inside a counted resource): it only
    # depends on that, unless a for expression or templatefile binds names around the read.
    local_values: dict[tuple[str, bool], Any] = attrs.field(factory=dict)
    # DATASOURCE resources for data sources (`tf_datasources`): by source, and the entries.
    data_ids: dict[str, str] = attrs.field(factory=dict)
    # CIDR parameters split by Fn::Cidr: the prefix length their value must keep.
    cidr_prefixes: dict[str, int] = attrs.field(factory=dict)
    # Variables whose own AllowedPattern or AllowedValues admit other CIDR prefix lengths.
    parameter_patterns: frozenset[str] = frozenset()
    left_out: frozenset[str] = frozenset()  # resources the flattening left out
    not_created: set[str] = attrs.field(factory=set)  # count 0 in the files
    data_resources: dict[str, dict[str, Any]] = attrs.field(factory=dict)
    shared_picks: set[str] = attrs.field(factory=set)  # picker sources read at computed indices
    # Resources an address read arguments of as plain values (no Ref or Fn::GetAtt left to
    # order them): reader address -> logical ids it must still be created after.
    read_back: dict[str, list[str]] = attrs.field(factory=dict)
    # Resources that are a ROS value, no resource: a random_uuid is the stack's ID.
    aliases: dict[str, Any] = attrs.field(factory=dict)
    # Switch variables a conditional resource's own count holds: inside `count = var.on ? 1
    # : 0`, `var.on` is true (the resource exists only then). Address -> variable -> value.
    held: dict[str, dict[str, bool]] = attrs.field(factory=dict)

    def resource(self, address: str) -> dict[str, Any]:
        """The converted ROS entry of a resource (provided by the resource converter)."""
        raise NotImplementedError

    def counted(self, address: str) -> bool:
        """True when the converted resource has a ROS `Count` (so refs to it are lists)."""
        return "count" in self.blocks[address].body

    def single(self, address: str) -> bool:
        """True when Terraform's count of the resource is `cond ? 1 : 0` (so `[0]` is it)."""
        return False

    def value(self, raw: object, where: Where) -> Any:
        """The ROS value of an HCL value; unmappable parts become placeholder parameters."""
        if isinstance(raw, dict):
            return {str(k): self.value(v, where) for k, v in raw.items() if k != "__is_block__"}
        if isinstance(raw, list):
            inner = attrs.evolve(where, in_list=True)
            return [self.value(item, inner) for item in raw]
        if isinstance(raw, str):
            try:
                return self.string(raw, where)
            except Unmappable as problem:
                if where.strict:
                    raise
                return {"Ref": self.unmapped(where, problem, raw)}
        return raw

    def string(self, text: str, where: Where) -> Any:
        """A string as HCL reads it (a template); raises `Unmappable`."""
        parts = split_template(text)
        if all(isinstance(part, str) for part in parts):
            return "".join(part for part in parts if isinstance(part, str))
        if any(isinstance(part, Directive) for part in parts):
            raise Unmappable(text, Msg("uses a %{{...}} template directive"))
        pieces = [
            part if isinstance(part, str) else self.expression(part.expr, where)
            for part in parts
            if isinstance(part, str | Interpolation)
        ]
        if len(pieces) > 1 and any(isinstance(piece, Deferred) for piece in pieces):
            raise Unmappable(text, Msg("is text with a value known only at deploy time"))
        return pieces[0] if len(pieces) == 1 else join_text(pieces)

    def expression(self, expr: str, where: Where) -> Any:
        """One HCL expression's ROS value; raises `Unmappable`."""
        try:
            node = parse_expression(expr)
        except ExprError:
            raise Unmappable(expr, Msg("is an expression this converter does not read")) from None
        value = self.node(node, expr, where)
        if not self.static and _has_object(value):
            raise Unmappable(expr, Msg("reads a whole resource, which has no ROS value"))
        return value

    def node(self, node: object, expr: str, where: Where) -> Any:
        if self.deferred and not isinstance(node, Literal | TupleExpr | ObjectExpr | Traversal):
            # A value only the deploy knows stays an expression where it is data (an item, a
            # member), never where something computes with it (a test, a call, a template).
            self.deferred = False
            try:
                return self._node(node, expr, where)
            finally:
                self.deferred = True
        return self._node(node, expr, where)

    def _node(self, node: object, expr: str, where: Where) -> Any:
        if isinstance(node, Literal):
            return node.value
        if isinstance(node, Template):
            pieces = [p if isinstance(p, str) else self.node(p, expr, where) for p in node.parts]
            return pieces[0] if len(pieces) == 1 else join_text(pieces)
        if isinstance(node, TupleExpr):
            return [self.node(item, expr, where) for item in node.items]
        if isinstance(node, ObjectExpr):
            result: dict[str, Any] = {}
            for key_node, item in node.items:
                key = self.node(key_node, expr, where)
                if not isinstance(key, str | int | float | bool):
                    raise Unmappable(expr, Msg("has an object key that is not known in advance"))
                result[_text(key)] = self.node(item, expr, where)
            return result
        if isinstance(node, Traversal):
            return self.traversal(node, expr, where)
        if isinstance(node, Postfix):
            member = _member(node.base, node.steps[0]) if node.steps else None
            if member is not None:  # `({a = x, b = y}).a`: only x is read
                rest = node.steps[1:]
                return self.node(Postfix(member, rest) if rest else member, expr, where)
            keys, step = _keys(node.base), node.steps[0] if node.steps else None
            if keys is not None and isinstance(step, GetAttr) and step.name not in keys:
                return None  # an `optional()` attribute left null, as `select` reads it
            base = self.node(node.base, expr, where)
            return self.select(base, node.steps, expr, where)
        if isinstance(node, Call):
            return self.call(node, expr, where)
        if isinstance(node, Conditional):
            return self.conditional(node, expr, where)
        if isinstance(node, Operation):
            return self.operation(node, expr, where)
        if isinstance(node, ForExpr):
            return self.for_expression(node, expr, where)
        raise Unmappable(expr, Msg("is an expression this converter does not read"))

    # --- names ----------------------------------------------------------------------------

    def for_expression(self, node: ForExpr, expr: str, where: Where) -> Any:
        collection = self.node(node.collection, expr, where)
        items: list[tuple[Any, Any]]
        if isinstance(collection, list):
            items = list(enumerate(collection))
        elif isinstance(collection, dict) and not is_function(collection):
            items = sorted(collection.items())  # Terraform walks a map in its keys' order
        else:
            splat = self._splat_form(node, collection)
            if splat is not None:
                return self.node(splat, expr, where)
            raise Unmappable(
                expr, Msg("is a for expression over a value known only at deploy time")
            )
        saved = dict(self.bindings)
        keys: list[Any] = []
        values: list[Any] = []
        try:
            for key, item in items:
                if len(node.names) == 2:
                    self.bindings.update({node.names[0]: key, node.names[1]: item})
                else:
                    self.bindings[node.names[0]] = item
                if node.condition is not None:
                    test = self.condition_value(node.condition, expr, where)
                    if not isinstance(test, bool):
                        raise Unmappable(
                            expr,
                            Msg("is a for expression whose filter is known only at deploy time"),
                        )
                    if not test:
                        continue
                if node.key is not None:
                    keys.append(self.node(node.key, expr, where))
                values.append(self.node(node.value, expr, where))
        finally:
            self.bindings = saved
        if node.key is None:
            return values
        if not all(isinstance(key, str | int | float) for key in keys):
            raise Unmappable(expr, Msg("has an object key that is not known in advance"))
        return {_text(key): value for key, value in zip(keys, values, strict=True)}

    def _splat_form(self, node: ForExpr, collection: Any) -> Traversal | None:
        """`[for v in x : v.id]` over a resource with `Count` known only at deploy time as the
        splat `x[*].id` it means (ROS's list of every copy's value); None for other forms."""
        if not (
            isinstance(collection, ResourceObject)
            and "[" not in collection.address
            and not self.static
            and self.counted(collection.address)
            and node.key is None
            and node.condition is None
        ):
            return None
        value, name = node.value, node.names[-1]
        if not (
            isinstance(value, Traversal)
            and value.root == name
            and value.steps
            and all(isinstance(step, GetAttr) for step in value.steps)
        ):
            return None
        tf_type, _, resource = collection.address.partition(".")
        return Traversal(tf_type, (GetAttr(resource), Splat(), *value.steps))

    def traversal(self, node: Traversal, expr: str, where: Where) -> Any:
        if not self.deferred or node.root in self.bindings or not _reads_infrastructure(node):
            return self._traversal(node, expr, where)
        try:
            if node.root == "data":
                # Read here, a data source would become a parameter of this static read.
                raise Unmappable(expr, Msg("reads a data source"))
            return self._traversal(node, expr, where)
        except Unmappable:
            copies = self._counted_copies(node, expr, where)
            if copies is not None:
                return copies
            text = self._traversal_text(node, expr, where)
            if text is None:
                raise
            return Deferred(text)

    def _counted_copies(self, node: Traversal, expr: str, where: Where) -> list[Deferred] | None:
        """A whole resource with `count` known here, as its copies (`type.name[0]`, ...); None
        for anything else."""
        first = node.steps[0] if len(node.steps) == 1 else None
        address = f"{node.root}.{first.name}" if isinstance(first, GetAttr) else None
        block = self.blocks.get(address) if address is not None else None
        if block is None or "count" not in block.body:
            return None
        try:
            count = self.value(block.body["count"], attrs.evolve(where, strict=True))
        except Unmappable:
            return None
        if isinstance(count, bool) or not isinstance(count, int) or count > MAX_COPIES:
            return None
        return [Deferred(f"{address}[{index}]") for index in range(count)]

    def _traversal_text(self, node: Traversal, expr: str, where: Where) -> str | None:
        """The HCL text of a reference, its index keys as the literals they are; None when a
        key is not literal (it would mean something else where the text is written)."""
        text = node.root
        for step in node.steps:
            if isinstance(step, GetAttr):
                text += f".{step.name}"
            elif isinstance(step, Splat):
                text += "[*]"
            else:
                try:
                    key = self.node(step.key, expr, where)
                except Unmappable:
                    return None
                if isinstance(key, bool) or not isinstance(key, str | int):
                    return None
                text += f"[{json.dumps(key)}]"
        return text

    def _traversal(self, node: Traversal, expr: str, where: Where) -> Any:
        root, steps = node.root, node.steps
        if root in self.bindings:
            return self.select(self.bindings[root], steps, expr, where)
        first = steps[0].name if steps and isinstance(steps[0], GetAttr) else None
        if root == "var" and first is not None:
            held = self.held.get(where.address, {}).get(first)
            if held is not None and len(steps) == 1:
                return held
            if self.static:
                default = self._default(first)
                if default is not None:
                    return self.select(default, steps[1:], expr, where)
            return self.select(self._variable(first), steps[1:], expr, where)
        if root == "local" and first is not None:
            inner = self._local_node(first) if steps[1:] and not self.bindings else None
            if isinstance(inner, Traversal) and inner.root == "data":
                # `local.vpc.cidr_block` with `vpc = data.x.y.vpcs[0]`: read as the data
                # source itself, so the item's keys are the API's (`CidrBlock`).
                return self.traversal(
                    Traversal(inner.root, (*inner.steps, *steps[1:])), expr, where
                )
            return self.select(self._local(first, expr, where), steps[1:], expr, where)
        if root == "path" and first in ("module", "root", "cwd") and len(steps) == 1:
            return "."  # the root module: tf_expand writes a module's own folder in
        if root == "count" and first == "index" and len(steps) == 1:
            if not where.has_count and self.single(where.address):
                return 0  # `count = cond ? 1 : 0`: the one copy, when there is one
            if not where.has_count:
                raise Unmappable(expr, Msg("is used outside a resource with count"))
            return dict(INDEX)
        if root == "data" and first is not None:
            return self._data_source(node, expr, where)
        if root == "module":
            raise Unmappable(
                expr,
                Msg(
                    "reads an output of module {module}, which is not converted",
                    module=str(first),
                ),
            )
        if first is not None and root.startswith(RESOURCE_PREFIXES):
            address, rest = f"{root}.{first}", steps[1:]
            if address not in self.blocks and not rest:
                copies = _copies(self.blocks, address)
                if copies:  # a for_each resource as a whole: its copies by key
                    return {key: ResourceObject(copy) for key, copy in copies.items()}
            if address not in self.blocks and rest and isinstance(rest[0], Index):
                # An unrolled for_each resource: `type.name["key"]` is its own resource.
                key = self.node(rest[0].key, expr, where)
                keyed = f"{address}[{json.dumps(_text(key))}]"
                if isinstance(key, str | int) and keyed in self.blocks:
                    address, rest = keyed, rest[1:]
            return self._resource_value(address, rest, expr, where)
        raise Unmappable(expr, Msg("uses {root}, which has no ROS equivalent", root=root))

    def select(self, value: Any, steps: tuple[Any, ...], expr: str, where: Where) -> Any:
        """Apply `.attr` and `[key]` steps to a ROS value: literally when it is data."""
        for position, step in enumerate(steps):
            if isinstance(step, Splat) and isinstance(value, list):
                # `[*].a.b` of a list of objects: the attributes of each item, then the rest.
                rest = steps[position + 1 :]
                attributes = 0
                while attributes < len(rest) and isinstance(rest[attributes], GetAttr):
                    attributes += 1
                each = [self.select(item, rest[:attributes], expr, where) for item in value]
                return self.select(each, rest[attributes:], expr, where)
            if isinstance(step, Splat):
                raise Unmappable(expr, Msg("uses a splat on a variable or local"))
            key = step.name if isinstance(step, GetAttr) else self.node(step.key, expr, where)
            if isinstance(value, ResourceObject):
                if not isinstance(step, GetAttr) or value.address not in self.ids:
                    raise Unmappable(
                        expr, Msg("reads a nested or whole-object value of a resource")
                    )
                value = self._attribute(value.address, step.name, expr)
            elif isinstance(value, list) and isinstance(key, int) and 0 <= key < len(value):
                value = value[key]
            elif isinstance(value, list) and is_literal(value) and isinstance(key, int):
                raise Invalid(
                    expr,
                    Msg(
                        "indexes a list of {size} items at {index}",
                        size=len(value),
                        index=key,
                    ),
                )
            elif isinstance(value, dict) and not is_function(value) and _text(key) in value:
                value = value[_text(key)]
            elif isinstance(value, dict) and not is_function(value) and isinstance(step, GetAttr):
                # An object whose attributes are all known: one it lacks is an `optional()`
                # one left null (Terraform refuses any other), as no Fn::Select could read it.
                value = None
            elif isinstance(key, str | int):
                value = {"Fn::Select": [_text(key), value]}
            else:
                value = {"Fn::Select": [key, value]}
        return value

    def _default(self, name: str) -> Any:
        """A variable's value as the files give it (tfvars, else default), or None."""
        block = self.config.variables.get(name)
        if name in self.config.tfvars:
            raw = self.config.tfvars[name]
        elif block is not None and block.body.get("default") is not None:
            raw = block.body["default"]
        else:
            return None
        self.defaults_used[name] = None
        kind = block.body.get("type") if block is not None else None
        return with_optional_defaults(kind, plain_value(raw))

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

    def _local_node(self, name: str) -> object:
        """The syntax tree of a local that is one `${...}` expression, else None."""
        return single_expression(self.config.locals.get(name))

    def _local(self, name: str, expr: str, where: Where) -> Any:
        if name not in self.config.locals:
            raise Unmappable(
                expr, Msg("reads {local}, which is not declared", local=f"local.{name}")
            )
        cache_key = (name, where.has_count)
        cacheable = not self.bindings
        if cacheable and cache_key in self.local_values:
            cached = self.local_values[cache_key]
            if isinstance(cached, Unmappable):
                raise Unmappable(cached.expr, cached.reason)
            return copy.deepcopy(cached)  # callers fill in and coerce their own copy
        try:
            value = self._convert_local(name, expr, where)
        except Unmappable as problem:
            if cacheable:
                self.local_values[cache_key] = problem
            raise
        if cacheable:
            self.local_values[cache_key] = copy.deepcopy(value)
        return value

    def _convert_local(self, name: str, expr: str, where: Where) -> Any:
        key = f"local.{name}"
        if key in self.busy:
            raise Unmappable(
                expr, Msg("reads {local}, which refers to itself", local=f"local.{name}")
            )
        self.local_reads += 1
        if self.local_reads > MAX_LOCAL_READS:
            raise TerraformError(
                Msg(
                    "The Terraform's locals read each other more than {limit} times (local.{name} "
                    "among them), which grows without bound; convert a smaller configuration.",
                    limit=MAX_LOCAL_READS,
                    name=name,
                )
            )
        self.busy.add(key)
        try:
            value = self.value(self.config.locals[name], attrs.evolve(where, strict=True))
        finally:
            self.busy.discard(key)
        if _larger_than(value, MAX_LOCAL_NODES):
            raise TerraformError(
                Msg(
                    "local.{name} grows to more than {limit} values as the locals read each "
                    "other, more than a converted template can carry; convert a smaller "
                    "configuration.",
                    name=name,
                    limit=MAX_LOCAL_NODES,
                )
            )
        if isinstance(value, str) and len(value) > MAX_TEXT_CHARS:
            raise TerraformError(
                Msg(
                    "local.{name} is {size} characters long, more than the {limit} a converted "
                    "template can carry.",
                    name=name,
                    size=len(value),
                    limit=MAX_TEXT_CHARS,
                )
            )
        return value

    def _data_source(self, node: Traversal, expr: str, where: Where) -> Any:
        names = [step.name for step in node.steps[:2] if isinstance(step, GetAttr)]
        source = "data." + ".".join(names)
        if len(names) < 2:
            return self._data_parameter(node, names, source, expr)
        block = self._data_blocks().get(source)
        body = block.body if block is not None else {}
        pseudo = _pseudo_data(names[0], body, node.steps[2:])
        if pseudo is not None:
            return {"Ref": pseudo}
        plan = None if block is None or self.static else choose(names[0], body)
        if plan is None:
            return self._data_parameter(node, names, source, expr)
        steps, condition = node.steps[2:], None
        own = attrs.evolve(where, address=source)  # its count is its own, not the reader's
        name = None
        if "count" in body:
            condition, steps = self._data_copy(source, body["count"], steps, expr, own)
        if condition is not None:
            # Named (or refused: a test of a resource's value) before the lookup is added.
            tf_type, _, data_name = source.removeprefix("data.").partition(".")
            base = self.data_ids.get(source) or self._data_base(tf_type, data_name)
            name = self.condition(condition, expr, attrs.evolve(own, logical_id=base))
        logical_id = self._data_resource(source, plan)
        if name is not None:
            self.data_resources[logical_id]["Condition"] = name
        return self._data_read(source, logical_id, plan.spec, steps, expr, where)

    def _data_copy(
        self, source: str, raw: object, steps: tuple[Any, ...], expr: str, where: Where
    ) -> tuple[Any, tuple[Any, ...]]:
        """The one copy `[0]` of a data source whose count is 1, `c ? 1 : 0` or `c ? 0 : 1`
        (read only when the resources it is for exist): the ROS condition function it is
        read under (None for always), and the steps after `[0]`. Raises `Unmappable` for
        another count or index, or a count that is 0 here."""
        node = (single_expression(raw) if isinstance(raw, str) else None) or Literal(raw)
        first = steps[0] if steps else None
        index = self.node(first.key, expr, where) if isinstance(first, Index) else None
        if isinstance(index, bool) or index != 0:
            why = Msg("reads {source}, which has count, not as its one copy [0]", source=source)
            raise Unmappable(expr, why)
        if isinstance(node, Literal) and _count_of(node) in (0, 1):
            if _count_of(node) == 0:
                raise Unmappable(expr, Msg("reads {source}, whose count is 0", source=source))
            return None, steps[1:]
        arms = (node.then, node.otherwise) if isinstance(node, Conditional) else ()
        values = tuple(_count_of(arm) for arm in arms)
        if not isinstance(node, Conditional) or values not in ((1, 0), (0, 1)):
            why = Msg("reads {source}, whose count is not 1, 0 or a choice of them", source=source)
            raise Unmappable(expr, why)
        test = self.condition_value(node.condition, expr, where)
        if isinstance(test, bool):
            if test is (values == (1, 0)):
                return None, steps[1:]
            raise Unmappable(expr, Msg("reads {source}, whose count is 0", source=source))
        return (test if values == (1, 0) else _negated(test)), steps[1:]

    def _data_name(self, tf_type: str, name: str) -> str:
        """A free name for a data source's parameter or resource: `Vpcs_default`."""
        return unique(self._data_base(tf_type, name), self.taken)

    @staticmethod
    def _data_base(tf_type: str, name: str) -> str:
        words = tf_type.removeprefix("alicloud_").split("_")
        pascal = "".join(word[:1].upper() + word[1:] for word in words)
        return f"{pascal}_{re.sub(r'[^A-Za-z0-9_]', '_', name)}"

    def _data_blocks(self) -> dict[str, Block]:
        return {block.address: block for block in self.config.data}

    def _data_resource(self, source: str, plan: DataPlan) -> str:
        """The logical id of the DATASOURCE resource for `source`, added on first read."""
        known = self.data_ids.get(source)
        if known is not None:
            return known
        tf_type, _, name = source.removeprefix("data.").partition(".")
        logical_id = self._data_name(tf_type, name)
        self.data_ids[source] = logical_id
        converted = {
            prop: self._filter_value(raw, Where(source, logical_id, prop, prop))
            for prop, raw in plan.filters.items()
        }
        # A filter that is null (`c ? [x] : null` with `c` false) is no filter, as in Terraform.
        properties = {prop: value for prop, value in converted.items() if value is not None}
        self.data_resources[logical_id] = {"Type": plan.spec.ros_type, "Properties": properties}
        self.warnings.append(
            Msg(
                "{source} became the ROS data source {name} ({type}), read when the stack is "
                "created.",
                source=source,
                name=logical_id,
                type=plan.spec.ros_type,
            )
        )
        self.warnings.extend(
            Msg("{source}: {note}.", source=source, note=note) for note in plan.notes
        )
        return logical_id

    def _filter_value(self, raw: object, where: Where) -> Any:
        """A DATASOURCE filter's ROS value: a Terraform value, or the `c ? x : null` that
        `choose` made of an RDS `ids = c ? [x] : null`, a placeholder parameter where the
        test does not map."""
        if not isinstance(raw, OneIdOrNone):
            return self.value(raw, where)
        try:
            return self.conditional(raw.node, raw.text, where)
        except Unmappable as problem:
            return {"Ref": self.unmapped(where, problem, raw.text)}

    def _data_read(
        self,
        source: str,
        logical_id: str,
        spec: DataSourceSpec,
        steps: tuple[Any, ...],
        expr: str,
        where: Where,
    ) -> Any:
        """`ids`, `<collection>[i].id` and `<collection>[i].<attribute>` of a DATASOURCE, and
        `<collection>.*.<attribute>` (the ids, or Fn::Jq over the items)."""
        first = steps[0].name if steps and isinstance(steps[0], GetAttr) else None
        rest = steps[1:]
        if first == "ids":
            return self.select(_get_att(logical_id, spec.ids), rest, expr, where)
        if first == spec.collection and not rest and spec.items is not None:
            return _get_att(logical_id, spec.items)
        if first == spec.collection and rest and isinstance(rest[0], Splat) and len(rest) == 2:
            read = rest[1].name if isinstance(rest[1], GetAttr) else None
            if read in spec.id_names:  # `vpcs.*.id`
                return _get_att(logical_id, spec.ids)
            if read is not None and spec.items is not None and read not in spec.not_flat:
                # `vpcs.*.vpc_name`: that key of every item; ROS has no map, jq has.
                field = json.dumps(spec.item_keys.get(read) or api_key(read))
                items = _get_att(logical_id, spec.items)
                return {"Fn::Jq": ["First", f"[.l[][{field}]]", {"l": items}]}
        if first == spec.collection and rest and isinstance(rest[0], Index):
            after = rest[1:]
            if after and isinstance(after[0], GetAttr) and after[0].name in spec.id_names:
                ids = _get_att(logical_id, spec.ids)
                return self.select(ids, (rest[0], *after[1:]), expr, where)
            read = after[0].name if after and isinstance(after[0], GetAttr) else None
            if read is not None and (spec.items is None or read in spec.not_flat):
                raise Unmappable(
                    expr,
                    Msg(
                        "reads {attribute} of {source}, which {type} has no attribute for",
                        attribute=f"{first}[...].{read}",
                        source=source,
                        type=spec.ros_type,
                    ),
                )
            if spec.items is None:  # reached only for a whole item (`zones[0]`)
                raise Unmappable(
                    expr,
                    Msg(
                        "reads a whole item of {source}, which {type} lists by id only",
                        source=source,
                        type=spec.ros_type,
                    ),
                )
            item = self.select(_get_att(logical_id, spec.items), (rest[0],), expr, where)
            if after and isinstance(after[0], GetAttr):
                name = after[0].name
                key = GetAttr(spec.item_keys.get(name) or api_key(name))
                return self.select(item, (key, *after[1:]), expr, where)
            return self.select(item, after, expr, where)
        raise Unmappable(
            expr,
            Msg(
                "reads {attribute} of {source}, which {type} has no attribute for",
                attribute=".".join(
                    step.name if isinstance(step, GetAttr) else "[...]" for step in steps
                )
                or source,
                source=source,
                type=spec.ros_type,
            ),
        )

    def _data_parameter(self, node: Traversal, names: list[str], source: str, expr: str) -> Any:
        picker = PICKERS.get(names[0]) if len(names) == 2 else None
        if picker is None:
            raise Unmappable(
                expr, Msg("reads the data source {source}, which ROS cannot see", source=source)
            )
        # A parameter per item the configuration reads (`zones[0]`, `zones[1]`: two zones to
        # pick), each holding the picked id only, so a read of anything else of the item
        # (`vpcs[0].cidr_block`) is reported.
        steps = node.steps[2:]
        read = [step.name for step in steps if isinstance(step, GetAttr)][1:2]
        if read and read[0] not in picker.ids:
            raise Unmappable(
                expr,
                Msg(
                    "reads {attribute} of {source}; the parameter standing for it holds only "
                    "the chosen id",
                    attribute=read[0],
                    source=source,
                ),
            )
        indexed = len(steps) > 1 and isinstance(steps[1], Index | Splat)
        single = indexed or len(node.steps) > 3
        position = _literal_index(steps[1]) if indexed else None
        key = source if not position else f"{source}[{position}]"
        known = self.placeholder_for.get(key)
        if known is None:
            known = self._data_name(
                names[0], names[1] if not position else f"{names[1]}_{position + 1}"
            )
            self.placeholders[known] = self._picker_parameter(picker, source, position, single)
            self.placeholder_for[key] = known
            self.warnings.append(self._picked_note(picker, source, known))
        computed = indexed and isinstance(steps[1], Index) and position is None
        if computed and source not in self.shared_picks:
            self.shared_picks.add(source)
            self.warnings.append(
                Msg(
                    "{expr} reads {source} at a computed index; parameter {name} stands for one "
                    "chosen value, which every read gets.",
                    expr=expr,
                    source=source,
                    name=known,
                )
            )
        return {"Ref": known}

    def _picker_parameter(
        self, picker: Picker, source: str, position: int | None, single: bool
    ) -> dict[str, object]:
        """The parameter for a data source the user picks from (its `position`th item):
        the console's picker, narrowed by the data source's filters where they are a literal
        or another parameter (`AssociationPropertyMetadata`)."""
        item = f"item [{position}] of " if position else ""
        parameter: dict[str, object] = {
            "Type": "String" if single else "CommaDelimitedList",
            "Description": f"Stands for {item}the Terraform data source {source}.",
        }
        if not single:
            return parameter
        parameter["AssociationProperty"] = _DATA_PICKERS[picker.prop]
        block = self._data_blocks().get(source)
        metadata: dict[str, object] = {}
        for argument, name in picker.metadata.items():
            raw = block.body.get(argument) if block is not None else None
            if raw is None:
                continue
            try:
                value = self.value(raw, Where(source, source, argument, name, strict=True))
            except Unmappable:
                continue
            reference = value.get("Ref") if isinstance(value, dict) else None
            if isinstance(value, str | int | float) and not isinstance(value, bool):
                metadata[name] = value
            elif reference in self.placeholders or reference in self.used_variables:
                metadata[name] = "${" + str(reference) + "}"  # another parameter's choice
        if metadata:
            parameter["AssociationPropertyMetadata"] = metadata
        return parameter

    @staticmethod
    def _picked_note(picker: Picker, source: str, name: str) -> Msg:
        if picker.service is None:
            return Msg(
                "{source} became parameter {name}, chosen when the stack is created.",
                source=source,
                name=name,
            )
        return Msg(
            "{source} became parameter {name}, chosen when the stack is created from the "
            "region's zones; Terraform listed only those where {service} is sold.",
            source=source,
            name=name,
            service=picker.service,
        )

    def _resource_value(self, address: str, steps: tuple[Any, ...], expr: str, where: Where) -> Any:
        if address in self.left_out:
            raise Unmappable(expr, Msg("reads {address}, which was not converted", address=address))
        if address not in self.blocks:
            raise Unmappable(
                expr, Msg("reads {address}, which is not declared in these files", address=address)
            )
        alias = self.aliases.get(address)
        attribute = steps[0].name if len(steps) == 1 and isinstance(steps[0], GetAttr) else None
        if alias is not None and attribute in ("id", "result"):
            return copy.deepcopy(alias)
        if address not in self.ids and self.static:
            raise Unmappable(
                expr,
                Msg("reads {address}, whose values are known only at deploy time", address=address),
            )
        if address in self.not_created and _splat_of_attributes(steps):
            return []  # Terraform's splat of a resource with no copies
        if address not in self.ids:
            raise Unmappable(expr, Msg("reads {address}, which was not converted", address=address))
        index: Any = None
        if steps and isinstance(steps[0], Index | Splat):
            index = "*" if isinstance(steps[0], Splat) else self.node(steps[0].key, expr, where)
            steps = steps[1:]
        if not steps and index is None:
            return ResourceObject(address)
        if not steps or not isinstance(steps[0], GetAttr):
            raise Unmappable(expr, Msg("reads a nested or whole-object value of a resource"))
        field = next((step.name for step in steps[1:] if isinstance(step, GetAttr)), None)
        copies = index is not None and self.counted(address)
        base = self._attribute(address, steps[0].name, expr, field=field, copies=copies)
        read_back = not _refers_to(base, self.ids[address])
        if read_back:
            # The argument's own value: Terraform still creates the reader after it.
            self.read_back.setdefault(where.address, []).append(self.ids[address])
        rest = steps[1:]
        if copies and read_back:
            # The argument as given is one value per copy, not ROS's list of the copies'.
            base = self._given_per_copy(address, steps[0].name, base, index, expr, where)
            return self.select(base, rest, expr, where) if rest else base
        if index is not None and index != "*":
            if not self.counted(address):
                if index in (0, "0") and self.single(address):
                    return self.select(base, rest, expr, where)
                raise Unmappable(
                    expr, Msg("indexes {address}, which has no count", address=address)
                )
            index = self._copy_index(address, index, expr)
            base = {"Fn::Select": [_text(index) if isinstance(index, int) else index, base]}
        if index == "*" and not self.counted(address):
            # A splat of one resource is a list of it, of none when its condition is false;
            # an index after the attributes (`x.*.id[0]`) reads that list.
            attributes = 0
            while attributes < len(rest) and isinstance(rest[attributes], GetAttr):
                attributes += 1
            value = self.select(base, rest[:attributes], expr, where)
            condition = self.condition_of({"Ref": self.ids[address]})
            listed = {"Fn::If": [condition, [value], []]} if condition else [value]
            return self.select(listed, rest[attributes:], expr, where)
        return self.select(base, rest, expr, where) if rest else base

    def _given_per_copy(
        self, address: str, attribute: str, value: Any, index: Any, expr: str, where: Where
    ) -> Any:
        """`address[index].attribute` (`index` "*" for a splat) of a resource with `Count`
        whose attribute is the argument as given (`value`, with `ALIYUN::Index` where it
        differs per copy): that copy's value, or the list of every copy's. Raises
        `Unmappable` when the copy or the number of copies is known only at deploy time and
        the value differs per copy."""
        count = self.resource(address).get("Count")
        per_copy = "ALIYUN::Index" in json.dumps(value)
        if index == INDEX and self._same_copies(where.address, address):
            return value  # copy i reads copy i: ALIYUN::Index is the same number in both
        if index != "*":
            index = self._copy_index(address, index, expr)
            if isinstance(index, str) and index.isdigit():
                index = int(index)
            if not per_copy:
                return value
            if isinstance(index, int):
                return _at_copy(value, index)
        elif isinstance(count, int):
            return [_at_copy(value, copy_index) for copy_index in range(count)]
        elif not per_copy:  # as many of the same value as there are copies
            return {
                "Fn::Jq": ["First", "[range(.n | tonumber) as $i | .v]", {"n": count, "v": value}]
            }
        elif _is_item_by_copy(value):  # `var.zones[count.index]`: the first items of the list
            items = value["Fn::Select"][1]
            return {"Fn::Jq": ["First", ".l[0:(.n | tonumber)]", {"l": items, "n": count}]}
        raise Unmappable(
            expr,
            Msg(
                "reads {attribute} of {address}, which differs per copy, and the copy or "
                "the number of copies is known only at deploy time",
                attribute=attribute,
                address=address,
            ),
        )

    def _same_copies(self, reader: str, address: str) -> bool:
        """Whether two resources have the same count, written the same way (a for_each over
        another resource's copies becomes its count): their copies pair up by number."""
        if reader not in self.blocks or address not in self.blocks:
            return False
        count = self.blocks[reader].body.get("count")
        return count is not None and count == self.blocks[address].body.get("count")

    def _copy_index(self, address: str, index: Any, expr: str) -> Any:
        """The ROS index of `address[index]`. A resource whose for_each over a set became
        `Count` over its list (`Fn::Length` of it, `tf_counted`) is keyed by the items: a key
        is its item's position in the list (`Fn::Index`), the key of a reader's own copy over
        the same list (the item at `ALIYUN::Index`) that copy's number. Any other is keyed by
        position. Raises `Unmappable` for a key that is neither."""
        if index == INDEX:
            return index
        count = self.resource(address).get("Count") if self.counted(address) else None
        listed = count.get("Fn::Length") if isinstance(count, dict) and len(count) == 1 else None
        if address in self.config.item_keyed and listed is not None:
            if index == {"Fn::Select": [INDEX, listed]}:
                return copy.deepcopy(INDEX)
            if isinstance(index, str | dict):
                return {"Fn::Index": [index, copy.deepcopy(listed)]}
        elif not isinstance(index, str | bool) or str(index).lstrip("-").isdigit():
            return index  # a position, or one computed at deploy time
        raise Unmappable(
            expr,
            Msg(
                "indexes {address} by the key {key!r}, which is not a copy's number",
                address=address,
                key=index,
            ),
        )

    def _attribute(
        self, address: str, attribute: str, expr: str, *, field: Any = None, copies: bool = False
    ) -> Any:
        """The ROS value of `address.attribute`. `field` is the name the read goes on to (the
        `threshold` of `escalations_critical[0].threshold`), so a nested block read back as it
        was given is read only for a field it gives (a whole one is read with a note that
        the provider's filled-in fields are missing); `copies` when the read names a copy or
        all of them, so an argument that differs per copy (with `ALIYUN::Index`) may be read
        back when ROS has no attribute for it. Raises `Unmappable` when ROS has no such value."""
        logical_id, rule = self.ids[address], self.rules[address]
        attribute = current_spelling(rule.tf_type, attribute)
        known = rule.attributes.get(attribute)
        if known is not None and known.handler:
            values = [_get_att(logical_id, name) for name in known.to]
            return ATTRIBUTE_JOINS[known.handler](values)
        if attribute == "id" and rule.ros_type != RANDOM_STRING:  # its id is its value
            return {"Ref": logical_id}
        if attribute in rule.values:  # a value of its own, maybe of its other attributes
            text = json.dumps(rule.values[attribute]).replace(
                json.dumps(SELF), json.dumps(logical_id)
            )
            return json.loads(text)
        # An argument the resource was given reads back as that value, as in Terraform.
        path = argument_path(rule, attribute)
        per_copy: Any = None  # a given value that differs per copy, if nothing else has it
        if path is not None:
            given: Any = self.resource(address)["Properties"]
            for name in path.split("."):
                given = given.get(name) if isinstance(given, dict) else None
            # Outside the resource ALIYUN::Index means nothing, unless the read names copies.
            if given is not None and "ALIYUN::Index" not in json.dumps(given):
                return copy.deepcopy(given)
            per_copy = copy.deepcopy(given) if copies else None
        if known is not None:
            return _get_att(logical_id, known.to[0])
        # The rules may leave out an attribute the ROS schema has under the same name, or
        # under the name of the argument's property (a project's Name).
        attributes = ros_attributes(rule.ros_type) or frozenset()
        same_name = "".join(word[:1].upper() + word[1:] for word in attribute.split("_"))
        for candidate in (same_name, path, ros_attribute_name(rule.tf_type, attribute)):
            if candidate is not None and candidate in attributes:
                return _get_att(logical_id, candidate)
        given = per_copy or self._argument_read_back(address, attribute, field)
        if given is not None and (copies or "ALIYUN::Index" not in json.dumps(given)):
            if field is None and _has_block(self.blocks[address].body.get(attribute)):
                note = Msg(
                    "{address}: {attribute} is read back as its blocks were given; Terraform's "
                    "value also has the fields the provider fills in, which this one lacks.",
                    address=address,
                    attribute=attribute,
                )
                if note not in self.warnings:
                    self.warnings.append(note)
            return given
        if attribute == REGION_ATTRIBUTE and attribute not in self.blocks[address].body:
            return {"Ref": "ALIYUN::Region"}  # Terraform creates it in the stack's region
        raise Unmappable(expr, self._no_attribute(address, rule, attribute))

    def _no_attribute(self, address: str, rule: Rule, attribute: str) -> Msg:
        """Why `address.attribute` has no ROS value: an argument it does not set (whose value
        only the provider knows), or a value ROS has no attribute for."""
        if attribute not in self.blocks[address].body and (
            attribute in rule.properties or attribute in rule.ignored
        ):
            return Msg(
                "reads {attribute} of {address}, which it does not set: Terraform gives the "
                "provider's default or the computed value there, which ROS has no attribute for",
                attribute=attribute,
                address=address,
            )
        return Msg(
            "reads {attribute} of {address}, which has no ROS attribute",
            attribute=attribute,
            address=address,
        )

    def _argument_read_back(self, address: str, attribute: str, field: Any = None) -> Any:
        """The value of the argument `attribute` as the resource was given it, which is what
        Terraform's attribute of that name reads, for one that no ROS property or attribute
        carries (a CMS alarm's `contact_groups`, read by an output). Nested blocks are the list
        of their bodies, for a read of their `field` only when every body gives it (the
        provider fills in the fields a block leaves out, which the bodies lack). None when the
        resource does not set it, it is a secret, or it cannot be converted; a value that
        differs per copy has `ALIYUN::Index` in it."""
        raw = self.blocks[address].body.get(attribute)
        secret = any(word in attribute for word in ("password", "secret", "token", "key"))
        if raw is None or secret or computed_blocks(raw):
            return None  # none, not to be read, or blocks ROS computes from a parameter
        if _has_block(raw):
            raw = raw if isinstance(raw, list) else [raw]
            if any(_has_block(v) for body in raw for k, v in body.items() if k != "__is_block__"):
                return None
            if field is not None and any(field not in body for body in raw):
                return None
        where = Where(address, self.ids[address], attribute, attribute, strict=True)
        try:
            value = self.value(raw, where)
        except Unmappable:
            return None
        return value

    # --- functions, conditions, operators -------------------------------------------------

    def call(self, node: Call, expr: str, where: Where) -> Any:
        if node.name in ("file", "filebase64", "templatefile") and not node.expand:
            return self._template_file(node, expr, where)
        if node.name == "try" and node.args and not node.expand:
            return self._try(node, expr, where)
        if node.name == "coalesce" and node.args and not node.expand:
            return self._coalesce(node, expr, where)
        if node.name == "lookup" and len(node.args) in (2, 3) and not node.expand:
            # `lookup({a = x, b = y}, "a", d)`, as a dynamic block's item is written in: only
            # the member read (or the default) is converted, not the object's other values.
            key, keys = _literal_text(node.args[1]), _keys(node.args[0])
            member = _member(node.args[0], GetAttr(key)) if key is not None else None
            if member is not None:
                return self.node(member, expr, where)
            if keys is not None and key is not None and key not in keys and len(node.args) == 3:
                return self.node(node.args[2], expr, where)
        function = FUNCTIONS.get(node.name)
        if function is None or node.expand:
            raise Unmappable(
                expr,
                Msg("calls {function}(), which has no ROS equivalent here", function=node.name),
            )
        args = [self.node(arg, expr, where) for arg in node.args]
        if node.name == "length" and len(args) == 1 and isinstance(args[0], ResourceObject):
            return self._copies(args[0].address, expr)
        if node.name == "flatten" and len(args) == 1:
            merged = self._flatten_id_lists(args[0])
            if merged is not None:
                return merged
        if node.name == "cidrsubnet" and len(args) == 3 and not _literal_args(args[:1]):
            return self._cidr_of_parameter(args, expr)
        try:
            return function(args)
        except (TypeError, ValueError, IndexError, KeyError, ZeroDivisionError):
            raise Unmappable(
                expr,
                Msg("calls {function}() with arguments it cannot use", function=node.name),
            ) from None

    def _copies(self, address: str, expr: str) -> Any:
        """`length(x)` of a whole resource: its number of copies, the `Count` ROS gives it.
        Raises `Unmappable` for a resource without one, or one with copies unrolled here."""
        count = self.resource(address).get("Count") if self.counted(address) else None
        if count is None or "[" in address:
            raise Unmappable(expr, Msg("reads a whole resource, which has no ROS value"))
        return copy.deepcopy(count)

    def _is_id_list(self, value: Any) -> bool:
        """Whether a ROS value is the ids of a resource with `Count` (its `Ref`: a flat list)."""
        if not isinstance(value, dict) or set(value) != {"Ref"}:
            return False
        address = next((a for a, i in self.ids.items() if i == value["Ref"]), None)
        return address is not None and self.counted(address)

    def _flatten_id_lists(self, value: Any) -> Any:
        """`flatten` of the ids of resources with `Count` (`flatten(x[*].id)`, or a list of
        such and plain items): ROS's lists of ids are flat, so it is them merged
        (`Fn::ListMerge`). None for anything else, which `_flatten` computes or refuses."""
        if self._is_id_list(value):
            return value
        if not isinstance(value, list) or not any(self._is_id_list(item) for item in value):
            return None
        pieces: list[Any] = []
        for item in value:
            if self._is_id_list(item):
                pieces.append(item)
            elif isinstance(item, list) or is_function(item):
                return None  # a nested list or a value that may be one: not known flat
            elif pieces and isinstance(pieces[-1], list):
                pieces[-1].append(item)
            else:
                pieces.append([item])
        return {"Fn::ListMerge": pieces} if len(pieces) > 1 else pieces[0]

    def _try(self, node: Call, expr: str, where: Where) -> Any:
        """`try(a, b, ...)`: the first argument that converts. Terraform falls back when `a`
        fails at plan time; in ROS that is a conditional resource that is not created (`[0]` of
        `count = cond ? 1 : 0`), so over one of those it is `Fn::If` of its condition."""
        problem: Unmappable | None = None
        for position, arg in enumerate(node.args):
            try:
                value = self.node(arg, expr, where)
            except Unmappable as failed:
                problem = problem or failed
                continue
            # A value read back from a conditional resource's arguments names no resource.
            condition = self.condition_of(value) or self.condition_of(
                [{"Ref": self.ids[a]} for a in _resources_read(arg) if a in self.ids]
            )
            for fallback in node.args[position + 1 :] if condition else ():
                try:
                    return {"Fn::If": [condition, value, self.node(fallback, expr, where)]}
                except Unmappable:
                    continue
            return value
        assert problem is not None  # there is at least one argument
        raise problem

    def _coalesce(self, node: Call, expr: str, where: Where) -> Any:
        """`coalesce(a, b, ...)`: the first argument that is not null or "". Over text only
        known at deploy time (a parameter) that is `Fn::If` of a condition on it."""
        values = [self.node(arg, expr, where) for arg in node.args]
        chosen: Any = None
        for value in reversed(values):  # from the last: each earlier one wraps the rest
            if value is None or value == "":
                continue
            if is_literal(value):
                chosen = value
                continue
            if chosen is None:
                chosen = value  # the last one that may be set: Terraform fails when none is
                continue
            test = {"Fn::Not": {"Fn::Equals": ["", value]}}
            chosen = {"Fn::If": [self.condition(test, expr, where), value, chosen]}
        if chosen is None:
            raise Unmappable(
                expr,
                Msg("calls {function}() with arguments it cannot use", function="coalesce"),
            )
        return chosen

    def condition_of(self, value: Any) -> str | None:
        """The ROS condition of a conditional resource `value` reads, if any (the resource
        converter knows them)."""
        return None

    def _cidr_of_parameter(self, args: list[Any], expr: str) -> Any:
        """`cidrsubnet(var.cidr, newbits, netnum)` as `Fn::Select` of ROS's `Fn::Cidr`.

        Fn::Cidr takes the subnets' host bits (32 - prefix length - newbits), so the parameter's
        prefix length must be fixed: it is the default's, and `parameters` constrains the
        parameter to it (`cidr_prefixes`). A prefix whose length the files do not give (a data
        source's CIDR, a parameter without a default) is computed by `Fn::Jq` at deploy time
        (`_CIDRSUBNET`, IPv4; the stack fails on a subnet that does not fit, as Terraform's
        plan does). Raises `Unmappable` when newbits or netnum are not literal numbers, or no
        IPv4 subnet has them."""
        prefix, newbits, netnum = args
        if not (_is_int(newbits) and _is_int(netnum)):
            raise Unmappable(expr, Msg("calls cidrsubnet() with newbits or netnum not literal"))
        if not 0 <= newbits <= 32 or not 0 <= netnum < 2**newbits:
            raise Unmappable(expr, Msg("calls cidrsubnet() with arguments it cannot use"))
        name = prefix.get("Ref") if isinstance(prefix, dict) and len(prefix) == 1 else None
        default = self._default(name) if isinstance(name, str) and not self.static else None
        try:
            network = ipaddress.ip_network(default, strict=False) if default else None
        except (TypeError, ValueError):
            network = None
        if network is not None and network.version == 4 and name not in self.parameter_patterns:
            length = network.prefixlen + newbits
            if length > 32:
                raise Unmappable(expr, Msg("calls cidrsubnet() with arguments it cannot use"))
            if netnum < 256:  # the most subnets Fn::Cidr makes
                self.cidr_prefixes[str(name)] = network.prefixlen
                return {
                    "Fn::Select": [str(netnum), {"Fn::Cidr": [prefix, netnum + 1, 32 - length]}]
                }
        if network is not None and network.version != 4:
            raise Unmappable(
                expr, Msg("calls cidrsubnet() on an IPv6 network, computed for IPv4 only")
            )
        if self.static:
            raise Unmappable(
                expr, Msg("calls cidrsubnet() on a value known only when the stack is created")
            )
        return {"Fn::Jq": ["First", _CIDRSUBNET, {"c": prefix, "b": newbits, "n": netnum}]}

    def _template_file(self, node: Call, expr: str, where: Where) -> Any:
        """`file(path)` is the file's text, `filebase64(path)` its bytes in base64, and
        `templatefile(path, vars)` renders it as a Terraform template with `vars` bound. A
        relative path starts at the root module's folder, as Terraform runs there; the file
        must be in the workspace the conversion was given."""
        args = [self.node(arg, expr, where) for arg in node.args]
        path = args[0] if args and isinstance(args[0], str) else None
        key = None if path is None or path.startswith("/") else local_source(self.root, path)
        text = None if key is None else self.files.get(key)
        if text is None and args and is_function(args[0]):
            raise Unmappable(expr, Msg("reads a file whose path is only known at deploy time"))
        if text is None:
            raise Unmappable(
                expr, Msg("reads a file that is not in the Terraform files it was given")
            )
        if node.name == "file":
            return text
        if node.name == "filebase64":
            return base64.b64encode(text.encode("utf-8")).decode("ascii")
        bound = args[1] if len(args) == 2 else {}
        if not isinstance(bound, dict) or is_function(bound):
            raise Unmappable(expr, Msg("passes template variables that are not known in advance"))
        saved = dict(self.bindings)
        self.bindings.update(bound)
        try:
            return self.string(text, where)
        finally:
            self.bindings = saved

    def conditional(self, node: Conditional, expr: str, where: Where) -> Any:
        try:
            test = self.condition_value(node.condition, expr, where)
        except Unmappable as problem:
            return self._deploy_time_choice(node, problem, expr, where)
        if isinstance(test, bool):
            return self.node(node.then if test else node.otherwise, expr, where)
        branches: list[Any] = []
        for branch, other in ((node.then, node.otherwise), (node.otherwise, node.then)):
            try:
                branches.append(self.node(branch, expr, where))
            except Invalid as problem:
                # Terraform fails when it takes that branch; the stack takes the other one.
                self.warnings.append(
                    Msg(
                        "{address}: {argument} = {expr}: one branch {reason}, which Terraform "
                        "rejects when it is taken, so the template always uses the other one.",
                        address=where.address,
                        argument=where.argument,
                        expr=expr,
                        reason=problem.reason,
                    )
                )
                return self.node(other, expr, where)
        try:
            condition = self.condition(test, expr, where)
        except Unmappable as problem:  # a test of a resource's value
            return self._deploy_time_choice(node, problem, expr, where)
        return {"Fn::If": [condition, *branches]}

    def _deploy_time_choice(
        self, node: Conditional, problem: Unmappable, expr: str, where: Where
    ) -> Any:
        """`c ? a : b` whose test a ROS condition cannot hold (`var.n < 2`: ROS Conditions
        have no order comparison; a resource's value: they are evaluated before any resource
        exists) as `Fn::Jq` over the test's values and both branches, which the stack computes
        when it is created. Raises `problem` (the test's own reason) where that is not the
        same value: in a `Count` (ROS must know it before any resource), with a `null` branch
        (Terraform's "not set", which a value cannot say), or with a branch that selects an
        item inside that the test does not select too (Terraform does not read the branch it
        does not take; ROS computes every argument, and an index past a list's end would fail
        the stack). A branch that is one item of a list (`var.l[count.index]`) is selected by
        jq itself, so the guard `count.index < length(var.l) ? var.l[count.index] : d` holds."""
        if where.prop == "Count" or Literal(None) in (node.then, node.otherwise):
            raise problem
        values: dict[str, Any] = {}
        try:
            test = self._jq_test(node.condition, values, expr, where)
            tested = _selections(values)
            then, otherwise = (
                _jq_branch(self.node(n, expr, where), values) for n in (node.then, node.otherwise)
            )
        except Unmappable:
            raise problem from None
        if _selections(values) - tested:
            raise problem
        return {"Fn::Jq": ["First", f"if {test} then {then} else {otherwise} end", values]}

    def _jq_test(self, node: object, values: dict[str, Any], expr: str, where: Where) -> str:
        """A Terraform condition as a jq test over `values` (filled with the ROS values it
        reads, `.v0`, `.v1`, ...); numbers are compared as numbers, as Terraform converts a
        numeric text for `<`. Raises Unmappable for a value that does not convert."""
        if isinstance(node, Operation) and node.op in ("&&", "||"):
            left, right = (self._jq_test(n, values, expr, where) for n in node.operands)
            return f"({left}) {'and' if node.op == '&&' else 'or'} ({right})"
        if isinstance(node, Operation) and node.op == "!":
            return f"({self._jq_test(node.operands[0], values, expr, where)} | not)"
        if isinstance(node, Operation) and node.op in ("==", "!="):
            left, right = (self._jq_operand(n, values, expr, where) for n in node.operands)
            return f"{left} {node.op} {right}"
        if isinstance(node, Operation) and node.op in ("<", ">", "<=", ">="):
            left, right = (self._jq_operand(n, values, expr, where) for n in node.operands)
            return f"({left} | tonumber) {node.op} ({right} | tonumber)"
        return f"{self._jq_operand(node, values, expr, where)} == true"

    def _jq_operand(self, node: object, values: dict[str, Any], expr: str, where: Where) -> str:
        """A jq term for the value of `node` (see `_jq_term`)."""
        return _jq_term(self.node(node, expr, where), values)

    def condition(self, test: Any, expr: str, where: Where) -> str:
        """The name of a ROS condition for `test` (a condition function), added once."""
        resources = set(self.ids.values()) | set(self.data_ids.values())
        if _reads_any(test, resources):
            raise Unmappable(
                expr,
                Msg(
                    "has a condition on a resource's value, which ROS evaluates before any "
                    "resource exists"
                ),
            )
        if isinstance(test, dict) and set(test) == {"Condition"}:
            return str(test["Condition"])  # one that exists: a conditional resource's
        if not _fits_conditions(test):
            raise Unmappable(
                expr,
                Msg(
                    "has a test that ROS cannot evaluate in its Conditions (a value of each "
                    "copy, or a function of the stack's creation)"
                ),
            )
        key = json.dumps(test, sort_keys=True)
        known = self.condition_for.get(key)
        if known is None:
            known = unique(f"{where.logical_id}_Condition", self.taken)
            self.conditions[known] = test
            self.condition_for[key] = known
        return known

    def condition_value(self, node: object, expr: str, where: Where) -> Any:
        """A Terraform condition as a bool (when known) or a ROS condition function."""
        if isinstance(node, Operation) and node.op in ("&&", "||"):
            left, right = (self.condition_value(n, expr, where) for n in node.operands)
            if node.op == "&&":
                if left is False or right is False:
                    return False
                if left is True or right is True:
                    return right if left is True else left
                return {"Fn::And": [left, right]}
            if left is True or right is True:
                return True
            if left is False or right is False:
                return right if left is False else left
            return {"Fn::Or": [left, right]}
        if isinstance(node, Operation) and node.op == "!":
            inner = self.condition_value(node.operands[0], expr, where)
            return (not inner) if isinstance(inner, bool) else {"Fn::Not": inner}
        emptiness = _emptiness_test(node)
        if emptiness is not None:
            tested = self._emptiness(emptiness[0], expr, where)
            if tested is not None:
                wanted_empty = emptiness[1]
                if isinstance(tested, bool):
                    return tested is wanted_empty
                return tested if wanted_empty else _negated(tested)
        blank = _blank_test(node)
        if blank is not None:
            tested = self._blank(blank[0], expr, where)
            if tested is not None:
                if isinstance(tested, bool):
                    return tested is blank[1]
                return tested if blank[1] else _negated(tested)
        if isinstance(node, Operation) and node.op in ("==", "!="):
            left, right = (self.node(n, expr, where) for n in node.operands)
            if is_literal(left) and is_literal(right):
                return (left == right) == (node.op == "==")
            equals = {"Fn::Equals": [left, right]}
            return equals if node.op == "==" else {"Fn::Not": equals}
        local = self._local_condition(node, expr, where)
        if local is not None:
            return local
        value = self.node(node, expr, where)
        if isinstance(value, bool):
            return value
        if is_literal(value):
            raise Unmappable(expr, Msg("has a condition that is not true or false"))
        return {"Fn::Equals": [True, value]}

    def _local_condition(self, node: object, expr: str, where: Where) -> Any:
        """A local that holds a condition (`create = var.a && var.b`) read as one, as ROS
        has no true/false value for `&&` outside its Conditions; None for other nodes."""
        if not (
            isinstance(node, Traversal)
            and node.root == "local"
            and len(node.steps) == 1
            and isinstance(node.steps[0], GetAttr)
        ):
            return None
        name = node.steps[0].name
        inner = self._local_node(name)
        if not (isinstance(inner, Operation) and inner.op in ("&&", "||", "!", "==", "!=")):
            return None
        key = f"local.{name}"
        if key in self.busy:
            raise Unmappable(expr, Msg("reads {local}, which refers to itself", local=key))
        self.busy.add(key)
        try:
            return self.condition_value(inner, expr, where)
        finally:
            self.busy.discard(key)

    def _emptiness(self, node: object, expr: str, where: Where) -> Any:
        """Whether the value of `node` (what `length()` reads) is empty: a bool when known, a
        ROS condition function over a list or text parameter or a conditional resource, or
        None when neither (the caller's other rules apply). ROS's list parameter left empty
        is `[""]` (one empty item), so a list is tested by its joined text."""
        if isinstance(node, Traversal) and node.root.startswith(RESOURCE_PREFIXES):
            step = node.steps[0] if len(node.steps) == 1 else None
            address = f"{node.root}.{step.name}" if isinstance(step, GetAttr) else ""
            if address in self.ids:
                if self.counted(address):
                    return None
                condition = self.condition_of({"Ref": self.ids[address]})
                return {"Fn::Not": {"Condition": condition}} if condition else False
            return None
        value = self.node(node, expr, where)
        if is_literal(value):
            return None  # known: the comparison itself computes it
        branches = value.get("Fn::If") if isinstance(value, dict) and len(value) == 1 else None
        if isinstance(branches, list) and len(branches) == 3 and branches[2] == []:
            one = isinstance(branches[1], list) and len(branches[1]) == 1
            if one:  # a splat of one conditional resource
                return {"Fn::Not": {"Condition": branches[0]}}
        name = value.get("Ref") if isinstance(value, dict) and len(value) == 1 else None
        block = self.config.variables.get(name) if isinstance(name, str) else None
        if block is None:
            return None
        kind = parameter_type(block.body.get("type"), block.body.get("default"))
        if kind == "CommaDelimitedList":
            return {"Fn::Equals": ["", {"Fn::Join": [",", value]}]}
        if kind == "String":
            return {"Fn::Equals": ["", value]}
        if kind == "Json":  # a list of objects or maps, or a map: its empty value
            shape = variable_kind(block)
            if shape in ("list", "set", "tuple"):
                return {"Fn::Equals": [[], value]}
            if shape in ("map", "object"):
                return {"Fn::Equals": [{}, value]}
        return None

    def _blank(self, node: object, expr: str, where: Where) -> Any:
        """Whether the text `node` is "" (what `x == ""` tests), where that is known without
        comparing a resource's value, which a ROS condition cannot read: a bool, a ROS
        condition function, or None (the caller compares the values). The id or ARN of a
        resource the stack creates is never "" (`alicloud_ram_role.r.arn == ""` is false),
        that of a conditional one only when it is not created (`join(",", x.*.id)`,
        `concat(x.*.id, [""])[0]`); a template with literal text is never ""; a choice is
        "" where the branch it takes is; a local is read as its expression."""
        if isinstance(node, Template):
            return False if any(isinstance(part, str) and part for part in node.parts) else None
        address = _identifier_read(node)
        if address is not None:
            if address in self.not_created:
                return True
            if address not in self.ids or self.counted(address):
                return None
            condition = self.condition_of({"Ref": self.ids[address]})
            return {"Fn::Not": {"Condition": condition}} if condition else False
        if isinstance(node, Conditional):
            test = self.condition_value(node.condition, expr, where)
            if isinstance(test, bool):
                return self._blank(node.then if test else node.otherwise, expr, where)
            then, otherwise = (self._blank(n, expr, where) for n in (node.then, node.otherwise))
            if then is None or otherwise is None:
                return None
            return _any_of(_all_of(test, then), _all_of(_negated(test), otherwise))
        if (
            isinstance(node, Traversal)
            and node.root == "local"
            and len(node.steps) == 1
            and isinstance(node.steps[0], GetAttr)
        ):
            key = f"local.{node.steps[0].name}"
            inner = self._local_node(node.steps[0].name)
            if inner is None or key in self.busy:
                return None
            self.busy.add(key)
            try:
                return self._blank(inner, expr, where)
            finally:
                self.busy.discard(key)
        value = self.node(node, expr, where)
        if is_literal(value):
            return value == ""
        if _reads_any(value, set(self.ids.values()) | set(self.data_ids.values())):
            return None
        return {"Fn::Equals": [value, ""]}

    def operation(self, node: Operation, expr: str, where: Where) -> Any:
        if node.op in ("&&", "||", "!", "==", "!="):
            test = self.condition_value(node, expr, where)
            if isinstance(test, bool):
                return test
            raise Unmappable(expr, Msg("is a comparison that is only known at deploy time"))
        values = [self.node(n, expr, where) for n in node.operands]
        if node.op == "neg":
            values, op = [0, values[0]], "-"
        else:
            op = node.op
        if op not in ("+", "-", "*", "/", "%", "<", ">", "<=", ">="):
            raise Unmappable(expr, Msg("is an expression this converter does not read"))
        # Terraform converts a numeric text for arithmetic and comparison (`"10" > 0`).
        numbers = [_as_number(v) for v in values]
        if all(number is not None for number in numbers):
            try:
                return _ARITHMETIC[op](numbers[0], numbers[1])
            except ZeroDivisionError:
                raise Invalid(expr, Msg("divides by zero")) from None
        if op in ("<", ">", "<=", ">="):
            raise Unmappable(expr, Msg("is a comparison that is only known at deploy time"))
        # Fn::Calculate takes a formula over {0}, {1}, ... and the number of decimals.
        return {"Fn::Calculate": [f"{{0}}{op}{{1}}", 0, values]}

    # --- placeholders ---------------------------------------------------------------------

    def unmapped(self, where: Where, problem: Unmappable, source: str) -> str:
        """The placeholder parameter for the argument text `source`, whose part `problem.expr`
        cannot be mapped; one per distinct text (a count's own: it is a Number). Keyed by the
        whole text, not the failing part: `x > 1 ? a : b` and `x` fail at the same `x`."""
        key = f"{where.prop == 'Count'}:{source}"
        name = self.placeholder_for.get(key)
        if name is not None:
            if self.placeholder_origin.get(name) == (where.address, where.argument):
                return name  # the same argument converted again: said when it was added
            # Said again for this argument, so that every resource it makes lossy names why.
            self.warnings.append(
                Msg(
                    "{address}: {argument} = {expr} {reason}; it uses parameter {name}, added "
                    "for the same value.",
                    address=where.address,
                    argument=where.argument,
                    expr=problem.expr,
                    reason=problem.reason,
                    name=name,
                )
            )
            return name
        # The parameter's Description is template text, so it stays English.
        name = self.placeholder(
            where,
            f"Stands for the Terraform value {problem.expr} of {where.address}."
            f"{where.argument}; it {problem.reason}.",
        )
        self.placeholder_for[key] = name
        self.placeholder_origin[name] = (where.address, where.argument)
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
        name = unique(f"{where.logical_id}_{where.prop.split('.')[-1]}", self.taken)
        is_list = where.prop in LIST_PROPERTIES and not where.in_list
        parameter: dict[str, object] = {"Type": "CommaDelimitedList" if is_list else "String"}
        if where.prop in ASSOCIATION_PROPERTIES and not is_list:
            parameter["AssociationProperty"] = ASSOCIATION_PROPERTIES[where.prop]
        if where.prop in SECRET_PROPERTIES:
            parameter["NoEcho"] = True
        parameter["Description"] = description
        self.placeholders[name] = parameter
        return name


# (operator, number) of `length(x) <op> number` -> True when it tests "x is empty".
_EMPTY_WHEN: Mapping[tuple[str, object], bool] = {
    ("==", 0): True,
    ("<", 1): True,
    ("<=", 0): True,
    (">", 0): False,
    (">=", 1): False,
    ("!=", 0): False,
}
_FLIPPED = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}


def held_switches(test: Any) -> dict[str, bool]:
    """The variables a ROS condition holds to true or false when it is true: the terms of its
    `Fn::And` that are `Fn::Equals [true, Ref x]` (Terraform's `var.x`), or `Fn::Not` of one."""
    if isinstance(test, dict) and isinstance(test.get("Fn::And"), list):
        held: dict[str, bool] = {}
        for term in test["Fn::And"]:
            held.update(held_switches(term))
        return held
    negated = isinstance(test, dict) and set(test) == {"Fn::Not"}
    inner = test["Fn::Not"] if negated else test
    match inner:
        case {"Fn::Equals": [True, {"Ref": str(name)} as ref]} if len(inner) == len(ref) == 1:
            return {name: not negated}
    return {}


def _negated(test: Any) -> Any:
    """`Fn::Not` of a condition function, without a double negation."""
    if isinstance(test, dict) and set(test) == {"Fn::Not"}:
        return test["Fn::Not"]
    return {"Fn::Not": test}


def _jq_term(value: Any, values: dict[str, Any]) -> str:
    """A jq term for a ROS value: a literal as JSON, else `.vN`, added to `values`."""
    if is_literal(value):
        return json.dumps(value)
    name = f"v{len(values)}"
    values[name] = value
    return f".{name}"


def _selections(value: Any) -> set[str]:
    """Every `Fn::Select` inside `value`, as its JSON text."""
    found: set[str] = set()
    if isinstance(value, dict):
        if len(value) == 1 and "Fn::Select" in value:
            found.add(json.dumps(value, sort_keys=True))
        for item in value.values():
            found |= _selections(item)
    elif isinstance(value, list):
        for item in value:
            found |= _selections(item)
    return found


def _jq_branch(value: Any, values: dict[str, Any]) -> str:
    """A jq term for a branch of a choice: one item of a list (`Fn::Select [i, l]`) is
    selected by jq, which gives null past the end instead of failing; else `_jq_term`."""
    match value:
        case {"Fn::Select": [str() as key, items]} if len(value) == 1 and not key.isdigit():
            return f"{_jq_term(items, values)}[{json.dumps(key)}]"  # a map's key
        case {"Fn::Select": [str() as key, items]} if len(value) == 1:
            # Digits: a list's position, or a map's key ("1"), as the value turns out.
            listed = _jq_term(items, values)
            return (
                f'({listed} | if type == "object" then .[{json.dumps(key)}] else .[{int(key)}] end)'
            )
        case {"Fn::Select": [index, items]} if len(value) == 1:
            return f"{_jq_term(items, values)}[{_jq_term(index, values)} | tonumber]"
    return _jq_term(value, values)


def _all_of(left: Any, right: Any) -> Any:
    """`left && right` of two conditions, each a bool or a ROS condition function."""
    if isinstance(left, bool) or isinstance(right, bool):
        known, other = (left, right) if isinstance(left, bool) else (right, left)
        return other if known else False
    return {"Fn::And": [left, right]}


def _any_of(left: Any, right: Any) -> Any:
    """`left || right` of two conditions, each a bool or a ROS condition function."""
    if isinstance(left, bool) or isinstance(right, bool):
        known, other = (left, right) if isinstance(left, bool) else (right, left)
        return True if known else other
    return {"Fn::Or": [left, right]}


def _blank_test(node: object) -> tuple[object, bool] | None:
    """`x == ""` or `x != ""` (either way round) as (the node of x, True for `==`)."""
    if not (isinstance(node, Operation) and node.op in ("==", "!=") and len(node.operands) == 2):
        return None
    left, right = node.operands
    if isinstance(left, Literal) and left.value == "":
        left, right = right, left
    if not (isinstance(right, Literal) and right.value == ""):
        return None
    return left, node.op == "=="


# Attributes the cloud gives every resource it creates, never "": its id and its ARN.
_NEVER_BLANK = ("id", "arn")


def _identifier_read(node: object) -> str | None:
    """The address whose id or ARN `node` reads as one text, else None: `x.id`, `x[0].id`,
    `join(sep, x.*.id)`, `concat(x.*.id, [""])[0]` (the last two are "" when x has no copy)."""
    if isinstance(node, Call) and node.name == "join" and len(node.args) == 2:
        node = node.args[1]
        if isinstance(node, Traversal) and _splat_of_attributes(node.steps[1:]):
            return _identifier_read(Traversal(node.root, (node.steps[0], *node.steps[2:])))
        return None
    if (
        isinstance(node, Postfix)
        and node.steps == (Index(Literal(0)),)
        and isinstance(node.base, Call)
        and node.base.name == "concat"
        and len(node.base.args) == 2
        and node.base.args[1] == TupleExpr((Literal(""),))
    ):
        return _identifier_read(Call("join", (Literal(","), node.base.args[0])))
    if not (isinstance(node, Traversal) and node.root.startswith(RESOURCE_PREFIXES)):
        return None
    steps = node.steps
    if len(steps) == 3 and steps[1] == Index(Literal(0)):
        steps = (steps[0], steps[2])
    if len(steps) != 2 or not all(isinstance(step, GetAttr) for step in steps):
        return None
    first, attribute = steps
    assert isinstance(first, GetAttr) and isinstance(attribute, GetAttr)
    return f"{node.root}.{first.name}" if attribute.name in _NEVER_BLANK else None


def _emptiness_test(node: object) -> tuple[object, bool] | None:
    """`length(x) > 0` and its kin (`== 0`, `>= 1`, `0 < length(x)`, ...) as (the node of x,
    True when the test is "x is empty"); None for any other expression."""
    if not (isinstance(node, Operation) and node.op in _FLIPPED and len(node.operands) == 2):
        return None
    left, right = node.operands
    op = node.op
    if isinstance(left, Literal):
        left, right, op = right, left, _FLIPPED[op]
    if not (isinstance(left, Call) and left.name == "length" and len(left.args) == 1):
        return None
    if not isinstance(right, Literal) or isinstance(right.value, bool):
        return None
    key = (op, right.value)
    empty = _EMPTY_WHEN.get(key)
    return None if empty is None else (left.args[0], empty)


def _resources_read(node: object) -> Iterator[str]:
    """The addresses of the resources an expression node reads (`type.name`)."""
    if isinstance(node, Traversal) and node.root.startswith(RESOURCE_PREFIXES):
        first = node.steps[0] if node.steps else None
        if isinstance(first, GetAttr):
            yield f"{node.root}.{first.name}"
    if isinstance(node, list | tuple):
        for item in node:
            yield from _resources_read(item)
    else:  # an expression node: an attrs class
        for field in getattr(type(node), "__attrs_attrs__", ()):
            yield from _resources_read(getattr(node, field.name))


def _is_item_by_copy(value: Any) -> bool:
    """Whether a ROS value is the copy's own item of a list the copies share (`Fn::Select`
    of `ALIYUN::Index` in a list that does not depend on it)."""
    if not isinstance(value, dict) or set(value) != {"Fn::Select"}:
        return False
    arguments = value["Fn::Select"]
    return (
        isinstance(arguments, list)
        and len(arguments) == 2
        and arguments[0] == INDEX
        and "ALIYUN::Index" not in json.dumps(arguments[1])
    )


def _splat_of_attributes(steps: tuple[Any, ...]) -> bool:
    """Whether `steps` are `.*` or `[*]` and then attribute names only (`x.*.id`, not
    `x.*.id[0]`)."""
    return (
        bool(steps)
        and isinstance(steps[0], Splat)
        and all(isinstance(step, GetAttr) for step in steps[1:])
    )


def _literal_index(step: object) -> int | None:
    """The position a literal index step reads (`[1]`, `.1`), or None for a computed one."""
    key = step.key if isinstance(step, Index) else None
    value = key.value if isinstance(key, Literal) else None
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _pseudo_data(tf_type: str, body: Mapping[str, Any], steps: tuple[Any, ...]) -> str | None:
    """The pseudo parameter a data source read stands for (`tf_datasources`), or None."""
    pseudo = PSEUDO_DATA_SOURCES.get(tf_type)
    names = [step.name if isinstance(step, GetAttr) else "[0]" for step in steps]
    if any(
        isinstance(s, Index) and not (isinstance(s.key, Literal) and s.key.value == 0)
        for s in steps
    ):
        return None
    if tf_type == "alicloud_account" and names == ["id"]:
        return pseudo
    regions = names in (["ids", "[0]"], ["regions", "[0]", "id"])
    if tf_type == "alicloud_regions" and body.get("current") is True and regions:
        return pseudo
    return None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def cidr_constraint(prefix: int) -> dict[str, str]:
    """The parameter fields that keep a CIDR parameter at the prefix length Fn::Cidr assumes."""
    return {
        "AllowedPattern": rf"^(\d{{1,3}}\.){{3}}\d{{1,3}}/{prefix}$",
        "ConstraintDescription": (
            f"An IPv4 CIDR block of prefix length /{prefix}: the template splits it into "
            "subnets with Fn::Cidr, which depends on that length."
        ),
    }


def _copies(blocks: Mapping[str, Block], address: str) -> dict[str, str]:
    """The unrolled copies of a for_each resource (`address["key"]`), by key."""
    prefix = address + "["
    found = {}
    for name in blocks:
        if name.startswith(prefix) and name.endswith("]"):
            key = json.loads(name[len(prefix) : -1])
            found[str(key)] = name
    return found


def _fits_conditions(value: Any) -> bool:
    """True when ROS can evaluate `value` in its Conditions: only the functions it lists for
    them (`CONDITION_FUNCTIONS`), and no ALIYUN::Index, which has a value per copy only."""
    if isinstance(value, dict):
        if value == INDEX:
            return False
        function = function_of(value)
        if function is not None and function not in CONDITION_FUNCTIONS:
            return False
        return all(_fits_conditions(item) for item in value.values())
    if isinstance(value, list):
        return all(_fits_conditions(item) for item in value)
    return True


def _reads_any(value: Any, names: set[str]) -> bool:
    """True when `value` has a Ref or Fn::GetAtt of one of `names`."""
    if isinstance(value, dict):
        ref = value.get("Ref")
        att = value.get("Fn::GetAtt")
        if (isinstance(ref, str) and ref in names) or (
            isinstance(att, list) and att and att[0] in names
        ):
            return True
        return any(_reads_any(item, names) for item in value.values())
    if isinstance(value, list):
        return any(_reads_any(item, names) for item in value)
    return False


def _has_block(raw: object) -> bool:
    """True for a nested block (or blocks) as HCL reads them, not a plain value."""
    items = raw if isinstance(raw, list) else [raw]
    return any(isinstance(item, dict) and "__is_block__" in item for item in items)


def _has_object(value: Any) -> bool:
    if isinstance(value, ResourceObject):
        return True
    if isinstance(value, dict):
        return any(_has_object(item) for item in value.values())
    if isinstance(value, list):
        return any(_has_object(item) for item in value)
    return False


def _at_copy(value: Any, index: int) -> Any:
    """A value given to every copy of a resource, as copy `index` has it: `ALIYUN::Index`
    (a `Ref`, or `${ALIYUN::Index}` in `Fn::Sub` text) replaced by the number."""
    if value == INDEX:
        return index
    if isinstance(value, dict) and set(value) == {"Fn::Sub"}:
        text, *mapping = (
            value["Fn::Sub"] if isinstance(value["Fn::Sub"], list) else [value["Fn::Sub"]]
        )
        text = str(text).replace("${ALIYUN::Index}", str(index))
        if mapping:
            return {"Fn::Sub": [text, *_at_copy(mapping, index)]}
        return {"Fn::Sub": text} if "${" in text else text
    if isinstance(value, dict):
        return {key: _at_copy(item, index) for key, item in value.items()}
    if isinstance(value, list):
        return [_at_copy(item, index) for item in value]
    return value


def _get_att(logical_id: str, name: str) -> Any:
    """`Fn::GetAtt`, with a dotted name (`Endpoints.0.Url`) read by `Fn::Select` steps."""
    head, *rest = name.split(".")
    value: Any = {"Fn::GetAtt": [logical_id, head]}
    for step in rest:
        value = {"Fn::Select": [step, value]}
    return value


def _joiner(separator: str) -> Callable[[list[Any]], Any]:
    return lambda values: {"Fn::Join": [separator, values]}


# 32 random hexadecimal digits as a version 4 UUID: 8-4-4-4-12 digits, the version digit 4,
# the variant digit 8, 9, a or b (from the 17th digit); `tf_random`'s random_uuid.
UUID_SCRIPT = (
    '.h as $h | (("0123456789abcdef" | index($h[16:17])) % 4) as $v'
    ' | "\\($h[0:8])-\\($h[8:12])-4\\($h[13:16])'
    '-\\("89ab"[$v:$v + 1])\\($h[17:20])-\\($h[20:32])"'
)

ATTRIBUTE_JOINS: Mapping[str, Callable[[list[Any]], Any]] = {
    "uuid_text": lambda values: {"Fn::Jq": ["First", UUID_SCRIPT, {"h": values[0]}]},
    "colon_join": _joiner(":"),
    "slash_join": _joiner("/"),
    "replace_slash_to_colon": lambda values: {"Fn::Replace": [{"/": ":"}, values[0]]},
}


def _as_number(value: Any) -> int | float | None:
    """A number, or a text that is one as Terraform reads it (`"10"`, `"2.5"`); else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    if isinstance(value, str) and _NUMBER_TEXT.fullmatch(value):
        number = float(value)
        return int(number) if number.is_integer() and "." not in value else number
    return None


# A number as Terraform's text-to-number conversion reads it: no spaces, `_` or "inf".
_NUMBER_TEXT = re.compile(r"-?\d+(\.\d+)?([eE][+-]?\d+)?")


_ARITHMETIC: Mapping[str, Callable[[Any, Any], Any]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b,
    "%": lambda a, b: a % b,
    "<": lambda a, b: a < b,
    ">": lambda a, b: a > b,
    "<=": lambda a, b: a <= b,
    ">=": lambda a, b: a >= b,
}


def join_text(pieces: list[Any]) -> Any:
    """`Fn::Sub` for text with Ref/GetAtt pieces, `Fn::Join` when a piece is anything else."""
    if all(isinstance(piece, str | int | float) for piece in pieces):
        return "".join(_text(piece) for piece in pieces)
    text: list[str] = []
    for piece in pieces:
        if isinstance(piece, str | int | float):
            text.append(_text(piece).replace("${", "${!"))
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
            return {
                "Fn::Join": [
                    "",
                    [_text(p) if isinstance(p, str | int | float) else p for p in pieces],
                ]
            }
    return {"Fn::Sub": "".join(text)}


# --- functions ------------------------------------------------------------------------------


def _literal_args(args: list[Any]) -> bool:
    return all(is_literal(arg) for arg in args)


def _join(args: list[Any]) -> Any:
    separator, items = args
    if _literal_args(args) and isinstance(items, list):
        return separator.join(_text(item) for item in items)
    condition = items.get("Fn::If") if isinstance(items, dict) and len(items) == 1 else None
    if isinstance(condition, list) and len(condition) == 3:  # a list or another: each joined
        name, then, otherwise = condition
        return {"Fn::If": [name, _join([separator, then]), _join([separator, otherwise])]}
    scalars = isinstance(items, list) and all(
        is_function(item) or isinstance(item, str | int | float) for item in items
    )
    if isinstance(separator, str) and scalars and items:
        if len(items) == 1:
            return items[0] if is_function(items[0]) else _text(items[0])
        pieces: list[Any] = [items[0]]
        for item in items[1:]:
            pieces += [separator, item]
        return join_text(pieces)
    return {"Fn::Join": [separator, items]}


def _element(args: list[Any]) -> Any:
    """`element()`, which wraps around the list (`element(var.zones, count.index)` puts the
    third copy in the first zone of two): at deploy time the index modulo the list's length,
    as Fn::Select alone gives nothing past the end."""
    items, index = args
    if isinstance(items, list) and isinstance(index, int) and items:
        return items[index % len(items)]
    length = len(items) if isinstance(items, list) else {"Fn::Length": items}
    wrapped = {"Fn::Calculate": ["{0}%{1}", 0, [index, length]]}
    return {"Fn::Select": [wrapped, items]}


def _lookup(args: list[Any]) -> Any:
    mapping, key = args[0], args[1]
    if isinstance(mapping, dict) and not is_function(mapping) and isinstance(key, str):
        if key in mapping:
            return mapping[key]
        if len(args) == 3:
            return args[2]
        raise KeyError(key)
    if len(args) == 3:
        # The default applies at deploy time too: Fn::Select of a missing key does not give it.
        default = args[2]
        if not isinstance(key, str):
            raise ValueError("lookup() with a computed key")
        name = json.dumps(key)
        if is_literal(default):
            script = f"if has({name}) then .[{name}] else {json.dumps(default)} end"
            return {"Fn::Jq": ["First", script, mapping]}
        # A default ROS computes (a parameter, a text with the copy's number) goes in beside.
        script = f"if (.m | has({name})) then .m[{name}] else .d end"
        return {"Fn::Jq": ["First", script, {"m": mapping, "d": default}]}
    return {"Fn::Select": [key, mapping]}


def _length(args: list[Any]) -> Any:
    (value,) = args
    if isinstance(value, list | str) or (isinstance(value, dict) and not is_function(value)):
        return len(value)
    return {"Fn::Length": value}


def _keys_of(args: list[Any]) -> Any:
    """`keys(m)`: the map's keys in lexical order, as Terraform gives them; of a map known
    at deploy time (a Json parameter) jq's `keys`, which sorts them the same way."""
    (value,) = args
    if isinstance(value, dict) and not is_function(value):
        return sorted(value)
    if is_function(value):
        return {"Fn::Jq": ["First", "keys", value]}
    raise ValueError("takes a map")


def _values_of(args: list[Any]) -> Any:
    """`values(m)`: the map's values in the order of its keys (`_keys_of`)."""
    (value,) = args
    if isinstance(value, dict) and not is_function(value):
        return [value[key] for key in sorted(value)]
    if is_function(value):
        return {"Fn::Jq": ["First", ". as $m | [keys[] | $m[.]]", value]}
    raise ValueError("takes a map")


def _base64(args: list[Any]) -> Any:
    (value,) = args
    if isinstance(value, str):
        return base64.b64encode(value.encode("utf-8")).decode("ascii")
    return {"Fn::Base64Encode": value}


def _split(args: list[Any]) -> Any:
    separator, text = args
    if isinstance(separator, str) and isinstance(text, str):
        return text.split(separator)
    return {"Fn::Split": [separator, text]}


def _replace(args: list[Any]) -> Any:
    text, old, new = args
    if not (isinstance(old, str) and isinstance(new, str)) or old.startswith("/"):
        raise ValueError("a regular expression or computed pattern")
    if isinstance(text, str):
        return text.replace(old, new)
    return {"Fn::Replace": [{old: new}, text]}


def _concat(args: list[Any]) -> Any:
    if all(isinstance(arg, list) for arg in args):
        return [item for arg in args for item in arg]
    return {"Fn::ListMerge": args}


class JsonText(dict[str, Any]):
    """`jsonencode()` of a value with ROS functions inside. As a value it is the JSON text ROS
    computes (`Fn::Sub` or `Fn::Join`, each function's value a JSON string); `decoded` is the
    object itself, which a JSON-typed property takes instead (`tf_props` `json_load`: ROS
    accepts an object with functions inside, a policy naming a bucket)."""

    def __init__(self, text: Mapping[str, Any], decoded: Any) -> None:
        super().__init__(text)
        self.decoded = decoded


def without_json_text(value: Any) -> Any:
    """`value` with every `JsonText` as the plain dict of its text (for rendering)."""
    if isinstance(value, dict):
        return {key: without_json_text(item) for key, item in value.items()}
    if isinstance(value, list):
        return [without_json_text(item) for item in value]
    return value


def _jsonencode(args: list[Any]) -> Any:
    if len(args) != 1:
        raise ValueError("jsonencode() takes one argument")
    if _literal_args(args):
        return json.dumps(args[0], separators=(",", ":"))
    pieces = _json_pieces(args[0])
    text = join_text(pieces)
    return JsonText(text, copy.deepcopy(args[0])) if isinstance(text, dict) else text


def _json_pieces(value: Any) -> list[Any]:
    """JSON text of `value` as literal text and ROS functions, each function a JSON string
    (the ids, names and addresses policies name; their text needs no escaping)."""
    if isinstance(value, JsonText):  # its text would need escaping inside a JSON string
        raise ValueError("jsonencode() of jsonencode() text known only at deploy time")
    if is_function(value):
        return ['"', value, '"']
    if isinstance(value, dict):
        pieces: list[Any] = ["{"]
        for number, (key, item) in enumerate(value.items()):
            pieces += [("," if number else "") + json.dumps(str(key)) + ":", *_json_pieces(item)]
        return [*pieces, "}"]
    if isinstance(value, list):
        pieces = ["["]
        for number, item in enumerate(value):
            pieces += ["," if number else "", *_json_pieces(item)]
        return [*pieces, "]"]
    return [json.dumps(value, separators=(",", ":"))]


# cidrsubnet(.c, .b, .n) for IPv4: the network of .c's prefix, the .n-th subnet .b bits longer;
# octets by division, not `%`, which some jq versions compute in 32-bit integers.
_CIDRSUBNET = (
    '(.c | split("/")) as [$a, $p] | ($p | tonumber) as $len | ($len + .b) as $new'
    ' | ($a | split(".") | map(tonumber)) as $o'
    " | if ($o | length) != 4 or $new > 32 or .n >= pow(2; .b)"
    ' then error("cidrsubnet: no such subnet of \\(.c)")'
    " else (reduce $o[] as $x (0; . * 256 + $x) | (. / pow(2; 32 - $len) | floor)"
    " * pow(2; 32 - $len)) + .n * pow(2; 32 - $new) | . as $v"
    " | [range(3; -1; -1) | ($v / pow(2; 8 * .) | floor)"
    ' - ($v / pow(2; 8 * . + 8) | floor) * 256 | tostring] | join(".") + "/\\($new)" end'
)

# jq over a list known only at deploy time (`{"l": list}`): Terraform's compact() drops empty
# and null items, distinct() keeps the first of equal items in their order.
_COMPACT = '[.l[] | select(. != "" and . != null)]'
_DISTINCT = "reduce .l[] as $x ([]; if any(.[]; . == $x) then . else . + [$x] end)"


def _listed(function: Callable[[list[Any]], Any], script: str) -> Callable[[list[Any]], Any]:
    """A list function computed from a literal list, or `Fn::Jq` with `script` over a list
    with values known only at deploy time (a parameter's list, a list naming parameters)."""

    def call(args: list[Any]) -> Any:
        if _literal_args(args):
            return function(args)
        (items,) = args
        if not (isinstance(items, list) or is_function(items)):
            raise ValueError("not a list")
        return {"Fn::Jq": ["First", script, {"l": items}]}

    return call


def _literal_only(function: Callable[[list[Any]], Any]) -> Callable[[list[Any]], Any]:
    def call(args: list[Any]) -> Any:
        if not _literal_args(args):
            raise ValueError("only computed from literal arguments")
        return function(args)

    return call


def _go_format(verb: str, value: Any) -> str:
    """One of Go's (Terraform's) verbs with flags, width or precision, as Python formats it:
    `-` left-justifies, `0` pads with zeros, text is right-justified otherwise."""
    flags = re.match(r"[-+ 0]*", verb)
    head = flags.group() if flags else ""
    rest, kind = verb[len(head) : -1], verb[-1]
    align = "<" if "-" in head else ">"
    if kind == "s":
        return format(str(value), f"{align}{rest}")
    fill = "0=" if "0" in head and "-" not in head else align
    sign = "+" if "+" in head else " " if " " in head else ""
    python_kind = (
        "d" if kind in ("d", "v") and isinstance(value, int) else "f" if kind == "f" else ""
    )
    return format(value, f"{fill}{sign}{rest}{python_kind}")


_PADDED = re.compile(r"(0?)([1-9]\d?)d")  # %03d, %5d: a number padded to a width


def _padded(match: re.Match[str], value: Any) -> dict[str, Any]:
    """`%03d` (or `%3d`, the verb `match`ed by `_PADDED`) of a number known only at deploy
    time (`count.index + 1`), as Go pads it: zeros after the sign, or spaces before it, up to
    the width (`Fn::Jq`)."""
    zeros, width = match.group(1) == "0", int(match.group(2))
    pad = f'"{("0" if zeros else " ") * width}"[:$k]'
    joined = f"$s + {pad} + $d" if zeros else f"{pad} + $s + $d"
    script = (
        "(.v | tonumber) as $n | (if $n < 0 then -$n else $n end | tostring) as $d"
        ' | (if $n < 0 then "-" else "" end) as $s'
        f" | ([{width} - ($s + $d | length), 0] | max) as $k | {joined}"
    )
    return {"Fn::Jq": ["First", script, {"v": value}]}


def _format(args: list[Any]) -> Any:
    spec, *values = args
    if not isinstance(spec, str):
        raise ValueError("the format is not literal")
    pieces: list[Any] = []
    position = 0
    for match in re.finditer(r"%(%|[-+ 0]*\d*(?:\.\d+)?[sdvtfq])", spec):
        pieces.append(spec[position : match.start()])
        position = match.end()
        verb = match.group(1)
        if verb == "%":
            pieces.append("%")
            continue
        value = values.pop(0)
        if verb in ("s", "d", "v", "t"):
            pieces.append(value)
        elif is_function(value) and (padded := _PADDED.fullmatch(verb)):
            pieces.append(_padded(padded, value))
        elif not is_literal(value) or isinstance(value, dict | list):
            raise ValueError("padding or precision of a value known only at deploy time")
        elif verb.endswith("q"):
            pieces.append(json.dumps(str(value)))
        else:
            pieces.append(_go_format(verb, value))
    pieces.append(spec[position:])
    if values:
        raise ValueError("more values than verbs")
    return join_text([piece for piece in pieces if piece != ""] or [""])


def _cidrsubnet(args: list[Any]) -> Any:
    prefix, newbits, netnum = args
    network = ipaddress.ip_network(prefix, strict=False)
    length = network.prefixlen + int(newbits)
    if (
        int(newbits) < 0
        or length > network.max_prefixlen
        or not 0 <= int(netnum) < 2 ** int(newbits)
    ):
        raise ValueError("no such subnet")
    # Computed, not listed: 2**newbits subnets could be millions.
    start = int(network.network_address) + int(netnum) * 2 ** (network.max_prefixlen - length)
    return f"{ipaddress.ip_address(start)}/{length}"


def _cidrhost(args: list[Any]) -> Any:
    prefix, hostnum = args
    return str(ipaddress.ip_network(prefix, strict=False)[int(hostnum)])


def _toset(args: list[Any]) -> Any:
    (value,) = args
    if isinstance(value, list) and is_literal(value):
        seen = dict.fromkeys(json.dumps(item, sort_keys=True) for item in value)
        items = [json.loads(item) for item in seen]
        # A set of strings lists in lexical order in Terraform (`[for s in toset(...) : s]`).
        return sorted(items) if all(isinstance(item, str) for item in items) else items
    return value


def _identity(args: list[Any]) -> Any:
    (value,) = args
    return value


def _merge(args: list[Any]) -> Any:
    if not all(isinstance(arg, dict) and not is_function(arg) for arg in args):
        return {"Fn::MergeMap": args}  # later maps win, as in Terraform
    merged: dict[str, Any] = {}
    for arg in args:
        merged.update(arg)
    return merged


def _coalesce(args: list[Any]) -> Any:
    return next(arg for arg in args if arg not in (None, ""))


MAX_COPIES = 300  # ROS allows 300 resources per stack: more copies cannot deploy anyway


def check_copies(address: str, count: object) -> None:
    """Refuse a count known in the files that no stack could hold (raises `TerraformError`);
    unrolling or emitting it would only fail at deploy time, after a long conversion."""
    if isinstance(count, int) and not isinstance(count, bool) and count > MAX_COPIES:
        raise TerraformError(
            Msg(
                "{address} asks for {count} copies; a ROS stack holds at most {limit} "
                "resources, so the configuration is not converted. Lower the count or split "
                "the configuration into several stacks.",
                address=address,
                count=count,
                limit=MAX_COPIES,
            )
        )


MAX_LOCAL_READS = 50_000  # locals that read each other many times each grow exponentially
MAX_LOCAL_NODES = 100_000  # values in one local: a cached read is cheap, a huge value is not


def _larger_than(value: Any, limit: int) -> bool:
    """True when `value` holds more than `limit` lists, maps and scalars (stops counting there)."""
    pending, seen = [value], 0
    while pending:
        item = pending.pop()
        seen += 1
        if seen > limit:
            return True
        if isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


MAX_TEXT_CHARS = 1024 * 1024  # the workspace's own size limit (`tf_files.DEFAULT_MAX_BYTES`)
MAX_RANGE = 10_000  # range() in a conversion is for a handful of copies, not a loop


def _range(args: list[Any]) -> Any:
    numbers = range(*[int(arg) for arg in args])
    if len(numbers) > MAX_RANGE:
        raise ValueError("too long")
    return list(numbers)


def _flatten(args: list[Any]) -> Any:
    """The lists in a list, flattened: their items may hold ROS functions (objects naming a
    resource), but an item that is a function may be a list only ROS knows, so it is not."""
    (value,) = args
    if not isinstance(value, list):
        raise TypeError("not a list")
    flat: list[Any] = []
    for item in value:
        if is_function(item):
            raise TypeError("an item known only at deploy time")
        flat.extend(_flatten([item]) if isinstance(item, list) else [item])
    return flat


def _distinct(args: list[Any]) -> Any:
    (value,) = args
    seen = dict.fromkeys(json.dumps(item, sort_keys=True) for item in value)
    return [json.loads(item) for item in seen]


def _sort(args: list[Any]) -> Any:
    (value,) = args
    if not all(isinstance(item, str) for item in value):
        raise TypeError("sort() takes strings")  # Terraform sorts text only
    return sorted(value)


def _zipmap(args: list[Any]) -> Any:
    keys, values = args
    if len(keys) != len(values):
        raise ValueError("lengths differ")
    return {_text(key): value for key, value in zip(keys, values, strict=True)}


def _one(args: list[Any]) -> Any:
    (value,) = args
    if len(value) > 1:
        raise ValueError("more than one item")
    return value[0] if value else None


# Resource types whose references the converter resolves: the vendor's, and hashicorp/random's
# (`tf_random`).
RESOURCE_PREFIXES = ("alicloud_", "random_")

FUNCTIONS: Mapping[str, Callable[[list[Any]], Any]] = {
    "join": _join,
    "element": _element,
    "lookup": _lookup,
    "length": _length,
    "base64encode": _base64,
    "split": _split,
    "replace": _replace,
    "concat": _concat,
    "format": _format,
    "toset": _toset,
    "tolist": _identity,
    "tomap": _identity,
    "tostring": _identity,
    "tonumber": _identity,
    "cidrsubnet": _literal_only(_cidrsubnet),
    "cidrhost": _literal_only(_cidrhost),
    "jsonencode": _jsonencode,
    "jsondecode": _literal_only(lambda args: json.loads(args[0])),
    "lower": _literal_only(lambda args: args[0].lower()),
    "upper": _literal_only(lambda args: args[0].upper()),
    "trimspace": _literal_only(lambda args: args[0].strip()),
    "merge": _merge,
    "coalesce": _literal_only(_coalesce),
    "min": _literal_only(lambda args: min(args)),
    "max": _literal_only(lambda args: max(args)),
    "keys": _keys_of,
    "values": _values_of,
    "contains": _literal_only(lambda args: args[1] in args[0]),
    "range": _literal_only(_range),
    "flatten": _flatten,
    "distinct": _listed(_distinct, _DISTINCT),
    "compact": _listed(lambda args: [item for item in args[0] if item not in ("", None)], _COMPACT),
    "sort": _literal_only(_sort),
    "reverse": _literal_only(lambda args: list(reversed(args[0]))),
    "zipmap": _literal_only(_zipmap),
    "one": _literal_only(_one),
    "sum": _literal_only(lambda args: sum(args[0])),
    "abs": _literal_only(lambda args: abs(args[0])),
    "ceil": _literal_only(lambda args: math.ceil(args[0])),
    "floor": _literal_only(lambda args: math.floor(args[0])),
    "substr": lambda args: _substr_text(*args),
    "trimprefix": _literal_only(lambda args: args[0].removeprefix(args[1])),
    "trimsuffix": _literal_only(lambda args: args[0].removesuffix(args[1])),
    "startswith": _literal_only(lambda args: args[0].startswith(args[1])),
    "endswith": _literal_only(lambda args: args[0].endswith(args[1])),
}


def _substr_text(text: Any, offset: Any, length: Any) -> Any:
    """`substr()`: computed when literal; of a text known only at deploy time (a name with a
    random suffix), by Fn::Jq's slices, which count characters as Terraform does and take a
    negative offset from the end the same way. Offset and length must be literal."""
    if not (_is_int(offset) and _is_int(length)):
        raise ValueError("substr() with an offset or length known only at deploy time")
    if _literal_args([text]):
        return _substr(text, offset, length)
    slices = ([f".[{offset}:]"] if offset else []) + ([f".[:{length}]"] if length >= 0 else [])
    if not slices:
        return text  # the whole text
    return {"Fn::Jq": ["First", " | ".join([".s", *slices]), {"s": text}]}


def _substr(text: str, offset: int, length: int) -> str:
    """Terraform's substr: a negative offset counts from the end, length -1 is the rest."""
    start = offset if offset >= 0 else max(len(text) + offset, 0)
    return text[start:] if length < 0 else text[start : start + length]
