"""What the ROS resource schema (`ros_schema`) says about a type, for the converter.

The converter asks `ros_properties` so that a converted template never carries a property the
type does not have, `required_properties` so that a property ROS requires is never missing, and
`schema_name` to place an argument the vendor's rules predate (the provider renamed it) when
the schema has a property of exactly that name. A type the schema does not know answers None:
the converter then trusts the vendor's rules.
"""

from __future__ import annotations

from iaccode.iac.ros_schema import load_schema


def ros_properties(ros_type: str) -> frozenset[str] | None:
    """The property names of `ros_type`, or None when the schema does not know the type."""
    resource = load_schema().resource(ros_type)
    return None if resource is None else frozenset(resource.properties)


def required_properties(ros_type: str) -> frozenset[str]:
    """The properties ROS requires for `ros_type` (none when the schema does not know it)."""
    resource = load_schema().resource(ros_type)
    return frozenset() if resource is None else resource.required


def ros_attributes(ros_type: str) -> frozenset[str] | None:
    """The `Fn::GetAtt` names of `ros_type`, or None when the schema does not know the type."""
    resource = load_schema().resource(ros_type)
    return None if resource is None else resource.attributes


def schema_name(ros_type: str, argument: str) -> str | None:
    """The property `argument` names in PascalCase (`network_interface_name` ->
    `NetworkInterfaceName`) when `ros_type` has exactly that property, else None."""
    known = ros_properties(ros_type)
    name = "".join(word[:1].upper() + word[1:] for word in argument.split("_"))
    return name if known is not None and name in known else None
