"""A composed ROS template as Terraform for the alicloud provider: variables, resources,
outputs, laid out the way `terraform fmt` lays them out.

Names and properties come from the vendor's Terraform -> ROS rules (`tf_rule_data`) read in
reverse, so a configuration written here converts back to the same ROS resources. For each ROS
type the Terraform type is the one whose rule carries most of the template's properties and
attributes; each ROS property becomes the argument that maps to it (the one spelt most like
it when several do, since older aliases stay in the rules). The vendor has no rule for
`ALIYUN::VPC::SnatEntry`; `_EXTRA` adds it.

What has no Terraform counterpart in the rules is not guessed: `to_terraform` returns it as
notes ("LoadBalancer.VpcId"), so the answer can say what the configuration leaves out. A VpcId
next to vSwitches is not noted: Terraform takes the VPC from the vSwitch; nor is an
ESS ScalingGroupEnable, which Terraform says on the scaling configuration.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import attrs

from iaccode.iac.tf_rule_data import AttributeRule, PropertyRule, ResourceRule, load_rules

_EXTRA = {
    "ALIYUN::VPC::SnatEntry": ResourceRule(
        tf_type="alicloud_snat_entry",
        ros_type="ALIYUN::VPC::SnatEntry",
        properties={
            "snat_table_id": PropertyRule(to="SnatTableId"),
            "snat_ip": PropertyRule(to="SnatIp"),
            "source_vswitch_id": PropertyRule(to="SourceVSwitchIds", handler="select_first"),
        },
        ignored=frozenset(),
        attributes={},
        ignored_attributes=frozenset(),
    )
}


# Arguments a Terraform type needs that its ROS type says by being that type: a ROS
# SecurityGroupIngress is an ingress rule.
_IMPLIED = {
    "alicloud_security_group_rule": (("type", '"ingress"'),),
    # Terraform enables the group from its configuration, where ROS has ScalingGroupEnable.
    "alicloud_ess_scaling_configuration": (("active", "true"), ("enable", "true")),
}
_CARRIED_ELSEWHERE = frozenset({"ALIYUN::ESS::ScalingGroupEnable"})


@attrs.frozen
class Terraform:
    """A Terraform configuration and what of the template it does not carry."""

    text: str
    notes: tuple[str, ...]


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def _squash(name: str) -> str:
    return name.replace("_", "").lower()


def _likeness(argument: str, ros: str) -> tuple[int, int]:
    """How much a Terraform argument is spelt like a ROS property (exact first, then prefix)."""
    a, b = _squash(argument), _squash(ros)
    common = 0
    while common < min(len(a), len(b)) and a[common] == b[common]:
        common += 1
    return (a == b, common)


def _reverse(rule: ResourceRule) -> dict[str, tuple[str, PropertyRule]]:
    """ROS property -> (argument, rule), the best-spelt argument of each property."""
    best: dict[str, tuple[str, PropertyRule]] = {}
    for argument, prop in rule.properties.items():
        if prop.to is None or prop.broken or "." in prop.to:
            continue
        held = best.get(prop.to)
        if held is None or _likeness(argument, prop.to) > _likeness(held[0], prop.to):
            best[prop.to] = (argument, prop)
    return best


def _reverse_dotted(rule: ResourceRule) -> dict[str, list[tuple[str, PropertyRule, str]]]:
    """ROS property -> the arguments that carry a part of it (`lifecycle_rule` ->
    `LifecycleConfiguration.Rule`), with the path of that part inside the property."""
    parts: dict[str, list[tuple[str, PropertyRule, str]]] = {}
    for argument, prop in sorted(rule.properties.items()):
        if prop.to is None or prop.broken or "." not in prop.to:
            continue
        top, _, rest = prop.to.partition(".")
        parts.setdefault(top, []).append((argument, prop, rest))
    return parts


def _attribute(rule: ResourceRule, ros_attribute: str) -> str | None:
    found = [
        name
        for name, entry in rule.attributes.items()
        if entry == AttributeRule((ros_attribute,)) or entry.to == (ros_attribute,)
    ]
    found.sort(key=lambda name: _likeness(name, ros_attribute), reverse=True)
    return found[0] if found else None


def _choose(ros_type: str, properties: set[str], attributes: set[str]) -> ResourceRule | None:
    if ros_type in _EXTRA:
        return _EXTRA[ros_type]
    candidates = load_rules().by_ros.get(ros_type, ())

    def score(rule: ResourceRule) -> tuple[int, int]:
        mapped = len(properties & set(_reverse(rule)))
        read = sum(_attribute(rule, name) is not None for name in attributes)
        return (mapped + read, -len(rule.tf_type))

    return max(candidates, key=score, default=None)


# --- values -------------------------------------------------------------------------------------


def _string(text: str) -> str:
    """An HCL string literal: JSON escapes, and `${`/`%{` kept literal."""
    return json.dumps(text, ensure_ascii=False).replace("${", "$${").replace("%{", "%%{")


@attrs.define
class _Writer:
    """Turns ROS values into HCL expressions for one template."""

    variables: dict[str, str]  # parameter -> variable name
    addresses: dict[str, tuple[ResourceRule, str]]  # logical id -> (rule, Terraform name)
    notes: list[str] = attrs.field(factory=list)

    def expression(
        self, value: Any, indent: int, where: str, *, in_object: bool = False
    ) -> str | None:
        """The HCL of a ROS value; None when it holds a reference with no Terraform address
        (noted). A ROS mapping is a JSON document (a policy) for the argument that takes it,
        so it is `jsonencode({...})` at the top and a plain object inside (`in_object`)."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int | float):
            return json.dumps(value)
        if isinstance(value, str):
            return _string(value)
        if isinstance(value, list):
            items = [
                self.expression(item, indent + 1, where, in_object=in_object) for item in value
            ]
            if any(item is None for item in items):
                return None
            return "[" + ", ".join(item for item in items if item is not None) + "]"
        if isinstance(value, dict) and len(value) == 1:
            ((key, arg),) = value.items()
            if key == "Ref":
                return self._ref(arg, where)
            if key == "Fn::GetAtt":
                return self._getatt(arg[0], arg[1], where)
            if key == "Fn::Select":
                listed = self.expression(arg[1], indent, where)
                return None if listed is None else f"{listed}[{arg[0]}]"
            if key == "Fn::ListMerge":
                items = [self.expression(item, indent, where) for item in arg]
                if any(item is None for item in items):
                    return None
                return "concat(" + ", ".join(item for item in items if item is not None) + ")"
            if key == "Fn::Join" and isinstance(arg, list) and len(arg) == 2:
                listed = self.expression(arg[1], indent, where)
                return None if listed is None else f"join({_string(str(arg[0]))}, {listed})"
            if key.startswith("Fn::"):
                self.notes.append(f"{where}: {key}")
                return None
        if isinstance(value, dict):
            inner = self.mapping(value, indent, where)
            return inner if in_object else f"jsonencode({inner})"
        return None

    def mapping(self, value: Mapping[str, Any], indent: int, where: str) -> str:
        pad = "  " * (indent + 1)
        lines = []
        for key, item in value.items():
            text = self.expression(item, indent + 1, where, in_object=True)
            lines.append((_string(key) if not re.fullmatch(r"[A-Za-z_][\w-]*", key) else key, text))
        return "{\n" + _aligned(lines, pad) + "  " * indent + "}"

    def _ref(self, name: str, where: str) -> str | None:
        if name in self.variables:
            return f"var.{self.variables[name]}"
        if name in self.addresses:
            rule, tf_name = self.addresses[name]
            return f"{rule.tf_type}.{tf_name}.id"
        self.notes.append(f"{where}: Ref {name}")
        return None

    def _getatt(self, resource: str, attribute: str, where: str) -> str | None:
        if resource in self.addresses:
            rule, tf_name = self.addresses[resource]
            # Terraform exports every argument as an attribute of the same name, so a ROS
            # attribute that repeats a property (RAM::User UserName) reads its argument.
            found = _attribute(rule, attribute) or _reverse(rule).get(attribute, ("",))[0]
            if found:
                return f"{rule.tf_type}.{tf_name}.{found}"
        self.notes.append(f"{where}: Fn::GetAtt {resource}.{attribute}")
        return None


def _aligned(lines: list[tuple[str, str | None]], pad: str) -> str:
    """`key = value` lines with the `=` aligned over each run of one-line values (fmt style)."""
    out: list[str] = []
    run: list[tuple[str, str]] = []

    def flush() -> None:
        width = max((len(key) for key, _ in run), default=0)
        out.extend(f"{pad}{key.ljust(width)} = {value}\n" for key, value in run)
        run.clear()

    for key, value in lines:
        if value is None:
            continue
        if "\n" in value:
            flush()
            out.append(f"{pad}{key} = {value}\n")
        else:
            run.append((key, value))
    flush()
    return "".join(out)


# --- blocks -------------------------------------------------------------------------------------


def _tags(value: Any) -> Any:
    if isinstance(value, list):
        return {item["Key"]: item["Value"] for item in value if isinstance(item, dict)}
    return value


def _arguments(
    writer: _Writer, rule: ResourceRule, properties: Mapping[str, Any], where: str
) -> tuple[list[tuple[str, str | None]], list[str]]:
    """The one-line arguments and the nested blocks of one resource."""
    reverse = _reverse(rule)
    dotted = _reverse_dotted(rule)
    lines: list[tuple[str, str | None]] = []
    blocks: list[str] = []
    for name, value in properties.items():
        if name not in reverse and name + "s" in reverse and reverse[name + "s"][1].kind == "List":
            name, value = name + "s", [value]  # SecurityGroupId -> security_group_ids = [...]
        if name not in reverse and name in dotted and isinstance(value, dict):
            blocks += _parts(writer, dotted[name], value, f"{where}.{name}")
            continue
        if name not in reverse:
            if not (name == "VpcId" and {"VSwitchId", "VSwitchIds"} & set(properties)):
                writer.notes.append(f"{where}.{name}")
            continue
        argument, prop = reverse[name]
        if prop.handler == "tags_dict_to_list" or argument == "tags":
            value = _tags(value)
        if prop.handler == "select_first" and isinstance(value, list):
            value = value[0]
        if prop.schema is not None and isinstance(value, list | dict):
            items = value if isinstance(value, list) else [value]
            blocks += [_nested(writer, argument, prop, item, f"{where}.{name}") for item in items]
            continue
        if isinstance(value, str) and argument.endswith("ips"):
            value = [part.strip() for part in value.split(",")]  # security_ips is a list
        if isinstance(value, dict) and argument == "tags":
            lines.append((argument, writer.mapping(value, 1, where)))
            continue
        lines.append((argument, writer.expression(value, 1, f"{where}.{name}")))
    return lines, blocks


def _parts(
    writer: _Writer, parts: list[tuple[str, PropertyRule, str]], value: dict[str, Any], where: str
) -> list[str]:
    """The blocks of the arguments that each carry a part of one ROS property; the keys no
    argument carries are noted."""
    blocks: list[str] = []
    carried = {rest.partition(".")[0] for _, _, rest in parts}
    for key in value:
        if key not in carried:
            writer.notes.append(f"{where}.{key}")
    for argument, prop, rest in parts:
        part: Any = value
        for key in rest.split("."):
            part = part.get(key) if isinstance(part, dict) else None
        if part is None:
            continue
        if prop.schema is None:
            line = writer.expression(part, 2, where)
            blocks += [] if line is None else [f"\n  {argument} = {line}\n"]
            continue
        for item in part if isinstance(part, list) else [part]:
            blocks.append(_nested(writer, argument, prop, item, where))
    return blocks


def _block_value(argument: str, value: Any) -> Any:
    """A ROS value as the nested-block argument takes it: `enabled = true` for "Enabled"."""
    if argument in ("enabled", "enable") and value in ("Enabled", "Disabled"):
        return value == "Enabled"
    return value


def _nested(
    writer: _Writer, argument: str, prop: PropertyRule, item: Any, where: str, depth: int = 1
) -> str:
    """One nested block (`versioning { ... }`), its own nested blocks written inside it."""
    schema = prop.schema or {}
    reverse = {entry.to: key for key, entry in schema.items() if entry.to}
    lines: list[tuple[str, str | None]] = []
    inner: list[str] = []
    pad = "  " * depth
    for name, value in item.items() if isinstance(item, dict) else ():
        if name not in reverse:
            writer.notes.append(f"{where}.{name}")
            continue
        key = reverse[name]
        entry = schema[key]
        if entry.schema is not None and isinstance(value, list | dict):
            for part in value if isinstance(value, list) else [value]:
                inner.append(_nested(writer, key, entry, part, f"{where}.{name}", depth + 1))
            continue
        lines.append((key, writer.expression(_block_value(key, value), depth + 1, where)))
    body = _aligned(lines, pad + "  ") + "".join(inner)
    return f"\n{pad}{argument} {{\n" + body + f"{pad}}}\n"


def _variable(name: str, parameter: Mapping[str, Any], writer: _Writer) -> str:
    kind = "number" if parameter.get("Type") == "Number" else "string"
    described = ": ".join(
        str(parameter[key]).rstrip(".") if key == "Label" else str(parameter[key])
        for key in ("Label", "Description")
        if parameter.get(key)
    )
    lines: list[tuple[str, str | None]] = [("type", kind)]
    if described:
        lines.append(("description", _string(described)))
    if "Default" in parameter:
        lines.append(("default", writer.expression(parameter["Default"], 1, name)))
    if parameter.get("NoEcho"):
        lines.append(("sensitive", "true"))
    body = _aligned(lines, "  ")
    allowed = parameter.get("AllowedValues")
    if isinstance(allowed, list):
        listed = writer.expression(allowed, 2, name)
        body += (
            "\n  validation {\n"
            f"    condition     = contains({listed}, var.{name})\n"
            f"    error_message = {_string('Must be one of the allowed values.')}\n"
            "  }\n"
        )
    return f'variable "{name}" {{\n{body}}}\n'


def _split_ingress(resources: Mapping[str, Any]) -> dict[str, Any]:
    """Inline security group rules as separate rule resources, as Terraform writes them."""
    out: dict[str, Any] = {}
    for name, entry in resources.items():
        properties = dict(entry.get("Properties", {}))
        rules = properties.pop("SecurityGroupIngress", [])
        out[name] = {**entry, "Properties": properties}
        for number, rule in enumerate(rules, 1):
            out[f"{name}Ingress{number}"] = {
                "Type": "ALIYUN::ECS::SecurityGroupIngress",
                "Properties": {"SecurityGroupId": {"Ref": name}, **rule},
            }
    return out


def _attributes_read(template: Mapping[str, Any]) -> dict[str, set[str]]:
    read: dict[str, set[str]] = {}

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if set(value) == {"Fn::GetAtt"} and isinstance(value["Fn::GetAtt"], list):
                resource, attribute = value["Fn::GetAtt"][:2]
                read.setdefault(resource, set()).add(attribute)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(template)
    return read


def to_terraform(template: Mapping[str, Any], region: str | None = None) -> Terraform:
    """The Terraform configuration of a composed template; raises `RuleDataError` when the
    packaged rules cannot be read."""
    resources = _split_ingress(template.get("Resources", {}))
    read = _attributes_read(template)
    addresses: dict[str, tuple[ResourceRule, str]] = {}
    notes: list[str] = []
    for name, entry in resources.items():
        if entry["Type"] in _CARRIED_ELSEWHERE:
            continue
        rule = _choose(entry["Type"], set(entry.get("Properties", {})), read.get(name, set()))
        if rule is None:
            notes.append(f"{name} ({entry['Type']})")
            continue
        addresses[name] = (rule, _snake(name))
    variables = {name: _snake(name) for name in template.get("Parameters", {})}
    writer = _Writer(variables, addresses, notes)
    parts = [
        "terraform {\n  required_providers {\n    alicloud = {\n"
        '      source = "aliyun/alicloud"\n    }\n  }\n}\n',
        'provider "alicloud" {\n  region = var.region\n}\n',
    ]
    region_lines: list[tuple[str, str | None]] = [
        ("type", "string"),
        ("description", _string("Region to deploy to, e.g. cn-hangzhou.")),
    ]
    if region is not None:
        region_lines.append(("default", _string(region)))
    parts.append('variable "region" {\n' + _aligned(region_lines, "  ") + "}\n")
    for name, parameter in template.get("Parameters", {}).items():
        parts.append(_variable(variables[name], parameter, writer))
    for name, (rule, tf_name) in addresses.items():
        entry = resources[name]
        lines, blocks = _arguments(writer, rule, entry.get("Properties", {}), name)
        lines = [*_IMPLIED.get(rule.tf_type, ()), *lines]
        body = _aligned(lines, "  ") + "".join(blocks)
        depends = entry.get("DependsOn")
        if isinstance(depends, str) and depends in addresses:
            other, other_name = addresses[depends]
            body += f"\n  depends_on = [{other.tf_type}.{other_name}]\n"
        parts.append(f'resource "{rule.tf_type}" "{tf_name}" {{\n{body}}}\n')
    for name, output in template.get("Outputs", {}).items():
        value = writer.expression(output.get("Value"), 1, f"Outputs.{name}")
        if value is None:
            continue
        lines = [("value", value)]
        if output.get("Label"):
            lines.append(("description", _string(str(output["Label"]))))
        parts.append(f'output "{_snake(name)}" {{\n' + _aligned(lines, "  ") + "}\n")
    return Terraform("\n".join(parts), tuple(dict.fromkeys(writer.notes)))
