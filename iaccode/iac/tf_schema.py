"""What the ROS resource schema (`ros_schema`) says about a type, for the converter.

The converter asks `ros_properties` so that a converted template never carries a property the
type does not have (the converter takes required properties from `ros_schema` itself), and
`schema_name` to place an argument the vendor's rules predate (the provider renamed it) when
the schema has a property of exactly that name. A type the schema does not know answers None:
the converter then trusts the vendor's rules.
"""

from __future__ import annotations

from iaccode.iac.ros_schema import ResourceSchema, schema_or_none


def _resource(ros_type: str) -> ResourceSchema | None:
    schema = schema_or_none()
    return None if schema is None else schema.resource(ros_type)


def ros_properties(ros_type: str) -> frozenset[str] | None:
    """The property names of `ros_type`, or None when the schema does not know the type."""
    resource = _resource(ros_type)
    return None if resource is None else frozenset(resource.properties)


def ros_attributes(ros_type: str) -> frozenset[str] | None:
    """The `Fn::GetAtt` names of `ros_type`, or None when the schema does not know the type."""
    resource = _resource(ros_type)
    return None if resource is None else resource.attributes


def schema_name(ros_type: str, argument: str) -> str | None:
    """The property `argument` names in PascalCase (`network_interface_name` ->
    `NetworkInterfaceName`) when `ros_type` has exactly that property, else None."""
    known = ros_properties(ros_type)
    name = "".join(word[:1].upper() + word[1:] for word in argument.split("_"))
    return name if known is not None and name in known else None
