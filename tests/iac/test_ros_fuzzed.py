"""The ROS checker's fuzz harness (fuzz/fuzz_ros.py) on its corpus and on generated input."""

from __future__ import annotations

import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iaccode.iac.ros_check import check_template
from tests.fuzz_harness import corpus, harness

CORPUS = corpus("ros")


@pytest.mark.parametrize("seed", CORPUS, ids=lambda path: path.name)
def test_fuzz_harness_accepts_its_corpus(seed: pathlib.Path) -> None:
    harness("ros")(seed.read_bytes())


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("not_yaml", "ROS0001"),
        ("deep_nesting", "ROS0003"),
        ("billion_laughs", "ROS0004"),
        ("recursive_alias", "ROS0004"),
    ],
)
def test_bad_input_gets_one_clear_finding(name: str, code: str) -> None:
    text = (pathlib.Path(__file__).parents[2] / "fuzz/corpus/ros" / name).read_bytes()
    assert check_template(text.decode("utf-8", errors="replace")).codes() == [code]


_KEYS = st.sampled_from(
    ["Ref", "Fn::Join", "Fn::Select", "Fn::If", "Fn::GetAtt", "Type", "Properties", "Tags", "V"]
)
_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from(["V", "a", "ALIYUN::ECS::VPC"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEYS, inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(_VALUES)
def test_fuzz_harness_invariants_hold(properties: object) -> None:
    import json

    doc = {
        "ROSTemplateFormatVersion": "2015-09-01",
        "Resources": {"V": {"Type": "ALIYUN::ECS::SecurityGroup", "Properties": properties}},
    }
    harness("ros")(json.dumps(doc).encode())
