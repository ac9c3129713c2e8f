"""The WebSocket transport on a real socket: envelopes, streams, the handshake's rules, limits.

Most tests use trio-websocket's client; the heartbeat and protocol-error tests speak raw wsproto,
so that they can leave a ping unanswered or send a frame no client library would.
"""

from __future__ import annotations

import collections
import functools
import logging
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import trio
from trio_websocket import (
    ConnectionClosed,
    ConnectionRejected,
    WebSocketConnection,
    open_websocket,
)
from wsproto import ConnectionType, WSConnection
from wsproto.events import (
    AcceptConnection,
    CloseConnection,
    Event,
    Ping,
    RejectConnection,
    Request,
    TextMessage,
)

from iaccode.a2a.dispatch import Dispatcher, JsonReply, RequestMeta
from iaccode.server import RunningServer
from iaccode.transports.websocket import serve_websocket
from iaccode.wire import json
from tests.transports.test_lines import (
    CANCELED,
    INPUT_REQUIRED,
    WORKING,
    message,
    request,
    state_of,
)


@pytest.fixture
def dispatcher(server: RunningServer) -> Dispatcher:
    return Dispatcher(server.service, max_body=1 << 20, max_depth=64)


@pytest.fixture
def start(nursery: trio.Nursery, dispatcher: Dispatcher) -> Callable[..., Any]:
    async def start(**options: Any) -> int:
        settings: dict[str, Any] = {"max_message": 1 << 20, "heartbeat": 30.0, **options}
        serve = functools.partial(serve_websocket, dispatcher, "127.0.0.1", 0, **settings)
        port: int = await nursery.start(serve)
        return port

    return start


@pytest.fixture
async def port(start: Callable[..., Any]) -> int:
    bound: int = await start()
    return bound


@asynccontextmanager
async def client(
    port: int, path: str = "/a2a", headers: list[tuple[bytes, bytes]] | None = None
) -> AsyncIterator[WebSocketConnection]:
    async with open_websocket(
        "127.0.0.1", port, path, use_ssl=False, extra_headers=headers, disconnect_timeout=2
    ) as ws:
        yield ws


async def receive(ws: WebSocketConnection, seconds: float = 10) -> dict[str, Any]:
    with trio.fail_after(seconds):
        frame = await ws.get_message()
    envelope: dict[str, Any] = json.loads(frame)
    assert isinstance(frame, str) and set(envelope) == {"id", "payload", "final"}
    return envelope


async def stream_envelopes(ws: WebSocketConnection, rid: object) -> list[dict[str, Any]]:
    """Envelopes of stream `rid` up to its final one (checked, not returned); others are dropped."""
    out: list[dict[str, Any]] = []
    while True:
        envelope = await receive(ws)
        if envelope["id"] != rid:
            continue
        if envelope["final"]:
            assert envelope == {"id": rid, "payload": None, "final": True}
            return out
        assert envelope["payload"]["id"] == rid
        out.append(envelope)


async def test_unary_reply_is_one_final_envelope(port: int, workspace: Path) -> None:
    async with client(port) as ws:
        await ws.send_message(request(1, "SendMessage", {"message": message("say hi", workspace)}))
        envelope = await receive(ws)
        assert envelope["id"] == 1 and envelope["final"] is True
        payload = envelope["payload"]
        assert payload["jsonrpc"] == "2.0" and payload["id"] == 1
        assert state_of(payload) == INPUT_REQUIRED


async def test_stream_is_one_envelope_per_event_then_a_final_one(
    port: int, workspace: Path
) -> None:
    async with client(port) as ws:
        params = {"message": message("stream 2", workspace)}
        await ws.send_message(request("s", "SendStreamingMessage", params))
        envelopes = await stream_envelopes(ws, "s")
        assert [state_of(e["payload"]) for e in envelopes] == ["TASK_STATE_SUBMITTED"] + [
            WORKING
        ] * 3 + [INPUT_REQUIRED]
        assert {e["final"] for e in envelopes} == {False}


async def test_cancel_while_streaming_on_the_same_connection(port: int, workspace: Path) -> None:
    async with client(port) as ws:
        params = {"message": message("say go\nwait", workspace)}
        await ws.send_message(request("w", "SendStreamingMessage", params))
        task_id = (await receive(ws))["payload"]["result"]["task"]["id"]
        while state_of((await receive(ws))["payload"]) != WORKING:
            pass
        await ws.send_message(request("c", "CancelTask", {"id": task_id}))
        seen: dict[object, list[dict[str, Any]]] = collections.defaultdict(list)
        while not (seen["w"] and seen["w"][-1]["final"]):
            envelope = await receive(ws)
            seen[envelope["id"]].append(envelope)
        assert state_of(seen["c"][0]["payload"]) == CANCELED and seen["c"][0]["final"]
        assert state_of(seen["w"][-2]["payload"]) == CANCELED


async def test_parse_errors_binary_messages_and_notifications(port: int) -> None:
    async with client(port) as ws:
        await ws.send_message("{not json")
        envelope = await receive(ws)
        assert envelope["id"] is None and envelope["final"] is True
        assert envelope["payload"]["error"]["code"] == -32700
        await ws.send_message(b"\xff\xfe")  # binary, not UTF-8
        assert (await receive(ws))["payload"]["error"]["code"] == -32700
        await ws.send_message(request(None, "ListTasks"))  # a notification: no envelope
        await ws.send_message(request(7, "ListTasks"))  # binary UTF-8 JSON is a request
        envelope = await receive(ws)
        assert envelope["id"] == 7 and "result" in envelope["payload"]


async def test_listeners_bound_beforehand_and_another_path(start: Callable[..., Any]) -> None:
    listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
    port: int = await start(listeners=listeners, path="/ws")
    assert port == listeners[0].socket.getsockname()[1]
    async with client(port, "/ws") as ws:
        await ws.send_message(request(1, "ListTasks"))
        assert "result" in (await receive(ws))["payload"]


async def test_wrong_path_is_refused_during_the_handshake(port: int) -> None:
    with pytest.raises(ConnectionRejected) as rejected:
        async with client(port, "/other"):
            pass
    assert rejected.value.status_code == 404


async def test_version_and_extensions_come_from_the_handshake(port: int) -> None:
    async with client(port, "/a2a?A2A-Version=9.0") as ws:
        await ws.send_message(request(1, "ListTasks"))
        assert (await receive(ws))["payload"]["error"]["code"] == -32009
    async with client(port, headers=[(b"A2A-Version", b"7.1")]) as ws:
        await ws.send_message(request(1, "ListTasks"))
        assert (await receive(ws))["payload"]["error"]["code"] == -32009
    async with client(port, headers=[(b"A2A-Version", b"1.0")]) as ws:
        await ws.send_message(request(1, "ListTasks"))
        assert "result" in (await receive(ws))["payload"]


async def test_browsers_from_other_origins_are_refused(start: Callable[..., Any]) -> None:
    port: int = await start(allowed_origins=["https://app.example/"])
    with pytest.raises(ConnectionRejected) as rejected:
        async with client(port, headers=[(b"Origin", b"https://evil.example")]):
            pass
    assert rejected.value.status_code == 403
    async with client(port, headers=[(b"Origin", b"https://APP.example")]) as ws:
        await ws.send_message(request(1, "ListTasks"))
        assert "result" in (await receive(ws))["payload"]
    anyone: int = await start(allowed_origins=["*"])
    async with client(anyone, headers=[(b"Origin", b"https://evil.example")]) as ws:
        await ws.send_message(request(1, "ListTasks"))
        assert "result" in (await receive(ws))["payload"]
    with pytest.raises(ConnectionRejected) as rejected:  # the default: no browser at all
        async with client(await start(), headers=[(b"Origin", b"http://localhost:3000")]):
            pass
    assert rejected.value.status_code == 403


async def test_authentication_during_the_handshake(
    start: Callable[..., Any], workspace: Path
) -> None:
    def authenticate(header: Callable[[str], str | None]) -> str | None:
        return "bearer" if header("authorization") == "Bearer s3cret" else None

    port: int = await start(authenticate=authenticate)
    with pytest.raises(ConnectionRejected) as rejected:
        async with client(port, headers=[(b"Authorization", b"Bearer wrong")]):
            pass
    assert rejected.value.status_code == 401
    async with client(port, headers=[(b"Authorization", b"Bearer s3cret")]) as ws:
        await ws.send_message(request(1, "SendMessage", {"message": message("say hi", workspace)}))
        assert state_of((await receive(ws))["payload"]) == INPUT_REQUIRED


async def test_oversized_message_closes_with_1009(start: Callable[..., Any]) -> None:
    port: int = await start(max_message=1000)
    async with client(port) as ws:
        await ws.send_message(request(1, "GetTask", {"id": "x" * 2000}))
        with pytest.raises(ConnectionClosed) as closed, trio.fail_after(5):
            await ws.get_message()
        assert closed.value.reason is not None and closed.value.reason.code == 1009
    async with client(port) as ws:  # the server goes on
        await ws.send_message(request(2, "ListTasks"))
        assert "result" in (await receive(ws))["payload"]


async def test_client_closing_mid_stream_is_quiet_and_leaves_the_turn(
    port: int, dispatcher: Dispatcher, workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with client(port) as ws:
        params = {"message": message("say go\nwait", workspace)}
        await ws.send_message(request("w", "SendStreamingMessage", params))
        task_id = (await receive(ws))["payload"]["result"]["task"]["id"]
    await trio.sleep(0.1)
    reply = await dispatcher.dispatch(request(1, "GetTask", {"id": task_id}), RequestMeta())
    assert isinstance(reply, JsonReply)
    assert state_of(json.loads(reply.body)) == WORKING
    await dispatcher.dispatch(request(2, "CancelTask", {"id": task_id}), RequestMeta())
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_server_shutdown_says_going_away(
    nursery: trio.Nursery, dispatcher: Dispatcher, workspace: Path
) -> None:
    scope = trio.CancelScope()

    async def run(task_status: trio.TaskStatus[int]) -> None:
        with scope:
            await serve_websocket(
                dispatcher,
                "127.0.0.1",
                0,
                max_message=1 << 20,
                heartbeat=30,
                task_status=task_status,
            )

    port: int = await nursery.start(run)
    async with client(port) as ws:
        params = {"message": message("say go\nwait", workspace)}
        await ws.send_message(request("w", "SendStreamingMessage", params))
        task_id = (await receive(ws))["payload"]["result"]["task"]["id"]
        scope.cancel()
        with pytest.raises(ConnectionClosed) as closed, trio.fail_after(5):
            while True:
                await ws.get_message()
        assert closed.value.reason is not None and closed.value.reason.code == 1001
    await dispatcher.dispatch(request(1, "CancelTask", {"id": task_id}), RequestMeta())


# --- raw wsproto: heartbeats and protocol errors ---------------------------------------------


class RawClient:
    def __init__(self, stream: trio.SocketStream) -> None:
        self.stream = stream
        self.ws = WSConnection(ConnectionType.CLIENT)
        self._events: collections.deque[Event] = collections.deque()

    @classmethod
    async def connect(cls, port: int) -> RawClient:
        raw = cls(await trio.open_tcp_stream("127.0.0.1", port))
        await raw.stream.send_all(raw.ws.send(Request(host=f"127.0.0.1:{port}", target="/a2a")))
        assert isinstance(await raw.event(), AcceptConnection)
        return raw

    async def event(self, seconds: float = 5) -> Event | None:
        """The next event; None when the server has closed the TCP connection."""
        with trio.fail_after(seconds):
            while not self._events:
                data = await self.stream.receive_some(65536)
                self.ws.receive_data(data or None)
                self._events.extend(self.ws.events())
                if not data and not self._events:
                    return None
        return self._events.popleft()

    async def send(self, event: Event) -> None:
        await self.stream.send_all(self.ws.send(event))


def masked_frame(opcode: int, payload: bytes) -> bytes:
    """One final client frame (payload under 126 bytes), masked as RFC 6455 §5.3 requires."""
    key = os.urandom(4)
    masked = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + key + masked


async def test_answered_pings_keep_the_connection_open(start: Callable[..., Any]) -> None:
    port: int = await start(heartbeat=0.1)
    raw = await RawClient.connect(port)
    async with raw.stream:
        await answer_pings_for(raw, 0.6)


async def answer_pings_for(raw: RawClient, seconds: float) -> None:
    pings = 0
    with trio.move_on_after(seconds):
        while True:
            event = await raw.event()
            assert isinstance(event, Ping)
            pings += 1
            await raw.send(event.response())
    assert pings >= 3
    await raw.send(TextMessage(data=request(1, "ListTasks").decode()))
    while not isinstance(event := await raw.event(), TextMessage):
        assert isinstance(event, Ping)
        await raw.send(event.response())
    assert "result" in json.loads(event.data)["payload"]


async def test_a_missing_pong_closes_with_1011(start: Callable[..., Any]) -> None:
    port: int = await start(heartbeat=0.1)
    raw = await RawClient.connect(port)
    async with raw.stream:
        assert isinstance(await raw.event(), Ping)  # and left unanswered
        event = await raw.event()
        assert isinstance(event, CloseConnection) and event.code == 1011


@pytest.mark.parametrize(
    "frame",
    [
        b"\x81\x02hi",  # an unmasked client frame
        masked_frame(0x1, b"\xff\xfe"),  # a text frame that is not UTF-8
        masked_frame(0x3, b"x"),  # a reserved opcode
    ],
    ids=["unmasked", "invalid-utf8", "reserved-opcode"],
)
async def test_protocol_errors_end_the_connection_quietly(
    port: int, frame: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    raw = await RawClient.connect(port)
    async with raw.stream:
        await raw.stream.send_all(frame)
        event = await raw.event()
    # trio-websocket 0.12 drops the connection without a close frame (see the module docstring);
    # once it sends one, this is 1002 or 1007.
    assert isinstance(event, CloseConnection) and event.code in (1002, 1006, 1007)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    async with client(port) as ws:  # the server goes on
        await ws.send_message(request(1, "ListTasks"))
        assert "result" in (await receive(ws))["payload"]


async def test_raw_rejection_is_plain_http(port: int) -> None:
    ws = WSConnection(ConnectionType.CLIENT)
    async with await trio.open_tcp_stream("127.0.0.1", port) as stream:
        await stream.send_all(ws.send(Request(host="x", target="/nope")))
        with trio.fail_after(5):
            ws.receive_data(await stream.receive_some(65536))
    event = next(iter(ws.events()))
    assert isinstance(event, RejectConnection) and event.status_code == 404


async def test_a_handshake_that_never_comes_is_dropped(start: Callable[..., Any]) -> None:
    port = await start(handshake_timeout=0.3)
    stream = await trio.open_tcp_stream("127.0.0.1", port)
    async with stream:
        await stream.send_all(b"GET /a2a HTTP/1.1\r\n")  # and nothing more
        with trio.fail_after(5):
            assert await stream.receive_some(65536) == b""  # closed by the server
