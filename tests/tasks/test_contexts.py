"""Contexts: bound to one workspace and one owner, busy while a turn runs, evicted when idle
(on both task stores)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import trio
import trio.testing

from iaccode.model.errors import InvalidParamsError
from iaccode.tasks.contexts import WORKSPACE_MISMATCH, ContextRegistry, channel_of
from iaccode.tasks.sql_store import SQLTaskStore
from tests.tasks.conftest import OpenStore


@pytest.fixture
def mock_clock() -> trio.testing.MockClock:
    return trio.testing.MockClock(autojump_threshold=0)


@pytest.fixture
async def store(open_store: OpenStore) -> AsyncIterator[SQLTaskStore]:
    store = await open_store()
    yield store
    await store.aclose()


async def test_binding_is_stored_and_checked(store: SQLTaskStore, tmp_path: Path) -> None:
    contexts = ContextRegistry(store, idle_seconds=60)
    state = await contexts.bind("c1", tmp_path, "alice")
    assert (await contexts.bind("c1", tmp_path, "alice")) is state
    with pytest.raises(InvalidParamsError, match=WORKSPACE_MISMATCH):
        await contexts.bind("c1", tmp_path / "elsewhere", "alice")
    with pytest.raises(InvalidParamsError, match="cannot be used"):
        await contexts.bind("c1", tmp_path, "bob")
    # A fresh registry (a restart) still knows the binding.
    again = ContextRegistry(store, idle_seconds=60)
    assert await again.known_cwd("c1") == tmp_path
    with pytest.raises(InvalidParamsError, match=WORKSPACE_MISMATCH):
        await again.bind("c1", tmp_path / "elsewhere", "alice")


async def test_idle_contexts_are_evicted_but_busy_ones_stay(
    store: SQLTaskStore, tmp_path: Path, mock_clock: trio.testing.MockClock
) -> None:
    contexts = ContextRegistry(store, idle_seconds=60)
    idle = await contexts.bind("idle", tmp_path, "")
    busy = await contexts.bind("busy", tmp_path, "")
    busy.active_task_id = "t1"
    await trio.sleep(59)
    assert contexts.evict_idle() == 0
    await trio.sleep(2)
    assert contexts.evict_idle() == 1
    assert contexts.get("idle") is None and contexts.get("busy") is busy
    # Evicted from memory only: the binding comes back from the store.
    restored = await contexts.bind("idle", tmp_path, "")
    assert restored is not idle and restored.cwd == tmp_path


async def test_claims_make_a_context_busy(store: SQLTaskStore) -> None:
    contexts = ContextRegistry(store, idle_seconds=60)
    assert not contexts.is_busy("c1")
    contexts.claim("c1")
    assert contexts.is_busy("c1")
    contexts.release_claim("c1")
    assert not contexts.is_busy("c1")


async def test_channel_is_bound_to_the_context_and_survives_restarts(
    store: SQLTaskStore, tmp_path: Path
) -> None:
    assert channel_of({"channel": "  web-ui  "}) == "web-ui"
    assert channel_of({"channel": "x" * 300}) == "x" * 128
    assert channel_of({"channel": 5}) is None and channel_of({"channel": " "}) is None
    contexts = ContextRegistry(store, idle_seconds=60)
    assert (await contexts.bind("c1", tmp_path, "", "slack")).channel == "slack"
    assert (await contexts.bind("c1", tmp_path, "", None)).channel == "slack"  # kept
    restarted = ContextRegistry(store, idle_seconds=60)
    assert (await restarted.bind("c1", tmp_path, "")).channel == "slack"
    assert (await restarted.bind("c1", tmp_path, "", "teams")).channel == "teams"
    assert (await ContextRegistry(store, idle_seconds=60).bind("c1", tmp_path, "")).channel == (
        "teams"
    )
