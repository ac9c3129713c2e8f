"""A real PostgreSQL server for the tests that need one (`iaccode.testing.postgres`), as
fixtures. Outside CI, a machine without PostgreSQL skips these tests with the reason; in CI
(CI=true) they fail instead, so a missing install step cannot hide."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from iaccode.testing.postgres import PostgresProcess, PostgresUnavailable

__all__ = ["PostgresProcess", "own_postgres", "postgres_server", "postgres_url"]


def start_postgres() -> PostgresProcess:
    pytest.importorskip("psycopg", reason="the postgres extra is not installed")
    try:
        server = PostgresProcess()
    except PostgresUnavailable as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{exc} (scripts/test installs postgresql; CI must run these tests)")
        pytest.skip(str(exc))
    server.start()
    return server


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresProcess]:
    server = start_postgres()
    yield server
    server.remove()


@pytest.fixture
def own_postgres() -> Iterator[PostgresProcess]:
    """A PostgreSQL server of one test's own, to stop and start again (outages)."""
    server = start_postgres()
    yield server
    server.remove()


_databases = iter(range(1, 1 << 30))


@pytest.fixture
def postgres_url(postgres_server: PostgresProcess) -> str:
    """The URL of a database of its own for one test."""
    return postgres_server.create_database(f"t{os.getpid()}_{next(_databases)}")
