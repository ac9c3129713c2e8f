"""ProtoJSON codec: names, presence, enums, bytes, lenient input and field-path errors.

Spec §5.5-5.7 (a2a.md §1-2); the shapes in a2a.md §2, §3, §5, §6 and §8 are the reference.
"""

from __future__ import annotations

import json
import re
import string
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iaccode.model import a2a as m
from iaccode.model import codec
from iaccode.model.errors import InvalidParamsError
from iaccode.wire import json as wire_json

ROLE_USER = m.Role.ROLE_USER
WORKING = m.TaskState.TASK_STATE_WORKING


def _text_message(text: str = "hi", **extra: Any) -> m.Message:
    return m.Message(message_id="m1", role=ROLE_USER, parts=[m.Part(text=text)], **extra)


def _artifact(artifact_id: str = "a1") -> m.Artifact:
    return m.Artifact(artifact_id=artifact_id, parts=[m.Part(text="42")])


# -- output --------------------------------------------------------------------------------------

UNSTRUCTURE_CASES: list[tuple[str, Any, Any]] = [
    (
        "message: camelCase, enum name, empty lists and None omitted",
        _text_message(),
        {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]},
    ),
    (
        "message: every field set; metadata keys are left alone",
        m.Message(
            message_id="m1",
            role=m.Role.ROLE_AGENT,
            parts=[m.Part(text="hi")],
            context_id="c1",
            task_id="t1",
            metadata={"snake_key": {"inner_key": 1}},
            extensions=["urn:x"],
            reference_task_ids=["t0"],
        ),
        {
            "messageId": "m1",
            "role": "ROLE_AGENT",
            "parts": [{"text": "hi"}],
            "contextId": "c1",
            "taskId": "t1",
            "metadata": {"snake_key": {"inner_key": 1}},
            "extensions": ["urn:x"],
            "referenceTaskIds": ["t0"],
        },
    ),
    (
        "raw bytes: standard alphabet (+ and /)",
        m.Part(raw=b"\xfb\xff\xbf", filename="a.bin", media_type="application/octet-stream"),
        {"raw": "+/+/", "filename": "a.bin", "mediaType": "application/octet-stream"},
    ),
    ("raw bytes: padded", m.Part(raw=b"\xfb\xff"), {"raw": "+/8="}),
    ("raw bytes: two pad characters", m.Part(raw=b"A"), {"raw": "QQ=="}),
    ("raw bytes: empty is still set", m.Part(raw=b""), {"raw": ""}),
    ("text: empty string is set", m.Part(text=""), {"text": ""}),
    ("url part", m.Part(url="https://x/y.pdf"), {"url": "https://x/y.pdf"}),
    (
        "data: keys of the value are left alone",
        m.Part(data={"a_b": [1, None]}),
        {"data": {"a_b": [1, None]}},
    ),
    ("data: false is a value, not a default", m.Part(data=False), {"data": False}),
    ("data: zero is a value, not a default", m.Part(data=0), {"data": 0}),
    ("data: empty object is a value", m.Part(data={}), {"data": {}}),
    (
        "status: REQUIRED state only",
        m.TaskStatus(state=m.TaskState.TASK_STATE_INPUT_REQUIRED),
        {"state": "TASK_STATE_INPUT_REQUIRED"},
    ),
    (
        "status: unspecified state is REQUIRED, so it is emitted",
        m.TaskStatus(state=m.TaskState.TASK_STATE_UNSPECIFIED),
        {"state": "TASK_STATE_UNSPECIFIED"},
    ),
    (
        "task: artifacts None omitted",
        m.Task(id="t1", context_id="c1", status=m.TaskStatus(state=WORKING)),
        {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING"}},
    ),
    (
        "task: artifacts [] set explicitly is emitted (includeArtifacts true)",
        m.Task(id="t1", context_id="c1", status=m.TaskStatus(state=WORKING), artifacts=[]),
        {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING"}, "artifacts": []},
    ),
    (
        "artifact update: append and lastChunk false are omitted",
        m.TaskArtifactUpdateEvent(task_id="t1", context_id="c1", artifact=_artifact()),
        {
            "taskId": "t1",
            "contextId": "c1",
            "artifact": {"artifactId": "a1", "parts": [{"text": "42"}]},
        },
    ),
    (
        "artifact update: append and lastChunk true are emitted",
        m.TaskArtifactUpdateEvent(
            task_id="t1", context_id="c1", artifact=_artifact(), append=True, last_chunk=True
        ),
        {
            "taskId": "t1",
            "contextId": "c1",
            "artifact": {"artifactId": "a1", "parts": [{"text": "42"}]},
            "append": True,
            "lastChunk": True,
        },
    ),
    (
        "ListTasksResponse: REQUIRED members present even when empty",
        m.ListTasksResponse(tasks=[], next_page_token="", page_size=50, total_size=0),
        {"tasks": [], "nextPageToken": "", "pageSize": 50, "totalSize": 0},
    ),
    (
        "ListTaskPushNotificationConfigsResponse: REQUIRED members present",
        m.ListTaskPushNotificationConfigsResponse(configs=[], next_page_token=""),
        {"configs": [], "nextPageToken": ""},
    ),
    (
        "StringList always emits its list",
        m.SecurityRequirement(schemes={"bearer": m.StringList()}),
        {"schemes": {"bearer": {"list": []}}},
    ),
    ("empty map omitted", m.SecurityRequirement(), {}),
    (
        "optional bool false is set, so emitted",
        m.AgentCapabilities(streaming=False),
        {"streaming": False},
    ),
    ("optional bools unset", m.AgentCapabilities(), {}),
    ("plain bool false omitted", m.AgentExtension(uri="u", required=False), {"uri": "u"}),
    ("plain bool true", m.AgentExtension(uri="u", required=True), {"uri": "u", "required": True}),
    (
        "optional int 0 is set, so emitted; returnImmediately false omitted",
        m.SendMessageConfiguration(history_length=0, return_immediately=False),
        {"historyLength": 0},
    ),
    (
        "optional string '' is set, so emitted",
        m.TaskPushNotificationConfig(url="https://cb", tenant=""),
        {"url": "https://cb", "tenant": ""},
    ),
    (
        "REQUIRED repeated field emitted when empty",
        m.AgentSkill(id="s", name="s", description="d", tags=[]),
        {"id": "s", "name": "s", "description": "d", "tags": []},
    ),
    ("no members", m.GetExtendedAgentCardRequest(), {}),
]


@pytest.mark.parametrize(
    ("value", "expected"),
    [(value, expected) for _, value, expected in UNSTRUCTURE_CASES],
    ids=[name for name, _, _ in UNSTRUCTURE_CASES],
)
def test_unstructure_emits_protojson(value: Any, expected: Any) -> None:
    assert codec.unstructure(value) == expected


def test_unstructured_json_is_serialisable_and_stable() -> None:
    task = m.Task(
        id="t1",
        context_id="c1",
        status=m.TaskStatus(state=m.TaskState.TASK_STATE_COMPLETED),
        history=[_text_message()],
        artifacts=[_artifact()],
    )
    text = wire_json.dumps(codec.unstructure(task))
    assert json.loads(text) == codec.unstructure(task)
    assert b"TASK_STATE_COMPLETED" in text
    assert b"ROLE_USER" in text
    assert b"_id" not in text  # no snake_case member names


# -- spec examples survive a round trip -----------------------------------------------------------

SPEC_SEND_RESULT = (
    '{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED",'
    '"timestamp":"2026-01-01T00:00:00.000Z"},"artifacts":[{"artifactId":"a1","parts":'
    '[{"text":"42"}]}],"history":[{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"q"}],'
    '"contextId":"c1","taskId":"t1"}]}}'
)
SPEC_MINIMAL_CARD = (
    '{"name":"x","description":"y","version":"1.0.0","supportedInterfaces":[{"url":'
    '"http://127.0.0.1:9000/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],'
    '"capabilities":{"streaming":true,"pushNotifications":true},"defaultInputModes":'
    '["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{"id":"s","name":"s",'
    '"description":"d","tags":["t"]}]}'
)
SPEC_SECURITY = (
    '{"securitySchemes":{"bearer":{"httpAuthSecurityScheme":{"scheme":"Bearer",'
    '"bearerFormat":"JWT"}}},"securityRequirements":[{"schemes":{"bearer":{"list":[]}}}]}'
)
SPEC_PUSH_CONFIG = (
    '{"id":"cfg-1","taskId":"t1","url":"https://client/webhook","token":"opaque",'
    '"authentication":{"scheme":"Bearer","credentials":"secret"},"tenant":""}'
)

SPEC_EXAMPLES: list[tuple[str, type[Any], Any]] = [
    ("§2 SendMessage result task", m.Task, json.loads(SPEC_SEND_RESULT)["task"]),
    ("§6 minimal agent card", m.AgentCard, json.loads(SPEC_MINIMAL_CARD)),
    (
        "§6 agent card with security",
        m.AgentCard,
        {**json.loads(SPEC_MINIMAL_CARD), **json.loads(SPEC_SECURITY)},
    ),
    ("§8 push config", m.TaskPushNotificationConfig, json.loads(SPEC_PUSH_CONFIG)),
    (
        "§5 status update",
        m.TaskStatusUpdateEvent,
        {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING"}},
    ),
    (
        "§5 artifact update",
        m.TaskArtifactUpdateEvent,
        {
            "taskId": "t1",
            "contextId": "c1",
            "artifact": {"artifactId": "a1", "parts": [{"text": "chunk-2"}]},
            "append": True,
            "lastChunk": True,
        },
    ),
    ("§2 text part", m.Part, {"text": "hi"}),
    ("§2 raw part", m.Part, {"raw": "dGNr", "filename": "a.txt", "mediaType": "text/plain"}),
    ("§2 url part", m.Part, {"url": "https://x/y.pdf", "mediaType": "application/pdf"}),
    ("§2 data part", m.Part, {"data": {"k": 1}, "mediaType": "application/json"}),
    (
        "§7 list tasks, last page",
        m.ListTasksResponse,
        {"tasks": [], "nextPageToken": "", "pageSize": 50, "totalSize": 0},
    ),
]


@pytest.mark.parametrize(
    ("cls", "document"),
    [(cls, document) for _, cls, document in SPEC_EXAMPLES],
    ids=[name for name, _, _ in SPEC_EXAMPLES],
)
def test_spec_examples_round_trip(cls: type[Any], document: Any) -> None:
    value = codec.structure(document, cls)
    assert isinstance(value, cls)
    assert codec.unstructure(value) == document


def test_spec_send_result_structures_into_the_expected_values() -> None:
    task = codec.structure(json.loads(SPEC_SEND_RESULT)["task"], m.Task)
    assert task.status.state is m.TaskState.TASK_STATE_COMPLETED
    assert task.status.timestamp == "2026-01-01T00:00:00.000Z"
    assert task.artifacts == [_artifact()]
    assert task.history == [
        m.Message(
            message_id="m1", role=ROLE_USER, parts=[m.Part(text="q")], context_id="c1", task_id="t1"
        )
    ]


def test_spec_card_with_security_structures_into_the_oneof_member() -> None:
    card = codec.structure(
        {**json.loads(SPEC_MINIMAL_CARD), **json.loads(SPEC_SECURITY)}, m.AgentCard
    )
    assert card.security_schemes == {
        "bearer": m.SecurityScheme(
            http_auth_security_scheme=m.HTTPAuthSecurityScheme(scheme="Bearer", bearer_format="JWT")
        )
    }
    assert card.security_requirements == [m.SecurityRequirement({"bearer": m.StringList([])})]
    assert card.capabilities == m.AgentCapabilities(streaming=True, push_notifications=True)


def test_spec_send_request_keeps_history_length_zero_and_drops_default_bool() -> None:
    params = {
        "message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]},
        "configuration": {"returnImmediately": False, "historyLength": 0},
    }
    request = codec.structure(params, m.SendMessageRequest)
    assert request.configuration == m.SendMessageConfiguration(history_length=0)
    assert codec.unstructure(request) == {
        "message": params["message"],
        "configuration": {"historyLength": 0},
    }


# -- lenient input -------------------------------------------------------------------------------

LENIENT_CASES: list[tuple[str, type[Any], Any, Any]] = [
    (
        "snake_case names",
        m.SendMessageRequest,
        {
            "message": {
                "message_id": "m1",
                "role": "ROLE_USER",
                "parts": [{"text": "a", "media_type": "text/plain"}],
                "context_id": "c1",
                "task_id": "t1",
                "reference_task_ids": ["t0"],
            },
            "configuration": {
                "accepted_output_modes": ["text/plain"],
                "history_length": 3,
                "return_immediately": True,
                "task_push_notification_config": {"url": "https://cb", "task_id": ""},
            },
        },
        m.SendMessageRequest(
            message=m.Message(
                message_id="m1",
                role=ROLE_USER,
                parts=[m.Part(text="a", media_type="text/plain")],
                context_id="c1",
                task_id="t1",
                reference_task_ids=["t0"],
            ),
            configuration=m.SendMessageConfiguration(
                accepted_output_modes=["text/plain"],
                history_length=3,
                return_immediately=True,
                task_push_notification_config=m.TaskPushNotificationConfig(
                    url="https://cb", task_id=""
                ),
            ),
        ),
    ),
    (
        "TCK snake_case ListTasks params",
        m.ListTasksRequest,
        {
            "context_id": "c1",
            "page_size": 10,
            "page_token": "p",
            "history_length": 2,
            "status_timestamp_after": "2026-01-01T00:00:00.000Z",
            "include_artifacts": True,
        },
        m.ListTasksRequest(
            context_id="c1",
            page_size=10,
            page_token="p",
            history_length=2,
            status_timestamp_after="2026-01-01T00:00:00.000Z",
            include_artifacts=True,
        ),
    ),
    (
        "enum by name",
        m.ListTasksRequest,
        {"status": "TASK_STATE_INPUT_REQUIRED"},
        m.ListTasksRequest(status=m.TaskState.TASK_STATE_INPUT_REQUIRED),
    ),
    (
        "enum by number",
        m.ListTasksRequest,
        {"status": 6},
        m.ListTasksRequest(status=m.TaskState.TASK_STATE_INPUT_REQUIRED),
    ),
    (
        "enum by numeric string",
        m.ListTasksRequest,
        {"status": "3"},
        m.ListTasksRequest(status=m.TaskState.TASK_STATE_COMPLETED),
    ),
    (
        "role by number (SDK accepts role 1)",
        m.Message,
        {"messageId": "m1", "role": 1, "parts": [{"text": "hi"}]},
        _text_message(),
    ),
    (
        "role by numeric string",
        m.Message,
        {"messageId": "m1", "role": "2", "parts": [{"text": "hi"}]},
        m.Message(message_id="m1", role=m.Role.ROLE_AGENT, parts=[m.Part(text="hi")]),
    ),
    (
        "int from numeric string",
        m.GetTaskRequest,
        {"id": "t", "historyLength": "3"},
        m.GetTaskRequest(id="t", history_length=3),
    ),
    (
        "int from integral float",
        m.GetTaskRequest,
        {"id": "t", "historyLength": 3.0},
        m.GetTaskRequest(id="t", history_length=3),
    ),
    (
        "int from padded string",
        m.GetTaskRequest,
        {"id": "t", "historyLength": " 3 "},
        m.GetTaskRequest(id="t", history_length=3),
    ),
    (
        "negative int from string (range is checked later by the service)",
        m.GetTaskRequest,
        {"id": "t", "historyLength": "-1"},
        m.GetTaskRequest(id="t", history_length=-1),
    ),
    (
        "int32 bounds are accepted",
        m.ListTasksRequest,
        {"pageSize": 2**31 - 1, "historyLength": -(2**31)},
        m.ListTasksRequest(page_size=2**31 - 1, history_length=-(2**31)),
    ),
    (
        "null members are absent",
        m.GetTaskRequest,
        {"id": "t", "historyLength": None, "tenant": None},
        m.GetTaskRequest(id="t"),
    ),
    (
        "null optional message is absent",
        m.SendMessageRequest,
        {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}}
        | {"configuration": None, "metadata": None},
        m.SendMessageRequest(message=_text_message()),
    ),
    (
        "unknown members are ignored (TCK DM-SERIAL-005)",
        m.GetTaskRequest,
        {"id": "t", "tckUnknownField": {"x": 1}, "tckExtraParam": [1]},
        m.GetTaskRequest(id="t"),
    ),
    (
        "0.3 members are unknown, hence ignored",
        m.Message,
        {"kind": "message", "messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]},
        _text_message(),
    ),
    ("raw: standard base64", m.Part, {"raw": "+/8="}, m.Part(raw=b"\xfb\xff")),
    ("raw: URL-safe base64", m.Part, {"raw": "-_8="}, m.Part(raw=b"\xfb\xff")),
    ("raw: URL-safe without padding", m.Part, {"raw": "-_8"}, m.Part(raw=b"\xfb\xff")),
    ("raw: standard without padding", m.Part, {"raw": "QQ"}, m.Part(raw=b"A")),
    ("data: any JSON value", m.Part, {"data": [1, "x", None]}, m.Part(data=[1, "x", None])),
    (
        "metadata keeps arbitrary JSON",
        m.Part,
        {"text": "a", "metadata": {"snake_case": None, "n": [1.5]}},
        m.Part(text="a", metadata={"snake_case": None, "n": [1.5]}),
    ),
    (
        "StringList by its JSON name and by the attribute name",
        m.SecurityRequirement,
        {"schemes": {"a": {"list": ["x"]}, "b": {"list_": ["y"]}}},
        m.SecurityRequirement({"a": m.StringList(["x"]), "b": m.StringList(["y"])}),
    ),
]


@pytest.mark.parametrize(
    ("cls", "document", "expected"),
    [(cls, document, expected) for _, cls, document, expected in LENIENT_CASES],
    ids=[name for name, _, _, _ in LENIENT_CASES],
)
def test_structure_is_lenient(cls: type[Any], document: Any, expected: Any) -> None:
    assert codec.structure(document, cls) == expected


def test_enum_values_are_enum_members_not_plain_ints() -> None:
    request = codec.structure({"status": 2}, m.ListTasksRequest)
    assert request.status is WORKING
    assert codec.unstructure(request) == {"status": "TASK_STATE_WORKING"}


# -- errors --------------------------------------------------------------------------------------


def _send(message: Any = None, **params: Any) -> dict[str, Any]:
    """SendMessage params with a valid message, `message` fields replaced as given."""
    base: dict[str, Any] = {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}
    if isinstance(message, dict):
        base = {key: value for key, value in {**base, **message}.items() if value is not _DROP}
    elif message is not None:
        base = message
    return {"message": base, **params}


_DROP = object()

ERROR_CASES: list[tuple[str, type[Any], Any, str, str]] = [
    (
        "part text not a string",
        m.SendMessageRequest,
        _send({"parts": [{"text": 5}]}),
        "message.parts[0].text",
        "must be a string",
    ),
    (
        "second part wrong",
        m.SendMessageRequest,
        _send({"parts": [{"text": "a"}, {"url": ["x"]}]}),
        "message.parts[1].url",
        "must be a string",
    ),
    (
        "unknown role name",
        m.SendMessageRequest,
        _send({"role": "ROLE_BOSS"}),
        "message.role",
        "has an unknown value 'ROLE_BOSS'",
    ),
    (
        "unknown role number",
        m.SendMessageRequest,
        _send({"role": 7}),
        "message.role",
        "has an unknown value '7'",
    ),
    (
        "0.3 role name is not a 1.0 enum value",
        m.SendMessageRequest,
        _send({"role": "user"}),
        "message.role",
        "has an unknown value 'user'",
    ),
    (
        "bool for an enum",
        m.SendMessageRequest,
        _send({"role": True}),
        "message.role",
        "has an unknown value",
    ),
    (
        "unknown task state",
        m.ListTasksRequest,
        {"status": "TASK_STATE_BOGUS"},
        "status",
        "has an unknown value 'TASK_STATE_BOGUS'",
    ),
    (
        "bool for int",
        m.SendMessageRequest,
        _send(configuration={"historyLength": True}),
        "configuration.historyLength",
        "must be an integer",
    ),
    (
        "float 1.5 for int",
        m.SendMessageRequest,
        _send(configuration={"historyLength": 1.5}),
        "configuration.historyLength",
        "must be an integer",
    ),
    (
        "non-numeric string for int",
        m.GetTaskRequest,
        {"id": "t", "historyLength": "three"},
        "historyLength",
        "must be an integer",
    ),
    (
        "decimal string for int",
        m.GetTaskRequest,
        {"id": "t", "historyLength": "3.5"},
        "historyLength",
        "must be an integer",
    ),
    ("list for int", m.ListTasksRequest, {"pageSize": [1]}, "pageSize", "must be an integer"),
    (
        "int32 overflow",
        m.SendMessageRequest,
        _send(configuration={"historyLength": 2**31}),
        "configuration.historyLength",
        "is out of range",
    ),
    (
        "int32 underflow",
        m.ListTasksRequest,
        {"pageSize": -(2**31) - 1},
        "pageSize",
        "is out of range",
    ),
    (
        "int32 overflow as string",
        m.ListTasksRequest,
        {"pageSize": "2147483648"},
        "pageSize",
        "is out of range",
    ),
    (
        "int32 overflow as float",
        m.ListTasksRequest,
        {"pageSize": 1e20},
        "pageSize",
        "is out of range",
    ),
    (
        "string for bool",
        m.SendMessageRequest,
        _send(configuration={"returnImmediately": "true"}),
        "configuration.returnImmediately",
        "must be a boolean",
    ),
    (
        "int for bool",
        m.ListTasksRequest,
        {"includeArtifacts": 1},
        "includeArtifacts",
        "must be a boolean",
    ),
    ("missing message", m.SendMessageRequest, {}, "message", "is required"),
    (
        "message null is missing",
        m.SendMessageRequest,
        {"message": None},
        "message",
        "is required",
    ),
    (
        "missing messageId",
        m.SendMessageRequest,
        _send({"messageId": _DROP}),
        "message.messageId",
        "is required",
    ),
    (
        "missing role",
        m.SendMessageRequest,
        _send({"role": _DROP}),
        "message.role",
        "is required",
    ),
    (
        "missing parts",
        m.SendMessageRequest,
        _send({"parts": _DROP}),
        "message.parts",
        "is required",
    ),
    (
        "missing REQUIRED member of a nested message",
        m.SendMessageRequest,
        _send(configuration={"taskPushNotificationConfig": {"token": "x"}}),
        "configuration.taskPushNotificationConfig.url",
        "is required",
    ),
    (
        "missing authentication scheme",
        m.TaskPushNotificationConfig,
        {"url": "https://cb", "authentication": {"credentials": "x"}},
        "authentication.scheme",
        "is required",
    ),
    (
        "string where the message object belongs",
        m.SendMessageRequest,
        _send("hi"),
        "message",
        "must be an object",
    ),
    (
        "list where the configuration object belongs",
        m.SendMessageRequest,
        _send(configuration=[]),
        "configuration",
        "must be an object",
    ),
    (
        "part not an object",
        m.SendMessageRequest,
        _send({"parts": ["hi"]}),
        "message.parts[0]",
        "must be an object",
    ),
    (
        "parts not an array",
        m.SendMessageRequest,
        _send({"parts": {"text": "hi"}}),
        "message.parts",
        "must be an array",
    ),
    (
        "metadata not an object",
        m.SendMessageRequest,
        _send({"metadata": ["x"]}),
        "message.metadata",
        "must be an object",
    ),
    (
        "request metadata not an object",
        m.SendMessageRequest,
        _send(metadata="x"),
        "metadata",
        "must be an object",
    ),
    (
        "invalid base64",
        m.SendMessageRequest,
        _send({"parts": [{"raw": "not base64!"}]}),
        "message.parts[0].raw",
        "is not valid base64",
    ),
    (
        "base64 with an impossible length",
        m.Part,
        {"raw": "QUJDR"},
        "raw",
        "is not valid base64",
    ),
    ("bytes not a string", m.Part, {"raw": 12}, "raw", "must be a base64 string"),
    (
        "string list item wrong",
        m.SendMessageRequest,
        _send({"referenceTaskIds": ["t0", 1]}),
        "message.referenceTaskIds[1]",
        "must be a string",
    ),
    (
        "map value path names the key",
        m.SecurityRequirement,
        {"schemes": {"bearer": {"list": [1]}}},
        "schemes.bearer.list[0]",
        "must be a string",
    ),
    (
        "deep path through a task",
        m.Task,
        {
            "id": "t",
            "contextId": "c",
            "status": {"state": "TASK_STATE_WORKING", "message": _send()["message"]},
            "history": [_send()["message"], _send({"role": "nope"})["message"]],
        },
        "history[1].role",
        "has an unknown value 'nope'",
    ),
    (
        "card missing name",
        m.AgentCard,
        {k: v for k, v in json.loads(SPEC_MINIMAL_CARD).items() if k != "name"},
        "name",
        "is required",
    ),
]


@pytest.mark.parametrize(
    ("cls", "document", "field", "problem"),
    [(cls, document, field, problem) for _, cls, document, field, problem in ERROR_CASES],
    ids=[name for name, *_ in ERROR_CASES],
)
def test_structure_errors_name_the_field(
    cls: type[Any], document: Any, field: str, problem: str
) -> None:
    with pytest.raises(InvalidParamsError) as info:
        codec.structure(document, cls)
    error = info.value
    assert error.field == field
    assert error.message.startswith(f"'{field}' {problem}")
    assert error.code == -32602
    assert error.v1_data() == [
        {
            "@type": "type.googleapis.com/google.rpc.BadRequest",
            "fieldViolations": [{"field": field, "description": error.message}],
        }
    ]


def test_non_object_params_are_rejected() -> None:
    with pytest.raises(InvalidParamsError, match="must be an object"):
        codec.structure(["not", "an", "object"], m.SendMessageRequest)


def test_error_value_in_message_is_truncated() -> None:
    with pytest.raises(InvalidParamsError) as info:
        codec.structure(_send({"role": "R" * 500}), m.SendMessageRequest)
    assert len(info.value.message) < 100


@pytest.mark.parametrize("value", ["--3", "+-3", "²", "3²"])
def test_malformed_numeric_string_for_int_is_invalid_params(value: str) -> None:
    with pytest.raises(InvalidParamsError) as info:
        codec.structure({"id": "t", "historyLength": value}, m.GetTaskRequest)
    assert info.value.field == "historyLength"


@pytest.mark.parametrize("value", ["--1", "²"])
def test_malformed_numeric_string_for_enum_is_invalid_params(value: str) -> None:
    with pytest.raises(InvalidParamsError) as info:
        codec.structure({"status": value}, m.ListTasksRequest)
    assert info.value.field == "status"


def test_url_safe_base64_with_foreign_characters_is_rejected() -> None:
    with pytest.raises(InvalidParamsError) as info:
        codec.structure({"raw": "ab!!-_=="}, m.Part)
    assert info.value.field == "raw"


# -- properties ----------------------------------------------------------------------------------

_IDS = st.text(alphabet=string.ascii_letters + string.digits + "-_.:", min_size=1, max_size=12)
_JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**53), max_value=2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10)
)
_JSON_VALUES = st.recursive(
    _JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
_METADATA = st.none() | st.dictionaries(st.text(max_size=8), _JSON_VALUES, max_size=3)
_OPT_TEXT = st.none() | st.text(max_size=10)


_CONTENT: st.SearchStrategy[dict[str, Any]] = (
    st.builds(lambda v: {"text": v}, st.text(max_size=20))
    | st.builds(lambda v: {"raw": v}, st.binary(max_size=32))
    | st.builds(lambda v: {"url": v}, st.text(min_size=1, max_size=20))
    | st.builds(lambda v: {"data": v}, _JSON_VALUES.filter(lambda v: v is not None))
)


@st.composite
def _parts(draw: st.DrawFn) -> m.Part:
    """A part with exactly one content member, as the proto oneof requires."""
    return m.Part(
        **draw(_CONTENT),
        metadata=draw(_METADATA),
        filename=draw(_OPT_TEXT),
        media_type=draw(_OPT_TEXT),
    )


_MESSAGES = st.builds(
    m.Message,
    message_id=_IDS,
    role=st.sampled_from(m.Role),
    parts=st.lists(_parts(), min_size=1, max_size=3),
    context_id=st.none() | _IDS,
    task_id=st.none() | _IDS,
    metadata=_METADATA,
    extensions=st.lists(st.text(max_size=10), max_size=2),
    reference_task_ids=st.lists(_IDS, max_size=2),
)
_ARTIFACTS = st.builds(
    m.Artifact,
    artifact_id=_IDS,
    parts=st.lists(_parts(), min_size=1, max_size=3),
    name=_OPT_TEXT,
    description=_OPT_TEXT,
    metadata=_METADATA,
    extensions=st.lists(st.text(max_size=10), max_size=2),
)
_TASKS = st.builds(
    m.Task,
    id=_IDS,
    context_id=_IDS,
    status=st.builds(
        m.TaskStatus,
        state=st.sampled_from(m.TaskState),
        message=st.none() | _MESSAGES,
        timestamp=st.none() | st.just("2026-01-01T00:00:00.000Z"),
    ),
    artifacts=st.none() | st.lists(_ARTIFACTS, max_size=2),
    history=st.none() | st.lists(_MESSAGES, max_size=2),
    metadata=_METADATA,
)

_CAMEL = re.compile(r"[a-z][A-Za-z]*")


def _member_names(value: Any) -> list[str]:
    """Every member name of the encoded value, skipping the free-form `metadata`/`data` values."""
    names: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            names.append(key)
            if key not in ("metadata", "data"):
                names.extend(_member_names(item))
    elif isinstance(value, list):
        for item in value:
            names.extend(_member_names(item))
    return names


@given(_MESSAGES)
def test_message_round_trips_through_json(message: m.Message) -> None:
    encoded = codec.unstructure(message)
    assert codec.structure(wire_json.loads(wire_json.dumps(encoded)), m.Message) == message
    assert {"messageId", "role", "parts"} <= encoded.keys()
    assert all(_CAMEL.fullmatch(name) for name in _member_names(encoded)), encoded


@given(_TASKS)
def test_task_round_trips_through_json(task: m.Task) -> None:
    encoded = codec.unstructure(task)
    assert codec.structure(wire_json.loads(wire_json.dumps(encoded)), m.Task) == task
    assert all(_CAMEL.fullmatch(name) for name in _member_names(encoded)), encoded
    assert isinstance(encoded["status"]["state"], str)
    assert encoded["status"]["state"].startswith("TASK_STATE_")


@given(st.binary(max_size=64))
def test_raw_is_standard_padded_base64_and_url_safe_is_accepted(raw: bytes) -> None:
    encoded = codec.unstructure(m.Part(raw=raw))["raw"]
    assert re.fullmatch(r"[A-Za-z0-9+/]*={0,2}", encoded)
    assert len(encoded) % 4 == 0
    url_safe = encoded.replace("+", "-").replace("/", "_").rstrip("=")
    assert codec.structure({"raw": url_safe}, m.Part) == m.Part(raw=raw)
