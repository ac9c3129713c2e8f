"""Properties of the 0.3 translation over generated values (a2a.md §9 "Conversion rules").

Where 0.3 can say the same thing (messages whose role and parts have a 0.3 form, push configs with
their ids) a value survives the trip to 0.3 and back; everything else still translates, with the
0.3 names for roles, states and part kinds.
"""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from iaccode.a2a import dispatch, legacy
from iaccode.model import a2a as m
from iaccode.model import codec
from tests.model.strategies import JSON_OBJECTS, JSON_VALUES, TEXT, values

# Bounded, so that the properties together take a few seconds.
BOUNDED = settings(max_examples=50, deadline=None)
WRAPPED = "iaccode_wrapped_value"
METADATA = st.none() | JSON_OBJECTS.filter(lambda meta: WRAPPED not in meta)
OPT_TEXT = st.none() | TEXT

# Parts that 0.3 can hold as they are: text and object data carry no filename or media type there.
LOSSLESS_PARTS = (
    st.builds(m.Part, text=TEXT, metadata=METADATA)
    | st.builds(m.Part, data=JSON_OBJECTS, metadata=METADATA)
    | st.builds(
        m.Part,
        raw=st.binary(max_size=16),
        filename=OPT_TEXT,
        media_type=OPT_TEXT,
        metadata=METADATA,
    )
    | st.builds(m.Part, url=TEXT, filename=OPT_TEXT, media_type=OPT_TEXT, metadata=METADATA)
)
LOSSLESS_MESSAGES = st.builds(
    m.Message,
    message_id=TEXT,
    role=st.sampled_from([m.Role.ROLE_USER, m.Role.ROLE_AGENT]),
    parts=st.lists(LOSSLESS_PARTS, min_size=1, max_size=3),
    context_id=OPT_TEXT,
    task_id=OPT_TEXT,
    metadata=METADATA,
    extensions=st.lists(TEXT, max_size=2),
    reference_task_ids=st.lists(TEXT, max_size=2),
)
V03_STATES = {
    "unknown",
    "submitted",
    "working",
    "completed",
    "failed",
    "canceled",
    "input-required",
    "rejected",
    "auth-required",
}


def _check_v03_message(message: dict[str, Any]) -> None:
    assert message["kind"] == "message"
    assert message["role"] in ("user", "agent")
    for part in message["parts"]:
        assert part["kind"] in ("text", "file", "data")
        if part["kind"] == "data":
            assert isinstance(part["data"], dict)


@BOUNDED
@given(LOSSLESS_MESSAGES)
def test_messages_survive_0_3_and_back(message: m.Message) -> None:
    v03 = legacy.message_to_v03(codec.unstructure(message))
    _check_v03_message(v03)
    assert codec.structure(legacy.message_to_v1(v03), m.Message) == message


@BOUNDED
@given(LOSSLESS_MESSAGES)
def test_a_0_3_send_request_decodes_to_the_message_sent(message: m.Message) -> None:
    v03 = {"message": legacy.message_to_v03(codec.unstructure(message))}
    params = legacy.params_to_v1("message/send", v03)
    assert codec.structure(params, m.SendMessageRequest) == m.SendMessageRequest(message=message)


@BOUNDED
@given(values(m.Message))
def test_every_message_has_a_0_3_form(message: m.Message) -> None:
    _check_v03_message(legacy.message_to_v03(codec.unstructure(message)))


@BOUNDED
@given(JSON_VALUES.filter(lambda data: data is not None), METADATA)
def test_data_parts_have_a_0_3_form(data: Any, metadata: dict[str, Any] | None) -> None:
    v03 = legacy.part_to_v03(codec.unstructure(m.Part(data=data, metadata=metadata)))
    assert v03["kind"] == "data"
    if isinstance(data, dict):
        assert v03["data"] == data and v03.get("metadata") == metadata
    else:  # 0.3 data parts hold objects only: the value is wrapped, and marked so
        assert v03["data"] == {"value": data}
        assert v03["metadata"] == {**(metadata or {}), WRAPPED: True}


@BOUNDED
@given(values(m.Task))
def test_every_task_has_a_0_3_form(task: m.Task) -> None:
    v03 = legacy.task_to_v03(codec.unstructure(task))
    assert v03["kind"] == "task"
    assert v03["status"]["state"] in V03_STATES
    for message in [*v03.get("history", ()), v03["status"].get("message")]:
        if message is not None:
            _check_v03_message(message)
    for artifact in v03.get("artifacts", ()):
        assert all(part["kind"] in ("text", "file", "data") for part in artifact["parts"])


@BOUNDED
@given(
    values(m.TaskStatusUpdateEvent) | values(m.TaskArtifactUpdateEvent) | values(m.Task),
    st.booleans(),
)
def test_every_stream_event_has_a_0_3_form(event: m.StreamEvent, final: bool) -> None:
    v03 = legacy.stream_response_to_v03(dispatch.stream_response(event), final=final)
    if isinstance(event, m.TaskStatusUpdateEvent):
        assert v03["kind"] == "status-update" and v03["final"] is final
        assert v03["status"]["state"] in V03_STATES
    elif isinstance(event, m.TaskArtifactUpdateEvent):
        assert v03["kind"] == "artifact-update"
        assert (v03["append"], v03["lastChunk"]) == (event.append, event.last_chunk)
    else:
        assert v03["kind"] == "task"


@BOUNDED
@given(values(m.TaskPushNotificationConfig), TEXT, OPT_TEXT)
def test_push_configs_survive_0_3_and_back(
    config: m.TaskPushNotificationConfig, task_id: str, config_id: str | None
) -> None:
    config = attrs.evolve(config, task_id=task_id, id=config_id, tenant=None)  # 0.3 has no tenant
    v03 = legacy.push_config_to_v03(codec.unstructure(config))
    assert set(v03) == {"taskId", "pushNotificationConfig"}
    params = legacy.params_to_v1("tasks/pushNotificationConfig/set", v03)
    decoded = codec.structure(params, m.TaskPushNotificationConfig)
    # A 0.3 config without an id is the task's one config, named after the task.
    assert decoded == attrs.evolve(config, id=task_id if config_id is None else config_id)
