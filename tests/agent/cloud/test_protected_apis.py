"""Protected cloud write APIs: only an exact per-API rule or the caller approves them (seed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from iaccode.agent.permissions import (
    PermissionAudit,
    PermissionPolicy,
    PermissionRequest,
    PermissionRules,
    envelope,
)

CREATE = PermissionRequest(
    tool_name="ros_create_stack",
    tool_use_id="call-1",
    tool_input={"stack_name": "web-1", "template": "ROSTemplateFormatVersion: ..."},
    protected_api="ros:CreateStack",
    deployment_summary={"stackName": "web-1", "regionId": "cn-hangzhou", "counts": {"add": 2}},
)


def policy(
    tmp_path: Path, *, allow: tuple[str, ...] = (), deny: tuple[str, ...] = (), auto: bool = False
) -> PermissionPolicy:
    return PermissionPolicy(
        PermissionAudit(tmp_path / "audit.jsonl"), PermissionRules(allow, deny), auto
    )


@pytest.mark.parametrize(
    "allow",
    [
        ("aliyun_api",),
        ("ros_create_stack",),
        ("*",),
        ("ros_*",),
        ("ros:*",),
        ("ros:Create*",),
        ("ros:createstack",),
    ],
)
def test_wildcards_tool_names_and_auto_approval_never_approve(
    tmp_path: Path, allow: tuple[str, ...]
) -> None:
    assert policy(tmp_path, allow=allow, auto=True).preset(CREATE) is None


@pytest.mark.parametrize(
    "allow", ["ros:CreateStack", "ROS:CreateStack", "aliyun_api(ros:CreateStack)"]
)
def test_an_exact_rule_approves(tmp_path: Path, allow: str) -> None:
    assert policy(tmp_path, allow=(allow,)).preset(CREATE) == (True, "rule")


@pytest.mark.parametrize(
    "deny",
    [
        "ros_create_stack",
        "ros:*",
        "aliyun_api(*)",
        "*",
        "ROS:CreateStack",
        "ROS:*",
        "ros:createstack",
    ],
)
def test_any_deny_rule_denies(tmp_path: Path, deny: str) -> None:
    assert policy(tmp_path, allow=("ros:CreateStack",), deny=(deny,)).preset(CREATE) == (
        False,
        "rule",
    )


def test_plain_tools_keep_their_rules(tmp_path: Path) -> None:
    plain = PermissionRequest(tool_name="write_file", tool_use_id="call-2")
    assert policy(tmp_path, allow=("write_*",)).preset(plain) == (True, "rule")
    assert policy(tmp_path, auto=True).preset(plain) == (True, "auto-approve")


def test_the_envelope_carries_the_deployment_summary() -> None:
    env = envelope(CREATE, task_id="t", context_id="c", input_id="i", language="de")
    assert env["deploymentSummary"] == CREATE.deployment_summary
    assert env["title"] == "Alibaba Cloud ros:CreateStack aufrufen"
    assert env["effect"] == "cloud_change" and env["isReadOnly"] is False
    assert env["target"] == "web-1 / cn-hangzhou"
    assert "ROSTemplateFormatVersion" not in env["safeSummary"]
