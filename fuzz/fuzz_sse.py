"""Fuzz `iaccode.wire.sse.SSEDecoder` and the SSE encoders.

Run with atheris installed: `python fuzz/fuzz_sse.py fuzz/corpus/sse`. The tests replay the corpus
through `TestOneInput` without atheris.

Invariants: decoding raises nothing but `SSEError`; how the stream is cut into chunks changes
nothing (WHATWG HTML §9.2.6 parses a stream, not its packets); re-encoding the decoded items with
`encode_event` and `encode_comment` and decoding again gives the same items.
"""

from __future__ import annotations

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


def TestOneInput(data: bytes) -> None:
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

    atheris.instrument_all()
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
