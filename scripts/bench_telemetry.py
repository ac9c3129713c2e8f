"""Telemetry: what OpenTelemetry costs a turn, with a live collector and with a dead one.

Three `iaccode a2a` servers with the scenario engine, each given the same sequential short
turns (SendMessage "say ...": a task, WORKING, one delta, the answer) over one keep-alive
connection: telemetry off (the floor), on with a live collector (the tests' fake OTLP/HTTP
collector, in this process), and on with a dead endpoint (a port that accepts connections and
never answers, so every export runs into its timeout). The figure is the median turn latency;
p90 beside it. The existing product's default export stalls its turns by about 14 s offline;
target here: the dead endpoint within 1.5x of off.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import httpx
from bench_common import (
    SCENARIO,
    Row,
    free_port,
    iaccode,
    message,
    process,
    rpc,
    target,
    write_config,
)

NOTE = (
    "telemetry: median latency of sequential SendMessage turns (scenario engine, one delta);\n"
    "      floor: the same server with telemetry off. 'live': spans and metrics to a fake OTLP\n"
    "      collector on loopback; 'dead': to a port that accepts and never answers."
)


def _turns(port: int, work: Path, count: int) -> list[float]:
    seconds = []
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
        for n in range(count + 5):
            body = rpc("SendMessage", {"message": message(f"say turn {n}", work)})
            started = time.perf_counter()
            answer = http.post("/", json=body, headers={"a2a-version": "1.0"})
            took = time.perf_counter() - started
            if "result" not in answer.json():
                raise RuntimeError(f"the turn failed: {answer.text[:300]}")
            if n >= 5:  # the first few warm up the server
                seconds.append(took)
    return seconds


def _figure(seconds: list[float]) -> tuple[float, float]:
    ordered = sorted(seconds)
    return statistics.median(ordered), ordered[int(len(ordered) * 0.9)]


def telemetry_rows(work: Path, env: dict[str, str], count: int) -> list[Row]:
    from iaccode.testing.fake_otlp import FakeCollector, dead_endpoints

    def measure(name: str, endpoint: str | None) -> tuple[float, float]:
        port = free_port()
        extra: list[str] = []
        if endpoint is not None:
            values = {"otel-endpoint": endpoint, "otel-metrics-interval-seconds": 1}
            extra = ["--config", str(write_config(work / f"otel-{name}.yml", values))]
        with process(iaccode(port, work / f"otel-{name}", SCENARIO, *extra), port, env):
            return _figure(_turns(port, work, count))

    with FakeCollector() as collector, dead_endpoints() as (_closed, silent):
        off = measure("off", None)
        live = measure("live", collector.url)
        dead = measure("dead", silent)
        spans = len(collector.named("iaccode.turn"))
    rows = []
    for label, (median, p90) in (("live collector", live), ("dead endpoint", dead)):
        share = median / off[0]
        rows.append(
            (
                f"turn latency, telemetry on, {label}",
                f"{median * 1000:.2f} ms (p90 {p90 * 1000:.2f})",
                f"{off[0] * 1000:.2f} ms (p90 {off[1] * 1000:.2f}, off)",
                f"{share:.2f}",
                target("<= 1.5", share <= 1.5),
            )
        )
    if spans < count:
        raise RuntimeError(f"the live collector got {spans} turn spans of {count + 5}")
    return rows
