"""What the ROS resource schema (`ros_schema`) says about a type, for the converter.

The converter asks `ros_properties` so that a converted template never carries a property the
type does not have (the converter takes required properties from `ros_schema` itself), and
`schema_name` to place an argument the vendor's rules predate (the provider renamed it) when
the schema has a property of exactly that name. A type the schema does not know answers None:
the converter then trusts the vendor's rules.
"""

from __future__ import annotations

from collections.abc import Mapping

from iaccode.iac.ros_schema import PropertySchema, ResourceSchema, TypeSpec, schema_or_none


def _resource(ros_type: str) -> ResourceSchema | None:
    schema = schema_or_none()
    return None if schema is None else schema.resource(ros_type)


def ros_properties(ros_type: str) -> frozenset[str] | None:
    """The property names of `ros_type`, or None when the schema does not know the type."""
    resource = _resource(ros_type)
    return None if resource is None else frozenset(resource.properties)


def ros_fields(ros_type: str) -> Mapping[str, PropertySchema] | None:
    """The properties of `ros_type` with their schemas, or None when the type is unknown."""
    resource = _resource(ros_type)
    return None if resource is None else resource.properties


def ros_attributes(ros_type: str) -> frozenset[str] | None:
    """The `Fn::GetAtt` names of `ros_type`, or None when the schema does not know the type."""
    resource = _resource(ros_type)
    return None if resource is None else resource.attributes


def pascal(name: str) -> str:
    """`network_interface_name` -> `NetworkInterfaceName`."""
    return "".join(word[:1].upper() + word[1:] for word in name.split("_"))


def schema_name(ros_type: str, argument: str) -> str | None:
    """The property `argument` names in PascalCase (`network_interface_name` ->
    `NetworkInterfaceName`) when `ros_type` has exactly that property, else None."""
    known = ros_properties(ros_type)
    name = pascal(argument)
    return name if known is not None and name in known else None


def schema_targets(name: str, fields: Mapping[str, PropertySchema]) -> list[tuple[str, ...]]:
    """The schema paths `name` spells in PascalCase: a property (`resource_group_id` ->
    `ResourceGroupId`), or a field of a struct property (`data_node_amount` ->
    `DataNode.Amount`), case aside."""
    folded = {key.casefold(): key for key in fields}
    whole = folded.get(pascal(name).casefold())
    if whole is not None:
        return [(whole,)]
    words = name.split("_")
    found: list[tuple[str, ...]] = []
    for cut in range(1, len(words)):
        head = folded.get(pascal("_".join(words[:cut])).casefold())
        if head is None:
            continue
        kind = fields[head].type
        if kind.kind != "struct" or kind.fields is None:
            continue
        inner = {key.casefold(): key for key in kind.fields}
        field = inner.get(pascal("_".join(words[cut:])).casefold())
        if field is not None:
            found.append((head, field))
    return found


def near_schema_name(ros_type: str, argument: str) -> str | None:
    """The property `argument` comes closest to by spelling, compared without case and with a
    plural's trailing s dropped (`havip_id` -> `HaVipId`, `security_group_ids` ->
    `SecurityGroupId`), or None; for saying that ROS has it, not for mapping to it."""
    known = ros_properties(ros_type)
    folded = {name.lower(): name for name in known or ()}
    key = argument.replace("_", "").lower()
    return folded.get(key) or (folded.get(key[:-1]) if key.endswith("s") else None)


def list_struct_fields(ros_type: str, prop: str) -> frozenset[str] | None:
    """The field names of `prop` when it is a list of structs with known fields, else None."""
    resource = _resource(ros_type)
    schema = resource.properties.get(prop) if resource is not None else None
    item = schema.type.item if schema is not None and schema.type.kind == "list" else None
    if item is None or item.kind != "struct" or item.fields is None:
        return None
    return frozenset(item.fields)


def schema_field(fields: frozenset[str], argument: str) -> str | None:
    """The field `argument` names in PascalCase, compared without case (`server_group_id` ->
    `ServerGroupId`), or None."""
    folded = {name.lower(): name for name in fields}
    return folded.get(argument.replace("_", "").lower())


def property_at(fields: Mapping[str, PropertySchema] | None, path: str) -> PropertySchema | None:
    """The schema of the property at dotted `path` among `fields` (digits index lists, names
    compared without case), or None when the schema does not reach it."""
    prop = None
    for name in path.split("."):
        if name.isdigit():
            continue
        if fields is None:
            return None
        prop = next((p for key, p in fields.items() if key.casefold() == name.casefold()), None)
        if prop is None:
            return None
        kind = prop.type.item if prop.type.kind == "list" else prop.type
        fields = kind.fields if kind is not None and kind.kind == "struct" else None
    return prop


def parameter_type(kind: TypeSpec) -> str:
    """The ROS parameter Type that can stand for a property of `kind`: Json for structs, maps
    and lists of them, CommaDelimitedList for lists of texts or numbers, Number, Boolean,
    else String."""
    if kind.kind == "list":
        scalar = kind.item is not None and kind.item.kind in ("string", "number")
        return "CommaDelimitedList" if scalar else "Json"
    return {"struct": "Json", "map": "Json", "json": "Json", "number": "Number"}.get(
        kind.kind, "Boolean" if kind.kind == "boolean" else "String"
    )
