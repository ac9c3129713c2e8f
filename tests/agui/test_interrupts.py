"""Interrupts from A2A pauses, and the resume rules of the seed."""

from __future__ import annotations

from typing import Any

import pytest
from ag_ui.core import Interrupt

from iaccode.agui import errors as codes
from iaccode.agui.errors import AguiError
from iaccode.agui.inputs import ResumeEntry
from iaccode.agui.interrupts import PendingInterrupt, answer_digest, match_resume, pending_from

ENVELOPE = {
    "schemaVersion": 1,
    "kind": "permission",
    "requestTaskId": "task-1",
    "contextId": "ctx-1",
    "inputId": "permission-1",
    "toolUseId": "call-1",
    "toolName": "write_file",
    "title": "Change a workspace file",
    "purpose": "Write a file",
    "effect": "file_change",
    "target": "a.yaml",
    "isReadOnly": False,
    "safeSummary": "write_file: {...}",
    "options": [{"id": "allow_once", "label": "Allow once"}, {"id": "deny", "label": "Deny"}],
    "prompt": "Change a workspace file. Allow once?",
}


def pending(pause: dict[str, Any] = ENVELOPE, now: float = 1000.0) -> PendingInterrupt:
    return pending_from(
        pause,
        prompt="fallback",
        task_id="task-1",
        context_id="ctx-1",
        execution_id="exec-1",
        ros_invocation_id="inv-1",
        now=now,
        ttl=60,
    )


def entry(interrupt_id: str = "permission-1", status: str = "resolved", payload: Any = None) -> Any:
    if payload is None and status == "resolved":
        payload = {"decision": "allow_once"}
    return ResumeEntry(interrupt_id, status, payload, payload is not None)


def test_a_permission_pause_is_a_tool_call_interrupt() -> None:
    item = pending()
    interrupt = item.interrupt
    Interrupt.model_validate(interrupt)
    assert interrupt["id"] == "permission-1" and interrupt["reason"] == "tool_call"
    assert interrupt["toolCallId"] == "call-1"
    assert interrupt["message"] == "Change a workspace file. Allow once?"
    assert interrupt["responseSchema"]["properties"]["decision"]["enum"] == ["allow_once", "deny"]
    assert interrupt["expiresAt"] == "1970-01-01T00:17:40Z"
    assert interrupt["metadata"]["toolName"] == "write_file"
    assert interrupt["metadata"]["safeSummary"] == "write_file: {...}"
    assert item.expired(1060) and not item.expired(1059)


def test_a_question_is_an_input_required_interrupt() -> None:
    item = pending({"kind": "question", "inputId": "input-7", "question": True})
    Interrupt.model_validate(item.interrupt)
    assert item.interrupt["reason"] == "input_required" and "toolCallId" not in item.interrupt
    assert item.interrupt["message"] == "fallback"
    assert item.kind == "question"


def code_of(entries: list[ResumeEntry], applied: dict[str, str] | None = None) -> str:
    with pytest.raises(AguiError) as caught:
        match_resume([pending()], entries, applied=applied or {}, now=1000)
    return caught.value.code


def test_resume_rules() -> None:
    assert code_of([entry(), entry()]) == codes.INCOMPLETE_RESUME
    assert code_of([entry("other")]) == codes.UNKNOWN_INTERRUPT
    assert code_of([entry(), entry("other")]) == codes.UNKNOWN_INTERRUPT
    assert code_of([entry(payload={"decision": "maybe"})]) == codes.RESUME_PAYLOAD_INVALID
    assert code_of([entry(payload={"decision": "deny", "x": 1})]) == codes.RESUME_PAYLOAD_INVALID
    assert code_of([entry(payload="allow")]) == codes.RESUME_PAYLOAD_INVALID
    applied = {"old": answer_digest(entry("old"))}
    assert code_of([entry("old")], applied) == codes.RESUME_ALREADY_APPLIED


def test_missing_answers_and_expiry() -> None:
    two = [pending(), pending({**ENVELOPE, "inputId": "permission-2"})]
    with pytest.raises(AguiError) as caught:
        match_resume(two, [entry()], applied={}, now=1000)
    assert caught.value.code == codes.INCOMPLETE_RESUME and "permission-2" in caught.value.message
    with pytest.raises(AguiError) as caught:
        match_resume([pending()], [entry()], applied={}, now=2000)
    assert caught.value.code == codes.EXECUTION_EXPIRED


def test_answers_become_the_a2a_sideband_message() -> None:
    (allow,) = match_resume([pending()], [entry()], applied={}, now=1000)
    message = allow.a2a_message()
    assert message["taskId"] == "task-1" and message["contextId"] == "ctx-1"
    (part,) = message["parts"]
    assert part["data"] == {
        "schemaVersion": 1,
        "kind": "permission",
        "requestTaskId": "task-1",
        "inputId": "permission-1",
        "toolUseId": "call-1",
        "decision": "allow_once",
    }
    (cancelled,) = match_resume([pending()], [entry(status="cancelled")], applied={}, now=1000)
    assert cancelled.a2a_message()["parts"][0]["data"]["decision"] == "deny"
    assert not cancelled.cancels_execution
    question = pending({"kind": "question", "inputId": "input-1"})
    (answer,) = match_resume(
        [question], [entry("input-1", payload={"answer": "cn-hangzhou"})], applied={}, now=1000
    )
    assert answer.a2a_message()["parts"] == [{"text": "cn-hangzhou"}]
    (dropped,) = match_resume([question], [entry("input-1", "cancelled")], applied={}, now=1000)
    assert dropped.cancels_execution
