"""The hashicorp/random resources as ROS: `ALIYUN::RandomString`, or the stack's own ID.

The vendor's rules map alicloud_* only, but the public modules name things with a random
suffix (`"tf-example-${random_integer.default.result}"`), and a placeholder parameter for each
such name is a loss the stack does not need. ROS has `ALIYUN::RandomString` (properties
`length`, `character_classes` of `{class, min}` with the classes `lowercase`, `uppercase`,
`digits`, ..., and `character_sequences` of `{sequence, min}`; attribute `value`; Alibaba
Cloud's own templates use it the same way), made once when the stack is created and kept, as
Terraform keeps a random resource's result in its state.

- `random_string` / `random_password`: `length`; `lower`, `upper`, `numeric` (`number`, its
  old name) each a character class, `special` a sequence of `override_special` or Terraform's
  default special characters; `min_*` become the class's `min`. ROS's `min` is at least 1, so
  every class that is on appears at least once (Terraform's default minimum is 0): the same
  kind of string, a little less random. `keepers` (regenerate on change) has no ROS form and is
  reported. A random_password's value is an attribute of the stack, where Terraform marks it
  sensitive: converted, and said as a loss.
- `random_integer`: random digits, three more than the range `max - min + 1` has (at most
  15, which a JSON number holds exactly), whose `result` is `min + digits mod range`,
  computed by `Fn::Jq` when it is read (`Rule.values`, on the resource's own `value`): a
  number in min..max, as Terraform's, uniform but for a bias below 1/1000, written as text.
- `random_uuid`: the stack's ID (`ALIYUN::StackId`), a UUID ROS makes once per stack, when the
  configuration has one random_uuid (a pseudo parameter, no resource). Several would all read
  that same value, so then each is 32 random hexadecimal digits whose `result` is written as
  a version 4 UUID by `Fn::Jq` (`tf_values`, handler `uuid_text`): the version digit `4`, the
  variant digit one of `89ab` from one random digit, 122 random bits, as Terraform's.

Flags and lengths must be literals in the files; a flag known only at deploy time is reported
and its Terraform default used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.tf_rule_data import AttributeRule, PropertyRule
from iaccode.iac.tf_rules import Rule

RANDOM_STRING = "ALIYUN::RandomString"
STACK_ID = "ALIYUN::StackId"
# Terraform's default `override_special` (hashicorp/random docs, random_string).
DEFAULT_SPECIAL = "!@#$%&*()-_=+[]{}<>:?"

_CLASSES = (("lower", "lowercase", "min_lower"), ("upper", "uppercase", "min_upper"))
_STRING_ARGUMENTS = frozenset(
    {
        "special",
        "upper",
        "lower",
        "numeric",
        "number",
        "min_upper",
        "min_lower",
        "min_numeric",
        "min_special",
        "override_special",
        "keepers",
    }
)
_VALUE = AttributeRule(("value",))
_UUID = AttributeRule(("value",), handler="uuid_text")  # 32 digits read as a UUID


@attrs.frozen
class RandomProperties:
    """The properties a random resource adds beyond its rule, what was lost, and why."""

    properties: dict[str, Any]
    notes: tuple[Msg, ...] = ()


def random_rule(tf_type: str, body: Mapping[str, object]) -> Rule | None:
    """The rule of a random resource (of the Terraform `body`) that becomes
    `ALIYUN::RandomString`; None otherwise."""
    if tf_type in ("random_string", "random_password"):
        return Rule(
            tf_type=tf_type,
            ros_type=RANDOM_STRING,
            properties={"length": PropertyRule("length")},
            ignored=frozenset(),
            attributes={"result": _VALUE, "id": _VALUE},
            used=_STRING_ARGUMENTS,
        )
    if tf_type in ("random_integer", "random_uuid"):
        value = _UUID if tf_type == "random_uuid" else _VALUE
        low, high = body.get("min"), body.get("max")
        number = _in_range(low, high) if tf_type == "random_integer" else None
        return Rule(
            tf_type=tf_type,
            ros_type=RANDOM_STRING,
            properties={},
            ignored=frozenset(),
            attributes={"result": value, "id": value},
            used=frozenset({"min", "max", "seed", "keepers"}),
            values={"result": number, "id": number} if number is not None else {},
        )
    return None


# The resource itself in `Rule.values`: `tf_values` puts its logical ID there.
SELF = "__self__"


def _in_range(low: object, high: object) -> dict[str, Any] | None:
    """The `Fn::Jq` that reads a random_integer's digits as a number in low..high."""
    if not (_is_int(low) and _is_int(high) and 0 <= low <= high):
        return None
    span = high - low + 1
    number = f"tonumber as $x | ($x - (($x / {span}) | floor) * {span} + {low}) | tostring"
    # Every copy's digits at once where the resource has Count: ROS's GetAtt is their list.
    script = f'.v | if type == "array" then map({number}) else {number} end'
    return {"Fn::Jq": ["First", script, {"v": {"Fn::GetAtt": [SELF, "value"]}}]}


def _digits(low: int, high: int) -> int:
    return min(len(str(high - low + 1)) + 3, 15)


def random_properties(tf_type: str, body: Mapping[str, object]) -> RandomProperties | None:
    """The character classes (and the length, for random_integer) of a random resource's
    `ALIYUN::RandomString`; None when they cannot be written (`unconvertible` says why)."""
    notes: list[Msg] = []
    if "keepers" in body:
        notes.append(Msg("keepers not converted (ROS keeps the value for the stack's life)"))
    if tf_type == "random_integer":
        return _integer(body, notes)
    if tf_type == "random_uuid":  # one of several: the stack's ID would be the same for all
        hexadecimal = [{"sequence": "0123456789abcdef", "min": 1}]
        return RandomProperties({"length": 32, "character_sequences": hexadecimal}, tuple(notes))
    flags: dict[str, bool] = {}
    for name in ("lower", "upper", "numeric", "special"):
        value = body.get(name, body.get("number", True) if name == "numeric" else True)
        if not isinstance(value, bool):
            notes.append(Msg("{name} is known only at deploy time; converted as true", name=name))
            value = True
        flags[name] = value
    classes: list[dict[str, Any]] = [
        {"class": ros_class, "min": _minimum(body.get(minimum))}
        for flag, ros_class, minimum in (*_CLASSES, ("numeric", "digits", "min_numeric"))
        if flags[flag]
    ]
    properties: dict[str, Any] = {"character_classes": classes} if classes else {}
    if flags["special"]:
        special = body.get("override_special", DEFAULT_SPECIAL)
        if not isinstance(special, str) or "${" in special or not special:
            return None
        sequence = {"sequence": special, "min": _minimum(body.get("min_special"))}
        properties["character_sequences"] = [sequence]
    length = body.get("length")
    wanted = len(classes) + (1 if flags["special"] else 0)
    if not properties or (isinstance(length, int) and length < wanted):
        return None  # ROS needs each class at least once: more classes than characters
    if tf_type == "random_password":
        notes.append(
            Msg(
                "the password is an attribute of the stack (ALIYUN::RandomString), which "
                "Terraform marks sensitive"
            )
        )
    return RandomProperties(properties, tuple(notes))


def _integer(body: Mapping[str, object], notes: list[Msg]) -> RandomProperties | None:
    low, high = body.get("min"), body.get("max")
    if not (_is_int(low) and _is_int(high) and 0 <= low <= high):
        return None
    classes = [{"class": "digits", "min": 1}]
    length = _digits(low, high)
    return RandomProperties({"length": length, "character_classes": classes}, tuple(notes))


def unconvertible(tf_type: str) -> Msg:
    """Why a random resource's `ALIYUN::RandomString` cannot be written."""
    if tf_type == "random_integer":
        return Msg("its min and max are not literal whole numbers from 0 up")
    return Msg(
        "its character set is not known in the files, or it has fewer characters than "
        "character classes (ROS puts each class in at least once)"
    )


def _minimum(value: object) -> int:
    return max(value, 1) if _is_int(value) else 1


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
