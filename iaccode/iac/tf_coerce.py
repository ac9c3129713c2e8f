"""Fit converted property values to the ROS schema's types, where Terraform spells them otherwise.

Terraform writes a switch as `enabled = true` where ROS wants `Status: Enabled`, a single value
where ROS takes a list, a number where ROS takes text. `coerce_properties` walks the converted
properties beside the type's schema (`ros_schema`: nested structs, lists and maps) and rewrites
only literal values whose meaning is unambiguous:

- a bool, for a property whose allowed values are a pair such as Enabled/Disabled, on/off or
  true/false (any case), becomes the matching one;
- a literal scalar for a list property becomes a one-item list;
- a value the provider translates for the API (Tablestore's `HighPerformance`, `SSD` to the
  API) becomes the API's word, looked up at deploy time for a parameter;
- a comparison operator (`<=`) becomes the allowed value that spells it out
  (`LessThanOrEqualToThreshold`), and a parameter for one is looked up at deploy time
  (`Fn::Select` over those names, the value itself when it is none of the symbols);
- a literal text that is one of the allowed values but for case (`STRING` for `String`)
  becomes that value, a billing method (`PayAsYouGo`) the allowed spelling of the same
  (`POSTPAY`), and a renewal status (`AutoRenewal`, `NotRenewal`) for a switch property
  (ECS `AutoRenew: "True"`) becomes its on or off value;
- a one-item list (a Terraform block written once) for a struct property becomes that struct;
- Key/Value pairs for a map property (RDS `Tags`) become the map, and a merged map
  (`Fn::MergeMap`, Terraform's `merge()` of tags) for a list of Key/Value structs becomes those
  pairs at deploy time (`Fn::Jq` `to_entries`, as the vendor's tags handler does);
- a list of literal scalars for a text property becomes their comma-separated text (Terraform
  sets such as a VPN connection's `local_subnet` are ROS's comma-separated `LocalSubnet`), a
  list with ROS functions `Fn::Join` of them (one item: that item, `db_names = x[*].name`), and
  `join_list_refs` wraps a `Ref` to a CommaDelimitedList parameter there in `Fn::Join` (each
  branch of an `Fn::If` choosing between such parameters too);
- literal blocks (maps, lists of maps) for a text property become JSON text, which is how ROS
  takes such settings (SAE `KafkaConfigs`, DNS access strategy `Lines`);
- JSON text of an object for a map, struct or JSON property (a policy document written as a
  heredoc) becomes that object, JSON text of a list for a list property that list;
- a status word (`Enabled`, `off`) for a boolean property becomes the boolean;
- a one-item list for a number or switch property (a rule's `Type: List` around one value)
  becomes that value.

Numbers and text are left as they are: the schema's `string` often stands for "string or number"
(ros-cdk unions), and ROS converts them itself.

Values that are ROS functions are left alone: ROS resolves them at deploy time. The branches of
an `Fn::If` are not: each is a value of the property, fitted as one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from iaccode.iac.ros_context import NO_VALUE
from iaccode.iac.ros_refs import sub_parts, sub_placeholders, sub_references
from iaccode.iac.ros_schema import PropertySchema, TypeSpec, schema_or_none
from iaccode.iac.ros_values import function_of, refused_value
from iaccode.iac.tf_values import is_function, is_literal

_SWITCHES = (("enabled", "disabled"), ("on", "off"), ("true", "false"), ("yes", "no"))


_WORDS = {word: on for pair in _SWITCHES for word, on in zip(pair, (True, False), strict=True)}

# Terraform's renewal_status values (alicloud_instance and others: AutoRenewal, Normal,
# NotRenewal, provider docs) where ROS has an on/off switch such as ECS AutoRenew True/False.
_RENEWAL = {"autorenewal": True, "normal": False, "notrenewal": False}


# Alibaba Cloud's APIs spell the two ways of paying differently per product (Terraform's
# payment_type is PayAsYouGo or Subscription; ROS's PayType may be POSTPAY/PREPAY, PostPaid/
# PrePaid, ...): one word of a group stands for the others.
_BILLING = (
    frozenset({"payasyougo", "postpaid", "postpay", "payondemand", "drdspost"}),
    frozenset({"subscription", "prepaid", "prepay", "drdspre"}),
)


# Words of the provider's API that a ROS type spells otherwise, where ROS lists only its own
# spelling (an API Gateway request parameter's `required = "OPTIONAL"` is ROS's `OPTION`).
_ROS_WORDS = {"optional": "option"}


def _billing(value: str, allowed: tuple[object, ...]) -> object:
    """The allowed spelling of a billing method `value` names another way, else `value`."""
    group = next((words for words in _BILLING if value.lower() in words), None)
    same = [v for v in allowed if isinstance(v, str) and group and v.lower() in group]
    return same[0] if same else value


def _switch(value: bool, allowed: tuple[object, ...]) -> object:
    texts = {str(item).lower(): item for item in allowed if isinstance(item, str)}
    for yes, no in _SWITCHES:
        if yes in texts and no in texts:
            return texts[yes] if value else texts[no]
    return value


# Terraform's comparison operators (a CMS alarm's `comparison_operator = "<="`) where ROS
# spells them out (`LessThanOrEqualToThreshold`).
_COMPARISONS = {
    ">": "GreaterThanThreshold",
    ">=": "GreaterThanOrEqualToThreshold",
    "<": "LessThanThreshold",
    "<=": "LessThanOrEqualToThreshold",
    "!=": "NotEqualToThreshold",
    "==": "EqualToThreshold",
}


def _spelled(prop: PropertySchema) -> dict[str, str]:
    """The comparison operators whose spelled-out name `prop` allows."""
    allowed = prop.allowed_values or ()
    return {symbol: name for symbol, name in _COMPARISONS.items() if name in allowed}


def _spells_comparisons(prop: PropertySchema) -> bool:
    return len(_spelled(prop)) >= 4  # the threshold comparisons, not one stray word


# ROS functions whose value is always a list (ROS's function reference).
_LIST_FUNCTIONS = frozenset({"Fn::ListMerge", "Fn::Split", "Fn::GetAZs", "Fn::Cidr"})


def _lists(value: Mapping[str, Any]) -> bool:
    """True for a call of one of `_LIST_FUNCTIONS`."""
    return function_of(value) in _LIST_FUNCTIONS


def _fit(value: Any, prop: PropertySchema) -> Any:
    if _is_choice(value):
        # Each branch of `Fn::If` is a value of the property (a block there when a test
        # holds, `c ? "TCP" : "HTTP"`): fitted as one; the Condition's name stays.
        condition, *branches = value["Fn::If"]
        return {"Fn::If": [condition, *(_fit(branch, prop) for branch in branches)]}
    if prop.type.kind == "string" and isinstance(value, dict) and _lists(value):
        # A list computed at deploy time (`concat(var.days, ["Friday"])`) for a text
        # property: its comma-separated text, as a literal list is.
        return {"Fn::Join": [",", value]}
    if _is_merged_map(value) and prop.type.kind == "list" and takes_pairs(prop.type):
        return entries_of(value)  # merge() of tag maps where ROS takes Key/Value pairs
    if isinstance(value, dict) and set(value) == {"Ref"} and _spells_comparisons(prop):
        # A parameter holding `<=`: looked up at deploy time; any other value (the API's own
        # name) passes unchanged, as the provider passes it.
        return _provider_word(_spelled(prop), value)
    if is_function(value) or value is None:
        return value
    if isinstance(value, bool) and prop.allowed_values:
        return _switch(value, prop.allowed_values)
    if isinstance(value, str) and _COMPARISONS.get(value) in (prop.allowed_values or ()):
        return _COMPARISONS[value]
    if isinstance(value, str) and prop.allowed_values and value not in prop.allowed_values:
        lower = value.lower()
        same = [
            v
            for v in prop.allowed_values
            # case aside, or under its enum's name (OTS `Text` for `FieldType.TEXT`)
            if isinstance(v, str) and lower in (v.lower(), v.lower().rpartition(".")[2])
        ]
        if len(same) == 1:
            return same[0]
        ros_word = [v for v in prop.allowed_values if str(v).lower() == _ROS_WORDS.get(lower)]
        if len(ros_word) == 1:
            return ros_word[0]
        if value.lower() in _RENEWAL:
            switched = _switch(_RENEWAL[value.lower()], prop.allowed_values)
            return switched if not isinstance(switched, bool) else value
        return _billing(value, prop.allowed_values)
    return _fit_type(value, prop.type)


def _is_choice(value: Any) -> bool:
    """True for `Fn::If` of a Condition's name and two values."""
    if not (isinstance(value, dict) and list(value) == ["Fn::If"]):
        return False
    parts = value["Fn::If"]
    return isinstance(parts, list) and len(parts) == 3 and isinstance(parts[0], str)


def _fit_type(value: Any, kind: TypeSpec) -> Any:
    if is_function(value) or value is None:
        return value
    if kind.kind == "list" and isinstance(value, dict) and _is_tag_list(kind, value):
        return [{"Key": key, "Value": item} for key, item in value.items()]
    if kind.kind == "list" and value == {} and takes_pairs(kind):
        return []  # no tags (`tags = {}`, a module's default), not one pair without a key
    if kind.kind == "list" and isinstance(value, str) and value.lstrip().startswith("["):
        value = _json_as(value, list)  # a jsonencode()d list written as text
    if kind.kind == "list":
        items = value if isinstance(value, list) else [value]
        return [_fit_type(item, kind.item) if kind.item else item for item in items]
    if kind.kind == "boolean" and isinstance(value, str) and value.lower() in _WORDS:
        return _WORDS[value.lower()]  # a status word (`Enabled`) for a switch
    if kind.kind in ("map", "struct", "json") and isinstance(value, str):
        value = _json_as(value, dict)  # a policy written as JSON text, where ROS takes the object
    if kind.kind == "struct" and isinstance(value, list) and len(value) == 1:
        value = value[0] if isinstance(value[0], dict) else value
    if kind.kind == "struct" and kind.fields is not None and isinstance(value, dict):
        return coerce_fields(value, kind.fields)
    if kind.kind == "string" and isinstance(value, list) and all(_is_scalar(v) for v in value):
        return ",".join(_text(v) for v in value)
    texts = isinstance(value, list) and all(_is_scalar(v) or is_function(v) for v in value)
    if kind.kind == "string" and texts and value:  # a splat of one resource: its value
        return value[0] if len(value) == 1 else {"Fn::Join": [",", value]}
    if kind.kind == "string" and isinstance(value, list | dict) and is_literal(value):
        # Blocks for a text property: ROS takes such settings as JSON text (SAE KafkaConfigs,
        # DNS access strategy Lines), written as the rules converted them.
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    if kind.kind in ("number", "boolean") and isinstance(value, list) and len(value) == 1:
        # One value the rules put in a list (`Type: List`) for a single-valued property.
        return _fit_type(value[0], kind) if not isinstance(value[0], list | dict) else value
    if kind.kind == "map" and isinstance(value, list) and _is_pairs(value):
        value = {pair["Key"]: pair.get("Value") for pair in value}
    if kind.kind == "map" and kind.item is not None and isinstance(value, dict):
        return {key: _fit_type(item, kind.item) for key, item in value.items()}
    return value


def _json_as(text: str, kind: type) -> Any:
    """The `kind` (dict, list) JSON `text` spells, or the text itself when it spells none."""
    try:
        loaded = json.loads(text)
    except (ValueError, RecursionError):  # nested past Python's limit: left as text
        return text
    return loaded if isinstance(loaded, kind) else text


def _is_tag_list(kind: TypeSpec, value: Mapping[str, Any]) -> bool:
    """A Terraform map (`tags = {Name = ...}`) given where ROS takes Key/Value pairs."""
    fields = kind.item.fields if kind.item is not None and kind.item.kind == "struct" else None
    return (
        fields is not None
        and "Key" in fields
        and "Value" in fields
        and bool(value)
        and not set(value) <= set(fields)
    )


def entries_of(value: Any) -> dict[str, Any]:
    """A map computed at deploy time as ROS's Key/Value pairs (the vendor's own conversion)."""
    return {"Fn::Jq": ["First", 'to_entries | map({"Key": .key, "Value": .value})', value]}


def takes_pairs(kind: TypeSpec) -> bool:
    """A list of Key/Value structs (ECS disk `Tags`)."""
    item = kind.item
    return item is not None and item.fields is not None and {"Key", "Value"} <= set(item.fields)


def _is_merged_map(value: Any) -> bool:
    return isinstance(value, dict) and list(value) == ["Fn::MergeMap"]


def _is_pairs(value: list[Any]) -> bool:
    """Key/Value pairs (the vendor's tags handler) given where ROS takes a map (RDS Tags)."""
    return bool(value) and all(
        isinstance(item, dict)
        and set(item) <= {"Key", "Value"}
        and isinstance(item.get("Key"), str)
        for item in value
    )


def _is_scalar(value: object) -> bool:
    return isinstance(value, str | int | float) and not isinstance(value, bool)


def _text(value: object) -> str:
    return str(value)


def coerce_fields(
    values: Mapping[str, Any], fields: Mapping[str, PropertySchema]
) -> dict[str, Any]:
    """`values` with each field fitted to its schema (unknown fields kept as they are)."""
    return {
        name: _fit(value, fields[name]) if name in fields else value
        for name, value in values.items()
    }


# Values the provider translates before it calls the API, per ROS type and property (its
# convertInstanceType / convertInstanceAccessedBy for Tablestore): ROS takes the API's words.
# A Tair instance's `vpc_auth_mode` "Close" is access without a password (the provider's
# docs), ROS's VpcPasswordFree.
_PROVIDER_WORDS: Mapping[tuple[str, str], Mapping[str, object]] = {
    ("ALIYUN::REDIS::Instance", "VpcPasswordFree"): {"Close": True, "Open": False},
    ("ALIYUN::OTS::Instance", "ClusterType"): {"HighPerformance": "SSD", "Capacity": "HYBRID"},
    ("ALIYUN::OTS::Instance", "Network"): {
        "Any": "NORMAL",
        "Vpc": "VPC",
        "ConsoleOrVpc": "VPC_CONSOLE",
    },
}


def _provider_word(words: Mapping[str, object], value: Any) -> Any:
    """`value` in the API's words: a literal translated, a parameter looked up at deploy time
    (the API's own word passes unchanged)."""
    if isinstance(value, str):
        return words.get(value, value)
    if isinstance(value, dict) and set(value) == {"Ref"}:
        return {"Fn::Select": [value, dict(words), value]}
    return value


def coerce_properties(ros_type: str, properties: Mapping[str, Any]) -> dict[str, Any]:
    """The properties of a `ros_type` resource fitted to the schema (as given if unknown)."""
    properties = {
        name: _provider_word(_PROVIDER_WORDS[ros_type, name], value)
        if (ros_type, name) in _PROVIDER_WORDS
        else value
        for name, value in properties.items()
    }
    schema = schema_or_none()
    resource = schema.resource(ros_type) if schema is not None else None
    if resource is None:
        return properties
    return coerce_fields(properties, resource.properties)


def _join_refs(value: Any, kind: TypeSpec, lists: frozenset[str]) -> Any:
    if isinstance(value, dict) and set(value) == {"Ref"} and value["Ref"] in lists:
        return {"Fn::Join": [",", value]} if kind.kind == "string" else value
    if isinstance(value, dict) and set(value) == {"Fn::If"} and isinstance(value["Fn::If"], list):
        # A choice between two lists (`length(var.a) > 0 ? var.a : var.b`): join either.
        condition, *branches = value["Fn::If"]
        return {"Fn::If": [condition, *(_join_refs(b, kind, lists) for b in branches)]}
    if is_function(value) or value is None:
        return value
    if kind.kind == "list" and kind.item is not None and isinstance(value, list):
        return [_join_refs(item, kind.item, lists) for item in value]
    if kind.kind == "struct" and kind.fields is not None and isinstance(value, dict):
        return _join_fields(value, kind.fields, lists)
    return value


def _join_fields(
    values: Mapping[str, Any], fields: Mapping[str, PropertySchema], lists: frozenset[str]
) -> dict[str, Any]:
    return {
        name: _join_refs(value, fields[name].type, lists) if name in fields else value
        for name, value in values.items()
    }


def join_list_refs(template: Mapping[str, Any]) -> None:
    """Wrap each `Ref` to a CommaDelimitedList parameter that a resource gives a text property
    in `Fn::Join` with commas (in place): ROS passes such a parameter as a list, the property
    wants the comma-separated text."""
    parameters = template.get("Parameters") or {}
    lists = frozenset(
        name
        for name, body in parameters.items()
        if isinstance(body, Mapping) and body.get("Type") == "CommaDelimitedList"
    )
    schema = schema_or_none()
    if not lists or schema is None:
        return
    for entry in (template.get("Resources") or {}).values():
        if not isinstance(entry, dict) or not isinstance(entry.get("Properties"), dict):
            continue
        resource = schema.resource(str(entry.get("Type")))
        if resource is not None:
            entry["Properties"] = _join_fields(entry["Properties"], resource.properties, lists)


def no_value_for_null_branches(template: Mapping[str, Any]) -> None:
    """Give each `Fn::If` branch that is Terraform's `null` ("not set") in a resource's
    property the value `{"Ref": "ALIYUN::NoValue"}` (in place): ROS documents that pseudo
    parameter as the branch that removes the property, and says nothing of a JSON null.
    Branches that are items of a list or arguments of another function are left as they are
    (NoValue is documented for a property, not for an item), and so are outputs."""

    def unset(value: Any) -> Any:
        if (
            isinstance(value, dict)
            and set(value) == {"Fn::If"}
            and isinstance(value["Fn::If"], list)
        ):
            condition, *branches = value["Fn::If"]
            unset_branches = ({"Ref": NO_VALUE} if b is None else unset(b) for b in branches)
            return {"Fn::If": [condition, *unset_branches]}
        if is_function(value):
            return value
        if isinstance(value, dict):
            return {name: unset(item) for name, item in value.items()}
        if isinstance(value, list):
            # A struct in a list has properties of its own; the item itself is not one.
            return [item if is_function(item) else unset(item) for item in value]
        return value

    for entry in (template.get("Resources") or {}).values():
        if isinstance(entry, dict) and isinstance(entry.get("Properties"), dict):
            entry["Properties"] = unset(entry["Properties"])


def drop_unused_conditions(template: dict[str, Any]) -> None:
    """Remove the Conditions that nothing names (in place): a resource's or output's
    `Condition`, an `Fn::If`, or a condition used by such a one. A condition is made while an
    argument is converted, and the argument may be dropped afterwards (another argument gives
    its property a value); ROS would keep evaluating it for nothing."""
    conditions = template.get("Conditions")
    if not isinstance(conditions, dict):
        return
    used: set[str] = set()
    pending = [value for key, value in template.items() if key != "Conditions"]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            named = value.get("Condition")
            test = value.get("Fn::If")
            for name in (named, test[0] if isinstance(test, list) and test else None):
                if isinstance(name, str) and name in conditions and name not in used:
                    used.add(name)
                    pending.append(conditions[name])
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
    kept = {name: body for name, body in conditions.items() if name in used}
    if kept:
        template["Conditions"] = kept
    else:
        del template["Conditions"]


def drop_unused_parameters(template: dict[str, Any]) -> set[str]:
    """Remove the Parameters that nothing reads (in place) and return their names: no `Ref`,
    no `Fn::Sub` placeholder, no `${Name}` in the AssociationPropertyMetadata of a parameter
    that is kept. A variable read only by an expression that became a placeholder of its own
    (`var.n > 0 ? var.n : null`), or a data source only such an expression read, would
    otherwise ask for a value that changes nothing."""
    parameters = template.get("Parameters")
    if not isinstance(parameters, dict):
        return set()
    used = _names_read([value for key, value in template.items() if key != "Parameters"])
    while True:  # metadata counts only from parameters that stay
        more = _names_read(
            [
                body.get("AssociationPropertyMetadata")
                for name, body in parameters.items()
                if name in used and isinstance(body, dict)
            ]
        )
        if more <= used:
            break
        used |= more
    removed = set(parameters) - used
    kept = {name: body for name, body in parameters.items() if name in used}
    if kept:
        template["Parameters"] = kept
    else:
        del template["Parameters"]
    return removed


def _names_read(values: list[Any]) -> set[str]:
    """The names `values` read: `Ref` targets, `Fn::Sub` placeholders, and `${Name}` in text
    (AssociationPropertyMetadata's form)."""
    used: set[str] = set()
    pending = list(values)
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            if isinstance(value.get("Ref"), str):
                used.add(value["Ref"])
            sub = sub_parts(value["Fn::Sub"]) if "Fn::Sub" in value else None
            if sub is not None:
                used.update(name for name, _ in sub_references(*sub))
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, str) and "${" in value:
            used.update(sub_placeholders(value))
    return used


def missing_required(ros_type: str, properties: Mapping[str, Any]) -> list[tuple[str, ...]]:
    """The paths (`("RuleList", "0", "RuleName")`) of required fields missing from the literal
    structs nested in a `ros_type` resource's properties (its own required properties aside)."""
    schema = schema_or_none()
    resource = schema.resource(ros_type) if schema is not None else None
    found: list[tuple[str, ...]] = []
    if resource is None:
        return found

    def walk(value: Any, kind: TypeSpec, path: tuple[str, ...]) -> None:
        if is_function(value):
            return
        if kind.kind == "list" and kind.item is not None and isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, kind.item, (*path, str(index)))
        elif kind.kind == "struct" and kind.fields is not None and isinstance(value, dict):
            for name, prop in kind.fields.items():
                if name in value:
                    walk(value[name], prop.type, (*path, name))
                elif prop.required:
                    found.append((*path, name))

    for name, value in properties.items():
        if name in resource.properties:
            walk(value, resource.properties[name].type, (name,))
    return found


def unoffered_values(
    ros_type: str, properties: Mapping[str, Any]
) -> list[tuple[tuple[str, ...], tuple[object, ...], object]]:
    """The literal texts and numbers nested in a `ros_type` resource's properties (a field of a
    struct in a list: EMR `HostGroup.0.HostGroupType`) that the checker refuses as none of
    their field's AllowedValues (`refused_value`), each as (path, allowed values, value); the
    top-level ones aside."""
    schema = schema_or_none()
    resource = schema.resource(ros_type) if schema is not None else None
    found: list[tuple[tuple[str, ...], tuple[object, ...], object]] = []
    if resource is None:
        return found

    def walk(value: Any, kind: TypeSpec, path: tuple[str, ...], keys: tuple[str, ...]) -> None:
        if kind.kind == "list" and kind.item is not None and isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, kind.item, (*path, str(index)), keys)
        elif kind.kind == "struct" and kind.fields is not None and isinstance(value, dict):
            for name, item in value.items():
                prop = kind.fields.get(name)
                if prop is None or is_function(item):
                    continue
                allowed = prop.allowed_values
                where = ".".join((*keys, name))  # the checker's path: struct keys, no indexes
                # Booleans are fitted as switches (`_switch`), never compared here.
                if allowed and _is_scalar(item) and refused_value(ros_type, where, item, allowed):
                    found.append(((*path, name), allowed, item))
                else:
                    walk(item, prop.type, (*path, name), (*keys, name))

    for name, value in properties.items():
        if name in resource.properties and not is_function(value):
            walk(value, resource.properties[name].type, (name,), (name,))
    return found
