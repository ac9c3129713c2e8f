"""A resource's arguments -> ROS properties, by the vendor's property rules (`tf_rule_data`).

`convert_properties` walks a resource body (or a nested block) with its rules: a plain argument
goes to its ROS property path (`HealthCheck.Port` nests, a digit step indexes a list), a nested
block (`data_disks { ... }`, repeated or once) is converted by the rule's `Schema` into a list
(`Type: List`) or one object (`Type: Map`, or merged into the parent when the rule has no `To`),
and a named `Handler` reshapes the converted value. Every argument that does not reach ROS is
returned in `dropped` with the reason; every loss the rule itself warns about is in `notes`.

The value of a leaf is converted by the caller's `convert` (it knows variables and references).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.ros_schema import PropertySchema, TypeSpec, schema_or_none
from iaccode.iac.tf_coerce import entries_of, takes_pairs
from iaccode.iac.tf_expr import GetAttr, Traversal, single_expression
from iaccode.iac.tf_hcl import GUARDED, ITEMS, ZIPPED, has_placeholder, placeholder_argument
from iaccode.iac.tf_rule_data import EACH_ITEM, PropertyRule, ValueKind
from iaccode.iac.tf_schema import pascal, property_at, schema_targets
from iaccode.iac.tf_values import (
    JsonText,
    Unmappable,
    is_function,
    is_literal,
)


class Convert(Protocol):
    """convert(raw HCL value, argument path for messages, ROS property path) -> ROS value;
    what does not map becomes a placeholder parameter, or with `strict` raises Unmappable."""

    def __call__(self, raw: object, argument: str, prop: str, *, strict: bool = False) -> Any: ...


# accepts(converted value, the ROS type of its property) -> whether ROS can take it there;
# literals are fitted and checked later (`tf_coerce`), this is for what the caller knows of
# computed values (a `Ref` to a text parameter where ROS takes a struct).
Accepts = Callable[[Any, TypeSpec], bool]

_MERGE = "__single_to_multi_handler__"  # a rule path ending here merges a map into its parent
_UNLISTED_ITEMS = Msg("ROS cannot compute the blocks from the parameter there")
_BESIDE_WRITTEN = Msg("written blocks stand beside it")
_UNLISTED_COPIES = Msg(
    "it repeats a block over copies known only at deploy time, which ROS cannot list here"
)


class _Skip(Exception):
    def __init__(self, reason: Msg) -> None:
        super().__init__(str(reason))
        self.reason = reason


@attrs.frozen
class Dropped:
    """An argument (dotted for nested blocks: `data_disks.encrypted`) that did not reach ROS.

    `kind` is "ignored" (the vendor's rule says ROS has no property for it), "checked" (a
    nested one the schema's struct was asked about), "unknown" (no rule names it) or "other";
    `raw` is its Terraform value, for a caller that can still place it."""

    argument: str
    reason: Msg
    kind: str = "other"
    raw: object = None


@attrs.define
class Converted:
    properties: dict[str, Any] = attrs.field(factory=dict)
    dropped: list[Dropped] = attrs.field(factory=list)
    notes: list[Msg] = attrs.field(factory=list)
    by_schema: list[str] = attrs.field(factory=list)  # arguments placed by the schema's names


def type_fits(value: Any, kind: TypeSpec) -> bool:
    """Whether a literal value can stand for a property of `kind` as it is, or after the
    schema-driven fitting (`tf_coerce`: one value for a list, a list of texts for a text,
    a map for Key/Value tags). A ROS function is taken as fitting: ROS checks it."""
    if is_function(value) or kind.kind in ("any", "json"):
        return True
    if isinstance(value, bool):
        return kind.kind in ("boolean", "string")
    if isinstance(value, int | float):
        return kind.kind in ("number", "string") or (
            kind.kind == "list" and kind.item is not None and type_fits(value, kind.item)
        )
    if isinstance(value, str):
        if kind.kind == "number":
            return _is_number(value)
        if kind.kind == "boolean":
            return value.lower() in ("true", "false")
        return kind.kind == "string" or (
            kind.kind == "list" and kind.item is not None and type_fits(value, kind.item)
        )
    if isinstance(value, list):
        if kind.kind == "string":
            return all(isinstance(item, str | int | float) for item in value)
        if kind.kind == "struct":
            return len(value) == 1 and isinstance(value[0], dict)
        return kind.kind == "list" and (
            kind.item is None or all(type_fits(item, kind.item) for item in value)
        )
    if isinstance(value, dict):
        if kind.kind == "list":  # Key/Value tags from a map
            fields = kind.item.fields if kind.item is not None else None
            return fields is not None and {"Key", "Value"} <= set(fields)
        return kind.kind in ("map", "struct")
    return False


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _schema_match(
    name: str,
    raw: object,
    rules: Mapping[str, PropertyRule],
    fields: Mapping[str, PropertySchema] | None,
) -> PropertyRule | None:
    """A rule for an argument the vendor's rules leave out (or do not know) whose name is,
    in PascalCase, exactly one property of the ROS schema at this level, or a field of one
    of its struct properties (`schema_targets`), which no rule of this level fills and
    whose type the value fits; None otherwise. Nested blocks are left to the rules."""
    if fields is None or _is_block_list(raw):
        return None
    targets = schema_targets(name, fields)
    if not targets:
        return _anchored_match(name, raw, rules, fields)
    if len(targets) != 1:
        return None
    path = targets[0]
    taken = {".".join((rule.to or "").split(".")[: len(path)]) for rule in rules.values()}
    if ".".join(path) in taken or (len(path) > 1 and path[0] in taken):
        return None
    kind = fields[path[0]].type
    if len(path) > 1 and kind.fields is not None:
        kind = kind.fields[path[1]].type
    return PropertyRule(".".join(path)) if _fits_value(raw, kind) else None


def _fits_value(raw: object, kind: TypeSpec) -> bool:
    """An expression's type is known at deploy time; a literal's is checked."""
    return (isinstance(raw, str) and "${" in raw) or type_fits(raw, kind)


def _anchored_match(
    name: str,
    raw: object,
    rules: Mapping[str, PropertyRule],
    fields: Mapping[str, PropertySchema],
) -> PropertyRule | None:
    """A rule for an argument that names, in PascalCase, exactly one field of a struct the
    rules already write into (`RuleList.0` of an SLB rule, where the vendor sends `domain` and
    `url`) or of a struct field of it (`health_check` -> `RuleList.0.AdvancedSettings.
    HealthCheck`), when the value fits; None otherwise."""
    wanted = pascal(name).casefold()
    paths = {rule.to for rule in rules.values() if rule.to}
    anchors = {path.rsplit(".", 1)[0] for path in paths if "." in path}
    found = _anchored_paths(wanted, anchors, fields)
    if len(found) != 1 or found[0][0] in paths:
        return None
    path, kind = found[0]
    return PropertyRule(path) if _fits_value(raw, kind) else None


def _anchored_paths(
    wanted: str, anchors: set[str], fields: Mapping[str, PropertySchema]
) -> list[tuple[str, TypeSpec]]:
    found: list[tuple[str, TypeSpec]] = []
    for anchor in sorted(anchors):
        for key, prop in (_inner_fields(fields, anchor) or {}).items():
            if key.casefold() == wanted:
                found.append((f"{anchor}.{key}", prop.type))
            inner = prop.type.fields if prop.type.kind == "struct" else None
            for field, schema in (inner or {}).items():
                if field.casefold() == wanted:
                    found.append((f"{anchor}.{key}.{field}", schema.type))
    return found


def schema_places(name: str, rules: Mapping[str, PropertyRule], ros_type: str) -> list[str]:
    """Every place of the ROS schema an argument's name spells (`_schema_match` takes one
    when it is the only one and the value fits): for saying that ROS has it."""
    fields = _type_fields(ros_type)
    if fields is None:
        return []
    places = [".".join(path) for path in schema_targets(name, fields)]
    anchors = {rule.to.rsplit(".", 1)[0] for rule in rules.values() if rule.to and "." in rule.to}
    places += [path for path, _ in _anchored_paths(pascal(name).casefold(), anchors, fields)]
    return places


def convert_properties(
    body: Mapping[str, Any],
    rules: Mapping[str, PropertyRule],
    ignored: frozenset[str],
    convert: Convert,
    *,
    ros_type: str,
    prefix: str = "",
    skip: frozenset[str] = frozenset(),
    ros_fields: Mapping[str, PropertySchema] | None = None,
    ros_path: str = "",
    accepts: Accepts | None = None,
) -> Converted:
    """The ROS properties of `body` (a resource body or a nested block) under `rules`.

    `ros_fields` is what the ROS schema says of the properties at this level (the resource
    type's own when not given); a nested block whose rule has no `Schema` is converted by it."""
    result = Converted()
    if ros_fields is None and not prefix:
        ros_fields = _type_fields(ros_type)
    for name, raw in body.items():
        if name in ("__is_block__", ZIPPED) or name in skip or raw is None:
            continue
        argument = prefix + name
        rule = rules.get(name)
        if rule is None:
            rule = _schema_match(name, raw, rules, ros_fields)
            if rule is not None:
                result.by_schema.append(argument)
        if rule is None:
            if name in ignored and prefix and ros_fields is not None:
                # A nested argument: the claim is checked against the struct's fields here.
                dropped = _nested_absent(name, argument, raw, ros_type, ros_path, ros_fields)
                result.dropped.append(dropped)
            elif name in ignored:
                reason = Msg("{type} has no property for it", type=ros_type)
                result.dropped.append(Dropped(argument, reason, "ignored", raw))
            else:
                reason = Msg("the mapping rules do not know it")
                result.dropped.append(Dropped(argument, reason, "unknown", raw))
            continue
        if rule.broken is not None:
            reason = Msg("the vendor's rule for it cannot be followed ({why})", why=rule.broken)
            result.dropped.append(Dropped(argument, reason))
            continue
        missing_at = _missing_target(rule, ros_fields, top=not prefix)
        if missing_at is not None:
            missing, inside = missing_at
            reason = Msg(
                "the vendor's rules send it to {name}, which {path} of {type} does not have",
                name=missing,
                path=".".join(filter(None, (ros_path, inside))),
                type=ros_type,
            )
            result.dropped.append(Dropped(argument, reason))
            continue
        if rule.reads is not None:
            read = _file_read(raw, rule.reads, argument, convert, rule.to or "")
            if isinstance(read, Dropped):
                result.dropped.append(read)
                continue
            raw = read
        try:
            value = _value(raw, rule, argument, convert, ros_type, result, ros_fields, accepts)
            if rule.each is not None:
                value = _each_as_struct(value, rule.each)
            whole = value
            if rule.handler is not None:
                value = HANDLERS[rule.handler](value)
        except _Skip as skipped:
            result.dropped.append(Dropped(argument, skipped.reason))
            continue
        if rule.warning and not (_loses_nothing(rule, whole)):
            result.notes.append(Msg.plain(rule.warning))
        if rule.handler == "security_groups" and isinstance(value, list) and len(value) == 1:
            result.properties["SecurityGroupId"] = value[0]  # one group: the simpler property
            continue
        if value is None:
            continue
        if rule.spread:
            _store_spread(result, argument, rule.spread, value)
            continue
        if rule.means is not None:
            _store_meaning(result, argument, rule.means, value)
            continue
        target = property_at(ros_fields, rule.to) if accepts is not None and rule.to else None
        if target is not None and accepts is not None and not accepts(value, target.type):
            reason = Msg(
                "{type} takes {kind} for {name}",
                type=ros_type,
                kind=target.type.describe(),
                name=rule.to or "",
            )
            result.dropped.append(Dropped(argument, reason))
            continue
        known = property_at(ros_fields, rule.to) if rule.to else None
        maps = known is not None and known.type.kind in ("struct", "map")
        taken = _store(result.properties, rule.to, value, maps=maps)
        if taken is not None:
            reason = (
                Msg("another argument already gives {path} a value", path=taken)
                if taken
                else Msg("its value is not a map, which this rule needs")
            )
            result.dropped.append(Dropped(argument, reason))
    return result


def _missing_target(
    rule: PropertyRule, fields: Mapping[str, PropertySchema] | None, *, top: bool
) -> tuple[str, str] | None:
    """Where `rule`'s target leaves the ROS schema's `fields` at this level, each step of a
    dotted target in turn: (the missing field, the path of the struct that lacks it), or None
    when every step exists or the schema does not say. The vendor's rules name a few fields
    ROS's structs do not have (an OSS website redirect's `MirrorRole`, a node pool's
    `ScalingGroup.RamRoleName`). A resource's own property is left to the type's check
    (`top`), which names the property."""
    if fields is None or not rule.to or rule.spread or rule.means is not None:
        return None
    steps = rule.to.split(".")
    for index, step in enumerate(steps):
        if step.isdigit() or step == _MERGE:
            continue
        if fields is None:
            break
        if step not in fields:
            if top and index == 0:
                return None
            return step, ".".join(s for s in steps[:index] if not s.isdigit())
        kind = fields[step].type
        kind = kind.item if kind.kind == "list" and kind.item is not None else kind
        fields = kind.fields if kind.kind == "struct" else None
    return None


def _file_read(
    raw: object, function: str, argument: str, convert: Convert, path: str
) -> object | Dropped:
    """A file path argument (`PropertyRule.reads`) as the HCL call that reads the file as the
    provider does (`filebase64("code.zip")`): the path must be known when converting, since
    ROS cannot read a local file when it creates the stack; no path (null) stays null."""
    given = convert(raw, argument, path)
    if given is None:
        return None
    if not isinstance(given, str):
        reason = Msg("its path is only known at deploy time, when ROS cannot read a local file")
        return Dropped(argument, reason)
    literal = json.dumps(given).replace("${", "$${").replace("%{", "%%{")
    return "${" + f"{function}({literal})" + "}"


def _each_as_struct(value: Any, struct: Mapping[str, object]) -> Any:
    """Each item of a list as a copy of `struct` with the item at its `EACH_ITEM` field; a
    list computed at deploy time is mapped by `Fn::Jq` the same way."""

    def made(item: Any) -> dict[str, Any]:
        return {
            key: item if part == EACH_ITEM else copy.deepcopy(part) for key, part in struct.items()
        }

    if isinstance(value, list):
        return [made(item) for item in value]
    if not is_function(value):
        return None if value is None else [made(value)]
    fields = ", ".join(
        f"{json.dumps(key)}: {'.' if part == EACH_ITEM else f'$f[{json.dumps(key)}]'}"
        for key, part in struct.items()
    )
    fixed = {key: part for key, part in struct.items() if part != EACH_ITEM}
    return {"Fn::Jq": ["First", f".f as $f | [.l[] | {{{fields}}}]", {"l": value, "f": fixed}]}


def _store_meaning(
    result: Converted, argument: str, means: Mapping[str, Mapping[str, object]], value: Any
) -> None:
    """Put what `value` means (`PropertyRule.means`) at its properties; a value known only at
    deploy time picks each property's value by `Fn::Select` over the meanings. A literal the
    table does not know is reported with the ones it does."""
    if is_function(value):
        paths = dict.fromkeys(path for meaning in means.values() for path in meaning)
        chosen: Mapping[str, object] = {
            path: {"Fn::Select": [value, {case: meaning[path] for case, meaning in means.items()}]}
            for path in paths
        }
    elif isinstance(value, str) and value in means:
        chosen = means[value]
    else:
        reason = Msg("it is {value!r}, not one of {choices}", value=value, choices=", ".join(means))
        result.dropped.append(Dropped(argument, reason))
        return
    for path, part in chosen.items():
        taken = _store(result.properties, path, copy.deepcopy(part))
        if taken is not None:
            reason = Msg("another argument already gives {path} a value", path=taken)
            result.dropped.append(Dropped(argument, reason))
            return


def _store_spread(result: Converted, argument: str, names: tuple[str, ...], value: Any) -> None:
    """Put the items of a list at the properties `names`, one each in order (the provider
    reads `region_ids[0]` and `[1]` the same way); a list computed at deploy time is read by
    `Fn::Select`. A literal list of another length is reported (the provider refuses it)."""
    if is_function(value):
        parts = [{"Fn::Select": [str(index), value]} for index in range(len(names))]
    elif isinstance(value, list) and len(value) == len(names):
        parts = list(value)
    else:
        count = len(value) if isinstance(value, list) else 1
        reason = Msg("it has {count} items, and ROS takes {wanted}", count=count, wanted=len(names))
        result.dropped.append(Dropped(argument, reason))
        return
    for name, part in zip(names, parts, strict=True):
        taken = _store(result.properties, name, part)
        if taken is not None:
            reason = Msg("another argument already gives {path} a value", path=taken)
            result.dropped.append(Dropped(argument, reason))
            return


def _blocks(value: object) -> list[Mapping[str, Any]] | None:
    """A nested block's occurrences (python-hcl2 gives a list of dicts), or None."""
    if isinstance(value, dict) and not is_function(value):
        return [value]
    if isinstance(value, list) and all(
        isinstance(item, dict) and not is_function(item) for item in value
    ):
        return list(value)
    return None


def _value(
    raw: object,
    rule: PropertyRule,
    argument: str,
    convert: Convert,
    ros_type: str,
    result: Converted,
    ros_fields: Mapping[str, PropertySchema] | None = None,
    accepts: Accepts | None = None,
) -> Any:
    path = rule.to or ""
    inner_fields = _inner_fields(ros_fields, path)
    single = _single_field_values(raw, rule, ros_fields, path)
    if single is not None:
        values = [convert(value, f"{argument}.{name}", path) for name, value in single]
        prop = ros_fields.get(path) if ros_fields is not None else None
        if prop is not None and prop.type.kind != "list":
            return values[0]  # one block for one value (`zone { zone_id }` to ZoneId)
        return values
    if rule.schema is None and inner_fields is not None and _is_block_list(raw):
        # The vendor's rule passes the block as it is: name its arguments by the ROS schema.
        rule = attrs.evolve(rule, schema=_schema_rules(raw, inner_fields))
    blocks = _blocks(raw)
    if blocks is not None and any(ITEMS in block for block in blocks):
        return _per_item(blocks, rule, argument, convert, ros_type, result, ros_fields, accepts)
    if blocks is not None and any(GUARDED in block for block in blocks):
        return _guarded(blocks, rule, argument, convert, ros_type, result, ros_fields, accepts)
    if rule.schema is None:
        value = convert(raw, argument, path)
        target = property_at(ros_fields, path) if path else None
        if isinstance(value, dict) and target is not None and takes_pairs(target.type):
            return value  # a map for Key/Value pairs (`tags`): fitted as pairs (`tf_coerce`)
        if rule.kind == "List" and not isinstance(value, list) and is_literal(value):
            return None if value is None else [value]
        return value
    if blocks is not None and any(ZIPPED in block for block in blocks):
        return _zipped(blocks, rule, argument, convert, ros_type, result, inner_fields, accepts)
    if blocks is None:
        # A computed block list (`var.disks`): usable only if it turns out to be literal data.
        value = convert(raw, argument, path)
        blocks = _blocks(value)
        if blocks is None or not is_literal(value):
            raise _Skip(Msg("its value is computed, so its nested arguments cannot be mapped"))
    converted = []
    for block in _one_per_item(blocks, rule.schema):
        inner = _block_properties(block, rule, argument, convert, ros_type, inner_fields, accepts)
        result.dropped.extend(inner.dropped)
        result.notes.extend(inner.notes)
        if inner.properties or not inner.dropped:
            converted.append(inner.properties)
        # else: a block none of whose arguments reached ROS (each is reported) is no value
    if blocks and not converted:
        return None
    if rule.kind == "Map":
        if len(converted) > 1:
            raise _Skip(Msg("it is given {count} times, and ROS takes one", count=len(converted)))
        return converted[0] if converted else None
    return converted


def _zipped(
    blocks: list[Mapping[str, Any]],
    rule: PropertyRule,
    argument: str,
    convert: Convert,
    ros_type: str,
    result: Converted,
    fields: Mapping[str, PropertySchema] | None,
    accepts: Accepts | None,
) -> Any:
    """A block repeated over the copies of a resource counted at deploy time (`tf_expand`
    marks it `ZIPPED` with the arguments that hold every copy's value, each ROS's list of
    them): the `Fn::Jq` that makes one struct per copy, the i-th item of each such list
    beside the fields the copies share (none for no copies: `Fn::MergeMapToList` would still
    make one entry of the shared fields). Raises `_Skip` beside other blocks, for a
    one-block property, or when a field that differs per copy is not such a list."""
    if len(blocks) != 1 or rule.kind == "Map" or rule.schema is None or rule.handler:
        raise _Skip(_UNLISTED_COPIES)
    block = blocks[0]
    per_copy, copies = block[ZIPPED]["fields"], block[ZIPPED]["copies"]
    # A list of every copy's value: their ids, one of their attributes, one computed per copy
    # (`Fn::Jq`); not a `Ref` to a parameter that stands for a field that could not be mapped.
    ids = convert("${" + copies + "[*].id}", argument, rule.to or "")
    whole = _block_properties(block, rule, argument, convert, ros_type, fields, accepts)
    rest = {k: v for k, v in block.items() if k not in per_copy}
    fixed = _block_properties(rest, rule, argument, convert, ros_type, fields, accepts).properties
    lists: list[Any] = []
    shared: list[Any] = []
    members = []
    for key, value in whole.properties.items():
        if key in fixed and fixed[key] == value:
            members.append(f"{json.dumps(key)}: {_jq_value(value, shared)}")
        elif value == ids or (isinstance(value, dict) and set(value) in _COPY_LISTS):
            lists.append(value)
            members.append(f"{json.dumps(key)}: $d.p[{len(lists) - 1}][$k]")
        else:
            raise _Skip(_UNLISTED_COPIES)
    if not lists:
        raise _Skip(_UNLISTED_COPIES)
    result.dropped.extend(whole.dropped)
    result.notes.extend(whole.notes)
    script = ". as $d | .f as $f | [range($d.p[0] | length) as $k | {" + ", ".join(members) + "}]"
    return {"Fn::Jq": ["First", script, {"p": lists, "f": shared}]}


# Besides the copies' ids: ROS values that are a list of every copy's value.
_COPY_LISTS = ({"Fn::GetAtt"}, {"Fn::Jq"})


def _jq_value(
    value: Any,
    shared: list[Any],
    leaf: Callable[[Any, Mapping[str, PropertySchema] | None, str], str | None] | None = None,
    fields: Mapping[str, PropertySchema] | None = None,
    key: str = "",
) -> str:
    """A ROS value as jq: literals as JSON, what ROS computes (`Ref`, `Fn::Sub`, ...) as an
    item of `$f`, which the caller passes in (appended to `shared`). `leaf(value, fields,
    key)`, when given, writes a value itself (an item's field, `fields` the ROS struct it is
    `key` of) or returns None."""
    written = leaf(value, fields, key) if leaf is not None else None
    if written is not None:
        return written
    if is_function(value):
        shared.append(value)
        return f"$f[{len(shared) - 1}]"
    if isinstance(value, dict):
        inner = _inner_fields(fields, key) if key else fields
        members = (
            f"{json.dumps(k)}: {_jq_value(v, shared, leaf, inner, k)}" for k, v in value.items()
        )
        return "{" + ", ".join(members) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_jq_value(v, shared, leaf, fields, key) for v in value) + "]"
    return json.dumps(value)


def _block_properties(
    body: Mapping[str, Any],
    rule: PropertyRule,
    argument: str,
    convert: Convert,
    ros_type: str,
    fields: Mapping[str, PropertySchema] | None,
    accepts: Accepts | None = None,
) -> Converted:
    """The ROS struct of one nested block of `argument` by its rule's schema."""
    return convert_properties(
        body,
        rule.schema or {},
        rule.schema_ignore,
        convert,
        ros_type=ros_type,
        prefix=argument + ".",
        ros_fields=fields,
        ros_path=rule.to or "",
        accepts=accepts,
    )


def _guarded(
    blocks: list[Mapping[str, Any]],
    rule: PropertyRule,
    argument: str,
    convert: Convert,
    ros_type: str,
    result: Converted,
    ros_fields: Mapping[str, PropertySchema] | None,
    accepts: Accepts | None,
) -> Any:
    """A dynamic block over `c ? [x] : []` (`tf_guarded`): its value under `Fn::If` of the ROS
    Condition of `c` (no branch: no property), or the value itself when `c` is known here.
    Where `c` is no Condition ROS can evaluate, written blocks stand beside it, or ROS
    requires the property (which no block would leave out), the blocks over the variables'
    defaults, said as such."""
    marker = blocks[0].get(GUARDED) if len(blocks) == 1 else None
    try:
        if marker is None:
            raise Unmappable("", _BESIDE_WRITTEN)
        guard = _guard(marker["test"], argument, convert, rule.to or "")
        target = property_at(ros_fields, rule.to) if rule.to else None
        if isinstance(guard, str) and target is not None and target.required:
            # No block when the test fails would leave out what ROS requires.
            raise Unmappable("", Msg("ROS requires {name}", name=rule.to or ""))
    except Unmappable as problem:
        fallback: list[Any] = []
        for block in blocks:
            inner = block.get(GUARDED)
            if inner is None:
                fallback.append(block)
            elif inner["fallback"] is None:  # not known in the files either
                raise _Skip(inner["reason"]) from None
            else:
                fallback.extend(inner["fallback"])
                variables = ", ".join(f"var.{name}" for name in inner["defaults"])
                result.notes.append(
                    Msg(
                        "the dynamic block {name} was repeated over the default of {variable} "
                        "({reason}), so a different value at deploy time is not followed.",
                        name=inner["name"],
                        variable=variables,
                        reason=problem.reason,
                    )
                    if not problem.expr  # about the block, not its test
                    else Msg(
                        "the dynamic block {name} was repeated over the default of {variable}, "
                        "since its test {test} {reason}, so a different value at deploy time "
                        "is not followed.",
                        name=inner["name"],
                        variable=variables,
                        test=inner["test"],
                        reason=problem.reason,
                    )
                )
        if not fallback:
            return None  # no blocks: Terraform sends nothing for the argument
        return _value(fallback, rule, argument, convert, ros_type, result, ros_fields, accepts)
    if guard is False:
        return None  # the test is false in the files: Terraform sends no block
    block = {key: value for key, value in blocks[0].items() if key != GUARDED}
    value = _value([block], rule, argument, convert, ros_type, result, ros_fields, accepts)
    if guard is True or value is None:
        return value
    return {"Fn::If": [guard, value, None]}


def _guard(test: str, argument: str, convert: Convert, path: str) -> str | bool:
    """The ROS Condition's name for the HCL test `test`, or its value when the files decide
    it. Raises Unmappable when it is no Condition ROS can evaluate (a comparison of order, a
    value of each copy, a resource's value)."""
    given = convert("${(" + test + ") ? 1 : null}", argument, path, strict=True)
    if given in (1, None):
        return bool(given == 1)
    parts = given.get("Fn::If") if isinstance(given, dict) else None
    if isinstance(parts, list) and len(parts) == 3 and parts[1:] == [1, None]:
        return str(parts[0])
    raise Unmappable(test, Msg("its test is no Condition ROS can evaluate"))


def _per_item(
    blocks: list[Mapping[str, Any]],
    rule: PropertyRule,
    argument: str,
    convert: Convert,
    ros_type: str,
    result: Converted,
    ros_fields: Mapping[str, PropertySchema] | None,
    accepts: Accepts | None,
) -> Any:
    """A dynamic block over a parameter (`tf_items`) as the `Fn::Jq` that makes each item's
    ROS struct when the stack is created; where ROS cannot take that (a block ROS takes once,
    beside written blocks, an argument the rule reshapes), the blocks over the variable's
    default, said as such. Raises `_Skip` when there are none (no default to repeat over)."""
    try:
        return _items_value(blocks, rule, argument, convert, ros_type, result, ros_fields)
    except _Skip as problem:
        raw: list[Mapping[str, Any]] = []
        for block in blocks:  # each dynamic block's default blocks in its place
            marker = block.get(ITEMS)
            if marker is None:
                raw.append(block)
                continue
            if marker.get("fallback") is None:  # no default to repeat over
                raise
            raw.extend(marker["fallback"])
            if marker.get("defaults"):
                variables = ", ".join(f"var.{name}" for name in marker["defaults"])
                result.notes.append(
                    Msg(
                        "the dynamic block {name} was repeated over the default of {variable} "
                        "({reason}), so a different value at deploy time is not followed.",
                        name=marker.get("name", argument),
                        variable=variables,
                        reason=problem.reason,
                    )
                )
        if not raw:
            return None  # no blocks: Terraform sends nothing for the argument
        return _value(raw, rule, argument, convert, ros_type, result, ros_fields, accepts)


def _items_value(
    blocks: list[Mapping[str, Any]],
    rule: PropertyRule,
    argument: str,
    convert: Convert,
    ros_type: str,
    result: Converted,
    ros_fields: Mapping[str, PropertySchema] | None,
) -> Any:
    """The `Fn::Jq` of `_per_item`: the block's arguments mapped to ROS names with each item's
    field where its placeholder landed (with its default, a text made the number or switch
    the ROS field takes, a null left out), what the items share as it is, and what ROS
    computes (`Ref`, `Fn::Sub`) passed in beside. Raises `_Skip` where that cannot be."""
    path = rule.to or ""
    fields = _inner_fields(ros_fields, path)
    reshaped = rule.handler or rule.each or rule.means or rule.spread
    if len(blocks) != 1 or rule.schema is None or reshaped:
        raise _Skip(_UNLISTED_ITEMS)
    block = blocks[0]
    marker = block[ITEMS]
    given = [rule.schema[name] for name in marker["fields"] if name in rule.schema]
    if any(r.handler or r.each or r.means or r.spread for r in given):
        raise _Skip(_UNLISTED_ITEMS)  # an item's field the rule reshapes, which jq would not
    body = {k: v for k, v in block.items() if k != ITEMS}
    inner = _block_properties(body, rule, argument, convert, ros_type, fields)
    fixed: list[Any] = []

    def item(name: str, field: Mapping[str, PropertySchema] | None, key: str) -> str:
        steps, default = marker["fields"][name]
        read = "$i" + "".join(f"[{json.dumps(step)}]" for step in steps)
        prop = field.get(key) if field is not None else None
        kind = prop.type.kind if prop is not None else None
        if kind == "number":
            read += ' | if type == "string" then tonumber else . end'
        elif kind == "boolean":
            read += ' | if type == "string" then . == "true" else . end'
        if default is None:
            return f"({read})"
        value = convert("${" + default + "}", f"{argument}.{name}", path)
        return f"(({read}) as $v | if $v == null then {_jq_value(value, fixed)} else $v end)"

    def leaf(value: Any, field: Mapping[str, PropertySchema] | None, key: str) -> str | None:
        name = placeholder_argument(value)
        if name is not None:
            return item(name, field, key)
        if has_placeholder(value) and (is_function(value) or not isinstance(value, dict | list)):
            raise _Skip(_UNLISTED_ITEMS)  # the rule reshaped the item's value
        return None

    members = ", ".join(
        f"{json.dumps(k)}: {_jq_value(v, fixed, leaf, fields, k)}"
        for k, v in inner.properties.items()
    )
    if not members:
        raise _Skip(_UNLISTED_ITEMS)
    result.dropped.extend(inner.dropped)
    result.notes.extend(inner.notes)
    each = ".l | to_entries | sort_by(.key) | .[].value" if marker["map"] else ".l[]"
    script = f".f as $f | [{each} as $i | {{{members}}} | with_entries(select(.value != null))]"
    if rule.kind != "Map":
        collection = convert(marker["collection"], argument, path)
        return {"Fn::Jq": ["First", script, {"l": collection, "f": fixed}]}
    # A block ROS takes once: the first item's struct, where there is one (Terraform allows
    # no second), and no property at all where there is none, by the parameter's Condition.
    condition = _has_items(marker, argument, convert, path)
    collection = convert(marker["collection"], argument, path)
    jq = {"Fn::Jq": ["First", script + " | .[0]", {"l": collection, "f": fixed}]}
    return {"Fn::If": [condition, jq, None]}  # None: no value (`no_value_for_null_branches`)


def _has_items(marker: Mapping[str, Any], argument: str, convert: Convert, path: str) -> str:
    """For a dynamic block over the variable `var.x`: the name of the Condition that `var.x`
    has an item, made as Terraform's `length(var.x) > 0` is. Raises `_Skip` for another
    collection (a choice, a path into the variable), where that Condition would be a guess."""
    node = single_expression(marker["collection"])
    if not (isinstance(node, Traversal) and node.root == "var" and len(node.steps) == 1):
        raise _Skip(_UNLISTED_ITEMS)
    step = node.steps[0]
    name = step.name if isinstance(step, GetAttr) else None
    given = convert("${length(var." + f"{name}) > 0 ? 1 : null" + "}", argument, path)
    parts = given.get("Fn::If") if isinstance(given, dict) else None
    if not (name and isinstance(parts, list) and len(parts) == 3 and parts[2] is None):
        raise _Skip(_UNLISTED_ITEMS)
    return str(parts[0])


def _single_field_values(
    raw: object,
    rule: PropertyRule,
    fields: Mapping[str, PropertySchema] | None,
    path: str,
) -> list[tuple[str, object]] | None:
    """(argument, value) of each block when blocks of one argument each (`lines { line_code =
    "default" }`) go to a ROS list of texts or numbers (a DNS access strategy's `Lines`), or one
    such block to a text or number (a VPN attachment's `zone { zone_id }` to `ZoneId`), and the
    rule names no field for them: the list is those values. None otherwise."""
    if rule.schema or not _is_block_list(raw) or fields is None or not path or "." in path:
        return None
    prop = fields.get(path)
    item = prop.type.item if prop is not None and prop.type.kind == "list" else None
    if prop is not None and prop.type.kind != "list" and len(_blocks(raw) or []) == 1:
        item = prop.type
    if item is None or item.kind not in ("string", "number"):
        return None
    values = []
    for block in _blocks(raw) or []:
        arguments = [(name, value) for name, value in block.items() if name != "__is_block__"]
        if ZIPPED in block or ITEMS in block:
            return None
        if len(arguments) != 1:
            return None
        values.append(arguments[0])
    return values


def _nested_absent(
    name: str,
    argument: str,
    raw: object,
    ros_type: str,
    ros_path: str,
    fields: Mapping[str, PropertySchema],
) -> Dropped:
    """Why a nested argument the rules leave out is dropped, checked against the struct's
    fields: the field its name spells (of another type than its value), or none."""
    places = schema_targets(name, fields)
    if places:
        reason = Msg(
            "the vendor's rules leave it out, though {type} has a property {name}",
            type=ros_type,
            name=".".join((ros_path, *places[0])),
        )
    else:
        reason = Msg("{path} of {type} has no field for it", path=ros_path, type=ros_type)
    return Dropped(argument, reason, "checked", raw)


def _loses_nothing(rule: PropertyRule, value: Any) -> bool:
    """A rule that keeps the first of a list (and warns so) loses nothing on one value."""
    if rule.handler != "select_first":
        return False
    return len(value) <= 1 if isinstance(value, list) else not is_function(value)


def _one_per_item(
    blocks: list[Mapping[str, Any]], rules: Mapping[str, PropertyRule]
) -> list[Mapping[str, Any]]:
    """The blocks, each one with a literal list where its rule keeps only the first item
    (`servers { server_ids = ["i-1", "i-2"] }`, ROS takes one ServerId per entry) made one
    block per item: the same servers, each its own ROS entry. A block with two such lists
    is left as it is (the pairs are not Terraform's meaning)."""
    made: list[Mapping[str, Any]] = []
    for block in blocks:
        lists = [
            name
            for name, value in block.items()
            if name in rules
            and rules[name].handler == "select_first"
            and isinstance(value, list)
            and len(value) > 1
        ]
        if len(lists) != 1:
            made.append(block)
            continue
        made.extend({**block, lists[0]: [item]} for item in block[lists[0]])
    return made


def _type_fields(ros_type: str) -> Mapping[str, PropertySchema] | None:
    schema = schema_or_none()
    resource = schema.resource(ros_type) if schema is not None else None
    return None if resource is None else resource.properties


def _inner_fields(
    fields: Mapping[str, PropertySchema] | None, path: str
) -> Mapping[str, PropertySchema] | None:
    """The struct fields the ROS schema gives the property at dotted `path` (a struct, or a
    list of structs), or None when it is not known to be one."""
    if not path or path == _MERGE:
        return None
    for name in path.split("."):
        if fields is None:
            return None
        if name.isdigit():  # an index into a list of structs: the same fields
            continue
        prop = next((p for key, p in fields.items() if key.casefold() == name.casefold()), None)
        kind = None if prop is None else prop.type.item if prop.type.kind == "list" else prop.type
        fields = kind.fields if kind is not None and kind.kind == "struct" else None
    return fields


def _is_block_list(raw: object) -> bool:
    """A nested block as HCL gives it (each occurrence marked as a block), not a computed map."""
    blocks = _blocks(raw)
    return bool(blocks) and all("__is_block__" in block for block in blocks or [])


def _schema_rules(raw: object, fields: Mapping[str, PropertySchema]) -> dict[str, PropertyRule]:
    """Rules for the arguments of block(s) `raw` that name a field of `fields` in PascalCase
    (case aside); nested blocks among them are converted the same way, one level down."""
    by_case = {key.casefold(): key for key in fields}
    rules: dict[str, PropertyRule] = {}
    for block in _blocks(raw) or []:
        for name, value in block.items():
            target = by_case.get(pascal(name).casefold())
            if name in ("__is_block__", ZIPPED) or target is None or name in rules:
                continue
            kind = fields[target].type.kind
            nested: ValueKind | None = (
                "List" if kind == "list" else "Map" if kind == "struct" else None
            )
            rules[name] = PropertyRule(to=target, kind=nested if _is_block_list(value) else None)
    return rules


def _fits(target: Any, name: str) -> bool:
    """Whether step `name` can go into `target`: an index into a list, a key into a map."""
    if isinstance(target, list):
        return name.isdigit()
    return isinstance(target, dict) and not is_function(target)


def _one_block(target: Any, name: str) -> Any:
    """A block written once (a one-item list of a map) seen as that map, for a key step."""
    if isinstance(target, list) and len(target) == 1 and not name.isdigit():
        item = target[0]
        if isinstance(item, dict) and not is_function(item):
            return item
    return target


def _merged(existing: Any, value: Any, maps: bool = False) -> Any:
    """`existing` (what arguments put at a path before) with `value` merged in; None when
    they cannot be merged (not both maps, or a key given two different values). One known
    only at deploy time merges there (`_merged_at_deploy`) only where the schema says the
    property is a map or struct (`maps`)."""
    if isinstance(value, list) and len(value) == 1:
        inner = _merged(existing, value[0], maps)
        return None if inner is None else [inner]
    if isinstance(existing, dict) and isinstance(value, dict):
        if is_function(existing) or is_function(value):
            return _merged_at_deploy(existing, value) if maps else None
        if any(key in value and value[key] != item for key, item in existing.items()):
            return None
        return {**value, **existing}
    return None


def _merged_at_deploy(existing: dict[str, Any], value: dict[str, Any]) -> Any:
    """Two maps for one property, one of them known only at deploy time (a block ROS takes
    once, over a variable: `Fn::If` of its struct, beside the fields another argument gave):
    `Fn::MergeMap` of both; ROS lets a later map win, and Terraform's keys are distinct there.
    Each part must be known to be a map: a literal struct, such a merge, or `Fn::If` whose
    branches are structs, the block's `Fn::Jq` under its Condition, or nothing (the empty
    map). None for anything else (a computed text, a bare `Fn::Jq` that may give null)."""
    parts: list[Any] = []
    for part in (existing, value):
        if not is_function(part):
            parts.append(part)
        elif list(part) == ["Fn::MergeMap"] and isinstance(part["Fn::MergeMap"], list):
            parts.extend(part["Fn::MergeMap"])
        elif list(part) == ["Fn::If"] and isinstance(part["Fn::If"], list):
            condition, *branches = part["Fn::If"]
            if not all(_guarded_map(branch) for branch in branches):
                return None
            parts.append({"Fn::If": [condition, *({} if b is None else b for b in branches)]})
        else:
            return None
    return {"Fn::MergeMap": parts}


def _guarded_map(branch: Any) -> bool:
    """Whether an `Fn::If` branch is a map, or nothing: a literal struct, or `Fn::Jq`, which
    under the Condition that the block has an item makes its struct."""
    if branch is None:
        return True
    if not isinstance(branch, dict):
        return False
    return not is_function(branch) or list(branch) == ["Fn::Jq"]


def _store(
    properties: dict[str, Any], path: str | None, value: Any, *, maps: bool = False
) -> str | None:
    """Put `value` at a dotted ROS property path; None when stored, else the path that cannot
    take it: "" for a merge of a value that is not a map, or the place another argument
    already filled with something else (the vendor maps `schedule`, a block, to
    `Detail.Schedule` and `schedule_type` to `Detail.Schedule.Type`: those merge; two texts
    for one property do not, nor a key into a value computed at deploy time)."""
    names = path.split(".") if path else [_MERGE]
    target: Any = properties
    for index, name in enumerate(names[:-1]):
        following = names[index + 1]
        default: Any = [] if following.isdigit() else {}
        target = _one_block(target, name)
        if not _fits(target, name):
            return ".".join(names[:index])
        if isinstance(target, list):
            position = int(name)
            while len(target) <= position:
                target.append(copy_default(default))
            target = target[position]
        else:
            target = target.setdefault(name, default)
    last = names[-1]
    target = _one_block(target, last)
    if last == _MERGE:
        if not (isinstance(value, dict) and not is_function(value)) or not _fits(target, "_"):
            return ""
        target.update(value)
    elif not _fits(target, last):
        return ".".join(names[:-1])
    elif isinstance(target, list):
        position = int(last)
        while len(target) <= position:
            target.append(None)
        if target[position] is not None:
            merged = _merged(target[position], value, maps)
            if merged is None:
                return ".".join(names)
            value = merged
        target[position] = value
    else:
        if last in target and target[last] != value:
            merged = _merged(target[last], value, maps)
            if merged is None:
                return ".".join(names)
            value = merged
        target[last] = value
    return None


def copy_default(default: Any) -> Any:
    return [] if isinstance(default, list) else {}


# --- handlers (names from the vendor's rules; each reshapes a converted ROS value) -------------


def _tags(value: Any) -> Any:
    if isinstance(value, dict) and not is_function(value):
        return [{"Key": key, "Value": item} for key, item in value.items()] or None
    return entries_of(value)  # a computed map: ROS turns it into the list itself


def _to_int(value: Any) -> Any:
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    return value


def _to_boolean(value: Any) -> Any:
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    return bool(value) if is_literal(value) and value is not None else value


def _json_load(value: Any) -> Any:
    if isinstance(value, JsonText):  # jsonencode() of an object with functions inside
        return value.decoded
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            raise _Skip(Msg("its value is not JSON text")) from None
        except RecursionError:  # nested past what Python's reader takes
            raise _Skip(Msg("its JSON text nests too deeply to read")) from None
    if isinstance(value, dict | list) and is_literal(value):
        return value
    raise _Skip(Msg("its value is computed JSON text, which ROS needs as an object"))


def _select_first(value: Any) -> Any:
    if isinstance(value, list):
        return value[0] if value else None
    if is_function(value):
        return {"Fn::Select": ["0", value]}
    return value  # already one value


def _comma_join(value: Any) -> Any:
    if isinstance(value, list):
        if all(isinstance(item, str | int | float) for item in value):
            return ",".join(str(item) for item in value)
        return {"Fn::Join": [",", value]}
    if isinstance(value, dict) and is_function(value) and "Ref" in value:
        return {"Fn::Join": [",", value]}
    return value


def _ros_parameters(value: Any) -> Any:
    blocks = _blocks(value)
    if blocks is None:
        raise _Skip(Msg("its value is computed, so its nested arguments cannot be mapped"))
    return {str(block.get("parameter_key")): block.get("parameter_value") for block in blocks}


_SORTERS = {
    "FieldSort": {"mode": "SortMode", "order": "SortOrder", "field_name": "FieldName"},
    "PrimaryKeySort": {"order": "SortOrder"},
    "ScoreSort": {"order": "SortOrder"},
    "GeoDistanceSort": {"mode": "SortMode", "order": "SortOrder", "field_name": "FieldName"},
}


def _ots_sorters(value: Any) -> Any:
    blocks = _blocks(value)
    if blocks is None:
        raise _Skip(Msg("its value is computed, so its nested arguments cannot be mapped"))
    sorters = []
    for block in blocks:
        kind = str(block.get("sorter_type") or "PrimaryKeySort")
        names = _SORTERS.get(kind)
        if names is None:
            raise _Skip(Msg("sorter_type {kind!r} has no ROS form", kind=kind))
        fields = {ros: block[tf] for tf, ros in names.items() if block.get(tf) is not None}
        if fields:
            sorters.append({kind: fields})
    return sorters


_FORWARDED = {
    "retrive_slb_ip": "XForwardedFor_SLBIP",
    "retrive_slb_id": "XForwardedFor_SLBID",
    "retrive_slb_proto": "XForwardedFor_proto",
}


def _x_forwarded_for(value: Any) -> Any:
    blocks = _blocks(value)
    if not blocks:
        raise _Skip(Msg("its value is computed, so its nested arguments cannot be mapped"))
    flags = {ros: "on" for tf, ros in _FORWARDED.items() if blocks[0].get(tf) is True}
    return {**flags, "XForwardedFor": "on"} if flags else None


def _lower(value: Any) -> Any:
    return value.lower() if isinstance(value, str) else value


def _security_groups(value: Any) -> Any:
    return value


def _json_text(value: Any) -> Any:
    """A value ROS takes as JSON text: literal blocks are encoded as they are written."""
    if isinstance(value, dict | list) and is_literal(value):
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    if isinstance(value, str) or is_function(value):
        return value  # already text, or text ROS computes
    raise _Skip(Msg("its value is computed, and ROS needs it as JSON text"))


# A Log Service index key as the API takes it (`jsonencode` in `alicloud_sls_index.keys`) ->
# its field of ROS's KeyIndices; `token` is the list of delimiter characters, which ROS takes
# as one text.
_SLS = "ALIYUN::SLS::Index"
_SLS_KEY_FIELDS = {
    "type": "Type",
    "caseSensitive": "CaseSensitive",
    "alias": "Alias",
    "doc_value": "EnableAnalytics",
    "chn": "IncludeChinese",
}


def _sls_key_indices(value: Any) -> Any:
    """`{name: {type, token, ...}}` as ROS's list of KeyIndices (`Name` the map's key).

    Raises _Skip for a map computed at deploy time, or one with fields ROS's KeyIndices lack
    (a json key's `json_keys`), since a partly mapped index would index differently."""
    keys = _json_load(value)
    if isinstance(keys, list) and len(keys) == 1:
        keys = keys[0]
    if (
        not isinstance(keys, dict)
        or not is_literal(keys)
        or not all(isinstance(key, dict) for key in keys.values())
    ):
        raise _Skip(Msg("its value is computed, so its nested arguments cannot be mapped"))
    indices = []
    for name, key in keys.items():
        if set(key) - set(_SLS_KEY_FIELDS) - {"token"}:  # a json key's json_keys, ...
            raise _Skip(Msg("{path} of {type} has no field for it", path="KeyIndices", type=_SLS))
        index = {"Name": name}
        index.update(
            {
                ros: key[api]
                for api, ros in _SLS_KEY_FIELDS.items()
                if key.get(api) not in (None, "")
            }
        )
        if key.get("token"):
            index["Delimiter"] = _characters(key["token"])
        indices.append(index)
    return indices


def _characters(value: Any) -> Any:
    """Log Service's `token` list of delimiter characters as the one text ROS's `Delimiter` is.

    Raises _Skip for a list computed at deploy time (joining it with commas would add one)."""
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return "".join(value)
    raise _Skip(Msg("its value is computed, so its nested arguments cannot be mapped"))


_LICENSED_ASSETS = re.compile(r"_(\d+)_asset$")


def _licensed_assets(value: Any) -> Any:
    """A bastion host's license code (`bhah_ent_50_asset`) as the number of assets it
    licenses, ROS's Plan (50, 100, ...). Raises _Skip for a code of another form, or one
    known only at deploy time (ROS cannot take the number out of the text)."""
    if is_function(value):
        raise _Skip(Msg("it is known only at deploy time, and ROS takes the number in it"))
    found = _LICENSED_ASSETS.search(value) if isinstance(value, str) else None
    if found is None:
        raise _Skip(Msg("it is not a license code of the form bhah_ent_<assets>_asset"))
    return int(found.group(1))


def _name_value_json(value: Any) -> Any:
    """`parameters { name = ...; value = ... }` blocks as the JSON text of one map of them,
    texts as Terraform's string type makes them (how the provider sends a PolarDB cluster's
    parameters). Raises _Skip for blocks computed at deploy time."""
    blocks = _blocks(value)
    if blocks is None or not is_literal(blocks):
        raise _Skip(Msg("its value is computed, so its nested arguments cannot be mapped"))
    pairs = {str(block.get("name")): _terraform_text(block.get("value")) for block in blocks}
    return json.dumps(pairs, separators=(",", ":"), ensure_ascii=False)


def _terraform_text(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, int | float) else value


HANDLERS: Mapping[str, Callable[[Any], Any]] = {
    "tags_dict_to_list": _tags,
    "to_int": _to_int,
    "to_boolean": _to_boolean,
    "json_load": _json_load,
    "select_first": _select_first,
    "comma_join": _comma_join,
    "ros_parameters": _ros_parameters,
    "ots_search_index_sorters": _ots_sorters,
    "slb_x_forwarded_for": _x_forwarded_for,
    # Our overlay's (tf_rules):
    "lower": _lower,
    "security_groups": _security_groups,
    "json_text": _json_text,
    "sls_key_indices": _sls_key_indices,
    "characters": _characters,
    "licensed_assets": _licensed_assets,
    "name_value_json": _name_value_json,
}
