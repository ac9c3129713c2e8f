"""The client's sans-IO core: event-stream bytes to chunks, chunks to events and a `Completion`.

`ChunkDecoder` runs the project's SSE decoder (`iaccode.wire.sse`) and JSON reader over the
response body: each `data:` payload is one `chat.completion.chunk` object, `[DONE]` ends the
stream, and comments (keep-alives) are dropped. A payload that is not a JSON object is a
`protocol` error: guessing past it could hand the agent half a tool call.

`StreamAccumulator` turns chunks into events. It reads choice 0 only (we never ask for `n > 1`)
and tolerates what OpenAI-compatible servers actually send (iac-code-reference §4):

- `delta.content` and `delta.reasoning_content` may be null, empty or absent;
- `finish_reason` usually arrives in a chunk of its own with an empty `delta`;
- usage arrives in a final chunk whose `choices` is `[]`; a server that repeats usage on every
  chunk produces one `Usage` event per change, and the last one wins;
- an `{"error": {...}}` object in the stream is the provider giving up mid-answer.

Tool calls are keyed by `index`, since parallel calls interleave. The first non-empty `id` wins
(DashScope's continuations carry `id: ""`), name and argument fragments concatenate, and
`function: {}` chunks carry nothing. A call is *started* (`ToolCallStarted`) once it has an id,
a name and its first argument fragment: only then is the name certainly complete, since some
servers stream names in pieces. The fragments held back until then go out as one
`ToolCallArgumentsDelta`, later ones one by one. A call that never gets that far (no arguments for
a tool without parameters, or a server that sends no ids) starts when `finish_reason` arrives, or
at `flush()`, with `call_<hex>` if its id never came. Arguments are raw JSON text here;
`ToolCall.parsed_arguments()` parses them once the call is complete.

A server that omits `index` (seen on some local servers) gets one assigned: an entry with a new
non-empty id opens the next index, anything else continues the latest call.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from iaccode.agent.llm.errors import ProviderError, error_for_stream_error
from iaccode.agent.llm.events import (
    Completion,
    ReasoningDelta,
    StreamEvent,
    TextDelta,
    ToolCall,
    ToolCallArgumentsDelta,
    ToolCallStarted,
    Usage,
)
from iaccode.wire.json import JSONDecodeError, dumps, loads
from iaccode.wire.sse import ServerSentEvent, SSEDecoder, SSEError


class Done:
    """The type of `DONE`."""

    def __repr__(self) -> str:
        return "DONE"


DONE: Final = Done()
"""What `ChunkDecoder.feed` returns for the `data: [DONE]` terminator."""


def new_call_id() -> str:
    """An id for a tool call the server sent without one, in OpenAI's `call_` form."""
    return "call_" + secrets.token_hex(12)


def _protocol(detail: str) -> ProviderError:
    return ProviderError("protocol", detail=detail)


class ChunkDecoder:
    """Response body bytes in, `chat.completion.chunk` objects (and `DONE`) out."""

    def __init__(self) -> None:
        self._sse = SSEDecoder()

    def feed(self, data: bytes) -> list[dict[str, Any] | Done]:
        """Decode more of the body; returns the chunks it completed, in order.

        Raises:
            ProviderError: kind `protocol` for a payload that is not a JSON object, or an event
                beyond the SSE decoder's size limit.
        """
        try:
            items = self._sse.feed(data)
        except SSEError as exc:
            raise _protocol(str(exc)) from None
        chunks: list[dict[str, Any] | Done] = []
        for item in items:
            if not isinstance(item, ServerSentEvent):
                continue  # a comment: keep-alive
            payload = item.data.strip()
            if payload == "[DONE]":
                chunks.append(DONE)
                continue
            try:
                chunk = loads(payload)
            except JSONDecodeError as exc:
                raise _protocol(f"stream chunk is not JSON ({exc}): {payload[:200]!r}") from None
            if not isinstance(chunk, dict):
                raise _protocol(f"stream chunk is not a JSON object: {payload[:200]!r}")
            if item.event == "error" and "error" not in chunk:
                chunk = {"error": chunk}  # `event: error` framing, as some gateways send
            chunks.append(chunk)
        return chunks


class _Call:
    """A tool call being assembled."""

    __slots__ = ("arguments", "id", "index", "name", "started")

    def __init__(self, index: int) -> None:
        self.index = index
        self.id = ""
        self.name = ""
        self.arguments: list[str] = []
        self.started = False


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _text(value: Any) -> str:
    # Null and absent are the same; a non-string (a content parts list) is not ours to read.
    return value if isinstance(value, str) else ""


class StreamAccumulator:
    """Chunks in, events out, and the `Completion` at the end; see the module docstring.

    `feed` each chunk, then `flush()` (for the calls that only start at the end) and `finish()`.
    """

    def __init__(self, *, new_id: Callable[[], str] = new_call_id) -> None:
        self._new_id = new_id
        self._text: list[str] = []
        self._reasoning: list[str] = []
        self._calls: dict[int, _Call] = {}
        self._latest: _Call | None = None
        self.usage: Usage | None = None
        self.finish_reason: str | None = None
        self.emitted = False
        """Whether `feed` has returned any event yet."""

    def feed(self, chunk: Mapping[str, Any]) -> list[StreamEvent]:
        """Take one chunk; returns the events it completes.

        Raises:
            ProviderError: kind `protocol` for a chunk of the wrong shape; an error chunk's kind
                otherwise (`interrupted` once events have gone out).
        """
        choices = chunk.get("choices")
        if chunk.get("error") is not None and not choices:
            raise error_for_stream_error(chunk, after_events=self.emitted)
        if choices is None:
            choices = []
        if not isinstance(choices, list):
            raise _protocol(f"chunk choices is not a list: {choices!r:.200}")
        events: list[StreamEvent] = []
        for choice in choices:
            if not isinstance(choice, dict):
                raise _protocol(f"chunk choice is not an object: {choice!r:.200}")
            if choice.get("index", 0) not in (0, None):
                continue
            delta = choice.get("delta")
            if delta is not None:
                if not isinstance(delta, dict):
                    raise _protocol(f"chunk delta is not an object: {delta!r:.200}")
                self._feed_delta(delta, events)
            finish_reason = choice.get("finish_reason")
            # DashScope's native API spells "no finish yet" as the string "null".
            if isinstance(finish_reason, str) and finish_reason not in ("", "null"):
                self.finish_reason = finish_reason
                events.extend(self.flush())
        usage = chunk.get("usage")
        if isinstance(usage, dict):
            value = Usage(
                _count(usage.get("prompt_tokens")),
                _count(usage.get("completion_tokens")),
                _count(usage.get("total_tokens")),
            )
            if value != self.usage:
                self.usage = value
                events.append(value)
        self.emitted = self.emitted or bool(events)
        return events

    def flush(self) -> list[StreamEvent]:
        """Start every named call that has not started yet (the stream is over)."""
        events: list[StreamEvent] = []
        for index in sorted(self._calls):
            self._maybe_start(self._calls[index], events, final=True)
        self.emitted = self.emitted or bool(events)
        return events

    def finish(self) -> Completion:
        """The completion so far. Call `flush()` first: the events it returns are dropped here.

        Raises:
            ProviderError: kind `protocol` if a tool call got an id or arguments but no name.
        """
        self.flush()
        calls = []
        for index in sorted(self._calls):
            call = self._calls[index]
            if not call.started:
                raise _protocol(f"tool call {index} has no function name")
            calls.append(ToolCall(call.id, call.name, "".join(call.arguments), index))
        return Completion(
            text="".join(self._text),
            reasoning="".join(self._reasoning),
            tool_calls=tuple(calls),
            usage=self.usage,
            finish_reason=self.finish_reason,
        )

    def _feed_delta(self, delta: Mapping[str, Any], events: list[StreamEvent]) -> None:
        if reasoning := _text(delta.get("reasoning_content")):
            self._reasoning.append(reasoning)
            events.append(ReasoningDelta(reasoning))
        if content := _text(delta.get("content")):
            self._text.append(content)
            events.append(TextDelta(content))
        tool_calls = delta.get("tool_calls")
        if tool_calls is None:
            return
        if not isinstance(tool_calls, list):
            raise _protocol(f"delta tool_calls is not a list: {tool_calls!r:.200}")
        for entry in tool_calls:
            if not isinstance(entry, dict):
                raise _protocol(f"tool call entry is not an object: {entry!r:.200}")
            self._feed_tool_call(entry, events)

    def _feed_tool_call(self, entry: Mapping[str, Any], events: list[StreamEvent]) -> None:
        call_id = _text(entry.get("id"))
        function = entry.get("function")
        if not isinstance(function, dict):
            function = {}
        name = _text(function.get("name"))
        arguments = function.get("arguments")
        if isinstance(arguments, dict):
            arguments = dumps(arguments).decode()  # a server that sends an object, not text
        arguments = _text(arguments)
        index = entry.get("index")
        if index is None:
            index = self._implicit_index(call_id)
        elif not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise _protocol(f"tool call index is not a non-negative integer: {index!r:.50}")
        call = self._calls.get(index)
        if call is None:
            if not (call_id or name or arguments):
                return  # `function: {}` for a call we have not seen: nothing to keep
            call = self._calls[index] = _Call(index)
        self._latest = call
        if call_id and not call.id:
            call.id = call_id
        if call.started:
            if arguments:
                call.arguments.append(arguments)
                events.append(ToolCallArgumentsDelta(index, call.id, arguments))
            return  # a repeated or late name cannot change a started call
        call.name += name
        if arguments:
            call.arguments.append(arguments)
        self._maybe_start(call, events, final=False)

    def _implicit_index(self, call_id: str) -> int:
        latest = self._latest
        if latest is None:
            return 0
        if call_id and latest.id and call_id != latest.id:
            return max(self._calls) + 1
        return latest.index

    def _maybe_start(self, call: _Call, events: list[StreamEvent], *, final: bool) -> None:
        if call.started or not call.name or not (final or (call.id and call.arguments)):
            return
        call.started = True
        if not call.id:
            call.id = self._new_id()
        events.append(ToolCallStarted(call.index, call.id, call.name))
        if call.arguments:
            events.append(ToolCallArgumentsDelta(call.index, call.id, "".join(call.arguments)))


def replay(
    body: Iterable[bytes], *, new_id: Callable[[], str] = new_call_id
) -> tuple[list[StreamEvent], Completion]:
    """Parse a recorded response body (in any split) into its events and completion.

    Stops at `[DONE]`; does not judge whether the stream ended properly (the provider does).
    """
    decoder = ChunkDecoder()
    accumulator = StreamAccumulator(new_id=new_id)
    events: list[StreamEvent] = []
    for data in body:
        for chunk in decoder.feed(data):
            if isinstance(chunk, Done):
                events.extend(accumulator.flush())
                return events, accumulator.finish()
            events.extend(accumulator.feed(chunk))
    events.extend(accumulator.flush())
    return events, accumulator.finish()
