from __future__ import annotations

import pathlib
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iaccode.wire.sse import (
    Comment,
    Item,
    ServerSentEvent,
    SSEDecoder,
    SSEError,
    encode_comment,
    encode_data_line,
    encode_event,
)
from tests.fuzz_harness import corpus, harness

Event = ServerSentEvent


def decode(chunks: list[bytes], **kwargs: int) -> list[Item]:
    decoder = SSEDecoder(**kwargs)
    items = [item for chunk in chunks for item in decoder.feed(chunk)]
    return items + decoder.end()


def check_three_ways(stream: bytes, expected: list[Item]) -> None:
    """h11's idiom: whole, one byte at a time, and followed by an unfinished event."""
    assert decode([stream]) == expected
    assert decode([stream[i : i + 1] for i in range(len(stream))]) == expected
    decoder = SSEDecoder()
    assert decoder.feed(stream + b"data: tail") == expected
    assert decoder.feed(b"\n") == []
    (tail,) = decoder.feed(b"\n")
    assert isinstance(tail, ServerSentEvent) and tail.data.endswith("tail")


# --- decoding --------------------------------------------------------------------------------

DECODE_CASES: list[tuple[bytes, list[Item]]] = [
    # WHATWG HTML §9.2.6 examples
    (b"data: YHOO\ndata: +2\ndata: 10\n\n", [Event("YHOO\n+2\n10")]),
    (
        b": test stream\n\ndata: first event\nid: 1\n\n"
        b"data:second event\nid\n\ndata:  third event\n\n",
        [
            Comment("test stream"),
            Event("first event", id="1"),
            Event("second event", id=""),
            Event(" third event", id=""),
        ],
    ),
    (b"data\n\ndata\ndata\n\n", [Event(""), Event("\n")]),
    (b"data:test\n\ndata: test\n\n", [Event("test"), Event("test")]),
    (
        b"event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\nevent: add\ndata: 113411\n\n",
        [Event("73857293", "add"), Event("2153", "remove"), Event("113411", "add")],
    ),
    # Line ends: CRLF, CR, LF and mixes; a CR followed by LF is one line end.
    (b"data: a\r\ndata: b\r\n\r\n", [Event("a\nb")]),
    (b"data: a\rdata: b\r\r", [Event("a\nb")]),
    (b"data: a\r\ndata: b\rdata: c\n\r\n", [Event("a\nb\nc")]),
    (b"data: a\n\r\r\n\ndata: b\r\n\r", [Event("a"), Event("b")]),
    (b"\n\n\r\n\r\r", []),
    # Byte order mark: one leading BOM is skipped, any other is content.
    (b"\xef\xbb\xbfdata: a\n\n", [Event("a")]),
    (b"\xef\xbb\xbf\xef\xbb\xbfdata: a\n\n", []),  # the field is "\ufeffdata"
    (b"data: \xef\xbb\xbfa\n\n", [Event("\ufeffa")]),
    # UTF-8: multibyte characters, and U+FFFD for invalid bytes.
    (b"data: \xf0\x9f\x98\x80 \xc3\xa9 \xe2\x82\xac\n\n", [Event("😀 é €")]),
    (b"data: a\xffb\n\n", [Event("a\ufffdb")]),
    (b"data: \xe2\x82\n\n", [Event("\ufffd")]),
    (b"data: \xed\xa0\x80\n\n", [Event("\ufffd\ufffd\ufffd")]),  # no surrogates
    # Fields
    (b"data: a:b\n\ndata:: x\n\n", [Event("a:b"), Event(": x")]),
    (b"data:\tx\n\n", [Event("\tx")]),  # only a space is dropped
    (b"foo: bar\nData: x\ndata: a\n\n", [Event("a")]),  # unknown fields; names are exact
    (b"event\ndata: a\n\n", [Event("a")]),  # an empty type is "message"
    (b"event: x\n\ndata: a\n\n", [Event("a")]),  # dispatching nothing still resets the type
    (b"event: x\nevent: y\ndata: a\n\n", [Event("a", "y")]),
    (b"id: 1\n\ndata: a\n\n", [Event("a", id="1")]),  # the id buffer persists
    (
        b"id: 7\ndata: a\n\ndata: b\n\nid\ndata: c\n\n",
        [Event("a", id="7"), Event("b", id="7"), Event("c", id="")],
    ),
    (b"id: 1\ndata: a\n\nid: a\x00b\ndata: b\n\n", [Event("a", id="1"), Event("b", id="1")]),
    (b"id: \xe2\x82\xac\ndata: a\n\n", [Event("a", id="€")]),
    (b"retry: 1000\ndata: a\n\ndata: b\n\n", [Event("a", retry=1000), Event("b")]),
    (b"retry:0\ndata: a\n\n", [Event("a", retry=0)]),
    *[
        (b"retry: " + value + b"\ndata: a\n\n", [Event("a")])
        for value in [b"", b"1a", b"-1", b"1.5", b" 5", b"5 ", b"\xd9\xa1\xd9\xa2", b"\xc2\xb2"]
    ],
    (b"retry: 5\nretry: x\ndata: a\n\n", [Event("a", retry=5)]),
    # Comments are reported in stream order, even inside an event's fields.
    (
        b":\n: \n:  two\n:no-space\n",
        [Comment(""), Comment(""), Comment(" two"), Comment("no-space")],
    ),
    (b"data: a\n: ping\ndata: b\n\n", [Comment("ping"), Event("a\nb")]),
    # An unfinished event is discarded at the end of the stream.
    (b"data: a\n\ndata: b\n", [Event("a")]),
    (b"data: a\n\nid: 9\nevent: x\n", [Event("a")]),
]


@pytest.mark.parametrize(("stream", "expected"), DECODE_CASES)
def test_decode(stream: bytes, expected: list[Item]) -> None:
    check_three_ways(stream, expected)


def test_unterminated_last_line_is_discarded() -> None:
    # WHATWG "data\n\ndata\ndata\n\ndata:" ends mid-line: the last "data:" never dispatches.
    assert decode([b"data\n\ndata\ndata\n\ndata:"]) == [Event(""), Event("\n")]
    assert decode([b"data: a\n\ndata: b"]) == [Event("a")]
    assert decode([b": unterminated comment"]) == []


def test_lf_after_cr_in_the_next_chunk_is_not_an_empty_line() -> None:
    decoder = SSEDecoder()
    assert decoder.feed(b"data: a\r") == []
    assert decoder.feed(b"\n") == []  # completes the CRLF; does not dispatch
    assert decoder.feed(b"\n") == [Event("a")]
    assert decoder.feed(b"data: b\r") == []
    assert decoder.feed(b"\r") == [Event("b")]  # CR CR: a line end, then an empty line
    assert decoder.feed(b"\n") == []  # the LF of that second CR's CRLF, not a third line


def test_multibyte_character_split_across_chunks() -> None:
    decoder = SSEDecoder()
    assert decoder.feed(b"data: \xf0\x9f") == []
    assert decoder.feed(b"\x98") == []
    assert decoder.feed(b"\x80\n\n") == [Event("😀")]


def test_bom_split_across_chunks_is_skipped_once() -> None:
    decoder = SSEDecoder()
    assert decoder.feed(b"\xef") == []
    assert decoder.feed(b"\xbb") == []
    assert decoder.feed(b"\xbfdata: a\n\n\xef\xbb\xbfdata: b\n\n") == [Event("a")]


def test_last_event_id_and_retry_are_tracked_on_the_decoder() -> None:
    decoder = SSEDecoder()
    assert (decoder.last_event_id, decoder.retry) == (None, None)
    assert decoder.feed(b"retry: 2500\nid: 41\n") == []
    assert decoder.retry == 2500  # takes effect at once
    assert decoder.last_event_id is None  # published at the blank line
    assert decoder.feed(b"\n") == []  # no data: no event, but the id is published
    assert decoder.last_event_id == "41"
    assert decoder.feed(b"data: x\n\n") == [Event("x", id="41")]
    assert decoder.feed(b"id: 42\ndata: unfinished\n") == []
    assert decoder.end() == []
    assert decoder.last_event_id == "41"  # the unfinished event never dispatched


def test_end_starts_a_new_stream() -> None:
    decoder = SSEDecoder()
    assert decoder.feed(b"\xef\xbb\xbfid: 1\nretry: 10\ndata: a\n\nevent: x\ndata: b\n") == [
        Event("a", id="1", retry=10)
    ]
    assert decoder.end() == []
    # The reconnection keeps last_event_id and retry; the new stream's buffers start empty.
    assert (decoder.last_event_id, decoder.retry) == ("1", 10)
    assert decoder.feed(b"\xef\xbb\xbfdata: c\n\n") == [Event("c")]
    assert decoder.last_event_id is None


# --- limits ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "stream",
    [
        b"data: " + b"x" * 20 + b"\n",  # a complete line
        b"data: " + b"x" * 20,  # a line still arriving
        b": " + b"x" * 20 + b"\n",  # a comment counts too
        b"data: 12345\n" * 3,  # data accumulated over several lines
        b"id: " + b"x" * 20 + b"\r",
    ],
)
def test_oversized_events_are_rejected(stream: bytes) -> None:
    with pytest.raises(SSEError):
        decode([stream], max_event_size=16)
    with pytest.raises(SSEError):
        decode([stream[i : i + 1] for i in range(len(stream))], max_event_size=16)
    assert issubclass(SSEError, ValueError)


def test_events_up_to_the_limit_pass() -> None:
    assert decode([b"data: " + b"x" * 10 + b"\n\n"], max_event_size=16) == [Event("x" * 10)]
    assert decode([b"data: 1234567\ndata: 1234567\n\n"], max_event_size=16) == [
        Event("1234567\n1234567")
    ]


def test_huge_retry_is_ignored_not_fatal() -> None:
    assert decode([b"retry: " + b"9" * 5000 + b"\ndata: a\n\n"]) == [Event("a")]


# --- encoding --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("frame", "expected"),
    [
        (encode_event("a"), b"data: a\n\n"),
        (encode_event(b'{"x":1}'), b'data: {"x":1}\n\n'),
        (encode_event(""), b"data: \n\n"),
        (encode_event("é"), b"data: \xc3\xa9\n\n"),
        (encode_event("a\nb"), b"data: a\ndata: b\n\n"),
        (encode_event("a\r\nb\rc\n"), b"data: a\ndata: b\ndata: c\ndata: \n\n"),
        (encode_event(b"\r\r\n"), b"data: \ndata: \ndata: \n\n"),
        (encode_event(" lead"), b"data:  lead\n\n"),
        (
            encode_event("x", event="status-update", id="t1:3", retry=1500),
            b"event: status-update\nid: t1:3\nretry: 1500\ndata: x\n\n",
        ),
        (encode_event("x", id=""), b"id: \ndata: x\n\n"),
        (encode_data_line(b'{"jsonrpc":"2.0"}'), b'data: {"jsonrpc":"2.0"}\n\n'),
        (encode_comment(), b":\n\n"),
        (encode_comment("ping"), b": ping\n\n"),
        (encode_comment("a\r\nb\rc\n"), b": a\n: b\n: c\n:\n\n"),
    ],
)
def test_encode(frame: bytes, expected: bytes) -> None:
    assert frame == expected


@pytest.mark.parametrize(
    "fields",
    [
        {"event": "a\nb"},
        {"event": "a\rb"},
        {"id": "1\n"},
        {"id": "\r1"},
        {"id": "1\x002"},  # a decoder would ignore it
        {"retry": -1},
    ],
)
def test_encode_event_refuses_fields_that_would_break_framing(fields: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        encode_event("x", **fields)


def test_encoded_frames_decode_to_what_was_encoded() -> None:
    stream = (
        encode_comment("keep-alive")
        + encode_event("a\r\nb", event="e", id="1", retry=7)
        + encode_data_line(b"[1,2]")
        + encode_event("", id="")
    )
    check_three_ways(
        stream,
        [
            Comment("keep-alive"),
            Event("a\nb", "e", "1", 7),
            Event("[1,2]", id="1"),
            Event("", id=""),
        ],
    )


field_text = st.text().filter(lambda text: not re.search("[\r\n]", text))
events = st.builds(
    lambda data, event, event_id, retry: (data, event, event_id, retry),
    st.text(),
    st.none() | field_text,
    st.none() | field_text.filter(lambda text: "\0" not in text),
    st.none() | st.integers(0, 2**40),
)


@given(st.lists(events | st.text().map(Comment), max_size=6), st.data())
def test_encode_then_decode_round_trips_in_any_chunking(
    sent: list[tuple[str, str | None, str | None, int | None] | Comment], data: st.DataObject
) -> None:
    stream = b""
    expected: list[Item] = []
    last_id: str | None = None
    for item in sent:
        if isinstance(item, Comment):
            stream += encode_comment(item.text)
            expected += [Comment(line) for line in re.split("\r\n|\r|\n", item.text)]
            continue
        text, event, event_id, retry = item
        stream += encode_event(text, event=event, id=event_id, retry=retry)
        last_id = last_id if event_id is None else event_id
        # CRLF and CR inside the data come back as LF.
        normalised = re.sub("\r\n?", "\n", text)
        expected.append(ServerSentEvent(normalised, event or "message", last_id, retry))
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=8)))
    chunks = [stream[a:b] for a, b in zip([0, *cuts], [*cuts, len(stream)], strict=True)]
    assert decode(chunks) == expected


# --- the fuzz harness, replayed --------------------------------------------------------------


CORPUS = corpus("sse")


def test_corpus_exists() -> None:
    assert len(CORPUS) >= 5


@pytest.mark.parametrize("seed", CORPUS, ids=lambda path: path.name)
def test_fuzz_harness_accepts_its_corpus(seed: pathlib.Path) -> None:
    harness("sse")(seed.read_bytes())


@given(st.sampled_from([stream for stream, _ in DECODE_CASES]) | st.binary(max_size=64))
def test_fuzz_harness_invariants_hold(stream: bytes) -> None:
    harness("sse")(stream)


def test_after_an_error_the_decoder_refuses_input_until_a_new_stream() -> None:
    decoder = SSEDecoder(max_event_size=16)
    with pytest.raises(SSEError, match="longer than 16"):
        decoder.feed(b"data: " + b"x" * 20 + b"\n")
    # What follows would parse as a fine event; the stream it belongs to is broken, though.
    with pytest.raises(SSEError, match="already failed"):
        decoder.feed(b"data: ok\n\n")
    with pytest.raises(SSEError, match="already failed"):
        decoder.feed(b"")
    assert decoder.end() == []
    [event] = decoder.feed(b"data: ok\n\n")  # a new stream (a reconnection) starts clean
    assert isinstance(event, ServerSentEvent) and event.data == "ok"
