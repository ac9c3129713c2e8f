"""Property values against the ROS schema: unknown or missing properties, wrong types, values.

`check_properties` walks one resource's Properties with the type's `ResourceSchema`, into nested
structs, lists and maps. A function may stand where a value stands; its result type is only used
when it is certain offline (a Ref to a parameter of a known Type, Fn::Join, Fn::Split, ...), and
everything else is accepted, because a value computed at deploy time cannot be judged here. ROS
also converts scalars (a number where a string goes, "80" where a number goes), so only shapes
that cannot be converted are reported: a list or mapping where a scalar goes, a mapping or scalar
where a list goes, a list or scalar where a mapping goes.
"""

from __future__ import annotations

from collections.abc import Mapping

from iaccode.iac.msg import Msg, or_list
from iaccode.iac.ros_context import CheckContext, describe, is_no_value, str_keys, suggestion
from iaccode.iac.ros_loader import Path
from iaccode.iac.ros_schema import PropertySchema, ResourceSchema, TypeSpec, closest_names

Shape = str  # "string", "number", "boolean", "list", "map": what a value certainly is

# Functions whose result shape does not depend on their arguments.
_RESULT_SHAPES: Mapping[str, Shape] = {
    "Fn::Join": "string",
    "Fn::Sub": "string",
    "Fn::Base64": "string",
    "Fn::Base64Encode": "string",
    "Fn::Base64Decode": "string",
    "Fn::Str": "string",
    "Fn::Replace": "string",
    "Fn::FormatTime": "string",
    "Fn::Split": "list",
    "Fn::GetAZs": "list",
    "Fn::ListMerge": "list",
    "Fn::MergeMapToList": "list",
    "Fn::Equals": "boolean",
    "Fn::And": "boolean",
    "Fn::Or": "boolean",
    "Fn::Not": "boolean",
    "Fn::Contains": "boolean",
    "Fn::MergeMap": "map",
}

_PARAMETER_SHAPES: Mapping[str, Shape] = {
    "String": "string",
    "Number": "number",
    "Boolean": "boolean",
    "CommaDelimitedList": "list",
}

# wanted kind -> shapes that ROS cannot turn into it
_INCOMPATIBLE: Mapping[str, frozenset[Shape]] = {
    "string": frozenset({"list", "map"}),
    "number": frozenset({"list", "map"}),
    "boolean": frozenset({"list", "map"}),
    "list": frozenset({"map", "number", "boolean"}),
    "map": frozenset({"list", "number", "boolean"}),
    "struct": frozenset({"list", "number", "boolean"}),
}

_LISTED = 8  # property names listed in a hint before it is cut


def function_of(value: object) -> str | None:
    """`Ref`, `Fn::X` or `Condition` when `value` is a one-key function object."""
    if isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
        if isinstance(key, str) and (key == "Ref" or key.startswith("Fn::")):
            return key
    return None


def _shape(ctx: CheckContext, value: object) -> tuple[Shape, str] | None:
    """What `value` certainly is and how to show it, or None when that is unknown offline."""
    function = function_of(value)
    if function is not None:
        assert isinstance(value, dict)
        argument = value[function]
        if function == "Ref" and isinstance(argument, str) and argument in ctx.parameters:
            if argument in ctx.resources or argument in ctx.locals:
                return None  # ambiguous name (ROS1021 warns)
            definition = ctx.parameters[argument]
            kind = definition.get("Type") if isinstance(definition, dict) else None
            shape = _PARAMETER_SHAPES.get(kind) if isinstance(kind, str) else None
            return (shape, f"Ref {argument} ({kind} parameter)") if shape else None
        shape = _RESULT_SHAPES.get(function)
        return (shape, f"{function} (a {shape})") if shape else None
    if isinstance(value, bool):
        return "boolean", describe(value)
    if isinstance(value, int | float):
        return "number", describe(value)
    if isinstance(value, str):
        return "string", describe(value)
    if isinstance(value, list):
        return "list", "a list"
    if isinstance(value, dict):
        return "map", "a mapping"
    return None


# Nested AllowedValues of the CDK's validators that are not the property's values, by ROS type
# and property path (struct keys joined by dots), each checked against the ROS docs and the
# provider's own examples: a value outside them is a warning (ROS3016), not an error.
UNRELIABLE_VALUES: frozenset[tuple[str, str]] = frozenset(
    {
        # the record types, listed under a record's value (a host name, an IP address, ...)
        ("ALIYUN::ESA::Record", "Data.Value"),
        # "domain" stands for a domain name of the user's choice, beside `$SERVER_IP`
        ("ALIYUN::GWLB::ServerGroup", "HealthCheckConfig.HealthCheckDomain"),
    }
)
# Properties whose API takes a comma-separated list of the listed values (OSS `PUT,DELETE`).
LISTED_VALUES: frozenset[tuple[str, str]] = frozenset(
    {("ALIYUN::OSS::BucketReplication", "ReplicationConfiguration.Rule.Action")}
)


def property_path(path: Path) -> str:
    """The struct keys of `path` below a resource's Properties, joined by dots (no indexes)."""
    if "Properties" not in path:
        return ""
    return ".".join(part for part in path[path.index("Properties") + 1 :] if isinstance(part, str))


def _each_allowed(value: object, allowed: tuple[object, ...]) -> bool:
    """Whether `value` is a comma-separated list of AllowedValues."""
    return isinstance(value, str) and all(
        allowed_value(part.strip(), allowed) for part in value.split(",")
    )


def refused_value(kind: str, where: str, value: object, allowed: tuple[object, ...]) -> bool:
    """Whether the checker gives ROS3012 for `value` at the property path `where` (struct keys
    joined by dots, `property_path`) of a `kind` resource: none of the `allowed` values, the
    comma-separated ones aside (`LISTED_VALUES`), and not a list known to be wrong."""
    return not (
        allowed_value(value, allowed)
        or ((kind, where) in LISTED_VALUES and _each_allowed(value, allowed))
        or (kind, where) in UNRELIABLE_VALUES
    )


def allowed_value(value: object, allowed: tuple[object, ...]) -> bool:
    """Whether `value` is one of a property's AllowedValues as ROS compares them."""
    # ROS reads "true" for True and "80" for 80, so booleans and numbers compare loosely.
    if value in allowed or str(value) in {str(item) for item in allowed}:
        return True
    if isinstance(value, bool) or (
        isinstance(value, str) and value.casefold() in ("true", "false")
    ):
        return str(value).casefold() in {str(item).casefold() for item in allowed}
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return any(_as_float(item) == number for item in allowed)


def _as_float(item: object) -> float | None:
    try:
        return float(item)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


class _Walk:
    """One resource's property walk; `owner` strings name where a property sits."""

    def __init__(self, ctx: CheckContext, name: str, kind: str) -> None:
        self.ctx = ctx
        self.name = name
        self.kind = kind

    def fields(
        self,
        path: Path,
        owner: str,
        values: Mapping[str, object],
        schema: Mapping[str, PropertySchema],
    ) -> None:
        folded = {name.casefold(): name for name in schema}
        given = {key.casefold() for key in values}
        for key, value in values.items():
            # ROS matches some names regardless of case (struct keys such as functionArgs).
            prop = schema.get(key) or schema.get(folded.get(key.casefold(), ""))
            if prop is None:
                self.unknown(path, owner, key, list(schema))
            elif value is not None and not is_no_value(value):
                self.value((*path, key), f"{owner} {prop.name}", key, value, prop)
        for key, prop in schema.items():
            if not prop.required or key.casefold() not in given:
                if prop.required:
                    self.missing(path, owner, key, top=owner == self.kind)
                continue
            actual = next(v for k, v in values.items() if k.casefold() == key.casefold())
            if actual is None or is_no_value(actual):
                self.missing(path, owner, key, top=owner == self.kind)

    def unknown(self, path: Path, owner: str, key: str, known: list[str]) -> None:
        close = closest_names(key, known)
        if close:
            hint = Msg(
                "Use {choices} if that is what you meant, or remove it.",
                choices=or_list([repr(name) for name in close]),
            )
        else:
            listing = ", ".join(sorted(known)[:_LISTED]) + (", ..." if len(known) > _LISTED else "")
            hint = Msg("Remove it; {owner} takes: {listing}.", owner=owner, listing=listing)
        self.ctx.add(
            "ROS3021",
            (*path, key),
            Msg("{key!r} is not a property of {owner} in the ROS schema.", key=key, owner=owner),
            hint,
        )

    def missing(self, path: Path, owner: str, key: str, *, top: bool) -> None:
        hint = Msg("Add {key} under Properties, as a literal or a Ref to a parameter.", key=key)
        if top:
            message = Msg(
                "Resource {name} ({kind}) is missing the required property {key}.",
                name=self.name,
                kind=self.kind,
                key=key,
            )
        else:
            message = Msg("{owner} is missing the required property {key}.", owner=owner, key=key)
        self.ctx.add("ROS3010", (*path, key), message, hint)

    def value(self, path: Path, owner: str, key: str, value: object, prop: PropertySchema) -> None:
        self.typed(path, owner, key, value, prop.type)
        allowed = prop.allowed_values
        if not allowed or not isinstance(value, str | int | float) or allowed_value(value, allowed):
            return
        where = property_path(path)
        if (self.kind, where) in UNRELIABLE_VALUES:
            self.ctx.add(
                "ROS3016",
                path,
                Msg(
                    "{key} of resource {name} is {value!r}, which is not among the values "
                    "the ROS schema lists for {kind}; that list is known to be wrong here.",
                    key=key,
                    name=self.name,
                    value=str(value),
                    kind=self.kind,
                ),
                Msg("Check the value against the {kind} documentation.", kind=self.kind),
            )
            return
        if not refused_value(self.kind, where, value, allowed):
            return  # a comma-separated list of the values (LISTED_VALUES)
        choices = ", ".join(str(item) for item in allowed[:20])
        self.ctx.add(
            "ROS3012",
            path,
            Msg(
                "{key} of resource {name} is {value!r}, which {kind} does not accept.",
                key=key,
                name=self.name,
                value=str(value),
                kind=self.kind,
            ),
            suggestion(
                str(value),
                [str(item) for item in allowed],
                Msg("Use one of: {choices}.", choices=choices),
            ),
        )

    def typed(self, path: Path, owner: str, key: str, value: object, spec: TypeSpec) -> None:
        function = function_of(value)
        if function == "Fn::If":
            assert isinstance(value, dict)
            branches = value[function]
            if isinstance(branches, list) and len(branches) == 3:
                for index in (1, 2):
                    branch = branches[index]
                    if branch is not None and not is_no_value(branch):
                        self.typed((*path, function, index), owner, key, branch, spec)
            return
        shape = _shape(self.ctx, value)
        if shape is None or spec.kind in ("any", "json"):
            return
        if shape[0] in _INCOMPATIBLE.get(spec.kind, frozenset()):
            self.ctx.add(
                "ROS3022",
                path,
                Msg(
                    "{owner} must be {wanted}, not {value}.",
                    owner=owner,
                    wanted=spec.describe(),
                    value=shape[1],
                ),
                Msg(
                    "Give {key} a value of type {wanted}, or a function that returns one.",
                    key=key,
                    wanted=spec.describe(),
                ),
            )
            return
        if function is not None:
            return
        if spec.kind == "list" and isinstance(value, list) and spec.item is not None:
            for index, item in enumerate(value):
                if item is not None and not is_no_value(item):
                    self.typed((*path, index), owner, key, item, spec.item)
        elif spec.kind == "map" and isinstance(value, dict) and spec.item is not None:
            for item_key, item in str_keys(value).items():
                if item is not None and not is_no_value(item):
                    self.typed((*path, item_key), owner, key, item, spec.item)
        elif spec.kind == "struct" and isinstance(value, dict) and spec.fields is not None:
            self.fields(path, owner, str_keys(value), spec.fields)


def check_properties(
    ctx: CheckContext, path: Path, name: str, schema: ResourceSchema, properties: dict[str, object]
) -> None:
    """Check one resource's Properties (at `path`) against its type's schema."""
    _Walk(ctx, name, schema.name).fields(path, schema.name, properties, schema.properties)
