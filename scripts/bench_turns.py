"""Turn figures for scripts/bench (group `turns`): CancelTask to the CANCELED event, and turns/s
of 8 concurrent contexts against the fake model.

    CancelTask -> CANCELED   a turn that waits (scenario engine), its SubscribeToTask stream open;
                             the time from sending CancelTask to the CANCELED status update on the
                             stream, p50 and p99 of N; the floor is a unary POST to the bare
                             trio + h11 server timed by the same client (one round trip). The
                             client is raw sockets (a keep-alive connection for the calls, one
                             per stream), so that its own cost stays out of the figure
    8 contexts, turns/s      8 clients, each in a context of its own, send SendMessage (blocking)
                             to the llm engine one after another for the run's duration; the
                             floor is the fake model itself asked by 8 clients at once (one
                             model request per turn). The fake model runs on the load's CPU,
                             as a hosted model is elsewhere: the server has its core to itself
"""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Callable
from typing import Any

import httpx
import trio
from bench_common import Row, message, post, ratio, rpc, run_trio, target

from iaccode.wire import json

_CANCELS = 200
_CONTEXTS = 8
_CONTEXT_IDS = [str(uuid.uuid4()) for _ in range(_CONTEXTS)]


def turns_rows(port: Callable[[str], int], work: Any, duration: float) -> list[Row]:
    return run_trio(_rows, port, work, duration)


async def _rows(port: Callable[[str], int], work: Any, duration: float) -> list[Row]:
    cancels = await _cancel_latencies(port("scenario"), work)
    async with await RawClient.connect(port("floor")) as floor:
        floor_trips = [await _round_trip(floor) for _ in range(_CANCELS)]
    p50, p99 = _percentile(cancels, 50), _percentile(cancels, 99)
    base50, base99 = _percentile(floor_trips, 50), _percentile(floor_trips, 99)
    llm = f"http://127.0.0.1:{port('llm')}/"
    model = f"http://127.0.0.1:{port('model')}/v1/chat/completions"
    turns = await _concurrent(lambda c, i: _turn(c, llm, work, i), duration)
    model_calls = await _concurrent(lambda c, i: _model_call(c, model), duration)
    return [
        (
            f"CancelTask -> CANCELED event, p99 of {_CANCELS}",
            f"{p99 * 1000:.2f} ms (p50 {p50 * 1000:.2f} ms)",
            f"{base99 * 1000:.2f} ms (p50 {base50 * 1000:.2f} ms)",
            ratio(p99, base99),
            target("<= 5 ms", p99 <= 0.005),
        ),
        (
            f"{_CONTEXTS} contexts, llm turns/s (fake model)",
            f"{turns:,.0f} turns/s",
            f"{model_calls:,.0f} model calls/s",
            ratio(turns, model_calls),
            target(">= 300/s", turns >= 300),
        ),
    ]


class RawClient:
    """One keep-alive HTTP/1.1 connection on a raw trio socket, for answers with a
    Content-Length: a client that costs next to nothing beside the figure it times (an httpx
    round trip alone is about a millisecond of the bench's CPU)."""

    def __init__(self, stream: trio.SocketStream) -> None:
        self.stream = stream
        self._buffer = b""

    @classmethod
    async def connect(cls, port: int) -> RawClient:
        return cls(await trio.open_tcp_stream("127.0.0.1", port))

    async def __aenter__(self) -> RawClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stream.aclose()

    async def send(self, body: dict[str, Any]) -> None:
        await self.stream.send_all(post("/", body))

    async def answer(self) -> dict[str, Any]:
        """The JSON body of the next answer on the connection."""
        while (end := self._buffer.find(b"\r\n\r\n")) < 0:
            await self._read()
        head = self._buffer[:end].lower()
        length = int(head.split(b"content-length:", 1)[1].split(b"\r\n", 1)[0])
        while len(self._buffer) < end + 4 + length:
            await self._read()
        body = self._buffer[end + 4 : end + 4 + length]
        self._buffer = self._buffer[end + 4 + length :]
        answer: dict[str, Any] = json.loads(body)
        return answer

    async def call(self, body: dict[str, Any]) -> dict[str, Any]:
        await self.send(body)
        return await self.answer()

    async def _read(self) -> None:
        chunk = await self.stream.receive_some(65536)
        if not chunk:
            raise RuntimeError(f"the server closed the connection: {self._buffer[:300]!r}")
        self._buffer += chunk


async def _cancel_latencies(port: int, work: Any) -> list[float]:
    """CancelTask sent on a keep-alive connection to the CANCELED update read on the task's
    SubscribeToTask stream (its own connection), both raw sockets."""
    seconds = []
    async with await RawClient.connect(port) as control:
        for _ in range(_CANCELS):
            params = {
                "message": message("wait", work),
                "configuration": {"returnImmediately": True},
            }
            task_id = (await control.call(rpc("SendMessage", params)))["result"]["task"]["id"]
            async with await trio.open_tcp_stream("127.0.0.1", port) as stream:
                await stream.send_all(post("/", rpc("SubscribeToTask", {"id": task_id})))
                received = b""
                while b"\ndata:" not in received:
                    received += await _some(stream, received)
                started = time.perf_counter()  # the stream is open: the task's first event
                await control.send(rpc("CancelTask", {"id": task_id}))
                while b"TASK_STATE_CANCELED" not in received:
                    received += await _some(stream, received)
                seconds.append(time.perf_counter() - started)
                await control.answer()
    return seconds


async def _some(stream: trio.SocketStream, received: bytes) -> bytes:
    chunk = await stream.receive_some(65536)
    if not chunk:
        raise RuntimeError(f"the stream ended before CANCELED: {received[-300:]!r}")
    return chunk


async def _round_trip(client: RawClient) -> float:
    started = time.perf_counter()
    await client.call(rpc("GetTask", {"id": "x"}))
    return time.perf_counter() - started


async def _turn(client: httpx.AsyncClient, url: str, work: Any, index: int) -> None:
    more = message("hello", work)
    more["contextId"] = _CONTEXT_IDS[index]
    reply = await client.post(url, json=rpc("SendMessage", {"message": more}))
    task = reply.json().get("result", {}).get("task")
    if task is None or task["status"]["state"] == "TASK_STATE_FAILED":
        raise RuntimeError(f"a turn failed: {reply.text[:300]}")


async def _model_call(client: httpx.AsyncClient, url: str) -> None:
    body = {"model": "bench", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
    # Keep-alive, like the llm engine's client: the floor pays no more connects than it does.
    async with client.stream("POST", url, json=body) as response:
        async for _ in response.aiter_raw():
            pass


async def _concurrent(call: Callable[[httpx.AsyncClient, int], Any], duration: float) -> float:
    """Calls per second of `_CONTEXTS` clients calling one after another for `duration`."""
    done = 0
    limits = httpx.Limits(max_connections=_CONTEXTS)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        await call(client, 0)  # warm: the contexts' first turns bind their workspace
        end = time.perf_counter() + duration
        started = time.perf_counter()

        async def worker(index: int) -> None:
            nonlocal done
            while time.perf_counter() < end:
                await call(client, index)
                done += 1

        async with trio.open_nursery() as nursery:
            for index in range(_CONTEXTS):
                nursery.start_soon(worker, index)
        return done / (time.perf_counter() - started)


def _percentile(values: list[float], percent: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[percent - 1]
