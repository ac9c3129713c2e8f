"""What a real AG-UI client accepts, for the tests.

`check_event`: the `ag-ui-protocol` 1.0 models validate the frame, and dumping the model again
gives the same JSON (which catches snake_case keys, `null` for absent fields, float timestamps)
with nothing left over as an unknown field.

`verify_events`: a Python port of the sequence rules of `verifyEvents` in `@ag-ui/client` 1.0
(spec/agui.md, section 5): runs start first and do not nest, nothing but a new run or an error
follows RUN_FINISHED, and text messages, reasoning spans and messages, tool calls and steps are
opened once, continued only while open, and all closed before RUN_FINISHED. Unlike the client,
it also requires the stream to end with a terminal event.
"""

from __future__ import annotations

from typing import Any

from ag_ui.core import Event
from pydantic import TypeAdapter

from iaccode.wire import json

_EVENT = TypeAdapter(Event)


class SequenceError(AssertionError):
    pass


def check_event(frame: dict[str, Any]) -> Any:
    model = _EVENT.validate_python(frame)
    extra = getattr(model, "model_extra", None) or {}
    assert not extra, f"unknown fields {sorted(extra)} in {frame}"
    again = json.loads(model.model_dump_json(by_alias=True))
    assert again == frame, f"{frame} does not survive the official model: {again}"
    assert isinstance(frame["timestamp"], int)
    return model


def verify_events(frames: list[dict[str, Any]]) -> None:
    active = False
    finished = False
    errored = False
    texts: set[str] = set()
    tools: set[str] = set()
    steps: set[str] = set()
    spans: set[str] = set()
    reasoning: set[str] = set()
    for index, frame in enumerate(frames):
        kind = frame["type"]
        where = f"event {index} ({kind})"
        if index == 0 and kind not in ("RUN_STARTED", "RUN_ERROR"):
            raise SequenceError(f"{where}: the first event must be RUN_STARTED or RUN_ERROR")
        if errored and kind != "RUN_STARTED":
            raise SequenceError(f"{where}: only RUN_STARTED may follow RUN_ERROR")
        if finished and kind not in ("RUN_STARTED", "RUN_ERROR"):
            raise SequenceError(f"{where}: only RUN_STARTED or RUN_ERROR after RUN_FINISHED")
        if kind == "RUN_STARTED":
            if active:
                raise SequenceError(f"{where}: a run is already active")
            active, finished, errored = True, False, False
            texts, tools, steps, spans, reasoning = set(), set(), set(), set(), set()
        elif kind == "RUN_ERROR":
            active, errored = False, True
        elif kind == "RUN_FINISHED":
            open_things = [
                (name, sorted(items))
                for name, items in (
                    ("text messages", texts),
                    ("tool calls", tools),
                    ("steps", steps),
                    ("reasoning spans", spans),
                    ("reasoning messages", reasoning),
                )
                if items
            ]
            if open_things:
                raise SequenceError(f"{where}: still open: {open_things}")
            active, finished = False, True
        elif kind == "TEXT_MESSAGE_START":
            _open(texts, frame["messageId"], where)
        elif kind == "TEXT_MESSAGE_CONTENT":
            _need(texts, frame["messageId"], where)
        elif kind == "TEXT_MESSAGE_END":
            _close(texts, frame["messageId"], where)
        elif kind == "TOOL_CALL_START":
            _open(tools, frame["toolCallId"], where)
        elif kind == "TOOL_CALL_ARGS":
            _need(tools, frame["toolCallId"], where)
        elif kind == "TOOL_CALL_END":
            _close(tools, frame["toolCallId"], where)
        elif kind == "STEP_STARTED":
            _open(steps, frame["stepName"], where)
        elif kind == "STEP_FINISHED":
            _close(steps, frame["stepName"], where)
        elif kind == "REASONING_START":
            _open(spans, frame["messageId"], where)
        elif kind == "REASONING_END":
            _close(spans, frame["messageId"], where)
        elif kind == "REASONING_MESSAGE_START":
            _open(reasoning, frame["messageId"], where)
        elif kind == "REASONING_MESSAGE_CONTENT":
            _need(reasoning, frame["messageId"], where)
        elif kind == "REASONING_MESSAGE_END":
            _close(reasoning, frame["messageId"], where)
    if not frames or frames[-1]["type"] not in ("RUN_FINISHED", "RUN_ERROR"):
        raise SequenceError("the stream did not end with RUN_FINISHED or RUN_ERROR")


def _open(items: set[str], key: str, where: str) -> None:
    if key in items:
        raise SequenceError(f"{where}: {key} is already open")
    items.add(key)


def _need(items: set[str], key: str, where: str) -> None:
    if key not in items:
        raise SequenceError(f"{where}: {key} is not open")


def _close(items: set[str], key: str, where: str) -> None:
    _need(items, key, where)
    items.discard(key)


def check_stream(frames: list[dict[str, Any]]) -> None:
    for frame in frames:
        check_event(frame)
    verify_events(frames)
