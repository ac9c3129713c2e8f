"""The adapter's error codes (AG-UI seed, "Fehler") and how each one reaches the client.

Errors found before a stream starts are an HTTP JSON envelope `{"error": {"code", "message"}}`
with the status below. Errors of the interrupt protocol (a resume that does not fit the pending
interrupts) are a stream holding one RUN_ERROR, as AG-UI's interrupt contract asks, so that a
client's run ends the way it ends for any other run error; so are errors during a run.
"""

from __future__ import annotations

from typing import Any

INVALID_INPUT = "INVALID_INPUT"
UNAUTHORIZED = "UNAUTHORIZED"
DUPLICATE_RUN_ID = "DUPLICATE_RUN_ID"
RUN_ID_CONFLICT = "RUN_ID_CONFLICT"
THREAD_BUSY = "THREAD_BUSY"
THREAD_BINDING_CONFLICT = "THREAD_BINDING_CONFLICT"
RESUME_REQUIRED = "RESUME_REQUIRED"
INCOMPLETE_RESUME = "INCOMPLETE_RESUME"
UNKNOWN_INTERRUPT = "UNKNOWN_INTERRUPT"
RESUME_PAYLOAD_INVALID = "RESUME_PAYLOAD_INVALID"
RESUME_ALREADY_APPLIED = "RESUME_ALREADY_APPLIED"
EXECUTION_EXPIRED = "EXECUTION_EXPIRED"
EXECUTION_LOST = "EXECUTION_LOST"
EXECUTION_NOT_FOUND = "EXECUTION_NOT_FOUND"
STATE_PERSISTENCE_FAILED = "STATE_PERSISTENCE_FAILED"
A2A_UNAVAILABLE = "A2A_UNAVAILABLE"
A2A_PROTOCOL_ERROR = "A2A_PROTOCOL_ERROR"
A2A_EXECUTION_FAILED = "A2A_EXECUTION_FAILED"
CANCELLED = "CANCELLED"

# HTTP status of each code when it is answered before a stream starts.
HTTP_STATUS = {
    INVALID_INPUT: 400,
    UNAUTHORIZED: 401,
    EXECUTION_NOT_FOUND: 404,
    DUPLICATE_RUN_ID: 409,
    RUN_ID_CONFLICT: 409,
    THREAD_BUSY: 409,
    THREAD_BINDING_CONFLICT: 409,
    STATE_PERSISTENCE_FAILED: 503,
    A2A_UNAVAILABLE: 503,
}
# Codes that belong to the interrupt protocol: answered as a one-event RUN_ERROR stream.
IN_STREAM = frozenset(
    {
        RESUME_REQUIRED,
        INCOMPLETE_RESUME,
        UNKNOWN_INTERRUPT,
        RESUME_PAYLOAD_INVALID,
        RESUME_ALREADY_APPLIED,
        EXECUTION_EXPIRED,
        EXECUTION_LOST,
    }
)


class AguiError(Exception):
    """A refusal or failure with its seed code. `message` is the specific reason, in English
    and safe to show (no paths, secrets); clients get it after the code's sentence in their
    language (`iaccode.agui.messages`)."""

    def __init__(self, code: str, message: str, *, status: int | None = None, **details: Any):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status or HTTP_STATUS.get(code, 400)
        self.details = details
