"""The state one template check shares between its rule modules.

`CheckContext` holds the document's sections as name -> definition tables, the source map for
locating findings, and the findings gathered so far. Rule modules (`ros_parameters`,
`ros_resources`, `ros_refs`, `ros_check`) read the tables and call `add`; none of them raises on
odd input, because documents may come from anywhere (a YAML file, a tool call, a fuzzer).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping

import attrs

from iaccode.iac.msg import Msg, Value
from iaccode.iac.ros_loader import Path, SourceMap, key_segment, path_text
from iaccode.iac.ros_report import Finding, make_finding
from iaccode.iac.ros_types import PSEUDO_PARAMETERS, TERRAFORM_TRANSFORM_PREFIXES

NO_VALUE = "ALIYUN::NoValue"


def did_you_mean(word: object, candidates: Iterable[str]) -> str | None:
    """The closest candidate to `word`, comparing case-insensitively, or None if none is close."""
    if not isinstance(word, str) or not word:
        return None
    pool = sorted(set(candidates))
    by_folded = {c.casefold(): c for c in pool}
    if word.casefold() in by_folded:
        return by_folded[word.casefold()]
    matches = difflib.get_close_matches(word.casefold(), list(by_folded), n=1, cutoff=0.6)
    return by_folded[matches[0]] if matches else None


def suggestion(word: object, candidates: Iterable[str], otherwise: Msg) -> Msg:
    """A one-sentence hint that names the closest candidate, or `otherwise` when none is close."""
    match = did_you_mean(word, candidates)
    if match is None:
        return otherwise
    return Msg(
        "Use {match!r} if that is what you meant, or {otherwise}",
        match=match,
        otherwise=otherwise.lowered(),
    )


def str_keys(value: Mapping[object, object]) -> dict[str, object]:
    """A mapping with every key as its path segment (YAML allows int or date keys)."""
    return {key_segment(key): item for key, item in value.items()}


def is_no_value(value: object) -> bool:
    """True for `{"Ref": "ALIYUN::NoValue"}`, which ROS treats as if the property were absent."""
    return isinstance(value, dict) and len(value) == 1 and value.get("Ref") == NO_VALUE


def is_terraform_transform(transform: object) -> bool:
    return isinstance(transform, str) and transform.startswith(TERRAFORM_TRANSFORM_PREFIXES)


def describe(value: object) -> str:
    """A short rendering of a value for messages; long values are cut."""
    text = repr(value) if not isinstance(value, str) else f"'{value}'"
    return text if len(text) <= 60 else text[:57] + "..."


def _section(doc: Mapping[str, object], name: str) -> dict[str, object]:
    value = doc.get(name)
    return str_keys(value) if isinstance(value, dict) else {}


@attrs.define
class CheckContext:
    """Symbol tables and findings of one check; built from a root mapping."""

    doc: dict[str, object]
    source_map: SourceMap
    findings: list[Finding] = attrs.field(factory=list)
    is_terraform: bool = False
    parameters: dict[str, object] = attrs.field(factory=dict)
    resources: dict[str, object] = attrs.field(factory=dict)
    locals: dict[str, object] = attrs.field(factory=dict)
    conditions: dict[str, object] = attrs.field(factory=dict)
    mappings: dict[str, object] = attrs.field(factory=dict)
    outputs: dict[str, object] = attrs.field(factory=dict)

    @classmethod
    def build(cls, root: Mapping[object, object], source_map: SourceMap) -> CheckContext:
        doc = str_keys(root)
        return cls(
            doc=doc,
            source_map=source_map,
            is_terraform=is_terraform_transform(doc.get("Transform")),
            parameters=_section(doc, "Parameters"),
            resources=_section(doc, "Resources"),
            locals=_section(doc, "Locals"),
            conditions=_section(doc, "Conditions"),
            mappings=_section(doc, "Mappings"),
            outputs=_section(doc, "Outputs"),
        )

    def add(self, code: str, path: Path, message: Msg, hint: Msg) -> None:
        where = self.source_map.locate(path)
        self.findings.append(
            make_finding(
                code,
                message,
                path=path_text(path),
                hint=hint,
                line=where[0] if where else None,
                column=where[1] if where else None,
            )
        )

    def resource_type(self, name: str) -> str | None:
        entry = self.resources.get(name)
        if isinstance(entry, dict):
            kind = entry.get("Type")
            if isinstance(kind, str):
                return kind
        return None

    def has_count(self, resource: str) -> bool:
        entry = self.resources.get(resource)
        return isinstance(entry, dict) and "Count" in entry

    def ref_targets(self) -> list[str]:
        """Every name a Ref may point at (for did-you-mean hints)."""
        return [*self.parameters, *self.resources, *self.locals, *PSEUDO_PARAMETERS]

    def is_ref_target(self, name: str) -> bool:
        return (
            name in self.parameters
            or name in self.resources
            or name in self.locals
            or name in PSEUDO_PARAMETERS
        )

    def check_condition_name(self, path: Path, value: object, where: Value) -> None:
        """A `Condition` on a resource or output, the first argument of Fn::If, or `!Condition`."""
        if isinstance(value, str) and value in self.conditions:
            return
        if not isinstance(value, str):
            self.add(
                "ROS4008",
                path,
                Msg(
                    "The condition of {where} must be the name of a condition, not {value}.",
                    where=where,
                    value=describe(value),
                ),
                Msg("Define the expression under Conditions and use its name here."),
            )
            return
        if not self.conditions:
            hint = Msg(
                "Add a condition named {name!r} under Conditions, or remove the reference.",
                name=value,
            )
        else:
            hint = suggestion(
                value,
                self.conditions,
                Msg(
                    "Add a condition named {name!r} under Conditions, or use an existing one.",
                    name=value,
                ),
            )
        self.add(
            "ROS4008",
            path,
            Msg(
                "The condition {name!r} used by {where} is not defined in Conditions.",
                name=value,
                where=where,
            ),
            hint,
        )
