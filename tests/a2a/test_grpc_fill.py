"""The descriptor walk (`grpc_fill.fill`) makes the same protobuf message as protobuf's own
`json_format.ParseDict` of the model's ProtoJSON, for every response type gRPC sends."""

from __future__ import annotations

from typing import Any

import pytest
from google.protobuf import json_format
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from iaccode.a2a.grpc_fill import fill
from iaccode.model import codec
from tests.fuzz_harness import harness_module
from tests.model.strategies import model_classes, values

PAIRS = harness_module("grpc").SENT  # every model value gRPC sends, with its message


for _cls in model_classes():  # every strategy built before drawing (the draws stay the same)
    values(_cls)


@pytest.mark.parametrize(("model", "proto"), PAIRS, ids=lambda c: getattr(c, "__name__", ""))
# Big models (Task) often hold a value protobuf refuses, so a run may filter many draws.
@settings(
    max_examples=25,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    deadline=None,
)
@given(data=st.data())
def test_fill_equals_parse_dict(model: type[Any], proto: Any, data: st.DataObject) -> None:
    obj = data.draw(values(model))
    expected = proto()
    try:
        json_format.ParseDict(codec.unstructure(obj), expected, ignore_unknown_fields=True)
    except json_format.ParseError:
        assume(False)  # a value protobuf refuses (say, a timestamp that is no timestamp)
    assert fill(proto(), obj) == expected
