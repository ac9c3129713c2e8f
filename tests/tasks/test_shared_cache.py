"""The task cache of replicas (`TaskManager(shared=True)`) on a real PostgreSQL: two managers on
two connections pools stand for two replicas. A cached task is served while its change count
stands still, and read again as soon as another replica committed a change: never a state older
than one acknowledged elsewhere."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from iaccode.model.a2a import Message, Part, Role, TaskState
from iaccode.tasks.broker import EventBroker
from iaccode.tasks.manager import TaskManager
from iaccode.tasks.postgres_store import PostgresTaskStore


@pytest.fixture
async def replicas(postgres_url: str) -> AsyncIterator[tuple[TaskManager, TaskManager]]:
    stores = [await PostgresTaskStore.open(postgres_url, exclusive=False) for _ in range(2)]
    yield (
        TaskManager(stores[0], EventBroker(), shared=True),
        TaskManager(stores[1], EventBroker(), shared=True),
    )
    for store in stores:
        await store.aclose()


def reads_of(manager: TaskManager, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids `manager` reads whole from its store from now on."""
    reads: list[str] = []
    load = manager.store.load_task

    async def counted(task_id: str) -> Any:
        reads.append(task_id)
        return await load(task_id)

    monkeypatch.setattr(manager.store, "load_task", counted)
    return reads


async def test_a_cached_task_is_current_and_read_again_only_once_changed(
    replicas: tuple[TaskManager, TaskManager], monkeypatch: pytest.MonkeyPatch
) -> None:
    here, there = replicas
    message = Message(message_id="m1", role=Role.ROLE_USER, parts=[Part(text="hi")])
    created = await here.create(task_id="t1", context_id="c1", owner="", message=message)
    seen = await there.get("t1")
    assert seen is not None and seen.status.state == TaskState.TASK_STATE_SUBMITTED
    reads = reads_of(there, monkeypatch)

    assert await there.get("t1") is seen and reads == []  # nothing changed: from the cache

    await here.set_status(created, TaskState.TASK_STATE_WORKING)  # acknowledged on `here`
    again = await there.get("t1")
    assert again is seen and again.state == TaskState.TASK_STATE_WORKING  # refreshed in place
    assert reads == ["t1"]
    assert await there.get("t1") is seen and reads == ["t1"]

    # Its own change: read once more (the count it made is not noted), then cached again.
    await there.set_status(seen, TaskState.TASK_STATE_COMPLETED)
    assert (await there.get("t1")) is seen and reads == ["t1", "t1"]
    elsewhere = await here.get("t1")
    assert elsewhere is not None and elsewhere.state == TaskState.TASK_STATE_COMPLETED
    assert await there.get("t1") is seen and reads == ["t1", "t1"]
