"""Fuzz `iaccode.wire.http_head.parse_plain_head` against h11.

Run with atheris installed: `scripts/fuzz http_head`, or `python fuzz/fuzz_http_head.py
fuzz/corpus/http_head`. The tests replay the corpus through `TestOneInput` without atheris.

An input is the bytes a request's first read brings. Invariants: the parse raises nothing; a head
it takes is one h11 reads from the same bytes (the body padded to its Content-Length) as the same
request: method, target, HTTP/1.1, the headers in order with names lowercased, the body that
starts where the parse says and is as long as its Content-Length, and the head's size as the
loop measures an h11 request's. What it leaves (None) h11 still
reads as before; that is the loop's path, which fuzz_http.py drives.
"""

from __future__ import annotations

import sys

import h11

from iaccode.wire.http_head import parse_plain_head


def _h11_reads(data: bytes) -> tuple[h11.Request, bytes]:
    """The request h11 reads from `data` and its body; h11's errors propagate."""
    conn = h11.Connection(h11.SERVER)
    conn.receive_data(data)
    request = conn.next_event()
    assert isinstance(request, h11.Request), request
    body = b""
    while isinstance(event := conn.next_event(), h11.Data):
        body += event.data
    assert isinstance(event, h11.EndOfMessage), event
    return request, body


def TestOneInput(data: bytes) -> None:
    plain = parse_plain_head(data)
    if plain is None:
        return
    whole = data[: plain.end + plain.length].ljust(plain.end + plain.length, b"x")
    request, body = _h11_reads(whole)
    assert plain.method == request.method.decode()
    assert plain.target == request.target.decode()
    assert request.http_version == b"1.1"
    assert list(plain.headers) == [(n.decode(), v.decode()) for n, v in request.headers]
    assert whole[plain.end :] == body
    # The loop's head bound measures as it measures an h11 request's head.
    raw = request.headers.raw_items()
    assert plain.size == len(request.target) + sum(len(n) + len(v) + 4 for n, v in raw)


if __name__ == "__main__":
    import atheris
    from _support import instrument

    instrument("iaccode")
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
