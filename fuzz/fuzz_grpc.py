"""Fuzz the gRPC codecs: protobuf requests into the model (`iaccode.a2a.grpc_codec`), model
values into protobuf (`iaccode.a2a.grpc_fill`), and the JSON-RPC envelope of `grpc-jsonrpc`.

Run with atheris installed: `python fuzz/fuzz_grpc.py fuzz/corpus/grpc` (or `scripts/fuzz grpc`).
The tests replay the corpus through `TestOneInput` without atheris.

An input is any bytes, read as the serialized request of every A2A method, as every message the
server sends, and as a JsonRpcEnvelope.

Invariants:
- decoding a request raises nothing but `InvalidParamsError` (answered INVALID_ARGUMENT), whose
  gRPC status carries an ErrorInfo with reason INVALID_PARAMS;
- a request that decodes re-encodes to ProtoJSON and decodes to the same value;
- a message the server sends that parses and decodes into the model is written back by the
  descriptor walk exactly as protobuf's own ParseDict writes it;
- an envelope opens or raises `ValueError`, nothing else.
"""

from __future__ import annotations

import sys
from typing import Any

from a2a.types import a2a_pb2
from google.protobuf import json_format
from google.protobuf.message import DecodeError
from google.rpc import error_details_pb2, status_pb2

from iaccode.a2a import calls, grpc_codec
from iaccode.a2a.grpc_fill import fill
from iaccode.model import a2a as m
from iaccode.model import codec, errors
from iaccode.transports.grpc_jsonrpc import open_envelope

# Every model value gRPC sends, with its message type (tests/a2a/test_grpc_fill.py uses it too).
SENT: tuple[tuple[type[Any], Any], ...] = (
    (m.Task, a2a_pb2.Task),
    (m.Message, a2a_pb2.Message),
    (m.TaskStatusUpdateEvent, a2a_pb2.TaskStatusUpdateEvent),
    (m.TaskArtifactUpdateEvent, a2a_pb2.TaskArtifactUpdateEvent),
    (m.TaskPushNotificationConfig, a2a_pb2.TaskPushNotificationConfig),
    (m.ListTasksResponse, a2a_pb2.ListTasksResponse),
    (m.ListTaskPushNotificationConfigsResponse, a2a_pb2.ListTaskPushNotificationConfigsResponse),
    (m.AgentCard, a2a_pb2.AgentCard),
)


def _check_refusal(exc: errors.InvalidParamsError) -> None:
    name, message, details = grpc_codec.error_status(exc)
    assert name == "INVALID_ARGUMENT" and message == exc.message
    status = status_pb2.Status.FromString(details)
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info) and info.reason == "INVALID_PARAMS"


def _check_requests(data: bytes) -> None:
    for name, op in calls.OPERATIONS.items():
        try:
            value = grpc_codec.decode_request(name, data, op.params)
        except errors.InvalidParamsError as exc:
            _check_refusal(exc)
            continue
        again = codec.structure(codec.unstructure(value), op.params)
        assert again == value, (name, value, again)


def _check_sent(data: bytes) -> None:
    for model, proto in SENT:
        message = proto()
        try:
            message.ParseFromString(data)
        except DecodeError:
            continue
        try:
            value = codec.structure(json_format.MessageToDict(message), model)
        except errors.InvalidParamsError:
            continue
        expected = proto()
        try:
            json_format.ParseDict(codec.unstructure(value), expected, ignore_unknown_fields=True)
        except json_format.ParseError:
            continue  # a value protobuf itself refuses to write back
        assert fill(proto(), value) == expected, (model, value)


def TestOneInput(data: bytes) -> None:
    _check_requests(data)
    _check_sent(data)
    try:
        payload = open_envelope(data)
    except ValueError:
        return
    assert isinstance(payload, bytes)


if __name__ == "__main__":
    import atheris
    from _support import instrument

    instrument("iaccode", "google.protobuf")
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
