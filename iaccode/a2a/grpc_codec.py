"""The gRPC codec of A2A 1.0: protobuf requests to model objects, results and errors back.

The messages are the ones the A2A project publishes (`a2a.types.a2a_pb2`, generated from the
1.0 proto `lf.a2a.v1`, shipped by a2a-sdk): nothing is generated or vendored here. A protobuf
message and our model meet in ProtoJSON, which both sides implement (spec §5.5, ADR-001):
`json_format.MessageToDict` on the way in, the model codec's `unstructure` and
`json_format.ParseDict` on the way out. So a field the model does not know is ignored, as the
JSON bindings ignore it, and a missing REQUIRED field is the same `InvalidParamsError`.

Errors (spec §5.4, §10.6): a gRPC status code from the table below and a `google.rpc.Status`
whose details carry the error's `google.rpc.ErrorInfo` (domain `a2a-protocol.org`) or, for
invalid params, its `google.rpc.BadRequest`: the details the JSON bindings put in `data`.

Import this module only with the `grpc` extra installed (`iaccode.transports.grpc` checks).
"""

from __future__ import annotations

from typing import Any

from a2a.types import a2a_pb2
from google.protobuf import any_pb2, empty_pb2, json_format
from google.protobuf.message import DecodeError, Message
from google.rpc import error_details_pb2, status_pb2

from iaccode.a2a.grpc_fill import fill
from iaccode.model import a2a as m
from iaccode.model import codec
from iaccode.model.errors import (
    ERROR_DOMAIN,
    A2AError,
    ContentTypeNotSupportedError,
    ExtendedAgentCardNotConfiguredError,
    ExtensionSupportRequiredError,
    InternalError,
    InvalidAgentResponseError,
    InvalidParamsError,
    MethodNotFoundError,
    PushNotificationNotSupportedError,
    TaskNotCancelableError,
    TaskNotFoundError,
    UnsupportedOperationError,
    VersionNotSupportedError,
)
from iaccode.tasks.errors import ServerBusyError
from iaccode.wire import json

SERVICE = "lf.a2a.v1.A2AService"

# The request message of each method (the proto's rpc signatures).
REQUESTS: dict[str, type[Message]] = {
    "SendMessage": a2a_pb2.SendMessageRequest,
    "SendStreamingMessage": a2a_pb2.SendMessageRequest,
    "GetTask": a2a_pb2.GetTaskRequest,
    "ListTasks": a2a_pb2.ListTasksRequest,
    "CancelTask": a2a_pb2.CancelTaskRequest,
    "SubscribeToTask": a2a_pb2.SubscribeToTaskRequest,
    "CreateTaskPushNotificationConfig": a2a_pb2.TaskPushNotificationConfig,
    "GetTaskPushNotificationConfig": a2a_pb2.GetTaskPushNotificationConfigRequest,
    "ListTaskPushNotificationConfigs": a2a_pb2.ListTaskPushNotificationConfigsRequest,
    "DeleteTaskPushNotificationConfig": a2a_pb2.DeleteTaskPushNotificationConfigRequest,
    "GetExtendedAgentCard": a2a_pb2.GetExtendedAgentCardRequest,
}
STREAMING = frozenset({"SendStreamingMessage", "SubscribeToTask"})
_RESPONSES: dict[str, type[Message]] = {
    "SendMessage": a2a_pb2.SendMessageResponse,
    "GetTask": a2a_pb2.Task,
    "ListTasks": a2a_pb2.ListTasksResponse,
    "CancelTask": a2a_pb2.Task,
    "CreateTaskPushNotificationConfig": a2a_pb2.TaskPushNotificationConfig,
    "GetTaskPushNotificationConfig": a2a_pb2.TaskPushNotificationConfig,
    "ListTaskPushNotificationConfigs": a2a_pb2.ListTaskPushNotificationConfigsResponse,
    "DeleteTaskPushNotificationConfig": empty_pb2.Empty,
    "GetExtendedAgentCard": a2a_pb2.AgentCard,
}

# Spec §5.4: the gRPC status of each A2A error (the names of `grpc.StatusCode`).
_STATUS: dict[type[A2AError], str] = {
    TaskNotFoundError: "NOT_FOUND",
    TaskNotCancelableError: "FAILED_PRECONDITION",
    PushNotificationNotSupportedError: "UNIMPLEMENTED",
    UnsupportedOperationError: "UNIMPLEMENTED",
    ContentTypeNotSupportedError: "INVALID_ARGUMENT",
    InvalidAgentResponseError: "INTERNAL",
    ExtendedAgentCardNotConfiguredError: "FAILED_PRECONDITION",
    ExtensionSupportRequiredError: "FAILED_PRECONDITION",
    VersionNotSupportedError: "UNIMPLEMENTED",
    InvalidParamsError: "INVALID_ARGUMENT",
    MethodNotFoundError: "UNIMPLEMENTED",
    InternalError: "INTERNAL",
    # A limit reached: retry later, as HTTP's 503 says (docs/operations.md).
    ServerBusyError: "UNAVAILABLE",
}
_ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo"
_DETAIL_TYPES: dict[str, type[Message]] = {
    _ERROR_INFO: error_details_pb2.ErrorInfo,
    "type.googleapis.com/google.rpc.BadRequest": error_details_pb2.BadRequest,
}
# grpc.StatusCode values, without importing grpc here (the numbers are fixed by gRPC).
_CODES = {
    "OK": 0,
    "CANCELLED": 1,
    "UNKNOWN": 2,
    "INVALID_ARGUMENT": 3,
    "DEADLINE_EXCEEDED": 4,
    "NOT_FOUND": 5,
    "PERMISSION_DENIED": 7,
    "RESOURCE_EXHAUSTED": 8,
    "FAILED_PRECONDITION": 9,
    "UNIMPLEMENTED": 12,
    "INTERNAL": 13,
    "UNAVAILABLE": 14,
    "UNAUTHENTICATED": 16,
}


def decode_request(
    method: str, raw: bytes, params: type[Any], *, max_depth: int = json.DEFAULT_MAX_DEPTH
) -> Any:
    """The model request of `method` (a 1.0 name) from its serialized protobuf message.

    `max_depth` is `max-json-depth`, applied to the request's ProtoJSON as HTTP+JSON applies it
    to its body (a Struct, say message metadata, nests as deep as a client likes).

    Raises:
        InvalidParamsError: the bytes are not a valid message of that type, the message nests
            deeper than `max_depth`, or it misses a REQUIRED field or holds a value the model
            refuses.
    """
    message = REQUESTS[method]()
    try:
        message.ParseFromString(raw)
    except DecodeError:
        raise InvalidParamsError(
            f"The request is not a valid {message.DESCRIPTOR.full_name} message"
        ) from None
    value = json_format.MessageToDict(message)
    try:
        json.check_depth(value, max_depth)
    except json.NestingTooDeep as exc:
        raise InvalidParamsError(str(exc)) from None
    return codec.structure(value, params)


def encode_result(method: str, result: Any, *, card: dict[str, Any] | None = None) -> bytes:
    """The serialized protobuf response of a unary `method` for the service's `result`.

    `card` is the extended card as served (signed) for GetExtendedAgentCard.
    """
    message = _RESPONSES[method]()
    if method == "GetExtendedAgentCard" and card is not None:
        json_format.ParseDict(card, message, ignore_unknown_fields=True)  # signed: as served
    elif method == "SendMessage":
        kind = "message" if isinstance(result, m.Message) else "task"
        _member(message, kind, result)
    elif method != "DeleteTaskPushNotificationConfig":  # that one answers Empty
        fill(message, result)
    raw: bytes = message.SerializeToString()
    return raw


_EVENT_MEMBERS = {
    m.TaskStatusUpdateEvent: "status_update",
    m.TaskArtifactUpdateEvent: "artifact_update",
    m.Task: "task",
    m.Message: "message",
}


def encode_event(event: m.StreamEvent) -> bytes:
    """One serialized `StreamResponse` (the event in its oneof member)."""
    message = a2a_pb2.StreamResponse()
    _member(message, _EVENT_MEMBERS[type(event)], event)
    raw: bytes = message.SerializeToString()
    return raw


def _member(message: Message, name: str, value: Any) -> None:
    """Set the oneof member `name` of `message` to the model object `value`."""
    member = getattr(message, name)
    fill(member, value)
    member.SetInParent()


def error_status(error: A2AError) -> tuple[str, str, bytes]:
    """`error` as gRPC answers it: the status code's name, the message, and the serialized
    `google.rpc.Status` (for the `grpc-status-details-bin` trailer) with the A2A details."""
    name = next((v for k, v in _STATUS.items() if isinstance(error, k)), "FAILED_PRECONDITION")
    status = status_pb2.Status(code=_CODES[name], message=error.message)
    details = error.v1_data()
    if not any(d.get("@type") == _ERROR_INFO for d in details):
        # JSON-RPC's own errors carry no ErrorInfo there; over gRPC the status code is all a
        # client would see, so they get one too (with the a2a-sdk's reasons).
        reason = "INTERNAL_ERROR" if type(error) is InternalError else error.reason
        details = [{"@type": _ERROR_INFO, "reason": reason, "domain": ERROR_DOMAIN}, *details]
    for detail in details:
        detail = dict(detail)
        kind = _DETAIL_TYPES.get(detail.pop("@type", ""))
        if kind is None:
            continue
        packed = any_pb2.Any()
        packed.Pack(json_format.ParseDict(detail, kind(), ignore_unknown_fields=True))
        status.details.append(packed)
    return name, error.message, status.SerializeToString()


__all__ = [
    "REQUESTS",
    "SERVICE",
    "STREAMING",
    "decode_request",
    "encode_event",
    "encode_result",
    "error_status",
]
