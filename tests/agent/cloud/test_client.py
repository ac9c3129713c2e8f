"""The signed client against the fake ROS endpoint, and the fake against the vendor's SDK."""

from __future__ import annotations

import functools
import logging
from typing import Any

import pytest
import trio

from iaccode.agent.cloud import signing
from iaccode.agent.cloud.client import ApiCall, CloudClient, CloudSettings, flatten
from iaccode.agent.cloud.credentials import Credentials, caller_cloud
from iaccode.agent.cloud.errors import CloudError
from iaccode.agent.cloud.session import CloudAccess
from iaccode.testing.fake_ros import FakeRos

KEY = Credentials("LTAI-test-key", "s3cr3t-value")
STS = Credentials("STS.test-key", "sts-secret", "sts-token-value")
TEMPLATE = (
    "ROSTemplateFormatVersion: '2015-09-01'\nResources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n"
)


def ros(action: str, read_only: bool = True, **params: Any) -> ApiCall:
    return ApiCall(
        "ros", "2019-09-10", action, params, body_params=("TemplateBody",), read_only=read_only
    )


@pytest.fixture
async def fake(nursery: trio.Nursery) -> FakeRos:
    server = FakeRos(
        {
            KEY.access_key_id: KEY.access_key_secret,
            STS.access_key_id: ("sts-secret", "sts-token-value"),
        }
    )
    await nursery.start(server.serve)
    return server


def client_for(fake: FakeRos, **settings: Any) -> CloudClient:
    return CloudClient(CloudSettings(ros_endpoint=fake.endpoint, **settings))


async def test_a_signed_call_is_answered(fake: FakeRos) -> None:
    answer = await client_for(fake).call(
        ros("ValidateTemplate", TemplateBody=TEMPLATE, RegionId="cn-hangzhou"), KEY, "cn-hangzhou"
    )
    assert answer["ResourceTypes"]["Resources"] == ["ALIYUN::ECS::VPC"]
    assert answer["RequestId"]
    sent = fake.requests[-1]
    assert "TemplateBody" in sent["form"] and "TemplateBody" not in sent["query"]
    assert sent["query"]["RegionId"] == "cn-hangzhou"


async def test_a_wrong_secret_fails_the_signature(fake: FakeRos) -> None:
    wrong = Credentials(KEY.access_key_id, "not-the-secret")
    with pytest.raises(CloudError) as caught:
        await client_for(fake).call(ros("ListStacks", RegionId="cn-hangzhou"), wrong, "cn-hangzhou")
    assert caught.value.code == "SignatureDoesNotMatch"
    assert caught.value.request_id
    assert "not-the-secret" not in caught.value.text("de")
    assert caught.value.text("de").startswith("Alibaba Cloud hat den AccessKey nicht akzeptiert.")


async def test_a_tampered_query_fails_the_signature(fake: FakeRos) -> None:
    status, body = fake.answer(
        "POST",
        "/?RegionId=cn-beijing",
        {
            "authorization": "ACS3-HMAC-SHA256 Credential=LTAI-test-key,"
            "SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date,Signature=00",
            "host": "x",
            "x-acs-action": "ListStacks",
            "x-acs-date": "2026-01-01T00:00:00Z",
            "x-acs-content-sha256": signing.payload_hash(b""),
        },
        b"",
    )
    assert status == 400 and b"SignatureDoesNotMatch" in body


async def test_unknown_key_and_sts(fake: FakeRos) -> None:
    client = client_for(fake)
    with pytest.raises(CloudError) as caught:
        await client.call(
            ros("ListStacks", RegionId="cn-hangzhou"), Credentials("nobody", "x"), "cn-hangzhou"
        )
    assert caught.value.code == "InvalidAccessKeyId.NotFound"
    answer = await client.call(ros("ListStacks", RegionId="cn-hangzhou"), STS, "cn-hangzhou")
    assert answer["Stacks"] == []
    assert fake.requests[-1]["headers"]["x-acs-security-token"] == "sts-token-value"
    fake.expired_tokens.add("sts-token-value")
    with pytest.raises(CloudError) as caught:
        await client.call(ros("ListStacks", RegionId="cn-hangzhou"), STS, "cn-hangzhou")
    assert caught.value.code == "InvalidSecurityToken.Expired"
    assert "STS" in caught.value.text()


async def test_throttling_is_retried_then_reported(
    fake: FakeRos, autojump_clock: trio.testing.MockClock
) -> None:
    client = client_for(fake, max_retries=2)
    fake.throttle(2)
    answer = await client.call(ros("ListStacks", RegionId="cn-hangzhou"), KEY, "cn-hangzhou")
    assert answer["TotalCount"] == 0
    assert [r["code"] for r in fake.requests] == ["Throttling.User", "Throttling.User", None]
    fake.throttle(5)
    with pytest.raises(CloudError) as caught:
        await client.call(ros("ListStacks", RegionId="cn-hangzhou"), KEY, "cn-hangzhou")
    assert caught.value.throttled


async def test_an_unreachable_endpoint(autojump_clock: trio.testing.MockClock) -> None:
    listener = (await trio.open_tcp_listeners(0, host="127.0.0.1"))[0]
    port = listener.socket.getsockname()[1]
    await listener.aclose()  # nothing listens there now
    client = CloudClient(CloudSettings(ros_endpoint=f"http://127.0.0.1:{port}", max_retries=1))
    with pytest.raises(CloudError) as caught:
        await client.call(ros("ListStacks", RegionId="cn-hangzhou"), KEY, "cn-hangzhou")
    assert caught.value.code == "Unreachable"
    assert str(port) not in caught.value.text()


def test_flatten_like_the_sdk() -> None:
    flat = flatten(
        {
            "Parameters": [{"ParameterKey": "A", "ParameterValue": 1}],
            "Tags": None,
            "DisableRollback": True,
        }
    )
    assert flat == {
        "Parameters.1.ParameterKey": "A",
        "Parameters.1.ParameterValue": "1",
        "DisableRollback": "true",
    }


def test_caller_cloud_reads_the_a2a_members() -> None:
    found = caller_cloud(
        {
            "alibaba_cloud_access_key_id": "id",
            "alibaba_cloud_access_key_secret": "sec",
            "alibaba_cloud_region_id": "cn-beijing",
        }
    )
    assert found.credentials == Credentials("id", "sec") and found.region_id == "cn-beijing"
    assert "sec" not in repr(found)
    assert caller_cloud({"alibaba_cloud_access_key_id": "id"}).incomplete


async def test_a_resumed_session_keeps_the_identity_it_was_asked_under() -> None:
    access = CloudAccess(CloudSettings(credential_chain=False))
    caller = {
        "alibaba_cloud_access_key_id": "id",
        "alibaba_cloud_access_key_secret": "sec",
        "alibaba_cloud_region_id": "cn-beijing",
    }
    asked = access.session(caller).identity()
    assert asked == {"source": "request", "accessKeyId": "id", "regionId": "cn-beijing"}
    assert "sec" not in str(asked)
    assert access.session({}).identity() == {"source": "chain", "regionId": None}
    same = access.session({**caller, "alibaba_cloud_region_id": "us-west-1"}, asked_under=asked)
    assert await same.credentials() == Credentials("id", "sec")
    assert same.region() == "cn-beijing" and same.identity() == asked
    other = {"alibaba_cloud_access_key_id": "other", "alibaba_cloud_access_key_secret": "x"}
    for answer in ({}, other):
        with pytest.raises(CloudError) as failed:
            await access.session(answer, asked_under=asked).credentials()
        assert failed.value.code == "CredentialsChanged"
        assert "send the same Alibaba Cloud keys with your answer" in failed.value.text()
        assert "mismas claves" in failed.value.text("es")
    with pytest.raises(CloudError) as failed:  # of unknown origin (saved before the marker)
        await access.session(caller, asked_under={"source": "unknown"}).credentials()
    assert failed.value.code == "CredentialsChanged"
    # Asked under the chain: the chain, not the answer's keys (here: none configured).
    with pytest.raises(CloudError) as failed:
        await access.session(caller, asked_under={"source": "chain"}).credentials()
    assert failed.value.code == "MissingCredentials"


def _sdk_call(endpoint: str) -> Any:
    from alibabacloud_ros20190910 import models
    from alibabacloud_ros20190910.client import Client
    from alibabacloud_tea_openapi import utils_models

    host = endpoint.removeprefix("http://")
    config = utils_models.Config(
        access_key_id=KEY.access_key_id,
        access_key_secret=KEY.access_key_secret,
        endpoint=host,
        protocol="http",
        region_id="cn-hangzhou",
    )
    client = Client(config)
    request = models.CreateStackRequest(
        region_id="cn-hangzhou",
        stack_name="sdk-1",
        template_body=TEMPLATE,
        parameters=[
            models.CreateStackRequestParameters(parameter_key="Name", parameter_value="a b/c")
        ],
    )
    return client.create_stack(request).body.stack_id


async def test_the_fake_verifies_what_the_vendor_sdk_signs(fake: FakeRos) -> None:
    pytest.importorskip("alibabacloud_ros20190910")
    stack_id = await trio.to_thread.run_sync(functools.partial(_sdk_call, fake.endpoint))
    assert fake.stacks[stack_id].name == "sdk-1"
    assert fake.stacks[stack_id].parameters == [{"ParameterKey": "Name", "ParameterValue": "a b/c"}]


async def test_a_silent_endpoint_times_out(
    nursery: trio.Nursery, autojump_clock: trio.testing.MockClock
) -> None:
    async def stall(stream: trio.SocketStream) -> None:
        await trio.sleep_forever()  # reads nothing, answers nothing

    listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
    port = listeners[0].socket.getsockname()[1]
    nursery.start_soon(trio.serve_listeners, stall, listeners)
    settings = CloudSettings(
        ros_endpoint=f"http://127.0.0.1:{port}", timeout_seconds=5, max_retries=1
    )
    with pytest.raises(CloudError) as caught:
        await CloudClient(settings).call(
            ros("ListStacks", RegionId="cn-hangzhou"), KEY, "cn-hangzhou"
        )
    assert caught.value.code == "Timeout"
    assert "did not answer in time" in caught.value.text()


async def test_an_answer_that_trickles_in_times_out(
    nursery: trio.Nursery, autojump_clock: trio.testing.MockClock
) -> None:
    async def trickle(stream: trio.SocketStream) -> None:
        await stream.receive_some()
        head = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n"
        await stream.send_all(head)
        for _ in range(100):  # each byte well within the read timeout, the whole far beyond
            await trio.sleep(1)
            await stream.send_all(b" ")

    listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
    port = listeners[0].socket.getsockname()[1]
    nursery.start_soon(trio.serve_listeners, trickle, listeners)
    settings = CloudSettings(
        ros_endpoint=f"http://127.0.0.1:{port}", timeout_seconds=5, max_retries=0
    )
    started = trio.current_time()
    with pytest.raises(CloudError) as caught:
        await CloudClient(settings).call(
            ros("ListStacks", RegionId="cn-hangzhou"), KEY, "cn-hangzhou"
        )
    assert caught.value.code == "Timeout"
    assert trio.current_time() - started < 10


async def test_parameter_values_in_the_query_reach_no_log(
    fake: FakeRos, caplog: pytest.LogCaptureFixture
) -> None:
    # RPC parameters (a template's Password parameter too) travel in the URL, which httpx logs
    # at INFO; a fresh process has no level set on its logger.
    httpx_log = logging.getLogger("httpx")
    level = httpx_log.level
    httpx_log.setLevel(logging.NOTSET)
    caplog.set_level(logging.INFO)
    try:
        client = client_for(fake)
        params = [{"ParameterKey": "Password", "ParameterValue": "db-password-in-the-url"}]
        call = ros("PreviewStack", RegionId="cn-hangzhou", TemplateBody=TEMPLATE, Parameters=params)
        await client.call(call, KEY, "cn-hangzhou")
    finally:
        httpx_log.setLevel(level)
    assert "Parameters.1.ParameterValue" in fake.requests[-1]["query"]
    assert "db-password-in-the-url" not in caplog.text
