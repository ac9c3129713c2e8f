"""AG-UI runs of the `llm` engine against the fake model: a written file as an artifact event,
MCP status and progress, compaction signals, thinking forwarded, a cut answer. Every stream is
checked against the official models and sequence rules (`parse`)."""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from iaccode.server import RunningAgui
from iaccode.testing.fake_openai import FakeOpenAI, Script, text_chunks, tool_call_chunks
from tests.agent.test_llm_engine import model
from tests.agui.conftest import AguiClient

__all__ = ["model"]  # fixture


@pytest.fixture
def start_llm_agui(start_agui: Callable[..., Any], model: FakeOpenAI) -> Callable[..., Any]:
    async def start(*, agui: dict[str, Any] | None = None, **core: Any) -> RunningAgui:
        """`core`: the in-process core's settings; `agui`: the adapter's (`ui`, ...)."""
        values = {
            "engine": "llm",
            "llm_provider": "openai-compatible",
            "llm_base_url": model.base_url,
            "llm_model": "qwen-test",
            "llm_api_key": "sk-test",
            "auto_approve_permissions": True,
            **core,
        }
        running: RunningAgui = await start_agui(core=values, **(agui or {}))
        return running

    return start


async def run(agui: RunningAgui, workspace: Path, text: str, **props: Any) -> Any:
    async with httpx.AsyncClient(base_url=agui.url, timeout=30) as http:
        return await AguiClient(http, workspace).run(text, **props)


async def test_a_written_file_is_an_artifact_event(
    start_llm_agui: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    content = "ROSTemplateFormatVersion: '2015-09-01'\nResources: {}\n"
    write = {
        "id": "call_w",
        "name": "write_file",
        "arguments": {"path": "t.yaml", "content": content},
    }
    model.enqueue(Script(tool_call_chunks([write])), Script(text_chunks("Written.")))
    reply = await run(await start_llm_agui(), workspace, "Write t.yaml")
    (artifact,) = reply.custom("iac-code.artifact.v1")
    (part,) = artifact["parts"]
    assert part["mediaType"] == "application/yaml" and part["filename"] == "t.yaml"
    assert part["byteSize"] == len(content)
    assert part["sha256"] == hashlib.sha256(content.encode()).hexdigest()
    assert str(workspace) not in str(artifact)
    assert reply.text == "Written."


async def test_mcp_status_and_progress_and_thinking(
    start_llm_agui: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    pytest.importorskip("mcp")
    call = {"id": "call_p", "name": "mcp__local__progress", "arguments": {"steps": 2}}
    model.enqueue(Script(tool_call_chunks([call])), Script(text_chunks("Done.")))
    servers = {"local": {"command": sys.executable, "args": ["-m", "iaccode.testing.mcp_server"]}}
    agui = await start_llm_agui(mcp_servers=servers)
    reply = await run(agui, workspace, "Go", thinking={"enabled": True, "budget": 256})
    statuses = [e for e in reply.custom("iac-code.pipeline.v1") if e["eventType"] == "mcp_status"]
    assert statuses[0]["status"]["servers"][0]["connection"] == "connected"
    progress = [
        e for e in reply.custom("iac-code.tool-progress.v1") if e.get("status") == "progress"
    ]
    assert [(p["progress"], p["total"], p["toolCallId"]) for p in progress] == [
        (1, 2, "call_p"),
        (2, 2, "call_p"),
    ]
    body = model.requests[0]["body"]
    assert body["enable_thinking"] is True and body["thinking_budget"] == 256


async def test_compaction_signals_and_a_cut_answer(
    start_llm_agui: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    model.enqueue(
        Script(text_chunks("x" * 4000)),
        Script(text_chunks("summary")),
        *(Script(text_chunks(f"part {n} ", finish_reason="length")) for n in range(3)),
    )
    agui = await start_llm_agui(llm_context_budget=1000)
    await run(agui, workspace, "first")
    reply = await run(agui, workspace, "second")
    kinds = [e["eventType"] for e in reply.custom("iac-code.pipeline.v1")]
    assert kinds == ["context_compaction_started", "context_compacted"]
    assert reply.text.startswith("part 0 part 1 part 2 ")
    assert "cut off" in reply.text


async def test_a_write_interrupt_shows_the_masked_preview(
    start_llm_agui: Callable[..., Any], model: FakeOpenAI, workspace: Path
) -> None:
    content = "db_password: hunter2hunter2\nport: 5432\n"
    write = {
        "id": "call_w",
        "name": "write_file",
        "arguments": {"path": "db.yaml", "content": content},
    }
    model.enqueue(Script(tool_call_chunks([write])))
    reply = await run(await start_llm_agui(auto_approve_permissions=False), workspace, "Write it")
    (interrupt,) = reply.last("RUN_FINISHED")["outcome"]["interrupts"]
    assert interrupt["metadata"]["preview"] == {
        "kind": "content",
        "lines": 2,
        "text": "db_password: ****\nport: 5432",
    }
    assert "hunter2" not in str(reply.events)
