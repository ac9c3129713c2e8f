"""A local agent drives `iaccode a2a --transport stdio` as its child process: a whole
conversation with a permission prompt, then stdin closed in the middle of a turn."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import trio

from tests.e2e.test_permissions import sideband
from tests.e2e.test_transports import stdio_server
from tests.transports.test_lines import message, request, state_of, text_of


async def test_a_conversation_with_a_permission_prompt(server_dir: Path, workspace: Path) -> None:
    async with stdio_server(server_dir, workspace) as lines:
        await lines.send(
            request(
                "turn",
                "SendStreamingMessage",
                {
                    "message": message(
                        "say plan ready\npermission write_file vpc.yaml\nsay written", workspace
                    )
                },
            )
        )
        events = await lines.stream("turn")
        pause = events[-1]["result"]["statusUpdate"]
        assert pause["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        envelope = pause["metadata"]["iac_code"]["input"]
        assert envelope["kind"] == "permission" and envelope["target"] == "vpc.yaml"
        task = {"id": pause["taskId"], "contextId": pause["contextId"]}

        # follow the paused turn, then answer it: the answer is acknowledged on its own
        await lines.send(request("follow", "SubscribeToTask", {"id": task["id"]}))
        ack = await lines.call("SendMessage", sideband(task, envelope))
        assert ack["result"]["message"]["parts"][0]["data"]["kind"] == "permission_ack"
        resumed = await lines.stream("follow")
        final = resumed[-1]["result"]["statusUpdate"]["status"]
        assert final["state"] == "TASK_STATE_INPUT_REQUIRED"
        assert text_of(final["message"]) == "allowed written"

        # the conversation goes on in the same context
        follow = message("history", workspace, contextId=task["contextId"])
        reply = await lines.call("SendMessage", {"message": follow})
        history = text_of(reply["result"]["task"]["status"]["message"])
        assert "plan ready" in history and "allowed written" in history


async def test_closing_stdin_mid_turn_leaves_a_clean_state(
    server_dir: Path, workspace: Path
) -> None:
    async with stdio_server(server_dir, workspace) as lines:
        await lines.send(
            request(
                "turn", "SendStreamingMessage", {"message": message("say half\nwait", workspace)}
            )
        )
        while state_of(await lines.next("turn")) != "TASK_STATE_WORKING":
            pass
        # leaving the block closes stdin and waits for the process to exit with status 0
    with sqlite3.connect(server_dir / "tasks.db") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        (live,) = db.execute("SELECT COUNT(*) FROM tasks WHERE live = 1").fetchone()
        assert live == 0  # no task is left marked as running
    async with stdio_server(server_dir, workspace) as lines:
        listed = await lines.call("ListTasks", {})
        (task,) = listed["result"]["tasks"]
        assert task["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        assert "interrupted" in text_of(task["status"]["message"]).lower()
        with trio.fail_after(10):
            again = await lines.call(
                "SendMessage", {"message": message("say back", workspace, taskId=task["id"])}
            )
        assert text_of(again["result"]["task"]["status"]["message"]) == "back"
