"""The A2A -> AG-UI event mapping, one A2A stream result at a time."""

from __future__ import annotations

from typing import Any

from iaccode.agui.mapping import EventMapper, artifact_projection, backup_blocked
from tests.agui.verify import check_event, verify_events


def status(state: str = "TASK_STATE_WORKING", text: str | None = None, **iac: Any) -> Any:
    update: dict[str, Any] = {"taskId": "t", "contextId": "c", "status": {"state": state}}
    if text is not None:
        update["status"]["message"] = {
            "messageId": iac.pop("message_id", "m1"),
            "role": "ROLE_AGENT",
            "parts": [{"text": text}],
        }
    if iac:
        update["metadata"] = {"iac_code": iac}
    return {"statusUpdate": update}


def tool(status_: str, call: str = "call-1", **extra: Any) -> Any:
    return status(tool={"status": status_, "toolUseId": call, "name": "write_file", **extra})


def run(mapper: EventMapper, results: list[Any]) -> list[dict[str, Any]]:
    frames = [{"type": "RUN_STARTED", "threadId": "t", "runId": "r", "timestamp": 1}]
    for result in results:
        events, settled = mapper.feed(result)
        assert settled is None
        frames += events
    frames += mapper.close()
    frames.append({"type": "RUN_FINISHED", "threadId": "t", "runId": "r", "timestamp": 1})
    for frame in frames:
        check_event(frame)
    verify_events(frames)
    return frames


def kinds(frames: list[dict[str, Any]]) -> list[str]:
    return [f["type"] for f in frames[1:-1]]


def test_text_thinking_and_a_tool_call_in_order() -> None:
    mapper = EventMapper()
    frames = run(
        mapper,
        [
            status(thinking={"type": "raw_thinking", "text": "let me see"}),
            status(text="I will write "),
            status(text="the file."),
            tool("started"),
            tool("input_delta"),
            tool("input_delta"),
            tool("input_complete", inputSummary={"path": "a.yaml"}),
            tool("completed", result={"path": "a.yaml", "bytes": 3}),
            status(text="Done.", message_id="m2"),
            status(usage={"inputTokens": 5, "outputTokens": 2, "totalTokens": 7}),
        ],
    )
    assert kinds(frames) == [
        "REASONING_START",
        "REASONING_MESSAGE_START",
        "REASONING_MESSAGE_CONTENT",
        "REASONING_MESSAGE_END",
        "REASONING_END",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "TOOL_CALL_START",
        "CUSTOM",  # receiving input, once
        "TOOL_CALL_ARGS",
        "TOOL_CALL_END",
        "TOOL_CALL_RESULT",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
    ]
    start = next(f for f in frames if f["type"] == "TOOL_CALL_START")
    assert start["parentMessageId"] == "m1" and start["toolCallName"] == "write_file"
    args = next(f for f in frames if f["type"] == "TOOL_CALL_ARGS")
    assert args["delta"] == '{"path":"a.yaml"}'
    result = next(f for f in frames if f["type"] == "TOOL_CALL_RESULT")
    assert result["content"] == '{"path":"a.yaml","bytes":3}' and result["role"] == "tool"
    assert mapper.usage_list() == [{"inputTokens": 5, "outputTokens": 2, "totalTokens": 7}]
    assert mapper.streamed_text


def test_open_spans_are_closed_before_the_end() -> None:
    mapper = EventMapper()
    frames = run(mapper, [status(text="half"), tool("started", call="c2")])
    assert kinds(frames)[-2:] == ["TOOL_CALL_START", "TOOL_CALL_END"]
    mapper = EventMapper()
    frames = run(mapper, [status(thinking={"type": "raw_thinking", "text": "hm"})])
    assert kinds(frames)[-2:] == ["REASONING_MESSAGE_END", "REASONING_END"]


def test_a_resumed_run_shows_only_the_result_of_an_announced_call() -> None:
    mapper = EventMapper(announced_calls=frozenset({"call-1"}))
    frames = run(
        mapper,
        [
            tool("started"),
            tool("input_complete", inputSummary={}),
            tool("completed", result={"ok": True}),
        ],
    )
    assert kinds(frames) == ["TOOL_CALL_RESULT"]


def test_pipeline_steps_and_events() -> None:
    mapper = EventMapper()
    frames = run(
        mapper,
        [
            status(pipeline={"eventType": "step_started", "stepName": "plan"}),
            status(pipeline={"eventType": "stack_progress", "eventId": "e1", "percent": 40}),
            status(pipeline={"eventType": "step_completed", "stepName": "plan"}),
            status(pipeline={"eventType": "step_started", "stepName": "deploy"}),
            status(pipeline={"eventType": "not_a_known_event"}),
        ],
    )
    assert kinds(frames) == [
        "STEP_STARTED",
        "CUSTOM",
        "STEP_FINISHED",
        "STEP_STARTED",
        "STEP_FINISHED",
    ]
    custom = frames[2]
    assert custom["name"] == "iac-code.pipeline.v1" and custom["value"]["percent"] == 40


def test_settled_states_are_returned_not_mapped() -> None:
    mapper = EventMapper()
    events, settled = mapper.feed(status("TASK_STATE_INPUT_REQUIRED", text="Allow?"))
    assert events == [] and settled is not None
    assert settled.state == "TASK_STATE_INPUT_REQUIRED" and settled.text == "Allow?"


def test_artifacts_are_projected_without_paths() -> None:
    update = {
        "taskId": "t",
        "artifact": {
            "artifactId": "a1",
            "name": "vpc.yaml",
            "parts": [
                {
                    "url": "file:///home/me/.iac-code/a2a/artifacts/x/vpc.yaml",
                    "mediaType": "application/yaml",
                    "filename": "vpc.yaml",
                    "metadata": {"byteSize": 120, "sha256": "ab" * 32},
                },
                {"text": "x" * 70_000},
            ],
        },
        "lastChunk": True,
    }
    value = artifact_projection(update)
    assert "/home/me" not in str(value)
    file_part, text_part = value["parts"]
    assert file_part == {
        "mediaType": "application/yaml",
        "filename": "vpc.yaml",
        "byteSize": 120,
        "sha256": "ab" * 32,
        "kind": "file",
    }
    assert text_part["truncated"] is True and len(text_part["text"]) == 64 * 1024
    events, _ = EventMapper().feed({"artifactUpdate": update})
    check_event(events[0])
    assert events[0]["name"] == "iac-code.artifact.v1"


def test_backup_blocked_is_a_pipeline_event() -> None:
    blocked = {"reason": "backup_failed", "error": "OSError: disk full", "recoverable": True}
    (event,) = backup_blocked({"backupBlocked": blocked}, "task-1")
    check_event(event)
    assert event["type"] == "CUSTOM" and event["name"] == "iac-code.pipeline.v1"
    assert event["value"] == {
        "eventType": "backup_blocked",
        "eventId": "task-1-backup_blocked",  # stable: a replay deduplicates
        **blocked,
    }
    assert backup_blocked({}, "task-1") == []
    assert backup_blocked({"backupBlocked": "junk"}, "task-1") == []
