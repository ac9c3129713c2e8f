"""An architecture diagram as Mermaid flowchart text, for clients that render Mermaid themselves.

Node ids are generated (`n0`, `g0` ...), never taken from the template, and every label is
quoted with Mermaid's entity codes for the characters that could end it or start markup
(`"`, `#`, `<`, `>`, `&`, backtick, `|`, brackets, newlines), so a name cannot inject syntax.
Pure: no I/O.
"""

from __future__ import annotations

import re

from iaccode.iac.diagram_graph import ArchGraph, DiagramGroup, DiagramNode, group_title
from iaccode.iac.msg import Msg, Translate

LABEL_LIMIT = 80
_UNSAFE = re.compile(r"[\"#<>&`|\[\]{}()\\\x00-\x1f\x7f]")


def _label(value: str) -> str:
    """A quoted Mermaid label; unsafe characters become `#<code>;` entities."""
    cut = value if len(value) <= LABEL_LIMIT else value[: LABEL_LIMIT - 1] + "…"
    return '"' + _UNSAFE.sub(lambda match: f"#{ord(match.group())};", cut) + '"'


def _node_label(node: DiagramNode, words: Translate) -> str:
    if node.kind == "parameter":
        return _label(Msg("Parameter {name}", name=node.name).render(words))
    if node.kind == "output":
        return _label(Msg("Output {name}", name=node.name).render(words))
    if node.kind == "missing":
        return _label(Msg("{name} (not defined)", name=node.name).render(words))
    details = node.type or ""
    if node.count is not None:
        details = f"{details} \u00d7{node.count}"
    return _label(f"{node.name} · {details}" if details else node.name)


_SHAPES = {
    "parameter": ("([", "])"),
    "local": ("([", "])"),
    "output": ("[/", "/]"),
    "missing": ("[", "]:::missing"),
    "resource": ("[", "]"),
}


def render_mermaid(graph: ArchGraph, words: Translate) -> str:
    """`flowchart LR` text of `graph`: groups as nested subgraphs, edges labelled by kind."""
    ids = {node.id: f"n{index}" for index, node in enumerate(graph.nodes)}
    group_ids = {group.id: f"g{index}" for index, group in enumerate(graph.groups)}
    members: dict[str | None, list[DiagramNode]] = {}
    for node in graph.nodes:
        members.setdefault(node.group, []).append(node)
    children: dict[str | None, list[DiagramGroup]] = {}
    for group in graph.groups:
        children.setdefault(group.parent, []).append(group)
    lines = ["flowchart LR"]

    def emit_nodes(nodes: list[DiagramNode], indent: str) -> None:
        for node in nodes:
            start, end = _SHAPES[node.kind]
            lines.append(f"{indent}{ids[node.id]}{start}{_node_label(node, words)}{end}")

    # Iterative, so no template can make the writer recurse deeply (vSwitches sit one level in).
    stack: list[tuple[DiagramGroup | None, str]] = [
        (group, "  ") for group in reversed(children.get(None, []))
    ]
    emit_nodes(members.get(None, []), "  ")
    while stack:
        entry, indent = stack.pop()
        if entry is None:
            lines.append(f"{indent}end")
            continue
        group = entry
        lines.append(f"{indent}subgraph {group_ids[group.id]}[{_label(group_title(group, words))}]")
        emit_nodes(members.get(group.id, []), indent + "  ")
        stack.append((None, indent))
        stack.extend((child, indent + "  ") for child in reversed(children.get(group.id, [])))
    for edge in graph.edges:
        arrow = "-.->" if edge.kind == "DependsOn" else "-->"
        text = f"{edge.kind} {edge.detail}" if edge.detail else edge.kind
        lines.append(f"  {ids[edge.source]} {arrow}|{_label(text)}| {ids[edge.target]}")
    if any(node.kind == "missing" for node in graph.nodes):
        lines.append("  classDef missing stroke:#cf222e,stroke-dasharray:4 3,color:#cf222e")
    return "\n".join(lines) + "\n"
