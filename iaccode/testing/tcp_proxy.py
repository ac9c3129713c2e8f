"""A small round-robin TCP proxy on loopback, for tests and benchmarks of several replicas.

Each accepted connection goes to the next backend in turn; a backend that cannot be reached
(refused, or no answer within `connect_timeout`) is skipped for that connection and the next one
tried, each at most once, so a dead replica costs nothing but a refused connect. Bytes are copied
both ways unchanged. It is bounded: at most `max_connections` at once (a connection beyond that
is closed at once), and it stops by itself after `lifetime` seconds (or when its nursery is
cancelled, or `close()` is called).

In a Trio nursery::

    proxy = await nursery.start(RoundRobinProxy([("127.0.0.1", 8001), ("127.0.0.1", 8002)]).serve)
    proxy.url  # http://127.0.0.1:<port>

As a process (scripts/bench): `python -m iaccode.testing.tcp_proxy --backend 127.0.0.1:8001
--backend 127.0.0.1:8002` prints `listening on 127.0.0.1:<port>` and stops when its standard
input closes (its parent went away) or after `--lifetime` seconds.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence

import trio

_CHUNK = 65536
_BROKEN = (trio.BrokenResourceError, trio.ClosedResourceError, OSError)


class RoundRobinProxy:
    """Forwards each new connection on `host:port` (0: any free port) to the next backend."""

    def __init__(
        self,
        backends: Sequence[tuple[str, int]],
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        max_connections: int = 512,
        connect_timeout: float = 2.0,
        lifetime: float = 600.0,
    ) -> None:
        if not backends:
            raise ValueError("a proxy needs at least one backend")
        self.backends = tuple(backends)
        self.host = host
        self.port = port
        self.max_connections = max_connections
        self.connect_timeout = connect_timeout
        self.lifetime = lifetime
        # Connections forwarded to each backend, and connections refused for want of one.
        self.forwarded = [0] * len(self.backends)
        self.unserved = 0
        self.active = 0
        self._turn = 0
        self._scope: trio.CancelScope | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def replace(self, index: int, backend: tuple[str, int]) -> None:
        """Send the connections of backend `index` to `backend` from now on (a replica started
        again on another port); its count goes on."""
        backends = list(self.backends)
        backends[index] = backend
        self.backends = tuple(backends)

    def close(self) -> None:
        """Stop listening and cut every forwarded connection."""
        if self._scope is not None:
            self._scope.cancel()

    async def serve(
        self, *, task_status: trio.TaskStatus[RoundRobinProxy] = trio.TASK_STATUS_IGNORED
    ) -> None:
        """Listen and forward until `lifetime` is over or `close()`; `task_status.started(self)`
        once listening (`port` is then the bound port). Raises `OSError` if it cannot listen."""
        listeners = await trio.open_tcp_listeners(self.port, host=self.host)
        self.port = listeners[0].socket.getsockname()[1]
        with trio.CancelScope(deadline=trio.current_time() + self.lifetime) as self._scope:
            async with trio.open_nursery() as nursery:
                await nursery.start(trio.serve_listeners, self._handle, listeners)
                task_status.started(self)

    async def _handle(self, client: trio.SocketStream) -> None:
        async with client:
            if self.active >= self.max_connections:
                self.unserved += 1
                return
            self.active += 1
            try:
                backend = await self._connect()
                if backend is None:
                    self.unserved += 1
                    return
                async with backend, trio.open_nursery() as nursery:
                    scope = nursery.cancel_scope
                    nursery.start_soon(self._copy, client, backend, scope, False)
                    nursery.start_soon(self._copy, backend, client, scope, True)
            finally:
                self.active -= 1

    async def _connect(self) -> trio.SocketStream | None:
        """The next reachable backend's connection, trying each once; None if none answers."""
        for _ in range(len(self.backends)):
            index = self._turn % len(self.backends)
            self._turn += 1
            host, port = self.backends[index]
            with trio.move_on_after(self.connect_timeout):
                try:
                    stream = await trio.open_tcp_stream(host, port)
                except OSError:
                    continue
                self.forwarded[index] += 1
                return stream
        return None

    @staticmethod
    async def _copy(
        source: trio.SocketStream, sink: trio.SocketStream, scope: trio.CancelScope, last: bool
    ) -> None:
        """Copy until `source` ends, then pass the end on. The backend's end (`last`) ends the
        whole connection, since a server that closed reads no more; so does a broken side."""
        try:
            while data := await source.receive_some(_CHUNK):
                await sink.send_all(data)
            await sink.send_eof()
        except _BROKEN:
            last = True
        if last:
            scope.cancel()


def _backend(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"not host:port: {text!r}")
    return host, int(port)


async def _run(proxy: RoundRobinProxy) -> None:
    async with trio.open_nursery() as nursery:

        async def serve(task_status: trio.TaskStatus[RoundRobinProxy]) -> None:
            await proxy.serve(task_status=task_status)
            nursery.cancel_scope.cancel()  # its lifetime is over: stop waiting for stdin

        await nursery.start(serve)
        print(f"listening on {proxy.host}:{proxy.port}", flush=True)
        # Standard input closing means the parent went away: stop rather than linger.
        await trio.to_thread.run_sync(sys.stdin.buffer.read, abandon_on_cancel=True)
        proxy.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m iaccode.testing.tcp_proxy")
    parser.add_argument("--backend", type=_backend, action="append", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--max-connections", type=int, default=512)
    parser.add_argument("--lifetime", type=float, default=3600.0)
    args = parser.parse_args(argv)
    if not (math.isfinite(args.lifetime) and args.lifetime > 0):
        parser.error("--lifetime must be a positive number of seconds")
    proxy = RoundRobinProxy(
        args.backend,
        host=args.host,
        port=args.port,
        max_connections=args.max_connections,
        lifetime=args.lifetime,
    )
    trio.run(_run, proxy)
    return 0


if __name__ == "__main__":
    sys.exit(main())
