"""Pauses that outlive the process: a permission or a question asked before a SIGKILL or SIGTERM
is answered after the restart, and the turn goes on from where the engine saved its state."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.wire import json
from tests.e2e.test_permissions import sideband
from tests.process import ServerProcess


def call(url: str, method: str, params: dict[str, Any]) -> dict[str, Any]:
    request = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
    response = httpx.post(url + "/", json=request, headers={"A2A-Version": "1.0"}, timeout=10)
    body: dict[str, Any] = response.json()
    return body


def rpc(url: str, method: str, params: dict[str, Any]) -> Any:
    body = call(url, method, params)
    assert "result" in body, body
    return body["result"]


def stream(url: str, method: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    request = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
    events = []
    with httpx.stream(
        "POST", url + "/", json=request, headers={"A2A-Version": "1.0"}, timeout=10
    ) as response:
        for line in response.iter_lines():
            if line.startswith("data:"):
                events.append(httpx.Response(200, content=line[5:]).json()["result"])
    return events


def message(text: str, cwd: Path, **fields: Any) -> dict[str, Any]:
    return {
        "messageId": f"m-{abs(hash((text, tuple(fields))))}",
        "role": "ROLE_USER",
        "parts": [{"text": text}],
        "metadata": {"iac_code": {"cwd": str(cwd)}},
        **fields,
    }


def final_status(events: list[dict[str, Any]]) -> dict[str, Any]:
    update: dict[str, Any] = events[-1]["statusUpdate"]
    return update


def agent_texts(task: dict[str, Any]) -> list[str]:
    return [
        "".join(p.get("text", "") for p in m["parts"])
        for m in task["history"]
        if m["role"] == "ROLE_AGENT"
    ]


@pytest.mark.parametrize("stop", ["kill", "terminate"])
def test_permission_asked_before_a_restart_resumes_the_turn(tmp_path: Path, stop: str) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    # A long grace: a question that waits for a person is no reason to hold up a shutdown.
    config = tmp_path / "a2a-server.yml"
    config.write_text("shutdown-grace-seconds: 120\n")
    patient = ServerProcess(
        tmp_path / "state", allowed_cwds=[workspace], extra_args=["--config", str(config)]
    )
    with patient as server:
        events = stream(
            server.url,
            "SendStreamingMessage",
            {"message": message("say before\npermission write_file a.yaml\nsay after", workspace)},
        )
        update = final_status(events)
        env = update["metadata"]["iac_code"]["input"]
        task = {"id": update["taskId"], "contextId": update["contextId"]}
        if stop == "kill":
            server.kill()
        else:
            assert server.terminate(timeout=30) == 0  # not the 120 s grace

    with ServerProcess(tmp_path / "state", allowed_cwds=[workspace]) as server:
        paused = rpc(server.url, "GetTask", {"id": task["id"]})
        assert paused["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        assert "interrupted" not in str(paused["status"]).lower()
        answer = sideband(task, env)
        answer["message"]["metadata"] = {"iac_code": {"cwd": str(workspace)}}
        ack = rpc(server.url, "SendMessage", answer)["message"]
        assert ack["parts"][0]["data"]["kind"] == "permission_ack"
        assert ack["parts"][0]["data"]["decision"] == "allow_once"
        # The same answer again: the pause is gone, nothing runs twice.
        again = call(server.url, "SendMessage", sideband(task, env))
        assert again["error"]["code"] == -32602
        done = rpc(server.url, "GetTask", {"id": task["id"]})
        for _ in range(100):
            if done["status"]["state"] == "TASK_STATE_INPUT_REQUIRED" and done["status"].get(
                "message", {}
            ).get("parts", [{}])[0].get("text", "").startswith("allowed"):
                break
            done = rpc(server.url, "GetTask", {"id": task["id"]})
        assert agent_texts(done)[-1] == "allowed after"
        assert agent_texts(done)[0] == "before"
    audit = (tmp_path / "state" / "audit" / "permissions.jsonl").read_text()
    assert env["inputId"] in audit and "allow_once" in audit


async def test_subscribers_of_a_restored_pause_see_the_resumed_turn(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    with ServerProcess(tmp_path / "state", allowed_cwds=[workspace]) as server:
        events = await trio.to_thread.run_sync(
            lambda: stream(
                server.url,
                "SendStreamingMessage",
                {"message": message("ask which region?\nsay thanks", workspace)},
            )
        )
        update = final_status(events)
        server.kill()

    with ServerProcess(tmp_path / "state", allowed_cwds=[workspace]) as server:
        request = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "SubscribeToTask",
            "params": {"id": update["taskId"]},
        }
        seen: list[dict[str, Any]] = []
        async with (
            httpx.AsyncClient(base_url=server.url, timeout=10) as http,
            http.stream("POST", "/", json=request, headers={"A2A-Version": "1.0"}) as response,
        ):
            lines = response.aiter_lines()
            async for line in lines:  # the task snapshot: the subscription is in place
                if line.startswith("data:"):
                    seen.append(json.loads(line[5:])["result"])
                    break
            answer = message(
                "cn-hangzhou", workspace, taskId=update["taskId"], contextId=update["contextId"]
            )
            reply = await http.post(
                "/",
                json={
                    "jsonrpc": "2.0",
                    "id": 2,
                    "method": "SendMessage",
                    "params": {"message": answer},
                },
                headers={"A2A-Version": "1.0"},
            )
            async for line in lines:
                if line.startswith("data:"):
                    seen.append(json.loads(line[5:])["result"])
        task = reply.json()["result"]["task"]
        assert task["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        assert agent_texts(task)[-1] == "answer: cn-hangzhouthanks"
        assert seen[0]["task"]["id"] == update["taskId"]
        streamed = "".join(
            p.get("text", "")
            for e in seen[1:]
            if "statusUpdate" in e and e["statusUpdate"]["status"]["state"] == "TASK_STATE_WORKING"
            for p in e["statusUpdate"]["status"].get("message", {}).get("parts", [])
        )
        assert streamed == "answer: cn-hangzhouthanks"
        assert final_status(seen)["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"


def test_a_restored_pause_can_be_cancelled(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    workspace.mkdir()
    with ServerProcess(tmp_path / "state", allowed_cwds=[workspace]) as server:
        events = stream(
            server.url,
            "SendStreamingMessage",
            {"message": message("permission write_file a.yaml", workspace)},
        )
        update = final_status(events)
        env = update["metadata"]["iac_code"]["input"]
        server.kill()

    with ServerProcess(tmp_path / "state", allowed_cwds=[workspace]) as server:
        # The saved pause is work in progress: AgentCore must keep the session (deployment.md).
        assert httpx.get(server.url + "/ping").json()["status"] == "HealthyBusy"
        task = {"id": update["taskId"], "contextId": update["contextId"]}
        canceled = rpc(server.url, "CancelTask", {"id": task["id"]})
        assert canceled["status"]["state"] == "TASK_STATE_CANCELED"
        assert httpx.get(server.url + "/ping").json()["status"] == "Healthy"
        late = call(server.url, "SendMessage", sideband(task, env))
        assert late["error"]["code"] == -32004  # terminal: no answer applies any more
