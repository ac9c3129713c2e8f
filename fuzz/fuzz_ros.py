"""Fuzz the ROS template checker: `iaccode.iac.ros_check.check_template` on any text.

Run with atheris installed: `scripts/fuzz ros`, or `python fuzz/fuzz_ros.py fuzz/corpus/ros`. The
tests replay the corpus through `TestOneInput` without atheris.

Invariants: checking raises nothing, for any bytes (decoded as UTF-8 with replacement); every
finding has a known code with that code's severity, a line within the text when it has one, and a
message and fix that render in every language of the catalog; a template that does not load gets
exactly one finding, ROS0001 to ROS0004; a report renders as text and as JSON.
"""

from __future__ import annotations

import json
import sys

from iaccode.iac.ros_check import check_template
from iaccode.iac.ros_report import CODES

_LOAD_FAILURES = {"ROS0001", "ROS0002", "ROS0003", "ROS0004"}


def TestOneInput(data: bytes) -> None:
    text = data.decode("utf-8", errors="replace")
    report = check_template(text)
    lines = text.count("\n") + 1
    for finding in report.findings:
        assert finding.code in CODES, finding.code
        assert finding.severity == CODES[finding.code][0]
        assert finding.line is None or 1 <= finding.line <= lines + 1, finding
        assert finding.message and (finding.fix is None or finding.hint)
    codes = report.codes()
    if any(code in _LOAD_FAILURES for code in codes) and "ROS0004" not in codes:
        assert len(codes) == 1, codes  # the document did not load: one clear finding
    json.dumps(report.to_dict())
    assert report.to_text().startswith("Template check")


if __name__ == "__main__":
    import atheris
    from _support import instrument

    instrument("iaccode")
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
