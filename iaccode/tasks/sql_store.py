"""The task store's SQL, shared by the SQLite (embedded) and PostgreSQL (shared) backends.

`SQLTaskStore` implements `TaskStore` and the retention calls on a `Database`: something that
runs a function in a worker thread inside one transaction, on a connection whose `execute` takes
`?` placeholders (sqlite3's own; the PostgreSQL backend translates them). The statements are
plain SQL both engines accept (`INSERT ... ON CONFLICT`, scalar subqueries); where the engines
differ (row locks, a table's presence, a snapshot for ListTasks) the `Database` says how.

Objects are stored as their ProtoJSON text, so the rows are readable with any SQL shell and the
schema does not follow every model change. Each table has a `rowid` (SQLite's own; an identity
column on PostgreSQL) that orders the history and the outbox and windows retention's scans.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Collection
from pathlib import Path
from typing import Any, Protocol, TypeVar

import attrs
import trio

from iaccode.model import codec
from iaccode.model.a2a import Artifact, Message, Role, Task, TaskState, TaskStatus
from iaccode.model.errors import TaskNotFoundError
from iaccode.model.ids import new_id
from iaccode.tasks.decoded import DecodedTexts
from iaccode.tasks.store import (
    ContextRecord,
    ModelTurn,
    Notification,
    OutboxEntry,
    StoredTask,
    Suspension,
    TaskChange,
    TaskPage,
    TaskQuery,
)
from iaccode.tasks.tails import Appended, ConversationSizes, earlier_of
from iaccode.wire import json

T = TypeVar("T")


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Any: ...


class Connection(Protocol):
    """What the shared SQL needs of a connection: `execute` with `?` placeholders."""

    def execute(self, sql: str, parameters: Any = ..., /) -> Cursor: ...


class Database(Protocol):
    """Where the shared SQL runs: each call one transaction, in a worker thread."""

    # appended to a SELECT that must lock the rows it reads until the commit ("" on SQLite,
    # whose single writer already excludes every other writer)
    lock_rows: str
    skip_locked: str
    # the statement each commit of a change to an existing task starts with: it yields a row
    # when the task exists (and, on PostgreSQL, locks it and counts the change)
    touch_task: str

    async def write(self, fn: Callable[[Connection], T]) -> T:
        """Run `fn` in one transaction, committed when it returns, rolled back if it raises."""
        ...

    async def read(self, fn: Callable[[Connection], T]) -> T: ...

    async def snapshot(self, fn: Callable[[Connection], T]) -> T:
        """`read`, with every statement of `fn` seeing the same snapshot."""
        ...

    def has_table(self, db: Connection, name: str) -> bool: ...

    async def aclose(self) -> None: ...


def _dump(value: Any) -> str:
    return json.dumps(codec.unstructure(value)).decode("utf-8")


def _load(text: str, cls: type[T]) -> T:
    return codec.structure(json.loads(text), cls)


# The rows read over and over (a context's history every turn, ListTasks' pages) decoded once.
_messages: DecodedTexts[str, Message] = DecodedTexts(functools.partial(_load, cls=Message))
_statuses: DecodedTexts[str, TaskStatus] = DecodedTexts(functools.partial(_load, cls=TaskStatus))


# Retention deletes tasks in these states only (and only with no turn, `live = 0`, and no
# suspended turn): finished ones, and INPUT_REQUIRED ones, where the built-in engines leave every
# answered turn: a conversation nobody followed up for N days. AUTH_REQUIRED tasks wait for
# credentials; SUBMITTED and WORKING ones belong to a turn.
PRUNABLE_STATES = (
    TaskState.TASK_STATE_COMPLETED,
    TaskState.TASK_STATE_FAILED,
    TaskState.TASK_STATE_CANCELED,
    TaskState.TASK_STATE_REJECTED,
    TaskState.TASK_STATE_INPUT_REQUIRED,
)
PRUNE_BATCH = 500  # tasks deleted per transaction at most
# Which of these ids another replica uses now (holds its lease): retention keeps those.
InUseElsewhere = Callable[[list[str]], Awaitable[Collection[str]]]
PRUNE_WINDOW = 5000  # rowids looked at per transaction at most


@attrs.frozen
class PrunedTasks:
    """What one `prune_tasks` transaction deleted."""

    scanned_to: int  # the next call starts after this rowid
    task_ids: list[str]
    messages: int
    push_configs: int
    # (artifact id, ProtoJSON body) of the deleted artifact rows whose id no other row has:
    # their files, if any, can go too.
    artifacts: list[tuple[str, str]]
    artifact_rows: int


class SQLTaskStore:
    """`TaskStore` (and the retention calls) on a `Database`; the backends open it."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._write = database.write
        self._read = database.read

    # -- tasks ---------------------------------------------------------------------------------

    async def commit(self, change: TaskChange) -> None:
        rows = _ChangeRows.build(change)
        await self._write(functools.partial(rows.apply, self.database))

    async def load_task(self, task_id: str) -> StoredTask | None:
        return await self._read(lambda db: read_task(db, task_id))

    async def task_version(self, task_id: str) -> int | None:
        """The task's change count (`StoredTask.version`); None when the store keeps none
        (SQLite: one process, its cache is never stale) or the task does not exist."""
        return None

    async def list_tasks(self, query: TaskQuery) -> TaskPage:
        # One snapshot: the count and the page agree.
        return await self.database.snapshot(lambda db: _list_tasks(db, query))

    async def context_history(self, context_id: str, limit: int) -> list[Message]:
        return await self._read(lambda db: _context_history(db, context_id, limit))

    async def model_turns(self, context_id: str, message_ids: list[str]) -> dict[str, ModelTurn]:
        return await self._read(lambda db: _model_turns(db, context_id, message_ids))

    async def conversation(
        self, context_id: str, limit: int, leave_out: str
    ) -> tuple[list[Message], dict[str, ModelTurn]]:
        def run(db: Connection) -> tuple[list[Message], dict[str, ModelTurn]]:
            return earlier_of(*conversation_rows(db, context_id, limit), leave_out)

        return await self._read(run)  # one trip to the reader's thread, not two

    async def task_ids(self) -> list[str]:
        def run(db: Connection) -> list[str]:
            return [row[0] for row in db.execute("SELECT id FROM tasks")]

        return await self._read(run)

    async def live_task_ids(self) -> list[str]:
        def run(db: Connection) -> list[str]:
            return [row[0] for row in db.execute("SELECT id FROM tasks WHERE live = 1")]

        return await self._read(run)

    async def suspended_task_ids(self) -> list[str]:
        def run(db: Connection) -> list[str]:
            return [row[0] for row in db.execute("SELECT task_id FROM suspended_turns")]

        return await self._read(run)

    # -- the push outbox -------------------------------------------------------------------------

    async def outbox(self, limit: int) -> list[OutboxEntry]:
        def run(db: Connection) -> list[OutboxEntry]:
            rows = db.execute(
                "SELECT id, task_id, event, task FROM push_outbox ORDER BY rowid LIMIT ?", (limit,)
            ).fetchall()
            return [
                OutboxEntry(
                    entry_id, task_id, json.loads(event), json.loads(task) if task else None
                )
                for entry_id, task_id, event, task in rows
            ]

        return await self._read(run)

    async def outbox_done(self, entry_ids: list[str]) -> None:
        if entry_ids:
            await self._write(
                lambda db: db.execute(
                    f"DELETE FROM push_outbox WHERE id IN ({_marks(entry_ids)})", entry_ids
                )
            )

    # -- contexts ------------------------------------------------------------------------------

    async def load_context(self, context_id: str) -> ContextRecord | None:
        def run(db: Connection) -> ContextRecord | None:
            row = db.execute(
                "SELECT cwd, owner, updated_at, metadata FROM contexts WHERE id = ?",
                (context_id,),
            ).fetchone()
            if row is None:
                return None
            cwd, owner, updated_at, metadata = row
            meta = json.loads(metadata) if metadata else None
            return ContextRecord(context_id, Path(cwd), owner, updated_at, meta)

        return await self._read(run)

    async def save_context(self, record: ContextRecord) -> None:
        meta = json.dumps(record.metadata).decode() if record.metadata else None

        def run(db: Connection) -> None:
            db.execute(
                "INSERT INTO contexts (id, cwd, owner, updated_at, metadata)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET"
                " cwd = excluded.cwd, owner = excluded.owner,"
                " updated_at = excluded.updated_at, metadata = excluded.metadata",
                (record.context_id, str(record.cwd), record.owner, record.updated_at, meta),
            )

        await self._write(run)

    # -- retention (iaccode.tasks.retention) -----------------------------------------------------

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
        """Delete up to `limit` finished tasks last changed before `before`, in one transaction.

        Looks at the tasks whose rowid is in (`after`, `after + window`], so one call never
        scans the whole table; returns None once `after` is past the last task. A task is
        deleted only if it is in a terminal state, no turn owns it (`live = 0`), it has no
        suspended turn, and its id is not in `keep()` (the caller's tasks in use, asked on the
        event loop once the transaction holds the writer, so that no commit can slip in between;
        one that comes later finds its task gone), nor in `elsewhere(candidates)` (among
        replicas: the tasks another one holds the lease of, asked once the candidates' rows are
        locked). Its messages, artifact rows and push configs go with it, in the same commit.
        Raises what `elsewhere` raises (nothing deleted then).
        """

        loop = trio.lowlevel.current_trio_token()  # the store's threads are not all trio's

        def run(db: Connection) -> PrunedTasks | None:
            in_use = frozenset(trio.from_thread.run_sync(keep, trio_token=loop))
            return _prune_tasks(
                self.database, db, before, after, in_use, limit, window, _asked(elsewhere, loop)
            )

        try:
            return await self._write(run)
        finally:
            self._tasks_pruned()

    def _tasks_pruned(self) -> None:
        """Called after each `prune_tasks`, whether it deleted rows or rolled back: a store that
        keeps what it read drops it here. Nothing to drop in this class."""

    async def prune_contexts(
        self,
        before: str,
        *,
        after: int,
        keep: Collection[str] = (),
        elsewhere: InUseElsewhere | None = None,
        window: int = PRUNE_WINDOW,
    ) -> tuple[int, int] | None:
        """Delete the contexts in the next rowid window that no task belongs to any more.

        Only contexts last saved before `before`, not in `keep` (those in memory) and not in
        `elsewhere(candidates)` (among replicas: the contexts whose lease another one holds, a
        turn running or being set up there) go. Returns (the last rowid looked at, how many
        were deleted), or None past the last context. Raises what `elsewhere` raises.
        """
        keep = frozenset(keep)
        in_use_elsewhere = _asked(elsewhere, trio.lowlevel.current_trio_token())

        def run(db: Connection) -> tuple[int, int] | None:
            (last,) = db.execute("SELECT MAX(rowid) FROM contexts").fetchone()
            if last is None or after >= last:
                return None
            end = after + window
            rows = db.execute(
                "SELECT id FROM contexts WHERE rowid > ? AND rowid <= ? AND updated_at < ?"
                " AND NOT EXISTS (SELECT 1 FROM tasks WHERE tasks.context_id = contexts.id)",
                (after, end, before),
            ).fetchall()
            ids = [context_id for (context_id,) in rows if context_id not in keep]
            used = in_use_elsewhere(ids)
            ids = [context_id for context_id in ids if context_id not in used]
            if not ids:
                return end, 0
            # Not one saved meanwhile: a replica that read the binding just before writes it
            # back (`ContextRegistry`, shared), and that write wins.
            deleted = db.execute(
                f"DELETE FROM contexts WHERE id IN ({_marks(ids)}) AND updated_at < ?",
                (*ids, before),
            ).rowcount
            return end, deleted

        return await self._write(run)

    async def prune_orphan_push_configs(
        self, before: float, *, after: int, window: int = PRUNE_WINDOW
    ) -> tuple[int, int] | None:
        """Delete push configs created before unix time `before` whose task is gone.

        `prune_tasks` removes a task's configs with it; this catches a config stored for a task
        deleted meanwhile. Same windows and return value as `prune_contexts`; None also when
        push notifications were never on (no table).
        """

        def run(db: Connection) -> tuple[int, int] | None:
            if not self.database.has_table(db, "push_configs"):
                return None
            (last,) = db.execute("SELECT MAX(rowid) FROM push_configs").fetchone()
            if last is None or after >= last:
                return None
            end = after + window
            deleted = db.execute(
                "DELETE FROM push_configs WHERE rowid > ? AND rowid <= ? AND created_at < ?"
                " AND NOT EXISTS (SELECT 1 FROM tasks WHERE tasks.id = push_configs.task_id)",
                (after, end, before),
            ).rowcount
            return end, deleted

        return await self._write(run)

    async def referenced_artifacts(self, artifact_ids: Collection[str]) -> set[str]:
        """Those of `artifact_ids` that some artifact row still has (one read per 500 ids)."""
        ids = list(artifact_ids)
        found: set[str] = set()
        for start in range(0, len(ids), PRUNE_BATCH):
            found |= await self._read(
                functools.partial(_referenced, ids[start : start + PRUNE_BATCH])
            )
        return found

    async def aclose(self) -> None:
        await self.database.aclose()


def _prune_tasks(
    database: Database,
    db: Connection,
    before: str,
    after: int,
    keep: frozenset[str],
    limit: int,
    window: int,
    in_use_elsewhere: Callable[[list[str]], frozenset[str]],
) -> PrunedTasks | None:
    (last,) = db.execute("SELECT MAX(rowid) FROM tasks").fetchone()
    if last is None or after >= last:
        return None
    states = [int(state) for state in PRUNABLE_STATES]
    rows = db.execute(
        "SELECT rowid, id FROM tasks WHERE rowid > ? AND rowid <= ?"
        f" AND state IN ({_marks(states)}) AND live = 0 AND status_ts < ?"
        " AND NOT EXISTS (SELECT 1 FROM suspended_turns WHERE suspended_turns.task_id = tasks.id)"
        f" ORDER BY rowid LIMIT ?{database.skip_locked}",
        (after, after + window, *states, before, limit),
    ).fetchall()
    scanned_to = rows[-1][0] if len(rows) == limit else after + window
    ids = [task_id for _, task_id in rows if task_id not in keep]
    elsewhere = in_use_elsewhere(ids)
    ids = [task_id for task_id in ids if task_id not in elsewhere]
    if not ids:
        return PrunedTasks(scanned_to, [], 0, 0, [], 0)
    marks = _marks(ids)
    artifacts = db.execute(
        f"SELECT artifact_id, body FROM artifacts WHERE task_id IN ({marks})", ids
    ).fetchall()
    messages = db.execute(f"DELETE FROM messages WHERE task_id IN ({marks})", ids).rowcount
    db.execute(f"DELETE FROM artifacts WHERE task_id IN ({marks})", ids)
    db.execute(f"DELETE FROM model_turns WHERE task_id IN ({marks})", ids)
    push_configs = 0
    if database.has_table(db, "push_configs"):
        push_configs = db.execute(
            f"DELETE FROM push_configs WHERE task_id IN ({marks})", ids
        ).rowcount
    db.execute(f"DELETE FROM tasks WHERE id IN ({marks})", ids)
    # An artifact id another task still has keeps its files (ids are per task in the schema).
    artifact_ids = sorted({artifact_id for artifact_id, _ in artifacts})
    shared = _referenced(artifact_ids, db) if artifact_ids else set()
    gone = [(artifact_id, body) for artifact_id, body in artifacts if artifact_id not in shared]
    return PrunedTasks(scanned_to, ids, messages, push_configs, gone, len(artifacts))


def _asked(
    elsewhere: InUseElsewhere | None, loop: trio.lowlevel.TrioToken
) -> Callable[[list[str]], frozenset[str]]:
    """`elsewhere` as the writer thread calls it: on the event loop (`loop`: the store's
    threads are not all trio's), nothing asked for none."""

    def ask(ids: list[str]) -> frozenset[str]:
        if elsewhere is None or not ids:
            return frozenset()
        return frozenset(trio.from_thread.run(elsewhere, ids, trio_token=loop))

    return ask


def _referenced(artifact_ids: list[str], db: Connection) -> set[str]:
    rows = db.execute(
        f"SELECT DISTINCT artifact_id FROM artifacts WHERE artifact_id IN ({_marks(artifact_ids)})",
        artifact_ids,
    )
    return {artifact_id for (artifact_id,) in rows}


def _marks(values: Collection[Any]) -> str:
    return ", ".join("?" * len(values))


class _ChangeRows:
    """A TaskChange encoded on the event loop, applied in the writer thread."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, tuple[Any, ...]]] = []
        self.messages: list[tuple[str, str]] = []  # (context_id, body); seq assigned in SQL
        self.task_id = ""
        self.conversation = True
        self.creates = False  # inserts the task; otherwise the task must still exist
        self.remember: ModelTurn | None = None
        self.notify: Notification | None = None

    @classmethod
    def build(cls, change: TaskChange) -> _ChangeRows:
        rows = cls()
        rows.task_id = change.task_id
        if change.new_task is not None:
            rows.creates = True
            stored = change.new_task
            task = stored.task
            rows.statements.append(
                (
                    "INSERT INTO tasks (id, context_id, owner, state, status_ts, status,"
                    " metadata, live) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        task.id,
                        task.context_id,
                        stored.owner,
                        int(task.status.state),
                        task.status.timestamp or "",
                        _dump(task.status),
                        json.dumps(task.metadata).decode() if task.metadata else None,
                        int(stored.live),
                    ),
                )
            )
            rows.messages.extend((task.context_id, _dump(m)) for m in task.history or ())
            rows.conversation = stored.in_conversation
            for artifact in task.artifacts or ():
                rows.add_artifact(task.id, artifact)
        if change.status is not None:
            rows.statements.append(
                (
                    "UPDATE tasks SET state = ?, status_ts = ?, status = ? WHERE id = ?",
                    (
                        int(change.status.state),
                        change.status.timestamp or "",
                        _dump(change.status),
                        change.task_id,
                    ),
                )
            )
        for message in change.append_history:
            rows.messages.append((message.context_id or "", _dump(message)))
        for artifact in change.put_artifacts:
            rows.add_artifact(change.task_id, artifact)
        if change.live is not None:
            rows.statements.append(
                ("UPDATE tasks SET live = ? WHERE id = ?", (int(change.live), change.task_id))
            )
        if change.unsuspend:
            rows.statements.append(
                ("DELETE FROM suspended_turns WHERE task_id = ?", (change.task_id,))
            )
        if change.suspend is not None:
            body = json.dumps(attrs.asdict(change.suspend)).decode()
            rows.statements.append(
                (
                    "INSERT INTO suspended_turns (task_id, body) VALUES (?, ?)"
                    " ON CONFLICT (task_id) DO UPDATE SET body = excluded.body",
                    (change.task_id, body),
                )
            )
        if change.remember is not None:
            rows.remember = change.remember
        rows.notify = change.notify
        if change.metadata is not None:
            rows.statements.append(
                (
                    "UPDATE tasks SET metadata = ? WHERE id = ?",
                    (json.dumps(change.metadata).decode(), change.task_id),
                )
            )
        return rows

    def chars(self) -> int:
        """The text the change writes, about: what its commit costs beyond its statements."""
        texts = [p for _, params in self.statements for p in params if isinstance(p, str)]
        texts += (body for _, body in self.messages)
        if self.remember is not None:
            texts.append(json.dumps(self.remember.body).decode())
        return sum(len(text) for text in texts)

    def add_artifact(self, task_id: str, artifact: Artifact) -> None:
        self.statements.append(
            (
                "INSERT INTO artifacts (task_id, artifact_id, seq, body) VALUES (?, ?,"
                " (SELECT COALESCE(MAX(seq), 0) + 1 FROM artifacts WHERE task_id = ?), ?)"
                " ON CONFLICT (task_id, artifact_id) DO UPDATE SET body = excluded.body",
                (task_id, artifact.artifact_id, task_id, _dump(artifact)),
            )
        )

    def apply(self, database: Database, db: Connection) -> None:
        # Retention may have deleted the task since it was read (an old task followed up just
        # as a pass ran): refuse, rolling back, rather than write rows for no task. The row
        # stays locked to the commit where writers run side by side (the history's `seq`).
        if not self.creates and not db.execute(database.touch_task, (self.task_id,)).fetchone():
            raise TaskNotFoundError(f"Task {self.task_id} not found", taskId=self.task_id)
        for sql, params in self.statements:
            db.execute(sql, params)
        for context_id, body in self.messages:
            db.execute(
                "INSERT INTO messages (task_id, seq, context_id, body, conversation) VALUES (?,"
                " (SELECT COALESCE(MAX(seq), 0) + 1 FROM messages WHERE task_id = ?), ?, ?, ?)",
                (self.task_id, self.task_id, context_id, body, int(self.conversation)),
            )
        if self.remember is not None:
            db.execute(
                "INSERT INTO model_turns (task_id, message_id, context_id, body) VALUES"
                " (?, ?, (SELECT context_id FROM tasks WHERE id = ?), ?)"
                " ON CONFLICT (task_id, message_id) DO UPDATE SET body = excluded.body",
                (
                    self.task_id,
                    self.remember.message_id,
                    self.task_id,
                    json.dumps(self.remember.body).decode(),
                ),
            )
        if self.notify is not None:
            _add_to_outbox(database, db, self.notify)

    def appended(self, db: Connection) -> list[Appended]:
        """What `apply` added to conversations, as a read would give it back (in the
        transaction, after `apply`)."""
        by_context: dict[str, list[str]] = {}
        if self.conversation:
            for context_id, body in self.messages:
                by_context.setdefault(context_id, []).append(body)
        found = [
            Appended(
                c,
                tuple(_messages.load(body) for body in bodies),
                message_chars=tuple(len(body) for body in bodies),
            )
            for c, bodies in by_context.items()
        ]
        if self.remember is not None:
            row = db.execute("SELECT context_id FROM tasks WHERE id = ?", (self.task_id,))
            (context_id,) = row.fetchone()
            text = json.dumps(self.remember.body).decode()
            turn = ModelTurn(self.remember.message_id, json.loads(text))  # as a read decodes it
            found.append(Appended(context_id, turn=turn, turn_chars=len(text)))
        return found


def _add_to_outbox(database: Database, db: Connection, notify: Notification) -> None:
    """The outbox row of a settled state, when the task has push configs (encoded here, in the
    writer thread, and only then; the task itself only when a 0.3 config wants it)."""
    if not database.has_table(db, "push_configs"):
        return
    (legacy,) = db.execute(
        "SELECT MAX(legacy) FROM push_configs WHERE task_id = ?", (notify.event.task_id,)
    ).fetchone()
    if legacy is None:
        return
    db.execute(
        "INSERT INTO push_outbox (id, task_id, event, task) VALUES (?, ?, ?, ?)",
        (
            new_id(),
            notify.event.task_id,
            _dump(notify.event),
            _dump(notify.task) if legacy else None,
        ),
    )


def read_task(db: Connection, task_id: str) -> StoredTask | None:
    row = db.execute(
        "SELECT id, context_id, owner, status, metadata, live FROM tasks WHERE id = ?",
        (task_id,),
    ).fetchone()
    if row is None:
        return None
    task = _task_from_row(db, row[:2] + row[3:5], history_length=None, artifacts=True)
    suspended = db.execute(
        "SELECT body FROM suspended_turns WHERE task_id = ?", (task_id,)
    ).fetchone()
    suspension = Suspension(**json.loads(suspended[0])) if suspended else None
    return StoredTask(task=task, owner=row[2], live=bool(row[5]), suspension=suspension)


def _task_from_row(
    db: Connection,
    row: tuple[Any, ...],
    *,
    history_length: int | None,
    artifacts: bool,
) -> Task:
    task_id = row[0]
    history = _bodies(db, "messages", [task_id], history_length) if history_length != 0 else None
    found = _bodies(db, "artifacts", [task_id], None) if artifacts else None
    return _task_of(
        row,
        None if history is None else history[task_id],
        None if found is None else found[task_id],
        shared=False,  # a loaded task becomes a record whose lists grow: its own objects
    )


def _context_history(db: Connection, context_id: str, limit: int) -> list[Message]:
    return [_messages.load(body) for body in _history_texts(db, context_id, limit)]


def _history_texts(db: Connection, context_id: str, limit: int) -> list[str]:
    rows = db.execute(
        "SELECT body FROM messages WHERE context_id = ? AND conversation = 1"
        " ORDER BY rowid DESC LIMIT ?",
        (context_id, limit),
    ).fetchall()
    return [body for (body,) in reversed(rows)]


def conversation_rows(
    db: Connection, context_id: str, limit: int
) -> tuple[list[Message], dict[str, ModelTurn]]:
    """The context's last `limit` messages of the conversation and the memories of its user
    messages."""
    history, turns, _ = sized_conversation_rows(db, context_id, limit)
    return history, turns


def sized_conversation_rows(
    db: Connection, context_id: str, limit: int
) -> tuple[list[Message], dict[str, ModelTurn], ConversationSizes]:
    """`conversation_rows`, with the length of each stored text (what holding them costs)."""
    texts = _history_texts(db, context_id, limit)
    history = [_messages.load(body) for body in texts]
    starts = [m.message_id for m in history if m.role == Role.ROLE_USER]
    turn_texts = _model_turn_texts(db, context_id, starts) if starts else {}
    turns = {mid: ModelTurn(mid, json.loads(body)) for mid, body in turn_texts.items()}
    sizes = ConversationSizes(
        [len(body) for body in texts], {mid: len(body) for mid, body in turn_texts.items()}
    )
    return history, turns, sizes


def _model_turns(db: Connection, context_id: str, message_ids: list[str]) -> dict[str, ModelTurn]:
    texts = _model_turn_texts(db, context_id, message_ids)
    return {mid: ModelTurn(mid, json.loads(body)) for mid, body in texts.items()}


def _model_turn_texts(db: Connection, context_id: str, message_ids: list[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for start in range(0, len(message_ids), 500):  # SQLite's parameter limit
        batch = message_ids[start : start + 500]
        rows = db.execute(
            "SELECT message_id, body FROM model_turns WHERE context_id = ?"
            f" AND message_id IN ({_marks(batch)})",
            (context_id, *batch),
        )
        for message_id, body in rows:
            found[message_id] = body
    return found


def _task_of(
    row: tuple[Any, ...],
    history: list[str] | None,
    artifacts: list[str] | None,
    *,
    shared: bool = True,
) -> Task:
    """The Task of a `tasks` row (id, context_id, status, metadata) and the stored bodies of its
    history and artifacts (None: left out); `shared`: the same Task object while those texts
    are the same (`_tasks`), to be read only."""
    task_id, context_id, status, metadata = row[:4]
    return (_tasks.load if shared else _decode_task)(
        (
            task_id,
            context_id,
            status,
            metadata,
            None if history is None else tuple(history),
            None if artifacts is None else tuple(artifacts),
        )
    )


# A task's row texts: id, context id, status, metadata, its history's and artifacts' bodies.
TaskRows = tuple[str, str, str, str | None, tuple[str, ...] | None, tuple[str, ...] | None]


def _decode_task(rows: TaskRows) -> Task:
    task_id, context_id, status, metadata, history, artifacts = rows
    return Task(
        id=task_id,
        context_id=context_id,
        status=_statuses.load(status),
        artifacts=None if artifacts is None else [_load(body, Artifact) for body in artifacts],
        history=None if history is None else [_messages.load(body) for body in history],
        metadata=json.loads(metadata) if metadata else None,
    )


def _rows_size(rows: TaskRows) -> int:
    _, _, status, metadata, history, artifacts = rows
    bodies = (*(history or ()), *(artifacts or ()))
    return len(status) + len(metadata or "") + sum(len(body) for body in bodies)


# Tasks read again unchanged (ListTasks' pages, a task loaded again) are the same objects, so
# their encoded texts can be kept by object (`protojson.ResultTexts`).
_tasks: DecodedTexts[TaskRows, Task] = DecodedTexts(_decode_task, size=_rows_size)


def _bodies(
    db: Connection, table: str, task_ids: list[str], last: int | None
) -> dict[str, list[str]]:
    """The stored bodies in `table` (messages, artifacts) of each of `task_ids`, in order: the
    `last` of each (None: all). One query for a whole page, on the (task_id, ...) key."""
    marks = ",".join("?" * len(task_ids))
    if last is None:
        sql = f"SELECT task_id, body FROM {table} WHERE task_id IN ({marks}) ORDER BY task_id, seq"
        params: list[Any] = list(task_ids)
    else:
        sql = (
            "SELECT task_id, body FROM (SELECT task_id, seq, body, ROW_NUMBER() OVER "
            f"(PARTITION BY task_id ORDER BY seq DESC) AS n FROM {table} WHERE task_id IN "
            f"({marks})) AS recent WHERE n <= ? ORDER BY task_id, seq"
        )
        params = [*task_ids, last]
    found: dict[str, list[str]] = {task_id: [] for task_id in task_ids}
    for task_id, body in db.execute(sql, params):
        found[task_id].append(body)
    return found


def _list_tasks(db: Connection, query: TaskQuery) -> TaskPage:
    where = ["owner = ?"]
    params: list[Any] = [query.owner]
    if query.context_id is not None:
        where.append("context_id = ?")
        params.append(query.context_id)
    if query.state is not None and query.state != TaskState.TASK_STATE_UNSPECIFIED:
        where.append("state = ?")
        params.append(int(query.state))
    if query.status_after is not None:
        where.append("status_ts >= ?")
        params.append(query.status_after)
    condition = " AND ".join(where)
    (total,) = db.execute(f"SELECT COUNT(*) FROM tasks WHERE {condition}", params).fetchone()
    page_params = list(params)
    if query.cursor is not None:
        condition += " AND (status_ts < ? OR (status_ts = ? AND id < ?))"
        stamp, last_id = query.cursor
        page_params += [stamp, stamp, last_id]
    rows = db.execute(
        f"SELECT id, context_id, status, metadata, status_ts FROM tasks WHERE {condition}"
        " ORDER BY status_ts DESC, id DESC LIMIT ?",
        [*page_params, query.page_size + 1],
    ).fetchall()
    more = len(rows) > query.page_size
    rows = rows[: query.page_size]
    ids = [row[0] for row in rows]
    history = (
        _bodies(db, "messages", ids, query.history_length)
        if ids and query.history_length != 0
        else None
    )
    artifacts = _bodies(db, "artifacts", ids, None) if ids and query.include_artifacts else None
    tasks = [
        _task_of(
            row,
            None if history is None else history[row[0]],
            None if artifacts is None else artifacts[row[0]],
        )
        for row in rows
    ]
    next_cursor = (rows[-1][4], rows[-1][0]) if more and rows else None
    return TaskPage(tasks=tasks, total_size=total, next_cursor=next_cursor)
