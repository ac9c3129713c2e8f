"""A streaming chat-completions client for OpenAI-compatible endpoints (DashScope/Qwen first).

The `llm` engine talks to a model through this package and nothing else. It is raw httpx on trio
rather than a vendor SDK because the SDKs are asyncio-first, hide their retries and timeouts, and
paper over the stream quirks we need to see (iac-code-reference §4): DashScope sends a tool call's
id and name only in its first chunk, continues with `id: ""` fragments and `function: {}` chunks,
interleaves parallel calls by `index`, and reports usage in a final chunk with no choices.

- `events` holds the values: stream events, tool calls, the final `Completion`.
- `accumulator` is the sans-IO core: bytes to chunks (`ChunkDecoder`) and chunks to events and a
  `Completion` (`StreamAccumulator`). It is pure, so it is tested byte by byte without sockets.
- `errors` maps HTTP statuses, transport failures and provider error bodies to `ProviderError`
  kinds with messages that are safe to show a user.
- `provider` does the I/O: one `httpx.AsyncClient`, retries before the first event only,
  connect and per-chunk read timeouts, and prompt cleanup when the caller is cancelled.

Streaming is a callback (`await on_event(event)`), not an async generator: a generator would have
to `yield` inside the response's context manager, which trio forbids (style-and-performance B.3.5).
"""

from __future__ import annotations

from iaccode.agent.llm.accumulator import DONE, ChunkDecoder, StreamAccumulator, replay
from iaccode.agent.llm.errors import ErrorKind, ProviderError
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
from iaccode.agent.llm.provider import ChatRequest, Provider, ProviderSettings

__all__ = [
    "DONE",
    "ChatRequest",
    "ChunkDecoder",
    "Completion",
    "ErrorKind",
    "Provider",
    "ProviderError",
    "ProviderSettings",
    "ReasoningDelta",
    "StreamAccumulator",
    "StreamEvent",
    "TextDelta",
    "ToolCall",
    "ToolCallArgumentsDelta",
    "ToolCallStarted",
    "Usage",
    "replay",
]
