"""The loop's plain path (wire/http_head.py): a request in HTTP/1.1's plainest form is read
without h11, and h11 is given its bytes whenever only h11 may write the answer. The loop runs
over memory streams, each answer read back with h11 as a client reads it."""

from __future__ import annotations

import attrs
import h11
import trio
import trio.testing

from iaccode.transports.http import HttpLimits, HttpServer
from iaccode.wire.http import EventStreamResponse, HttpRequest, HttpResponse, json_response

LIMITS = HttpLimits(max_body=64, max_header=256, keep_alive=5.0, request_timeout=2.0)


class Events:
    """Two events, then the end."""

    def __init__(self) -> None:
        self.left = [b'{"n":1}', b'{"n":2}']

    async def receive(self) -> bytes:
        await trio.lowlevel.checkpoint()
        return self.receive_nowait()

    def receive_nowait(self) -> bytes:
        if not self.left:
            raise trio.EndOfChannel
        return self.left.pop(0)

    def aclose(self) -> None:
        pass


class App:
    def __init__(self) -> None:
        self.requests: list[HttpRequest] = []

    async def handle(self, request: HttpRequest) -> HttpResponse | EventStreamResponse:
        self.requests.append(request)
        if request.path == "/events":
            return EventStreamResponse(Events())
        if request.path == "/own-connection-header":  # one only h11 may write
            return HttpResponse(200, (("connection", "keep-alive"),), b"kept")
        return json_response(200, {"body": request.body.decode()})

    def check_head(self, request: HttpRequest) -> HttpResponse | None:
        return HttpResponse(401) if request.path == "/private" else None


def post(path: str, body: bytes, *, length: int | None = None) -> bytes:
    size = len(body) if length is None else length
    return b"POST %b HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%b" % (
        path.encode(),
        size,
        body,
    )


def responses(data: bytes, methods: int) -> list[tuple[int, bytes]]:
    """The status and body of each of the first `methods` answers in `data`."""
    client = h11.Connection(h11.CLIENT)
    found = []
    for _ in range(methods):
        client.send(h11.Request(method="POST", target="/", headers=[("host", "x")]))
        client.send(h11.EndOfMessage())
        if not found:
            client.receive_data(data)
        head = client.next_event()
        assert isinstance(head, h11.Response), head
        body = b""
        while not isinstance(event := client.next_event(), h11.EndOfMessage):
            assert isinstance(event, h11.Data)
            body += event.data
        found.append((head.status_code, body))
        if client.our_state is h11.DONE and client.their_state is h11.DONE:
            client.start_next_cycle()
    return found


async def converse(server: HttpServer, *sends: bytes, eof: bool = True) -> bytes:
    """Send each of `sends` in turn (a scheduling round apart), then end the sending side;
    what the server wrote until it closed."""
    client, server_side = trio.testing.memory_stream_pair()
    received = b""
    async with trio.open_nursery() as nursery:
        nursery.start_soon(server.handle_connection, server_side)
        for data in sends:
            await client.send_all(data)
            await trio.testing.wait_all_tasks_blocked()
        if eof:
            await client.send_eof()
        while chunk := await client.receive_some(65536):
            received += chunk
    return received


async def test_a_body_that_arrives_after_its_head_is_read_whole() -> None:
    app = App()
    server = HttpServer(app, LIMITS)
    request = post("/", b'{"hello":"there"}')
    head, body = request.split(b"\r\n\r\n")
    data = await converse(server, head + b"\r\n\r\n", body[:5], body[5:], post("/", b"2"))
    assert [r.body for r in app.requests] == [b'{"hello":"there"}', b"2"]
    assert [status for status, _ in responses(data, 2)] == [200, 200]
    assert server._buffered == 0


async def test_requests_sent_together_are_answered_in_order() -> None:
    """Pipelined: what follows a plain request goes to h11 (an HTTP/1.0 one here, which h11
    reads and then closes), and the order of the answers is the order of the requests."""
    app = App()
    server = HttpServer(app, LIMITS)
    legacy = b"POST /three HTTP/1.0\r\nHost: x\r\nContent-Length: 1\r\n\r\n3"
    data = await converse(server, post("/one", b"1") + post("/two", b"22") + legacy)
    assert [(r.path, r.body) for r in app.requests] == [
        ("/one", b"1"),
        ("/two", b"22"),
        ("/three", b"3"),
    ]
    assert [body for _, body in responses(data, 3)] == [
        b'{"body":"1"}',
        b'{"body":"22"}',
        b'{"body":"3"}',
    ]


async def test_what_follows_a_body_that_came_in_pieces_is_the_next_request() -> None:
    app = App()
    server = HttpServer(app, LIMITS)
    first = post("/one", b"0123456789")
    data = await converse(server, first[:-6], first[-6:] + post("/two", b"2"))
    assert [(r.path, r.body) for r in app.requests] == [("/one", b"0123456789"), ("/two", b"2")]
    assert [status for status, _ in responses(data, 2)] == [200, 200]
    assert server._buffered == 0


async def test_the_rest_of_a_head_h11_holds_the_start_of_is_not_read_as_a_new_head() -> None:
    """The start of a pipelined head stays in h11's buffer; the next read, though it looks like
    a plain head, is the rest of it, and h11 reads the two together."""
    app = App()
    server = HttpServer(app, LIMITS)
    start = b"GET /a HTTP/1.1\r\nX-Junk: "
    rest = b"GET /b HTTP/1.1\r\nHost: x\r\n\r\n"
    data = await converse(server, post("/", b"1") + start, rest)
    assert [r.path for r in app.requests] == ["/", "/a"]
    assert app.requests[1].header("x-junk") == "GET /b HTTP/1.1"
    assert [status for status, _ in responses(data, 2)] == [200, 200]


async def test_the_body_budget_holds_for_fast_requests() -> None:
    app = App()
    server = HttpServer(app, attrs.evolve(LIMITS, max_buffered_body=16))
    data = await converse(server, post("/", b"x" * 17))
    assert responses(data, 1)[0][0] == 503
    assert app.requests == [] and server._buffered == 0
    data = await converse(server, post("/", b"x" * 16))
    assert responses(data, 1)[0][0] == 200 and server._buffered == 0


async def test_a_request_after_one_h11_read_can_be_plain_again() -> None:
    app = App()
    server = HttpServer(app, LIMITS)
    folded = b"POST /folded HTTP/1.1\nHost: x\nContent-Length: 1\n\nf"  # bare LF: h11's
    data = await converse(server, folded, post("/plain", b"p"))
    assert [r.path for r in app.requests] == ["/folded", "/plain"]
    assert [status for status, _ in responses(data, 2)] == [200, 200]


async def test_a_body_cut_short_is_refused_and_its_budget_given_back() -> None:
    server = HttpServer(App(), LIMITS)
    data = await converse(server, post("/", b"abc", length=10))
    assert responses(data, 1)[0][0] == 400
    assert server._buffered == 0


async def test_refusals_on_a_plain_head_are_answered_and_close() -> None:
    app = App()
    for request, status in [
        (post("/", b"", length=65), 413),  # over max-body, refused before the body is read
        (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 300 + b"\r\n\r\n", 431),
        (post("/private", b"secret"), 401),  # the app's refusal on the head alone
    ]:
        server = HttpServer(app, LIMITS)
        data = await converse(server, request + post("/", b"never read"))
        assert responses(data, 1)[0][0] == status
        assert b"never read" not in data and server._buffered == 0
    assert app.requests == []


async def test_an_event_stream_after_a_plain_head() -> None:
    data = await converse(HttpServer(App(), LIMITS), post("/events", b"{}"), eof=False)
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 OK\r\n") and b"transfer-encoding: chunked" in head.lower()
    assert b'data: {"n":1}' in body and b'data: {"n":2}' in body
    assert body.endswith(b"0\r\n\r\n")  # ended as h11 ends a chunked body


async def test_a_header_only_h11_may_write_keeps_the_connection_going() -> None:
    app = App()
    data = await converse(
        HttpServer(app, LIMITS), post("/own-connection-header", b"x"), post("/", b"after")
    )
    assert b"connection: keep-alive" in data.lower()
    assert [body for _, body in responses(data, 2)] == [b"kept", b'{"body":"after"}']
