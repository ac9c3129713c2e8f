"""What is PostgreSQL's own: its schema version, one server per database, ListTasks on an
index, and faults (unreachable at start, lost while running, back again), on a real server."""

from __future__ import annotations

import contextlib

import psycopg
import pytest
import trio

from iaccode.model.a2a import TaskState, TaskStatus
from iaccode.tasks.errors import StoreUnavailableError, UnusableStateError
from iaccode.tasks.postgres_store import (
    SCHEMA_VERSION,
    PostgresTaskStore,
    SchemaTooNewError,
    StoreInUseError,
)
from iaccode.tasks.store import TaskChange, TaskQuery
from tests.postgres_process import PostgresProcess
from tests.redis_process import free_port
from tests.tasks.test_store import new_task

STAMP = "2026-01-01T00:00:00.000Z"


async def test_unreachable_at_start_is_one_line_naming_the_server() -> None:
    port = free_port()  # nothing listens there
    url = f"postgresql://someone:s3cret@127.0.0.1:{port}/tasks"
    with trio.fail_after(20), pytest.raises(UnusableStateError) as caught:
        await PostgresTaskStore.open(url)
    message = str(caught.value)
    assert message.startswith(f"task-store-url: cannot connect to PostgreSQL at 127.0.0.1:{port}")
    assert "refused" in message.lower()
    assert "\n" not in message and "s3cret" not in message and "someone" not in message


async def test_one_server_per_database(postgres_url: str) -> None:
    first = await PostgresTaskStore.open(postgres_url)
    with trio.fail_after(30), pytest.raises(StoreInUseError, match="in use by another iaccode"):
        await PostgresTaskStore.open(postgres_url)
    await first.aclose()
    second = await PostgresTaskStore.open(postgres_url)  # the lock went with the first
    await second.aclose()


async def test_refuses_a_newer_schema(postgres_url: str) -> None:
    store = await PostgresTaskStore.open(postgres_url)
    await store.aclose()
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute("UPDATE iaccode_schema SET version = %s", (SCHEMA_VERSION + 1,))
    with pytest.raises(SchemaTooNewError, match="newer iaccode"):
        await PostgresTaskStore.open(postgres_url)


async def test_list_tasks_pages_on_an_index(postgres_url: str) -> None:
    """The page query of ListTasks (owner, newest first) is answered from `tasks_by_time`
    without a sort, also when it resumes from a cursor."""
    store = await PostgresTaskStore.open(postgres_url)
    for index in range(30):
        await store.commit(new_task(f"t{index:02}", f"2026-01-01T00:00:{index:02}.000Z"))
    page = await store.list_tasks(TaskQuery(owner="", page_size=10))
    assert [t.id for t in page.tasks][:2] == ["t29", "t28"] and page.next_cursor is not None
    await store.aclose()
    stamp, last = page.next_cursor
    with psycopg.connect(postgres_url) as conn:
        # A 30-row table: without these the planner reads it whole, which says nothing.
        conn.execute("ANALYZE tasks")
        conn.execute("SET enable_seqscan = off")
        conn.execute("SET enable_bitmapscan = off")
        rows = conn.execute(
            "EXPLAIN SELECT id FROM tasks WHERE owner = %s AND (status_ts < %s OR"
            " (status_ts = %s AND id < %s)) ORDER BY status_ts DESC, id DESC LIMIT 11",
            ("", stamp, stamp, last),
        ).fetchall()
    plan = "\n".join(row[0] for row in rows)
    assert "tasks_by_time" in plan, plan
    assert "Sort" not in plan, plan


async def test_lost_while_running_fails_fast_and_recovers(own_postgres: PostgresProcess) -> None:
    url = own_postgres.create_database("tasks")
    store = await PostgresTaskStore.open(url)
    await store.commit(new_task("before", STAMP))
    async with trio.open_nursery() as nursery:
        await nursery.start(store.monitor)
        own_postgres.stop()
        # The first request after the loss fails with the clear error, not a hang...
        with trio.fail_after(15), pytest.raises(StoreUnavailableError):
            await store.load_task("before")
        assert store.available is False
        # ...and the next ones at once, without touching the network.
        with trio.fail_after(1), pytest.raises(StoreUnavailableError) as caught:
            await store.commit(new_task("lost", STAMP))
        assert "unavailable" in str(caught.value) and "127.0.0.1" not in str(caught.value)

        own_postgres.start()
        with trio.fail_after(30):
            while not store.available:  # the monitor notices by itself
                await trio.sleep(0.05)
        stored = await store.load_task("before")
        assert stored is not None and stored.task.id == "before"
        assert await store.load_task("lost") is None  # refused, so never written
        done = TaskStatus(state=TaskState.TASK_STATE_COMPLETED, timestamp=STAMP)
        await store.commit(TaskChange(task_id="before", status=done, live=False))
        nursery.cancel_scope.cancel()
    reloaded = await store.load_task("before")
    assert reloaded is not None and reloaded.task.status.state == TaskState.TASK_STATE_COMPLETED
    await store.aclose()


def test_only_a_lost_connection_marks_the_store_unavailable() -> None:
    from psycopg import errors
    from psycopg_pool import PoolTimeout

    from iaccode.tasks.postgres_store import _lost_connection

    assert _lost_connection(psycopg.OperationalError("connection refused"))  # libpq: no state
    assert _lost_connection(PoolTimeout("no connection in 5 s"))
    assert _lost_connection(errors.AdminShutdown())  # 57P01: the server is shutting down
    assert _lost_connection(errors.ConnectionFailure())  # 08006
    assert not _lost_connection(errors.DeadlockDetected())  # 40P01: this transaction's problem
    assert not _lost_connection(errors.SerializationFailure())


def _signal_server(server: PostgresProcess, signum: int) -> None:
    """Send `signum` to the postmaster and every backend (a server that hangs, not one that
    closes its sockets: what a partition or a frozen host looks like from here)."""
    import os
    from pathlib import Path

    assert server._proc is not None
    parent = server._proc.pid
    pids = [parent]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                pids.append(int(entry.name))
    for pid in pids:
        os.kill(pid, signum)


async def test_a_hung_server_fails_requests_and_recovers(own_postgres: PostgresProcess) -> None:
    """A server that stops answering without closing its connections: requests fail within a
    bounded time (not for ever), the store is marked unavailable, and comes back."""
    import signal

    url = own_postgres.create_database("tasks")
    store = await PostgresTaskStore.open(url)
    await store.commit(new_task("before", STAMP))
    try:
        async with trio.open_nursery() as nursery:
            await nursery.start(store.monitor)
            _signal_server(own_postgres, signal.SIGSTOP)
            with trio.fail_after(30), pytest.raises(StoreUnavailableError):
                await store.load_task("before")
            assert store.available is False
            with trio.fail_after(1), pytest.raises(StoreUnavailableError):
                await store.load_task("before")
            _signal_server(own_postgres, signal.SIGCONT)
            with trio.fail_after(30):
                while not store.available:
                    await trio.sleep(0.05)
            stored = await store.load_task("before")
            assert stored is not None
            nursery.cancel_scope.cancel()
    finally:
        _signal_server(own_postgres, signal.SIGCONT)
    await store.aclose()


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://someone:pa%ss@127.0.0.1:1/tasks",  # a password's % not encoded
        "postgresql://someone:pa ss@127.0.0.1:1/tasks",  # a space not encoded
    ],
)
async def test_an_invalid_url_never_shows_the_password(url: str) -> None:
    """libpq quotes the offending part of a URL it cannot parse: the password, often."""
    with trio.fail_after(20), pytest.raises(UnusableStateError) as caught:
        await PostgresTaskStore.open(url)
    message = str(caught.value)
    assert message.startswith("task-store-url: ")
    assert "pa%ss" not in message and "pa ss" not in message and "\n" not in message


async def test_a_write_given_up_is_not_committed_later(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write whose answer came too late was reported failed: it must not land afterwards
    (unless it was already in its COMMIT, which no client can know)."""
    import time

    from iaccode.tasks import postgres_store

    monkeypatch.setattr(postgres_store, "REQUEST_TIMEOUT_SECONDS", 0.3)
    store = await PostgresTaskStore.open(postgres_url)

    def slow(db: postgres_store.Connection) -> None:
        db.execute("INSERT INTO iaccode_schema (version) VALUES (?)", (-1,))
        time.sleep(1.0)  # the server answers, but too late

    with trio.fail_after(10), pytest.raises(StoreUnavailableError):
        await store.database.write(slow)
    await trio.sleep(1.5)  # the abandoned thread has finished by now
    with psycopg.connect(postgres_url) as conn:
        rows = conn.execute("SELECT version FROM iaccode_schema WHERE version = -1").fetchall()
    assert rows == []
    await store.aclose()


async def test_a_write_on_a_connection_lost_before_its_commit_is_not_acknowledged(
    postgres_url: str,
) -> None:
    """psycopg's connection context skips the COMMIT, silently, on a connection that broke:
    a write whose connection went after its last statement must fail, not succeed unstored."""
    from iaccode.tasks import postgres_store

    store = await PostgresTaskStore.open(postgres_url)

    def cut(db: postgres_store.Connection) -> None:
        db.execute("INSERT INTO iaccode_schema (version) VALUES (?)", (-1,))
        (pid,) = db.execute("SELECT pg_backend_pid()").fetchone()
        with psycopg.connect(postgres_url, autocommit=True) as other:
            other.execute("SELECT pg_terminate_backend(%s)", (pid,))
        # a statement whose failure the caller's code does not let through
        with contextlib.suppress(psycopg.Error):
            db.execute("SELECT 1")

    with trio.fail_after(20), pytest.raises(StoreUnavailableError):
        await store.database.write(cut)
    await store.aclose()


async def test_a_nul_character_is_the_clients_error(postgres_url: str) -> None:
    """PostgreSQL's text cannot hold NUL: a page token or an id with one (SQLite stores and
    compares them) is refused as invalid params, not a driver error answered as internal."""
    from iaccode.model.errors import InvalidParamsError

    store = await PostgresTaskStore.open(postgres_url)
    with pytest.raises(InvalidParamsError):
        await store.list_tasks(TaskQuery(owner="", cursor=("2026\x00", "t1")))
    with pytest.raises(InvalidParamsError):
        await store.load_task("t\x00")
    assert store.available
    await store.aclose()


def test_the_helpers_database_names_are_quoted(postgres_server: PostgresProcess) -> None:
    """`iaccode.testing.postgres` (the bench's too) names databases as identifiers, not SQL."""
    name = 'we"ird; name'
    url = postgres_server.create_database(name)
    try:
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT current_database()").fetchone() == (name,)
    finally:
        postgres_server.drop_database(name)
    with psycopg.connect(postgres_server.url()) as conn:
        rows = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchall()
    assert rows == []


async def test_connections_detect_a_vanished_peer(postgres_url: str) -> None:
    """TCP keepalives and tcp_user_timeout on every connection (the pool's and the lock's), so
    a partition fails the calls blocked on it instead of keeping their connections for ever;
    a URL's own value wins."""
    store = await PostgresTaskStore.open(postgres_url + "?keepalives_idle=7")

    def options(conn: psycopg.Connection[object]) -> dict[str, str]:
        return {
            o.keyword.decode(): (o.val or b"").decode()
            for o in conn.pgconn.info
            if o.keyword.decode().startswith(("keepalives", "tcp_user_timeout"))
        }

    with store.database._pool.connection() as conn:
        pooled = options(conn)
    held = options(store.database._holder)
    for found in (pooled, held):
        assert found["keepalives"] == "1" and found["keepalives_idle"] == "7"
        assert found["tcp_user_timeout"] == "30000"
    await store.aclose()


async def test_a_version_1_database_gains_the_change_count(postgres_url: str) -> None:
    """Schema 2 counts each task's changes (`tasks.version`, for the replicas' caches): a
    database of schema 1 gets the column at start-up, its tasks at count 0, and every commit to
    a task moves its count."""
    store = await PostgresTaskStore.open(postgres_url)
    await store.commit(new_task("old", STAMP))
    await store.aclose()
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute("ALTER TABLE tasks DROP COLUMN version")  # as schema 1 made it
        conn.execute("UPDATE iaccode_schema SET version = 1")
    store = await PostgresTaskStore.open(postgres_url)
    try:
        assert await store.task_version("old") == 0
        loaded = await store.load_task("old")
        assert loaded is not None and loaded.version == 0
        done = TaskStatus(state=TaskState.TASK_STATE_COMPLETED, timestamp=STAMP)
        await store.commit(TaskChange(task_id="old", status=done))
        assert await store.task_version("old") == 1
        assert await store.task_version("missing") is None
    finally:
        await store.aclose()
