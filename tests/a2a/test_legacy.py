"""The 0.3 dialect at the edge: 0.3 params -> 1.0 params, 1.0 results -> 0.3 results.

Shapes from a2a.md §9 (v0.3.0 spec §6-7, a2a-sdk compat `conversions.py`).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iaccode.a2a import legacy
from iaccode.model import a2a as m
from iaccode.model import codec
from iaccode.model.errors import InvalidParamsError

WRAPPED = "iaccode_wrapped_value"

# AgentCore's documented request (a2a.md §9): 0.3 `message/send`, `kind` parts, role `user`.
AGENTCORE_PARAMS: dict[str, Any] = {
    "message": {
        "kind": "message",
        "messageId": "m1",
        "role": "user",
        "parts": [{"kind": "text", "text": "hello"}],
    }
}


def test_method_map_covers_every_0_3_method_with_its_1_0_name() -> None:
    assert legacy.METHODS == {
        "message/send": "SendMessage",
        "message/stream": "SendStreamingMessage",
        "tasks/get": "GetTask",
        "tasks/cancel": "CancelTask",
        "tasks/resubscribe": "SubscribeToTask",
        "tasks/pushNotificationConfig/set": "CreateTaskPushNotificationConfig",
        "tasks/pushNotificationConfig/get": "GetTaskPushNotificationConfig",
        "tasks/pushNotificationConfig/list": "ListTaskPushNotificationConfigs",
        "tasks/pushNotificationConfig/delete": "DeleteTaskPushNotificationConfig",
        "agent/getAuthenticatedExtendedCard": "GetExtendedAgentCard",
    }
    assert not set(legacy.METHODS) & set(legacy.METHODS.values())  # dialects are disjoint


# -- 0.3 params -> 1.0 params --------------------------------------------------------------------


@pytest.mark.parametrize("method", ["message/send", "message/stream"])
def test_agentcore_message_send_becomes_a_1_0_send_request(method: str) -> None:
    params = legacy.params_to_v1(method, AGENTCORE_PARAMS)
    assert params == {
        "message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hello"}]}
    }
    request = codec.structure(params, m.SendMessageRequest)
    assert request == m.SendMessageRequest(
        message=m.Message(message_id="m1", role=m.Role.ROLE_USER, parts=[m.Part(text="hello")])
    )


def test_params_are_not_modified_in_place() -> None:
    before = json.dumps(AGENTCORE_PARAMS, sort_keys=True)
    legacy.params_to_v1("message/send", AGENTCORE_PARAMS)
    assert json.dumps(AGENTCORE_PARAMS, sort_keys=True) == before


PART_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("text", {"kind": "text", "text": "hi"}, {"text": "hi"}),
    (
        "text with metadata",
        {"kind": "text", "text": "hi", "metadata": {"a": 1}},
        {"text": "hi", "metadata": {"a": 1}},
    ),
    (
        "file bytes with mimeType and name",
        {"kind": "file", "file": {"bytes": "aGk=", "mimeType": "text/plain", "name": "a.txt"}},
        {"raw": "aGk=", "mediaType": "text/plain", "filename": "a.txt"},
    ),
    (
        "file uri with mimeType",
        {"kind": "file", "file": {"uri": "https://x/y.pdf", "mimeType": "application/pdf"}},
        {"url": "https://x/y.pdf", "mediaType": "application/pdf"},
    ),
    (
        "file uri with name and metadata",
        {"kind": "file", "file": {"uri": "s3://b/k", "name": "k"}, "metadata": {"m": True}},
        {"url": "s3://b/k", "filename": "k", "metadata": {"m": True}},
    ),
    (
        "data object",
        {"kind": "data", "data": {"k": 1, "snake_key": [1]}},
        {"data": {"k": 1, "snake_key": [1]}},
    ),
]


@pytest.mark.parametrize(
    "part",
    [{"file": {"bytes": "QQ=="}}, {"data": {"k": 1}}, {"text": "hi"}, {"kind": "image", "x": 1}],
)
def test_a_0_3_part_needs_its_kind(part: dict[str, Any]) -> None:
    with pytest.raises(InvalidParamsError, match="kind"):  # the 0.3 schema requires it: -32602
        legacy.part_to_v1(part)


@pytest.mark.parametrize(
    ("part", "expected"),
    [(part, expected) for _, part, expected in PART_CASES],
    ids=[name for name, _, _ in PART_CASES],
)
def test_part_to_v1(part: dict[str, Any], expected: dict[str, Any]) -> None:
    assert legacy.part_to_v1(part) == expected


def test_converted_parts_decode_into_1_0_parts() -> None:
    params = legacy.params_to_v1(
        "message/send",
        {
            "message": {
                "kind": "message",
                "messageId": "m1",
                "role": "agent",
                "contextId": "c1",
                "taskId": "t1",
                "parts": [part for _, part, _ in PART_CASES],
            },
            "metadata": {"trace": "x"},
        },
    )
    request = codec.structure(params, m.SendMessageRequest)
    assert request.metadata == {"trace": "x"}
    assert request.message.role is m.Role.ROLE_AGENT
    assert (request.message.context_id, request.message.task_id) == ("c1", "t1")
    assert [p.content_kind for p in request.message.parts] == [
        "text",
        "text",
        "raw",
        "url",
        "url",
        "data",
    ]
    assert request.message.parts[2] == m.Part(raw=b"hi", media_type="text/plain", filename="a.txt")


def test_unknown_0_3_role_is_an_invalid_role_after_conversion() -> None:
    params = legacy.params_to_v1(
        "message/send",
        {"message": {"messageId": "m1", "role": "boss", "parts": [{"kind": "text", "text": "x"}]}},
    )
    with pytest.raises(InvalidParamsError) as info:
        codec.structure(params, m.SendMessageRequest)
    assert info.value.field == "message.role"


PUSH_0_3 = {
    "id": "p1",
    "url": "https://client/hook",
    "token": "tok",
    "authentication": {"schemes": ["Bearer", "Basic"], "credentials": "secret"},
}
PUSH_1_0 = {
    "id": "p1",
    "url": "https://client/hook",
    "token": "tok",
    "authentication": {"scheme": "Bearer", "credentials": "secret"},
}

CONFIG_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("empty", {}, {}),
    ("blocking true is the 1.0 default", {"blocking": True}, {}),
    ("blocking false returns immediately", {"blocking": False}, {"returnImmediately": True}),
    (
        "blocking absent is blocking",
        {"acceptedOutputModes": ["text/plain"]},
        {"acceptedOutputModes": ["text/plain"]},
    ),
    ("historyLength 0 means no limit", {"historyLength": 0}, {}),
    ("historyLength kept", {"historyLength": 5}, {"historyLength": 5}),
    ("historyLength null dropped", {"historyLength": None}, {}),
    (
        "pushNotificationConfig flattened, first scheme",
        {"pushNotificationConfig": PUSH_0_3},
        {"taskPushNotificationConfig": PUSH_1_0},
    ),
]


@pytest.mark.parametrize(
    ("configuration", "expected"),
    [(config, expected) for _, config, expected in CONFIG_CASES],
    ids=[name for name, _, _ in CONFIG_CASES],
)
def test_send_configuration_to_v1(configuration: dict[str, Any], expected: dict[str, Any]) -> None:
    params = legacy.params_to_v1(
        "message/send", {**AGENTCORE_PARAMS, "configuration": configuration}
    )
    assert params["configuration"] == expected
    assert "blocking" not in json.dumps(params)
    codec.structure(params, m.SendMessageRequest)  # and it decodes


@pytest.mark.parametrize(
    ("configuration", "return_immediately", "history_length"),
    [
        (None, False, None),
        ({"blocking": True, "historyLength": 3}, False, 3),
        ({"blocking": False, "historyLength": 0}, True, None),
        ({}, False, None),
    ],
)
def test_send_configuration_decodes_with_the_1_0_meaning(
    configuration: dict[str, Any] | None, return_immediately: bool, history_length: int | None
) -> None:
    params = dict(AGENTCORE_PARAMS)
    if configuration is not None:
        params["configuration"] = configuration
    request = codec.structure(legacy.params_to_v1("message/send", params), m.SendMessageRequest)
    config = request.configuration or m.SendMessageConfiguration()
    assert config.return_immediately is return_immediately
    assert config.history_length == history_length


def test_inline_push_config_decodes_with_its_scheme() -> None:
    params = legacy.params_to_v1(
        "message/send",
        {**AGENTCORE_PARAMS, "configuration": {"pushNotificationConfig": PUSH_0_3}},
    )
    request = codec.structure(params, m.SendMessageRequest)
    assert request.configuration is not None
    assert request.configuration.task_push_notification_config == m.TaskPushNotificationConfig(
        id="p1",
        url="https://client/hook",
        token="tok",
        authentication=m.AuthenticationInfo(scheme="Bearer", credentials="secret"),
    )


PUSH_PARAM_CASES: list[tuple[str, str, dict[str, Any], type[Any], Any]] = [
    (
        "set",
        "tasks/pushNotificationConfig/set",
        {"taskId": "t1", "pushNotificationConfig": PUSH_0_3},
        m.TaskPushNotificationConfig,
        m.TaskPushNotificationConfig(
            task_id="t1",
            id="p1",
            url="https://client/hook",
            token="tok",
            authentication=m.AuthenticationInfo(scheme="Bearer", credentials="secret"),
        ),
    ),
    (
        "set without id (named after the task), token or credentials",
        "tasks/pushNotificationConfig/set",
        {
            "taskId": "t1",
            "pushNotificationConfig": {
                "url": "https://client/hook",
                "authentication": {"schemes": ["Bearer"]},
            },
        },
        m.TaskPushNotificationConfig,
        m.TaskPushNotificationConfig(
            id="t1",
            task_id="t1",
            url="https://client/hook",
            authentication=m.AuthenticationInfo(scheme="Bearer"),
        ),
    ),
    (
        "get",
        "tasks/pushNotificationConfig/get",
        {"id": "t1", "pushNotificationConfigId": "p1"},
        m.TaskPushNotificationConfigRequest,
        m.TaskPushNotificationConfigRequest(task_id="t1", id="p1"),
    ),
    (
        "delete",
        "tasks/pushNotificationConfig/delete",
        {"id": "t1", "pushNotificationConfigId": "p1"},
        m.TaskPushNotificationConfigRequest,
        m.TaskPushNotificationConfigRequest(task_id="t1", id="p1"),
    ),
    (
        "list",
        "tasks/pushNotificationConfig/list",
        {"id": "t1"},
        m.ListTaskPushNotificationConfigsRequest,
        m.ListTaskPushNotificationConfigsRequest(task_id="t1"),
    ),
    (
        "tasks/get passes through",
        "tasks/get",
        {"id": "t1", "historyLength": 2},
        m.GetTaskRequest,
        m.GetTaskRequest(id="t1", history_length=2),
    ),
    (
        "tasks/cancel passes through",
        "tasks/cancel",
        {"id": "t1", "metadata": {"why": "x"}},
        m.CancelTaskRequest,
        m.CancelTaskRequest(id="t1", metadata={"why": "x"}),
    ),
]


@pytest.mark.parametrize(
    ("method", "params", "cls", "expected"),
    [(method, params, cls, expected) for _, method, params, cls, expected in PUSH_PARAM_CASES],
    ids=[name for name, *_ in PUSH_PARAM_CASES],
)
def test_other_params_to_v1(
    method: str, params: dict[str, Any], cls: type[Any], expected: Any
) -> None:
    assert codec.structure(legacy.params_to_v1(method, params), cls) == expected


def test_push_set_is_flat_in_1_0() -> None:
    params = legacy.params_to_v1(
        "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": PUSH_0_3}
    )
    assert params == {**PUSH_1_0, "taskId": "t1"}


def test_push_set_without_config_is_missing_url() -> None:
    params = legacy.params_to_v1("tasks/pushNotificationConfig/set", {"taskId": "t1"})
    with pytest.raises(InvalidParamsError) as info:
        codec.structure(params, m.TaskPushNotificationConfig)
    assert info.value.field == "url"


def test_push_get_without_config_id_is_accepted() -> None:
    params = legacy.params_to_v1("tasks/pushNotificationConfig/get", {"id": "t1"})
    request = codec.structure(params, m.TaskPushNotificationConfigRequest)
    assert request.task_id == "t1"


def test_tasks_get_history_length_zero_means_no_limit_as_for_message_send() -> None:
    params = legacy.params_to_v1("tasks/get", {"id": "t1", "historyLength": 0})
    assert codec.structure(params, m.GetTaskRequest) == m.GetTaskRequest(id="t1")


# -- 1.0 results -> 0.3 results ------------------------------------------------------------------

STATE_CASES = [
    ("TASK_STATE_UNSPECIFIED", "unknown"),
    ("TASK_STATE_SUBMITTED", "submitted"),
    ("TASK_STATE_WORKING", "working"),
    ("TASK_STATE_COMPLETED", "completed"),
    ("TASK_STATE_FAILED", "failed"),
    ("TASK_STATE_CANCELED", "canceled"),
    ("TASK_STATE_INPUT_REQUIRED", "input-required"),
    ("TASK_STATE_REJECTED", "rejected"),
    ("TASK_STATE_AUTH_REQUIRED", "auth-required"),
    ("SOMETHING_NEW", "unknown"),
]


@pytest.mark.parametrize(("state", "expected"), STATE_CASES)
def test_state_names(state: str, expected: str) -> None:
    status = legacy.status_to_v03({"state": state, "timestamp": "2026-01-01T00:00:00.000Z"})
    assert status == {"state": expected, "timestamp": "2026-01-01T00:00:00.000Z"}


def test_every_specified_1_0_state_has_its_own_0_3_name() -> None:
    names = {
        legacy.status_to_v03({"state": state.name})["state"]
        for state in m.TaskState
        if state is not m.TaskState.TASK_STATE_UNSPECIFIED
    }
    assert len(names) == len(m.TaskState) - 1
    assert "unknown" not in names


PART_OUT_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("text", {"text": "hi"}, {"kind": "text", "text": "hi"}),
    (
        "text with metadata",
        {"text": "hi", "metadata": {"a": 1}},
        {"kind": "text", "text": "hi", "metadata": {"a": 1}},
    ),
    (
        "raw with mediaType and filename",
        {"raw": "aGk=", "mediaType": "text/plain", "filename": "a.txt"},
        {"kind": "file", "file": {"bytes": "aGk=", "mimeType": "text/plain", "name": "a.txt"}},
    ),
    (
        "url with mediaType",
        {"url": "https://x/y.pdf", "mediaType": "application/pdf"},
        {"kind": "file", "file": {"uri": "https://x/y.pdf", "mimeType": "application/pdf"}},
    ),
    (
        "url with metadata",
        {"url": "https://x", "metadata": {"k": "v"}},
        {"kind": "file", "file": {"uri": "https://x"}, "metadata": {"k": "v"}},
    ),
    ("data object", {"data": {"k": 1}}, {"kind": "data", "data": {"k": 1}}),
    (
        "data list is wrapped and flagged",
        {"data": [1, 2]},
        {"kind": "data", "data": {"value": [1, 2]}, "metadata": {WRAPPED: True}},
    ),
    (
        "data string is wrapped",
        {"data": "x"},
        {"kind": "data", "data": {"value": "x"}, "metadata": {WRAPPED: True}},
    ),
    (
        "data number is wrapped",
        {"data": 0},
        {"kind": "data", "data": {"value": 0}, "metadata": {WRAPPED: True}},
    ),
    (
        "data false is wrapped",
        {"data": False},
        {"kind": "data", "data": {"value": False}, "metadata": {WRAPPED: True}},
    ),
    (
        "wrapped data keeps the part's metadata",
        {"data": 3, "metadata": {"a": 1}},
        {"kind": "data", "data": {"value": 3}, "metadata": {"a": 1, WRAPPED: True}},
    ),
]


@pytest.mark.parametrize(
    ("part", "expected"),
    [(part, expected) for _, part, expected in PART_OUT_CASES],
    ids=[name for name, _, _ in PART_OUT_CASES],
)
def test_part_to_v03(part: dict[str, Any], expected: dict[str, Any]) -> None:
    assert legacy.part_to_v03(part) == expected


def test_wrapping_does_not_modify_the_1_0_part() -> None:
    part = {"data": 3, "metadata": {"a": 1}}
    legacy.part_to_v03(part)
    assert part == {"data": 3, "metadata": {"a": 1}}


def _task_json(state: m.TaskState = m.TaskState.TASK_STATE_INPUT_REQUIRED) -> dict[str, Any]:
    task = m.Task(
        id="t1",
        context_id="c1",
        status=m.TaskStatus(
            state=state,
            message=m.Message(
                message_id="m2",
                role=m.Role.ROLE_AGENT,
                parts=[m.Part(text="which region?")],
                context_id="c1",
                task_id="t1",
            ),
            timestamp="2026-01-01T00:00:00.000Z",
        ),
        artifacts=[
            m.Artifact(
                artifact_id="a1",
                name="template",
                parts=[m.Part(raw=b"hi", media_type="text/yaml", filename="t.yml")],
            )
        ],
        history=[
            m.Message(
                message_id="m1",
                role=m.Role.ROLE_USER,
                parts=[m.Part(text="q"), m.Part(data={"k": 1})],
                context_id="c1",
                task_id="t1",
            )
        ],
        metadata={"iac_code": {"x": 1}},
    )
    encoded: dict[str, Any] = codec.unstructure(task)
    return encoded


TASK_V03 = {
    "kind": "task",
    "id": "t1",
    "contextId": "c1",
    "status": {
        "state": "input-required",
        "message": {
            "kind": "message",
            "messageId": "m2",
            "role": "agent",
            "parts": [{"kind": "text", "text": "which region?"}],
            "contextId": "c1",
            "taskId": "t1",
        },
        "timestamp": "2026-01-01T00:00:00.000Z",
    },
    "artifacts": [
        {
            "artifactId": "a1",
            "name": "template",
            "parts": [
                {
                    "kind": "file",
                    "file": {"bytes": "aGk=", "mimeType": "text/yaml", "name": "t.yml"},
                }
            ],
        }
    ],
    "history": [
        {
            "kind": "message",
            "messageId": "m1",
            "role": "user",
            "parts": [{"kind": "text", "text": "q"}, {"kind": "data", "data": {"k": 1}}],
            "contextId": "c1",
            "taskId": "t1",
        }
    ],
    "metadata": {"iac_code": {"x": 1}},
}


def test_task_to_v03() -> None:
    assert legacy.task_to_v03(_task_json()) == TASK_V03


def test_task_to_v03_leaves_no_1_0_enum_names() -> None:
    text = json.dumps(legacy.task_to_v03(_task_json()))
    assert "TASK_STATE_" not in text
    assert "ROLE_" not in text


def test_minimal_task_to_v03() -> None:
    task = {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING"}}
    assert legacy.task_to_v03(task) == {
        "kind": "task",
        "id": "t1",
        "contextId": "c1",
        "status": {"state": "working"},
    }


def test_empty_artifacts_and_history_stay_present() -> None:
    task = {
        "id": "t1",
        "contextId": "c1",
        "status": {"state": "TASK_STATE_COMPLETED"},
        "artifacts": [],
        "history": [],
    }
    out = legacy.task_to_v03(task)
    assert (out["artifacts"], out["history"]) == ([], [])


@pytest.mark.parametrize(("role", "expected"), [("ROLE_USER", "user"), ("ROLE_AGENT", "agent")])
def test_message_to_v03_role(role: str, expected: str) -> None:
    message = {"messageId": "m", "role": role, "parts": [{"text": "x"}], "extensions": ["u"]}
    assert legacy.message_to_v03(message) == {
        "kind": "message",
        "messageId": "m",
        "role": expected,
        "parts": [{"kind": "text", "text": "x"}],
        "extensions": ["u"],
    }


def test_send_result_to_v03_is_bare() -> None:
    result = legacy.send_result_to_v03({"task": _task_json()})
    answer = TASK_V03["status"].get("message")
    if answer:  # the answer, also as the artifact the AgentCore contract's example reads
        *artifacts, response = result["artifacts"]
        assert response["name"] == "agent_response" and response["parts"] == answer["parts"]
        result["artifacts"] = artifacts
    assert result == TASK_V03
    message = {"messageId": "m", "role": "ROLE_AGENT", "parts": [{"text": "x"}], "contextId": "c"}
    assert legacy.send_result_to_v03({"message": message}) == {
        "kind": "message",
        "messageId": "m",
        "role": "agent",
        "parts": [{"kind": "text", "text": "x"}],
        "contextId": "c",
    }


@pytest.mark.parametrize("final", [True, False])
def test_status_update_carries_final(final: bool) -> None:
    event = m.TaskStatusUpdateEvent(
        task_id="t1",
        context_id="c1",
        status=m.TaskStatus(state=m.TaskState.TASK_STATE_COMPLETED),
        metadata={"k": "v"},
    )
    out = legacy.stream_response_to_v03({"statusUpdate": codec.unstructure(event)}, final=final)
    assert out == {
        "kind": "status-update",
        "taskId": "t1",
        "contextId": "c1",
        "status": {"state": "completed"},
        "final": final,
        "metadata": {"k": "v"},
    }


@pytest.mark.parametrize(
    ("append", "last_chunk"), [(False, False), (True, False), (False, True), (True, True)]
)
def test_artifact_update_has_explicit_append_and_last_chunk(append: bool, last_chunk: bool) -> None:
    event = m.TaskArtifactUpdateEvent(
        task_id="t1",
        context_id="c1",
        artifact=m.Artifact(artifact_id="a1", parts=[m.Part(data=[1])]),
        append=append,
        last_chunk=last_chunk,
    )
    encoded = codec.unstructure(event)
    out = legacy.stream_response_to_v03({"artifactUpdate": encoded}, final=False)
    assert out == {
        "kind": "artifact-update",
        "taskId": "t1",
        "contextId": "c1",
        "artifact": {
            "artifactId": "a1",
            "parts": [{"kind": "data", "data": {"value": [1]}, "metadata": {WRAPPED: True}}],
        },
        "append": append,
        "lastChunk": last_chunk,
    }
    assert "final" not in out


def test_stream_task_and_message_events() -> None:
    assert legacy.stream_response_to_v03({"task": _task_json()}, final=False) == TASK_V03
    message = {"messageId": "m", "role": "ROLE_AGENT", "parts": [{"url": "https://x"}]}
    assert legacy.stream_response_to_v03({"message": message}, final=True) == {
        "kind": "message",
        "messageId": "m",
        "role": "agent",
        "parts": [{"kind": "file", "file": {"uri": "https://x"}}],
    }


PUSH_OUT_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    (
        "full",
        {**PUSH_1_0, "taskId": "t1", "tenant": ""},
        {
            "taskId": "t1",
            "pushNotificationConfig": {
                "id": "p1",
                "url": "https://client/hook",
                "token": "tok",
                "authentication": {"schemes": ["Bearer"], "credentials": "secret"},
            },
        },
    ),
    (
        "no credentials",
        {"taskId": "t1", "id": "p1", "url": "u", "authentication": {"scheme": "Basic"}},
        {
            "taskId": "t1",
            "pushNotificationConfig": {
                "id": "p1",
                "url": "u",
                "authentication": {"schemes": ["Basic"]},
            },
        },
    ),
    (
        "url only",
        {"url": "u"},
        {"taskId": "", "pushNotificationConfig": {"url": "u"}},
    ),
]


@pytest.mark.parametrize(
    ("config", "expected"),
    [(config, expected) for _, config, expected in PUSH_OUT_CASES],
    ids=[name for name, _, _ in PUSH_OUT_CASES],
)
def test_push_config_to_v03(config: dict[str, Any], expected: dict[str, Any]) -> None:
    assert legacy.push_config_to_v03(config) == expected


def test_push_config_round_trips_between_dialects() -> None:
    v03 = legacy.push_config_to_v03({**PUSH_1_0, "taskId": "t1"})
    assert legacy.params_to_v1("tasks/pushNotificationConfig/set", v03) == {
        **PUSH_1_0,
        "taskId": "t1",
    }


# -- property: parts with a 0.3 form survive both directions --------------------------------------

_TEXT = st.text(max_size=10)
_FILE_PARTS = st.builds(
    m.Part,
    raw=st.binary(max_size=16),
    media_type=st.none() | _TEXT,
    filename=st.none() | _TEXT,
    metadata=st.none() | st.dictionaries(_TEXT, st.integers(), max_size=2),
) | st.builds(
    m.Part,
    url=st.text(min_size=1, max_size=10),
    media_type=st.none() | _TEXT,
    filename=st.none() | _TEXT,
)
_PLAIN_PARTS = st.builds(m.Part, text=_TEXT) | st.builds(
    m.Part, data=st.dictionaries(_TEXT, st.integers() | _TEXT, max_size=3)
)


@given(_FILE_PARTS | _PLAIN_PARTS)
def test_parts_survive_0_3_and_back(part: m.Part) -> None:
    v03 = legacy.part_to_v03(codec.unstructure(part))
    assert v03["kind"] in ("text", "file", "data")
    assert codec.structure(legacy.part_to_v1(v03), m.Part) == part
