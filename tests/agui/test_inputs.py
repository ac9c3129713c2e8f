"""RunAgentInput validation, rule by rule (AG-UI seed: "Standardfelder", "iacCode")."""

from __future__ import annotations

import base64
import copy
from typing import Any

import pytest
from ag_ui.core import RunAgentInput

from iaccode.agui.details import translate_detail
from iaccode.agui.errors import INVALID_INPUT, AguiError
from iaccode.agui.inputs import MAX_IMAGE_BYTES, parse_run_input


def body(**changes: Any) -> dict[str, Any]:
    value: dict[str, Any] = {
        "threadId": "thread-1",
        "runId": "run-1",
        "state": {},
        "messages": [{"id": "m1", "role": "user", "content": "Create a VPC template"}],
        "tools": [],
        "context": [],
        "forwardedProps": {
            "iacCode": {"schemaVersion": 1, "rosInvocationId": "inv-1", "cwd": "/workspace"}
        },
    }
    value.update(changes)
    return value


def props(**changes: Any) -> dict[str, Any]:
    iac = {"schemaVersion": 1, "rosInvocationId": "inv-1", "cwd": "/workspace", **changes}
    return {"iacCode": {k: v for k, v in iac.items() if v is not ...}}


def image(size: int, media_type: str = "image/png") -> dict[str, Any]:
    data = base64.b64encode(b"\x89" * size).decode()
    return {"type": "image", "source": {"type": "data", "value": data, "mimeType": media_type}}


def refused(value: Any) -> str:
    with pytest.raises(AguiError) as caught:
        parse_run_input(value)
    assert caught.value.code == INVALID_INPUT
    return caught.value.message


def test_the_seed_example_is_accepted_by_us_and_by_the_official_model() -> None:
    value = body(
        forwardedProps=props(
            runMode="normal",
            model="qwen-max",
            llmApiKey="sk-secret",
            thinking={"enabled": True, "effort": "high", "budget": 2048},
            userId="u1",
            channel="web",
            preferredLanguage="de",
            candidatePresentation="rich",
            pipelineName="selling",
            cleanupOnly=False,
            alibabaCloud={"accessKeyId": "AK", "accessKeySecret": "SK", "regionId": "cn-hangzhou"},
        )
    )
    RunAgentInput.model_validate(value)
    request = parse_run_input(value)
    assert request.thread_id == "thread-1" and request.run_id == "run-1"
    assert request.parts == ({"text": "Create a VPC template"},)
    assert request.props.ros_invocation_id == "inv-1"
    meta = request.props.a2a_metadata()
    assert meta["cwd"] == "/workspace" and meta["iac_code_model"] == "qwen-max"
    assert meta["iac_code_api_key"] == "sk-secret"
    assert meta["alibaba_cloud_access_key_secret"] == "SK"
    assert meta["preferredLanguage"] == "de" and meta["runMode"] == "normal"
    assert "sk-secret" not in repr(request) and "SK'" not in repr(request)


def test_the_digest_ignores_key_order_but_not_content() -> None:
    first = parse_run_input(body())
    reordered = dict(reversed(list(body().items())))
    assert parse_run_input(reordered).digest == first.digest
    other = body(messages=[{"id": "m1", "role": "user", "content": "Something else"}])
    assert parse_run_input(other).digest != first.digest


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"threadId": ""}, "threadId"),
        ({"runId": 7}, "runId"),
        ({"runId": "x" * 257}, "runId"),
        ({"tools": [{"name": "t", "description": "d"}]}, "tools must be empty"),
        ({"context": {}}, "context"),
        ({"messages": {}}, "messages"),
        ({"messages": []}, "no user message"),
        ({"messages": [{"id": "a", "role": "assistant", "content": "hi"}]}, "no user message"),
        ({"messages": [{"role": "user", "content": "x"}]}, "messages[0].id"),
        ({"messages": [{"id": "m", "role": "user", "content": "  "}]}, "empty"),
        ({"forwardedProps": {}}, "forwardedProps.iacCode"),
        ({"forwardedProps": props(schemaVersion=2)}, "schemaVersion"),
        ({"forwardedProps": props(schemaVersion=True)}, "schemaVersion"),
        ({"forwardedProps": props(rosInvocationId=...)}, "rosInvocationId"),
        ({"forwardedProps": props(rosInvocationId="i" * 257)}, "rosInvocationId"),
        ({"forwardedProps": props(cwd="relative/path")}, "cwd"),
        ({"forwardedProps": props(cwd=...)}, "cwd"),
        ({"forwardedProps": props(llmHeaders={"x": "y"})}, "unknown field 'llmHeaders'"),
        ({"forwardedProps": props(model=3)}, "model"),
        ({"forwardedProps": props(runMode="turbo")}, "runMode"),
        ({"forwardedProps": props(candidatePresentation="fancy")}, "candidatePresentation"),
        ({"forwardedProps": props(cleanupOnly="yes")}, "cleanupOnly"),
        ({"forwardedProps": props(thinking={"enabled": "yes"})}, "thinking.enabled"),
        ({"forwardedProps": props(thinking={"budget": 0})}, "thinking.budget"),
        ({"forwardedProps": props(thinking={"level": 1})}, "unknown field 'level'"),
        ({"forwardedProps": props(alibabaCloud={"token": "x"})}, "unknown field 'token'"),
        ({"forwardedProps": props(alibabaCloud={"regionId": 1})}, "regionId"),
        ({"resume": {}}, "resume"),
        ({"resume": [{"interruptId": "i", "status": "done"}]}, "status"),
        ({"resume": [{"status": "resolved"}]}, "interruptId"),
    ],
)
def test_each_rule_is_enforced_with_a_message_naming_the_field(
    change: dict[str, Any], fragment: str
) -> None:
    message = refused(body(**change))
    assert fragment in message
    # Every reason is translated whole (fields and ids kept), not English after a translation.
    for language in ("zh", "es", "fr", "de", "ja", "pt"):
        translated = translate_detail(message, language)
        assert translated != message, (language, message)


@pytest.mark.parametrize(
    "missing", ["threadId", "runId", "state", "messages", "tools", "context", "forwardedProps"]
)
def test_every_standard_field_is_required(missing: str) -> None:
    value = body()
    del value[missing]
    assert missing in refused(value)


def test_secrets_are_never_echoed_in_errors() -> None:
    message = refused(body(forwardedProps=props(llmApiKey=["sk-very-secret"])))
    assert "sk-very-secret" not in message and "llmApiKey" in message


def test_text_and_image_parts_become_a2a_parts() -> None:
    content = [{"type": "text", "text": "What is in this diagram?"}, image(1000, "image/jpeg")]
    request = parse_run_input(body(messages=[{"id": "m", "role": "user", "content": content}]))
    text, raw = request.parts or ()
    assert text == {"text": "What is in this diagram?"}
    assert raw["mediaType"] == "image/jpeg"
    assert base64.b64decode(raw["raw"]) == b"\x89" * 1000


@pytest.mark.parametrize(
    ("part", "fragment"),
    [
        ({"type": "image", "source": {"type": "url", "value": "https://x/y.png"}}, "remote"),
        (
            {"type": "audio", "source": {"type": "data", "value": "AA==", "mimeType": "audio/wav"}},
            "only text and image",
        ),
        (
            {
                "type": "document",
                "source": {"type": "data", "value": "AA==", "mimeType": "application/pdf"},
            },
            "only text and image",
        ),
        ({"type": "binary", "mimeType": "image/png", "data": "AA=="}, "only text and image"),
        (image(10, "image/bmp"), "mimeType"),
        (
            {
                "type": "image",
                "source": {"type": "data", "value": "not base64!", "mimeType": "image/png"},
            },
            "base64",
        ),
        (image(MAX_IMAGE_BYTES + 1), "8 MiB"),
    ],
)
def test_unsupported_and_oversized_parts_are_refused(part: dict[str, Any], fragment: str) -> None:
    message = {"id": "m", "role": "user", "content": [{"type": "text", "text": "x"}, part]}
    assert fragment in refused(body(messages=[message]))


def test_all_images_together_are_capped() -> None:
    content = [image(4 * 1024 * 1024) for _ in range(3)]
    message = refused(body(messages=[{"id": "m", "role": "user", "content": content}]))
    assert "10 MiB" in message


def test_a_resume_needs_no_new_message() -> None:
    value = body(messages=[], resume=[{"interruptId": "i1", "status": "cancelled"}])
    request = parse_run_input(value)
    assert request.parts is None
    assert request.resume is not None and request.resume[0].interrupt_id == "i1"
    assert request.resume[0].has_payload is False


def test_the_request_is_not_changed() -> None:
    value = body()
    before = copy.deepcopy(value)
    parse_run_input(value)
    assert value == before
