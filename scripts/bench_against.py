"""Side by side: iaccode and another A2A JSON-RPC server, with the same load, in one run.

Only standard A2A calls are made (the agent card, SendMessage, GetTask, SendStreamingMessage),
so any A2A 1.0 server will do, and an A2A 0.3 one too (message/send, tasks/get, message/stream):
the dialect is the `protocolVersion` the card gives for the URL, else 1.0, else 0.3 when the
server answers 1.0 with "method not found". What the other server's engine makes of a message is
its own business; when it lacks something (no card, no task, no streaming) its cell says so.

To compare like with like, both servers can run an LLM engine against the bench's fake model
(scripts/bench_floor.py, an OpenAI-compatible chat-completions endpoint): iaccode is started with
`--engine llm` pointed at it, and the other server is given its URL:

- `--against-cmd CMD`: the bench starts CMD itself, pinned to CPU 0 like iaccode, with `{port}`,
  `{model_url}` (`http://127.0.0.1:<port>/v1`) and `{work}` (a temporary directory, also its
  working directory) filled in, waits for its agent card, and stops it at the end. For iac-code:

      scripts/bench --against-cmd "env IAC_CODE_CONFIG_DIR={work}/iac-code \\
          IAC_CODE_PROVIDER=openai IAC_CODE_BASE_URL={model_url} IAC_CODE_API_KEY=bench \\
          IAC_CODE_MODEL=bench /path/to/venv/bin/iac-code a2a --port {port}"

- `--against URL`: a server that is already running on loopback (its JSON-RPC URL; the card is
  read from `/.well-known/agent-card.json` on the same origin); `--model-port` fixes the fake
  model's port so that server can be configured with it beforehand. It is not pinned to a CPU.

Figures (wrk for the throughputs, `--connections` at once, `--duration` each):
    agent card         GET /.well-known/agent-card.json
    GetTask            a task each server created with SendMessage("hello"), historyLength 2
    streaming          SendStreamingMessage("hello"): time to the first event, median of 5;
                       a turn whose model streams `--deltas` deltas: time to the end (<= 120 s)
    SendMessage        "hello", a whole turn (one short model answer for LLM engines): one at a
                       time (median of 5), and throughput

Each figure is taken from the bare trio + h11 floor, iaccode and the other server one after
another. Each server's cell gives its ratio to the floor (its figure over the floor's); the last
column is how many times faster iaccode is than the other server (below 1: slower).
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import shlex
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from bench_common import (
    Row,
    Stream,
    floor_server,
    floor_sse,
    free_port,
    http_status,
    iaccode,
    llm_config,
    message,
    post,
    process,
    read_stream,
    rpc,
    wrk,
)

CARD = "/.well-known/agent-card.json"
STREAM_LIMIT = 120.0  # seconds for the long streaming turn
AFTERWORD = (
    "ratios: each server's figure over the floor's (rates: below 1 is slower; times: above 1\n"
    "is slower); the last column is iaccode's rate over the other's, or the other's time over\n"
    "iaccode's: above 1 means iaccode is faster."
)


def check_url(url: str) -> str | None:
    """Why `url` cannot be benchmarked (the bench stays on loopback, plain HTTP), or None."""
    parsed = httpx.URL(url)
    if parsed.scheme != "http":
        return f"--against {url}: only http:// URLs (the bench talks raw HTTP/1.1)"
    host = parsed.host
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    return None if loopback else f"--against {url}: the bench only runs on loopback"


@dataclass(frozen=True)
class Dialect:
    version: str
    send: str
    get: str
    stream: str

    def message(self, text: str, work: Path) -> dict[str, Any]:
        body = message(text, work)
        if self.version == "1.0":
            return body
        return {
            **body,
            "kind": "message",
            "role": "user",
            "parts": [{"kind": "text", "text": text}],
        }

    def headers(self) -> dict[str, str]:
        return {"A2A-Version": "1.0"} if self.version == "1.0" else {}

    def task(self, result: object) -> dict[str, Any] | None:
        """The task in a send result (1.0 wraps it, 0.3 gives it bare with kind "task")."""
        if not isinstance(result, dict):
            return None
        task = result.get("task") if self.version == "1.0" else result
        return task if isinstance(task, dict) and "id" in task else None


V1 = Dialect("1.0", "SendMessage", "GetTask", "SendStreamingMessage")
V03 = Dialect("0.3", "message/send", "tasks/get", "message/stream")


def card_dialect(card: dict[str, Any], url: str) -> Dialect | None:
    """The dialect the card gives for `url`, if it lists it."""
    same = url.rstrip("/")
    for interface in card.get("supportedInterfaces") or []:
        binding = str(interface.get("protocolBinding", "")).upper()
        if binding == "JSONRPC" and str(interface.get("url", "")).rstrip("/") == same:
            return V03 if str(interface.get("protocolVersion", "")).startswith("0.") else V1
    if str(card.get("protocolVersion", "")).startswith("0.") and not card.get(
        "supportedInterfaces"
    ):
        return V03  # a 0.3 card: one `url`, `preferredTransport`
    return None


class Side:
    """One server seen through A2A: its URL, card, dialect and a task it made."""

    def __init__(self, url: str, work: Path) -> None:
        self.url = url
        parsed = httpx.URL(url)
        self.host = parsed.host
        self.port = parsed.port or 80
        self.path = parsed.raw_path.decode() or "/"
        self.origin = f"http://{parsed.netloc.decode()}"
        self.work = work
        self.client = httpx.Client(timeout=60)  # one client: building one costs ~50 ms
        self.card, self.card_note = self.read_card()
        found = card_dialect(self.card, url) if self.card else None
        self.dialect = found or V1
        self.dialect_note = "from its card" if found else "not in its card: guessed"
        self.sends = False  # SendMessage gives a result (a task or a message)
        self.task_id, self.note = self.create_task(probe=found is None)

    def read_card(self) -> tuple[dict[str, Any] | None, str]:
        try:
            answer = self.client.get(self.origin + CARD)
            card = answer.json() if answer.status_code == 200 else None
        except (httpx.HTTPError, ValueError):
            card = None
        if not isinstance(card, dict) or "name" not in card:
            return None, f"no agent card at {self.origin + CARD}"
        return card, f"{card.get('name', '?')} {card.get('version', '?')}"

    def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        headers = self.dialect.headers()
        answer = self.client.post(self.url, json=rpc(method, params), headers=headers)
        try:
            body = answer.json()
        except ValueError:
            body = None
        if not isinstance(body, dict) or not isinstance(body.get("error", {}), dict):
            return {"error": {"message": f"HTTP {answer.status_code}: {answer.text[:80]}"}}
        return body

    def create_task(self, *, probe: bool) -> tuple[str | None, str]:
        """SendMessage("hello"): the task id for GetTask, and what became of the turn. With
        `probe`, a "method not found" to 1.0 makes this side speak 0.3."""
        try:
            answer = self.send()
            if probe and answer.get("error", {}).get("code") == -32601:
                self.dialect, self.dialect_note = V03, "1.0 SendMessage not found: 0.3"
                answer = self.send()
        except httpx.HTTPError as exc:
            return None, f"SendMessage failed: {exc!r}"
        if "error" in answer:
            return None, f"SendMessage failed: {answer['error'].get('message')}"
        self.sends = True
        task = self.dialect.task(answer.get("result"))
        if task is None:
            return None, "SendMessage's result is not a task (a message?)"
        return str(task["id"]), f"SendMessage('hello') ended {task.get('status', {}).get('state')}"

    def send(self) -> dict[str, Any]:
        return self.call(self.dialect.send, {"message": self.send_message()})

    def send_message(self, text: str = "hello") -> dict[str, Any]:
        return self.dialect.message(text, self.work)

    def streaming(self, text: str) -> bytes:
        body = rpc(self.dialect.stream, {"message": self.send_message(text)})
        version = "1.0" if self.dialect is V1 else None
        return post(self.path, body, f"{self.host}:{self.port}", version)

    def describe(self) -> str:
        return f"{self.url} ({self.card_note}; A2A {self.dialect.version}, {self.dialect_note})"


# -- the rows ------------------------------------------------------------------------------------


def faster(mine: float | None, theirs: float | None, *, rate: bool) -> str:
    """How many times faster iaccode is: its rate over the other's, or the other's time over
    its own."""
    if not mine or not theirs:
        return "-"
    return f"{(mine / theirs if rate else theirs / mine):.2f}x"


def throughput_row(
    name: str,
    floor_url: str,
    sides: list[Side],
    body: Callable[[Side], dict[str, Any] | None] | None,
    args: argparse.Namespace,
) -> Row:
    """wrk against the floor, then each side: POST `body(side)` to its JSON-RPC URL, or GET its
    agent card when `body` is None. A side whose `body` is None (it lacks what is needed) is
    skipped, with its `note`."""
    floor_body = None if body is None else body(sides[0])
    base = wrk(floor_url, floor_body, args.duration, args.connections)
    cells, rates = [], []
    for side in sides:
        side_body = None if body is None else body(side)
        if body is not None and side_body is None:
            cells.append(f"skipped: {side.note}")
            rates.append(None)
            continue
        if body is None and side.card is None:
            cells.append(f"skipped: {side.card_note}")
            rates.append(None)
            continue
        target = side.origin + CARD if body is None else side.url
        headers = side.dialect.headers()
        result = wrk(
            target, side_body, args.duration, args.connections, headers=headers, timeout=30
        )
        rates.append(result["rps"] or None)
        cells.append(rate_cell(result, base["rps"], args.duration))
    return (
        f"{name}, {args.connections} conns",
        cells[0],
        cells[1],
        f"{base['rps']:,.0f} req/s",
        faster(rates[0], rates[1], rate=True),
    )


def rate_cell(result: dict[str, float], floor: float, duration: float) -> str:
    if not result["rps"]:
        return f"none completed in {duration:g} s" + failed(result)
    share = result["rps"] / floor
    cell = f"{result['rps']:,.0f} req/s ({share:.2f} of floor), p50 {result['p50']:.1f} ms"
    return cell + f", p99 {result['p99']:.0f} ms" + failed(result)


def failed(result: dict[str, float]) -> str:
    return f", {result['errors']:.0f} failed" if result["errors"] else ""


def time_cell(seconds: float | None, floor: float, problem: str | None) -> str:
    if seconds is None:
        return problem or "-"
    return f"{seconds * 1000:,.1f} ms ({seconds / floor:.1f}x floor)"


def stream_rows(floor_port: int, sides: list[Side], deltas: int) -> list[Row]:
    """Time to the first event of a short streaming turn, and the whole of a long one."""
    base_first = statistics.median(
        read_stream(floor_port, floor_sse(3), first_only=True).first or 0 for _ in range(5)
    )
    base = read_stream(floor_port, floor_sse(deltas))
    firsts: list[float | None] = []
    wholes: list[float | None] = []
    first_cells, whole_cells = [], []
    for side in sides:
        short = [side_stream(side, "hello", first_only=True) for _ in range(5)]
        problem = next((s.error() for s in short if s.error()), None)
        first = None if problem else statistics.median(s.first or 0 for s in short)
        firsts.append(first)
        first_cells.append(time_cell(first, base_first, problem and f"failed: {problem}"))
        if problem:
            wholes.append(None)
            whole_cells.append("skipped: streaming failed")
            continue
        long = side_stream(side, f"deltas {deltas} 0", first_only=False)
        cell = f"{long.seconds * 1000:,.0f} ms, {long.events} events"
        if not long.ended or long.error():
            cell += f" (stopped: {long.error() or f'no end within {STREAM_LIMIT:g} s'})"
        elif long.events < deltas:
            cell += " (not the model's deltas: not comparable)"
        wholes.append(long.seconds if cell.endswith("events") else None)
        whole_cells.append(cell)
    return [
        (
            "SendStreamingMessage('hello'): first event",
            *first_cells,
            f"{base_first * 1000:.2f} ms",
            faster(firsts[0], firsts[1], rate=False),
        ),
        (
            f"SendStreamingMessage, model streams {deltas} deltas: whole turn",
            *whole_cells,
            f"{base.seconds * 1000:,.0f} ms for {base.events} events",
            faster(wholes[0], wholes[1], rate=False),
        ),
    ]


def side_stream(side: Side, text: str, *, first_only: bool) -> Stream:
    request = side.streaming(text)
    return read_stream(
        side.port, request, host=side.host, first_only=first_only, timeout=STREAM_LIMIT
    )


def one_at_a_time_row(floor_url: str, sides: list[Side]) -> Row:
    """SendMessage('hello') latency, one turn at a time, median of 5."""
    with httpx.Client() as client:
        base = median_seconds(lambda: client.post(floor_url, json={}))
    times: list[float | None] = []
    cells = []
    for side in sides:
        took = median_seconds(side.send) if side.sends else None
        times.append(took)
        cells.append(time_cell(took, base, f"skipped: {side.note}"))
    return (
        "SendMessage('hello'), one at a time (median of 5)",
        *cells,
        f"{base * 1000:.2f} ms",
        faster(times[0], times[1], rate=False),
    )


def median_seconds(action: Callable[[], object], times: int = 5) -> float:
    laps = []
    for _ in range(times):
        start = time.perf_counter()
        action()
        laps.append(time.perf_counter() - start)
    return statistics.median(laps)


def get_task(side: Side) -> dict[str, Any] | None:
    if side.task_id is None:
        return None
    return rpc(side.dialect.get, {"id": side.task_id, "historyLength": 2})


def send_message(side: Side) -> dict[str, Any] | None:
    if not side.sends:
        return None
    return rpc(side.dialect.send, {"message": side.send_message()})


def against_rows(
    work: Path, env: dict[str, str], args: argparse.Namespace
) -> tuple[list[Row], list[str]]:
    """The side-by-side table and notes on what each server did."""
    floor_port = args.model_port or free_port()
    model_url = f"http://127.0.0.1:{floor_port}/v1"
    ours = free_port()
    llm = llm_config(work / "against-llm.yml", model_url, **{"max-connections": 4096})
    other_work = work / "other"
    other_work.mkdir()
    with (
        process(floor_server(floor_port), floor_port),
        process(iaccode(ours, work / "against", "llm", "--config", str(llm)), ours, env),
        other_server(args, model_url, other_work) as url,
    ):
        floor_url = f"http://127.0.0.1:{floor_port}/"
        origin = httpx.URL(url)
        if http_status(origin.port or 80, "/", origin.host) is None:
            raise SystemExit(f"side by side: nothing answers HTTP at {url}")
        sides = [Side(f"http://127.0.0.1:{ours}/", work), Side(url, other_work)]
        try:
            rows = [
                throughput_row("agent card GET", floor_url, sides, None, args),
                throughput_row("GetTask", floor_url, sides, get_task, args),
                *stream_rows(floor_port, sides, args.deltas),
                one_at_a_time_row(floor_url, sides),
                throughput_row("SendMessage('hello')", floor_url, sides, send_message, args),
            ]
        finally:
            for side in sides:
                side.client.close()
    notes = [
        f"other: {sides[1].describe()}",
        f"fake model for both (and for the other if it was given {{model_url}}): {model_url}",
        f"iaccode: {sides[0].note}; other: {sides[1].note}",
    ]
    return rows, notes


@contextlib.contextmanager
def other_server(args: argparse.Namespace, model_url: str, work: Path) -> Iterator[str]:
    """The other server's JSON-RPC URL; started from --against-cmd, pinned to CPU 0, when given."""
    if args.against_cmd is None:
        yield args.against
        return
    port = free_port()
    command = shlex.split(args.against_cmd.format(port=port, model_url=model_url, work=work))
    log = work / "other-server.log"
    with process(command, port, ready=CARD, timeout=60, cwd=work, log=log):
        yield f"http://127.0.0.1:{port}/"
