"""JSON-RPC in, A2A out: the JSON-RPC codec over the call layer (`iaccode.a2a.calls`).

Spec §9; A2A seed "JSON-RPC-Methoden".

A transport hands over the request body and what its headers said (`RequestMeta`) and gets back a
`Reply`: a JSON body, a stream of JSON-RPC response bodies (one per event), or nothing for a
notification. Transports only frame those bytes (HTTP+SSE, NDJSON lines, WebSocket frames).

Order of checks (spec §9; a2a.md §12): the envelope (-32700/-32600), the method (-32601), the
protocol version and required extensions (the call layer's `check`), the params (-32602), then
the operation itself. Errors found before a
stream starts are a plain JSON reply, never a half-open stream.

Dialects: 1.0 method names (PascalCase) use ProtoJSON; 0.3 names (`message/send`...) are
translated by `iaccode.a2a.legacy` on the way in and out. The method name alone decides, so a 0.3
client that sends no `A2A-Version` header (AgentCore's documented example) just works.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import attrs

from iaccode.a2a import legacy, protojson
from iaccode.a2a.calls import OPERATIONS, SHUTTING_DOWN, CallLayer, CallMeta
from iaccode.a2a.protojson import stream_response, task_of
from iaccode.a2a.service import A2AService
from iaccode.model import a2a as m
from iaccode.model import codec
from iaccode.model.errors import (
    A2AError,
    InternalError,
    InvalidParamsError,
    MethodNotFoundError,
    encode_error,
)
from iaccode.model.ids import new_id
from iaccode.tasks.broker import SubscriberOverflow, Subscription
from iaccode.tasks.errors import ServerBusyError
from iaccode.wire import jsonrpc
from iaccode.wire.access import note_call

log = logging.getLogger("iaccode.a2a")

# What the transport learnt outside the body: the call layer's metadata, by its older name.
RequestMeta = CallMeta


@attrs.frozen
class JsonReply:
    body: bytes
    # An error answering a 0.3 streaming method: 0.3 clients read it as the stream's one event.
    as_event: bool = False


@attrs.frozen
class NoReply:
    """A notification: processed, nothing to send back (JSON-RPC 2.0 §4.1)."""


class StreamReply:
    """A stream of encoded JSON-RPC responses, one per task event, ending with the task's turn.

    Use as an async context manager; `receive` raises `trio.EndOfChannel` at the end.
    """

    def __init__(
        self, subscription: Subscription, request_id: str | int | None, *, legacy_dialect: bool
    ) -> None:
        self._subscription = subscription
        self._id = request_id
        self._legacy = legacy_dialect

    @property
    def request_id(self) -> str | int | None:
        """The id of the request this stream answers (its end line repeats it)."""
        return self._id

    async def receive(self) -> bytes:
        return self._encode(await self._subscription.receive())

    def receive_nowait(self) -> bytes:
        return self._encode(self._subscription.receive_nowait())

    async def __aenter__(self) -> StreamReply:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        self.aclose()

    def aclose(self) -> None:
        self._subscription.close()

    def _encode(self, event: m.StreamEvent | SubscriberOverflow) -> bytes:
        if isinstance(event, SubscriberOverflow):
            error = InternalError(
                "The stream fell too far behind and was closed; use SubscribeToTask to resume."
            )
            return encode_error(self._id, error, legacy=self._legacy)
        result = stream_response(event)
        if self._legacy:
            # 0.3 marks the event after which the stream closes (v0.3.0 spec §7.2).
            final = isinstance(event, m.TaskStatusUpdateEvent) and (
                event.status.state.is_terminal
                or (event.status.state.is_interrupted and self._subscription.close_on_interrupt)
                or self._subscription.ended
            )
            result = legacy.stream_response_to_v03(result, final=final)
        return jsonrpc.encode_result(self._id, result)


Reply = JsonReply | StreamReply | NoReply


class Dispatcher:
    """Decodes JSON-RPC requests, calls the call layer, encodes the results.

    Admission, the JSON depth limit and the signed extended card are the call layer's
    (`calls`); they are offered here too for the JSON-RPC transports that hold a dispatcher.
    """

    def __init__(
        self,
        service: A2AService,
        *,
        max_body: int,
        max_depth: int,
        required_extensions: frozenset[str] = frozenset(),
        sign_card: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    ) -> None:
        self.service = service
        self.calls = CallLayer(
            service,
            required_extensions=required_extensions,
            max_depth=max_depth,
            sign_card=sign_card,
        )
        self._max_body = max_body
        self.max_depth = max_depth  # of a request's JSON
        self.admit = self.calls.admit
        self.release = self.calls.release
        self.close = self.calls.close
        self.extended_card = self.calls.extended_card
        self._texts = protojson.ResultTexts()

    @property
    def in_flight(self) -> int:
        """Requests admitted and not yet released (`CallLayer.admit`)."""
        return self.calls.in_flight

    @property
    def closing(self) -> bool:
        """Whether the server is shutting down (`CallLayer.close`)."""
        return self.calls.closing

    def closing_reply(self, body: bytes) -> Reply:
        """The answer to a request read once the server is closing: busy (a notification gets
        nothing, as ever)."""
        parsed = jsonrpc.parse_request(body, max_size=self._max_body, max_depth=self.max_depth)
        if isinstance(parsed, jsonrpc.ParseFailure):
            return JsonReply(jsonrpc.encode_error(parsed.id, parsed.code, parsed.message))
        if parsed.is_notification:
            return NoReply()
        return JsonReply(encode_error(parsed.id, ServerBusyError(SHUTTING_DOWN), legacy=False))

    async def dispatch(self, body: bytes, meta: RequestMeta) -> Reply:
        """Answer one JSON-RPC request `body` (authenticated already: `meta.owner`).

        Returns a `JsonReply` (a result or a JSON-RPC error: every refusal and failure is
        answered, never raised), a `StreamReply` for a streaming method, or `NoReply` for a
        notification. Raises only `trio.Cancelled`.
        """
        parsed = jsonrpc.parse_request(body, max_size=self._max_body, max_depth=self.max_depth)
        if isinstance(parsed, jsonrpc.ParseFailure):
            return JsonReply(jsonrpc.encode_error(parsed.id, parsed.code, parsed.message))
        name = legacy.METHODS.get(parsed.method, parsed.method)
        legacy_dialect = name != parsed.method
        note_call(parsed.method, task_of(parsed.params))
        method = OPERATIONS.get(name)
        as_event = legacy_dialect and method is not None and method.streaming
        try:
            reply = await self._call(parsed, name, legacy_dialect, meta)
        except A2AError as exc:
            reply = JsonReply(encode_error(parsed.id, exc, legacy=legacy_dialect), as_event)
        except Exception:
            error_id = new_id()[:8]
            log.exception("%s failed (error id %s)", parsed.method, error_id)
            error = InternalError(f"Internal error (error id {error_id})")
            reply = JsonReply(encode_error(parsed.id, error, legacy=legacy_dialect), as_event)
        if parsed.is_notification:
            if isinstance(reply, StreamReply):
                reply.aclose()
            return NoReply()
        return reply

    async def _call(
        self, request: jsonrpc.Request, name: str, legacy_dialect: bool, meta: RequestMeta
    ) -> Reply:
        method = OPERATIONS.get(name)
        if method is None:
            raise MethodNotFoundError(f"Method not found: {request.method[:100]}")
        self.calls.check(meta)
        params = request.params
        if params is None and method.params_optional:
            params = {}
        if not isinstance(params, dict):
            raise InvalidParamsError("params must be an object", field="params")
        if legacy_dialect:
            params = legacy.params_to_v1(request.method, params)
        decoded = codec.structure(params, method.params)
        result = await self.calls.invoke(method, decoded, meta, legacy=legacy_dialect)
        if isinstance(result, m.Task):
            note_call(task_id=result.id)
        elif isinstance(result, Subscription):
            note_call(task_id=result.task_id)
        if method.streaming:
            return StreamReply(result, request.id, legacy_dialect=legacy_dialect)
        if name == "GetExtendedAgentCard":
            out = self.extended_card(result, legacy_dialect, meta.served_at)
        elif not legacy_dialect:  # ProtoJSON, its tasks' texts kept
            return JsonReply(jsonrpc.encode_result_text(request.id, self._texts.text(name, result)))
        else:
            out = result_json(name, result, legacy_dialect)
        return JsonReply(jsonrpc.encode_result(request.id, out))


def result_json(name: str, result: Any, legacy_dialect: bool = False) -> Any:
    """The JSON result of the unary method `name` for what the service returned, in ProtoJSON
    or (`legacy_dialect`) in 0.3's shapes; the extended card excepted (`extended_card`)."""
    if not legacy_dialect:
        return protojson.result(name, result)
    if name == "DeleteTaskPushNotificationConfig":
        return None  # 0.3 says null
    if isinstance(result, m.ListTaskPushNotificationConfigsResponse):
        return [legacy.push_config_to_v03(codec.unstructure(c)) for c in result.configs]
    out = codec.unstructure(result)
    if isinstance(result, m.TaskPushNotificationConfig):
        return legacy.push_config_to_v03(out)
    if name == "SendMessage":
        out = {"message": out} if isinstance(result, m.Message) else {"task": out}
        return legacy.send_result_to_v03(out)
    if isinstance(result, m.Task):
        return legacy.task_to_v03(out)
    return out


__all__ = ["Dispatcher", "JsonReply", "NoReply", "Reply", "RequestMeta", "StreamReply"]
