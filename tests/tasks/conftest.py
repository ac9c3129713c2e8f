"""The task store under test: every test that takes `open_store` runs on SQLite (the embedded
default) and on a real PostgreSQL server (tests/postgres_process.py, through the fixtures of
tests/conftest.py), so one suite proves both backends."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from iaccode.tasks.sql_store import SQLTaskStore
from iaccode.tasks.sqlite_store import SQLiteTaskStore

OpenStore = Callable[[], Awaitable[SQLTaskStore]]


@pytest.fixture(params=["sqlite", "postgres"])
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> OpenStore:
    """Opens the store of this test; each call opens the same data again (a restart)."""
    if request.param == "sqlite":
        return lambda: SQLiteTaskStore.open(tmp_path / "tasks.db")
    from iaccode.tasks.postgres_store import PostgresTaskStore

    url = request.getfixturevalue("postgres_url")
    return lambda: PostgresTaskStore.open(url)
