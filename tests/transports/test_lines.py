"""NDJSON JSON-RPC (`serve_lines`) over in-memory streams, against the real A2A core.

The core is the real server's (`serve()` on a loopback port, whose HTTP side these tests ignore);
`LineClient` is reused by the Unix socket and stdio tests.
"""

from __future__ import annotations

import collections
import itertools
from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing

from iaccode.a2a.dispatch import Dispatcher, JsonReply, Reply, RequestMeta
from iaccode.server import RunningServer
from iaccode.transports.lines import serve_lines
from iaccode.wire import json
from iaccode.wire.ndjson import LineFramer

_ids = itertools.count(1)
WORKING = "TASK_STATE_WORKING"
INPUT_REQUIRED = "TASK_STATE_INPUT_REQUIRED"
CANCELED = "TASK_STATE_CANCELED"


def message(text: str, workspace: Path, **fields: Any) -> dict[str, Any]:
    return {
        "messageId": f"m-{next(_ids)}",
        "role": "ROLE_USER",
        "parts": [{"text": text}],
        "metadata": {"iac_code": {"cwd": str(workspace)}},
        **fields,
    }


def request(rid: object, method: str, params: dict[str, Any] | None = None) -> bytes:
    body: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params or {}}
    if rid is not None:
        body["id"] = rid
    return json.dumps(body) + b"\n"


def state_of(response: dict[str, Any]) -> str | None:
    result = response.get("result") or {}
    if "status" in result:  # a Task, as GetTask and CancelTask answer
        return str(result["status"]["state"])
    for key in ("task", "statusUpdate"):
        if key in result:
            state: str = result[key]["status"]["state"]
            return state
    return None


def text_of(message: dict[str, Any]) -> str:
    return "".join(part.get("text", "") for part in message["parts"])


class LineClient:
    """Sends request lines; sorts the lines that come back by id, in arrival order."""

    def __init__(self, send: trio.abc.SendStream, receive: trio.abc.ReceiveStream) -> None:
        self.send_stream = send
        self.receive_stream = receive
        self.raw: list[bytes] = []  # every line received, as it came
        self._framer = LineFramer(1 << 26)
        self._by_id: dict[object, collections.deque[dict[str, Any]]] = collections.defaultdict(
            collections.deque
        )

    async def send(self, data: bytes) -> None:
        await self.send_stream.send_all(data)

    async def next(self, rid: object, seconds: float = 10) -> dict[str, Any]:
        """The next line answering `rid` (a response, a stream event or a final line)."""
        key = json.dumps(rid)
        with trio.fail_after(seconds):
            while not self._by_id[key]:
                if not await self._read():
                    raise EOFError(f"no more lines; still waiting for id {rid!r}")
        return self._by_id[key].popleft()

    async def call(
        self, method: str, params: dict[str, Any] | None = None, *, seconds: float = 10
    ) -> dict[str, Any]:
        rid = next(_ids)
        await self.send(request(rid, method, params))
        return await self.next(rid, seconds)

    async def stream(self, rid: object) -> list[dict[str, Any]]:
        """The events of stream `rid` up to its final line (which is checked, not returned)."""
        events = []
        while "final" not in (line := await self.next(rid)):
            events.append(line)
        assert line == {"jsonrpc": "2.0", "id": rid, "final": True}
        return events

    async def rest(self, seconds: float = 10) -> list[bytes]:
        """Every line until the server closes its side."""
        with trio.fail_after(seconds):
            while await self._read():
                pass
        return self.raw

    async def _read(self) -> bool:
        data = bytes(await self.receive_stream.receive_some(65536))
        lines = self._framer.feed(data) if data else self._framer.end()
        for line in lines:
            self.raw.append(line)
            decoded = json.loads(line)
            self._by_id[json.dumps(decoded.get("id"))].append(decoded)
        return bool(data)


@pytest.fixture
def dispatcher(server: RunningServer) -> Dispatcher:
    return Dispatcher(server.service, max_body=1 << 20, max_depth=64)


class Connection:
    def __init__(self, client: LineClient, finished: trio.Event, eofs: list[None]) -> None:
        self.client = client
        self.finished = finished
        self.eofs = eofs


async def connect(nursery: trio.Nursery, dispatcher: Dispatcher, **options: Any) -> Connection:
    client_side, server_side = trio.testing.memory_stream_pair()
    finished = trio.Event()
    eofs: list[None] = []

    async def run() -> None:
        async with server_side:  # serve_lines leaves that to its caller
            await serve_lines(
                server_side,
                dispatcher,
                meta=RequestMeta(),
                on_eof=lambda: eofs.append(None),
                **{"max_line": 1 << 20, **options},
            )
        finished.set()

    nursery.start_soon(run)
    client = LineClient(client_side.send_stream, client_side.receive_stream)
    return Connection(client, finished, eofs)


async def test_unary_reply_is_one_line(
    nursery: trio.Nursery, dispatcher: Dispatcher, workspace: Path
) -> None:
    conn = await connect(nursery, dispatcher)
    reply = await conn.client.call("SendMessage", {"message": message("say hi", workspace)})
    assert state_of(reply) == INPUT_REQUIRED
    assert text_of(reply["result"]["task"]["status"]["message"]) == "hi"
    assert set(reply) == {"jsonrpc", "id", "result"}
    assert len(conn.client.raw) == 1


async def test_stream_is_one_line_per_event_then_a_final_line(
    nursery: trio.Nursery, dispatcher: Dispatcher, workspace: Path
) -> None:
    conn = await connect(nursery, dispatcher)
    await conn.client.send(
        request("s-1", "SendStreamingMessage", {"message": message("stream 2", workspace)})
    )
    events = await conn.client.stream("s-1")
    assert [state_of(e) for e in events] == ["TASK_STATE_SUBMITTED"] + [WORKING] * 3 + [
        INPUT_REQUIRED
    ]
    assert {e["id"] for e in events} == {"s-1"}
    assert conn.client.raw[-1] == b'{"jsonrpc":"2.0","id":"s-1","final":true}'


async def test_cancel_task_while_its_stream_runs_on_the_same_connection(
    nursery: trio.Nursery, dispatcher: Dispatcher, workspace: Path
) -> None:
    conn = await connect(nursery, dispatcher)
    await conn.client.send(
        request(1, "SendStreamingMessage", {"message": message("say go\nwait", workspace)})
    )
    first = await conn.client.next(1)
    task_id = first["result"]["task"]["id"]
    while state_of(await conn.client.next(1)) != WORKING:
        pass
    canceled = await conn.client.call("CancelTask", {"id": task_id})
    assert state_of(canceled) == CANCELED
    rest = await conn.client.stream(1)
    assert state_of(rest[-1]) == CANCELED


async def test_notifications_get_no_line(
    nursery: trio.Nursery, dispatcher: Dispatcher, workspace: Path
) -> None:
    conn = await connect(nursery, dispatcher)
    await conn.client.send(request(None, "ListTasks"))
    await conn.client.send(
        request(None, "SendStreamingMessage", {"message": message("say x", workspace)})
    )
    await conn.client.send(request(None, "NoSuchMethod"))
    listed = await conn.client.call("ListTasks")
    assert "result" in listed
    await trio.sleep(0.2)
    assert len(conn.client.raw) == 1


async def test_overlong_line_is_refused_and_framing_resumes(
    nursery: trio.Nursery, dispatcher: Dispatcher
) -> None:
    conn = await connect(nursery, dispatcher, max_line=200)
    long = request(2, "GetTask", {"id": "x" * 300})
    await conn.client.send(request(1, "ListTasks") + long + request(3, "ListTasks"))
    refused = await conn.client.next(None)
    assert refused["error"]["code"] == -32600
    assert "200 bytes" in refused["error"]["message"]
    assert "result" in await conn.client.next(1)
    assert "result" in await conn.client.next(3)
    # An overlong line that arrives in pieces, the rest of it after the error.
    await conn.client.send(long[:250])
    assert (await conn.client.next(None))["error"]["code"] == -32600
    await conn.client.send(long[250:] + request(4, "ListTasks"))
    assert "result" in await conn.client.next(4)
    assert not conn.client._by_id[json.dumps(2)]


async def test_invalid_json_blank_lines_and_crlf(
    nursery: trio.Nursery, dispatcher: Dispatcher
) -> None:
    conn = await connect(nursery, dispatcher)
    await conn.client.send(b"{not json\n\n   \r\n" + request(1, "ListTasks")[:-1] + b"\r\n")
    error = await conn.client.next(None)
    assert error["error"]["code"] == -32700
    assert "result" in await conn.client.next(1)


async def test_concurrent_replies_never_interleave(
    nursery: trio.Nursery, dispatcher: Dispatcher, workspace: Path
) -> None:
    conn = await connect(nursery, dispatcher)
    burst = b"".join(
        request(f"u{i}", "SendMessage", {"message": message(f"say {'x' * 5000}", workspace)})
        + request(f"s{i}", "SendStreamingMessage", {"message": message("stream 5", workspace)})
        for i in range(10)
    )
    await conn.client.send(burst)
    expected = 0
    for i in range(10):
        assert state_of(await conn.client.next(f"u{i}")) == INPUT_REQUIRED
        events = await conn.client.stream(f"s{i}")
        assert state_of(events[-1]) == INPUT_REQUIRED
        expected += 1 + len(events) + 1
    assert len(conn.client.raw) == expected  # every line parsed as one JSON value


async def test_eof_lets_unary_replies_finish(
    nursery: trio.Nursery, dispatcher: Dispatcher, workspace: Path
) -> None:
    conn = await connect(nursery, dispatcher)
    await conn.client.send(
        request(1, "SendMessage", {"message": message("sleep 0.3\nsay done", workspace)})
    )
    await conn.client.send_stream.aclose()
    lines = await conn.client.rest()
    assert len(lines) == 1 and state_of(json.loads(lines[0])) == INPUT_REQUIRED
    assert conn.eofs == [None]
    with trio.fail_after(2):
        await conn.finished.wait()


async def test_eof_closes_streams_after_the_drain_but_not_their_turns(
    nursery: trio.Nursery, dispatcher: Dispatcher, workspace: Path
) -> None:
    conn = await connect(nursery, dispatcher, drain=0.3)
    await conn.client.send(
        request(1, "SendStreamingMessage", {"message": message("say go\nwait", workspace)})
    )
    task_id = (await conn.client.next(1))["result"]["task"]["id"]
    await conn.client.send_stream.aclose()
    started = trio.current_time()
    with trio.fail_after(5):
        await conn.finished.wait()
    assert trio.current_time() - started >= 0.25
    events = await conn.client.stream(1)
    assert all(state_of(e) == WORKING for e in events)
    # The turn belongs to the server, not to the connection.
    check = await dispatcher.dispatch(request(2, "GetTask", {"id": task_id}), RequestMeta())
    assert isinstance(check, JsonReply)
    assert state_of(json.loads(check.body)) == WORKING
    await dispatcher.dispatch(request(3, "CancelTask", {"id": task_id}), RequestMeta())


async def test_broken_output_ends_the_connection_quietly(
    nursery: trio.Nursery, dispatcher: Dispatcher, workspace: Path
) -> None:
    conn = await connect(nursery, dispatcher)
    await conn.client.send(
        request(1, "SendStreamingMessage", {"message": message("stream 3\nwait", workspace)})
    )
    await conn.client.next(1)
    await conn.client.receive_stream.aclose()  # the client stops reading
    with trio.fail_after(5):
        await conn.finished.wait()
    assert conn.eofs == []


async def test_a_failing_dispatch_is_an_internal_error_line(
    nursery: trio.Nursery, server: RunningServer
) -> None:
    class Broken(Dispatcher):
        async def dispatch(self, body: bytes, meta: RequestMeta) -> Reply:
            raise RuntimeError("bug")

    conn = await connect(nursery, Broken(server.service, max_body=1 << 20, max_depth=64))
    reply = await conn.client.call("ListTasks")
    assert reply["error"]["code"] == -32603
    assert reply["error"]["data"]["error_id"] in reply["error"]["message"]
    assert "result" not in reply
    await conn.client.send_stream.aclose()
    with trio.fail_after(5):
        await conn.finished.wait()
