"""Intrinsic functions: find every use, check what each one names, and find dependency cycles.

One iterative walk (`collect_usages`) records every function object in Resources, Outputs,
Conditions, Locals and Rules; the checks then work on that list. The walk is budgeted, since a
document handed to `check_document` directly may be huge or even cyclic.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator, Mapping, Sequence

import attrs

from iaccode.iac.msg import Msg, Value, joined
from iaccode.iac.ros_context import CheckContext, describe, suggestion
from iaccode.iac.ros_loader import MAX_DEPTH, Path, key_segment
from iaccode.iac.ros_schema import schema_or_none
from iaccode.iac.ros_types import FUNCTIONS

MAX_VISITS = 1_000_000

# Sections whose values may contain functions; Parameters, Mappings and Workspace hold literals.
_FUNCTION_SECTIONS = ("Resources", "Outputs", "Conditions", "Locals", "Rules")

_PLACEHOLDER = re.compile(r"\$\{([^}]*)\}")

Node = tuple[str, str]  # (section, name) in the dependency graph: Resources or Locals


@attrs.frozen
class Usage:
    """One function object: `{"Ref": "x"}` at `path`, inside entry `owner` of `section`."""

    function: str
    argument: object
    path: Path
    section: str
    owner: str


def _function_key(value: dict[object, object], section: str) -> str | None:
    if len(value) != 1:
        return None
    key = next(iter(value))
    if not isinstance(key, str):
        return None
    if key == "Ref" or key.startswith("Fn::"):
        return key
    # Inside Conditions `{"Condition": name}` (YAML `!Condition`) refers to another condition;
    # elsewhere a single "Condition" key is ordinary data, such as a RAM policy statement.
    if key == "Condition" and section == "Conditions":
        return key
    return None


def collect_usages(ctx: CheckContext) -> list[Usage]:
    usages: list[Usage] = []
    visits = 0
    ancestors: set[int] = set()
    limited = False
    for section in _FUNCTION_SECTIONS:
        table = ctx.doc.get(section)
        if not isinstance(table, dict):
            continue
        for raw_name, entry in table.items():
            owner = key_segment(raw_name)
            # (value, path, entering); exit entries drop a container from the ancestor set,
            # which is how a document that contains itself is noticed instead of looping.
            stack: list[tuple[object, Path, bool]] = [(entry, (section, owner), True)]
            while stack:
                value, path, entering = stack.pop()
                if not entering:
                    ancestors.discard(id(value))
                    continue
                if not isinstance(value, dict | list):
                    continue
                visits += 1
                if visits > MAX_VISITS:
                    ctx.add(
                        "ROS0004",
                        (),
                        Msg(
                            "The template has more than {limit} values, so checking stopped "
                            "early and some problems may be unreported.",
                            limit=MAX_VISITS,
                        ),
                        Msg("Split the template into smaller nested stacks or modules."),
                    )
                    return usages
                if id(value) in ancestors or len(path) > MAX_DEPTH + 2:
                    if not limited:
                        limited = True
                        ctx.add(
                            "ROS0004",
                            path,
                            Msg(
                                "The document contains itself or nests too deeply, so checking "
                                "skipped that part."
                            ),
                            Msg(
                                "Pass a finite tree of at most 100 levels, as a parsed template is."
                            ),
                        )
                    continue
                ancestors.add(id(value))
                stack.append((value, path, False))
                if isinstance(value, dict):
                    function = _function_key(value, section)
                    if function is not None:
                        usages.append(Usage(function, value[function], path, section, owner))
                    for key, item in value.items():
                        if isinstance(item, dict) and "ROSTemplateFormatVersion" in item:
                            continue  # a nested template (ALIYUN::ROS::Stack TemplateBody)
                        stack.append((item, (*path, key_segment(key)), True))
                else:
                    for index, item in enumerate(value):
                        stack.append((item, (*path, index), True))
    return usages


def sub_parts(argument: object) -> tuple[str, dict[str, object]] | None:
    """The template string and variables of Fn::Sub, or None when the shape is wrong."""
    if isinstance(argument, str):
        return argument, {}
    if isinstance(argument, list) and argument and isinstance(argument[0], str):
        if len(argument) == 1:
            return argument[0], {}
        if len(argument) == 2 and isinstance(argument[1], dict):
            return argument[0], {key_segment(k): v for k, v in argument[1].items()}
    return None


def sub_placeholders(template: str) -> Iterator[str]:
    """`${Name}` and `${Res.Attr}` contents; `${!Literal}` is ROS's escape and is skipped."""
    for match in _PLACEHOLDER.finditer(template):
        content = match.group(1)
        if not content.startswith("!"):
            yield content


def sub_references(
    template: str, variables: Mapping[str, object]
) -> Iterator[tuple[str, str | None]]:
    """(name, attribute) of each `${...}` of an Fn::Sub string that is not one of its
    variables: `${Res.Attr}` gives ("Res", "Attr"), `${Name}` gives ("Name", None)."""
    for content in sub_placeholders(template):
        if content in variables:
            continue
        if "." in content:
            name, attribute = content.split(".", 1)
            yield name, attribute
        else:
            yield content, None


def getatt_parts(argument: object) -> tuple[object, object] | None:
    """`Fn::GetAtt`'s (resource, attribute), written `[r, a]` or `"r.a"`; None otherwise."""
    if isinstance(argument, str):
        if "." not in argument:
            return None
        resource, attribute = argument.split(".", 1)
        return resource, attribute
    if isinstance(argument, list) and len(argument) == 2:
        return argument[0], argument[1]
    return None


def referenced_names(usage: Usage) -> list[str]:
    """Names a usage depends on: Ref targets, GetAtt resources, Fn::Sub placeholder roots."""
    if usage.function == "Ref":
        return [usage.argument] if isinstance(usage.argument, str) else []
    if usage.function == "Fn::GetAtt":
        parts = getatt_parts(usage.argument)
        return [parts[0]] if parts and isinstance(parts[0], str) else []
    if usage.function == "Fn::Sub":
        sub = sub_parts(usage.argument)
        if sub is None:
            return []
        return [name for name, _ in sub_references(*sub)]
    return []


def _check_attribute(ctx: CheckContext, path: Path, resource: str, attribute: object) -> None:
    kind = ctx.resource_type(resource)
    if kind is None and is_data_source_local(ctx, resource):
        entry = ctx.locals[resource]
        assert isinstance(entry, dict)
        kind = entry["Type"]
    if kind is None or not isinstance(attribute, str):
        return
    schema = schema_or_none()
    type_schema = schema.resource(kind) if schema is not None else None
    # A type without attributes in the schema is left alone: the data may simply lack them.
    if type_schema is None or not type_schema.attributes:
        return
    if attribute.casefold() in {known.casefold() for known in type_schema.attributes}:
        return  # ROS resolves attribute names regardless of case (Arn, ARN)
    known = sorted(type_schema.attributes)
    listing = ", ".join(known)
    ctx.add(
        "ROS4006",
        path,
        Msg(
            "Resource {resource} of type {kind} has no attribute {attribute!r}.",
            resource=resource,
            kind=kind,
            attribute=attribute,
        ),
        suggestion(
            attribute,
            known,
            Msg("Use one of the attributes of {kind}: {listing}.", kind=kind, listing=listing),
        ),
    )


def _check_resource_name(ctx: CheckContext, path: Path, resource: object, how: Value) -> bool:
    if isinstance(resource, str) and resource in ctx.resources:
        return True
    if isinstance(resource, str) and is_data_source_local(ctx, resource):
        return False  # a local `Type: DATASOURCE::...`: its attribute is checked by the caller
    if isinstance(resource, str) and ctx.is_ref_target(resource):
        hint = Msg(
            "Use Ref {name} for a parameter or local, since {how} needs a resource.",
            name=resource,
            how=how,
        )
    else:
        hint = suggestion(resource, ctx.resources, Msg("Name a resource defined under Resources."))
    ctx.add(
        "ROS4005",
        path,
        Msg(
            "{how} refers to {value}, which is not a resource in this template.",
            how=how,
            value=describe(resource),
        ),
        hint,
    )
    return False


def is_data_source_local(ctx: CheckContext, name: str) -> bool:
    """Whether `name` is a local of `Type: DATASOURCE::...`, which Fn::GetAtt may name."""
    entry = ctx.locals.get(name)
    kind = entry.get("Type") if isinstance(entry, dict) else None
    return isinstance(kind, str) and kind.startswith("DATASOURCE::")


def _check_ref(ctx: CheckContext, usage: Usage) -> None:
    target = usage.argument
    if not isinstance(target, str):
        ctx.add(
            "ROS4002",
            usage.path,
            Msg(
                "Ref must name a parameter, resource or pseudo parameter, not {value}.",
                value=describe(target),
            ),
            Msg("Write the name as a plain string, for example Ref: VpcId."),
        )
        return
    if target == "ALIYUN::Index":
        if usage.section != "Resources" or not ctx.has_count(usage.owner):
            ctx.add(
                "ROS4003",
                usage.path,
                Msg(
                    "ALIYUN::Index is used in {where}, which is not a resource with Count, so it "
                    "has no value there.",
                    where=f"{usage.section}/{usage.owner}",
                ),
                Msg("Use ALIYUN::Index only inside the Properties of a resource that sets Count."),
            )
        return
    if ctx.is_ref_target(target):
        return
    ctx.add(
        "ROS4001",
        usage.path,
        Msg(
            "Ref refers to {name!r}, which is not a parameter, resource, local or pseudo "
            "parameter.",
            name=target,
        ),
        suggestion(
            target,
            ctx.ref_targets(),
            Msg("Define {name!r} under Parameters or Resources.", name=target),
        ),
    )


def _check_getatt(ctx: CheckContext, usage: Usage) -> None:
    parts = getatt_parts(usage.argument)
    if parts is None:
        ctx.add(
            "ROS4004",
            usage.path,
            Msg(
                "Fn::GetAtt needs [resource, attribute] or 'Resource.Attribute', not {value}.",
                value=describe(usage.argument),
            ),
            Msg("Write it as Fn::GetAtt: [MyVpc, VpcId] or, in YAML, !GetAtt MyVpc.VpcId."),
        )
        return
    resource, attribute = parts
    if _check_resource_name(ctx, usage.path, resource, "Fn::GetAtt"):
        assert isinstance(resource, str)
        _check_attribute(ctx, usage.path, resource, attribute)
    elif isinstance(resource, str) and is_data_source_local(ctx, resource):
        _check_attribute(ctx, usage.path, resource, attribute)


def _check_sub(ctx: CheckContext, usage: Usage) -> None:
    argument = usage.argument
    sub = sub_parts(argument)
    if sub is None:
        if isinstance(argument, list) and argument and isinstance(argument[0], dict):
            return  # the string is computed by another function; nothing literal to check
        ctx.add(
            "ROS4007",
            usage.path,
            Msg(
                "Fn::Sub needs a string or [string, variables], not {value}.",
                value=describe(argument),
            ),
            Msg(
                "Write it as Fn::Sub: 'text ${{Name}}' or Fn::Sub: ['text ${{Var}}', "
                "{{Var: value}}]."
            ),
        )
        return
    template, variables = sub
    for name, attribute in sub_references(template, variables):
        content = name if attribute is None else f"{name}.{attribute}"
        if attribute is not None:
            how = Msg("Fn::Sub placeholder {placeholder}", placeholder=f"${{{content}}}")
            if _check_resource_name(ctx, usage.path, name, how):
                _check_attribute(ctx, usage.path, name, attribute)
        elif not ctx.is_ref_target(content):
            ctx.add(
                "ROS4001",
                usage.path,
                Msg(
                    "Fn::Sub placeholder {placeholder} names nothing defined in this template.",
                    placeholder=f"${{{content}}}",
                ),
                suggestion(
                    content,
                    [*ctx.ref_targets(), *variables],
                    Msg(
                        "Define {name!r} as a parameter or resource, or write {escaped} for a "
                        "literal '${{' in the output.",
                        name=content,
                        escaped=f"${{!{content}}}",
                    ),
                ),
            )


def _check_find_in_map(ctx: CheckContext, usage: Usage) -> None:
    argument = usage.argument
    if not isinstance(argument, list) or not argument or not isinstance(argument[0], str):
        return
    name = argument[0]
    if name not in ctx.mappings:
        ctx.add(
            "ROS4009",
            usage.path,
            Msg(
                "Fn::FindInMap refers to the mapping {name!r}, which is not defined in Mappings.",
                name=name,
            ),
            suggestion(
                name, ctx.mappings, Msg("Add a mapping named {name!r} under Mappings.", name=name)
            ),
        )
        return
    if len(argument) != 3:
        return
    table: object = ctx.mappings[name]
    for level, key in enumerate(argument[1:], start=1):
        if not isinstance(table, dict) or not isinstance(key, str):
            return
        keys = {key_segment(k): v for k, v in table.items()}
        if key not in keys:
            if level == 1:
                message = Msg(
                    "The mapping {name!r} has no top-level key {key!r}.", name=name, key=key
                )
            else:
                message = Msg(
                    "The mapping {name!r} has no second-level key {key!r}.", name=name, key=key
                )
            ctx.add(
                "ROS4009",
                usage.path,
                message,
                suggestion(
                    key, keys, Msg("Add {key!r} to the mapping {name!r}.", key=key, name=name)
                ),
            )
            return
        table = keys[key]


def check_references(ctx: CheckContext, usages: Sequence[Usage]) -> None:
    for usage in usages:
        function = usage.function
        if function == "Ref":
            _check_ref(ctx, usage)
        elif function == "Fn::GetAtt":
            _check_getatt(ctx, usage)
        elif function == "Fn::Sub":
            _check_sub(ctx, usage)
        elif function == "Fn::FindInMap":
            _check_find_in_map(ctx, usage)
        elif function == "Fn::If":
            argument = usage.argument
            if isinstance(argument, list) and argument:
                ctx.check_condition_name((*usage.path, "Fn::If", 0), argument[0], "Fn::If")
        elif function == "Condition":
            ctx.check_condition_name(
                usage.path, usage.argument, Msg("condition {name}", name=usage.owner)
            )
        elif function not in FUNCTIONS:
            ctx.add(
                "ROS4010",
                usage.path,
                Msg("{function} is not a ROS function.", function=function),
                suggestion(
                    function,
                    FUNCTIONS,
                    Msg("Use one of the ROS intrinsic functions, such as Fn::Join."),
                ),
            )


# --- dependency cycles ---------------------------------------------------------------------------


def depends_on_names(entry: object) -> list[str]:
    """The names a resource entry's DependsOn lists (a string or a list of strings)."""
    if not isinstance(entry, dict):
        return []
    value = entry.get("DependsOn")
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [item for item in value if isinstance(item, str)]
    return []


def _dependency_graph(ctx: CheckContext, usages: Sequence[Usage]) -> dict[Node, set[Node]]:
    graph: dict[Node, set[Node]] = {("Resources", name): set() for name in ctx.resources}
    graph.update({("Locals", name): set() for name in ctx.locals})
    for name, entry in ctx.resources.items():
        for target in depends_on_names(entry):
            if target in ctx.resources:
                graph[("Resources", name)].add(("Resources", target))
    for usage in usages:
        if usage.section not in ("Resources", "Locals"):
            continue
        source = (usage.section, usage.owner)
        for name in referenced_names(usage):
            # A Ref resolves to a resource before a local of the same name (ROS1021 warns).
            if name in ctx.resources:
                graph[source].add(("Resources", name))
            elif name in ctx.locals and usage.function != "Fn::GetAtt":
                graph[source].add(("Locals", name))
    return graph


def _strongly_connected(graph: Mapping[Node, set[Node]]) -> list[list[Node]]:
    """Tarjan's algorithm without recursion (templates can chain thousands of resources)."""
    index: dict[Node, int] = {}
    low: dict[Node, int] = {}
    on_stack: set[Node] = set()
    stack: list[Node] = []
    components: list[list[Node]] = []
    for root in sorted(graph):
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work: list[tuple[Node, Iterator[Node]]] = [(root, iter(sorted(graph[root])))]
        while work:
            node, children = work[-1]
            descended = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    descended = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if descended:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[Node] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(component)
    return components


def _cycle_through(graph: Mapping[Node, set[Node]], members: set[Node], start: Node) -> list[Node]:
    """The shortest cycle from `start` back to itself within one strongly connected component."""
    previous: dict[Node, Node] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child in sorted(graph[node]):
            if child == start:
                path = [node]
                while path[-1] != start:
                    path.append(previous[path[-1]])
                return [*reversed(path), start]
            if child in members and child not in previous:
                previous[child] = node
                queue.append(child)
    return [start, start]  # pragma: no cover - a component with a cycle always has one


def _label(node: Node) -> Value:
    return node[1] if node[0] == "Resources" else Msg("{name} (local)", name=node[1])


def check_dependency_cycles(ctx: CheckContext, usages: Sequence[Usage]) -> None:
    graph = _dependency_graph(ctx, usages)
    for component in _strongly_connected(graph):
        start = min(component)
        if len(component) == 1 and start not in graph[start]:
            continue
        cycle = _cycle_through(graph, set(component), start)
        labels = [_label(node) for node in cycle]
        if len(labels) > 12:  # keep the message one readable sentence for long chains
            more = Msg("... {count} more ...", count=len(labels) - 10)
            labels = [*labels[:6], more, *labels[-4:]]
        chain = joined(labels, " -> ")
        if len(cycle) == 2:
            message = Msg(
                "{name} depends on itself ({chain}), so it can never be created.",
                name=_label(start),
                chain=chain,
            )
        else:
            message = Msg(
                "{count} entries depend on each other in a cycle ({chain}), so ROS cannot order "
                "their creation.",
                count=len(cycle) - 1,
                chain=chain,
            )
        ctx.add(
            "ROS3007",
            start,
            message,
            Msg(
                "Break the cycle by removing one DependsOn entry or one Ref, Fn::GetAtt or "
                "Fn::Sub reference between them."
            ),
        )
