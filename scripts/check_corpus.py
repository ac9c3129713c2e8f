"""Check every ROS template under a folder and count the findings per code.

    scripts/check-corpus DIR [--severity error|warning|info] [--show N] [--json]

A file is taken as a template when it ends in .yml, .yaml or .json and parses to a mapping with
ROSTemplateFormatVersion (other YAML and JSON, such as CI configs, is skipped). Prints, per code,
how many findings and where (file:line), errors first. Used to measure the checker against the
official template repositories, which stay outside this repository.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from iaccode.iac.ros_check import check_document
from iaccode.iac.ros_loader import MAX_TEMPLATE_BYTES, load_template
from iaccode.iac.ros_report import CODES, SEVERITY_ORDER, Finding

SUFFIXES = (".yml", ".yaml", ".json")


def templates(folder: Path) -> list[Path]:
    return sorted(
        p
        for p in folder.rglob("*")
        if p.suffix in SUFFIXES and p.is_file() and ".git" not in p.parts
    )


def check_file(path: Path) -> list[Finding] | None:
    """The findings of one template, or None when the file is no ROS template."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    if len(raw) > MAX_TEMPLATE_BYTES or b"ROSTemplateFormatVersion" not in raw:
        return None
    loaded = load_template(raw.decode("utf-8", errors="replace"))
    if not loaded.loaded:
        return list(loaded.findings)
    if not isinstance(loaded.document, dict) or "ROSTemplateFormatVersion" not in loaded.document:
        return None
    return [*loaded.findings, *check_document(loaded.document, loaded.source_map).findings]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--severity", choices=list(SEVERITY_ORDER), default="info")
    parser.add_argument("--show", type=int, default=10, help="places to list per code")
    parser.add_argument("--json", action="store_true", help="print every finding as JSON lines")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        parser.error(f"{args.folder} is not a folder")
    limit = SEVERITY_ORDER[args.severity]
    where: dict[str, list[str]] = defaultdict(list)
    counts: Counter[str] = Counter()
    checked = clean = 0
    started = time.perf_counter()
    for path in templates(args.folder):
        findings = check_file(path)
        if findings is None:
            continue
        checked += 1
        shown = [f for f in findings if SEVERITY_ORDER[f.severity] <= limit]
        if not any(f.severity == "error" for f in findings):
            clean += 1
        relative = path.relative_to(args.folder)
        for finding in shown:
            counts[finding.code] += 1
            where[finding.code].append(f"{relative}:{finding.line or 0} {finding.message}")
            if args.json:
                print(json.dumps({"file": str(relative), **finding.to_dict()}, ensure_ascii=False))
    elapsed = time.perf_counter() - started
    if args.json:
        return 0
    print(f"{checked} templates checked in {elapsed:.1f}s, {clean} without errors")
    for code in sorted(counts, key=lambda c: (SEVERITY_ORDER[CODES[c][0]], c)):
        severity, title = CODES[code]
        print(f"\n{code} {severity} {title}: {counts[code]}")
        for line in where[code][: args.show]:
            print(f"  {line}")
        if len(where[code]) > args.show:
            print(f"  ... {len(where[code]) - args.show} more")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # piped into head: stop quietly
        sys.stderr.close()
        sys.exit(0)
