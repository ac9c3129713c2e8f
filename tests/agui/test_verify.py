"""The checks the AG-UI tests rely on reject what the official client rejects."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from tests.agui.verify import SequenceError, check_event, verify_events


def frame(kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, **fields, "timestamp": 1}


START = frame("RUN_STARTED", threadId="t", runId="r")
FINISH = frame("RUN_FINISHED", threadId="t", runId="r")


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "RUN_STARTED", "threadId": "t", "runId": "r", "parentRunId": None, "timestamp": 1},
        {"type": "TEXT_MESSAGE_START", "message_id": "m", "timestamp": 1},
        {"type": "RUN_STARTED", "threadId": "t", "runId": "r", "timestamp": 1.5},
        {"type": "RUN_STARTED", "threadId": "t", "runId": "r", "bogus": 1, "timestamp": 1},
        {
            "type": "RUN_FINISHED",
            "threadId": "t",
            "runId": "r",
            "outcome": {"type": "interrupt", "interrupts": []},
            "timestamp": 1,
        },
        {"type": "THINKING_START", "timestamp": 1},
    ],
)
def test_frames_the_official_models_refuse(bad: dict[str, Any]) -> None:
    with pytest.raises((ValidationError, AssertionError)):
        check_event(bad)


@pytest.mark.parametrize(
    "frames",
    [
        [frame("TEXT_MESSAGE_START", messageId="m"), FINISH],
        [START, frame("TEXT_MESSAGE_START", messageId="m"), FINISH],
        [START, frame("TOOL_CALL_START", toolCallId="c", toolCallName="x"), FINISH],
        [START, frame("REASONING_START", messageId="m"), FINISH],
        [START, frame("STEP_FINISHED", stepName="s"), FINISH],
        [START, frame("TEXT_MESSAGE_CONTENT", messageId="m", delta="x"), FINISH],
        [START, START],
        [START, FINISH, frame("TEXT_MESSAGE_START", messageId="m")],
        [START],
    ],
)
def test_sequences_the_official_client_refuses(frames: list[dict[str, Any]]) -> None:
    with pytest.raises(SequenceError):
        verify_events(frames)


def test_a_balanced_stream_passes() -> None:
    frames = [
        START,
        frame("TEXT_MESSAGE_START", messageId="m", role="assistant"),
        frame("TEXT_MESSAGE_CONTENT", messageId="m", delta="hi"),
        frame("TEXT_MESSAGE_END", messageId="m"),
        frame("TOOL_CALL_START", toolCallId="c", toolCallName="x"),
        frame("TOOL_CALL_END", toolCallId="c"),
        FINISH,
        frame("RUN_STARTED", threadId="t", runId="r2"),
        frame("RUN_ERROR", message="no", code="X"),
    ]
    for item in frames:
        check_event(item)
    verify_events(frames)
