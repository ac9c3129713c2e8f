"""The stdio transport in a real process: frames only on stdout, and a clean exit at EOF.

The process builds the real core with `serve()` and serves stdin/stdout with `serve_stdio`, wired
the way the server wires it: EOF on stdin starts the shutdown, and the process exits once the
replies in flight are out.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import trio

from iaccode.wire import json
from tests.transports.test_lines import (
    INPUT_REQUIRED,
    WORKING,
    LineClient,
    message,
    request,
    state_of,
    text_of,
)

SCRIPT = """
import functools, os, sys
from pathlib import Path
import trio
from iaccode.a2a.dispatch import Dispatcher
from iaccode.config import Config
from iaccode.server import serve
from iaccode.transports.stdio import serve_stdio

async def main(state, workspace):
    config = Config(
        host="127.0.0.1",
        port=0,
        persistence_dir=Path(state),
        engine="iaccode.testing.engines:ScenarioEngine",
        allowed_cwds=(Path(workspace),),
        shutdown_grace_seconds=0.5,
    )
    async with trio.open_nursery() as nursery:
        running = await nursery.start(functools.partial(serve, config, handle_signals=False))
        dispatcher = Dispatcher(running.service, max_body=1 << 20, max_depth=64)
        async with trio.open_nursery() as stdio:
            await stdio.start(
                functools.partial(serve_stdio, dispatcher, max_line=1 << 20, on_eof=running.stop)
            )
            print("a stray print")  # must end up on stderr, never among the frames
            os.write(1, b"a stray write\\n")
        running.stop()

trio.run(main, sys.argv[1], sys.argv[2])
"""


class StdioProcess:
    def __init__(self, process: trio.Process) -> None:
        self.process = process
        assert process.stdin is not None and process.stdout is not None
        self.stdin = process.stdin
        self.lines = LineClient(process.stdin, process.stdout)
        self.stderr = bytearray()

    async def read_stderr(self) -> None:
        assert self.process.stderr is not None
        while chunk := await self.process.stderr.receive_some(65536):
            self.stderr += chunk

    async def exit_code(self, seconds: float = 10) -> int:
        with trio.fail_after(seconds):
            return await self.process.wait()


@pytest.fixture
async def stdio(tmp_path: Path, workspace: Path) -> AsyncIterator[StdioProcess]:
    process = await trio.lowlevel.open_process(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "state"), str(workspace)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    running = StdioProcess(process)
    try:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(running.read_stderr)
            yield running
            nursery.cancel_scope.cancel()
    finally:
        if process.returncode is None:
            process.kill()
            with trio.move_on_after(5, shield=True):
                await process.wait()


async def test_conversation_then_eof_exits_cleanly_with_frames_only(
    stdio: StdioProcess, workspace: Path
) -> None:
    lines = stdio.lines
    first = await lines.call("SendMessage", {"message": message("say one", workspace)}, seconds=30)
    task = first["result"]["task"]
    follow = message("say two", workspace, taskId=task["id"])
    second = await lines.call("SendMessage", {"message": follow})
    assert text_of(second["result"]["task"]["status"]["message"]) == "two"
    await lines.send(
        request("s", "SendStreamingMessage", {"message": message("stream 2", workspace)})
    )
    assert state_of((await lines.stream("s"))[-1]) == INPUT_REQUIRED
    await stdio.stdin.aclose()
    assert await stdio.exit_code() == 0
    raw = await lines.rest()  # each line was parsed as JSON on arrival
    assert len(raw) == 2 + 5 + 1  # two replies, five events and the final line
    assert b"a stray print" in stdio.stderr and b"a stray write" in stdio.stderr
    assert b"Traceback" not in stdio.stderr


async def test_closing_stdin_mid_turn_ends_the_process(
    stdio: StdioProcess, workspace: Path
) -> None:
    lines = stdio.lines
    blocking = {"message": message("say started\nwait", workspace)}
    streaming = {"message": message("say go\nwait", workspace)}
    await lines.send(
        request(1, "SendMessage", blocking) + request(2, "SendStreamingMessage", streaming)
    )
    while state_of(await lines.next(2, seconds=30)) != WORKING:
        pass
    await stdio.stdin.aclose()
    assert await stdio.exit_code() == 0
    reply = await lines.next(1)
    assert state_of(reply) == INPUT_REQUIRED  # the server's "interrupted" answer, not a hang
    assert "interrupted" in text_of(reply["result"]["task"]["status"]["message"]).lower()
    assert state_of((await lines.stream(2))[-1]) == INPUT_REQUIRED
    assert b"Traceback" not in stdio.stderr


async def test_immediate_eof_exits_without_output(stdio: StdioProcess) -> None:
    await stdio.stdin.aclose()
    assert await stdio.exit_code(seconds=30) == 0
    assert await stdio.lines.rest() == []


def test_requests_written_just_before_eof_are_all_answered(tmp_path: Path, workspace: Path) -> None:
    """`printf '<request>\\n' | iaccode a2a --transport stdio`: the input ends at once, and the
    shutdown that starts there waits for the requests already read."""
    lines = [
        request(1, "SendMessage", {"message": message("say one", workspace)}),
        request(2, "SendStreamingMessage", {"message": message("stream 2", workspace)}),
        request(3, "SendMessage", {"message": message("say three", workspace)}),
    ]
    command = [sys.executable, "-m", "iaccode", "a2a", "--transport", "stdio"]
    command += ["--engine", "iaccode.testing.engines:ScenarioEngine"]
    command += ["--persistence-dir", str(tmp_path / "state")]
    env = {**os.environ, "IACCODE_A2A_ALLOWED_CWDS": str(workspace)}
    done = subprocess.run(
        command, input=b"".join(lines), capture_output=True, env=env, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr.decode()
    replies = {}
    for line in done.stdout.splitlines():
        frame = json.loads(line)
        replies.setdefault(frame["id"], []).append(frame)
    assert text_of(replies[1][0]["result"]["task"]["status"]["message"]) == "one"
    assert text_of(replies[3][0]["result"]["task"]["status"]["message"]) == "three"
    assert state_of(replies[2][-2]) == INPUT_REQUIRED and replies[2][-1]["final"] is True
    assert b"Traceback" not in done.stderr
