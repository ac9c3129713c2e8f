"""The Rules section: each rule a mapping of an optional RuleCondition and a list of Assertions.

    Rules:
      DifferentZones:
        RuleCondition: {Fn::Equals: [{Ref: HighAvailability}, true]}
        Assertions:
          - Assert: {Fn::Not: [{Fn::Equals: [{Ref: Zone1}, {Ref: Zone2}]}]}
            AssertDescription: The two zones must differ.

Functions inside rules are checked with the rest (`ros_refs`, `ros_functions`, which also refuses
resource values there, since rules are evaluated before any resource exists).
"""

from __future__ import annotations

from iaccode.iac.msg import Msg
from iaccode.iac.ros_context import CheckContext, describe, str_keys, suggestion
from iaccode.iac.ros_loader import Path

# `Condition` is what some templates write for RuleCondition; ROS takes both.
RULE_KEYS = ("RuleCondition", "Condition", "Assertions")
ASSERTION_KEYS = ("Assert", "AssertDescription")

_SHAPE_HINT = Msg(
    "Write the rule as a mapping with Assertions: a list of entries with Assert and "
    "AssertDescription."
)


def check_rules(ctx: CheckContext) -> None:
    rules = ctx.doc.get("Rules")
    if not isinstance(rules, dict):
        return  # ROS1006 already says it must be a mapping
    for name, rule in str_keys(rules).items():
        path: Path = ("Rules", name)
        if not isinstance(rule, dict):
            ctx.add(
                "ROS6001",
                path,
                Msg(
                    "Rule {name} must be a mapping with Assertions, not {value}.",
                    name=name,
                    value=describe(rule),
                ),
                _SHAPE_HINT,
            )
            continue
        fields = str_keys(rule)
        for key in fields:
            if key not in RULE_KEYS:
                ctx.add(
                    "ROS6001",
                    (*path, key),
                    Msg("Rule {name} has the unknown key {key!r}.", name=name, key=key),
                    suggestion(key, RULE_KEYS, _SHAPE_HINT),
                )
        _check_assertions(ctx, path, name, fields.get("Assertions"))


def _check_assertions(ctx: CheckContext, path: Path, name: str, assertions: object) -> None:
    apath: Path = (*path, "Assertions")
    if not isinstance(assertions, list) or not assertions:
        ctx.add(
            "ROS6001",
            apath,
            Msg(
                "Rule {name} needs a list of Assertions, not {value}.",
                name=name,
                value=describe(assertions),
            ),
            _SHAPE_HINT,
        )
        return
    for index, assertion in enumerate(assertions):
        fields = str_keys(assertion) if isinstance(assertion, dict) else {}
        unknown = [key for key in fields if key not in ASSERTION_KEYS]
        if "Assert" not in fields or unknown:
            ctx.add(
                "ROS6001",
                (*apath, index),
                Msg(
                    "Assertion {index} of rule {name} must have Assert (and may have "
                    "AssertDescription), not {value}.",
                    index=index,
                    name=name,
                    value=describe(assertion),
                ),
                _SHAPE_HINT,
            )
