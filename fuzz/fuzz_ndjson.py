"""Fuzz `iaccode.wire.ndjson.LineFramer`.

Run with atheris installed: `scripts/fuzz ndjson`, or `python fuzz/fuzz_ndjson.py
fuzz/corpus/ndjson`. The tests replay the corpus through `TestOneInput` without atheris.

Invariants: framing raises nothing but `LineTooLong`, and recovers from it; lines hold no LF, are
not blank and respect the limit; how the input is cut into chunks changes neither the lines nor
the number of errors; a line that is JSON re-encodes with `encode_line` to the same value.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable

from iaccode.wire import json, ndjson

_MAX_LINE = 64


def _frame(chunks: Iterable[bytes]) -> tuple[list[bytes], int]:
    framer = ndjson.LineFramer(_MAX_LINE)
    lines: list[bytes] = []
    errors = 0
    for chunk in [*chunks, None]:  # None: end of input
        while True:
            try:
                lines += framer.end() if chunk is None else framer.feed(chunk)
                break
            except ndjson.LineTooLong as exc:
                assert exc.limit == _MAX_LINE
                errors += 1
                chunk = None if chunk is None else b""  # collect what follows the overlong line
    return lines, errors


def TestOneInput(data: bytes) -> None:
    lines, errors = _frame([data])
    step = len(data) % 7 + 2
    assert _frame([data[i : i + 1] for i in range(len(data))]) == (lines, errors)
    assert _frame([data[i : i + step] for i in range(0, len(data), step)]) == (lines, errors)
    for line in lines:
        assert b"\n" not in line and len(line) <= _MAX_LINE and line.strip(b" \t\r")
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            continue
        encoded = ndjson.encode_line(value)
        assert ndjson.LineFramer().feed(encoded) == [encoded[:-1]]
        assert json.loads(encoded) == value


if __name__ == "__main__":
    import atheris
    from _support import instrument

    instrument("iaccode")
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
