"""The newest part of each recent conversation, kept by the SQLite store's writer.

Every turn reads its context's last messages (up to 200) and the engine's memories of them
(`TaskStore.conversation`): a worker-thread trip and two queries whose rows grow with the
conversation, a quarter of a turn's server CPU at 8 busy contexts (issue 18, decisions.md "The
hot path, fourth pass"). On SQLite one process writes the database (it holds the state
directory's lock), and every write of a conversation's rows goes through the store: the writer
appends what it committed to the tail it holds, so the next turn's read is answered from memory.

What makes that safe:

* A tail is changed by the writer (in its thread, or on the event loop for a short commit made
  there) right after the COMMIT of the rows it mirrors and before the next write, under one
  lock: in commit order, never with a change that was rolled back.
* A tail is first filled by a read of the store. A commit of that context between the start of
  the read and its end may be missing from it, so such a fill is returned but not kept
  (`begin_fill` / `end_fill`).
* Retention's deletes drop every tail (`clear`); the next read fills again.
* The messages are the objects a read of the stored text would give (decoded from the text the
  commit wrote), and the memories the decoded JSON: shared with every reader, read-only.

Bounded: at most `MAX_CONTEXTS` tails, least recently used first out, each of at most the
limit it was filled with. Thread-safe.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable

import attrs

from iaccode.model.a2a import Message, Role
from iaccode.tasks.store import ModelTurn

MAX_CONTEXTS = 512


def earlier_of(
    history: list[Message], turns: dict[str, ModelTurn], leave_out: str
) -> tuple[list[Message], dict[str, ModelTurn]]:
    """`history` without the message `leave_out`, and the memories of its user messages."""
    earlier = [m for m in history if m.message_id != leave_out]
    kept = {
        m.message_id: turns[m.message_id]
        for m in earlier
        if m.role == Role.ROLE_USER and m.message_id in turns
    }
    return earlier, kept


@attrs.define
class _Tail:
    limit: int  # the most messages kept: the limit of the read that filled it
    messages: list[Message]
    turns: dict[str, ModelTurn]  # memories by their user message's id


@attrs.frozen
class Appended:
    """What one commit added to one context's conversation."""

    context_id: str
    messages: tuple[Message, ...] = ()
    turn: ModelTurn | None = None


class ConversationTails:
    """The last messages and memories of recently read contexts, as the store holds them."""

    def __init__(self, max_contexts: int = MAX_CONTEXTS) -> None:
        self._max = max_contexts
        self._tails: OrderedDict[str, _Tail] = OrderedDict()
        self._fills: dict[str, object] = {}  # context -> token of the fill still valid
        self._lock = threading.Lock()

    def get(
        self, context_id: str, limit: int, leave_out: str
    ) -> tuple[list[Message], dict[str, ModelTurn]] | None:
        """As `TaskStore.conversation`, or None when the context's tail is not held (or holds
        fewer than `limit` would read)."""
        with self._lock:
            tail = self._tails.get(context_id)
            if tail is None or limit > tail.limit:
                return None
            self._tails.move_to_end(context_id)
            return earlier_of(tail.messages[-limit:], tail.turns, leave_out)

    def begin_fill(self, context_id: str) -> object:
        """A token for a read of the context about to start; pass it to `end_fill`."""
        token = object()
        with self._lock:
            self._fills[context_id] = token
        return token

    def end_fill(
        self,
        context_id: str,
        token: object,
        limit: int,
        history: list[Message],
        turns: dict[str, ModelTurn],
    ) -> None:
        """Keep what the read found (`history`: its last `limit` messages, none left out), unless
        a commit of the context came in since `begin_fill`."""
        with self._lock:
            if self._fills.get(context_id) is not token:
                return
            del self._fills[context_id]
            self._tails[context_id] = _Tail(limit, list(history), dict(turns))
            self._tails.move_to_end(context_id)
            while len(self._tails) > self._max:
                self._tails.popitem(last=False)

    def committed(self, appended: Iterable[Appended]) -> None:
        """Mirror a commit: call in the writer, after the COMMIT, before the next write."""
        with self._lock:
            for change in appended:
                self._fills.pop(change.context_id, None)
                tail = self._tails.get(change.context_id)
                if tail is None:
                    continue
                tail.messages.extend(change.messages)
                if len(tail.messages) > tail.limit:
                    for gone in tail.messages[: -tail.limit]:
                        tail.turns.pop(gone.message_id, None)
                    del tail.messages[: -tail.limit]
                if change.turn is not None:
                    tail.turns[change.turn.message_id] = change.turn

    def clear(self) -> None:
        """Forget every tail and every fill under way (rows were deleted)."""
        with self._lock:
            self._tails.clear()
            self._fills.clear()
