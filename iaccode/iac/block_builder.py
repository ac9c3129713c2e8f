"""The template a composer builds: parameters, resources and outputs under unique names.

`TemplateBuilder` is what every building block adds to (`blocks`, `blocks_services`); `ref` and
`getatt` write the two intrinsic functions the blocks use.
"""

from __future__ import annotations

from typing import Any

import attrs

from iaccode.iac.ros_types import FORMAT_VERSION

Ref = dict[str, Any]


def ref(name: str) -> Ref:
    return {"Ref": name}


def getatt(resource: str, attribute: str) -> Ref:
    return {"Fn::GetAtt": [resource, attribute]}


@attrs.define
class TemplateBuilder:
    """Collects parameters, resources and outputs; names must be unique across all three."""

    description: str | None = None
    parameters: dict[str, dict[str, Any]] = attrs.field(factory=dict)
    resources: dict[str, dict[str, Any]] = attrs.field(factory=dict)
    outputs: dict[str, dict[str, Any]] = attrs.field(factory=dict)

    def _claim(self, name: str) -> None:
        if name in self.parameters or name in self.resources or name in self.outputs:
            raise ValueError(f"The name {name!r} is already used in this template.")

    def parameter(self, name: str, kind: str, label: str, **fields: Any) -> Ref:
        """Add a parameter and return a Ref to it."""
        self._claim(name)
        self.parameters[name] = {"Type": kind, "Label": label, **fields}
        return ref(name)

    def resource(
        self, name: str, kind: str, properties: dict[str, Any], *, depends_on: str | None = None
    ) -> str:
        """Add a resource and return its logical id."""
        self._claim(name)
        entry: dict[str, Any] = {"Type": kind, "Properties": properties}
        if depends_on is not None:
            entry["DependsOn"] = depends_on
        self.resources[name] = entry
        return name

    def output(self, name: str, value: Any, label: str, description: str | None = None) -> None:
        self._claim(name)
        self.outputs[name] = {"Value": value, "Label": label}
        if description:
            self.outputs[name]["Description"] = description

    def build(self) -> dict[str, Any]:
        if not self.resources:
            raise ValueError("A template needs at least one resource.")
        template: dict[str, Any] = {"ROSTemplateFormatVersion": FORMAT_VERSION}
        if self.description:
            template["Description"] = self.description
        if self.parameters:
            template["Parameters"] = self.parameters
        template["Resources"] = self.resources
        if self.outputs:
            template["Outputs"] = self.outputs
        return template
