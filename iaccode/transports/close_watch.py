"""One task notices every event-stream client that goes away, instead of a reader task each.

An SSE response only writes; to notice at once a client that closed its connection, something
must read the socket. A reader task per stream costs about 3 KB (task, coroutine frames, cancel
status, an I/O waiter) on every idle stream. `CloseWatcher` puts the streams' sockets in one
epoll set of its own and one task waits for that set to become readable: a socket at EOF (or
in error) has its stream's cancel scope cancelled, and bytes a client sends meanwhile are read
and dropped, as the reader task did. The watching task runs only while streams are watched, so
that it never holds up a nursery at shutdown.

Only plain TCP streams on Linux are watched this way: under TLS the bytes belong to the TLS
layer, so `watch` says False and the caller reads the stream itself.
"""

from __future__ import annotations

import contextlib
import os
import select

import trio

_READ_SIZE = 65536
_EVENTS = getattr(select, "EPOLLIN", 0) | getattr(select, "EPOLLRDHUP", 0)


class CloseWatcher:
    """The streams of one HTTP server that it watches for their client going away."""

    def __init__(self) -> None:
        self._epoll: select.epoll | None = None  # made on first use
        self._nursery: trio.Nursery | None = None
        self._scopes: dict[int, trio.CancelScope] = {}  # by file descriptor
        self._runner: trio.CancelScope | None = None

    def attach(self, nursery: trio.Nursery) -> None:
        """The nursery the watching task runs in (the server's connections nursery)."""
        self._nursery = nursery

    def watch(self, stream: trio.abc.Stream, scope: trio.CancelScope) -> bool:
        """Cancel `scope` once the client of `stream` goes away; False when this watcher cannot
        (TLS, not Linux, no nursery): the caller must read the stream itself."""
        if not _EVENTS or self._nursery is None or type(stream) is not trio.SocketStream:
            return False
        fd = stream.socket.fileno()
        try:
            if self._epoll is None:
                self._epoll = select.epoll()
            self._epoll.register(fd, _EVENTS)
        except OSError:
            return False
        self._scopes[fd] = scope
        if self._runner is None:
            runner = trio.CancelScope()
            try:
                self._nursery.start_soon(self._run, runner)
            except RuntimeError:  # the nursery is closed: the server is going away
                self._forget(fd)
                return False
            self._runner = runner
        return True

    def unwatch(self, stream: trio.abc.Stream) -> None:
        """Stop watching `stream` (before it is closed: its descriptor may be reused)."""
        if type(stream) is trio.SocketStream:
            self._forget(stream.socket.fileno())

    def _forget(self, fd: int) -> None:
        if self._scopes.pop(fd, None) is None:
            return
        assert self._epoll is not None
        with contextlib.suppress(OSError):  # closed already
            self._epoll.unregister(fd)
        if not self._scopes and self._runner is not None:
            # Nothing left to watch: the task ends (its wait is cancelled at once).
            self._runner.cancel()
            self._runner = None

    async def _run(self, runner: trio.CancelScope) -> None:
        assert self._epoll is not None
        with runner:
            while True:
                await trio.lowlevel.wait_readable(self._epoll)
                for fd, _ in self._epoll.poll(0):
                    self._check(fd)

    def _check(self, fd: int) -> None:
        scope = self._scopes.get(fd)
        if scope is None:
            return
        try:
            data = os.read(fd, _READ_SIZE)  # dropped, as the per-stream reader did
        except BlockingIOError:
            return
        except OSError:
            data = b""  # reset: gone as well
        if not data:
            scope.cancel()
            self._forget(fd)
