"""Findings and reports of the ROS template checker, and the plain-text review users read.

`Finding` is one problem at one place; `Report` is the sorted, de-duplicated set of them with a
verdict. `CODES` is the single table of finding codes: each code has one fixed severity, so a code
means the same thing everywhere (the table is repeated for readers in `ros_check`'s docstring).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

import attrs

from iaccode.iac.msg import Msg, Translate, Value, and_list, english

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
    "ROS2015": ("error", "Parameter value uses a function"),
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
    "ROS3016": ("warning", "Property value is not among values the schema lists wrongly"),
    "ROS3020": ("warning", "Resource type is not in the ROS schema"),
    "ROS3021": ("warning", "Property is not in the ROS schema"),
    "ROS3022": ("error", "Property value has the wrong type"),
    "ROS4001": ("error", "Reference to an unknown name"),
    "ROS4002": ("error", "Ref is malformed"),
    "ROS4003": ("warning", "ALIYUN::Index outside a Count resource"),
    "ROS4004": ("error", "Fn::GetAtt is malformed"),
    "ROS4005": ("error", "Fn::GetAtt names no resource"),
    "ROS4006": ("warning", "Attribute is not in the ROS schema for the resource type"),
    "ROS4007": ("error", "Fn::Sub is malformed"),
    "ROS4008": ("error", "Condition reference names no condition"),
    "ROS4009": ("error", "Fn::FindInMap names no mapping or key"),
    "ROS4010": ("error", "Unknown function"),
    "ROS4011": ("error", "Function arguments have the wrong shape"),
    "ROS4012": ("error", "Fn::Select index is out of range"),
    "ROS4013": ("error", "Conditions or Rules use a resource value"),
    "ROS4014": ("warning", "Conditions use a function ROS does not evaluate there"),
    "ROS5001": ("error", "Output definition is not a mapping"),
    "ROS5002": ("error", "Output has no Value"),
    "ROS5003": ("error", "Unknown output key"),
    "ROS5004": ("info", "Output has no Label"),
    "ROS6001": ("error", "Rule is malformed"),
}


@attrs.frozen(kw_only=True)
class Finding:
    """One problem in a template, at one place, with a way to fix it.

    `text` and `fix` are kept as messages so a report can be read in the caller's language;
    `message` and `hint` are their English renderings (what `to_dict` gives a model).
    """

    code: str
    severity: Severity
    text: Msg
    path: str
    line: int | None = None
    column: int | None = None
    fix: Msg | None = None

    @property
    def message(self) -> str:
        return self.text.render()

    @property
    def hint(self) -> str:
        return self.fix.render() if self.fix is not None else ""

    @property
    def location(self) -> str:
        return self.locate()

    def locate(self, translate: Translate = english) -> str:
        """Where the finding is: the path (never translated) and the line, in words."""
        if self.line is None:
            return self.path or Msg("template").render(translate)
        if self.column is None:
            position = Msg("line {line}", line=self.line)
        else:
            position = Msg("line {line}, column {column}", line=self.line, column=self.column)
        shown = position.render(translate)
        return f"{self.path} ({shown})" if self.path else shown

    def sort_key(self) -> tuple[int, str, int, int, str, str]:
        return (
            SEVERITY_ORDER[self.severity],
            self.path,
            self.line or 0,
            self.column or 0,
            self.code,
            self.message,
        )

    def to_dict(self, translate: Translate = english) -> dict[str, object]:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.text.render(translate),
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "hint": self.fix.render(translate) if self.fix is not None else "",
        }


def make_finding(
    code: str,
    message: Msg | str,
    *,
    path: str = "",
    hint: Msg | str = "",
    line: int | None = None,
    column: int | None = None,
) -> Finding:
    """Build a finding whose severity comes from `CODES`, so call sites cannot disagree."""
    severity, _title = CODES[code]
    return Finding(
        code=code,
        severity=severity,
        text=message if isinstance(message, Msg) else Msg.plain(message),
        path=path,
        line=line,
        column=column,
        fix=(hint if isinstance(hint, Msg) else Msg.plain(hint)) if hint else None,
    )


# One message per count and word, so each language says "1 error" / "2 errors" its own way
# (counts here are never 0, and every supported language uses the singular for exactly 1).
# Values are filled in where they are used.
_COUNTED: Mapping[Severity, tuple[Msg, Msg]] = {
    "error": (Msg("{count} error"), Msg("{count} errors")),
    "warning": (Msg("{count} warning"), Msg("{count} warnings")),
    "info": (Msg("{count} note"), Msg("{count} notes")),
}

_GROUP_TITLES: Mapping[Severity, Msg] = {
    "error": Msg("Errors ({count}):"),
    "warning": Msg("Warnings ({count}):"),
    "info": Msg("Notes ({count}):"),
}


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

    def verdict(self) -> Msg:
        """The one-line verdict, as a message."""
        errors, warnings, infos = len(self.errors), len(self.warnings), len(self.infos)
        counts: tuple[tuple[Severity, int], ...] = (
            ("error", errors),
            ("warning", warnings),
            ("info", infos),
        )
        parts: list[Value] = [
            Msg(_COUNTED[severity][count != 1].template, count=count)
            for severity, count in counts
            if count
        ]
        if errors:
            return Msg(
                "Template check failed with {counted}; fix the errors before deploying.",
                counted=and_list(parts),
            )
        if warnings:
            return Msg(
                "Template check passed with {counted}; review the warnings before deploying.",
                counted=and_list(parts),
            )
        if infos:
            return Msg(
                "Template check passed with {counted} and no errors or warnings.",
                counted=and_list(parts),
            )
        return Msg("Template check passed with no errors, warnings or notes.")

    def summary(self, translate: Translate = english) -> str:
        """The one-line verdict."""
        return self.verdict().render(translate)

    def to_text(self, translate: Translate = english) -> str:
        """A readable review: the verdict, then findings grouped by severity with fixes.

        Codes, paths and the values in messages stay as they are in every language."""
        lines = [self.summary(translate)]
        for severity, title in _GROUP_TITLES.items():
            group = [f for f in self.findings if f.severity == severity]
            if not group:
                continue
            lines.append("")
            lines.append(Msg(title.template, count=len(group)).render(translate))
            for number, finding in enumerate(group, start=1):
                lines.append(f"  {number}. [{finding.code}] {finding.locate(translate)}")
                lines.append(f"     {finding.text.render(translate)}")
                if finding.fix is not None:
                    fix = Msg("Fix: {hint}", hint=finding.fix)
                    lines.append(f"     {fix.render(translate)}")
        return "\n".join(lines) + "\n"

    def to_dict(self, translate: Translate = english) -> dict[str, object]:
        return {
            "ok": self.ok,
            "summary": self.summary(translate),
            "counts": {
                "error": len(self.errors),
                "warning": len(self.warnings),
                "info": len(self.infos),
            },
            "findings": [f.to_dict(translate) for f in self.findings],
        }
