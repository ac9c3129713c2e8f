"""Third-party check: the official a2a-sdk client (1.x, and its 0.3 compat transport) against a
real iaccode process, the way a new user would talk to it."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from a2a.client import ClientConfig, ClientFactory, create_client
from a2a.types import (
    AgentCapabilities,
    AgentCard,
    AgentInterface,
    CancelTaskRequest,
    GetTaskRequest,
    ListTasksRequest,
    Message,
    Part,
    Role,
    SendMessageRequest,
    SubscribeToTaskRequest,
    TaskState,
)
from google.protobuf import struct_pb2

from tests.process import ServerProcess


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("workspace")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, workspace: Path) -> Iterator[ServerProcess]:
    state = tmp_path_factory.mktemp("state")
    with ServerProcess(state, allowed_cwds=[workspace]) as process:
        yield process


def message(text: str, workspace: Path, **fields: Any) -> Message:
    metadata = struct_pb2.Struct()
    metadata.update({"iac_code": {"cwd": str(workspace)}})
    return Message(
        role=Role.ROLE_USER,
        message_id=str(uuid.uuid4()),
        parts=[Part(text=text)],
        metadata=metadata,
        **fields,
    )


async def collect(client: Any, request: Any) -> list[Any]:
    return [event async for event in client.send_message(request)]


def test_sdk_unary_and_streaming_turns(server: ServerProcess, workspace: Path) -> None:
    async def run() -> None:
        unary = await create_client(server.url, client_config=ClientConfig(streaming=False))
        (response,) = await collect(
            unary, SendMessageRequest(message=message("say hello", workspace))
        )
        task = response.task
        assert task.status.state == TaskState.TASK_STATE_INPUT_REQUIRED
        assert task.status.message.parts[0].text == "hello"

        # A follow-up on the same task and context.
        follow = message("say again", workspace, task_id=task.id, context_id=task.context_id)
        (response,) = await collect(unary, SendMessageRequest(message=follow))
        assert response.task.id == task.id
        assert [m.parts[0].text for m in response.task.history] == [
            "say hello",
            "hello",
            "say again",
            "again",
        ]

        streaming = await create_client(server.url, client_config=ClientConfig(streaming=True))
        events = await collect(
            streaming,
            SendMessageRequest(message=message("stream 2", workspace, context_id=task.context_id)),
        )
        kinds = [event.WhichOneof("payload") for event in events]
        assert kinds[0] == "task" and kinds[-1] == "status_update"
        assert events[-1].status_update.status.state == TaskState.TASK_STATE_INPUT_REQUIRED
        deltas = [e.status_update.status.message.parts[0].text for e in events[2:4]]
        assert deltas == ["chunk-1 ", "chunk-2 "]

        got = await unary.get_task(GetTaskRequest(id=task.id, history_length=1))
        assert len(got.history) == 1
        page = await unary.list_tasks(ListTasksRequest(context_id=task.context_id, page_size=10))
        assert page.total_size == 2 and len(page.tasks) == 2
        await unary.close()
        await streaming.close()

    asyncio.run(run())


def test_sdk_cancel_and_subscribe(server: ServerProcess, workspace: Path) -> None:
    async def run() -> None:
        client = await create_client(
            server.url, client_config=ClientConfig(streaming=False, polling=True)
        )
        (response,) = await collect(
            client, SendMessageRequest(message=message("ask ready?", workspace))
        )
        task_id = response.task.id
        for _ in range(100):
            got = await client.get_task(GetTaskRequest(id=task_id))
            if got.status.state == TaskState.TASK_STATE_INPUT_REQUIRED:
                break
            await asyncio.sleep(0.02)
        subscriber = await create_client(server.url, client_config=ClientConfig(streaming=True))
        stream = subscriber.subscribe(SubscribeToTaskRequest(id=task_id))
        first = await stream.__anext__()
        assert first.task.id == task_id
        canceled = await client.cancel_task(CancelTaskRequest(id=task_id))
        assert canceled.status.state == TaskState.TASK_STATE_CANCELED
        rest = [event async for event in stream]
        assert rest[-1].status_update.status.state == TaskState.TASK_STATE_CANCELED
        await client.close()
        await subscriber.close()

    asyncio.run(run())


def test_sdk_0_3_client(server: ServerProcess, workspace: Path) -> None:
    """The SDK's 0.3 transport sends `message/send` etc.; the same endpoint answers it."""

    async def run() -> None:
        card = AgentCard(
            name="iac-code",
            supported_interfaces=[
                AgentInterface(
                    url=server.url + "/", protocol_binding="JSONRPC", protocol_version="0.3"
                )
            ],
            capabilities=AgentCapabilities(streaming=True),
        )
        for streaming in (False, True):
            client = ClientFactory(ClientConfig(streaming=streaming)).create(card)
            events = await collect(
                client, SendMessageRequest(message=message("say legacy", workspace))
            )
            last = events[-1]
            state = (
                last.task.status.state if last.HasField("task") else last.status_update.status.state
            )
            assert state == TaskState.TASK_STATE_INPUT_REQUIRED
            task_id = last.task.id if last.HasField("task") else last.status_update.task_id
            got = await client.get_task(GetTaskRequest(id=task_id))
            assert got.status.message.parts[0].text == "legacy"
            await client.close()

    asyncio.run(run())


def test_agentcore_style_0_3_request_without_version_header(
    server: ServerProcess, workspace: Path
) -> None:
    request = {
        "jsonrpc": "2.0",
        "id": "req-001",
        "method": "message/send",
        "params": {
            "message": {
                "role": "user",
                "parts": [{"kind": "text", "text": "say from agentcore"}],
                "messageId": "unique-message-id",
                "metadata": {"iac_code": {"cwd": str(workspace)}},
            }
        },
    }
    response = httpx.post(
        server.url + "/",
        json=request,
        headers={"X-Amzn-Bedrock-AgentCore-Runtime-Session-Id": "session-1"},
    )
    body = response.json()
    assert body["id"] == "req-001"
    task = body["result"]
    assert task["kind"] == "task"
    assert task["status"]["state"] == "input-required"
    assert task["status"]["message"]["parts"] == [{"kind": "text", "text": "from agentcore"}]
    assert task["status"]["message"]["role"] == "agent"
    request["method"] = "tasks/get"
    request["params"] = {"id": task["id"]}
    got = httpx.post(server.url + "/", json=request).json()["result"]
    assert got["kind"] == "task" and got["id"] == task["id"]
    assert got["metadata"] == {"iac_code": {"agentcoreSessionId": "session-1"}}
    with httpx.stream(
        "POST",
        server.url + "/",
        json={
            **request,
            "method": "message/stream",
            "params": {
                "message": {
                    "role": "user",
                    "kind": "message",
                    "messageId": "m2",
                    "parts": [{"kind": "text", "text": "stream 1"}],
                    "metadata": {"iac_code": {"cwd": str(workspace)}},
                }
            },
        },
    ) as stream:
        lines = [line for line in stream.iter_lines() if line.startswith("data:")]
    events = [httpx.Response(200, content=line[5:]).json()["result"] for line in lines]
    assert [e["kind"] for e in events] == [
        "task",
        "status-update",
        "status-update",
        "status-update",
    ]
    assert [e.get("final") for e in events[1:]] == [False, False, True]
    assert events[-1]["status"]["state"] == "input-required"
    errors = httpx.post(
        server.url + "/", json={**request, "method": "tasks/get", "params": {"id": "nope"}}
    )
    error = errors.json()["error"]
    assert error["code"] == -32001 and not isinstance(error.get("data"), list)


def test_the_readme_snippet_runs_as_written(server: ServerProcess, tmp_path: Path) -> None:
    import subprocess
    import sys

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    snippet = readme.split("```python\n", 1)[1].split("```", 1)[0]
    assert "http://127.0.0.1:41242" in snippet
    script = tmp_path / "snippet.py"
    script.write_text(snippet.replace("http://127.0.0.1:41242", server.url))
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "TASK_STATE" in done.stdout
