"""The HTTP+JSON (REST) binding over real sockets: routes, SSE, status codes, and the a2a-sdk
client's REST transport against a real iaccode process."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio
from a2a.client import ClientConfig, create_client
from a2a.types import (
    CancelTaskRequest,
    GetTaskRequest,
    ListTasksRequest,
    SendMessageRequest,
    SubscribeToTaskRequest,
    TaskState,
)
from a2a.utils.errors import TaskNotFoundError, UnsupportedOperationError

from iaccode.a2a.rest import _RestEvents
from iaccode.model import a2a as model
from iaccode.model import codec
from iaccode.server import RunningServer
from iaccode.tasks.broker import EventBroker
from iaccode.wire import json
from iaccode.wire.sse import ServerSentEvent, SSEDecoder
from tests.client import A2AClient, text_of
from tests.e2e.test_sdk_client import message as sdk_message
from tests.process import ServerProcess

INPUT_REQUIRED = "TASK_STATE_INPUT_REQUIRED"
pytestmark = pytest.mark.http_servers  # under the built-in loop and hypercorn
ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo"
BAD_REQUEST = "type.googleapis.com/google.rpc.BadRequest"


class RestClient:
    """Bare REST calls with the message helper of the JSON-RPC test client."""

    def __init__(self, http: httpx.AsyncClient, workspace: Path) -> None:
        self.http = http
        self.messages = A2AClient(http, cwd=workspace)

    def message(self, text: str, **kwargs: Any) -> dict[str, Any]:
        return self.messages.message(text, **kwargs)

    async def send(self, text: str, **kwargs: Any) -> dict[str, Any]:
        configuration = kwargs.pop("configuration", None)
        body: dict[str, Any] = {"message": self.message(text, **kwargs)}
        if configuration:
            body["configuration"] = configuration
        response = await self.http.post("/message:send", json=body)
        assert response.status_code == 200, response.text
        assert response.headers["content-type"] == "application/json"
        task: dict[str, Any] = response.json()["task"]
        return task

    async def get(self, task_id: str, **query: Any) -> dict[str, Any]:
        response = await self.http.get(f"/tasks/{task_id}", params=query)
        assert response.status_code == 200, response.text
        task: dict[str, Any] = response.json()
        return task

    async def wait_for(self, task_id: str, state: str) -> dict[str, Any]:
        with trio.fail_after(5):
            while (task := await self.get(task_id))["status"]["state"] != state:
                await trio.sleep(0.02)
        return task

    async def iter_events(
        self, method: str, path: str, body: Any = None, *, seconds: float = 10
    ) -> AsyncIterator[dict[str, Any]]:
        decoder = SSEDecoder()
        kwargs: dict[str, Any] = {} if body is None else {"json": body}
        with trio.fail_after(seconds):
            async with self.http.stream(method, path, **kwargs) as response:
                assert response.status_code == 200, await response.aread()
                assert response.headers["content-type"].startswith("text/event-stream")
                async for chunk in response.aiter_bytes():
                    for item in decoder.feed(chunk):
                        if isinstance(item, ServerSentEvent):
                            yield json.loads(item.data)

    async def events(self, method: str, path: str, body: Any = None) -> list[dict[str, Any]]:
        return [event async for event in self.iter_events(method, path, body)]


def assert_error(
    response: httpx.Response, status: int, name: str, reason: str | None = None
) -> dict[str, Any]:
    """An AIP-193 error (spec §11.6) with this status, and the ErrorInfo reason if given."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert set(body) == {"error"}
    error: dict[str, Any] = body["error"]
    assert error["code"] == status and error["status"] == name and error["message"]
    assert set(error) <= {"code", "status", "message", "details"}
    if reason is not None:
        (info,) = [d for d in error["details"] if d["@type"] == ERROR_INFO]
        assert info["reason"] == reason and info["domain"] == "a2a-protocol.org"
    return error


def state_of(event: dict[str, Any]) -> str | None:
    if "task" in event:
        state: str = event["task"]["status"]["state"]
        return state
    if "statusUpdate" in event:
        state = event["statusUpdate"]["status"]["state"]
        return state
    return None


@pytest.fixture
def rest(http: httpx.AsyncClient, workspace: Path) -> RestClient:
    return RestClient(http, workspace)


async def open_rest(
    start_server: Callable[..., Any], workspace: Path, **overrides: Any
) -> tuple[RunningServer, httpx.AsyncClient, RestClient]:
    server: RunningServer = await start_server(**overrides)
    http = httpx.AsyncClient(base_url=server.url, timeout=10)
    return server, http, RestClient(http, workspace)


# -- the card ----------------------------------------------------------------------------------


async def test_card_advertises_http_json_after_json_rpc(
    http: httpx.AsyncClient, server: RunningServer
) -> None:
    card = (await http.get("/.well-known/agent-card.json")).json()
    assert card["supportedInterfaces"] == [
        {"url": server.url + "/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
        {"url": server.url, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
    ]


# -- messages ----------------------------------------------------------------------------------


async def test_send_and_follow_up(rest: RestClient) -> None:
    task = await rest.send("say hello")
    assert task["status"]["state"] == INPUT_REQUIRED
    assert text_of(task["status"]["message"]) == "hello"
    follow = await rest.send("say again", task_id=task["id"], context_id=task["contextId"])
    assert follow["id"] == task["id"]
    assert [text_of(m) for m in follow["history"]] == ["say hello", "hello", "say again", "again"]
    direct = await rest.http.post(
        "/message:send",
        json={"message": rest.message("say x"), "configuration": {"historyLength": 0}},
    )
    assert "history" not in direct.json()["task"]


async def test_stream_events_are_bare_stream_responses(rest: RestClient) -> None:
    events = await rest.events("POST", "/message:stream", {"message": rest.message("stream 2")})
    assert all(len(event) == 1 and "jsonrpc" not in event for event in events)
    assert "task" in events[0]
    deltas = [
        text_of(e["statusUpdate"]["status"]["message"])
        for e in events
        if "statusUpdate" in e and e["statusUpdate"]["status"].get("message")
    ]
    assert deltas[:2] == ["chunk-1 ", "chunk-2 "]
    assert state_of(events[-1]) == INPUT_REQUIRED


async def test_stream_error_before_the_stream_is_plain_json(rest: RestClient) -> None:
    message = rest.message("say x", task_id="no-such-task")
    response = await rest.http.post("/message:stream", json={"message": message})
    assert_error(response, 404, "NOT_FOUND", "TASK_NOT_FOUND")


# -- tasks -------------------------------------------------------------------------------------


async def test_get_task_with_history_length(rest: RestClient) -> None:
    task = await rest.send("say hello")
    assert len((await rest.get(task["id"]))["history"]) == 2
    assert [text_of(m) for m in (await rest.get(task["id"], historyLength=1))["history"]] == [
        "hello"
    ]
    assert "history" not in await rest.get(task["id"], historyLength=0)
    response = await rest.http.get(f"/tasks/{task['id']}", params={"historyLength": "-1"})
    assert_error(response, 400, "INVALID_ARGUMENT")


async def test_list_tasks_with_query_parameters(rest: RestClient) -> None:
    first = await rest.send("artifact plan one")
    await rest.send("say two", context_id=first["contextId"])
    await rest.send("say elsewhere")
    query = {"contextId": first["contextId"], "pageSize": 1}
    page = (await rest.http.get("/tasks", params=query)).json()
    assert page["totalSize"] == 2 and page["pageSize"] == 1 and len(page["tasks"]) == 1
    assert page["nextPageToken"]
    rest_page = await rest.http.get("/tasks", params={**query, "pageToken": page["nextPageToken"]})
    second = rest_page.json()
    assert second["nextPageToken"] == ""
    assert {page["tasks"][0]["id"], second["tasks"][0]["id"]} >= {first["id"]}
    assert all("artifacts" not in t for t in page["tasks"] + second["tasks"])
    with_artifacts = await rest.http.get(
        "/tasks",
        params={"contextId": first["contextId"], "includeArtifacts": "true", "historyLength": 0},
    )
    tasks = {t["id"]: t for t in with_artifacts.json()["tasks"]}
    assert tasks[first["id"]]["artifacts"][0]["name"] == "plan"
    assert all("history" not in t for t in tasks.values())
    # snake_case names are accepted as in JSON-RPC; the status filter takes the enum name.
    filtered = await rest.http.get(
        "/tasks", params={"context_id": first["contextId"], "status": "TASK_STATE_COMPLETED"}
    )
    assert filtered.json()["totalSize"] == 0


@pytest.mark.parametrize(
    "query",
    [
        {"pageSize": "0"},
        {"pageSize": "101"},
        {"pageSize": "many"},
        {"pageToken": "not-a-token"},
        {"status": "TASK_STATE_NOPE"},
        {"includeArtifacts": "yes"},
        {"statusTimestampAfter": "yesterday"},
    ],
)
async def test_list_tasks_rejects_bad_query(rest: RestClient, query: dict[str, str]) -> None:
    error = assert_error(await rest.http.get("/tasks", params=query), 400, "INVALID_ARGUMENT")
    assert any(d["@type"] == BAD_REQUEST for d in error.get("details", []))


async def test_cancel_with_and_without_a_body(rest: RestClient) -> None:
    for body in (None, {"id": "ignored-the-path-wins", "metadata": {"why": "test"}}):
        task = await rest.send("wait", configuration={"returnImmediately": True})
        kwargs: dict[str, Any] = {} if body is None else {"json": body}
        response = await rest.http.post(f"/tasks/{task['id']}:cancel", **kwargs)
        assert response.status_code == 200, response.text
        assert response.json()["id"] == task["id"]
        assert response.json()["status"]["state"] == "TASK_STATE_CANCELED"
    again = await rest.http.post(f"/tasks/{task['id']}:cancel")
    assert_error(again, 400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE")
    unknown = await rest.http.post("/tasks/no-such-task:cancel")
    assert_error(unknown, 404, "NOT_FOUND", "TASK_NOT_FOUND")


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_subscribe_follows_the_turn(rest: RestClient, method: str) -> None:
    task = await rest.send("ask ready?", configuration={"returnImmediately": True})
    await rest.wait_for(task["id"], INPUT_REQUIRED)
    events: list[dict[str, Any]] = []

    async def subscribe(task_status: trio.TaskStatus[None]) -> None:
        iterator = rest.iter_events(method, f"/tasks/{task['id']}:subscribe")
        events.append(await iterator.__anext__())
        task_status.started()
        async for event in iterator:
            events.append(event)

    async with trio.open_nursery() as nursery:
        await nursery.start(subscribe)
        answered = await rest.send("yes", task_id=task["id"])
    assert events[0]["task"]["id"] == task["id"]
    assert answered["status"]["state"] == INPUT_REQUIRED
    assert text_of(events[-1]["statusUpdate"]["status"]["message"]) == "answer: yes"


async def test_subscribe_errors(rest: RestClient) -> None:
    task = await rest.send("say done")
    ended = await rest.http.get(f"/tasks/{task['id']}:subscribe")
    assert_error(ended, 404, "NOT_FOUND", "TASK_NOT_FOUND")
    unknown = await rest.http.post("/tasks/missing:subscribe")
    assert_error(unknown, 404, "NOT_FOUND", "TASK_NOT_FOUND")


# -- push notification configs -----------------------------------------------------------------


async def test_push_config_routes(start_server: Callable[..., Any], workspace: Path) -> None:
    _, http, rest = await open_rest(
        start_server, workspace, push_notifications=True, push_allow_loopback=True
    )
    async with http:
        task = await rest.send("say done")
        base = f"/tasks/{task['id']}/pushNotificationConfigs"
        config = {"id": "webhook-1", "url": "http://127.0.0.1:9/hook", "token": "t"}
        created = await http.post(base, json={**config, "taskId": "the-path-wins"})
        assert created.status_code == 200, created.text
        shown = {"id": "webhook-1", "url": config["url"], "taskId": task["id"]}  # no token
        assert created.json() == shown
        generated = (await http.post(base, json={"url": "http://127.0.0.1:9/other"})).json()
        assert generated["id"] and generated["id"] != "webhook-1"
        got = await http.get(f"{base}/webhook-1")
        assert got.json() == shown
        listed = (await http.get(base)).json()
        assert {c["id"] for c in listed["configs"]} == {"webhook-1", generated["id"]}
        assert listed["nextPageToken"] == ""
        for _ in range(2):  # idempotent
            deleted = await http.delete(f"{base}/webhook-1")
            assert deleted.status_code == 200 and deleted.json() == {}
        assert_error(await http.get(f"{base}/webhook-1"), 404, "NOT_FOUND", "TASK_NOT_FOUND")
        assert_error(
            await http.get("/tasks/no-such-task/pushNotificationConfigs"),
            404,
            "NOT_FOUND",
            "TASK_NOT_FOUND",
        )
        private = await http.post(base, json={"url": "http://10.0.0.1/hook"})
        assert_error(private, 400, "INVALID_ARGUMENT")
        missing_url = await http.post(base, json={"id": "x"})
        assert_error(missing_url, 400, "INVALID_ARGUMENT")


async def test_push_config_routes_without_push(rest: RestClient) -> None:
    task = await rest.send("say done")
    response = await rest.http.post(
        f"/tasks/{task['id']}/pushNotificationConfigs", json={"url": "https://example.com/h"}
    )
    assert_error(response, 400, "FAILED_PRECONDITION", "PUSH_NOTIFICATION_NOT_SUPPORTED")
    listed = await rest.http.get(f"/tasks/{task['id']}/pushNotificationConfigs")
    assert_error(listed, 400, "FAILED_PRECONDITION", "PUSH_NOTIFICATION_NOT_SUPPORTED")


# -- the extended card -------------------------------------------------------------------------


async def test_extended_agent_card(http: httpx.AsyncClient) -> None:
    response = await http.get("/extendedAgentCard")
    assert response.status_code == 200
    card = response.json()
    assert card["name"] == "iac-code"
    uris = [e["uri"] for e in card["capabilities"]["extensions"]]
    assert "urn:iac-code:a2a:runtime:v1" in uris


# -- errors ------------------------------------------------------------------------------------


async def test_request_errors_and_their_statuses(rest: RestClient) -> None:
    http = rest.http
    body = json.dumps({"message": rest.message("say hi")})
    wrong_type = await http.post(
        "/message:send", content=body, headers={"content-type": "text/plain"}
    )
    assert_error(wrong_type, 415, "INVALID_ARGUMENT", "CONTENT_TYPE_NOT_SUPPORTED")
    a2a_json = await http.post(
        "/message:send", content=body, headers={"content-type": "application/a2a+json"}
    )
    assert a2a_json.status_code == 200
    not_json = await http.post(
        "/message:send", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert_error(not_json, 400, "INVALID_ARGUMENT")
    assert_error(await http.post("/message:send", json=[1]), 400, "INVALID_ARGUMENT")
    missing = assert_error(await http.post("/message:send", json={}), 400, "INVALID_ARGUMENT")
    assert missing["details"][0]["@type"] == BAD_REQUEST
    unsupported_part = {
        "message": rest.message(
            "", parts=[{"raw": "AAAA", "mediaType": "application/x-unsupported-thing"}]
        )
    }
    assert_error(
        await http.post("/message:send", json=unsupported_part),
        400,
        "INVALID_ARGUMENT",
        "CONTENT_TYPE_NOT_SUPPORTED",
    )
    version = await http.post(
        "/message:send",
        content=body,
        headers={"a2a-version": "99.0", "content-type": "application/json"},
    )
    assert_error(version, 400, "FAILED_PRECONDITION", "VERSION_NOT_SUPPORTED")
    in_query = await http.get("/tasks", params={"A2A-Version": "99.0"})
    assert_error(in_query, 400, "FAILED_PRECONDITION", "VERSION_NOT_SUPPORTED")
    deep = b'{"message":' + b"[" * 100 + b"]" * 100 + b"}"
    too_deep = await http.post(
        "/message:send", content=deep, headers={"content-type": "application/json"}
    )
    assert_error(too_deep, 400, "INVALID_ARGUMENT")
    assert_error(await http.get("/tasks/missing"), 404, "NOT_FOUND", "TASK_NOT_FOUND")
    assert_error(await http.get("/tasks/bad%20id"), 400, "INVALID_ARGUMENT")


def assert_busy(response: httpx.Response, limit: str, maximum: int) -> None:
    """A load-shedding refusal: 503 UNAVAILABLE with Retry-After, the ErrorInfo naming the limit."""
    error = assert_error(response, 503, "UNAVAILABLE")
    assert response.headers["retry-after"] == "1"
    assert limit in error["message"] and "retry later" in error["message"]
    (info,) = error["details"]
    assert info["@type"] == ERROR_INFO and info["reason"] == "RESOURCE_EXHAUSTED"
    assert info["domain"] == "iac-code" and info["metadata"]["limit"] == limit
    assert info["metadata"]["max"] == str(maximum)


async def test_busy_refusals_are_503_with_retry_after(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    _, http, rest = await open_rest(
        start_server, workspace, max_concurrent_turns=1, max_subscribers_per_task=1
    )
    async with http:
        task = await rest.send("wait", configuration={"returnImmediately": True})
        body = {"message": rest.message("say hi")}
        assert_busy(await http.post("/message:send", json=body), "max-concurrent-turns", 1)
        assert_busy(await http.post("/message:stream", json=body), "max-concurrent-turns", 1)
        with trio.fail_after(5):
            async with http.stream("GET", f"/tasks/{task['id']}:subscribe") as first:
                assert first.status_code == 200
                async for chunk in first.aiter_bytes():  # subscribed once an event arrived
                    if b"data:" in chunk:
                        break
                second = await http.get(f"/tasks/{task['id']}:subscribe")
                assert_busy(second, "max-subscribers-per-task", 1)
        assert (await http.post(f"/tasks/{task['id']}:cancel")).status_code == 200


async def test_message_to_a_terminal_task(rest: RestClient) -> None:
    task = await rest.send("wait", configuration={"returnImmediately": True})
    await rest.http.post(f"/tasks/{task['id']}:cancel")
    body = {"message": rest.message("say more", task_id=task["id"])}
    response = await rest.http.post("/message:send", json=body)
    assert_error(response, 400, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION")


async def test_wrong_method_and_unknown_path(http: httpx.AsyncClient) -> None:
    wrong = await http.get("/message:send")
    assert wrong.status_code == 405 and wrong.headers["allow"] == "POST"
    push = await http.put("/tasks/t/pushNotificationConfigs")
    assert push.status_code == 405 and push.headers["allow"] == "POST, GET"
    assert (await http.get("/tasks/t/other")).status_code == 404
    assert (await http.post("/tasks/")).status_code == 404


async def test_a_stream_that_falls_behind_ends_with_an_error_event() -> None:
    """Not over a socket: a subscriber overflows when its client stops reading, which TCP buffers
    make slow to provoke; the event it then gets is the AIP-193 error, not a JSON-RPC one."""
    broker = EventBroker(buffer=2)
    subscription = broker.subscribe("t", None, close_on_interrupt=False)
    working = model.TaskStatusUpdateEvent(
        task_id="t",
        context_id="c",
        status=model.TaskStatus(state=model.TaskState.TASK_STATE_WORKING),
    )
    for _ in range(3):
        broker.publish("t", working)
    events = _RestEvents(subscription)
    first = json.loads(await events.receive())
    assert first == {"statusUpdate": codec.unstructure(working)}
    json.loads(events.receive_nowait())
    error = json.loads(await events.receive())["error"]
    assert error["code"] == 500 and error["status"] == "INTERNAL"
    assert "SubscribeToTask" in error["message"]
    with pytest.raises(trio.EndOfChannel):
        await events.receive()
    events.aclose()


# -- paths -------------------------------------------------------------------------------------


async def test_tenant_prefix_and_doubled_slashes(rest: RestClient) -> None:
    task = await rest.send("say hi")
    assert (await rest.http.get(f"/tenant-1/tasks/{task['id']}")).json()["id"] == task["id"]
    listed = await rest.http.get("/tenant-1/tasks", params={"contextId": task["contextId"]})
    assert listed.json()["totalSize"] == 1
    # TCK-style joining of "<url>/" and "/message:send".
    url = str(rest.http.base_url).rstrip("/") + "//message:send"
    doubled = await rest.http.post(url, json={"message": rest.message("say x")})
    assert doubled.json()["task"]["status"]["state"] == INPUT_REQUIRED


async def test_public_url_path_is_the_rest_base(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    _, http, rest = await open_rest(
        start_server,
        workspace,
        public_url="https://agent.example.com/a2a",
        legacy_card_fields=True,
    )
    async with http:
        card = (await http.get("/.well-known/agent-card.json")).json()
        assert card["supportedInterfaces"][1]["url"] == "https://agent.example.com/a2a"
        # 0.3 clients would look for 0.3's REST paths, so only JSON-RPC is offered to them.
        assert card["additionalInterfaces"] == [
            {"url": "https://agent.example.com/a2a/", "transport": "JSONRPC"}
        ]
        for path in ("/a2a/message:send", "/message:send"):
            response = await http.post(path, json={"message": rest.message("say hi")})
            assert response.json()["task"]["status"]["state"] == INPUT_REQUIRED, path


# -- authentication, ownership, extensions -----------------------------------------------------


async def test_auth_and_ownership_as_in_json_rpc(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    server, http, rest = await open_rest(
        start_server, workspace, token="rest-token", api_key="key-1", www_authenticate=True
    )
    async with http:
        denied = await http.get("/tasks")
        assert denied.status_code == 401 and denied.json() == {"error": "Unauthorized"}
        assert denied.headers["www-authenticate"] == "Bearer"
        assert (await http.get("/extendedAgentCard")).status_code == 401
        http.headers["authorization"] = "Bearer rest-token"
        task = await rest.send("say mine")
        async with httpx.AsyncClient(base_url=server.url, headers={"x-api-key": "key-1"}) as other:
            assert_error(
                await other.get(f"/tasks/{task['id']}"), 404, "NOT_FOUND", "TASK_NOT_FOUND"
            )
            assert (await other.get("/tasks")).json()["totalSize"] == 0
            assert (await other.get("/extendedAgentCard")).status_code == 200


async def test_required_extension(start_server: Callable[..., Any], workspace: Path) -> None:
    uri = "urn:example:required"
    _, http, rest = await open_rest(start_server, workspace, required_extensions=(uri,))
    async with http:
        body = {"message": rest.message("say hi")}
        refused = await http.post("/message:send", json=body)
        assert_error(refused, 400, "FAILED_PRECONDITION", "EXTENSION_SUPPORT_REQUIRED")
        accepted = await http.post(
            "/message:send", json=body, headers={"a2a-extensions": f"urn:other, {uri}"}
        )
        assert accepted.status_code == 200
        assert accepted.headers["a2a-extensions"] == uri


# -- the a2a-sdk client over HTTP+JSON ---------------------------------------------------------


@pytest.fixture(scope="module")
def sdk_workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("workspace")


@pytest.fixture(scope="module")
def process(
    tmp_path_factory: pytest.TempPathFactory, sdk_workspace: Path
) -> Iterator[ServerProcess]:
    state = tmp_path_factory.mktemp("state")
    with ServerProcess(state, allowed_cwds=[sdk_workspace]) as running:
        yield running


def test_sdk_client_over_http_json(process: ServerProcess, sdk_workspace: Path) -> None:
    async def run() -> None:
        seen: list[str] = []

        async def record(request: httpx.Request) -> None:
            seen.append(f"{request.method} {request.url.path}")

        async with httpx.AsyncClient(event_hooks={"request": [record]}, timeout=10) as shared:

            def config(streaming: bool) -> ClientConfig:
                return ClientConfig(
                    streaming=streaming,
                    supported_protocol_bindings=["HTTP+JSON"],
                    httpx_client=shared,
                )

            unary = await create_client(process.url, client_config=config(False))
            events = [
                e
                async for e in unary.send_message(
                    SendMessageRequest(message=sdk_message("say hello", sdk_workspace))
                )
            ]
            task = events[0].task
            assert task.status.state == TaskState.TASK_STATE_INPUT_REQUIRED
            assert task.status.message.parts[0].text == "hello"

            streaming = await create_client(process.url, client_config=config(True))
            follow = sdk_message("stream 2", sdk_workspace, task_id=task.id)
            events = [e async for e in streaming.send_message(SendMessageRequest(message=follow))]
            kinds = [event.WhichOneof("payload") for event in events]
            assert kinds[0] == "task" and kinds[-1] == "status_update"
            assert events[-1].status_update.status.state == TaskState.TASK_STATE_INPUT_REQUIRED

            got = await unary.get_task(GetTaskRequest(id=task.id, history_length=2))
            assert [m.parts[0].text for m in got.history] == ["stream 2", "chunk-1 chunk-2 "]
            page = await unary.list_tasks(ListTasksRequest(context_id=task.context_id))
            assert page.total_size == 1 and page.tasks[0].id == task.id

            with pytest.raises(TaskNotFoundError):
                await unary.get_task(GetTaskRequest(id="no-such-task"))

            waiting = sdk_message("ask ready?", sdk_workspace)
            polling = await create_client(
                process.url,
                client_config=ClientConfig(
                    streaming=False,
                    polling=True,
                    supported_protocol_bindings=["HTTP+JSON"],
                    httpx_client=shared,
                ),
            )
            (started,) = [
                e async for e in polling.send_message(SendMessageRequest(message=waiting))
            ]
            for _ in range(100):
                state = (await unary.get_task(GetTaskRequest(id=started.task.id))).status.state
                if state == TaskState.TASK_STATE_INPUT_REQUIRED:
                    break
                await asyncio.sleep(0.02)
            stream = streaming.subscribe(SubscribeToTaskRequest(id=started.task.id))
            first = await stream.__anext__()
            assert first.task.id == started.task.id
            canceled = await unary.cancel_task(CancelTaskRequest(id=started.task.id))
            assert canceled.status.state == TaskState.TASK_STATE_CANCELED
            rest = [event async for event in stream]
            assert rest[-1].status_update.status.state == TaskState.TASK_STATE_CANCELED
            with pytest.raises(UnsupportedOperationError):
                await unary.send_message(
                    SendMessageRequest(
                        message=sdk_message("say more", sdk_workspace, task_id=started.task.id)
                    )
                ).__anext__()
        # Every call went over the REST routes, none to the JSON-RPC endpoint.
        assert "POST /" not in seen
        assert {"POST /message:send", "POST /message:stream", "GET /tasks"} <= set(seen)

    asyncio.run(run())
