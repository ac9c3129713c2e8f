"""The SQLite store's turn path: its conversation tails (iaccode.tasks.tails), a turn's read of
its context answered from memory as a read of the database answers it after every kind of
change; and its short commits on the event loop."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio
import trio.testing

from iaccode.model.a2a import Message, Part, Role, Task, TaskState, TaskStatus
from iaccode.model.errors import TaskNotFoundError
from iaccode.tasks import offload, sqlite_store
from iaccode.tasks.sql_store import conversation_rows, sized_conversation_rows
from iaccode.tasks.sqlite_store import INLINE_CHARS, SQLiteTaskStore
from iaccode.tasks.store import ModelTurn, StoredTask, TaskChange
from iaccode.tasks.tails import ConversationTails, earlier_of

S = TaskState
STAMP = "2026-01-01T00:00:00.000Z"


def said(text: str, task_id: str, role: Role = Role.ROLE_USER, context_id: str = "c1") -> Message:
    return Message(
        message_id=f"m-{text}",
        role=role,
        parts=[Part(text=text)],
        context_id=context_id,
        task_id=task_id,
    )


def created(task_id: str, first: Message, *, in_conversation: bool = True) -> TaskChange:
    status = TaskStatus(state=S.TASK_STATE_SUBMITTED, timestamp=STAMP)
    task = Task(id=task_id, context_id=first.context_id or "", status=status, history=[first])
    stored = StoredTask(task, owner="", live=True, in_conversation=in_conversation)
    return TaskChange(task_id=task_id, new_task=stored)


def from_disk(path: Path, context_id: str, limit: int, leave_out: str) -> Any:
    """The conversation as a fresh connection reads it: what the tail must match."""
    db = sqlite3.connect(path)
    try:
        return earlier_of(*conversation_rows(db, context_id, limit), leave_out)
    finally:
        db.close()


async def counted_reads(store: SQLiteTaskStore) -> list[object]:
    reads: list[object] = []
    read = store._read

    async def counted(fn: Any) -> Any:
        reads.append(fn)
        return await read(fn)

    store._read = counted
    return reads


async def test_the_tail_follows_every_change_as_the_database_does(tmp_path: Path) -> None:
    path = tmp_path / "tasks.db"
    store = await SQLiteTaskStore.open(path)
    reads = await counted_reads(store)
    await store.commit(created("t1", said("q1", "t1")))
    assert await store.conversation("c1", 4, leave_out="") == from_disk(path, "c1", 4, "")
    assert len(reads) == 1  # filled by a read
    for turn in range(2, 6):
        task, question = f"t{turn}", said(f"q{turn}", f"t{turn}")
        answer = said(f"a{turn - 1}", f"t{turn - 1}", Role.ROLE_AGENT)
        memory = ModelTurn(f"m-q{turn - 1}", {"v": 1, "n": turn})
        await store.commit(TaskChange(f"t{turn - 1}", append_history=(answer,), remember=memory))
        await store.commit(created(task, question))
        # Another context, a refused message (kept out of the conversation), a memory written
        # again: none may leak in or go missing.
        await store.commit(created(f"x{turn}", said(f"x{turn}", f"x{turn}", context_id="c2")))
        await store.commit(created(f"r{turn}", said(f"r{turn}", f"r{turn}"), in_conversation=False))
        again = ModelTurn(f"m-q{turn - 1}", {"v": 1, "n": -turn})
        await store.commit(TaskChange(f"t{turn - 1}", remember=again))
        for limit in (1, 3, 4):  # the window slides past the oldest messages and memories
            leave_out = question.message_id
            held = await store.conversation("c1", limit, leave_out=leave_out)
            assert held == from_disk(path, "c1", limit, leave_out)
    assert len(reads) == 1  # every later read came from memory
    sizes = sized_conversation_rows(sqlite3.connect(path), "c1", 4)[2]
    assert store.tails.chars == sum(sizes.messages) + sum(sizes.turns.values())
    # The last four: a3 q4 a4 q5; q5's turn has left no memory yet.
    assert (await store.conversation("c1", 4, leave_out=""))[1] == {
        "m-q4": ModelTurn("m-q4", {"v": 1, "n": -5})
    }
    assert await store.conversation("c1", 10, leave_out="") == from_disk(path, "c1", 10, "")
    assert len(reads) == 2  # more than the tail holds: read again
    await store.aclose()


async def test_a_rolled_back_change_leaves_the_tail_alone(tmp_path: Path) -> None:
    path = tmp_path / "tasks.db"
    store = await SQLiteTaskStore.open(path)
    await store.commit(created("t1", said("q1", "t1")))
    before = await store.conversation("c1", 10, leave_out="")
    lost = said("lost", "gone", Role.ROLE_AGENT)
    with pytest.raises(TaskNotFoundError):  # no such task: refused, rolled back
        await store.commit(TaskChange("gone", append_history=(lost,)))
    assert await store.conversation("c1", 10, leave_out="") == before
    assert before == from_disk(path, "c1", 10, "")
    await store.aclose()


async def test_a_fill_a_commit_overtook_is_not_kept(tmp_path: Path) -> None:
    """A read that started before a commit of its context may lack it: answered, not held."""
    path = tmp_path / "tasks.db"
    store = await SQLiteTaskStore.open(path)
    await store.commit(created("t1", said("q1", "t1")))
    tails = store.tails
    token = tails.begin_fill("c1")
    stale = sized_conversation_rows(sqlite3.connect(path), "c1", 10)
    await store.commit(TaskChange("t1", append_history=(said("a1", "t1", Role.ROLE_AGENT),)))
    tails.end_fill("c1", token, 10, *stale)
    assert tails.get("c1", 10, "") is None
    assert await store.conversation("c1", 10, leave_out="") == from_disk(path, "c1", 10, "")
    assert [m.message_id for m in tails.get("c1", 10, "")[0]] == ["m-q1", "m-a1"]  # type: ignore[index]
    await store.aclose()


async def test_retention_drops_the_tails(tmp_path: Path) -> None:
    path = tmp_path / "tasks.db"
    store = await SQLiteTaskStore.open(path)
    await store.commit(created("t1", said("q1", "t1")))
    done = TaskStatus(state=S.TASK_STATE_COMPLETED, timestamp=STAMP)
    await store.commit(TaskChange("t1", status=done, live=False))
    await store.commit(created("t2", said("q2", "t2")))
    assert len((await store.conversation("c1", 10, leave_out=""))[0]) == 2
    pruned = await store.prune_tasks("2100-01-01T00:00:00.000Z", after=0)
    assert pruned is not None and pruned.task_ids == ["t1"]
    earlier, _ = await store.conversation("c1", 10, leave_out="")
    assert [m.message_id for m in earlier] == ["m-q2"]
    assert (earlier, {}) == from_disk(path, "c1", 10, "")
    await store.aclose()


async def test_the_tails_are_bounded_by_contexts(tmp_path: Path) -> None:
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    tails = store.tails = ConversationTails(max_contexts=2)
    for name in ("c1", "c2", "c3"):
        await store.commit(created(f"t-{name}", said(f"q-{name}", f"t-{name}", context_id=name)))
        await store.conversation(name, 10, leave_out="")
    assert tails.get("c1", 10, "") is None  # the least recently read went first
    assert tails.get("c3", 10, "") is not None
    await store.aclose()


async def test_the_tails_are_bounded_by_the_text_behind_them(tmp_path: Path) -> None:
    """A conversation too large to hold is read from the store each time; the oldest tails go
    when the text of all of them would pass the bound; the count follows every change."""
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    tails = store.tails = ConversationTails(max_chars=6_000, max_tail_chars=2_500)
    reads = await counted_reads(store)
    for name in ("c1", "c2"):
        await store.commit(created(f"t-{name}", said(f"q-{name}", f"t-{name}", context_id=name)))
        await store.conversation(name, 10, leave_out="")
    small = tails.chars
    assert 0 < small < 1_000
    # c2 grows past its share with a long answer and a long memory: no longer held.
    answer = attrs.evolve(
        said("a" + "x" * 1_200, "t-c2", Role.ROLE_AGENT, context_id="c2"), message_id="m-a"
    )
    await store.commit(TaskChange("t-c2", append_history=(answer,)))
    assert tails.get("c2", 10, "") is not None
    grown = tails.chars
    assert grown > small + 1_200
    await store.commit(TaskChange("t-c2", remember=ModelTurn("m-q-c2", {"notes": "y" * 1_500})))
    assert tails.get("c2", 10, "") is None
    assert tails.chars < grown - 1_200  # c2's text no longer counted
    before = len(reads)
    held = await store.conversation("c2", 10, leave_out="")
    assert held == from_disk(tmp_path / "tasks.db", "c2", 10, "")
    assert len(reads) == before + 1 and tails.get("c2", 10, "") is None  # read, not held
    # Contexts of about 1,000 characters each: the total bound evicts the least recent.
    for name in ("d1", "d2", "d3", "d4", "d5", "d6", "d7"):
        first = attrs.evolve(said("z" * 900, f"t-{name}", context_id=name), message_id=name)
        await store.commit(created(f"t-{name}", first))
        await store.conversation(name, 10, leave_out="")
        assert tails.chars <= 6_000
    assert tails.get("c1", 10, "") is None and tails.get("d1", 10, "") is None
    assert tails.get("d7", 10, "") is not None
    await store.prune_tasks("2000-01-01T00:00:00.000Z", after=0)
    assert tails.chars == 0
    await store.aclose()


# -- commits on the event loop (SQLiteDatabase.write(inline=True)) ------------------------------


@pytest.fixture
def trips(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The functions the store sends to a worker thread, in order."""
    sent: list[object] = []
    run_sync = offload.run_sync

    async def counted(fn: Any, *args: Any, **options: Any) -> Any:
        sent.append(fn)
        return await run_sync(fn, *args, **options)

    monkeypatch.setattr(offload, "run_sync", counted)
    return sent


async def test_a_short_commit_takes_no_thread_and_a_long_one_does(
    tmp_path: Path, trips: list[object]
) -> None:
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    await store.commit(created("t1", said("q1", "t1")))
    assert trips == []
    async with trio.open_nursery() as nursery:  # each gives the writer back before it yields
        for n in range(2, 10):
            nursery.start_soon(store.commit, created(f"t{n}", said(f"q{n}", f"t{n}")))
    assert trips == []
    long = attrs.evolve(said("q2", "t1"), parts=[Part(text="x" * (INLINE_CHARS + 1))])
    await store.commit(TaskChange("t1", append_history=(long,)))
    assert len(trips) == 1
    stored = await store.load_task("t1")
    assert stored is not None and [m.message_id for m in stored.task.history or []] == [
        "m-q1",
        "m-q2",
    ]
    await store.aclose()


async def test_short_commits_behind_a_long_one_come_back_to_the_loop(
    tmp_path: Path, trips: list[object]
) -> None:
    """While a long commit holds the writer in its thread, the short ones wait for it on the
    loop and are committed there, in their order: sent to the thread behind it, they kept one
    another there under load (8 contexts' turns all committed in threads)."""
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    await store.commit(created("t1", said("q1", "t1")))
    long = attrs.evolve(said("q2", "t1"), parts=[Part(text="x" * (INLINE_CHARS + 1))])
    async with trio.open_nursery() as nursery:
        nursery.start_soon(store.commit, TaskChange("t1", append_history=(long,)))
        await trio.testing.wait_all_tasks_blocked()  # the long one is in its thread
        for n in range(3, 6):
            short = said(f"a{n}", "t1", Role.ROLE_AGENT)
            nursery.start_soon(store.commit, TaskChange("t1", append_history=(short,)))
            await trio.testing.wait_all_tasks_blocked()  # each waits for the writer in turn
    assert len(trips) == 1  # the long commit's only
    stored = await store.load_task("t1")
    assert stored is not None and [m.message_id for m in stored.task.history or []] == [
        "m-q1",
        "m-q2",
        "m-a3",
        "m-a4",
        "m-a5",
    ]
    await store.aclose()


async def test_a_commit_waits_for_another_writer_without_blocking_the_loop(
    tmp_path: Path,
) -> None:
    """The push configs' connection holds the write lock: the commit waits in the thread (the
    loop goes on), then lands."""
    path = tmp_path / "tasks.db"
    store = await SQLiteTaskStore.open(path)
    await store.commit(created("t1", said("q1", "t1")))
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # the write lock
    committed = trio.Event()
    loop_ran = False

    async def commit() -> None:
        await store.commit(TaskChange("t1", append_history=(said("a1", "t1", Role.ROLE_AGENT),)))
        committed.set()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(commit)
        for _ in range(20):  # the loop runs while the commit waits for the lock
            await trio.sleep(0.01)
        loop_ran = not committed.is_set()
        other.execute("ROLLBACK")
    assert loop_ran and committed.is_set()
    assert from_disk(path, "c1", 10, "")[0][-1].message_id == "m-a1"
    other.close()
    await store.aclose()


async def test_commits_on_the_loop_are_checkpointed_in_a_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's own checkpoint (it would run in a commit, on the loop) is off; the store copies
    the WAL back every CHECKPOINT_EVERY commits. The database file alone (`immutable`: the WAL
    unread) shows the tasks only once it did."""
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 4)
    path = tmp_path / "tasks.db"
    store = await SQLiteTaskStore.open(path)

    def in_the_file() -> int:
        db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
        try:
            return int(db.execute("SELECT COUNT(*) FROM tasks").fetchone()[0])
        except sqlite3.OperationalError:  # not even the schema is in the file yet
            return 0
        finally:
            db.close()

    for n in range(1, 4):
        await store.commit(created(f"t{n}", said(f"q{n}", f"t{n}")))
    assert in_the_file() == 0
    await store.commit(created("t4", said("q4", "t4")))
    await store.database.read(lambda db: None)  # after the checkpoint: it holds the reader
    assert in_the_file() == 4
    await store.aclose()


class HeldReader:
    """A reader connection whose checkpoint waits until `go` is set (in its worker thread)."""

    def __init__(self, reader: sqlite3.Connection) -> None:
        self.reader = reader
        self.go = threading.Event()
        self.started = threading.Event()

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if "wal_checkpoint" in sql:
            self.started.set()
            self.go.wait()
        return self.reader.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.reader, name)


async def test_a_commit_does_not_wait_for_the_checkpoint_it_makes_due(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checkpoint fsyncs the file: the commit that makes it due returns (and its change is
    readable) while it still runs; reads and closing the store wait for it."""
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 2)
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    held = HeldReader(store.database._reader)
    monkeypatch.setattr(store.database, "_reader", held)
    await store.commit(created("t1", said("q1", "t1")))
    await store.commit(created("t2", said("q2", "t2")))  # the checkpoint is due
    await trio.to_thread.run_sync(held.started.wait)
    assert not held.go.is_set()  # the commit returned with its checkpoint held up
    await store.commit(created("t3", said("q3", "t3")))  # the writer is free meanwhile
    await store.commit(created("t4", said("q4", "t4")))  # due again: one runs already
    rows: list[Any] = []

    async def read() -> None:
        rows.extend(await store.database.read(lambda db: db.execute("SELECT id FROM tasks")))

    async with trio.open_nursery() as nursery:
        nursery.start_soon(read)
        await trio.testing.wait_all_tasks_blocked()
        assert not rows  # the reader is the checkpoint's until it ends
        held.go.set()
    assert sorted(row[0] for row in rows) == ["t1", "t2", "t3", "t4"]
    await store.aclose()


class HeldAfterCopy(HeldReader):
    """A reader connection whose checkpoints wait for `go` once they copied the WAL."""

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        cursor = self.reader.execute(sql, *args)
        if "wal_checkpoint" in sql:
            self.started.set()
            self.go.wait()
        return cursor


def wal_restarts(path: Path) -> int:
    """The checkpoint sequence number in the WAL's header: the connection that starts the WAL
    over counts it (here the store's writer alone does)."""
    with open(f"{path}-wal", "rb") as wal:
        return int.from_bytes(wal.read(16)[12:16], "big")


def touch(where: list[threading.Thread], context: str) -> Callable[[Any], None]:
    """A write of one small row that notes the thread it ran in."""

    def write(db: Any) -> None:
        where.append(threading.current_thread())
        db.execute("INSERT INTO contexts VALUES (?, '/w', '', 'now', NULL)", (context,))

    return write


async def test_commits_during_a_checkpoint_do_not_keep_the_wal_from_starting_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite starts a WAL over only from a wholly copied one, and commits go on while a
    checkpoint copies it: the write after it copies the rest first, holding the writer, in the
    writer's thread, so its commit starts the WAL over there (starting over syncs the WAL's
    header: never on the loop); one that changed nothing leaves that to the next write; the
    writes after it are on the loop again."""
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 2)
    path = tmp_path / "tasks.db"
    store = await SQLiteTaskStore.open(path)
    held = HeldAfterCopy(store.database._reader)
    monkeypatch.setattr(store.database, "_reader", held)
    await store.commit(created("t1", said("q1", "t1")))
    await store.commit(created("t2", said("q2", "t2")))  # due: the checkpoint copies, then waits
    await trio.to_thread.run_sync(held.started.wait)
    await store.commit(created("t3", said("q3", "t3")))  # after it copied, before it ended
    before = wal_restarts(path)
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 1000)  # no other one while we look
    held.go.set()
    await store.database.read(lambda db: None)  # the checkpoint held the reader: it ended
    where: list[threading.Thread] = []

    def nothing(db: Any) -> None:  # a write that changes no row commits no frame
        where.append(threading.current_thread())
        db.execute("DELETE FROM contexts WHERE id = 'none'")

    await store.database.write(nothing, inline=True)
    assert wal_restarts(path) == before  # so the next write catches up again
    await store.database.write(touch(where, "x1"), inline=True)
    assert wal_restarts(path) == before + 1
    await store.database.write(touch(where, "x2"), inline=True)
    main = threading.main_thread()
    assert where[0] is not main and where[1] is not main and where[2] is main
    assert from_disk(path, "c1", 10, "")[0][-1].message_id == "m-q3"
    await store.aclose()


async def test_a_read_that_keeps_the_wal_from_starting_over_sends_three_writes_at_most(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another connection's read that began before the checkpoint keeps the WAL from being
    wholly copied, so no write can start it over: CATCH_UP_TRIES writes try in the thread,
    and the writes after them are on the loop again (the next checkpoint tries anew)."""
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 2)
    path = tmp_path / "tasks.db"
    store = await SQLiteTaskStore.open(path)
    await store.commit(created("t1", said("q1", "t1")))
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN")
    other.execute("SELECT COUNT(*) FROM tasks").fetchone()  # its snapshot: up to t1
    await store.commit(created("t2", said("q2", "t2")))  # the checkpoint is due
    await store.database.read(lambda db: None)  # the checkpoint held the reader: it ended
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 1000)  # no other one while we look
    before = wal_restarts(path)
    where: list[threading.Thread] = []
    for n in range(sqlite_store.CATCH_UP_TRIES + 2):
        await store.database.write(touch(where, f"x{n}"), inline=True)
    on_the_loop = [False] * sqlite_store.CATCH_UP_TRIES + [True, True]
    assert [thread is threading.main_thread() for thread in where] == on_the_loop
    assert wal_restarts(path) == before
    other.execute("ROLLBACK")
    other.close()
    await store.aclose()


class CountedReader(HeldReader):
    """A reader connection that counts its checkpoints."""

    def __init__(self, reader: sqlite3.Connection) -> None:
        super().__init__(reader)
        self.checkpoints = 0

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        self.checkpoints += "wal_checkpoint" in sql
        return self.reader.execute(sql, *args)


async def test_steady_commits_keep_the_wal_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight tasks committing back to back, one often waiting for the writer: each checkpoint
    is followed by a start-over (each start-over bounds the WAL), however many commits it
    took (a slow disk makes it more). Without the catch-up the WAL started over once or
    never."""
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 10)
    path = tmp_path / "tasks.db"
    store = await SQLiteTaskStore.open(path)
    counted = CountedReader(store.database._reader)
    monkeypatch.setattr(store.database, "_reader", counted)
    before = wal_restarts(path)

    async def commits(worker: int) -> None:
        n = 0
        while counted.checkpoints < 4 and n < 20_000:  # as many as that takes on this disk
            n += 1
            task = f"w{worker}-{n}"
            await store.commit(created(task, said("x" * 2000 + task, task)))
            await trio.lowlevel.checkpoint()  # a commit on the loop is never cancelled

    with trio.fail_after(60):
        async with trio.open_nursery() as nursery:
            for worker in range(8):
                nursery.start_soon(commits, worker)
    await store.database.read(lambda db: None)  # the last checkpoint held the reader: it ended
    assert counted.checkpoints >= 4
    # The last one's catch-up may still be due: no write came after it.
    assert wal_restarts(path) - before >= counted.checkpoints - 1
    await store.aclose()


async def test_writes_in_the_thread_do_not_wait_for_the_default_thread_limiter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer's thread has a limiter of its own: with every token of trio's default
    limiter taken (turns, workspace checks, a stalled file system), a long write and the
    catch-up after a checkpoint still commit, and the short commits behind them go on."""
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 2)
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    default = trio.to_thread.current_default_thread_limiter()
    holders: list[object] = []
    try:
        for _ in range(int(default.total_tokens)):
            holder = object()
            default.acquire_on_behalf_of_nowait(holder)
            holders.append(holder)
        with trio.fail_after(10):
            await store.commit(created("t1", said("x" * 100_000, "t1")))  # the thread's
            await store.commit(created("t2", said("q2", "t2")))  # the checkpoint is due
            await store.database.read(lambda db: None)  # reads have a limiter of their own
            await store.commit(created("t3", said("q3", "t3")))  # the catch-up, in the thread
    finally:
        for holder in holders:
            default.release_on_behalf_of(holder)
    assert from_disk(tmp_path / "tasks.db", "c1", 10, "")[0][-1].message_id == "m-q3"
    await store.aclose()


async def test_a_wal_that_starts_over_is_cut_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long change grows the WAL; started over, it is cut back to WAL_SIZE_LIMIT (SQLite's
    `journal_size_limit`) instead of keeping its largest size on disk."""
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 2)
    monkeypatch.setattr(sqlite_store, "WAL_SIZE_LIMIT", 64 * 1024)
    path = tmp_path / "tasks.db"
    store = await SQLiteTaskStore.open(path)
    await store.commit(created("t1", said("x" * 1_000_000, "t1")))
    await store.commit(created("t2", said("q2", "t2")))  # the checkpoint is due
    grown = os.path.getsize(f"{path}-wal")
    await store.database.read(lambda db: None)  # after the checkpoint: it holds the reader
    await store.commit(created("t3", said("q3", "t3")))
    assert grown > 1_000_000 and os.path.getsize(f"{path}-wal") <= 64 * 1024
    await store.aclose()


async def test_a_checkpoint_no_read_lets_start_is_waited_for_when_overdue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While reads keep the reader, commits go on without a checkpoint up to
    CHECKPOINT_OVERDUE; that commit waits for the reader and checkpoints, so the WAL is bounded."""
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY", 2)
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_OVERDUE", 4)
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    held = HeldReader(store.database._reader)
    monkeypatch.setattr(store.database, "_reader", held)
    held.go.set()
    reading = threading.Event()
    release = threading.Event()

    def long_read(db: Any) -> None:
        reading.set()
        release.wait()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(store.database.read, long_read)
        await trio.to_thread.run_sync(reading.wait)
        for n in range(1, 4):  # due at 2, skipped at 2 and 3: the read holds the reader
            await store.commit(created(f"t{n}", said(f"q{n}", f"t{n}")))
        assert not held.started.is_set()
        done = trio.Event()

        async def fourth() -> None:
            await store.commit(created("t4", said("q4", "t4")))
            done.set()

        nursery.start_soon(fourth)
        await trio.testing.wait_all_tasks_blocked()
        assert not done.is_set()  # overdue: the commit waits for the reader
        await store.commit(created("t5", said("q5", "t5")))  # one waits already: this one not
        assert not done.is_set()
        release.set()
        await done.wait()
        assert held.started.is_set()
    await store.aclose()
