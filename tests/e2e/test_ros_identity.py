"""A cloud change runs under the identity it was asked under, over A2A with the fake ROS endpoint.

The server has credential-chain keys in its environment as well. A deploy asked for with the
caller's keys runs with those keys: in the same process whatever the answer carries; after a
restart (the pause resumed from its saved state, which holds no secret) only when the answer
carries the same AccessKey, else the tool fails with a clear message and nothing is created
under the server's chain. A deploy asked for under the chain stays under the chain.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.testing.fake_openai import FakeOpenAI, Script, text_chunks, tool_call_chunks
from iaccode.testing.fake_ros import FakeRos
from tests.agent.cloud.conftest import KEY_ID, SECRET, TEMPLATE
from tests.client import A2AClient, results, stop_server
from tests.e2e.test_permissions import sideband
from tests.e2e.test_ros import FENCED, KEYS, Caller, envelope_of, text_of

CHAIN_ID, CHAIN_SECRET = "LTAI5tServerChainId", "server-chain-secret-never-shown"
OTHER_ID, OTHER_SECRET = "LTAI5tSomeoneElseId", "someone-else-secret"
SAME_KEYS = "send the same Alibaba Cloud keys with your answer"


@pytest.fixture
async def fake_ros(nursery: trio.Nursery) -> FakeRos:
    fake = FakeRos({KEY_ID: SECRET, CHAIN_ID: CHAIN_SECRET, OTHER_ID: OTHER_SECRET})
    await nursery.start(fake.serve)
    return fake


@pytest.fixture
async def model(nursery: trio.Nursery) -> FakeOpenAI:
    fake = FakeOpenAI()
    await nursery.start(fake.serve)
    return fake


@pytest.fixture(autouse=True)
def _chain_keys(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The server's own credential chain finds keys (environment variables)."""
    from alibabacloud_credentials.utils import auth_util

    monkeypatch.setenv("ALIBABA_CLOUD_ACCESS_KEY_ID", CHAIN_ID)
    monkeypatch.setenv("ALIBABA_CLOUD_ACCESS_KEY_SECRET", CHAIN_SECRET)
    monkeypatch.setenv("ALIBABA_CLOUD_ECS_METADATA_DISABLED", "true")
    # The vendor reads the environment when the module is imported: read it again.
    importlib.reload(auth_util)
    yield
    monkeypatch.undo()
    importlib.reload(auth_util)


def signers(fake: FakeRos, action: str) -> list[str]:
    """The AccessKey IDs that signed the requests of `action`."""
    found = []
    for request in fake.requests:
        if request["action"] == action:
            auth = request["headers"].get("authorization", "")
            fields = dict(item.split("=", 1) for item in auth.partition(" ")[2].split(","))
            found.append(fields.get("Credential", ""))
    return found


def no_secret_on_disk(state: Path) -> None:
    for path in state.rglob("*"):
        if path.is_file():
            content = path.read_bytes()
            for secret in (SECRET, CHAIN_SECRET, OTHER_SECRET):
                assert secret.encode() not in content, path.name


async def test_offline_same_process_runs_under_the_asking_keys(
    start_server: Callable[..., Any], fake_ros: FakeRos, workspace: Path, server_dir: Path
) -> None:
    server = await start_server(
        engine="offline",
        ros_endpoint=fake_ros.endpoint,
        ros_poll_seconds=0.01,
        ros_credential_chain=True,
    )
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:
        caller = Caller(A2AClient(http, cwd=workspace), KEYS)
        asked = await caller.ask(f"Deploy this as stack web-1\n{FENCED}")
        assert envelope_of(asked)["toolName"] == "ros_create_stack"
        done = await caller.answer(asked, "allow_once")  # the answer carries no keys
    assert "Stack web-1 is CREATE_COMPLETE" in text_of(done)
    assert signers(fake_ros, "CreateStack") == [KEY_ID]
    assert CHAIN_ID not in signers(fake_ros, "CreateStack")
    no_secret_on_disk(server_dir)


def keys_of(key_id: str, secret: str) -> dict[str, str]:
    return {"alibaba_cloud_access_key_id": key_id, "alibaba_cloud_access_key_secret": secret}


async def _llm_deploy(
    start_server: Callable[..., Any],
    model: FakeOpenAI,
    fake_ros: FakeRos,
    workspace: Path,
    *,
    asked_with: dict[str, str],
    answered_with: dict[str, str],
    restart: bool,
) -> str:
    """Ask a deploy through the llm engine, answer allow_once (after a restart when `restart`);
    returns the tool result the model was given."""
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
    settings = {
        "engine": "llm",
        "llm_provider": "openai-compatible",
        "llm_base_url": model.base_url,
        "llm_model": "qwen-test",
        "llm_api_key": "sk-test",
        "ros_endpoint": fake_ros.endpoint,
        "ros_poll_seconds": 0.01,
        "ros_credential_chain": True,
    }
    server = await start_server(**settings)
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:
        caller = Caller(A2AClient(http, cwd=workspace), asked_with)
        asked = await caller.ask("Deploy it as web-1")
        env = envelope_of(asked)
        assert env["toolName"] == "ros_create_stack"
        final = results(asked)[-1]["statusUpdate"]
    task = {"id": final["taskId"], "contextId": final["contextId"]}
    if restart:
        await stop_server(server)
        server = await start_server(**settings)
    answer = sideband(task, env)
    answer["message"]["metadata"] = {"iac_code": {"cwd": str(workspace), **answered_with}}
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:
        a2a = A2AClient(http, cwd=workspace)
        ack = await a2a.result("SendMessage", answer)
        assert ack["message"]["parts"][0]["data"]["decision"] == "allow_once"
        with trio.fail_after(15):
            while len(model.requests) < 2:
                await trio.sleep(0.05)
            while (await a2a.result("GetTask", {"id": task["id"]}))["status"][
                "state"
            ] == "TASK_STATE_WORKING":
                await trio.sleep(0.05)
    tool_messages = [m for m in model.requests[-1]["body"]["messages"] if m["role"] == "tool"]
    return str(tool_messages[-1]["content"])


@pytest.mark.parametrize("restart", [True, False], ids=["restart", "same-process"])
async def test_llm_answer_without_keys(
    start_server: Callable[..., Any],
    model: FakeOpenAI,
    fake_ros: FakeRos,
    workspace: Path,
    server_dir: Path,
    restart: bool,
) -> None:
    result = await _llm_deploy(
        start_server,
        model,
        fake_ros,
        workspace,
        asked_with=KEYS,
        answered_with={},
        restart=restart,
    )
    assert CHAIN_ID not in signers(fake_ros, "CreateStack")
    if restart:  # the caller's keys are gone with the process: the tool fails, clearly
        assert SAME_KEYS in result
        assert fake_ros.stacks == {}
    else:  # still in memory: the change runs with them
        assert signers(fake_ros, "CreateStack") == [KEY_ID]
    no_secret_on_disk(server_dir)


@pytest.mark.parametrize("restart", [True, False], ids=["restart", "same-process"])
async def test_llm_answer_with_the_same_keys(
    start_server: Callable[..., Any],
    model: FakeOpenAI,
    fake_ros: FakeRos,
    workspace: Path,
    server_dir: Path,
    restart: bool,
) -> None:
    result = await _llm_deploy(
        start_server,
        model,
        fake_ros,
        workspace,
        asked_with=KEYS,
        answered_with=KEYS,
        restart=restart,
    )
    assert "CREATE_COMPLETE" in result
    assert signers(fake_ros, "CreateStack") == [KEY_ID]
    no_secret_on_disk(server_dir)


async def test_llm_answer_with_other_keys_after_a_restart(
    start_server: Callable[..., Any], model: FakeOpenAI, fake_ros: FakeRos, workspace: Path
) -> None:
    result = await _llm_deploy(
        start_server,
        model,
        fake_ros,
        workspace,
        asked_with=KEYS,
        answered_with=keys_of(OTHER_ID, OTHER_SECRET),
        restart=True,
    )
    assert SAME_KEYS in result
    assert signers(fake_ros, "CreateStack") == [] and fake_ros.stacks == {}


async def test_llm_asked_under_the_chain_stays_under_it_after_a_restart(
    start_server: Callable[..., Any], model: FakeOpenAI, fake_ros: FakeRos, workspace: Path
) -> None:
    result = await _llm_deploy(
        start_server,
        model,
        fake_ros,
        workspace,
        asked_with={},
        answered_with=KEYS,
        restart=True,
    )
    assert "CREATE_COMPLETE" in result
    assert signers(fake_ros, "CreateStack") == [CHAIN_ID]
