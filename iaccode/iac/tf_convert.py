"""Native Terraform -> ROS conversion: alicloud_* resources become ALIYUN::* resources.

The converter reads the workspace (`tf_hcl.read_config`), inlines local modules and unrolls
`for_each` and `dynamic` blocks (`tf_expand`), and maps each resource with its rule (`tf_rules`:
the vendor's data plus a small overlay) through `tf_props`. Values are converted by `tf_values`,
whose docstring lists the expression rules. It never stops at the first thing it cannot map; it
records why and keeps the template valid instead:

- `count = N` or `count = var.n` is ROS `Count`; `count = length(var.list)` is `Count` with
  `Fn::Length`; `count = var.on ? 1 : 0` is a ROS `Condition` on the resource (`? N : 0` adds
  `Count` N); a count that is 0 leaves the resource out, saying so, also when ROS cannot
  compute it and the variables' defaults make it 0 (a count it cannot compute otherwise is a
  parameter).
- An argument without a ROS property, or with a rule that cannot be followed, is reported with
  the reason (the vendor marks some arguments as having no ROS property).
- Required ROS properties that the Terraform left out get a placeholder parameter.
- Arguments ROS models as a resource of its own (`tf_rules.Companion`, a white list, an API's
  deployments) become that resource, `<logical id>_<Suffix>`, placed after the resource and
  sharing its Condition and Count; it is part of the resource in the summary.
- A resource ROS takes as settings of another (`tf_folded`: an RDS or Redis backup policy)
  is written into the instance it names, under the Conditions on the way to it, and counts
  as converted.

`Conversion.summary` counts the resources found, converted natively, converted with losses,
left out, and not created (a count of 0 in the files: Terraform creates none either); the
notes say why for each.

Logical ids: the Terraform type without `alicloud_`, in PascalCase, `_`, then the resource name
with every character other than letters, digits and `_` replaced by `_`
(`alicloud_vpc.main` -> `Vpc_main`, `alicloud_slb_listener.http-80` -> `SlbListener_http_80`).
Names are handed out in sorted address order after the variable names are reserved; a name that
is already taken gets `_2`, `_3`, ... so ids are deterministic and never collide.
"""

from __future__ import annotations

import copy
import ipaddress
import json
import re
from collections.abc import Mapping
from typing import Any

import attrs

from iaccode.iac.msg import Msg, Value, and_list, or_list
from iaccode.iac.ros_render import render_json, render_yaml
from iaccode.iac.ros_schema import TypeSpec, required_properties
from iaccode.iac.ros_types import (
    EXPECTED_PROPERTIES,
    FORMAT_VERSION,
    PSEUDO_PARAMETERS,
)
from iaccode.iac.ros_values import refused_value
from iaccode.iac.tf_coerce import (
    coerce_properties,
    drop_unused_conditions,
    drop_unused_parameters,
    join_list_refs,
    missing_required,
    no_value_for_null_branches,
    unoffered_values,
)
from iaccode.iac.tf_expand import count_from_defaults, expand, static_node_value
from iaccode.iac.tf_expr import Conditional, Literal, single_expression
from iaccode.iac.tf_files import TerraformError, check_workspace
from iaccode.iac.tf_folded import FOLDS, Fold, names_any, parent_paths
from iaccode.iac.tf_hcl import (
    Interpolation,
    module_directory,
    parse_reference,
    split_template,
    variable_parameter,
)
from iaccode.iac.tf_props import (
    HANDLERS,
    Convert,
    Dropped,
    convert_properties,
    schema_places,
    type_fits,
)
from iaccode.iac.tf_random import (
    STACK_ID,
    RandomProperties,
    random_properties,
    random_rule,
    unconvertible,
)
from iaccode.iac.tf_rules import (
    AS_ROS_DOES,
    META_ARGUMENTS,
    REGION_PROPERTIES,
    TERRAFORM_ONLY_ARGUMENTS,
    Companion,
    Rule,
    misfit,
    other_spelling,
    rule_for,
)
from iaccode.iac.tf_schema import (
    near_schema_name,
    parameter_type,
    property_at,
    ros_fields,
    ros_properties,
    schema_name,
)
from iaccode.iac.tf_validation import validation_notes
from iaccode.iac.tf_values import (
    INDEX,
    Unmappable,
    ValueConverter,
    Where,
    check_copies,
    cidr_constraint,
    held_switches,
    is_function,
    is_literal,
    unique,
    without_json_text,
)

_COMPATIBLE_HINT = Msg(
    "use the compatible wrapping (wrap_terraform), which deploys the Terraform files unchanged"
)


@attrs.frozen
class Summary:
    """How many resources the Terraform declares and what became of them."""

    found: int
    native: int
    lossy: int
    dropped: int
    # Resources whose count is 0 in the files: Terraform creates none either, so they are
    # neither converted nor dropped.
    not_created: int = 0

    def message(self) -> Msg:
        if self.not_created:
            return Msg(
                "{found} Terraform resources: {native} converted natively, {lossy} converted "
                "with losses, {dropped} left out, {not_created} not created (count 0).",
                found=self.found,
                native=self.native,
                lossy=self.lossy,
                dropped=self.dropped,
                not_created=self.not_created,
            )
        return Msg(
            "{found} Terraform resources: {native} converted natively, {lossy} converted with "
            "losses, {dropped} left out.",
            found=self.found,
            native=self.native,
            lossy=self.lossy,
            dropped=self.dropped,
        )


@attrs.frozen
class Conversion:
    """A native ROS template converted from Terraform, with what could not be converted.

    `notes` are the warnings as messages, to render in the reader's language; `warnings` are
    the same in English."""

    template: dict[str, Any]
    notes: tuple[Msg, ...] = ()
    unsupported: tuple[str, ...] = ()  # addresses left out: resources and module calls
    summary: Summary = Summary(0, 0, 0, 0)

    @property
    def warnings(self) -> tuple[str, ...]:
        return tuple(note.render() for note in self.notes)

    def to_yaml(self) -> str:
        return render_yaml(self.template)

    def to_json(self) -> str:
        return render_json(self.template)


def logical_id_base(tf_type: str, name: str) -> str:
    short = tf_type.removeprefix("alicloud_")
    pascal = "".join(word[:1].upper() + word[1:] for word in re.split(r"[_-]+", short) if word)
    name = re.sub(r'\["(.*)"\]$', r"_\1", name)  # an unrolled for_each copy: this["a"]
    return f"{pascal or 'Resource'}_{re.sub(r'[^A-Za-z0-9_]', '_', name)}"


@attrs.frozen
class _Count:
    """What `count` became: ROS Count (or None), and a condition name (or None)."""

    count: Any = None
    condition: str | None = None
    single: bool = False  # Terraform's count is `cond ? 1 : 0`: `[0]` is the resource itself


@attrs.define
class _Converter(ValueConverter):
    resources: dict[str, dict[str, Any]] = attrs.field(factory=dict)
    unsupported: list[str] = attrs.field(factory=list)
    counts: dict[str, _Count] = attrs.field(factory=dict)
    lossy: set[str] = attrs.field(factory=set)
    json_variables: set[str] = attrs.field(factory=set)  # text variables ROS takes as JSON
    random: dict[str, RandomProperties] = attrs.field(factory=dict)  # `tf_random`
    # The resources of their own some arguments become (`tf_rules.Companion`): address ->
    # logical id -> entry, placed after the resource's own.
    companions: dict[str, dict[str, dict[str, Any]]] = attrs.field(factory=dict)
    # Resources that are settings of another one in ROS (`tf_folded`): those to fold, and
    # those whose arguments were written into the other resource.
    to_fold: list[str] = attrs.field(factory=list)
    folded: set[str] = attrs.field(factory=set)

    def counted(self, address: str) -> bool:
        count = self.counts.get(address)
        return count is not None and count.count is not None

    def single(self, address: str) -> bool:
        count = self.counts.get(address)
        return count is not None and count.single

    def plan(self) -> None:
        self.taken.update(self.config.variables, PSEUDO_PARAMETERS)
        skipped: dict[Msg, list[str]] = {}
        uuids = [b.address for b in self.config.resources if b.labels[0] == "random_uuid"]
        for block in self.config.resources:
            self.blocks[block.address] = block
            rule, note = rule_for(block.labels[0], block.body)
            if rule is None and uuids == [block.address] and "count" not in block.body:
                self.aliases[block.address] = {"Ref": STACK_ID}
                self.warnings.append(
                    Msg(
                        "{address} became {name}, the UUID ROS gives each stack.",
                        address=block.address,
                        name=STACK_ID,
                    )
                )
                continue
            if rule is None:
                rule = random_rule(block.labels[0], block.body)
                extra = None if rule is None else random_properties(block.labels[0], block.body)
                if rule is not None and extra is None:
                    why = unconvertible(block.labels[0])
                    skipped.setdefault(why, []).append(block.address)
                    self.unsupported.append(block.address)
                    continue
                if extra is not None:
                    self.random[block.address] = extra
            if rule is None and block.labels[0] in FOLDS:
                self.to_fold.append(block.address)  # after the resource it applies to
                continue
            other = misfit(block.labels[0]) if rule is not None else None
            if rule is None or other is not None:
                why = other or Msg("{type} has no native ROS mapping here", type=block.labels[0])
                skipped.setdefault(why, []).append(block.address)
                self.unsupported.append(block.address)
                continue
            if note is not None:
                self.warnings.append(Msg("{address}: {note}.", address=block.address, note=note))
                self.lossy.add(block.address)
            self.rules[block.address] = rule
        for address in sorted(self.rules):
            tf_type, name = self.blocks[address].labels
            self.ids[address] = unique(logical_id_base(tf_type, name), self.taken)
        for address in list(self.rules):
            if "count" in self.blocks[address].body:
                self._plan_count(address)
        for what, addresses in skipped.items():
            self.warnings.append(
                Msg(
                    "{addresses}: {what}, so it was left out; to deploy it, {hint}.",
                    addresses=", ".join(addresses),
                    what=what,
                    hint=_COMPATIBLE_HINT,
                )
            )

    def _plan_count(self, address: str) -> None:
        logical_id = self.ids[address]
        raw = self.blocks[address].body["count"]
        where = Where(address, logical_id, "count", "Count")
        node = single_expression(raw)
        try:
            if isinstance(node, Conditional) and _is_zero(node.otherwise):
                test = self.condition_value(node.condition, str(raw), where)
                count = self.node(node.then, str(raw), where)
                check_copies(address, count)
                if test is False:
                    count = 0
                elif count == 1 and test is True:
                    self.counts[address] = _Count(single=True)
                    return
                elif test is not True:
                    name = self.condition(test, str(raw), where)
                    self.held[address] = held_switches(test)
                    self.counts[address] = _Count(None if count == 1 else count, name, count == 1)
                    return
            else:
                count = self.value(raw, attrs.evolve(where, strict=True))
        except Unmappable:
            # `c ? N : 0` is 0 whatever `c` is when N is: judged by N, so `c` is not frozen.
            switched = isinstance(node, Conditional) and _is_zero(node.otherwise)
            judged = node.then if isinstance(node, Conditional) and switched else node
            count = self._count_from_defaults(address, judged, str(raw))
            if count is None:
                count = self.value(raw, where)  # a placeholder parameter, with its warning
                if isinstance(count, dict) and count.get("Ref") in self.placeholders:
                    self.placeholders[count["Ref"]]["Type"] = "Number"
            self.lossy.add(address)
        check_copies(address, count)
        if count == 0:
            self._leave_out(address, Msg("its count is 0"))
            self.not_created.add(address)
            return
        self.counts[address] = _Count(count)

    def fold(self, address: str) -> None:
        """Write the arguments of a resource that ROS takes as settings of another one
        (`tf_folded`) into that resource, under the Conditions on the way to it (the policy's
        own count, a choice between it and an existing one); left out, with the reason, when
        its reference names no single resource this template creates once, or what it sets
        would leave out a field ROS requires."""
        block = self.blocks[address]
        fold = FOLDS[block.labels[0]]
        parents = frozenset(
            self.ids[a] for a in self.ids if self.blocks[a].labels[0] in fold.parents
        )
        base = logical_id_base(*block.labels)  # names its Conditions; it has no entry
        where = Where(address, base, fold.reference, fold.reference, strict=True)
        argument = "count"
        try:
            tests = self._fold_count(address)
            if tests is None:  # count 0: not created, as Terraform creates none
                self.not_created.add(address)
                why = Msg("its count is 0")
                self.warnings.append(
                    Msg("{address}: {what}, so it was left out.", address=address, what=why)
                )
                return None
            argument = fold.reference
            given = self.value(block.body.get(fold.reference), where)
        except Unmappable as problem:
            why = Msg(
                "{argument} = {expr} {reason}",
                argument=argument,
                expr=problem.expr,
                reason=problem.reason,
            )
            return self._not_folded(address, why)
        paths = parent_paths(given, parents)
        if len(paths) != 1:
            why = (
                Msg("it names a copy of an instance with Count, which ROS sets as one")
                if names_any(given, parents)
                else Msg(
                    "its {argument} names no resource this template creates, and ROS sets "
                    "it on the instance only",
                    argument=fold.reference,
                )
            )
            return self._not_folded(address, why)
        parent, path = paths[0]
        entry = self.resources[parent]
        own = entry.get("Condition")
        if (own, False) in path:
            why = Msg("it names {name} only where {name} is not created", name=parent)
            return self._not_folded(address, why)
        # The instance's own Condition holds wherever the instance exists.
        chosen = [(name, taken) for name, taken in path if (name, taken) != (own, True)]
        held = [*chosen, *((name, taken) for name, taken in tests if (name, taken) != (own, True))]
        values, missing, taken = self._fold_values(address, fold, parent, entry)
        required = fold.required(entry["Type"])
        if fold.prefix and values and not required <= {t.rsplit(".", 1)[-1] for t in values}:
            lacking: list[Value] = sorted(required - {t.rsplit(".", 1)[-1] for t in values})
            why = Msg(
                "it does not set {fields}, which {name} of {type} needs",
                fields=and_list(lacking),
                name=fold.prefix,
                type=entry["Type"],
            )
            return self._not_folded(address, why)
        condition = self._all_of(held, address)
        properties = entry.setdefault("Properties", {})
        if fold.prefix and values:
            # One struct under the Condition: its required fields stay together.
            struct = {target.rsplit(".", 1)[-1]: value for target, value in values.items()}
            properties[fold.prefix] = (
                struct if condition is None else {"Fn::If": [condition, struct, None]}
            )
        for target, value in values.items() if not fold.prefix else ():
            properties[target] = (
                value if condition is None else {"Fn::If": [condition, value, None]}
            )
        entry["Properties"] = coerce_properties(entry["Type"], properties)
        self.folded.add(address)
        self._fold_notes(address, fold, parent, list(values), missing, taken, chosen)
        return None

    def _fold_values(
        self, address: str, fold: Fold, parent: str, entry: Mapping[str, Any]
    ) -> tuple[dict[str, Any], list[Value], list[Value]]:
        """The ROS value of each argument of a folded resource by its target path, and the
        arguments with no such property, or one the instance sets itself."""
        values: dict[str, Any] = {}
        missing: list[Value] = []
        taken: list[Value] = []
        properties = entry.get("Properties") or {}
        body = self.blocks[address].body
        # The provider's current names first: an older spelling only where they leave room.
        for argument in sorted(body, key=lambda name: name in fold.renamed):
            raw = body[argument]
            if argument in (*META_ARGUMENTS, fold.reference, "__is_block__") or raw is None:
                continue
            target = fold.target(entry["Type"], argument)
            if target is None:
                missing.append(argument)
            elif not _free(properties, target) or target in values:
                taken.append(argument)
            else:
                value = self.value(raw, Where(address, parent, argument, target.split(".")[-1]))
                if value is not None:  # null: the provider's default, as not given
                    values[target] = value
        return values, missing, taken

    def _fold_notes(
        self,
        address: str,
        fold: Fold,
        parent: str,
        written: list[Value],
        missing: list[Value],
        taken: list[Value],
        chosen: list[tuple[str, bool]],
    ) -> None:
        """Say what a folded resource became, and what of it did not reach the instance."""
        if written:
            self.warnings.append(
                Msg(
                    "{address} became {properties} of {name}, as ROS sets it on the instance.",
                    address=address,
                    properties=and_list(written),
                    name=parent,
                )
            )
        if chosen:  # the choice names something else when its Conditions do not hold
            self.lossy.add(address)
            self.warnings.append(
                Msg(
                    "{address}: where {argument} names another instance than {name} (an "
                    "existing one), ROS cannot set this on it.",
                    address=address,
                    argument=fold.reference,
                    name=parent,
                )
            )
        if missing:
            self.lossy.add(address)
            self.warnings.append(
                Msg(
                    "{address}: {arguments} not converted ({reason}), so the ROS resource "
                    "uses its defaults there.",
                    address=address,
                    arguments=and_list(missing),
                    reason=Msg(
                        "{type} has no property for it", type=self.resources[parent]["Type"]
                    ),
                )
            )
        if taken:
            self.lossy.add(address)
            self.warnings.append(
                Msg(
                    "{address}: {arguments} not converted, as {name} already has a value there "
                    "(its own, or another policy's); Terraform would change it once the instance "
                    "exists.",
                    address=address,
                    arguments=and_list(taken),
                    name=parent,
                )
            )

    def _not_folded(self, address: str, why: Msg) -> None:
        self.unsupported.append(address)
        self.warnings.append(
            Msg(
                "{address}: {why}, so it was left out; {hint}.",
                address=address,
                why=why,
                hint=_COMPATIBLE_HINT,
            )
        )

    def _fold_count(self, address: str) -> list[tuple[str, bool]] | None:
        """The Conditions a folded resource's count puts it under: none without a count or
        for 1, that of `c` for `c ? 1 : 0`; None for a count of 0. Raises Unmappable for
        another count (copies, which one resource's properties cannot hold)."""
        raw = self.blocks[address].body.get("count")
        if raw is None:
            return []
        base = logical_id_base(*self.blocks[address].labels)
        where = Where(address, base, "count", "Count", strict=True)
        node = single_expression(raw)
        if isinstance(node, Conditional) and (_is_zero(node.otherwise) or _is_zero(node.then)):
            wanted = _is_zero(node.otherwise)  # `c ? 1 : 0`, or `c ? 0 : 1`
            one = self.node(node.then if wanted else node.otherwise, str(raw), where)
            if str(one) == "1":
                test = self.condition_value(node.condition, str(raw), where)
                if test is True or test is False:
                    return [] if test is wanted else None
                return [(self.condition(test, str(raw), where), wanted)]
        else:
            count = str(self.value(raw, where))
            if count in ("0", "1"):
                return [] if count == "1" else None
        raise Unmappable(str(raw), Msg("makes copies, which ROS cannot write into one instance"))

    def _all_of(self, held: list[tuple[str, bool]], address: str) -> str | None:
        """The name of the Condition that all of `held` (name, wanted value) hold, or None."""
        if not held:
            return None
        tests = [
            {"Condition": name} if wanted else {"Fn::Not": {"Condition": name}}
            for name, wanted in held
        ]
        test = tests[0] if len(tests) == 1 else {"Fn::And": tests}
        return self.condition(
            test, address, Where(address, logical_id_base(*self.blocks[address].labels), "", "")
        )

    def _count_from_defaults(self, address: str, node: object, expr: str) -> int | None:
        """0 for a count ROS cannot compute (a for expression over list variables, as the
        security group module counts its rules) that is 0 with the variables' defaults,
        saying so; None otherwise, for a placeholder parameter. With the defaults Terraform
        creates none, and the arguments read items of the same empty lists: copies the
        stack could ask for would have nothing to be made of, while a number that is not 0
        is better chosen at deploy time than fixed. `node` is the count's syntax tree (of
        `N` for `c ? N : 0`)."""
        if node is None:
            return None
        try:
            value, defaults = static_node_value(
                self.config, node, expr, address, self.blocks, frozenset(self.left_out)
            )
        except Unmappable:
            return None
        if isinstance(value, bool) or value != 0 or not defaults:
            return None
        self.warnings.append(count_from_defaults(address, defaults))
        return 0

    def _leave_out(self, address: str, why: Msg) -> None:
        del self.rules[address]
        self.taken.discard(self.ids.pop(address))
        self.unsupported.append(address)
        self.warnings.append(
            Msg("{address}: {what}, so it was left out.", address=address, what=why)
        )

    def resource(self, address: str) -> dict[str, Any]:
        logical_id = self.ids[address]
        if logical_id in self.resources:
            return self.resources[logical_id]
        if address in self.busy:
            raise Unmappable(address, Msg("is part of a reference cycle"))
        self.busy.add(address)
        try:
            entry = self._convert(address, logical_id)
        finally:
            self.busy.discard(address)
        self.resources[logical_id] = entry
        return entry

    def unmapped(self, where: Where, problem: Unmappable, source: str) -> str:
        self.lossy.add(where.address)
        return super().unmapped(where, problem, source)

    def _convert(self, address: str, logical_id: str) -> dict[str, Any]:
        block, rule = self.blocks[address], self.rules[address]
        body = block.body
        count = self.counts.get(address, _Count())
        has_count = count.count is not None
        entry: dict[str, Any] = {"Type": rule.ros_type}
        if count.condition is not None:
            entry["Condition"] = count.condition
        if has_count:
            entry["Count"] = count.count

        def convert(raw: object, argument: str, prop: str, *, strict: bool = False) -> Any:
            where = Where(address, logical_id, argument, prop, has_count, strict=strict)
            return self.value(raw, where)

        companions = [c for c in rule.companions if body.get(c.trigger) is not None]
        converted = convert_properties(
            body,
            rule.properties,
            rule.ignored,
            convert,
            ros_type=rule.ros_type,
            skip=META_ARGUMENTS | rule.used | {name for c in companions for name in c.properties},
            accepts=self._accepts,
        )
        properties = converted.properties
        extra = self.random.get(address)
        if extra is not None:
            properties.update(copy.deepcopy(extra.properties))
            for note in extra.notes:
                self.warnings.append(Msg("{address}: {note}.", address=address, note=note))
                self.lossy.add(address)
        for given, implied in rule.when_given.items():
            for key, default in implied.items() if given in properties else ():
                _set_default(properties, key, default)
        for key, default in rule.defaults.items():
            _set_default(properties, key, default)
        for target, source in rule.copies.items():
            if source in properties:
                _set_default(properties, target, properties[source])
        if rule.vpc_from_vswitch and rule.vpc_property not in properties:
            vswitch = next((v for k, v in properties.items() if k.casefold() in _VSWITCHES), None)
            if isinstance(vswitch, list) and vswitch:
                vswitch = vswitch[0]  # vSwitches of one resource share its VPC
            vpc = self._vpc_of_vswitch(vswitch)
            if vpc is not None:
                properties[rule.vpc_property] = vpc
        dropped = self._by_schema(rule, converted.dropped, properties, convert)
        dropped += self._not_in_schema(rule, properties)
        terraform_only = [
            item.argument
            for item in dropped
            if item.kind == "ignored" and item.argument in TERRAFORM_ONLY_ARGUMENTS
        ]
        dropped = [
            item
            for item in dropped
            if item.argument not in terraform_only
            and not self._as_ros_does(address, logical_id, rule.tf_type, item)
        ]
        properties = coerce_properties(rule.ros_type, properties)
        dropped += self._misshapen(rule.ros_type, properties)
        refused = {item.argument: item.reason for item in dropped}
        filled = self._fill_required(address, logical_id, rule.ros_type, properties, refused)
        dropped = [item for item in dropped if item.argument not in filled]
        entry["Properties"] = properties
        for companion in companions:
            self._companion(address, logical_id, companion, properties, count, convert)
        depends = self._depends_on(address, body.get("depends_on"))
        for target in self.read_back.get(address, ()):
            if target != logical_id and target not in depends:
                depends.append(target)
        if depends:
            entry["DependsOn"] = depends
        for note in converted.notes:
            self.warnings.append(Msg("{address}: {note}", address=address, note=note))
        self._report_dropped(address, dropped)
        if converted.by_schema:
            placed: list[Value] = list(converted.by_schema)
            self.warnings.append(
                Msg(
                    "{address}: {arguments} placed by the ROS schema's property names (the "
                    "vendor's rules leave them out).",
                    address=address,
                    arguments=and_list(placed),
                )
            )
        if terraform_only:
            names: list[Value] = list(terraform_only)
            self.warnings.append(
                Msg(
                    "{address}: left out {arguments}, Terraform's own settings for how it "
                    "applies changes (a dry run, a forced update or delete, the language of the "
                    "API's answers); ROS has no such setting and creates the same resource "
                    "without them.",
                    address=address,
                    arguments=and_list(names),
                )
            )
        if dropped or converted.notes:
            self.lossy.add(address)
        return entry

    def _companion(
        self,
        address: str,
        logical_id: str,
        companion: Companion,
        parent: Mapping[str, Any],
        count: _Count,
        convert: Convert,
    ) -> None:
        """Add the resource of its own that `companion`'s arguments of the resource at
        `address` become (`tf_rules.Companion`), beside the resource's `parent` properties,
        to `self.companions`; what does not convert is reported as the resource's loss."""
        body = self.blocks[address].body
        given = {name: body[name] for name in companion.properties if body.get(name) is not None}
        arguments: list[Value] = list(given)
        if companion.per_item and count.count is not None:
            self._report_dropped(
                address,
                [
                    Dropped(
                        name,
                        Msg(
                            "{type} would need one copy per item of {argument} in each copy "
                            "of the resource, which ROS's Count cannot say",
                            type=companion.ros_type,
                            argument=companion.trigger,
                        ),
                    )
                    for name in given
                ],
            )
            self.lossy.add(address)
            return
        entry: dict[str, Any] = {"Type": companion.ros_type}
        if count.condition is not None:
            entry["Condition"] = count.condition
        parent_id: Any = {"Fn::GetAtt": [logical_id, companion.attribute]}
        if count.count is not None:
            entry["Count"] = copy.deepcopy(count.count)
            parent_id = {"Fn::Select": [dict(INDEX), parent_id]}  # each copy with its parent's copy
        rules = dict(companion.properties)
        items: Any = None
        if companion.per_item:
            item_rule = rules.pop(companion.trigger)
            items = convert(given.pop(companion.trigger), companion.trigger, item_rule.to or "")
            length = len(items) if isinstance(items, list) else {"Fn::Length": items}
            if length == 0:
                return  # no stage: Terraform deploys nowhere either
            entry["Count"] = length
        converted = convert_properties(
            given, rules, frozenset(), convert, ros_type=companion.ros_type, accepts=self._accepts
        )
        properties = converted.properties
        if companion.per_item:
            properties[item_rule.to or ""] = {"Fn::Select": [dict(INDEX), items]}
        properties[companion.parent] = parent_id
        for target, source in companion.copied.items():
            if source in parent:
                properties[target] = copy.deepcopy(parent[source])
        properties = coerce_properties(companion.ros_type, properties)
        dropped = converted.dropped + self._misshapen(companion.ros_type, properties)
        name = unique(f"{logical_id}_{companion.suffix}", self.taken)
        refused = {item.argument: item.reason for item in dropped}
        filled = self._fill_required(address, name, companion.ros_type, properties, refused)
        entry["Properties"] = properties
        self.companions.setdefault(address, {})[name] = entry
        self.warnings.append(
            Msg(
                "{address}: {arguments} became {name} ({type}), a resource of its own, as the "
                "provider applies them with a call of their own.",
                address=address,
                arguments=and_list(arguments),
                name=name,
                type=companion.ros_type,
            )
        )
        for note in converted.notes:
            self.warnings.append(Msg("{address}: {note}", address=address, note=note))
        dropped = [item for item in dropped if item.argument not in filled]
        self._report_dropped(address, dropped)
        if dropped or converted.notes:
            self.lossy.add(address)

    def _as_ros_does(self, address: str, logical_id: str, tf_type: str, item: Dropped) -> bool:
        """True when a left-out argument is set to what the ROS resource is anyway
        (`tf_rules.AS_ROS_DOES`), as written or as the resource's own count holds it."""
        expected = AS_ROS_DOES.get(tf_type, {})
        if item.argument not in expected:
            return False
        where = Where(address, logical_id, item.argument, item.argument, strict=True)
        try:
            value = self.value(item.raw, where)
        except Unmappable:
            return False
        wanted = expected[item.argument]
        return type(value) is type(wanted) and value == wanted

    def _by_schema(
        self,
        rule: Rule,
        dropped: list[Dropped],
        properties: dict[str, Any],
        convert: Convert,
    ) -> list[Dropped]:
        """Place arguments no rule names by the schema's property of the same name, and word
        the reason for the others by what the schema knows."""
        known = ros_properties(rule.ros_type)
        left: list[Dropped] = []
        for item in dropped:
            name = schema_name(rule.ros_type, item.argument) if "." not in item.argument else None
            renamed = self._renamed_name(rule, item, properties)
            if renamed is not None:
                properties[renamed] = convert(item.raw, item.argument, renamed)
                continue
            if item.kind == "unknown" and name is not None and name not in properties:
                properties[name] = convert(item.raw, item.argument, name)
                continue
            if item.kind == "ignored" and name is None and "." not in item.argument:
                places = schema_places(item.argument, rule.properties, rule.ros_type)
                name = places[0] if places else near_schema_name(rule.ros_type, item.argument)
            if item.kind == "ignored" and name is not None:
                reason = Msg(
                    "the vendor's rules leave it out, though {type} has a property {name}",
                    type=rule.ros_type,
                    name=name,
                )
                item = attrs.evolve(item, reason=reason)
            elif item.kind == "ignored" and (known is None or "." in item.argument):
                # Nested arguments are not looked up in the schema: say whose claim it is.
                item = attrs.evolve(
                    item, reason=Msg("the vendor's rules say ROS has no property for it")
                )
            left.append(item)
        return left

    @staticmethod
    def _renamed_name(rule: Rule, item: Dropped, properties: Mapping[str, Any]) -> str | None:
        """The ROS property of the argument `item` is another spelling of (`other_spelling`),
        when that has a plain rule to a property of the type; None when it is set otherwise."""
        if "." in item.argument:
            return None
        other = other_spelling(rule, item.argument)
        target = rule.properties.get(other) if other is not None else None
        to = target.to if target is not None and target.schema is None else None
        known = ros_properties(rule.ros_type)
        if to is None or "." in to or to in properties or (known is not None and to not in known):
            return None
        return to

    def _not_in_schema(self, rule: Rule, properties: dict[str, Any]) -> list[Dropped]:
        """Properties the ROS schema does not have for the type (when the schema is known)."""
        known = ros_properties(rule.ros_type)
        if known is None:
            return []
        dropped = []
        for name in sorted(set(properties) - known):
            del properties[name]
            dropped.append(
                Dropped(name, Msg("{type} has no property {name}", type=rule.ros_type, name=name))
            )
        return dropped

    def _accepts(self, value: Any, kind: TypeSpec) -> bool:
        """False for a `Ref` to a variable of a text, number or switch parameter (or an
        `Fn::If` with one) where ROS takes a struct, a map or a list of them: the vendor maps
        a function's `filename`, a local path, to its `Code` struct. Literals are checked
        after fitting (`_misshapen`)."""
        item = kind.item if kind.kind == "list" else kind
        if item is None or item.kind not in ("struct", "map"):
            return True
        for name in _refs(value):
            block = self.config.variables.get(name)
            if block is None or name in self.placeholders:
                continue
            parameter = variable_parameter(block, self.config.tfvars)
            if parameter.get("Type") not in ("String", "Number", "Boolean"):
                continue
            if not _is_json_object(parameter.get("Default")):
                return False
            # JSON text by default (a policy document): the parameter becomes a Json one,
            # when nothing else reads it (as text, it might be used elsewhere).
            if self._reads_of(name) == 1:
                self.json_variables.add(name)
        return True

    def _reads_of(self, variable: str) -> int:
        """How often the workspace's files read `var.<variable>`."""
        pattern = re.compile(rf"\bvar\.{re.escape(variable)}\b")
        return sum(len(pattern.findall(text)) for text in self.files.values())

    @staticmethod
    def _misshapen(ros_type: str, properties: dict[str, Any]) -> list[Dropped]:
        """Literal values (after fitting) of a shape the schema's type cannot take: blocks
        the vendor's rule sends to a number (ESS `spot_price_limit` to `SpotPriceLimit`).
        They are removed, so the template never carries a value ROS refuses."""
        fields = ros_fields(ros_type)
        dropped = []
        for name in sorted(properties):
            value = properties[name]
            if fields is None or name not in fields or not is_literal(value):
                continue
            allowed = fields[name].allowed_values
            if not type_fits(value, fields[name].type):
                reason = Msg(
                    "{type} takes {kind} for {name}",
                    type=ros_type,
                    kind=fields[name].type.describe(),
                    name=name,
                )
            elif allowed and _is_scalar(value) and refused_value(ros_type, name, value, allowed):
                # A value of the provider's API that ROS's resource does not offer (DRDS
                # `PostPaid`, where ROS takes `drdsPost`): fitting found no ROS value for it.
                reason = _not_offered(ros_type, name, allowed, value)
            else:
                continue
            del properties[name]
            dropped.append(Dropped(name, reason))
        # The same within blocks (an EMR host group's `GATEWAY`): the field is left out, and
        # `_fill_required` offers ROS's choices where the field is required.
        for path, allowed, value in unoffered_values(ros_type, properties):
            container: Any = properties
            for step in path[:-1]:
                container = container[int(step)] if isinstance(container, list) else container[step]
            del container[path[-1]]
            reason = _not_offered(ros_type, path[-1], allowed, value)
            dropped.append(Dropped(".".join(path), reason))
        return dropped

    def _report_dropped(self, address: str, dropped: list[Dropped]) -> None:
        by_reason: dict[Msg, list[str]] = {}
        for item in dropped:
            by_reason.setdefault(item.reason, []).append(item.argument)
        for reason, arguments in by_reason.items():
            names: list[Value] = list(dict.fromkeys(arguments))  # once, though several blocks
            self.warnings.append(
                Msg(
                    "{address}: {arguments} not converted ({reason}), so the ROS resource uses "
                    "its defaults there.",
                    address=address,
                    arguments=and_list(names),
                    reason=reason,
                )
            )

    def _vpc_of_vswitch(self, vswitch: object) -> Any:
        if isinstance(vswitch, dict) and isinstance(vswitch.get("Fn::Select"), list):
            vswitch = vswitch["Fn::Select"][-1]  # one of a vSwitch's copies: same VPC
        if not (isinstance(vswitch, dict) and isinstance(vswitch.get("Ref"), str)):
            return None
        for address, logical_id in self.ids.items():
            if logical_id == vswitch["Ref"] and self.rules[address].tf_type == "alicloud_vswitch":
                try:
                    vpc = self.resource(address)["Properties"].get("VpcId")
                except Unmappable:
                    return None
                return copy.deepcopy(vpc)
        return None

    def _fill_required(
        self,
        address: str,
        logical_id: str,
        kind: str,
        properties: dict[str, Any],
        refused: Mapping[str, Msg],
    ) -> set[str]:
        """Give each required property of the ROS type `kind` that nothing reached a
        parameter; returns those of them `refused` names (a value ROS does not take, said here
        with its reason)."""
        filled: set[str] = set()
        needed = (*required_properties(kind), *EXPECTED_PROPERTIES.get(kind, ()))
        for key in needed:
            if key in REGION_PROPERTIES and key not in properties:
                # Terraform creates the resource in its provider's region: the stack's.
                properties[key] = {"Ref": "ALIYUN::Region"}
        paths = [(key,) for key in needed if key not in properties]
        for path in (*paths, *missing_required(kind, properties)):
            key = ".".join(path)
            where = Where(address, logical_id, key, key)
            # The parameter's Description is template text, so it stays English.
            name = self.placeholder(
                where, f"{key} of {address}, which the Terraform configuration does not set."
            )
            prop = property_at(ros_fields(kind), key)
            parameter = self.placeholders[name]
            if prop is not None and parameter["Type"] == "String":
                # A text parameter cannot stand for a list of zone mappings or a number.
                parameter["Type"] = parameter_type(prop.type)
            if prop is not None and prop.allowed_values and parameter["Type"] in _SCALARS:
                parameter["AllowedValues"] = list(prop.allowed_values)  # the console's choices
                # A fixed list is no inventory to pick from (a CEN grant's InstanceType is
                # VPC, VBR or CCN, not an ECS instance type).
                parameter.pop("AssociationProperty", None)
            container: Any = properties
            for step in path[:-1]:
                container = container[int(step)] if isinstance(container, list) else container[step]
            container[path[-1]] = {"Ref": name}
            self.lossy.add(address)
            if key in refused:
                filled.add(key)
                parameter["Description"] = (
                    f"{key} of {address}, whose Terraform value ROS does not take."
                )
                self.warnings.append(
                    Msg(
                        "{address}: {key} not converted ({reason}); added parameter {name} "
                        "for it, to be set when the stack is created.",
                        address=address,
                        key=key,
                        reason=refused[key],
                        name=name,
                    )
                )
                continue
            self.warnings.append(
                Msg(
                    "{address}: sets nothing that maps to {key}, which {kind} needs; added "
                    "parameter {name} for it, to be set when the stack is created.",
                    address=address,
                    key=key,
                    kind=kind,
                    name=name,
                )
            )
        return filled

    def _depends_on(self, address: str, raw: object) -> list[str]:
        depends: list[str] = []
        for item in raw if isinstance(raw, list) else []:
            parts = split_template(item) if isinstance(item, str) else []
            ref = (
                parse_reference(parts[0].expr)
                if len(parts) == 1 and isinstance(parts[0], Interpolation)
                else None
            )
            target = f"{ref.root}.{ref.steps[0]}" if ref and ref.steps else None
            copies = [self.ids[a] for a in self.ids if target and a.startswith(target + "[")]
            if target in self.ids:
                depends.append(self.ids[target])
            elif copies:  # a for_each resource: all its copies
                depends.extend(copies)
            else:
                self.warnings.append(
                    Msg(
                        "{address}: depends_on {item!r} names nothing converted, so it was "
                        "dropped.",
                        address=address,
                        item=item,
                    )
                )
        return depends

    def outputs(self) -> dict[str, Any]:
        outputs: dict[str, Any] = {}
        for block in self.config.outputs:
            name = block.labels[0]
            if block.body.get("sensitive") is True:
                # ROS Outputs have no NoEcho: anyone who can read the stack would see it.
                self.warnings.append(
                    Msg(
                        "{address} is sensitive, and ROS shows every output's value to whoever "
                        "can read the stack, so the output was left out.",
                        address=block.address,
                    )
                )
                continue
            where = Where(block.address, name, "value", "Value", strict=True)
            try:
                value = self.value(block.body.get("value"), where)
            except Unmappable as problem:
                self.warnings.append(
                    Msg(
                        "{address}: value {expr} {reason}, so the output was left out.",
                        address=block.address,
                        expr=problem.expr,
                        reason=problem.reason,
                    )
                )
                continue
            output: dict[str, Any] = {"Value": value, "Label": name}
            description = block.body.get("description")
            if isinstance(description, str) and description:
                output["Description"] = description
            condition = self.condition_of(value)
            guarded = isinstance(value, dict) and value.get("Fn::If", [None])[0] == condition
            if condition is not None and not guarded:  # try(): Fn::If over it, no Condition
                output["Condition"] = condition
            outputs[re.sub(r"[^A-Za-z0-9_]", "_", name)] = output
        return outputs

    def condition_of(self, value: Any) -> str | None:
        """The condition of a conditional resource the value reads, if any (outputs need it)."""
        found: list[str] = []

        def walk(item: Any) -> None:
            if isinstance(item, dict):
                target = item.get("Ref") or (item.get("Fn::GetAtt") or [None])[0]
                for address, logical_id in self.ids.items():
                    count = self.counts.get(address)
                    if logical_id == target and count is not None and count.condition:
                        found.append(count.condition)
                for inner in item.values():
                    walk(inner)
            elif isinstance(item, list):
                for inner in item:
                    walk(inner)

        walk(value)
        return found[0] if found else None

    def parameters(self) -> dict[str, Any]:
        parameters: dict[str, Any] = {}
        for name in self.config.variables:
            if name in self.used_variables:
                block = self.config.variables[name]
                parameters[name] = variable_parameter(block, self.config.tfvars)
        for name in self.used_variables:
            parameters.setdefault(name, {"Type": "String"})
        for name, prefix in self.cidr_prefixes.items():
            parameters[name].update(cidr_constraint(prefix))
        for name in self.json_variables & set(parameters):
            parameters[name]["Type"] = "Json"
            parameters[name]["Default"] = json.loads(str(parameters[name]["Default"]))
        parameters.update(self.placeholders)
        return parameters


_VSWITCHES = frozenset({"vswitchid", "vswitchids", "vswitches"})
_SCALARS = frozenset({"String", "Number"})


def _is_scalar(value: object) -> bool:
    return isinstance(value, str | int | float) and not isinstance(value, bool)


def _not_offered(ros_type: str, name: str, allowed: tuple[object, ...], value: object) -> Msg:
    """Why a literal `value` of the `name` property or field is not converted."""
    return Msg(
        "{type} takes only {choices} for {name}, not {value!r}",
        type=ros_type,
        choices=or_list([str(item) for item in allowed]),
        name=name,
        value=str(value),
    )


def _is_json_object(text: object) -> bool:
    """Whether `text` is JSON text of an object or a list."""
    if not isinstance(text, str):
        return False
    try:
        return isinstance(json.loads(text), dict | list)
    except (ValueError, RecursionError):
        return False


def _refs(value: Any) -> list[str]:
    """The names a value `Ref`s as a whole, or in a branch of `Fn::If`."""
    if isinstance(value, dict) and set(value) == {"Ref"} and isinstance(value["Ref"], str):
        return [value["Ref"]]
    branches = value.get("Fn::If") if isinstance(value, dict) and len(value) == 1 else None
    if isinstance(branches, list) and len(branches) == 3:
        return [*_refs(branches[1]), *_refs(branches[2])]
    return []


def _names_removed(note: Msg, removed: set[str]) -> bool:
    """Whether `note` announces a parameter that nothing read in the end, so it was removed
    (the argument it stood for was dropped after: another note says why)."""
    name = dict(note.values).get("name")
    return "parameter {name}" in note.template and isinstance(name, str) and name in removed


def _free(properties: Mapping[str, Any], path: str) -> bool:
    """Whether a dotted property path can be written: nothing is there yet, and every struct
    on the way is a literal one (or missing)."""
    *steps, last = path.split(".")
    container: Any = properties
    for step in steps:
        container = container.get(step, {}) if isinstance(container, Mapping) else None
        if not isinstance(container, Mapping) or is_function(container):
            return False
    return last not in container


def _set_default(properties: dict[str, Any], key: str, default: object) -> None:
    """Set a rule's default at a dotted path (`RuleList.0.RuleName`, `HostGroup.*.ChargeType`
    for each item) where it is not set; a nested one only inside a list or struct the
    Terraform already gives."""
    *path, last = key.split(".")
    for container in _containers(properties, path):
        container.setdefault(last, copy.deepcopy(default))  # no shared value


def _containers(properties: dict[str, Any], path: list[str]) -> list[dict[str, Any]]:
    """The literal structs at a dotted path, `*` standing for every item of a list there
    (`HostGroup.*`: each host group); [] where the Terraform gives none or a computed one."""
    found: list[Any] = [properties]
    for step in path:
        following: list[Any] = []
        for container in found:
            if step == "*" and isinstance(container, list):
                following.extend(container)
            elif isinstance(container, list) and step.isdigit() and int(step) < len(container):
                following.append(container[int(step)])
            elif isinstance(container, dict) and not is_function(container) and step in container:
                following.append(container[step])
        found = following
    return [item for item in found if isinstance(item, dict) and not is_function(item)]


def _is_zero(node: object) -> bool:
    return isinstance(node, Literal) and node.value == 0


def convert(
    files: Mapping[str, str], *, description: str | None = None, root: str = ""
) -> Conversion:
    """The native conversion of a workspace whose root module is the folder `root` ("" for
    the top). Raises `TerraformError` for bad paths, no `.tf` file in `root`, invalid HCL,
    modules that nest too deep or call themselves, expressions nested too deeply, or when no
    resource can be converted."""
    try:
        return _convert(files, description, root)
    except RecursionError:
        raise TerraformError(
            Msg("The Terraform nests values or expressions too deeply to convert.")
        ) from None


def _tag_pairs(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A DATASOURCE resource's properties with a `tags` map filter as the Key/Value pairs its
    `Tags` takes, a computed map (`var.tags`) too, as the resources' tags handler does."""
    properties = dict(entry["Properties"])
    if isinstance(properties.get("Tags"), dict):
        properties["Tags"] = HANDLERS["tags_dict_to_list"](properties["Tags"])
        if properties["Tags"] is None:  # `tags = {}` filters nothing
            del properties["Tags"]
    return properties


def _prefix_length(value: object) -> int | None:
    try:
        return (
            ipaddress.ip_network(value, strict=False).prefixlen if isinstance(value, str) else None
        )
    except ValueError:
        return None


def _own_constraint_conflicts(parameter: Mapping[str, Any]) -> bool:
    """True when a parameter's own constraint would let through a CIDR of another prefix length
    than its default's (its AllowedPattern, or an AllowedValues entry such as a /16 beside a /12
    default): Fn::Cidr, which holds the parameter to the default's length, would refuse it."""
    if "AllowedPattern" in parameter:
        return True
    allowed = parameter.get("AllowedValues")
    if not isinstance(allowed, list):
        return False
    default = _prefix_length(parameter.get("Default"))
    return default is None or any(_prefix_length(value) != default for value in allowed)


def _convert(files: Mapping[str, str], description: str | None, root: str) -> Conversion:
    checked = check_workspace(files)
    if not any(module_directory(path) == root and path.endswith(".tf") for path in checked):
        if not root:
            raise TerraformError(
                Msg("There is no .tf file at the top of the workspace (root module).")
            )
        raise TerraformError(
            Msg("There is no .tf file in the root module folder {root}.", root=root)
        )
    expanded = expand(checked, root)
    converter = _Converter(
        expanded.config,
        files=checked,
        root=root,
        left_out=frozenset(expanded.left_out),
        parameter_patterns=frozenset(
            name
            for name, block in expanded.config.variables.items()
            if _own_constraint_conflicts(variable_parameter(block, expanded.config.tfvars))
        ),
    )
    converter.warnings.extend(expanded.notes)
    converter.unsupported.extend(expanded.left_out)
    converter.plan()
    for address in converter.blocks:
        if address in converter.ids:
            converter.resource(address)
    for address in converter.to_fold:
        converter.fold(address)
    found = len(converter.blocks) + expanded.dropped_resources
    if not converter.resources:
        left_out: Value = ", ".join(converter.unsupported) or Msg("there are no resources")
        raise TerraformError(
            Msg(
                "None of the resources could be converted to native ROS resources ({left_out}); "
                "{hint}.",
                left_out=left_out,
                hint=_COMPATIBLE_HINT,
            )
        )
    outputs = converter.outputs()
    converted = {
        converter.ids[address]: converter.resources[converter.ids[address]]
        for address in converter.blocks
        if address in converter.ids
    }
    companions = {
        converter.ids[address]: converter.companions.get(address, {})
        for address in converter.blocks
        if address in converter.ids
    }
    # Data sources first: what the stack reads before what it creates.
    # Terraform reads a data source again on every plan; ROS only when told to (its default
    # RefreshOptions, Never, keeps what the stack's creation read).
    data_sources = {
        name: {
            **entry,
            "Properties": {
                **coerce_properties(entry["Type"], _tag_pairs(entry)),
                "RefreshOptions": "Always",
            },
        }
        for name, entry in converter.data_resources.items()
    }
    lossy = (converter.lossy | expanded.lossy) & (set(converter.ids) | converter.folded)
    made = len(converted) + len(converter.aliases) + len(converter.folded)
    summary = Summary(
        found=found,
        native=made - len(lossy),
        lossy=len(lossy),
        dropped=found - made - len(converter.not_created),
        not_created=len(converter.not_created),
    )
    template: dict[str, Any] = {
        "ROSTemplateFormatVersion": FORMAT_VERSION,
        "Description": description
        or f"Converted from Terraform by iaccode: {made} of {found} resources "
        "as native ROS resources"
        + (f", {len(lossy)} of them with losses." if lossy else "."),
    }
    parameters = converter.parameters()
    used = {name: converter.config.variables[name] for name in converter.config.variables}
    converter.warnings.extend(
        validation_notes({n: b for n, b in used.items() if n in converter.used_variables})
    )
    if parameters:
        template["Parameters"] = parameters
    if converter.conditions:
        template["Conditions"] = dict(converter.conditions)
    template["Resources"] = {
        **data_sources,
        **{
            name: entry
            for logical_id, resource in converted.items()
            for name, entry in {logical_id: resource, **companions[logical_id]}.items()
        },
    }
    if outputs:
        template["Outputs"] = outputs
    template = without_json_text(template)
    join_list_refs(template)
    no_value_for_null_branches(template)
    drop_unused_conditions(template)
    removed = drop_unused_parameters(template)
    return Conversion(
        template=template,
        notes=tuple(note for note in converter.warnings if not _names_removed(note, removed)),
        unsupported=tuple(sorted(converter.unsupported)),
        summary=summary,
    )


__all__ = ["Conversion", "Summary", "convert", "logical_id_base"]
