"""Regenerate the ROS resource schema from the ros-cdk-* packages on PyPI.

    scripts/update-ros-schema                      # the packages the current data file names
    scripts/update-ros-schema --packages ros-cdk-ecs ros-cdk-vpc
    scripts/update-ros-schema --wheels DIR         # wheels already downloaded (offline)

It runs `pip download --no-deps` for each package into a temporary folder (nothing else is asked
of the registry), reads every assembly with `iaccode.iac.ros_schema_build`, writes
`iaccode/iac/data/ros-schema.json.gz` and prints the type and property counts.
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from iaccode.iac.ros_schema_build import (
    AssemblyError,
    build_schema,
    encode_schema,
    property_count,
    read_wheels,
)

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "iaccode" / "iac" / "data" / "ros-schema.json.gz"


def current_packages() -> list[str]:
    """The package names the committed data file was built from."""
    if not DATA.exists():
        return []
    schema = json.loads(gzip.decompress(DATA.read_bytes()))
    return [source.split(" ", 1)[0] for source in schema.get("sources", [])]


def download(packages: list[str], folder: Path) -> None:
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(folder)]
    subprocess.run([*command, *packages], check=True)


def archives(folder: Path) -> list[str]:
    return sorted(str(p) for p in folder.iterdir() if p.name.endswith((".whl", ".tar.gz")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--packages", nargs="+", help="ros-cdk-* package names to download")
    parser.add_argument("--wheels", type=Path, help="a folder of downloaded wheels to read")
    parser.add_argument("--output", type=Path, default=DATA)
    args = parser.parse_args(argv)
    try:
        if args.wheels is not None:
            assemblies = read_wheels(archives(args.wheels))
        else:
            packages = args.packages or current_packages()
            if not packages:
                parser.error("no data file to take package names from: give --packages")
            with tempfile.TemporaryDirectory() as folder:
                download(packages, Path(folder))
                assemblies = read_wheels(archives(Path(folder)))
    except (AssemblyError, OSError, subprocess.CalledProcessError) as error:
        print(f"update-ros-schema: {error}", file=sys.stderr)
        return 1
    schema = build_schema(assemblies)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_bytes(encode_schema(schema))
    resources = schema["resources"]
    assert isinstance(resources, dict)
    print(
        f"{len(resources)} types, {property_count(schema)} properties from "
        f"{len(assemblies)} packages -> {args.output.relative_to(ROOT)} "
        f"({args.output.stat().st_size // 1024} KiB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
