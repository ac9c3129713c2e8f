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

Bounded: at most `MAX_CONTEXTS` tails and `MAX_CHARS` characters of stored text behind them
(the objects a text decodes to weigh a few times the text), least recently used first out, each
of at most the limit it was filled with; a conversation whose tail alone would take more than
`MAX_TAIL_CHARS` is not held (its turns read the store, as on PostgreSQL). Thread-safe.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

import attrs

from iaccode.model.a2a import Message, Role
from iaccode.tasks.lru import SizedLRU
from iaccode.tasks.store import ModelTurn

MAX_CONTEXTS = 512
MAX_CHARS = 8 * 1024 * 1024  # of stored text held, all tails together
MAX_TAIL_CHARS = MAX_CHARS // 16  # one conversation's share at most: 512 K characters


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


@attrs.frozen
class ConversationSizes:
    """The length of each stored text a conversation read decoded: what holding it costs."""

    messages: list[int]  # one per message, in the history's order
    turns: dict[str, int]  # by the memory's user message id


@attrs.define
class _Tail:
    limit: int  # the most messages kept: the limit of the read that filled it
    messages: list[Message]
    turns: dict[str, ModelTurn]  # memories by their user message's id
    sizes: ConversationSizes
    chars: int = 0

    def __attrs_post_init__(self) -> None:
        self.chars = sum(self.sizes.messages) + sum(self.sizes.turns.values())


@attrs.frozen
class Appended:
    """What one commit added to one context's conversation, and the length of its texts."""

    context_id: str
    messages: tuple[Message, ...] = ()
    turn: ModelTurn | None = None
    message_chars: tuple[int, ...] = ()  # one per message
    turn_chars: int = 0


class ConversationTails:
    """The last messages and memories of recently read contexts, as the store holds them."""

    def __init__(
        self,
        max_contexts: int = MAX_CONTEXTS,
        max_chars: int = MAX_CHARS,
        max_tail_chars: int = MAX_TAIL_CHARS,
    ) -> None:
        self._max_tail_chars = max_tail_chars
        # By context, each as large as the characters of stored text behind it.
        self._tails: SizedLRU[str, _Tail] = SizedLRU(max_size=max_chars, max_entries=max_contexts)
        self._fills: dict[str, object] = {}  # context -> token of the fill still valid
        self._lock = threading.Lock()

    def get(
        self, context_id: str, limit: int, leave_out: str
    ) -> tuple[list[Message], dict[str, ModelTurn]] | None:
        """As `TaskStore.conversation`, or None when the context's tail is not held (or holds
        fewer than `limit` would read)."""
        with self._lock:
            tail = self._tails.peek(context_id)
            if tail is None or limit > tail.limit:
                return None
            self._tails.get(context_id)  # now the most recently used
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
        sizes: ConversationSizes,
    ) -> None:
        """Keep what the read found (`history`: its last `limit` messages, none left out), unless
        a commit of the context came in since `begin_fill`, or it is too large to hold."""
        with self._lock:
            if self._fills.get(context_id) is not token:
                return
            del self._fills[context_id]
            tail = _Tail(
                limit,
                list(history),
                dict(turns),
                ConversationSizes(list(sizes.messages), dict(sizes.turns)),
            )
            self._tails.pop(context_id)
            if tail.chars <= self._max_tail_chars:
                self._tails.put(context_id, tail, tail.chars)

    def committed(self, appended: Iterable[Appended]) -> None:
        """Mirror a commit: call in the writer, after the COMMIT, before the next write."""
        with self._lock:
            for change in appended:
                self._fills.pop(change.context_id, None)
                tail = self._tails.peek(change.context_id)  # a write is no use
                if tail is None:
                    continue
                tail.messages.extend(change.messages)
                tail.sizes.messages.extend(change.message_chars)
                tail.chars += sum(change.message_chars)
                if len(tail.messages) > tail.limit:
                    for gone in tail.messages[: -tail.limit]:
                        tail.turns.pop(gone.message_id, None)
                        tail.chars -= tail.sizes.turns.pop(gone.message_id, 0)
                    tail.chars -= sum(tail.sizes.messages[: -tail.limit])
                    del tail.messages[: -tail.limit]
                    del tail.sizes.messages[: -tail.limit]
                if change.turn is not None:
                    message_id = change.turn.message_id
                    tail.turns[message_id] = change.turn
                    tail.chars += change.turn_chars - tail.sizes.turns.get(message_id, 0)
                    tail.sizes.turns[message_id] = change.turn_chars
                self._tails.resize(change.context_id, tail.chars)
                if tail.chars > self._max_tail_chars:
                    self._tails.pop(change.context_id)
            self._tails.trim()

    def clear(self) -> None:
        """Forget every tail and every fill under way (rows were deleted)."""
        with self._lock:
            self._tails.clear()
            self._fills.clear()

    @property
    def chars(self) -> int:
        """The characters of stored text behind the tails held."""
        with self._lock:
            return self._tails.size
