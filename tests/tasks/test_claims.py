"""TurnClaims: a turn being set up holds its context and its place among the turns, refuses a
busy context and a full server before taking anything, and gives everything back however the
set-up ends; among replicas it also holds the context's lease (a real Redis)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from iaccode.agent.artifacts import ArtifactStore
from iaccode.agent.permissions import PermissionAudit, PermissionPolicy
from iaccode.tasks.broker import EventBroker
from iaccode.tasks.claims import ContextBusy, TurnClaims
from iaccode.tasks.contexts import ContextRegistry
from iaccode.tasks.coordination import RedisCoordination
from iaccode.tasks.manager import TaskManager
from iaccode.tasks.sqlite_store import SQLiteTaskStore
from iaccode.tasks.supervisor import TurnLimitReached, TurnSupervisor
from iaccode.testing.engines import ScenarioEngine
from tests.redis_process import RedisProcess


@pytest.fixture
async def parts(tmp_path: Path) -> AsyncIterator[tuple[ContextRegistry, TurnSupervisor]]:
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    tasks = TaskManager(store, EventBroker())
    supervisor = TurnSupervisor(
        tasks,
        ScenarioEngine(),
        PermissionPolicy(audit=PermissionAudit(tmp_path / "audit.jsonl")),
        ArtifactStore(tmp_path / "artifacts"),
        max_turns=1,
    )
    yield ContextRegistry(store, idle_seconds=60), supervisor
    await store.aclose()


async def test_held_while_set_up_and_given_back(
    parts: tuple[ContextRegistry, TurnSupervisor],
) -> None:
    contexts, supervisor = parts
    claims = TurnClaims(contexts, supervisor)
    async with claims.claim("c1"):
        assert contexts.is_busy("c1") and supervisor.busy
        with pytest.raises(ContextBusy):
            async with claims.claim("c1"):
                pass
        with pytest.raises(TurnLimitReached):  # max 1 turn: another context is refused too
            async with claims.claim("c2"):
                pass
        assert not contexts.is_busy("c2")  # nothing taken by the refusal
    assert not contexts.is_busy("c1") and not supervisor.busy


async def test_given_back_when_the_set_up_fails(
    parts: tuple[ContextRegistry, TurnSupervisor],
) -> None:
    contexts, supervisor = parts
    claims = TurnClaims(contexts, supervisor)
    with pytest.raises(RuntimeError):
        async with claims.claim("c1"):
            raise RuntimeError("the workspace went away")
    assert not contexts.is_busy("c1") and not supervisor.busy
    async with claims.claim("c1", new_turn=False):  # an answer to a pause takes no place
        assert not supervisor.busy


async def test_among_replicas_the_context_lease_is_held(
    parts: tuple[ContextRegistry, TurnSupervisor], tmp_path: Path
) -> None:
    pytest.importorskip("redis", reason="the redis extra is not installed")
    server = RedisProcess(tmp_path / "redis")
    server.start()
    try:
        here = await RedisCoordination.open(server.url, lease_seconds=5)
        other = await RedisCoordination.open(server.url, lease_seconds=5)
        contexts, supervisor = parts
        claims = TurnClaims(contexts, supervisor, here)
        assert await other.acquire(other.context_key("c9"))  # a turn on another replica
        with pytest.raises(ContextBusy):
            async with claims.claim("c9", task_id="t9"):
                pass
        assert not contexts.is_busy("c9") and not supervisor.busy  # given back
        assert not here.holds(here.task_key("t9"))
        async with claims.claim("c8", task_id="t8"):
            assert await other.holder(other.context_key("c8")) == here.replica
            assert await other.holder(other.task_key("t8")) == here.replica
        assert not here.holds(here.context_key("c8"))
        await here.aclose()
        await other.aclose()
    finally:
        server.stop()
