"""The embedded task store: one SQLite database in WAL mode under `persistence-dir`.

All database work runs in worker threads (`tasks/offload.py`) so the event loop never blocks.
Writes go through one connection behind a capacity limiter of one (a single writer, as SQLite
wants); reads use a second connection, which WAL lets run beside the writer.
`synchronous=NORMAL` makes every commit survive a crash of the process (SIGKILL included), which
is the failure this server must ride out; a power loss may lose the last commits.

The SQL itself is shared with the PostgreSQL backend (`iaccode.tasks.sql_store`); this module
holds what is SQLite's own: the connections, the schema and its migrations. `PRAGMA
user_version` versions the schema.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Collection
from pathlib import Path
from typing import TypeVar

import trio

from iaccode.model.a2a import Message
from iaccode.tasks import offload
from iaccode.tasks.errors import UnusableStateError
from iaccode.tasks.sql_store import (
    PRUNABLE_STATES,
    PRUNE_BATCH,
    PRUNE_WINDOW,
    Connection,
    InUseElsewhere,
    PrunedTasks,
    SQLTaskStore,
    _ChangeRows,
    conversation_rows,
)
from iaccode.tasks.store import ModelTurn, TaskChange
from iaccode.tasks.tails import Appended, ConversationTails, earlier_of

T = TypeVar("T")
SCHEMA_VERSION = 2


class SchemaTooNewError(UnusableStateError):
    """The database's `user_version` is higher than this code knows: a newer iaccode wrote it."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tasks (
    id TEXT PRIMARY KEY,
    context_id TEXT NOT NULL,
    owner TEXT NOT NULL,
    state INTEGER NOT NULL,
    status_ts TEXT NOT NULL,
    status TEXT NOT NULL,
    metadata TEXT,
    live INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tasks_by_time ON tasks (owner, status_ts DESC, id DESC);
CREATE INDEX IF NOT EXISTS tasks_by_context ON tasks (context_id, status_ts DESC, id DESC);
CREATE INDEX IF NOT EXISTS tasks_live ON tasks (live) WHERE live = 1;
CREATE TABLE IF NOT EXISTS messages (
    task_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    context_id TEXT NOT NULL,
    body TEXT NOT NULL,
    conversation INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (task_id, seq)
);
CREATE INDEX IF NOT EXISTS messages_by_context ON messages (context_id);
CREATE TABLE IF NOT EXISTS artifacts (
    task_id TEXT NOT NULL,
    artifact_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (task_id, artifact_id)
);
CREATE INDEX IF NOT EXISTS artifacts_by_id ON artifacts (artifact_id);
CREATE TABLE IF NOT EXISTS suspended_turns (
    task_id TEXT PRIMARY KEY,
    body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS model_turns (
    task_id TEXT NOT NULL,
    message_id TEXT NOT NULL,
    context_id TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (task_id, message_id)
);
CREATE INDEX IF NOT EXISTS model_turns_by_context ON model_turns (context_id, message_id);
CREATE TABLE IF NOT EXISTS push_outbox (
    id TEXT PRIMARY KEY,
    task_id TEXT NOT NULL,
    event TEXT NOT NULL,
    task TEXT
);
CREATE TABLE IF NOT EXISTS contexts (
    id TEXT PRIMARY KEY,
    cwd TEXT NOT NULL,
    owner TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    metadata TEXT
);
"""


def _add_message_conversation(db: sqlite3.Connection) -> None:
    """2: `messages.conversation` (whether a message belongs to the model's conversation). Early
    version-1 databases lack it; later ones were created with it."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(messages)")}
    if "conversation" not in columns:
        db.execute("ALTER TABLE messages ADD COLUMN conversation INTEGER NOT NULL DEFAULT 1")


# The steps from one schema version to the next, by the version they lead to. `_SCHEMA` creates
# the newest tables, so each step must also be harmless on a database that already has it.
# (`model_turns` needs no step: `_SCHEMA` runs on every open and creates it where it is missing.)
_MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {2: _add_message_conversation}


class SQLiteDatabase:
    """The `Database` of the shared SQL on SQLite: one writer connection and one reader, each
    behind a capacity limiter of one (`reader` None: reads go through the writer)."""

    lock_rows = ""  # the single writer excludes every other writer
    skip_locked = ""
    touch_task = "SELECT 1 FROM tasks WHERE id = ?"

    def __init__(self, writer: sqlite3.Connection, reader: sqlite3.Connection | None) -> None:
        self._writer = writer
        self._reader = reader or writer
        self._write_limiter = trio.CapacityLimiter(1)
        self._read_limiter = self._write_limiter if reader is None else trio.CapacityLimiter(1)

    async def write(
        self, fn: Callable[[Connection], T], then: Callable[[T], None] | None = None
    ) -> T:
        """`Database.write`; `then(result)` runs in the writer thread after the COMMIT, before
        the next write (what must follow the commits in their order)."""

        def run() -> T:
            with self._writer:  # one transaction, committed or rolled back
                result = fn(self._writer)
            if then is not None:
                then(result)
            return result

        return await offload.run_sync(run, limiter=self._write_limiter)

    async def read(self, fn: Callable[[Connection], T]) -> T:
        return await offload.run_sync(fn, self._reader, limiter=self._read_limiter)

    async def snapshot(self, fn: Callable[[Connection], T]) -> T:
        def run(db: sqlite3.Connection) -> T:
            with db:  # one read transaction: every statement sees the same snapshot
                db.execute("BEGIN")
                return fn(db)

        return await offload.run_sync(run, self._reader, limiter=self._read_limiter)

    def has_table(self, db: Connection, name: str) -> bool:
        row = db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
        ).fetchone()
        return row is not None

    async def aclose(self) -> None:
        def close() -> None:
            self._reader.close()
            self._writer.close()

        with trio.CancelScope(shield=True):
            if self._reader is self._writer:
                async with self._write_limiter:
                    await trio.to_thread.run_sync(close)
                return
            async with self._write_limiter, self._read_limiter:
                await trio.to_thread.run_sync(close)


class SQLiteTaskStore(SQLTaskStore):
    """`TaskStore` on SQLite. Open with `await SQLiteTaskStore.open(path)`.

    The one process that writes the database keeps the tails of the conversations it read
    (`tasks/tails.py`): a turn's read of its context's history is answered from memory, with
    no thread trip, once the context was read.
    """

    database: SQLiteDatabase

    def __init__(self, database: SQLiteDatabase) -> None:
        super().__init__(database)
        self.tails = ConversationTails()

    async def commit(self, change: TaskChange) -> None:
        rows = _ChangeRows.build(change)

        def run(db: Connection) -> list[Appended]:
            rows.apply(self.database, db)
            return rows.appended(db)

        await self.database.write(run, then=self.tails.committed)

    async def conversation(
        self, context_id: str, limit: int, leave_out: str
    ) -> tuple[list[Message], dict[str, ModelTurn]]:
        held = self.tails.get(context_id, limit, leave_out)
        if held is not None:
            return held
        token = self.tails.begin_fill(context_id)

        def run(db: Connection) -> tuple[list[Message], dict[str, ModelTurn]]:
            history, turns = conversation_rows(db, context_id, limit)
            self.tails.end_fill(context_id, token, limit, history, turns)
            return earlier_of(history, turns, leave_out)

        return await self._read(run)

    async def prune_tasks(
        self,
        before: str,
        *,
        after: int,
        keep: Callable[[], Collection[str]] = frozenset,
        elsewhere: InUseElsewhere | None = None,
        limit: int = PRUNE_BATCH,
        window: int = PRUNE_WINDOW,
    ) -> PrunedTasks | None:
        try:
            return await super().prune_tasks(
                before, after=after, keep=keep, elsewhere=elsewhere, limit=limit, window=window
            )
        finally:  # deleted rows may be in the tails (or rolled back: refilled all the same)
            self.tails.clear()

    @classmethod
    async def open(cls, path: Path) -> SQLiteTaskStore:
        """Raises `SchemaTooNewError` for a database a newer iaccode wrote, `sqlite3.Error`
        for one that cannot be opened."""

        def connect() -> SQLiteTaskStore:
            path.parent.mkdir(parents=True, exist_ok=True)
            writer = open_database(path)
            version = writer.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                writer.close()
                raise SchemaTooNewError(
                    f"the task database {path} was written by a newer iaccode (schema version "
                    f"{version}; this one reads up to {SCHEMA_VERSION}): run the newer iaccode, "
                    "or use another persistence-dir"
                )
            with writer:
                writer.executescript(_SCHEMA)
                for target in range(version + 1, SCHEMA_VERSION + 1):
                    if target in _MIGRATIONS:
                        _MIGRATIONS[target](writer)
                writer.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            return cls(SQLiteDatabase(writer, open_database(path)))

        return await trio.to_thread.run_sync(connect)


def open_database(path: Path) -> sqlite3.Connection:
    """A connection to the server's database: WAL, crash-safe commits, a wait on SQLITE_BUSY."""
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("PRAGMA busy_timeout = 5000")
    # Explicit transactions: `with db` issues BEGIN/COMMIT only in the default isolation level.
    db.isolation_level = "DEFERRED"
    return db


__all__ = [
    "PRUNABLE_STATES",
    "PRUNE_BATCH",
    "PRUNE_WINDOW",
    "SCHEMA_VERSION",
    "PrunedTasks",
    "SQLiteDatabase",
    "SQLiteTaskStore",
    "SchemaTooNewError",
    "_ChangeRows",
    "open_database",
]
