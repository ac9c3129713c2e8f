"""The built-in loop writes a plain answer itself (`_encode_plain`): the bytes h11 would write,
h11 left to refuse what it would refuse, and keep-alive, HTTP/1.0, HEAD and pipelining as
before, over a real socket."""

from __future__ import annotations

import re

import h11
import trio
from hypothesis import given
from hypothesis import strategies as st

from iaccode.server import RunningServer
from iaccode.transports import http as http_module
from iaccode.transports.http import HttpServer
from iaccode.wire import json
from iaccode.wire.http import HttpResponse
from tests.client import A2AClient
from tests.transports.test_http import raw_exchange

_REQUEST = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"


def h11_bytes(response: HttpResponse, *, close: bool, head: bool) -> bytes | None:
    """What `_send_plain` (h11) writes for `response`, Date fixed; None when h11 refuses."""
    conn = h11.Connection(h11.SERVER)
    conn.receive_data(b"HEAD" + _REQUEST[3:] if head else _REQUEST)
    conn.next_event()
    conn.next_event()
    headers = [*response.headers, ("date", http_module._date())]
    if response.status not in (204, 304):
        headers.append(("content-length", str(len(response.body))))
    if close:
        headers.append(("connection", "close"))
    reason = http_module.REASONS[response.status].encode("ascii")
    try:
        data = conn.send(h11.Response(status_code=response.status, headers=headers, reason=reason))
        if response.body and not head and response.status not in (204, 304):
            data += conn.send(h11.Data(data=response.body))
        return data + conn.send(h11.EndOfMessage())
    except (h11.LocalProtocolError, UnicodeEncodeError):
        return None


def normalised(data: bytes) -> bytes:
    """h11 writes header names as given; compare heads case-insensitively by line."""
    head, _, body = data.partition(b"\r\n\r\n")
    return b"\r\n".join(sorted(line.lower() for line in head.split(b"\r\n"))) + b"|" + body


header_text = st.text(
    alphabet=st.sampled_from("abcXYZ-_ :;\t\r\n\x00\x7fé\u20ac/=,"), min_size=0, max_size=12
)
header_name = st.one_of(
    header_text,
    st.sampled_from(["content-length", "Content-Length", "connection", "date", "etag"]),
)
header_value = st.one_of(header_text, st.sampled_from(["0", "7", "close", "keep-alive"]))


@given(
    status=st.sampled_from([101, 200, 201, 204, 304, 308, 400, 401, 404, 413, 503]),
    headers=st.lists(st.tuples(header_name, header_value), max_size=4),
    body=st.binary(max_size=40),
    close=st.booleans(),
    head=st.booleans(),
)
def test_the_same_bytes_as_h11_or_h11_decides(
    status: int, headers: list[tuple[str, str]], body: bytes, close: bool, head: bool
) -> None:
    response = HttpResponse(status, tuple(headers), body)
    ours = http_module._encode_plain(response, close=close, head=head)
    theirs = h11_bytes(response, close=close, head=head)
    if ours is None:
        return  # left to h11, which sends or refuses it as before
    assert theirs is not None, "written by hand although h11 would refuse it"
    assert normalised(ours) == normalised(theirs)


def test_only_short_sendable_header_lines_are_kept() -> None:
    long = ("x-long", "v" * 300)
    bad = ("x-bad", "a\r\nb")
    for _ in range(2):
        http_module._encode_plain(HttpResponse(200, (long,)), close=False, head=False)
        http_module._encode_plain(HttpResponse(200, (bad,)), close=False, head=False)
    ok = ("x-ok", "1")
    assert http_module._encode_plain(HttpResponse(200, (ok,)), close=False, head=False)
    assert ok in http_module._HEADER_LINES
    assert long not in http_module._HEADER_LINES and bad not in http_module._HEADER_LINES


def test_a_header_h11_refuses_or_merges_is_left_to_it() -> None:
    for bad in (
        ("x-a", "one\r\ntwo"),
        ("x a", "v"),
        ("x-a", " padded"),
        ("x-a", "caf\u00e9"),
        ("content-length", "0"),  # the console's redirect sets its own
        ("Connection", "close"),
    ):
        assert http_module._encode_plain(HttpResponse(200, (bad,)), close=False, head=False) is None


async def test_pipelined_requests_are_answered_in_order_and_close_ends_it(
    server: RunningServer,
) -> None:
    data = (
        b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
        b"GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n"
        b"HEAD /health HTTP/1.1\r\nHost: x\r\n\r\n"
        b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, Close\r\n\r\n"
        b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"  # after close: never answered
    )
    received = await raw_exchange(server, data)
    statuses = re.findall(rb"HTTP/1\.1 (\d{3}) ", received)
    assert statuses == [b"200", b"404", b"200", b"200"]
    heads = received.split(b"HTTP/1.1 ")[1:]
    assert b'"healthy"' not in heads[2]  # HEAD: the length, no body
    assert b"content-length: " in heads[2]
    assert b"connection: close" in heads[3] and b"connection: close" not in heads[0]


async def test_http_1_0_gets_one_answer_and_the_close(server: RunningServer) -> None:
    received = await raw_exchange(
        server, b"GET /health HTTP/1.0\r\n\r\nGET /health HTTP/1.0\r\n\r\n"
    )
    assert received.count(b"HTTP/1.1 200 OK") == 1
    assert b"connection: close" in received and received.endswith(b"}")


async def subscribe_raw(server: RunningServer, a2a: A2AClient) -> tuple[trio.SocketStream, str]:
    """An idle SubscribeToTask stream over a raw socket, its first event read."""
    task = await a2a.send("wait", configuration={"returnImmediately": True})
    body = json.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": "SubscribeToTask", "params": {"id": task["id"]}}
    )
    stream = await trio.open_tcp_stream("127.0.0.1", server.port)
    await stream.send_all(
        b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n%b" % (len(body), body)
    )
    data = b""
    with trio.fail_after(10):
        while b"data: " not in data or not data.endswith(b"\r\n"):
            data += await stream.receive_some(65536)
    return stream, task["id"]


async def test_one_task_watches_every_idle_stream_and_frees_each_that_goes(
    server: RunningServer, a2a: A2AClient
) -> None:
    http = server.http
    assert isinstance(http, HttpServer)
    broker = server.service.tasks.broker
    opened = [await subscribe_raw(server, a2a) for _ in range(3)]
    watcher = http._closes
    assert len(watcher._scopes) == 3 and watcher._runner is not None
    # Bytes a client sends meanwhile are read and dropped; the stream goes on.
    await opened[0][0].send_all(b"GET / HTTP/1.1\r\n\r\n" * 100)
    await trio.sleep(0.2)
    assert broker.subscriber_count(opened[0][1]) == 1
    for stream, task_id in opened:
        await stream.aclose()
        with trio.fail_after(5):
            while broker.subscriber_count(task_id):
                await trio.sleep(0.01)
    assert watcher._scopes == {} and watcher._runner is None  # no task left behind
    again, task_id = await subscribe_raw(server, a2a)  # a new stream starts a new watcher
    assert watcher._runner is not None
    await again.aclose()
    with trio.fail_after(5):
        while broker.subscriber_count(task_id):
            await trio.sleep(0.01)
