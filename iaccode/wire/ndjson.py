"""Newline-delimited JSON framing for the stdio and Unix socket transports.

Each message is one line of compact JSON ended by LF; compact JSON never holds a raw line end, so
LF is an unambiguous delimiter. `LineFramer` cuts a byte stream into lines:

- A CR right before the LF is dropped, so CRLF peers work too; blank lines (JSON whitespace only)
  are skipped, so a keep-alive newline costs nothing.
- The search for LF resumes where the previous one stopped and each line is copied once, so a
  long line arriving in small chunks costs O(n), like h11's receive buffer.
- A line longer than `max_line` bytes (not counting its line end) raises `LineTooLong` as soon as
  that is known, even before its LF arrives, so memory stays bounded. The framer then
  resynchronises: the rest of that line is discarded up to the next LF, and framing continues
  with the line after it. Nothing else is lost. Lines completed in the same data, before or after
  the overlong one, come out of the next call, so after handling the error call `feed(b"")` (or
  `end()` at end of input) to continue. JSON-RPC responses are matched by id, not by order, so
  answering the overlong line first is harmless.
"""

from __future__ import annotations

from typing import Any, Final

from iaccode.wire.json import dumps

MAX_LINE: Final = 8 * 1024 * 1024

_CR: Final = 0x0D
_JSON_WHITESPACE: Final = b" \t\r"


class LineTooLong(ValueError):
    """A line exceeded the framer's limit; the framer skips it and carries on."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"line longer than {limit} bytes")
        self.limit = limit


class LineFramer:
    """Cut newline-delimited messages out of a byte stream."""

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self._buffer = bytearray()
        self._scanned = 0  # _buffer[:_scanned] holds no LF
        self._discarding = False  # inside an overlong line: drop bytes up to the next LF
        self._ready: list[bytes] = []  # framed before a LineTooLong; returned by the next call

    def feed(self, chunk: bytes) -> list[bytes]:
        """Add data; returns the complete non-blank lines, without their line ends.

        Raises `LineTooLong` for a line over the limit; see the module docstring.
        """
        buffer = self._buffer
        buffer += chunk
        lines, self._ready = self._ready, []
        error = None
        start = 0
        search = self._scanned
        with memoryview(buffer) as view:
            while (lf := buffer.find(b"\n", search)) >= 0:
                line_start, start = start, lf + 1
                search = start
                if self._discarding:
                    self._discarding = False
                    continue
                end = lf - 1 if lf > line_start and buffer[lf - 1] == _CR else lf
                if end - line_start > self.max_line:
                    error = LineTooLong(self.max_line)
                    break
                line = bytes(view[line_start:end])
                if line.strip(_JSON_WHITESPACE):
                    lines.append(line)
            else:
                size = len(buffer) - start
                if size and buffer[-1] == _CR:
                    size -= 1  # its LF may be in the next chunk
                if self._discarding or size > self.max_line:
                    if not self._discarding:
                        error = LineTooLong(self.max_line)
                        self._discarding = True
                    start = len(buffer)
        del buffer[:start]
        # After an error the rest of the buffer has not been searched yet.
        self._scanned = 0 if error else len(buffer)
        if error:
            self._ready = lines
            raise error
        return lines

    def end(self) -> list[bytes]:
        """Signal end of input; returns the remaining lines, including an unterminated last one.

        Raises `LineTooLong` like `feed`; call `end()` again to collect what follows. The framer is
        empty afterwards and could frame a new stream.
        """
        lines = self.feed(b"")
        last = bytes(self._buffer.removesuffix(b"\r"))
        self._buffer.clear()
        self._scanned = 0
        self._discarding = False
        if last.strip(_JSON_WHITESPACE):
            lines.append(last)
        return lines


def encode_line(value: Any) -> bytes:
    """Encode one message as compact JSON and its LF; raises `TypeError` like `json.dumps`."""
    return dumps(value) + b"\n"
