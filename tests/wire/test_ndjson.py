from __future__ import annotations

import pathlib
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from iaccode.wire import json
from iaccode.wire.ndjson import LineFramer, LineTooLong, encode_line
from tests.fuzz_harness import corpus, harness


def frame(chunks: Iterable[bytes], max_line: int = 1024) -> tuple[list[bytes], int]:
    """Frame a whole input, recovering from LineTooLong as a transport would."""
    framer = LineFramer(max_line)
    lines: list[bytes] = []
    errors = 0
    for chunk in [*chunks, None]:  # None: end of input
        while True:
            try:
                lines += framer.end() if chunk is None else framer.feed(chunk)
                break
            except LineTooLong as exc:
                assert exc.limit == max_line
                errors += 1
                chunk = None if chunk is None else b""
    return lines, errors


def check_three_ways(stream: bytes, expected: list[bytes]) -> None:
    """h11's idiom: whole, one byte at a time, and followed by an unfinished line."""
    assert frame([stream]) == (expected, 0)
    assert frame([stream[i : i + 1] for i in range(len(stream))]) == (expected, 0)
    framer = LineFramer()
    assert framer.feed(stream + b'{"tail":') == expected
    assert framer.feed(b"1}") == []
    assert framer.feed(b"\r\n") == [b'{"tail":1}']
    assert framer.end() == []


# --- framing ---------------------------------------------------------------------------------

FRAME_CASES: list[tuple[bytes, list[bytes]]] = [
    (b"", []),
    (b'{"a":1}\n', [b'{"a":1}']),
    (b'1\n"two"\n[3]\n', [b"1", b'"two"', b"[3]"]),
    (b"1\r\n2\r\n", [b"1", b"2"]),  # CRLF
    (b"1\r\n2\n3\r\n", [b"1", b"2", b"3"]),
    (b"\n\n \t\n\r\n \r\n1\n\n", [b"1"]),  # blank and whitespace-only lines are skipped
    (b" 1 \n", [b" 1 "]),  # other whitespace is the JSON parser's business
    (b"\x0b\n", [b"\x0b"]),  # not JSON whitespace, so not blank
    (b"a\rb\n", [b"a\rb"]),  # a CR elsewhere is content
    (b"a\r\r\n", [b"a\r"]),  # only the CR right before the LF is dropped
    (b"\xff\xfe\x00\n", [b"\xff\xfe\x00"]),  # bytes, not text: validation happens later
    (b'{"s":"\\n"}\n', [b'{"s":"\\n"}']),
]


@pytest.mark.parametrize(("stream", "expected"), FRAME_CASES)
def test_frame(stream: bytes, expected: list[bytes]) -> None:
    check_three_ways(stream, expected)


@pytest.mark.parametrize(
    ("stream", "fed", "at_end"),
    [
        (b"1\n2", [b"1"], [b"2"]),
        (b"1\n2\r", [b"1"], [b"2"]),
        (b'{"unterminated":true}', [], [b'{"unterminated":true}']),
        (b"1\n  ", [b"1"], []),
    ],
)
def test_end_returns_an_unterminated_last_line(
    stream: bytes, fed: list[bytes], at_end: list[bytes]
) -> None:
    framer = LineFramer()
    assert framer.feed(stream) == fed
    assert framer.end() == at_end
    assert frame([stream[i : i + 1] for i in range(len(stream))]) == (fed + at_end, 0)


def test_end_leaves_the_framer_empty() -> None:
    framer = LineFramer()
    assert framer.feed(b"1\n2") == [b"1"]
    assert framer.end() == [b"2"]
    assert framer.end() == []
    assert framer.feed(b"3\n") == [b"3"]


def test_lines_do_not_alias_the_buffer() -> None:
    framer = LineFramer()
    (line,) = framer.feed(b"[1]\n[2")
    assert framer.feed(b"]\n" + b"x" * 100) == [b"[2]"]  # the buffer is reused
    assert type(line) is bytes and line == b"[1]"


# --- overlong lines --------------------------------------------------------------------------


def test_line_at_the_limit_passes() -> None:
    assert frame([b"1234\n1234\r\n1234\r"], max_line=4) == ([b"1234", b"1234", b"1234"], 0)
    assert frame([b"1234\n", b"1234\r", b"\n"], max_line=4) == ([b"1234", b"1234"], 0)


@pytest.mark.parametrize(
    "chunks",
    [
        [b"ok\n12345\nnext\n"],  # all at once
        [b"ok\n1", b"2345", b"6789", b"\nnext\n"],  # the overlong line arrives in pieces
        [b"ok\n12345", b"\n", b"next\n"],
        [b"ok\n", b"1234", b"5\nnext\n"],
        [bytes([byte]) for byte in b"ok\n12345\nnext\n"],
    ],
)
def test_overlong_line_raises_and_the_framer_resynchronises(chunks: list[bytes]) -> None:
    assert frame(chunks, max_line=4) == ([b"ok", b"next"], 1)


def test_overlong_line_in_the_middle_of_a_chunk_loses_nothing_else() -> None:
    framer = LineFramer(max_line=4)
    with pytest.raises(LineTooLong) as info:
        framer.feed(b"1\n2\n123456789\n3\n4")
    assert info.value.limit == 4
    assert isinstance(info.value, ValueError)
    # The lines before and after the overlong one come out of the next call.
    assert framer.feed(b"") == [b"1", b"2", b"3"]
    assert framer.feed(b"\n") == [b"4"]


def test_overlong_line_is_reported_before_its_end_arrives() -> None:
    framer = LineFramer(max_line=8)
    assert framer.feed(b"12345678") == []
    with pytest.raises(LineTooLong):
        framer.feed(b"9")
    # The rest of the line is discarded, however long, up to the next LF.
    for _ in range(100):
        assert framer.feed(b"x" * 1000) == []
    assert framer.feed(b"x\nafter\n") == [b"after"]


def test_discarding_keeps_memory_bounded() -> None:
    framer = LineFramer(max_line=100)
    with pytest.raises(LineTooLong):
        framer.feed(b"x" * 1000)
    for _ in range(1000):
        framer.feed(b"x" * 1000)
        assert len(framer._buffer) == 0
    assert framer.feed(b"\n[1]\n") == [b"[1]"]


def test_several_overlong_lines_raise_once_each() -> None:
    assert frame([b"123456\n1\n123456\n123456\n2\n"], max_line=4) == ([b"1", b"2"], 3)


def test_overlong_unterminated_last_line() -> None:
    framer = LineFramer(max_line=4)
    assert framer.feed(b"1\n") == [b"1"]
    with pytest.raises(LineTooLong):
        framer.feed(b"123456")
    assert framer.end() == []
    assert frame([b"1\n123456"], max_line=4) == ([b"1"], 1)


def test_end_raises_like_feed_and_can_be_called_again() -> None:
    framer = LineFramer(max_line=4)
    with pytest.raises(LineTooLong):
        framer.feed(b"123456\n1\n1234567\n2")
    with pytest.raises(LineTooLong):
        framer.end()  # the second overlong line, still buffered
    assert framer.end() == [b"1", b"2"]
    assert framer.end() == []


# --- encoding --------------------------------------------------------------------------------


def test_encode_line() -> None:
    assert encode_line({"a": "é\n"}) == b'{"a":"\xc3\xa9\\n"}\n'
    assert encode_line([]) == b"[]\n"
    with pytest.raises(TypeError):
        encode_line(object())


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@given(st.lists(json_values, max_size=8), st.data())
def test_encoded_lines_round_trip_in_any_chunking(values: list[Any], data: st.DataObject) -> None:
    stream = b"".join(encode_line(value) for value in values)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=10)))
    chunks = [stream[a:b] for a, b in zip([0, *cuts], [*cuts, len(stream)], strict=True)]
    lines, errors = frame(chunks, max_line=len(stream))
    assert errors == 0
    assert [json.loads(line, max_depth=1000) for line in lines] == values


@given(st.binary(max_size=80), st.data())
def test_chunking_changes_neither_lines_nor_errors(stream: bytes, data: st.DataObject) -> None:
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=10)))
    chunks = [stream[a:b] for a, b in zip([0, *cuts], [*cuts, len(stream)], strict=True)]
    assert frame(chunks, max_line=6) == frame([stream], max_line=6)


# --- the fuzz harness, replayed --------------------------------------------------------------


CORPUS = corpus("ndjson")


def test_corpus_exists() -> None:
    assert len(CORPUS) >= 5


@pytest.mark.parametrize("seed", CORPUS, ids=lambda path: path.name)
def test_fuzz_harness_accepts_its_corpus(seed: pathlib.Path) -> None:
    harness("ndjson")(seed.read_bytes())


@given(st.sampled_from([stream for stream, _ in FRAME_CASES]) | st.binary(max_size=160))
def test_fuzz_harness_invariants_hold(stream: bytes) -> None:
    harness("ndjson")(stream)
