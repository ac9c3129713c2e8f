"""A real PostgreSQL server for the tests that need one, started and stopped by the tests.

Debian's `postgresql` package (scripts/test installs it): `initdb` and `postgres` from
/usr/lib/postgresql/<version>/bin, a cluster in a temporary directory, listening on loopback
only, trust authentication for the one test user. PostgreSQL refuses to run as root, so as root
(CI) the server runs as the `postgres` system user the package creates (started under that
user directly, so that signals reach it); its directory is made for it outside the tests'
(root-only) temp dirs.

Outside CI, a machine without PostgreSQL skips these tests with the reason; in CI (CI=true)
they fail instead, so a missing install step cannot hide.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.redis_process import free_port

USER = "iaccode"


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's bin directory, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"), key=_version)
    return Path(found[-1]).parent if found else None


def _version(path: str) -> int:
    try:
        return int(Path(path).parent.parent.name)
    except ValueError:
        return 0


def unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (scripts/test installs postgresql; CI must run these tests)")
    pytest.skip(reason)


class PostgresProcess:
    """A PostgreSQL cluster on loopback in its own directory; `stop()` and `start()` at will."""

    def __init__(self) -> None:
        bin_dir = postgres_bin()
        if bin_dir is None:
            unavailable("PostgreSQL is not installed (apt-get install postgresql)")
        assert bin_dir is not None
        self.bin = bin_dir
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="iaccode-pg-"))
        self.data = self.root / "data"
        self._user: dict[str, Any] = {}
        if os.geteuid() == 0:  # initdb and postgres refuse root
            try:
                account = pwd.getpwnam("postgres")
            except KeyError:
                unavailable("running as root and there is no postgres user to run PostgreSQL")
            os.chown(self.root, account.pw_uid, account.pw_gid)
            self._user = {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": []}
        self._proc: subprocess.Popen[bytes] | None = None
        self._initdb()

    def url(self, dbname: str = "postgres", **options: str) -> str:
        query = "&".join(f"{k}={v}" for k, v in options.items())
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{dbname}" + (
            f"?{query}" if query else ""
        )

    def _initdb(self) -> None:
        args = [str(self.bin / "initdb"), "-D", str(self.data), "-U", USER]
        args += ["-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]
        done = subprocess.run(
            args, capture_output=True, timeout=120, check=False, cwd=self.root, **self._user
        )
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed: {done.stderr.decode(errors='replace')[-500:]}")

    def start(self) -> None:
        args = [str(self.bin / "postgres"), "-D", str(self.data)]
        args += ["-h", "127.0.0.1", "-p", str(self.port), "-k", str(self.root)]
        # A test cluster: durability against power loss is not what these tests check.
        args += ["-c", "fsync=off", "-c", "full_page_writes=off", "-c", "max_connections=200"]
        log = (self.root / "postgres.log").open("ab")
        self._proc = subprocess.Popen(
            args, stdout=log, stderr=subprocess.STDOUT, cwd=self.root, **self._user
        )
        deadline = time.monotonic() + 30
        ready = [str(self.bin / "pg_isready"), "-h", "127.0.0.1", "-p", str(self.port), "-q"]
        while subprocess.run(ready, check=False, timeout=10).returncode != 0:
            if time.monotonic() > deadline or self._proc.poll() is not None:
                raise RuntimeError("PostgreSQL did not start; see " + str(self.root))
            time.sleep(0.05)

    def stop(self) -> None:
        """A fast shutdown (SIGINT): open connections are cut, as when the server goes away."""
        if self._proc is not None:
            self._proc.send_signal(2)
            try:
                self._proc.wait(30)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
            self._proc = None

    def create_database(self, name: str) -> str:
        """A fresh database; returns its URL."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
        return self.url(name)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresProcess]:
    pytest.importorskip("psycopg", reason="the postgres extra is not installed")
    server = PostgresProcess()
    server.start()
    yield server
    server.remove()


@pytest.fixture
def own_postgres() -> Iterator[PostgresProcess]:
    """A PostgreSQL server of one test's own, to stop and start again (outages)."""
    pytest.importorskip("psycopg", reason="the postgres extra is not installed")
    server = PostgresProcess()
    server.start()
    yield server
    server.remove()


_databases = iter(range(1, 1 << 30))


@pytest.fixture
def postgres_url(postgres_server: PostgresProcess) -> str:
    """The URL of a database of its own for one test."""
    return postgres_server.create_database(f"t{os.getpid()}_{next(_databases)}")
