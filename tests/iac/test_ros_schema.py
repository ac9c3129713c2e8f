"""The ROS schema: the generator on a fixture assembly built here, and the committed data file."""

from __future__ import annotations

import gzip
import io
import json
import tarfile
import zipfile
from pathlib import Path

import pytest

from iaccode.iac.ros_schema import RosSchema, load_schema, read_schema_data
from iaccode.iac.ros_schema_build import (
    AssemblyError,
    build_schema,
    encode_schema,
    property_count,
    read_wheel,
    read_wheels,
)

PKG = "@alicloud/ros-cdk-demo"
CORE = "@alicloud/ros-cdk-core"
RESOLVABLE = {"fqn": f"{CORE}.IResolvable"}


def _or_token(kind: dict[str, object]) -> dict[str, object]:
    return {"union": {"types": [kind, RESOLVABLE]}}


def _prop(name: str, kind: dict[str, object], optional: bool = True) -> dict[str, object]:
    prop: dict[str, object] = {"name": name, "type": kind}
    if optional:
        prop["optional"] = True
    return prop


LOCATION = {"filename": "lib/demo.generated.ts", "line": 1}

JSII = {
    "name": PKG,
    "version": "9.8.7",
    "types": {
        f"{PKG}.RosThing": {
            "kind": "class",
            "name": "RosThing",
            "base": f"{CORE}.RosResource",
            "locationInModule": LOCATION,
            "initializer": {
                "parameters": [
                    {"name": "scope", "type": {"fqn": f"{CORE}.Construct"}},
                    {"name": "props", "type": {"fqn": f"{PKG}.RosThingProps"}},
                ]
            },
            "properties": [
                {"name": "ROS_RESOURCE_TYPE_NAME", "static": True, "const": True},
                {"name": "attrThingId", "docs": {"custom": {"Attribute": "ThingId: the id."}}},
                {"name": "attrArn"},
            ],
        },
        f"{PKG}.RosThingProps": {
            "kind": "interface",
            "datatype": True,
            "name": "RosThingProps",
            "locationInModule": LOCATION,
            "properties": [
                _prop("securityIpList", _or_token({"primitive": "string"}), optional=False),
                _prop("size", _or_token({"primitive": "number"})),
                _prop("enabled", _or_token({"primitive": "boolean"})),
                _prop(
                    "rules",
                    _or_token(
                        {
                            "collection": {
                                "kind": "array",
                                "elementtype": _or_token({"fqn": f"{PKG}.RosThing.RuleProperty"}),
                            }
                        }
                    ),
                ),
                _prop(
                    "labels",
                    {"collection": {"kind": "map", "elementtype": {"primitive": "any"}}},
                ),
                _prop("mode", _or_token({"primitive": "string"})),
            ],
        },
        f"{PKG}.RosThing.RuleProperty": {
            "kind": "interface",
            "datatype": True,
            "name": "RuleProperty",
            "namespace": "RosThing",
            "locationInModule": LOCATION,
            "properties": [_prop("port", _or_token({"primitive": "number"}), optional=False)],
        },
        f"{PKG}.Thing": {"kind": "class", "name": "Thing", "base": f"{CORE}.Resource"},
    },
}

SCRIPT = """\
'use strict';
function RosThingPropsValidator(properties) {
    const errors = new ros.ValidationResults();
    if (properties.mode && (typeof properties.mode) !== 'object') {
        errors.collect(ros.propertyValidator('mode', ros.validateAllowedValues)({
            data: properties.mode,
            allowedValues: ["fast", "slow"],
        }));
    }
    return errors.wrap('supplied properties not correct for "RosThingProps"');
}
function rosThingPropsToRosTemplate(properties, enableResourcePropertyConstraint) {
    return {
        'SecurityIPList': ros.stringToRosTemplate(properties.securityIpList),
        'Size': ros.numberToRosTemplate(properties.size),
    };
}
class RosThing extends ros.RosResource {
}
RosThing.ROS_RESOURCE_TYPE_NAME = "ALIYUN::DEMO::Thing";
function rosThingRulePropertyToRosTemplate(properties) {
    return {
        'Port': ros.numberToRosTemplate(properties.port),
    };
}
"""


def _tarball(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def make_wheel(folder: Path, jsii: object = JSII, script: str = SCRIPT) -> Path:
    tgz = _tarball(
        {
            "package/.jsii": json.dumps(jsii).encode(),
            "package/lib/demo.generated.js": script.encode(),
            "package/LICENCE": b"Apache License 2.0",
        }
    )
    path = folder / "ros_cdk_demo-9.8.7-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as wheel:
        wheel.writestr("ros_cdk_demo/_jsii/ros-cdk-demo@9.8.7.jsii.tgz", tgz)
        wheel.writestr("ros_cdk_demo/__init__.py", "")
    return path


def test_the_generator_reads_a_wheel(tmp_path: Path) -> None:
    assembly = read_wheel(str(make_wheel(tmp_path)))
    assert (assembly.package, assembly.version) == ("ros-cdk-demo", "9.8.7")
    data = build_schema([assembly])
    assert data["sources"] == ["ros-cdk-demo 9.8.7"]
    assert "Apache" in str(data["notice"]) and data["license"] == "Apache-2.0"
    assert list(data["resources"]) == ["ALIYUN::DEMO::Thing"]  # type: ignore[call-overload]
    assert property_count(data) == 6

    schema = RosSchema.from_data(json.loads(gzip.decompress(encode_schema(data))))
    thing = schema.resource("ALIYUN::DEMO::Thing")
    assert thing is not None
    # The JavaScript's spelling wins over capitalising camelCase (SecurityIPList, not ...Ip...).
    assert thing.required == {"SecurityIPList"}
    assert set(thing.properties) == {"SecurityIPList", "Size", "Enabled", "Rules", "Labels", "Mode"}
    assert thing.attributes == {"ThingId", "Arn"}
    assert thing.properties["Size"].type.kind == "number"
    assert thing.properties["Enabled"].type.kind == "boolean"
    assert thing.properties["Mode"].allowed_values == ("fast", "slow")
    labels = thing.properties["Labels"].type
    assert labels.kind == "map" and labels.item is not None and labels.item.kind == "any"
    rules = thing.properties["Rules"].type
    assert rules.kind == "list" and rules.item is not None and rules.item.kind == "struct"
    assert rules.item.fields is not None
    port = rules.item.fields["Port"]
    assert port.required and port.type.kind == "number"
    assert rules.describe() == "list of struct"
    assert thing.closest_properties("Sise") == ["Size"]
    assert schema.closest_types("ALIYUN::DEMO::Thang") == ["ALIYUN::DEMO::Thing"]
    assert schema.resource("ALIYUN::DEMO::Other") is None


def test_the_encoding_is_reproducible(tmp_path: Path) -> None:
    data = build_schema([read_wheel(str(make_wheel(tmp_path)))])
    assert encode_schema(data) == encode_schema(json.loads(json.dumps(data)))


def test_an_archive_without_an_assembly_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty-1.0-py3-none-any.whl"
    with zipfile.ZipFile(empty, "w") as wheel:
        wheel.writestr("empty/__init__.py", "")
    with pytest.raises(AssemblyError, match="no _jsii"):
        read_wheel(str(empty))
    broken = tmp_path / "broken-1.0-py3-none-any.whl"
    broken.write_bytes(b"not a zip")
    with pytest.raises(AssemblyError, match=r"broken-1\.0"):
        read_wheels([str(broken)])


def test_the_committed_schema_knows_every_type() -> None:
    schema = load_schema()
    assert load_schema() is schema  # read once
    # ros-cdk 1.15.0 has 1,307 ALIYUN:: and DATASOURCE:: types; a regeneration may move a little.
    assert 1200 <= schema.type_count <= 1600
    assert "ros-cdk-ecs 1.15.0" in schema.source
    assert "Apache" in read_schema_data()["notice"]  # type: ignore[operator]
    instance = schema.resource("ALIYUN::ECS::Instance")
    assert instance is not None
    assert instance.required == {"InstanceType"}
    assert {"InstanceId", "PublicIp", "ZoneId"} <= instance.attributes
    vswitch = schema.resource("ALIYUN::ECS::VSwitch")
    assert vswitch is not None and vswitch.required == {"CidrBlock", "VpcId", "ZoneId"}
    rds = schema.resource("ALIYUN::RDS::DBInstance")
    assert rds is not None and "SecurityIPList" in rds.required
    assert schema.resource("DATASOURCE::ECS::Instances") is not None
    assert schema.closest_types("ALIYUN::ECS::Instanse")[0] == "ALIYUN::ECS::Instance"
    group = schema.resource("ALIYUN::ECS::SecurityGroup")
    assert group is not None
    ingress = group.properties["SecurityGroupIngress"].type
    assert ingress.kind == "list" and ingress.item is not None and ingress.item.fields is not None
    assert ingress.item.fields["IpProtocol"].required
    tags = group.properties["Tags"].type
    assert tags.item is not None and tags.item.fields is not None
    assert set(tags.item.fields) == {"Key", "Value"}


def test_the_data_file_ships_in_the_package() -> None:
    data = Path(__file__).parents[2] / "iaccode" / "iac" / "data" / "ros-schema.json.gz"
    assert data.stat().st_size < 1_000_000  # compact: the loader reads it whole
