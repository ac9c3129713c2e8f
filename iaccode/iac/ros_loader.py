"""Load a ROS template body (JSON or YAML text) into plain values plus a map of source positions.

The body is JSON when it parses as a JSON object, YAML otherwise. YAML goes through a
`yaml.SafeLoader` subclass that understands the ROS short forms (`!Ref x`, `!GetAtt a.b`,
`!Sub ...`, `!Condition c`, and `!Name` -> `Fn::Name` for every other tag, so a misspelt tag is
reported as an unknown function instead of a parse failure).

Positions: `SourceMap` maps a path (a tuple of mapping keys and list indices, such as
`("Resources", "MyVpc", "Properties", "CidrBlock")`) to the 1-based (line, column) of that key or
list item. For JSON a small scanner over the already-validated text computes the same table.

Untrusted input: the body is capped at 2 MiB and 100 levels of nesting, and the expanded size
(YAML aliases re-visit their anchor) at one million values, which stops "billion laughs" bombs and
recursive aliases. Nothing raises: every problem becomes a `Finding` in `LoadResult.findings`.
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Iterable, Mapping
from typing import Any, Literal

import attrs
import yaml
from yaml.constructor import ConstructorError
from yaml.error import Mark
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.reader import ReaderError

from iaccode.iac.msg import Msg
from iaccode.iac.ros_report import Finding, make_finding

MAX_TEMPLATE_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 100
MAX_NODES = 1_000_000

PathSegment = str | int
Path = tuple[PathSegment, ...]
Position = tuple[int, int]
SourceFormat = Literal["json", "yaml"]

_MERGE_TAG = "tag:yaml.org,2002:merge"

_TOO_DEEP = (
    Msg("The template nests values more than {limit} levels deep.", limit=MAX_DEPTH),
    Msg("Flatten the deeply nested part; real templates stay within a few dozen levels."),
)


def path_text(path: Iterable[PathSegment]) -> str:
    """Render a path the way findings show it: `Resources/MyVpc/Properties/CidrBlock`."""
    return "/".join(str(segment) for segment in path)


def key_segment(key: object) -> str:
    """The path segment for a mapping key; non-string YAML keys (ints, dates) use their str()."""
    return key if isinstance(key, str) else str(key)


@attrs.frozen
class SourceMap:
    """Where each mapping key and list item of a loaded template sits in its source text."""

    positions: Mapping[Path, Position] = attrs.field(factory=dict)

    def locate(self, path: Iterable[PathSegment]) -> Position | None:
        """The position of `path`, or of its nearest ancestor that has one (for absent keys)."""
        current = tuple(path)
        while True:
            found = self.positions.get(current)
            if found is not None:
                return found
            if not current:
                return None
            current = current[:-1]


@attrs.frozen
class LoadResult:
    """A parsed template. `loaded` is False when the text could not be turned into a document."""

    loaded: bool
    document: object
    source_map: SourceMap
    findings: tuple[Finding, ...]
    source_format: SourceFormat | None


class _LimitError(Exception):
    """A safety limit was hit; carries the finding code and where it happened."""

    def __init__(self, code: str, message: Msg, hint: Msg, position: Position | None) -> None:
        super().__init__(str(message))
        self.code = code
        self.message = message
        self.hint = hint
        self.position = position


def _mark_position(mark: Mark | None) -> Position | None:
    return None if mark is None else (mark.line + 1, mark.column + 1)


class _LineIndex:
    """Offset -> (line, column), 1-based, for text we scan ourselves."""

    def __init__(self, text: str) -> None:
        self._starts = [0]
        self._starts.extend(i + 1 for i, char in enumerate(text) if char == "\n")

    def position(self, offset: int) -> Position:
        line = bisect.bisect_right(self._starts, offset) - 1
        return (line + 1, offset - self._starts[line] + 1)


# --- YAML ----------------------------------------------------------------------------------------


def short_form_key(tag: str) -> str | None:
    """The function key a YAML short-form tag stands for: `!Ref` -> Ref, `!Sub` -> Fn::Sub."""
    if not tag.startswith("!") or tag.startswith("!!") or len(tag) < 2:
        return None
    name = tag[1:]
    if name in ("Ref", "Condition"):
        return name
    return f"Fn::{name}"


class _RosLoader(yaml.SafeLoader):
    """SafeLoader with ROS short forms and a nesting cap enforced while composing."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        # The composer recurses once per level, so capping here also keeps construction
        # (which recurses the same way) far from Python's recursion limit.
        if self._depth >= MAX_DEPTH:
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise _LimitError("ROS0003", *_TOO_DEEP, _mark_position(event.start_mark))
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_object(self, node: Node, deep: bool = False) -> Any:
        # PyYAML lets plain ValueErrors escape for values such as 2015-13-45 (resolved as a
        # date) or a 5000-digit integer; give them the node's position like any other error.
        try:
            return super().construct_object(node, deep=deep)
        except (ValueError, TypeError, OverflowError) as exc:
            text = node.value if isinstance(node.value, str) else ""
            shown = text if len(text) <= 40 else text[:37] + "..."
            reason = str(exc).split(":")[0]
            raise ConstructorError(
                None, None, f"the value {shown!r} cannot be read ({reason})", node.start_mark
            ) from exc


def _construct_short_form(loader: _RosLoader, suffix: str, node: Node) -> dict[str, object]:
    key = short_form_key("!" + suffix)
    if key is None:  # pragma: no cover - the "!" prefix registration guarantees a key
        raise ConstructorError(None, None, "bad tag", node.start_mark)
    value: object
    if isinstance(node, ScalarNode):
        text = loader.construct_scalar(node)
        # `!GetAtt Res.Attr`: resource names cannot contain dots, attributes may (Outputs.X).
        value = text.split(".", 1) if key == "Fn::GetAtt" and "." in text else text
    elif isinstance(node, SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        assert isinstance(node, MappingNode)
        value = loader.construct_mapping(node, deep=True)
    return {key: value}


_RosLoader.add_multi_constructor("!", _construct_short_form)


def _key_of(loader: _RosLoader, node: Node) -> str:
    if isinstance(node, ScalarNode):
        try:
            return key_segment(loader.construct_object(node, deep=True))
        except (yaml.YAMLError, ValueError, TypeError):  # pragma: no cover - construct ran first
            return node.value if isinstance(node.value, str) else ""
    return ""


def _inspect_nodes(loader: _RosLoader, root: Node) -> list[Finding]:
    """Walk the composed graph once before construction: size budget, recursion, duplicate keys."""
    findings: list[Finding] = []
    visits = 0
    on_path: set[int] = set()
    checked: set[int] = set()
    # (node, path, entering); an exit entry removes the node from the ancestor set.
    stack: list[tuple[Node, Path, bool]] = [(root, (), True)]
    while stack:
        node, path, entering = stack.pop()
        if not entering:
            on_path.discard(id(node))
            continue
        visits += 1
        if visits > MAX_NODES:
            raise _LimitError(
                "ROS0004",
                Msg(
                    "The template expands to more than {limit} values, usually through YAML "
                    "aliases that repeat large anchors.",
                    limit=MAX_NODES,
                ),
                Msg(
                    "Write the repeated parts out or use fewer aliases; templates rarely need them."
                ),
                _mark_position(node.start_mark),
            )
        if isinstance(node, ScalarNode):
            continue
        if id(node) in on_path:
            raise _LimitError(
                "ROS0004",
                Msg("The template contains a YAML alias that refers to itself."),
                Msg("Remove the recursive alias; a template must be a finite tree."),
                _mark_position(node.start_mark),
            )
        on_path.add(id(node))
        stack.append((node, path, False))
        if isinstance(node, SequenceNode):
            for index, item in enumerate(node.value):
                stack.append((item, (*path, index), True))
            continue
        assert isinstance(node, MappingNode)
        first_visit = id(node) not in checked
        checked.add(id(node))
        seen: set[tuple[str, str]] = set()
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                stack.append((value_node, path, True))
                continue
            segment = _key_of(loader, key_node)
            if first_visit and isinstance(key_node, ScalarNode):
                identity = (key_node.tag, str(key_node.value))
                if identity in seen:
                    where = _mark_position(key_node.start_mark)
                    findings.append(
                        make_finding(
                            "ROS0005",
                            Msg(
                                "The key {key!r} appears more than once in this mapping, so "
                                "only its last value is used.",
                                key=segment,
                            ),
                            path=path_text((*path, segment)),
                            hint=Msg("Remove or rename the duplicate key."),
                            line=where[0] if where else None,
                            column=where[1] if where else None,
                        )
                    )
                seen.add(identity)
            stack.append((key_node, path, True))
            stack.append((value_node, (*path, segment), True))
    return findings


def _record_positions(loader: _RosLoader, root: Node) -> dict[Path, Position]:
    """Positions for every key and item, after construction (merge keys are flattened by then)."""
    positions: dict[Path, Position] = {(): (root.start_mark.line + 1, root.start_mark.column + 1)}
    stack: list[tuple[Node, Path]] = [(root, ())]
    visits = 0
    while stack and visits <= MAX_NODES:
        node, path = stack.pop()
        visits += 1
        where = (node.start_mark.line + 1, node.start_mark.column + 1)
        function_key = short_form_key(node.tag) if isinstance(node.tag, str) else None
        if function_key is not None:
            path = (*path, function_key)
            positions.setdefault(path, where)
            if isinstance(node, ScalarNode) and function_key == "Fn::GetAtt":
                positions.setdefault((*path, 0), where)
                positions.setdefault((*path, 1), where)
        if isinstance(node, SequenceNode):
            for index, item in enumerate(node.value):
                item_path = (*path, index)
                positions.setdefault(
                    item_path, (item.start_mark.line + 1, item.start_mark.column + 1)
                )
                stack.append((item, item_path))
        elif isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                key_path = (*path, _key_of(loader, key_node))
                mark = key_node.start_mark
                positions.setdefault(key_path, (mark.line + 1, mark.column + 1))
                stack.append((value_node, key_path))
    return positions


def _yaml_error_finding(exc: yaml.YAMLError, text: str) -> Finding:
    if isinstance(exc, yaml.MarkedYAMLError):
        problem = exc.problem or "the text cannot be parsed"
        context = f" ({exc.context})" if exc.context else ""
        where = _mark_position(exc.problem_mark) or _mark_position(exc.context_mark)
        detail = f"{problem}{context}"
    elif isinstance(exc, ReaderError):
        where = _LineIndex(text).position(min(max(exc.position, 0), len(text)))
        detail = str(exc).splitlines()[0]
    else:  # pragma: no cover - PyYAML raises only the two kinds above
        where = None
        detail = str(exc).splitlines()[0] if str(exc) else "the text cannot be parsed"
    return make_finding(
        "ROS0001",
        # `detail` is PyYAML's own wording, which has no translations.
        Msg("The template is not valid JSON or YAML: {detail}.", detail=detail),
        hint=Msg(
            "Fix the syntax at the given line; YAML needs consistent space indentation and "
            "'key: value' pairs, and values with ': ' or '#' in them must be quoted."
        ),
        line=where[0] if where else None,
        column=where[1] if where else None,
    )


def _json_error_finding(exc: ValueError) -> Finding:
    if isinstance(exc, json.JSONDecodeError):
        return make_finding(
            "ROS0001",
            Msg("The template looks like JSON but is not valid JSON: {detail}.", detail=exc.msg),
            hint=Msg(
                "Fix the JSON syntax at the given line; keys need double quotes, members need "
                "commas between them and no trailing comma."
            ),
            line=exc.lineno,
            column=exc.colno,
        )
    return make_finding(
        "ROS0001",
        Msg("The template looks like JSON but is not valid JSON: {detail}.", detail=str(exc)),
        hint=Msg("Fix the JSON value; numbers longer than a few thousand digits are not accepted."),
    )


def _parse_yaml(text: str) -> LoadResult:
    loader = _RosLoader(text)  # the reader rejects control characters right here
    try:
        root = loader.get_single_node()
        if root is None:
            return LoadResult(True, None, SourceMap(), (), "yaml")
        findings = _inspect_nodes(loader, root)
        document = loader.construct_document(root)
        positions = _record_positions(loader, root)
        return LoadResult(True, document, SourceMap(positions), tuple(findings), "yaml")
    finally:
        loader.dispose()


def _load_yaml(text: str, json_error: ValueError | None) -> LoadResult:
    try:
        return _parse_yaml(text)
    except _LimitError as exc:
        return _failed(_limit_finding(exc))
    except yaml.YAMLError as exc:
        # Text that starts like JSON is far more likely broken JSON than intended YAML.
        finding = _json_error_finding(json_error) if json_error else _yaml_error_finding(exc, text)
        return _failed(finding)
    except RecursionError:
        return _failed(_depth_finding(None))


# --- JSON ----------------------------------------------------------------------------------------


@attrs.define
class _JsonFrame:
    is_object: bool
    path: Path
    key: str = ""
    index: int = 0
    expecting_key: bool = True
    seen: set[str] = attrs.field(factory=set)


def _string_end(text: str, start: int) -> int:
    """Index just past the JSON string that opens at `start` (text is known-valid JSON)."""
    i = start + 1
    while True:
        char = text[i]
        if char == "\\":
            i += 2
        elif char == '"':
            return i + 1
        else:
            i += 1


def _scan_json(text: str) -> tuple[dict[Path, Position], list[Finding]]:
    """Positions and duplicate keys of already-validated JSON, without recursion."""
    lines = _LineIndex(text)
    positions: dict[Path, Position] = {}
    findings: list[Finding] = []
    stack: list[_JsonFrame] = []
    i, size = 0, len(text)
    while i < size:
        char = text[i]
        if char in " \t\r\n:":
            i += 1
            continue
        if char == ",":
            top = stack[-1]
            if top.is_object:
                top.expecting_key = True
            else:
                top.index += 1
            i += 1
            continue
        if char in "}]":
            stack.pop()
            i += 1
            continue
        if stack and stack[-1].is_object and stack[-1].expecting_key:
            frame = stack[-1]
            end = _string_end(text, i)
            key = json.loads(text[i:end])
            where = lines.position(i)
            if key in frame.seen:
                findings.append(
                    make_finding(
                        "ROS0005",
                        Msg(
                            "The key {key!r} appears more than once in this object, so only its "
                            "last value is used.",
                            key=key,
                        ),
                        path=path_text((*frame.path, key)),
                        hint=Msg("Remove or rename the duplicate key."),
                        line=where[0],
                        column=where[1],
                    )
                )
            frame.seen.add(key)
            positions[(*frame.path, key)] = where
            frame.key, frame.expecting_key = key, False
            i = end
            continue
        if not stack:
            value_path: Path = ()
            positions[value_path] = lines.position(i)
        elif stack[-1].is_object:
            value_path = (*stack[-1].path, stack[-1].key)
        else:
            value_path = (*stack[-1].path, stack[-1].index)
            positions[value_path] = lines.position(i)
        if char in "{[":
            if len(stack) >= MAX_DEPTH:
                raise _LimitError("ROS0003", *_TOO_DEEP, lines.position(i))
            stack.append(_JsonFrame(is_object=char == "{", path=value_path))
            i += 1
        elif char == '"':
            i = _string_end(text, i)
        else:
            while i < size and text[i] not in ",]} \t\r\n":
                i += 1
    return positions, findings


# --- entry point ---------------------------------------------------------------------------------


def _failed(finding: Finding) -> LoadResult:
    return LoadResult(False, None, SourceMap(), (finding,), None)


def _limit_finding(exc: _LimitError) -> Finding:
    return make_finding(
        exc.code,
        exc.message,
        hint=exc.hint,
        line=exc.position[0] if exc.position else None,
        column=exc.position[1] if exc.position else None,
    )


def _depth_finding(position: Position | None) -> Finding:
    return _limit_finding(_LimitError("ROS0003", *_TOO_DEEP, position))


def load_template(text: str) -> LoadResult:
    """Parse a template body; never raises, problems come back as findings."""
    body_object: object = text  # callers outside mypy's reach may pass bytes or None
    if not isinstance(body_object, str):
        return _failed(
            make_finding(
                "ROS0001",
                Msg("The template body must be text, not {kind}.", kind=type(body_object).__name__),
                hint=Msg("Pass the template as a JSON or YAML string."),
            )
        )
    # Every character is at least one UTF-8 byte, so long text is refused without encoding it.
    too_big = len(text) > MAX_TEMPLATE_BYTES or (
        len(text.encode("utf-8", "surrogatepass")) > MAX_TEMPLATE_BYTES
    )
    if too_big:
        return _failed(
            make_finding(
                "ROS0002",
                Msg(
                    "The template is larger than the limit of {limit} bytes (2 MiB).",
                    limit=MAX_TEMPLATE_BYTES,
                ),
                hint=Msg(
                    "Split the template into nested stacks or modules, or move large scripts out "
                    "of UserData."
                ),
            )
        )
    body = text.removeprefix("\ufeff")
    json_error: ValueError | None = None
    if body.lstrip().startswith("{"):
        try:
            document = json.loads(body)
        except RecursionError:
            return _failed(_depth_finding(None))
        except ValueError as exc:
            json_error = exc
        else:
            if isinstance(document, dict):
                try:
                    positions, findings = _scan_json(body)
                except _LimitError as exc:
                    return _failed(_limit_finding(exc))
                return LoadResult(True, document, SourceMap(positions), tuple(findings), "json")
    return _load_yaml(body, json_error)
