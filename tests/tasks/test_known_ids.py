"""The known-id index: an unknown task id is answered without the database, a known one never
wrongly refused."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from iaccode.model.a2a import Message, Part, Role
from iaccode.tasks import known_ids
from iaccode.tasks.broker import EventBroker
from iaccode.tasks.known_ids import KnownIds
from iaccode.tasks.manager import TaskManager
from iaccode.tasks.sqlite_store import SQLiteTaskStore

ids = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=40)


@given(st.lists(ids, max_size=50), st.lists(ids, max_size=5000), ids)
def test_never_says_no_to_an_id_it_was_given(
    initial: list[str], added: list[str], other: str
) -> None:
    known = KnownIds(initial)
    for task_id in added:  # enough to merge into the sorted part at least once
        known.add(task_id)
    assert all(known.might_exist(t) for t in [*initial, *added])
    if other not in initial and other not in added:
        # A 64-bit digest: a collision in a few thousand ids is not going to happen.
        assert not known.might_exist(other)


@given(
    st.lists(ids, max_size=30),
    st.lists(st.tuples(st.booleans(), ids), max_size=300),
    st.integers(1, 4),
)
def test_taking_one_out_never_takes_out_another(
    initial: list[str], steps: list[tuple[bool, str]], merge_at: int
) -> None:
    # Digests of 3 bits, so that ids share them all the time; merges and compactions often.
    with (
        mock.patch.object(known_ids, "digest", lambda t: hashlib.md5(t.encode()).digest()[0] % 8),
        mock.patch.object(known_ids, "_MERGE_AT", merge_at),
    ):
        known = KnownIds(initial)
        held = list(initial)  # what the store holds
        for delete, task_id in steps:
            if delete:
                if task_id in held:  # retention deletes only stored tasks
                    held.remove(task_id)
                    known.discard(task_id)
            else:
                held.append(task_id)
                known.add(task_id)
            assert all(known.might_exist(t) for t in held)
            assert len(known) == len(held)


def message(task_id: str) -> Message:
    return Message(message_id=f"m-{task_id}", role=Role.ROLE_USER, parts=[Part(text="hi")])


async def test_manager_answers_unknown_ids_from_memory(tmp_path: Path) -> None:
    path = tmp_path / "tasks.db"
    store = await SQLiteTaskStore.open(path)
    earlier = TaskManager(store, EventBroker())
    await earlier.create(task_id="from-before", context_id="c", owner="", message=message("a"))
    await store.aclose()

    store = await SQLiteTaskStore.open(path)
    try:
        tasks = TaskManager(store, EventBroker(), cache_size=1)
        await tasks.index_known()
        await tasks.create(task_id="new-one", context_id="c", owner="", message=message("b"))
        await tasks.create(task_id="evicts", context_id="c", owner="", message=message("c"))
        loads: list[str] = []
        load_task = store.load_task

        async def counted(task_id: str) -> Any:
            loads.append(task_id)
            return await load_task(task_id)

        store.load_task = counted  # type: ignore[method-assign]
        assert await tasks.get("never-created") is None
        assert loads == []  # answered without the store
        for task_id in ("from-before", "new-one"):  # not cached (cache_size 1): from the store
            record = await tasks.get(task_id)
            assert record is not None and record.id == task_id
        assert loads == ["from-before", "new-one"]
    finally:
        await store.aclose()


async def test_deleted_tasks_leave_the_index(tmp_path: Path) -> None:
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    try:
        tasks = TaskManager(store, EventBroker())
        await tasks.index_known()
        for task_id in ("kept", "deleted"):
            await tasks.create(task_id=task_id, context_id="c", owner="", message=message(task_id))
        tasks.forget(["deleted"])  # what retention says once it has deleted the task
        assert tasks._known is not None and len(tasks._known) == 1
        assert (await tasks.get("kept")) is not None
    finally:
        await store.aclose()
