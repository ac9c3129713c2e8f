"""Push notification configs on SQLite, with their secrets encrypted at rest.

A2A spec §3.1.7-3.1.10 (a2a.md §8): a config is stored per task, with a server-assigned id when
the client gives none and the client's id honoured otherwise; configs persist until deleted (the
TCK reads them back on completed tasks), and delete is idempotent. Issue 4 scopes configs to the
principal that created them: every method but `for_task` takes the owner, and another owner sees
nothing. iac-code-reference 1.5 keeps one JSON file per config; DESIGN.md "State and durability"
puts push configs in the SQLite database instead, here in its own table `push_configs` next to
the task store's tables (same file, own connection, same pragmas, work in worker threads). With
`task-store: postgres` the table is in PostgreSQL, on the task store's pool (`PushConfigStore.on`);
the SQL is the same.

The notification token and `authentication.credentials` are stored encrypted with the push
keyring (seed "Push-Notification-Config-Methoden"), in their own columns; the rest of the config
is its ProtoJSON text. What `create`, `get` and `list` return has them DECRYPTED: A2A answers a
config as it was created, and only its creator can read it, so the caller learns nothing it did
not send. Logs never carry them.

URLs are checked before storing (`urls.check_url`, then the DNS check with a short bound; a name
that does not resolve yet is accepted, since the send-time check refuses it if it resolves badly).
"""

from __future__ import annotations

import base64
import binascii
import builtins
import contextlib
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import attrs
import trio

from iaccode.model import codec
from iaccode.model.a2a import AuthenticationInfo, TaskPushNotificationConfig
from iaccode.model.errors import InvalidParamsError
from iaccode.model.ids import new_id
from iaccode.tasks import sqlite_store
from iaccode.tasks.push.keyring import KeyringError, PushKeyring
from iaccode.tasks.push.urls import check_resolved, check_url
from iaccode.tasks.sql_store import Connection, Database
from iaccode.wire import json

log = logging.getLogger("iaccode.push")

T = TypeVar("T")
DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 1000
_SCHEMA = """
CREATE TABLE IF NOT EXISTS push_configs (
    owner TEXT NOT NULL,
    task_id TEXT NOT NULL,
    id TEXT NOT NULL,
    body TEXT NOT NULL,
    token TEXT,
    credentials TEXT,
    legacy INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL,
    PRIMARY KEY (owner, task_id, id)
);
CREATE INDEX IF NOT EXISTS push_configs_by_task ON push_configs (task_id);
"""
_COLUMNS = "owner, body, token, credentials, legacy"
Row = tuple[str, str, str | None, str | None, int]


@attrs.frozen
class PushTarget:
    """A stored config as delivery needs it: whose it is, and which body it wants."""

    owner: str
    config: TaskPushNotificationConfig
    legacy: bool = False  # created through a 0.3 method: the body is the Task, not a StreamResponse


class PushConfigStore:
    """Open with `await PushConfigStore.open(path, keyring)`; `path` is the task database."""

    def __init__(
        self,
        database: Database,
        keyring: PushKeyring,
        *,
        allow_loopback: bool = False,
        check_dns: bool = True,
        dns_timeout: float = 2.0,
        owns_database: bool = True,
    ) -> None:
        self._database = database
        self._owns_database = owns_database
        self._keyring = keyring
        self.allow_loopback = allow_loopback
        self.check_dns = check_dns
        self.dns_timeout = dns_timeout

    @classmethod
    async def open(cls, path: Path, keyring: PushKeyring, **options: Any) -> PushConfigStore:
        """Open (creating when needed) the `push_configs` table in the database at `path`."""

        def connect() -> sqlite_store.SQLiteDatabase:
            path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite_store.open_database(path)
            with db:
                db.executescript(_SCHEMA)
            return sqlite_store.SQLiteDatabase(db, None)  # one connection, one transaction a time

        return cls(await trio.to_thread.run_sync(connect), keyring, **options)

    @classmethod
    def on(cls, database: Database, keyring: PushKeyring, **options: Any) -> PushConfigStore:
        """The configs in a shared store's database, whose schema has the table (PostgreSQL);
        closing this store leaves the database open."""
        return cls(database, keyring, owns_database=False, **options)

    async def _run(self, fn: Callable[[Connection], T]) -> T:
        return await self._database.write(fn)  # one transaction, committed or rolled back

    async def aclose(self) -> None:
        if self._owns_database:
            await self._database.aclose()

    # -- the four A2A methods ------------------------------------------------------------------

    async def create(
        self, owner: str, config: TaskPushNotificationConfig, *, legacy: bool = False
    ) -> TaskPushNotificationConfig:
        """Store (or replace) `config` for `owner`; returns it with its id, secrets in clear.

        Raises `CallbackUrlError` for a refused URL and `ValueError` without a task id.
        """
        if not config.task_id:
            raise ValueError("a push config needs a task id")
        check_url(config.url, allow_loopback=self.allow_loopback)
        if self.check_dns:
            # A name that does not resolve (yet) is accepted: the send-time check decides.
            with trio.move_on_after(self.dns_timeout), contextlib.suppress(OSError):
                await check_resolved(config.url, allow_loopback=self.allow_loopback)
        stored = attrs.evolve(config, id=config.id or new_id())
        body, token, credentials = self._seal(stored)
        task_id, config_id, now = stored.task_id, stored.id, time.time()

        def run(db: Connection) -> None:
            db.execute(
                "INSERT INTO push_configs"
                " (owner, task_id, id, body, token, credentials, legacy, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (owner, task_id, id) DO UPDATE SET"
                " body = excluded.body, token = excluded.token,"
                " credentials = excluded.credentials, legacy = excluded.legacy",
                (owner, task_id, config_id, body, token, credentials, int(legacy), now),
            )

        await self._run(run)
        return stored

    async def get(
        self, owner: str, task_id: str, config_id: str
    ) -> TaskPushNotificationConfig | None:
        row = await self._run(
            lambda db: db.execute(
                f"SELECT {_COLUMNS} FROM push_configs WHERE owner = ? AND task_id = ? AND id = ?",
                (owner, task_id, config_id),
            ).fetchone()
        )
        return None if row is None else self._open_row(row).config

    async def list(
        self,
        owner: str,
        task_id: str,
        page_size: int | None = None,
        page_token: str | None = None,
    ) -> tuple[builtins.list[TaskPushNotificationConfig], str]:
        """One page of `owner`'s configs of a task, by id; the next page's token or ""."""
        size = min(page_size or DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
        if size < 1:
            raise InvalidParamsError("pageSize must be positive", field="pageSize")
        after = _decode_token(page_token) if page_token else None

        def run(db: Connection) -> builtins.list[tuple[Any, ...]]:
            sql = f"SELECT {_COLUMNS}, id FROM push_configs WHERE owner = ? AND task_id = ?"
            params: builtins.list[Any] = [owner, task_id]
            if after is not None:
                sql += " AND id > ?"
                params.append(after)
            return db.execute(sql + " ORDER BY id LIMIT ?", [*params, size + 1]).fetchall()

        rows = await self._run(run)
        more = len(rows) > size
        rows = rows[:size]
        configs = [self._open_row(row[:5]).config for row in rows]
        return configs, _encode_token(rows[-1][5]) if more and rows else ""

    async def delete(self, owner: str, task_id: str, config_id: str) -> bool:
        """Delete a config; deleting one that does not exist is not an error (returns False)."""
        count = await self._run(
            lambda db: (
                db.execute(
                    "DELETE FROM push_configs WHERE owner = ? AND task_id = ? AND id = ?",
                    (owner, task_id, config_id),
                ).rowcount
            )
        )
        return bool(count)

    # -- for delivery and housekeeping ---------------------------------------------------------

    async def for_task(self, task_id: str) -> builtins.list[PushTarget]:
        """Every owner's configs of a task, secrets in clear, for building delivery jobs.

        A config whose secrets no longer decrypt (the keyring was replaced) is skipped and
        logged: delivering it without its credentials would be wrong.
        """
        rows = await self._run(
            lambda db: db.execute(
                f"SELECT {_COLUMNS} FROM push_configs WHERE task_id = ? ORDER BY owner, id",
                (task_id,),
            ).fetchall()
        )
        targets = []
        for row in rows:
            try:
                targets.append(self._open_row(row))
            except KeyringError as exc:
                log.error("push config of task %s skipped: %s", task_id, exc)
        return targets

    async def reencrypt_secrets(self) -> int:
        """Re-encrypt secrets stored under an old key with the active one (key rotation)."""
        keyring = self._keyring

        def run(db: Connection) -> int:
            changed = 0
            rows = db.execute(
                "SELECT owner, task_id, id, token, credentials FROM push_configs"
            ).fetchall()
            for owner, task_id, config_id, token, credentials in rows:
                values = [v for v in (token, credentials) if v is not None]
                if not any(keyring.needs_reencryption(v) for v in values):
                    continue
                db.execute(
                    "UPDATE push_configs SET token = ?, credentials = ?"
                    " WHERE owner = ? AND task_id = ? AND id = ?",
                    (
                        None if token is None else keyring.reencrypt(token),
                        None if credentials is None else keyring.reencrypt(credentials),
                        owner,
                        task_id,
                        config_id,
                    ),
                )
                changed += 1
            return changed

        return await self._run(run)

    # -- encoding ------------------------------------------------------------------------------

    def _seal(self, config: TaskPushNotificationConfig) -> tuple[str, str | None, str | None]:
        auth = config.authentication
        credentials = auth.credentials if auth is not None else None
        public = attrs.evolve(
            config,
            token=None,
            authentication=None if auth is None else attrs.evolve(auth, credentials=None),
        )
        body = json.dumps(codec.unstructure(public)).decode("utf-8")
        encrypt = self._keyring.encrypt
        return (
            body,
            None if config.token is None else encrypt(config.token),
            None if credentials is None else encrypt(credentials),
        )

    def _open_row(self, row: Row | tuple[Any, ...]) -> PushTarget:
        owner, body, token, credentials, legacy = row
        config = codec.structure(json.loads(body), TaskPushNotificationConfig)
        decrypt = self._keyring.decrypt
        if token is not None:
            config = attrs.evolve(config, token=decrypt(token))
        if credentials is not None:
            auth = config.authentication or AuthenticationInfo(scheme="Bearer")
            config = attrs.evolve(
                config, authentication=attrs.evolve(auth, credentials=decrypt(credentials))
            )
        return PushTarget(owner=owner, config=config, legacy=bool(legacy))


def _encode_token(config_id: str) -> str:
    return base64.urlsafe_b64encode(config_id.encode("utf-8")).decode("ascii").rstrip("=")


def _decode_token(token: str) -> str:
    try:
        padded = token + "=" * (-len(token) % 4)
        return base64.b64decode(padded, altchars=b"-_", validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        raise InvalidParamsError("pageToken is not valid", field="pageToken") from None
