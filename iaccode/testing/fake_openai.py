"""A fake OpenAI-compatible chat-completions server, for testing model clients over real sockets.

A `MockTransport` would test the parser, but not what breaks in production: connections that
close mid-body, streams that stall, a caller's cancellation that must close the socket. So this is
real HTTP/1.1 on 127.0.0.1, trio + h11, small and self-contained (it does not use
`iaccode.transports`, whose bugs it should be able to catch).

Each `POST /v1/chat/completions` is recorded in `requests` (method, path, lowercased headers,
parsed JSON body, connection number, and whether the client went away mid-response) and answered
by the next `Script` in the queue: a status and error body, or an event stream of scripted chunks
with optional delays, an abrupt close, or a stall. The chunk builders reproduce what DashScope
(and, for contrast, OpenAI) send (iac-code-reference §4), so a test reads like a transcript:

    fake = FakeOpenAI(Script(tool_call_chunks([{"id": "call_1", "name": "ls", "arguments": {}}])))
    base_url = await nursery.start(fake.serve)
"""

from __future__ import annotations

import collections
import math
from collections.abc import Mapping, Sequence
from typing import Any, TypeAlias

import attrs
import h11
import trio

from iaccode.wire.json import JSONDecodeError, dumps, loads
from iaccode.wire.sse import encode_data_line, encode_event

CHAT_PATH = "/v1/chat/completions"
MODEL = "qwen-plus"
_MAX_BODY = 16 * 1024 * 1024


@attrs.frozen
class Raw:
    """Bytes written to the body as they are: comments, keep-alives, odd framings."""

    data: bytes


Chunk: TypeAlias = dict[str, Any] | str | Raw
"""A dict is sent as a JSON `data:` event, a str as a raw `data:` payload (`"[DONE]"`)."""


@attrs.frozen
class Script:
    """One scripted answer.

    Attributes:
        chunks: the event stream (used when `status` is 200).
        status: the HTTP status; anything but 200 answers with `error_body` as JSON.
        error_body: defaults to an OpenAI-style `{"error": {...}}` naming the status.
        delay_between: seconds to wait between chunks.
        headers: response headers, overriding the defaults (`retry-after`, `content-type`).
        disconnect_after: close the socket, mid-body, after this many chunks.
        stall_after: after this many chunks, send nothing more until the client leaves.
    """

    chunks: list[Chunk] = attrs.field(factory=list)
    status: int = 200
    error_body: dict[str, Any] | None = None
    delay_between: float = 0
    headers: Mapping[str, str] = attrs.field(factory=dict)
    disconnect_after: int | None = None
    stall_after: int | None = None


def _unsupported_parameter(body: object) -> Script | None:
    """OpenAI's 400 for `reasoning_effort` sent to a model that does not reason (gpt-4o...)."""
    if not isinstance(body, dict) or "reasoning_effort" not in body:
        return None
    model = str(body.get("model", "")).lower().rsplit("/", 1)[-1]
    if model.startswith(("o1", "o3", "o4", "gpt-5", "gpt-oss")) and "chat" not in model:
        return None
    error = {
        "message": "Unsupported parameter: 'reasoning_effort' is not supported with this model.",
        "type": "invalid_request_error",
        "param": "reasoning_effort",
        "code": "unsupported_parameter",
    }
    return Script(status=400, error_body={"error": error})


class FakeOpenAI:
    """The server; start it with `base_url = await nursery.start(fake.serve)`.

    Requests beyond the scripted ones get a 500 (the queue ran dry: a test bug, made loud).
    """

    def __init__(self, *scripts: Script) -> None:
        self.scripts: collections.deque[Script] = collections.deque(scripts)
        self.requests: list[dict[str, Any]] = []
        self.disconnects = 0
        """How many responses the client abandoned before their end."""
        self._base_url: str | None = None
        self._connections = 0
        self._changed = trio.Event()

    @property
    def base_url(self) -> str:
        """`http://127.0.0.1:<port>/v1`, once `serve` has started."""
        if self._base_url is None:
            raise RuntimeError("FakeOpenAI is not serving yet")
        return self._base_url

    def enqueue(self, *scripts: Script) -> None:
        """Add answers for the next requests, in order."""
        self.scripts.extend(scripts)

    async def wait_for_disconnects(self, count: int = 1) -> None:
        """Wait until the client has abandoned `count` responses in all."""
        while self.disconnects < count:
            await self._changed.wait()

    async def serve(self, *, task_status: trio.TaskStatus[str] = trio.TASK_STATUS_IGNORED) -> None:
        """Listen on 127.0.0.1, on a free port, and report the base URL; runs until cancelled."""
        listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
        port = listeners[0].socket.getsockname()[1]
        self._base_url = f"http://127.0.0.1:{port}/v1"
        task_status.started(self._base_url)
        await trio.serve_listeners(self._handle, listeners)

    def _client_left(self, record: dict[str, Any]) -> None:
        if not record["client_disconnected"]:
            record["client_disconnected"] = True
            self.disconnects += 1
            self._changed.set()
            self._changed = trio.Event()

    async def _handle(self, stream: trio.SocketStream) -> None:
        self._connections += 1
        connection = self._connections
        conn = h11.Connection(h11.SERVER)
        try:
            while True:
                request = await _read_request(conn, stream)
                if request is None:
                    return
                method, path, headers, body = request
                record: dict[str, Any] = {
                    "method": method,
                    "path": path,
                    "headers": headers,
                    "body": _parse(body),
                    "connection": connection,
                    "client_disconnected": False,
                }
                self.requests.append(record)
                if method != "POST" or path != CHAT_PATH:
                    script = Script(status=404, error_body={"error": {"message": "no such path"}})
                elif refusal := _unsupported_parameter(record["body"]):
                    script = refusal
                elif self.scripts:
                    script = self.scripts.popleft()
                else:
                    message = "FakeOpenAI has no scripted response left"
                    script = Script(status=500, error_body={"error": {"message": message}})
                if not await self._respond(conn, stream, script, record):
                    return
                if conn.our_state is not h11.DONE or conn.their_state is not h11.DONE:
                    return
                conn.start_next_cycle()
        except (trio.BrokenResourceError, trio.ClosedResourceError, h11.RemoteProtocolError):
            return
        finally:
            await stream.aclose()

    async def _respond(
        self,
        conn: h11.Connection,
        stream: trio.SocketStream,
        script: Script,
        record: dict[str, Any],
    ) -> bool:
        """Answer one request; False if the connection must close."""
        if script.status != 200:
            error = script.error_body
            if error is None:
                error = {"error": {"message": f"scripted HTTP {script.status}", "type": "fake"}}
            body = dumps(error)
            headers = {"content-type": "application/json", "content-length": str(len(body))}
            headers.update({name.lower(): value for name, value in script.headers.items()})
            await stream.send_all(
                conn.send(h11.Response(status_code=script.status, headers=list(headers.items())))
            )
            await stream.send_all(conn.send(h11.Data(body)))
            await stream.send_all(conn.send(h11.EndOfMessage()))
            return True
        headers = {"content-type": "text/event-stream", "cache-control": "no-cache"}
        headers.update({name.lower(): value for name, value in script.headers.items()})
        await stream.send_all(
            conn.send(h11.Response(status_code=200, headers=list(headers.items())))
        )
        outcome = "cut"
        async with trio.open_nursery() as nursery:

            async def watch() -> None:
                # The client sends nothing during a response, so a read ends only when it leaves.
                try:
                    while data := await stream.receive_some(65536):
                        conn.receive_data(data)
                except (trio.BrokenResourceError, trio.ClosedResourceError):
                    pass
                self._client_left(record)
                nursery.cancel_scope.cancel()

            nursery.start_soon(watch)
            try:
                outcome = await _send_chunks(conn, stream, script)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                self._client_left(record)
            nursery.cancel_scope.cancel()
        return outcome == "complete"


async def _read_request(
    conn: h11.Connection, stream: trio.SocketStream
) -> tuple[str, str, dict[str, str], bytes] | None:
    head: h11.Request | None = None
    body = bytearray()
    while True:
        event = conn.next_event()
        if event is h11.NEED_DATA:
            conn.receive_data(await stream.receive_some(65536))
        elif isinstance(event, h11.Request):
            head = event
        elif isinstance(event, h11.Data):
            body += event.data
            if len(body) > _MAX_BODY:
                return None
        elif isinstance(event, h11.EndOfMessage) and head is not None:
            headers = {name.decode().lower(): value.decode() for name, value in head.headers}
            return head.method.decode(), head.target.decode(), headers, bytes(body)
        else:
            return None  # ConnectionClosed, or the client paused (it never does)


def _parse(body: bytes) -> Any:
    try:
        return loads(body)
    except JSONDecodeError:
        return body.decode("utf-8", "replace")


def _frame(chunk: Chunk) -> bytes:
    if isinstance(chunk, Raw):
        return chunk.data
    if isinstance(chunk, str):
        return encode_event(chunk)
    return encode_data_line(dumps(chunk))


async def _send_chunks(conn: h11.Connection, stream: trio.SocketStream, script: Script) -> str:
    """Send the scripted stream: "complete", or "cut" where the script says to disconnect."""
    for sent, chunk in enumerate(script.chunks):
        if sent == script.disconnect_after:
            return "cut"
        if sent == script.stall_after:
            await trio.sleep_forever()
        if sent and script.delay_between:
            await trio.sleep(script.delay_between)
        await stream.send_all(conn.send(h11.Data(_frame(chunk))))
    if script.disconnect_after is not None:
        return "cut"
    if script.stall_after is not None:
        await trio.sleep_forever()
    await stream.send_all(conn.send(h11.EndOfMessage()))
    return "complete"


# --- chunk builders ----------------------------------------------------------------------------


def chunk(
    delta: Mapping[str, Any] | None = None,
    *,
    finish_reason: str | None = None,
    model: str = MODEL,
) -> dict[str, Any]:
    """One `chat.completion.chunk` with choice 0 carrying `delta` (DashScope's field set)."""
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": 1_767_225_600,
        "model": model,
        "system_fingerprint": None,
        "choices": [
            {
                "index": 0,
                "delta": dict(delta or {}),
                "finish_reason": finish_reason,
                "logprobs": None,
            }
        ],
        "usage": None,
    }


def usage_chunk(
    prompt_tokens: int, completion_tokens: int, *, model: str = MODEL
) -> dict[str, Any]:
    """The final usage chunk: `choices: []` (`stream_options.include_usage`)."""
    return {
        **chunk(model=model),
        "choices": [],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def split_text(text: str, pieces: int) -> list[str]:
    """`text` in `pieces` non-empty parts of near-equal length (fewer if it is shorter)."""
    pieces = max(1, min(pieces, len(text)))
    if not text:
        return []
    size = math.ceil(len(text) / pieces)
    return [text[start : start + size] for start in range(0, len(text), size)]


def _ending(finish_reason: str | None, usage: tuple[int, int] | None, done: bool) -> list[Chunk]:
    tail: list[Chunk] = []
    if finish_reason is not None:
        tail.append(chunk({}, finish_reason=finish_reason))
    if usage is not None:
        tail.append(usage_chunk(*usage))
    if done:
        tail.append("[DONE]")
    return tail


def text_chunks(
    text: str,
    pieces: int = 3,
    *,
    finish_reason: str | None = "stop",
    usage: tuple[int, int] | None = (12, 34),
    done: bool = True,
) -> list[Chunk]:
    """A text answer as DashScope streams it: a role chunk with `content: ""`, the pieces, the
    finish_reason in an empty delta, the usage chunk, `[DONE]`."""
    chunks: list[Chunk] = [chunk({"role": "assistant", "content": ""})]
    chunks += [chunk({"content": piece}) for piece in split_text(text, pieces)]
    return chunks + _ending(finish_reason, usage, done)


def reasoning_chunks(
    reasoning: str,
    text: str = "",
    pieces: int = 3,
    *,
    finish_reason: str | None = "stop",
    usage: tuple[int, int] | None = (12, 34),
    done: bool = True,
) -> list[Chunk]:
    """Thinking (`reasoning_content`, with `content: null`), then the answer."""
    chunks: list[Chunk] = [chunk({"role": "assistant", "content": None, "reasoning_content": ""})]
    chunks += [
        chunk({"content": None, "reasoning_content": piece})
        for piece in split_text(reasoning, pieces)
    ]
    chunks += [
        chunk({"content": piece, "reasoning_content": None}) for piece in split_text(text, pieces)
    ]
    return chunks + _ending(finish_reason, usage, done)


def _arguments(call: Mapping[str, Any]) -> str:
    arguments = call.get("arguments", "")
    return arguments if isinstance(arguments, str) else dumps(arguments).decode()


def tool_call_chunks(
    calls: Sequence[Mapping[str, Any]],
    style: str = "dashscope",
    *,
    pieces: int = 3,
    text: str = "",
    finish_reason: str | None = "tool_calls",
    usage: tuple[int, int] | None = (12, 34),
    done: bool = True,
) -> list[Chunk]:
    """Tool calls (`{"id", "name", "arguments"}`, arguments as text or an object), streamed.

    `style="dashscope"`: the id and name only in a call's first chunk, with the first argument
    fragment; continuations with `id: ""`; a `function: {}` chunk per call; parallel calls
    interleaved chunk by chunk by `index`; `content: null` throughout.
    `style="openai"`: the first chunk has `arguments: ""`, continuations carry only `index` and
    the fragment, calls follow each other.
    Either way optional `text` comes first, then the finish_reason chunk with an empty delta,
    usage with `choices: []`, and `[DONE]`.
    """
    if style not in ("dashscope", "openai"):
        raise ValueError(f"unknown style {style!r}")
    chunks: list[Chunk] = [chunk({"role": "assistant", "content": "" if text else None})]
    chunks += [chunk({"content": piece}) for piece in split_text(text, pieces)]
    per_call: list[list[dict[str, Any]]] = []
    for index, call in enumerate(calls):
        fragments = split_text(_arguments(call), pieces)
        if style == "openai":
            first = {"name": call["name"], "arguments": ""}
            entries = [{"index": index, "id": call["id"], "type": "function", "function": first}]
            entries += [{"index": index, "function": {"arguments": part}} for part in fragments]
        else:
            first = {"name": call["name"], "arguments": fragments[0] if fragments else ""}
            entries = [{"index": index, "id": call["id"], "type": "function", "function": first}]
            entries.append({"index": index, "id": "", "type": "function", "function": {}})
            entries += [
                {"index": index, "id": "", "type": "function", "function": {"arguments": part}}
                for part in fragments[1:]
            ]
        per_call.append(entries)
    if style == "openai":
        order = [entry for entries in per_call for entry in entries]
    else:
        longest = max((len(entries) for entries in per_call), default=0)
        order = [entries[k] for k in range(longest) for entries in per_call if k < len(entries)]
    chunks += [chunk({"content": None, "tool_calls": [entry]}) for entry in order]
    return chunks + _ending(finish_reason, usage, done)
