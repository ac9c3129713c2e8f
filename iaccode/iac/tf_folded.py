"""Terraform resources that are settings of another resource in ROS: a backup policy.

The alicloud provider makes `alicloud_db_backup_policy` and `alicloud_kvstore_backup_policy`
resources of their own, calling the API's ModifyBackupPolicy on an instance that exists; the
vendor's rules map neither. ROS sets the same on the instance itself: an RDS instance's
`PreferredBackupPeriod`, `BackupRetentionPeriod`, ... and a Redis instance's `BackupPolicy`
struct. `FOLDS` says, per such type, which resource types it applies to, the argument that
names that resource, and the ROS property each argument becomes: the schema's property that
its name spells in PascalCase (`backup_retention_period` -> `BackupRetentionPeriod`), under the
fold's `prefix`, or the one `renamed` gives for the provider's older spellings. The converter
(`tf_convert`) finds the resource the policy is for (`parent_paths`) and writes the properties
there, under the Conditions on the way to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from iaccode.iac.ros_values import function_of
from iaccode.iac.tf_schema import property_at, ros_fields, schema_targets


@attrs.frozen
class Fold:
    """How the arguments of a Terraform type become properties of another resource."""

    parents: frozenset[str]  # the Terraform types it applies to
    reference: str  # the argument that names that resource (its id)
    prefix: str = ""  # the ROS struct the properties go into, if any
    renamed: Mapping[str, str] = attrs.field(factory=dict)  # older argument -> property

    def target(self, ros_type: str, argument: str) -> str | None:
        """The dotted ROS path `argument` becomes on a `ros_type` resource, or None when the
        schema has no such property."""
        fields = ros_fields(ros_type)
        if fields is None:
            return None
        if self.prefix:
            inner = property_at(fields, self.prefix)
            kind = inner.type if inner is not None else None
            fields = kind.fields if kind is not None and kind.kind == "struct" else None
            if fields is None:
                return None
        name = self.renamed.get(argument)
        if name is None:
            places = schema_targets(argument, fields)
            name = places[0][0] if len(places) == 1 and len(places[0]) == 1 else None
        if name is None or name not in fields:
            return None
        return f"{self.prefix}.{name}" if self.prefix else name

    def required(self, ros_type: str) -> frozenset[str]:
        """The fields ROS requires of the struct the properties go into (none without one)."""
        inner = property_at(ros_fields(ros_type), self.prefix) if self.prefix else None
        kind = inner.type if inner is not None else None
        fields = kind.fields if kind is not None and kind.kind == "struct" else None
        return frozenset(name for name, prop in (fields or {}).items() if prop.required)


# `renamed`: the provider's deprecated spellings (its docs for these resources), and a name
# that spells another property of the instance.
FOLDS: Mapping[str, Fold] = {
    "alicloud_db_backup_policy": Fold(
        frozenset({"alicloud_db_instance"}),
        "instance_id",
        renamed={
            "backup_period": "PreferredBackupPeriod",
            "backup_time": "PreferredBackupTime",
            "retention_period": "BackupRetentionPeriod",
            "log_retention_period": "LogBackupRetentionPeriod",
            "log_backup": "EnableBackupLog",
            # The backup's kind (Standard, Flash), not the instance's edition (`Category`).
            "category": "BackUpCategory",
        },
    ),
    "alicloud_kvstore_backup_policy": Fold(
        frozenset({"alicloud_kvstore_instance"}),
        "instance_id",
        prefix="BackupPolicy",
        renamed={"backup_period": "PreferredBackupPeriod", "backup_time": "PreferredBackupTime"},
    ),
}

Path = tuple[tuple[str, bool], ...]  # the Conditions on the way, each with the branch taken


def parent_paths(value: Any, parents: frozenset[str]) -> list[tuple[str, Path]]:
    """Each logical id among `parents` that the ROS value `value` can be, with the Conditions
    (name, True for the branch taken when it holds) of the `Fn::If` choices that lead there:
    `Fn::If [UseNew, Ref Db, Ref existing_id]` is Db when UseNew holds, and so is the modules'
    `concat(db[*].id, [""])[0]` (`Fn::Select [0, Fn::ListMerge [...]]`) when Db exists."""
    if isinstance(value, dict) and set(value) == {"Ref"} and value["Ref"] in parents:
        return [(str(value["Ref"]), ())]
    select = value.get("Fn::Select") if isinstance(value, dict) and len(value) == 1 else None
    if isinstance(select, list) and len(select) == 2 and str(select[0]) == "0":
        return parent_paths(_first(select[1]), parents)
    choice = value.get("Fn::If") if isinstance(value, dict) and len(value) == 1 else None
    if not (isinstance(choice, list) and len(choice) == 3 and isinstance(choice[0], str)):
        return []
    condition, then, otherwise = choice
    return [
        (parent, ((condition, taken), *path))
        for branch, taken in ((then, True), (otherwise, False))
        for parent, path in parent_paths(branch, parents)
    ]


def names_any(value: Any, parents: frozenset[str]) -> bool:
    """Whether the ROS value `value` reads one of `parents` anywhere (a copy of it, say)."""
    if isinstance(value, dict):
        if value.get("Ref") in parents:
            return True
        return any(names_any(item, parents) for item in value.values())
    if isinstance(value, list):
        return any(names_any(item, parents) for item in value)
    return False


_NO_ITEM = object()  # the first item of an empty list


def _first(value: Any) -> Any:
    """The ROS value that is the first item of the list value `value`, choices kept
    (`Fn::If [c, [x], []]` -> `Fn::If [c, x, <none>]`, a merge's first list first); None when
    that is not known from its form."""
    if isinstance(value, list):
        return value[0] if value else _NO_ITEM
    function = function_of(value)
    parts = value[function] if function is not None else None
    if function == "Fn::If" and isinstance(parts, list) and len(parts) == 3:
        return {"Fn::If": [parts[0], _first(parts[1]), _first(parts[2])]}
    if function == "Fn::ListMerge" and isinstance(parts, list) and parts:
        rest = _first({"Fn::ListMerge": parts[1:]}) if len(parts) > 1 else _NO_ITEM
        return _instead_of_none(_first(parts[0]), rest)
    return None


def _instead_of_none(value: Any, other: Any) -> Any:
    """`value` with `other` where it has no item (`_NO_ITEM`)."""
    if value is _NO_ITEM:
        return other
    choice = value.get("Fn::If") if isinstance(value, dict) and len(value) == 1 else None
    if isinstance(choice, list) and len(choice) == 3:
        condition, then, otherwise = choice
        return {
            "Fn::If": [
                condition,
                _instead_of_none(then, other),
                _instead_of_none(otherwise, other),
            ]
        }
    return value
