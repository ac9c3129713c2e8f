"""About a thousand hostile connections against a server process: it keeps answering /health and
valid requests, and its memory stays bounded.

The mix: idle sockets, slowloris heads (a byte a second), oversized bodies (declared, and chunked
past the limit), and SSE streams whose readers never read (a tiny receive buffer, so that the
server's writes stall at once). There are more of them than `max-connections`, so the server
also closes idle sockets to make room. Deadlines are generous on purpose: this must pass on a busy
two-core machine. What it measured is printed (`pytest -s`).
"""

from __future__ import annotations

import resource
import socket
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
import trio

from iaccode.wire import json
from tests.process import ServerProcess

IDLE = 500
SLOWLORIS = 300
OVERSIZED = 160
STREAMING_TASKS = 10  # each read (never) by its SendStreamingMessage and 3 SubscribeToTask
FLOOD = IDLE + SLOWLORIS + OVERSIZED + 4 * STREAMING_TASKS
HOLD_SECONDS = 8.0  # how long the flood is held while the server is probed
HEALTH_DEADLINE = 5.0  # for each /health under load
MAX_CONNECTIONS = 800
RSS_GROWTH_LIMIT_MB = 200  # measured about +40 MB; this catches unbounded growth, not noise

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
def flood_size() -> Iterator[int]:
    """This process holds every client socket: make room, or scale the flood down."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = FLOOD + 300
    if soft != resource.RLIM_INFINITY and soft < need:
        target = need if hard == resource.RLIM_INFINITY else min(need, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    room = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if room != resource.RLIM_INFINITY and room < 600:
        pytest.skip(f"the file descriptor limit ({room}) is too low for an overload test")
    yield FLOOD if room == resource.RLIM_INFINITY else min(FLOOD, room - 300)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.fixture
def hostile_server(tmp_path: Path, workspace: Path) -> Iterator[ServerProcess]:
    config = tmp_path / "a2a-server.yml"
    config.write_text(
        f"max-connections: {MAX_CONNECTIONS}\n"
        "request-timeout-seconds: 3\n"  # stalled readers and bodies are cut off within the test
        "max-body-bytes: 1048576\n"
        "max-buffered-body-bytes: 33554432\n"
    )
    server = ServerProcess(
        tmp_path / "state", allowed_cwds=[workspace], extra_args=["--config", str(config)]
    )
    with server:
        yield server


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def rpc(method: str, params: dict[str, object], version: bytes = b"1.0") -> bytes:
    """A JSON-RPC request over HTTP/1.0 (the server closes after answering) or 1.1."""
    payload = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
    return (
        b"POST / HTTP/%b\r\nHost: x\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\n"
        b"Content-Length: %d\r\n\r\n%b" % (version, len(payload), payload)
    )


def message(text: str, workspace: Path) -> dict[str, object]:
    return {
        "messageId": f"m-{time.monotonic_ns()}",
        "role": "ROLE_USER",
        "parts": [{"text": text}],
        "metadata": {"iac_code": {"cwd": str(workspace)}},
    }


def send_message(text: str, workspace: Path, **configuration: object) -> bytes:
    params: dict[str, object] = {"message": message(text, workspace)}
    if configuration:
        params["configuration"] = configuration
    return rpc("SendMessage", params)


async def connect(port: int, *, small_buffer: bool = False) -> trio.SocketStream:
    sock = trio.socket.socket()
    if small_buffer:  # a reader that never reads stalls the server's writes quickly
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    await sock.connect(("127.0.0.1", port))
    return trio.SocketStream(sock)


async def exchange(port: int, request: bytes) -> tuple[int, bytes]:
    """One request on a fresh connection (HTTP/1.0: the server closes after answering)."""
    stream = await connect(port)
    async with stream:
        await stream.send_all(request)
        data = b""
        while chunk := await stream.receive_some(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


class Flood:
    """The hostile clients. Each keeps its connection until the flood's nursery is cancelled;
    the server closing one first (a refusal, a cut-off, room made) is counted, not an error."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.opened = 0
        self.closed_by_server = 0
        self.idle_closed = 0
        self.answered_413_or_503 = 0

    async def _open(self, *, small_buffer: bool = False) -> trio.SocketStream:
        stream = await connect(self.port, small_buffer=small_buffer)
        self.opened += 1
        return stream

    async def idle(self) -> None:
        stream = await self._open()
        async with stream:
            if await stream.receive_some(1) == b"":
                self.closed_by_server += 1  # made room for someone
                self.idle_closed += 1
                await trio.sleep_forever()

    async def slowloris(self) -> None:
        stream = await self._open()
        async with stream:
            try:
                for byte in b"POST / HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 1000:
                    await stream.send_all(bytes([byte]))
                    await trio.sleep(1)
            except trio.BrokenResourceError:
                self.closed_by_server += 1
                await trio.sleep_forever()

    async def oversized(self, chunked: bool) -> None:
        stream = await self._open()
        async with stream:
            head = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            try:
                if chunked:  # counted as it arrives, refused at max-body-bytes
                    await stream.send_all(head + b"Transfer-Encoding: chunked\r\n\r\n")
                    chunk = b"10000\r\n" + b"x" * 0x10000 + b"\r\n"
                    for _ in range(32):  # 2 MiB, twice what the server takes
                        await stream.send_all(chunk)
                else:  # declared too large: refused from the head alone
                    await stream.send_all(head + b"Content-Length: 104857600\r\n\r\n")
                answer = await stream.receive_some(65536)
                if answer.startswith((b"HTTP/1.1 413 ", b"HTTP/1.1 503 ")):
                    self.answered_413_or_503 += 1
            except trio.BrokenResourceError:
                pass  # the server stopped reading and closed: refused all the same
            self.closed_by_server += 1
            await trio.sleep_forever()

    async def slow_reader(self, request: bytes) -> None:
        stream = await self._open(small_buffer=True)
        async with stream:
            await stream.send_all(request)
            await trio.sleep_forever()  # and never read a byte


async def test_overload_keeps_health_and_valid_requests_answered_with_bounded_memory(
    hostile_server: ServerProcess, workspace: Path, flood_size: int
) -> None:
    port = hostile_server.port
    assert hostile_server._proc is not None
    pid = hostile_server._proc.pid
    scale = flood_size / FLOOD

    status, _ = await exchange(port, send_message("say warm", workspace))  # imports, first turn
    assert status == 200
    await trio.sleep(0.5)
    rss_before = rss_mb(pid)

    # Turns that stream thousands of events to readers that never read.
    streaming = []
    for _ in range(STREAMING_TASKS):
        request = send_message("sleep 1\nstream 3000", workspace, returnImmediately=True)
        _, body = await exchange(port, request)
        streaming.append(json.loads(body)["result"]["task"]["id"])

    flood = Flood(port)
    jobs: list[Callable[[], Awaitable[None]]] = []
    jobs += [flood.idle] * int(IDLE * scale)
    jobs += [flood.slowloris] * int(SLOWLORIS * scale)
    jobs += [lambda: flood.oversized(chunked=False)] * int(OVERSIZED * scale / 2)
    jobs += [lambda: flood.oversized(chunked=True)] * int(OVERSIZED * scale / 2)
    for task_id in streaming:
        turn = rpc("SendStreamingMessage", {"message": message("stream 3000", workspace)}, b"1.1")
        subscribe = rpc("SubscribeToTask", {"id": task_id}, b"1.1")
        jobs.append(lambda request=turn: flood.slow_reader(request))
        jobs += [lambda request=subscribe: flood.slow_reader(request)] * 3

    health: list[float] = []
    attempts: list[int] = []
    rss: list[float] = []

    async def probe_health() -> None:
        while True:
            start = time.monotonic()
            with trio.fail_after(HEALTH_DEADLINE):
                status, body = await exchange(port, b"GET /health HTTP/1.0\r\nHost: x\r\n\r\n")
            assert status == 200 and json.loads(body)["status"] == "healthy"
            health.append(time.monotonic() - start)
            await trio.sleep(0.25)

    async def valid_message() -> None:
        """A client that honours 503 + Retry-After, as real clients should."""
        attempt = 0
        with trio.fail_after(HOLD_SECONDS + 10):
            while True:
                attempt += 1
                try:
                    status, body = await exchange(port, send_message("say served", workspace))
                except trio.BrokenResourceError:  # shed with a reset: same as a 503
                    status, body = 503, b""
                if status != 503:
                    break
                await trio.sleep(1)
        assert status == 200, body
        answer = json.loads(body)["result"]["task"]["status"]["message"]
        assert answer["parts"][0]["text"] == "served"
        attempts.append(attempt)

    async def sample_rss() -> None:
        while True:
            rss.append(rss_mb(pid))
            await trio.sleep(0.2)

    async with trio.open_nursery() as probes:
        probes.start_soon(sample_rss)
        async with trio.open_nursery() as hostile:
            for index, job in enumerate(jobs):
                hostile.start_soon(job)
                if index % 50 == 49:
                    await trio.sleep(0.02)  # open fast, but not in one burst
            await trio.sleep(1.0)
            probes.start_soon(probe_health)
            async with trio.open_nursery() as clients:
                for _ in range(5):
                    clients.start_soon(valid_message)
                await trio.sleep(HOLD_SECONDS)
            hostile.cancel_scope.cancel()
        rss_under_load = max(rss)
        probes.cancel_scope.cancel()

    status, _ = await exchange(port, b"GET /health HTTP/1.0\r\nHost: x\r\n\r\n")
    assert status == 200
    growth = rss_under_load - rss_before
    health.sort()
    print(
        f"\noverload: {flood.opened} hostile connections, {flood.closed_by_server} refused or "
        f"cut off ({flood.idle_closed} idle closed to make room); /health x{len(health)}: median "
        f"{health[len(health) // 2] * 1000:.0f} ms, worst {health[-1] * 1000:.0f} ms; "
        f"SendMessage attempts {attempts}; RSS {rss_before:.0f} MB before, "
        f"{rss_under_load:.0f} MB at most under load (+{growth:.0f} MB)"
    )
    assert flood.opened >= 0.9 * len(jobs)
    assert flood.answered_413_or_503 > 0
    if flood.opened > MAX_CONNECTIONS:
        assert flood.idle_closed > 0  # the server made room by closing idle sockets
    assert len(health) >= 3
    assert len(attempts) == 5
    assert growth < RSS_GROWTH_LIMIT_MB
