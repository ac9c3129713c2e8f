"""A request head in HTTP/1.1's plainest form, parsed without h11.

The socket loop (`iaccode.transports.http`) offers the first bytes of each request here before
h11 sees them. h11 builds a connection's state machine, event objects and validated header lists
for every request, about 26 us for a small JSON-RPC call here, most of what bare trio + h11 spends
on it; this parse takes about 3 us. It accepts only the plainest form of a head, which is what
clients send:

* the whole head in the bytes given, lines ending in CRLF;
* `METHOD SP target SP HTTP/1.1`, the method a token other than CONNECT, the target visible ASCII;
* header lines `name: value`, the name a token, the value visible ASCII runs separated by spaces
  or tabs, blanks around it;
* exactly one Host, at most one Content-Length of digits, and no Transfer-Encoding, Expect or
  Upgrade (the headers whose rules h11's state machine keeps: chunked bodies, 100-continue,
  protocol switches).

Anything else gives None, and the loop hands the same bytes to h11, which stays the judge of
everything unusual (obsolete line folding, bare LF, control characters, HTTP/1.0, framing by
both Content-Length and Transfer-Encoding) exactly as before. The grammar is h11's own
(h11/_abnf.py: token, vchar, field-content, OWS) narrowed, so whatever this accepts h11 parses
the same way; a property test holds the two together.
"""

from __future__ import annotations

import re

import attrs

_TOKEN = rb"[-!#$%&'*+.^_`|~0-9a-zA-Z]+"
_REQUEST_LINE = re.compile(rb"(%s) ([\x21-\x7e]+) HTTP/1\.1" % _TOKEN)
# Visible ASCII only: h11 also lets obs-text and control characters through, which the loop then
# refuses or decodes itself, so those heads take the h11 path.
_FIELD_LINE = re.compile(rb"(%s):[ \t]*((?:[\x21-\x7e]+(?:[ \t]+[\x21-\x7e]+)*)?)[ \t]*" % _TOKEN)
# Headers whose rules h11 applies beyond parsing (framing, 100-continue, protocol switches).
_FOR_H11 = frozenset({"transfer-encoding", "expect", "upgrade"})


@attrs.frozen
class PlainHead:
    """A request head `parse_plain_head` parsed; the body starts at `end` of the bytes given."""

    method: str
    target: str
    headers: tuple[tuple[str, str], ...]  # names lowercased, in arrival order
    length: int  # the Content-Length, 0 without one
    # What the loop bounds by max-header-bytes: the target's length, and for each header line
    # its name's and value's lengths and 4.
    size: int
    end: int


def parse_plain_head(data: bytes) -> PlainHead | None:
    """The head at the start of `data` when it is whole and in the plainest form (see the
    module's docstring); None for anything else, including an incomplete head. Raises nothing."""
    end = data.find(b"\r\n\r\n")
    if end < 0:
        return None
    lines = data[:end].split(b"\r\n")
    request_line = _REQUEST_LINE.fullmatch(lines[0])
    if request_line is None or request_line[1] == b"CONNECT":
        return None
    target = request_line[2]
    size = len(target)
    headers = []
    length = None
    host = False
    for line in lines[1:]:
        field = _FIELD_LINE.fullmatch(line)
        if field is None:
            return None
        raw_name, raw_value = field.groups()
        size += len(raw_name) + len(raw_value) + 4
        name, value = raw_name.decode("ascii").lower(), raw_value.decode("ascii")
        if name == "content-length":
            if length is not None or not value.isdigit() or len(value) > 18:
                return None  # h11 merges equal ones and refuses the rest; int() bounds digits
            length = int(value)
        elif name == "host":
            if host:
                return None
            host = True
        elif name in _FOR_H11:
            return None
        headers.append((name, value))
    if not host:
        return None  # h11 refuses an HTTP/1.1 request without one
    return PlainHead(
        request_line[1].decode("ascii"),
        target.decode("ascii"),
        tuple(headers),
        length or 0,
        size,
        end + 4,
    )
