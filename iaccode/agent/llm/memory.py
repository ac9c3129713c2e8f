"""The conversation a model is sent: the context's history rebuilt with what the model saw.

A context's task history holds what people said and were told. The engine also keeps, for each
turn that ended well, the model-visible messages that followed its user message (`TurnMemory`:
assistant tool calls, tool results shortened to `MEMORY_RESULT_LIMIT`, the answer), so a
follow-up, even after a restart, still knows which files were read or written and what the tools
said. A turn that compacted the conversation keeps the summary too; it stands for everything
before that turn. Turns without a memory (another engine's, a failed one) fall back to their text.
The memory is written to disk: secret-looking values in tool calls' arguments and in tool results
are masked first (`iaccode.agent.previews`), as in a write's permission preview.

Memory body (version 1): `{"v": 1, "messages": [OpenAI-form messages], "summary"?: str}`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from iaccode.agent.engine import TurnInput, TurnMemory
from iaccode.agent.previews import MASK, is_secret_name, mask_secrets
from iaccode.model.a2a import Message, Role
from iaccode.wire import json

MEMORY_VERSION = 1
TOOL_RESULT_LIMIT = 100_000  # characters of one tool result the model gets within its turn
MEMORY_RESULT_LIMIT = 2_000  # ... and in the memory later turns get
MEMORY_ARGUMENT_LIMIT = 2_000  # characters of one tool call's arguments kept in the memory
_ARGUMENT_VALUE_LIMIT = 300  # a long string argument (a file's content) keeps this much
SUMMARY_PREFIX = "Summary of the earlier conversation (written by you when it grew long):\n\n"


def bounded(text: str, limit: int) -> str:
    """`text`, or its head with a note saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}\n[... {len(text) - limit} more characters left out]"


def conversation(turn: TurnInput, system: str) -> list[dict[str, Any]]:
    """System prompt, the earlier conversation (from its last summary on), this turn's message."""
    earlier = list(_earlier(turn.history, turn.memories))
    prompt = turn.prompt.text
    manifest = turn.prompt.manifest()
    content = f"{prompt}\n\n{manifest}" if manifest else prompt
    return [{"role": "system", "content": system}, *earlier, {"role": "user", "content": content}]


def _earlier(
    history: Sequence[Message], memories: Mapping[str, Mapping[str, Any]]
) -> Iterator[dict[str, Any]]:
    valid = {key: memory for key, memory in memories.items() if _valid(memory)}  # checked once
    # Most conversations were never compacted: then there is no summary to look back for.
    summarized = any(memory.get("summary") for memory in valid.values())
    start, summary = _last_summary(history, valid) if summarized else (0, "")
    if summary:
        yield {"role": "user", "content": SUMMARY_PREFIX + summary}
        yield {"role": "assistant", "content": "Understood; I will go on from that summary."}
    remembered = False  # inside a turn whose memory stands for its agent messages
    for message in history[start:]:
        if message.role == Role.ROLE_USER:
            if _is_answer(message):
                continue  # a permission decision: the memory's tool results tell its outcome
            text = message_text(message)
            memory = valid.get(message.message_id)
            if text:
                yield {"role": "user", "content": text}
            remembered = memory is not None
            if memory is not None:
                yield from memory["messages"]
        elif not remembered:
            text = message_text(message)
            if text:  # an empty message (a bare question, a data part) is skipped, not an end
                yield {"role": "assistant", "content": text}


def _last_summary(
    history: Sequence[Message], valid: Mapping[str, Mapping[str, Any]]
) -> tuple[int, str]:
    """Where the conversation starts: at the newest turn that left a summary of what came before
    (that turn included), or at the beginning. `valid`: the memories `_valid` holds good."""
    for index in range(len(history) - 1, -1, -1):
        memory = valid.get(history[index].message_id)
        if history[index].role == Role.ROLE_USER and memory is not None:
            summary = memory.get("summary")
            if isinstance(summary, str) and summary:
                return index, summary
    return 0, ""


def _valid(memory: Mapping[str, Any] | None) -> bool:
    return (
        memory is not None
        and memory.get("v") == MEMORY_VERSION
        and isinstance(memory.get("messages"), list)
        and all(isinstance(m, dict) and isinstance(m.get("role"), str) for m in memory["messages"])
    )


def _is_answer(message: Message) -> bool:
    return any(
        isinstance(p.data, dict) and p.data.get("kind") == "permission" for p in message.parts
    )


def message_text(message: Message) -> str:
    pieces = []
    for part in message.parts:
        if part.text is not None:
            pieces.append(part.text)
        elif part.data is not None:
            pieces.append(json.dumps(part.data).decode("utf-8"))
    return "\n".join(pieces)


def turn_memory(
    message_id: str, messages: Sequence[Mapping[str, Any]], summary: str | None = None
) -> TurnMemory:
    """What to keep of a turn: its model messages after the user message, tool results short,
    secrets in tool calls and results masked."""
    kept: list[dict[str, Any]] = []
    for message in messages:
        entry = dict(message)
        if entry.get("role") == "tool" and isinstance(entry.get("content"), str):
            entry["content"] = mask_secrets(bounded(entry["content"], MEMORY_RESULT_LIMIT))
        if isinstance(entry.get("tool_calls"), list):
            entry["tool_calls"] = [_short_call(call) for call in entry["tool_calls"]]
        kept.append(entry)
    body: dict[str, Any] = {"v": MEMORY_VERSION, "messages": kept}
    if summary:
        body["summary"] = summary
    return TurnMemory(message_id, body)


def _short_call(call: Any) -> Any:
    """A tool call with secrets masked and long arguments (a written file's content) shortened,
    still JSON: the call's result says what it did, and the file itself is in the workspace."""
    function = call.get("function") if isinstance(call, dict) else None
    if not isinstance(function, dict):
        return call
    arguments = function.get("arguments")
    if not isinstance(arguments, str):
        return call
    try:
        value = json.loads(arguments)
    except json.JSONDecodeError:
        value = None
    if isinstance(value, dict):
        if len(arguments) > MEMORY_ARGUMENT_LIMIT:
            value = {k: _short_value(v) for k, v in value.items()}
        text = json.dumps(_masked(value)).decode("utf-8")
    elif len(arguments) <= MEMORY_ARGUMENT_LIMIT:
        text = mask_secrets(arguments)
    else:
        text = json.dumps({"omitted": f"{len(arguments)} characters of arguments"}).decode()
    return {**call, "function": {**function, "arguments": text}}


def _masked(value: Any, name: str = "") -> Any:
    """`value` with secret-named fields' values and secret-looking strings masked."""
    if isinstance(value, dict):
        return {k: _masked(v, str(k)) for k, v in value.items()}
    if isinstance(value, list):
        return [_masked(v, name) for v in value]
    secret = name and is_secret_name(name) and not isinstance(value, bool)
    if secret and isinstance(value, (str, int, float)) and value != "":
        return MASK
    return mask_secrets(value) if isinstance(value, str) else value


def _short_value(value: Any) -> Any:
    if isinstance(value, str) and len(value) > _ARGUMENT_VALUE_LIMIT:
        left = len(value) - _ARGUMENT_VALUE_LIMIT
        return f"{value[:_ARGUMENT_VALUE_LIMIT]}[... {left} more characters left out]"
    if isinstance(value, (dict, list)):
        text = json.dumps(value).decode("utf-8")
        return value if len(text) <= _ARGUMENT_VALUE_LIMIT else f"[{len(text)} characters left out]"
    return value


def size(messages: Sequence[Mapping[str, Any]]) -> int:
    """A cheap estimate of the messages' token count (a token is about three characters)."""
    # One encoding of the whole list (a conversation has hundreds of messages, and each turn
    # measures it): its brackets and commas count too, a character per message.
    listed = [m if isinstance(m, dict) else dict(m) for m in messages]
    return len(json.dumps(listed)) // 3
