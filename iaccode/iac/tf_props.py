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

import json
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.ros_schema import PropertySchema, schema_or_none
from iaccode.iac.tf_rule_data import PropertyRule, ValueKind
from iaccode.iac.tf_values import JsonText, is_function, is_literal

# convert(raw HCL value, argument path for messages, ROS property path) -> ROS value
Convert = Callable[[object, str, str], Any]

_MERGE = "__single_to_multi_handler__"  # a rule path ending here merges a map into its parent


class _Skip(Exception):
    def __init__(self, reason: Msg) -> None:
        super().__init__(str(reason))
        self.reason = reason


@attrs.frozen
class Dropped:
    """An argument (dotted for nested blocks: `data_disks.encrypted`) that did not reach ROS.

    `kind` is "ignored" (the vendor's rule says ROS has no property for it), "unknown" (no rule
    names it) or "other"; `raw` is its Terraform value, for a caller that can still place it."""

    argument: str
    reason: Msg
    kind: str = "other"
    raw: object = None


@attrs.define
class Converted:
    properties: dict[str, Any] = attrs.field(factory=dict)
    dropped: list[Dropped] = attrs.field(factory=list)
    notes: list[Msg] = attrs.field(factory=list)


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
) -> Converted:
    """The ROS properties of `body` (a resource body or a nested block) under `rules`.

    `ros_fields` is what the ROS schema says of the properties at this level (the resource
    type's own when not given); a nested block whose rule has no `Schema` is converted by it."""
    result = Converted()
    if ros_fields is None and not prefix:
        ros_fields = _type_fields(ros_type)
    for name, raw in body.items():
        if name == "__is_block__" or name in skip or raw is None:
            continue
        argument = prefix + name
        rule = rules.get(name)
        if rule is None:
            if name in ignored:
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
        try:
            value = _value(raw, rule, argument, convert, ros_type, result, ros_fields)
            if rule.handler is not None:
                value = HANDLERS[rule.handler](value)
        except _Skip as skipped:
            result.dropped.append(Dropped(argument, skipped.reason))
            continue
        if rule.warning:
            result.notes.append(Msg.plain(rule.warning))
        if rule.handler == "security_groups" and isinstance(value, list) and len(value) == 1:
            result.properties["SecurityGroupId"] = value[0]  # one group: the simpler property
            continue
        if value is None:
            continue
        if not _store(result.properties, rule.to, value):
            reason = Msg("its value is not a map, which this rule needs")
            result.dropped.append(Dropped(argument, reason))
    return result


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
) -> Any:
    path = rule.to or ""
    inner_fields = _inner_fields(ros_fields, path)
    if rule.schema is None and inner_fields is not None and _is_block_list(raw):
        # The vendor's rule passes the block as it is: name its arguments by the ROS schema.
        rule = attrs.evolve(rule, schema=_schema_rules(raw, inner_fields))
    if rule.schema is None:
        value = convert(raw, argument, path)
        if rule.kind == "List" and not isinstance(value, list) and is_literal(value):
            return None if value is None else [value]
        return value
    blocks = _blocks(raw)
    if blocks is None:
        # A computed block list (`var.disks`): usable only if it turns out to be literal data.
        value = convert(raw, argument, path)
        blocks = _blocks(value)
        if blocks is None or not is_literal(value):
            raise _Skip(Msg("its value is computed, so its nested arguments cannot be mapped"))
    converted = []
    for block in blocks:
        inner = convert_properties(
            block,
            rule.schema,
            rule.schema_ignore,
            convert,
            ros_type=ros_type,
            prefix=argument + ".",
            ros_fields=inner_fields,
        )
        result.dropped.extend(inner.dropped)
        result.notes.extend(inner.notes)
        converted.append(inner.properties)
    if rule.kind == "Map":
        if len(converted) > 1:
            raise _Skip(Msg("it is given {count} times, and ROS takes one", count=len(converted)))
        return converted[0] if converted else None
    return converted


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


def _pascal(name: str) -> str:
    return "".join(word[:1].upper() + word[1:] for word in name.split("_"))


def _schema_rules(raw: object, fields: Mapping[str, PropertySchema]) -> dict[str, PropertyRule]:
    """Rules for the arguments of block(s) `raw` that name a field of `fields` in PascalCase
    (case aside); nested blocks among them are converted the same way, one level down."""
    by_case = {key.casefold(): key for key in fields}
    rules: dict[str, PropertyRule] = {}
    for block in _blocks(raw) or []:
        for name, value in block.items():
            target = by_case.get(_pascal(name).casefold())
            if name == "__is_block__" or target is None or name in rules:
                continue
            kind = fields[target].type.kind
            nested: ValueKind | None = (
                "List" if kind == "list" else "Map" if kind == "struct" else None
            )
            rules[name] = PropertyRule(to=target, kind=nested if _is_block_list(value) else None)
    return rules


def _store(properties: dict[str, Any], path: str | None, value: Any) -> bool:
    """Put `value` at a dotted ROS property path; False when a merge needs a map."""
    names = path.split(".") if path else [_MERGE]
    target: Any = properties
    for index, name in enumerate(names[:-1]):
        following = names[index + 1]
        default: Any = [] if following.isdigit() else {}
        if isinstance(target, list):
            position = int(name)
            while len(target) <= position:
                target.append(copy_default(default))
            target = target[position]
        else:
            target = target.setdefault(name, default)
    last = names[-1]
    if last == _MERGE:
        if not (isinstance(value, dict) and not is_function(value)):
            return False
        target.update(value)
    elif isinstance(target, list):
        position = int(last)
        while len(target) <= position:
            target.append(None)
        target[position] = value
    else:
        target[last] = value
    return True


def copy_default(default: Any) -> Any:
    return [] if isinstance(default, list) else {}


# --- handlers (names from the vendor's rules; each reshapes a converted ROS value) -------------


def _tags(value: Any) -> Any:
    if isinstance(value, dict) and not is_function(value):
        return [{"Key": key, "Value": item} for key, item in value.items()] or None
    # A computed map: ROS turns it into the list itself (the vendor's own conversion).
    return {"Fn::Jq": ["First", 'to_entries | map({"Key": .key, "Value": .value})', value]}


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
}
