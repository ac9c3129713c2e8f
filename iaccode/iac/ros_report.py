"""Findings and reports of the ROS template checker, and the plain-text review users read.

`Finding` is one problem at one place; `Report` is the sorted, de-duplicated set of them with a
verdict. `CODES` is the single table of finding codes: each code has one fixed severity, so a code
means the same thing everywhere (the table is repeated for readers in `ros_check`'s docstring).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

import attrs

Severity = Literal["error", "warning", "info"]

SEVERITY_ORDER: Mapping[Severity, int] = {"error": 0, "warning": 1, "info": 2}

# code -> (severity, short title). Codes are stable: never renumber, only add.
CODES: Mapping[str, tuple[Severity, str]] = {
    "ROS0001": ("error", "Template is not valid JSON or YAML"),
    "ROS0002": ("error", "Template is larger than the size limit"),
    "ROS0003": ("error", "Template nests deeper than the limit"),
    "ROS0004": ("error", "Template expands beyond the size budget or has a recursive alias"),
    "ROS0005": ("warning", "Duplicate key in a mapping"),
    "ROS1001": ("error", "Template root is not a mapping"),
    "ROS1002": ("error", "ROSTemplateFormatVersion is missing"),
    "ROS1003": ("error", "ROSTemplateFormatVersion is not 2015-09-01"),
    "ROS1004": ("warning", "ROSTemplateFormatVersion is an unquoted YAML date"),
    "ROS1005": ("error", "Unknown top-level section"),
    "ROS1006": ("error", "Section has the wrong type"),
    "ROS1007": ("error", "Resources is missing or empty"),
    "ROS1010": ("error", "Terraform template has no Workspace"),
    "ROS1011": ("error", "Workspace path is absolute or leaves the workspace"),
    "ROS1012": ("error", "Workspace file content is not a string"),
    "ROS1013": ("error", "Workspace has no .tf file"),
    "ROS1014": ("warning", "Workspace without a Terraform Transform"),
    "ROS1020": ("error", "Name contains a forbidden character"),
    "ROS1021": ("warning", "Name is defined in more than one section"),
    "ROS2001": ("error", "Parameter definition is not a mapping"),
    "ROS2002": ("error", "Parameter has no Type"),
    "ROS2003": ("error", "Parameter Type is unknown"),
    "ROS2004": ("error", "Unknown parameter attribute"),
    "ROS2005": ("error", "Parameter constraint has the wrong type"),
    "ROS2006": ("error", "AllowedPattern is not a valid regular expression"),
    "ROS2007": ("error", "Minimum is greater than maximum"),
    "ROS2008": ("error", "Default is not one of AllowedValues"),
    "ROS2009": ("error", "Default does not match AllowedPattern"),
    "ROS2010": ("error", "Default length is out of range"),
    "ROS2011": ("error", "Default value is out of range"),
    "ROS2012": ("error", "Number parameter default is not a number"),
    "ROS2013": ("error", "Boolean parameter default is not a boolean"),
    "ROS2014": ("warning", "Parameter is never used"),
    "ROS3001": ("error", "Resource definition is not a mapping"),
    "ROS3002": ("error", "Resource has no Type"),
    "ROS3003": ("warning", "Resource Type has an unexpected prefix"),
    "ROS3004": ("error", "Unknown resource attribute"),
    "ROS3005": ("error", "Resource Properties is not a mapping"),
    "ROS3006": ("error", "DependsOn names no resource"),
    "ROS3007": ("error", "Resources depend on each other in a cycle"),
    "ROS3010": ("error", "Required property is missing"),
    "ROS3011": ("warning", "Expected property is missing"),
    "ROS3012": ("error", "Property value is not allowed"),
    "ROS3013": ("error", "CIDR block is not a valid IPv4 CIDR"),
    "ROS3014": ("error", "VSwitch CIDR block is outside its VPC"),
    "ROS3015": ("error", "VSwitch CIDR blocks overlap"),
    "ROS4001": ("error", "Reference to an unknown name"),
    "ROS4002": ("error", "Ref is malformed"),
    "ROS4003": ("warning", "ALIYUN::Index outside a Count resource"),
    "ROS4004": ("error", "Fn::GetAtt is malformed"),
    "ROS4005": ("error", "Fn::GetAtt names no resource"),
    "ROS4006": ("error", "Unknown attribute for the resource type"),
    "ROS4007": ("error", "Fn::Sub is malformed"),
    "ROS4008": ("error", "Condition reference names no condition"),
    "ROS4009": ("error", "Fn::FindInMap names no mapping or key"),
    "ROS4010": ("error", "Unknown function"),
    "ROS5001": ("error", "Output definition is not a mapping"),
    "ROS5002": ("error", "Output has no Value"),
    "ROS5003": ("error", "Unknown output key"),
    "ROS5004": ("info", "Output has no Label"),
}


@attrs.frozen(kw_only=True)
class Finding:
    """One problem in a template, at one place, with a way to fix it."""

    code: str
    severity: Severity
    message: str
    path: str
    line: int | None = None
    column: int | None = None
    hint: str = ""

    @property
    def location(self) -> str:
        if self.line is None:
            return self.path or "template"
        position = (
            f"line {self.line}"
            if self.column is None
            else (f"line {self.line}, column {self.column}")
        )
        return f"{self.path} ({position})" if self.path else position

    def sort_key(self) -> tuple[int, str, int, int, str, str]:
        return (
            SEVERITY_ORDER[self.severity],
            self.path,
            self.line or 0,
            self.column or 0,
            self.code,
            self.message,
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "hint": self.hint,
        }


def make_finding(
    code: str,
    message: str,
    *,
    path: str = "",
    hint: str = "",
    line: int | None = None,
    column: int | None = None,
) -> Finding:
    """Build a finding whose severity comes from `CODES`, so call sites cannot disagree."""
    severity, _title = CODES[code]
    return Finding(
        code=code,
        severity=severity,
        message=message,
        path=path,
        line=line,
        column=column,
        hint=hint,
    )


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


_GROUP_TITLES: Mapping[Severity, str] = {"error": "Errors", "warning": "Warnings", "info": "Notes"}


def sort_findings(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """Sort by (severity, path, position, code) and drop exact duplicates (aliases repeat nodes)."""
    return tuple(sorted(set(findings), key=Finding.sort_key))


@attrs.frozen
class Report:
    """The outcome of checking one template: findings sorted by (severity, path)."""

    findings: tuple[Finding, ...] = attrs.field(converter=sort_findings)

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "error")

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "warning")

    @property
    def infos(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity == "info")

    @property
    def ok(self) -> bool:
        return not self.errors

    def codes(self) -> list[str]:
        return [f.code for f in self.findings]

    def summary(self) -> str:
        """The one-line verdict."""
        errors, warnings, infos = len(self.errors), len(self.warnings), len(self.infos)
        parts = [
            _plural(count, word)
            for count, word in ((errors, "error"), (warnings, "warning"), (infos, "note"))
            if count
        ]
        counted = " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)
        if errors:
            return f"Template check failed with {counted}; fix the errors before deploying."
        if warnings:
            return f"Template check passed with {counted}; review the warnings before deploying."
        if infos:
            return f"Template check passed with {counted} and no errors or warnings."
        return "Template check passed with no errors, warnings or notes."

    def to_text(self) -> str:
        """A readable review: the verdict, then findings grouped by severity with fixes."""
        lines = [self.summary()]
        for severity, title in _GROUP_TITLES.items():
            group = [f for f in self.findings if f.severity == severity]
            if not group:
                continue
            lines.append("")
            lines.append(f"{title} ({len(group)}):")
            for number, finding in enumerate(group, start=1):
                lines.append(f"  {number}. [{finding.code}] {finding.location}")
                lines.append(f"     {finding.message}")
                if finding.hint:
                    lines.append(f"     Fix: {finding.hint}")
        return "\n".join(lines) + "\n"

    def to_dict(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "summary": self.summary(),
            "counts": {
                "error": len(self.errors),
                "warning": len(self.warnings),
                "info": len(self.infos),
            },
            "findings": [f.to_dict() for f in self.findings],
        }
