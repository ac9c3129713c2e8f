"""How well each vendor-mapped Terraform type converts: one generated resource per type.

`sample_resource` writes a Terraform resource of a type from its vendor rule (`tf_rule_data`):
every argument the rule maps, with a plausible value of the type the ROS schema gives the
property it maps to (the first allowed value, a number, a switch, a list of one, a map, a
nested block with the fields of its `Schema`); with `ignored=True` also the arguments the rules
leave out, typed by the schema property of their name where there is one. `survey` converts
each sample on its own and counts what became of it (native, with losses, left out), groups
the losses by their reason (the message template) and counts checker errors. The numbers are
a measurement of the mapping, not of real Terraform: a provider argument the rules do not
name is not in the sample, and a value the vendor's API would refuse may still convert.

`scripts/tf-survey` prints the survey; a test holds it above a floor.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.ros_schema import PropertySchema, TypeSpec
from iaccode.iac.tf_rule_data import PropertyRule, load_rules
from iaccode.iac.tf_rules import base_rule, misfit
from iaccode.iac.tf_schema import property_at, ros_fields, schema_targets

_INDENT = "  "


def _text(name: str) -> str:
    if "cidr" in name:
        return json.dumps("10.0.0.0/16")
    if name.endswith(("_time", "_date")):
        return json.dumps("2026-01-01T00:00:00Z")
    return json.dumps(f"example-{name}")


def _literal(kind: TypeSpec, name: str, allowed: tuple[object, ...] = ()) -> str:
    """An HCL literal of a ROS type."""
    if allowed:
        return json.dumps(allowed[0])
    if kind.kind == "number":
        return "1"
    if kind.kind == "boolean":
        return "true"
    if kind.kind == "list":
        return f"[{_literal(kind.item, name) if kind.item is not None else _text(name)}]"
    if kind.kind in ("map", "struct"):
        return '{ key = "value" }'
    if kind.kind == "json":
        return json.dumps('{"key": "value"}')
    return _text(name)


def _guess(name: str) -> str:
    """A literal for an argument nothing types: by what its name says."""
    if name == "tags" or name.endswith("_tags"):
        return '{ Name = "example" }'
    if name.startswith(("enable", "is_")) or name.endswith(("_enabled", "_enable")):
        return "true"
    if name.endswith(("_count", "_size", "_port", "port", "period", "_ttl", "bandwidth")):
        return "1"
    return _text(name)


# Handlers that take blocks, with the arguments they read (`tf_props`).
_BLOCK_HANDLERS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "ros_parameters": (("parameter_key", '"Key"'), ("parameter_value", '"value"')),
    "ots_search_index_sorters": (("sorter_type", '"PrimaryKeySort"'), ("order", '"Asc"')),
    "slb_x_forwarded_for": (("retrive_slb_ip", "true"),),
}


def _handler_literal(handler: str, name: str) -> str | None:
    literals = {
        "tags_dict_to_list": '{ Name = "example" }',
        "to_int": "1",
        "to_boolean": "true",
        "json_load": json.dumps('{"key": "value"}'),
        "select_first": f"[{_text(name)}]",
        "comma_join": f"[{_text(name)}]",
        "sls_key_indices": 'jsonencode({ example = { type = "text", token = [","] } })',
        "characters": '[",", " "]',
    }
    return literals.get(handler)


def _arguments(
    rules: Mapping[str, PropertyRule],
    ignored: Iterable[str],
    fields: Mapping[str, PropertySchema] | None,
    prefix: str,
    depth: int,
) -> list[str]:
    pad = _INDENT * depth
    lines: list[str] = []
    used: set[str] = set()
    # A block's path covers the flat arguments the rules send inside it: Terraform takes
    # one form or the other (`ike_config { local_id }` or the older `local_id`).
    blocks = {f"{prefix}{rule.to}." for rule in rules.values() if rule.to and rule.schema}
    for name, rule in rules.items():
        path = f"{prefix}{rule.to}" if rule.to else prefix.rstrip(".")
        if rule.broken is not None or (rule.to and path in used):
            continue  # one of two names for one argument (the provider's old and new)
        if rule.schema is None and any(path.startswith(block) for block in blocks):
            continue
        used.add(path)
        handled = _BLOCK_HANDLERS.get(rule.handler or "")
        if handled is not None:
            inner = [f"{pad}{_INDENT}{key} = {value}" for key, value in handled]
            lines += [f"{pad}{name} {{", *inner, f"{pad}}}"]
            continue
        if rule.schema is not None:
            inner = _arguments(rule.schema, (), fields, f"{path}." if path else "", depth + 1)
            lines += [f"{pad}{name} {{", *inner, f"{pad}}}"]
            continue
        prop = property_at(fields, path) if path else None
        literal = _handler_literal(rule.handler, name) if rule.handler else None
        if prop is not None and prop.allowed_values:
            literal = json.dumps(prop.allowed_values[0])
        if literal is None and prop is not None:
            kind = prop.type
            item = kind.item if kind.kind == "list" else kind
            if item is not None and item.kind == "struct" and item.fields:
                # A block ROS takes as a struct: its required fields, by their snake_case names.
                inner = [
                    f"{pad}{_INDENT}{_snake(key)} = "
                    + _literal(field.type, key, field.allowed_values)
                    for key, field in item.fields.items()
                    if field.required and field.type.kind not in ("struct", "list", "map")
                ]
                lines += [f"{pad}{name} {{", *inner, f"{pad}}}"]
                continue
            literal = _literal(kind, name, prop.allowed_values)
            if rule.kind == "List" and kind.kind != "list":
                literal = f"[{literal}]"
        lines.append(f"{pad}{name} = {literal or _guess(name)}")
    for name in sorted(ignored):
        targets = schema_targets(name, fields) if fields is not None else []
        prop = property_at(fields, ".".join(targets[0])) if len(targets) == 1 else None
        literal = _literal(prop.type, name, prop.allowed_values) if prop is not None else None
        lines.append(f"{pad}{name} = {literal or _guess(name)}")
    return lines


def _snake(name: str) -> str:
    out = ""
    for index, char in enumerate(name):
        if char.isupper() and index and (not name[index - 1].isupper()):
            out += "_"
        out += char.lower()
    return out


def sample_resource(tf_type: str, *, ignored: bool = False, name: str = "r") -> str:
    """A Terraform resource of `tf_type` setting every argument its vendor rule maps (and with
    `ignored`, those it leaves out). Raises KeyError for a type without a rule."""
    rule = base_rule(tf_type)
    if rule is None:
        raise KeyError(tf_type)
    fields = ros_fields(rule.ros_type)
    body = _arguments(rule.properties, rule.ignored if ignored else (), fields, "", 1)
    return "\n".join([f'resource "{tf_type}" "{name}" {{', *body, "}", ""])


@attrs.frozen
class Survey:
    """What became of each type's sample, and why resources lost something."""

    # type -> native | lossy | dropped | refused | crash, or misfit: left out, as its rule
    # names the ROS type of another resource (`tf_rules.misfit`)
    outcome: Mapping[str, str]
    reasons: Counter[str]  # message template (and the reason's) -> how many types
    examples: Mapping[str, str]  # reason -> one rendered message
    check_errors: Counter[str]  # checker code -> how many types

    def count(self, outcome: str) -> int:
        return sum(1 for value in self.outcome.values() if value == outcome)


def reason_key(note: Msg) -> str:
    """A loss's reason without its values: the template, with those of its nested reasons."""
    key = note.template
    for name, value in note.values:
        if name in ("reason", "what", "note") and isinstance(value, Msg):
            key += " || " + value.template
    return key


def survey(types: Iterable[str] | None = None, *, ignored: bool = False) -> Survey:
    """Convert each type's sample (all vendor-mapped types by default) and check the result."""
    from iaccode.iac.ros_check import check_template
    from iaccode.iac.terraform import TerraformError, convert_terraform

    outcome: dict[str, str] = {}
    reasons: Counter[str] = Counter()
    examples: dict[str, str] = {}
    errors: Counter[str] = Counter()
    for tf_type in sorted(types if types is not None else load_rules().by_terraform):
        try:
            conversion = convert_terraform({"main.tf": sample_resource(tf_type, ignored=ignored)})
        except TerraformError as problem:
            outcome[tf_type] = "misfit" if misfit(tf_type) is not None else "refused"
            key = reason_key(problem.text)
            reasons[key] += 1
            examples.setdefault(key, f"{tf_type}: {problem}")
            continue
        except Exception as problem:  # a crash is what the survey counts, not its end
            outcome[tf_type] = "crash"
            key = f"crash: {type(problem).__name__}"
            reasons[key] += 1
            examples.setdefault(key, f"{tf_type}: {problem!r}")
            continue
        summary = conversion.summary
        outcome[tf_type] = "native" if summary.native else "lossy" if summary.lossy else "dropped"
        if summary.dropped and misfit(tf_type) is not None:
            outcome[tf_type] = "misfit"
        for key in {reason_key(note) for note in conversion.notes}:
            reasons[key] += 1
        for note in conversion.notes:
            examples.setdefault(reason_key(note), note.render())
        report = check_template(conversion.to_yaml())
        for code in {finding.code for finding in report.findings if finding.severity == "error"}:
            errors[code] += 1
    return Survey(outcome, reasons, examples, errors)
