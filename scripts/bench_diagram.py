"""Architecture diagrams: how long drawing a template takes, and what Graphviz would cost.

- ms per diagram (graph, layout, SVG and Mermaid) of the 20- and 500-resource templates of
  `bench_checker`, already parsed; floor: the checker on the same parsed document
  (`check_document`), the review every diagram comes with;
- Graphviz, for the renderer decision (docs/decisions.md): `dot -Tsvg` on the same graph as DOT
  text with the same clusters, one process per diagram as a server would run it; floor: our
  whole diagram. Skipped when Debian's `graphviz` is not installed.

Everything runs in this process or a child on the same CPU; nothing touches the network.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable

from bench_checker import _rate, template
from bench_common import Row

NOTE = (
    "diagram: architecture diagrams (graph, layout, SVG, Mermaid) of the 20- and 500-resource\n"
    "     templates of the checker figures, parsed; floor: the checker on the same document.\n"
    "     Graphviz: dot -Tsvg on the same graph and clusters (one process per diagram);\n"
    "     floor: our pure-Python diagram."
)


def _per_call(call: Callable[[], object], minimum: float = 1.0) -> float:
    """Seconds per call (`bench_checker`'s rate, inverted)."""
    return 1 / _rate(call, minimum)


def _dot_text(doc: object) -> str:
    from iaccode.iac.diagram import Diagram, diagram_of_document

    diagram = diagram_of_document(doc)
    assert isinstance(diagram, Diagram)
    graph = diagram.graph
    lines = ["digraph G {", "rankdir=LR; node [shape=box];"]
    children: dict[str | None, list[str]] = {}
    for group in graph.groups:
        children.setdefault(group.parent, []).append(group.id)
    members: dict[str | None, list[str]] = {}
    for node in graph.nodes:
        members.setdefault(node.group, []).append(node.id)

    def emit(group: str) -> None:
        lines.append(f"subgraph {json.dumps('cluster_' + group)} {{")
        lines.append(f"label={json.dumps(group)};")
        lines.extend(f"{json.dumps(node)};" for node in members.get(group, []))
        for child in children.get(group, []):
            emit(child)
        lines.append("}")

    for group in children.get(None, []):
        emit(group)
    lines.extend(f"{json.dumps(node)};" for node in members.get(None, []))
    lines.extend(f"{json.dumps(e.source)} -> {json.dumps(e.target)};" for e in graph.edges)
    lines.append("}")
    return "\n".join(lines)


def diagram_rows() -> list[Row]:
    from iaccode.iac.diagram import Diagram, diagram_of_document
    from iaccode.iac.ros_check import check_document
    from iaccode.iac.ros_loader import load_template

    rows: list[Row] = []
    ours: dict[int, float] = {}
    docs = {}
    for size in (20, 500):
        doc = load_template(template(size)).document
        docs[size] = doc
        if not isinstance(diagram_of_document(doc), Diagram):
            raise SystemExit(f"bench template of {size} resources gives no diagram")
        ours[size] = _per_call(lambda doc=doc: diagram_of_document(doc))  # type: ignore[misc]
        floor = _per_call(lambda doc=doc: check_document(doc))  # type: ignore[misc]
        rows.append(
            (
                f"Diagram, {size}-resource template",
                f"{ours[size] * 1000:,.1f} ms",
                f"{floor * 1000:,.1f} ms (check)",
                f"{ours[size] / floor:.2f}",
                "< 1 s at 500" if size == 500 else "",
            )
        )
    dot = shutil.which("dot")
    for size in (20, 500):
        if dot is None:
            rows.append((f"Graphviz dot, {size} resources", "not installed", "", "", ""))
            continue
        text = _dot_text(docs[size]).encode()

        def run(text: bytes = text) -> None:
            subprocess.run([dot, "-Tsvg"], input=text, capture_output=True, check=True)

        seconds = _per_call(run, minimum=0.5)
        rows.append(
            (
                f"Graphviz dot -Tsvg, {size} resources",
                f"{seconds * 1000:,.1f} ms",
                f"{ours[size] * 1000:,.1f} ms (ours)",
                f"{seconds / ours[size]:.2f}",
                "",
            )
        )
    return rows


if __name__ == "__main__":
    for row in diagram_rows():
        print(" | ".join(row))
