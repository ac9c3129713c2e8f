"""Render a ROS template dict as the YAML or JSON text people read and `check_template` reads.

Sections come in a fixed, readable order (version, Description, Transform, Parameters, ...,
Resources, Outputs, Workspace last because it is long) whatever order the dict was built in.
YAML: the version is quoted ('2015-09-01', so no reader turns it into a date), multi-line text
such as Terraform files is written as `|` blocks, and shared sub-objects are written out in full
instead of as anchors and aliases, which ROS does not need and readers trip over.
JSON is indented for reading; it uses the standard library, like `ros_loader`, because
`iaccode.wire.json` writes compact wire bytes only.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import yaml

SECTION_ORDER: tuple[str, ...] = (
    "ROSTemplateFormatVersion",
    "HeatTemplateFormatVersion",
    "Description",
    "Transform",
    "Metadata",
    "Parameters",
    "Mappings",
    "Conditions",
    "Locals",
    "Resources",
    "Outputs",
    "Rules",
    "Workspace",
)


def ordered(template: Mapping[str, Any]) -> dict[str, Any]:
    """The template with its sections in `SECTION_ORDER`; unknown sections keep their order."""
    known = {name: template[name] for name in SECTION_ORDER if name in template}
    rest = {name: value for name, value in template.items() if name not in known}
    return {**known, **rest}


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(str, _represent_str)


def render_yaml(template: Mapping[str, Any]) -> str:
    """YAML text of a template, sections in order."""
    return yaml.dump(
        ordered(template),
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=100_000,
    )


def render_json(template: Mapping[str, Any]) -> str:
    """Indented JSON text of a template, sections in order."""
    return json.dumps(ordered(template), indent=2, ensure_ascii=False) + "\n"
