"""Flatten a Terraform workspace before conversion: inline local modules, unroll repetition.

ROS has no modules and no `for_each`, so before resources are mapped this module rewrites the
configuration into one flat root module that means the same:

- A local module call (`source = "./modules/vpc"` or `"../x"`, inside the workspace) is inlined:
  its resources, data sources and locals are renamed `<call>__<name>` (nested calls chain the
  prefix), `var.x` inside it becomes the call's argument (or the variable's default; a variable
  with neither becomes a root variable `<call>__x`), and `module.<call>.<output>` outside it
  becomes the output's expression. Registry, git and other remote sources, sources outside the
  workspace are not guessed: they are left out and reported. A `count` or `for_each` known in
  the files inlines the module once per instance (`<call>_<i>__` or `<call>_<key>__`, with
  `count.index` or `each.key` / `each.value` of its arguments bound), and `[i]`, `["key"]` and
  `[*]` of its outputs read those; one known only at deploy time leaves the call out, saying
  so. Module nesting deeper than `MAX_MODULE_DEPTH`, a module that calls itself, or more than
  `MAX_FLAT_BLOCKS` module instances and resource copies in all (nested counts and for_each
  multiply) is refused with `TerraformError`.
- `for_each` over a list, set or map known in the files (literals, locals, `toset(...)`, a
  map variable's default) is unrolled into one resource per key, `each.key` / `each.value`
  replaced by the key's values, addressed `type.name["key"]` as Terraform does. Over a list or
  set variable (or a list inside one), or over a resource counted at deploy time, it becomes
  `count` with `each.key` / `each.value` written by the copy's number (`tf_counted`), so the
  stack still follows the parameter.
- `dynamic "x" { for_each = ...; content { ... } }` over values known in the files becomes the
  repeated nested block `x { ... }`, and a dynamic block inside its content is repeated in
  each of them over that block's value. The items only need to be known, not their values:
  a resource's or data source's value in them stays the expression that reads it
  (`tf_values.Deferred`), and a counted resource with a count known here is its copies
  (`for_each = alicloud_vswitch.this` repeats once per `alicloud_vswitch.this[i]`). Over the
  copies of a resource counted at deploy time it is one block marked `ZIPPED`, each argument
  that reads the copy the list of every copy's value, which `tf_props` makes one struct per
  copy. Over a list or map variable it is one block marked `ITEMS`
  (`tf_items`), which `tf_props` makes the `Fn::Jq` that computes the blocks from the
  parameter; the blocks over the default are kept for where ROS cannot take that. Over
  `c ? [x] : []` whose test reads a variable it is one block marked `GUARDED` (`tf_guarded`),
  which `tf_props` puts under the ROS Condition of `c`.
- A security group rule whose `type` is known only at deploy time becomes its ingress and its
  egress form, each under a condition on that value (`tf_directions`).

The rewriting is on expression text: references are renamed by pattern, values are written back
as HCL (`as_expression`), so the converter sees ordinary Terraform.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.tf_counted import CountForm, count_form
from iaccode.iac.tf_directions import split_directions
from iaccode.iac.tf_expr import GetAttr, Traversal, single_expression
from iaccode.iac.tf_files import TerraformError, local_source
from iaccode.iac.tf_guarded import guarded_block
from iaccode.iac.tf_hcl import (
    GUARDED,
    ITEMS,
    ZIPPED,
    Block,
    Directive,
    Interpolation,
    TerraformConfig,
    literal_text,
    plain_value,
    read_config,
    split_template,
)
from iaccode.iac.tf_items import item_block
from iaccode.iac.tf_types import with_optional_defaults
from iaccode.iac.tf_values import (
    MAX_COPIES,
    Deferred,
    ResourceObject,
    Unmappable,
    ValueConverter,
    Where,
    check_copies,
    is_literal,
    literal_but_deferred,
)

MAX_MODULE_DEPTH = 8
# Module instances plus resource blocks one conversion flattens: far above the 300 resources
# a stack holds, and low enough that nested for_each (300 x 300 x ...) stays quick to refuse.
MAX_FLAT_BLOCKS = 2000
_SEPARATOR = "__"

_COMPATIBLE_HINT = Msg(
    "use the compatible wrapping (wrap_terraform), which deploys the Terraform files unchanged"
)

_REFERENCE = re.compile(
    r"(?<![A-Za-z0-9_.\-\"])(?P<root>var|local|module|data|(?:alicloud|random)_[A-Za-z0-9_]+)"
    r"\.(?P<name>[A-Za-z_][A-Za-z0-9_-]*)(?:\.(?P<attr>[A-Za-z_][A-Za-z0-9_-]*))?"
)


_PATH_MODULE = re.compile(r"(?<![A-Za-z0-9_.\-\"])path\.module\b")
_PATH_ROOT = re.compile(r"(?<![A-Za-z0-9_.\-\"])path\.(?:root|cwd)\b")


_MODULE_INDEX = re.compile(
    r"(?<![A-Za-z0-9_.\-\"])module\.(?P<name>[A-Za-z_][A-Za-z0-9_-]*)"
    r"\[(?P<index>\d+|\*|\"[^\"]*\")\]\.(?P<attr>[A-Za-z_][A-Za-z0-9_-]*)"
)


def _COUNT_INDEX(index: int) -> Callable[[str], str]:
    """Rewrite `count.index` of a module call's arguments to the instance's number."""
    pattern = re.compile(r"(?<![A-Za-z0-9_.\-\"])count\.index\b")
    return lambda expr: pattern.sub(str(index), expr)


@attrs.frozen
class Expanded:
    """The flat root module, with what the flattening reported and left out."""

    config: TerraformConfig
    notes: tuple[Msg, ...] = ()
    left_out: tuple[str, ...] = ()  # module calls and resources that were not kept
    dropped_resources: int = 0  # resources inside left-out module calls or repetitions
    lossy: frozenset[str] = frozenset()  # kept resources that lost something here


# --- HCL text helpers -------------------------------------------------------------------------


def as_expression(value: object) -> str:
    """HCL expression text for a value as python-hcl2 gives it (strings are templates)."""
    if isinstance(value, str):
        parts = split_template(value)
        if len(parts) == 1 and isinstance(parts[0], Interpolation):
            return f"({parts[0].expr})"
        text = []
        for part in parts:
            if isinstance(part, Interpolation):
                text.append("${" + part.expr + "}")
            elif isinstance(part, Directive):
                text.append("%{" + part.text + "}")
            else:
                escaped = json.dumps(part)[1:-1]
                text.append(escaped.replace("${", "$${").replace("%{", "%%{"))
        return '"' + "".join(text) + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(as_expression(item) for item in value) + "]"
    if isinstance(value, dict):
        items = (
            f"{json.dumps(str(key))} = {as_expression(item)}"
            for key, item in value.items()
            if key != "__is_block__"
        )
        return "{" + ", ".join(items) + "}"
    return json.dumps(str(value))


def _rewrite_string(text: str, rewrite: Callable[[str], str]) -> str:
    parts = split_template(text)
    if all(isinstance(part, str) for part in parts):
        return text
    out = []
    for part in parts:
        if isinstance(part, Interpolation):
            out.append("${" + rewrite(part.expr) + "}")
        elif isinstance(part, Directive):
            out.append("%{" + part.text + "}")
        else:
            out.append(part.replace("${", "$${").replace("%{", "%%{"))
    return "".join(out)


def rewrite_values(value: Any, rewrite: Callable[[str], str]) -> Any:
    """`value` with `rewrite` applied to the text of every interpolated expression in it."""
    if isinstance(value, dict):
        return {key: rewrite_values(item, rewrite) for key, item in value.items()}
    if isinstance(value, list):
        return [rewrite_values(item, rewrite) for item in value]
    if isinstance(value, str):
        return _rewrite_string(value, rewrite)
    return value


@attrs.frozen
class _Text:
    """A binding that is already HCL expression text (the count form of for_each)."""

    expr: str


def _substitute(root: str, bindings: Mapping[str, object]) -> Callable[[str], str]:
    """Replace `<root>.key` / `<root>.value` by the bound values (HCL text)."""
    pattern = re.compile(rf"(?<![A-Za-z0-9_.\-\"]){re.escape(root)}\.(key|value)\b")

    def rewrite(expr: str) -> str:
        return pattern.sub(lambda m: _bound(bindings[m.group(1)]), expr)

    return rewrite


def _bound(value: object) -> str:
    if isinstance(value, _Text):
        return value.expr
    if isinstance(value, ResourceObject | Deferred):
        return f"({value.expression})"
    return "(" + as_expression(_hcl_literal(value)) + ")"


def _hcl_literal(value: object) -> object:
    """A converted literal back as python-hcl2 data: `${` in text must stay text, a whole
    resource is its address, a value only the deploy knows the expression that reads it."""
    if isinstance(value, ResourceObject | Deferred):
        return "${" + value.expression + "}"
    if isinstance(value, str):
        return value.replace("${", "$${").replace("%{", "%%{")
    if isinstance(value, list):
        return [_hcl_literal(item) for item in value]
    if isinstance(value, dict):
        return {key: _hcl_literal(item) for key, item in value.items()}
    return value


# --- static values ----------------------------------------------------------------------------


def static_value(
    config: TerraformConfig,
    raw: object,
    address: str,
    blocks: Mapping[str, Block],
    left_out: frozenset[str] = frozenset(),
    *,
    deferred: bool = False,
) -> tuple[Any, tuple[str, ...]]:
    """The value of `raw` as the files give it (variables at their defaults, whole resources
    as objects) and the variables whose defaults it used; `left_out` are resources already
    left out (for the message). With `deferred`, the attributes of resources and data sources
    in it stay the expressions that read them (`Deferred`). Raises `Unmappable`."""
    converter = ValueConverter(
        config, blocks=dict(blocks), static=True, deferred=deferred, left_out=left_out
    )
    value = converter.value(raw, Where(address, "Static", "for_each", "ForEach", strict=True))
    return value, tuple(converter.defaults_used)


def static_node_value(
    config: TerraformConfig,
    node: object,
    expr: str,
    address: str,
    blocks: Mapping[str, Block],
    left_out: frozenset[str] = frozenset(),
) -> tuple[Any, tuple[str, ...]]:
    """`static_value` of an expression already parsed (`node`, a part of `expr`: the count
    `N` of `c ? N : 0`). Raises `Unmappable`."""
    converter = ValueConverter(config, blocks=dict(blocks), static=True, left_out=left_out)
    value = converter.node(node, expr, Where(address, "Static", "count", "Count", strict=True))
    return value, tuple(converter.defaults_used)


def count_from_defaults(address: str, defaults: tuple[str, ...]) -> Msg:
    """The note for a count (of a module call or a resource) computed from the defaults of
    the variables `defaults`."""
    return Msg(
        "{address}: count was computed from the default of {variable}, so a different value "
        "at deploy time is not followed.",
        address=address,
        variable=", ".join(f"var.{name}" for name in defaults),
    )


# --- the flattening ---------------------------------------------------------------------------


@attrs.define
class _Flattener:
    files: Mapping[str, str]
    root: str = ""  # the root module's folder in the workspace
    notes: list[Msg] = attrs.field(factory=list)
    left_out: list[str] = attrs.field(factory=list)
    dropped: int = 0
    lossy: set[str] = attrs.field(factory=set)
    # Resources whose for_each became Count (`tf_counted`), by address.
    count_forms: dict[str, CountForm] = attrs.field(factory=dict)
    variables: dict[str, Block] = attrs.field(factory=dict)
    locals: dict[str, Any] = attrs.field(factory=dict)
    resources: list[Block] = attrs.field(factory=list)
    outputs: list[Block] = attrs.field(factory=list)
    data: list[Block] = attrs.field(factory=list)
    prefixes: set[str] = attrs.field(factory=set)  # of the module instances inlined so far
    blocks: int = 0  # module instances and resource blocks made so far (`MAX_FLAT_BLOCKS`)

    def _grow(self, address: str, count: int = 1) -> None:
        """Count `count` more module instances or resource blocks; refuse the configuration
        once they pass `MAX_FLAT_BLOCKS` (nested for_each and count multiply)."""
        self.blocks += count
        if self.blocks > MAX_FLAT_BLOCKS:
            raise TerraformError(
                Msg(
                    "The module instances and resource copies add up to more than {limit} "
                    "(reached at {address}); a ROS stack holds at most 300 resources, so the "
                    "configuration is not converted. Lower the counts or split the "
                    "configuration into several stacks.",
                    limit=MAX_FLAT_BLOCKS,
                    address=address,
                )
            )

    def module(
        self,
        config: TerraformConfig,
        directory: str,
        prefix: str,
        inputs: Mapping[str, object] | None,
        stack: tuple[str, ...],
        address: str = "",
    ) -> dict[str, str]:
        """Add one module's blocks (renamed by `prefix`); return its outputs as HCL text.

        `address` is the module's Terraform address plus a dot (`module.net.`), "" for the root.
        """
        names = {f"{b.labels[0]}.{b.labels[1]}" for b in config.resources}
        if inputs is None:
            self.variables.update(config.variables)  # first: a module call's count reads them
        outputs_of: dict[str, dict[str, dict[str, str]]] = {}  # per instance key of the call
        calls = {block.labels[0]: block for block in config.modules}

        def rename(expr: str) -> str:
            def replace(match: re.Match[str]) -> str:
                root, name, attr = match.group("root"), match.group("name"), match.group("attr")
                whole = match.group(0)
                tail = f".{attr}" if attr else ""
                if root == "var" and inputs is not None:
                    return self._variable(config, prefix, name, inputs) + tail
                if root == "local" and prefix:
                    return f"local.{prefix}{name}{tail}"
                if root == "module" and attr is not None:
                    instances = list(outputs_of.get(name, {}).values())
                    if len(instances) == 1 and attr in instances[0]:
                        return instances[0][attr]
                    return whole
                if root == "module" and name in outputs_of:
                    return _module_value(calls[name], outputs_of[name])
                if root == "data" and attr is not None and prefix:
                    return f"data.{name}.{prefix}{attr}"
                if f"{root}.{name}" in names and prefix:
                    return f"{root}.{prefix}{name}{tail}"
                return whole

            def indexed(match: re.Match[str]) -> str:
                instances = outputs_of.get(match.group("name"))
                attr, index = match.group("attr"), match.group("index")
                if instances is None or not all(attr in one for one in instances.values()):
                    return match.group(0)
                if index == "*":
                    return "[" + ", ".join(one[attr] for one in instances.values()) + "]"
                key = json.loads(index) if index.startswith('"') else index
                return instances[key][attr] if key in instances else "null"

            renamed = _REFERENCE.sub(replace, _MODULE_INDEX.sub(indexed, expr))
            # Paths as Terraform gives them, relative to the root module's folder where it
            # runs: a module's own folder, so file() and templatefile() find its files.
            renamed = _PATH_ROOT.sub('"."', renamed)
            own = posixpath.relpath(directory or ".", self.root or ".")
            return _PATH_MODULE.sub(json.dumps(own), renamed)

        # Locals first, for a call's count or for_each; again after the calls, once the
        # module outputs they may read are known.
        for key, value in config.locals.items():
            self.locals[prefix + key] = rewrite_values(value, rename)
        members: dict[str, list[str]] = {}
        known = {f"{b.labels[0]}.{prefix}{b.labels[1]}": b for b in config.resources}
        for name, block in self._call_order(calls):
            call = f"{address}module.{name}"
            first = len(self.resources)
            instances = self._call(block, directory, prefix, rename, stack, call, known)
            members[name] = [b.address for b in self.resources[first:]]
            if instances is not None:
                outputs_of[name] = instances
        for key, value in config.locals.items():
            self.locals[prefix + key] = rewrite_values(value, rename)
        self.data.extend(
            Block(block.kind, (block.labels[0], prefix + block.labels[1]), body, block.file)
            for block in config.data
            for body in [rewrite_values(dict(block.body), rename)]
        )
        for block in config.resources:
            self._grow(f"{address}{block.labels[0]}.{block.labels[1]}")
            raw = dict(block.body)
            depends = raw.pop("depends_on", None)
            body = rewrite_values(raw, rename)
            if isinstance(depends, list):  # before renaming, which reads `module.x` as a value
                body["depends_on"] = _module_members(depends, members, rename)
            elif depends is not None:
                body["depends_on"] = rewrite_values(depends, rename)
            self.resources.append(
                Block(block.kind, (block.labels[0], prefix + block.labels[1]), body, block.file)
            )
        if inputs is None:
            self.outputs.extend(
                attrs.evolve(block, body=rewrite_values(dict(block.body), rename))
                for block in config.outputs
            )
        return {
            block.labels[0]: as_expression(rewrite_values(block.body.get("value"), rename))
            for block in config.outputs
        }

    def _call_order(self, calls: Mapping[str, Block]) -> list[tuple[str, Block]]:
        """Module calls so that a call reading another's outputs comes after it."""
        ordered: list[tuple[str, Block]] = []
        pending = dict(calls)
        while pending:
            ready = [
                name
                for name, block in pending.items()
                if not any(
                    f"module.{other}." in json.dumps(block.body)
                    for other in pending
                    if other != name
                )
            ]
            for name in ready or sorted(pending):  # a cycle: Terraform rejects it too
                ordered.append((name, pending.pop(name)))
        return ordered

    def _variable(
        self, config: TerraformConfig, prefix: str, name: str, inputs: Mapping[str, object]
    ) -> str:
        block = config.variables.get(name)
        kind = block.body.get("type") if block is not None else None
        if name in inputs:
            value = inputs[name]
            if literal_text(json.dumps(value)) is not None:  # plain data: types add defaults
                value = with_optional_defaults(kind, plain_value(value))
            return as_expression(value)
        if block is not None and "default" in block.body:
            return as_expression(with_optional_defaults(kind, plain_value(block.body["default"])))
        hoisted = prefix + name
        if hoisted not in self.variables:
            source = block or Block("variable", (name,), {"type": "${string}"}, "")
            self.variables[hoisted] = Block("variable", (hoisted,), source.body, source.file)
        return f"var.{hoisted}"

    def _call(
        self,
        block: Block,
        directory: str,
        prefix: str,
        rename: Callable[[str], str],
        stack: tuple[str, ...],
        address: str,
        known: Mapping[str, Block],
    ) -> dict[str, dict[str, str]] | None:
        """Inline one module call (once per instance of its count or for_each); its outputs per
        instance key, or None when it is left out."""
        name = block.labels[0]
        source = literal_text(block.body.get("source")) or ""
        target = local_source(directory, source)
        why: Msg | None = None
        if not source.startswith(("./", "../")):
            why = Msg(
                "its source {source!r} is not a local module, and its code is not guessed",
                source=source,
            )
        elif target is None:
            why = Msg("its source {source!r} lies outside the workspace", source=source)
        elif not any(
            path.endswith(".tf") and path.rpartition("/")[0] == target for path in self.files
        ):
            why = Msg("its source {source!r} has no .tf files in the workspace", source=source)
        if why is not None or target is None:  # target is None only with a why
            self._leave_call_out(
                address,
                why or Msg("its source {source!r} lies outside the workspace", source=source),
            )
            return None
        if target in stack:
            raise TerraformError(
                Msg(
                    "{address} calls the module {source!r} within itself.",
                    address=address,
                    source=source,
                )
            )
        if len(stack) >= MAX_MODULE_DEPTH:
            raise TerraformError(
                Msg(
                    "{address} nests modules more than {limit} deep, which is not converted.",
                    address=address,
                    limit=MAX_MODULE_DEPTH,
                )
            )
        keys = self._instance_keys(block, rename, address, known)
        if keys is None:
            return None
        child = read_config(self.files, target, root=False)
        body = rewrite_values(dict(block.body), rename)
        instances: dict[str, dict[str, str]] = {}
        several = ("count" in block.body and len(keys) > 1) or "for_each" in block.body
        for key, bind in keys.items():
            self._grow(address)
            inputs = {
                argument: rewrite_values(value, bind)
                for argument, value in body.items()
                if argument not in _CALL_ARGUMENTS
            }
            suffix = f"_{re.sub(r'[^A-Za-z0-9_]', '_', key)}" if several else ""
            index = key if "count" in block.body else json.dumps(key)
            instances[key] = self.module(
                child,
                target,
                self._free_prefix(f"{prefix}{name}{suffix}"),
                inputs,
                (*stack, target),
                f"{address}[{index}]." if several else address + ".",
            )
        return instances

    def _free_prefix(self, stem: str) -> str:
        """The renaming prefix of one module instance, unique: for_each keys such as "a-b" and
        "a_b" both read `a_b`, and would otherwise merge into one copy of each resource."""
        prefix, number = f"{stem}{_SEPARATOR}", 1
        while prefix in self.prefixes:
            number += 1
            prefix = f"{stem}_{number}{_SEPARATOR}"
        self.prefixes.add(prefix)
        return prefix

    def _instance_keys(
        self,
        block: Block,
        rename: Callable[[str], str],
        address: str,
        known: Mapping[str, Block],
    ) -> dict[str, Callable[[str], str]] | None:
        """The instances of a module call by key ("0", "1", ... for count, the for_each keys),
        each with the rewrite that binds count.index or each.key / each.value in its arguments;
        None (with a note) when they are only known at deploy time."""
        if "for_each" in block.body:
            raw = rewrite_values(block.body["for_each"], rename)
            items = self._module_for_each(raw, address, known)
            if items is None:
                return None
            return {key: _substitute("each", {"key": key, "value": value}) for key, value in items}
        count = 1
        if "count" in block.body:
            counted = self._module_count(rewrite_values(block.body["count"], rename), address)
            if counted is None:
                return None
            count = counted
        return {str(index): _COUNT_INDEX(index) for index in range(count)}

    def _module_for_each(
        self, raw: object, address: str, known: Mapping[str, Block]
    ) -> list[tuple[str, object]] | None:
        """A module call's for_each as (key, value) pairs known in the files, or None with a
        note; more instances than a stack holds raise `TerraformError`."""
        config = TerraformConfig(self.variables, self.locals, (), (), (), {})
        try:
            value, defaults = static_value(config, raw, address, known)
        except Unmappable as problem:
            self._leave_call_out(address, Msg("its for_each {reason}", reason=problem.reason))
            return None
        items = _keyed_items(value)
        if items is None:
            self._leave_call_out(
                address, Msg("its for_each is not a list, set or map known before deployment")
            )
            return None
        check_copies(address, len(items))
        if defaults:
            self.notes.append(
                Msg(
                    "{address}: for_each over {variable} was unrolled over its default, so "
                    "a different value at deploy time is not followed.",
                    address=address,
                    variable=", ".join(f"var.{name}" for name in defaults),
                )
            )
        if not items:
            self.left_out.append(address)
            self.notes.append(
                Msg("{address}: its for_each is empty, so it was left out.", address=address)
            )
        return items

    def _module_count(self, raw: object, address: str) -> int | None:
        """A module call's count as the files give it (defaults used are reported), or None
        with a note when it is only known at deploy time or too large."""
        config = TerraformConfig(self.variables, self.locals, (), (), (), {})
        try:
            value, defaults = static_value(config, raw, address, {})
        except Unmappable as problem:
            value, defaults, why = None, (), problem.reason
        else:
            why = Msg("its count is not a number known before deployment")
        check_copies(address, value)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            self._leave_call_out(address, why)
            return None
        if value == 0:
            self.left_out.append(address)
            self.notes.append(
                Msg(
                    "{address}: {what}, so it was left out.",
                    address=address,
                    what=Msg("its count is 0"),
                )
            )
        if defaults:
            self.notes.append(count_from_defaults(address, defaults))
        return value

    def _leave_call_out(self, address: str, why: Msg) -> None:
        self.left_out.append(address)
        self.notes.append(
            Msg(
                "{address}: {why}, so its resources were left out; {hint}.",
                address=address,
                why=why,
                hint=_COMPATIBLE_HINT,
            )
        )

    # --- repetition -----------------------------------------------------------------------

    def repeat(self, config: TerraformConfig) -> list[Block]:
        """The resources with for_each unrolled and dynamic blocks expanded, in file order."""
        pending = {block.address: block for block in config.resources if "for_each" in block.body}
        known = {b.address: b for b in config.resources if "for_each" not in b.body}
        done: dict[str, list[Block]] = {}

        def unroll(address: str) -> list[Block]:
            if address in done:
                return done[address]
            done[address] = []  # a for_each that reads itself: left out below
            block = pending[address]
            text = json.dumps(block.body["for_each"])
            for other in pending:
                if other != address and re.search(rf"\b{re.escape(other)}\b", text):
                    unroll(other)
            copies = self._for_each(config, block, known)
            known.update((copy.address, copy) for copy in copies)
            done[address] = copies
            return copies

        unrolled: list[Block] = []
        for block in config.resources:
            unrolled.extend(unroll(block.address) if block.address in pending else [block])
        # Dynamic blocks last: they may iterate over any resource's copies.
        return [self._dynamic(config, block, known) for block in unrolled]

    def _for_each(
        self, config: TerraformConfig, block: Block, known: Mapping[str, Block]
    ) -> list[Block]:
        raw = block.body["for_each"]
        body = {k: v for k, v in block.body.items() if k != "for_each"}

        def copies_of(address: str) -> CountForm | None:
            if address in self.count_forms:
                return self.count_forms[address]
            count = self._deploy_time_count(config, address, known)
            return None if count is None else CountForm(count, "count.index", "", keyed=False)

        form = count_form(raw, config.variables, copies_of)
        if form is not None:
            # A list parameter, or a resource counted at deploy time: ROS Count follows it.
            self.count_forms[block.address] = form
            each = {"key": _Text(f"({form.key})"), "value": _Text(f"({form.value})")}
            body = rewrite_values(body, _substitute("each", each))
            body["count"] = "${" + form.count + "}"
            return [Block(block.kind, block.labels, body, block.file)]
        try:
            value, defaults = static_value(
                config, raw, block.address, known, frozenset(self.left_out)
            )
        except Unmappable as problem:
            self._drop(block.address, Msg("its for_each {reason}", reason=problem.reason))
            return []
        if defaults:
            self.notes.append(
                Msg(
                    "{address}: for_each over {variable} was unrolled over its default, so "
                    "a different value at deploy time is not followed.",
                    address=block.address,
                    variable=", ".join(f"var.{name}" for name in defaults),
                )
            )
        items = _keyed_items(value)
        if items is None:
            self._drop(
                block.address,
                Msg("its for_each is not a list, set or map known before deployment"),
            )
            return []
        if len(items) > MAX_COPIES:
            self._drop(
                block.address,
                Msg(
                    "its for_each has {count} items, more than {limit}",
                    count=len(items),
                    limit=MAX_COPIES,
                ),
            )
            return []
        self._grow(block.address, len(items) - 1)  # the block itself was counted
        unrolled = []
        for key, item in items:
            bindings = {"key": key, "value": item}
            labels = (block.labels[0], f"{block.labels[1]}[{json.dumps(key)}]")
            new_body = rewrite_values(body, _substitute("each", bindings))
            unrolled.append(Block(block.kind, labels, new_body, block.file))
            if defaults:
                self.lossy.add(unrolled[-1].address)
        return unrolled

    def _deploy_time_count(
        self, config: TerraformConfig, address: str, known: Mapping[str, Block]
    ) -> str | None:
        """The count text of a resource whose count is known only at deploy time."""
        block = known.get(address)
        raw = block.body.get("count") if block is not None else None
        parts = split_template(raw) if isinstance(raw, str) else []
        if len(parts) != 1 or not isinstance(parts[0], Interpolation):
            return None
        try:
            value, _ = static_value(config, raw, address, known, frozenset(self.left_out))
        except Unmappable:
            return parts[0].expr
        return None if isinstance(value, int) else parts[0].expr

    def _dynamic(self, config: TerraformConfig, block: Block, known: Mapping[str, Block]) -> Block:
        if not _has_dynamic(block.body):
            return block
        body = self._expanded(config, block.address, block.body, known)
        return Block(block.kind, block.labels, body, block.file)

    def _expanded(
        self,
        config: TerraformConfig,
        address: str,
        raw: Mapping[str, Any],
        known: Mapping[str, Block],
    ) -> dict[str, Any]:
        """A block body with its dynamic blocks repeated, the blocks they make included (a
        bucket's `dynamic "lifecycle_rule"` with a `dynamic "expiration"` inside), and those
        of its nested blocks (an EventBridge rule's `targets { dynamic "param_list" }`)."""
        body = {
            key: [
                self._expanded(config, address, item, known) if _has_dynamic(item) else item
                for item in value
            ]
            if isinstance(value, list)
            else value
            for key, value in raw.items()
            if key != "dynamic"
        }
        specs = raw.get("dynamic")
        for entry in specs if isinstance(specs, list) else [specs]:
            for name, spec in entry.items() if isinstance(entry, dict) else []:
                if name == "__is_block__" or not isinstance(spec, dict):
                    continue
                blocks = self._dynamic_blocks(config, address, name, spec, known)
                if blocks is None:
                    self.lossy.add(address)
                    continue
                existing = body.get(name)
                body[name] = [*(existing if isinstance(existing, list) else []), *blocks]
        return body

    def _dynamic_blocks(
        self,
        config: TerraformConfig,
        address: str,
        name: str,
        spec: Mapping[str, Any],
        known: Mapping[str, Block],
    ) -> list[Any] | None:
        content = spec.get("content")
        content = content[0] if isinstance(content, list) and content else content
        iterator = literal_text(spec.get("iterator")) or name
        collection = spec.get("for_each")
        zipped = self._zipped_block(config, collection, content, iterator, known)
        if zipped is not None:
            return [zipped]
        blocks, defaults, reason = self._repeated(
            config, address, content, iterator, collection, known
        )
        over_parameter = item_block(collection, content, iterator, config.variables)
        if over_parameter is not None:
            # Computed from the parameter when the stack is created (`tf_props`); the blocks
            # over the default are what is left if ROS cannot take it there.
            over_parameter[ITEMS].update(fallback=blocks, name=name, defaults=list(defaults))
            return [over_parameter]
        guarded = (
            guarded_block(collection, content, iterator, rewrite_values)
            if defaults or blocks is None
            else None
        )
        if guarded is not None:
            # There when the test holds, a ROS Condition (`tf_props`); else the default's.
            guarded[GUARDED].update(
                fallback=blocks, reason=reason, name=name, defaults=list(defaults)
            )
            if "dynamic" in guarded:
                guarded = self._expanded(config, address, guarded, known)
            return [guarded]
        if blocks is None:
            self.notes.append(
                Msg(
                    "{address}: the dynamic block {name} was not converted ({reason}).",
                    address=address,
                    name=name,
                    reason=reason,
                )
            )
        elif defaults:
            self.lossy.add(address)
            self.notes.append(
                Msg(
                    "{address}: the dynamic block {name} was repeated over the default of "
                    "{variable}, so a different value at deploy time is not followed.",
                    address=address,
                    name=name,
                    variable=", ".join(f"var.{variable}" for variable in defaults),
                )
            )
        return blocks

    def _repeated(
        self,
        config: TerraformConfig,
        address: str,
        content: object,
        iterator: str,
        collection: object,
        known: Mapping[str, Block],
    ) -> tuple[list[Any] | None, tuple[str, ...], Msg]:
        """A dynamic block repeated over its collection as the files give it: the blocks (None
        when the collection is not known before deployment), the variables whose defaults it
        used, and why it is not known (for None)."""
        defaults: tuple[str, ...] = ()
        # The items' resource and data source values may be known only at deploy time: they
        # stay expressions, converted where the blocks use them; the items must be known.
        left_out = frozenset(self.left_out)
        try:
            value, defaults = static_value(
                config, collection, address, known, left_out, deferred=True
            )
            if isinstance(value, Deferred):
                static_value(config, collection, address, known, left_out)  # says why
        except Unmappable as problem:
            value, reason = None, problem.reason
        else:
            reason = Msg("its for_each is not a list, set or map known before deployment")
        if isinstance(value, dict) and literal_but_deferred(value):
            items = sorted(value.items())  # Terraform repeats a map's blocks in key order
        elif isinstance(value, list) and literal_but_deferred(value):
            items = list(enumerate(value))
        else:
            return None, defaults, reason
        if not isinstance(content, dict):
            return [], defaults, reason
        # Each repeated block is still a block (marked as HCL marks one), which a rule
        # without a schema names by the ROS schema's fields (`tf_props`).
        blocks = [
            {
                **rewrite_values(
                    {k: v for k, v in content.items() if k != "__is_block__"},
                    _substitute(iterator, {"key": key, "value": item}),
                ),
                "__is_block__": True,
            }
            for key, item in items
        ]
        expanded = [
            self._expanded(config, address, block, known) if "dynamic" in block else block
            for block in blocks
        ]
        return expanded, defaults, reason

    def _zipped_block(
        self,
        config: TerraformConfig,
        collection: object,
        content: object,
        iterator: str,
        known: Mapping[str, Block],
    ) -> dict[str, Any] | None:
        """A dynamic block over the copies of a resource whose count is known only at deploy
        time, as one block marked `ZIPPED`: the arguments that read the copy
        (`iterator.value.id`) become the list of every copy's value (`x[*].id`), the others
        stay; `tf_props` makes it the `Fn::Jq` of one struct per copy. None for
        any other dynamic block, or when the content reads the key or nests what differs."""

        def copies_of(address: str) -> CountForm | None:
            count = self._deploy_time_count(config, address, known)
            return None if count is None else CountForm(count, "count.index", "")

        form = count_form(collection, {}, copies_of)  # any collection of copies, for a block
        if form is None or not isinstance(content, dict):
            return None
        copies = form.value.removesuffix("[count.index]")
        reads = re.compile(rf"(?<![A-Za-z0-9_.\-\"]){re.escape(iterator)}\.(key|value)\b")
        per_copy = []
        for name, raw in content.items():
            if name == "__is_block__" or not reads.search(json.dumps(raw)):
                continue
            node = single_expression(raw)
            # An attribute of the copy (`iterator.value.id`), which becomes ROS's list of them.
            if not (
                isinstance(node, Traversal)
                and node.root == iterator
                and node.steps[:1] == (GetAttr("value"),)
                and len(node.steps) > 1
            ):
                return None
            per_copy.append(name)
        if not per_copy:
            return None
        body = rewrite_values(
            {k: v for k, v in content.items() if k != "__is_block__"},
            _substitute(iterator, {"key": _Text(form.key), "value": _Text(f"{copies}[*]")}),
        )
        return {**body, "__is_block__": True, ZIPPED: {"fields": per_copy, "copies": copies}}

    def _drop(self, address: str, why: Msg) -> None:
        self.left_out.append(address)
        self.dropped += 1
        self.notes.append(
            Msg(
                "{address}: {why}, so it was left out; {hint}.",
                address=address,
                why=why,
                hint=_COMPATIBLE_HINT,
            )
        )


def _has_dynamic(raw: object) -> bool:
    """Whether a block body, or a nested block written in it, has a dynamic block."""
    if not isinstance(raw, dict):
        return False
    if "dynamic" in raw:
        return True
    blocks = (item for value in raw.values() if isinstance(value, list) for item in value)
    return any(
        isinstance(item, dict) and "__is_block__" in item and _has_dynamic(item) for item in blocks
    )


def _module_value(call: Block, instances: Mapping[str, Mapping[str, str]]) -> str:
    """`module.x` as a whole, as HCL text: the object of its outputs, a list of them for a
    call with count, a map by key for one with for_each (`[for k, v in module.x : v.id]`)."""

    def outputs(one: Mapping[str, str]) -> str:
        return "{" + ", ".join(f"{json.dumps(n)} = ({text})" for n, text in one.items()) + "}"

    if "for_each" in call.body:
        return (
            "{" + ", ".join(f"{json.dumps(k)} = {outputs(v)}" for k, v in instances.items()) + "}"
        )
    if "count" in call.body:
        return "[" + ", ".join(outputs(one) for one in instances.values()) + "]"
    return outputs(next(iter(instances.values()), {}))


def _keyed_items(value: object) -> list[tuple[str, object]] | None:
    """A for_each value's (each.key, each.value) pairs: a map by key, a list or set of strings
    or numbers by item; None for anything else."""
    if isinstance(value, dict) and is_literal(value):
        return [(str(key), item) for key, item in value.items()]
    if (
        isinstance(value, list)
        and is_literal(value)
        and all(isinstance(item, str | int | float) for item in value)
    ):
        return [(str(item), item) for item in value]
    return None


_CALL_ARGUMENTS = frozenset(
    {"source", "version", "providers", "depends_on", "count", "for_each", "__is_block__"}
)


def _module_members(
    depends: list[Any], members: Mapping[str, list[str]], rename: Callable[[str], str]
) -> list[Any]:
    """`depends_on = [module.x]` as the resources inlined from that call; other items renamed."""
    result: list[Any] = []
    for item in depends:
        match = re.fullmatch(r"\$\{module\.([A-Za-z_][A-Za-z0-9_-]*)\}", str(item))
        if match and match.group(1) in members:
            result.extend("${" + address + "}" for address in members[match.group(1)])
        else:
            result.append(rewrite_values(item, rename))
    return result


def expand(files: Mapping[str, str], root: str = "") -> Expanded:
    """The flat root module of a checked workspace whose root module is the folder `root`
    ("" for the top; see the module docstring).

    Raises `TerraformError` for invalid HCL, a module that calls itself, or modules nested more
    than `MAX_MODULE_DEPTH` deep."""
    config = read_config(files, root, root=True)
    flattener = _Flattener(files, root)
    flattener.module(config, root, "", None, (root,))
    flat = TerraformConfig(
        variables=flattener.variables,
        locals=flattener.locals,
        resources=tuple(flattener.resources),
        outputs=tuple(flattener.outputs),
        modules=(),
        tfvars=config.tfvars,
        data=tuple(flattener.data),
    )
    resources, directions = split_directions(flattener.repeat(flat))
    return Expanded(
        config=attrs.evolve(
            flat,
            resources=tuple(resources),
            item_keyed=frozenset(a for a, f in flattener.count_forms.items() if f.by_item),
        ),
        notes=(*flattener.notes, *directions),
        left_out=tuple(flattener.left_out),
        dropped_resources=flattener.dropped,
        lossy=frozenset(flattener.lossy),
    )
