"""Over AG-UI too, a change resumed after a restart runs under the keys it was asked under: the
same keys in forwardedProps with the resume, else a clear tool error, never the server's chain."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from iaccode.server import RunningAgui
from iaccode.testing.fake_openai import FakeOpenAI, Script, text_chunks, tool_call_chunks
from iaccode.testing.fake_ros import FakeRos
from tests.agent.cloud.conftest import KEY_ID, SECRET, TEMPLATE
from tests.agui.conftest import AguiClient
from tests.agui.test_durability import stop
from tests.agui.test_runs import interrupts_of
from tests.e2e.test_ros_identity import (  # noqa: F401 (fixtures)
    CHAIN_ID,
    SAME_KEYS,
    _chain_keys,
    fake_ros,
    model,
    no_secret_on_disk,
    signers,
)

CLOUD = {"accessKeyId": KEY_ID, "accessKeySecret": SECRET}


@pytest.mark.parametrize("with_keys", [False, True], ids=["no-keys", "same-keys"])
async def test_a_deploy_resumed_after_a_restart(
    start_agui: Callable[..., Any],
    model: FakeOpenAI,  # noqa: F811
    fake_ros: FakeRos,  # noqa: F811
    workspace: Path,
    tmp_path: Path,
    with_keys: bool,
) -> None:
    model.enqueue(
        Script(
            tool_call_chunks(
                [
                    {
                        "id": "call_c",
                        "name": "ros_create_stack",
                        "arguments": {"template": TEMPLATE, "stack_name": "web-1"},
                    }
                ]
            )
        ),
        Script(text_chunks("Done.")),
    )
    core = {
        "engine": "llm",
        "llm_provider": "openai-compatible",
        "llm_base_url": model.base_url,
        "llm_model": "qwen-test",
        "llm_api_key": "sk-test",
        "ros_endpoint": fake_ros.endpoint,
        "ros_poll_seconds": 0.01,
        "ros_credential_chain": True,
    }
    agui: RunningAgui = await start_agui(core=core)
    async with httpx.AsyncClient(base_url=agui.url, timeout=20) as http:
        first = await AguiClient(http, workspace).run("Deploy it as web-1", alibabaCloud=CLOUD)
    (interrupt,) = interrupts_of(first)
    assert interrupt["metadata"]["toolName"] == "ros_create_stack"
    await stop(agui)

    again: RunningAgui = await start_agui(core=core)
    async with httpx.AsyncClient(base_url=again.url, timeout=20) as http:
        client = AguiClient(http, workspace)
        entry = {"interruptId": interrupt["id"], "status": "resolved"}
        resume = [{**entry, "payload": {"decision": "allow_once"}}]
        props = {"alibabaCloud": CLOUD} if with_keys else {}
        second = await client.run(resume=resume, **props)
    assert second.last("RUN_FINISHED")["outcome"] == {"type": "success"}
    tool = [m for m in model.requests[-1]["body"]["messages"] if m["role"] == "tool"][-1]
    assert CHAIN_ID not in signers(fake_ros, "CreateStack")
    if with_keys:
        assert "CREATE_COMPLETE" in tool["content"]
        assert signers(fake_ros, "CreateStack") == [KEY_ID]
    else:
        assert SAME_KEYS in tool["content"] and fake_ros.stacks == {}
    no_secret_on_disk(tmp_path)
