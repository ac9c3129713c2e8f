"""Native Terraform -> ROS conversion: alicloud_* resources become ALIYUN::* resources.

The converter reads the root module (`tf_hcl.read_config`) and maps each resource with a rule in
`tf_rules`. It never stops at the first thing it cannot map; it records a warning and keeps the
template valid instead:

- `var.x` becomes `{"Ref": "x"}` and the variable a parameter (`tf_hcl.variable_parameter`);
  `var.x[0]` and `var.x.key` become `Fn::Select`.
- `local.x` is replaced by the local's value, converted the same way.
- `<type>.<name>.id` becomes `{"Ref": logical_id}`; other attributes become `Fn::GetAtt` with the
  rule's attribute name, or, for arguments such as `alicloud_vswitch.a.vpc_id`, the value the
  referenced resource was given. `[n]` on a resource with `count` becomes `Fn::Select`.
- `count.index` becomes `ALIYUN::Index`; a literal or variable `count` becomes `Count`.
- Strings with interpolations become `Fn::Sub` (or `Fn::Join` when a piece is not a plain
  Ref/GetAtt).
- Anything else (data sources, module outputs, function calls, `%{}` directives, unsupported
  resources) becomes a placeholder parameter `<LogicalId>_<Property>` without a default, so the
  stack asks for the value, plus a warning that says which Terraform expression it stands for.
  Required ROS properties that the Terraform left out get a placeholder the same way.

Logical ids: the Terraform type without `alicloud_`, in PascalCase, `_`, then the resource name
with every character other than letters, digits and `_` replaced by `_`
(`alicloud_vpc.main` -> `Vpc_main`, `alicloud_slb_listener.http-80` -> `SlbListener_http_80`).
Names are handed out in sorted address order after the variable names are reserved; a name that
is already taken gets `_2`, `_3`, ... so ids are deterministic and never collide.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

import attrs

from iaccode.iac.msg import Msg, Value
from iaccode.iac.ros_render import render_json, render_yaml
from iaccode.iac.ros_schema import required_properties
from iaccode.iac.ros_types import (
    EXPECTED_PROPERTIES,
    FORMAT_VERSION,
    PSEUDO_PARAMETERS,
)
from iaccode.iac.tf_files import TerraformError, check_workspace, is_root_file
from iaccode.iac.tf_hcl import (
    Interpolation,
    parse_reference,
    read_config,
    split_template,
    variable_parameter,
)
from iaccode.iac.tf_rules import META_ARGUMENTS, VSWITCH, Prop, ResourceRule, rule_for
from iaccode.iac.tf_values import Unmappable, ValueConverter, Where, unique

_COMPATIBLE_HINT = Msg(
    "use the compatible wrapping (wrap_terraform), which deploys the Terraform files unchanged"
)


@attrs.frozen
class Conversion:
    """A native ROS template converted from Terraform, with what could not be converted.

    `notes` are the warnings as messages, to render in the reader's language; `warnings` are
    the same in English."""

    template: dict[str, Any]
    notes: tuple[Msg, ...] = ()
    unsupported: tuple[str, ...] = ()  # addresses left out: resources and module calls

    @property
    def warnings(self) -> tuple[str, ...]:
        return tuple(note.render() for note in self.notes)

    def to_yaml(self) -> str:
        return render_yaml(self.template)

    def to_json(self) -> str:
        return render_json(self.template)


def logical_id_base(tf_type: str, name: str) -> str:
    short = tf_type.removeprefix("alicloud_")
    pascal = "".join(word[:1].upper() + word[1:] for word in re.split(r"[_-]+", short) if word)
    return f"{pascal or 'Resource'}_{re.sub(r'[^A-Za-z0-9_]', '_', name)}"


@attrs.define
class _Converter(ValueConverter):
    resources: dict[str, dict[str, Any]] = attrs.field(factory=dict)
    unsupported: list[str] = attrs.field(factory=list)

    def plan(self) -> None:
        self.taken.update(self.config.variables, PSEUDO_PARAMETERS)
        skipped: dict[Msg, list[str]] = {}
        for block in self.config.resources:
            self.blocks[block.address] = block
            tf_type = block.labels[0]
            rule, note = rule_for(tf_type, block.body)
            if rule is None or "for_each" in block.body:
                if rule is not None:
                    why = Msg("{type} uses for_each", type=tf_type)
                else:
                    why = Msg("{type} has no native ROS mapping here", type=tf_type)
                skipped.setdefault(why, []).append(block.address)
                self.unsupported.append(block.address)
                continue
            if note is not None:
                self.warnings.append(Msg("{address}: {note}.", address=block.address, note=note))
            self.rules[block.address] = rule
        for address in sorted(self.rules):
            tf_type, name = self.blocks[address].labels
            self.ids[address] = unique(logical_id_base(tf_type, name), self.taken)
        for what, addresses in skipped.items():
            self.warnings.append(
                Msg(
                    "{addresses}: {what}, so it was left out; to deploy it, {hint}.",
                    addresses=", ".join(addresses),
                    what=what,
                    hint=_COMPATIBLE_HINT,
                )
            )
        for module in self.config.modules:
            self.unsupported.append(module.address)
            self.warnings.append(
                Msg(
                    "{address}: modules are not converted, so its resources were left out; {hint}.",
                    address=module.address,
                    hint=_COMPATIBLE_HINT,
                )
            )

    def resource(self, address: str) -> dict[str, Any]:
        logical_id = self.ids[address]
        if logical_id in self.resources:
            return self.resources[logical_id]
        if address in self.busy:
            raise Unmappable(address, Msg("is part of a reference cycle"))
        self.busy.add(address)
        try:
            entry = self._convert(address, logical_id)
        finally:
            self.busy.discard(address)
        self.resources[logical_id] = entry
        return entry

    def _convert(self, address: str, logical_id: str) -> dict[str, Any]:
        block, rule = self.blocks[address], self.rules[address]
        body = block.body
        has_count = "count" in body
        entry: dict[str, Any] = {"Type": rule.ros_type}
        if has_count:
            where = Where(address, logical_id, "count", "Count")
            count = self.value(body["count"], where)
            if isinstance(count, dict) and count.get("Ref") in self.placeholders:
                self.placeholders[count["Ref"]]["Type"] = "Number"
            entry["Count"] = count
        properties: dict[str, Any] = {}
        for argument, prop in rule.properties.items():
            if argument in body and prop.ros not in properties:
                where = Where(address, logical_id, argument, prop.ros, has_count)
                self._property(properties, prop, body[argument], where)
        for key, default in rule.defaults.items():
            properties.setdefault(key, default)
        if rule.vpc_from_vswitch and "VpcId" not in properties:
            vpc = self._vpc_of_vswitch(properties.get("VSwitchId"))
            if vpc is not None:
                properties["VpcId"] = vpc
        self._fill_required(address, logical_id, rule, properties)
        entry["Properties"] = properties
        depends = self._depends_on(address, body.get("depends_on"))
        if depends:
            entry["DependsOn"] = depends
        left = sorted(
            key
            for key in body
            if key not in rule.properties and key not in META_ARGUMENTS and key not in rule.ignored
        )
        if len(left) == 1:
            self.warnings.append(
                Msg(
                    "{address}: {argument} is not converted (no ROS mapping here), so the ROS "
                    "resource uses the defaults.",
                    address=address,
                    argument=left[0],
                )
            )
        elif left:
            self.warnings.append(
                Msg(
                    "{address}: {arguments} are not converted (no ROS mapping here), so the ROS "
                    "resource uses the defaults.",
                    address=address,
                    arguments=", ".join(left),
                )
            )
        return entry

    def _property(self, properties: dict[str, Any], prop: Prop, raw: object, where: Where) -> None:
        if raw is None:
            return  # `x = null` in Terraform means "not set"
        kind = prop.kind
        if kind in ("tags", "tag_map", "security_groups"):
            raw = self._local_literal(raw)
        if kind in ("tags", "tag_map"):
            if not isinstance(raw, dict):
                self.warnings.append(
                    Msg(
                        "{address}: {argument} is not a literal map, so Tags were left out; "
                        "write the tags out in the resource to keep them.",
                        address=where.address,
                        argument=where.argument,
                    )
                )
                return
            tags = {str(k): self.value(v, where) for k, v in raw.items() if k != "__is_block__"}
            if kind == "tags":
                properties[prop.ros] = [{"Key": k, "Value": v} for k, v in tags.items()]
            else:
                properties[prop.ros] = tags
        elif kind == "security_groups":
            if isinstance(raw, list) and len(raw) == 1:
                properties["SecurityGroupId"] = self.value(raw[0], where)
            else:
                where = attrs.evolve(where, prop="SecurityGroupIds")
                properties["SecurityGroupIds"] = self.value(raw, where)
        elif kind == "join":
            value = self.value(raw, where)
            if isinstance(value, list):
                if all(isinstance(item, str) for item in value):
                    value = ",".join(value)
                else:
                    value = {"Fn::Join": [",", value]}
            elif self._is_list_parameter(value):
                value = {"Fn::Join": [",", value]}
            properties[prop.ros] = value
        elif kind == "lower":
            value = self.value(raw, where)
            properties[prop.ros] = value.lower() if isinstance(value, str) else value
        elif kind == "list":
            value = self.value(raw, where)
            properties[prop.ros] = value if isinstance(value, list) else [value]
        else:
            properties[prop.ros] = self.value(raw, where)

    def _local_literal(self, raw: object) -> object:
        """Follow `local.x` to the local's own value, so a literal map or list stays literal."""
        seen: set[str] = set()
        while isinstance(raw, str):
            parts = split_template(raw)
            if len(parts) != 1 or not isinstance(parts[0], Interpolation):
                break
            ref = parse_reference(parts[0].expr)
            if ref is None or ref.root != "local" or len(ref.steps) != 1:
                break
            name = ref.steps[0]
            if not isinstance(name, str) or name in seen or name not in self.config.locals:
                break
            seen.add(name)
            raw = self.config.locals[name]
        return raw

    def _is_list_parameter(self, value: object) -> bool:
        if not (isinstance(value, dict) and isinstance(value.get("Ref"), str)):
            return False
        name = value["Ref"]
        block = self.config.variables.get(name)
        if block is not None:
            return variable_parameter(block, self.config.tfvars)["Type"] == "CommaDelimitedList"
        return self.placeholders.get(name, {}).get("Type") == "CommaDelimitedList"

    def _vpc_of_vswitch(self, vswitch: object) -> Any:
        if not (isinstance(vswitch, dict) and isinstance(vswitch.get("Ref"), str)):
            return None
        for address, logical_id in self.ids.items():
            if logical_id == vswitch["Ref"] and self.rules[address] is VSWITCH:
                try:
                    vpc = self.resource(address)["Properties"].get("VpcId")
                except Unmappable:
                    return None
                return copy.deepcopy(vpc)
        return None

    def _fill_required(
        self, address: str, logical_id: str, rule: ResourceRule, properties: dict[str, Any]
    ) -> None:
        kind = rule.ros_type
        needed = (*required_properties(kind), *EXPECTED_PROPERTIES.get(kind, ()))
        for key in needed:
            if key in properties:
                continue
            where = Where(address, logical_id, key, key)
            # The parameter's Description is template text, so it stays English.
            name = self.placeholder(
                where, f"{key} of {address}, which the Terraform configuration does not set."
            )
            properties[key] = {"Ref": name}
            self.warnings.append(
                Msg(
                    "{address}: sets nothing that maps to {key}, which {kind} needs; added "
                    "parameter {name} for it, to be set when the stack is created.",
                    address=address,
                    key=key,
                    kind=kind,
                    name=name,
                )
            )

    def _depends_on(self, address: str, raw: object) -> list[str]:
        depends: list[str] = []
        for item in raw if isinstance(raw, list) else []:
            parts = split_template(item) if isinstance(item, str) else []
            ref = (
                parse_reference(parts[0].expr)
                if len(parts) == 1 and isinstance(parts[0], Interpolation)
                else None
            )
            target = f"{ref.root}.{ref.steps[0]}" if ref and ref.steps else None
            if target in self.ids:
                depends.append(self.ids[target])
            else:
                self.warnings.append(
                    Msg(
                        "{address}: depends_on {item!r} names nothing converted, so it was "
                        "dropped.",
                        address=address,
                        item=item,
                    )
                )
        return depends

    def outputs(self) -> dict[str, Any]:
        outputs: dict[str, Any] = {}
        for block in self.config.outputs:
            name = block.labels[0]
            where = Where(block.address, name, "value", "Value", strict=True)
            try:
                value = self.value(block.body.get("value"), where)
            except Unmappable as problem:
                self.warnings.append(
                    Msg(
                        "{address}: value {expr} {reason}, so the output was left out.",
                        address=block.address,
                        expr=problem.expr,
                        reason=problem.reason,
                    )
                )
                continue
            output: dict[str, Any] = {"Value": value, "Label": name}
            description = block.body.get("description")
            if isinstance(description, str) and description:
                output["Description"] = description
            outputs[name] = output
        return outputs

    def parameters(self) -> dict[str, Any]:
        parameters: dict[str, Any] = {}
        for name in self.config.variables:
            if name in self.used_variables:
                block = self.config.variables[name]
                parameters[name] = variable_parameter(block, self.config.tfvars)
        for name in self.used_variables:
            parameters.setdefault(name, {"Type": "String"})
        parameters.update(self.placeholders)
        return parameters


def convert(files: Mapping[str, str], *, description: str | None = None) -> Conversion:
    checked = check_workspace(files)
    if not any(is_root_file(path) and path.endswith(".tf") for path in checked):
        raise TerraformError(Msg("There is no .tf file at the top of the workspace (root module)."))
    converter = _Converter(read_config(checked))
    converter.plan()
    for address in converter.blocks:
        if address in converter.ids:
            converter.resource(address)
    if not converter.resources:
        left_out: Value = ", ".join(converter.unsupported) or Msg("there are no resources")
        raise TerraformError(
            Msg(
                "None of the resources could be converted to native ROS resources ({left_out}); "
                "{hint}.",
                left_out=left_out,
                hint=_COMPATIBLE_HINT,
            )
        )
    outputs = converter.outputs()
    ordered_resources = {
        converter.ids[address]: converter.resources[converter.ids[address]]
        for address in converter.blocks
        if address in converter.ids
    }
    total = len(converter.blocks)
    template: dict[str, Any] = {
        "ROSTemplateFormatVersion": FORMAT_VERSION,
        "Description": description
        or f"Converted from Terraform by iaccode: {len(ordered_resources)} of {total} resources "
        "as native ROS resources.",
    }
    parameters = converter.parameters()
    if parameters:
        template["Parameters"] = parameters
    template["Resources"] = ordered_resources
    if outputs:
        template["Outputs"] = outputs
    return Conversion(
        template=template,
        notes=tuple(converter.warnings),
        unsupported=tuple(sorted(converter.unsupported)),
    )
