"""A real PostgreSQL server for the tests that need one (`iaccode.testing.postgres`), as
fixtures. Outside CI, a machine without PostgreSQL skips these tests with the reason; in CI
(CI=true) they fail instead, so a missing install step cannot hide."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest

from iaccode.testing.postgres import PostgresProcess, PostgresUnavailable

__all__ = [
    "PostgresProcess",
    "own_postgres",
    "postgres_database",
    "postgres_server",
    "postgres_url",
]


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
def postgres_database(postgres_server: PostgresProcess) -> Iterator[Callable[[], str]]:
    """Makes fresh databases (returns the URL of each), dropped when the test ends."""
    made: list[str] = []

    def make() -> str:
        name = f"t{os.getpid()}_{next(_databases)}"
        made.append(name)
        return postgres_server.create_database(name)

    yield make
    for name in made:  # a database is a few MB on disk: hundreds of tests would fill it
        postgres_server.drop_database(name)


@pytest.fixture
def postgres_url(postgres_database: Callable[[], str]) -> str:
    """The URL of a database of its own for one test."""
    return postgres_database()
