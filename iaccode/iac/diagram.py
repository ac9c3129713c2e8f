"""Architecture diagrams of ROS templates: `diagram_of_template(text)` -> SVG and Mermaid text.

The entry point for callers: it loads the template with the checker's loader, builds the graph
from the checker's reference walk (`diagram_graph`), lays it out (`diagram_layout`) and writes
SVG (`diagram_svg`) and Mermaid (`diagram_mermaid`). It never raises: a template that does not
parse, has no resources or is too big to draw gives a `NoDiagram` with the reason in words.
The renderer is pure Python (no Graphviz binary), see docs/decisions.md.
"""

from __future__ import annotations

import attrs

from iaccode.iac.diagram_graph import ArchGraph, build_graph
from iaccode.iac.diagram_mermaid import render_mermaid
from iaccode.iac.diagram_svg import render_svg
from iaccode.iac.msg import Msg, Translate, english
from iaccode.iac.ros_context import CheckContext
from iaccode.iac.ros_loader import SourceMap, load_template

# A picture of more boxes or lines than this is no longer readable, and the bound keeps the
# cost of a 2 MiB template of tiny resources small.
MAX_NODES = 2_000
MAX_EDGES = 8_000
SVG_MEDIA_TYPE = "image/svg+xml"


@attrs.frozen
class Diagram:
    """A drawn template: the graph, the SVG document and the Mermaid text."""

    graph: ArchGraph
    svg: str
    mermaid: str

    @property
    def resource_count(self) -> int:
        return self.graph.resource_count


@attrs.frozen
class NoDiagram:
    """Why a template cannot be drawn, as a sentence for people."""

    reason: Msg


def diagram_of_document(doc: object, words: Translate = english) -> Diagram | NoDiagram:
    """The diagram of a parsed template; never raises."""
    if not isinstance(doc, dict):
        return NoDiagram(Msg("There is no diagram: the template is not a mapping of sections."))
    ctx = CheckContext.build(doc, SourceMap())
    if not ctx.resources:
        return NoDiagram(Msg("There is no diagram: the template has no resources."))
    # Counted before the walk, so an absurd template costs nothing more than this check.
    size = len(ctx.resources) + len(ctx.parameters) + len(ctx.outputs) + len(ctx.locals)
    if size > MAX_NODES:
        return _too_big(size)
    graph = build_graph(ctx)
    if len(graph.nodes) > MAX_NODES:
        return _too_big(len(graph.nodes))
    if len(graph.edges) > MAX_EDGES:
        return NoDiagram(
            Msg(
                "There is no diagram: the template has {count} references, more than the "
                "{limit} a diagram can show.",
                count=len(graph.edges),
                limit=MAX_EDGES,
            )
        )
    count = graph.resource_count
    title = Msg("Architecture of the template: {count} resources", count=count).render(words)
    return Diagram(graph, render_svg(graph, title, words), render_mermaid(graph, words))


def diagram_of_template(text: str, words: Translate = english) -> Diagram | NoDiagram:
    """The diagram of a JSON or YAML template body; never raises."""
    loaded = load_template(text)
    if not loaded.loaded:
        return NoDiagram(Msg("There is no diagram: the template could not be read."))
    return diagram_of_document(loaded.document, words)


def _too_big(count: int) -> NoDiagram:
    return NoDiagram(
        Msg(
            "There is no diagram: the template has {count} entries, more than the {limit} a "
            "diagram can show.",
            count=count,
            limit=MAX_NODES,
        )
    )
