"""`http-server: hypercorn` and the embeddable ASGI app, over real sockets: what only that mode
has (HTTP/2 over TLS and h2c, lifespan), and what it must keep (graceful shutdown).

The app behaviour under hypercorn is covered by every module marked `http_servers`.
"""

from __future__ import annotations

import functools
import ssl
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio
import trustme
from hypercorn.config import Config as HypercornConfig
from hypercorn.trio import serve as hypercorn_serve

from iaccode.asgi import create_a2a_app
from iaccode.config import ConfigError, load_config
from iaccode.server import RunningServer, serve
from iaccode.wire import json
from iaccode.wire.sse import ServerSentEvent, SSEDecoder
from tests.client import A2AClient, states, text_of
from tests.transports.test_http_limits import body_of, exchange, open_connections, rpc_request
from tests.transports.test_lines import message, request

INPUT_REQUIRED = "TASK_STATE_INPUT_REQUIRED"


def streaming_request(a2a: A2AClient, text: str) -> bytes:
    message = a2a.message(text)
    return json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "SendStreamingMessage",
            "params": {"message": message},
        }
    )


async def read_stream(http: httpx.AsyncClient, a2a: A2AClient, text: str) -> tuple[str, list[Any]]:
    """(HTTP version, the JSON-RPC responses) of one SendStreamingMessage."""
    decoder = SSEDecoder()
    events = []
    headers = {"content-type": "application/json", "a2a-version": "1.0"}
    async with http.stream(
        "POST", "/", content=streaming_request(a2a, text), headers=headers
    ) as response:
        assert response.headers["content-type"] == "text/event-stream"
        async for chunk in response.aiter_bytes():
            events += [
                json.loads(item.data)
                for item in decoder.feed(chunk)
                if isinstance(item, ServerSentEvent)
            ]
        return response.http_version, events


async def test_http2_over_tls_multiplexes_streams(
    start_server: Callable[..., Any], tmp_path: Path, workspace: Path
) -> None:
    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1", "localhost")
    cert_path, key_path = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert.private_key_and_cert_chain_pem.write_to_path(str(cert_path))
    cert.private_key_pem.write_to_path(str(key_path))
    server = await start_server(http_server="hypercorn", tls_cert=cert_path, tls_key=key_path)
    trusted = ssl.create_default_context()
    ca.configure_trust(trusted)
    url = f"https://127.0.0.1:{server.port}"
    async with httpx.AsyncClient(base_url=url, verify=trusted, http2=True, timeout=10) as https:
        card = await https.get("/.well-known/agent-card.json")
        assert card.http_version == "HTTP/2"
        assert card.json()["supportedInterfaces"][0]["url"].startswith("https://127.0.0.1:")
        a2a = A2AClient(https, cwd=workspace)
        results: dict[str, tuple[str, list[Any]]] = {}

        async def run(name: str) -> None:
            results[name] = await read_stream(https, a2a, f"stream 3\nsay {name}")

        async with trio.open_nursery() as nursery:  # two streams on one connection
            nursery.start_soon(run, "one")
            nursery.start_soon(run, "two")
    for name, (version, events) in results.items():
        assert version == "HTTP/2"
        assert states(events)[0] == "TASK_STATE_SUBMITTED" and states(events)[-1] == INPUT_REQUIRED
        last = events[-1]["result"]["statusUpdate"]["status"]["message"]
        assert text_of(last).endswith(name)


async def test_h2c_with_prior_knowledge(
    server_under_hypercorn: RunningServer, workspace: Path
) -> None:
    async with httpx.AsyncClient(
        base_url=server_under_hypercorn.url, http1=False, http2=True, timeout=10
    ) as h2c:
        version, events = await read_stream(h2c, A2AClient(h2c, cwd=workspace), "stream 2")
        assert version == "HTTP/2" and states(events)[-1] == INPUT_REQUIRED
        health = await h2c.get("/health")
        assert health.http_version == "HTTP/2" and health.json()["status"] == "healthy"


@pytest.fixture
async def server_under_hypercorn(start_server: Callable[..., Any]) -> RunningServer:
    running: RunningServer = await start_server(http_server="hypercorn")
    return running


async def test_shutdown_lets_a_busy_request_finish(
    make_config: Callable[..., Any], workspace: Path
) -> None:
    config = make_config(http_server="hypercorn", shutdown_grace_seconds=5.0)
    async with trio.open_nursery() as nursery:
        server: RunningServer = await nursery.start(
            functools.partial(serve, config, handle_signals=False)
        )
        async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
            a2a = A2AClient(http, cwd=workspace)
            answers: list[Any] = []

            async def blocking() -> None:
                answers.append(await a2a.send("sleep 0.4\nsay finished"))

            nursery.start_soon(blocking)
            with trio.fail_after(5):
                while not (server.http is not None and server.http.in_flight):
                    await trio.sleep(0.01)
            server.stop()
            with trio.fail_after(5):
                while not answers:
                    await trio.sleep(0.01)
    # The nursery closed: serve() returned after the answer went out.
    assert text_of(answers[0]["status"]["message"]) == "finished"


async def test_embedded_app_opens_its_core_on_lifespan(
    make_config: Callable[..., Any], workspace: Path
) -> None:
    # A long grace: a question left waiting must not hold up the shutdown.
    app = create_a2a_app(make_config(shutdown_grace_seconds=60))
    hypercorn = HypercornConfig()
    hypercorn.bind = ["127.0.0.1:0"]
    stop = trio.Event()
    with trio.fail_after(30):
        async with trio.open_nursery() as nursery:
            binds = await nursery.start(
                functools.partial(hypercorn_serve, app, hypercorn, shutdown_trigger=stop.wait)
            )
            assert app.app is not None  # lifespan.startup opened it
            async with httpx.AsyncClient(base_url=binds[0], timeout=10) as http:
                client = A2AClient(http, cwd=workspace)
                task = await client.send("say embedded")
                assert text_of(task["status"]["message"]) == "embedded"
                asking = await client.send("ask which one?")
                assert asking["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
            stop.set()
    assert app.app is None  # and lifespan.shutdown closed it


def test_http_server_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config_file = tmp_path / "a2a-server.yml"
    config_file.write_text("http-server: hypercorn\n")
    assert load_config(config_file, environ={}).http_server == "hypercorn"
    assert load_config(None, environ={}).http_server == "builtin"
    with pytest.raises(ConfigError, match="http-server"):
        load_config(None, {"http_server": "uvicorn"}, environ={})
    monkeypatch.setitem(sys.modules, "hypercorn.trio", None)  # as if the extra were missing
    with pytest.raises(ConfigError, match=r"pip install 'iaccode\[asgi\]'"):
        load_config(config_file, environ={})


@pytest.mark.http_servers
async def test_a_client_that_stops_reading_is_dropped(
    start_server: Callable[..., Any], workspace: Path, http_server: str
) -> None:
    """A stream whose client reads nothing holds its request only `request-timeout-seconds`,
    under either server (hypercorn has no write timeout of its own)."""
    server: RunningServer = await start_server(request_timeout_seconds=1.0)
    body = request(1, "SendStreamingMessage", {"message": message("stream 200000", workspace)})
    sock = trio.socket.socket()
    sock.setsockopt(trio.socket.SOL_SOCKET, trio.socket.SO_RCVBUF, 4096)
    with sock:
        await sock.connect(("127.0.0.1", server.port))
        head = (
            "POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\na2a-version: 1.0\r\n"
            f"content-length: {len(body)}\r\n\r\n"
        )
        await sock.send(head.encode() + body)
        assert server.http is not None
        with trio.fail_after(5):
            while not server.http.in_flight:  # the stream is on its way
                await trio.sleep(0.01)
        with trio.fail_after(15):  # never read: the writes stall, and the server lets go
            while server.http.in_flight:
                await trio.sleep(0.05)


async def test_an_embedded_app_advertises_where_it_is_served(
    make_config: Callable[..., Any],
) -> None:
    app = create_a2a_app(make_config(port=41242))  # no public-url: the host says where
    hypercorn = HypercornConfig()
    hypercorn.bind = ["127.0.0.1:0"]
    stop = trio.Event()
    with trio.fail_after(30):
        async with trio.open_nursery() as nursery:
            binds = await nursery.start(
                functools.partial(hypercorn_serve, app, hypercorn, shutdown_trigger=stop.wait)
            )
            async with httpx.AsyncClient(base_url=binds[0], timeout=10) as http:
                card = (await http.get("/.well-known/agent-card.json")).json()
                proxied = await http.get(
                    "/.well-known/agent-card.json", headers={"host": "agents.example:8443"}
                )
            stop.set()
    urls = [i["url"] for i in card["supportedInterfaces"]]
    assert urls == [binds[0] + "/", binds[0]]  # not 127.0.0.1:41242
    assert proxied.json()["supportedInterfaces"][0]["url"] == "http://agents.example:8443/"


async def test_the_extended_card_advertises_where_the_app_is_served(
    make_config: Callable[..., Any],
) -> None:
    app = create_a2a_app(make_config(port=41242))  # no public-url, as above
    hypercorn = HypercornConfig()
    hypercorn.bind = ["127.0.0.1:0"]
    hypercorn.root_path = "/agents/iac"  # mounted below a path, as behind a proxy
    stop = trio.Event()
    proxy = {"host": "agents.example:8443", "a2a-version": "1.0"}
    calls: dict[str, Any] = {}
    with trio.fail_after(30):
        async with trio.open_nursery() as nursery:
            binds = await nursery.start(
                functools.partial(hypercorn_serve, app, hypercorn, shutdown_trigger=stop.wait)
            )
            async with httpx.AsyncClient(base_url=binds[0], timeout=10) as http:
                for name, method in (
                    ("1.0", "GetExtendedAgentCard"),
                    ("0.3", "agent/getAuthenticatedExtendedCard"),
                ):
                    rpc = {"jsonrpc": "2.0", "id": 1, "method": method}
                    answer = await http.post("/agents/iac/", json=rpc, headers=proxy)
                    calls[name] = answer.json()["result"]
                calls["rest"] = (
                    await http.get("/agents/iac/extendedAgentCard", headers=proxy)
                ).json()
                direct = {"jsonrpc": "2.0", "id": 1, "method": "GetExtendedAgentCard"}
                calls["direct"] = (await http.post("/agents/iac/", json=direct)).json()["result"]
            stop.set()
    served = "http://agents.example:8443/agents/iac/"
    for name in ("1.0", "rest"):
        urls = [i["url"] for i in calls[name]["supportedInterfaces"]]
        assert urls == [served, served.rstrip("/")], name  # not 127.0.0.1:41242
    assert calls["0.3"]["url"] == served
    assert calls["0.3"]["additionalInterfaces"][0]["url"] == served
    assert calls["direct"]["supportedInterfaces"][0]["url"] == binds[0] + "/agents/iac/"
    extensions = [e["uri"] for e in calls["1.0"]["capabilities"]["extensions"]]
    assert "urn:iac-code:a2a:runtime:v1" in extensions  # still the extended card


async def test_unauthenticated_uploads_hold_no_body_budget_under_hypercorn(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    # Issue 16, as in tests/transports/test_http_limits.py for the built-in loop: 17
    # unauthenticated connections announcing 16 MiB each (one byte sent) must not take the
    # 256 MiB budget; the ASGI path asks the app's check_head before it reserves anything.
    server: RunningServer = await start_server(http_server="hypercorn", token="s3cret")
    attack = (
        b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 16777216\r\n\r\n{"
    )
    async with open_connections(server, 17, attack) as attackers:
        for stream in attackers:
            head = b""
            with trio.fail_after(5):
                while b"\r\n\r\n" not in head:
                    chunk = await stream.receive_some(65536)
                    assert chunk, head
                    head += chunk
            assert head.startswith(b"HTTP/1.1 401 "), head
        assert server.http is not None and server.http._buffered == 0
        request = rpc_request(workspace).replace(
            b"Host: x\r\n", b"Host: x\r\nAuthorization: Bearer s3cret\r\n"
        )
        served = await exchange(server, request)
        assert served.startswith(b"HTTP/1.0 200 ") or served.startswith(b"HTTP/1.1 200 "), served
        assert "task" in body_of(served)["result"]
