"""`iaccode a2a-client` against another A2A server: a2a-sdk's own reference pieces (see
reference_server.py), run as a process on loopback, with the CLI run as a process too."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import httpx
import pytest

from iaccode.wire import json

SCRIPT = Path(__file__).with_name("reference_server.py")


def _read_line(stream: IO[str], timeout: float) -> str:
    """The next line of a child's stdout, or "" if none comes in time."""
    lines: list[str] = []
    thread = threading.Thread(target=lambda: lines.append(stream.readline()), daemon=True)
    thread.start()
    thread.join(timeout)
    return lines[0] if lines else ""


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("reference") / "stderr.log"
    with log.open("w") as stderr:
        proc = subprocess.Popen(
            [sys.executable, str(SCRIPT)], stdout=subprocess.PIPE, stderr=stderr, text=True
        )
    try:
        assert proc.stdout is not None
        line = _read_line(proc.stdout, 30)
        assert line.startswith("listening on http://127.0.0.1:"), log.read_text()
        yield line.split()[-1]
    finally:
        proc.kill()
        proc.wait(10)


def client(url: str, *args: str, check: int | None = 0) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "iaccode", "a2a-client", *args, "--url", url],
        capture_output=True,
        text=True,
        timeout=30,
    )
    if check is not None:
        assert done.returncode == check, done.stderr
    return done


def start_client(url: str, *args: str) -> subprocess.Popen[str]:
    # Buffered as in a user's shell pipeline, so that a missing flush shows.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.Popen(
        [sys.executable, "-m", "iaccode", "a2a-client", *args, "--url", url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _ids(stderr: str) -> tuple[str, str]:
    """The task and context ids from "task T (context C): STATE"."""
    task = stderr.split("task ", 1)[1].split()[0]
    context = stderr.split("(context ", 1)[1].split(")")[0]
    return task, context


def test_discover_picks_the_1_0_interface(url: str) -> None:
    done = client(url, "discover")
    lines = done.stdout.splitlines()
    assert lines[0] == "Reference echo 1.0.0: a2a-sdk reference server that echoes"
    # The sdk lists the 0.3 interface first and serves its URL as the card's `url`.
    assert lines[1] == f"endpoint: {url}/"
    assert lines[2] == "- echo: repeats the text"
    card = json.loads(client(url, "discover", "--output", "json").stdout)
    assert card["url"] == f"{url}/v03"
    assert card["supportedInterfaces"][0]["protocolVersion"] == "0.3"


def test_call(url: str) -> None:
    done = client(url, "call", "-p", "hello")
    assert done.stdout == "echo: hello\n"
    assert done.stderr.rstrip().endswith(": TASK_STATE_COMPLETED")

    result = json.loads(client(url, "call", "-p", "hello json", "--output", "json").stdout)
    task = result["task"]
    assert task["status"]["state"] == "TASK_STATE_COMPLETED"
    assert task["status"]["message"]["parts"] == [{"text": "echo: hello json"}]
    assert task["artifacts"][0]["parts"] == [{"text": "echo: hello json"}]

    direct = client(url, "call", "-p", "direct reply")
    assert direct.stdout == "echo: direct reply\n"
    assert direct.stderr == ""


def test_answer_only_in_an_artifact(url: str) -> None:
    done = client(url, "call", "-p", "quiet one")
    assert done.stdout == "echo: quiet one\n"
    streamed = client(url, "call", "-p", "quiet two", "--stream")
    assert streamed.stdout.splitlines() == ["Echoing…", "echo: quiet two"]
    assert "final state: TASK_STATE_COMPLETED" in streamed.stderr


def test_call_stream(url: str) -> None:
    done = client(url, "call", "-p", "hello stream", "--stream")
    # A progress note and the answer are two messages: two lines, not run together.
    assert done.stdout.splitlines() == ["Echoing…", "echo: hello stream"]
    assert done.stderr.splitlines() == ["[artifact echo]", "final state: TASK_STATE_COMPLETED"]

    raw = client(url, "call", "-p", "hello events", "--stream", "--output", "json").stdout
    events = [json.loads(line) for line in raw.splitlines()]
    assert [next(iter(event)) for event in events] == [
        "task",
        "statusUpdate",
        "artifactUpdate",
        "statusUpdate",
    ]
    assert events[-1]["statusUpdate"]["status"]["state"] == "TASK_STATE_COMPLETED"


def test_follow_up_get_and_cancel(url: str) -> None:
    asked = client(url, "call", "-p", "ask one")
    assert asked.stdout == "echo: ask one\n"
    assert "TASK_STATE_INPUT_REQUIRED" in asked.stderr
    task_id, context = _ids(asked.stderr)

    again = client(url, "call", "-p", "ask two", "--task-id", task_id, "--context-id", context)
    assert again.stdout == "echo: ask two\n"
    assert _ids(again.stderr) == (task_id, context)

    got = client(url, "task-get", task_id)
    assert got.stdout == "echo: ask two\n"
    assert f"task {task_id} (context {context}): TASK_STATE_INPUT_REQUIRED" in got.stderr
    shown = json.loads(
        client(url, "task-get", task_id, "--history-length", "1", "--output", "json").stdout
    )
    assert shown["id"] == task_id
    assert len(shown["history"]) == 1

    canceled = client(url, "task-cancel", task_id)
    assert canceled.stderr.strip() == f"task {task_id}: TASK_STATE_CANCELED"
    again_canceled = client(url, "task-cancel", task_id, check=1)
    assert "-32002" in again_canceled.stderr
    assert "TASK_STATE_CANCELED" in client(url, "task-get", task_id, check=1).stderr
    terminal = client(url, "call", "-p", "more", "--task-id", task_id, check=1)
    assert "-32004" in terminal.stderr


def test_task_list(url: str) -> None:
    context = _ids(client(url, "call", "-p", "listed").stderr)[1]
    table = client(url, "task-list", "--context-id", context, "--output", "table")
    rows = [line.split() for line in table.stdout.splitlines()]
    assert rows[0] == ["TASK", "CONTEXT", "STATE", "UPDATED"]
    assert len(rows) == 2
    assert rows[1][1:3] == [context, "COMPLETED"]
    assert table.stderr == "1 of 1\n"

    page = json.loads(client(url, "task-list", "--page-size", "1", "--output", "json").stdout)
    assert len(page["tasks"]) == 1
    assert page["totalSize"] >= 2
    assert page["nextPageToken"]


def test_live_stream_and_subscribe(url: str) -> None:
    # The JSON events come as they happen (flushed), so the task id is known mid-turn.
    stream = start_client(url, "call", "-p", "slow one", "--stream", "--output", "json")
    try:
        assert stream.stdout is not None
        line = _read_line(stream.stdout, 20)
        assert stream.poll() is None, "the stream was not flushed as it came"
        task_id = json.loads(line)["task"]["id"]
        followed = client(url, "task-subscribe", task_id)
        assert followed.stdout == "echo: slow one\n"
        assert followed.stderr.splitlines()[-1] == "final state: TASK_STATE_COMPLETED"
        assert stream.wait(20) == 0
    finally:
        stream.kill()
        stream.wait(10)


def test_cancel_a_running_stream(url: str) -> None:
    stream = start_client(url, "call", "-p", "slow two", "--stream")
    try:
        task_id = _running_task(url)
        canceled = client(url, "task-cancel", task_id)
        assert canceled.stderr.strip() == f"task {task_id}: TASK_STATE_CANCELED"
        out, err = stream.communicate(timeout=20)
        assert stream.returncode == 1
        assert out.splitlines() == ["Echoing…"]
        assert err.splitlines()[-1] == "final state: TASK_STATE_CANCELED"
    finally:
        stream.kill()
        stream.wait(10)


def _running_task(url: str) -> str:
    request = {"jsonrpc": "2.0", "id": 1, "method": "ListTasks", "params": {}}
    headers = {"A2A-Version": "1.0"}
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        page = httpx.post(url + "/", json=request, headers=headers, timeout=5).json()["result"]
        running = [t for t in page["tasks"] if t["status"]["state"] == "TASK_STATE_WORKING"]
        if running:
            return str(running[0]["id"])
        time.sleep(0.05)
    raise AssertionError("no task started working")


def test_errors(url: str) -> None:
    missing = client(url, "task-get", "no-such-task", check=1)
    assert missing.stderr.startswith("iaccode a2a-client: -32001")
    assert "-32001" in client(url, "task-cancel", "no-such-task", check=1).stderr
    assert "-32001" in client(url, "task-subscribe", "no-such-task", check=1).stderr
    extended = client(url, "extended-card", check=1)
    assert extended.stdout == ""
    assert "no extended card" in extended.stderr
    assert "capabilities.extendedAgentCard" in extended.stderr
    assert "-32004" in extended.stderr
    push = client(url, "push-config-list", "no-such-task", check=1)
    assert "-32003" in push.stderr
