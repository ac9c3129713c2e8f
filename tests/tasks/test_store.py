"""The task stores (SQLite and PostgreSQL): atomic changes, reloads after reopening, ListTasks
filtering and paging; then what is SQLite's own (its schema versions)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio

from iaccode.model.a2a import Artifact, Message, Part, Role, Task, TaskState, TaskStatus
from iaccode.tasks.sql_store import Database
from iaccode.tasks.sqlite_store import (
    SCHEMA_VERSION,
    SchemaTooNewError,
    SQLiteTaskStore,
    _ChangeRows,
)
from iaccode.tasks.store import ContextRecord, ModelTurn, StoredTask, TaskChange, TaskQuery
from tests.tasks.conftest import OpenStore

S = TaskState


def message(text: str, task_id: str, context_id: str = "c1") -> Message:
    return Message(
        message_id=f"m-{text}",
        role=Role.ROLE_USER,
        parts=[Part(text=text)],
        context_id=context_id,
        task_id=task_id,
    )


def new_task(task_id: str, stamp: str, *, context_id: str = "c1", owner: str = "") -> TaskChange:
    task = Task(
        id=task_id,
        context_id=context_id,
        status=TaskStatus(state=S.TASK_STATE_SUBMITTED, timestamp=stamp),
        history=[message("hello", task_id, context_id)],
    )
    return TaskChange(task_id=task_id, new_task=StoredTask(task, owner=owner, live=True))


async def test_changes_survive_reopening(open_store: OpenStore, tmp_path: Path) -> None:
    store = await open_store()
    await store.commit(new_task("t1", "2026-01-01T00:00:00.000Z"))
    done = TaskStatus(state=S.TASK_STATE_COMPLETED, timestamp="2026-01-01T00:00:01.000Z")
    artifact = Artifact(
        artifact_id="a1", parts=[Part(raw=b"\x00\x01", media_type="application/octet-stream")]
    )
    await store.commit(
        TaskChange(
            task_id="t1",
            status=done,
            append_history=(message("bye", "t1"),),
            put_artifacts=(artifact,),
            live=False,
            metadata={"k": [1, "x"]},
        )
    )
    await store.commit(
        TaskChange(
            task_id="t1", put_artifacts=(Artifact(artifact_id="a1", parts=[Part(text="v2")]),)
        )
    )
    await store.aclose()

    store = await open_store()
    stored = await store.load_task("t1")
    assert stored is not None
    assert stored.live is False and stored.owner == ""
    task = stored.task
    assert task.status == done
    assert [m.parts[0].text for m in task.history or []] == ["hello", "bye"]
    assert task.artifacts == [Artifact(artifact_id="a1", parts=[Part(text="v2")])]
    assert task.metadata == {"k": [1, "x"]}
    assert await store.load_task("missing") is None
    assert await store.live_task_ids() == []
    await store.aclose()


async def test_live_tasks_are_found_after_a_crash(open_store: OpenStore, tmp_path: Path) -> None:
    store = await open_store()
    await store.commit(new_task("running", "2026-01-01T00:00:00.000Z"))
    await store.commit(new_task("ended", "2026-01-01T00:00:00.000Z"))
    await store.commit(TaskChange(task_id="ended", live=False))
    assert await store.live_task_ids() == ["running"]
    await store.aclose()


async def test_a_failed_change_is_not_half_applied(
    open_store: OpenStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await open_store()
    await store.commit(new_task("t1", "2026-01-01T00:00:00.000Z"))
    apply = _ChangeRows.apply

    def apply_then_fail(self: _ChangeRows, database: Database, db: object) -> None:
        apply(self, database, db)  # type: ignore[arg-type]  # every row is written...
        raise RuntimeError("disk full")  # ...then the transaction fails

    monkeypatch.setattr(_ChangeRows, "apply", apply_then_fail)
    done = TaskStatus(state=S.TASK_STATE_COMPLETED, timestamp="2026-01-01T00:00:01.000Z")
    with pytest.raises(RuntimeError, match="disk full"):
        await store.commit(
            TaskChange(task_id="t1", status=done, append_history=(message("bye", "t1"),))
        )
    stored = await store.load_task("t1")
    assert stored is not None
    assert stored.task.status.state == S.TASK_STATE_SUBMITTED
    assert len(stored.task.history or []) == 1
    await store.aclose()


async def test_list_filters_orders_and_pages(open_store: OpenStore, tmp_path: Path) -> None:
    store = await open_store()
    for index in range(7):
        await store.commit(new_task(f"t{index}", f"2026-01-01T00:00:0{index % 3}.000Z"))
    await store.commit(new_task("mine", "2026-01-01T00:00:05.000Z", owner="alice"))
    await store.commit(new_task("other", "2026-01-01T00:00:05.000Z", context_id="c2"))
    page = await store.list_tasks(TaskQuery(owner="", context_id="c1", page_size=3))
    assert page.total_size == 7
    # Status timestamp descending, then id descending.
    assert [t.id for t in page.tasks] == ["t5", "t2", "t4"]
    seen = [t.id for t in page.tasks]
    while page.next_cursor:
        page = await store.list_tasks(
            TaskQuery(owner="", context_id="c1", page_size=3, cursor=page.next_cursor)
        )
        seen += [t.id for t in page.tasks]
    assert seen == ["t5", "t2", "t4", "t1", "t6", "t3", "t0"]
    assert [t.id for t in (await store.list_tasks(TaskQuery(owner="alice"))).tasks] == ["mine"]
    after = await store.list_tasks(TaskQuery(owner="", status_after="2026-01-01T00:00:02.000Z"))
    assert {t.id for t in after.tasks} == {"t2", "t5", "other"}
    no_history = await store.list_tasks(TaskQuery(owner="", history_length=0))
    assert all(t.history is None and t.artifacts is None for t in no_history.tasks)
    states = await store.list_tasks(TaskQuery(owner="", state=S.TASK_STATE_COMPLETED))
    assert states.total_size == 0
    await store.aclose()


async def test_a_page_holds_each_tasks_last_messages_and_its_artifacts(
    open_store: OpenStore,
) -> None:
    # The page's bodies come in one query per table; each task keeps its own, in order.
    store = await open_store()
    for index in range(4):
        task_id = f"t{index}"
        await store.commit(new_task(task_id, f"2026-01-01T00:00:0{index}.000Z"))
        more = tuple(message(f"{task_id}-{n}", task_id) for n in range(index))
        artifacts = tuple(
            Artifact(artifact_id=f"{task_id}-a{n}", parts=[Part(text=f"{n}")]) for n in range(2)
        )
        await store.commit(
            TaskChange(
                task_id=task_id,
                append_history=more,
                put_artifacts=artifacts if index % 2 else (),
            )
        )
    page = await store.list_tasks(TaskQuery(owner="", history_length=2, include_artifacts=True))
    by_id = {task.id: task for task in page.tasks}
    texts = {i: [m.parts[0].text for m in t.history or []] for i, t in by_id.items()}
    assert texts == {
        "t0": ["hello"],
        "t1": ["hello", "t1-0"],
        "t2": ["t2-0", "t2-1"],
        "t3": ["t3-1", "t3-2"],
    }
    assert [a.artifact_id for a in by_id["t3"].artifacts or []] == ["t3-a0", "t3-a1"]
    assert by_id["t2"].artifacts == []
    whole = await store.list_tasks(TaskQuery(owner="", page_size=1))
    assert [len(t.history or []) for t in whole.tasks] == [4]  # t3: all of it
    assert whole.tasks[0].artifacts is None
    await store.aclose()


async def test_contexts_and_history(open_store: OpenStore, tmp_path: Path) -> None:
    store = await open_store()
    record = ContextRecord("c1", tmp_path, "", "2026-01-01T00:00:00.000Z", {"channel": "x"})
    await store.save_context(record)
    assert await store.load_context("c1") == record
    assert await store.load_context("c2") is None
    await store.commit(new_task("t1", "2026-01-01T00:00:00.000Z"))
    await store.commit(new_task("t2", "2026-01-01T00:00:01.000Z"))
    await store.commit(TaskChange(task_id="t1", append_history=(message("later", "t1"),)))
    history = await store.context_history("c1", 2)
    assert [m.parts[0].text for m in history] == ["hello", "later"]
    await store.aclose()


async def test_a_turns_conversation_comes_in_one_read(open_store: OpenStore) -> None:
    store = await open_store()
    await store.commit(new_task("t1", "2026-01-01T00:00:00.000Z"))
    answer = attrs.evolve(message("answer", "t1"), role=Role.ROLE_AGENT)
    memory = ModelTurn("m-hello", {"said": "answer"})
    await store.commit(TaskChange(task_id="t1", append_history=(answer,), remember=memory))
    status = TaskStatus(state=S.TASK_STATE_SUBMITTED, timestamp="2026-01-01T00:00:01.000Z")
    now = Task(id="t2", context_id="c1", status=status, history=[message("now", "t2")])
    await store.commit(TaskChange(task_id="t2", new_task=StoredTask(now, owner="", live=True)))
    reads: list[object] = []
    read = store._read

    async def counted(fn: Any) -> Any:
        reads.append(fn)
        return await read(fn)

    store._read = counted  # type: ignore[method-assign]
    earlier, memories = await store.conversation("c1", 10, leave_out="m-now")
    assert [m.parts[0].text for m in earlier] == ["hello", "answer"]
    assert memories == {"m-hello": memory}
    assert len(reads) == 1
    # The last message only: the turn's own, left out; no user message, no memories asked.
    assert await store.conversation("c1", 1, leave_out="m-now") == ([], {})
    await store.aclose()


async def test_refuses_a_newer_schema(tmp_path: Path) -> None:
    path = tmp_path / "tasks.db"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(SchemaTooNewError, match="newer iaccode"):
        await SQLiteTaskStore.open(path)


async def test_a_database_of_schema_1_is_migrated(tmp_path: Path) -> None:
    """Early schema-1 databases had no `messages.conversation`: opened, they get it, keep their
    tasks, and take new messages."""
    path = tmp_path / "tasks.db"
    store = await SQLiteTaskStore.open(path)
    await store.commit(new_task("t1", "2026-01-01T00:00:00Z"))
    await store.aclose()
    db = sqlite3.connect(path)
    with db:
        db.execute("ALTER TABLE messages DROP COLUMN conversation")
        db.execute("PRAGMA user_version = 1")
    db.close()

    store = await SQLiteTaskStore.open(path)
    await store.commit(TaskChange(task_id="t1", append_history=[message("later", "t1")]))
    loaded = await store.load_task("t1")
    assert loaded is not None and loaded.task.history is not None
    assert [m.parts[0].text for m in loaded.task.history] == ["hello", "later"]
    await store.aclose()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    db.close()


async def test_concurrent_commits_of_one_task_lose_nothing(open_store: OpenStore) -> None:
    """Commits of one task side by side (PostgreSQL runs them on several connections): every
    message and artifact is kept, the history in one order with no `seq` twice."""
    store = await open_store()
    await store.commit(new_task("t1", "2026-01-01T00:00:00.000Z"))

    async def append(index: int) -> None:
        artifact = Artifact(artifact_id=f"a{index}", parts=[Part(text=str(index))])
        await store.commit(
            TaskChange(
                task_id="t1",
                append_history=(message(f"m{index}", "t1"),),
                put_artifacts=(artifact,),
            )
        )

    async with trio.open_nursery() as nursery:
        for index in range(20):
            nursery.start_soon(append, index)
    stored = await store.load_task("t1")
    assert stored is not None
    assert len(stored.task.history or ()) == 21
    assert len(stored.task.artifacts or ()) == 20
    seqs = open_store.sql("SELECT seq FROM messages WHERE task_id = ? ORDER BY seq", "t1")
    assert [seq for (seq,) in seqs] == list(range(1, 22))
    await store.aclose()


async def test_list_tasks_orders_ids_by_their_bytes(open_store: OpenStore) -> None:
    """Ties on the timestamp are broken by the id's bytes on both backends (SQLite's BINARY,
    PostgreSQL's "C"), not by a locale's rules that would page differently."""
    store = await open_store()
    stamp = "2026-01-01T00:00:00.000Z"
    ids = ["b-1", "B-2", "a_3", "Z.4", "é5", "10", "9"]
    for task_id in ids:
        await store.commit(new_task(task_id, stamp))
    expected = sorted(ids, key=lambda value: value.encode("utf-8"), reverse=True)
    seen: list[str] = []
    cursor = None
    while True:
        page = await store.list_tasks(TaskQuery(owner="", page_size=2, cursor=cursor))
        seen += [task.id for task in page.tasks]
        if page.next_cursor is None:
            break
        cursor = page.next_cursor
    assert seen == expected
    await store.aclose()
