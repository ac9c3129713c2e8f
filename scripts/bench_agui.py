"""AG-UI: `iaccode agui` (core in-process) against the A2A stream it adapts, in the same run.

Both servers run the scenario engine on CPU 0 and get the same short text run ("say ..."): one
text delta, then the end of the turn. The AG-UI side is a RunAgentInput on a new thread each time
(RUN_STARTED, the session event, TEXT_MESSAGE_START/CONTENT/END, RUN_FINISHED); the A2A side is
SendStreamingMessage (the task, WORKING, the delta, the final answer). Each request is a new
connection, as AG-UI answers with `Connection: close`.

- time to first event: median over sequential runs, RUN_STARTED against the first A2A event;
- runs/s: whole runs, several clients at once.

The A2A figure is the floor: what the adapter adds on top of the core it drives.
"""

from __future__ import annotations

import itertools
import json
import statistics
from pathlib import Path

from bench_common import (
    PYTHON,
    SCENARIO,
    Row,
    free_port,
    iaccode,
    message,
    post,
    process,
    rpc,
    run_stream,
    run_streams,
    run_trio,
)

TEXT = "say Hello from the bench."
NOTE = (
    "agui: `iaccode agui` (in-process core, scenario engine) running a one-delta text run on a\n"
    "      new thread each time; floor: `iaccode a2a` with the same engine and text through\n"
    "      SendStreamingMessage, so the ratio is what the adapter adds."
)


def agui_request(work: Path, serial: itertools.count[int]) -> bytes:
    n = next(serial)
    body = {
        "threadId": f"bench-thread-{n}",
        "runId": f"bench-run-{n}",
        "state": {},
        "messages": [{"id": f"u{n}", "role": "user", "content": TEXT}],
        "tools": [],
        "context": [],
        "forwardedProps": {
            "iacCode": {"schemaVersion": 1, "rosInvocationId": f"inv-{n}", "cwd": str(work)}
        },
    }
    return post("/", body)


class Requests:
    """An endless supply of distinct AG-UI requests (a thread and run each) or A2A requests."""

    def __init__(self, work: Path, agui: bool) -> None:
        self.work = work
        self.agui = agui
        self.serial = itertools.count()
        self.a2a = post("/", rpc("SendStreamingMessage", {"message": message(TEXT, work)}))

    def __call__(self) -> bytes:
        return agui_request(self.work, self.serial) if self.agui else self.a2a


async def measure(port: int, requests: Requests, runs: int, clients: int) -> tuple[float, float]:
    """Median seconds to the first event over 30 sequential runs, and runs/s with `clients`."""
    firsts = []
    for _ in range(30):
        first, received = await run_stream(port, requests())
        check(received, requests.agui)
        firsts.append(first)
    rate, streams = await run_streams(port, requests, runs, clients)
    for received in streams[:5]:
        check(received, requests.agui)
    return statistics.median(firsts), rate


def check(received: bytes, agui: bool) -> None:
    """The run really ran: RUN_FINISHED for AG-UI, a settled final state for A2A."""
    if (b'"RUN_FINISHED"' if agui else b"TASK_STATE_INPUT_REQUIRED") not in received:
        raise RuntimeError(f"the run did not finish: {received[-400:]!r}")
    if agui:
        first = received.split(b"data: ", 1)[1].split(b"\n", 1)[0]
        assert json.loads(first)["type"] == "RUN_STARTED"


def agui_rows(work: Path, env: dict[str, str], runs: int, clients: int) -> list[Row]:
    agui_port, a2a_port = free_port(), free_port()
    config = work / "agui-core.yml"
    config.write_text(f"persistence-dir: {work / 'agui-core'}\n")
    agui_args = [PYTHON, "-m", "iaccode", "agui", "--port", str(agui_port), "--engine", SCENARIO]
    agui_args += ["--state-dir", str(work / "agui-threads"), "--config", str(config)]
    agui_env = {**env, "IAC_CODE_CONFIG_DIR": str(work / "agui-home")}
    with process(iaccode(a2a_port, work / "agui-a2a", SCENARIO), a2a_port, env):
        base_first, base_rate = run_trio(measure, a2a_port, Requests(work, False), runs, clients)
    with process(agui_args, agui_port, agui_env):
        mine_first, mine_rate = run_trio(measure, agui_port, Requests(work, True), runs, clients)
    return [
        (
            "AG-UI short text run: time to RUN_STARTED",
            f"{mine_first * 1000:.2f} ms",
            f"{base_first * 1000:.2f} ms (A2A first event)",
            f"{mine_first / base_first:.2f}",
            "",
        ),
        (
            f"AG-UI short text runs/s ({clients} clients)",
            f"{mine_rate:,.0f} runs/s",
            f"{base_rate:,.0f} runs/s (A2A SendStreamingMessage)",
            f"{mine_rate / base_rate:.2f}",
            "",
        ),
    ]
