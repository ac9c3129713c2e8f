"""The kill -9 soak (issue 16): clients under load, the server SIGKILLed at random moments.

Each round starts `iaccode a2a` (a real process, push notifications on, to a real receiver on
loopback), lets `clients` clients send messages with inline push configs, follow up, and
cancel, and kills the server after a random part of `round_seconds`. Then a last server starts
on the same state and the soak checks what must hold whatever the crash point was:

- lost: acknowledged tasks (the server answered with their id) that GetTask does not know;
- stuck: tasks still SUBMITTED or WORKING once the last server has recovered;
- unnotified: tasks whose final settled status (state and timestamp) never reached the
  receiver (at least once; duplicates are allowed);
- the database passes `PRAGMA integrity_check`.

Bounded: `rounds` rounds of at most `round_seconds`, loopback only, a fixed seed per run.
`scripts/soak` runs it at length; `tests/e2e/test_soak.py` runs a short form in `scripts/test`.
"""

from __future__ import annotations

import contextlib
import functools
import random
import sqlite3
from pathlib import Path
from typing import Any

import attrs
import httpx
import trio

from iaccode.wire import json
from tests.client import A2AClient, RpcError
from tests.process import ServerProcess
from tests.tasks.push.receiver import Receiver

UNSETTLED = {"TASK_STATE_SUBMITTED", "TASK_STATE_WORKING"}
SETTLED = {
    "TASK_STATE_INPUT_REQUIRED",
    "TASK_STATE_AUTH_REQUIRED",
    "TASK_STATE_COMPLETED",
    "TASK_STATE_FAILED",
    "TASK_STATE_CANCELED",
    "TASK_STATE_REJECTED",
}


@attrs.define
class SoakReport:
    queue: str
    rounds: int
    acknowledged: int = 0
    notifications: int = 0
    lost: list[str] = attrs.field(factory=list)
    stuck: list[str] = attrs.field(factory=list)
    unnotified: list[str] = attrs.field(factory=list)
    integrity: str = ""

    @property
    def ok(self) -> bool:
        return not (self.lost or self.stuck or self.unnotified) and self.integrity == "ok"

    def describe(self) -> str:
        return (
            f"{self.queue}: {self.rounds} kill -9 rounds, {self.acknowledged} acknowledged tasks, "
            f"{self.notifications} notifications received; lost {len(self.lost)}, stuck "
            f"{len(self.stuck)}, unnotified {len(self.unnotified)}, integrity {self.integrity}"
        )


def config_text(queue: str, redis_url: str | None, prefix: str) -> str:
    text = "push-notifications: true\npush-allow-loopback: true\npush-max-attempts: 50\n"
    if queue == "redis-streams":
        assert redis_url is not None
        text += (
            f"push-queue: redis-streams\npush-redis-url: {redis_url}\npush-stream: {prefix}\n"
            f"push-retry-key: {prefix}:retry\npush-dead-stream: {prefix}:dead\n"
            "push-lease-timeout-ms: 500\n"
        )
    return text


async def _client(
    url: str, workspace: Path, callback: str, rng: random.Random, acked: dict[str, None]
) -> None:
    """One client's mix until it is cancelled or its server dies: the ids it was told are
    the acknowledged tasks."""
    push = {"taskPushNotificationConfig": {"url": callback, "token": "soak"}}
    async with httpx.AsyncClient(base_url=url, timeout=10) as http:
        a2a = A2AClient(http, cwd=workspace)
        mine: list[str] = []
        while True:
            action = rng.random()
            try:
                if action < 0.45 or not mine:
                    task = await a2a.send(f"say {rng.randrange(1000)}", configuration=push)
                elif action < 0.7:
                    configuration = {**push, "returnImmediately": True}
                    task = await a2a.send("sleep 0.2\nsay slow", configuration=configuration)
                elif action < 0.9:
                    task = await a2a.send("say again", task_id=rng.choice(mine))
                else:
                    task = await a2a.result("CancelTask", {"id": rng.choice(mine)})
            except RpcError:
                continue  # busy, or already ended: a refusal, not a loss
            except (httpx.TransportError, httpx.HTTPStatusError):
                return  # the server died
            acked[task["id"]] = None
            mine.append(task["id"])


async def _round(
    server: ServerProcess,
    workspace: Path,
    callback: str,
    rng: random.Random,
    acked: dict[str, None],
    clients: int,
    seconds: float,
) -> None:
    await trio.to_thread.run_sync(server.start)
    try:
        async with trio.open_nursery() as nursery:
            for _ in range(clients):
                child = random.Random(rng.random())
                nursery.start_soon(_client, server.url, workspace, callback, child, acked)
            await trio.sleep(rng.uniform(0.2, 1.0) * seconds)
            server.kill()  # SIGKILL, wherever the server was
            nursery.cancel_scope.deadline = trio.current_time() + 5
    finally:
        server.kill()


def _delivered(receiver: Receiver) -> set[tuple[str, str, str]]:
    found = set()
    for request in receiver.requests:
        status = json.loads(request.body)["statusUpdate"]
        found.add((status["taskId"], status["status"]["state"], status["status"]["timestamp"]))
    return found


async def run_soak(
    work: Path,
    *,
    queue: str = "local-file",
    redis_url: str | None = None,
    rounds: int = 3,
    clients: int = 4,
    round_seconds: float = 2.0,
    seed: int = 16,
    settle_seconds: float = 60.0,
) -> SoakReport:
    """Run the soak in `work` (created); see the module docstring."""
    rng = random.Random(seed)
    workspace = work / "ws"
    workspace.mkdir(parents=True)
    config = work / "a2a-server.yml"
    config.write_text(config_text(queue, redis_url, f"soak-{seed}-{work.name}"))
    report = SoakReport(queue=queue, rounds=rounds)
    acked: dict[str, None] = {}

    def server() -> ServerProcess:
        extra = ["--config", str(config)]
        return ServerProcess(work / "state", allowed_cwds=[workspace], extra_args=extra)

    receiver = Receiver()
    async with trio.open_nursery() as nursery:
        await nursery.start(receiver.serve)
        for _ in range(rounds):
            await _round(server(), workspace, receiver.url(), rng, acked, clients, round_seconds)
        last = server()
        await trio.to_thread.run_sync(last.start)
        try:
            await _check(last.url, workspace, receiver, acked, report, settle_seconds)
        finally:
            last.kill()
        nursery.cancel_scope.cancel()
    database = sqlite3.connect(work / "state" / "tasks.db")
    with contextlib.closing(database):
        report.integrity = str(database.execute("PRAGMA integrity_check").fetchone()[0])
    return report


async def _check(
    url: str,
    workspace: Path,
    receiver: Receiver,
    acked: dict[str, None],
    report: SoakReport,
    seconds: float,
) -> None:
    report.acknowledged = len(acked)
    finals: dict[str, tuple[str, str]] = {}
    async with httpx.AsyncClient(base_url=url, timeout=10) as http:
        a2a = A2AClient(http, cwd=workspace)
        with trio.move_on_after(seconds):
            while True:
                finals.clear()
                report.lost.clear()
                report.stuck.clear()
                for task_id in acked:
                    try:
                        task: dict[str, Any] = await a2a.result("GetTask", {"id": task_id})
                    except RpcError:
                        report.lost.append(task_id)
                        continue
                    status = task["status"]
                    if status["state"] in UNSETTLED:
                        report.stuck.append(task_id)
                    finals[task_id] = (status["state"], status.get("timestamp", ""))
                delivered = _delivered(receiver)
                report.unnotified = [
                    task_id
                    for task_id, (state, stamp) in finals.items()
                    if state in SETTLED and (task_id, state, stamp) not in delivered
                ]
                if not (report.lost or report.stuck or report.unnotified):
                    break
                await trio.sleep(0.25)
    report.notifications = len(receiver.requests)


def main() -> int:
    """`scripts/soak [--rounds N] [--clients N] [--seconds S] [--seed N] [--queue Q]`."""
    import argparse
    import tempfile

    from tests.redis_process import RedisProcess

    parser = argparse.ArgumentParser(prog="scripts/soak", description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=3.0, help="at most, per round")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--queue", choices=["local-file", "redis-streams", "both"], default="both")
    args = parser.parse_args()
    queues = ["local-file", "redis-streams"] if args.queue == "both" else [args.queue]
    failed = False
    with tempfile.TemporaryDirectory(prefix="iaccode-soak-") as temp:
        redis = None
        if "redis-streams" in queues:
            redis = RedisProcess(Path(temp) / "redis")
            redis.start()
        try:
            for queue in queues:
                report = trio.run(
                    functools.partial(
                        run_soak,
                        Path(temp) / queue,
                        queue=queue,
                        redis_url=redis.url if redis else None,
                        rounds=args.rounds,
                        clients=args.clients,
                        round_seconds=args.seconds,
                        seed=args.seed,
                    )
                )
                print(("ok    " if report.ok else "FAILED ") + report.describe(), flush=True)
                failed = failed or not report.ok
        finally:
            if redis is not None:
                redis.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
