"""Fuzz the A2A codec: ProtoJSON in and out (`iaccode.model.codec`) and the 0.3 dialect
(`iaccode.a2a.legacy`), along the path a request takes through the dispatcher.

Run with atheris installed: `python fuzz/fuzz_codec.py fuzz/corpus/codec` (or `scripts/fuzz
codec`). The tests replay the corpus through `TestOneInput` without atheris.

An input is one JSON document. A JSON-RPC request (`{"method": ..., "params": {...}}`) is decoded
as that method's params, with a 0.3 method translated first, as `Dispatcher` does; any other
document is decoded as the params of every method and as every value the server emits.

Invariants:
- decoding raises nothing but `InvalidParamsError` (answered -32602), whose error response
  encodes in both dialects; translating 0.3 params raises nothing and does not modify its input;
- whatever decodes re-encodes to JSON, and decoding that gives the same value (and encoding it
  again the same JSON);
- every value the server emits translates to its 0.3 form, and back again to the same value where
  0.3 can say the same thing (messages and parts; push configs).
"""

from __future__ import annotations

import sys
from typing import Any

from iaccode.a2a import calls, dispatch, legacy
from iaccode.model import a2a as m
from iaccode.model import codec, errors
from iaccode.wire import json

# The params type of every method, from the call layer's own table.
_PARAMS: dict[str, type[Any]] = {name: op.params for name, op in calls.OPERATIONS.items()}
_VALUES: tuple[type[Any], ...] = (
    m.Message,
    m.Part,
    m.Task,
    m.TaskStatusUpdateEvent,
    m.TaskArtifactUpdateEvent,
    m.TaskPushNotificationConfig,
    m.ListTasksResponse,
    m.AgentCard,
)
_OUTPUT_DEPTH = json.DEFAULT_MAX_DEPTH + 16  # encoding may add a few levels around the input


def _decode(document: Any, cls: type[Any], *, legacy_dialect: bool) -> Any:
    """The decoded value, or None when it was refused as the dispatcher would refuse it."""
    try:
        return codec.structure(document, cls)
    except errors.InvalidParamsError as exc:
        assert exc.message
        assert exc.field is None or isinstance(exc.field, str)
        response = json.loads(errors.encode_error(7, exc, legacy=legacy_dialect))
        assert response["error"]["code"] == -32602
        return None


def _round_trip(value: Any, cls: type[Any]) -> Any:
    encoded = codec.unstructure(value)
    again = codec.structure(json.loads(json.dumps(encoded), max_depth=_OUTPUT_DEPTH), cls)
    assert again == value, (value, again)
    assert codec.unstructure(again) == encoded
    return encoded


def _lossless_in_0_3(part: m.Part) -> bool:
    """Whether 0.3 can hold `part` as it is (a2a.md §9 "Conversion rules")."""
    kind = part.content_kind
    if kind in ("raw", "url"):
        return True
    if part.filename is not None or part.media_type is not None:
        return False  # 0.3 text and data parts carry no name or media type
    if part.metadata is not None and "iaccode_wrapped_value" in part.metadata:
        return False
    return kind == "text" or (kind == "data" and isinstance(part.data, dict))


def _check_message_0_3(message: m.Message, encoded: dict[str, Any]) -> None:
    v03 = legacy.message_to_v03(encoded)
    assert v03["kind"] == "message" and v03["role"] in ("user", "agent")
    assert all(part["kind"] in ("text", "file", "data") for part in v03["parts"])
    lossless = message.role != m.Role.ROLE_UNSPECIFIED and all(
        _lossless_in_0_3(part) for part in message.parts
    )
    if lossless:
        back = codec.structure(legacy.message_to_v1(v03), m.Message)
        assert back == message, (message, back)


def _check_0_3_output(value: Any, encoded: Any) -> None:
    """What the dispatcher does to a result for a 0.3 caller."""
    if isinstance(value, m.Message):
        _check_message_0_3(value, encoded)
        assert legacy.send_result_to_v03({"message": encoded})["kind"] == "message"
    elif isinstance(value, m.Part):
        v03 = legacy.part_to_v03(encoded)
        if _lossless_in_0_3(value):
            assert codec.structure(legacy.part_to_v1(v03), m.Part) == value
    elif isinstance(value, m.Task):
        assert legacy.task_to_v03(encoded)["kind"] == "task"
        assert legacy.send_result_to_v03({"task": encoded})["status"]["state"]
        for message in [*(value.history or ()), value.status.message]:
            if message is not None:
                _check_message_0_3(message, codec.unstructure(message))
    elif isinstance(value, m.TaskPushNotificationConfig):
        v03 = legacy.push_config_to_v03(encoded)
        if value.task_id is not None and value.id is not None and value.tenant is None:
            params = legacy.params_to_v1("tasks/pushNotificationConfig/set", v03)
            assert codec.structure(params, m.TaskPushNotificationConfig) == value
    if isinstance(value, m.Task | m.Message | m.TaskStatusUpdateEvent | m.TaskArtifactUpdateEvent):
        for final in (False, True):
            event = legacy.stream_response_to_v03(dispatch.stream_response(value), final=final)
            assert event["kind"] in ("task", "message", "status-update", "artifact-update")
            json.dumps(event)


def _check(method: str | None, params: Any) -> None:
    name = legacy.METHODS.get(method, method) if method is not None else None
    legacy_dialect = name != method
    if legacy_dialect and isinstance(params, dict):
        assert method is not None
        try:
            params = legacy.params_to_v1(method, params)
        except errors.InvalidParamsError as exc:  # a 0.3 part without its kind: -32602
            response = json.loads(errors.encode_error(7, exc, legacy=True))
            assert response["error"]["code"] == -32602
            return
        assert isinstance(params, dict)
    if name in _PARAMS:
        targets: tuple[type[Any], ...] = (_PARAMS[name],)
    else:
        targets = (*dict.fromkeys(_PARAMS.values()), *_VALUES)
    for cls in targets:
        value = _decode(params, cls, legacy_dialect=legacy_dialect)
        if value is None:
            continue
        encoded = _round_trip(value, cls)
        _check_0_3_output(value, encoded)
        if isinstance(value, m.SendMessageRequest):
            _check_0_3_output(value.message, codec.unstructure(value.message))


def TestOneInput(data: bytes) -> None:
    try:
        document = json.loads(data)
    except json.JSONDecodeError:
        return
    if isinstance(document, dict) and isinstance(document.get("method"), str):
        method: str = document["method"]
        params = document.get("params", {})
        if isinstance(params, dict):
            snapshot = repr(params)
            _check(method, params)
            assert repr(params) == snapshot  # translation never edits the caller's params
        return
    _check(None, document)


if __name__ == "__main__":
    import atheris
    from _support import instrument, make_mutator

    instrument("iaccode", "cattrs")
    atheris.Setup(sys.argv, TestOneInput, custom_mutator=make_mutator())
    atheris.Fuzz()
