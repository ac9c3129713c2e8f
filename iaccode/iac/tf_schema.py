"""The seam to the ROS resource schema: which properties a ROS type has, when that is known.

The converter asks `ros_properties` so that a converted template never carries a property the
type does not have. The schema is another module's job (`ros_schema`, generated from the
vendor's published resource specs); until it is installed this answers None ("not known") and
the converter trusts the vendor's rules.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any


@functools.cache
def _schema() -> Any:
    try:
        module = importlib.import_module("iaccode.iac.ros_schema")
    except ImportError:
        return None
    return module.load_schema()


def ros_properties(ros_type: str) -> frozenset[str] | None:
    """The property names of `ros_type`, or None when the schema does not know the type."""
    schema = _schema()
    if schema is None:
        return None
    resource = schema.resource(ros_type)
    if resource is None:
        return None
    return frozenset(resource.properties)


def ros_attributes(ros_type: str) -> frozenset[str] | None:
    """The `Fn::GetAtt` names of `ros_type`, or None when the schema does not know the type."""
    schema = _schema()
    if schema is None:
        return None
    resource = schema.resource(ros_type)
    return None if resource is None else frozenset(resource.attributes)
