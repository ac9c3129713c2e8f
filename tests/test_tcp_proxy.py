"""The round-robin TCP proxy of the replica tests (iaccode.testing.tcp_proxy), against real
TCP servers on loopback."""

from __future__ import annotations

import functools
import subprocess
import sys
from collections.abc import Awaitable, Callable

import pytest
import trio

from iaccode.testing.tcp_proxy import RoundRobinProxy
from tests.redis_process import free_port

Handler = Callable[[trio.SocketStream], Awaitable[None]]


async def start_backend(nursery: trio.Nursery, handler: Handler) -> tuple[str, int]:
    listeners = await nursery.start(functools.partial(trio.serve_tcp, handler, 0, host="127.0.0.1"))
    return "127.0.0.1", listeners[0].socket.getsockname()[1]


def naming(name: bytes) -> Handler:
    """A server that says its name, then echoes until the client ends, then says bye."""

    async def handle(stream: trio.SocketStream) -> None:
        async with stream:
            await stream.send_all(name)
            while data := await stream.receive_some(65536):
                await stream.send_all(data)
            await stream.send_all(b"bye")

    return handle


async def read_until_closed(stream: trio.SocketStream) -> bytes:
    received = b""
    while data := await stream.receive_some(65536):
        received += data
    return received


async def first_bytes(port: int, size: int = 1) -> bytes:
    async with await trio.open_tcp_stream("127.0.0.1", port) as stream:
        return await stream.receive_some(size)


async def test_each_new_connection_goes_to_the_next_backend(nursery: trio.Nursery) -> None:
    backends = [await start_backend(nursery, naming(name)) for name in (b"a", b"b", b"c")]
    proxy: RoundRobinProxy = await nursery.start(RoundRobinProxy(backends).serve)
    with trio.fail_after(10):
        names = [await first_bytes(proxy.port) for _ in range(7)]
    assert names == [b"a", b"b", b"c", b"a", b"b", b"c", b"a"]
    assert proxy.forwarded == [3, 2, 2]
    assert proxy.url == f"http://127.0.0.1:{proxy.port}"


async def test_a_dead_backend_is_skipped(nursery: trio.Nursery) -> None:
    alive = [await start_backend(nursery, naming(name)) for name in (b"a", b"c")]
    dead = ("127.0.0.1", free_port())  # nothing listens there: the connect is refused
    proxy: RoundRobinProxy = await nursery.start(RoundRobinProxy([alive[0], dead, alive[1]]).serve)
    with trio.fail_after(10):
        names = [await first_bytes(proxy.port) for _ in range(4)]
    assert names == [b"a", b"c", b"a", b"c"]
    assert proxy.forwarded == [2, 0, 2]


async def test_a_backend_replaced_gets_the_next_connections(nursery: trio.Nursery) -> None:
    first, second, again = [await start_backend(nursery, naming(n)) for n in (b"a", b"b", b"A")]
    proxy: RoundRobinProxy = await nursery.start(RoundRobinProxy([first, second]).serve)
    with trio.fail_after(10):
        assert [await first_bytes(proxy.port) for _ in range(2)] == [b"a", b"b"]
        proxy.replace(0, again)
        assert [await first_bytes(proxy.port) for _ in range(2)] == [b"A", b"b"]
    assert proxy.forwarded == [2, 2]


async def test_no_backend_reachable_closes_the_connection(nursery: trio.Nursery) -> None:
    proxy: RoundRobinProxy = await nursery.start(
        RoundRobinProxy([("127.0.0.1", free_port()), ("127.0.0.1", free_port())]).serve
    )
    with trio.fail_after(10):
        async with await trio.open_tcp_stream("127.0.0.1", proxy.port) as stream:
            assert await read_until_closed(stream) == b""
    assert proxy.unserved == 1 and proxy.forwarded == [0, 0]


async def test_bytes_pass_both_ways_unchanged_and_the_end_is_passed_on(
    nursery: trio.Nursery,
) -> None:
    backend = await start_backend(nursery, naming(b"n"))
    proxy: RoundRobinProxy = await nursery.start(RoundRobinProxy([backend]).serve)
    payload = bytes(range(256)) * 8192  # 2 MiB: many chunks each way
    with trio.fail_after(20):
        stream = await trio.open_tcp_stream("127.0.0.1", proxy.port)
        async with stream, trio.open_nursery() as inner:

            async def send() -> None:
                await stream.send_all(payload)
                await stream.send_eof()  # the backend sees the end and says bye

            inner.start_soon(send)
            received = await read_until_closed(stream)
    assert received == b"n" + payload + b"bye"


async def test_a_backend_that_goes_away_ends_the_client_connection(
    nursery: trio.Nursery,
) -> None:
    async def hang_up(stream: trio.SocketStream) -> None:
        await stream.send_all(b"x")
        await stream.aclose()

    proxy: RoundRobinProxy = await nursery.start(
        RoundRobinProxy([await start_backend(nursery, hang_up)]).serve
    )
    with trio.fail_after(10):
        async with await trio.open_tcp_stream("127.0.0.1", proxy.port) as stream:
            # the client never ends its side; the proxy ends the connection anyway
            assert await read_until_closed(stream) == b"x"
        while proxy.active:
            await trio.sleep(0.01)


async def test_connections_beyond_the_limit_are_closed_at_once(nursery: trio.Nursery) -> None:
    backend = await start_backend(nursery, naming(b"n"))
    proxy: RoundRobinProxy = await nursery.start(
        RoundRobinProxy([backend], max_connections=1).serve
    )
    with trio.fail_after(10):
        async with await trio.open_tcp_stream("127.0.0.1", proxy.port) as held:
            assert await held.receive_some(1) == b"n"
            async with await trio.open_tcp_stream("127.0.0.1", proxy.port) as extra:
                assert await read_until_closed(extra) == b""
            assert proxy.unserved == 1
        while proxy.active:
            await trio.sleep(0.01)
        assert await first_bytes(proxy.port) == b"n"  # room again once the first one left


async def test_the_proxy_stops_by_itself_after_its_lifetime(nursery: trio.Nursery) -> None:
    backend = await start_backend(nursery, naming(b"n"))
    proxy = RoundRobinProxy([backend], lifetime=0.5)
    with trio.fail_after(10):
        async with trio.open_nursery() as inner:
            await inner.start(proxy.serve)
            held = await trio.open_tcp_stream("127.0.0.1", proxy.port)
            assert await held.receive_some(1) == b"n"
        # serve returned: the held connection was cut and nothing listens any more
        assert await read_until_closed(held) == b""
        await held.aclose()
        with pytest.raises(OSError):
            await trio.open_tcp_stream("127.0.0.1", proxy.port)


def test_a_proxy_needs_a_backend() -> None:
    with pytest.raises(ValueError, match="at least one backend"):
        RoundRobinProxy([])


async def test_as_a_process_it_stops_when_its_stdin_closes(nursery: trio.Nursery) -> None:
    host, port = await start_backend(nursery, naming(b"p"))
    args = [sys.executable, "-m", "iaccode.testing.tcp_proxy", "--backend", f"{host}:{port}"]
    proc = await trio.lowlevel.open_process(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None and proc.stdin is not None
        with trio.fail_after(30):
            line = b""
            while not line.endswith(b"\n"):
                line += await proc.stdout.receive_some(1)
            assert line.startswith(b"listening on 127.0.0.1:"), line
            assert await first_bytes(int(line.rsplit(b":", 1)[1])) == b"p"
            await proc.stdin.aclose()
            assert await proc.wait() == 0
    finally:
        proc.kill()
        await proc.wait()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backend", "nowhere"], "not host:port: 'nowhere'"),
        (["--backend", "127.0.0.1:99999"], "not host:port"),
        (["--backend", "127.0.0.1:1", "--lifetime", "nan"], "--lifetime must be a positive"),
        ([], "the following arguments are required: --backend"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(args: list[str], message: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "iaccode.testing.tcp_proxy", *args],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr
