"""The `llm` engine end to end: a real server, a fake OpenAI-compatible model on loopback."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.server import RunningServer
from iaccode.testing.fake_openai import FakeOpenAI, Script, text_chunks, tool_call_chunks
from iaccode.wire import json
from tests.client import A2AClient, results, states, stop_server, text_of

KEY = "sk-test-secret-123"


@pytest.fixture
async def model(nursery: trio.Nursery) -> FakeOpenAI:
    fake = FakeOpenAI()
    await nursery.start(fake.serve)
    return fake


@pytest.fixture
def start_llm(start_server: Callable[..., Any], model: FakeOpenAI) -> Callable[..., Any]:
    async def start(**config: Any) -> RunningServer:
        values = {
            "engine": "llm",
            "llm_provider": "openai-compatible",
            "llm_base_url": model.base_url,
            "llm_model": "qwen-test",
            "llm_api_key": KEY,
            **config,
        }
        server: RunningServer = await start_server(**values)
        return server

    return start


async def client(server: RunningServer, workspace: Path) -> tuple[A2AClient, httpx.AsyncClient]:
    http = httpx.AsyncClient(base_url=server.url, timeout=10)
    return A2AClient(http, cwd=workspace), http


def metadata_of(events: list[dict[str, Any]], key: str) -> list[Any]:
    found = []
    for result in results(events):
        meta = result.get("statusUpdate", {}).get("metadata", {}).get("iac_code", {})
        if key in meta:
            found.append(meta[key])
    return found


async def test_text_turn_streams_and_reports_usage(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    model.enqueue(Script(text_chunks("Here is your template.", pieces=4, usage=(11, 7))))
    a2a, http = await client(await start_llm(), workspace)
    async with http:
        events = await a2a.send_stream("Describe a VPC")
    deltas = [
        text_of(r["statusUpdate"]["status"]["message"])
        for r in results(events)[1:-1]
        if "message" in r["statusUpdate"]["status"]
    ]
    assert "".join(deltas) == "Here is your template."
    assert len(deltas) == 4
    assert metadata_of(events, "usage") == [
        {"inputTokens": 11, "outputTokens": 7, "totalTokens": 18}
    ]
    final = results(events)[-1]["statusUpdate"]["status"]
    assert final["state"] == "TASK_STATE_INPUT_REQUIRED"
    assert text_of(final["message"]) == "Here is your template."
    (request,) = model.requests
    body = request["body"]
    assert body["model"] == "qwen-test" and body["stream"] is True
    assert request["headers"]["authorization"] == f"Bearer {KEY}"
    assert body["messages"][0]["role"] == "system"
    assert body["messages"][-1] == {"role": "user", "content": "Describe a VPC"}
    assert {t["function"]["name"] for t in body["tools"]} >= {
        "read_file",
        "write_file",
        "check_ros_template",
        "convert_terraform",
        "compose_template",
    }


async def test_parallel_tools_permission_artifact_and_usage(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    """Two parallel calls (one asks permission to write), an artifact, then the answer."""
    (workspace / "main.tf").write_text(
        'resource "alicloud_vpc" "v" {\n  cidr_block = "10.0.0.0/8"\n}\n'
    )
    calls = [
        {
            "id": "call_compose",
            "name": "compose_template",
            "arguments": {"request": "a VPC with two vSwitches"},
        },
        {
            "id": "call_write",
            "name": "write_file",
            "arguments": {"path": "notes.md", "content": "# plan\n"},
        },
    ]
    model.enqueue(
        Script(tool_call_chunks(calls, usage=(100, 20))),
        Script(text_chunks("Done: the template is attached.", usage=(300, 10))),
    )
    a2a, http = await client(await start_llm(), workspace)
    async with http:
        first = await a2a.send_stream("Create a VPC with two vSwitches and write notes")
        assert states(first)[-1] == "TASK_STATE_INPUT_REQUIRED"
        env = results(first)[-1]["statusUpdate"]["metadata"]["iac_code"]["input"]
        assert env["toolName"] == "write_file" and env["toolUseId"] == "call_write"
        assert env["target"] == "notes.md"
        tools = metadata_of(first, "tool")
        assert {(t["toolUseId"], t["status"]) for t in tools} >= {
            ("call_compose", "started"),
            ("call_write", "started"),
            ("call_compose", "input_delta"),
            ("call_write", "input_complete"),
        }
        assert not (workspace / "notes.md").exists()  # nothing written before the answer
        task_id = env["requestTaskId"]

        later: list[dict[str, Any]] = []

        async def follow(task_status: trio.TaskStatus[None]) -> None:
            iterator = a2a.iter_stream("SubscribeToTask", {"id": task_id})
            later.append(json.loads((await iterator.__anext__()).data))
            task_status.started()
            async for event in iterator:
                later.append(json.loads(event.data))

        answer = {
            "schemaVersion": 1,
            "kind": "permission",
            "requestTaskId": task_id,
            "inputId": env["inputId"],
            "toolUseId": "call_write",
            "decision": "allow_once",
        }
        async with trio.open_nursery() as nursery:
            await nursery.start(follow)
            ack = await a2a.result(
                "SendMessage",
                {
                    "message": {
                        "messageId": "decision-1",
                        "role": "ROLE_USER",
                        "taskId": task_id,
                        "parts": [{"data": answer, "mediaType": "application/json"}],
                    }
                },
            )
        assert ack["message"]["parts"][0]["data"]["decision"] == "allow_once"
        assert (workspace / "notes.md").read_text() == "# plan\n"
        final = results(later)[-1]["statusUpdate"]
        assert final["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
        assert text_of(final["status"]["message"]) == "Done: the template is attached."
        assert metadata_of(later, "usage")[-1] == {
            "inputTokens": 400,
            "outputTokens": 30,
            "totalTokens": 430,
        }
        task = await a2a.result("GetTask", {"id": task_id})
        # stored, whichever stream was open when they came: the template, the file written (in
        # either order: the two calls run concurrently, and the write waits for its answer)
        composed, written = sorted(
            task["artifacts"], key=lambda a: a["parts"][0]["mediaType"] == "text/markdown"
        )
        assert composed["parts"][0]["mediaType"] == "application/yaml"
        assert written["parts"][0]["mediaType"] == "text/markdown"
        assert written["metadata"]["byteSize"] == 7
        assert written["metadata"]["sha256"] == hashlib.sha256(b"# plan\n").hexdigest()
        assert written["parts"][0]["url"].startswith("file://")

    second = model.requests[1]["body"]["messages"]
    assistant = second[-3]
    assert [c["id"] for c in assistant["tool_calls"]] == ["call_compose", "call_write"]
    assert assistant["content"] == ""
    tool_results = {m["tool_call_id"]: json.loads(m["content"]) for m in second[-2:]}
    assert tool_results["call_write"] == {
        "path": "notes.md",
        "bytes": 7,
        "artifactId": written["artifactId"],
    }
    assert tool_results["call_compose"]["check"]["ok"] is True


async def test_overrides_reach_the_model_and_are_never_stored(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path, server_dir: Path
) -> None:
    model.enqueue(Script(text_chunks("ok")))
    server = await start_llm(llm_api_key=None)
    a2a, http = await client(server, workspace)
    async with http:
        message = a2a.message("hello")
        message["metadata"]["iac_code"].update(
            {"iac_code_model": "qwen-max", "iac_code_api_key": "sk-per-turn-999"}
        )
        task = (await a2a.result("SendMessage", {"message": message}))["task"]
        stored = await a2a.result("GetTask", {"id": task["id"]})
    body = model.requests[0]
    assert body["body"]["model"] == "qwen-max"
    assert body["headers"]["authorization"] == "Bearer sk-per-turn-999"
    assert "sk-per-turn-999" not in json.dumps(stored).decode()
    assert stored["history"][0]["metadata"]["iac_code"]["iac_code_model"] == "qwen-max"
    assert not any(
        b"sk-per-turn-999" in p.read_bytes() for p in server_dir.rglob("*") if p.is_file()
    )


async def test_missing_key_and_provider_errors_fail_cleanly(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    keyless = await start_llm(llm_provider="dashscope", llm_api_key=None)
    a2a, http = await client(keyless, workspace)
    async with http:
        task = await a2a.send("hello")
    assert task["status"]["state"] == "TASK_STATE_FAILED"
    assert "No API key is configured" in text_of(task["status"]["message"])
    assert model.requests == []

    model.enqueue(Script([], status=401, error_body={"error": {"message": f"bad key {KEY}"}}))
    beside = await start_llm(persistence_dir=workspace.parent / "second-state")  # its own
    a2a, http = await client(beside, workspace)
    async with http:
        task = await a2a.send("hello")
    text = text_of(task["status"]["message"])
    assert task["status"]["state"] == "TASK_STATE_FAILED"
    assert KEY not in text and "127.0.0.1" not in text and model.base_url not in text


async def test_history_is_the_conversation_after_a_restart(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    model.enqueue(Script(text_chunks("first answer")), Script(text_chunks("second answer")))
    server = await start_llm()
    a2a, http = await client(server, workspace)
    async with http:
        task = await a2a.send("first question")
    await stop_server(server)
    again = await start_llm()
    a2a, http = await client(again, workspace)
    async with http:
        follow = await a2a.send("second question", context_id=task["contextId"])
    assert text_of(follow["status"]["message"]) == "second answer"
    messages = model.requests[1]["body"]["messages"]
    assert [(m["role"], m["content"]) for m in messages[1:]] == [
        ("user", "first question"),
        ("assistant", "first answer"),
        ("user", "second question"),
    ]


async def test_a_broken_stream_fails_the_turn_and_the_language_reaches_the_model(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    model.enqueue(
        Script(text_chunks("partial answer that never ends", pieces=6), disconnect_after=3)
    )
    a2a, http = await client(await start_llm(), workspace)
    async with http:
        message = a2a.message("hello")
        message["metadata"]["iac_code"]["preferredLanguage"] = "de-DE"
        events = await a2a.stream("SendStreamingMessage", {"message": message})
    final = results(events)[-1]["statusUpdate"]["status"]
    assert final["state"] == "TASK_STATE_FAILED"
    assert "broke off" in text_of(final["message"])
    assert model.base_url not in text_of(final["message"])
    system = model.requests[0]["body"]["messages"][0]["content"]
    assert system.endswith("Answer in German.")


async def test_a_permission_question_outlives_a_restart(
    start_llm: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    """The turn goes on from the saved batch: no second model call for it, nothing run twice."""
    calls = [
        {"id": "call_read", "name": "list_files", "arguments": {"path": "."}},
        {"id": "call_write", "name": "write_file", "arguments": {"path": "a.md", "content": "x"}},
    ]
    model.enqueue(
        Script(tool_call_chunks(calls, usage=(100, 20))),
        Script(text_chunks("Written.", usage=(300, 10))),
    )
    server = await start_llm()
    a2a, http = await client(server, workspace)
    async with http:
        first = await a2a.send_stream("Write a.md")
    env = results(first)[-1]["statusUpdate"]["metadata"]["iac_code"]["input"]
    await stop_server(server)
    again = await start_llm()
    a2a, http = await client(again, workspace)
    async with http:
        answer = {
            "schemaVersion": 1,
            "kind": "permission",
            "requestTaskId": env["requestTaskId"],
            "inputId": env["inputId"],
            "toolUseId": "call_write",
            "decision": "allow_once",
        }
        message = {
            "messageId": "decision-after-restart",
            "role": "ROLE_USER",
            "taskId": env["requestTaskId"],
            "parts": [{"data": answer, "mediaType": "application/json"}],
            "metadata": {"iac_code": {"cwd": str(workspace)}},
        }
        ack = await a2a.result("SendMessage", {"message": message})
        assert ack["message"]["parts"][0]["data"]["accepted"] is True
        with trio.fail_after(10):
            while True:
                task = await a2a.result("GetTask", {"id": env["requestTaskId"]})
                if task["status"]["state"] != "TASK_STATE_WORKING":
                    break
                await trio.sleep(0.05)
    assert text_of(task["status"]["message"]) == "Written."
    assert (workspace / "a.md").read_text() == "x"
    assert len(model.requests) == 2
    second = model.requests[1]["body"]["messages"]
    assert [c["id"] for c in second[-3]["tool_calls"]] == ["call_read", "call_write"]
    assert [m["tool_call_id"] for m in second[-2:]] == ["call_read", "call_write"]
    assert json.loads(second[-1]["content"])["bytes"] == 1
    assert second[1] == {"role": "user", "content": "Write a.md"}
