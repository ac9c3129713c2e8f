"""The known-id index: an unknown task id is answered without the database, a known one never
wrongly refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from iaccode.model.a2a import Message, Part, Role
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
