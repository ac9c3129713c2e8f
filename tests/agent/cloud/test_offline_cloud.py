"""Which ROS tool a plain-words request runs in the offline engine, in several languages."""

from __future__ import annotations

import time

import pytest

from iaccode.agent.offline_cloud import cloud_request

T = "ROSTemplateFormatVersion: '2015-09-01'\nResources: {}"


@pytest.mark.parametrize(
    ("prose", "tool", "args"),
    [
        ("Validate this template with ROS", "ros_validate_template", {}),
        ("用 ROS 验证这个模板", "ros_validate_template", {}),
        (
            "Valide este modelo con ROS en cn-shanghai",
            "ros_validate_template",
            {"region": "cn-shanghai"},
        ),
        ("What would this cost?", "ros_estimate_template_cost", {}),
        ("Was würde das kosten?", "ros_estimate_template_cost", {}),
        ("preview it in cn-hangzhou", "ros_preview_stack", {"region": "cn-hangzhou"}),
        (
            "Which allowed values do the parameters have (constraints)?",
            "ros_get_template_parameter_constraints",
            {},
        ),
        ("deploy this as stack web-1", "ros_create_stack", {"stack_name": "web-1"}),
        (
            "Stelle das als Stack web-1 in cn-beijing bereit",
            "ros_create_stack",
            {"stack_name": "web-1", "region": "cn-beijing"},
        ),
        ("部署为资源栈 web-1", "ros_create_stack", {"stack_name": "web-1"}),
        ("update stack web-1 with this", "ros_update_stack", {"stack_name": "web-1"}),
        ("Aktualisiere den Stack web-1 damit", "ros_update_stack", {"stack_name": "web-1"}),
        (
            "deploy as stack app Size=2",
            "ros_create_stack",
            {"stack_name": "app", "parameters": {"Size": "2"}},
        ),
    ],
)
def test_with_a_template(prose: str, tool: str, args: dict[str, object]) -> None:
    request = cloud_request(prose, T)
    assert request is not None and request.problem is None
    assert request.tool == tool
    assert request.args["template"] == T
    assert {k: v for k, v in request.args.items() if k != "template"} == args


@pytest.mark.parametrize(
    ("prose", "tool"),
    [
        ("delete stack web-1", "ros_delete_stack"),
        ("show the outputs of stack web-1", "ros_get_stack_outputs"),
        ("events of stack web-1", "ros_list_stack_events"),
        ("what is the status of stack web-1?", "ros_get_stack"),
        ("list my stacks in cn-beijing", "ros_list_stacks"),
        ("スタック web-1 を削除", "ros_delete_stack"),
        ("cancel the update of stack web-1", "ros_cancel_update_stack"),
    ],
)
def test_about_a_stack(prose: str, tool: str) -> None:
    request = cloud_request(prose, None)
    assert request is not None and request.tool == tool


@pytest.mark.parametrize(
    "prose",
    [
        "Review this template",
        "Check this template",
        "Create a VPC with two vSwitches.",
        "Convert the Terraform in ./infra",
        "Validate this template",  # no ROS asked for: the offline checker
        "Validate this ROS template",
        "hello",
    ],
)
def test_not_cloud_work(prose: str) -> None:
    assert cloud_request(prose, T if "template" in prose else None) is None


def test_what_is_missing_is_said() -> None:
    nameless = cloud_request("deploy this", T)
    assert nameless is not None and nameless.problem is not None and "web-1" in nameless.problem
    templateless = cloud_request("deploy stack web-1", None)
    assert templateless is not None and templateless.problem is not None


def test_validate_alone_means_ros_when_the_caller_sent_keys() -> None:
    request = cloud_request("Validate this template", T, has_keys=True)
    assert request is not None and request.tool == "ros_validate_template"


@pytest.mark.parametrize(
    "prose",
    ["stelle " * 20_000, "deploy stack" + " " * 20_000, "delete the stack" + " \t" * 10_000],
)
def test_a_long_message_is_read_in_linear_time(prose: str) -> None:
    # Each took from seconds to minutes (quadratic backtracking), blocking the event loop.
    started = time.perf_counter()
    cloud_request(prose, "Resources: {}")
    assert time.perf_counter() - started < 2
