"""Errors answered by another replica (iaccode.a2a.replicas) are raised on the caller's replica
as the same A2A error: kind, message, metadata and field; nothing else crosses."""

from __future__ import annotations

from iaccode.a2a.replicas import decode_error, encode_error
from iaccode.a2a.service import ServerBusyError
from iaccode.model.errors import InternalError, InvalidParamsError, TaskNotFoundError
from iaccode.tasks.contexts import WorkspaceMismatch
from iaccode.wire import json


def roundtrip(error: Exception) -> Exception:
    return decode_error(json.loads(json.dumps(encode_error(error))))  # type: ignore[arg-type]


def test_kind_message_and_metadata_cross() -> None:
    got = roundtrip(TaskNotFoundError("Task t1 not found", taskId="t1"))
    assert type(got) is TaskNotFoundError
    assert got.message == "Task t1 not found" and got.metadata == {"taskId": "t1"}
    busy = roundtrip(ServerBusyError("busy", limit="max-concurrent-turns", max="2"))
    assert type(busy) is ServerBusyError and busy.metadata["limit"] == "max-concurrent-turns"


def test_a_subclass_crosses_as_its_known_kind_with_its_field() -> None:
    got = roundtrip(WorkspaceMismatch("A2A context belongs to a different workspace", field="f"))
    assert type(got) is InvalidParamsError and got.field == "f"
    assert got.message == "A2A context belongs to a different workspace"


def test_an_unknown_kind_is_an_internal_error_with_the_generic_message() -> None:
    data = {"type": "SomethingElse", "message": "/secret/path leaked", "metadata": {}}
    got = decode_error(data)
    assert type(got) is InternalError and got.message == InternalError.default_message
    assert "/secret" not in str(got)
