"""AG-UI threads shared by replicas: their states in PostgreSQL, their locks in Redis.

With `task-store: postgres` the adapter keeps its thread states in the store's `agui_threads`
table (`PostgresThreads`), so that a thread survives its container and any replica behind the
balancer serves it. With `coordination-url` as well, the replicas meet on each thread through two
leases of the coordination (`RedisThreadLeases`, iaccode.tasks.coordination):

* `iaccode:lease:thread:<key>`: held while one replica reads, changes and saves the thread's
  state (what `ThreadStore.lock` holds within one process). Each save is also fenced by the
  row's version, so that a replica whose lease expired under it (a stall longer than the TTL)
  is refused instead of writing over a newer state.
* `iaccode:lease:agui-run:<key>`: held while a run of the thread is active on a replica, so that
  a run arriving at another one is refused with THREAD_BUSY, as in one process. A replica that
  dies stops renewing it: the thread takes a new run once it expired.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

import trio

from iaccode.agui import errors as codes
from iaccode.agui.errors import AguiError
from iaccode.agui.threads import ThreadChangedError, ThreadStorageError, thread_key
from iaccode.tasks.coordination import PREFIX, RedisCoordination
from iaccode.tasks.errors import CoordinationUnavailableError, StoreUnavailableError
from iaccode.tasks.postgres_store import PostgresDatabase
from iaccode.tasks.sql_store import Connection
from iaccode.wire import json

# Another replica holds the thread for as long as a request takes (a CancelTask routed to the
# turn waits up to its call timeout): wait a little longer than that before giving up.
HOLD_WAIT_SECONDS = 15.0
_FIRST_RETRY_SECONDS = 0.005
_LAST_RETRY_SECONDS = 0.1


class PostgresThreads:
    """`ThreadBackend` on the `agui_threads` table of a PostgreSQL task store."""

    def __init__(self, database: PostgresDatabase) -> None:
        self.database = database

    async def read(self, thread_id: str) -> tuple[dict[str, Any], int] | None:
        def read(db: Connection) -> Any:
            return db.execute(
                "SELECT body, version FROM agui_threads WHERE key = ?", (thread_key(thread_id),)
            ).fetchone()

        row = await self._run(self.database.read, read)
        if row is None:
            return None
        data = json.loads(row[0])
        if not isinstance(data, dict):
            raise ValueError("not an object")
        return data, int(row[1])

    async def write(self, thread_id: str, data: dict[str, Any], version: int | None) -> int:
        body, now, key = json.dumps(data).decode("utf-8"), time.time(), thread_key(thread_id)

        def write(db: Connection) -> Any:
            if version is None:
                return db.execute(
                    "INSERT INTO agui_threads (key, thread_id, body, version, updated_at) "
                    "VALUES (?, ?, ?, 1, ?) ON CONFLICT (key) DO NOTHING RETURNING version",
                    (key, thread_id, body, now),
                ).fetchone()
            return db.execute(
                "UPDATE agui_threads SET body = ?, version = version + 1, updated_at = ? "
                "WHERE key = ? AND version = ? RETURNING version",
                (body, now, key, version),
            ).fetchone()

        row = await self._run(self.database.write, write)
        if row is None:
            raise ThreadChangedError()
        return int(row[0])

    async def newest(self, limit: int) -> list[str]:
        def newest(db: Connection) -> list[Any]:
            return db.execute(
                "SELECT thread_id FROM agui_threads ORDER BY updated_at DESC LIMIT ?", (limit,)
            ).fetchall()

        rows = await self._run(self.database.read, newest)
        return [row[0] for row in rows]

    async def _run(self, run: Any, fn: Any) -> Any:
        """`run(fn)` (the database's read or write); raises `ThreadStorageError` when the
        database fails (never its message: it may name the server)."""
        try:
            return await run(fn)
        except (StoreUnavailableError, self.database.driver_error) as exc:
            raise ThreadStorageError() from exc


class RedisThreadLeases:
    """`ThreadLeases` on the replicas' coordination."""

    def __init__(self, coordination: RedisCoordination) -> None:
        self.coordination = coordination

    @staticmethod
    def lock_key(thread_id: str) -> str:
        return f"{PREFIX}lease:thread:{thread_key(thread_id)}"

    @staticmethod
    def run_key(thread_id: str) -> str:
        return f"{PREFIX}lease:agui-run:{thread_key(thread_id)}"

    @contextlib.asynccontextmanager
    async def hold(self, thread_id: str) -> AsyncIterator[None]:
        """Raises THREAD_BUSY when another replica held the thread for `HOLD_WAIT_SECONDS`,
        A2A_UNAVAILABLE when Redis cannot be reached."""
        key = self.lock_key(thread_id)
        pause = _FIRST_RETRY_SECONDS
        with trio.move_on_after(HOLD_WAIT_SECONDS):
            while not await self._acquire(key):
                await trio.sleep(pause)
                pause = min(pause * 2, _LAST_RETRY_SECONDS)
        if not self.coordination.holds(key):
            raise AguiError(
                codes.THREAD_BUSY, "The thread is being changed on another replica; retry."
            )
        try:
            yield
        finally:
            self.coordination.release(key)

    async def claim_run(self, thread_id: str) -> bool:
        return await self._acquire(self.run_key(thread_id))

    def release_run(self, thread_id: str) -> None:
        self.coordination.release(self.run_key(thread_id))

    async def _acquire(self, key: str) -> bool:
        try:
            return await self.coordination.acquire(key)
        except CoordinationUnavailableError as error:
            raise AguiError(codes.A2A_UNAVAILABLE, error.message) from None


__all__ = ["PostgresThreads", "RedisThreadLeases"]
