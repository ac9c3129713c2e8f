"""Fuzz `iaccode.wire.sse.SSEDecoder` and the SSE encoders.

Run with atheris installed: `scripts/fuzz sse`, or `python fuzz/fuzz_sse.py
fuzz/corpus/sse`. The tests replay the corpus through `TestOneInput` without atheris.

Invariants: decoding raises nothing but `SSEError`; how the stream is cut into chunks changes
nothing (WHATWG HTML §9.2.6 parses a stream, not its packets); re-encoding the decoded items with
`encode_event` and `encode_comment` and decoding again gives the same items. The input's text, as
the data of an event (its first line as the type and id) and as a comment, also decodes to what
was encoded, with line ends as LF.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable

from iaccode.wire import sse

_MAX_EVENT_SIZE = 256


def _decode(chunks: Iterable[bytes], max_event_size: int) -> list[sse.Item] | None:
    decoder = sse.SSEDecoder(max_event_size)
    items: list[sse.Item] = []
    try:
        for chunk in chunks:
            items += decoder.feed(chunk)
    except sse.SSEError:
        return None
    items += decoder.end()
    return items


def _encode(items: list[sse.Item]) -> bytes:
    return b"".join(
        sse.encode_comment(item.text)
        if isinstance(item, sse.Comment)
        else sse.encode_event(item.data, event=item.event, id=item.id, retry=item.retry)
        for item in items
    )


def _check_encoders(data: bytes) -> None:
    text = data.decode("utf-8", "replace")
    first = re.split("\r\n|\r|\n", text, maxsplit=1)[0]
    event_id = first.replace("\0", "")  # a decoder ignores an id holding NUL
    stream = sse.encode_event(text, event=first, id=event_id, retry=len(data))
    stream += sse.encode_comment(text)
    expected: list[sse.Item] = [
        sse.ServerSentEvent(re.sub("\r\n?", "\n", text), first or "message", event_id, len(data)),
        *(sse.Comment(line) for line in re.split("\r\n|\r|\n", text)),
    ]
    limit = len(stream)
    step = len(data) % 5 + 1
    assert _decode([stream], limit) == expected
    assert _decode([stream[i : i + step] for i in range(0, len(stream), step)], limit) == expected


def TestOneInput(data: bytes) -> None:
    _check_encoders(data)
    whole = _decode([data], _MAX_EVENT_SIZE)
    step = len(data) % 7 + 2
    for chunks in ([data[i : i + 1] for i in range(len(data))], [data[:-1], data[-1:]]):
        assert _decode(chunks, _MAX_EVENT_SIZE) == whole
    assert (
        _decode([data[i : i + step] for i in range(0, len(data), step)], _MAX_EVENT_SIZE) == whole
    )
    if whole is not None:
        # Re-encoded lines gain at most the space after the colon and an "event: " prefix.
        assert _decode([_encode(whole)], 2 * _MAX_EVENT_SIZE + 16) == whole


if __name__ == "__main__":
    import atheris
    from _support import instrument

    instrument("iaccode")
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
