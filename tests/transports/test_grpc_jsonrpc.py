"""iac-code's gRPC JSON-RPC envelope transport (`transport: grpc-jsonrpc`), spoken by grpcio's
plain channel with envelopes encoded here by hand (field 1 payload, field 2 final)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import grpc
import pytest
import trio

from iaccode.server import RunningServer
from iaccode.transports.grpc_jsonrpc import envelope_class

SEND = "/iac_code.a2a.transports.proto.A2AJsonRpc/Send"
STREAM = "/iac_code.a2a.transports.proto.A2AJsonRpc/Stream"
TIMEOUT = 10


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def wrap(request: dict[str, Any]) -> bytes:
    payload = json.dumps(request).encode()
    return b"\x0a" + _varint(len(payload)) + payload


def unwrap(raw: bytes) -> tuple[dict[str, Any] | None, bool]:
    message = envelope_class().FromString(raw)
    return (json.loads(message.payload) if message.payload else None), message.final


def send_request(workspace: Path, text: str, method: str = "SendMessage") -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": "r1",
        "method": method,
        "params": {
            "message": {
                "role": "ROLE_USER",
                "messageId": f"m-{text}",
                "parts": [{"text": text}],
                "metadata": {"iac_code": {"cwd": str(workspace)}},
            }
        },
    }


@pytest.fixture
async def envelope_server(start_server: Callable[..., Any]) -> RunningServer:
    running: RunningServer = await start_server(transport="grpc-jsonrpc", port=0)
    return running


async def test_send_and_stream(envelope_server: RunningServer, workspace: Path) -> None:
    def run() -> None:
        with grpc.insecure_channel(f"127.0.0.1:{envelope_server.grpc_port}") as channel:
            send = channel.unary_unary(SEND)
            reply, final = unwrap(send(wrap(send_request(workspace, "say hi")), timeout=TIMEOUT))
            assert final is True and reply is not None
            assert reply["id"] == "r1"
            task = reply["result"]["task"]
            assert task["status"]["message"]["parts"][0]["text"] == "hi"

            got, _ = unwrap(
                send(
                    wrap({"jsonrpc": "2.0", "id": 2, "method": "GetTask", "params": {"id": "x"}}),
                    timeout=TIMEOUT,
                )
            )
            assert got is not None and got["error"]["code"] == -32001

            stream = channel.unary_stream(STREAM)
            events = [
                unwrap(raw)
                for raw in stream(
                    wrap(send_request(workspace, "stream 2", "SendStreamingMessage")),
                    timeout=TIMEOUT,
                )
            ]
            *body, (end, end_final) = events
            assert all(not final for _, final in body)
            assert end_final and end == {"jsonrpc": "2.0", "id": "r1", "final": True}
            results = [event["result"] for event, _ in body if event is not None]
            assert "task" in results[0]
            last = results[-1]["statusUpdate"]["status"]["state"]
            assert last == "TASK_STATE_INPUT_REQUIRED"

            # A unary method over Stream: its one answer, final.
            (only,) = list(stream(wrap({"jsonrpc": "2.0", "id": 3, "method": "ListTasks"})))
            listed, final = unwrap(only)
            assert final and listed is not None and len(listed["result"]["tasks"]) == 2

            # A streaming method over Send would never end: refused.
            refused, _ = unwrap(
                send(wrap(send_request(workspace, "say x", "SendStreamingMessage")))
            )
            assert refused is not None and refused["error"]["code"] == -32600

            # A notification: an empty final envelope.
            note = {"jsonrpc": "2.0", "method": "ListTasks"}
            assert unwrap(send(wrap(note), timeout=TIMEOUT)) == (None, True)

            # Not JSON inside: JSON-RPC's parse error, in the payload.
            bad, _ = unwrap(send(b"\x0a\x03{{{", timeout=TIMEOUT))
            assert bad is not None and bad["error"]["code"] == -32700

            # Not an envelope at all: a gRPC status.
            with pytest.raises(grpc.RpcError) as malformed:
                send(b"\x0a\xff\xff\xff\xff", timeout=TIMEOUT)
            assert malformed.value.code() == grpc.StatusCode.INVALID_ARGUMENT

    await trio.to_thread.run_sync(run)


async def test_card_and_auth(start_server: Callable[..., Any], workspace: Path) -> None:
    server: RunningServer = await start_server(transport="grpc-jsonrpc", port=0, token="t0ken")

    def run() -> None:
        with grpc.insecure_channel(f"127.0.0.1:{server.grpc_port}") as channel:
            send = channel.unary_unary(SEND)
            card_request = wrap({"jsonrpc": "2.0", "id": 1, "method": "GetExtendedAgentCard"})
            with pytest.raises(grpc.RpcError) as refused:
                send(card_request, timeout=TIMEOUT)
            assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED
            bearer = (("authorization", "Bearer t0ken"),)
            card, _ = unwrap(send(card_request, metadata=bearer, timeout=TIMEOUT))
            assert card is not None
            (interface,) = card["result"]["supportedInterfaces"]
            assert interface["protocolBinding"] == "grpc-jsonrpc"
            assert interface["url"] == f"grpc-jsonrpc://127.0.0.1:{server.grpc_port}"

    await trio.to_thread.run_sync(run)
