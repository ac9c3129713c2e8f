"""The task store under test: every test that takes `open_store` runs on SQLite (the embedded
default) and on a real PostgreSQL server (tests/postgres_process.py, through the fixtures of
tests/conftest.py), so one suite proves both backends."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from iaccode.tasks.sql_store import SQLTaskStore
from iaccode.tasks.sqlite_store import SQLiteTaskStore


@attrs.frozen
class OpenStore:
    """Opens the store of one test; each call opens the same data again (a restart). `sql`
    runs one statement (`?` placeholders) on a connection of its own, as an operator's shell
    would."""

    open: Callable[[], Awaitable[SQLTaskStore]]
    path: Path | None = None  # SQLite's file
    url: str | None = None  # PostgreSQL's database

    def __call__(self) -> Awaitable[SQLTaskStore]:
        return self.open()

    def sql(self, statement: str, *params: object) -> list[tuple[Any, ...]]:
        if self.path is not None:
            db = sqlite3.connect(self.path, timeout=5)
            try:
                with db:
                    return db.execute(statement, params).fetchall()
            finally:
                db.close()
        import psycopg

        assert self.url is not None
        with psycopg.connect(self.url) as conn:
            cursor = conn.execute(statement.replace("?", "%s"), params)  # type: ignore[arg-type]
            return cursor.fetchall() if cursor.description else []


@pytest.fixture(params=["sqlite", "postgres"])
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> OpenStore:
    if request.param == "sqlite":
        path = tmp_path / "state" / "tasks.db"
        return OpenStore(lambda: SQLiteTaskStore.open(path), path=path)
    from iaccode.tasks.postgres_store import PostgresTaskStore

    url = request.getfixturevalue("postgres_url")
    return OpenStore(lambda: PostgresTaskStore.open(url), url=url)
