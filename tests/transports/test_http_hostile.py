"""Hostile HTTP on the built-in loop (issue 16): request smuggling, control characters in
header values, and 400 answers that must not quote the parser."""

from __future__ import annotations

import pytest

from iaccode.server import RunningServer
from tests.transports.test_http import raw_exchange

pytestmark = pytest.mark.builtin_only("the built-in loop's own framing checks")


async def test_transfer_encoding_with_content_length_is_answered_then_closed(
    server: RunningServer,
) -> None:
    # Read by Transfer-Encoding (an empty chunked body), then the connection must close (RFC
    # 9112 §6.1): the request smuggled behind it is never served.
    smuggled = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
    first = (
        b"GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n" % len(smuggled)
    )
    received = await raw_exchange(server, first + smuggled)
    assert received.startswith(b"HTTP/1.1 200 ")
    assert b"connection: close" in received.lower()
    assert received.count(b"HTTP/1.1 ") == 1


@pytest.mark.parametrize("value", [b"a\x01b", b"a\x1bb", b"a\x7fb"])  # h11 refuses NUL itself
async def test_control_characters_in_header_values_are_refused(
    server: RunningServer, value: bytes
) -> None:
    request = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Note: " + value + b"\r\n\r\n"
    received = await raw_exchange(server, request)
    assert received.startswith(b"HTTP/1.1 400 ")
    assert received.endswith(b'{"error":"Control characters in a header value"}')


async def test_a_tab_in_a_header_value_is_fine(server: RunningServer) -> None:
    received = await raw_exchange(
        server, b"GET /health HTTP/1.1\r\nHost: x\r\nX-Note: a\tb\r\nConnection: close\r\n\r\n"
    )
    assert received.startswith(b"HTTP/1.1 200 ")


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GET / HTTP/1.1\r\nHost: x\r\nBad Header Line secret-token\r\n\r\n",
        b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: zz-secret\r\n\r\n",
        b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz-secret\r\n",
    ],
)
async def test_400_answers_do_not_quote_the_request(
    server: RunningServer, request_bytes: bytes
) -> None:
    received = await raw_exchange(server, request_bytes)
    assert received.startswith(b"HTTP/1.1 400 ")
    assert received.endswith(b'{"error":"Malformed HTTP request"}')
    assert b"secret" not in received and b"bytearray" not in received
