"""Resource entries: shape, Type, attributes, DependsOn, properties and network ranges.

Types and properties come from the ROS schema (`ros_schema`, checked by `ros_values`); a type the
schema does not know (MODULE::, Custom::) is only checked for shape. CIDR checks look at literal
strings only, since a Ref or parameter has no value offline.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping

from iaccode.iac.msg import Msg, or_list
from iaccode.iac.ros_context import (
    CheckContext,
    describe,
    is_no_value,
    str_keys,
    suggestion,
)
from iaccode.iac.ros_loader import Path
from iaccode.iac.ros_refs import getatt_parts
from iaccode.iac.ros_schema import schema_or_none
from iaccode.iac.ros_types import (
    EXPECTED_PROPERTIES,
    IPV4_CIDR_PROPERTIES,
    RESOURCE_ATTRIBUTES,
    RESOURCE_TYPE_PREFIXES,
    SCHEMA_TYPE_PREFIXES,
    UNLISTED_TYPES,
    VPC_TYPE,
    VSWITCH_TYPE,
)
from iaccode.iac.ros_values import check_properties


def check_resources(ctx: CheckContext) -> None:
    for name, entry in ctx.resources.items():
        path: Path = ("Resources", name)
        if not isinstance(entry, dict):
            ctx.add(
                "ROS3001",
                path,
                Msg(
                    "Resource {name} must be a mapping with a Type, not {value}.",
                    name=name,
                    value=describe(entry),
                ),
                Msg("Write the resource as a mapping with Type and Properties keys."),
            )
            continue
        fields = str_keys(entry)
        kind_name = fields.get("Type")
        # Aliyun::Serverless types (a Transform) nest their functions as keys of the resource.
        if not (isinstance(kind_name, str) and kind_name.startswith("Aliyun::Serverless::")):
            _check_attributes(ctx, path, name, fields)
        kind = _check_type(ctx, path, name, fields)
        _check_depends_on(ctx, path, name, fields)
        if "Condition" in fields:
            ctx.check_condition_name(
                (*path, "Condition"), fields["Condition"], Msg("resource {name}", name=name)
            )
        properties = _properties_mapping(ctx, path, name, fields.get("Properties", {}))
        if properties is not None and kind is not None:
            _check_properties(ctx, path, name, kind, properties)
    _check_vswitch_ranges(ctx)
    _check_data_source_locals(ctx)


def _check_data_source_locals(ctx: CheckContext) -> None:
    """A local of `Type: DATASOURCE::...` is a data source (Fn::GetAtt names it): its type and
    properties are checked against the schema as a resource's are. Other locals (Eval, ...)
    hold values and are left alone."""
    for name, entry in ctx.locals.items():
        if not isinstance(entry, dict):
            continue
        fields = str_keys(entry)
        kind = fields.get("Type")
        if not isinstance(kind, str) or not kind.startswith("DATASOURCE::"):
            continue
        path: Path = ("Locals", name)
        _check_type(ctx, path, name, fields)
        properties = fields.get("Properties")
        mapping = _properties_mapping(ctx, path, name, {} if properties is None else properties)
        if mapping is not None:
            _check_properties(ctx, path, name, kind, mapping)


def _properties_mapping(
    ctx: CheckContext, path: Path, name: str, properties: object
) -> dict[str, object] | None:
    """The Properties of a resource or a data-source local as a mapping, or None (with ROS3005)
    when they are something else."""
    if isinstance(properties, dict):
        return str_keys(properties)
    ctx.add(
        "ROS3005",
        (*path, "Properties"),
        Msg(
            "The Properties of resource {name} must be a mapping, not {value}.",
            name=name,
            value=describe(properties),
        ),
        Msg("Write Properties as a mapping of property names to values."),
    )
    return None


def _check_attributes(ctx: CheckContext, path: Path, name: str, fields: dict[str, object]) -> None:
    for key in fields:
        if key not in RESOURCE_ATTRIBUTES:
            ctx.add(
                "ROS3004",
                (*path, key),
                Msg("Resource {name} has the unknown attribute {key!r}.", name=name, key=key),
                suggestion(
                    key,
                    RESOURCE_ATTRIBUTES,
                    Msg("Move it under Properties if it is a property, or remove it."),
                ),
            )


def _is_serverless(ctx: CheckContext, kind: str) -> bool:
    """Aliyun::Serverless::* types, which the Aliyun::Serverless Transform expands."""
    transform = ctx.doc.get("Transform")
    return (
        isinstance(transform, str)
        and transform.startswith("Aliyun::Serverless")
        and kind.startswith("Aliyun::Serverless::")
    )


def _check_type(ctx: CheckContext, path: Path, name: str, fields: dict[str, object]) -> str | None:
    schema = schema_or_none()
    kind = fields.get("Type")
    if not isinstance(kind, str) or not kind:
        ctx.add(
            "ROS3002",
            (*path, "Type"),
            Msg("Resource {name} has no Type.", name=name)
            if "Type" not in fields
            else Msg(
                "The Type of resource {name} must be a string, not {value}.",
                name=name,
                value=describe(kind),
            ),
            Msg("Set Type to a ROS resource type such as ALIYUN::ECS::VPC."),
        )
        return None
    if not kind.startswith(RESOURCE_TYPE_PREFIXES) and not _is_serverless(ctx, kind):
        ctx.add(
            "ROS3003",
            (*path, "Type"),
            Msg(
                "Resource type {kind!r} does not start with ALIYUN::, DATASOURCE::, MODULE:: or "
                "Custom::, so ROS will not recognise it.",
                kind=kind,
            ),
            suggestion(
                kind,
                schema.type_names if schema is not None else (),
                Msg("Use an Alibaba Cloud ROS type such as ALIYUN::ECS::Instance."),
            ),
        )
    elif (
        schema is not None
        and kind.startswith(SCHEMA_TYPE_PREFIXES)
        and kind not in UNLISTED_TYPES
        and schema.resource(kind) is None
    ):
        close = schema.closest_types(kind)
        ctx.add(
            "ROS3020",
            (*path, "Type"),
            Msg(
                "Resource {name} has the type {kind!r}, which the ROS schema does not list.",
                name=name,
                kind=kind,
            ),
            Msg(
                "Use {choices} if that is what you meant, or check the name in the ROS resource "
                "type list.",
                choices=or_list([repr(c) for c in close]),
            )
            if close
            else Msg("Check the name in the ROS resource type list."),
        )
    return kind


def _check_depends_on(ctx: CheckContext, path: Path, name: str, fields: dict[str, object]) -> None:
    if "DependsOn" not in fields:
        return
    value = fields["DependsOn"]
    dpath = (*path, "DependsOn")
    if isinstance(value, str):
        targets: list[tuple[Path, object]] = [(dpath, value)]
    elif isinstance(value, list):
        targets = [((*dpath, index), item) for index, item in enumerate(value)]
    else:
        ctx.add(
            "ROS3006",
            dpath,
            Msg(
                "DependsOn of resource {name} must be a resource name or a list of names, "
                "not {value}.",
                name=name,
                value=describe(value),
            ),
            Msg("Write DependsOn as a name or a list of resource names."),
        )
        return
    for target_path, target in targets:
        if isinstance(target, str) and target in ctx.resources:
            continue
        ctx.add(
            "ROS3006",
            target_path,
            Msg(
                "Resource {name} depends on {value}, which is not a resource in this template.",
                name=name,
                value=describe(target),
            ),
            suggestion(target, ctx.resources, Msg("Name a resource defined under Resources.")),
        )


def _present(properties: Mapping[str, object], key: str) -> bool:
    return key in properties and not is_no_value(properties[key]) and properties[key] is not None


def _check_properties(
    ctx: CheckContext, path: Path, name: str, kind: str, properties: dict[str, object]
) -> None:
    ppath = (*path, "Properties")
    schema = schema_or_none()
    resource = schema.resource(kind) if schema is not None else None
    if resource is not None:
        check_properties(ctx, ppath, name, resource, properties)
    for key in EXPECTED_PROPERTIES.get(kind, ()):
        if not _present(properties, key):
            ctx.add(
                "ROS3011",
                (*ppath, key),
                Msg(
                    "Resource {name} ({kind}) has no {key}, which it needs in practice.",
                    name=name,
                    kind=kind,
                    key=key,
                ),
                Msg(
                    "Add {key} under Properties, ideally as a parameter so it fits the region.",
                    key=key,
                ),
            )
    for key in IPV4_CIDR_PROPERTIES.get(kind, ()):
        value = properties.get(key)
        if isinstance(value, str):
            _ipv4_cidr(ctx, (*ppath, key), name, value)


def _ipv4_cidr(
    ctx: CheckContext, path: Path | None, name: str, text: str
) -> ipaddress.IPv4Network | None:
    """Parse a literal CIDR; report it at `path` when invalid (path None: report nothing)."""
    problem = Msg("is not an IPv4 network")
    network = None
    if "/" not in text:
        problem = Msg("has no prefix length")
    else:
        try:
            network = ipaddress.IPv4Network(text.strip(), strict=True)
        except ValueError:
            try:
                loose = ipaddress.IPv4Network(text.strip(), strict=False)
                problem = Msg("has host bits set (the network is {network})", network=str(loose))
            except ValueError:
                problem = Msg("is not an IPv4 network")
    if network is not None:
        return network
    if path is not None:
        ctx.add(
            "ROS3013",
            path,
            Msg(
                "The CIDR block {cidr!r} of resource {name} {problem}.",
                cidr=text,
                name=name,
                problem=problem,
            ),
            Msg("Write an IPv4 network with its prefix length, such as 192.168.0.0/16."),
        )
    return None


def _vpc_of(ctx: CheckContext, vpc_id: object) -> tuple[str, str] | None:
    """Which VPC a VSwitch's VpcId points at: ("resource", name) or ("parameter", name)."""
    if not isinstance(vpc_id, dict) or len(vpc_id) != 1:
        return None
    if isinstance(vpc_id.get("Ref"), str):
        target = vpc_id["Ref"]
        if target in ctx.resources:
            return ("resource", target)
        if target in ctx.parameters:
            return ("parameter", target)
        return None
    parts = getatt_parts(vpc_id.get("Fn::GetAtt"))
    if parts is not None and parts[1] == "VpcId":
        resource = parts[0]
        if isinstance(resource, str) and resource in ctx.resources:
            return ("resource", resource)
    return None


def _vpc_networks(ctx: CheckContext, vpc: str) -> list[ipaddress.IPv4Network] | None:
    """The literal ranges of a VPC resource, or None when any of them is unknown offline."""
    if ctx.resource_type(vpc) != VPC_TYPE:
        return None
    entry = ctx.resources[vpc]
    assert isinstance(entry, dict)
    properties = entry.get("Properties")
    if not isinstance(properties, dict):
        return None
    blocks: list[object] = [properties.get("CidrBlock")]
    secondary = properties.get("SecondaryCidrBlocks")
    if isinstance(secondary, list):
        blocks.extend(secondary)
    elif secondary is not None:
        return None
    networks = []
    for block in blocks:
        network = _ipv4_cidr(ctx, None, vpc, block) if isinstance(block, str) else None
        if network is None:
            return None
        networks.append(network)
    return networks


def _check_vswitch_ranges(ctx: CheckContext) -> None:
    by_vpc: dict[tuple[str, str], list[tuple[str, ipaddress.IPv4Network]]] = {}
    for name in sorted(ctx.resources):
        if ctx.resource_type(name) != VSWITCH_TYPE or ctx.has_count(name):
            continue
        entry = ctx.resources[name]
        assert isinstance(entry, dict)
        properties = entry.get("Properties")
        if not isinstance(properties, dict):
            continue
        cidr = properties.get("CidrBlock")
        network = _ipv4_cidr(ctx, None, name, cidr) if isinstance(cidr, str) else None
        vpc = _vpc_of(ctx, properties.get("VpcId"))
        if network is None or vpc is None:
            continue
        path: Path = ("Resources", name, "Properties", "CidrBlock")
        if vpc[0] == "resource":
            vpc_networks = _vpc_networks(ctx, vpc[1])
            if vpc_networks and not any(network.subnet_of(outer) for outer in vpc_networks):
                ranges = ", ".join(str(outer) for outer in vpc_networks)
                ctx.add(
                    "ROS3014",
                    path,
                    Msg(
                        "VSwitch {name} uses {network}, which is outside the range of VPC {vpc} "
                        "({ranges}).",
                        name=name,
                        network=str(network),
                        vpc=vpc[1],
                        ranges=ranges,
                    ),
                    Msg(
                        "Choose a CIDR block for {name} inside {ranges}.", name=name, ranges=ranges
                    ),
                )
        for other, other_network in by_vpc.get(vpc, []):
            if network.overlaps(other_network):
                ctx.add(
                    "ROS3015",
                    path,
                    Msg(
                        "VSwitch {name} uses {network}, which overlaps {other_network} of VSwitch "
                        "{other} in the same VPC.",
                        name=name,
                        network=str(network),
                        other_network=str(other_network),
                        other=other,
                    ),
                    Msg("Give each VSwitch of a VPC its own non-overlapping CIDR block."),
                )
        by_vpc.setdefault(vpc, []).append((name, network))
