"""The gRPC JSON-RPC envelope transport of the existing product (`transport: grpc-jsonrpc`).

JSON-RPC requests and responses, the same bytes as over HTTP, carried in one protobuf message
over two gRPC methods (iac-code's `iac_code.a2a.transports.proto.A2AJsonRpc`):

    message JsonRpcEnvelope { bytes payload = 1; bool final = 2; }
    service A2AJsonRpc {
      rpc Send(JsonRpcEnvelope) returns (JsonRpcEnvelope);
      rpc Stream(JsonRpcEnvelope) returns (stream JsonRpcEnvelope);
    }

`Send` answers a unary method with one envelope (`final: true`); a notification gets an empty
payload. `Stream` answers a streaming method (SendStreamingMessage, SubscribeToTask, 0.3's
`message/stream`) with one envelope per event (`final: false`), then
`{"jsonrpc":"2.0","id":<id>,"final":true}` with `final: true`, as the line transports end a
stream; a unary method sent to `Stream` gets its one answer with `final: true`. A streaming
method sent to `Send` is refused with -32600 (it would never end). JSON-RPC errors travel in the
payload with gRPC status OK, as over HTTP; only what is not JSON-RPC at all gets a gRPC status
(a message that is not an envelope: INVALID_ARGUMENT; no valid credentials in the metadata:
UNAUTHENTICATED; shutting down: UNAVAILABLE).

The message class is made at run time from that one-message descriptor (protobuf's own
descriptor API): no generated code. The threads, auth, limits, TLS and shutdown are those of
official gRPC (`iaccode.transports.grpc`).
"""

from __future__ import annotations

import functools
from typing import Any

import trio

from iaccode.a2a.dispatch import Dispatcher, JsonReply, RequestMeta, StreamReply
from iaccode.transports.grpc import Call, Failure, OpenStream, TrioBridge
from iaccode.wire import json, jsonrpc

PACKAGE = "iac_code.a2a.transports.proto"
SERVICE = f"{PACKAGE}.A2AJsonRpc"


@functools.cache
def envelope_class() -> Any:
    """The `JsonRpcEnvelope` message class, from its descriptor (in a pool of its own)."""
    from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

    field = descriptor_pb2.FieldDescriptorProto
    proto = descriptor_pb2.FileDescriptorProto(
        name="iac_code/a2a/transports/proto/a2a_jsonrpc.proto", package=PACKAGE, syntax="proto3"
    )
    message = proto.message_type.add(name="JsonRpcEnvelope")
    message.field.add(name="payload", number=1, type=field.TYPE_BYTES, label=field.LABEL_OPTIONAL)
    message.field.add(name="final", number=2, type=field.TYPE_BOOL, label=field.LABEL_OPTIONAL)
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName(f"{PACKAGE}.JsonRpcEnvelope"))


def envelope(payload: bytes, *, final: bool) -> bytes:
    """One serialized envelope."""
    raw: bytes = envelope_class()(payload=payload, final=final).SerializeToString()
    return raw


def open_envelope(raw: bytes) -> bytes:
    """The payload of a serialized envelope.

    Raises:
        ValueError: `raw` is not a JsonRpcEnvelope.
    """
    from google.protobuf.message import DecodeError

    message = envelope_class()()
    try:
        message.ParseFromString(raw)
    except DecodeError:
        raise ValueError("The request is not a JsonRpcEnvelope message") from None
    payload: bytes = message.payload
    return payload


class _Ended:
    """A stream source with nothing (more) to give."""

    async def receive(self) -> bytes:
        await trio.lowlevel.checkpoint()
        raise trio.EndOfChannel

    def receive_nowait(self) -> bytes:
        raise trio.EndOfChannel


class GrpcJsonRpc:
    """`A2AJsonRpc.Send` and `.Stream` over the JSON-RPC dispatcher."""

    def __init__(self, dispatcher: Dispatcher, bridge: TrioBridge) -> None:
        self._dispatcher = dispatcher
        self._bridge = bridge

    def handler(self) -> Any:
        import grpc

        handlers = {
            "Send": grpc.unary_unary_rpc_method_handler(self._bridge.unary(self._send)),
            "Stream": grpc.unary_stream_rpc_method_handler(self._bridge.stream(self._stream)),
        }
        return grpc.method_handlers_generic_handler(SERVICE, handlers)

    async def _dispatch(self, raw: bytes, call: Call) -> Any:
        try:
            body = open_envelope(raw)
        except ValueError as exc:
            return Failure.plain("INVALID_ARGUMENT", str(exc))
        owner = self._bridge.principal(call)
        if isinstance(owner, Failure):
            return owner
        extensions = call.metadata.get("a2a-extensions", "")
        meta = RequestMeta(
            version=call.metadata.get("a2a-version"),
            extensions=frozenset(e.strip() for e in extensions.split(",") if e.strip()),
            owner=owner,
        )
        return await self._dispatcher.dispatch(body, meta)

    async def _send(self, raw: bytes, call: Call) -> bytes | Failure:
        reply = await self._dispatch(raw, call)
        if isinstance(reply, Failure):
            return reply
        if isinstance(reply, StreamReply):
            reply.aclose()
            refused = jsonrpc.encode_error(
                reply.request_id,
                jsonrpc.INVALID_REQUEST,
                "A streaming method answers with a stream: call A2AJsonRpc.Stream",
            )
            return envelope(refused, final=True)
        body = reply.body if isinstance(reply, JsonReply) else b""  # b"": a notification
        return envelope(body, final=True)

    async def _stream(self, raw: bytes, call: Call) -> OpenStream | Failure:
        reply = await self._dispatch(raw, call)
        if isinstance(reply, Failure):
            return reply
        if isinstance(reply, StreamReply):
            end = json.dumps({"jsonrpc": "2.0", "id": reply.request_id, "final": True})
            return OpenStream(reply, _event_envelope, reply.aclose, last=envelope(end, final=True))
        body = reply.body if isinstance(reply, JsonReply) else b""
        return OpenStream(_Ended(), _event_envelope, _nothing, last=envelope(body, final=True))


def _event_envelope(body: bytes) -> bytes:
    return envelope(body, final=False)


def _nothing() -> None:
    pass


__all__ = ["SERVICE", "GrpcJsonRpc", "envelope", "envelope_class", "open_envelope"]
