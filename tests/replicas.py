"""Several `iaccode a2a` replicas as real processes sharing one PostgreSQL database (and, with
more than one, one Redis for coordination), behind the round-robin proxy
(iaccode.testing.tcp_proxy), as a deployment behind a load balancer runs them.

Each replica has its own persistence-dir and port and the same push keyring; a replica is what
docs/deployment.md describes: `task-store: postgres`, `task-store-url`, `coordination-url`.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import trio
import yaml
from cryptography.fernet import Fernet

from iaccode.testing.tcp_proxy import RoundRobinProxy
from tests.process import ServerProcess
from tests.redis_process import RedisProcess

SCENARIO_ENGINE = "iaccode.testing.engines:ScenarioEngine"
# What this version says when it cannot coordinate replicas yet (core.open_store).
_NO_COORDINATION = "coordination-url: coordination across replicas (Redis) is not in this version"
NEEDS_COORDINATION = (
    "needs Redis coordination across replicas (coordination-url: event fan-out, cancel and "
    "permission routing, context leases, issue 19), which this version refuses at start-up"
)


class CoordinationUnavailable(Exception):
    """This version refuses `coordination-url`: several replicas cannot share a task store."""


class Replicas:
    """`count` replicas of one deployment; `start()` them, then `url` (the proxy, once served
    with `serve_proxy`) or `urls` (each replica, to pin a connection to one)."""

    def __init__(
        self,
        root: Path,
        count: int,
        *,
        task_store_url: str,
        coordination_url: str | None,
        allowed_cwds: Sequence[Path] = (),
        settings: dict[str, Any] | None = None,
        env: dict[str, str] | None = None,
        command: str = "a2a",
    ) -> None:
        # The same configuration file for all, as a deployment gives every replica.
        root.mkdir(parents=True, exist_ok=True)
        config = root / "replica.yml"
        config.write_text(yaml.safe_dump({"shutdown-grace-seconds": 2, **(settings or {})}))
        shared = {
            "IACCODE_A2A_TASK_STORE": "postgres",
            "IACCODE_A2A_TASK_STORE_URL": task_store_url,
            # One keyring for all: a push config stored by one replica is read by another.
            "IAC_CODE_A2A_PUSH_KEYRING": Fernet.generate_key().decode(),
            **(env or {}),
        }
        if coordination_url is not None:
            shared["IACCODE_A2A_COORDINATION_URL"] = coordination_url
        self.servers = [
            ServerProcess(
                root / f"replica-{number}",
                engine=SCENARIO_ENGINE,
                allowed_cwds=allowed_cwds,
                extra_args=["--config", str(config)],
                env=shared,
                command=command,
            )
            for number in range(count)
        ]
        self.proxy: RoundRobinProxy | None = None

    @property
    def urls(self) -> list[str]:
        return [server.url for server in self.servers]

    @property
    def url(self) -> str:
        assert self.proxy is not None, "serve_proxy() first"
        return self.proxy.url

    async def start(self) -> Replicas:
        """Start every replica: the first alone (it creates the schema), the others together.

        Raises `CoordinationUnavailable` when this version refuses `coordination-url`, and
        `RuntimeError` (with the replica's log) when one does not start for another reason.
        """
        await trio.to_thread.run_sync(self.start_blocking)
        return self

    def start_blocking(self) -> None:
        """`start()` outside Trio."""
        first, *others = self.servers
        try:
            first.start(60)
            with concurrent.futures.ThreadPoolExecutor(max(len(others), 1)) as pool:
                for started in [pool.submit(server.start, 60) for server in others]:
                    started.result()
        except RuntimeError:
            self.kill_all()
            if any(_NO_COORDINATION in line for server in self.servers for line in server.lines):
                raise CoordinationUnavailable(NEEDS_COORDINATION) from None
            raise

    async def serve_proxy(self, nursery: trio.Nursery) -> RoundRobinProxy:
        """The round-robin proxy in front of the replicas, served in `nursery`."""
        backends = [("127.0.0.1", server.port) for server in self.servers]
        self.proxy = await nursery.start(RoundRobinProxy(backends, lifetime=300).serve)
        return self.proxy

    def sigkill(self, number: int) -> None:
        """Kill replica `number` as a crash would: no shutdown, no last words."""
        self.servers[number].kill()  # SIGKILL, and reaped

    def kill_all(self) -> None:
        for server in self.servers:
            server.kill()


def coordination_refusal(root: Path, task_store_url: str, coordination_url: str) -> str | None:
    """Why this version cannot share a task store between replicas (it refuses
    `coordination-url` at start-up), or None once it accepts it: one replica started and
    stopped. Raises `RuntimeError` when the replica fails for another reason."""
    probe = Replicas(root, 1, task_store_url=task_store_url, coordination_url=coordination_url)
    try:
        probe.start_blocking()
    except CoordinationUnavailable as refused:
        return str(refused)
    finally:
        probe.kill_all()
    return None


def deploy(
    request: pytest.FixtureRequest,
    root: Path,
    count: int,
    *,
    allowed_cwds: Sequence[Path] = (),
    settings: dict[str, Any] | None = None,
    command: str = "a2a",
) -> Replicas:
    """`count` replicas (not started yet; `command` "agui": AG-UI adapters, each with its core)
    on a fresh database of the session's PostgreSQL and, for more than one, a Redis of their
    own (no keys left by another test), which with push on also holds their one push queue (as
    replicas must share one); all stopped when the test ends."""
    coordination = None
    if count > 1:
        redis = RedisProcess(root / "redis")
        redis.start()
        request.addfinalizer(redis.stop)
        coordination = redis.url
        if (settings or {}).get("push-notifications"):
            shared_queue = {"push-queue": "redis-streams", "push-redis-url": coordination}
            settings = {**shared_queue, **(settings or {})}
    deployed = Replicas(
        root / "replicas",
        count,
        task_store_url=request.getfixturevalue("postgres_database")(),
        coordination_url=coordination,
        allowed_cwds=allowed_cwds,
        settings=settings,
        command=command,
    )
    request.addfinalizer(deployed.kill_all)
    return deployed
