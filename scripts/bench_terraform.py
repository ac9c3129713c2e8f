"""Terraform -> ROS conversion time for a 10- and a 200-resource project (scripts/bench).

The project is generated: a VPC, then groups of a vSwitch (count over a list variable), a
security group with a rule, an ECS instance with data disks and an EIP bound to it under a
conditional count, with locals, functions and outputs, so the figure covers expression
parsing, rule interpretation and reference resolution. The floor is python-hcl2 parsing the
same files, which every conversion must do first; the ratio says what the conversion adds.
Median of five runs after a warm-up (the rule data loaded, byte code compiled).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from bench_common import Row, ratio, target

from iaccode.iac.terraform import convert_terraform
from iaccode.iac.tf_hcl import parse_hcl

_HEAD = """
variable "cidrs" {
  type    = list(string)
  default = ["10.0.1.0/24", "10.0.2.0/24"]
}
variable "with_eip" {
  type    = bool
  default = true
}
locals {
  name = "bench"
}
resource "alicloud_vpc" "main" {
  vpc_name   = "${local.name}-vpc"
  cidr_block = "10.0.0.0/16"
  tags       = { Project = local.name }
}
"""

_GROUP = """
resource "alicloud_vswitch" "sw{n}" {{
  count        = length(var.cidrs)
  vpc_id       = alicloud_vpc.main.id
  cidr_block   = var.cidrs[count.index]
  zone_id      = "cn-hangzhou-h"
  vswitch_name = format("%s-{n}-%d", local.name, count.index)
}}
resource "alicloud_security_group" "sg{n}" {{
  vpc_id = alicloud_vpc.main.id
  name   = "${{local.name}}-{n}"
}}
resource "alicloud_security_group_rule" "http{n}" {{
  type              = "ingress"
  ip_protocol       = "tcp"
  port_range        = "80/80"
  security_group_id = alicloud_security_group.sg{n}.id
  cidr_ip           = "0.0.0.0/0"
}}
resource "alicloud_instance" "vm{n}" {{
  instance_type   = "ecs.g7.large"
  image_id        = "aliyun_3_x64"
  vswitch_id      = alicloud_vswitch.sw{n}[0].id
  security_groups = [alicloud_security_group.sg{n}.id]
  data_disks {{
    size     = 40
    category = "cloud_essd"
  }}
}}
resource "alicloud_eip_address" "eip{n}" {{
  count        = var.with_eip ? 1 : 0
  address_name = "eip-{n}"
}}
output "ip{n}" {{
  value = alicloud_instance.vm{n}.private_ip
}}
"""


_BUCKET = """
resource "alicloud_oss_bucket" "b{n}" {{
  bucket = "${{local.name}}-{n}"
}}
"""


def project(resources: int) -> dict[str, str]:
    """A main.tf with `resources` resources: one VPC, groups of five, OSS buckets for the rest."""
    groups = (resources - 1) // 5
    buckets = resources - 1 - 5 * groups
    text = _HEAD + "".join(_GROUP.format(n=n) for n in range(groups))
    return {"main.tf": text + "".join(_BUCKET.format(n=n) for n in range(buckets))}


def _median_ms(run: Callable[[], object], runs: int = 5) -> float:
    run()  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def terraform_rows() -> list[Row]:
    rows: list[Row] = []
    for size in (10, 200):
        files = project(size)
        found = convert_terraform(files).summary.found
        mine = _median_ms(lambda files=files: convert_terraform(files))
        base = _median_ms(lambda files=files: parse_hcl("main.tf", files["main.tf"]))
        rows.append(
            (
                f"Terraform -> ROS, {found} resources (median of 5)",
                f"{mine:.0f} ms",
                f"{base:.0f} ms (python-hcl2 parse)",
                ratio(mine, base),
                target("<= 2x the parse", mine <= 2 * base),
            )
        )
    return rows
