"""What sharing costs (issue 19): the same unary and streaming figures on five deployments, side
by side, each as a ratio to the SQLite default's.

    SQLite                       one server on tasks.db (the default)
    PostgreSQL                   one server, `task-store: postgres` (one server per database)
    PostgreSQL, via proxy        the same server behind the round-robin proxy: the proxy's cost
    PostgreSQL+Redis, 1 replica  one replica with `coordination-url` as well
    PostgreSQL+Redis, 3 replicas three replicas behind the proxy

Figures: GetTask requests/s and SendMessage requests/s (scenario engine: a real turn, task,
context and status commits each) with wrk at N connections (the better of two runs), a streaming
turn's time to its first event (median of 20) and the SSE events/s of one turn of N deltas.

Everything on loopback: a PostgreSQL of the bench's own (Debian's package, fsync on), a
redis-server of its own, and the proxy (iaccode.testing.tcp_proxy, a Python process) on CPU 1
beside wrk; the servers on CPU 0, all three replicas together, so on a two-CPU machine the
three-replica line measures what coordination costs, not how replicas scale. A deployment this
machine or this version cannot run is listed as skipped, with the reason.
"""

from __future__ import annotations

import contextlib
import statistics
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from bench_common import (
    PYTHON,
    SCENARIO,
    Row,
    free_port,
    iaccode,
    message,
    pinned,
    post,
    process,
    rate_cell,
    ratio,
    read_stream,
    rpc,
    wrk,
)
from bench_push import redis_missing, redis_server

NOTE = (
    "replicas: each deployment's figure beside the SQLite default's (the floor column); the\n"
    "      ratio is the deployment's over SQLite's (rates: below 1 is slower; times: above 1).\n"
    "      The proxy (iaccode.testing.tcp_proxy) is a Python process on the load generator's CPU;\n"
    "      'PostgreSQL, via proxy' is the same server as 'PostgreSQL', to show the proxy's own\n"
    "      cost. The three replicas share one CPU: the ratio is the cost of sharing, not scaling."
)
_NO_COORDINATION = "coordination-url: coordination across replicas (Redis) is not in this version"


@dataclass
class Deployment:
    name: str
    port: int  # where clients go: a server, or the proxy in front of some
    skipped: str = ""
    figures: dict[str, tuple[float, str, str]] = field(default_factory=dict)  # value, cells


@contextlib.contextmanager
def proxy(backends: list[int]) -> Iterator[int]:
    """The round-robin proxy in front of `backends` (ports), on CPU 1; yields its port. It stops
    when its standard input closes, which is how it is stopped here."""
    args = [PYTHON, "-m", "iaccode.testing.tcp_proxy"]
    for port in backends:
        args += ["--backend", f"127.0.0.1:{port}"]
    proc = subprocess.Popen(pinned(1, args), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert proc.stdout is not None and proc.stdin is not None
        line = proc.stdout.readline().decode()
        if not line.startswith("listening on "):
            raise RuntimeError(f"the proxy did not start: {line!r}")
        yield int(line.rsplit(":", 1)[1])
    finally:
        if proc.stdin is not None:
            proc.stdin.close()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def replica(
    stack: contextlib.ExitStack, work: Path, name: str, env: dict[str, str]
) -> tuple[int, str]:
    """Start one scenario-engine server with `env`; its port, or 0 and why it refused."""
    port = free_port()
    log = work / f"{name}.log"
    command = iaccode(port, work / name, SCENARIO)
    try:
        stack.enter_context(process(command, port, env, log=log, timeout=30))
    except RuntimeError:
        if _NO_COORDINATION in log.read_text(errors="replace"):
            return 0, "this version refuses coordination-url (no Redis coordination yet)"
        raise
    return port, ""


def deployments(stack: contextlib.ExitStack, work: Path, env: dict[str, str]) -> list[Deployment]:
    from iaccode.testing.postgres import PostgresProcess, PostgresUnavailable

    out = [Deployment("SQLite", replica(stack, work, "sqlite", env)[0])]
    names = ["PostgreSQL", "PostgreSQL, via proxy"]
    shared = ["PostgreSQL+Redis, 1 replica", "PostgreSQL+Redis, 3 replicas via proxy"]
    try:
        postgres = PostgresProcess(durable=True)
    except PostgresUnavailable as exc:
        return out + [Deployment(name, 0, skipped=str(exc)) for name in names + shared]
    stack.callback(postgres.remove)
    postgres.start()

    def store(database: str) -> dict[str, str]:
        url = postgres.create_database(database)
        return {**env, "IACCODE_A2A_TASK_STORE": "postgres", "IACCODE_A2A_TASK_STORE_URL": url}

    alone, _ = replica(stack, work, "postgres", store("alone"))
    out.append(Deployment(names[0], alone))
    out.append(Deployment(names[1], stack.enter_context(proxy([alone]))))
    if missing := redis_missing():
        return out + [Deployment(name, 0, skipped=missing) for name in shared]
    redis_url = stack.enter_context(redis_server(work / "redis"))
    for name, count in zip(shared, (1, 3), strict=True):
        coordinated = {**store(f"shared{count}"), "IACCODE_A2A_COORDINATION_URL": redis_url}
        ports = []
        for number in range(count):
            port, refused = replica(stack, work, f"shared{count}-{number}", coordinated)
            if refused:
                out.append(Deployment(name, 0, skipped=refused))
                break
            ports.append(port)
        else:
            out.append(Deployment(name, ports[0] if count == 1 else 0))
            if count > 1:
                out[-1].port = stack.enter_context(proxy(ports))
    return out


def measure(
    deployment: Deployment, work: Path, duration: float, connections: int, events: int
) -> None:
    url = f"http://127.0.0.1:{deployment.port}/"
    sent = httpx.post(
        url, json=rpc("SendMessage", {"message": message("say hi", work)}), timeout=30
    )
    task = sent.json()["result"]["task"]
    unary = {
        "GetTask": rpc("GetTask", {"id": task["id"], "historyLength": 2}),
        "SendMessage": rpc("SendMessage", {"message": message("say hello", work)}),
    }
    for figure, body in unary.items():
        runs = [wrk(url, body, duration / 2, connections) for _ in range(2)]
        best = max(runs, key=lambda run: run["rps"])
        if best["errors"]:
            raise RuntimeError(f"{figure} on {deployment.name}: {best['errors']:.0f} failed")
        short = f"{best['rps']:,.0f} req/s"
        deployment.figures[figure] = (best["rps"], rate_cell(best, duration / 2), short)

    def turn(text: str) -> bytes:
        return post("/", rpc("SendStreamingMessage", {"message": message(text, work)}))

    firsts = [read_stream(deployment.port, turn("stream 10")) for _ in range(20)]
    first = statistics.median(stream.first or 0 for stream in firsts) * 1000
    deployment.figures["first"] = (first, f"{first:.2f} ms", f"{first:.2f} ms")
    stream = read_stream(deployment.port, turn(f"stream {events}"))
    if stream.error() or not stream.ended:
        raise RuntimeError(f"the streaming turn on {deployment.name} failed: {stream.error()}")
    rate = stream.events / stream.seconds
    deployment.figures["events"] = (rate, f"{rate:,.0f} ev/s", f"{rate:,.0f} ev/s")


FIGURES: dict[str, Callable[[int, int], str]] = {
    "GetTask": lambda conns, _: f"GetTask, {conns} conns",
    "SendMessage": lambda conns, _: f"SendMessage (scenario), {conns} conns",
    "first": lambda _, __: "SSE time to first event (median of 20)",
    "events": lambda _, events: f"SSE events/s, a turn of {events} deltas",
}


def replicas_rows(
    work: Path, env: dict[str, str], duration: float, connections: int, events: int
) -> list[Row]:
    rows: list[Row] = []
    with contextlib.ExitStack() as stack:
        found = deployments(stack, work, env)
        for deployment in found:
            if not deployment.skipped:
                measure(deployment, work, duration, connections, events)
    base = found[0]
    for key, label in FIGURES.items():
        value, _, cell = base.figures[key]
        for deployment in found:
            figure = f"{label(connections, events)}, {deployment.name}"
            if deployment.skipped:
                rows.append((figure, f"skipped: {deployment.skipped}", "-", "-", ""))
                continue
            mine, mine_cell, _ = deployment.figures[key]
            floor = "(the baseline)" if deployment is base else f"{cell} (SQLite)"
            rows.append((figure, mine_cell, floor, ratio(mine, value), ""))
    return rows
