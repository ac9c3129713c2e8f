"""The plain request head parse (wire/http_head.py): what it takes is what h11 reads from the same
bytes (the comparison is fuzz/fuzz_http_head.py's), and everything outside HTTP/1.1's plainest
form is left to h11."""

from __future__ import annotations

import pathlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iaccode.wire.http_head import parse_plain_head
from tests.fuzz_harness import corpus, harness

PLAIN = (
    b"POST /a2a?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nContent-Type: application/json\r\n"
    b'A2A-Version:1.0 \r\nX-Empty:\r\nContent-Length: 7\r\n\r\n{"a":1}'
)


def test_a_plain_head_is_read_as_h11_reads_it() -> None:
    head = parse_plain_head(PLAIN)
    assert head is not None
    assert (head.method, head.target, head.length) == ("POST", "/a2a?x=1", 7)
    assert head.headers == (
        ("host", "127.0.0.1:8000"),
        ("content-type", "application/json"),
        ("a2a-version", "1.0"),
        ("x-empty", ""),
        ("content-length", "7"),
    )
    assert PLAIN[head.end :] == b'{"a":1}'
    # The loop's bound on heads: the target, then name, value and 4 for each header line.
    assert head.size == len("/a2a?x=1") + sum(len(n) + len(v) + 4 for n, v in head.headers)


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"GET / HTTP/1.1\r\nHost: x\r\n", id="incomplete"),
        pytest.param(b"GET / HTTP/1.0\r\nHost: x\r\n\r\n", id="http-1.0"),
        pytest.param(b"GET / HTTP/1.1\nHost: x\n\n", id="bare-lf"),
        pytest.param(b"GET / HTTP/1.1\r\nHost: x\nX: y\r\n\r\n", id="bare-lf-inside"),
        pytest.param(b"\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", id="leading-blank-line"),
        pytest.param(b"GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n", id="obs-fold"),
        pytest.param(b"GET / HTTP/1.1\r\nHost: x\r\nX: a\x01b\r\n\r\n", id="control"),
        pytest.param(b"GET / HTTP/1.1\r\nHost: x\r\nX: caf\xc3\xa9\r\n\r\n", id="obs-text"),
        pytest.param(b"GET / HTTP/1.1\r\nHost: x\r\nX : y\r\n\r\n", id="blank-before-colon"),
        pytest.param(b"GET /\x7f HTTP/1.1\r\nHost: x\r\n\r\n", id="target-control"),
        pytest.param(b"GET  / HTTP/1.1\r\nHost: x\r\n\r\n", id="two-spaces"),
        pytest.param(b"CONNECT x:443 HTTP/1.1\r\nHost: x\r\n\r\n", id="connect"),
        pytest.param(b"GET / HTTP/1.1\r\n\r\n", id="no-host"),
        pytest.param(b"GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", id="two-hosts"),
        pytest.param(
            b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n1",
            id="two-lengths",
        ),
        pytest.param(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +1\r\n\r\n1", id="sign"),
        pytest.param(
            b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1" + b"0" * 30 + b"\r\n\r\n",
            id="long-length",
        ),
        pytest.param(
            b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            id="chunked",
        ),
        pytest.param(
            b"POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n",
            id="expect",
        ),
        pytest.param(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n", id="upgrade"),
    ],
)
def test_anything_but_the_plainest_form_is_left_to_h11(data: bytes) -> None:
    assert parse_plain_head(data) is None


# Well-formed heads, then (often) one odd piece put anywhere in them: a separator, a blank, a line
# end, NUL, a control, obs-text. The framing headers are among the names.
_odd = st.sampled_from(
    [b":", b" ", b"\t", b"\r", b"\n", b"\r\n", b"\x00", b"\x01", b"\x7f", b"\xe9", b'"', b"("]
)
_token = st.text("abzAZ09-_.~!", min_size=1, max_size=6).map(str.encode)
_visible = st.text("az09/?=%;,()<>@", min_size=1, max_size=6).map(str.encode)
_name = st.one_of(
    _token,
    st.sampled_from(
        [
            *(b"Host", b"content-length", b"Content-Length", b"Transfer-Encoding"),
            *(b"Expect", b"Upgrade", b"Connection"),
        ]
    ),
)
_value = st.one_of(
    st.lists(_visible, max_size=3).map(b" ".join),
    st.sampled_from([b"0", b"3", b"00", b"chunked", b"close", b"100-continue"]),
)
_blank = st.sampled_from([b"", b" ", b"\t"])
_line = st.tuples(_name, st.sampled_from([b":", b": ", b":\t"]), _value, _blank).map(b"".join)
_method = st.sampled_from([b"GET", b"POST", b"HEAD", b"DELETE", b"BREW", b"CONNECT", b"get"])
_target = st.one_of(st.sampled_from([b"/", b"/a?b=c", b"*", b"http://x/y"]), _visible)
_version = st.sampled_from([b"HTTP/1.1", b"HTTP/1.1", b"HTTP/1.1", b"HTTP/1.0", b"HTTP/2.0"])


@given(
    method=_method,
    target=_target,
    version=_version,
    lines=st.lists(_line, max_size=5),
    host=st.sampled_from([True, True, True, False]),
    odd=st.one_of(st.none(), st.tuples(st.integers(min_value=0), _odd)),
    body=st.binary(max_size=12),
)
def test_what_the_plain_parse_takes_h11_reads_the_same(
    method: bytes,
    target: bytes,
    version: bytes,
    lines: list[bytes],
    host: bool,
    odd: tuple[int, bytes] | None,
    body: bytes,
) -> None:
    head_lines = [method + b" " + target + b" " + version, *([b"Host: x"] if host else []), *lines]
    head = b"\r\n".join(head_lines)
    if odd is not None:
        at = odd[0] % (len(head) + 1)
        head = head[:at] + odd[1] + head[at:]
    check_against_h11(head + b"\r\n\r\n" + body)


# --- the fuzz harness, replayed --------------------------------------------------------------

check_against_h11 = harness("http_head")


@pytest.mark.parametrize("seed", corpus("http_head"), ids=lambda path: path.name)
def test_fuzz_harness_accepts_its_corpus(seed: pathlib.Path) -> None:
    check_against_h11(seed.read_bytes())
