"""Architecture diagrams as artifacts of a turn: the SVG, the Mermaid text, and the signal.

`publish_diagram` draws a template (`iaccode.iac.diagram`, in a worker thread: it is CPU-bound),
stores `diagram.svg` (`image/svg+xml`) and `diagram.mmd` (Mermaid) as file:// artifacts like
every other artifact, and announces the SVG with the seed's `diagram_shown` pipeline signal
(AG-UI: CUSTOM `iac-code.pipeline.v1`), so a console can show it next to the answer.
`attach_diagram` is the offline engine's one hook.
"""

from __future__ import annotations

import attrs
import trio

from iaccode.agent.engine import TurnOutput
from iaccode.iac.diagram import SVG_MEDIA_TYPE, Diagram, NoDiagram, diagram_of_template
from iaccode.iac.msg import Translate
from iaccode.model.ids import new_id

MERMAID_MEDIA_TYPE = "text/vnd.mermaid"


@attrs.frozen
class PublishedDiagram:
    """What was stored: the two artifacts and the diagram itself."""

    diagram: Diagram
    svg_artifact_id: str
    svg_filename: str
    mermaid_artifact_id: str
    mermaid_filename: str


async def publish_diagram(
    output: TurnOutput, template: str, words: Translate
) -> PublishedDiagram | NoDiagram:
    """Draw `template` and store it as artifacts; a `NoDiagram` (nothing stored) says why not.

    Never raises for any template text; cancellation stops it at the artifact writes (each
    artifact is written atomically, so none is left half written)."""
    result = await trio.to_thread.run_sync(diagram_of_template, template, words)
    if isinstance(result, NoDiagram):
        return result
    svg = await output.file_artifact("diagram.svg", result.svg.encode("utf-8"), SVG_MEDIA_TYPE)
    mermaid = await output.file_artifact(
        "diagram.mmd", result.mermaid.encode("utf-8"), MERMAID_MEDIA_TYPE
    )
    await output.status(
        {
            "pipeline": {
                "eventType": "diagram_shown",
                "eventId": f"diagram-{new_id()}",
                "artifactId": svg.artifact_id,
                "name": svg.name,
                "mediaType": SVG_MEDIA_TYPE,
                "mermaidArtifactId": mermaid.artifact_id,
                "resources": result.resource_count,
            }
        }
    )
    return PublishedDiagram(
        result,
        svg.artifact_id,
        svg.name or "diagram.svg",
        mermaid.artifact_id,
        mermaid.name or "diagram.mmd",
    )


async def attach_diagram(output: TurnOutput, template: object, words: Translate) -> None:
    """Publish the diagram of `template` when it is text that can be drawn; else nothing.

    The answer's text stays as it is: clients list the artifacts, and a console shows the
    picture on `diagram_shown`. A template that cannot be drawn is already explained by the
    review or the tool result, so a `NoDiagram` adds nothing."""
    if isinstance(template, str) and template.strip():
        await publish_diagram(output, template, words)
