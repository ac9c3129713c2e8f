"""Fit converted property values to the ROS schema's types, where Terraform spells them otherwise.

Terraform writes a switch as `enabled = true` where ROS wants `Status: Enabled`, a single value
where ROS takes a list, a number where ROS takes text. `coerce_properties` walks the converted
properties beside the type's schema (`ros_schema`: nested structs, lists and maps) and rewrites
only literal values whose meaning is unambiguous:

- a bool, for a property whose allowed values are a pair such as Enabled/Disabled, on/off or
  true/false (any case), becomes the matching one;
- a literal scalar for a list property becomes a one-item list.

Numbers and text are left as they are: the schema's `string` often stands for "string or number"
(ros-cdk unions), and ROS converts them itself.

Values that are ROS functions are left alone: ROS resolves them at deploy time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from iaccode.iac.ros_schema import PropertySchema, TypeSpec, schema_or_none
from iaccode.iac.tf_values import is_function

_SWITCHES = (("enabled", "disabled"), ("on", "off"), ("true", "false"), ("yes", "no"))


def _switch(value: bool, allowed: tuple[object, ...]) -> object:
    texts = {str(item).lower(): item for item in allowed if isinstance(item, str)}
    for yes, no in _SWITCHES:
        if yes in texts and no in texts:
            return texts[yes] if value else texts[no]
    return value


def _fit(value: Any, prop: PropertySchema) -> Any:
    if is_function(value) or value is None:
        return value
    if isinstance(value, bool) and prop.allowed_values:
        return _switch(value, prop.allowed_values)
    return _fit_type(value, prop.type)


def _fit_type(value: Any, kind: TypeSpec) -> Any:
    if is_function(value) or value is None:
        return value
    if kind.kind == "list":
        items = value if isinstance(value, list) else [value]
        return [_fit_type(item, kind.item) if kind.item else item for item in items]
    if kind.kind == "struct" and kind.fields is not None and isinstance(value, dict):
        return coerce_fields(value, kind.fields)
    if kind.kind == "map" and kind.item is not None and isinstance(value, dict):
        return {key: _fit_type(item, kind.item) for key, item in value.items()}
    return value


def coerce_fields(
    values: Mapping[str, Any], fields: Mapping[str, PropertySchema]
) -> dict[str, Any]:
    """`values` with each field fitted to its schema (unknown fields kept as they are)."""
    return {
        name: _fit(value, fields[name]) if name in fields else value
        for name, value in values.items()
    }


def coerce_properties(ros_type: str, properties: Mapping[str, Any]) -> dict[str, Any]:
    """The properties of a `ros_type` resource fitted to the schema (as given if unknown)."""
    schema = schema_or_none()
    resource = schema.resource(ros_type) if schema is not None else None
    if resource is None:
        return dict(properties)
    return coerce_fields(properties, resource.properties)
