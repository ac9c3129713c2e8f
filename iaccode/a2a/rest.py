"""The HTTP+JSON (REST) binding of A2A 1.0 (spec §11; proto `google.api.http` options).

    POST   /message:send                                  SendMessage
    POST   /message:stream                                SendStreamingMessage (SSE)
    GET    /tasks/{id}?historyLength=                     GetTask
    GET    /tasks?contextId=&status=&pageSize=...         ListTasks
    POST   /tasks/{id}:cancel                             CancelTask
    GET    /tasks/{id}:subscribe  (and POST, spec §11.3)  SubscribeToTask (SSE)
    POST   /tasks/{id}/pushNotificationConfigs            CreateTaskPushNotificationConfig
    GET    /tasks/{id}/pushNotificationConfigs            ListTaskPushNotificationConfigs
    GET    /tasks/{id}/pushNotificationConfigs/{cid}      GetTaskPushNotificationConfig
    DELETE /tasks/{id}/pushNotificationConfigs/{cid}      DeleteTaskPushNotificationConfig
    GET    /extendedAgentCard                             GetExtendedAgentCard

Every path may also start with `/{tenant}` (the proto's additional bindings, which the a2a-sdk
client uses when a request names a tenant); the tenant goes into the params as in JSON-RPC.

REST is a codec over the call layer (`iaccode.a2a.calls`), like JSON-RPC: a route names an
operation, its params come from the body, the path and (for GET and DELETE) the query (spec
§11.5), and the call layer runs it. So the version and extension checks, params validation,
ownership and error handling are the ones every binding gets, not a copy; results are encoded
straight to ProtoJSON (`iaccode.a2a.protojson`), and errors from the typed error itself: no
JSON-RPC envelope or error object is built or read.

Answers are the bare ProtoJSON results; SSE events are bare StreamResponse objects (spec §11.7).
Errors are AIP-193 `{"error": {"code": <HTTP status>, "status", "message", "details"}}` with the
error's details (a `google.rpc.ErrorInfo` for A2A errors, what JSON-RPC puts in `data`) as
`details` (spec §11.6).
HTTP statuses follow spec §5.4 (1.0.1, as a2a.md §4 and the a2a-sdk): TaskNotFound 404, other
A2A errors 400, InvalidAgentResponse and internal errors 500. A request body that is not JSON
by its Content-Type gets 415 Unsupported Media Type, the HTTP status made for exactly that.
A refusal for load (`ServerBusyError`, a limit such as max-concurrent-turns reached;
docs/operations.md) is 503 `UNAVAILABLE` with `Retry-After`, as
the HTTP server's own busy answers are: the request may simply be sent again.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, unquote

import attrs

from iaccode.a2a import protojson
from iaccode.a2a.calls import OPERATIONS, CallLayer, CallMeta
from iaccode.a2a.protojson import stream_response, task_of
from iaccode.model import a2a as m
from iaccode.model import codec
from iaccode.model.errors import (
    A2AError,
    ContentTypeNotSupportedError,
    InternalError,
    InvalidAgentResponseError,
    InvalidParamsError,
    MethodNotFoundError,
    TaskNotFoundError,
)
from iaccode.tasks.broker import SubscriberOverflow, Subscription
from iaccode.tasks.errors import ServerBusyError
from iaccode.wire import json
from iaccode.wire.access import note_call
from iaccode.wire.http import EventStreamResponse, HttpRequest, HttpResponse, json_response

JSON_MEDIA_TYPES = frozenset({"application/json", "application/a2a+json"})

# ListTasks' one boolean: a query string carries "true"/"false", ProtoJSON wants a JSON bool.
_BOOLEAN_QUERY = frozenset({"includeArtifacts", "include_artifacts"})
_SNAKE = {"taskId": "task_id"}  # the path ids whose snake_case spelling a body could also use
Headers = tuple[tuple[str, str], ...]


@attrs.frozen
class RestRoute:
    """A path that names a REST resource: its methods, and the ids the path carried."""

    methods: Mapping[str, str]  # HTTP method -> operation (its 1.0 name)
    params: Mapping[str, str]  # JSON name -> value taken from the path (and the tenant)

    @property
    def allow(self) -> str:
        return ", ".join(self.methods)


_ID = r"[^/]+"
_ROUTES: list[tuple[re.Pattern[str], dict[str, str]]] = [
    (re.compile(p), m)
    for p, m in [
        (r"/message:send", {"POST": "SendMessage"}),
        (r"/message:stream", {"POST": "SendStreamingMessage"}),
        (r"/tasks", {"GET": "ListTasks"}),
        # The custom verbs come before /tasks/{id}, which would take "x:cancel" for an id.
        (rf"/tasks/(?P<id>{_ID}):cancel", {"POST": "CancelTask"}),
        (rf"/tasks/(?P<id>{_ID}):subscribe", {"GET": "SubscribeToTask", "POST": "SubscribeToTask"}),
        (rf"/tasks/(?P<id>{_ID})", {"GET": "GetTask"}),
        (
            rf"/tasks/(?P<taskId>{_ID})/pushNotificationConfigs",
            {"POST": "CreateTaskPushNotificationConfig", "GET": "ListTaskPushNotificationConfigs"},
        ),
        (
            rf"/tasks/(?P<taskId>{_ID})/pushNotificationConfigs/(?P<id>{_ID})",
            {"GET": "GetTaskPushNotificationConfig", "DELETE": "DeleteTaskPushNotificationConfig"},
        ),
        (r"/extendedAgentCard", {"GET": "GetExtendedAgentCard"}),
    ]
]
_TENANT = re.compile(r"/(?P<tenant>[^/]+)(?P<rest>/.+)")
_SLASHES = re.compile(r"//+")

# Spec §5.4 (1.0.1): the HTTP status and google.rpc code of each error, by its A2A error code.
_STATUS: dict[int, tuple[int, str]] = {
    TaskNotFoundError.code: (404, "NOT_FOUND"),
    ContentTypeNotSupportedError.code: (400, "INVALID_ARGUMENT"),
    InvalidAgentResponseError.code: (500, "INTERNAL"),
    InvalidParamsError.code: (400, "INVALID_ARGUMENT"),
    MethodNotFoundError.code: (404, "NOT_FOUND"),
    InternalError.code: (500, "INTERNAL"),
}
_A2A_ERROR = (400, "FAILED_PRECONDITION")  # every other A2A error (-32001..-32099)
_UNKNOWN_ERROR = (500, "INTERNAL")
# A busy refusal (`iaccode.tasks.errors.ServerBusyError`; over JSON-RPC the internal -32603).
_BUSY_ERROR = (503, "UNAVAILABLE")
RETRY_AFTER_SECONDS = 1  # as the HTTP server's own 503s (`iaccode.wire.http.busy_response`)


class RestBinding:
    """Maps REST requests onto the call layer's operations and their results back onto HTTP."""

    def __init__(self, calls: CallLayer, base_path: str = "") -> None:
        self._calls = calls
        self._texts = protojson.ResultTexts()
        self._base = base_path.rstrip("/")  # the path of the advertised URL, served like "/"

    def match(self, path: str) -> RestRoute | None:
        """The route `path` names, or None when it is not a REST path at all."""
        path = _SLASHES.sub("/", path)  # "<url>/" + "/message:send", as naive clients join
        if self._base and path.startswith(self._base + "/"):
            path = path[len(self._base) :]
        route = _match(path)
        if route is None and (tenant := _TENANT.fullmatch(path)):
            route = _match(tenant["rest"])
            if route is not None:
                params = {**route.params, "tenant": unquote(tenant["tenant"])}
                route = attrs.evolve(route, params=params)
        return route

    async def handle(
        self,
        route: RestRoute,
        request: HttpRequest,
        meta: CallMeta,
        headers: Headers = (),
    ) -> HttpResponse | EventStreamResponse:
        """Answer `request` (authenticated already, its method one of `route.methods`).

        Returns the JSON answer (an AIP-193 error for a refusal), or the SSE stream of a
        streaming operation; raises nothing but `trio.Cancelled` (the call layer turns any
        failure into InternalError).
        """
        try:
            params = _params(route, request, self._calls.max_depth)
        except _Refused as refused:
            return _error_response(refused.error, headers, status=refused.status)
        name = route.methods[request.method]
        note_call(name, task_of(params))
        op = OPERATIONS[name]
        try:
            self._calls.check(meta)
            decoded = codec.structure(params, op.params)
            result = await self._calls.invoke(op, decoded, meta)
        except A2AError as exc:
            return _error_response(exc, headers)
        if isinstance(result, Subscription):
            note_call(task_id=result.task_id)
            return EventStreamResponse(_RestEvents(result), headers)
        if isinstance(result, m.Task):
            note_call(task_id=result.id)
        if name == "GetExtendedAgentCard":
            text = json.dumps(self._calls.extended_card(result, served_at=meta.served_at))
        else:
            text = self._texts.text(name, result)
        return json_response(200, text, headers)


def _match(path: str) -> RestRoute | None:
    for pattern, methods in _ROUTES:
        found = pattern.fullmatch(path)
        if found:
            ids = {name: unquote(value) for name, value in found.groupdict().items()}
            return RestRoute(methods, ids)
    return None


class _Refused(Exception):
    """The request cannot become params: answer `error`, with `status` when it is not the
    error's own."""

    def __init__(self, error: A2AError, status: int | None = None) -> None:
        super().__init__(error.message)
        self.error = error
        self.status = status


def _params(route: RestRoute, request: HttpRequest, max_depth: int) -> dict[str, Any]:
    """The method's params: the body (POST) or the query (GET, DELETE), then the path's ids."""
    params: dict[str, Any]
    if request.method == "POST":
        params = _body(request, max_depth)
    else:
        params = dict(parse_qsl(request.query, keep_blank_values=True))
        for key in _BOOLEAN_QUERY & params.keys():
            params[key] = {"true": True, "false": False}.get(params[key], params[key])
    for name, value in route.params.items():
        # The path names the resource; a body member spelling it otherwise does not win.
        params.pop(_SNAKE.get(name, name), None)
        params[name] = value
    return params


def _body(request: HttpRequest, max_depth: int) -> dict[str, Any]:
    if not request.body.strip():
        return {}  # :cancel and :subscribe may come without a body (a2a-sdk, TCK)
    if request.media_type not in JSON_MEDIA_TYPES:
        wrong_type = ContentTypeNotSupportedError("Content-Type must be application/json")
        raise _Refused(wrong_type, status=415)
    try:
        body = json.loads(request.body, max_depth=max_depth)
    except json.NestingTooDeep as exc:
        raise _Refused(InvalidParamsError(str(exc))) from None
    except json.JSONDecodeError:
        raise _Refused(InvalidParamsError("The request body is not valid JSON")) from None
    if not isinstance(body, dict):
        error = InvalidParamsError("The request body must be a JSON object", field="body")
        raise _Refused(error)
    return body


def _error_body(error: A2AError) -> tuple[int, dict[str, Any]]:
    """`error` as an AIP-193 error (spec §11.6), with its HTTP status."""
    if isinstance(error, ServerBusyError):
        status, name = _BUSY_ERROR
    elif error.code in _STATUS:
        status, name = _STATUS[error.code]
    elif -32099 <= error.code <= -32001:
        status, name = _A2A_ERROR
    else:
        status, name = _UNKNOWN_ERROR
    body: dict[str, Any] = {"code": status, "status": name, "message": error.message}
    details = error.v1_data()
    if details:
        body["details"] = details
    return status, {"error": body}


def _error_response(
    error: A2AError, headers: Headers = (), *, status: int | None = None
) -> HttpResponse:
    """The AIP-193 answer for `error`; `status` overrides the mapped one."""
    mapped, body = _error_body(error)
    if status is not None:
        body["error"]["code"] = status
    if (status or mapped) == _BUSY_ERROR[0]:
        headers = (*headers, ("retry-after", str(RETRY_AFTER_SECONDS)))
    return json_response(status or mapped, body, headers)


class _RestEvents:
    """A subscription's events as bare StreamResponse objects (spec §11.7).

    A failure in mid-stream (a subscriber that fell behind) becomes one event holding the
    AIP-193 error; the stream then ends."""

    def __init__(self, subscription: Subscription) -> None:
        self._subscription = subscription

    async def receive(self) -> bytes:
        return _event(await self._subscription.receive())

    def receive_nowait(self) -> bytes:
        return _event(self._subscription.receive_nowait())

    def aclose(self) -> None:
        self._subscription.close()


def _event(event: m.StreamEvent | SubscriberOverflow) -> bytes:
    if isinstance(event, SubscriberOverflow):
        error = InternalError(
            "The stream fell too far behind and was closed; use SubscribeToTask to resume."
        )
        return json.dumps(_error_body(error)[1])
    return json.dumps(stream_response(event))


__all__ = ["JSON_MEDIA_TYPES", "RestBinding", "RestRoute"]
