"""Terraform resources that ROS takes as settings of another resource (`tf_folded`): an RDS
or Redis backup policy written into the instance it is for, under the Conditions on the way
to it. Hand-written projects in the public modules' shape; every template must pass the
checker."""

from __future__ import annotations

from iaccode.iac.tf_folded import parent_paths
from tests.iac.test_tf_constructs import checked, props
from tests.iac.test_tf_constructs import main as convert
from tests.iac.test_tf_constructs import warnings as notes

DB = """
resource "alicloud_db_instance" "db" {
  engine               = "MySQL"
  engine_version       = "8.0"
  instance_type        = "rds.mysql.s2.large"
  instance_storage     = 20
  vswitch_id           = "vsw-1"
}
"""


def test_a_backup_policy_becomes_the_instances_backup_properties() -> None:
    conversion = checked(
        convert(
            DB
            + """
            resource "alicloud_db_backup_policy" "policy" {
              instance_id             = alicloud_db_instance.db.id
              preferred_backup_period = ["Monday", "Wednesday"]
              preferred_backup_time   = "02:00Z-03:00Z"
              backup_retention_period = 14
              log_retention_period    = 7
              category                = "Flash"
              backup_interval         = "30"
            }
            """
        )
    )
    db = props(conversion, "DbInstance_db")
    assert db["PreferredBackupPeriod"] == ["Monday", "Wednesday"]
    assert db["PreferredBackupTime"] == "02:00Z-03:00Z"
    assert db["BackupRetentionPeriod"] == 14
    assert db["LogBackupRetentionPeriod"] == 7  # the provider's older name for it
    assert list(conversion.template["Resources"]) == ["DbInstance_db"]
    text = notes(conversion)
    assert "alicloud_db_backup_policy.policy became PreferredBackupPeriod, " in text
    assert db["BackUpCategory"] == "Flash" and "Category" not in db  # not the edition
    assert "backup_interval not converted" in text  # ROS's instance has no such property
    assert (conversion.summary.native, conversion.summary.lossy) == (1, 1)
    assert conversion.summary.dropped == 0


def test_the_modules_choice_of_an_existing_instance_puts_the_policy_under_a_condition() -> None:
    conversion = checked(
        convert(
            """
            variable "create_instance" {
              default = true
            }
            variable "existing_instance_id" {
              default = ""
            }
            variable "create_backup_policy" {
              default = true
            }
            locals {
              created  = concat(alicloud_db_instance.db[*].id, [""])[0]
              existing = var.existing_instance_id
              this_id  = local.existing != "" ? local.existing : local.created
            }
            resource "alicloud_db_instance" "db" {
              count            = var.create_instance ? 1 : 0
              engine           = "MySQL"
              engine_version   = "8.0"
              instance_type    = "rds.mysql.s2.large"
              instance_storage = 20
              vswitch_id       = "vsw-1"
            }
            resource "alicloud_db_backup_policy" "policy" {
              count                   = var.create_backup_policy ? 1 : 0
              instance_id             = local.this_id
              backup_retention_period = 14
            }
            """
        )
    )
    entry = conversion.template["Resources"]["DbInstance_db"]
    condition, days, nothing = entry["Properties"]["BackupRetentionPeriod"]["Fn::If"]
    assert (days, nothing) == (14, {"Ref": "ALIYUN::NoValue"})
    conditions = conversion.template["Conditions"]
    # No existing instance named, and the policy wanted; the instance's own Condition
    # (create_instance) already holds wherever the instance exists.
    (new, wanted) = conditions[condition]["Fn::And"]
    assert conditions[new["Fn::Not"]["Condition"]] == {
        "Fn::Not": {"Fn::Equals": [{"Ref": "existing_instance_id"}, ""]}
    }
    assert conditions[wanted["Condition"]] == {
        "Fn::Equals": [True, {"Ref": "create_backup_policy"}]
    }
    assert entry["Condition"] not in str(conditions[condition])
    assert (
        "alicloud_db_backup_policy.policy: where instance_id names another instance than "
        "DbInstance_db (an existing one), ROS cannot set this on it." in notes(conversion)
    )
    assert conversion.summary.lossy == 1


REDIS_INSTANCE = """
resource "alicloud_kvstore_instance" "cache" {
  db_instance_name = "cache"
  instance_class   = "redis.master.small.default"
  instance_type    = "Redis"
  engine_version   = "5.0"
  vswitch_id       = "vsw-1"
  zone_id          = "cn-hangzhou-h"
}
"""


def test_a_redis_backup_policy_fills_the_instances_backup_policy_struct() -> None:
    conversion = checked(
        convert(
            REDIS_INSTANCE
            + """
            resource "alicloud_kvstore_backup_policy" "policy" {
              instance_id   = alicloud_kvstore_instance.cache.id
              backup_period = ["Tuesday", "Thursday"]
              backup_time   = "10:00Z-11:00Z"
            }
            """
        )
    )
    assert props(conversion, "KvstoreInstance_cache")["BackupPolicy"] == {
        "PreferredBackupPeriod": "Tuesday,Thursday",  # ROS takes the days as one text
        "PreferredBackupTime": "10:00Z-11:00Z",
    }
    assert conversion.summary.lossy == 0, notes(conversion)


def test_a_policy_for_an_instance_the_template_does_not_create_is_left_out() -> None:
    conversion = convert(
        DB
        + """
        variable "instance_id" {}
        resource "alicloud_db_backup_policy" "policy" {
          instance_id             = var.instance_id
          backup_retention_period = 14
        }
        resource "alicloud_db_backup_policy" "many" {
          count                   = 2
          instance_id             = alicloud_db_instance.db.id
          backup_retention_period = 7
        }
        """
    )
    text = notes(conversion)
    assert (
        "alicloud_db_backup_policy.policy: its instance_id names no resource this template "
        "creates, and ROS sets it on the instance only, so it was left out" in text
    )
    assert "alicloud_db_backup_policy.many: count = 2 makes copies" in text
    assert "BackupRetentionPeriod" not in props(conversion, "DbInstance_db")
    assert conversion.summary.dropped == 2


def test_the_instance_a_value_can_be_is_found_through_its_choices() -> None:
    parents = frozenset({"Db"})
    made = {"Fn::If": ["Made", [{"Ref": "Db"}], []]}
    concat = {"Fn::Select": ["0", {"Fn::ListMerge": [made, [""]]}]}
    assert parent_paths({"Ref": "Db"}, parents) == [("Db", ())]
    assert parent_paths(concat, parents) == [("Db", (("Made", True),))]
    chosen = {"Fn::If": ["Existing", {"Ref": "existing_id"}, concat]}
    assert parent_paths(chosen, parents) == [("Db", (("Existing", False), ("Made", True)))]
    assert parent_paths({"Ref": "existing_id"}, parents) == []
    assert parent_paths({"Fn::Select": ["1", {"Fn::ListMerge": [made, [""]]}]}, parents) == []


REDIS = (
    REDIS_INSTANCE
    + """
variable "on" {
  default = true
}
"""
)


def test_a_redis_policy_under_a_condition_keeps_its_required_fields_together() -> None:
    conversion = checked(
        convert(
            REDIS
            + """
            resource "alicloud_kvstore_backup_policy" "p" {
              count         = var.on ? 1 : 0
              instance_id   = alicloud_kvstore_instance.cache.id
              backup_time   = "10:00Z-11:00Z"
              backup_period = ["Monday"]
            }
            """
        )
    )
    half = convert(
        REDIS
        + """
        resource "alicloud_kvstore_backup_policy" "half" {
          instance_id = alicloud_kvstore_instance.cache.id
          backup_time = "10:00Z-11:00Z"
        }
        """
    )
    assert "BackupPolicy" not in props(half, "KvstoreInstance_cache")
    condition, struct, nothing = props(conversion, "KvstoreInstance_cache")["BackupPolicy"][
        "Fn::If"
    ]
    # Both fields ROS requires, or no BackupPolicy at all: never a struct without them.
    assert struct == {"PreferredBackupTime": "10:00Z-11:00Z", "PreferredBackupPeriod": "Monday"}
    assert nothing == {"Ref": "ALIYUN::NoValue"}
    assert conversion.template["Conditions"][condition] == {"Fn::Equals": [True, {"Ref": "on"}]}
    assert (
        "alicloud_kvstore_backup_policy.half: it does not set PreferredBackupPeriod, which "
        "BackupPolicy of ALIYUN::REDIS::Instance needs, so it was left out" in notes(half)
    )


COUNTED_DB = DB.replace(
    'resource "alicloud_db_instance" "db" {',
    """variable "c" {
  default = true
}
variable "other" {
  default = "rm-x"
}
resource "alicloud_db_instance" "db" {
  count = var.c ? 1 : 0""",
)


def test_a_policy_that_reaches_the_instance_only_where_it_is_not_made_is_left_out() -> None:
    conversion = checked(
        convert(
            COUNTED_DB
            + """
            locals {
              created = concat(alicloud_db_instance.db[*].id, [""])[0]
            }
            resource "alicloud_db_backup_policy" "p" {
              instance_id             = var.c ? var.other : local.created
              backup_retention_period = 9
            }
            """
        )
    )
    assert "BackupRetentionPeriod" not in props(conversion, "DbInstance_db")
    assert (
        "alicloud_db_backup_policy.p: it names DbInstance_db only where DbInstance_db is not "
        "created, so it was left out" in notes(conversion)
    )
    summary = conversion.summary
    assert (summary.found, summary.native, summary.dropped) == (2, 1, 1)
    assert conversion.template["Description"].startswith(
        "Converted from Terraform by iaccode: 1 of 2 resources"
    )


def test_a_policy_made_with_its_instance_is_written_plainly_and_counted_native() -> None:
    conversion = checked(
        convert(
            COUNTED_DB
            + """
            resource "alicloud_db_backup_policy" "p" {
              count                   = var.c ? 1 : 0
              instance_id             = concat(alicloud_db_instance.db[*].id, [""])[0]
              backup_retention_period = 9
              retention_period        = null
              backup_time             = "01:00Z-02:00Z"
              preferred_backup_time   = "02:00Z-03:00Z"
            }
            resource "alicloud_db_backup_policy" "off" {
              count                   = var.c ? 0 : 1
              instance_id             = concat(alicloud_db_instance.db[*].id, [""])[0]
              backup_retention_period = 30
            }
            """
        )
    )
    db = props(conversion, "DbInstance_db")
    # The instance's own Condition is the policy's: nothing more to hold. A null argument is
    # not given, and the provider's current name wins over its older spelling.
    assert db["BackupRetentionPeriod"] == 9
    assert db["PreferredBackupTime"] == "02:00Z-03:00Z"
    assert "another instance" not in notes(conversion)
    assert (
        "alicloud_db_backup_policy.off: backup_retention_period not converted, as DbInstance_db "
        "already has a value there" in notes(conversion)
    )
    assert conversion.template["Description"].startswith(
        "Converted from Terraform by iaccode: 3 of 3 resources"
    )
