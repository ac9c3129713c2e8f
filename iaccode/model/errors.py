"""A2A and JSON-RPC errors as exceptions, and their two wire forms.

A handler raises an `A2AError`; the dispatcher turns it into a JSON-RPC error object. In 1.0 the
`data` member is a list of ProtoJSON `Any` values (spec §9.5): A2A errors carry a
`google.rpc.ErrorInfo` with `reason` and domain `a2a-protocol.org`, validation errors a
`google.rpc.BadRequest` with field violations. In 0.3 `data` is a free-form object (v0.3.0 spec §8)
and the codes -32008/-32009 do not exist, so they are reported as -32603 (what a2a-sdk does too).

Messages are written for the caller and never contain local paths, secrets or provider details.
"""

from __future__ import annotations

from typing import Any, ClassVar

from iaccode.wire import jsonrpc

ERROR_DOMAIN = "a2a-protocol.org"
_ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo"
_BAD_REQUEST = "type.googleapis.com/google.rpc.BadRequest"


class A2AError(Exception):
    """An error answered to the caller. Subclasses fix the code, reason and default message."""

    code: ClassVar[int] = jsonrpc.INTERNAL_ERROR
    reason: ClassVar[str] = "INTERNAL"
    default_message: ClassVar[str] = "Internal error"

    def __init__(self, message: str | None = None, **metadata: str) -> None:
        self.message = message or self.default_message
        self.metadata = metadata
        super().__init__(self.message)

    def v1_data(self) -> list[dict[str, Any]]:
        info: dict[str, Any] = {"@type": _ERROR_INFO, "reason": self.reason, "domain": ERROR_DOMAIN}
        if self.metadata:
            info["metadata"] = dict(self.metadata)
        return [info]

    def v03_data(self) -> dict[str, Any] | None:
        return dict(self.metadata) or None

    v03_code: ClassVar[int | None] = None  # None: same code as in 1.0


class TaskNotFoundError(A2AError):
    code = -32001
    reason = "TASK_NOT_FOUND"
    default_message = "Task not found"


class TaskNotCancelableError(A2AError):
    code = -32002
    reason = "TASK_NOT_CANCELABLE"
    default_message = "Task cannot be canceled"


class PushNotificationNotSupportedError(A2AError):
    code = -32003
    reason = "PUSH_NOTIFICATION_NOT_SUPPORTED"
    default_message = "Push notifications are not supported"


class UnsupportedOperationError(A2AError):
    code = -32004
    reason = "UNSUPPORTED_OPERATION"
    default_message = "This operation is not supported"


class ContentTypeNotSupportedError(A2AError):
    code = -32005
    reason = "CONTENT_TYPE_NOT_SUPPORTED"
    default_message = "Content type not supported"


class InvalidAgentResponseError(A2AError):
    code = -32006
    reason = "INVALID_AGENT_RESPONSE"
    default_message = "The agent returned an invalid response"


class ExtendedAgentCardNotConfiguredError(A2AError):
    code = -32007
    reason = "EXTENDED_AGENT_CARD_NOT_CONFIGURED"
    default_message = "Extended agent card is not configured"


class ExtensionSupportRequiredError(A2AError):
    code = -32008
    reason = "EXTENSION_SUPPORT_REQUIRED"
    default_message = "A required extension is not supported by the client"
    v03_code = jsonrpc.INTERNAL_ERROR


class VersionNotSupportedError(A2AError):
    code = -32009
    reason = "VERSION_NOT_SUPPORTED"
    default_message = "A2A protocol version not supported"
    v03_code = jsonrpc.INTERNAL_ERROR


class InvalidParamsError(A2AError):
    """-32602 with a `google.rpc.BadRequest` naming the offending field (spec §9.5)."""

    code = jsonrpc.INVALID_PARAMS
    reason = "INVALID_PARAMS"
    default_message = "Invalid params"

    def __init__(self, message: str | None = None, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field

    def v1_data(self) -> list[dict[str, Any]]:
        if self.field is None:
            return []
        violation = {"field": self.field, "description": self.message}
        return [{"@type": _BAD_REQUEST, "fieldViolations": [violation]}]

    def v03_data(self) -> dict[str, Any] | None:
        return {"field": self.field} if self.field else None


class MethodNotFoundError(A2AError):
    code = jsonrpc.METHOD_NOT_FOUND
    reason = "METHOD_NOT_FOUND"
    default_message = "Method not found"

    def v1_data(self) -> list[dict[str, Any]]:
        return []


class InternalError(A2AError):
    """An unexpected failure. Its message is always the generic one."""

    def v1_data(self) -> list[dict[str, Any]]:
        return []


def encode_error(request_id: str | int | None, error: A2AError, *, legacy: bool) -> bytes:
    """The JSON-RPC error response for `error`, in the 1.0 or the 0.3 form."""
    return jsonrpc.encode_error(request_id, **error_object(error, legacy=legacy))


def error_object(error: A2AError, *, legacy: bool) -> dict[str, Any]:
    """The error object alone, for stream events and transports that build their own envelope."""
    code = error.v03_code if legacy and error.v03_code is not None else error.code
    obj: dict[str, Any] = {"code": code, "message": error.message}
    data = error.v03_data() if legacy else (error.v1_data() or None)
    if data is not None:
        obj["data"] = data
    return obj
