"""The corpus measurement: every root of a repository (the top and each `examples/*`) converted
as the tool converts it, the summaries added up, refusals and checker errors counted, and the
notes grouped by their reason, not by the names in them."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from iaccode.iac.tf_corpus import measure, roots

ROOT = Path(__file__).resolve().parents[2]

REPOSITORY = {
    "main.tf": """
        variable "name" {
          default = "demo"
        }
        resource "alicloud_vpc" "this" {
          vpc_name   = var.name
          cidr_block = "10.0.0.0/8"
        }
        output "first" {
          value = alicloud_vpc.this.no_such_attribute
        }
        output "second" {
          value = alicloud_vpc.this.another_attribute
        }
        """,
    # calls the module at the top, reads an output ROS cannot give
    "examples/complete/main.tf": """
        module "vpc" {
          source = "../.."
          name   = "example"
        }
        resource "alicloud_vswitch" "this" {
          vpc_id     = module.vpc.first
          cidr_block = "10.1.0.0/24"
          zone_id    = "cn-hangzhou-h"
        }
        """,
    "examples/broken/main.tf": 'resource "alicloud_vpc" "x" {\n',
    "examples/notes/README.md": "no Terraform here\n",
    "modules/net/main.tf": 'resource "alicloud_vpc" "m" {}\n',  # a module, not a root
}


def _repository(tmp_path: Path) -> Path:
    top = tmp_path / "terraform-alicloud-demo"
    for name, text in REPOSITORY.items():
        path = top / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return top


def test_each_root_converts_and_the_notes_are_grouped_by_reason(tmp_path: Path) -> None:
    top = _repository(tmp_path)
    assert roots(top) == ["", "examples/broken", "examples/complete"]
    result = measure([top])
    assert result.roots == 3
    # the top: the VPC; examples/complete: the inlined VPC and the vSwitch, which lost vpc_id
    assert (result.found, result.native, result.lossy, result.dropped) == (3, 2, 1, 0)
    assert list(result.refused) == ["terraform-alicloud-demo/examples/broken"]
    assert "not valid HCL" in result.refused["terraform-alicloud-demo/examples/broken"]
    assert not result.check_errors
    # two outputs reading two different attributes: one reason, counted twice
    outputs = [key for key in result.reasons if "the output was left out" in key]
    assert len(outputs) == 1 and result.reasons[outputs[0]] == 2
    assert result.examples[outputs[0]].startswith("terraform-alicloud-demo/.: output.first")
    argument = [key for key in result.reasons if "added parameter" in key]
    assert len(argument) == 1 and "examples/complete" in result.examples[argument[0]]


def test_the_script_prints_the_totals(tmp_path: Path) -> None:
    top = _repository(tmp_path)
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "tf_corpus.py"), "--refused", str(top)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert lines[:3] == [
        "1 repositories, 3 roots, 1 refused",
        "3 resources: 2 native, 1 lossy, 0 left out, 0 not created",
        "checker errors: 0 (none)",
    ]
    assert lines[3].startswith("refused terraform-alicloud-demo/examples/broken: ")
