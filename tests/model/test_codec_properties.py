"""Properties of the ProtoJSON codec over every model class, and the codec fuzz harness replayed.

Spec §5.5-5.7 (a2a.md §1): what is written decodes to the same value, and so does every lenient
spelling a ProtoJSON parser accepts (proto snake_case names, enum numbers, integers as numeric
strings, URL-safe unpadded base64, explicit nulls for unset fields).
"""

from __future__ import annotations

import base64
import enum
import pathlib
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iaccode.a2a import legacy
from iaccode.model import a2a as m
from iaccode.model import codec, errors
from iaccode.wire import json
from tests.fuzz_harness import ROOT, corpus, harness, harness_module
from tests.model.strategies import model_classes, values

MODEL_CLASSES = model_classes()


def _lenient(value: Any, tp: Any, draw: Callable[[st.SearchStrategy[Any]], Any]) -> Any:
    """The unstructured `value` of type `tp` respelt as a lenient ProtoJSON parser accepts."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        (inner,) = [arg for arg in args if arg is not type(None)]
        return _lenient(value, inner, draw)
    if origin is list:
        return [_lenient(item, args[0], draw) for item in value]
    if origin is dict and args[1] is not Any:
        return {key: _lenient(item, args[1], draw) for key, item in value.items()}
    if isinstance(tp, type) and issubclass(tp, enum.IntEnum):
        return draw(st.sampled_from([value, tp[value].value, str(tp[value].value)]))
    if tp is int:
        return draw(st.sampled_from([value, str(value), f" {value} ", float(value)]))
    if tp is bytes:
        raw = base64.b64decode(value)
        return draw(st.sampled_from([value, base64.urlsafe_b64encode(raw).decode().rstrip("=")]))
    if isinstance(tp, type) and attrs.has(tp):
        hints = typing.get_type_hints(tp, vars(m))
        out: dict[str, Any] = {}
        for field in attrs.fields(tp):
            name = codec.camel(field.name)
            spelt = draw(st.sampled_from([name, field.name]))
            if name in value:
                out[spelt] = _lenient(value[name], hints[field.name], draw)
            elif draw(st.booleans()):
                out[spelt] = None  # null: not set
        return out
    return value  # str, bool, free-form JSON


@pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda cls: cls.__name__)
@settings(max_examples=12, deadline=None)  # per class: about 550 examples per property
@given(data=st.data())
def test_every_model_value_round_trips_through_json(cls: type[Any], data: st.DataObject) -> None:
    value = data.draw(values(cls))
    encoded = codec.unstructure(value)
    decoded = codec.structure(json.loads(json.dumps(encoded), max_depth=256), cls)
    assert decoded == value
    assert codec.unstructure(decoded) == encoded
    required = {codec.camel(f.name) for f in attrs.fields(cls) if f.metadata.get(m.REQUIRED)}
    assert required <= encoded.keys()


@pytest.mark.parametrize("cls", MODEL_CLASSES, ids=lambda cls: cls.__name__)
@settings(max_examples=12, deadline=None)  # per class: about 550 examples per property
@given(data=st.data())
def test_every_lenient_spelling_decodes_to_the_same_value(
    cls: type[Any], data: st.DataObject
) -> None:
    value = data.draw(values(cls))
    lenient = _lenient(codec.unstructure(value), cls, data.draw)
    assert codec.structure(json.loads(json.dumps(lenient), max_depth=256), cls) == value


def test_every_model_class_is_covered() -> None:
    names = {cls.__name__ for cls in MODEL_CLASSES}
    assert {"Message", "Task", "SendMessageRequest", "AgentCard", "StringList"} <= names


# -- the fuzz harness, replayed --------------------------------------------------------------


CORPUS = corpus("codec")


def test_corpus_exists() -> None:
    assert len(CORPUS) >= 20


@pytest.mark.parametrize("seed", CORPUS, ids=lambda path: path.name)
def test_fuzz_harness_accepts_its_corpus(seed: pathlib.Path) -> None:
    harness("codec")(seed.read_bytes())


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(MODEL_CLASSES).flatmap(values).map(codec.unstructure).map(json.dumps))
def test_fuzz_harness_invariants_hold(document: bytes) -> None:
    harness("codec")(document)


# The seeds are the spec's examples (a2a.md §2-§9) and near-misses; every example decodes.
REFUSED_SEEDS = {
    "send_message_bad_enum.json",
    "send_message_missing.json",
    "v03_parts_without_kind.json",  # 0.3 requires each part's kind: -32602
}


def _decodes(document: Any, cls: type[Any]) -> bool:
    try:
        codec.structure(document, cls)
    except errors.InvalidParamsError:
        return False
    return True


@pytest.mark.parametrize(
    "seed",
    [
        seed
        for seed in CORPUS
        if seed.name not in REFUSED_SEEDS and not seed.name.startswith("regression_")
    ],
    ids=lambda path: path.name,
)
def test_the_spec_examples_in_the_corpus_decode(seed: pathlib.Path) -> None:
    harness = harness_module("codec").__dict__  # the harness's tables: params and values
    document = json.loads(seed.read_bytes())
    if "method" not in document:
        assert any(_decodes(document, cls) for cls in harness["_VALUES"]), seed.name
        return
    method = document["method"]
    name = legacy.METHODS.get(method, method)
    params = document.get("params", {})
    if name != method:
        params = legacy.params_to_v1(method, params)
    assert _decodes(params, harness["_PARAMS"][name]), seed.name


@pytest.mark.parametrize("name", sorted(REFUSED_SEEDS))
def test_the_near_misses_in_the_corpus_are_refused(name: str) -> None:
    document = json.loads((ROOT / "fuzz/corpus/codec" / name).read_bytes())
    assert not _decodes(document["params"], m.SendMessageRequest)
