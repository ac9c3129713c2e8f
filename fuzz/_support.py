"""What the harnesses need from atheris beyond `Setup` and `Fuzz`; imported only under atheris.

`instrument(*packages)` adds coverage instrumentation to the code of the named packages only.
`atheris.instrument_all()` also instruments the standard library and trio, which makes an input
several times slower and adds coverage noise from trio's randomised scheduling.

`make_mutator` is a structure-aware mutator for harnesses whose input is one JSON document. Byte
flips turn almost every JSON document into a parse error, so the codec harnesses would
spend their time in the JSON parser. This mutator parses the input, changes one node (a value
replaced by an interesting one, a member added, renamed or dropped, a subtree copied elsewhere)
and writes the document back; inputs that are not JSON, and one mutation in eight, get atheris's
own byte-level mutation, so the parser's edge cases stay covered too.

Use it as `atheris.Setup(..., custom_mutator=make_mutator(...))`.
"""

from __future__ import annotations

import enum
import gc
import random
import sys
import types
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import atheris
import attrs

from iaccode.a2a import legacy
from iaccode.model import a2a as model
from iaccode.model.codec import camel
from iaccode.wire import json


def instrument(*packages: str) -> None:
    """Instrument every function already loaded from `packages` (and their submodules)."""
    patched: dict[types.CodeType, types.CodeType] = {}  # closures of one factory share code
    for obj in gc.get_objects():
        if isinstance(obj, types.FunctionType) and (obj.__module__ or "").partition(".")[0] in (
            packages
        ):
            code = obj.__code__
            if code not in patched:
                patched[code] = atheris.patch_code(code, True, True)
            obj.__code__ = patched[code]
    sys.stderr.write(f"INFO: instrumented {len(patched)} functions of {', '.join(packages)}\n")


def _names() -> list[str]:
    names: set[str] = set(legacy.METHODS) | set(legacy.METHODS.values())
    for value in vars(model).values():
        if isinstance(value, type) and attrs.has(value):
            for field in attrs.fields(value):
                names.update((field.name, camel(field.name)))
        elif isinstance(value, type) and issubclass(value, enum.IntEnum):
            names.update(member.name for member in value)
    # 0.3 members and values (a2a.md §9), and metadata the service reads.
    names.update(
        [
            *("kind", "file", "bytes", "uri", "mimeType", "name", "blocking", "schemes"),
            *("pushNotificationConfig", "pushNotificationConfigId", "user", "agent", "task"),
            *("message", "status-update", "artifact-update", "input-required", "iac_code"),
            *("cwd", "permission_response", "iaccode_wrapped_value", "value", "jsonrpc"),
            *("method", "params", "2.0"),
        ]
    )
    return sorted(names)


NAMES = _names()
SCALARS: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    6,
    100,
    101,
    2**31 - 1,
    2**31,
    -(2**31) - 1,
    2**63,
    2**64 - 1,
    1.5,
    -0.0,
    1e300,
    "",
    " ",
    "0",
    "3",
    " 7 ",
    "-1",
    "1e3",
    "99999999999999999999",
    "dGNr",
    "-_8",
    "=",
    "a b",
    "\u0000",
    "\u00e9\U0001f600",
    "t1",
    "c1",
    "x" * 130,
    "https://example.com/hook",
    "http://127.0.0.1:1/x",
    "file:///etc/passwd",
    "2026-01-01T00:00:00.000Z",
    "2026-13-45T99:99:99Z",
    "text/plain",
    "application/json",
]


def _slots(doc: Any) -> Iterator[tuple[Any, Any]]:
    """Every (container, key or index) in the document, parents before children."""
    stack = [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, item in node.items():
                yield node, key
                stack.append(item)
        elif isinstance(node, list):
            for index, item in enumerate(node):
                yield node, index
                stack.append(item)


def _value(
    rng: random.Random, slots: list[tuple[Any, Any]], names: list[str], scalars: list[Any]
) -> Any:
    roll = rng.random()
    if roll < 0.45:
        return rng.choice(scalars)
    if roll < 0.7:
        return rng.choice(names)
    if roll < 0.85 and slots:
        container, key = rng.choice(slots)
        return json.loads(json.dumps(container[key]))  # a copy of another subtree
    if roll < 0.92:
        return {rng.choice(names): rng.choice(scalars)}
    return [rng.choice(scalars)]


def _mutate_doc(doc: Any, rng: random.Random, names: list[str], scalars: list[Any]) -> Any:
    slots = list(_slots(doc))
    if not slots:
        if rng.random() < 0.5:
            return _value(rng, slots, names, scalars)
        return {rng.choice(names): doc}
    container, key = rng.choice(slots)
    roll = rng.random()
    if roll < 0.5:
        container[key] = _value(rng, slots, names, scalars)
    elif roll < 0.65:
        del container[key]
    elif roll < 0.8 and isinstance(container, dict):
        item = container.pop(key)
        container[rng.choice(names)] = item  # renamed
    elif isinstance(container[key], dict):
        container[key][rng.choice(names)] = _value(rng, slots, names, scalars)
    elif isinstance(container[key], list):
        container[key].append(_value(rng, slots, names, scalars))
    else:
        container[key] = [container[key]] if rng.random() < 0.5 else {"value": container[key]}
    return doc


def _byte_mutate(data: bytes, max_size: int) -> bytes:
    # atheris.Mutate is bound only once Fuzz() runs: look it up at each call.
    result: bytes = atheris.Mutate(data, max_size)
    return result


def make_mutator(
    byte_mutate: Callable[[bytes, int], bytes] = _byte_mutate,
    *,
    lines: bool = False,
    names: Iterable[str] | None = None,
    scalars: Iterable[Any] = (),
) -> Callable[[bytes, int, int], bytes]:
    """A `custom_mutator` for atheris; `byte_mutate` falls back to `atheris.Mutate`.

    With `lines`, the input is several documents, one per line: one line is mutated, or a line
    is repeated, dropped or moved. `names` replaces the A2A member names as the vocabulary of
    member names and strings (for another protocol); `scalars` are used besides `SCALARS`.
    """
    all_names = NAMES if names is None else sorted(set(names))
    all_scalars = [*SCALARS, *scalars]

    def mutate_document(data: bytes, max_size: int, rng: random.Random) -> bytes:
        if rng.random() < 0.125:
            return byte_mutate(data, max_size)
        try:
            doc = json.loads(data, max_depth=256)
        except json.JSONDecodeError:
            return byte_mutate(data, max_size)
        for _ in range(1 + int(rng.random() < 0.3)):
            doc = _mutate_doc(doc, rng, all_names, all_scalars)
        try:
            out = json.dumps(doc)
        except TypeError:
            return byte_mutate(data, max_size)
        return out if len(out) <= max_size else byte_mutate(data, max_size)

    def mutate(data: bytes, max_size: int, seed: int) -> bytes:
        rng = random.Random(seed)
        if not lines:
            return mutate_document(data, max_size, rng)
        docs = data.split(b"\n")
        index = rng.randrange(len(docs))
        roll = rng.random()
        if roll < 0.1 and len(docs) < 8:
            docs.insert(rng.randrange(len(docs) + 1), docs[index])
        elif roll < 0.15 and len(docs) > 1:
            del docs[index]
        elif roll < 0.2 and len(docs) > 1:
            docs.insert(rng.randrange(len(docs)), docs.pop(index))
        else:
            docs[index] = mutate_document(docs[index], max_size, rng).replace(b"\n", b" ")
        out = b"\n".join(docs)
        return out if len(out) <= max_size else data[:max_size]

    return mutate
