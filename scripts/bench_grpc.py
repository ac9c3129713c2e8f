"""Official A2A gRPC: iaccode (`--grpc-port`, offline engine) against a bare grpcio server.

The floor is grpcio's synchronous server with the same thread pool, answering GetTask with a
fixed serialized Task and SendStreamingMessage with one fixed event: what gRPC itself costs in
Python, so that the ratio is what the Trio bridge, the call layer and the core add. The client
is grpcio's, in this process (CPU 1), keeping 32 calls in flight on one channel.

- GetTask calls/s (the better of two runs, in turn with the floor's), p50, p99;
- a streaming turn's time to its first event (median of 20): SendStreamingMessage "hi".

Usage as the floor server: python scripts/bench_grpc.py floor PORT
"""

from __future__ import annotations

import contextlib
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path

from bench_common import PYTHON, Row, free_port, iaccode, message, pinned, process, ratio

NOTE = (
    "grpc: official A2A gRPC on the offline engine, grpcio's client in the bench (32 calls in\n"
    "      flight on one channel); floor: a bare grpcio server with the same thread pool\n"
    "      answering fixed bytes, i.e. what gRPC in Python costs before any A2A work (the\n"
    "      JSON-RPC figures above are against the trio + h11 floor)."
)
SERVICE = "/lf.a2a.v1.A2AService/"
IN_FLIGHT = 32


def floor_main(port: int) -> None:
    import grpc
    from a2a.types import a2a_pb2

    task = a2a_pb2.Task(id="t", context_id="c")
    task.status.state = a2a_pb2.TaskState.TASK_STATE_INPUT_REQUIRED
    answer = task.SerializeToString()
    event = a2a_pb2.StreamResponse(task=task).SerializeToString()

    def get(raw: bytes, context: object) -> bytes:
        return answer

    def stream(raw: bytes, context: object) -> Iterator[bytes]:
        yield event

    handlers = {
        "GetTask": grpc.unary_unary_rpc_method_handler(get),
        "SendStreamingMessage": grpc.unary_stream_rpc_method_handler(stream),
    }
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=100), maximum_concurrent_rpcs=100)
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler("lf.a2a.v1.A2AService", handlers),)
    )
    server.add_insecure_port(f"127.0.0.1:{port}")
    server.start()
    signal.sigwait({signal.SIGTERM, signal.SIGINT})
    server.stop(0)


@contextlib.contextmanager
def floor_process(port: int) -> Iterator[None]:
    import grpc

    proc = subprocess.Popen(
        pinned(0, [PYTHON, __file__, "floor", str(port)]),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            grpc.channel_ready_future(channel).result(timeout=10)
        yield
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(15)


def call_rate(target: str, request: bytes, seconds: float) -> dict[str, float]:
    """Calls/s, p50 and p99 (ms) of GetTask with IN_FLIGHT calls kept in flight."""
    import grpc

    latencies: list[float] = []
    failed = 0
    room = threading.Semaphore(IN_FLIGHT)
    lock = threading.Lock()

    def done(started: float, future: grpc.Future) -> None:
        nonlocal failed
        elapsed = time.monotonic() - started
        with lock:
            if future.exception() is None:
                latencies.append(elapsed)
            else:
                failed += 1
        room.release()

    with grpc.insecure_channel(target) as channel:
        get = channel.unary_unary(SERVICE + "GetTask")
        get(request, timeout=10)  # the connection is up before the clock starts
        start = time.monotonic()
        end = start + seconds
        while time.monotonic() < end:
            room.acquire()
            began = time.monotonic()
            get.future(request, timeout=10).add_done_callback(
                lambda future, began=began: done(began, future)
            )
        for _ in range(IN_FLIGHT):  # every call answered
            room.acquire()
        elapsed = time.monotonic() - start
    if failed:
        raise RuntimeError(f"{failed} gRPC GetTask calls failed")
    latencies.sort()
    return {
        "rps": len(latencies) / elapsed,
        "p50": latencies[len(latencies) // 2] * 1000,
        "p99": latencies[int(len(latencies) * 0.99)] * 1000,
    }


def first_event(target: str, request: bytes) -> float:
    """Seconds from the call to its first streamed message (median of 20)."""
    import grpc

    times = []
    with grpc.insecure_channel(target) as channel:
        stream = channel.unary_stream(SERVICE + "SendStreamingMessage")
        list(stream(request, timeout=10))  # warm: connection and first-call costs
        for _ in range(20):
            start = time.monotonic()
            responses = stream(request, timeout=10)
            next(responses)
            times.append(time.monotonic() - start)
            for _ in responses:  # read the turn to its end
                pass
    return statistics.median(times)


def grpc_rows(work: Path, env: dict[str, str], duration: float) -> list[Row]:
    from a2a.types import a2a_pb2
    from google.protobuf import json_format

    http_port, grpc_port, floor_port = free_port(), free_port(), free_port()
    command = iaccode(http_port, work / "grpc", "offline", "--grpc-port", str(grpc_port))
    ours, floor = f"127.0.0.1:{grpc_port}", f"127.0.0.1:{floor_port}"
    with process(command, http_port, env), floor_process(floor_port):
        send = json_format.ParseDict({"message": message("hi", work)}, a2a_pb2.SendMessageRequest())
        with_id = send.SerializeToString()
        import grpc

        with grpc.insecure_channel(ours) as channel:
            sent = channel.unary_unary(SERVICE + "SendMessage")(with_id, timeout=30)
        task_id = a2a_pb2.SendMessageResponse.FromString(sent).task.id
        get = a2a_pb2.GetTaskRequest(id=task_id, history_length=2).SerializeToString()
        runs: dict[str, list[dict[str, float]]] = {floor: [], ours: []}
        for _ in range(2):
            for target, results in runs.items():
                results.append(call_rate(target, get, duration / 2))
        base, mine = (max(results, key=lambda r: r["rps"]) for results in runs.values())
        stream_request = json_format.ParseDict(
            {"message": message("hi", work)}, a2a_pb2.SendMessageRequest()
        ).SerializeToString()
        mine_first = first_event(ours, stream_request) * 1000
        base_first = first_event(floor, stream_request) * 1000

    def cell(result: dict[str, float]) -> str:
        return f"{result['rps']:,.0f}/s p50 {result['p50']:.2f} p99 {result['p99']:.2f} ms"

    return [
        (
            f"gRPC GetTask, {IN_FLIGHT} in flight",
            cell(mine),
            cell(base) + " (bare grpcio)",
            f"{mine['rps'] / base['rps']:.2f}",
            "",
        ),
        (
            "gRPC time to first streamed event (median of 20)",
            f"{mine_first:.2f} ms",
            f"{base_first:.2f} ms (bare grpcio)",
            ratio(mine_first, base_first),
            "",
        ),
    ]


if __name__ == "__main__":
    if sys.argv[1:2] == ["floor"]:
        floor_main(int(sys.argv[2]))
