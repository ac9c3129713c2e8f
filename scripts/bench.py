"""Benchmarks: iaccode against a bare trio + h11 floor measured in the same run.

Machines here are noisy, so every figure is printed beside the floor and as a ratio to it; the
ratio is what to compare between runs. The server runs on CPU 0 and the load generator on CPU 1
when there are two CPUs. Load comes from wrk (installed with apt-get when missing and root).

    scripts/bench [--duration 5] [--connections 32] [--events 20000] [--idle 2000]

Figures and targets (issue "A2A 1.0 server on Trio"):
    GetTask            requests/s, p50, p99 at 32 connections; target >= 50 % of the floor
    SendMessage        the same, offline engine (a real turn: task, context, two status commits)
    SSE events/s       one SendStreamingMessage turn of N text deltas
    idle stream        server memory per open, idle stream; target <= 20 KB
    /health, loaded    /health latency with 1000 idle connections open, against none; target <= 2x
    start-up           process start to the first 200 on /health; target < 0.5 s
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import trio

from iaccode.wire.sse import ServerSentEvent, SSEDecoder

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
TWO_CPUS = (os.cpu_count() or 1) >= 2


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def pinned(cpu: int, args: list[str]) -> list[str]:
    return ["taskset", "-c", str(cpu), *args] if TWO_CPUS and shutil.which("taskset") else args


@contextlib.contextmanager
def process(args: list[str], port: int, env: dict[str, str] | None = None) -> Iterator[int]:
    """Run a server pinned to CPU 0 until /health (or any HTTP answer) comes back; yield its pid."""
    proc = subprocess.Popen(
        pinned(0, args), env={**os.environ, **(env or {})}, stderr=subprocess.DEVNULL
    )
    try:
        wait_http(port)
        yield proc.pid
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def wait_http(port: int, timeout: float = 10) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=0.5).status_code < 500:
                return time.monotonic() - start
        except httpx.HTTPError:
            time.sleep(0.005)
    raise RuntimeError(f"nothing answered on port {port}")


def iaccode(port: int, state: Path, engine: str) -> list[str]:
    return [
        PYTHON,
        "-m",
        "iaccode",
        "a2a",
        "--port",
        str(port),
        "--persistence-dir",
        str(state),
        "--engine",
        engine,
    ]


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


# -- unary load with wrk -------------------------------------------------------------------------


def ensure_wrk() -> str:
    found = shutil.which("wrk")
    if found:
        return found
    if os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", "wrk"], check=True, stdout=subprocess.DEVNULL
        )
        found = shutil.which("wrk")
    if not found:
        sys.exit("scripts/bench needs wrk (apt-get install wrk)")
    return found


def wrk(url: str, body: dict[str, object], duration: float, connections: int) -> dict[str, float]:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(
            'wrk.method = "POST"\n'
            f"wrk.body = {json.dumps(json.dumps(body))}\n"
            'wrk.headers["Content-Type"] = "application/json"\n'
            'wrk.headers["A2A-Version"] = "1.0"\n'
        )
    args = [
        ensure_wrk(),
        "-t1",
        f"-c{connections}",
        f"-d{duration:g}s",
        "--latency",
        "-s",
        script.name,
        url,
    ]
    out = subprocess.run(pinned(1, args), capture_output=True, text=True, check=True).stdout
    os.unlink(script.name)
    if "Non-2xx" in out or "Socket errors" in out:
        print(out, file=sys.stderr)
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]

    def percentile(p: str) -> float:
        value, unit = re.search(rf"\s{p}%\s+([\d.]+)(us|ms|s)", out).groups()  # type: ignore[union-attr]
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    return {"rps": rate, "p50": percentile("50"), "p99": percentile("99")}


# -- SSE throughput and idle streams -------------------------------------------------------------


def count_events(port: int, request: bytes) -> tuple[int, float]:
    """Send one raw HTTP request and count `data:` events until the server closes."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        start = time.perf_counter()
        sock.sendall(request)
        count, tail = 0, b""
        while chunk := sock.recv(1 << 20):
            data = tail + chunk
            count += data.count(b"\ndata: ") + data.startswith(b"data: ")
            tail = data[-8:]
            if data.endswith(b"0\r\n\r\n"):
                break
        return count, time.perf_counter() - start


def post(path: str, body: dict[str, object]) -> bytes:
    payload = json.dumps(body).encode()
    return (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"A2A-Version: 1.0\r\nContent-Length: {len(payload)}\r\n\r\n"
    ).encode() + payload


async def hold_streams(port: int, request: bytes, count: int, pid: int) -> float:
    """Open `count` streams, read each one's first event, and return the server's KB per stream."""
    before = rss_kb(pid)
    streams: list[trio.SocketStream] = []
    limiter = trio.CapacityLimiter(200)

    async def open_one() -> None:
        async with limiter:
            stream = await trio.open_tcp_stream("127.0.0.1", port)
            await stream.send_all(request)
            data = b""
            while b"data: " not in data or not data.endswith(b"\r\n"):
                data += await stream.receive_some(65536)
            streams.append(stream)

    async with trio.open_nursery() as nursery:
        for _ in range(count):
            nursery.start_soon(open_one)
    await trio.sleep(1.0)
    after = rss_kb(pid)
    for stream in streams:
        await stream.aclose()
    return (after - before) / count


# -- /health under idle connections -------------------------------------------------------------


def health_ms(port: int, count: int = 300) -> float:
    """Median /health round trip on one keep-alive connection."""
    times = []
    with socket.create_connection(("127.0.0.1", port)) as sock:
        for _ in range(count):
            start = time.perf_counter()
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            received = b""
            while not received.endswith(b"}"):
                received += sock.recv(65536)
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def loaded_health_row(port: int, idle: int) -> Row:
    """/health while `idle` connections sit open without sending a byte (what a flood of idle
    sockets costs everyone else), against the same server without them."""
    quiet = health_ms(port)
    sockets = [socket.create_connection(("127.0.0.1", port)) for _ in range(idle)]
    try:
        time.sleep(1.0)  # every one accepted and waiting
        loaded = health_ms(port)
    finally:
        for sock in sockets:
            sock.close()
    return (
        f"/health with {idle} idle connections open",
        f"{loaded:.2f} ms",
        f"{quiet:.2f} ms (none open)",
        f"{loaded / quiet:.2f}",
        "<= 2.00",
    )


# -- the run -------------------------------------------------------------------------------------


def message(text: str, cwd: Path, **extra: object) -> dict[str, object]:
    return {
        "messageId": "bench",
        "role": "ROLE_USER",
        "parts": [{"text": text}],
        "metadata": {"iac_code": {"cwd": str(cwd)}},
        **extra,
    }


def rpc(method: str, params: dict[str, object]) -> dict[str, object]:
    return {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}


def startup_seconds(state: Path) -> float:
    times = []
    for _ in range(5):
        port = free_port()
        start = time.monotonic()
        args = pinned(0, iaccode(port, state, "offline"))
        proc = subprocess.Popen(args, stderr=subprocess.DEVNULL)
        try:
            wait_http(port)
            times.append(time.monotonic() - start)
        finally:
            proc.terminate()
            proc.wait(10)
    return statistics.median(times)


Row = tuple[str, str, str, str, str]


def unary_rows(floor: int, ours: int, work: Path, args: argparse.Namespace) -> list[Row]:
    floor_url, ours_url = f"http://127.0.0.1:{floor}/", f"http://127.0.0.1:{ours}/"
    created = httpx.post(ours_url, json=rpc("SendMessage", {"message": message("hi", work)}))
    task_id = created.json()["result"]["task"]["id"]
    workloads = [
        ("GetTask", rpc("GetTask", {"id": task_id, "historyLength": 2}), ">= 0.50"),
        ("SendMessage (offline)", rpc("SendMessage", {"message": message("hello", work)}), ""),
    ]
    rows = []
    for name, body, target in workloads:
        base = wrk(floor_url, body, args.duration, args.connections)
        mine = wrk(ours_url, body, args.duration, args.connections)
        rows.append(
            (
                f"{name}, {args.connections} conns",
                f"{mine['rps']:,.0f} req/s (p50 {mine['p50']:.1f} ms, p99 {mine['p99']:.1f} ms)",
                f"{base['rps']:,.0f} req/s (p50 {base['p50']:.1f} ms, p99 {base['p99']:.1f} ms)",
                f"{mine['rps'] / base['rps']:.2f}",
                target,
            )
        )
    return rows


def sse_row(floor: int, ours: int, work: Path, events: int) -> Row:
    base_n, base_s = count_events(
        floor, f"GET /sse?n={events} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    )
    turn = rpc("SendStreamingMessage", {"message": message(f"stream {events}", work)})
    mine_n, mine_s = count_events(ours, post("/", turn))
    base_rate, mine_rate = base_n / base_s, mine_n / mine_s
    return (
        f"SSE events/s ({events} deltas)",
        f"{mine_rate:,.0f} ev/s",
        f"{base_rate:,.0f} ev/s",
        f"{mine_rate / base_rate:.2f}",
        "",
    )


def first_event_seconds(port: int, request: bytes) -> float:
    """Time from sending a request to the first `data:` event of its stream."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        start = time.perf_counter()
        sock.sendall(request)
        received = b""
        while b"data: " not in received:
            received += sock.recv(65536)
        return time.perf_counter() - start


def delta_latencies(
    url: str, body: dict[str, Any], parse: Callable[[dict[str, Any]], str]
) -> list[float]:
    """Per-delta latency: arrival time minus the send time the fake model wrote into it."""
    decoder = SSEDecoder()
    latencies: list[float] = []
    headers = {"A2A-Version": "1.0", "Accept": "text/event-stream"}
    with httpx.stream("POST", url, json=body, headers=headers, timeout=60) as response:
        for data in response.iter_raw():
            now = time.monotonic()
            for item in decoder.feed(data):
                if isinstance(item, ServerSentEvent) and item.data != "[DONE]":
                    stamps = parse(json.loads(item.data)).split()
                    latencies += [now - float(stamp) for stamp in stamps]
    return latencies


def _model_delta(event: dict[str, Any]) -> str:
    choices = event.get("choices") or [{}]
    return str(choices[0].get("delta", {}).get("content") or "")


def _a2a_delta(event: dict[str, Any]) -> str:
    update = event.get("result", {}).get("statusUpdate", {})
    message = update.get("status", {}).get("message")
    if not message or update.get("metadata"):  # the final message repeats all the deltas
        return ""
    return "".join(part.get("text", "") for part in message["parts"])


def llm_rows(model: int, ours: int, work: Path, deltas: int) -> tuple[list[Row], float]:
    """Streaming through the llm engine, against reading the same model directly."""
    ask = f"deltas {deltas} 2"
    direct_body = {"model": "m", "stream": True, "messages": [{"role": "user", "content": ask}]}
    direct = delta_latencies(
        f"http://127.0.0.1:{model}/v1/chat/completions", direct_body, _model_delta
    )
    turn = rpc("SendStreamingMessage", {"message": message(ask, work)})
    through = delta_latencies(f"http://127.0.0.1:{ours}/", turn, _a2a_delta)
    first = first_event_seconds(ours, post("/", turn)) * 1000
    mine, base = statistics.median(through), statistics.median(direct)
    added_ms = (mine - base) * 1000
    rows = [
        (
            f"llm engine, median latency per delta ({deltas} deltas)",
            f"{mine * 1000:.2f} ms (+{added_ms:.2f} ms)",
            f"{base * 1000:.2f} ms (model read directly)",
            f"{mine / base:.2f}",
            "<= +1 ms",
        ),
        ("llm engine, time to first event", f"{first:.1f} ms", "-", "-", ""),
    ]
    return rows, added_ms


def first_event_row(floor: int, ours: int, work: Path, deltas: int) -> Row:
    """A streaming turn of `deltas` text deltas: time to its first event, and its events/s."""
    turn = post("/", rpc("SendStreamingMessage", {"message": message(f"stream {deltas}", work)}))
    mine = first_event_seconds(ours, turn)
    base = first_event_seconds(floor, f"GET /sse?n={deltas} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    count, seconds = count_events(ours, turn)
    return (
        f"streaming turn of {deltas} deltas: first event, events/s",
        f"{mine * 1000:.2f} ms, {count / seconds:,.0f} ev/s",
        f"{base * 1000:.2f} ms",
        f"{mine / base:.2f}",
        "",
    )


def roomy_config(work: Path, streams: int) -> Path:
    """Limits wide enough for the idle-stream figure (that many streams of one task)."""
    path = work / "roomy.yml"
    room = streams + 1000
    path.write_text(f"max-connections: {room}\nmax-subscribers-per-task: {room}\n")
    return path


def llm_config(work: Path, model_port: int) -> Path:
    path = work / "llm.yml"
    path.write_text(
        "llm:\n  provider: openai-compatible\n"
        f"  base-url: http://127.0.0.1:{model_port}/v1\n  model: bench\n  api-key: bench\n"
    )
    return path


def idle_row(floor: tuple[int, int], ours: tuple[int, int], work: Path, count: int) -> Row:
    """Memory per idle stream: SubscribeToTask on a turn that waits, against bare idle streams."""
    (floor_port, floor_pid), (ours_port, ours_pid) = floor, ours
    params = {"message": message("wait", work), "configuration": {"returnImmediately": True}}
    sent = httpx.post(f"http://127.0.0.1:{ours_port}/", json=rpc("SendMessage", params))
    subscribe = post("/", rpc("SubscribeToTask", {"id": sent.json()["result"]["task"]["id"]}))
    time.sleep(0.2)
    idle = b"GET /idle HTTP/1.1\r\nHost: x\r\n\r\n"
    base_kb = trio.run(hold_streams, floor_port, idle, count, floor_pid)
    mine_kb = trio.run(hold_streams, ours_port, subscribe, count, ours_pid)
    ratio = f"{mine_kb / base_kb:.2f}" if base_kb > 0 else "-"
    return (
        f"idle stream memory ({count} streams)",
        f"{mine_kb:.1f} KB",
        f"{base_kb:.1f} KB",
        ratio,
        "<= 20 KB",
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=float, default=5.0)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--events", type=int, default=20000)
    parser.add_argument("--idle", type=int, default=2000)
    parser.add_argument("--deltas", type=int, default=2000)
    args = parser.parse_args()
    ensure_wrk()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # this process holds idle sockets
    want = 65536 if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = {"IACCODE_A2A_ALLOWED_CWDS": str(work)}
        floor, offline, scenario = free_port(), free_port(), free_port()
        startup = startup_seconds(work / "startup")
        scenario_engine = "iaccode.testing.engines:ScenarioEngine"
        llm = free_port()
        llm_args = [
            "--engine",
            "llm",
            "--config",
            str(llm_config(work, floor)),
        ]
        with (
            process([PYTHON, str(ROOT / "scripts" / "bench_floor.py"), str(floor)], floor) as fpid,
            process(iaccode(offline, work / "offline", "offline"), offline, env),
            process(
                [
                    *iaccode(scenario, work / "scenario", scenario_engine),
                    "--config",
                    str(roomy_config(work, args.idle)),
                ],
                scenario,
                env,
            ) as spid,
            process([*iaccode(llm, work / "llm", "llm"), *llm_args], llm, env),
        ):
            rows = unary_rows(floor, offline, work, args)
            rows.append(sse_row(floor, scenario, work, args.events))
            rows.append(first_event_row(floor, scenario, work, args.deltas))
            more, added_ms = llm_rows(floor, llm, work, args.deltas)
            rows += more
            idle = idle_row((floor, fpid), (scenario, spid), work, args.idle)
            rows.append(idle)
            loaded = loaded_health_row(scenario, 1000)
            rows.append(loaded)
    rows.append(("start-up to 200 on /health", f"{startup * 1000:.0f} ms", "-", "-", "< 500 ms"))

    where = "server on CPU 0, load on CPU 1" if TWO_CPUS else "one CPU, unpinned"
    print(f"\niaccode benchmark ({where})\n")
    header = ("figure", "iaccode", "floor (trio + h11)", "ratio", "target")
    widths = [max(len(row[i]) for row in (*rows, header)) for i in range(5)]
    for row in (header, *rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
    verdicts = [
        ("GetTask >= 50 % of the floor", float(rows[0][3]) >= 0.5),
        ("idle stream <= 20 KB", float(idle[1].split()[0]) <= 20),
        ("start-up < 0.5 s", startup < 0.5),
        ("llm engine adds <= 1 ms median latency per delta", added_ms <= 1.0),
        ("/health with 1000 idle connections <= 2x", float(loaded[3]) <= 2.0),
    ]
    print()
    for label, ok in verdicts:
        print(f"  {'met   ' if ok else 'MISSED'}  {label}")


if __name__ == "__main__":
    main()
