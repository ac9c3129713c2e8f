"""The official AG-UI client (`@ag-ui/client` 1.0 `HttpAgent`, in Node) against the adapter:
a run that ends in an interrupt, and the resume that answers it, as a web UI would do them.

`scripts/test` installs the client (`npm ci` in tests/agui/node) before the suite runs.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import trio

from iaccode.server import RunningAgui
from iaccode.wire import json
from tests.agui.test_runs import ASK

NODE_DIR = Path(__file__).parent / "node"


async def drive(url: str, scenario: dict[str, Any]) -> dict[str, Any]:
    """What `HttpAgent` saw running `scenario` against the adapter at `url`."""
    node = shutil.which("node")
    if node is None or not (NODE_DIR / "node_modules" / "@ag-ui" / "client").is_dir():
        pytest.fail(
            "the AG-UI client is not installed (scripts/test runs npm ci in tests/agui/node)"
        )
    with trio.fail_after(60):
        done = await trio.run_process(
            [node, str(NODE_DIR / "run_agent.mjs"), url + "/", json.dumps(scenario).decode()],
            capture_stdout=True,
            capture_stderr=True,
            check=False,
        )
    assert done.returncode == 0, done.stderr.decode()
    result: dict[str, Any] = json.loads(done.stdout.decode().strip().splitlines()[-1])
    return result


def interrupt_and_resume(workspace: Path) -> dict[str, Any]:
    """A run that asks for a permission, and the resume that allows it."""
    return {
        "threadId": "thread-node",
        "cwd": str(workspace),
        "prompt": ASK,
        "rosInvocationId": "inv-node",
        "decisions": ["allow_once"],
    }


async def test_httpagent_runs_an_interrupt_and_its_resume(
    agui: RunningAgui, workspace: Path
) -> None:
    result = await drive(agui.url, interrupt_and_resume(workspace))
    first, second = result["runs"]
    assert first["failed"] is None and second["failed"] is None
    assert first["outcome"] == "interrupt" and first["events"][-1] == "RUN_FINISHED"
    assert first["interrupts"][0]["reason"] == "tool_call"
    assert second["outcome"] == "success" and second["events"][-1] == "RUN_FINISHED"
    assert result["pending"] == 0
    said = [m["content"] for m in result["messages"] if m["role"] == "assistant" and m["content"]]
    assert said[-1] == "allowed done"


async def test_httpagent_sees_a_run_error_as_an_error(agui: RunningAgui, workspace: Path) -> None:
    scenario = {
        "threadId": "thread-node-2",
        "cwd": str(workspace),
        "prompt": "fail boom",
        "rosInvocationId": "inv-node",
    }
    (run,) = (await drive(agui.url, scenario))["runs"]
    assert run["failed"] is None  # RUN_ERROR is an outcome the client handles, not a crash
    assert run["error"]["code"] == "A2A_EXECUTION_FAILED"
    assert run["events"][-1] == "RUN_ERROR"
