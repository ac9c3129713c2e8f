"""Reasons given inside AG-UI streams (RUN_ERROR) and before them, in the run's language: every
reason the adapter gives is translated whole (ids, fields and JSON kept), and the reasons the A2A
core gives (a failed or interrupted turn) are translated too, not appended in English."""

from __future__ import annotations

import re

import pytest

from iaccode.agui import errors as codes
from iaccode.agui.details import translate_detail
from iaccode.agui.errors import AguiError
from iaccode.agui.interrupts import PendingInterrupt, check_payload
from iaccode.agui.messages import describe
from iaccode.tasks.supervisor import INTERRUPTED_MESSAGE, NO_RESULT_MESSAGE, UNSTORED_MESSAGE

LANGUAGES = ("zh", "es", "fr", "de", "ja", "pt")
IDS = ("int-7f3a", "run-42", "exec-9", "-32603", "/nope", "int-1, int-2")

# Every reason of the adapter's own, as it raises them (runs.py, interrupts.py, threads.py,
# app.py), with sample ids.
ADAPTER_REASONS = [
    "Interrupt int-7f3a expired; the execution was ended.",
    "Interrupt int-7f3a has expired.",
    "Pending interrupts: int-1, int-2.",
    "Interrupt int-7f3a is answered twice.",
    "The resume must answer every pending interrupt; missing: int-1, int-2.",
    "Interrupt int-7f3a was already applied.",
    "Interrupt int-7f3a was already answered differently.",
    "Interrupt int-7f3a is not pending.",
    "The payload for interrupt int-7f3a must be an object.",
    'The payload for interrupt int-7f3a must be {"decision": "allow_once"} or '
    '{"decision": "deny"}.',
    'The payload for interrupt int-7f3a must be {"answer": "<text>"}.',
    "Send Authorization: Bearer <token>.",
    "Use POST.",
    "The thread's saved state is damaged.",
    "The thread's saved state is not its own.",
    "The A2A task has ended.",
    "The A2A stream ended before the turn did.",
    "The run stopped unexpectedly.",
    "The A2A stream did not start with a task.",
    "A2A error -32603.",
    "The question was cancelled.",
    "The A2A server cannot be reached.",
    "The A2A server is busy; retry later.",
    "Run run-42 exists in this thread.",
    "Run run-42 exists in this thread with a different request.",
    "Run run-42 is still active in this thread.",
    "The thread belongs to another cwd.",
    "The thread belongs to another userId.",
    "forwardedProps.iacCode.cwd is not a directory.",
    "forwardedProps.iacCode.cwd is outside the allowed workspaces (IAC_CODE_AGUI_ALLOWED_CWDS).",
    "A resume must keep the rosInvocationId of the run it resumes.",
    "RunAgentInput.messages holds no user message to run.",
    "The body must be a JSON object.",
    "threadId is required.",
    "No execution exec-9.",
    "The thread's state cannot be read.",
    "The thread's state could not be saved.",
    "There is no route /nope.",
]


@pytest.mark.parametrize("reason", ADAPTER_REASONS)
def test_each_reason_of_the_adapter_is_translated_whole(reason: str) -> None:
    kept = [token for token in IDS if token in reason]
    kept += re.findall(r'\{"[^}]*\}', reason) + re.findall(
        r"Authorization: Bearer <token>|POST", reason
    )
    for language in LANGUAGES:
        translated = translate_detail(reason, language)
        assert translated != reason, (language, reason)
        for token in kept:  # ids, fields and JSON as they were
            assert token in translated, (language, token, translated)


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        (codes.EXECUTION_LOST, INTERRUPTED_MESSAGE),
        (codes.A2A_EXECUTION_FAILED, UNSTORED_MESSAGE),
        (codes.A2A_EXECUTION_FAILED, NO_RESULT_MESSAGE),
        (codes.A2A_EXECUTION_FAILED, "The agent failed to complete this turn (error id ab12cd34)."),
    ],
)
def test_the_cores_reasons_are_translated_too(code: str, reason: str) -> None:
    for language in LANGUAGES:
        said = describe(code, reason, language)
        assert reason not in said and " the turn" not in said, (language, said)
    german = describe(
        codes.A2A_EXECUTION_FAILED,
        "The agent failed to complete this turn (error id ab12cd34).",
        "de",
    )
    assert german == (
        "Der Agent konnte diesen Lauf nicht abschließen. Der Agent konnte diesen Durchgang "
        "nicht abschließen (Fehler-ID ab12cd34)."
    )


def test_english_and_unknown_reasons_stay_as_they_are() -> None:
    assert describe(codes.RESUME_REQUIRED, "Pending interrupts: i-1.", None) == (
        "The thread is waiting for answers to its interrupts. Pending interrupts: i-1."
    )
    assert translate_detail("Something no shape knows.", "de") == "Something no shape knows."


def _pending(kind: str) -> PendingInterrupt:
    return PendingInterrupt("int-7f3a", kind, "t", "c", "exec-9", "ros-1", 0.0, {})


@pytest.mark.parametrize(
    ("kind", "payload"), [("permission", []), ("permission", {}), ("question", {"answer": ""})]
)
def test_the_payload_reasons_as_raised_are_translated(kind: str, payload: object) -> None:
    """The reasons exactly as `check_payload` words them (not a field-shaped stand-in)."""
    with pytest.raises(AguiError) as raised:
        check_payload(_pending(kind), payload)
    reason = raised.value.message
    kept = ["int-7f3a", *re.findall(r'\{"[^}]*\}', reason)]
    for language in LANGUAGES:
        translated = translate_detail(reason, language)
        assert translated != reason, (language, reason)
        assert all(token in translated for token in kept), (language, translated)


@pytest.mark.parametrize(
    "reason",
    [
        "Send Authorization: Bearer <token>.",  # 401, before the stream
        "Use POST.",  # 405
        "Use GET.",
        "The thread's saved state is damaged.",
        "The thread's saved state is not its own.",
    ],
)
def test_the_other_reasons_before_a_stream_are_translated(reason: str) -> None:
    for language in LANGUAGES:
        translated = translate_detail(reason, language)
        assert translated != reason, (language, reason)
    assert "Authorization: Bearer <token>" in translate_detail(
        "Send Authorization: Bearer <token>.", "de"
    )
    assert "POST" in translate_detail("Use POST.", "ja")


def test_a_choice_of_values_has_no_english_or() -> None:
    reason = "RunAgentInput.resume[0].status must be resolved or cancelled."
    for language in LANGUAGES:
        translated = translate_detail(reason, language)
        assert " or " not in translated and "resolved" in translated, (language, translated)
        assert "cancelled" in translated
