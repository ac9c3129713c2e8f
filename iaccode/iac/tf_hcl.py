"""Read Terraform (HCL2) into plain blocks, and take its strings and expressions apart.

python-hcl2 (8.x) turns a file into dicts. With `strip_string_quotes` a quoted string becomes its
text and every other expression becomes `"${expr}"` text, so `vpc_id = alicloud_vpc.main.id` and
`vpc_id = "${alicloud_vpc.main.id}"` read the same, as they mean the same in Terraform. This
module knows that convention so the converter does not: `split_template` cuts a string into
literal text and `${...}` interpolations (undoing HCL's `$${` and `%%{` escapes), and
`parse_reference` reads a traversal such as `alicloud_vswitch.web[0].id` into root and steps.

`variable_parameter` maps one `variable` block to a ROS parameter; both the compatible wrapping
and the native conversion use it, so a variable looks the same in either template.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import attrs

from iaccode.iac.msg import Msg, Value
from iaccode.iac.ros_types import PARAMETER_ATTRIBUTES
from iaccode.iac.tf_files import TerraformError

_OPTIONS = {"with_comments": False, "strip_string_quotes": True, "preserve_heredocs": False}

# Blocks whose first label names the thing; `locals`, `terraform` and `provider` are different.
_LABELLED = ("resource", "data", "variable", "output", "module")
# Beside python-hcl2's `__is_block__`: the arguments of a nested block that each hold every
# copy's value of a resource counted at deploy time, one ROS entry per copy (`tf_expand`).
ZIPPED = "__zipped__"
# A nested block standing for a dynamic block over a parameter, computed from it by ROS
# (`tf_items`): what each item gives each argument, and the blocks over the default.
ITEMS = "__items__"
# A nested block standing for a dynamic block over `c ? [x] : []`: there when `c` holds
# (`tf_guarded`), with the test and the blocks over the default.
GUARDED = "__guarded__"
_PLACEHOLDER = "\u0000item\u0000"


@attrs.frozen
class Block:
    """One labelled top-level block: `resource "alicloud_vpc" "main" {...}` in `file`."""

    kind: str
    labels: tuple[str, ...]
    body: Mapping[str, Any]
    file: str

    @property
    def address(self) -> str:
        """Terraform's own name for it: `alicloud_vpc.main`, `data.alicloud_zones.z`, ..."""
        joined = ".".join(self.labels)
        return joined if self.kind == "resource" else f"{self.kind}.{joined}"


@attrs.frozen
class TerraformConfig:
    """The root module of a workspace: its blocks in file order, plus tfvars values."""

    variables: Mapping[str, Block]
    locals: Mapping[str, Any]
    resources: tuple[Block, ...]
    outputs: tuple[Block, ...]
    modules: tuple[Block, ...]
    tfvars: Mapping[str, Any]
    data: tuple[Block, ...] = ()  # `data` blocks, addressed `data.<type>.<name>`
    # Resources whose for_each over a set became Count: keyed by the set's items (`tf_counted`).
    item_keyed: frozenset[str] = frozenset()


def parse_hcl(path: str, text: str) -> dict[str, Any]:
    """Parse one HCL file; a syntax error becomes a `TerraformError` naming file and line."""
    # Imported here: python-hcl2 (and lark) cost a tenth of the server's start-up otherwise.
    import hcl2
    from hcl2.utils import SerializationOptions

    try:
        parsed = hcl2.loads(text, serialization_options=SerializationOptions(**_OPTIONS))
    except Exception as exc:  # lark raises several kinds; every one means "does not parse"
        raise TerraformError(_syntax_message(path, exc)) from exc
    return dict(parsed)


def _syntax_message(path: str, exc: Exception) -> Msg:
    line, column = getattr(exc, "line", None), getattr(exc, "column", None)
    where: Value = path
    if isinstance(line, int) and line > 0:
        if isinstance(column, int):
            where = Msg("{path}, line {line}, column {column}", path=path, line=line, column=column)
        else:
            where = Msg("{path}, line {line}", path=path, line=line)
    token = getattr(exc, "token", None)
    what: Value
    if token is not None and getattr(token, "type", "") == "$END":
        what = Msg("the file ends in the middle of a block or expression")
    elif token is not None:
        shown = str(token).strip() or repr(str(token))
        what = Msg("unexpected {token!r}", token=shown[:40])
    elif isinstance(getattr(exc, "char", None), str):
        what = Msg("unexpected character {char!r}", char=exc.char)  # type: ignore[attr-defined]
    else:
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        what = first[:200]  # the parser's own wording, not translated
    return Msg("{where}: not valid HCL ({what}).", where=where, what=what)


def _unwrap(body: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in body.items() if key != "__is_block__"}


def _labelled_blocks(kind: str, entries: object, path: str) -> list[Block]:
    blocks: list[Block] = []
    depth = 2 if kind in ("resource", "data") else 1
    for entry in entries if isinstance(entries, list) else [entries]:
        stack: list[tuple[tuple[str, ...], object]] = [((), entry)]
        while stack:
            labels, value = stack.pop(0)
            if not isinstance(value, dict):
                continue
            if len(labels) == depth:
                blocks.append(Block(kind, labels, _unwrap(value), path))
                continue
            stack.extend(
                ((*labels, str(key)), item) for key, item in value.items() if key != "__is_block__"
            )
    return blocks


def module_directory(path: str) -> str:
    """The folder of a workspace path ("" for the root module)."""
    return path.rpartition("/")[0]


def module_calls(parsed: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """The `module` blocks of one parsed file as (name, body) pairs."""
    calls: list[tuple[str, Mapping[str, Any]]] = []
    entries = parsed.get("module", [])
    for entry in entries if isinstance(entries, list) else [entries]:
        if isinstance(entry, dict):
            calls.extend(
                (str(name), body)
                for name, body in entry.items()
                if name != "__is_block__" and isinstance(body, dict)
            )
    return calls


def read_config(
    files: Mapping[str, str], directory: str = "", *, root: bool | None = None
) -> TerraformConfig:
    """Parse the `.tf` files of the module in `directory` (the top by default) of a checked
    workspace; the root module (`root`, by default the module at the top) also gets its
    auto-loaded tfvars. Raises `TerraformError` for invalid HCL (naming file and line) or a
    block declared twice."""
    variables: dict[str, Block] = {}
    local_values: dict[str, Any] = {}
    groups: dict[str, list[Block]] = {kind: [] for kind in _LABELLED}
    seen: dict[str, str] = {}
    for path in sorted(files):
        if not (module_directory(path) == directory and path.endswith(".tf")):
            continue
        parsed = parse_hcl(path, files[path])
        for kind, entries in parsed.items():
            if kind == "locals":
                for block in entries if isinstance(entries, list) else [entries]:
                    if isinstance(block, dict):
                        local_values.update(_unwrap(block))
            elif kind in _LABELLED:
                for block in _labelled_blocks(kind, entries, path):
                    earlier = seen.get(block.address)
                    if earlier is not None:
                        raise TerraformError(
                            Msg(
                                "{address} is declared twice, in {earlier} and {path}; "
                                "Terraform rejects this too.",
                                address=block.address,
                                earlier=earlier,
                                path=path,
                            )
                        )
                    seen[block.address] = path
                    groups[kind].append(block)
                    if kind == "variable":
                        variables[block.labels[0]] = block
    return TerraformConfig(
        variables=variables,
        locals=local_values,
        resources=tuple(groups["resource"]),
        outputs=tuple(groups["output"]),
        modules=tuple(groups["module"]),
        tfvars=_tfvars(files, directory) if (directory == "" if root is None else root) else {},
        data=tuple(groups["data"]),
    )


def _tfvars(files: Mapping[str, str], directory: str) -> dict[str, Any]:
    """Values Terraform loads by itself from the root module's folder: terraform.tfvars, then
    *.auto.tfvars in name order."""
    here = [p for p in files if module_directory(p) == directory]
    names = [p for p in here if p.rpartition("/")[2] == "terraform.tfvars"]
    names += sorted(p for p in here if p.endswith(".auto.tfvars"))
    values: dict[str, Any] = {}
    for path in names:
        values.update(_unwrap(parse_hcl(path, files[path])))
    return values


# --- strings and expressions -----------------------------------------------------------------


@attrs.frozen
class Interpolation:
    """`${expr}` inside a string; `expr` is the HCL expression text."""

    expr: str


@attrs.frozen
class Directive:
    """`%{ if ... }` or `%{ for ... }` template syntax, which has no ROS equivalent."""

    text: str


TemplatePart = str | Interpolation | Directive


def _closing_brace(text: str, start: int) -> int:
    """Index of the `}` closing the `{` before `start`, skipping quoted strings; -1 if none."""
    depth, index, quoted = 1, start, False
    while index < len(text):
        char = text[index]
        if quoted:
            if char == "\\":
                index += 1
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    return -1


def split_template(text: str) -> list[TemplatePart]:
    """Cut a string into literal text, interpolations and directives (escapes undone)."""
    parts: list[TemplatePart] = []
    literal: list[str] = []
    index = 0
    while index < len(text):
        if text.startswith(("$${", "%%{"), index):
            literal.append(text[index + 1 : index + 3])
            index += 3
            continue
        if text.startswith(("${", "%{"), index):
            end = _closing_brace(text, index + 2)
            if end >= 0:
                if literal:
                    parts.append("".join(literal))
                    literal = []
                inner = text[index + 2 : end].strip().strip("~").strip()
                parts.append(Interpolation(inner) if text[index] == "$" else Directive(inner))
                index = end + 1
                continue
        literal.append(text[index])
        index += 1
    if literal:
        parts.append("".join(literal))
    return parts


SPLAT = "*"

_STEP = re.compile(
    r"\.(?P<attr>[A-Za-z_][A-Za-z0-9_-]*)"
    r"|\.(?P<legacy>\d+)"
    r"|\[(?P<index>\d+)\]"
    r'|\["(?P<key>[^"\\]*)"\]'
    r"|(?P<splat>\[\*\]|\.\*)"
)
_ROOT = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")


@attrs.frozen
class Reference:
    """A traversal: `alicloud_vpc.main.id` is root `alicloud_vpc`, steps ("main", "id")."""

    root: str
    steps: tuple[str | int, ...]


def parse_reference(expr: str) -> Reference | None:
    """The traversal `expr` is, or None for anything else (calls, operators, literals)."""
    text = expr.strip()
    head = _ROOT.match(text)
    if head is None:
        return None
    steps: list[str | int] = []
    index = head.end()
    while index < len(text):
        match = _STEP.match(text, index)
        if match is None:
            return None
        if match.group("attr") is not None:
            steps.append(match.group("attr"))
        elif match.group("key") is not None:
            steps.append(match.group("key"))
        elif match.group("splat") is not None:
            steps.append(SPLAT)
        else:
            steps.append(int(match.group("legacy") or match.group("index")))
        index = match.end()
    return Reference(head.group(), tuple(steps))


def parse_literal(expr: str) -> tuple[bool, object]:
    """(True, value) when `expr` is a number, bool or null literal; (False, None) otherwise."""
    text = expr.strip()
    if text in ("true", "false"):
        return True, text == "true"
    if text == "null":
        return True, None
    if _NUMBER.fullmatch(text):
        number = float(text)
        return True, int(number) if number.is_integer() and "." not in text else number
    return False, None


def literal_text(value: object) -> str | None:
    """The text of a string with no interpolation or directive (escapes undone), else None."""
    if not isinstance(value, str):
        return None
    parts = split_template(value)
    if all(isinstance(part, str) for part in parts):
        return "".join(part for part in parts if isinstance(part, str))
    return None


# --- variables -> parameters -----------------------------------------------------------------

_TYPE_WORDS = {
    "string": "String",
    "number": "Number",
    "bool": "Boolean",
    "list": "CommaDelimitedList",
    "set": "CommaDelimitedList",
    "map": "Json",
    "object": "Json",
    "tuple": "Json",
}
# Keys a JSON variable description may carry into the ROS parameter (ROS docs, 3.7).
_DESCRIPTION_KEYS = tuple(key for key in PARAMETER_ATTRIBUTES if key not in ("Type", "Default"))


def _type_from_default(default: object) -> str:
    if isinstance(default, bool):
        return "Boolean"
    if isinstance(default, int | float):
        return "Number"
    if isinstance(default, list):
        return "CommaDelimitedList"
    if isinstance(default, dict):
        return "Json"
    return "String"


def parameter_type(type_expr: object, default: object) -> str:
    """ROS parameter type for a Terraform type constraint (or the default when untyped)."""
    text = type_expr if isinstance(type_expr, str) else ""
    parts = split_template(text)
    if len(parts) == 1 and isinstance(parts[0], Interpolation):
        text = parts[0].expr
    word = re.match(r"\s*([a-z]+)(?:\s*\(\s*([a-z]+))?", text)
    if word and word.group(1) in _TYPE_WORDS:
        kind = _TYPE_WORDS[word.group(1)]
        # A list of objects, maps or lists has no comma-joined form; ROS holds it as JSON.
        if kind == "CommaDelimitedList" and word.group(2) in (
            "list",
            "set",
            "map",
            "object",
            "tuple",
        ):
            return "Json"
        return kind
    return _type_from_default(default)


def plain_value(value: object) -> object:
    """A literal HCL value as plain data (strings unescaped); lists and maps recursively."""
    if isinstance(value, dict):
        return {str(k): plain_value(v) for k, v in value.items() if k != "__is_block__"}
    if isinstance(value, list):
        return [plain_value(item) for item in value]
    text = literal_text(value)
    return text if text is not None else value


def _default_for(kind: str, default: object) -> tuple[str, object]:
    """Fit a default to the parameter type; lists that do not join cleanly become Json."""
    if kind == "CommaDelimitedList" and isinstance(default, list):
        items = [item for item in default if isinstance(item, str | int | float)]
        texts = [str(item).lower() if isinstance(item, bool) else str(item) for item in items]
        if len(items) == len(default) and not any("," in text for text in texts):
            return kind, ",".join(texts)
        return "Json", default
    return kind, default


def variable_parameter(block: Block, tfvars: Mapping[str, Any]) -> dict[str, object]:
    """The ROS parameter for a `variable` block; an auto-loaded tfvars value wins as Default."""
    body = block.body
    name = block.labels[0]
    has_default = name in tfvars or "default" in body
    default = plain_value(tfvars[name] if name in tfvars else body.get("default"))
    if has_default:
        # Imported here (tf_types, tf_validation): they read with tf_expr, which builds on this
        # module.
        from iaccode.iac.tf_types import with_optional_defaults

        default = with_optional_defaults(body.get("type"), default)
    kind = parameter_type(body.get("type"), default)
    parameter: dict[str, object] = {"Type": kind}
    if has_default:
        kind, fitted = _default_for(kind, default)
        parameter["Type"] = kind
        parameter["Default"] = fitted
    description = literal_text(body.get("description"))
    if description:
        parameter.update(_description_fields(description))
    if body.get("sensitive") is True:
        parameter["NoEcho"] = True
    if "validation" in body:
        from iaccode.iac.tf_validation import validation_constraints  # see tf_types above

        parameter.update(validation_constraints(block).fields)
    return parameter


def output_fields(block: Block) -> dict[str, object]:
    """The ROS `Outputs` entry of a root `output` block in a Terraform-type template.

    ROS fills the value from the Terraform output of the same name; the entry only carries
    display text. The docs' newest revision writes it as `Value: null` plus Description (and
    Label), which is the form used here; a JSON description carries Label and Description the
    way a variable's does."""
    entry: dict[str, object] = {"Value": None}
    description = literal_text(block.body.get("description"))
    if description:
        fields = _description_fields(description)
        entry.update({key: fields[key] for key in ("Description", "Label") if key in fields})
    entry.setdefault("Label", block.labels[0])
    return entry


def _description_fields(description: str) -> dict[str, object]:
    """ROS reads a JSON object in a variable description as parameter metadata (3.7)."""
    text = description.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if isinstance(data, dict):
            fields = {key: data[key] for key in _DESCRIPTION_KEYS if key in data}
            if fields:
                return fields
    return {"Description": description}


def placeholder(argument: str) -> str:
    """The text that stands for `argument`'s per-item value until `tf_props` replaces it."""
    return f"{_PLACEHOLDER}{argument}{_PLACEHOLDER}"


def placeholder_argument(value: object) -> str | None:
    """The argument a placeholder stands for, or None when `value` is not one."""
    if isinstance(value, str) and value.startswith(_PLACEHOLDER) and value.endswith(_PLACEHOLDER):
        inner = value[len(_PLACEHOLDER) : -len(_PLACEHOLDER)]
        return inner if inner and _PLACEHOLDER not in inner else None
    return None


def has_placeholder(value: object) -> bool:
    """Whether a placeholder is anywhere in `value`, intact or not."""
    return json.dumps(_PLACEHOLDER)[1:-1] in json.dumps(value)  # as JSON writes it


def computed_blocks(value: object) -> bool:
    """Whether `value` holds a nested block that stands for blocks ROS computes (`ITEMS`,
    `ZIPPED`): not the blocks Terraform's value has, so not to be read back."""
    text = json.dumps(value)
    return has_placeholder(value) or json.dumps(ZIPPED) in text or json.dumps(ITEMS) in text
