"""HCL expressions (the text inside `${...}`) as a small syntax tree.

python-hcl2 hands every non-literal expression over as text (`tf_hcl`), so the converter needs
to read `var.on ? 1 : 0`, `element(var.zones, count.index)` or `"web-${count.index + 1}"` itself.
This is a recursive-descent parser for the expression part of the HCL native syntax: literals,
quoted templates, tuples and objects, traversals with `.attr`, `[index]` and splats, function
calls (with a trailing `...`), unary and binary operators with HCL's precedence, and the
conditional. `for` expressions parse to `ForExpr` so the converter can name them; everything
else that does not parse raises `ExprError`.
"""

from __future__ import annotations

import json
import re

import attrs

from iaccode.iac.tf_hcl import Directive, Interpolation, split_template


class ExprError(ValueError):
    """Expression text this parser does not read."""


@attrs.frozen
class Literal:
    value: object  # str, int, float, bool or None


@attrs.frozen
class Template:
    """A quoted string with interpolations: parts are str or expression nodes."""

    parts: tuple[object, ...]


@attrs.frozen
class GetAttr:
    name: str


@attrs.frozen
class Index:
    key: object  # an expression node


@attrs.frozen
class Splat:
    pass


@attrs.frozen
class Traversal:
    """`root` followed by steps: `var.x[0]`, `alicloud_vpc.main.id`, `each.value.name`."""

    root: str
    steps: tuple[GetAttr | Index | Splat, ...]


@attrs.frozen
class Call:
    name: str
    args: tuple[object, ...]
    expand: bool = False  # f(list...)


@attrs.frozen
class Conditional:
    condition: object
    then: object
    otherwise: object


@attrs.frozen
class Operation:
    op: str  # "!", "neg", or a binary operator
    operands: tuple[object, ...]


@attrs.frozen
class TupleExpr:
    items: tuple[object, ...]


@attrs.frozen
class ObjectExpr:
    items: tuple[tuple[object, object], ...]


@attrs.frozen
class ForExpr:
    """`[for k, v in coll : value if cond]` (key None for tuples) or `{for ... : k => v}`."""

    text: str
    names: tuple[str, ...] = ()
    collection: object = None
    key: object = None  # only for the object form
    value: object = None
    condition: object = None


@attrs.frozen
class Postfix:
    """Steps applied to something that is not a name: `[a, b][0]`, `f(x).attr`."""

    base: object
    steps: tuple[GetAttr | Index | Splat, ...]


_TOKEN = re.compile(
    r"""\s*(?:
      (?P<number>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)
    | (?P<name>[A-Za-z_][A-Za-z0-9_-]*(?:::[A-Za-z_][A-Za-z0-9_]*)*)
    | (?P<string>")
    | (?P<heredoc><<-?)
    | (?P<op>\.\.\.|==|!=|<=|>=|&&|\|\||=>|[-+*/%<>!?:.,\[\](){}=])
    )""",
    re.VERBOSE,
)

_BINARY = (
    ("||",),
    ("&&",),
    ("==", "!="),
    ("<", ">", "<=", ">="),
    ("+", "-"),
    ("*", "/", "%"),
)


def _string_end(text: str, start: int) -> int:
    """Index just past the closing quote of the string opened before `start`."""
    index, depth = start, 0
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if text.startswith(("${", "%{"), index):
            depth += 1
            index += 2
            continue
        if char == "}" and depth:
            depth -= 1
        elif char == '"' and depth:
            index = _string_end(text, index + 1)
            continue
        elif char == '"':
            return index + 1
        index += 1
    raise ExprError("unterminated string")


@attrs.define
class _Parser:
    text: str
    pos: int = 0

    def peek(self) -> tuple[str, str] | None:
        match = _TOKEN.match(self.text, self.pos)
        if match is None or match.end() == match.start() == len(self.text):
            return None
        if not match.lastgroup:
            if self.text[self.pos :].strip():
                raise ExprError(f"unexpected {self.text[self.pos :].strip()[:20]!r}")
            return None
        return match.lastgroup, match.group(match.lastgroup)

    def take(self) -> tuple[str, str]:
        match = _TOKEN.match(self.text, self.pos)
        if match is None or not match.lastgroup:
            raise ExprError("unexpected end of expression")
        self.pos = match.end()
        return match.lastgroup, match.group(match.lastgroup)

    def at(self, op: str) -> bool:
        token = self.peek()
        return token is not None and token[0] == "op" and token[1] == op

    def expect(self, op: str) -> None:
        kind, value = self.take()
        if kind != "op" or value != op:
            raise ExprError(f"expected {op!r}, found {value!r}")

    def expression(self) -> object:
        condition = self.binary(0)
        if self.at("?"):
            self.take()
            then = self.expression()
            self.expect(":")
            return Conditional(condition, then, self.expression())
        return condition

    def binary(self, level: int) -> object:
        if level == len(_BINARY):
            return self.unary()
        left = self.binary(level + 1)
        while True:
            token = self.peek()
            if token is None or token[0] != "op" or token[1] not in _BINARY[level]:
                return left
            self.take()
            left = Operation(token[1], (left, self.binary(level + 1)))

    def unary(self) -> object:
        if self.at("!"):
            self.take()
            return Operation("!", (self.unary(),))
        if self.at("-"):
            self.take()
            operand = self.unary()
            if isinstance(operand, Literal) and isinstance(operand.value, int | float):
                return Literal(-operand.value)
            return Operation("neg", (operand,))
        return self.postfix(self.primary())

    def steps(self) -> list[GetAttr | Index | Splat]:
        steps: list[GetAttr | Index | Splat] = []
        while True:
            if self.at("."):
                self.take()
                kind, value = self.take()
                if kind == "name":
                    steps.append(GetAttr(value))
                elif kind == "number" and value.isdigit():
                    steps.append(Index(Literal(int(value))))
                elif kind == "op" and value == "*":
                    steps.append(Splat())
                else:
                    raise ExprError(f"unexpected {value!r} after '.'")
            elif self.at("["):
                self.take()
                if self.at("*"):
                    self.take()
                    self.expect("]")
                    steps.append(Splat())
                    continue
                key = self.expression()
                self.expect("]")
                steps.append(Index(key))
            else:
                return steps

    def postfix(self, base: object) -> object:
        steps = self.steps()
        if not steps:
            return base
        if isinstance(base, Traversal):
            return Traversal(base.root, (*base.steps, *steps))
        return Postfix(base, tuple(steps))

    def primary(self) -> object:
        kind, value = self.take()
        if kind == "number":
            number = float(value)
            is_int = number.is_integer() and "." not in value and "e" not in value.lower()
            return Literal(int(number) if is_int else number)
        if kind == "string":
            return self.string()
        if kind == "heredoc":
            raise ExprError("heredoc inside an expression")
        if kind == "name":
            if value in ("true", "false"):
                return Literal(value == "true")
            if value == "null":
                return Literal(None)
            if self.at("("):
                return self.call(value)
            return Traversal(value, ())
        if value == "(":
            inner = self.expression()
            self.expect(")")
            return inner
        if value == "[":
            return self.collection("]")
        if value == "{":
            return self.collection("}")
        raise ExprError(f"unexpected {value!r}")

    def call(self, name: str) -> Call:
        self.expect("(")
        args: list[object] = []
        expand = False
        while not self.at(")"):
            args.append(self.expression())
            if self.at("..."):
                self.take()
                expand = True
            if not self.at(")"):
                self.expect(",")
        self.take()
        return Call(name, tuple(args), expand)

    def collection(self, close: str) -> object:
        start = self.pos
        token = self.peek()
        if token is not None and token == ("name", "for"):
            return self.for_expression(close, start)
        items: list[object] = []
        pairs: list[tuple[object, object]] = []
        while not self.at(close):
            item = self.expression()
            if close == "}":
                if not (self.at("=") or self.at(":")):
                    raise ExprError("expected '=' in an object")
                self.take()
                if isinstance(item, Traversal) and not item.steps:
                    item = Literal(item.root)  # a bare key is a name, not a reference
                pairs.append((item, self.expression()))
            else:
                items.append(item)
            if self.at(","):
                self.take()
            elif not self.at(close):
                token = self.peek()
                if close == "}" and token is not None and token[0] in ("name", "string"):
                    continue  # object items may be separated by newlines only
                raise ExprError(f"expected ',' or {close!r}")
        self.take()
        return ObjectExpr(tuple(pairs)) if close == "}" else TupleExpr(tuple(items))

    def for_expression(self, close: str, start: int) -> ForExpr:
        self.take()  # "for"
        names = [self.name()]
        if self.at(","):
            self.take()
            names.append(self.name())
        if self.take() != ("name", "in"):
            raise ExprError("expected 'in' in a for expression")
        collection = self.expression()
        self.expect(":")
        key: object = None
        value = self.expression()
        if close == "}":
            self.expect("=>")
            key, value = value, self.expression()
            if self.at("..."):
                raise ExprError("grouping ('...') in a for expression")
        condition: object = None
        if self.peek() == ("name", "if"):
            self.take()
            condition = self.expression()
        self.expect(close)
        text = ("[" if close == "]" else "{") + self.text[start : self.pos]
        return ForExpr(text, tuple(names), collection, key, value, condition)

    def name(self) -> str:
        kind, value = self.take()
        if kind != "name":
            raise ExprError(f"expected a name, found {value!r}")
        return value

    def string(self) -> object:
        start = self.pos
        end = _string_end(self.text, start)
        self.pos = end
        return template(self.text[start : end - 1])


def template(body: str) -> object:
    """A quoted string's body (between the quotes, HCL escapes in place) as a node."""
    parts: list[object] = []
    for part in split_template(body):
        if isinstance(part, Interpolation):
            parts.append(parse_expression(part.expr))
        elif isinstance(part, Directive):
            raise ExprError("a %{...} template directive")
        else:
            try:
                parts.append(json.loads(f'"{part}"'))
            except ValueError:
                parts.append(part)
    if all(isinstance(part, str) for part in parts):
        return Literal("".join(str(part) for part in parts))
    return Template(tuple(parts))


def parse_expression(text: str) -> object:
    """The syntax tree of one HCL expression. Raises `ExprError` if it does not parse."""
    parser = _Parser(text)
    try:
        node = parser.expression()
    except RecursionError:
        raise ExprError("nested too deeply") from None
    if parser.peek() is not None:
        raise ExprError(f"unexpected {parser.text[parser.pos :].strip()[:20]!r}")
    return node


def interpolated(raw: object) -> tuple[object, str] | None:
    """The syntax tree and the text of a value that is one `${...}` expression; None for any
    other value and for one that does not parse."""
    parts = split_template(raw) if isinstance(raw, str) else []
    if len(parts) != 1 or not isinstance(parts[0], Interpolation):
        return None
    try:
        return parse_expression(parts[0].expr), parts[0].expr
    except ExprError:
        return None


def single_expression(raw: object) -> object:
    """The syntax tree of a value that is one `${...}` expression, else None."""
    found = interpolated(raw)
    return None if found is None else found[0]
