"""Every error code of the AG-UI seed, provoked (AG-UI seed, "Fehler")."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.server import RunningAgui
from iaccode.wire import json
from tests.agui.conftest import AguiClient
from tests.agui.test_runs import ASK, interrupts_of


async def test_invalid_input_before_the_stream(client: AguiClient) -> None:
    reply = await client.post(client.body("say x") | {"tools": [{"name": "t"}]})
    assert reply.error == (400, "INVALID_INPUT")
    assert "tools must be empty" in reply.body["error"]["message"]
    reply = await client.post(b"{not json")
    assert reply.error == (400, "INVALID_INPUT")
    reply = await client.post(client.body("say x"), headers={"content-type": "text/plain"})
    assert reply.error == (415, "INVALID_INPUT")
    reply = await client.post(client.body("say x", cwd="/definitely/not/here"))
    assert reply.error == (400, "INVALID_INPUT") and "/definitely" not in str(reply.body)
    response = await client.http.get("/")
    assert response.status_code == 405 and response.headers["allow"] == "POST"
    response = await client.http.post("/elsewhere", json={})
    assert response.status_code == 404


@pytest.mark.http_servers
async def test_a_request_over_12_mib_is_refused(client: AguiClient) -> None:
    big = client.body("x" * (12 * 1024 * 1024 + 10))
    reply = await client.post(big)  # refused by the transport, in the envelope of the seed
    assert reply.error == (413, "INVALID_INPUT")
    assert "12 MiB" in reply.body["error"]["message"]


async def test_unauthorized(start_agui: Any, workspace: Path) -> None:
    agui: RunningAgui = await start_agui(auth_token="s3cret")
    async with httpx.AsyncClient(base_url=agui.url, timeout=10) as http:
        client = AguiClient(http, workspace)
        reply = await client.run("say x")
        assert reply.error == (401, "UNAUTHORIZED")
        response = await http.post("/", json=client.body("say x"))
        assert response.headers["www-authenticate"] == "Bearer"
        ok = await client.post(client.body("say x"), headers={"authorization": "Bearer s3cret"})
        assert ok.text == "x"
        assert (await http.get("/health")).status_code == 200  # health stays open


async def test_duplicate_run_id_and_conflict(client: AguiClient) -> None:
    body = client.body("say once", run_id="run-fixed")
    assert (await client.post(body)).text == "once"
    again = await client.post(body)
    assert again.error == (409, "DUPLICATE_RUN_ID")
    assert again.body["error"]["details"]["runStatus"] == "success"
    changed = client.body("say twice", run_id="run-fixed")
    assert (await client.post(changed)).error == (409, "RUN_ID_CONFLICT")


async def test_thread_busy(client: AguiClient) -> None:
    async with trio.open_nursery() as nursery:
        started = trio.Event()

        async def long_run() -> None:
            async for event in client.stream(client.body("say go\nsleep 1\nsay end")):
                if event["type"] == "TEXT_MESSAGE_CONTENT":
                    started.set()

        nursery.start_soon(long_run)
        await started.wait()
        busy = await client.run("say also")
        assert busy.error == (409, "THREAD_BUSY")
    assert (await client.run("say later")).text == "later"


async def test_thread_binding_conflict(client: AguiClient, tmp_path: Path) -> None:
    assert (await client.run("say mine", userId="alice")).text == "mine"
    assert (await client.run("say x", userId="bob")).error == (409, "THREAD_BINDING_CONFLICT")
    conflict = await client.http.post("/", json=client.body("say x", userId="bob"))
    assert conflict.reason_phrase == "Conflict"  # not "HTTP/1.1 409 "
    client.cwd = tmp_path / "other"  # allowed, but not this thread's
    assert (await client.run("say x", userId="alice")).error == (409, "THREAD_BINDING_CONFLICT")


async def test_resume_rules(client: AguiClient) -> None:
    (interrupt,) = interrupts_of(await client.run(ASK))
    required = await client.run("say something else")
    assert required.error == (200, "RESUME_REQUIRED") and required.types == ["RUN_ERROR"]
    unknown = await client.run(resume=[{"interruptId": "nope", "status": "cancelled"}])
    assert unknown.error == (200, "UNKNOWN_INTERRUPT")
    entry = {"interruptId": interrupt["id"], "status": "cancelled"}
    twice = await client.run(resume=[entry, entry])
    assert twice.error == (200, "INCOMPLETE_RESUME")
    empty = await client.run(resume=[])  # answers nothing: the seed's INCOMPLETE_RESUME
    assert empty.error == (200, "INCOMPLETE_RESUME")
    bad = {"interruptId": interrupt["id"], "status": "resolved", "payload": {"decision": "ok"}}
    assert (await client.run(resume=[bad])).error == (200, "RESUME_PAYLOAD_INVALID")
    missing = {"interruptId": interrupt["id"], "status": "resolved"}
    assert (await client.run(resume=[missing])).error == (200, "RESUME_PAYLOAD_INVALID")
    # still answerable after every refusal
    done = await client.resume([interrupt])
    assert done.text == "allowed done"
    applied = await client.resume([interrupt])
    assert applied.error == (200, "RESUME_ALREADY_APPLIED")
    # a new normal run is fine again, also with an empty resume beside it
    assert (await client.run("say next")).text == "next"
    assert (await client.run("say again", resume=[])).text == "again"


async def test_a_resume_keeps_its_ros_invocation_id(client: AguiClient) -> None:
    (interrupt,) = interrupts_of(await client.run(ASK))
    client.invocation = "invocation-2"
    assert (await client.resume([interrupt])).error == (400, "INVALID_INPUT")
    client.invocation = "invocation-1"
    assert (await client.resume([interrupt])).text == "allowed done"


async def test_expired_interrupts(start_agui: Any, workspace: Path) -> None:
    agui: RunningAgui = await start_agui(interrupt_ttl_seconds=0.2)
    async with httpx.AsyncClient(base_url=agui.url, timeout=10) as http:
        client = AguiClient(http, workspace)
        first = await client.run(ASK)
        (interrupt,) = interrupts_of(first)
        task_id = first.custom("iac-code.session.v1")[0]["taskId"]
        await trio.sleep(0.3)
        expired = await client.resume([interrupt])
        assert expired.error == (200, "EXECUTION_EXPIRED")
        # its pending state is gone and its task cancelled: the thread takes new runs
        assert (await client.run("say fresh")).text == "fresh"
        assert agui.core is not None
        task = await agui.core.tasks.get(task_id)
        assert task is not None and task.state.name == "TASK_STATE_CANCELED"


async def test_execution_lost_when_the_task_went_away(
    agui: RunningAgui, client: AguiClient
) -> None:
    first = await client.run(ASK)
    (interrupt,) = interrupts_of(first)
    task_id = first.custom("iac-code.session.v1")[0]["taskId"]
    assert agui.core is not None
    body = json.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": "CancelTask", "params": {"id": task_id}}
    )
    from iaccode.a2a.dispatch import RequestMeta

    await agui.core.dispatcher.dispatch(body, RequestMeta(version="1.0", owner="agui"))
    lost = await client.resume([interrupt])
    assert lost.error == (200, "EXECUTION_LOST")
    assert (await client.run("say again")).text == "again"


async def test_state_persistence_failed(start_agui: Any, workspace: Path, tmp_path: Path) -> None:
    state = tmp_path / "threads"
    agui: RunningAgui = await start_agui(state_dir=state)
    shutil.rmtree(state)  # after start-up (a missing directory is refused at start)
    state.write_text("not a directory")
    async with httpx.AsyncClient(base_url=agui.url, timeout=10) as http:
        reply = await AguiClient(http, workspace).run("say x")
    assert reply.error == (503, "STATE_PERSISTENCE_FAILED")
    assert str(tmp_path) not in json.dumps(reply.body).decode()


async def test_execution_failed_and_cancelled(client: AguiClient) -> None:
    failed = await client.run("say partial\nfail secret internal detail")
    assert failed.error == (200, "A2A_EXECUTION_FAILED")
    assert "secret internal detail" not in failed.last("RUN_ERROR")["message"]
    assert failed.text == "partial"  # what was said before is kept, its span closed


async def test_the_cancel_extension(client: AguiClient) -> None:
    async with trio.open_nursery() as nursery:
        session: dict[str, Any] = {}
        seen: list[dict[str, Any]] = []
        ready = trio.Event()

        async def run() -> None:
            async for event in client.stream(client.body("say go\nwait")):
                seen.append(event)
                if event["type"] == "CUSTOM" and event["name"] == "iac-code.session.v1":
                    session.update(event["value"])
                    ready.set()

        nursery.start_soon(run)
        await ready.wait()
        path = f"/extensions/iac-code/v1/executions/{session['executionId']}/cancel"
        wrong = {"threadId": "thread-1", "rosInvocationId": "someone-else"}
        response = await client.http.post(path, json=wrong)
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "EXECUTION_NOT_FOUND"
        right = {"threadId": "thread-1", "rosInvocationId": "invocation-1"}
        response = await client.http.post(path, json=right)
        assert response.json()["status"] == "cancelled"
    assert seen[-1]["type"] == "RUN_ERROR" and seen[-1]["code"] == "CANCELLED"
    again = await client.http.post(path, json=right)
    assert again.json()["status"] == "already_terminal"
    unknown = await client.http.post("/extensions/iac-code/v1/executions/nope/cancel", json=right)
    assert unknown.status_code == 404


async def test_cancel_ends_a_pending_interrupt(client: AguiClient) -> None:
    first = await client.run(ASK)
    (interrupt,) = interrupts_of(first)
    execution = first.custom("iac-code.session.v1")[0]["executionId"]
    path = f"/extensions/iac-code/v1/executions/{execution}/cancel"
    body = {"threadId": "thread-1", "rosInvocationId": "invocation-1"}
    assert (await client.http.post(path, json=body)).json()["status"] == "cancelled"
    assert (await client.resume([interrupt])).error == (200, "UNKNOWN_INTERRUPT")
    assert (await client.run("say free")).text == "free"


async def test_error_messages_follow_the_callers_language(client: AguiClient) -> None:
    body = client.body("say x") | {"tools": [{}]}
    german = await client.post(body, headers={"accept-language": "de-DE,de;q=0.9,en;q=0.5"})
    assert german.body["error"]["message"].startswith("Die Anfrage ist ungültig.")
    bogus = client.body("say x", bogus=1)  # the reason is German too, the field name kept
    reply = await client.post(bogus, headers={"accept-language": "de"})
    assert reply.body["error"]["message"] == (
        "Die Anfrage ist ungültig. forwardedProps.iacCode enthält das unbekannte Feld 'bogus'."
    )
    # preferredLanguage wins over Accept-Language, for input errors too
    spanish = client.body("say x", preferredLanguage="es") | {"tools": [{}]}
    reply = await client.post(spanish, headers={"accept-language": "de-DE"})
    assert reply.body["error"]["message"].startswith("La solicitud no es válida.")
    (interrupt,) = interrupts_of(await client.run(ASK))
    french = await client.run("say x", preferredLanguage="fr")
    # in the stream too, the reason after the code's sentence, the interrupt's id kept
    assert french.last("RUN_ERROR")["message"] == (
        "Le fil attend des réponses à ses interruptions. "
        f"Interruptions en attente : {interrupt['id']}."
    )
    await client.resume([interrupt])
    # The core's own reason (a failed turn), asked for by Accept-Language alone
    failed = await client.post(client.body("fail boom"), headers={"accept-language": "de"})
    message = failed.last("RUN_ERROR")["message"]
    assert message.startswith("Der Agent konnte diesen Lauf nicht abschließen. Der Agent ")
    assert "(Fehler-ID " in message and "error id" not in message


async def test_a2a_unavailable(start_agui: Any, workspace: Path) -> None:
    with trio.socket.socket() as probe:
        await probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    agui: RunningAgui = await start_agui(a2a_url=f"http://127.0.0.1:{port}/")
    assert agui.core is None
    async with httpx.AsyncClient(base_url=agui.url, timeout=10) as http:
        reply = await AguiClient(http, workspace).run("say x")
    assert reply.error == (200, "A2A_UNAVAILABLE")
    assert str(port) not in reply.last("RUN_ERROR")["message"]


async def test_a_busy_core_is_unavailable_not_broken(start_agui: Any, workspace: Path) -> None:
    agui: RunningAgui = await start_agui(core={"max_concurrent_turns": 1})
    async with httpx.AsyncClient(base_url=agui.url, timeout=10) as http:
        first = AguiClient(http, workspace, thread_id="thread-a")
        second = AguiClient(http, workspace, thread_id="thread-b")
        async with trio.open_nursery() as nursery:
            running = trio.Event()

            async def hold() -> None:
                async for event in first.stream(first.body("say busy\nsleep 1")):
                    if event["type"] == "TEXT_MESSAGE_CONTENT":
                        running.set()

            nursery.start_soon(hold)
            await running.wait()
            refused = await second.run("say me too")
        assert refused.error == (200, "A2A_UNAVAILABLE")
        assert (await second.run("say now")).text == "now"


async def serve_nonsense(task_status: trio.TaskStatus[int]) -> None:
    """An "A2A server" whose stream does not start with a task."""
    event = {
        "jsonrpc": "2.0",
        "id": 1,
        "result": {
            "statusUpdate": {
                "taskId": "t",
                "contextId": "c",
                "status": {"state": "TASK_STATE_WORKING"},
            }
        },
    }
    body = b"data: " + json.dumps(event) + b"\n\n"
    head = b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nconnection: close\r\n"
    answer = head + b"content-length: %d\r\n\r\n" % len(body) + body

    async def handle(stream: trio.SocketStream) -> None:
        data = b""
        while b"\r\n\r\n" not in data:
            data += await stream.receive_some(65536)
        await stream.send_all(answer)
        await stream.aclose()

    listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
    task_status.started(listeners[0].socket.getsockname()[1])
    await trio.serve_listeners(handle, listeners)


async def test_a2a_protocol_error(start_agui: Any, workspace: Path, nursery: trio.Nursery) -> None:
    port = await nursery.start(serve_nonsense)
    agui: RunningAgui = await start_agui(a2a_url=f"http://127.0.0.1:{port}/")
    async with httpx.AsyncClient(base_url=agui.url, timeout=10) as http:
        reply = await AguiClient(http, workspace).run("say x")
    assert reply.error == (200, "A2A_PROTOCOL_ERROR")


async def test_a_remote_core_checks_its_own_workspaces(
    start_server: Any, start_agui: Any, workspace: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    a2a = await start_server(allowed_cwds=(elsewhere,))  # the adapter's workspace is not allowed
    agui: RunningAgui = await start_agui(a2a_url=a2a.url + "/")
    async with httpx.AsyncClient(base_url=agui.url, timeout=10) as http:
        reply = await AguiClient(http, workspace).run("say x")
    assert reply.error == (200, "INVALID_INPUT")
    assert str(workspace) not in reply.last("RUN_ERROR")["message"]
