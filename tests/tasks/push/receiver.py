"""A real HTTP receiver on loopback for push tests: trio + h11, scriptable, recording every request.

Each request takes the next `Reply` from the script (200 once the script is empty): a status,
a delay before answering, or closing the connection without an answer. Requests are recorded
with their exact header list and body, after the body has been read in full.
"""

from __future__ import annotations

import collections

import attrs
import h11
import trio


@attrs.frozen
class Reply:
    status: int = 200
    delay: float = 0.0
    close: bool = False  # read the request, then close without answering
    headers: tuple[tuple[str, str], ...] = ()


@attrs.frozen
class Received:
    method: str
    target: str
    headers: tuple[tuple[str, str], ...]  # lower-case names, in order, repeats kept
    body: bytes
    at: float  # trio.current_time() when the body was complete

    def header(self, name: str) -> str | None:
        values = [v for n, v in self.headers if n == name.lower()]
        assert len(values) <= 1, f"header {name} repeated"
        return values[0] if values else None


class Receiver:
    def __init__(self) -> None:
        self.requests: list[Received] = []
        self.script: collections.deque[Reply] = collections.deque()
        self.port = 0
        self._arrived = trio.Event()

    def url(self, path: str = "/webhook") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def plan(self, *replies: Reply) -> None:
        self.script.extend(replies)

    async def wait_for(self, count: int) -> list[Received]:
        """Wait (at most 5 s) until `count` requests have arrived."""
        with trio.fail_after(5.0):
            while len(self.requests) < count:
                await self._arrived.wait()
        return self.requests

    async def serve(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
        self.port = listeners[0].socket.getsockname()[1]
        task_status.started()
        await trio.serve_listeners(self._connection, listeners)

    async def _connection(self, stream: trio.SocketStream) -> None:
        conn = h11.Connection(h11.SERVER)
        try:
            while True:
                request, body = await self._read_request(conn, stream)
                if request is None:
                    return
                self.requests.append(
                    Received(
                        method=request.method.decode(),
                        target=request.target.decode(),
                        headers=tuple((n.decode(), v.decode()) for n, v in request.headers),
                        body=body,
                        at=trio.current_time(),
                    )
                )
                self._arrived.set()
                self._arrived = trio.Event()
                reply = self.script.popleft() if self.script else Reply()
                if reply.delay:
                    await trio.sleep(reply.delay)
                if reply.close:
                    return
                body = b"" if reply.status in (204, 304) else b"ok"
                headers = [*([("content-length", "2")] if body else []), *reply.headers]
                out = conn.send(h11.Response(status_code=reply.status, headers=headers))
                out += conn.send(h11.Data(data=body)) if body else b""
                out += conn.send(h11.EndOfMessage())
                await stream.send_all(out)
                if conn.our_state is h11.MUST_CLOSE:
                    return
                conn.start_next_cycle()
        except (trio.BrokenResourceError, trio.ClosedResourceError, h11.ProtocolError):
            return
        finally:
            await stream.aclose()

    async def _read_request(
        self, conn: h11.Connection, stream: trio.SocketStream
    ) -> tuple[h11.Request | None, bytes]:
        request: h11.Request | None = None
        body = b""
        while True:
            event = conn.next_event()
            if event is h11.NEED_DATA:
                data = await stream.receive_some(65536)
                if not data and request is None:
                    return None, b""
                conn.receive_data(data)
            elif isinstance(event, h11.Request):
                request = event
            elif isinstance(event, h11.Data):
                body += bytes(event.data)
            elif isinstance(event, h11.EndOfMessage):
                return request, body
            elif isinstance(event, h11.ConnectionClosed):
                return None, b""
