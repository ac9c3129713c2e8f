"""AG-UI 1.0 events as the wire wants them: camelCase, integer millisecond timestamps, and no
member at all for an optional field without a value (the official client rejects `null`).

Events are plain dicts built by `event()`; the test suite checks every one the adapter emits
against the `ag-ui-protocol` models and the official client's sequence rules.
"""

from __future__ import annotations

import time
from typing import Any

from iaccode.wire import json

PROTOCOL_VERSION = "1.0"

RUN_STARTED = "RUN_STARTED"
RUN_FINISHED = "RUN_FINISHED"
RUN_ERROR = "RUN_ERROR"
TEXT_MESSAGE_START = "TEXT_MESSAGE_START"
TEXT_MESSAGE_CONTENT = "TEXT_MESSAGE_CONTENT"
TEXT_MESSAGE_END = "TEXT_MESSAGE_END"
REASONING_START = "REASONING_START"
REASONING_MESSAGE_START = "REASONING_MESSAGE_START"
REASONING_MESSAGE_CONTENT = "REASONING_MESSAGE_CONTENT"
REASONING_MESSAGE_END = "REASONING_MESSAGE_END"
REASONING_END = "REASONING_END"
TOOL_CALL_START = "TOOL_CALL_START"
TOOL_CALL_ARGS = "TOOL_CALL_ARGS"
TOOL_CALL_END = "TOOL_CALL_END"
TOOL_CALL_RESULT = "TOOL_CALL_RESULT"
STEP_STARTED = "STEP_STARTED"
STEP_FINISHED = "STEP_FINISHED"
ACTIVITY_SNAPSHOT = "ACTIVITY_SNAPSHOT"
CUSTOM = "CUSTOM"

# iac-code's namespaced CUSTOM events (AG-UI seed, "Benutzerdefinierte iac-code-Ereignisse")
SESSION = "iac-code.session.v1"
ARTIFACT = "iac-code.artifact.v1"
TOOL_PROGRESS = "iac-code.tool-progress.v1"
PIPELINE = "iac-code.pipeline.v1"


def event(kind: str, **fields: Any) -> dict[str, Any]:
    """One event; fields given as None are left out."""
    out: dict[str, Any] = {"type": kind}
    out.update((k, v) for k, v in fields.items() if v is not None)
    out["timestamp"] = int(time.time() * 1000)
    return out


def custom(name: str, value: Any) -> dict[str, Any]:
    return event(CUSTOM, name=name, value=value)


def run_error(message: str, code: str) -> dict[str, Any]:
    return event(RUN_ERROR, message=message, code=code)


def encode(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload)
