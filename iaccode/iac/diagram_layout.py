"""Where each box of an architecture diagram goes: nested groups packed as grids, in one pass.

Three columns: parameters and locals on the left, the network in the middle (each VPC a box,
its vSwitches side by side inside it, the resources of each in a grid; then the resources
outside any VPC, then names the template uses but does not define), outputs on the right.
Edges are not routed around boxes: an architecture picture reads by placement first, and this
keeps the layout linear in the size of the template (see docs/decisions.md). Pure: no I/O.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from iaccode.iac.diagram_graph import ArchGraph, DiagramGroup, DiagramNode

NODE_WIDTH = 196
NODE_HEIGHT = 52
GAP = 16
PAD = 12
HEADER = 24
MAX_COLUMNS = 4  # resources side by side inside one group
MAX_GROUPS_IN_ROW = 3  # vSwitches side by side inside one VPC


@attrs.frozen
class Box:
    x: float
    y: float
    width: float
    height: float

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2


@attrs.frozen
class Layout:
    """Boxes of nodes and groups (by id), and the size of the whole picture."""

    nodes: dict[str, Box]
    groups: dict[str, Box]
    width: float
    height: float


@attrs.define
class _Packer:
    graph: ArchGraph
    nodes: dict[str, Box] = attrs.field(factory=dict)
    groups: dict[str, Box] = attrs.field(factory=dict)
    members: dict[str | None, list[DiagramNode]] = attrs.field(factory=dict)
    children: dict[str | None, list[DiagramGroup]] = attrs.field(factory=dict)
    sizes: dict[str, tuple[float, float]] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        for node in self.graph.nodes:
            self.members.setdefault(node.group, []).append(node)
        for group in self.graph.groups:
            self.children.setdefault(group.parent, []).append(group)

    def size(self, group: DiagramGroup) -> tuple[float, float]:
        """The size of a group's box (computed once: `place` asks again for every child)."""
        known = self.sizes.get(group.id)
        if known is not None:
            return known
        width, height = self._grid_size(len(self.members.get(group.id, [])))
        subgroups = self.children.get(group.id, [])
        rows = [
            subgroups[i : i + MAX_GROUPS_IN_ROW]
            for i in range(0, len(subgroups), MAX_GROUPS_IN_ROW)
        ]
        for row in rows:
            sizes = [self.size(child) for child in row]
            row_width = sum(w for w, _ in sizes) + GAP * (len(sizes) - 1)
            width = max(width, row_width)
            height += (GAP if height else 0) + max(h for _, h in sizes)
        self.sizes[group.id] = (max(width, NODE_WIDTH) + 2 * PAD, height + HEADER + PAD)
        return self.sizes[group.id]

    def place(self, group: DiagramGroup, x: float, y: float) -> float:
        """Put the group's box at (x, y) with everything in it; returns its height."""
        width, height = self.size(group)
        self.groups[group.id] = Box(x, y, width, height)
        inner_y = y + HEADER
        members = self.members.get(group.id, [])
        _, grid_height = self._grid_size(len(members))
        self._grid(members, x + PAD, inner_y)
        cursor_y = inner_y + grid_height + (GAP if grid_height else 0)
        subgroups = self.children.get(group.id, [])
        for start in range(0, len(subgroups), MAX_GROUPS_IN_ROW):
            cursor_x, tallest = x + PAD, 0.0
            for child in subgroups[start : start + MAX_GROUPS_IN_ROW]:
                child_width, _ = self.size(child)
                tallest = max(tallest, self.place(child, cursor_x, cursor_y))
                cursor_x += child_width + GAP
            cursor_y += tallest + GAP
        return height

    def _grid_size(self, count: int) -> tuple[float, float]:
        if count == 0:
            return 0.0, 0.0
        columns = _columns(count)
        rows = math.ceil(count / columns)
        return columns * NODE_WIDTH + (columns - 1) * GAP, rows * NODE_HEIGHT + (rows - 1) * GAP

    def _grid(self, members: Sequence[DiagramNode], x: float, y: float) -> None:
        columns = _columns(len(members)) if members else 1
        for index, node in enumerate(members):
            row, column = divmod(index, columns)
            self.nodes[node.id] = Box(
                x + column * (NODE_WIDTH + GAP),
                y + row * (NODE_HEIGHT + GAP),
                NODE_WIDTH,
                NODE_HEIGHT,
            )

    def column(self, nodes: Sequence[DiagramNode], x: float, y: float) -> float:
        for index, node in enumerate(nodes):
            self.nodes[node.id] = Box(x, y + index * (NODE_HEIGHT + GAP), NODE_WIDTH, NODE_HEIGHT)
        return len(nodes) * (NODE_HEIGHT + GAP) - (GAP if nodes else 0)


def _columns(count: int) -> int:
    return max(1, min(MAX_COLUMNS, math.ceil(math.sqrt(count))))


def lay_out(graph: ArchGraph) -> Layout:
    """Boxes for every node and group of `graph`."""
    packer = _Packer(graph)
    loose = packer.members.get(None, [])
    inputs = [node for node in loose if node.kind in ("parameter", "local")]
    outputs = [node for node in loose if node.kind == "output"]
    margin = GAP + HEADER  # room for the column headings
    left_height = packer.column(inputs, GAP, margin)
    middle_x = GAP + (NODE_WIDTH + 2 * GAP if inputs else 0)
    cursor_y, middle_width = float(margin), 0.0
    for group in packer.children.get(None, []):
        width, _ = packer.size(group)
        cursor_y += packer.place(group, middle_x, cursor_y) + GAP
        middle_width = max(middle_width, width)
    right_x = middle_x + middle_width + (2 * GAP if middle_width else 0)
    right_height = packer.column(outputs, right_x, margin)
    width = right_x + (NODE_WIDTH + GAP if outputs else 0)
    height = max(cursor_y, margin + left_height + GAP, margin + right_height + GAP)
    return Layout(packer.nodes, packer.groups, width, height)
