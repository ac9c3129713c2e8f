"""Compaction: when the conversation outgrows the model's budget, the model summarises its older
part into a note that replaces it (and is kept in the turn's memory, see `memory`).

The budget is `llm-context-budget` tokens, or a share of the known model's context window. Only
whole earlier turns are summarised: everything after the system prompt and before this turn's
user message. What this turn itself adds (tool results) is bounded instead: results older than
the last round are shortened, so a long tool loop cannot grow without limit.

Signals (AG-UI seed, `iac-code.pipeline.v1`): `metadata.iac_code.pipeline` with `eventType`
`context_compaction_started`, then `context_compacted` or `context_compaction_failed`; a failed
summary falls back to leaving out the oldest turns, so the turn still goes on.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import attrs

from iaccode.agent.engine import TurnOutput
from iaccode.agent.llm.errors import ProviderError
from iaccode.agent.llm.events import Completion, StreamEvent
from iaccode.agent.llm.memory import MEMORY_RESULT_LIMIT, SUMMARY_PREFIX, bounded, size
from iaccode.agent.llm.provider import ChatRequest
from iaccode.model.ids import new_id
from iaccode.wire import json

# Context windows (tokens) of the models we know; compaction starts at BUDGET_SHARE of them.
CONTEXT_WINDOWS: Mapping[str, int] = {
    "qwen-max": 32_768,
    "qwen-plus": 131_072,
    "qwen-turbo": 131_072,
    "qwen-long": 1_000_000,
    "qwen3-max": 262_144,
    "qwen3-coder-plus": 1_000_000,
    "gpt-4o": 128_000,
    "gpt-4o-mini": 128_000,
    "gpt-4.1": 1_000_000,
}
DEFAULT_WINDOW = 32_768
BUDGET_SHARE = 0.6
SUMMARY_PROMPT = (
    "Summarise the conversation above for yourself, to continue it later without it. Keep "
    "what the user asked for and decided, the files read or written (with their paths), the "
    "templates and resources involved, tool results that still matter, and what is still open. "
    "Be brief and factual; write no greeting."
)

Complete = Callable[[ChatRequest, Callable[[StreamEvent], Awaitable[None]]], Awaitable[Completion]]


def budget_for(model: str, configured: int | None) -> int:
    """Tokens the conversation may take before it is compacted."""
    if configured is not None:
        return configured
    name = model.lower()
    window = CONTEXT_WINDOWS.get(name)
    if window is None:  # a dated or suffixed name: the longest known prefix
        known = [key for key in CONTEXT_WINDOWS if name.startswith(key)]
        window = CONTEXT_WINDOWS[max(known, key=len)] if known else DEFAULT_WINDOW
    return int(window * BUDGET_SHARE)


@attrs.frozen
class Compacted:
    messages: list[dict[str, Any]]
    turn_start: int  # the index of this turn's user message in `messages`
    summary: str | None  # None when the summary failed and the oldest turns were left out


async def compact(
    messages: list[dict[str, Any]],
    turn_start: int,
    complete: Complete,
    request: ChatRequest,
    output: TurnOutput,
) -> Compacted:
    """Summarise `messages[1:turn_start]` with the model; see the module docstring.

    `request` is this turn's request (model, key); its messages and tools are replaced.
    Raises whatever `complete` raises but a provider error (that falls back); cancellation
    propagates.
    """
    older = messages[1:turn_start]
    event_id = f"compaction-{new_id()}"
    before = size(messages)
    await _signal(output, "context_compaction_started", event_id, tokensBefore=before)
    transcript = "\n\n".join(_render(message) for message in older)
    ask = [
        {"role": "system", "content": "You write compact, faithful summaries of conversations."},
        {"role": "user", "content": f"{transcript}\n\n---\n{SUMMARY_PROMPT}"},
    ]
    try:
        completion = await complete(attrs.evolve(request, messages=ask, tools=[]), _ignore)
        summary = completion.text.strip()
        if not summary:
            raise ProviderError("protocol", detail="the summary was empty")
    except ProviderError as exc:
        keep_from = _oldest_kept(messages, turn_start)
        dropped = [messages[0], *messages[keep_from:]]
        after = size(dropped)
        await _signal(
            output, "context_compaction_failed", event_id, reason=exc.kind, tokensAfter=after
        )
        return Compacted(dropped, 1 + turn_start - keep_from, None)
    note = [
        {"role": "user", "content": SUMMARY_PREFIX + summary},
        {"role": "assistant", "content": "Understood; I will go on from that summary."},
    ]
    compacted = [messages[0], *note, *messages[turn_start:]]
    await _signal(
        output,
        "context_compacted",
        event_id,
        tokensBefore=before,
        tokensAfter=size(compacted),
        summarizedMessages=len(older),
    )
    return Compacted(compacted, 1 + len(note), summary)


def shorten_old_results(messages: list[dict[str, Any]], turn_start: int) -> bool:
    """Shorten this turn's tool results but the last round's; whether anything changed."""
    last_call = max(
        (i for i in range(turn_start, len(messages)) if messages[i].get("tool_calls")),
        default=None,
    )
    changed = False
    for index in range(turn_start, last_call or turn_start):
        message = messages[index]
        content = message.get("content")
        if message.get("role") == "tool" and isinstance(content, str):
            short = bounded(content, MEMORY_RESULT_LIMIT)
            if short != content:
                messages[index] = {**message, "content": short}
                changed = True
    return changed


def _oldest_kept(messages: list[dict[str, Any]], turn_start: int) -> int:
    """Without a summary, the conversation goes on from here: the newer half of the earlier
    turns (whole turns only: a turn starts at a user message) or, with one, none of them."""
    starts = [i for i in range(1, turn_start) if messages[i].get("role") == "user"]
    return starts[len(starts) // 2] if len(starts) > 1 else turn_start


def _render(message: Mapping[str, Any]) -> str:
    role = message.get("role", "?")
    content = message.get("content")
    text = content if isinstance(content, str) else ""
    if role == "tool":
        return f"[tool result] {bounded(text, 1000)}"
    calls = [c.get("function") for c in message.get("tool_calls") or () if isinstance(c, dict)]
    if calls:
        named = ", ".join(
            f"{c.get('name')}({bounded(str(c.get('arguments', '')), 300)})"
            for c in calls
            if isinstance(c, dict)
        )
        return f"[{role}] {text}\n[tool calls] {named}".strip()
    return f"[{role}] {text}"


async def _signal(output: TurnOutput, kind: str, event_id: str, **data: Any) -> None:
    pipeline = {"eventType": kind, "eventId": f"{event_id}-{kind}", **data}
    await output.status({"pipeline": json.loads(json.dumps(pipeline))})


async def _ignore(event: StreamEvent) -> None:
    """The summary is not shown: it is the model's note, not the answer."""
