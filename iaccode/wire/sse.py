"""Server-Sent Events: frames out for our streams, an incremental decoder in for clients and tests.

The format is WHATWG HTML §9.2 "Server-sent events"; §9.2.5 gives the grammar and §9.2.6
"Interpreting an event stream" the parsing rules, which `SSEDecoder` follows step by step:

- The stream is UTF-8, decoded incrementally (a character split across chunks survives), with
  invalid bytes replaced by U+FFFD; one leading byte order mark is skipped.
- Lines end in CRLF, CR or LF. A CR that ends one chunk ends its line at once; an LF that starts
  the next chunk is then the second half of that CRLF, not an empty line.
- An empty line dispatches the event; a line starting with ':' is a comment; otherwise the field
  name runs to the first ':' and one space after it is dropped from the value.
- `data` appends the value and an LF to the data buffer, `event` sets the type, `id` sets the last
  event id unless the value contains NUL, `retry` sets the reconnection time if the value is ASCII
  digits only; other fields are ignored.
- On dispatch the last event id is published even if no event is, an empty data buffer dispatches
  nothing, the data buffer's final LF is dropped, and the type defaults to "message".
- At end of stream an unfinished event is discarded.

`feed` returns comments too, as `Comment` items in stream order between the events, because
heartbeats are comments and tests need to see them; code that wants events only filters them out.

Encoding writes LF line ends and one `data:` line per line of the payload. Our own frames are
`encode_data_line(dumps(...))`: compact JSON holds no raw line ends, so that fast path is a single
join (style-and-performance C.5: 0.3 µs per frame with orjson).
"""

from __future__ import annotations

import codecs
import contextlib
from typing import Final, TypeAlias

import attrs

MAX_EVENT_SIZE: Final = 16 * 1024 * 1024


@attrs.frozen
class ServerSentEvent:
    """A dispatched event (§9.2.6 "dispatch the event").

    `id` is the stream's last event id at dispatch (it persists across events; None if no `id`
    field has been seen yet), and `retry` the value of a valid `retry` field in this event's block.
    """

    data: str
    event: str = "message"
    id: str | None = None
    retry: int | None = None


@attrs.frozen
class Comment:
    """A comment line, without its ':' and the one space after it."""

    text: str


Item: TypeAlias = ServerSentEvent | Comment


class SSEError(ValueError):
    """The stream broke a limit; the decoder cannot continue and the stream should be closed."""


def _lines(text: str) -> list[str]:
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def _field(name: str, value: str) -> bytes:
    # A line end in the value would end the field early and let the rest inject fields.
    if "\r" in value or "\n" in value:
        raise ValueError(f"SSE {name} must not contain CR or LF: {value!r}")
    return f"{name}: {value}\n".encode()


def encode_event(
    data: bytes | str,
    *,
    event: str | None = None,
    id: str | None = None,
    retry: int | None = None,
) -> bytes:
    """Encode one event, ended by its blank line.

    Line ends in `data` (CRLF, CR or LF) become separate `data:` lines, so a decoder sees them as
    LF. Raises `ValueError` if `event` or `id` contains CR or LF, if `id` contains NUL (a decoder
    would ignore it) or if `retry` is negative.
    """
    head = b""
    if event is not None:
        head += _field("event", event)
    if id is not None:
        if "\0" in id:
            raise ValueError(f"SSE id must not contain NUL: {id!r}")
        head += _field("id", id)
    if retry is not None:
        if retry < 0:
            raise ValueError(f"SSE retry must not be negative: {retry}")
        head += b"retry: %d\n" % retry
    if isinstance(data, str):
        data = data.encode()
    if b"\r" in data:
        data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return b"".join((head, b"data: ", data.replace(b"\n", b"\ndata: "), b"\n\n"))


def encode_data_line(payload: bytes) -> bytes:
    """Encode an event whose data is one line: `payload` must not contain CR or LF."""
    return b"".join((b"data: ", payload, b"\n\n"))


def encode_comment(text: str = "") -> bytes:
    """Encode a comment, a heartbeat for instance, and a blank line: b": ping\\n\\n".

    Line ends in `text` start further comment lines.
    """
    return b"".join((f": {line}\n" if line else ":\n").encode() for line in _lines(text)) + b"\n"


class SSEDecoder:
    """Incremental event stream parser (WHATWG HTML §9.2.6); see the module docstring.

    Attributes:
        max_event_size: the longest line, and the most data in one event, in characters;
            beyond it `feed` raises `SSEError`.
        last_event_id: the last event id as of the latest blank line, for `Last-Event-ID`.
        retry: the reconnection time in milliseconds from the latest valid `retry` field.

    After `feed` raised `SSEError` the decoder is in an error state, as an h11 connection is
    after a protocol error: every later `feed` raises `SSEError` again (what it buffered is
    not a stream position anyone can resume from), until `end` starts a new stream.
    """

    def __init__(self, max_event_size: int = MAX_EVENT_SIZE) -> None:
        self.max_event_size = max_event_size
        self.last_event_id: str | None = None
        self.retry: int | None = None
        self._start()

    def _start(self) -> None:
        self._error: SSEError | None = None
        # utf-8-sig strips exactly one leading BOM, even when it arrives split across chunks.
        self._utf8 = codecs.getincrementaldecoder("utf-8-sig")(errors="replace")
        self._after_cr = False
        self._line: list[str] = []  # the unterminated line, in pieces: no quadratic joins
        self._line_size = 0
        self._id: str | None = None  # §9.2.6's "last event ID buffer"
        self._data: list[str] = []
        self._data_size = 0
        self._event = ""
        self._event_retry: int | None = None

    def feed(self, chunk: bytes) -> list[Item]:
        """Parse more of the stream; returns the events and comments it completed, in order.

        Raises `SSEError` for a line or an event over `max_event_size`, and for any input after
        that (see the class docstring).
        """
        if self._error is not None:
            raise SSEError(f"SSE stream already failed: {self._error}")
        try:
            return self._feed(chunk)
        except SSEError as exc:
            self._error = exc
            raise

    def _feed(self, chunk: bytes) -> list[Item]:
        text = self._utf8.decode(chunk)
        if not text:
            return []
        if self._after_cr:
            self._after_cr = False
            if text[0] == "\n":
                text = text[1:]
                if not text:
                    return []
        self._after_cr = text[-1] == "\r"
        lines = _lines(text)
        partial = lines.pop()
        if lines and self._line:
            lines[0] = "".join((*self._line, lines[0]))
            self._line.clear()
            self._line_size = 0
        if partial:
            self._line.append(partial)
            self._line_size += len(partial)
            if self._line_size > self.max_event_size:
                raise SSEError(f"SSE line longer than {self.max_event_size} characters")
        items: list[Item] = []
        for line in lines:
            if len(line) > self.max_event_size:
                raise SSEError(f"SSE line longer than {self.max_event_size} characters")
            if not line:
                if event := self._dispatch():
                    items.append(event)
            elif line[0] == ":":
                items.append(Comment(line[2:] if line[1:2] == " " else line[1:]))
            else:
                name, _, value = line.partition(":")
                self._process_field(name, value[1:] if value[:1] == " " else value)
        return items

    def end(self) -> list[Item]:
        """Finish the stream: an unfinished event is discarded (§9.2.6), so this returns [].

        The decoder is then ready for a new stream, such as a reconnection, also after an
        error; `last_event_id` and `retry` carry over, as they do in an EventSource.
        """
        self._start()
        return []

    def _process_field(self, name: str, value: str) -> None:
        if name == "data":
            self._data.append(value)
            self._data_size += len(value) + 1
            if self._data_size > self.max_event_size:
                raise SSEError(f"SSE event data longer than {self.max_event_size} characters")
        elif name == "event":
            self._event = value
        elif name == "id":
            if "\0" not in value:
                self._id = value
        elif name == "retry" and value.isascii() and value.isdigit():
            # Beyond int()'s digit limit the value is unusable as a delay anyway.
            with contextlib.suppress(ValueError):
                self._event_retry = self.retry = int(value)

    def _dispatch(self) -> ServerSentEvent | None:
        self.last_event_id = self._id
        event = None
        if self._data:
            event = ServerSentEvent(
                "\n".join(self._data), self._event or "message", self._id, self._event_retry
            )
            self._data.clear()
            self._data_size = 0
        self._event = ""
        self._event_retry = None
        return event
