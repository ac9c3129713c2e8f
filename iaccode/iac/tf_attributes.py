"""Terraform attributes the vendor's rules do not name, and where their value is in ROS.

`tf_values` reads `<type>.<name>.<attribute>` first by the rule's `Attributes`, then as the
argument the resource was given. Some attributes are neither: a deprecated spelling of another
attribute or argument (`alicloud_vpc.router_table_id` is `route_table_id`), a value ROS has
under an attribute of another name (an ENI's `private_ip` is ROS's `PrivateIpAddress`), or the
region the resource is in. This module holds those facts, from the provider's documentation;
it names nothing it has not checked against the ROS schema (`tests/iac` asserts that).
"""

from __future__ import annotations

from collections.abc import Mapping

# The provider's older spelling of an attribute or argument -> the name it reads the same
# value under now (the provider documents both as one value).
DEPRECATED_SPELLINGS: Mapping[str, Mapping[str, str]] = {
    "alicloud_vpc": {"router_table_id": "route_table_id"},
}

# (Terraform type, attribute) -> the ROS attribute that returns the same value, where the
# vendor's rules leave it out and the schema spells it differently.
ROS_ATTRIBUTE_NAMES: Mapping[str, Mapping[str, str]] = {
    # The ENI's primary private address (`private_ip` is its older name); ROS's
    # `PrimaryIpAddress` is only the property.
    "alicloud_network_interface": {
        "private_ip": "PrivateIpAddress",
        "primary_ip_address": "PrivateIpAddress",
    },
    # The security groups the instance is in, all of them (the property takes only one).
    "alicloud_instance": {"security_groups": "SecurityGroupIds"},
}

# Attributes every resource has that are the stack's own values: the provider's region.
REGION_ATTRIBUTE = "region_id"


def current_spelling(tf_type: str, attribute: str) -> str:
    """The name `attribute` of a `tf_type` resource is read under now (itself if current)."""
    return DEPRECATED_SPELLINGS.get(tf_type, {}).get(attribute, attribute)


def ros_attribute_name(tf_type: str, attribute: str) -> str | None:
    """The ROS attribute of another name that returns `attribute`, or None."""
    return ROS_ATTRIBUTE_NAMES.get(tf_type, {}).get(attribute)
