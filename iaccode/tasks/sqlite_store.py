"""The embedded task store: one SQLite database in WAL mode under `persistence-dir`.

Database work runs in worker threads (`tasks/offload.py`) so the event loop never waits on
it, except a short task change when the writer is free: its commit, a WAL append with no fsync,
costs less on the loop than the trip to a thread (`SQLiteDatabase.write(inline=True)`). Writes go
through one connection behind a capacity limiter of one (a single writer, as SQLite wants); reads
use a second connection, which WAL lets run beside the writer. A turn's conversation comes from
the tails the writer keeps (`tasks/tails.py`) once its context was read.
`synchronous=NORMAL` makes every commit survive a crash of the process (SIGKILL included), which
is the failure this server must ride out; a power loss may lose the last commits.

The SQL itself is shared with the PostgreSQL backend (`iaccode.tasks.sql_store`); this module
holds what is SQLite's own: the connections, the schema and its migrations. `PRAGMA
user_version` versions the schema.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import trio

from iaccode.model.a2a import Message
from iaccode.tasks import offload
from iaccode.tasks.errors import UnusableStateError
from iaccode.tasks.sql_store import (
    PRUNABLE_STATES,
    PRUNE_BATCH,
    PRUNE_WINDOW,
    Connection,
    PrunedTasks,
    SQLTaskStore,
    _ChangeRows,
    sized_conversation_rows,
)
from iaccode.tasks.store import ModelTurn, TaskChange
from iaccode.tasks.tails import Appended, ConversationTails, earlier_of

if TYPE_CHECKING:
    import outcome

T = TypeVar("T")
log = logging.getLogger("iaccode.tasks")
SCHEMA_VERSION = 2
BUSY_TIMEOUT_MS = 5000  # how long a connection waits for another's write lock
CHECKPOINT_EVERY = 100  # commits between WAL checkpoints: ~4 MB of WAL, as SQLite's 1000 pages
# Commits after which a checkpoint no read let start in the background is waited for instead.
CHECKPOINT_OVERDUE = 4 * CHECKPOINT_EVERY
WAL_SIZE_LIMIT = 16 * 1024 * 1024  # bytes a WAL that was started over is cut back to
INLINE_CHARS = 16 * 1024  # a change with more text than this is committed in the thread
CATCH_UP_TRIES = 3  # writes after a checkpoint that may go to the thread to start the WAL over


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
        # The writer's thread, for whoever holds the writer: never trio's default limiter,
        # whose tokens turns and workspace checks may all hold while the writer waits.
        self._writer_thread = trio.CapacityLimiter(1)
        self._read_limiter = self._write_limiter if reader is None else trio.CapacityLimiter(1)
        # With a reader of its own, the writer may commit on the event loop (`inline`). Then
        # checkpoints are this class's, in a worker thread (`_checkpoint_if_due`), never a commit's
        # on the loop; and a write on the loop never waits for another connection's lock
        # (SQLITE_BUSY at once: it goes to the thread, which waits).
        self._inline = reader is not None
        self._wal_path = ""  # read by the catch-up, which only this class's checkpoints need
        if self._inline:
            writer.execute("PRAGMA wal_autocheckpoint = 0")
            writer.execute("PRAGMA busy_timeout = 0")
            main = writer.execute("PRAGMA database_list").fetchone()
            self._wal_path = f"{main[2]}-wal" if main and main[2] else ""
        self._commits = 0  # since the last checkpoint
        self._checkpointing = False
        # A checkpoint ended: the next writes, up to this many, copy the rest first until one
        # starts the WAL over (`_catch_up_and_commit`).
        self._catch_ups_left = 0

    async def write(
        self,
        fn: Callable[[Connection], T],
        then: Callable[[T], None] | None = None,
        *,
        inline: bool = False,
    ) -> T:
        """`Database.write`; `then(result)` runs after the COMMIT, before the next write (what
        must follow the commits in their order).

        `inline`: a short change (a few statements of small rows) is committed on the event
        loop, once the writer is free (waited for on the loop), unless another connection holds
        the database's write lock: WAL with `synchronous = NORMAL` writes the commit to the WAL
        without an fsync, so it takes tens of microseconds, less than the trip to the writer
        thread and back. Otherwise it goes to the thread as any write (always without a reader
        of its own), and so does the first write after a checkpoint (`_catch_up_and_commit`).
        Raises what `fn` raises (rolled back then).
        """
        if inline and self._inline:
            try:
                self._write_limiter.acquire_nowait()
            except trio.WouldBlock:
                # Another write holds the writer (a turn's, retention's): wait for it here. Sent
                # to the thread instead, every short commit behind a long one went there too,
                # and under load they never came back to the loop.
                await self._write_limiter.acquire()
            busy = False
            try:
                if self._catch_ups_left:  # decided holding the writer: no write is between
                    result = await self._catch_up_and_commit(self._transaction(fn, then))
                else:
                    try:
                        with self._writer:  # one transaction, committed or rolled back
                            result = fn(self._writer)
                    except sqlite3.OperationalError as exc:
                        if exc.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY:
                            raise
                        busy = True  # the push configs' connection is writing: the thread waits
                    else:
                        if then is not None:
                            then(result)
            finally:  # before any other yield: the next short commit finds the writer free
                self._write_limiter.release()
            if not busy:
                await self._checkpoint_if_due()
                await trio.lowlevel.cancel_shielded_checkpoint()  # as the trip yielded
                return result

        transaction = self._transaction(fn, then)
        async with self._write_limiter:
            if self._catch_ups_left:
                result = await self._catch_up_and_commit(transaction)
            else:
                result = await offload.run_sync(transaction, limiter=self._writer_thread)
        await self._checkpoint_if_due()
        return result

    def _transaction(
        self, fn: Callable[[Connection], T], then: Callable[[T], None] | None
    ) -> Callable[[], T]:
        """`fn` in one transaction on the writer, for its thread (which waits on SQLITE_BUSY),
        `then(result)` after the COMMIT."""

        def run() -> T:
            with self._waiting(), self._writer:  # one transaction, committed or rolled back
                result = fn(self._writer)
            if then is not None:
                then(result)
            return result

        return run

    async def _catch_up_and_commit(self, transaction: Callable[[], T]) -> T:
        """The first write after a background checkpoint (`_checkpoint_in_background`), with the
        writer held: in the writer's thread, copy what the commits made during the checkpoint
        added to the WAL, then commit; that commit starts the WAL over, in the thread, not on
        the loop (starting over syncs the WAL's new header). The reader is held meanwhile if it
        is free: a read that began before the copy would keep the WAL from starting over.
        Raises what the transaction raises; a failed copy is logged, and the commit stands."""
        try:
            self._read_limiter.acquire_on_behalf_of_nowait(self)
        except trio.WouldBlock:
            reader_held = False  # a read runs and may hold the WAL: then the next write tries
        else:
            reader_held = True

        def run() -> T:
            try:
                self._writer.execute("PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error as exc:
                log.warning("a WAL checkpoint of the task store failed: %s", exc)
            generation = self._wal_generation()
            try:
                return transaction()
            finally:
                # Rolled back, it wrote no page (no row changed, or only to the same values),
                # or a read kept it from starting the WAL over: then the next write tries, up
                # to CATCH_UP_TRIES, and not a commit on the loop.
                started_over = self._wal_generation() != generation
                self._catch_ups_left = 0 if started_over else self._catch_ups_left - 1

        try:
            # Shielded: once it holds the writer, a write commits, as one on the loop does.
            with trio.CancelScope(shield=True):
                result = await offload.run_sync(run, limiter=self._writer_thread)
        finally:
            if reader_held:
                self._read_limiter.release_on_behalf_of(self)
        return result

    def _wal_generation(self) -> bytes | None:
        """What changes in the WAL file's header whenever the WAL starts over: its salts (the
        first goes up by one, the second is new) and the writing connection's count of
        start-overs. None when there is no WAL file to read. Raises nothing."""
        try:
            with open(self._wal_path, "rb") as wal:
                header = wal.read(24)
        except OSError:
            return None
        return header[12:24] if len(header) == 24 else None

    @contextlib.contextmanager
    def _waiting(self) -> Iterator[None]:
        """The writer waits on SQLITE_BUSY (in its thread) as every connection does."""
        if not self._inline:
            yield
            return
        self._writer.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        try:
            yield
        finally:
            self._writer.execute("PRAGMA busy_timeout = 0")

    async def _checkpoint_if_due(self) -> None:
        """Every `CHECKPOINT_EVERY` commits (when this class checkpoints), the WAL copied back
        into the database in the reader's thread (`_checkpoint_in_background`).

        The commit that makes it due does not wait for it either: the checkpoint fsyncs the
        database file, milliseconds that would hold back the commit's publication (a CancelTask's
        CANCELED, issue 18), and the commit stands whatever the checkpoint does. It starts in the
        background holding the reader's limiter (reads and `aclose` wait for it), its failure
        logged. While one runs (or is waited for), none is due. When a read holds the reader,
        the next commit tries again; after `CHECKPOINT_OVERDUE` commits without one, the commit
        waits for the reader and the checkpoint, shielded, so that the WAL stays bounded.
        Raises nothing.
        """
        if not self._inline:
            return
        self._commits += 1
        if self._commits < CHECKPOINT_EVERY or self._checkpointing or self._catch_ups_left:
            # Not due, or one is copying the WAL back already, or the last one's rest is not
            # copied yet: a checkpoint running then would keep the catch-up from copying it.
            return
        try:
            self._read_limiter.acquire_on_behalf_of_nowait(self)
        except trio.WouldBlock:
            if self._commits < CHECKPOINT_OVERDUE:
                return
            self._checkpointing = True  # the commits meanwhile do not wait as well
            with trio.CancelScope(shield=True):
                await self._read_limiter.acquire_on_behalf_of(self)
                done = trio.Event()
                self._checkpoint_in_background(done.set)
                await done.wait()
            return
        self._checkpoint_in_background()

    def _checkpoint_in_background(self, then: Callable[[], None] | None = None) -> None:
        """A PASSIVE checkpoint in a worker thread; the reader's limiter, held on behalf of
        this database, is given back on the loop when it ends (then `then()`).

        It copies what the WAL holds when it starts, while commits go on. SQLite starts a WAL
        over only from a wholly copied one, so under steady commits the WAL would never start
        over and would grow without end (tens of KB a commit). So once it ended, the next write
        goes to the writer's thread and copies, holding the writer, the few frames committed
        meanwhile before it commits (`_catch_up_and_commit`); that commit starts the WAL over,
        cut back to `WAL_SIZE_LIMIT`. No write waits for the checkpoint here."""
        self._commits = 0
        self._checkpointing = True
        token = trio.lowlevel.current_trio_token()

        def checkpoint() -> None:
            self._reader.execute("PRAGMA wal_checkpoint(PASSIVE)")

        def ended(result: outcome.Outcome[None]) -> None:
            self._checkpointing = False
            self._read_limiter.release_on_behalf_of(self)
            try:
                result.unwrap()
            except Exception as exc:  # the next one tries again; SQLite's own would too
                log.warning("a WAL checkpoint of the task store failed: %s", exc)
            else:
                self._catch_ups_left = CATCH_UP_TRIES
            if then is not None:
                then()

        trio.lowlevel.start_thread_soon(
            checkpoint, lambda result: token.run_sync_soon(ended, result)
        )

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

        with trio.CancelScope(shield=True):  # the writer's thread: not behind busy turns
            if self._reader is self._writer:
                async with self._write_limiter:
                    await offload.run_sync(close, limiter=self._writer_thread)
                return
            async with self._write_limiter, self._read_limiter:
                await offload.run_sync(close, limiter=self._writer_thread)


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

        inline = rows.chars() <= INLINE_CHARS
        await self.database.write(run, then=self.tails.committed, inline=inline)

    async def conversation(
        self, context_id: str, limit: int, leave_out: str
    ) -> tuple[list[Message], dict[str, ModelTurn]]:
        held = self.tails.get(context_id, limit, leave_out)
        if held is not None:
            return held
        token = self.tails.begin_fill(context_id)

        def run(db: Connection) -> tuple[list[Message], dict[str, ModelTurn]]:
            history, turns, sizes = sized_conversation_rows(db, context_id, limit)
            self.tails.end_fill(context_id, token, limit, history, turns, sizes)
            return earlier_of(history, turns, leave_out)

        return await self._read(run)

    def _tasks_pruned(self) -> None:
        # Deleted rows may be in the tails (or rolled back: refilled all the same).
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
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db.execute(f"PRAGMA journal_size_limit = {WAL_SIZE_LIMIT}")  # whichever starts the WAL over
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
