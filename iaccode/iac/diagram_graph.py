"""What an architecture diagram of a ROS template shows: nodes, edges and network groups.

Built from the checker's own reference walk (`ros_refs.collect_usages` over a `CheckContext`), so
the diagram and the findings agree: a Ref, Fn::GetAtt, Fn::Sub placeholder or DependsOn entry
that the checker reports as naming nothing is drawn as an edge to a "missing" node.

Edges point from the entry that uses a value to the entry that provides it (a vSwitch's VpcId
Ref points at the VPC). Resources are grouped by network placement: a resource whose Properties
name a vSwitch sits in that vSwitch, one that names only a VPC sits in the VPC, a vSwitch sits in
its VPC; everything else (OSS, RAM, DNS ...) sits apart, outside any VPC. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import attrs

from iaccode.iac.msg import Msg, Translate
from iaccode.iac.ros_context import CheckContext
from iaccode.iac.ros_refs import (
    Usage,
    collect_usages,
    depends_on_names,
    getatt_parts,
    is_data_source_local,
    sub_parts,
    sub_references,
)
from iaccode.iac.ros_types import PSEUDO_PARAMETERS

NodeKind = Literal["resource", "parameter", "local", "output", "missing"]
EdgeKind = Literal["Ref", "Fn::GetAtt", "Fn::Sub", "DependsOn"]
GroupKind = Literal["vpc", "vswitch", "outside", "missing"]

VPC_TYPES = frozenset({"ALIYUN::ECS::VPC"})
VSWITCH_TYPES = frozenset({"ALIYUN::ECS::VSwitch"})

_SECTION_KIND: dict[str, NodeKind] = {
    "Resources": "resource",
    "Locals": "local",
    "Outputs": "output",
}


@attrs.frozen
class DiagramNode:
    """One box: `id` is `kind:name`, unique in the diagram; `group` the id of its group."""

    id: str
    kind: NodeKind
    name: str
    type: str | None = None
    count: str | None = None  # the resource's Count, as written ("3", "Ref Size")
    group: str | None = None


@attrs.frozen
class DiagramEdge:
    """`source` uses a value of `target`; `detail` is the attribute of a Fn::GetAtt."""

    source: str
    target: str
    kind: EdgeKind
    detail: str = ""
    dangling: bool = False


@attrs.frozen
class DiagramGroup:
    """A box around nodes: a VPC, a vSwitch (inside its VPC when known), or the rest."""

    id: str
    kind: GroupKind
    name: str
    parent: str | None = None


@attrs.frozen
class ArchGraph:
    """Everything a renderer needs, in template order."""

    nodes: tuple[DiagramNode, ...]
    edges: tuple[DiagramEdge, ...]
    groups: tuple[DiagramGroup, ...]

    @property
    def resource_count(self) -> int:
        return sum(1 for node in self.nodes if node.kind == "resource")


OUTSIDE = "group:outside"
MISSING = "group:missing"


def group_title(group: DiagramGroup, words: Translate) -> str:
    """The heading of a group's box, in the reader's language."""
    if group.kind == "vpc":
        return Msg("VPC {name}", name=group.name).render(words)
    if group.kind == "vswitch":
        return Msg("vSwitch {name}", name=group.name).render(words)
    if group.kind == "missing":
        return Msg("Not defined in this template").render(words)
    return Msg("Outside any VPC").render(words)


def _count_text(entry: object) -> str | None:
    if not isinstance(entry, dict) or "Count" not in entry:
        return None
    value = entry["Count"]
    if isinstance(value, dict) and len(value) == 1:
        function, argument = next(iter(value.items()))
        if isinstance(argument, str):
            return f"{function} {argument}"
        return str(function)
    return str(value)


@attrs.define
class _Builder:
    ctx: CheckContext
    nodes: dict[str, DiagramNode] = attrs.field(factory=dict)
    edges: dict[tuple[str, str, str, str], DiagramEdge] = attrs.field(factory=dict)

    def target_of_ref(self, name: str) -> str | None:
        """The node a Ref (or plain Fn::Sub placeholder) of `name` points at; None for pseudo."""
        # The checker's order: a resource wins over a local or parameter of the same name.
        if name in self.ctx.resources:
            return f"resource:{name}"
        if name in self.ctx.locals:
            return f"local:{name}"
        if name in self.ctx.parameters:
            return f"parameter:{name}"
        if name in PSEUDO_PARAMETERS or name == "ALIYUN::Index":
            return None
        return self.missing(name)

    def target_of_getatt(self, name: object) -> str | None:
        if not isinstance(name, str):
            return None  # malformed; the checker says so, there is no name to draw
        if name in self.ctx.resources:
            return f"resource:{name}"
        if is_data_source_local(self.ctx, name):
            return f"local:{name}"
        return self.missing(name)

    def missing(self, name: str) -> str:
        node_id = f"missing:{name}"
        if node_id not in self.nodes:
            self.nodes[node_id] = DiagramNode(node_id, "missing", name, group=MISSING)
        return node_id

    def add_edge(self, source: str, target: str | None, kind: EdgeKind, detail: str = "") -> None:
        if target is None or target == source:
            return
        key = (source, target, kind, detail)
        if key not in self.edges:
            dangling = target.startswith("missing:")
            self.edges[key] = DiagramEdge(source, target, kind, detail, dangling)

    def add_usage(self, usage: Usage) -> None:
        kind = _SECTION_KIND.get(usage.section)
        if kind is None:
            return  # Conditions and Rules hold no resource values (ROS4013)
        source = f"{kind}:{usage.owner}"
        if usage.function == "Ref" and isinstance(usage.argument, str):
            self.add_edge(source, self.target_of_ref(usage.argument), "Ref")
        elif usage.function == "Fn::GetAtt":
            parts = getatt_parts(usage.argument)
            if parts is not None:
                detail = parts[1] if isinstance(parts[1], str) else ""
                self.add_edge(source, self.target_of_getatt(parts[0]), "Fn::GetAtt", detail)
        elif usage.function == "Fn::Sub":
            sub = sub_parts(usage.argument)
            if sub is None:
                return
            for name, attribute in sub_references(*sub):
                if attribute is not None:
                    self.add_edge(source, self.target_of_getatt(name), "Fn::Sub", attribute)
                else:
                    self.add_edge(source, self.target_of_ref(name), "Fn::Sub")


def _placements(ctx: CheckContext, usages: Iterable[Usage]) -> dict[str, tuple[str, str]]:
    """resource -> (VPC-or-vSwitch kind, name) from the Refs and GetAtts in its Properties.

    A resource that names no network itself sits with the first resource it names that has a
    place (a listener with its load balancer, an account with its database), unless it is a
    global service."""
    found: dict[str, list[tuple[int, str, str]]] = {}
    named: dict[str, list[tuple[int, str]]] = {}
    for usage in usages:
        path = usage.path
        if usage.section != "Resources" or len(path) < 4 or path[2] != "Properties":
            continue
        if usage.function == "Ref":
            target = usage.argument
        elif usage.function == "Fn::GetAtt":
            parts = getatt_parts(usage.argument)
            target = parts[0] if parts is not None else None
        else:
            continue
        if not isinstance(target, str) or target == usage.owner:
            continue
        if target in ctx.resources:
            named.setdefault(usage.owner, []).append(
                (_key_index(ctx, usage.owner, path[3]), target)
            )
        kind = ctx.resource_type(target)
        # A vSwitch is more precise than a VPC; a property named VSwitchId wins over others.
        if kind in VSWITCH_TYPES:
            rank = 0 if path[3] == "VSwitchId" else 1
            found.setdefault(usage.owner, []).append((rank, "vswitch", target))
        elif kind in VPC_TYPES:
            rank = 2 if path[3] == "VpcId" else 3
            found.setdefault(usage.owner, []).append((rank, "vpc", target))
    placed = {owner: min(choices)[1:] for owner, choices in found.items()}
    # Where a resource's dependants go: into the VPC or vSwitch it is, or where it sits.
    anchors = dict(placed)
    for name in ctx.resources:
        kind = ctx.resource_type(name)
        if kind in VPC_TYPES:
            anchors[name] = ("vpc", name)
        elif kind in VSWITCH_TYPES:
            anchors[name] = ("vswitch", name)
    # A few passes follow chains such as listener -> load balancer -> vSwitch; each pass is
    # linear, and a chain longer than this is rare enough to leave outside.
    for _ in range(_INHERIT_PASSES):
        moved = False
        for owner, targets in named.items():
            if owner in anchors or _is_global(ctx.resource_type(owner)):
                continue
            # The first property that names a placed resource decides, as the template reads.
            parent = next((anchors[t] for _, t in sorted(targets) if t in anchors), None)
            if parent is not None:
                placed[owner] = anchors[owner] = parent
                moved = True
        if not moved:
            break
    return placed


def _key_index(ctx: CheckContext, resource: str, key: object) -> int:
    entry = ctx.resources.get(resource)
    properties = entry.get("Properties") if isinstance(entry, dict) else None
    if isinstance(properties, dict):
        for index, name in enumerate(properties):
            if name == key:
                return index
    return 0


_INHERIT_PASSES = 3
# Products that live outside any VPC even when they name a resource in one.
_GLOBAL_PRODUCTS = frozenset({"OSS", "RAM", "CDN", "DNS", "KMS", "SLS", "CMS", "ACTIONTRAIL"})


def _is_global(kind: str | None) -> bool:
    parts = kind.split("::") if kind is not None else []
    return len(parts) == 3 and parts[1].upper() in _GLOBAL_PRODUCTS


def build_graph(ctx: CheckContext) -> ArchGraph:
    """The diagram of the template in `ctx` (a root mapping); never raises on odd values."""
    builder = _Builder(ctx)
    usages = collect_usages(ctx)  # its findings stay in ctx: the checker reports them
    placements = _placements(ctx, usages)
    groups: dict[str, DiagramGroup] = {}
    for name in ctx.resources:
        kind = ctx.resource_type(name)
        if kind in VPC_TYPES:
            groups[f"vpc:{name}"] = DiagramGroup(f"vpc:{name}", "vpc", name)
    for name in ctx.resources:
        if ctx.resource_type(name) in VSWITCH_TYPES:
            where = placements.get(name)
            parent = f"vpc:{where[1]}" if where is not None and where[0] == "vpc" else None
            groups[f"vswitch:{name}"] = DiagramGroup(f"vswitch:{name}", "vswitch", name, parent)
    for name in ctx.parameters:
        builder.nodes[f"parameter:{name}"] = DiagramNode(f"parameter:{name}", "parameter", name)
    for name, entry in ctx.locals.items():
        kind = entry.get("Type") if isinstance(entry, dict) else None
        local_type = kind if isinstance(kind, str) else None
        builder.nodes[f"local:{name}"] = DiagramNode(f"local:{name}", "local", name, local_type)
    for name, entry in ctx.resources.items():
        group = _group_of(name, ctx, placements, groups)
        node = DiagramNode(
            f"resource:{name}", "resource", name, ctx.resource_type(name), _count_text(entry), group
        )
        builder.nodes[node.id] = node
    for name in ctx.outputs:
        builder.nodes[f"output:{name}"] = DiagramNode(f"output:{name}", "output", name)
    for usage in usages:
        builder.add_usage(usage)
    for name, entry in ctx.resources.items():
        for target in depends_on_names(entry):
            if target in ctx.resources:
                builder.add_edge(f"resource:{name}", f"resource:{target}", "DependsOn")
            else:
                builder.add_edge(f"resource:{name}", builder.missing(target), "DependsOn")
    nodes = tuple(builder.nodes.values())
    used = {node.group for node in nodes}
    if OUTSIDE in used:
        groups[OUTSIDE] = DiagramGroup(OUTSIDE, "outside", "")
    if MISSING in used:
        groups[MISSING] = DiagramGroup(MISSING, "missing", "")
    return ArchGraph(nodes, tuple(builder.edges.values()), tuple(groups.values()))


def _group_of(
    name: str,
    ctx: CheckContext,
    placements: dict[str, tuple[str, str]],
    groups: dict[str, DiagramGroup],
) -> str:
    kind = ctx.resource_type(name)
    if kind in VPC_TYPES:
        return f"vpc:{name}"
    if kind in VSWITCH_TYPES:
        return f"vswitch:{name}"
    where = placements.get(name)
    if where is None:
        return OUTSIDE
    group = f"{where[0]}:{where[1]}"
    return group if group in groups else OUTSIDE
