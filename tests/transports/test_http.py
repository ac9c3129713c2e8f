"""The HTTP transport and the A2A routes over a real socket: limits, keep-alive, caching, SSE."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.config import load_config
from iaccode.server import RunningServer
from iaccode.wire import json
from iaccode.wire.sse import Comment, ServerSentEvent, SSEDecoder
from tests.client import A2AClient

# The app's HTTP behaviour, under the built-in loop and under hypercorn alike.
pytestmark = pytest.mark.http_servers


def send_request(workspace: Path, *, with_id: bool = True) -> dict[str, Any]:
    message = {
        "messageId": "m",
        "role": "ROLE_USER",
        "parts": [{"text": "say hi"}],
        "metadata": {"iac_code": {"cwd": str(workspace)}},
    }
    request: dict[str, Any] = {
        "jsonrpc": "2.0",
        "method": "SendMessage",
        "params": {"message": message},
    }
    if with_id:
        request["id"] = 1
    return request


async def raw_exchange(
    server: RunningServer, data: bytes, *, read_until_close: bool = True
) -> bytes:
    stream = await trio.open_tcp_stream("127.0.0.1", server.port)
    async with stream:
        await stream.send_all(data)
        received = b""
        with trio.fail_after(5):
            while chunk := await stream.receive_some(65536):
                received += chunk
                if not read_until_close and b"\r\n\r\n" in received:
                    break
        return received


async def test_health(http: httpx.AsyncClient) -> None:
    response = await http.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "healthy" and body["version"]


async def test_ping_reports_busy_and_keeps_its_timestamp(
    a2a: A2AClient, http: httpx.AsyncClient
) -> None:
    first = (await http.get("/ping")).json()
    assert first["status"] == "Healthy"
    assert isinstance(first["time_of_last_update"], int)
    await trio.sleep(1.1)
    assert (await http.get("/ping")).json() == first  # unchanged status: unchanged timestamp
    task = await a2a.send("wait", configuration={"returnImmediately": True})
    busy = (await http.get("/ping")).json()
    assert busy["status"] == "HealthyBusy"
    assert busy["time_of_last_update"] > first["time_of_last_update"]
    await a2a.result("CancelTask", {"id": task["id"]})
    assert (await http.get("/ping")).json()["status"] == "Healthy"


async def test_agent_card_is_strict_1_0_with_validators(
    http: httpx.AsyncClient, server: RunningServer
) -> None:
    response = await http.get("/.well-known/agent-card.json")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert "max-age=60" in response.headers["cache-control"]
    assert response.headers["etag"].startswith('"') and response.headers["last-modified"].endswith(
        "GMT"
    )
    card = response.json()
    assert set(card) <= {
        "name",
        "description",
        "supportedInterfaces",
        "version",
        "capabilities",
        "defaultInputModes",
        "defaultOutputModes",
        "skills",
        "provider",
        "documentationUrl",
        "securitySchemes",
        "securityRequirements",
        "signatures",
        "iconUrl",
    }
    assert card["name"] == "iac-code"
    assert card["supportedInterfaces"] == [
        {"url": server.url + "/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
        {"url": server.url, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
    ]
    assert card["capabilities"]["streaming"] is True
    assert card["capabilities"]["extendedAgentCard"] is True
    uris = [e["uri"] for e in card["capabilities"]["extensions"]]
    assert "urn:iac-code:a2a:artifact-metadata:v1" in uris
    assert [s["id"] for s in card["skills"]] == [
        "iac_generation",
        "iac_review",
        "aliyun_ros_operations",
        "terraform_ros_conversion",
    ]
    assert card["defaultOutputModes"] == ["text/plain"]
    assert "image/png" in card["defaultInputModes"]
    cached = await http.get(
        "/.well-known/agent-card.json", headers={"if-none-match": response.headers["etag"]}
    )
    assert cached.status_code == 304 and cached.content == b""
    assert cached.headers["etag"] == response.headers["etag"]
    changed = await http.get("/.well-known/agent-card.json", headers={"if-none-match": '"other"'})
    assert changed.status_code == 200


async def test_legacy_card_fields_and_public_url(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    server = await start_server(legacy_card_fields=True, public_url="https://agent.example.com/a2a")
    async with httpx.AsyncClient(base_url=server.url) as http:
        card = (await http.get("/.well-known/agent-card.json")).json()
        assert card["url"] == "https://agent.example.com/a2a/"
        assert card["protocolVersion"] == "0.3.0" and card["preferredTransport"] == "JSONRPC"
        assert card["supportedInterfaces"][0]["url"] == "https://agent.example.com/a2a/"
        # The advertised path is served too, with and without the trailing slash.
        for path in ("/a2a", "/a2a/", "/"):
            response = await http.post(path, json=send_request(workspace))
            assert (
                response.json()["result"]["task"]["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
            )


async def test_agentcore_runtime_url_wins(
    start_server: Callable[..., Any], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    url = "https://bedrock-agentcore.example/runtimes/x/invocations"
    loaded = load_config(
        None, {"public_url": "https://ignored.example/"}, {"AGENTCORE_RUNTIME_URL": url}
    )
    with caplog.at_level(logging.INFO, logger="iaccode.server"):
        server = await start_server(public_url=loaded.public_url)
    async with httpx.AsyncClient(base_url=server.url) as http:
        card = (await http.get("/.well-known/agent-card.json")).json()
    assert card["supportedInterfaces"][0]["url"] == url + "/"
    # The log names the address bound, and the advertised URL beside it.
    listening = f"listening on http://127.0.0.1:{server.port}/ (advertised as {url}/)"
    assert any(listening in record.getMessage() for record in caplog.records)


async def test_wrong_content_type_is_32005_before_parsing(
    http: httpx.AsyncClient, workspace: Path
) -> None:
    response = await http.post(
        "/", content=b"{'not': 'json'}", headers={"content-type": "text/plain"}
    )
    assert response.status_code == 200
    assert response.json()["error"]["code"] == -32005
    for content_type in ("application/json; charset=utf-8", "application/a2a+json"):
        body = json.dumps(send_request(workspace))
        response = await http.post("/", content=body, headers={"content-type": content_type})
        assert "result" in response.json(), content_type


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"{not json", -32700),
        (b"[]", -32600),
        (b'[{"jsonrpc":"2.0","id":1,"method":"GetTask"}]', -32600),
        (b'{"jsonrpc":"1.0","id":1,"method":"GetTask"}', -32600),
        (b'{"jsonrpc":"2.0","id":1.5,"method":"GetTask"}', -32600),
        (b'{"jsonrpc":"2.0","id":1,"method":5}', -32600),
        (b'{"jsonrpc":"2.0","id":1,"method":"GetTask","params":"x"}', -32602),
        (b'{"jsonrpc":"2.0","id":1,"method":"GetTask","params":[1]}', -32602),
        (b'{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":7}}', -32602),
        (b"\xff\xfe", -32700),
    ],
)
async def test_malformed_json_rpc(http: httpx.AsyncClient, body: bytes, code: int) -> None:
    response = await http.post("/", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 200
    error = response.json()["error"]
    assert error["code"] == code
    assert set(error) <= {"code", "message", "data"}


async def test_deep_json_is_refused(http: httpx.AsyncClient) -> None:
    body = (
        b'{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"x","m":'
        + b"[" * 200
        + b"]" * 200
        + b"}}"
    )
    response = await http.post("/", content=body, headers={"content-type": "application/json"})
    assert response.json()["error"]["code"] == -32600


async def test_notification_gets_no_body(
    http: httpx.AsyncClient, a2a: A2AClient, workspace: Path
) -> None:
    request = send_request(workspace, with_id=False)
    response = await http.post(
        "/", content=json.dumps(request), headers={"content-type": "application/json"}
    )
    assert response.status_code == 204 and response.content == b""


async def test_oversized_body_is_413(start_server: Callable[..., Any]) -> None:
    server = await start_server(max_body_bytes=1024)
    async with httpx.AsyncClient(base_url=server.url) as http:
        response = await http.post(
            "/", content=b"x" * 2048, headers={"content-type": "application/json"}
        )
        assert response.status_code == 413
        assert response.json() == {"error": "Request body too large"}
    # Chunked bodies are counted as they arrive.
    raw = (
        b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
        + b"400\r\n"
        + b"x" * 1024
        + b"\r\n"
        + b"400\r\n"
        + b"x" * 1024
        + b"\r\n0\r\n\r\n"
    )
    received = await raw_exchange(server, raw)
    assert received.startswith(b"HTTP/1.1 413 ")


async def test_oversized_headers_are_431(start_server: Callable[..., Any]) -> None:
    server = await start_server(max_header_bytes=2048)
    raw = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 4096 + b"\r\n\r\n"
    received = await raw_exchange(server, raw)
    assert received.startswith(b"HTTP/1.1 431 ")


async def test_bad_http_is_400(server: RunningServer) -> None:
    received = await raw_exchange(server, b"NOT HTTP AT ALL\r\n\r\n")
    assert received.startswith(b"HTTP/1.1 400 ")


async def test_keep_alive_serves_several_requests_on_one_connection(server: RunningServer) -> None:
    stream = await trio.open_tcp_stream("127.0.0.1", server.port)
    async with stream:
        for _ in range(3):
            await stream.send_all(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            data = b""
            with trio.fail_after(5):
                while b'"mode"' not in data:
                    data += await stream.receive_some(4096)
            assert data.startswith(b"HTTP/1.1 200 ")


async def test_idle_keep_alive_connection_is_closed(start_server: Callable[..., Any]) -> None:
    server = await start_server(keep_alive_seconds=0.2)
    stream = await trio.open_tcp_stream("127.0.0.1", server.port)
    async with stream:
        with trio.fail_after(5):
            assert await stream.receive_some(1024) == b""  # closed by the server


async def test_unknown_path_and_method(http: httpx.AsyncClient) -> None:
    assert (await http.get("/nope")).status_code == 404
    response = await http.get("/")
    assert response.status_code == 405 and response.headers["allow"] == "POST"
    assert (await http.post("/health")).status_code == 405


async def test_stream_heartbeat_comments(start_server: Callable[..., Any], workspace: Any) -> None:
    server = await start_server(heartbeat_seconds=0.1)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        a2a = A2AClient(http, cwd=workspace)
        request = {
            "jsonrpc": "2.0",
            "id": 9,
            "method": "SendStreamingMessage",
            "params": {"message": a2a.message("sleep 0.5\nsay done")},
        }
        decoder = SSEDecoder()
        items: list[object] = []
        async with http.stream(
            "POST", "/", content=json.dumps(request), headers={"content-type": "application/json"}
        ) as response:
            assert response.headers["content-type"] == "text/event-stream"
            assert response.headers["cache-control"] == "no-cache"
            async for chunk in response.aiter_bytes():
                items += decoder.feed(chunk)
    comments = [i for i in items if isinstance(i, Comment)]
    events = [i for i in items if isinstance(i, ServerSentEvent)]
    assert len(comments) >= 2
    assert json.loads(events[-1].data)["result"]["statusUpdate"]["status"]["state"] == (
        "TASK_STATE_INPUT_REQUIRED"
    )


async def test_client_disconnect_frees_the_subscription(
    a2a: A2AClient, server: RunningServer
) -> None:
    task = await a2a.send("wait", configuration={"returnImmediately": True})
    broker = server.service.tasks.broker
    iterator = a2a.iter_stream("SubscribeToTask", {"id": task["id"]})
    await iterator.__anext__()
    assert broker.subscriber_count(task["id"]) == 1
    await iterator.aclose()
    with trio.fail_after(5):
        while broker.subscriber_count(task["id"]):
            await trio.sleep(0.01)
    await a2a.result("CancelTask", {"id": task["id"]})
