"""Retention (`task-retention-days`): what a pass deletes, what it never touches, crash safety.

Real SQLite files and real artifact files. Tasks are made old by rewriting their timestamps in
the database (and artifact directories by their modification time), never by sleeping.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import attrs
import pytest
import trio

from iaccode.a2a.replicas import Replicas
from iaccode.agent.artifacts import ArtifactStore
from iaccode.agent.permissions import PermissionAudit, PermissionPolicy
from iaccode.model.a2a import (
    Artifact,
    Message,
    Part,
    Role,
    TaskPushNotificationConfig,
    TaskState,
)
from iaccode.tasks.broker import EventBroker
from iaccode.tasks.contexts import ContextRegistry
from iaccode.tasks.coordination import RedisCoordination
from iaccode.tasks.errors import CoordinationUnavailableError
from iaccode.tasks.manager import TaskManager, TaskRecord
from iaccode.tasks.push.configs import PushConfigStore
from iaccode.tasks.push.jobs import PushJob
from iaccode.tasks.push.keyring import PushKeyring
from iaccode.tasks.push.queue import LocalFileQueue
from iaccode.tasks.retention import Retention, RetentionReport
from iaccode.tasks.shared_broker import SharedEventBroker
from iaccode.tasks.sql_store import SQLTaskStore
from iaccode.tasks.store import Suspension, TaskChange, TaskQuery
from iaccode.tasks.supervisor import TurnSupervisor
from iaccode.testing.engines import ScenarioEngine
from tests.redis_process import RedisProcess
from tests.tasks.conftest import OpenStore

S = TaskState
OLD = "2000-01-01T00:00:00.000Z"
OLD_UNIX = 946684800.0
DAYS = 30.0


@attrs.define
class Parts:
    root: Path
    store: SQLTaskStore
    tasks: TaskManager
    contexts: ContextRegistry
    artifacts: ArtifactStore

    opener: OpenStore

    @property
    def artifact_dir(self) -> Path:
        return self.root / "artifacts"

    def retention(self, **options: object) -> Retention:
        """A pass with no context in memory (unless `contexts` is given), as after a restart."""
        contexts = options.pop("contexts", ContextRegistry(self.store, idle_seconds=60))
        tasks = options.pop("tasks", self.tasks)
        assert isinstance(contexts, ContextRegistry) and isinstance(tasks, TaskManager)
        return Retention(
            self.store,
            tasks,
            contexts,
            self.artifact_dir,
            days=DAYS,
            **options,  # type: ignore[arg-type]
        )

    def sql(self, statement: str, *params: object) -> list[tuple[object, ...]]:
        """Run one statement on a connection of its own (as an operator's shell would)."""
        return self.opener.sql(statement, *params)

    async def push_configs(self, keyring: PushKeyring) -> PushConfigStore:
        """The push configs beside the tasks, as `open_push` opens them for either store."""
        if self.opener.path is not None:
            return await PushConfigStore.open(self.opener.path, keyring, check_dns=False)
        return PushConfigStore.on(self.store.database, keyring, check_dns=False)

    def backdate(self, *task_ids: str) -> None:
        """Make tasks (and every context) last changed in 2000."""
        if task_ids:  # (PostgreSQL has no empty IN list)
            marks = ", ".join("?" * len(task_ids))
            self.sql(f"UPDATE tasks SET status_ts = ? WHERE id IN ({marks})", OLD, *task_ids)
        self.sql("UPDATE contexts SET updated_at = ?", OLD)

    def count(self, table: str, task_id: str) -> int:
        (row,) = self.sql(f"SELECT COUNT(*) FROM {table} WHERE task_id = ?", task_id)
        return int(str(row[0]))

    async def task(
        self,
        task_id: str,
        state: TaskState = S.TASK_STATE_COMPLETED,
        *,
        context_id: str = "c1",
        file: str | None = None,
        live: bool = False,
    ) -> TaskRecord:
        """A task that ran one turn and ended in `state`, the way the supervisor does it."""
        await self.contexts.bind(context_id, self.root, "")
        record = await self.tasks.create(
            task_id=task_id,
            context_id=context_id,
            owner="",
            message=user_message(task_id, context_id),
            live=True,
        )
        if state == S.TASK_STATE_SUBMITTED:
            return record
        await self.tasks.set_status(record, S.TASK_STATE_WORKING)
        if file is not None:
            artifact = await self.artifacts.save(file, b"generated content", "text/plain")
            await self.tasks.put_artifact(record, artifact)
        if state != S.TASK_STATE_WORKING:
            await self.tasks.set_status(record, state, live=live)
        return record


def user_message(task_id: str, context_id: str) -> Message:
    return Message(
        message_id=f"m-{task_id}",
        role=Role.ROLE_USER,
        parts=[Part(text="hello")],
        context_id=context_id,
        task_id=task_id,
    )


def artifact_dir_of(record: TaskRecord) -> Path:
    url = record.artifacts[0].parts[0].url
    assert url is not None and url.startswith("file://")
    return Path(url.removeprefix("file://")).parent


def make_old(path: Path) -> None:
    os.utime(path, (OLD_UNIX, OLD_UNIX), follow_symlinks=False)


@pytest.fixture
async def parts(tmp_path: Path, open_store: OpenStore) -> AsyncIterator[Parts]:
    root = tmp_path / "state"
    store = await open_store()  # SQLite, then PostgreSQL
    tasks = TaskManager(store, EventBroker(16))
    yield Parts(
        root,
        store,
        tasks,
        ContextRegistry(store, idle_seconds=60),
        ArtifactStore(root / "artifacts"),
        open_store,
    )
    await store.aclose()


# -- tasks ---------------------------------------------------------------------------------------


async def test_old_finished_tasks_go_with_their_history_artifacts_and_files(
    parts: Parts,
) -> None:
    completed = await parts.task("done", file="template.yaml")
    old_finished = ["done"]
    for state in (S.TASK_STATE_FAILED, S.TASK_STATE_CANCELED, S.TASK_STATE_REJECTED):
        await parts.task(state.name.lower(), state)
        old_finished.append(state.name.lower())
    directory = artifact_dir_of(completed)
    assert (directory / "template.yaml").is_file()
    parts.backdate(*old_finished)

    report = await parts.retention().run_once()

    assert report.tasks == 4 and report.files == 1 and report.artifacts == 1
    assert report.messages == 4  # one user message each
    assert not directory.exists()
    assert parts.artifact_dir.is_dir()  # only the task's own directory went
    for task_id in old_finished:
        assert await parts.store.load_task(task_id) is None
        assert await parts.tasks.get(task_id) is None  # the cached record was forgotten too
        assert parts.count("messages", task_id) == 0
        assert parts.count("artifacts", task_id) == 0
    page = await parts.store.list_tasks(TaskQuery(owner=""))
    assert page.total_size == 0 and page.tasks == []


async def test_an_answered_conversation_nobody_followed_up_goes(parts: Parts) -> None:
    """Where the built-in engines leave every answered turn: INPUT_REQUIRED, no turn."""
    answered = await parts.task("answered", S.TASK_STATE_INPUT_REQUIRED)
    asking = await parts.task("asking", S.TASK_STATE_INPUT_REQUIRED, live=True)  # a turn waits
    parts.backdate(answered.id, asking.id)
    report = await parts.retention(tasks=TaskManager(parts.store, EventBroker(16))).run_once()
    assert report.tasks == 1
    assert await parts.store.load_task(answered.id) is None
    assert await parts.store.load_task(asking.id) is not None


async def test_recent_unfinished_owned_and_suspended_tasks_stay(parts: Parts) -> None:
    await parts.task("recent")  # COMPLETED, but not old
    kept = {
        "auth-required": await parts.task("auth-required", S.TASK_STATE_AUTH_REQUIRED),
        "working": await parts.task("working", S.TASK_STATE_WORKING),
        "submitted": await parts.task("submitted", S.TASK_STATE_SUBMITTED),
        # A turn still owns it: it ended, but has not released the task yet.
        "owned": await parts.task("owned", S.TASK_STATE_COMPLETED, live=True),
    }
    paused = await parts.task("paused", S.TASK_STATE_WORKING)
    pause = Suspension(input_id="input-1", input={"question": True}, engine_state={"rest": []})
    await parts.tasks.set_status(paused, S.TASK_STATE_INPUT_REQUIRED, suspend=pause, live=False)
    # Finished, but with a suspension row (not something the manager writes): still kept.
    odd = await parts.task("finished-with-suspension")
    await parts.store.commit(TaskChange(task_id=odd.id, suspend=pause))
    old = [*kept, "paused", "finished-with-suspension"]
    parts.backdate(*old)

    # The store alone must refuse them: a manager whose cache holds none of them.
    uncached = TaskManager(parts.store, EventBroker(16))
    report = await parts.retention(tasks=uncached).run_once()

    assert report.tasks == 0
    for task_id in [*old, "recent"]:
        assert await parts.store.load_task(task_id) is not None, task_id
    assert (await parts.store.list_tasks(TaskQuery(owner=""))).total_size == len(old) + 1


async def test_nothing_old_nothing_deleted(parts: Parts) -> None:
    await parts.task("t1", file="a.txt")
    report = await parts.retention().run_once()
    assert report == RetentionReport() and not report
    assert await parts.store.load_task("t1") is not None


async def test_a_task_in_use_stays_until_it_is_released(parts: Parts) -> None:
    record = await parts.task("busy")
    parts.backdate("busy")
    async with record.control:  # a request (CancelTask, SendMessage) is looking at it
        assert (await parts.retention().run_once()).tasks == 0
    assert await parts.tasks.get("busy") is record
    assert (await parts.retention().run_once()).tasks == 1
    assert await parts.tasks.get("busy") is None


async def test_a_read_racing_the_delete_does_not_bring_the_task_back(
    parts: Parts, monkeypatch: pytest.MonkeyPatch
) -> None:
    await parts.task("t1")
    parts.backdate("t1")
    parts.tasks.forget(["t1"])  # not cached: GetTask reads the store
    retention = parts.retention()
    load = parts.store.load_task

    async def racing(task_id: str) -> object:
        stored = await load(task_id)  # read before the delete ...
        await retention.run_once()  # ... which commits, and the cache forgets, meanwhile
        return stored

    monkeypatch.setattr(parts.store, "load_task", racing)
    assert await parts.tasks.get("t1") is None


async def test_batches_and_windows(parts: Parts) -> None:
    ids = [f"t{n}" for n in range(7)]
    for task_id in ids:
        await parts.task(task_id)
    parts.backdate(*ids)
    first = await parts.store.prune_tasks("1999-01-01T00:00:00.000Z", after=0)
    assert first is not None and first.task_ids == []  # nothing is that old
    now = "2100-01-01T00:00:00.000Z"
    batch = await parts.store.prune_tasks(now, after=0, limit=2)
    assert batch is not None and batch.task_ids == ["t0", "t1"] and batch.scanned_to == 2
    window = await parts.store.prune_tasks(now, after=batch.scanned_to, window=1)
    assert window is not None and window.task_ids == ["t2"] and window.scanned_to == 3
    # The rest through Retention, two per transaction.
    report = await parts.retention(batch=2).run_once()
    assert report.tasks == 4
    assert await parts.store.prune_tasks(now, after=0) is None  # no task left at all


# -- contexts ------------------------------------------------------------------------------------


async def test_contexts_go_with_their_last_task_unless_in_use(parts: Parts) -> None:
    await parts.task("a1", context_id="only-old")
    await parts.task("b1", context_id="mixed")
    await parts.task("b2", context_id="mixed")
    await parts.task("c1", context_id="in-memory")
    await parts.contexts.bind("empty", parts.root, "")  # bound, but its message made no task
    parts.backdate("a1", "b1", "c1")
    restarted = ContextRegistry(parts.store, idle_seconds=60)
    await restarted.bind("in-memory", parts.root, "")

    report = await parts.retention(contexts=restarted).run_once()

    assert report.tasks == 3 and report.contexts == 2
    assert await parts.store.load_context("only-old") is None
    assert await parts.store.load_context("empty") is None
    assert await parts.store.load_context("mixed") is not None  # b2 is recent
    assert await parts.store.load_context("in-memory") is not None
    # A deleted context can be bound again, as new.
    fresh = ContextRegistry(parts.store, idle_seconds=60)
    assert (await fresh.bind("only-old", parts.root / "elsewhere", "bob")).owner == "bob"


async def test_a_binding_read_while_contexts_are_deleted_is_written_back(parts: Parts) -> None:
    await parts.contexts.bind("c1", parts.root, "alice")
    parts.backdate()
    restarted = ContextRegistry(parts.store, idle_seconds=60)
    with restarted.forgetting():
        # Read during a pass: retention may delete the row right after this read.
        state = await restarted.bind("c1", parts.root, "alice")
    record = await parts.store.load_context("c1")
    assert record is not None and record.owner == "alice" and record.updated_at > OLD
    assert state.owner == "alice"
    # Its row is now young again: the next pass keeps it even once it leaves memory.
    report = await parts.retention().run_once()
    assert report.contexts == 0


# -- artifact files --------------------------------------------------------------------------------


async def test_crash_between_commit_and_file_removal_is_swept_by_the_next_pass(
    parts: Parts,
) -> None:
    record = await parts.task("t1", file="main.tf")
    directory = artifact_dir_of(record)
    parts.backdate("t1")
    # The rows go and commit; then the process dies before the files are removed.
    pruned = await parts.store.prune_tasks("2100-01-01T00:00:00.000Z", after=0)
    assert pruned is not None and pruned.task_ids == ["t1"]
    assert (directory / "main.tf").is_file()
    assert await parts.store.load_task("t1") is None  # no row points at the file any more
    make_old(directory)

    report = await parts.retention().run_once()

    assert report.orphan_dirs == 1 and report.files == 1 and report.tasks == 0
    assert not directory.exists()


async def test_the_sweep_spares_young_referenced_foreign_and_linked_files(
    parts: Parts, tmp_path: Path
) -> None:
    root = parts.artifact_dir
    root.mkdir(parents=True)
    young = root / f"artifact-{uuid.uuid4().hex}"  # written, its row not committed yet
    young.mkdir()
    (young / "x").write_text("x")
    live = await parts.task("recent", file="kept.txt")  # old directory, but a row names it
    referenced = artifact_dir_of(live)
    make_old(referenced)
    foreign = root / "notes"  # not a name ArtifactStore gives
    foreign.mkdir()
    (foreign / "keep.txt").write_text("mine")
    make_old(foreign)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.txt").write_text("precious")
    linked_dir = root / f"artifact-{uuid.uuid4().hex}"  # a symlink to a directory outside
    linked_dir.symlink_to(outside, target_is_directory=True)
    make_old(linked_dir)
    orphan = root / f"artifact-{uuid.uuid4().hex}"  # a real orphan holding a link outside
    orphan.mkdir()
    (orphan / "link").symlink_to(outside / "precious.txt")
    make_old(orphan)

    report = await parts.retention().run_once()

    assert report.orphan_dirs == 1 and report.files == 1
    assert not orphan.exists()
    assert (outside / "precious.txt").read_text() == "precious"  # the link went, not its target
    assert linked_dir.is_symlink()
    assert (young / "x").exists() and (referenced / "kept.txt").exists()
    assert (foreign / "keep.txt").exists()


async def test_files_outside_artifact_dir_are_never_removed(parts: Parts, tmp_path: Path) -> None:
    # An artifact row whose file:// URL points outside artifact-dir (say, artifact-dir was
    # moved since): the row goes, the file stays.
    elsewhere = tmp_path / "old-artifacts" / f"artifact-{uuid.uuid4().hex}"
    elsewhere.mkdir(parents=True)
    (elsewhere / "a.txt").write_text("a")
    record = await parts.task("t1", S.TASK_STATE_WORKING)
    url = (elsewhere / "a.txt").as_uri()
    artifact = Artifact(artifact_id=elsewhere.name, parts=[Part(url=url, filename="a.txt")])
    await parts.tasks.put_artifact(record, artifact)
    # A text artifact whose id names a (young) directory in artifact-dir it has no file in.
    namesake = parts.artifact_dir / f"artifact-{uuid.uuid4().hex}"
    namesake.mkdir(parents=True)
    (namesake / "b.txt").write_text("b")
    text = Artifact(artifact_id=namesake.name, parts=[Part(text="just text")])
    await parts.tasks.put_artifact(record, text)
    await parts.tasks.set_status(record, S.TASK_STATE_COMPLETED, live=False)
    parts.backdate("t1")

    report = await parts.retention().run_once()

    assert report.tasks == 1 and report.artifacts == 2 and report.files == 0
    assert (elsewhere / "a.txt").exists() and (namesake / "b.txt").exists()


# -- push ----------------------------------------------------------------------------------------


async def test_push_configs_and_dead_letters(parts: Parts, tmp_path: Path) -> None:
    keyring = PushKeyring.generate("test")
    configs = await parts.push_configs(keyring)
    queue = LocalFileQueue(tmp_path / "push_queue")
    try:
        await parts.task("old")
        await parts.task("recent")
        for task_id in ("old", "recent", "ghost"):  # "ghost": its task was deleted meanwhile
            config = TaskPushNotificationConfig(
                task_id=task_id, url="https://hooks.example.com/a2a", token="secret"
            )
            await configs.create("", config)
        parts.backdate("old")
        parts.sql("UPDATE push_configs SET created_at = ? WHERE task_id = 'ghost'", OLD_UNIX)
        for n in range(2):
            job = PushJob.create(
                keyring,
                task_id="old",
                config_id="c",
                url="https://hooks.example.com/a2a",
                payload={"n": n},
                headers={},
            )
            await queue.enqueue(job)
            claimed = await queue.claim(time.time() + 1)
            assert claimed is not None
            await queue.dead(claimed, "HTTP 410")
        make_old(next((tmp_path / "push_queue" / "dead").iterdir()))

        report = await parts.retention(push_queue=queue).run_once()

        assert report.tasks == 1 and report.push_configs == 2 and report.dead_letters == 1
        assert await configs.for_task("old") == [] and await configs.for_task("ghost") == []
        assert len(await configs.for_task("recent")) == 1
        assert (await queue.counts()).dead == 1
    finally:
        await configs.aclose()


# -- among replicas ------------------------------------------------------------------------------


async def test_what_another_replica_holds_the_lease_of_stays(
    parts: Parts, redis_server: RedisProcess
) -> None:
    """A task or a context in use on another replica (its lease held there: a turn running or
    being set up) is never collected; once the lease is given back it goes, and with Redis
    unreachable the pass deletes nothing."""
    pytest.importorskip("redis", reason="the redis extra is not installed")
    here = await RedisCoordination.open(redis_server.url, lease_seconds=5)
    there = await RedisCoordination.open(redis_server.url, lease_seconds=5)
    tag = uuid.uuid4().hex[:8]  # the session's Redis is shared by tests
    task_id, busy_context, idle_context = f"t-{tag}", f"busy-{tag}", f"idle-{tag}"
    await parts.task(task_id, context_id=f"tasks-{tag}")
    await parts.contexts.bind(busy_context, parts.root, "")
    await parts.contexts.bind(idle_context, parts.root, "")
    parts.backdate(task_id)
    supervisor = TurnSupervisor(
        parts.tasks,
        ScenarioEngine(),
        PermissionPolicy(audit=PermissionAudit(parts.root / "audit.jsonl")),
        ArtifactStore(parts.root / "artifacts"),
    )
    replicas = Replicas(here, SharedEventBroker(here), parts.tasks, supervisor)
    try:
        async with trio.open_nursery() as nursery:
            await nursery.start(there.run)  # (here only asks: no monitor to undo the outage)
            assert await there.acquire(there.task_key(task_id))
            assert await there.acquire(there.context_key(busy_context))
            report = await parts.retention(others=replicas).run_once()
            assert report.tasks == 0 and report.contexts == 1  # the idle context only
            assert await parts.store.load_task(task_id) is not None
            assert await parts.store.load_context(busy_context) is not None
            assert await parts.store.load_context(idle_context) is None

            there.release(there.task_key(task_id))
            there.release(there.context_key(busy_context))
            await there.flush()
            here.available = False  # Redis lost, as far as this replica knows
            with pytest.raises(CoordinationUnavailableError):
                await parts.retention(others=replicas).run_once()
            assert await parts.store.load_task(task_id) is not None
            here.available = True
            report = await parts.retention(others=replicas).run_once()
            assert report.tasks == 1 and report.contexts >= 2  # the busy one and the task's
            assert await parts.store.load_context(busy_context) is None
            nursery.cancel_scope.cancel()
    finally:
        await here.aclose()
        await there.aclose()


async def test_a_binding_read_by_a_replica_is_written_back(parts: Parts) -> None:
    """Another replica's retention may delete a context row just after this one read it: a
    shared registry writes every binding it loads back, so the row a turn uses exists."""
    if parts.opener.path is not None:
        pytest.skip("SQLite: one process per store, no other replica")
    await parts.contexts.bind("c1", parts.root, "alice")
    parts.backdate()
    shared = ContextRegistry(parts.store, idle_seconds=60, shared=True)
    (before,) = parts.sql("SELECT updated_at FROM contexts WHERE id = ?", "c1")
    await shared.bind("c1", parts.root, "alice")
    (after,) = parts.sql("SELECT updated_at FROM contexts WHERE id = ?", "c1")
    assert before[0] == OLD and str(after[0]) > OLD
    # The delete spares a row saved after its candidates were chosen.
    parts.backdate()
    cutoff = "2020-01-01T00:00:00.000Z"  # after OLD, before the save made while asked
    swept = await parts.store.prune_contexts(cutoff, after=0, elsewhere=_saving(parts, "c1"))
    assert swept is not None and swept[1] == 0
    assert await parts.store.load_context("c1") is not None


def _saving(parts: Parts, context_id: str) -> Any:
    """An `elsewhere` that, while asked, has another replica save the binding (what a replica
    reading it just then does)."""

    async def elsewhere(ids: list[str]) -> set[str]:
        assert context_id in ids
        await ContextRegistry(parts.store, idle_seconds=60, shared=True).bind(
            context_id, parts.root, "alice"
        )
        return set()

    return elsewhere
