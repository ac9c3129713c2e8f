"""Write iaccode/iac/data/tf-rules.json.gz from the rule files of `alibabacloud-ros-tran`.

Usage: scripts/update-tf-rules [--version 0.28.1] [--wheel PATH]

Downloads the wheel with `pip download --no-deps` (or reads `--wheel`), parses every
`rostran/rules/terraform/alicloud/*.yml` with `iaccode.iac.tf_rule_data.parse_rule` and writes
the compact data file described there, with the package version and its Apache-2.0
attribution. Prints how many rules it wrote. Nothing of rostran is imported or installed.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iaccode.iac.tf_rule_data import DATA_FILE, dump_rules, parse_rule  # noqa: E402

PACKAGE = "alibabacloud-ros-tran"
RULES = "rostran/rules/terraform/alicloud/"
ATTRIBUTION = (
    "Mapping rules from alibabacloud-ros-tran (Alibaba Cloud ROS Tool Transformer, "
    "https://github.com/aliyun/alibabacloud-ros-tool-transformer), Copyright Alibaba Cloud, "
    "licensed under the Apache License 2.0; converted to JSON by scripts/update-tf-rules."
)


def download(version: str | None, into: Path) -> Path:
    spec = f"{PACKAGE}=={version}" if version else PACKAGE
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(into), spec],
        check=True,
    )
    wheels = sorted(into.glob("alibabacloud_ros_tran-*.whl"))
    if not wheels:
        raise SystemExit(f"pip download gave no {PACKAGE} wheel")
    return wheels[-1]


def read_wheel(wheel: Path) -> tuple[str, dict[str, object]]:
    match = re.match(r"alibabacloud_ros_tran-([^-]+)-", wheel.name)
    version = match.group(1) if match else "unknown"
    rules: dict[str, object] = {}
    with zipfile.ZipFile(wheel) as archive:
        for name in sorted(archive.namelist()):
            if not (name.startswith(RULES) and name.endswith(".yml")):
                continue
            document = yaml.safe_load(archive.read(name))
            tf_type, rule = parse_rule(document, name.removeprefix(RULES))
            if tf_type in rules:
                raise SystemExit(f"{name}: {tf_type} has a second rule")
            rules[tf_type] = rule
    return version, rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", help=f"{PACKAGE} version (default: the newest)")
    parser.add_argument("--wheel", type=Path, help="use this wheel instead of downloading")
    parser.add_argument(
        "--output", type=Path, default=ROOT / "iaccode" / "iac" / "data" / DATA_FILE
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        wheel = args.wheel or download(args.version, Path(work))
        version, rules = read_wheel(wheel)
    source = {
        "package": PACKAGE,
        "version": version,
        "path": RULES.rstrip("/"),
        "license": "Apache-2.0",
        "attribution": ATTRIBUTION,
    }
    args.output.write_bytes(dump_rules(rules, source))
    print(f"wrote {len(rules)} rules from {PACKAGE} {version} to {args.output.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
