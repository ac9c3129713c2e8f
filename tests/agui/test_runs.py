"""AG-UI runs end to end: a real adapter on loopback, the A2A core in-process, real SSE.

Every stream is checked event by event against the `ag-ui-protocol` models and the official
client's sequence rules (`tests.agui.verify`), in `parse`.
"""

from __future__ import annotations

import base64
from typing import Any

import httpx
import pytest

from iaccode.server import RunningAgui
from tests.agui.conftest import AguiClient

pytestmark = pytest.mark.http_servers  # under the built-in loop and hypercorn
ASK = "say planning\npermission write_file a.yaml\nsay done"


def interrupts_of(reply: Any) -> list[dict[str, Any]]:
    outcome = reply.last("RUN_FINISHED")["outcome"]
    assert outcome["type"] == "interrupt"
    interrupts: list[dict[str, Any]] = outcome["interrupts"]
    return interrupts


async def test_health(client: AguiClient) -> None:
    response = await client.http.get("/health")
    body = response.json()
    assert response.status_code == 200
    assert body["status"] == "ok" and body["protocol"] == "ag-ui"
    assert body["protocolVersion"] == "1.0" and body["executionKernel"] == "a2a-1.0"


async def test_a_text_run(client: AguiClient) -> None:
    reply = await client.run("say Here is your VPC.")
    assert reply.status == 200
    assert reply.types == [
        "RUN_STARTED",
        "CUSTOM",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "RUN_FINISHED",
    ]
    started = reply.events[0]
    assert started["threadId"] == "thread-1" and started["protocolVersion"] == "1.0"
    assert "input" not in started  # the request carries credentials; it is never echoed
    (session,) = reply.custom("iac-code.session.v1")
    assert session["threadId"] == "thread-1" and session["rosInvocationId"] == "invocation-1"
    assert session["aguiRunId"] == started["runId"]
    assert {"executionId", "contextId", "taskId", "sessionId"} <= session.keys()
    assert reply.text == "Here is your VPC."
    assert reply.last("RUN_FINISHED")["outcome"] == {"type": "success"}


async def test_pipeline_steps_become_step_events(client: AguiClient) -> None:
    script = [
        "pipeline step_started plan",
        "say planned",
        "pipeline stack_progress",
        "pipeline step_completed plan",
        "pipeline step_started deploy",  # never completed: closed before the run ends
    ]
    reply = await client.run("\n".join(script))
    steps = [(e["type"], e["stepName"]) for e in reply.events if e["type"].startswith("STEP_")]
    assert steps == [
        ("STEP_STARTED", "plan"),
        ("STEP_FINISHED", "plan"),
        ("STEP_STARTED", "deploy"),
        ("STEP_FINISHED", "deploy"),
    ]
    (progress,) = reply.custom("iac-code.pipeline.v1")
    assert progress["eventType"] == "stack_progress"
    assert reply.types[-2:] == ["STEP_FINISHED", "RUN_FINISHED"]  # the open step, closed


async def test_the_thread_is_one_conversation(client: AguiClient) -> None:
    first = await client.run("say first")
    second = await client.run("history")
    assert second.text == "say first | first"  # the engine saw the earlier turn
    one, two = first.custom("iac-code.session.v1")[0], second.custom("iac-code.session.v1")[0]
    assert one["contextId"] == two["contextId"]
    assert one["executionId"] != two["executionId"] and one["taskId"] != two["taskId"]


async def test_permission_interrupt_and_resume(client: AguiClient) -> None:
    first = await client.run(ASK)
    (interrupt,) = interrupts_of(first)
    assert interrupt["reason"] == "tool_call" and interrupt["toolCallId"] == "call-write_file"
    assert interrupt["responseSchema"]["required"] == ["decision"]
    assert interrupt["metadata"]["toolName"] == "write_file"
    assert "expiresAt" in interrupt and interrupt["message"]
    assert first.text == "planning"
    second = await client.resume([interrupt])
    assert second.types[0] == "RUN_STARTED"
    progress = second.custom("iac-code.tool-progress.v1")
    assert {
        "toolCallId": "call-write_file",
        "status": "permission_answered",
        "decision": "allow_once",
    } in progress
    assert second.text == "allowed done"
    assert second.last("RUN_FINISHED")["outcome"] == {"type": "success"}
    # the resume neither re-opens the tool call nor asks again
    assert "TOOL_CALL_START" not in second.types


async def test_deny_and_cancelled_mean_deny(client: AguiClient) -> None:
    (interrupt,) = interrupts_of(await client.run(ASK))
    assert (await client.resume([interrupt], decision="deny")).text == "denied done"
    (interrupt,) = interrupts_of(await client.run(ASK))
    entry = {"interruptId": interrupt["id"], "status": "cancelled"}
    assert (await client.run(resume=[entry])).text == "denied done"


async def test_a_question_interrupt(client: AguiClient) -> None:
    first = await client.run("ask Which region?\nsay thanks")
    (interrupt,) = interrupts_of(first)
    assert interrupt["reason"] == "input_required" and interrupt["message"] == "Which region?"
    entry = {"interruptId": interrupt["id"], "status": "resolved", "payload": {"answer": "eu"}}
    second = await client.run(resume=[entry])
    assert second.text == "answer: euthanks"


async def test_heartbeats_keep_a_quiet_stream_alive(start_agui: Any, workspace: Any) -> None:
    agui: RunningAgui = await start_agui(heartbeat_seconds=0.1)
    async with httpx.AsyncClient(base_url=agui.url, timeout=10) as http:
        reply = await AguiClient(http, workspace).run("sleep 0.5\nsay awake")
    assert reply.comments.count("heartbeat") >= 2
    assert reply.text == "awake"


async def test_in_front_of_a_running_a2a_server(
    start_server: Any, start_agui: Any, workspace: Any
) -> None:
    """--a2a-url: the same runs, over A2A JSON-RPC and SSE to a separate server."""
    a2a = await start_server(token="upstream-token")
    agui: RunningAgui = await start_agui(a2a_url=a2a.url + "/", a2a_token="upstream-token")
    assert agui.core is None
    async with httpx.AsyncClient(base_url=agui.url, timeout=10) as http:
        client = AguiClient(http, workspace)
        (interrupt,) = interrupts_of(await client.run(ASK))
        second = await client.resume([interrupt])
    assert second.text == "allowed done"
    assert second.last("RUN_FINISHED")["outcome"] == {"type": "success"}


async def test_an_image_of_seven_mib_reaches_the_engine(client: AguiClient) -> None:
    data = base64.b64encode(b"\x89PNG" + b"\x00" * (7 * 1024 * 1024)).decode()
    content = [
        {"type": "text", "text": "say seen"},
        {"type": "image", "source": {"type": "data", "value": data, "mimeType": "image/png"}},
    ]
    body = client.body("unused")
    body["messages"] = [{"id": "u1", "role": "user", "content": content}]
    reply = await client.post(body)
    assert reply.text == "seen"


async def test_reasoning_is_streamed_when_a_run_asks_for_it(client: AguiClient) -> None:
    # The seed: raw reasoning -> REASONING_START, REASONING_MESSAGE_*, REASONING_END, sent for
    # thinking.enabled: true without any server setting (as the existing product does).
    asked = await client.run("think pondering\nsay answer", thinking={"enabled": True})
    reasoning = [t for t in asked.types if t.startswith("REASONING_")]
    assert reasoning[0] == "REASONING_START" and reasoning[-1] == "REASONING_END"
    assert "REASONING_MESSAGE_CONTENT" in reasoning
    deltas = [e["delta"] for e in asked.events if e["type"] == "REASONING_MESSAGE_CONTENT"]
    assert "".join(deltas) == "pondering" and asked.text == "answer"
    plain = await client.run("think private\nsay answer")
    assert not [t for t in plain.types if t.startswith("REASONING_")]
