"""Interactive permissions end to end (A2A seed, "Interaktive Berechtigungsentscheidungen")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.agent.i18n import LANGUAGES
from iaccode.server import RunningServer
from iaccode.wire import json
from tests.client import A2AClient, RpcError, results, states, text_of

ASK = "permission write_file plan.yaml\nsay done"


def sideband(task: dict[str, Any], env: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """The caller's decision as the seed specifies it; `changes` break it on purpose."""
    payload = {
        "schemaVersion": 1,
        "kind": "permission",
        "requestTaskId": env["requestTaskId"],
        "inputId": env["inputId"],
        "toolUseId": env["toolUseId"],
        "decision": "allow_once",
    }
    payload.update(changes.pop("payload", {}))
    part = {"data": payload, "mediaType": "application/json"}
    message = {
        "messageId": f"answer-{id(payload)}",
        "role": "ROLE_USER",
        "taskId": task["id"],
        "contextId": task["contextId"],
        "parts": changes.pop("parts", [part]),
    }
    message.update(changes)
    return {"message": message}


async def ask(
    a2a: A2AClient, text: str = ASK, **kwargs: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    events = await a2a.send_stream(text, **kwargs)
    assert states(events)[-1] == "TASK_STATE_INPUT_REQUIRED"
    final = results(events)[-1]["statusUpdate"]
    task = {"id": final["taskId"], "contextId": final["contextId"]}
    return task, final


@pytest.mark.replicas
async def test_permission_prompt_envelope(a2a: A2AClient) -> None:
    task, final = await ask(a2a)
    meta = final["metadata"]["iac_code"]
    env = meta["input"]
    assert env["schemaVersion"] == 1 and env["kind"] == "permission"
    assert env["requestTaskId"] == task["id"] and env["contextId"] == task["contextId"]
    assert env["toolUseId"] == "call-write_file" and env["toolName"] == "write_file"
    assert env["inputId"].startswith("permission-")
    assert env["effect"] == "file_change" and env["isReadOnly"] is False
    assert env["target"] == "plan.yaml"
    assert env["title"] == "Change a workspace file"
    assert env["prompt"] == "Change a workspace file. Allow once?"
    assert [o["id"] for o in env["options"]] == ["allow_once", "deny"]
    # The content is shown in the bounded, masked preview of the write, and only there.
    preview = {"kind": "content", "lines": 1, "text": "secret payload"}
    assert env.pop("preview") == preview
    assert final["status"]["message"]["metadata"]["iac_code"]["input"].pop("preview") == preview
    assert "secret payload" not in json.dumps(final).decode()
    assert '"content":{"type":"string","length":14' in env["safeSummary"]
    assert meta["permission"] == {
        "autoApproved": False,
        "pending": True,
        "toolName": "write_file",
        "toolUseId": "call-write_file",
    }
    assert text_of(final["status"]["message"]) == env["prompt"]


async def test_allow_once_resumes_the_turn(a2a: A2AClient, server: RunningServer) -> None:
    task, final = await ask(a2a)
    env = final["metadata"]["iac_code"]["input"]
    followed: list[dict[str, Any]] = []

    async def follow(task_status: trio.TaskStatus[None]) -> None:
        iterator = a2a.iter_stream("SubscribeToTask", {"id": task["id"]})
        followed.append(json.loads((await iterator.__anext__()).data))
        task_status.started()
        async for event in iterator:
            followed.append(json.loads(event.data))

    async with trio.open_nursery() as nursery:
        await nursery.start(follow)
        ack = await a2a.result("SendMessage", sideband(task, env))
    (part,) = ack["message"]["parts"]
    assert part["mediaType"] == "application/json"
    assert part["data"] == {
        "schemaVersion": 1,
        "kind": "permission_ack",
        "inputId": env["inputId"],
        "toolUseId": "call-write_file",
        "decision": "allow_once",
        "accepted": True,
    }
    assert ack["message"]["role"] == "ROLE_AGENT" and ack["message"]["taskId"] == task["id"]
    updates = [r["statusUpdate"] for r in results(followed)[1:]]
    assert updates[0]["status"]["state"] == "TASK_STATE_WORKING"
    assert updates[0]["metadata"]["iac_code"]["inputReceived"] == {
        "kind": "permission",
        "inputId": env["inputId"],
        "toolUseId": "call-write_file",
        "decision": "allow_once",
    }
    assert text_of(updates[-1]["status"]["message"]) == "allowed done"
    audit = server.config.persistence_dir / "audit" / "permissions.jsonl"
    (entry,) = [json.loads(line) for line in audit.read_bytes().splitlines()]
    assert entry["decision"] == "allow_once" and entry["source"] == "caller"
    assert entry["inputId"] == env["inputId"] and "secret payload" not in audit.read_text()
    assert oct(audit.stat().st_mode & 0o777) == "0o600"


@pytest.mark.replicas
async def test_a_client_that_does_not_stream_can_answer(a2a: A2AClient) -> None:
    """A blocking SendMessage (or GetTask) shows the envelope on the question itself."""
    task = await a2a.send(ASK)
    assert task["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
    env = task["status"]["message"]["metadata"]["iac_code"]["input"]
    assert env["kind"] == "permission" and env["requestTaskId"] == task["id"]
    fetched = await a2a.result("GetTask", {"id": task["id"]})
    assert fetched["status"]["message"]["metadata"]["iac_code"]["input"] == env
    ack = await a2a.result("SendMessage", sideband(task, env))
    assert ack["message"]["parts"][0]["data"]["accepted"] is True


@pytest.mark.replicas
async def test_deny(a2a: A2AClient) -> None:
    task, final = await ask(a2a)
    env = final["metadata"]["iac_code"]["input"]
    ack = await a2a.result("SendMessage", sideband(task, env, payload={"decision": "deny"}))
    assert ack["message"]["parts"][0]["data"]["decision"] == "deny"
    await wait_for_state(a2a, task["id"], "TASK_STATE_INPUT_REQUIRED", text="denied done")


async def wait_for_state(a2a: A2AClient, task_id: str, state: str, *, text: str) -> dict[str, Any]:
    with trio.fail_after(5):
        while True:
            got = await a2a.result("GetTask", {"id": task_id})
            message = got["status"].get("message")
            if got["status"]["state"] == state and message and text_of(message) == text:
                return got
            await trio.sleep(0.02)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"payload": {"extra": 1}}, "fields do not match"),
        ({"payload": {"decision": "yes"}}, "allow_once or deny"),
        ({"payload": {"schemaVersion": 2}}, "schemaVersion must be 1"),
        ({"payload": {"schemaVersion": True}}, "schemaVersion must be 1"),
        ({"payload": {"inputId": "permission-other"}}, "correlation does not match"),
        ({"payload": {"toolUseId": "call-other"}}, "correlation does not match"),
        ({"payload": {"requestTaskId": "another-task"}}, "does not match requestTaskId"),
        ({"payload": {"inputId": ""}}, "correlation fields are required"),
        ({"contextId": "another-context"}, "contextId does not match"),
        ({"parts": "two"}, "exactly one application/json DataPart"),
        ({"parts": "no-media-type"}, "exactly one application/json DataPart"),
        ({"parts": "text"}, "waiting for a permission decision"),
    ],
)
async def test_wrong_answers_are_refused_and_the_turn_keeps_waiting(
    a2a: A2AClient, change: dict[str, Any], why: str
) -> None:
    task, final = await ask(a2a)
    env = final["metadata"]["iac_code"]["input"]
    good = sideband(task, env)
    part = good["message"]["parts"][0]
    variants = {
        "two": [part, {"text": "and also"}],
        "no-media-type": [{"data": part["data"]}],
        "text": [{"text": "yes please"}],
    }
    if isinstance(change.get("parts"), str):
        change = {"parts": variants[change["parts"]]}
    with pytest.raises(RpcError) as error:
        await a2a.result("SendMessage", sideband(task, env, **change))
    assert error.value.code == -32602
    assert why in error.value.message
    waiting = await a2a.result("GetTask", {"id": task["id"]})
    assert waiting["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
    # The right answer still works, exactly once.
    ack = await a2a.result("SendMessage", good)
    assert ack["message"]["parts"][0]["data"]["accepted"] is True
    with pytest.raises(RpcError) as again:
        await a2a.result("SendMessage", good)
    assert again.value.code == -32602 and "no longer active" in again.value.message


async def test_sideband_without_task_is_refused(a2a: A2AClient) -> None:
    message = sideband(
        {"id": "t", "contextId": "c"}, {"requestTaskId": "t", "inputId": "i", "toolUseId": "u"}
    )
    del message["message"]["taskId"]
    with pytest.raises(RpcError) as error:
        await a2a.result("SendMessage", message)
    assert error.value.code == -32602


@pytest.mark.replicas
async def test_cancel_while_waiting_for_a_decision(a2a: A2AClient) -> None:
    task, final = await ask(a2a)
    canceled = await a2a.result("CancelTask", {"id": task["id"]})
    assert canceled["status"]["state"] == "TASK_STATE_CANCELED"
    env = final["metadata"]["iac_code"]["input"]
    with pytest.raises(RpcError) as error:
        await a2a.result("SendMessage", sideband(task, env))
    assert error.value.code == -32004  # the task is terminal now


async def test_prompt_in_the_callers_language(a2a: A2AClient, workspace: Path) -> None:
    message = a2a.message(ASK)
    message["metadata"]["iac_code"]["preferredLanguage"] = "zh-CN"
    events = await a2a.stream("SendStreamingMessage", {"message": message})
    env = results(events)[-1]["statusUpdate"]["metadata"]["iac_code"]["input"]
    assert env["title"] == "修改工作区文件" and env["language"] == "zh"
    assert [o["label"] for o in env["options"]] == ["允许一次", "拒绝"]
    assert env["toolName"] == "write_file" and env["effect"] == "file_change"  # never translated


PROMPTS = {  # the title, then the question as a sentence of its own
    "en": ("Change a workspace file", "Change a workspace file. Allow once?"),
    "zh": ("修改工作区文件", "修改工作区文件。是否允许本次操作？"),  # noqa: RUF001 (its own punctuation)
    "es": (
        "Modificar un archivo del espacio de trabajo",
        "Modificar un archivo del espacio de trabajo. ¿Permitir una vez?",
    ),
    "fr": (
        "Modifier un fichier de l'espace de travail",
        "Modifier un fichier de l'espace de travail. Autoriser une fois ?",
    ),
    "de": (
        "Eine Datei im Arbeitsbereich ändern",
        "Eine Datei im Arbeitsbereich ändern. Einmal erlauben?",
    ),
    "ja": (
        "ワークスペースのファイルを変更",
        "ワークスペースのファイルを変更。今回のみ許可しますか？",  # noqa: RUF001
    ),
    "pt": (
        "Alterar um arquivo do espaço de trabalho",
        "Alterar um arquivo do espaço de trabalho. Permitir uma vez?",
    ),
}


async def test_the_prompt_joins_title_and_question_in_every_language(a2a: A2AClient) -> None:
    assert set(PROMPTS) == set(LANGUAGES)
    for language, (title, prompt) in PROMPTS.items():
        message = a2a.message(ASK)
        message["metadata"]["iac_code"]["preferredLanguage"] = language
        events = await a2a.stream("SendStreamingMessage", {"message": message})
        final = results(events)[-1]["statusUpdate"]
        env = final["metadata"]["iac_code"]["input"]
        assert env["language"] == language and env["title"] == title
        assert env["prompt"] == prompt
        assert text_of(final["status"]["message"]) == prompt
        assert [o["id"] for o in env["options"]] == ["allow_once", "deny"]
        await a2a.result("CancelTask", {"id": final["taskId"]})


async def started(
    start_server: Callable[..., Any], workspace: Path, **config: Any
) -> tuple[RunningServer, A2AClient, httpx.AsyncClient]:
    server = await start_server(**config)
    http = httpx.AsyncClient(base_url=server.url, timeout=10)
    return server, A2AClient(http, cwd=workspace), http


async def test_auto_approve_and_rules(start_server: Callable[..., Any], workspace: Path) -> None:
    _, a2a, http = await started(start_server, workspace, auto_approve_permissions=True)
    async with http:
        events = await a2a.send_stream(ASK)
        assert "TASK_STATE_INPUT_REQUIRED" not in states(events)[:-1]
        permission = next(
            r["statusUpdate"]["metadata"]["iac_code"]["permission"]
            for r in results(events)
            if "permission" in r.get("statusUpdate", {}).get("metadata", {}).get("iac_code", {})
        )
        assert permission["autoApproved"] is True and permission["source"] == "auto-approve"
        assert text_of(results(events)[-1]["statusUpdate"]["status"]["message"]) == "allowed done"

    _, a2a, http = await started(  # beside the first server: its own state (one per directory)
        start_server,
        workspace,
        auto_approve_permissions=True,
        permission_deny=("write_*",),
        persistence_dir=workspace.parent / "second-state",
    )
    async with http:
        task = await a2a.send(ASK)
        assert text_of(task["status"]["message"]) == "denied done"


async def test_allow_fails_closed_when_it_cannot_be_audited(
    start_server: Callable[..., Any], workspace: Path, tmp_path: Path
) -> None:
    server, a2a, http = await started(start_server, workspace, auto_approve_permissions=True)
    audit = server.config.persistence_dir / "audit" / "permissions.jsonl"
    audit.mkdir(parents=True)  # a directory where the log file should be: every write fails
    async with http:
        task = await a2a.send(ASK)
        assert text_of(task["status"]["message"]) == "denied done"


async def test_raw_thinking_only_when_exposed(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    cases = ((("tool-trace",), []), (("tool-trace", "raw-thinking"), ["hmm"]))
    for index, (exposure, expected) in enumerate(cases):
        _, a2a, http = await started(  # side by side, so each with its own state
            start_server,
            workspace,
            thinking_exposure=exposure,
            persistence_dir=workspace.parent / f"state-{index}",
        )
        async with http:
            events = await a2a.send_stream("think hmm\nsay ok")
            thoughts = [
                r["statusUpdate"]["metadata"]["iac_code"]["thinking"]["text"]
                for r in results(events)
                if "thinking" in r.get("statusUpdate", {}).get("metadata", {}).get("iac_code", {})
            ]
            assert thoughts == expected
            card = (await http.get("/.well-known/agent-card.json")).json()
            (ext,) = [e for e in card["capabilities"]["extensions"] if "thinking" in e["uri"]]
            assert ext["params"]["enabledTypes"] == [e.replace("-", "_") for e in exposure]
