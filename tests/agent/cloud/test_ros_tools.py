"""The ROS tools against the fake endpoint: reads, writes behind permission, progress, faults."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
import trio

from iaccode.testing.fake_ros import FakeRos
from tests.agent.cloud.conftest import KEY_ID, SECRET, TEMPLATE, Tools


async def test_validate_and_a_template_ros_rejects(tools: Tools) -> None:
    result = await tools("ros_validate_template", template=TEMPLATE)
    assert not result.is_error
    assert result.data["regionId"] == "cn-hangzhou"
    assert result.data["ResourceTypes"]["Resources"] == [
        "ALIYUN::ECS::Instance",
        "ALIYUN::ECS::VPC",
    ]
    bad = await tools("ros_validate_template", template="Resources: {}", language="de")
    assert bad.is_error
    assert bad.data["error"].startswith("ROS hat die Vorlage abgelehnt. (InvalidTemplate: ")
    assert "RequestId" in bad.data["error"]


async def test_preview_cost_constraints(tools: Tools, fake_ros: FakeRos) -> None:
    preview = await tools(
        "ros_preview_stack",
        template=TEMPLATE,
        stack_name="web-1",
        region="cn-beijing",
        parameters={"InstanceType": "ecs.g7.large"},
    )
    assert [r["LogicalResourceId"] for r in preview.data["Stack"]["Resources"]] == ["Vpc", "Server"]
    assert fake_ros.requests[-1]["query"]["Parameters.1.ParameterValue"] == "ecs.g7.large"
    assert fake_ros.requests[-1]["query"]["RegionId"] == "cn-beijing"
    cost = await tools("ros_estimate_template_cost", template=TEMPLATE)
    assert cost.data["Resources"]["Server"]["Result"]["Order"]["TradeAmount"] == 120.5
    constraints = await tools("ros_get_template_parameter_constraints", template=TEMPLATE)
    assert constraints.data["ParameterConstraints"][0]["AllowedValues"] == [
        "ecs.g7.large",
        "ecs.c7.large",
    ]
    assert tools.output.permissions == []  # reads ask nothing


async def test_a_template_from_the_workspace(tools: Tools, workspace: Path) -> None:
    (workspace / "stack.yaml").write_text(TEMPLATE)
    result = await tools("ros_validate_template", path="stack.yaml")
    assert not result.is_error
    outside = await tools("ros_validate_template", path="../elsewhere.yaml")
    assert outside.is_error and str(workspace) not in outside.data["error"]


async def test_create_asks_with_a_deployment_summary_and_streams_progress(
    tools: Tools, fake_ros: FakeRos
) -> None:
    result = await tools(
        "ros_create_stack",
        template=TEMPLATE,
        stack_name="web-1",
        parameters={"InstanceType": "ecs.g7.large"},
    )
    assert not result.is_error, result.data
    assert result.data["status"] == "CREATE_COMPLETE"
    assert result.data["outputs"] == [
        {"OutputKey": "VpcId", "OutputValue": "fake-vpcid", "Description": ""}
    ]
    [request] = tools.output.permissions
    assert request.protected_api == "ros:CreateStack"
    summary = request.deployment_summary
    assert summary is not None
    assert summary["stackName"] == "web-1" and summary["regionId"] == "cn-hangzhou"
    assert summary["resources"]["add"] == [
        {"logicalResourceId": "Vpc", "resourceType": "ALIYUN::ECS::VPC"},
        {"logicalResourceId": "Server", "resourceType": "ALIYUN::ECS::Instance"},
    ]
    assert summary["estimatedMonthlyCost"] == {"amount": 120.5, "currency": "CNY"}
    statuses = [p["stackStatus"] for p in tools.progress()]
    assert statuses[0] == "CREATE_IN_PROGRESS" and statuses[-1] == "CREATE_COMPLETE"
    events = [(e["LogicalResourceId"], e["Status"]) for p in tools.progress() for e in p["events"]]
    assert ("Vpc", "CREATE_COMPLETE") in events and ("Server", "CREATE_COMPLETE") in events
    assert len(events) == len(set(events))  # each event once
    assert SECRET not in repr(tools.output.events)
    assert fake_ros.actions().index("PreviewStack") < fake_ros.actions().index("CreateStack")


async def test_a_denied_create_creates_nothing(fake_ros: FakeRos, workspace: Path) -> None:
    tools = Tools(fake_ros, workspace, allow=False)
    result = await tools("ros_create_stack", template=TEMPLATE, stack_name="web-1", language="fr")
    assert result.is_error
    assert result.data["error"] == "L'appelant n'a pas autorisé cette opération."
    assert "CreateStack" not in fake_ros.actions() and fake_ros.stacks == {}


async def test_a_failed_create_rolls_back(tools: Tools, fake_ros: FakeRos) -> None:
    fake_ros.failing_stacks.add("broken")
    result = await tools("ros_create_stack", template=TEMPLATE, stack_name="broken")
    assert result.is_error
    # As ROS reports a create that failed and rolled back (not a plain ROLLBACK_*).
    assert result.data["status"] == "CREATE_ROLLBACK_COMPLETE"
    statuses = [p["stackStatus"] for p in tools.progress()]
    assert "CREATE_ROLLBACK_IN_PROGRESS" in statuses
    events = [(e["LogicalResourceId"], e["Status"]) for p in tools.progress() for e in p["events"]]
    assert ("Server", "CREATE_FAILED") in events
    assert "QuotaExceeded" in result.data["error"]


async def test_update_through_a_change_set(tools: Tools, fake_ros: FakeRos) -> None:
    await tools("ros_create_stack", template=TEMPLATE, stack_name="web-1")
    changed = TEMPLATE.replace("192.168.0.0/16", "10.0.0.0/8").replace(
        "Outputs:",
        "  Bucket:\n    Type: ALIYUN::OSS::Bucket\n    Properties: {BucketName: logs}\nOutputs:",
    )
    result = await tools("ros_update_stack", stack_name="web-1", template=changed)
    assert not result.is_error, result.data
    assert result.data["status"] == "UPDATE_COMPLETE"
    summary = tools.output.permissions[-1].deployment_summary
    assert tools.output.permissions[-1].protected_api == "ros:UpdateStack"
    assert summary is not None and summary["operation"] == "update"
    assert [r["logicalResourceId"] for r in summary["resources"]["add"]] == ["Bucket"]
    assert [r["logicalResourceId"] for r in summary["resources"]["modify"]] == ["Vpc"]
    assert fake_ros.actions()[-1] != "UpdateStack" and "ExecuteChangeSet" in fake_ros.actions()


async def test_a_denied_update_drops_its_change_set(fake_ros: FakeRos, workspace: Path) -> None:
    await Tools(fake_ros, workspace)("ros_create_stack", template=TEMPLATE, stack_name="web-1")
    denied = Tools(fake_ros, workspace, allow=False)
    result = await denied(
        "ros_update_stack", stack_name="web-1", template=TEMPLATE.replace("16", "12")
    )
    assert result.is_error
    assert "ExecuteChangeSet" not in fake_ros.actions()
    assert fake_ros.actions()[-1] == "DeleteChangeSet" and fake_ros.change_sets == {}


async def test_stack_reads_and_delete(tools: Tools, fake_ros: FakeRos) -> None:
    await tools("ros_create_stack", template=TEMPLATE, stack_name="web-1")
    listed = await tools("ros_list_stacks")
    assert [s["StackName"] for s in listed.data["Stacks"]] == ["web-1"]
    outputs = await tools("ros_get_stack_outputs", stack_name="web-1")
    assert outputs.data["Outputs"][0]["OutputKey"] == "VpcId"
    events = await tools("ros_list_stack_events", stack_name="web-1")
    assert events.data["Events"][0]["Status"] == "CREATE_COMPLETE"
    resources = await tools("ros_list_stack_resources", stack_name="web-1")
    assert len(resources.data["Resources"]) == 2
    deleted = await tools("ros_delete_stack", stack_name="web-1")
    assert not deleted.is_error, deleted.data
    assert deleted.data["status"] == "DELETE_COMPLETE"
    summary = tools.output.permissions[-1].deployment_summary
    assert summary is not None and summary["counts"] == {"add": 0, "modify": 0, "remove": 2}
    missing = await tools("ros_get_stack", stack_name="web-1", language="ja")
    assert missing.is_error and missing.data["error"].startswith(
        "このリージョンにスタックが見つかりませんでした。"
    )


async def test_aliyun_api_reads_freely_and_asks_for_writes(tools: Tools, fake_ros: FakeRos) -> None:
    regions = await tools(
        "aliyun_api", product="ros", version="2019-09-10", action="DescribeRegions"
    )
    assert regions.data["readOnly"] is True and regions.data["response"]["Regions"]
    assert tools.output.permissions == []
    await tools("ros_create_stack", template=TEMPLATE, stack_name="web-1")
    stack_id = next(iter(fake_ros.stacks))
    await tools(
        "aliyun_api",
        product="ros",
        version="2019-09-10",
        action="DeleteStack",
        params={"StackId": stack_id},
    )
    assert tools.output.permissions[-1].protected_api == "ros:DeleteStack"
    assert fake_ros.actions()[-1] == "DeleteStack"
    refused = await tools(
        "aliyun_api", product="evil.example.com/", version="2019-09-10", action="GetX"
    )
    assert refused.is_error


@pytest.mark.parametrize(
    "call",
    [
        # ROA routes by method and path: a DELETE named like a read still deletes.
        {
            "style": "ROA",
            "method": "DELETE",
            "pathname": "/stacks/s-1",
            "action": "DescribeRegions",
        },
        {"style": "ROA", "method": "POST", "pathname": "/stacks", "action": "GetStack"},
        # A read prefix that is not a whole word of the name.
        {"action": "Checkout"},
        {"action": "Listen"},
    ],
)
async def test_aliyun_api_asks_for_calls_that_only_look_read_only(
    fake_ros: FakeRos, workspace: Path, call: dict[str, str]
) -> None:
    tools = Tools(fake_ros, workspace, allow=False)
    result = await tools("aliyun_api", product="ros", version="2019-09-10", **call)
    assert result.is_error
    [request] = tools.output.permissions
    assert request.protected_api == f"ros:{call['action']}"
    assert fake_ros.requests == []  # nothing was sent


async def test_aliyun_api_asks_with_the_region_the_call_acts_in(
    fake_ros: FakeRos, workspace: Path
) -> None:
    tools = Tools(fake_ros, workspace, allow=False)
    call = {"product": "ros", "version": "2019-09-10", "action": "DeleteStack"}
    await tools("aliyun_api", **call, params={"RegionId": "cn-beijing", "StackId": "s-1"})
    [request] = tools.output.permissions
    assert request.deployment_summary is not None
    assert request.deployment_summary["regionId"] == "cn-beijing"
    both = await tools(
        "aliyun_api", **call, region="cn-hangzhou", params={"RegionId": "cn-beijing"}
    )
    assert both.is_error and "RegionId" in both.data["error"]
    assert len(tools.output.permissions) == 1 and fake_ros.requests == []


async def test_aliyun_api_keeps_credentials_in_an_answer_out_of_the_result(
    tools: Tools, fake_ros: FakeRos, monkeypatch: pytest.MonkeyPatch
) -> None:
    credentials = {
        "AccessKeyId": "STS.NewKeyId",
        "AccessKeySecret": "new-secret-value",
        "SecurityToken": "new-token-value",
        "Expiration": "2026-12-01T23:00:00Z",
    }
    monkeypatch.setattr(
        fake_ros, "_do_DescribeRegions", lambda params: {"Credentials": [credentials]}
    )
    result = await tools(
        "aliyun_api", product="ros", version="2019-09-10", action="DescribeRegions"
    )
    assert not result.is_error, result.data
    [shown] = result.data["response"]["Credentials"]
    assert shown["AccessKeyId"] == "STS.NewKeyId" and shown["Expiration"].startswith("2026")
    assert "new-secret-value" not in repr(tools.output.events) + repr(result.data)
    assert "new-token-value" not in repr(tools.output.events) + repr(result.data)


async def test_faults_are_clear_errors(fake_ros: FakeRos, workspace: Path) -> None:
    none = Tools(fake_ros, workspace, metadata={})
    result = await none("ros_validate_template", template=TEMPLATE, language="zh")
    assert result.data["error"].startswith("未提供阿里云凭证")
    half = Tools(fake_ros, workspace, metadata={"alibaba_cloud_access_key_id": "only-id"})
    assert "AccessKey ID" in (await half("ros_list_stacks")).data["error"]
    tools = Tools(fake_ros, workspace)
    wrong_region = await tools("ros_list_stacks", region="xx-nowhere-9")
    assert wrong_region.is_error and "InvalidRegionId" in wrong_region.data["error"]
    garbage_region = await tools("ros_list_stacks", region="../../etc")
    assert garbage_region.is_error
    fake_ros.throttle(10)
    throttled = await Tools(fake_ros, workspace, max_retries=1)("ros_list_stacks")
    assert throttled.is_error and "Throttling.User" in throttled.data["error"]


@pytest.mark.parametrize(
    "metadata",
    [
        {"alibaba_cloud_access_key_id": "clé", "alibaba_cloud_access_key_secret": SECRET},
        {"alibaba_cloud_access_key_id": KEY_ID, "alibaba_cloud_access_key_secret": "sécret"},
        {
            "alibaba_cloud_access_key_id": KEY_ID,
            "alibaba_cloud_access_key_secret": SECRET,
            "alibaba_cloud_security_token": "tök\nen",
        },
    ],
)
async def test_keys_no_header_can_carry_are_a_clear_error(
    fake_ros: FakeRos, workspace: Path, metadata: dict[str, str]
) -> None:
    tools = Tools(fake_ros, workspace, metadata=metadata)
    result = await tools("ros_list_stacks", language="de")
    assert result.is_error
    assert result.data["error"].startswith("Die Alibaba-Cloud-Zugangsdaten enthalten Zeichen")
    assert "MalformedCredentials" in result.data["error"]
    assert SECRET not in result.data["error"] and "sécret" not in result.data["error"]
    assert fake_ros.requests == []


@pytest.mark.parametrize("action", ["CreateStack", "CreateChangeSet", "ListStacks"])
async def test_an_answer_without_the_id_is_a_clear_error(
    tools: Tools, fake_ros: FakeRos, monkeypatch: pytest.MonkeyPatch, action: str
) -> None:
    await tools("ros_create_stack", template=TEMPLATE, stack_name="web-1")
    answer = {"Stacks": [{"StackName": "web-1"}]} if action == "ListStacks" else {}
    monkeypatch.setattr(fake_ros, f"_do_{action}", lambda params: answer)
    if action == "CreateStack":
        result = await tools("ros_create_stack", template=TEMPLATE, stack_name="web-2")
    else:
        result = await tools("ros_update_stack", stack_name="web-1", template=TEMPLATE)
    assert result.is_error
    assert "BadResponse" in result.data["error"]


async def test_answers_of_another_shape_do_not_break_the_summary(
    tools: Tools, fake_ros: FakeRos, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fake_ros, "_do_PreviewStack", lambda params: {"Stack": ["?"]})
    monkeypatch.setattr(
        fake_ros, "_do_GetTemplateEstimateCost", lambda params: {"Resources": {"Server": "n/a"}}
    )
    result = await tools("ros_create_stack", template=TEMPLATE, stack_name="web-1")
    assert not result.is_error, result.data
    summary = tools.output.permissions[-1].deployment_summary
    assert summary is not None and summary["resources"]["add"] == []
    assert "estimatedMonthlyCost" not in summary
    monkeypatch.setattr(
        fake_ros, "_do_GetChangeSet", lambda params: {"Status": "CREATE_COMPLETE", "Changes": ["?"]}
    )
    monkeypatch.setattr(fake_ros, "_do_ExecuteChangeSet", lambda params: {})
    updated = await tools("ros_update_stack", stack_name="web-1", template=TEMPLATE)
    assert not updated.is_error, updated.data
    assert tools.output.permissions[-1].deployment_summary["counts"]["modify"] == 0


async def test_a_stack_gone_before_the_first_look_is_deleted(
    tools: Tools, fake_ros: FakeRos, monkeypatch: pytest.MonkeyPatch
) -> None:
    await tools("ros_create_stack", template=TEMPLATE, stack_name="web-1")
    [stack] = fake_ros.stacks.values()

    def delete_at_once(params: object) -> dict[str, object]:
        stack.deleted = True  # an empty stack, or a fast region: gone before GetStack
        return {}

    monkeypatch.setattr(fake_ros, "_do_DeleteStack", delete_at_once)
    result = await tools("ros_delete_stack", stack_name="web-1")
    assert not result.is_error, result.data
    assert result.data["status"] == "DELETE_COMPLETE"


async def test_cancel_stops_watching_and_says_so(fake_ros: FakeRos, workspace: Path) -> None:
    tools = Tools(fake_ros, workspace, poll_seconds=3600)
    with trio.move_on_after(5) as scope:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(
                lambda: tools("ros_create_stack", template=TEMPLATE, stack_name="web-1")
            )
            while not tools.progress():
                await trio.sleep(0.01)
            nursery.cancel_scope.cancel()
    assert not scope.cancelled_caught
    last = tools.progress()[-1]
    assert last["watching"] == "stopped" and "ros_get_stack" in last["message"]
    assert next(iter(fake_ros.stacks.values())).status == "CREATE_IN_PROGRESS"  # ROS goes on


async def test_the_vendor_credential_chain_reads_the_environment(
    fake_ros: FakeRos, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("alibabacloud_credentials")
    from alibabacloud_credentials.utils import auth_util

    monkeypatch.setenv("ALIBABA_CLOUD_ACCESS_KEY_ID", KEY_ID)
    monkeypatch.setenv("ALIBABA_CLOUD_ACCESS_KEY_SECRET", SECRET)
    monkeypatch.setenv("ALIBABA_CLOUD_ECS_METADATA_DISABLED", "true")
    # The vendor reads the environment once, when the module is imported (a server has it set
    # before it starts); this test sets it later, so the module reads it again.
    importlib.reload(auth_util)
    tools = Tools(fake_ros, workspace, metadata={}, credential_chain=True)
    result = await tools("ros_list_stacks")
    assert not result.is_error, result.data
    assert fake_ros.requests[-1]["code"] is None
    monkeypatch.undo()
    importlib.reload(auth_util)


async def test_cancel_an_update_in_progress(tools: Tools, fake_ros: FakeRos) -> None:
    await tools("ros_create_stack", template=TEMPLATE, stack_name="web-1")
    stack = next(iter(fake_ros.stacks.values()))
    stack.status = "UPDATE_IN_PROGRESS"  # an update someone else started, still running
    stack.steps = [("UPDATE_IN_PROGRESS", "Vpc", "UPDATE_IN_PROGRESS", "state changed")] * 3
    result = await tools("ros_cancel_update_stack", stack_name="web-1", cancel_type="Quick")
    assert not result.is_error, result.data
    assert result.data["status"] == "ROLLBACK_COMPLETE"
    assert tools.output.permissions[-1].protected_api == "ros:CancelUpdateStack"
    [cancel] = [r for r in fake_ros.requests if r["action"] == "CancelUpdateStack"]
    assert cancel["query"]["CancelType"] == "Quick"
    again = await tools("ros_cancel_update_stack", stack_name="web-1")
    assert again.is_error and "StackStatusNotSupported" in again.data["error"]


async def test_cancel_during_an_update_offers_cancel_update_stack(
    fake_ros: FakeRos, workspace: Path
) -> None:
    await Tools(fake_ros, workspace)("ros_create_stack", template=TEMPLATE, stack_name="web-1")
    tools = Tools(fake_ros, workspace, poll_seconds=3600)
    changed = TEMPLATE.replace("192.168.0.0/16", "10.0.0.0/8")
    with trio.move_on_after(5) as scope:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(
                lambda: tools(
                    "ros_update_stack", stack_name="web-1", template=changed, language="es"
                )
            )
            while not tools.progress():
                await trio.sleep(0.01)
            nursery.cancel_scope.cancel()
    assert not scope.cancelled_caught
    last = tools.progress()[-1]
    assert last["watching"] == "stopped" and "ros_cancel_update_stack" in last["message"]
    assert last["message"].startswith("Dejé de seguir la pila")
