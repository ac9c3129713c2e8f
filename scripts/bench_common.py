"""What every part of scripts/bench shares: processes on pinned CPUs, wrk, raw HTTP, A2A bodies.

The server under test runs on CPU 0; the bench itself, wrk and the other load generators and
receivers run on CPU 1 (when there are two CPUs and taskset).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import trio

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
PINNING = (os.cpu_count() or 1) >= 2 and shutil.which("taskset") is not None
SCENARIO = "iaccode.testing.engines:ScenarioEngine"
T = TypeVar("T")

Row = tuple[str, str, str, str, str]
"""figure, the server under test, the floor, ratio, target"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def pinned(cpu: int, args: list[str]) -> list[str]:
    return ["taskset", "-c", str(cpu), *args] if PINNING else args


def pin_self() -> str:
    """Move this process (the load side) to CPU 1; say where everything runs."""
    if not PINNING:
        return "one CPU or no taskset: nothing pinned"
    os.sched_setaffinity(0, {1})
    return "server on CPU 0, load on CPU 1"


# -- the time limit ------------------------------------------------------------------------------


class OutOfTime(Exception):
    """The run went past its time limit."""


_deadline = math.inf


def set_time_limit(seconds: float) -> None:
    """End the run with OutOfTime after `seconds`: raised by SIGALRM outside trio, and by
    run_trio's cancel scope inside (an exception thrown into trio's loop would break it)."""
    global _deadline
    _deadline = time.monotonic() + seconds
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)


def _alarm(signum: int, frame: object) -> None:
    if trio.lowlevel.in_trio_run():
        signal.setitimer(signal.ITIMER_REAL, 0.5)  # again, in case trio finishes first
        return
    raise _out_of_time()


def _out_of_time() -> OutOfTime:
    signal.setitimer(signal.ITIMER_REAL, 0)  # once: the clean-up must run to its end
    return OutOfTime()


def run_trio(function: Callable[..., Awaitable[T]], *args: object) -> T:
    """trio.run(function, *args), cancelled at the run's time limit."""

    async def bounded() -> T:
        with trio.move_on_at(trio.current_time() + _deadline - time.monotonic()):
            return await function(*args)
        raise _out_of_time()

    return trio.run(bounded)


# -- processes -----------------------------------------------------------------------------------


@contextlib.contextmanager
def process(
    args: list[str],
    port: int,
    env: dict[str, str] | None = None,
    *,
    cpu: int = 0,
    ready: str = "/health",
    timeout: float = 10,
    cwd: Path | None = None,
    log: Path | None = None,
) -> Iterator[int]:
    """Run a server pinned to `cpu` until `ready` gives any HTTP answer below 500; yield its pid.
    The server and its children (`env ...`, shells) get SIGTERM at the end, SIGKILL if need be."""
    stderr = log.open("wb") if log else subprocess.DEVNULL
    proc = subprocess.Popen(
        pinned(cpu, args),
        env={**os.environ, **(env or {})},
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=stderr,
        start_new_session=True,
    )
    try:
        wait_http(port, ready, timeout, proc, log)
        yield proc.pid
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        if log:
            stderr.close()  # type: ignore[union-attr]


def http_status(port: int, path: str, host: str = "127.0.0.1") -> int | None:
    """The status of one GET, on a raw socket (cheap enough to poll every few ms); None when
    nothing answers."""
    try:
        with socket.create_connection((host, port), timeout=2) as sock:
            request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
            sock.sendall(request.encode())
            line = sock.makefile("rb").readline()
    except OSError:
        return None
    parts = line.split()
    return int(parts[1]) if len(parts) >= 2 and parts[1].isdigit() else None


def wait_http(
    port: int,
    path: str = "/health",
    timeout: float = 10,
    proc: subprocess.Popen[bytes] | None = None,
    log: Path | None = None,
) -> float:
    """Seconds until GET `path` answers below 500."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if proc is not None and proc.poll() is not None:
            tail = log.read_text(errors="replace")[-2000:] if log else ""
            raise RuntimeError(f"{proc.args!r} exited with {proc.returncode}\n{tail}")
        status = http_status(port, path)
        if status is not None and status < 500:
            return time.monotonic() - start
        time.sleep(0.002)
    raise RuntimeError(f"nothing answered GET {path} on port {port} within {timeout:g} s")


def iaccode(port: int, state: Path, engine: str, *extra: str) -> list[str]:
    args = [PYTHON, "-m", "iaccode", "a2a", "--port", str(port), "--persistence-dir", str(state)]
    return [*args, "--engine", engine, *extra]


def floor_server(port: int) -> list[str]:
    return [PYTHON, str(ROOT / "scripts" / "bench_floor.py"), str(port)]


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def write_config(path: Path, values: dict[str, object]) -> Path:
    """An a2a-server.yml (JSON is YAML)."""
    path.write_text("".join(f"{key}: {json.dumps(value)}\n" for key, value in values.items()))
    return path


def llm_config(path: Path, model_url: str, **more: object) -> Path:
    """A config for `--engine llm` against the bench's fake model (bench_floor.py)."""
    llm = {"provider": "openai-compatible", "base-url": model_url, "model": "bench"}
    return write_config(path, {"llm": {**llm, "api-key": "bench"}, **more})


# -- A2A bodies ----------------------------------------------------------------------------------


def message(text: str, cwd: Path) -> dict[str, object]:
    return {
        "messageId": f"bench-{time.monotonic_ns()}",
        "role": "ROLE_USER",
        "parts": [{"text": text}],
        "metadata": {"iac_code": {"cwd": str(cwd)}},
    }


def rpc(method: str, params: dict[str, object]) -> dict[str, object]:
    return {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}


def post(
    path: str, body: dict[str, object], host: str = "127.0.0.1", version: str | None = "1.0"
) -> bytes:
    """A raw HTTP/1.1 POST of a JSON body, as an A2A client sends it (A2A-Version for 1.0)."""
    payload = json.dumps(body).encode()
    a2a = f"A2A-Version: {version}\r\n" if version else ""
    return (
        f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"Accept: application/json, text/event-stream\r\n{a2a}"
        f"Content-Length: {len(payload)}\r\n\r\n"
    ).encode() + payload


def floor_sse(events: int) -> bytes:
    """The streaming floor: `events` one-line events from bench_floor.py."""
    return f"GET /sse?n={events} HTTP/1.1\r\nHost: x\r\n\r\n".encode()


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


def wrk(
    url: str,
    body: dict[str, object] | None,
    duration: float,
    connections: int,
    *,
    headers: dict[str, str] | None = None,
    timeout: float = 10,
) -> dict[str, float]:
    """requests/s, p50 and p99 (ms, NaN when none completed) and the count of failed requests:
    POST `body` with `headers` (A2A-Version 1.0 by default), or GET when `body` is None."""
    headers = {"A2A-Version": "1.0"} if headers is None else headers
    lua = "".join(f"wrk.headers[{json.dumps(k)}] = {json.dumps(v)}\n" for k, v in headers.items())
    if body is not None:
        lua += 'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
        lua += f"wrk.body = {json.dumps(json.dumps(body))}\n"
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as script:
        script.write(lua)
        script.flush()
        seconds = max(1, math.ceil(duration))  # wrk takes whole seconds
        args = [ensure_wrk(), "-t1", f"-c{connections}", f"-d{seconds}s"]
        args += [f"--timeout={timeout:g}s", "--latency", "-s", script.name, url]
        done = subprocess.run(pinned(1, args), capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"wrk failed: {done.stderr or done.stdout}\n{lua}")
        out = done.stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]

    def percentile(p: str) -> float:
        found = re.search(rf"\s{p}%\s+([\d.]+)(us|ms|s)", out)
        if found is None or rate == 0:  # no request completed
            return float("nan")
        value, unit = found.groups()
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    total = re.search(r"(\d+) requests in", out)
    errors = sum(int(n) for n in re.findall(r"Non-2xx or 3xx responses: (\d+)", out))
    socket_errors = re.search(r"Socket errors: (.*)", out)
    if socket_errors:
        errors += sum(int(n) for n in re.findall(r"\d+", socket_errors.group(1)))
    return {
        "rps": rate,
        "p50": percentile("50"),
        "p99": percentile("99"),
        "errors": errors,
        "requests": float(total.group(1)) if total else 0.0,
    }


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rate_cell(result: dict[str, float], duration: float) -> str:
    if not result["rps"]:
        return f"none completed in {max(1, math.ceil(duration))} s"
    cell = f"{result['rps']:,.0f} req/s (p50 {result['p50']:.1f} ms, p99 {result['p99']:.1f} ms)"
    return cell + (f", {result['errors']:.0f} failed" if result["errors"] else "")


# -- streams over raw sockets --------------------------------------------------------------------


@dataclass
class Stream:
    """One request's answer, read off a raw socket."""

    status: int
    first: float | None  # seconds to the first `data:` event
    seconds: float  # seconds to the end of the answer, or to where reading stopped
    events: int  # `data:` events counted
    ended: bool  # the answer ended (False: stopped at the first event, or timed out)
    head: bytes  # the first bytes of the answer, for messages

    def error(self) -> str | None:
        """Why this is not an event stream, in a few words (a JSON-RPC error as its first event
        counts); None when it is one."""
        text = self.head.split(b"\r\n\r\n", 1)[-1].decode(errors="replace")
        if self.status == 200 and self.events:
            first = text.partition("data:")[2].split("\n", 1)[0]
            if '"error"' not in first:
                return None
            return f"error event: {first.strip()[:80]}"
        found = re.search(r'"message"\s*:\s*"([^"]*)"', text)
        detail = found.group(1) if found else " ".join(text.split())[:80]
        return f"HTTP {self.status}: {detail}" if self.status != 200 else f"no events: {detail}"


def read_stream(
    port: int,
    request: bytes,
    *,
    host: str = "127.0.0.1",
    first_only: bool = False,
    timeout: float = 60,
) -> Stream:
    """Send one raw request and read its answer: to the first `data:` event when `first_only`,
    else to its end (chunked end, Content-Length or close), for at most `timeout` seconds."""
    start = time.perf_counter()
    first: float | None = None
    received, events, tail, total = b"", 0, b"", 0
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.sendall(request)
        header_end, length = -1, None
        while (left := timeout - _since(start)) > 0:
            sock.settimeout(left)
            try:
                chunk = sock.recv(1 << 20)
            except TimeoutError:
                break
            if not chunk:
                return Stream(_status(received), first, _since(start), events, True, received)
            total += len(chunk)
            if len(received) < 4096:
                received += chunk
            data = tail + chunk
            events += data.count(b"\ndata:")
            tail = data[-5:]  # shorter than "\ndata:", so no event is counted twice
            if first is None and events:
                first = _since(start)
                if first_only:
                    return Stream(_status(received), first, first, events, False, received)
            if header_end < 0 and (header_end := received.find(b"\r\n\r\n")) >= 0:
                found = re.search(rb"\r\ncontent-length:\s*(\d+)", received[:header_end], re.I)
                length = header_end + 4 + int(found.group(1)) if found else None
            if (length is not None and total >= length) or data.endswith(b"\r\n0\r\n\r\n"):
                return Stream(_status(received), first, _since(start), events, True, received)
    return Stream(_status(received), first, _since(start), events, False, received)


def _status(received: bytes) -> int:
    parts = received.split(b"\r\n", 1)[0].split()
    return int(parts[1]) if len(parts) >= 2 and parts[1].isdigit() else 0


def _since(start: float) -> float:
    return time.perf_counter() - start


async def run_stream(port: int, request: bytes) -> tuple[float, bytes]:
    """One request on a new connection, read to the end of its stream (trio, at most 30 s):
    seconds to the first `data:` event, and the bytes received."""
    start = trio.current_time()
    first = 0.0
    received = b""
    with trio.fail_after(30):
        async with await trio.open_tcp_stream("127.0.0.1", port) as stream:
            await stream.send_all(request)
            while chunk := await stream.receive_some(65536):
                received += chunk
                if not first and b"\ndata:" in received:
                    first = trio.current_time() - start
                if received.endswith(b"\r\n0\r\n\r\n"):
                    break
    if not first:
        raise RuntimeError(f"no event: {received[:300]!r}")
    return first, received


async def run_streams(
    port: int, request: Callable[[], bytes], count: int, concurrency: int
) -> tuple[float, list[bytes]]:
    """`count` streams, `concurrency` at a time, each with its own `request()`: streams per
    second, and every stream's bytes."""
    done: list[bytes] = []
    left = iter(range(count))

    async def client() -> None:
        for _ in left:
            done.append((await run_stream(port, request()))[1])

    start = trio.current_time()
    async with trio.open_nursery() as nursery:
        for _ in range(concurrency):
            nursery.start_soon(client)
    return count / (trio.current_time() - start), done


# -- the table -----------------------------------------------------------------------------------


def ratio(value: float, floor: float) -> str:
    """The server's figure over the floor's, in the figure's own unit."""
    return f"{value / floor:.2f}" if floor > 0 else "-"


def target(text: str, met: bool) -> str:
    return f"{text} {'met' if met else 'MISSED'}"


def print_table(title: str, header: Row, rows: list[Row]) -> None:
    print(f"\n{title}\n")
    widths = [max(len(row[i]) for row in (*rows, header)) for i in range(5)]
    for row in (header, *rows):
        cells = (cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        print("  ".join(cells).rstrip())
