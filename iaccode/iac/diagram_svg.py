"""An architecture diagram as a standalone SVG document, written directly as text.

Every name comes from a user's template, so all text goes through `_text` (XML-escaped, control
characters replaced, long names cut): a name such as `</text><script>` stays a name. The SVG has
no script and no external reference; styles are inline. Nodes are `<g class="node KIND">` with
`data-name`, edges `<path class="edge KIND">` with `data-source` and `data-target` (node names),
so clients and tests can read the picture back. Pure: no I/O.
"""

from __future__ import annotations

import html
import re

from iaccode.iac.diagram_graph import (
    ArchGraph,
    DiagramEdge,
    DiagramGroup,
    DiagramNode,
    group_title,
)
from iaccode.iac.diagram_layout import HEADER, Box, Layout, lay_out
from iaccode.iac.msg import Msg, Translate

# XML 1.0 forbids these characters even as references; a JSON key may still contain them.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
LABEL_LIMIT = 26  # characters of a name that fit a node box
TITLE_LIMIT = 200

# Fill colours by product (the second part of the type); the rest are grey.
_PRODUCT_CLASS = {
    "ECS": "compute",
    "ESS": "compute",
    "FC": "compute",
    "CS": "compute",
    "SLB": "network",
    "ALB": "network",
    "NLB": "network",
    "VPC": "network",
    "EIP": "network",
    "CDN": "network",
    "DNS": "network",
    "RDS": "data",
    "REDIS": "data",
    "POLARDB": "data",
    "MONGODB": "data",
    "KVSTORE": "data",
    "OSS": "storage",
    "NAS": "storage",
    "RAM": "identity",
    "KMS": "identity",
}

_STYLE = """
text{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:12px;fill:#1f2328}
.heading{font-weight:600;font-size:13px}
.type{font-size:10px;fill:#57606a}
.group rect{fill:none;stroke:#8c959f;rx:8}
.group.vpc rect{fill:#f0f7ff;stroke:#0969da}
.group.vswitch rect{fill:#ffffff;stroke:#54aeff;stroke-dasharray:6 3}
.group.outside rect{fill:#f6f8fa}
.group.missing rect{fill:#fff5f5;stroke:#cf222e;stroke-dasharray:4 3}
.node rect{stroke:#57606a;rx:6;fill:#ffffff}
.node.parameter rect{fill:#fff8c5;stroke:#9a6700}
.node.local rect{fill:#fbefff;stroke:#8250df}
.node.output rect{fill:#dafbe1;stroke:#1a7f37}
.node.missing rect{fill:#ffebe9;stroke:#cf222e;stroke-dasharray:4 3}
.node.compute rect{fill:#ddf4ff}
.node.network rect{fill:#dafbe1}
.node.data rect{fill:#fbefff}
.node.storage rect{fill:#fff1e5}
.node.identity rect{fill:#f6f8fa}
.edge{fill:none;stroke:#57606a;stroke-width:1.2}
.edge.DependsOn{stroke-dasharray:5 4}
.edge.dangling{stroke:#cf222e;stroke-width:1.6}
"""


def _text(value: str, limit: int = TITLE_LIMIT) -> str:
    """Escaped for element content and attribute values alike."""
    cleaned = _NOT_XML.sub("\ufffd", value)
    if len(cleaned) > limit:
        cleaned = cleaned[: limit - 1] + "…"
    return html.escape(cleaned, quote=True)


def _product_class(kind: str | None) -> str:
    if kind is None:
        return ""
    parts = kind.split("::")
    return _PRODUCT_CLASS.get(parts[1].upper(), "") if len(parts) == 3 else ""


def _node_lines(node: DiagramNode, words: Translate) -> tuple[str, str]:
    if node.kind == "parameter":
        return node.name, Msg("Parameter").render(words)
    if node.kind == "output":
        return node.name, Msg("Output").render(words)
    if node.kind == "missing":
        return node.name, Msg("not defined").render(words)
    second = (node.type or "").removeprefix("ALIYUN::")  # the full type is in the title
    if node.count is not None:
        second = f"{second} \u00d7{node.count}"
    return node.name, second


def _sides(source: Box, target: Box) -> tuple[float, float]:
    """Which sides an edge leaves and enters by: (dx, dy) of the direction, sideways first."""
    # Sideways whenever the boxes do not overlap horizontally: edges then run between columns
    # instead of cutting down through the boxes stacked in one.
    if source.x + source.width < target.x:
        return 1.0, 0.0
    if target.x + target.width < source.x:
        return -1.0, 0.0
    return (0.0, 1.0) if source.y < target.y else (0.0, -1.0)


def _edge_path(source: Box, target: Box) -> str:
    ux, uy = _sides(source, target)
    (cx1, cy1), (cx2, cy2) = source.center, target.center
    x1, y1 = cx1 + ux * source.width / 2, cy1 + uy * source.height / 2
    x2, y2 = cx2 - ux * target.width / 2, cy2 - uy * target.height / 2
    bend = max(24.0, min(120.0, (abs(x2 - x1) + abs(y2 - y1)) / 3))
    return (
        f"M{x1:.1f},{y1:.1f} C{x1 + ux * bend:.1f},{y1 + uy * bend:.1f} "
        f"{x2 - ux * bend:.1f},{y2 - uy * bend:.1f} {x2:.1f},{y2:.1f}"
    )


def _edge(edge: DiagramEdge, graph: ArchGraph, layout: Layout) -> str:
    source, target = layout.nodes.get(edge.source), layout.nodes.get(edge.target)
    if source is None or target is None:
        return ""
    source_name, target_name = edge.source.split(":", 1)[1], edge.target.split(":", 1)[1]
    classes = f"edge {edge.kind.removeprefix('Fn::')}" + (" dangling" if edge.dangling else "")
    what = f"{edge.kind} {target_name}" + (f".{edge.detail}" if edge.detail else "")
    marker = "url(#missing-arrow)" if edge.dangling else "url(#arrow)"
    return (
        f'<path class="{classes}" data-kind="{_text(edge.kind)}" data-source="{_text(source_name)}"'
        f' data-target="{_text(target_name)}" d="{_edge_path(source, target)}"'
        f' marker-end="{marker}"><title>{_text(f"{source_name}: {what}")}</title></path>'
    )


def _node(node: DiagramNode, box: Box, words: Translate) -> str:
    first, second = _node_lines(node, words)
    classes = f"node {node.kind} {_product_class(node.type)}".rstrip()
    title = node.name if node.type is None else f"{node.name} ({node.type})"
    count = f' data-count="{_text(node.count)}"' if node.count is not None else ""
    kind = f' data-type="{_text(node.type)}"' if node.type is not None else ""
    return (
        f'<g class="{classes}" data-name="{_text(node.name)}"{kind}{count}>'
        f"<title>{_text(title)}</title>"
        f'<rect x="{box.x:.1f}" y="{box.y:.1f}" width="{box.width:.0f}" '
        f'height="{box.height:.0f}"/>'
        f'<text x="{box.x + 10:.1f}" y="{box.y + 21:.1f}">{_text(first, LABEL_LIMIT)}</text>'
        f'<text class="type" x="{box.x + 10:.1f}" y="{box.y + 38:.1f}">'
        f"{_text(second, LABEL_LIMIT + 10)}</text></g>"
    )


def _group(group: DiagramGroup, box: Box, words: Translate) -> str:
    title = group_title(group, words)
    return (
        f'<g class="group {group.kind}" data-name="{_text(group.name)}">'
        f'<rect x="{box.x:.1f}" y="{box.y:.1f}" width="{box.width:.0f}" '
        f'height="{box.height:.0f}"/>'
        f'<text class="heading" x="{box.x + 10:.1f}" y="{box.y + HEADER - 8:.1f}">'
        f"{_text(title, 60)}</text></g>"
    )


def render_svg(graph: ArchGraph, title: str, words: Translate) -> str:
    """The SVG document of `graph`; `title` is its accessible name (plain text)."""
    layout = lay_out(graph)
    width, height = max(layout.width, 240.0), max(layout.height, 80.0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{_text(title)}">',
        f"<title>{_text(title)}</title>",
        f"<style>{_STYLE}</style>",
        "<defs>"
        '<marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        'fill="#57606a"/></marker>'
        '<marker id="missing-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        'fill="#cf222e"/></marker></defs>',
    ]
    headings = [
        ("parameter", Msg("Parameters").render(words)),
        ("output", Msg("Outputs").render(words)),
    ]
    for kind, heading in headings:
        first = next((node for node in graph.nodes if node.kind == kind), None)
        if first is not None and first.id in layout.nodes:
            box = layout.nodes[first.id]
            where = f'x="{box.x:.1f}" y="{box.y - 10:.1f}"'
            parts.append(f'<text class="heading" {where}>{_text(heading)}</text>')
    for group in graph.groups:
        if group.id in layout.groups:
            parts.append(_group(group, layout.groups[group.id], words))
    parts.append('<g class="edges">')
    parts.extend(_edge(edge, graph, layout) for edge in graph.edges)
    parts.append("</g>")
    for node in graph.nodes:
        if node.id in layout.nodes:
            parts.append(_node(node, layout.nodes[node.id], words))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
