"""The shared task store: PostgreSQL through psycopg 3 (the `postgres` extra).

`task-store: postgres` with `task-store-url: postgresql://...` keeps tasks, history, artifact
metadata, contexts, suspensions, the push outbox and push configs in PostgreSQL, so that several
replicas (or a replaced container) serve one set of tasks. The SQL is the SQLite store's
(`iaccode.tasks.sql_store`); this module holds PostgreSQL's side: the schema and its
migrations, a connection pool, and what happens when the server goes away.

Blocking psycopg calls run in worker threads (as SQLite's do), through psycopg_pool's pool, at
most `max_connections` at once. A commit returns once PostgreSQL has made it durable
(`synchronous_commit` on, its default), before the manager publishes the change.

Faults: start-up fails with `UnusableStateError` (exit status 2, one line naming the server)
when PostgreSQL cannot be reached. Later, a failed connection marks the store unavailable:
requests then fail at once with `StoreUnavailableError` instead of waiting for a pool timeout,
`/health` and `/ping` say so, and `monitor` probes the server every `PROBE_DOWN_SECONDS` until it
answers, drops the pool's dead connections, and marks the store available again. A server that
hangs (its connections open, no answer) is met by time-outs on the real clock: a request is
given up after `REQUEST_TIMEOUT_SECONDS` (its transaction then rolled back), a probe after
`PROBE_TIMEOUT_SECONDS`, and the store marked unavailable.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

import attrs
import trio

from iaccode.model.errors import InvalidParamsError
from iaccode.tasks.errors import StoreUnavailableError, UnusableStateError
from iaccode.tasks.sql_store import Connection, Cursor, SQLTaskStore, read_task
from iaccode.tasks.store import StoredTask

if TYPE_CHECKING:
    import psycopg
    import psycopg_pool

log = logging.getLogger("iaccode.tasks")
T = TypeVar("T")

SCHEMA_VERSION = 2
CONNECT_TIMEOUT_SECONDS = 3  # one connection attempt (libpq's connect_timeout, whole seconds)
# A peer that vanished (a partition, a replaced host) is found by the socket, not only given up
# on: TCP keepalives, and unacknowledged data dropped after tcp_user_timeout (Linux), so that a
# call blocked on it fails and gives its pooled connection back. A URL's own values win.
SOCKET_OPTIONS = {
    "keepalives": "1",
    "keepalives_idle": "10",
    "keepalives_interval": "5",
    "keepalives_count": "3",
    "tcp_user_timeout": "30000",  # milliseconds
}
POOL_TIMEOUT_SECONDS = 5.0  # a request waiting for a free connection
LOCK_WAIT_SECONDS = 5.0  # for the server lock that a server killed just now may still hold
PROBE_UP_SECONDS = 5.0
PROBE_DOWN_SECONDS = 0.5
# A server that stops answering without closing its connections (a frozen host, a partition)
# would leave a blocking psycopg call waiting for ever: a request, or a probe, that has not
# finished in this long is given up (its thread abandoned) and the store marked unavailable.
REQUEST_TIMEOUT_SECONDS = 15.0
PROBE_TIMEOUT_SECONDS = 5.0
MISSING_DRIVER = "task-store: postgres needs the postgres extra (pip install 'iaccode[postgres]')"


class SchemaTooNewError(UnusableStateError):
    """The database's schema version is higher than this code knows: a newer iaccode wrote it."""


# Text columns that are ordered or compared (ids, timestamps) use the "C" collation, so that
# ListTasks orders and pages exactly as SQLite does (byte order), whatever the database's locale.
# `rowid` mirrors SQLite's: insertion order for the history and the outbox, windows for retention.
_SCHEMA = """
CREATE TABLE IF NOT EXISTS iaccode_schema (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS tasks (
    rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    id TEXT COLLATE "C" PRIMARY KEY,
    context_id TEXT COLLATE "C" NOT NULL,
    owner TEXT COLLATE "C" NOT NULL,
    state INTEGER NOT NULL,
    status_ts TEXT COLLATE "C" NOT NULL,
    status TEXT NOT NULL,
    metadata TEXT,
    live INTEGER NOT NULL DEFAULT 0,
    version BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tasks_by_time ON tasks (owner, status_ts DESC, id DESC);
CREATE INDEX IF NOT EXISTS tasks_by_context ON tasks (context_id, status_ts DESC, id DESC);
CREATE INDEX IF NOT EXISTS tasks_live ON tasks (live) WHERE live = 1;
CREATE TABLE IF NOT EXISTS messages (
    rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    task_id TEXT COLLATE "C" NOT NULL,
    seq INTEGER NOT NULL,
    context_id TEXT COLLATE "C" NOT NULL,
    body TEXT NOT NULL,
    conversation INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (task_id, seq)
);
CREATE INDEX IF NOT EXISTS messages_by_context ON messages (context_id, rowid);
CREATE TABLE IF NOT EXISTS artifacts (
    task_id TEXT COLLATE "C" NOT NULL,
    artifact_id TEXT COLLATE "C" NOT NULL,
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (task_id, artifact_id)
);
CREATE INDEX IF NOT EXISTS artifacts_by_id ON artifacts (artifact_id);
CREATE TABLE IF NOT EXISTS suspended_turns (
    task_id TEXT COLLATE "C" PRIMARY KEY,
    body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS model_turns (
    task_id TEXT COLLATE "C" NOT NULL,
    message_id TEXT COLLATE "C" NOT NULL,
    context_id TEXT COLLATE "C" NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (task_id, message_id)
);
CREATE INDEX IF NOT EXISTS model_turns_by_context ON model_turns (context_id, message_id);
CREATE TABLE IF NOT EXISTS push_outbox (
    rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    id TEXT COLLATE "C" PRIMARY KEY,
    task_id TEXT COLLATE "C" NOT NULL,
    event TEXT NOT NULL,
    task TEXT
);
CREATE TABLE IF NOT EXISTS contexts (
    rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    id TEXT COLLATE "C" PRIMARY KEY,
    cwd TEXT NOT NULL,
    owner TEXT COLLATE "C" NOT NULL,
    updated_at TEXT COLLATE "C" NOT NULL,
    metadata TEXT
);
CREATE TABLE IF NOT EXISTS push_configs (
    rowid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    owner TEXT COLLATE "C" NOT NULL,
    task_id TEXT COLLATE "C" NOT NULL,
    id TEXT COLLATE "C" NOT NULL,
    body TEXT NOT NULL,
    token TEXT,
    credentials TEXT,
    legacy INTEGER NOT NULL DEFAULT 0,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (owner, task_id, id)
);
CREATE INDEX IF NOT EXISTS push_configs_by_task ON push_configs (task_id);
CREATE TABLE IF NOT EXISTS agui_threads (
    key TEXT COLLATE "C" PRIMARY KEY,
    thread_id TEXT NOT NULL,
    body TEXT NOT NULL,
    version BIGINT NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS agui_threads_by_time ON agui_threads (updated_at DESC);
"""


def _count_task_changes(conn: psycopg.Connection[Any]) -> None:
    conn.execute("ALTER TABLE tasks ADD COLUMN IF NOT EXISTS version BIGINT NOT NULL DEFAULT 0")


# The steps from one schema version to the next, by the version they lead to (as in the SQLite
# store). `_SCHEMA` creates the newest tables, so each step must be harmless where it is applied.
# 2: `agui_threads`, the AG-UI adapter's thread states (iaccode.agui.shared_threads), a table
# `_SCHEMA` creates; and `tasks.version`, the change count a replica's cache checks.
_MIGRATIONS: dict[int, Callable[[psycopg.Connection[Any]], None]] = {2: _count_task_changes}
# Replicas starting together take turns at the schema (any constant key will do).
_SCHEMA_LOCK = 0x1ACC0DE
# Held for the server's life on its own connection: exclusive by one server per database, or
# shared by replicas that coordinate (`coordination-url`), as `dirlock` holds a persistence-dir.
_SERVER_LOCK = 0x1ACC0DF


class _GivenUpError(Exception):
    """Rolls back the transaction of a request given up (`REQUEST_TIMEOUT_SECONDS`)."""


class StoreInUseError(UnusableStateError):
    """Another iaccode server holds this PostgreSQL database."""


def _drivers() -> tuple[Any, Any]:
    """psycopg and psycopg_pool; raises `UnusableStateError` naming the extra when missing."""
    try:
        import psycopg
        import psycopg_pool
    except ImportError:
        raise UnusableStateError(MISSING_DRIVER) from None
    return psycopg, psycopg_pool


def describe_url(url: str) -> str:
    """host:port/dbname of a PostgreSQL URL, for messages: never the user or the password."""
    psycopg, _ = _drivers()
    try:
        parts = psycopg.conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "(an invalid URL)"
    host = parts.get("host") or "localhost"
    port = parts.get("port") or "5432"
    return f"{host}:{port}/{parts.get('dbname') or ''}".rstrip("/")


def _reason(exc: Exception) -> str:
    """The last clause of the driver's first line ("Connection refused"), for the operator."""
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    return first.rsplit(" failed: ", 1)[-1].strip() or type(exc).__name__


def _lost_connection(exc: Exception) -> bool:
    """Whether a driver error means the server is gone (no connection, or none to be had, or
    one it cut: SQLSTATE classes 08 and 57P) rather than one statement failing."""
    sqlstate = getattr(exc, "sqlstate", None)
    return sqlstate is None or sqlstate.startswith(("08", "57P"))


class _Translating:
    """A psycopg connection as the shared SQL wants it: `?` placeholders (none of the shared
    statements holds a literal `?` or `%`)."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self._conn = conn

    def execute(self, sql: str, parameters: Any = (), /) -> Cursor:
        for value in parameters or ():
            if isinstance(value, str) and "\x00" in value:
                # PostgreSQL's text cannot hold one (SQLite's can): a client's id or page
                # token with one is the client's error, not the server's (psycopg's DataError).
                raise InvalidParamsError("text with a NUL character is not accepted")
        return self._conn.execute(_translate(sql), parameters or None)


_TRANSLATED: dict[str, str] = {}


def _translate(sql: str) -> str:
    found = _TRANSLATED.get(sql)
    if found is None:
        found = sql.replace("?", "%s")
        if len(_TRANSLATED) < 4096:  # the shared SQL is a few hundred statements at most
            _TRANSLATED[sql] = found
    return found


class _Watchdog:
    """Calls functions at deadlines of the real clock (`time.monotonic`), from one daemon thread.

    Not trio's deadlines: those follow trio's clock, which a test's autojump clock moves ahead
    whenever every task waits, as they all do for a worker thread, so each call would be given
    up at once. The deadlines come in the order they are set (now + a constant, mostly), so the
    heap's top is the next one; a cancelled entry is dropped when it reaches the top."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._heap: list[tuple[float, int]] = []
        self._calls: dict[int, Callable[[], object]] = {}
        self._keys = itertools.count()
        self._thread: threading.Thread | None = None

    def call_at(self, deadline: float, fn: Callable[[], object]) -> int:
        with self._cond:
            key = next(self._keys)
            wake = not self._heap or deadline < self._heap[0][0]
            heapq.heappush(self._heap, (deadline, key))
            self._calls[key] = fn
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="iaccode-postgres-watchdog", daemon=True
                )
                self._thread.start()
            elif wake:
                self._cond.notify()
        return key

    def cancel(self, key: int) -> None:
        with self._cond:
            self._calls.pop(key, None)

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._heap and self._heap[0][1] not in self._calls:
                    heapq.heappop(self._heap)
                if not self._heap:
                    self._cond.wait()
                    continue
                deadline, key = self._heap[0]
                wait = deadline - time.monotonic()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
                heapq.heappop(self._heap)
                fn = self._calls.pop(key)
            with contextlib.suppress(Exception):
                fn()


_WATCHDOG = _Watchdog()


@contextlib.contextmanager
def _cancel_after(seconds: float, scope: trio.CancelScope) -> Iterator[None]:
    """Cancel `scope` once `seconds` of real time have passed (`_Watchdog`)."""
    token = trio.lowlevel.current_trio_token()

    def expire() -> None:
        with contextlib.suppress(trio.RunFinishedError):
            token.run_sync_soon(scope.cancel)

    key = _WATCHDOG.call_at(time.monotonic() + seconds, expire)
    try:
        yield
    finally:
        _WATCHDOG.cancel(key)


class PostgresDatabase:
    """The `Database` of the shared SQL on a psycopg pool, with the availability state."""

    lock_rows = " FOR UPDATE"
    skip_locked = " FOR UPDATE SKIP LOCKED"  # retention passes over rows a commit holds
    # Locks the row as FOR UPDATE would, and counts the change for the replicas' caches.
    touch_task = "UPDATE tasks SET version = version + 1 WHERE id = ? RETURNING 1"

    def __init__(
        self,
        url: str,
        pool: psycopg_pool.ConnectionPool[Any],
        holder: psycopg.Connection[Any],
        max_connections: int,
        *,
        exclusive: bool = True,
    ) -> None:
        self._url = url
        self._exclusive = exclusive
        self._pool = pool
        self._holder = holder  # holds `_SERVER_LOCK`; the monitor's probes go through it
        self._limiter = trio.CapacityLimiter(max_connections)
        self.available = True
        self._probing = False  # a probe's thread is running (perhaps abandoned, waiting)
        self.where = describe_url(url)
        self._psycopg, self._psycopg_pool = _drivers()

    async def write(self, fn: Callable[[Connection], T]) -> T:
        return await self._run(fn, snapshot=False)

    async def read(self, fn: Callable[[Connection], T]) -> T:
        return await self._run(fn, snapshot=False)

    async def snapshot(self, fn: Callable[[Connection], T]) -> T:
        return await self._run(fn, snapshot=True)

    async def read_one(self, fn: Callable[[Connection], T]) -> T:
        """`read` for `fn` running one statement: in autocommit, which spares the BEGIN and
        COMMIT round trips (a third of a hot check's cost)."""
        return await self._run(fn, snapshot=False, autocommit=True)

    def has_table(self, db: Connection, name: str) -> bool:
        return True  # the schema creates every table, push_configs included

    @property
    def driver_error(self) -> type[Exception]:
        """The base class of psycopg's errors (for callers that must not import it)."""
        error: type[Exception] = self._psycopg.Error
        return error

    async def _run(
        self, fn: Callable[[Connection], T], *, snapshot: bool, autocommit: bool = False
    ) -> T:
        """Raises `StoreUnavailableError` at once while the server is known to be down, and
        when the connection fails; nothing was committed then unless the failure hit the
        commit itself (PostgreSQL's rule)."""
        if not self.available:
            raise StoreUnavailableError()

        given_up = threading.Event()

        def run() -> T:
            # The pool's context rolls back when `fn` raises. It would commit when `fn`
            # returns, but skips that, silently, on a connection that broke meanwhile: the
            # COMMIT is ours, so that it raises then ("the connection is closed").
            with self._pool.connection(timeout=POOL_TIMEOUT_SECONDS) as conn:
                if autocommit:
                    conn.autocommit = True  # idle at checkout: allowed, and given back off
                    try:
                        return fn(_Translating(conn))
                    finally:
                        conn.autocommit = False
                if snapshot:
                    conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                result = fn(_Translating(conn))
                if given_up.is_set():  # the caller was told it failed: roll back
                    raise _GivenUpError()
                conn.commit()
                return result

        # Shielded, so that a caller's cancellation still waits for the outcome (a commit is
        # known to have happened or not), but bounded: past the deadline the thread is
        # abandoned and its transaction rolled back once the server answers (unless it was
        # in its COMMIT already: the one case no client can tell).
        with trio.CancelScope(shield=True) as scope, _cancel_after(REQUEST_TIMEOUT_SECONDS, scope):
            try:
                return await trio.to_thread.run_sync(
                    run, limiter=self._limiter, abandon_on_cancel=True
                )
            except (self._psycopg.OperationalError, self._psycopg_pool.PoolTimeout) as exc:
                if not _lost_connection(exc):
                    raise  # a deadlock or a serialization failure: this request's own
                self._mark_unavailable(_reason(exc))
                raise StoreUnavailableError() from None
        given_up.set()
        self._mark_unavailable(f"no answer in {REQUEST_TIMEOUT_SECONDS:g} s")
        raise StoreUnavailableError()

    def _mark_unavailable(self, reason: str) -> None:
        if self.available:
            log.warning("the task store at %s is unavailable: %s", self.where, reason)
        self.available = False

    def _probe(self) -> None:
        """A round trip on the lock holder's connection; a lost one is made again and the
        lock taken again (raises `StoreInUseError` when another server took it meanwhile)."""
        try:
            if self._holder.closed or self._holder.broken:
                self._holder = hold_server_lock(self._url, self.where, lock=self._exclusive)
            self._holder.execute("SELECT 1")
        finally:
            self._probing = False

    async def _bounded(self, fn: Callable[[], object]) -> bool:
        """Run `fn` in a thread for at most `PROBE_TIMEOUT_SECONDS`; False when it did not
        answer in time (its thread abandoned)."""
        with trio.CancelScope() as scope, _cancel_after(PROBE_TIMEOUT_SECONDS, scope):
            await trio.to_thread.run_sync(fn, abandon_on_cancel=True)
            return True
        return False

    async def monitor(
        self,
        *,
        on_recovered: Callable[[], Awaitable[object]] | None = None,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """Probe the server for ever: mark the store unavailable when it stops answering and
        available again (its dead pooled connections dropped) once it answers; then await
        `on_recovered` (a failure of it is logged, and it runs again after the next outage)."""
        task_status.started()
        while True:
            await trio.sleep(PROBE_UP_SECONDS if self.available else PROBE_DOWN_SECONDS)
            if self._probing:  # the last probe is still waiting for an answer: still down
                self._mark_unavailable(f"no answer in {PROBE_TIMEOUT_SECONDS:g} s")
                continue
            self._probing = True
            try:
                answered = await self._bounded(self._probe)
            except (self._psycopg.Error, UnusableStateError) as exc:
                self._mark_unavailable(_reason(exc))
                continue
            if not answered:
                self._mark_unavailable(f"no answer in {PROBE_TIMEOUT_SECONDS:g} s")
                continue
            if not self.available:
                if not await self._bounded(self._pool.check):
                    continue
                self.available = True
                log.warning("the task store at %s is available again", self.where)
                if on_recovered is not None:
                    try:
                        await on_recovered()
                    except Exception as exc:  # the store went again: after the next outage
                        log.warning("after the outage: %s: %s", type(exc).__name__, exc)

    async def aclose(self) -> None:
        def close() -> None:
            self._pool.close()
            self._holder.close()  # gives the server lock back

        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(close)


class PostgresTaskStore(SQLTaskStore):
    """`TaskStore` on PostgreSQL. Open with `await PostgresTaskStore.open(url)`."""

    database: PostgresDatabase

    @property
    def available(self) -> bool:
        return self.database.available

    async def load_task(self, task_id: str) -> StoredTask | None:
        def run(db: Connection) -> StoredTask | None:
            # The version first: what follows is at least as new, so a cached copy is never
            # taken for current when it is not (at worst it is read once more).
            row = db.execute("SELECT version FROM tasks WHERE id = ?", (task_id,)).fetchone()
            stored = read_task(db, task_id) if row is not None else None
            return None if stored is None else attrs.evolve(stored, version=int(row[0]))

        return await self.database.read(run)

    async def task_version(self, task_id: str) -> int | None:
        def run(db: Connection) -> int | None:
            row = db.execute("SELECT version FROM tasks WHERE id = ?", (task_id,)).fetchone()
            return None if row is None else int(row[0])

        return await self.database.read_one(run)

    async def monitor(
        self,
        *,
        on_recovered: Callable[[], Awaitable[object]] | None = None,
        task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
    ) -> None:
        """`PostgresDatabase.monitor`."""
        await self.database.monitor(on_recovered=on_recovered, task_status=task_status)

    @classmethod
    async def open(
        cls, url: str, *, max_connections: int = 8, exclusive: bool = True
    ) -> PostgresTaskStore:
        """Create or migrate the schema and open the pool. `exclusive`: hold the server lock
        alone (one server per database); replicas that coordinate (`coordination-url`) hold it
        shared.

        Raises `UnusableStateError` (one line naming the server, never the password) when the
        driver is missing, the server cannot be reached or refuses us, or a newer iaccode
        wrote the schema.
        """
        psycopg, psycopg_pool = _drivers()
        where = describe_url(url)

        def setup() -> PostgresTaskStore:
            holder = hold_server_lock(url, where, lock=exclusive)
            try:
                _migrate(holder, where)
            except psycopg.Error as exc:
                holder.close()
                raise UnusableStateError(
                    f"task-store-url: cannot use PostgreSQL at {where}: {_reason(exc)}"
                ) from None
            except BaseException:
                holder.close()
                raise
            pool = psycopg_pool.ConnectionPool(
                url,
                min_size=1,
                max_size=max_connections,
                kwargs=_connect_options(url),
                timeout=POOL_TIMEOUT_SECONDS,
                # Keep trying to reconnect while the server is away (the monitor reports it).
                reconnect_timeout=24 * 3600.0,
                check=psycopg_pool.ConnectionPool.check_connection,
                open=False,
            )
            pool.open(wait=False)
            return cls(PostgresDatabase(url, pool, holder, max_connections, exclusive=exclusive))

        return await trio.to_thread.run_sync(setup)


def _connect_options(url: str) -> dict[str, Any]:
    """The connection options we add to `url`: the connect timeout, and `SOCKET_OPTIONS` that
    the URL does not set itself."""
    driver, _ = _drivers()
    given = driver.conninfo.conninfo_to_dict(url)
    options: dict[str, Any] = {k: v for k, v in SOCKET_OPTIONS.items() if k not in given}
    options["connect_timeout"] = CONNECT_TIMEOUT_SECONDS
    return options


def hold_server_lock(url: str, where: str, *, lock: bool = True) -> psycopg.Connection[Any]:
    """A connection (autocommit) holding the server lock of the database at `url`: exclusive,
    or shared with `lock=False` (replicas that coordinate hold it together, so that a server
    without `coordination-url` cannot start beside them, nor they beside it).

    Raises `StoreInUseError` when another server holds it, `UnusableStateError` when the
    server cannot be reached or refuses us (both one line naming `where`, never a password).
    """
    driver, _ = _drivers()
    try:
        driver.conninfo.conninfo_to_dict(url)
    except driver.ProgrammingError:
        # libpq quotes the part it could not parse, often the password: not its words, then.
        raise UnusableStateError(
            "task-store-url: not a valid PostgreSQL URL (percent-encode the user and the "
            "password: % as %25, a space as %20)"
        ) from None
    try:
        conn: psycopg.Connection[Any] = driver.connect(
            url, autocommit=True, **_connect_options(url)
        )
    except driver.Error as exc:
        raise UnusableStateError(
            f"task-store-url: cannot connect to PostgreSQL at {where}: {_reason(exc)}"
        ) from None
    # A server killed a moment ago may still hold it until PostgreSQL notices: wait a little.
    take = "pg_try_advisory_lock" if lock else "pg_try_advisory_lock_shared"
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    while True:
        row = conn.execute(f"SELECT {take}(%s)", (_SERVER_LOCK,)).fetchone()
        if row and row[0]:
            return conn
        if time.monotonic() > deadline:
            conn.close()
            raise StoreInUseError(
                f"task-store-url: PostgreSQL at {where} is in use by another iaccode server "
                + (
                    "(one server per task store without coordination-url)"
                    if lock
                    else "running without coordination-url"
                )
            )
        time.sleep(0.1)


def _migrate(conn: psycopg.Connection[Any], where: str) -> None:
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
        conn.execute(_SCHEMA)
        row = conn.execute("SELECT MAX(version) FROM iaccode_schema").fetchone()
        version = row[0] if row and row[0] is not None else 0
        if version > SCHEMA_VERSION:
            raise SchemaTooNewError(
                f"the task database at {where} was written by a newer iaccode (schema version "
                f"{version}; this one reads up to {SCHEMA_VERSION}): run the newer iaccode"
            )
        for target in range(version + 1, SCHEMA_VERSION + 1):
            if target in _MIGRATIONS:
                _MIGRATIONS[target](conn)
        conn.execute("DELETE FROM iaccode_schema")
        conn.execute("INSERT INTO iaccode_schema (version) VALUES (%s)", (SCHEMA_VERSION,))


__all__ = [
    "MISSING_DRIVER",
    "PostgresDatabase",
    "PostgresTaskStore",
    "SchemaTooNewError",
    "StoreInUseError",
]
