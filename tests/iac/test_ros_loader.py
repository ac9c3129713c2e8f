"""Tests for ros_loader: format detection, ROS short forms, positions, errors and safety limits."""

from __future__ import annotations

import datetime
import json
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iaccode.iac.ros_loader import (
    MAX_DEPTH,
    MAX_TEMPLATE_BYTES,
    LoadResult,
    SourceMap,
    load_template,
    path_text,
    short_form_key,
)


def load_ok(text: str) -> LoadResult:
    result = load_template(text)
    assert result.loaded, result.findings
    return result


def only_code(result: LoadResult) -> str:
    assert not result.loaded
    assert len(result.findings) == 1
    return result.findings[0].code


# --- format detection ----------------------------------------------------------------------------


def test_json_object_is_loaded_as_json() -> None:
    result = load_ok('{"ROSTemplateFormatVersion": "2015-09-01", "Resources": {}}')
    assert result.source_format == "json"
    assert result.document == {"ROSTemplateFormatVersion": "2015-09-01", "Resources": {}}


def test_yaml_is_loaded_as_yaml() -> None:
    result = load_ok("ROSTemplateFormatVersion: '2015-09-01'\nResources: {}\n")
    assert result.source_format == "yaml"
    assert result.document == {"ROSTemplateFormatVersion": "2015-09-01", "Resources": {}}


def test_flow_yaml_that_is_not_json_falls_back_to_yaml() -> None:
    result = load_ok("{a: 1, b: [x, y]}")
    assert result.source_format == "yaml"
    assert result.document == {"a": 1, "b": ["x", "y"]}


def test_json_array_is_handed_to_yaml_and_stays_a_list() -> None:
    result = load_ok("[1, 2]")
    assert result.document == [1, 2]


def test_byte_order_mark_is_ignored() -> None:
    assert load_ok('\ufeff{"a": 1}').document == {"a": 1}
    assert load_ok("\ufeffa: 1").document == {"a": 1}


def test_empty_text_loads_as_none() -> None:
    result = load_ok("")
    assert result.document is None


def test_unquoted_yaml_date_stays_a_date() -> None:
    result = load_ok("ROSTemplateFormatVersion: 2015-09-01")
    assert result.document == {"ROSTemplateFormatVersion": datetime.date(2015, 9, 1)}


# --- short forms ---------------------------------------------------------------------------------

SHORT_FORMS = [
    ("!Ref Vpc", {"Ref": "Vpc"}),
    ("!GetAtt Vpc.VpcId", {"Fn::GetAtt": ["Vpc", "VpcId"]}),
    ("!GetAtt [Vpc, VpcId]", {"Fn::GetAtt": ["Vpc", "VpcId"]}),
    ("!GetAtt Stack.Outputs.VpcId", {"Fn::GetAtt": ["Stack", "Outputs.VpcId"]}),
    ("!Sub 'a-${Name}'", {"Fn::Sub": "a-${Name}"}),
    ("!Sub ['${A}', {A: x}]", {"Fn::Sub": ["${A}", {"A": "x"}]}),
    ("!Join ['-', [a, b]]", {"Fn::Join": ["-", ["a", "b"]]}),
    ("!Select [0, [a]]", {"Fn::Select": [0, ["a"]]}),
    ("!If [C, 1, 2]", {"Fn::If": ["C", 1, 2]}),
    ("!Equals [a, b]", {"Fn::Equals": ["a", "b"]}),
    ("!And [!Condition A, !Condition B]", {"Fn::And": [{"Condition": "A"}, {"Condition": "B"}]}),
    ("!Or [!Condition A, !Condition B]", {"Fn::Or": [{"Condition": "A"}, {"Condition": "B"}]}),
    ("!Not [!Condition A]", {"Fn::Not": [{"Condition": "A"}]}),
    ("!FindInMap [M, k1, k2]", {"Fn::FindInMap": ["M", "k1", "k2"]}),
    ("!GetAZs ''", {"Fn::GetAZs": ""}),
    ("!GetAZs {Ref: 'ALIYUN::Region'}", {"Fn::GetAZs": {"Ref": "ALIYUN::Region"}}),
    ("!Split [',', 'a,b']", {"Fn::Split": [",", "a,b"]}),
    ("!Replace [{a: b}, abc]", {"Fn::Replace": [{"a": "b"}, "abc"]}),
    ("!Base64 text", {"Fn::Base64": "text"}),
    ("!Base64Encode text", {"Fn::Base64Encode": "text"}),
    ("!Base64Decode dGV4dA==", {"Fn::Base64Decode": "dGV4dA=="}),
    ("!Str 3", {"Fn::Str": "3"}),
    ("!Length [1, 2]", {"Fn::Length": [1, 2]}),
    ("!Index [b, [a, b]]", {"Fn::Index": ["b", ["a", "b"]]}),
    ("!Cidr [10.0.0.0/16, 2, 8]", {"Fn::Cidr": ["10.0.0.0/16", 2, 8]}),
    ("!GetJsonValue [k, '{}']", {"Fn::GetJsonValue": ["k", "{}"]}),
    ("!Jq [First, .a, '{}']", {"Fn::Jq": ["First", ".a", "{}"]}),
    ("!MergeMap [{a: 1}, {b: 2}]", {"Fn::MergeMap": [{"a": 1}, {"b": 2}]}),
    ("!ListMerge [[1], [2]]", {"Fn::ListMerge": [[1], [2]]}),
    ("!Condition IsProd", {"Condition": "IsProd"}),
    ("!Foo bar", {"Fn::Foo": "bar"}),
]


@pytest.mark.parametrize(("source", "expected"), SHORT_FORMS)
def test_short_forms(source: str, expected: object) -> None:
    assert load_ok(f"value: {source}\n").document == {"value": expected}


def test_short_form_key() -> None:
    assert short_form_key("!Ref") == "Ref"
    assert short_form_key("!Condition") == "Condition"
    assert short_form_key("!Sub") == "Fn::Sub"
    assert short_form_key("tag:yaml.org,2002:str") is None
    assert short_form_key("!") is None


def test_block_scalar_short_form() -> None:
    result = load_ok("UserData: !Sub |\n  echo ${A}\n  echo ${!B}\n")
    assert result.document == {"UserData": {"Fn::Sub": "echo ${A}\necho ${!B}\n"}}


# --- positions -----------------------------------------------------------------------------------

YAML_TEMPLATE = """\
ROSTemplateFormatVersion: '2015-09-01'
Resources:
  MyVpc:
    Type: ALIYUN::ECS::VPC
    Properties:
      CidrBlock: 10.0.0.0/8
  Sw:
    Type: ALIYUN::ECS::VSwitch
    Properties:
      VpcId: !Ref MyVpc
      Tags:
        - Key: a
        - Key: b
"""


def test_yaml_positions_for_keys_items_and_short_forms() -> None:
    positions = load_ok(YAML_TEMPLATE).source_map.positions
    assert positions[("ROSTemplateFormatVersion",)] == (1, 1)
    assert positions[("Resources", "MyVpc")] == (3, 3)
    assert positions[("Resources", "MyVpc", "Properties", "CidrBlock")] == (6, 7)
    assert positions[("Resources", "Sw", "Properties", "VpcId")] == (10, 7)
    assert positions[("Resources", "Sw", "Properties", "VpcId", "Ref")] == (10, 14)
    assert positions[("Resources", "Sw", "Properties", "Tags", 1)] == (13, 11)
    assert positions[("Resources", "Sw", "Properties", "Tags", 1, "Key")] == (13, 11)


JSON_TEMPLATE = """\
{
  "ROSTemplateFormatVersion": "2015-09-01",
  "Resources": {
    "MyVpc": {
      "Type": "ALIYUN::ECS::VPC",
      "Properties": {"CidrBlock": "10.0.0.0/8", "Name": "a \\"quoted\\" {name}"}
    },
    "List": [1, {"k": [true, null]}, "x"]
  }
}
"""


def test_json_positions_for_keys_and_items() -> None:
    result = load_ok(JSON_TEMPLATE)
    positions = result.source_map.positions
    assert result.source_format == "json"
    assert positions[()] == (1, 1)
    assert positions[("ROSTemplateFormatVersion",)] == (2, 3)
    assert positions[("Resources", "MyVpc")] == (4, 5)
    assert positions[("Resources", "MyVpc", "Properties", "CidrBlock")] == (6, 22)
    assert positions[("Resources", "MyVpc", "Properties", "Name")] == (6, 49)
    assert positions[("Resources", "List", 0)] == (8, 14)
    assert positions[("Resources", "List", 1, "k")] == (8, 18)
    assert positions[("Resources", "List", 1, "k", 1)] == (8, 30)
    assert positions[("Resources", "List", 2)] == (8, 38)


def test_source_map_locate_falls_back_to_the_nearest_ancestor() -> None:
    source_map = SourceMap({(): (1, 1), ("Resources",): (2, 1), ("Resources", "A"): (3, 3)})
    assert source_map.locate(("Resources", "A", "Properties", "ZoneId")) == (3, 3)
    assert source_map.locate(("Outputs",)) == (1, 1)
    assert SourceMap().locate(("x",)) is None


def test_path_text() -> None:
    assert path_text(("Resources", "A", "Properties", "Tags", 0)) == "Resources/A/Properties/Tags/0"


_simple_keys = st.text(alphabet=string.ascii_letters + string.digits + "_-.: ", min_size=1)
_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet=string.printable),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(_simple_keys, children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(_simple_keys, _json_values, min_size=1, max_size=5))
def test_json_scanner_agrees_with_yaml_positions(doc: dict[str, object]) -> None:
    """Pretty-printed JSON is also YAML, so both position tables must agree."""
    text = json.dumps(doc, indent=2)
    as_json = load_ok(text)
    as_yaml = load_ok("#\n" + text)  # a leading comment forces the YAML path
    assert as_json.source_format == "json"
    assert as_yaml.source_format == "yaml"
    shifted = {
        path: (line - 1, column) for path, (line, column) in as_yaml.source_map.positions.items()
    }
    assert as_json.source_map.positions == shifted


# --- errors --------------------------------------------------------------------------------------


def test_broken_json_reports_the_json_error_with_position() -> None:
    result = load_template('{\n  "a": 1\n  "b": 2\n}')
    assert only_code(result) == "ROS0001"
    finding = result.findings[0]
    assert "not valid JSON" in finding.message
    assert "Expecting ',' delimiter" in finding.message
    assert (finding.line, finding.column) == (3, 3)
    assert finding.severity == "error"


def test_broken_yaml_reports_the_yaml_error_with_position() -> None:
    result = load_template("a: 1\nb: [x, y\nc: 2\n")
    assert only_code(result) == "ROS0001"
    finding = result.findings[0]
    assert "YAML" in finding.message
    assert finding.line is not None and finding.line >= 2


def test_bad_indentation_is_a_yaml_error() -> None:
    result = load_template("Resources:\n  A:\n    Type: x\n   Properties: {}\n")
    assert only_code(result) == "ROS0001"
    assert result.findings[0].line == 4


def test_control_character_is_a_load_error_with_position() -> None:
    result = load_template("a: 1\nb: \x00")
    assert only_code(result) == "ROS0001"
    assert (result.findings[0].line, result.findings[0].column) == (2, 4)


def test_impossible_date_is_a_load_error_with_position() -> None:
    result = load_template("a: 1\nb: 2015-13-45\n")
    assert only_code(result) == "ROS0001"
    assert "2015-13-45" in result.findings[0].message
    assert (result.findings[0].line, result.findings[0].column) == (2, 4)


def test_huge_integer_is_a_load_error() -> None:
    assert only_code(load_template("a: " + "9" * 5000)) == "ROS0001"
    assert only_code(load_template('{"a": ' + "9" * 5000 + "}")) == "ROS0001"


def test_unhashable_key_is_a_load_error() -> None:
    assert only_code(load_template("? [a, b]\n: 1\n")) == "ROS0001"
    assert only_code(load_template("!Ref a: 1\n")) == "ROS0001"


def test_non_text_body_is_a_load_error() -> None:
    result = load_template(b"a: 1")  # type: ignore[arg-type]
    assert only_code(result) == "ROS0001"
    assert "bytes" in result.findings[0].message


# --- safety limits -------------------------------------------------------------------------------


def test_size_limit() -> None:
    result = load_template("a: '" + "x" * MAX_TEMPLATE_BYTES + "'")
    assert only_code(result) == "ROS0002"


def test_yaml_depth_limit() -> None:
    assert only_code(load_template("[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5))) == "ROS0003"
    assert load_ok("[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)).loaded


def test_json_depth_limit() -> None:
    depth = MAX_DEPTH + 5
    assert only_code(load_template('{"a": ' * depth + "1" + "}" * depth)) == "ROS0003"


def test_json_nesting_beyond_the_recursion_limit() -> None:
    depth = 50_000
    assert only_code(load_template('{"a": ' * depth + "1" + "}" * depth)) == "ROS0003"


def test_billion_laughs_is_refused() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 9):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 10) + "]")
    result = load_template("\n".join(lines))
    assert only_code(result) == "ROS0004"


def test_recursive_alias_is_refused() -> None:
    result = load_template("a: &a [1, *a]\n")
    assert only_code(result) == "ROS0004"
    assert "itself" in result.findings[0].message


def test_small_aliases_and_merge_keys_are_fine() -> None:
    text = """\
base: &base {Key: env, Value: dev}
tags: [*base, *base]
merged:
  <<: *base
  Value: prod
"""
    result = load_ok(text)
    assert result.findings == ()
    assert result.document == {
        "base": {"Key": "env", "Value": "dev"},
        "tags": [{"Key": "env", "Value": "dev"}] * 2,
        "merged": {"Key": "env", "Value": "prod"},
    }


# --- duplicate keys ------------------------------------------------------------------------------


def test_duplicate_yaml_key_is_a_warning() -> None:
    result = load_ok("Resources:\n  A: 1\n  A: 2\n")
    assert [f.code for f in result.findings] == ["ROS0005"]
    finding = result.findings[0]
    assert finding.severity == "warning"
    assert finding.path == "Resources/A"
    assert (finding.line, finding.column) == (3, 3)
    assert result.document == {"Resources": {"A": 2}}


def test_duplicate_json_key_is_a_warning() -> None:
    result = load_ok('{"Resources": {"A": 1,\n "A": 2}}')
    assert [f.code for f in result.findings] == ["ROS0005"]
    assert result.findings[0].path == "Resources/A"
    assert result.findings[0].line == 2
