"""The `render_diagram` tool: a ROS template's architecture diagram, for the llm engine.

The picture goes to the caller as artifacts (`diagram.svg`, `diagram.mmd`) with the seed's
`diagram_shown` signal (`iaccode.agent.diagrams`); the model gets what it can use in words: the
artifact names, the counts, and the names the template uses without defining them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from iaccode.agent.diagrams import publish_diagram
from iaccode.agent.i18n import translator
from iaccode.agent.tools.base import ToolContext, ToolError, ToolResult, ToolSpec
from iaccode.agent.tools.iac import template_argument
from iaccode.iac.diagram import NoDiagram


class RenderDiagram:
    spec = ToolSpec(
        name="render_diagram",
        description=(
            "Draw the architecture diagram of an Alibaba Cloud ROS template (JSON or YAML): "
            "resources grouped by VPC and vSwitch, with Ref, Fn::GetAtt and DependsOn edges. "
            "The SVG and Mermaid text are shown to the user as artifacts. Give the template "
            "text, or the path of a template in the workspace."
        ),
        parameters={
            "type": "object",
            "properties": {"template": {"type": "string"}, "path": {"type": "string"}},
        },
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        text = await template_argument(args, ctx)
        words = translator(args.get("language"))
        published = await publish_diagram(ctx.output, text, words)
        if isinstance(published, NoDiagram):
            raise ToolError(published.reason.render(words))
        graph = published.diagram.graph
        missing = [node.name for node in graph.nodes if node.kind == "missing"]
        return ToolResult(
            {
                "artifactId": published.svg_artifact_id,
                "filename": published.svg_filename,
                "mermaidArtifactId": published.mermaid_artifact_id,
                "mermaidFilename": published.mermaid_filename,
                "resources": published.diagram.resource_count,
                "edges": len(graph.edges),
                "undefinedNames": missing,
            }
        )


DIAGRAM_TOOLS = (RenderDiagram(),)
