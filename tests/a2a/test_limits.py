"""`max-concurrent-turns` and `max-subscribers-per-task` over a real server: each refusal is a
clear -32603 naming the limit, and nothing is created or changed by it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.wire import json
from tests.client import A2AClient, RpcError, text_of


@asynccontextmanager
async def client(
    start_server: Callable[..., Any], workspace: Path, **config: Any
) -> AsyncIterator[A2AClient]:
    server = await start_server(**config)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        yield A2AClient(http, cwd=workspace)


def assert_busy(error: RpcError, limit: str, maximum: int) -> None:
    assert error.code == -32603
    assert limit in error.message and "retry later" in error.message
    (info,) = error.error["data"]
    assert info["reason"] == "RESOURCE_EXHAUSTED" and info["domain"] == "iac-code"
    assert info["metadata"]["limit"] == limit and info["metadata"]["max"] == str(maximum)


async def task_count(a2a: A2AClient) -> int:
    listed = await a2a.result("ListTasks", {})
    return len(listed["tasks"])


async def test_a_new_turn_beyond_the_limit_is_refused_and_creates_nothing(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    async with client(start_server, workspace, max_concurrent_turns=1) as a2a:
        paused = await a2a.send("ask Which region?")  # a turn paused for input counts
        assert paused["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        with pytest.raises(RpcError) as refused:
            await a2a.send("say hi")
        assert_busy(refused.value, "max-concurrent-turns", 1)
        with pytest.raises(RpcError) as streamed:
            await a2a.send_stream("say hi")  # a JSON error, not a half-open stream
        assert_busy(streamed.value, "max-concurrent-turns", 1)
        assert await task_count(a2a) == 1
        # The answer to the paused turn is not a new turn: it goes through.
        answered = await a2a.send("cn-hangzhou", task_id=paused["id"])
        assert text_of(answered["status"]["message"]) == "answer: cn-hangzhou"
        # Its turn has ended: the server takes new turns again.
        assert (await a2a.send("say hi"))["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"


async def test_a_follow_up_starting_a_turn_beyond_the_limit_leaves_its_task_untouched(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    async with client(start_server, workspace, max_concurrent_turns=1) as a2a:
        done = await a2a.send("say first")
        waiting = await a2a.send("wait", configuration={"returnImmediately": True})
        with pytest.raises(RpcError) as refused:
            await a2a.send("say second", task_id=done["id"])
        assert_busy(refused.value, "max-concurrent-turns", 1)
        after = await a2a.result("GetTask", {"id": done["id"]})
        assert after["status"] == done["status"] and len(after["history"]) == len(done["history"])
        await a2a.result("CancelTask", {"id": waiting["id"]})
        again = await a2a.send("say second", task_id=done["id"])
        assert text_of(again["status"]["message"]) == "second"


async def test_concurrent_new_messages_cannot_all_pass_the_check(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    async with client(start_server, workspace, max_concurrent_turns=3) as a2a:
        outcomes: list[str] = []

        async def send() -> None:
            try:
                await a2a.send("wait", configuration={"returnImmediately": True})
                outcomes.append("started")
            except RpcError as error:
                outcomes.append(str(error.code))

        async with trio.open_nursery() as nursery:
            for _ in range(8):
                nursery.start_soon(send)
        assert sorted(outcomes) == ["-32603"] * 5 + ["started"] * 3
        assert await task_count(a2a) == 3


async def open_stream(port: int, method: str, params: dict[str, Any]) -> trio.SocketStream:
    """A raw SSE request whose first event has arrived (several can be open at once, unlike
    with httpx's async generators)."""
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
    stream = await trio.open_tcp_stream("127.0.0.1", port)
    await stream.send_all(
        b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n%b" % (len(body), body)
    )
    received = b""
    with trio.fail_after(5):
        while b"data: " not in received:
            received += await stream.receive_some(65536)
    assert b"text/event-stream" in received
    return stream


async def test_subscribers_beyond_the_limit_are_refused(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    server = await start_server(max_subscribers_per_task=2)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        a2a = A2AClient(http, cwd=workspace)
        task = await a2a.send("wait", configuration={"returnImmediately": True})
        subscribe = {"id": task["id"]}
        first = await open_stream(server.port, "SubscribeToTask", subscribe)
        second = await open_stream(server.port, "SubscribeToTask", subscribe)
        with pytest.raises(RpcError) as refused:
            await a2a.stream("SubscribeToTask", subscribe)
        assert_busy(refused.value, "max-subscribers-per-task", 2)
        assert refused.value.error["data"][0]["metadata"]["taskId"] == task["id"]
        # A streaming follow-up is checked before it changes anything.
        with pytest.raises(RpcError) as follow_up:
            await a2a.send_stream("say more", task_id=task["id"])
        assert_busy(follow_up.value, "max-subscribers-per-task", 2)
        await first.aclose()  # a place frees up once a stream is gone
        broker = server.service.tasks.broker
        with trio.fail_after(5):
            while broker.subscriber_count(task["id"]) > 1:
                await trio.sleep(0.01)
        third = await open_stream(server.port, "SubscribeToTask", subscribe)
        await third.aclose()
        await second.aclose()
        await a2a.result("CancelTask", {"id": task["id"]})
