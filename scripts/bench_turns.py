"""Turn figures for scripts/bench (group `turns`): CancelTask to the CANCELED event, and turns/s
of 8 concurrent contexts against the fake model.

    CancelTask -> CANCELED   a turn that waits (scenario engine), its SubscribeToTask stream open;
                             the time from sending CancelTask to the CANCELED status update on the
                             stream, p50 and p99 of N; the floor is a unary POST to the bare
                             trio + h11 server timed by the same client (one round trip)
    8 contexts, turns/s      8 clients, each in a context of its own, send SendMessage (blocking)
                             to the llm engine one after another for the run's duration; the
                             floor is the fake model itself asked by 8 clients at once (one
                             model request per turn)
"""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Callable
from typing import Any

import httpx
import trio
from bench_common import Row, message, ratio, rpc, run_trio, target

from iaccode.wire import json
from iaccode.wire.sse import ServerSentEvent, SSEDecoder

_CANCELS = 200
_CONTEXTS = 8
_CONTEXT_IDS = [str(uuid.uuid4()) for _ in range(_CONTEXTS)]


def turns_rows(port: Callable[[str], int], work: Any, duration: float) -> list[Row]:
    return run_trio(_rows, port, work, duration)


async def _rows(port: Callable[[str], int], work: Any, duration: float) -> list[Row]:
    floor = f"http://127.0.0.1:{port('floor')}/"
    async with httpx.AsyncClient(timeout=30) as client:
        cancels = await _cancel_latencies(client, f"http://127.0.0.1:{port('scenario')}/", work)
        floor_trips = [await _round_trip(client, floor) for _ in range(_CANCELS)]
    p50, p99 = _percentile(cancels, 50), _percentile(cancels, 99)
    base50, base99 = _percentile(floor_trips, 50), _percentile(floor_trips, 99)
    llm = f"http://127.0.0.1:{port('llm')}/"
    model = f"http://127.0.0.1:{port('floor')}/v1/chat/completions"
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


async def _cancel_latencies(client: httpx.AsyncClient, url: str, work: Any) -> list[float]:
    headers = {"A2A-Version": "1.0"}
    seconds = []
    for _ in range(_CANCELS):
        params = {"message": message("wait", work), "configuration": {"returnImmediately": True}}
        sent = await client.post(url, json=rpc("SendMessage", params), headers=headers)
        task_id = sent.json()["result"]["task"]["id"]
        body = rpc("SubscribeToTask", {"id": task_id})
        async with client.stream("POST", url, json=body, headers=headers) as stream:
            decoder = SSEDecoder()
            started: float | None = None
            async for data in stream.aiter_raw():
                for item in decoder.feed(data):
                    if not isinstance(item, ServerSentEvent):
                        continue
                    if started is None:  # the stream is open: the task's first event
                        started = time.perf_counter()
                        cancel = rpc("CancelTask", {"id": task_id})
                        await client.post(url, json=cancel, headers=headers)
                    update = json.loads(item.data).get("result", {}).get("statusUpdate", {})
                    if update.get("status", {}).get("state") == "TASK_STATE_CANCELED":
                        seconds.append(time.perf_counter() - started)
                        break
                else:
                    continue
                break
    if len(seconds) != _CANCELS:
        raise RuntimeError(f"only {len(seconds)} of {_CANCELS} cancelled turns said CANCELED")
    return seconds


async def _round_trip(client: httpx.AsyncClient, url: str) -> float:
    started = time.perf_counter()
    await client.post(url, json=rpc("GetTask", {"id": "x"}))
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
