"""The SQLite store's group commit: changes queued while a commit runs share the next
transaction, a change that fails fails alone, and a crash after a group's commit loses no change
any caller was told of (a real SIGKILL, in a process of its own)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import trio

from iaccode.model.a2a import Message, Part, Role, Task, TaskState, TaskStatus
from iaccode.tasks.sql_store import Database
from iaccode.tasks.sqlite_store import SQLiteTaskStore, _ChangeRows
from iaccode.tasks.store import StoredTask, TaskChange

S = TaskState
STAMP = "2026-01-01T00:00:00.000Z"


def new_task(task_id: str) -> TaskChange:
    message = Message(message_id=f"m-{task_id}", role=Role.ROLE_USER, parts=[Part(text="hi")])
    task = Task(
        id=task_id,
        context_id="c1",
        status=TaskStatus(state=S.TASK_STATE_SUBMITTED, timestamp=STAMP),
        history=[message],
    )
    return TaskChange(task_id=task_id, new_task=StoredTask(task, owner="", live=True))


def done(task_id: str) -> TaskChange:
    status = TaskStatus(state=S.TASK_STATE_COMPLETED, timestamp="2026-01-01T00:00:01.000Z")
    message = Message(message_id=f"bye-{task_id}", role=Role.ROLE_AGENT, parts=[Part(text="bye")])
    return TaskChange(task_id=task_id, status=status, append_history=(message,))


def count_commits(store: SQLiteTaskStore) -> list[str]:
    """The COMMITs the store's writer connection runs from now on (SQLite's own trace)."""
    commits: list[str] = []
    writer: sqlite3.Connection = store.database._writer  # type: ignore[attr-defined]
    writer.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None)
    return commits


async def test_changes_queued_meanwhile_share_one_transaction(tmp_path: Path) -> None:
    path = tmp_path / "tasks.db"
    store = await SQLiteTaskStore.open(path)
    commits = count_commits(store)
    async with trio.open_nursery() as nursery:
        for index in range(20):
            nursery.start_soon(store.commit, new_task(f"t{index}"))
    # The first change goes alone; the 19 queued while it commits go in the next transaction.
    assert len(commits) == 2
    await store.aclose()
    reopened = await SQLiteTaskStore.open(path)
    assert sorted(await reopened.task_ids()) == sorted(f"t{index}" for index in range(20))
    await reopened.aclose()


async def test_a_failing_change_fails_only_its_caller(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    for index in range(6):
        await store.commit(new_task(f"t{index}"))
    apply = _ChangeRows.apply

    def fail_for_t3(self: _ChangeRows, database: Database, db: object) -> None:
        apply(self, database, db)  # type: ignore[arg-type]  # every row is written...
        if self.task_id == "t3":
            raise RuntimeError("t3 refused")  # ...then this change fails

    monkeypatch.setattr(_ChangeRows, "apply", fail_for_t3)
    commits = count_commits(store)
    failed: dict[str, Exception] = {}

    async def finish(task_id: str) -> None:
        try:
            await store.commit(done(task_id))
        except RuntimeError as error:
            failed[task_id] = error

    async with trio.open_nursery() as nursery:
        for index in range(6):
            nursery.start_soon(finish, f"t{index}")
    assert len(commits) == 2  # t0 alone, then t1..t5 together, t3 among them
    assert {task_id: str(error) for task_id, error in failed.items()} == {"t3": "t3 refused"}
    for index in range(6):
        stored = await store.load_task(f"t{index}")
        assert stored is not None
        history = [m.message_id for m in stored.task.history or ()]
        if index == 3:  # rolled back to its savepoint: neither the state nor the message
            assert stored.task.status.state == S.TASK_STATE_SUBMITTED
            assert history == ["m-t3"]
        else:
            assert stored.task.status.state == S.TASK_STATE_COMPLETED
            assert history == [f"m-t{index}", f"bye-t{index}"]
    await store.aclose()


_CRASHING = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    import trio
    from iaccode.tasks.sqlite_store import SQLiteTaskStore
    from tests.tasks.test_group_commit import new_task

    async def main(path):
        store = await SQLiteTaskStore.open(path)

        async def create(task_id):
            await store.commit(new_task(task_id))
            print(task_id, flush=True)  # acknowledged: the caller was told it is durable

        async with trio.open_nursery() as nursery:
            for index in range(400):  # arrivals spread out: group commits of several sizes
                nursery.start_soon(create, f"t{index}")
                await trio.sleep(0.0002)

    trio.run(main, Path(sys.argv[1]))
    """
)


def test_a_crash_after_a_group_commit_loses_nothing_acknowledged(tmp_path: Path) -> None:
    path = tmp_path / "tasks.db"
    env = {**os.environ, "IAC_CODE_FAILPOINT": "group-commit:6"}
    root = Path(__file__).resolve().parents[2]
    env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")])
    ran = subprocess.run(
        [sys.executable, "-c", _CRASHING, str(path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert ran.returncode == -signal.SIGKILL, ran.stderr  # it died at the crash point
    acknowledged = ran.stdout.split()
    assert acknowledged  # the five group commits before it were answered

    async def check() -> None:
        store = await SQLiteTaskStore.open(path)
        stored = set(await store.task_ids())
        assert set(acknowledged) <= stored
        # The group the crash struck was committed, though none of its callers was told.
        assert len(stored) > len(acknowledged)
        await store.aclose()

    trio.run(check)
