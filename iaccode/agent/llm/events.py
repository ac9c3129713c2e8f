"""What a streamed chat completion produces: events while it runs, a `Completion` when it ends.

Events are the increments a user interface shows as they arrive; the `Completion` is the whole
answer the agent loop acts on. Both are frozen values, so a recorded stream can be compared with
`==` (the tests replay one byte stream split in every way and expect the same result).
"""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs

from iaccode.wire.json import JSONDecodeError, loads


@attrs.frozen
class TextDelta:
    """A piece of the answer (`delta.content`)."""

    text: str


@attrs.frozen
class ReasoningDelta:
    """A piece of the model's thinking (`delta.reasoning_content`, Qwen3 and QwQ)."""

    text: str


@attrs.frozen
class ToolCallStarted:
    """The model began a tool call; its id and name are final from here on."""

    index: int
    id: str
    name: str


@attrs.frozen
class ToolCallArgumentsDelta:
    """A fragment of a started call's arguments, raw JSON text; fragments concatenate."""

    index: int
    id: str
    delta: str


@attrs.frozen
class Usage:
    """Token counts for the request, from the final chunk (`stream_options.include_usage`)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0


StreamEvent: TypeAlias = (
    TextDelta | ReasoningDelta | ToolCallStarted | ToolCallArgumentsDelta | Usage
)


@attrs.frozen
class ToolCall:
    """One complete tool call. `arguments` is the raw JSON text exactly as the model wrote it."""

    id: str
    name: str
    arguments: str
    index: int

    def parsed_arguments(self) -> dict[str, Any]:
        """The arguments as a JSON object; empty text counts as `{}` (some servers send "").

        Raises:
            ValueError: the text is not JSON, or not a JSON object. The message names the call
                and the tool; models do write broken JSON, and the agent loop reports it back.
        """
        if not self.arguments.strip():
            return {}
        try:
            value = loads(self.arguments)
        except JSONDecodeError as exc:
            raise ValueError(
                f"arguments of tool call {self.id} ({self.name}) are not valid JSON: {exc}"
            ) from exc
        if not isinstance(value, dict):
            raise ValueError(
                f"arguments of tool call {self.id} ({self.name}) are not a JSON object"
                f" but {type(value).__name__}"
            )
        return value


@attrs.frozen
class Completion:
    """The whole answer of one streamed request."""

    text: str = ""
    reasoning: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    usage: Usage | None = None
    finish_reason: str | None = None
