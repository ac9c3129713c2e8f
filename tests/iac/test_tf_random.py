"""hashicorp/random resources: `ALIYUN::RandomString` for strings, passwords and integers used as
name suffixes, the stack's ID for a random_uuid (or random digits written as a UUID); what
differs from Terraform is said."""

from __future__ import annotations

import re

from tests.iac.test_tf_constructs import jq_first, main, props, warnings


def test_a_random_string_is_a_ros_random_string_with_its_character_classes() -> None:
    conversion = main(
        """
        resource "random_string" "suffix" {
          length  = 8
          special = false
          upper   = false
        }
        resource "alicloud_ram_user" "u" {
          name = "user-${random_string.suffix.result}"
        }
        """
    )
    assert conversion.template["Resources"]["RandomString_suffix"] == {
        "Type": "ALIYUN::RandomString",
        "Properties": {
            "length": 8,
            "character_classes": [{"class": "lowercase", "min": 1}, {"class": "digits", "min": 1}],
        },
    }
    assert props(conversion, "RamUser_u") == {
        "UserName": {"Fn::Sub": "user-${RandomString_suffix.value}"}
    }
    assert (conversion.summary.native, conversion.summary.lossy) == (2, 0)
    assert "Parameters" not in conversion.template


def test_a_random_password_keeps_its_special_characters_and_minimums_and_says_it_is_visible() -> (
    None
):
    conversion = main(
        """
        resource "random_password" "p" {
          length           = 16
          override_special = "_%@"
          min_numeric      = 2
        }
        resource "alicloud_db_account" "a" {
          db_instance_id   = "rm-x"
          account_name     = "admin"
          account_password = random_password.p.result
        }
        """
    )
    assert props(conversion, "RandomPassword_p") == {
        "length": 16,
        "character_classes": [
            {"class": "lowercase", "min": 1},
            {"class": "uppercase", "min": 1},
            {"class": "digits", "min": 2},
        ],
        "character_sequences": [{"sequence": "_%@", "min": 1}],
    }
    assert props(conversion, "DbAccount_a")["AccountPassword"] == {
        "Fn::GetAtt": ["RandomPassword_p", "value"]
    }
    assert (
        "random_password.p: the password is an attribute of the stack (ALIYUN::RandomString), "
        "which Terraform marks sensitive."
    ) in warnings(conversion)
    assert (conversion.summary.native, conversion.summary.lossy) == (1, 1)


def test_a_random_integer_is_a_number_in_its_range_read_from_random_digits() -> None:
    conversion = main(
        """
        resource "random_integer" "default" {
          min = 10000
          max = 99999
        }
        resource "alicloud_vpc" "v" {
          vpc_name   = "tf-example-${random_integer.default.result}"
          cidr_block = "10.0.0.0/8"
        }
        """
    )
    # Three digits more than the range has, so the remainder below is near uniform.
    assert props(conversion, "RandomInteger_default") == {
        "length": 8,
        "character_classes": [{"class": "digits", "min": 1}],
    }
    prefix, number = props(conversion, "Vpc_v")["VpcName"]["Fn::Join"][1]
    assert prefix == "tf-example-"
    method, script, data = number["Fn::Jq"]
    assert method == "First"
    assert data == {"v": {"Fn::GetAtt": ["RandomInteger_default", "value"]}}
    # What the stack computes from the digits ROS made: min + digits mod (max - min + 1).
    assert jq_first(script, {"v": "00000000"}) == "10000"
    assert jq_first(script, {"v": "00089999"}) == "99999"
    assert jq_first(script, {"v": "00090000"}) == "10000"
    assert jq_first(script, {"v": "99999999"}) == str(10000 + 99999999 % 90000)
    assert not warnings(conversion)
    assert (conversion.summary.found, conversion.summary.native) == (2, 2)


def test_one_random_uuid_is_the_stack_id_and_two_are_random_uuids() -> None:
    conversion = main(
        """
        resource "random_uuid" "this" {}
        resource "alicloud_vpc" "v" {
          vpc_name   = "vpc-${random_uuid.this.result}"
          cidr_block = "10.0.0.0/8"
        }
        """
    )
    assert props(conversion, "Vpc_v")["VpcName"] == {"Fn::Sub": "vpc-${ALIYUN::StackId}"}
    assert "random_uuid.this became ALIYUN::StackId, the UUID ROS gives each stack." in (
        warnings(conversion)
    )
    assert (conversion.summary.found, conversion.summary.native) == (2, 2)
    # Two would read the one stack ID: each is 32 random digits written as a UUID.
    two = main(
        """
        resource "random_uuid" "a" {}
        resource "random_uuid" "b" {}
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/8"
          vpc_name   = replace(random_uuid.b.result, "-", "")
        }
        """
    )
    hexadecimal = {
        "length": 32,
        "character_sequences": [{"sequence": "0123456789abcdef", "min": 1}],
    }
    assert props(two, "RandomUuid_a") == props(two, "RandomUuid_b") == hexadecimal
    replaced = props(two, "Vpc_v")["VpcName"]["Fn::Replace"]
    assert replaced[0] == {"-": ""}
    method, script, data = replaced[1]["Fn::Jq"]
    assert method == "First" and data == {"h": {"Fn::GetAtt": ["RandomUuid_b", "value"]}}
    for digits in ("0123456789abcdef" * 2, "f" * 32, "0" * 16 + "7" + "0" * 15):
        uuid = jq_first(script, {"h": digits})
        assert isinstance(uuid, str)
        assert re.fullmatch(
            r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}", uuid
        )
        assert uuid.replace("-", "")[:12] == digits[:12]
    assert jq_first(script, {"h": "0" * 16 + "7" + "0" * 15}) == (
        "00000000-0000-4000-b000-000000000000"
    )
    assert (two.summary.found, two.summary.native, two.summary.lossy) == (3, 3, 0)
    assert not any("hexadecimal" in warning for warning in warnings(two))


def test_a_random_string_in_a_module_is_renamed_with_the_module() -> None:
    from tests.iac.test_tf_constructs import convert, project

    conversion = convert(
        project(
            main_tf="""
            module "m" {
              source = "./m"
            }
            """,
            m__main_tf="""
            resource "random_string" "s" {
              length  = 6
              special = false
            }
            resource "alicloud_vpc" "v" {
              vpc_name   = random_string.s.id
              cidr_block = "10.0.0.0/8"
            }
            """,
        )
    )
    assert props(conversion, "Vpc_m__v")["VpcName"] == {
        "Fn::GetAtt": ["RandomString_m__s", "value"]
    }


def test_random_resources_ros_cannot_write_are_left_out_with_the_reason() -> None:
    conversion = main(
        """
        variable "top" {
          default = 9
        }
        resource "random_integer" "n" {
          min = 1
          max = var.top
        }
        resource "random_string" "tiny" {
          length = 2
        }
        resource "alicloud_vpc" "v" {
          cidr_block = "10.0.0.0/8"
        }
        """
    )
    text = warnings(conversion)
    assert (
        "random_integer.n: its min and max are not literal whole numbers from 0 up, so it was "
        "left out"
    ) in text
    assert "random_string.tiny: its character set is not known in the files, or it has fewer" in (
        text
    )
    assert conversion.summary.dropped == 2


def test_each_copy_of_a_counted_random_integer_reads_its_own_number() -> None:
    conversion = main(
        """
        resource "random_integer" "port" {
          count = 2
          min   = 1000
          max   = 9999
        }
        resource "alicloud_vpc" "v" {
          count      = 2
          vpc_name   = "vpc-${random_integer.port[count.index].result}"
          cidr_block = "10.0.0.0/8"
        }
        """
    )
    _, number = props(conversion, "Vpc_v")["VpcName"]["Fn::Join"][1]
    index, numbers = number["Fn::Select"]
    assert index == {"Ref": "ALIYUN::Index"}
    _, script, data = numbers["Fn::Jq"]
    assert data == {"v": {"Fn::GetAtt": ["RandomInteger_port", "value"]}}
    # ROS's GetAtt of a counted resource is every copy's digits: each is mapped.
    assert jq_first(script, {"v": ["0000000", "0009000"]}) == ["1000", "1000"]
    assert jq_first(script, {"v": ["0008999"]}) == ["9999"]
