"""ROS template checker: templates checked per second, and the cost of the resource schema.

- checks/s of a 20-resource and a 500-resource template (YAML text in, report out), the schema
  already loaded; floor: parsing the same text alone (`load_template`), so the ratio is what the
  checks add on top of reading the template;
- schema load: a fresh interpreter's first `load_schema()` (median of 5); floor: decompressing and
  decoding the same data file with gzip and json, which any loader must do;
- schema memory: what the loaded schema holds after one check of the 500-resource template
  (tracemalloc, so Python objects only); floor: the decoded JSON alone.

Everything runs in this process or a child on the same CPU; nothing touches the network.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from bench_common import PYTHON, Row

NOTE = (
    "ros: the template checker on a 20- and a 500-resource YAML template (VPC, VSwitches,\n"
    "     security groups with rules, instance groups, a load balancer, RDS, Refs, GetAtt, Sub);\n"
    "     floor: parsing the same text alone. Schema load and memory: floor is gzip + json of the\n"
    "     same data file (a fresh interpreter each time for the load figure)."
)

_UNIT = """\
  Vpc{n}:
    Type: ALIYUN::ECS::VPC
    Properties: {{CidrBlock: 10.{n}.0.0/16, VpcName: !Sub 'vpc-{n}-${{Name}}'}}
  VSwitchA{n}:
    Type: ALIYUN::ECS::VSwitch
    Properties: {{VpcId: !Ref Vpc{n}, ZoneId: !Ref Zone, CidrBlock: 10.{n}.1.0/24}}
  VSwitchB{n}:
    Type: ALIYUN::ECS::VSwitch
    Properties: {{VpcId: !GetAtt Vpc{n}.VpcId, ZoneId: !Ref Zone, CidrBlock: 10.{n}.2.0/24}}
  Group{n}:
    Type: ALIYUN::ECS::SecurityGroup
    Properties:
      VpcId: !Ref Vpc{n}
      SecurityGroupIngress:
        - {{IpProtocol: tcp, PortRange: 80/80, SourceCidrIp: 0.0.0.0/0}}
        - {{IpProtocol: tcp, PortRange: 443/443, SourceCidrIp: 0.0.0.0/0}}
      Tags: [{{Key: app, Value: bench}}]
  Servers{n}:
    Type: ALIYUN::ECS::InstanceGroup
    Properties:
      VpcId: !Ref Vpc{n}
      VSwitchId: !Ref VSwitchA{n}
      SecurityGroupId: !Ref Group{n}
      ImageId: centos_7
      InstanceType: !Ref Type
      MaxAmount: !Ref Count
      SystemDiskCategory: cloud_essd
      DiskMappings: [{{Category: cloud_essd, Size: 100}}]
  Balancer{n}:
    Type: ALIYUN::SLB::LoadBalancer
    Properties: {{VpcId: !Ref Vpc{n}, VSwitchId: !Ref VSwitchB{n}, AddressType: intranet}}
  Listener{n}:
    Type: ALIYUN::SLB::Listener
    Properties:
      LoadBalancerId: !Ref Balancer{n}
      ListenerPort: 80
      BackendServerPort: 80
      Protocol: http
      Bandwidth: -1
  Attachment{n}:
    Type: ALIYUN::SLB::BackendServerAttachment
    Properties:
      LoadBalancerId: !Ref Balancer{n}
      BackendServerList: !GetAtt Servers{n}.InstanceIds
  Database{n}:
    Type: ALIYUN::RDS::DBInstance
    Properties:
      Engine: MySQL
      EngineVersion: '8.0'
      DBInstanceClass: mysql.n2.medium.1
      DBInstanceStorage: 20
      SecurityIPList: 10.{n}.0.0/16
      VpcId: !Ref Vpc{n}
      VSwitchId: !Ref VSwitchA{n}
  Account{n}:
    Type: ALIYUN::RDS::Account
    Properties:
      DBInstanceId: !Ref Database{n}
      AccountName: app{n}
      AccountPassword: !Ref Password
"""

_HEAD = """\
ROSTemplateFormatVersion: '2015-09-01'
Parameters:
  Name: {Type: String, Default: bench}
  Zone: {Type: String, Default: cn-hangzhou-h}
  Type: {Type: String, Default: ecs.g7.large}
  Count: {Type: Number, Default: 2}
  Password: {Type: String, NoEcho: true}
Resources:
"""


def template(resources: int) -> str:
    """A YAML template of `resources` resources (a multiple of 10), all of them valid."""
    units = [_UNIT.format(n=n) for n in range(resources // 10)]
    return _HEAD + "".join(units)


def _rate(call: Callable[[], object], minimum: float = 1.0) -> float:
    runs, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < minimum or runs < 3:
        call()
        runs += 1
    return runs / elapsed


# Imports happen before the clock starts: the figure is reading the data, not loading modules.
_LOAD = (
    "import time; from iaccode.iac.ros_schema import load_schema; t = time.perf_counter(); "
    "load_schema(); print(time.perf_counter() - t)"
)
_DECODE = (
    "import time, gzip, json; from importlib import resources; t = time.perf_counter(); "
    "json.loads(gzip.decompress(resources.files('iaccode.iac').joinpath('data', "
    "'ros-schema.json.gz').read_bytes())); print(time.perf_counter() - t)"
)


def _fresh(code: str) -> float:
    times = []
    for _ in range(5):
        out = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, check=True)
        times.append(float(out.stdout))
    return statistics.median(times)


def _memory() -> tuple[int, int]:
    code = (
        "import gzip, json, tracemalloc, sys\n"
        "from importlib import resources\n"
        "sys.path.insert(0, 'scripts')\n"
        "from bench_ros import template\n"
        "from iaccode.iac.ros_check import check_template\n"
        "text = template(500)\n"
        "tracemalloc.start()\n"
        "from iaccode.iac.ros_schema import load_schema\n"
        "schema = load_schema()\n"
        "check_template(text)\n"
        "mine = tracemalloc.get_traced_memory()[0]\n"
        "tracemalloc.stop(); tracemalloc.start()\n"
        "blob = resources.files('iaccode.iac').joinpath('data', 'ros-schema.json.gz')\n"
        "data = json.loads(gzip.decompress(blob.read_bytes()))\n"
        "print(mine, tracemalloc.get_traced_memory()[0])\n"
    )
    out = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, check=True)
    mine, floor = out.stdout.split()
    return int(mine), int(floor)


def ros_rows() -> list[Row]:
    from iaccode.iac.ros_check import check_template
    from iaccode.iac.ros_loader import load_template

    rows: list[Row] = []
    for size in (20, 500):
        text = template(size)
        report = check_template(text)  # also loads the schema once
        if report.findings:
            sys.exit(f"bench template of {size} resources is not clean:\n{report.to_text()}")
        mine = _rate(lambda text=text: check_template(text))  # type: ignore[misc]
        floor = _rate(lambda text=text: load_template(text))  # type: ignore[misc]
        rows.append(
            (
                f"ROS check, {size}-resource template",
                f"{mine:,.1f} templates/s",
                f"{floor:,.1f} parses/s",
                f"{mine / floor:.2f}",
                "",
            )
        )
    load, decode = _fresh(_LOAD), _fresh(_DECODE)
    rows.append(
        (
            "ROS schema load (first use)",
            f"{load * 1000:.1f} ms",
            f"{decode * 1000:.1f} ms (gzip + json)",
            f"{load / decode:.2f}",
            "",
        )
    )
    held, decoded = _memory()
    rows.append(
        (
            "ROS schema memory after a check",
            f"{held / 1024:,.0f} KiB",
            f"{decoded / 1024:,.0f} KiB (decoded JSON)",
            f"{held / decoded:.2f}",
            "",
        )
    )
    return rows


if __name__ == "__main__":
    for row in ros_rows():
        print(" | ".join(row))
