"""User-visible sentences of the domain, kept as an English template plus values until rendered.

The checker, the Terraform converter and the building blocks describe what they found in
English; a caller may want it in another language (A2A seed: `metadata.iac_code.preferredLanguage`).
So they build `Msg("Parameter {name} has no Type.", name=name)` instead of an f-string, and the
caller renders it with a `Translate` function that maps the English template to the same template
in the reader's language (the catalog lives in `iaccode.agent.i18n`, a layer above). Values stay as
they are: names, codes, resource types, paths and template text are never translated. A value may
itself be a `Msg` (a clause such as "is absolute"), rendered in the same language first.

Templates are `str.format` templates: literal braces are doubled (`${{Name}}`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeAlias

import attrs

Translate = Callable[[str], str]
Value: TypeAlias = "str | int | float | Msg"


def english(template: str) -> str:
    """The identity `Translate`: templates are written in English."""
    return template


@attrs.frozen(init=False)
class Msg:
    """One sentence (or clause) for people: an English template and the values it names.

    Hashable and comparable, so findings that carry one can still be de-duplicated.
    `lower_first` lower-cases the rendered first letter, for a sentence used inside another
    ("..., or remove it.").
    """

    template: str
    values: tuple[tuple[str, Value], ...]
    lower_first: bool

    def __init__(self, template: str, *, lower_first: bool = False, **values: Value) -> None:
        self.__attrs_init__(template, tuple(sorted(values.items())), lower_first)

    @classmethod
    def _build(cls, template: str, values: tuple[tuple[str, Value], ...], lower_first: bool) -> Msg:
        made = cls.__new__(cls)
        made.__attrs_init__(template, values, lower_first)
        return made

    @classmethod
    def plain(cls, text: str) -> Msg:
        """Text that is already final (a library's error message): shown as it is."""
        return cls(text.replace("{", "{{").replace("}", "}}"))

    def lowered(self) -> Msg:
        return Msg._build(self.template, self.values, True)

    def render(self, translate: Translate = english) -> str:
        values = {
            key: value.render(translate) if isinstance(value, Msg) else value
            for key, value in self.values
        }
        try:
            text = translate(self.template).format_map(values)
        except (KeyError, IndexError, ValueError):  # a broken translation must not lose the text
            text = self.template.format_map(values)
        return text[:1].lower() + text[1:] if self.lower_first else text

    def __str__(self) -> str:
        return self.render()


def and_list(items: Sequence[Value]) -> Value:
    """'a', 'a and b', 'a, b and c' as nested messages, so each language joins them its way."""
    if len(items) == 1:
        return items[0]
    head: Value = items[0]
    for item in items[1:-1]:
        head = Msg("{first}, {second}", first=head, second=item)
    return Msg("{first} and {second}", first=head, second=items[-1])


def or_list(items: Sequence[Value]) -> Value:
    """'a', 'a or b', 'a, b or c', like `and_list`."""
    if len(items) == 1:
        return items[0]
    head: Value = items[0]
    for item in items[1:-1]:
        head = Msg("{first}, {second}", first=head, second=item)
    return Msg("{first} or {second}", first=head, second=items[-1])


def joined(items: Sequence[Value], separator: str) -> Msg:
    """Items with a separator that is no word (" -> "), so the same in every language."""
    template = (
        separator.replace("{", "{{")
        .replace("}", "}}")
        .join(f"{{item{index}}}" for index in range(len(items)))
    )
    values = tuple((f"item{index}", item) for index, item in enumerate(items))
    return Msg._build(template, values, False)
