"""Shared fixtures: a real server on a loopback port, and an A2A client speaking JSON-RPC to it."""

from __future__ import annotations

import functools
import inspect
import os
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.config import Config
from iaccode.server import RunningServer, serve
from tests.client import A2AClient
from tests.postgres_process import (  # noqa: F401  (fixtures)
    own_postgres,
    postgres_database,
    postgres_server,
    postgres_url,
)
from tests.redis_process import (
    RedisProcess,
    redis_server,  # noqa: F401  (a session fixture for every test)
)
from tests.replicas import Replicas, coordination_refusal, deploy
from tests.tls import tls_files  # noqa: F401  (a fixture for every test)

SCENARIO_ENGINE = "iaccode.testing.engines:ScenarioEngine"
HTTP_SERVERS = ("builtin", "hypercorn")
TASK_STORES = ("sqlite", "postgres")
# Where a test marked `replicas` finds its server: in this process (as every other test), or
# real replica processes on PostgreSQL behind the round-robin proxy (tests/replicas.py).
IN_PROCESS = "in-process"
DEPLOYMENTS = {IN_PROCESS: 0, "three-replicas-behind-proxy": 3}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "http_servers: run the tests that start a server under every HTTP server "
        "(the built-in loop and hypercorn)",
    )
    config.addinivalue_line(
        "markers",
        "builtin_only(reason): tests the built-in HTTP loop itself; not run under hypercorn",
    )
    config.addinivalue_line(
        "markers",
        "task_stores: run the tests that start a server on every task store (SQLite and a "
        "real PostgreSQL); IACCODE_TEST_TASK_STORE=postgres runs every test on PostgreSQL",
    )
    config.addinivalue_line(
        "markers",
        "replicas: run the test also on three replica processes sharing PostgreSQL and Redis "
        "behind a round-robin proxy; it must reach the server through a2a or http",
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    definition = metafunc.definition
    if (
        "http_server" in metafunc.fixturenames
        and definition.get_closest_marker("http_servers")
        and not definition.get_closest_marker("builtin_only")
    ):
        metafunc.parametrize("http_server", HTTP_SERVERS, indirect=True)
    if "task_store" in metafunc.fixturenames and definition.get_closest_marker("task_stores"):
        metafunc.parametrize("task_store", TASK_STORES, indirect=True)
    if definition.get_closest_marker("replicas") and "deployment" in metafunc.fixturenames:
        own = set(inspect.signature(metafunc.function).parameters)
        if own & {"server", "start_server", "make_config"}:
            raise pytest.UsageError(
                f"{definition.nodeid}: a test marked replicas reaches the server through "
                "a2a or http only (the replicas are other processes)"
            )
        metafunc.parametrize("deployment", list(DEPLOYMENTS), indirect=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Replicas run the built-in HTTP server on PostgreSQL whatever the in-process variants
    # are: keep one replica variant per test, not one per HTTP server and task store.
    kept, dropped = [], []
    for item in items:
        params = getattr(item, "callspec", None)
        params = params.params if params is not None else {}
        replicated = params.get("deployment", IN_PROCESS) != IN_PROCESS
        default = params.get("http_server", "builtin") == "builtin"
        default = default and params.get("task_store", "sqlite") == "sqlite"
        (dropped if replicated and not default else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture
def http_server(request: pytest.FixtureRequest) -> str:
    """The `http-server` of the servers a test starts: builtin, unless run under both."""
    return str(getattr(request, "param", "builtin"))


TaskStoreFor = Callable[[Path], dict[str, Any]]


@pytest.fixture
def task_store(request: pytest.FixtureRequest) -> TaskStoreFor:
    """The task store settings of a server on a given persistence-dir: SQLite unless run under
    both (or IACCODE_TEST_TASK_STORE=postgres). On PostgreSQL each persistence-dir gets a
    database of its own, so that servers of one test share state exactly when they would on
    SQLite (a restart on the same directory), and two on different directories do not."""
    kind = getattr(request, "param", None) or os.environ.get("IACCODE_TEST_TASK_STORE", "sqlite")
    if kind != "postgres":
        return lambda directory: {}
    databases: dict[Path, str] = {}

    def settings(directory: Path) -> dict[str, Any]:
        if directory not in databases:
            databases[directory] = request.getfixturevalue("postgres_database")()
        return {"task_store": "postgres", "task_store_url": databases[directory]}

    return settings


def task_store_env(settings: dict[str, Any]) -> dict[str, str]:
    """Task store settings as the environment variables of a server process."""
    names = {"task_store": "IACCODE_A2A_TASK_STORE", "task_store_url": "IACCODE_A2A_TASK_STORE_URL"}
    return {names[key]: str(value) for key, value in settings.items()}


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the real ~/.iac-code, or sees the caller's A2A settings."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("IAC_CODE_CONFIG_DIR", str(tmp_path / "config"))
    for name in ("IACCODE_A2A_ALLOWED_CWDS", "AGENTCORE_RUNTIME_URL"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    path = tmp_path / "workspace"
    path.mkdir()
    return path


@pytest.fixture
def server_dir(tmp_path: Path) -> Path:
    """Where the test servers keep their state (tasks, artifacts, audit log)."""
    return tmp_path / "state"


@pytest.fixture
def make_config(
    tmp_path: Path, workspace: Path, http_server: str, task_store: TaskStoreFor
) -> Callable[..., Config]:
    def make(**overrides: Any) -> Config:
        values: dict[str, Any] = {
            "http_server": http_server,
            "host": "127.0.0.1",
            "port": 0,
            "persistence_dir": tmp_path / "state",
            "engine": SCENARIO_ENGINE,
            "allowed_cwds": (workspace, tmp_path / "other"),
            "shutdown_grace_seconds": 2.0,
        }
        values.update(overrides)
        for key, value in task_store(Path(values["persistence_dir"])).items():
            values.setdefault(key, value)
        (tmp_path / "other").mkdir(exist_ok=True)
        return Config(**values)

    return make


@pytest.fixture
def start_server(nursery: trio.Nursery, make_config: Callable[..., Config]) -> Callable[..., Any]:
    async def start(**overrides: Any) -> RunningServer:
        config = make_config(**overrides)
        running: RunningServer = await nursery.start(
            functools.partial(serve, config, handle_signals=False)
        )
        return running

    return start


@pytest.fixture(scope="session")
def coordination_refused(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> str | None:
    """Why this version cannot run several replicas on one task store, or None if it can
    (asked once: a replica with `coordination-url` started or refused)."""
    postgres = request.getfixturevalue("postgres_server")
    redis: RedisProcess = request.getfixturevalue("redis_server")
    url = postgres.create_database("coordination_probe")
    try:
        return coordination_refusal(tmp_path_factory.mktemp("probe"), url, redis.url)
    finally:
        postgres.drop_database("coordination_probe")


@pytest.fixture
def coordinated(coordination_refused: str | None) -> None:
    """Skip (with the reason) when this version cannot run several replicas on one store."""
    if coordination_refused:
        pytest.skip(coordination_refused)


@pytest.fixture
def deployment(request: pytest.FixtureRequest) -> str:
    """Where the test's server runs: in-process unless the test is marked `replicas`."""
    kind = str(getattr(request, "param", IN_PROCESS))
    if DEPLOYMENTS[kind] > 1 and (reason := request.getfixturevalue("coordination_refused")):
        pytest.skip(reason)
    return kind


@pytest.fixture
def replicas(
    deployment: str, request: pytest.FixtureRequest, tmp_path: Path, workspace: Path
) -> Replicas | None:
    """The replica processes of a `replicas` variant (started by `server`), else None."""
    count = DEPLOYMENTS[deployment]
    if not count:
        return None
    (tmp_path / "other").mkdir(exist_ok=True)
    return deploy(request, tmp_path, count, allowed_cwds=(workspace, tmp_path / "other"))


@pytest.fixture
async def server(
    start_server: Callable[..., Any], replicas: Replicas | None, nursery: trio.Nursery
) -> RunningServer | None:
    """The test's server, in this process; None on replicas (a test marked `replicas`), which
    this starts behind the proxy instead."""
    if replicas is not None:
        await replicas.start()
        await replicas.serve_proxy(nursery)
        return None
    running: RunningServer = await start_server()
    return running


@pytest.fixture
async def http(
    server: RunningServer | None, replicas: Replicas | None
) -> AsyncIterator[httpx.AsyncClient]:
    if replicas is not None:
        # No keep-alive: each request is a connection of its own, so that the proxy spreads a
        # test's requests over the replicas (a follow-up lands on another one than its task).
        limits = httpx.Limits(max_keepalive_connections=0)
        async with httpx.AsyncClient(base_url=replicas.url, timeout=20, limits=limits) as client:
            yield client
        return
    assert server is not None
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as client:
        yield client


@pytest.fixture
def a2a(http: httpx.AsyncClient, workspace: Path) -> A2AClient:
    return A2AClient(http, cwd=workspace)
