"""The vendor's Terraform -> ROS mapping rules as data: the format, the parser and the loader.

Alibaba Cloud's own converter (`alibabacloud-ros-tran`, Apache-2.0) ships one YAML rule per
alicloud_* resource under `rostran/rules/terraform/alicloud/`. `scripts/update-tf-rules` reads
them with `parse_rule` and writes `data/tf-rules.json.gz`; the converter (`tf_convert`) and the
Terraform renderer read it back with `load_rules`. We never import rostran: the rules are data.

Data file (gzip-compressed JSON, keys sorted)::

    {"source": {"package": "alibabacloud-ros-tran", "version": "0.28.1",
                "path": "rostran/rules/terraform/alicloud", "license": "Apache-2.0",
                "attribution": "..."},
     "rules": {"alicloud_vpc": {
         "ros": "ALIYUN::ECS::VPC",
         "properties": {<argument>: <property rule>},   # arguments that map
         "ignore": [<argument>, ...],                   # arguments ROS has no property for
         "attributes": {<attribute>: <attribute rule>},
         "ignore_attributes": [<attribute>, ...]}}}

A property rule is `{"to": "CidrBlock"}` plus, when the rule says so, `"type": "List" | "Map"`
(a list of blocks, or one block, or a plain list/map value), `"schema": {...}` and
`"schema_ignore": [...]` for the block's own arguments (the same shape, recursively),
`"handler": <name>` and `"warning": <text>`. `to` may be dotted (`HealthCheck.Port`, digits
index a list) or absent for a `Map` whose converted keys merge into the parent. A `List` whose
value is one item is that item in a one-item list (the vendor's `To: [Name]` is read as this).
`{"broken": <why>}` marks a vendor rule that cannot be followed; the converter reports the
argument as not converted. An attribute rule is `{"to": "VpcId"}` or
`{"to": ["InstanceId", "Username"], "handler": "colon_join"}` (Terraform's id of that resource
is the attributes joined).

Handlers are the names the rules use; `HANDLERS` lists the ones we interpret (`tf_props`).
`PropertyRule.spread`, `each` and `means` are never in the data file: only the overlay of
`tf_rules` sets them, for what the provider does that the vendor's format cannot say.
"""

from __future__ import annotations

import functools
import gzip
import json
from collections.abc import Mapping
from importlib import resources
from typing import Any, Literal

import attrs

DATA_FILE = "tf-rules.json.gz"

# Every handler name in the rules; `tf_props` implements each (tests check both directions).
PROPERTY_HANDLERS: frozenset[str] = frozenset(
    {
        "tags_dict_to_list",
        "to_int",
        "to_boolean",
        "json_load",
        "select_first",
        "comma_join",
        "ros_parameters",
        "ots_search_index_sorters",
        "slb_x_forwarded_for",
    }
)
ATTRIBUTE_HANDLERS: frozenset[str] = frozenset(
    {"colon_join", "slash_join", "replace_slash_to_colon"}
)

ValueKind = Literal["List", "Map"]


class RuleDataError(ValueError):
    """A rule file (or the data file) that does not have the documented shape."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}")
        self.where = where
        self.reason = reason


@attrs.frozen
class PropertyRule:
    """Where one Terraform argument goes: a ROS property path, maybe a nested block schema."""

    to: str | None
    kind: ValueKind | None = None
    schema: Mapping[str, PropertyRule] | None = None
    schema_ignore: frozenset[str] = frozenset()
    handler: str | None = None
    warning: str | None = None
    broken: str | None = None  # why the vendor's rule cannot be followed
    # Our overlay's (`tf_rules`), never the vendor's: the properties a list's items go to, in
    # order (a CEN bandwidth limit's `region_ids` -> LocalRegionId, OppositeRegionId); `to`
    # is then None.
    spread: tuple[str, ...] = ()
    # Also ours: each item of a list becomes this struct, `EACH_ITEM` standing for the item
    # (a PrivateZone binding's `vpc_ids` -> Vpcs: [{VpcId: <item>, RegionId: the region}]).
    each: Mapping[str, object] | None = None
    # Also ours: what each value of the argument means in ROS properties, paths to values (an
    # API's `service_type = "MOCK"` is ServiceConfig.Mock "TRUE" and more); `to` is None.
    means: Mapping[str, Mapping[str, object]] | None = None
    # Also ours: the argument is a local file's path and the provider sends the file: the
    # Terraform function that reads it as the provider does (an FC function's `filename` is
    # `filebase64(filename)` in Code.ZipFile).
    reads: str | None = None


EACH_ITEM = "<each item>"  # in `PropertyRule.each`: the place of the list's item


@attrs.frozen
class AttributeRule:
    """Which ROS `Fn::GetAtt` name(s) a Terraform attribute reads."""

    to: tuple[str, ...]
    handler: str | None = None


@attrs.frozen
class ResourceRule:
    """The vendor's rule for one Terraform resource type."""

    tf_type: str
    ros_type: str
    properties: Mapping[str, PropertyRule]
    ignored: frozenset[str]
    attributes: Mapping[str, AttributeRule]
    ignored_attributes: frozenset[str]


@attrs.frozen
class RuleSet:
    """All rules, by Terraform type and by ROS type (several Terraform types may share one)."""

    source: Mapping[str, str]
    by_terraform: Mapping[str, ResourceRule]
    by_ros: Mapping[str, tuple[ResourceRule, ...]]

    def __len__(self) -> int:
        return len(self.by_terraform)


# --- YAML rule (already loaded as data) -> compact data -----------------------------------------


def _fail(where: str, why: str) -> RuleDataError:
    return RuleDataError(where, why)


def argument_name(name: object) -> str:
    """A rule's argument name as Terraform spells it: five vendor rules end one with a stray
    backtick, which no HCL identifier has."""
    return str(name).strip().strip("`").strip()


def _compact_properties(raw: object, where: str) -> tuple[dict[str, Any], list[str]]:
    if raw is None:
        return {}, []
    if not isinstance(raw, dict):
        raise _fail(where, "Properties must be a mapping")
    mapped: dict[str, Any] = {}
    ignored: list[str] = []
    for raw_name, rule in raw.items():
        name = argument_name(raw_name)
        here = f"{where}.{name}"
        if not isinstance(rule, dict):
            # Two vendor rules write `schema_key: Name` as a shorthand for `To: Name`.
            if isinstance(rule, str):
                mapped[str(name)] = {"to": rule}
                continue
            raise _fail(here, "a property rule must be a mapping")
        if rule.get("Ignore") is True:
            ignored.append(str(name))
            continue
        try:
            entry = _compact_property(rule, here)
        except RuleDataError as problem:
            # A few vendor rules cannot be followed (an empty To, a leaf with no To): kept and
            # marked, so the converter reports the argument instead of guessing.
            entry = {"broken": problem.reason}
        mapped[str(name)] = entry
    return mapped, sorted(ignored)


def _compact_property(rule: Mapping[str, Any], here: str) -> dict[str, Any]:
    entry: dict[str, Any] = {}
    to = rule.get("To")
    kind = rule.get("Type")
    if isinstance(to, list) and len(to) == 1 and kind is None:
        # One vendor rule writes `To: [ApiIds]`: the one value goes into a list property.
        to, kind = to[0], "List"
    if kind is not None and kind not in ("List", "Map"):
        raise _fail(here, f"Type {kind!r} is neither List nor Map")
    if to is None and kind != "Map":
        raise _fail(here, "To is missing (only a Map merges into its parent)")
    if to is not None:
        if not isinstance(to, str) or not to:
            raise _fail(here, "To is not a property name")
        entry["to"] = to
    if kind is not None:
        entry["type"] = kind
    if "Schema" in rule:
        schema, schema_ignore = _compact_properties(rule["Schema"], here)
        entry["schema"] = schema
        if schema_ignore:
            entry["schema_ignore"] = schema_ignore
    handler = rule.get("Handler")
    if handler is not None:
        if handler not in PROPERTY_HANDLERS:
            raise _fail(here, f"handler {handler!r} is not implemented")
        entry["handler"] = handler
    if isinstance(rule.get("Warning"), str):
        entry["warning"] = rule["Warning"]
    return entry


def _compact_attributes(raw: object, where: str) -> tuple[dict[str, Any], list[str]]:
    if raw is None:
        return {}, []
    if not isinstance(raw, dict):
        raise _fail(where, "Attributes must be a mapping")
    mapped: dict[str, Any] = {}
    ignored: list[str] = []
    for name, rule in raw.items():
        here = f"{where}.{name}"
        if not isinstance(rule, dict):
            raise _fail(here, "an attribute rule must be a mapping")
        if rule.get("Ignore") is True or "To" not in rule:
            ignored.append(str(name))
            continue
        to = rule["To"]
        names = [to] if isinstance(to, str) else to
        if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
            raise _fail(here, "To must be an attribute name or a list of them")
        entry: dict[str, Any] = {"to": to}
        handler = rule.get("Handler")
        if handler is not None:
            if handler not in ATTRIBUTE_HANDLERS:
                raise _fail(here, f"unknown handler {handler!r}")
            entry["handler"] = handler
        mapped[str(name)] = entry
    return mapped, sorted(ignored)


def parse_rule(data: object, where: str) -> tuple[str, dict[str, Any]]:
    """One vendor rule (a loaded YAML document) as (Terraform type, compact rule).

    Raises `RuleDataError` naming `where` when the document is not a resource rule of the
    documented shape.
    """
    if not isinstance(data, dict) or data.get("Type") != "Resource":
        raise _fail(where, "not a resource rule (Type: Resource)")
    kinds = data.get("ResourceType")
    if not isinstance(kinds, dict):
        raise _fail(where, "ResourceType is missing")
    source, target = kinds.get("From"), kinds.get("To")
    if not (isinstance(source, str) and isinstance(target, str) and source and target):
        raise _fail(where, "ResourceType needs From and To")
    properties, ignored = _compact_properties(data.get("Properties"), where)
    attributes, ignored_attributes = _compact_attributes(data.get("Attributes"), where)
    rule: dict[str, Any] = {"ros": target, "properties": properties, "attributes": attributes}
    if ignored:
        rule["ignore"] = ignored
    if ignored_attributes:
        rule["ignore_attributes"] = ignored_attributes
    return source, rule


def dump_rules(rules: Mapping[str, Any], source: Mapping[str, str]) -> bytes:
    """The data file's bytes: compact, sorted JSON, gzip with a fixed mtime (reproducible)."""
    text = json.dumps({"source": dict(source), "rules": dict(rules)}, sort_keys=True)
    return gzip.compress(text.encode("utf-8"), mtime=0)


# --- compact data -> rule values --------------------------------------------------------------


def _property_rules(raw: Mapping[str, Any]) -> dict[str, PropertyRule]:
    rules: dict[str, PropertyRule] = {}
    for name, entry in raw.items():
        schema = entry.get("schema")
        rules[name] = PropertyRule(
            to=entry.get("to"),
            kind=entry.get("type"),
            schema=_property_rules(schema) if schema is not None else None,
            schema_ignore=frozenset(entry.get("schema_ignore", ())),
            handler=entry.get("handler"),
            warning=entry.get("warning"),
            broken=entry.get("broken"),
        )
    return rules


def rule_set(document: Mapping[str, Any]) -> RuleSet:
    """Rule values from the decoded data file (see the module docstring for the shape)."""
    by_terraform: dict[str, ResourceRule] = {}
    by_ros: dict[str, list[ResourceRule]] = {}
    for tf_type, raw in sorted(document["rules"].items()):
        rule = ResourceRule(
            tf_type=tf_type,
            ros_type=raw["ros"],
            properties=_property_rules(raw.get("properties", {})),
            ignored=frozenset(raw.get("ignore", ())),
            attributes={
                name: AttributeRule(
                    tuple([entry["to"]] if isinstance(entry["to"], str) else entry["to"]),
                    entry.get("handler"),
                )
                for name, entry in raw.get("attributes", {}).items()
            },
            ignored_attributes=frozenset(raw.get("ignore_attributes", ())),
        )
        by_terraform[tf_type] = rule
        by_ros.setdefault(rule.ros_type, []).append(rule)
    return RuleSet(
        source=dict(document.get("source", {})),
        by_terraform=by_terraform,
        by_ros={key: tuple(value) for key, value in by_ros.items()},
    )


@functools.cache
def load_rules() -> RuleSet:
    """The packaged rules (read once). Raises `RuleDataError` if the data file is damaged."""
    try:
        data = resources.files("iaccode.iac.data").joinpath(DATA_FILE).read_bytes()
        document = json.loads(gzip.decompress(data))
        return rule_set(document)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        why = f"the packaged Terraform rules cannot be read: {exc}"
        raise RuleDataError(DATA_FILE, why) from exc
