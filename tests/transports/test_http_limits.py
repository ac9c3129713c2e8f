"""Load shedding in the HTTP loop over real sockets: the connection limit (idle connections make
room, /health still answers, the rest get 503), the spare band's ceiling, the body budget and the
fd-limit check at start-up."""

from __future__ import annotations

import logging
import resource
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import trio

from iaccode.server import RunningServer
from iaccode.transports.http import HttpLimits, fit_fd_limit
from iaccode.wire import json

# Connection admission and the fd limit belong to the built-in loop; hypercorn has neither.
pytestmark = pytest.mark.builtin_only("connection admission of the built-in loop")


async def wait_until(check: Callable[[], bool]) -> None:
    with trio.fail_after(5):
        while not check():
            await trio.sleep(0.01)


async def read_to_close(stream: trio.SocketStream) -> bytes:
    data = b""
    with trio.fail_after(5):
        try:
            while chunk := await stream.receive_some(65536):
                data += chunk
        except trio.BrokenResourceError:
            pass  # a reset after the answer
    return data


async def exchange(server: RunningServer, request: bytes) -> bytes:
    stream = await trio.open_tcp_stream("127.0.0.1", server.port)
    async with stream:
        await stream.send_all(request)
        return await read_to_close(stream)


def body_of(response: bytes) -> Any:
    return json.loads(response.partition(b"\r\n\r\n")[2])


@asynccontextmanager
async def open_connections(
    server: RunningServer, count: int, first_bytes: bytes = b""
) -> AsyncIterator[list[trio.SocketStream]]:
    streams = []
    try:
        for _ in range(count):
            stream = await trio.open_tcp_stream("127.0.0.1", server.port)
            streams.append(stream)
            if first_bytes:
                await stream.send_all(first_bytes)
        yield streams
    finally:
        for stream in streams:
            await stream.aclose()


HEALTH = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
SLOW_HEAD = b"GET /health HTTP/1.1\r\nHost: x\r\n"  # and never the blank line


def rpc_request(workspace: Path, text: str = "say hi", version: bytes = b"1.0") -> bytes:
    """A SendMessage; HTTP/1.0, so that the server closes after answering."""
    body = json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "SendMessage",
            "params": {
                "message": {
                    "messageId": "m",
                    "role": "ROLE_USER",
                    "parts": [{"text": text}],
                    "metadata": {"iac_code": {"cwd": str(workspace)}},
                }
            },
        }
    )
    return (
        b"POST / HTTP/%b\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n%b" % (version, len(body), body)
    )


async def test_full_server_answers_health_and_refuses_the_rest_with_503(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    server = await start_server(max_connections=2)
    http = server.http
    # Two slowloris heads hold both places; they have sent bytes, so they are not idle.
    async with open_connections(server, 2, SLOW_HEAD):
        await wait_until(lambda: http.connections == 2)
        health = await exchange(server, HEALTH)
        assert health.startswith(b"HTTP/1.1 200 ")
        assert b"connection: close" in health and body_of(health)["status"] == "healthy"
        ping = await exchange(server, b"GET /ping HTTP/1.1\r\nHost: x\r\n\r\n")
        assert body_of(ping)["status"] in ("Healthy", "HealthyBusy")
        busy = await exchange(server, rpc_request(workspace, version=b"1.1"))
        assert busy.startswith(b"HTTP/1.1 503 ")
        assert b"retry-after: 1" in busy.lower()
        assert body_of(busy) == {"error": "Server busy: too many connections; retry later"}
        assert http.connections == 2 and http.evicted == 0
    # With room again, the same request is served.
    await wait_until(lambda: http.connections == 0)
    served = await exchange(server, rpc_request(workspace))
    assert served.startswith(b"HTTP/1.1 200 ") and "result" in body_of(served)


async def test_idle_connections_make_room_oldest_first(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    server = await start_server(max_connections=2)
    http = server.http
    async with open_connections(server, 2) as (oldest, newer):
        await wait_until(lambda: http.connections == 2)
        served = await exchange(server, rpc_request(workspace))
        assert served.startswith(b"HTTP/1.1 200 ") and "result" in body_of(served)
        assert http.evicted == 1
        assert await read_to_close(oldest) == b""  # closed by the server, without a word
        await newer.send_all(HEALTH)  # the younger one still works
        with trio.fail_after(5):
            assert (await newer.receive_some(65536)).startswith(b"HTTP/1.1 200 ")


async def test_beyond_the_spare_band_connections_are_shed_without_a_task(
    start_server: Callable[..., Any],
) -> None:
    server = await start_server(max_connections=1)
    http = server.http
    spare = http.limits.spare_connections
    async with open_connections(server, 1, SLOW_HEAD):
        await wait_until(lambda: http.connections == 1)
        # Silent connections over the limit wait in the spare band for their head...
        async with open_connections(server, spare):
            await wait_until(lambda: http.spare == spare)
            # ...and the next one is answered 503 from the accept loop and closed at once.
            shed = await exchange(server, b"")
            assert shed.startswith(b"HTTP/1.1 503 ") and b"retry-after: 1" in shed
            assert body_of(shed)["error"].startswith("Server busy")
            assert http.shed == 1
        # The spare band ends its silent connections after its short deadline.
        await wait_until(lambda: http.spare == 0)


async def test_request_bodies_in_memory_have_a_budget(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    server = await start_server(max_body_bytes=1000, max_buffered_body_bytes=1500)
    async with open_connections(server, 1) as (uploading,):
        # A body announced and half sent holds its 1000 bytes of the budget...
        await uploading.send_all(
            b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n" + b" " * 500
        )
        await wait_until(lambda: server.http._buffered == 1000)
        # ...so another 1000 does not fit: 503, and it is not read.
        busy = await exchange(server, rpc_request(workspace, "say " + "x" * 600))
        assert busy.startswith(b"HTTP/1.1 503 ") and b"retry-after: 1" in busy
        assert body_of(busy) == {
            "error": "Server busy: too many request bodies in memory; retry later"
        }
        small = await exchange(server, rpc_request(workspace))
        assert small.startswith(b"HTTP/1.1 200 ")
    await wait_until(lambda: server.http._buffered == 0)  # given back when the client left


async def test_unauthenticated_uploads_hold_no_body_budget(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    # Issue 16: 17 connections announcing 16 MiB each (one byte sent) took the whole 256 MiB
    # budget before anyone was authenticated, and every real client got 503.
    server = await start_server(token="s3cret")
    attack = (
        b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 16777216\r\n\r\n{"
    )
    async with open_connections(server, 17, attack) as attackers:
        for stream in attackers:
            refused = await read_to_close(stream)
            assert refused.startswith(b"HTTP/1.1 401 ")
        assert server.http._buffered == 0
        request = rpc_request(workspace).replace(
            b"Host: x\r\n", b"Host: x\r\nAuthorization: Bearer s3cret\r\n"
        )
        served = await exchange(server, request)
        assert served.startswith(b"HTTP/1.1 200 ") and "task" in body_of(served)["result"]


def test_fd_limit_is_raised_or_the_connection_limit_lowered(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    calls: list[tuple[int, int]] = []
    monkeypatch.setattr(resource, "getrlimit", lambda _: (1024, 100_000))
    monkeypatch.setattr(resource, "setrlimit", lambda _, limits: calls.append(limits))
    limits = HttpLimits(max_connections=5000)
    assert fit_fd_limit(limits) == limits  # raised toward the hard limit: honoured
    assert calls and calls[0][0] > 5000 and calls[0][1] == 100_000

    monkeypatch.setattr(resource, "getrlimit", lambda _: (1024, 2048))
    with caplog.at_level(logging.WARNING, logger="iaccode.http"):
        fitted = fit_fd_limit(limits)
    assert 0 < fitted.max_connections < 2048 - fitted.spare_connections
    assert "max-connections 5000" in caplog.text and "ulimit" in caplog.text
