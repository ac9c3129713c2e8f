"""Contexts: conversations bound to one workspace, and who is working in them.

A2A seed, "Task- und Kontextverhalten": the same `contextId` reuses the conversation; the same
context with a different `cwd` is refused; a second message while the context is working is
refused with "Task is already working."; different contexts run in parallel; idle contexts are
dropped from memory after the configured time. The binding of a context to its workspace is
stored, so it holds across restarts and evictions.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import attrs
import trio

from iaccode.model.errors import InvalidParamsError
from iaccode.model.ids import timestamp_now
from iaccode.tasks.store import ContextRecord, TaskStore

CHANNEL_LIMIT = 128


def channel_of(meta: dict[str, object]) -> str | None:
    """`metadata.iac_code.channel`, trimmed and capped; None for empty or non-string values."""
    value = meta.get("channel")
    if not isinstance(value, str) or not value.strip():
        return None
    return value.strip()[:CHANNEL_LIMIT]


WORKSPACE_MISMATCH = "A2A context belongs to a different workspace"
FOREIGN_CONTEXT = "This contextId cannot be used."


class WorkspaceMismatch(InvalidParamsError):
    """The message names another workspace than the context is bound to."""


@attrs.define(eq=False)
class ContextState:
    context_id: str
    cwd: Path
    owner: str
    active_task_id: str | None = None  # the task whose turn is running (or paused) here
    last_used: float = 0.0
    channel: str | None = None  # telemetry channel bound by metadata.iac_code.channel


class ContextRegistry:
    """In-memory contexts in front of the store; the store is the record of the bindings."""

    def __init__(self, store: TaskStore, *, idle_seconds: float, shared: bool = False) -> None:
        self._store = store
        # Among replicas, another one's retention may delete a row this one just read: every
        # binding loaded into memory is written back (see `bind`).
        self._shared = shared
        self._idle_seconds = idle_seconds
        self._contexts: dict[str, ContextState] = {}
        self._claims: set[str] = set()
        self._forgetting = 0  # retention passes deleting stored contexts right now
        self._forget_epoch = 0  # bumped when one starts

    def is_busy(self, context_id: str) -> bool:
        state = self._contexts.get(context_id)
        return context_id in self._claims or (
            state is not None and state.active_task_id is not None
        )

    def claim(self, context_id: str) -> None:
        """Reserve a context for a turn being set up, before any await can let another in."""
        self._claims.add(context_id)

    def release_claim(self, context_id: str) -> None:
        self._claims.discard(context_id)

    def get(self, context_id: str) -> ContextState | None:
        return self._contexts.get(context_id)

    async def check_owner(self, context_id: str, owner: str) -> None:
        """Refuse a context another caller created (without saying whose or what it holds)."""
        state = self._contexts.get(context_id)
        found = state.owner if state is not None else None
        if state is None:
            record = await self._store.load_context(context_id)
            found = record.owner if record is not None else None
        if found is not None and found != owner:
            raise InvalidParamsError(FOREIGN_CONTEXT, field="message.contextId")

    async def known_cwd(self, context_id: str) -> Path | None:
        """The workspace a context is bound to, if it exists."""
        state = self._contexts.get(context_id)
        if state is not None:
            return state.cwd
        record = await self._store.load_context(context_id)
        return record.cwd if record is not None else None

    async def bind(
        self, context_id: str, cwd: Path, owner: str, channel: str | None = None
    ) -> ContextState:
        """The context for a message in `cwd`: created on first use, refused on a mismatch.

        A `channel` given with the message binds it to the context (stored, so it holds across
        restarts); a later message may change it, a message without one keeps it.
        """
        state = self._contexts.get(context_id)
        if state is None:
            epoch, forgetting = self._forget_epoch, self._forgetting
            record = await self._store.load_context(context_id)
            # Retention may have deleted the row after we read it (it keeps only the contexts
            # in memory): write the binding back, so a context in use always has its row.
            restore = record is not None and bool(
                self._shared or forgetting or self._forgetting or epoch != self._forget_epoch
            )
            state = self._contexts.get(context_id)  # loaded meanwhile by another message
            if state is None and record is not None:
                stored_channel = (record.metadata or {}).get("channel")
                state = ContextState(context_id, record.cwd, record.owner, channel=stored_channel)
            if state is None:
                state = ContextState(context_id, cwd, owner)
            self._contexts.setdefault(context_id, state)
            state = self._contexts[context_id]
            if record is None or restore:
                await self._save(state, channel)
        if state.owner != owner:
            raise InvalidParamsError(FOREIGN_CONTEXT, field="message.contextId")
        if state.cwd != cwd:
            raise WorkspaceMismatch(WORKSPACE_MISMATCH, field="message.metadata.iac_code.cwd")
        if channel is not None and channel != state.channel:
            await self._save(state, channel)
        state.last_used = trio.current_time()
        return state

    async def _save(self, state: ContextState, channel: str | None) -> None:
        if channel is not None:
            state.channel = channel
        metadata = {"channel": state.channel} if state.channel else None
        await self._store.save_context(
            ContextRecord(state.context_id, state.cwd, state.owner, timestamp_now(), metadata)
        )

    def in_memory(self) -> set[str]:
        """Contexts in memory or being claimed: retention keeps their stored rows."""
        return set(self._contexts) | self._claims

    @contextlib.contextmanager
    def forgetting(self) -> Iterator[None]:
        """Around a retention pass that deletes stored contexts (see `bind`)."""
        self._forgetting += 1
        self._forget_epoch += 1
        try:
            yield
        finally:
            self._forgetting -= 1

    def evict_idle(self) -> int:
        """Forget contexts idle for longer than the configured time; returns how many."""
        cutoff = trio.current_time() - self._idle_seconds
        idle = [
            cid
            for cid, state in self._contexts.items()
            if state.active_task_id is None and state.last_used < cutoff
        ]
        for cid in idle:
            del self._contexts[cid]
        return len(idle)
