"""Interrupts: an A2A pause becomes an AG-UI interrupt, and a resume entry becomes the A2A answer
(AG-UI seed, "Unterbrechung" and "Wiederaufnahme").

A permission pause (`metadata.iac_code.input.kind == "permission"`) is an interrupt with reason
`tool_call`, the tool call's id, and a response schema of `{"decision": "allow_once" | "deny"}`;
a question is `input_required` with `{"answer": "<text>"}`. A `cancelled` entry is a deny for a
permission; for a question it cancels the execution. Each interrupt expires (`expiresAt`) after
the adapter's interrupt TTL.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import attrs

from iaccode.agent.i18n import translate
from iaccode.agui import errors as codes
from iaccode.agui.errors import AguiError
from iaccode.agui.inputs import ResumeEntry
from iaccode.model.ids import new_id
from iaccode.wire import json

PERMISSION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"decision": {"type": "string", "enum": ["allow_once", "deny"]}},
    "required": ["decision"],
    "additionalProperties": False,
}
QUESTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"answer": {"type": "string", "minLength": 1}},
    "required": ["answer"],
    "additionalProperties": False,
}
_DISPLAY = (
    "title",
    "purpose",
    "effect",
    "target",
    "isReadOnly",
    "safeSummary",
    "deploymentSummary",
    "preview",
    "options",
)


@attrs.frozen
class PendingInterrupt:
    """An interrupt the thread waits on, with what is needed to answer it in A2A."""

    id: str
    kind: str  # "permission" or "question"
    task_id: str
    context_id: str
    execution_id: str
    ros_invocation_id: str
    expires_at: float  # seconds since the epoch
    interrupt: dict[str, Any]  # as sent in RUN_FINISHED
    tool_use_id: str | None = None

    def expired(self, now: float) -> bool:
        return now >= self.expires_at


NEEDS_INPUT = "The agent needs more input."


def pending_from(
    pause: dict[str, Any],
    *,
    prompt: str,
    task_id: str,
    context_id: str,
    execution_id: str,
    ros_invocation_id: str,
    now: float,
    ttl: float,
    language: str | None = None,
) -> PendingInterrupt:
    """The interrupt for an A2A pause (`pause` is its `metadata.iac_code.input`); `language`
    is the run's, for the message when the pause brings no prompt."""
    expires_at = now + ttl
    input_id = str(pause.get("inputId") or new_id())
    expiry = datetime.fromtimestamp(expires_at, UTC).isoformat().replace("+00:00", "Z")
    if pause.get("kind") == "permission":
        tool_use_id = str(pause.get("toolUseId") or "")
        metadata = {k: pause[k] for k in _DISPLAY if k in pause}
        metadata["toolName"] = pause.get("toolName")
        interrupt = {
            "id": input_id,
            "reason": "tool_call",
            "message": pause.get("prompt") or prompt,
            "toolCallId": tool_use_id,
            "responseSchema": PERMISSION_SCHEMA,
            "expiresAt": expiry,
            "metadata": {k: v for k, v in metadata.items() if v is not None},
        }
        kind = "permission"
    else:
        tool_use_id = None
        extra = {k: v for k, v in pause.items() if k not in ("kind", "inputId") and v is not None}
        interrupt = {
            "id": input_id,
            "reason": "input_required",
            "message": prompt or translate(NEEDS_INPUT, language),
            "responseSchema": QUESTION_SCHEMA,
            "expiresAt": expiry,
            "metadata": {"purpose": "question", **extra},
        }
        kind = "question"
    return PendingInterrupt(
        id=input_id,
        kind=kind,
        task_id=task_id,
        context_id=context_id,
        execution_id=execution_id,
        ros_invocation_id=ros_invocation_id,
        expires_at=expires_at,
        interrupt=interrupt,
        tool_use_id=tool_use_id,
    )


@attrs.frozen
class Answer:
    pending: PendingInterrupt
    entry: ResumeEntry

    @property
    def cancels_execution(self) -> bool:
        """A cancelled question ends the execution (a cancelled permission is a deny)."""
        return self.entry.status == "cancelled" and self.pending.kind == "question"

    @property
    def digest(self) -> str:
        return answer_digest(self.entry)

    def a2a_message(self, metadata: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The A2A 1.0 message that answers the pause; `metadata`: its `metadata.iac_code` (the
        resume's cloud keys among them: a pause resumed after a restart needs the same keys)."""
        pending = self.pending
        if pending.kind == "permission":
            decision = "deny"
            if self.entry.status == "resolved":
                decision = self.entry.payload["decision"]
            data = {
                "schemaVersion": 1,
                "kind": "permission",
                "requestTaskId": pending.task_id,
                "inputId": pending.id,
                "toolUseId": pending.tool_use_id,
                "decision": decision,
            }
            parts: list[dict[str, Any]] = [{"data": data, "mediaType": "application/json"}]
        else:
            parts = [{"text": self.entry.payload["answer"]}]
        message: dict[str, Any] = {
            "messageId": new_id(),
            "role": "ROLE_USER",
            "taskId": pending.task_id,
            "contextId": pending.context_id,
            "parts": parts,
        }
        if metadata:
            message["metadata"] = {"iac_code": dict(metadata)}
        return message


def answer_digest(entry: ResumeEntry) -> str:
    text = json.dumps({"status": entry.status, "payload": entry.payload})
    return hashlib.sha256(text).hexdigest()


def match_resume(
    pending: Sequence[PendingInterrupt],
    entries: Sequence[ResumeEntry],
    *,
    applied: dict[str, str],
    now: float,
) -> list[Answer]:
    """Check a resume against the pending interrupts (every rule of the seed) and pair them."""
    waiting = {p.id: p for p in pending}
    seen: set[str] = set()
    for entry in entries:
        if entry.interrupt_id in seen:
            raise AguiError(
                codes.INCOMPLETE_RESUME, f"Interrupt {entry.interrupt_id} is answered twice."
            )
        seen.add(entry.interrupt_id)
        if entry.interrupt_id not in waiting:
            if entry.interrupt_id in applied:
                same = applied[entry.interrupt_id] == answer_digest(entry)
                how = "was already applied" if same else "was already answered differently"
                raise AguiError(
                    codes.RESUME_ALREADY_APPLIED, f"Interrupt {entry.interrupt_id} {how}."
                )
            raise AguiError(
                codes.UNKNOWN_INTERRUPT, f"Interrupt {entry.interrupt_id} is not pending."
            )
    missing = sorted(set(waiting) - seen)
    if missing:
        raise AguiError(
            codes.INCOMPLETE_RESUME,
            f"The resume must answer every pending interrupt; missing: {', '.join(missing)}.",
        )
    answers = []
    for entry in entries:
        item = waiting[entry.interrupt_id]
        if item.expired(now):
            raise AguiError(codes.EXECUTION_EXPIRED, f"Interrupt {item.id} has expired.")
        if entry.status == "resolved":
            check_payload(item, entry.payload)
        answers.append(Answer(item, entry))
    return answers


def check_payload(pending: PendingInterrupt, payload: Any) -> None:
    """The payload against the interrupt's response schema (RESUME_PAYLOAD_INVALID)."""
    where = f"The payload for interrupt {pending.id}"
    if not isinstance(payload, dict):
        raise AguiError(codes.RESUME_PAYLOAD_INVALID, f"{where} must be an object.")
    if pending.kind == "permission":
        if set(payload) != {"decision"} or payload["decision"] not in ("allow_once", "deny"):
            raise AguiError(
                codes.RESUME_PAYLOAD_INVALID,
                f'{where} must be {{"decision": "allow_once"}} or {{"decision": "deny"}}.',
            )
    else:
        answer = payload.get("answer")
        if set(payload) != {"answer"} or not isinstance(answer, str) or not answer.strip():
            raise AguiError(
                codes.RESUME_PAYLOAD_INVALID, f'{where} must be {{"answer": "<text>"}}.'
            )
