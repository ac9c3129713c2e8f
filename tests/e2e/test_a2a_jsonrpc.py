"""A2A 1.0 JSON-RPC end to end: a real server on loopback, real HTTP, real SSE."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import trio

from iaccode.server import RunningServer
from iaccode.wire import json
from tests.client import A2AClient, RpcError, results, states, text_of

INPUT_REQUIRED = "TASK_STATE_INPUT_REQUIRED"
# under the built-in loop and hypercorn, on SQLite and on PostgreSQL
pytestmark = [pytest.mark.http_servers, pytest.mark.task_stores]


@pytest.mark.replicas
async def test_send_message_runs_a_turn_and_ends_input_required(a2a: A2AClient) -> None:
    task = await a2a.send("say hello\nsay  world")
    assert task["status"]["state"] == INPUT_REQUIRED
    assert text_of(task["status"]["message"]) == "hello world"
    assert task["status"]["message"]["role"] == "ROLE_AGENT"
    assert task["status"]["timestamp"].endswith("Z")
    user, agent = task["history"]
    assert user["role"] == "ROLE_USER" and text_of(user) == "say hello\nsay  world"
    assert user["taskId"] == task["id"] and user["contextId"] == task["contextId"]
    assert agent["messageId"] == task["status"]["message"]["messageId"]


@pytest.mark.replicas
async def test_follow_up_on_same_task_and_context(a2a: A2AClient) -> None:
    first = await a2a.send("say one")
    second = await a2a.send("say two", task_id=first["id"])
    assert second["id"] == first["id"]
    assert second["status"]["state"] == INPUT_REQUIRED
    assert [text_of(m) for m in second["history"]] == ["say one", "one", "say two", "two"]
    third = await a2a.send("say three", context_id=first["contextId"])
    assert third["id"] != first["id"] and third["contextId"] == first["contextId"]


@pytest.mark.replicas
async def test_history_length(a2a: A2AClient) -> None:
    first = await a2a.send("say one")
    await a2a.send("say two", task_id=first["id"])
    task = await a2a.result("GetTask", {"id": first["id"], "historyLength": 1})
    assert [text_of(m) for m in task["history"]] == ["two"]
    task = await a2a.result("GetTask", {"id": first["id"], "history_length": "3"})
    assert [text_of(m) for m in task["history"]] == ["one", "say two", "two"]
    task = await a2a.result("GetTask", {"id": first["id"], "historyLength": 0})
    assert "history" not in task
    sent = await a2a.send("say x", configuration={"historyLength": 1})
    assert [text_of(m) for m in sent["history"]] == ["x"]
    with pytest.raises(RpcError) as error:
        await a2a.result("GetTask", {"id": first["id"], "historyLength": -1})
    assert error.value.code == -32602


@pytest.mark.replicas
async def test_return_immediately_then_get_task(a2a: A2AClient) -> None:
    task = await a2a.send("sleep 0.3\nsay done", configuration={"returnImmediately": True})
    assert task["status"]["state"] in ("TASK_STATE_SUBMITTED", "TASK_STATE_WORKING")
    with trio.fail_after(5):
        while True:
            got = await a2a.result("GetTask", {"id": task["id"]})
            if got["status"]["state"] == INPUT_REQUIRED:
                break
            await trio.sleep(0.05)
    assert text_of(got["status"]["message"]) == "done"


@pytest.mark.replicas
async def test_streaming_turn_event_sequence(a2a: A2AClient) -> None:
    events = await a2a.send_stream("stream 3\nartifact report hello")
    assert {e["jsonrpc"] for e in events} == {"2.0"}
    assert len({e["id"] for e in events}) == 1
    out = results(events)
    assert "task" in out[0] and out[0]["task"]["status"]["state"] == "TASK_STATE_SUBMITTED"
    assert states(events) == ["TASK_STATE_SUBMITTED"] + ["TASK_STATE_WORKING"] * 4 + [
        INPUT_REQUIRED
    ]
    deltas = [r["statusUpdate"]["status"]["message"] for r in out[2:5]]
    assert [text_of(m) for m in deltas] == ["chunk-1 ", "chunk-2 ", "chunk-3 "]
    assert len({m["messageId"] for m in deltas}) == 1
    artifact = out[5]["artifactUpdate"]
    assert artifact["artifact"]["parts"] == [{"text": "hello"}]
    assert artifact["lastChunk"] is True
    final = out[6]["statusUpdate"]
    assert text_of(final["status"]["message"]) == "chunk-1 chunk-2 chunk-3 "
    assert final["status"]["message"]["messageId"] == deltas[0]["messageId"]
    assert final["metadata"] == {"iac_code": {"assistantFinal": {"complete": True}}}
    task = await a2a.result("GetTask", {"id": out[0]["task"]["id"]})
    assert task["artifacts"][0]["artifactId"] == "artifact-report"


@pytest.mark.replicas
async def test_concurrent_message_on_busy_context_is_refused(a2a: A2AClient) -> None:
    first = await a2a.send("wait", configuration={"returnImmediately": True})
    busy = await a2a.send("say hi", context_id=first["contextId"])
    assert busy["status"]["state"] == "TASK_STATE_FAILED"
    assert text_of(busy["status"]["message"]) == "Task is already working."
    with pytest.raises(RpcError) as error:
        await a2a.send("say hi", task_id=first["id"])
    assert error.value.code == -32004
    assert error.value.message == "Task is already working."
    other = await a2a.send("say parallel")  # another context runs in parallel
    assert other["status"]["state"] == INPUT_REQUIRED
    await a2a.result("CancelTask", {"id": first["id"]})


async def test_different_contexts_run_in_parallel(a2a: A2AClient) -> None:
    with trio.fail_after(2):  # three 1-second turns, concurrently
        async with trio.open_nursery() as nursery:
            for _ in range(3):
                nursery.start_soon(a2a.send, "sleep 1\nsay ok")


@pytest.mark.replicas
async def test_cancel_running_task(a2a: A2AClient) -> None:
    task = await a2a.send("say started\nwait", configuration={"returnImmediately": True})
    canceled = await a2a.result("CancelTask", {"id": task["id"]})
    assert canceled["status"]["state"] == "TASK_STATE_CANCELED"
    assert text_of(canceled["status"]["message"]) == "Task canceled."
    with pytest.raises(RpcError) as error:
        await a2a.result("CancelTask", {"id": task["id"]})
    assert error.value.code == -32002
    with pytest.raises(RpcError) as error:
        await a2a.send("say again", task_id=task["id"])
    assert error.value.code == -32004
    # The context is free again.
    again = await a2a.send("say again", context_id=task["contextId"])
    assert again["status"]["state"] == INPUT_REQUIRED


@pytest.mark.replicas
async def test_cancel_ended_turn_and_unknown_task(a2a: A2AClient) -> None:
    # A2A seed, CancelTask: a task that exists but is not running is not cancelable.
    task = await a2a.send("say hi")
    assert task["status"]["state"] == INPUT_REQUIRED  # the turn ended; the task waits
    with pytest.raises(RpcError) as not_running:
        await a2a.result("CancelTask", {"id": task["id"]})
    assert not_running.value.code == -32002
    assert "not running" in not_running.value.message
    assert (await a2a.result("GetTask", {"id": task["id"]}))["status"]["state"] == INPUT_REQUIRED
    paused = await a2a.send("ask region?")  # a turn paused for an answer is still running
    canceled = await a2a.result("CancelTask", {"id": paused["id"]})
    assert canceled["status"]["state"] == "TASK_STATE_CANCELED"
    with pytest.raises(RpcError) as error:
        await a2a.result("CancelTask", {"id": "no-such-task"})
    assert error.value.code == -32001


@pytest.mark.replicas
async def test_input_request_pauses_and_resumes_the_same_turn(a2a: A2AClient) -> None:
    task = await a2a.send("ask Which region?")
    assert task["status"]["state"] == INPUT_REQUIRED
    assert text_of(task["status"]["message"]) == "Which region?"
    events = await a2a.send_stream("cn-hangzhou", task_id=task["id"])
    assert states(events)[0] == "TASK_STATE_WORKING"
    final = results(events)[-1]["statusUpdate"]["status"]
    assert text_of(final["message"]) == "answer: cn-hangzhou"


@pytest.mark.replicas
async def test_subscribe_to_active_task_gives_identical_streams(a2a: A2AClient) -> None:
    task = await a2a.send("ask continue?", configuration={"returnImmediately": True})
    with trio.fail_after(5):
        while (await a2a.result("GetTask", {"id": task["id"]}))["status"][
            "state"
        ] != INPUT_REQUIRED:
            await trio.sleep(0.02)
    streams: list[list[dict[str, object]]] = [[], []]

    async def subscribe(index: int, task_status: trio.TaskStatus[None]) -> None:
        iterator = a2a.iter_stream("SubscribeToTask", {"id": task["id"]})
        first = await iterator.__anext__()
        streams[index].append(first)
        task_status.started()
        async for event in iterator:
            streams[index].append(event)

    async with trio.open_nursery() as nursery:
        await nursery.start(subscribe, 0)
        await nursery.start(subscribe, 1)
        await a2a.send("yes", task_id=task["id"])
    # Byte-identical apart from the JSON-RPC id (each stream answers its own request).
    decoded = [[json.dumps(json.loads(e.data)["result"]) for e in s] for s in streams]  # type: ignore[attr-defined]
    assert decoded[0] == decoded[1]
    assert len(decoded[0]) >= 3
    assert json.loads(decoded[0][-1])["statusUpdate"]["status"]["state"] == INPUT_REQUIRED


@pytest.mark.replicas
async def test_subscribe_errors(a2a: A2AClient) -> None:
    task = await a2a.send("say done")
    with pytest.raises(RpcError) as error:
        await a2a.stream("SubscribeToTask", {"id": task["id"]})
    assert error.value.code == -32001
    assert "not active" in error.value.message
    with pytest.raises(RpcError) as error:
        await a2a.stream("SubscribeToTask", {"id": "missing"})
    assert error.value.code == -32001


@pytest.mark.replicas
async def test_dropped_stream_does_not_cancel_the_task(a2a: A2AClient) -> None:
    iterator = a2a.iter_stream(
        "SendStreamingMessage", {"message": a2a.message("sleep 0.3\nsay done")}
    )
    first = await iterator.__anext__()
    await iterator.aclose()  # the client goes away
    task_id = json.loads(first.data)["result"]["task"]["id"]
    with trio.fail_after(5):
        while (await a2a.result("GetTask", {"id": task_id}))["status"]["state"] != INPUT_REQUIRED:
            await trio.sleep(0.05)


async def test_engine_failure_is_sanitised(a2a: A2AClient) -> None:
    task = await a2a.send("say partial\nfail secret /home/user/.aws/credentials")
    assert task["status"]["state"] == "TASK_STATE_FAILED"
    text = text_of(task["status"]["message"])
    assert "secret" not in text and "/home" not in text
    assert "error id" in text
    assert [text_of(m) for m in task["history"]][1] == "partial"


async def test_engine_can_complete_or_reject(a2a: A2AClient) -> None:
    done = await a2a.send("say ok\nend COMPLETED")
    assert done["status"]["state"] == "TASK_STATE_COMPLETED"
    with pytest.raises(RpcError) as error:
        await a2a.send("say more", task_id=done["id"])
    assert error.value.code == -32004
    rejected = await a2a.send("end REJECTED")
    assert rejected["status"]["state"] == "TASK_STATE_REJECTED"


@pytest.mark.replicas
async def test_list_tasks_filters_pages_and_orders(a2a: A2AClient) -> None:
    first = await a2a.send("say a")
    context = first["contextId"]
    ids = [first["id"]]
    for text in ("say b", "say c", "say d", "say e"):
        ids.append((await a2a.send(text, context_id=context))["id"])
    await a2a.send("say elsewhere")
    page = await a2a.result("ListTasks", {"context_id": context, "page_size": 2})
    assert page["totalSize"] == 5 and page["pageSize"] == 2
    assert [t["id"] for t in page["tasks"]] == ids[::-1][:2]
    assert all("artifacts" not in t for t in page["tasks"])
    seen = [t["id"] for t in page["tasks"]]
    while page["nextPageToken"]:
        page = await a2a.result(
            "ListTasks", {"contextId": context, "pageSize": 2, "pageToken": page["nextPageToken"]}
        )
        seen += [t["id"] for t in page["tasks"]]
    assert seen == ids[::-1]
    assert page["nextPageToken"] == ""
    filtered = await a2a.result("ListTasks", {"contextId": context, "status": "TASK_STATE_FAILED"})
    assert filtered == {"tasks": [], "nextPageToken": "", "pageSize": 50, "totalSize": 0}
    stamp = page["tasks"][-1]["status"]["timestamp"]
    recent = await a2a.result("ListTasks", {"contextId": context, "statusTimestampAfter": stamp})
    assert 1 <= recent["totalSize"] <= 5
    no_history = await a2a.result("ListTasks", {"contextId": context, "historyLength": 0})
    assert all("history" not in t for t in no_history["tasks"])


@pytest.mark.parametrize(
    "params",
    [
        {"pageSize": 0},
        {"pageSize": 101},
        {"pageSize": -1},
        {"pageToken": "not-a-token"},
        {"status": "TASK_STATE_NOPE"},
        {"historyLength": -1},
        {"statusTimestampAfter": "yesterday"},
    ],
)
async def test_list_tasks_rejects_bad_params(a2a: A2AClient, params: dict[str, object]) -> None:
    with pytest.raises(RpcError) as error:
        await a2a.result("ListTasks", params)
    assert error.value.code == -32602


async def test_workspace_rules(a2a: A2AClient, workspace: Path, tmp_path: Path) -> None:
    ok = await a2a.send("say hi", cwd=workspace)
    assert ok["status"]["state"] == INPUT_REQUIRED
    for bad in ("relative/path", str(tmp_path / "missing"), "/", str(workspace / "..")):
        task = await a2a.send("say hi", cwd=Path(bad) if bad != "relative/path" else bad)  # type: ignore[arg-type]
        assert task["status"]["state"] == "TASK_STATE_FAILED", bad
        assert text_of(task["status"]["message"]).startswith("Invalid A2A workspace metadata: ")
    escape = workspace / "escape"
    escape.symlink_to("/")
    task = await a2a.send("say hi", cwd=escape)
    assert task["status"]["state"] == "TASK_STATE_FAILED"
    mismatch = await a2a.send("say hi", context_id=ok["contextId"], cwd=tmp_path / "other")
    assert mismatch["status"]["state"] == "TASK_STATE_FAILED"
    assert text_of(mismatch["status"]["message"]) == "A2A context belongs to a different workspace."
    with pytest.raises(RpcError) as error:
        await a2a.send("say hi", task_id=ok["id"], cwd=tmp_path / "other")
    assert error.value.code == -32602
    same = await a2a.send("say again", context_id=ok["contextId"], cwd=False)  # cwd from context
    assert same["status"]["state"] == INPUT_REQUIRED


async def test_empty_text_fails_the_task(a2a: A2AClient) -> None:
    task = await a2a.send("   ")
    assert task["status"]["state"] == "TASK_STATE_FAILED"
    assert text_of(task["status"]["message"]) == "A2A server currently accepts text input only."


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({}, -32602),
        ({"message": {"messageId": "m", "role": "ROLE_USER", "parts": []}}, -32602),
        ({"message": {"messageId": "m", "role": "ROLE_AGENT", "parts": [{"text": "x"}]}}, -32602),
        ({"message": {"messageId": "m", "role": "ROLE_USER", "parts": [{}]}}, -32602),
        ({"message": {"messageId": "m", "role": 7, "parts": [{"text": "x"}]}}, -32602),
        ({"message": {"messageId": 5, "role": "ROLE_USER", "parts": [{"text": "x"}]}}, -32602),
        (
            {
                "message": {
                    "messageId": "m",
                    "role": "ROLE_USER",
                    "parts": [{"text": "x"}],
                    "taskId": "bad id!",
                }
            },
            -32602,
        ),
        (
            {
                "message": {
                    "messageId": "m",
                    "role": "ROLE_USER",
                    "parts": [{"text": "x"}],
                    "contextId": "x" * 129,
                }
            },
            -32602,
        ),
        (
            {
                "message": {
                    "messageId": "m",
                    "role": "ROLE_USER",
                    "parts": [{"text": "x"}],
                    "taskId": "unknown",
                }
            },
            -32001,
        ),
        (
            {
                "message": {
                    "messageId": "m",
                    "role": "ROLE_USER",
                    "parts": [{"raw": "eA==", "mediaType": "application/x-unsupported-thing"}],
                }
            },
            -32005,
        ),
        ({"message": {"messageId": "m", "role": "ROLE_USER", "parts": [{"raw": "***"}]}}, -32602),
    ],
)
async def test_send_message_rejects_bad_params(
    a2a: A2AClient, server: RunningServer, params: dict[str, object], code: int
) -> None:
    before = await a2a.result("ListTasks", {})
    with pytest.raises(RpcError) as error:
        await a2a.result("SendMessage", params)
    assert error.value.code == code
    after = await a2a.result("ListTasks", {})
    assert after["totalSize"] == before["totalSize"]  # nothing stored


async def test_mismatched_context_for_task(a2a: A2AClient) -> None:
    task = await a2a.send("say hi")
    with pytest.raises(RpcError) as error:
        await a2a.send("say hi", task_id=task["id"], context_id="another-context")
    assert error.value.code == -32602


async def test_error_objects_carry_error_info(a2a: A2AClient) -> None:
    body = await a2a.call("GetTask", {"id": "missing-task"})
    assert set(body["error"]) == {"code", "message", "data"}
    assert body["error"]["code"] == -32001
    (info,) = body["error"]["data"]
    assert info == {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        "reason": "TASK_NOT_FOUND",
        "domain": "a2a-protocol.org",
        "metadata": {"taskId": "missing-task"},
    }
    body = await a2a.call("SendMessage", {"message": {"messageId": "m", "role": "ROLE_USER"}})
    (violation,) = body["error"]["data"][0]["fieldViolations"]
    assert violation["field"] == "message.parts"


async def test_unknown_method_and_version(a2a: A2AClient) -> None:
    body = await a2a.call("NonExistentMethod", {})
    assert body["error"]["code"] == -32601
    body = await a2a.call("GetTask", {"id": "x"}, headers={"a2a-version": "99.0"})
    assert body["error"]["code"] == -32009
    for version in ("1.0", "1.1", "1.0.3", "0.3", ""):
        body = await a2a.call("GetTask", {"id": "x"}, headers={"a2a-version": version})
        assert body["error"]["code"] == -32001, version
    response = await a2a.http.post(
        "/?A2A-Version=2.0",
        content=b'{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x"}}',
        headers={"content-type": "application/json"},
    )
    assert response.json()["error"]["code"] == -32009


async def test_unknown_fields_are_ignored(a2a: A2AClient) -> None:
    message = a2a.message("say ok")
    message["tckUnknownField"] = {"x": 1}
    result = await a2a.result("SendMessage", {"message": message, "extra": True})
    assert result["task"]["status"]["state"] == INPUT_REQUIRED


async def test_extended_card(a2a: A2AClient) -> None:
    card = await a2a.result("GetExtendedAgentCard")
    assert card["name"] == "iac-code"
    assert card["capabilities"]["extendedAgentCard"] is True


async def test_push_config_methods_are_not_supported_by_default(a2a: A2AClient) -> None:
    for method, params in [
        ("CreateTaskPushNotificationConfig", {"task_id": "t", "url": "https://x/y"}),
        ("GetTaskPushNotificationConfig", {"taskId": "t", "id": "c"}),
        ("ListTaskPushNotificationConfigs", {"taskId": "t"}),
        ("DeleteTaskPushNotificationConfig", {"taskId": "t", "id": "c"}),
    ]:
        body = await a2a.call(method, params)
        assert body["error"]["code"] == -32003, method


async def test_list_tasks_with_artifacts(a2a: A2AClient) -> None:
    task = await a2a.send("artifact notes some text")
    listed = await a2a.result(
        "ListTasks", {"contextId": task["contextId"], "includeArtifacts": True}
    )
    (only,) = listed["tasks"]
    assert only["artifacts"][0]["parts"] == [{"text": "some text"}]


async def test_idle_shutdown(start_server: Any) -> None:
    server = await start_server(idle_shutdown_seconds=0.5)
    with trio.fail_after(5):
        while True:
            try:
                stream = await trio.open_tcp_stream("127.0.0.1", server.port)
            except OSError:
                break  # the server stopped by itself
            await stream.aclose()
            await trio.sleep(0.1)


async def test_channel_reaches_the_engine_on_later_turns(a2a: A2AClient) -> None:
    message = a2a.message("channel")
    message["metadata"]["iac_code"]["channel"] = "console"
    first = (await a2a.result("SendMessage", {"message": message}))["task"]
    assert text_of(first["status"]["message"]) == "console"
    later = await a2a.send("channel", context_id=first["contextId"])
    assert text_of(later["status"]["message"]) == "console"
