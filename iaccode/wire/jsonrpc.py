"""JSON-RPC 2.0 framing: one request body in, a `Request` or a `ParseFailure` out; responses out.

This module checks the envelope only (JSON-RPC 2.0 §4 "Request object", §4.1 "Notification", §4.2
"Parameter Structures", §5 "Response object"); what a method's params mean is the protocol
adapters' business. It never raises for bad input: a `ParseFailure` carries the error code and a
specific message, ready for `encode_error`, and the request id whenever it could be read first, so
the error response echoes it (§5: "If there was an error in detecting the id ... it MUST be
Null").

Choices the specification leaves open:

- Batches (§6) are refused with INVALID_REQUEST: A2A never sends them.
- An `id` of null is accepted as an ordinary id (§4 discourages it); only a missing `id` member
  makes a notification. Numbers with a fraction or exponent, even 1.0, are refused as ids (§4:
  they SHOULD NOT contain fractional parts), as are booleans.
- Method names starting with "rpc." are refused with INVALID_REQUEST: §4 reserves them, and a
  `ParseFailure` always means "send this error", which a notification would not get otherwise.
- Members other than jsonrpc, method, params and id are ignored.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import attrs

from iaccode.wire.json import DEFAULT_MAX_DEPTH, JSONDecodeError, NestingTooDeep, dumps, loads

# §5.1 "Error object": the pre-defined codes.
PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600
METHOD_NOT_FOUND: Final = -32601
INVALID_PARAMS: Final = -32602
INTERNAL_ERROR: Final = -32603

MAX_BODY_SIZE: Final = 8 * 1024 * 1024

RequestId: TypeAlias = str | int | None
Params: TypeAlias = dict[str, Any] | list[Any] | None


@attrs.frozen
class Request:
    """A well-formed request (§4); `is_notification` when it had no `id` member (§4.1)."""

    method: str
    params: Params
    id: RequestId
    is_notification: bool


@attrs.frozen
class ParseFailure:
    """A body that is not a request; answer it with `encode_error(id, code, message)`."""

    code: int
    message: str
    id: RequestId = None


_ABSENT: Final[Any] = object()


def parse_request(
    body: bytes, *, max_size: int = MAX_BODY_SIZE, max_depth: int = DEFAULT_MAX_DEPTH
) -> Request | ParseFailure:
    """Parse one JSON-RPC 2.0 request body.

    Args:
        body: the raw body, UTF-8 JSON.
        max_size: a framing guard; transports apply their own (HTTP) limits before this one.
        max_depth: how deeply arrays and objects may nest.

    Returns:
        The `Request`, or the `ParseFailure` to answer with.
    """
    if len(body) > max_size:
        return ParseFailure(INVALID_REQUEST, "Request body too large")
    try:
        message = loads(body, max_depth=max_depth)
    except NestingTooDeep:
        return ParseFailure(INVALID_REQUEST, f"Request nests deeper than {max_depth} levels")
    except JSONDecodeError:
        return ParseFailure(PARSE_ERROR, "Parse error")
    if isinstance(message, list):
        return ParseFailure(INVALID_REQUEST, "Batch requests are not supported")
    if not isinstance(message, dict):
        return ParseFailure(INVALID_REQUEST, "Request must be a JSON object")

    # The id is checked first so that every later failure can echo it.
    request_id = message.get("id", _ABSENT)
    is_notification = request_id is _ABSENT
    if is_notification:
        request_id = None
    elif isinstance(request_id, bool) or not isinstance(request_id, str | int | None):
        return ParseFailure(INVALID_REQUEST, "'id' must be a string, an integer or null")

    if message.get("jsonrpc") != "2.0":
        return ParseFailure(INVALID_REQUEST, "'jsonrpc' must be \"2.0\"", request_id)
    method = message.get("method")
    if not isinstance(method, str) or not method:
        return ParseFailure(INVALID_REQUEST, "'method' must be a non-empty string", request_id)
    if method.startswith("rpc."):
        return ParseFailure(
            INVALID_REQUEST, "Method names starting with 'rpc.' are reserved", request_id
        )
    params = message.get("params", _ABSENT)
    if params is _ABSENT:
        params = None
    elif not isinstance(params, dict | list):
        return ParseFailure(INVALID_PARAMS, "'params' must be an object or an array", request_id)
    return Request(method, params, request_id, is_notification)


def encode_result(id: RequestId, result: Any) -> bytes:
    """Encode a success response (§5); raises `TypeError` if `result` is not encodable."""
    return dumps({"jsonrpc": "2.0", "id": id, "result": result})


def encode_result_text(id: RequestId, result: bytes) -> bytes:
    """`encode_result(id, value)` for a `result` that is `dumps(value)` already (the same
    bytes); raises `TypeError` if `id` is not encodable."""
    return b'{"jsonrpc":"2.0","id":' + dumps(id) + b',"result":' + result + b"}"


def encode_error(id: RequestId, code: int, message: str, data: Any = _ABSENT) -> bytes:
    """Encode an error response (§5.1); `data` is included only when given.

    Never raises for an unencodable `data`: the response goes out without it, because an error
    response that cannot be sent would leave the client waiting.
    """
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not _ABSENT:
        error["data"] = data
    response = {"jsonrpc": "2.0", "id": id, "error": error}
    try:
        return dumps(response)
    except TypeError:
        error.pop("data", None)
        # A message quoting, say, a surrogate-escaped file name can hold a lone surrogate.
        error["message"] = message.encode("utf-8", "replace").decode("utf-8")
        return dumps(response)
