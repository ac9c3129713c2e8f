"""A real PostgreSQL server on loopback, for tests and benchmarks (started and stopped by them).

Debian's `postgresql` package (scripts/test installs it): `initdb` and `postgres` from
/usr/lib/postgresql/<version>/bin, a cluster in a temporary directory, listening on 127.0.0.1
only, trust authentication for the one user `iaccode`. PostgreSQL refuses to run as root, so as
root (CI) the server runs as the `postgres` system user the package creates (started under that
user directly, so that signals reach it), in a directory made for it outside the tests' root-only
temp dirs. Needs the `postgres` extra only for `create_database`.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.parse
from pathlib import Path
from typing import Any

USER = "iaccode"


class PostgresUnavailable(Exception):
    """PostgreSQL cannot run here; the text says why."""


def postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's bin directory, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"), key=_version)
    return Path(found[-1]).parent if found else None


def _version(path: str) -> int:
    try:
        return int(Path(path).parent.parent.name)
    except ValueError:
        return 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PostgresProcess:
    """A PostgreSQL cluster on loopback in its own directory; `stop()` and `start()` at will.

    Raises `PostgresUnavailable` when PostgreSQL is not installed or cannot run as this user,
    `RuntimeError` when initdb or the server fails (the log stays in `root` until `remove`).
    """

    def __init__(self, *, durable: bool = False) -> None:
        bin_dir = postgres_bin()
        if bin_dir is None:
            raise PostgresUnavailable("PostgreSQL is not installed (apt-get install postgresql)")
        self.bin = bin_dir
        self.port = _free_port()
        self.durable = durable  # False: fsync off (tests check behaviour, not power loss)
        self.root = Path(tempfile.mkdtemp(prefix="iaccode-pg-"))
        self.data = self.root / "data"
        self._user: dict[str, Any] = {}
        if os.geteuid() == 0:  # initdb and postgres refuse root
            try:
                account = pwd.getpwnam("postgres")
            except KeyError:
                raise PostgresUnavailable(
                    "running as root and there is no postgres user to run PostgreSQL"
                ) from None
            os.chown(self.root, account.pw_uid, account.pw_gid)
            self._user = {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": []}
        self._proc: subprocess.Popen[bytes] | None = None
        self._initdb()

    def url(self, dbname: str = "postgres", **options: str) -> str:
        query = urllib.parse.urlencode(options)
        path = urllib.parse.quote(dbname, safe="")
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{path}" + (f"?{query}" if query else "")

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
        args += ["-c", "max_connections=200"]
        if not self.durable:
            args += ["-c", "fsync=off", "-c", "full_page_writes=off"]
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
        from psycopg import sql

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    def drop_database(self, name: str) -> None:
        """Drop a database made by `create_database`, cutting its connections."""
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
