"""The 0.3 dialect over HTTP as 0.3 clients (AgentCore's example, the 0.3 conformance kit) read it,
and the capability switches the 1.0 kit tests with (`streaming`, `extended-agent-card`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from iaccode.wire import json
from iaccode.wire.sse import SSEDecoder


def _message(text: str, cwd: Path, **part_extra: Any) -> dict[str, Any]:
    part = {"kind": "text", "text": text, **part_extra}
    return {
        "kind": "message",
        "messageId": "m-03",
        "role": "user",
        "parts": [part],
        "metadata": {"iac_code": {"cwd": str(cwd)}},
    }


def _rpc(method: str, params: dict[str, Any]) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": 7, "method": method, "params": params})


async def test_message_send_gives_the_answer_as_an_agent_response_artifact(
    http: httpx.AsyncClient, workspace: Path
) -> None:
    body = _rpc("message/send", {"message": _message("say the answer", workspace)})
    result = await http.post("/", content=body, headers={"content-type": "application/json"})
    task = result.json()["result"]
    assert task["kind"] == "task"
    (artifact,) = [a for a in task["artifacts"] if a["name"] == "agent_response"]
    assert artifact["parts"] == [{"kind": "text", "text": "the answer"}]
    assert task["status"]["message"]["parts"] == artifact["parts"]


async def test_a_part_without_kind_is_invalid_params(
    http: httpx.AsyncClient, workspace: Path
) -> None:
    message = _message("say hi", workspace)
    message["parts"] = [{"text": "hi"}]
    body = _rpc("message/send", {"message": message})
    reply = await http.post("/", content=body, headers={"content-type": "application/json"})
    assert reply.json()["error"]["code"] == -32602


async def test_errors_before_a_0_3_stream_come_as_an_event(
    http: httpx.AsyncClient, workspace: Path
) -> None:
    for method, params in (
        ("message/stream", {"message": {**_message("say hi", workspace), "parts": [{"x": 1}]}}),
        ("tasks/resubscribe", {"id": "no-such-task"}),
    ):
        headers = {"content-type": "application/json"}
        reply = await http.post("/", content=_rpc(method, params), headers=headers)
        assert reply.status_code == 200
        assert reply.headers["content-type"].startswith("text/event-stream"), method
        events = SSEDecoder().feed(reply.content)
        (event,) = events
        error = json.loads(event.data)
        assert error["id"] == 7 and error["error"]["code"] in (-32602, -32001), method
    # The 1.0 methods keep answering errors as JSON.
    params = {"message": {"messageId": "m", "role": "ROLE_USER", "parts": []}}
    headers = {"content-type": "application/json", "a2a-version": "1.0"}
    reply = await http.post("/", content=_rpc("SendStreamingMessage", params), headers=headers)
    assert reply.headers["content-type"].startswith("application/json")


async def test_the_0_3_card_offers_the_extended_card_only_with_authentication(
    start_server: Any, tmp_path: Path
) -> None:
    for auth, expected in (({}, False), ({"token": "t"}, True)):
        state = tmp_path / f"state-{expected}"
        server = await start_server(legacy_card_fields=True, persistence_dir=state, **auth)
        async with httpx.AsyncClient(base_url=server.url) as http:
            card = (await http.get("/.well-known/agent-card.json")).json()
        assert card["supportsAuthenticatedExtendedCard"] is expected


async def test_capability_switches(start_server: Any, workspace: Path) -> None:
    server = await start_server(streaming=False, extended_agent_card=False)
    headers = {"content-type": "application/json", "a2a-version": "1.0"}
    async with httpx.AsyncClient(base_url=server.url) as http:
        card = (await http.get("/.well-known/agent-card.json")).json()
        assert card["capabilities"].get("streaming", False) is False
        assert card["capabilities"].get("extendedAgentCard", False) is False
        message = {
            "messageId": "m-s",
            "role": "ROLE_USER",
            "parts": [{"text": "say hi"}],
            "metadata": {"iac_code": {"cwd": str(workspace)}},
        }
        stream = await http.post(
            "/", content=_rpc("SendStreamingMessage", {"message": message}), headers=headers
        )
        assert stream.json()["error"]["code"] == -32004
        extended = await http.post("/", content=_rpc("GetExtendedAgentCard", {}), headers=headers)
        assert extended.json()["error"]["code"] == -32007
        sent = await http.post(
            "/", content=_rpc("SendMessage", {"message": message}), headers=headers
        )
        assert sent.json()["result"]["task"]["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"


async def test_the_0_3_kit_engine_leaves_plain_sends_open(
    start_server: Any, workspace: Path
) -> None:
    server = await start_server(engine="iaccode.testing.tck03:Tck03Engine")
    headers = {"content-type": "application/json"}
    async with httpx.AsyncClient(base_url=server.url) as http:

        async def call(method: str, params: dict[str, Any]) -> Any:
            reply = await http.post("/", content=_rpc(method, params), headers=headers)
            return reply.json()["result"]

        task = await call("message/send", {"message": _message("first", workspace)})
        assert task["status"]["state"] == "input-required"
        assert any(a["parts"][0].get("text") == "Received: first" for a in task["artifacts"])
        follow = {**_message("second", workspace), "messageId": "m-2", "taskId": task["id"]}
        again = await call("message/send", {"message": follow})
        assert again["id"] == task["id"] and again["status"]["state"] == "input-required"
        texts = [a["parts"][0].get("text") for a in again["artifacts"]]
        assert "Received: second" in texts
        canceled = await call("tasks/cancel", {"id": task["id"]})
        assert canceled["status"]["state"] == "canceled"


async def test_tasks_can_be_scoped_by_the_agentcore_session(
    start_server: Any, workspace: Path, tmp_path: Path
) -> None:
    session = "x-amzn-bedrock-agentcore-runtime-session-id"
    for scoped in (False, True):
        state = tmp_path / f"state-{scoped}"
        server = await start_server(agentcore_session_scope=scoped, persistence_dir=state)
        headers = {"content-type": "application/json", "a2a-version": "1.0"}
        message = {
            "messageId": f"m-{scoped}",
            "role": "ROLE_USER",
            "parts": [{"text": "say hi"}],
            "metadata": {"iac_code": {"cwd": str(workspace)}},
        }
        async with httpx.AsyncClient(base_url=server.url, headers=headers) as http:

            async def call(method: str, params: dict[str, Any], sid: str) -> Any:
                body = _rpc(method, params)
                return (await http.post("/", content=body, headers={session: sid})).json()

            sent = await call("SendMessage", {"message": message}, "session-a")
            task = sent["result"]["task"]
            meta = task["metadata"]["iac_code"]
            assert meta["agentcoreSessionId"] == "session-a"
            own = await call("GetTask", {"id": task["id"]}, "session-a")
            assert own["result"]["id"] == task["id"]
            other = await call("GetTask", {"id": task["id"]}, "session-b")
            listed = await call("ListTasks", {}, "session-b")
            ids = [t["id"] for t in listed["result"]["tasks"]]
            if scoped:
                assert other["error"]["code"] == -32001 and task["id"] not in ids
            else:  # recorded only, by default
                assert other["result"]["id"] == task["id"] and task["id"] in ids
