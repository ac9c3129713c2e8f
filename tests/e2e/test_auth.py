"""Who may talk to the server: schemes, principals, the card, signing, extensions, TLS."""

from __future__ import annotations

import base64
import hmac
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio
from a2a.types import AgentCard
from a2a.utils.signing import create_signature_verifier
from google.protobuf.json_format import ParseDict

from iaccode.a2a.auth import Authenticator
from iaccode.a2a.signing import SignatureError, keys_from_jwks, verify_card
from iaccode.server import RunningServer
from iaccode.wire import json
from tests.client import A2AClient, RpcError
from tests.tls import TlsFiles

TOKEN = "s3cret-token"
SECRET = "a-card-signing-secret-of-32-bytes!"
AUTH = {
    "token": TOKEN,
    "basic_username": "alice",
    "basic_password": "wonderland",
    "api_key": "key-123",
    "api_key_header": "X-Team-Key",
}


def basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


RIGHT = {
    "bearer": {"authorization": f"Bearer {TOKEN}"},
    "basic": {"authorization": basic("alice", "wonderland")},
    "api-key": {"x-team-key": "key-123"},
}
WRONG = {
    "none": {},
    "bearer-wrong": {"authorization": "Bearer s3cret-tokeX"},
    "bearer-prefix": {"authorization": "Bearer s3cret"},
    "basic-wrong-password": {"authorization": basic("alice", "wrong")},
    "basic-wrong-user": {"authorization": basic("bob", "wonderland")},
    "basic-malformed": {"authorization": "Basic !!!not-base64"},
    "basic-no-colon": {"authorization": "Basic " + base64.b64encode(b"alice").decode()},
    "api-key-wrong": {"x-team-key": "key-124"},
    "api-key-other-header": {"x-api-key": "key-123"},
    "scheme-only": {"authorization": "Bearer"},
}
PING = {"jsonrpc": "2.0", "id": 1, "method": "GetTask", "params": {"id": "missing"}}


@pytest.fixture
async def secured(start_server: Callable[..., Any]) -> RunningServer:
    server: RunningServer = await start_server(**AUTH, www_authenticate=True)
    return server


@pytest.mark.parametrize("case", sorted(WRONG))
async def test_wrong_credentials_are_401_on_protected_routes(
    secured: RunningServer, case: str
) -> None:
    async with httpx.AsyncClient(base_url=secured.url, headers=WRONG[case]) as http:
        response = await http.post("/", json=PING)
        assert response.status_code == 401, case
        assert response.json() == {"error": "Unauthorized"}
        assert response.headers["www-authenticate"] == "Bearer"
        assert (await http.get("/health")).status_code == 200  # always open
        assert (await http.get("/ping")).status_code == 200
        assert (await http.get("/.well-known/agent-card.json")).status_code == 200


async def test_a_401_carries_a_challenge_by_default(start_server: Callable[..., Any]) -> None:
    server = await start_server(token="t")  # RFC 7235: a 401 has WWW-Authenticate
    async with httpx.AsyncClient(base_url=server.url) as http:
        response = await http.post("/", json=PING)
        assert response.status_code == 401 and response.headers["www-authenticate"] == "Bearer"
        rest = await http.get("/tasks")
        assert rest.status_code == 401 and rest.headers["www-authenticate"] == "Bearer"


@pytest.mark.parametrize("case", sorted(RIGHT))
async def test_right_credentials_pass(secured: RunningServer, case: str) -> None:
    async with httpx.AsyncClient(base_url=secured.url, headers=RIGHT[case]) as http:
        body = (await http.post("/", json=PING)).json()
    assert body["error"]["code"] == -32001  # past authentication, into the method


def test_comparison_does_not_depend_on_how_much_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int]] = []
    real = hmac.compare_digest

    def recording(a: bytes, b: bytes) -> bool:
        seen.append((len(a), len(b)))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", recording)
    auth = Authenticator(**AUTH)
    for guess in ("s", "s3cret-toke", "s3cret-tokeX", "x" * 500):
        assert auth.authenticate({"authorization": f"Bearer {guess}"}.get) is None
    assert seen and all(pair == (32, 32) for pair in seen)  # fixed-size digests, always


async def test_card_advertises_exactly_the_configured_schemes(secured: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=secured.url) as http:
        card = (await http.get("/.well-known/agent-card.json")).json()
    assert card["securitySchemes"] == {
        "bearerAuth": {
            "httpAuthSecurityScheme": {"scheme": "Bearer", "description": "Bearer token"}
        },
        "basicAuth": {"httpAuthSecurityScheme": {"scheme": "Basic", "description": "HTTP Basic"}},
        "apiKeyAuth": {"apiKeySecurityScheme": {"location": "header", "name": "X-Team-Key"}},
    }
    assert card["securityRequirements"] == [
        {"schemes": {"bearerAuth": {"list": []}}},
        {"schemes": {"basicAuth": {"list": []}}},
        {"schemes": {"apiKeyAuth": {"list": []}}},
    ]
    assert "Unauthenticated" not in card["description"]


async def test_only_one_scheme_and_a_protected_card(start_server: Callable[..., Any]) -> None:
    server = await start_server(
        api_key="k",
        card_requires_auth=True,
        www_authenticate=True,
        auth_resource_metadata="https://rt.example/.well-known/oauth-protected-resource",
    )
    async with httpx.AsyncClient(base_url=server.url) as http:
        denied = await http.get("/.well-known/agent-card.json")
        assert denied.status_code == 401
        assert denied.headers["www-authenticate"] == (
            'Bearer resource_metadata="https://rt.example/.well-known/oauth-protected-resource"'
        )
        card = (await http.get("/.well-known/agent-card.json", headers={"x-api-key": "k"})).json()
    assert list(card["securitySchemes"]) == ["apiKeyAuth"]


async def test_principals_cannot_touch_each_others_tasks(
    secured: RunningServer, workspace: Path
) -> None:
    async with (
        httpx.AsyncClient(base_url=secured.url, headers=RIGHT["basic"], timeout=10) as alice_http,
        httpx.AsyncClient(base_url=secured.url, headers=RIGHT["api-key"], timeout=10) as team_http,
    ):
        alice, team = A2AClient(alice_http, cwd=workspace), A2AClient(team_http, cwd=workspace)
        mine = await alice.send("ask continue?")
        for method, params in (
            ("GetTask", {"id": mine["id"]}),
            ("CancelTask", {"id": mine["id"]}),
        ):
            with pytest.raises(RpcError) as error:
                await team.result(method, params)
            assert error.value.code == -32001, method
        with pytest.raises(RpcError) as error:
            await team.stream("SubscribeToTask", {"id": mine["id"]})
        assert error.value.code == -32001
        with pytest.raises(RpcError) as error:
            await team.send("yes", task_id=mine["id"])
        assert error.value.code == -32001
        with pytest.raises(RpcError):  # not even by joining the context
            await team.send("hi", context_id=mine["contextId"])
        assert (await team.result("ListTasks", {}))["totalSize"] == 0
        assert (await alice.result("ListTasks", {}))["totalSize"] == 1
        assert (await alice.result("GetTask", {"id": mine["id"]}))["id"] == mine["id"]


async def test_extended_card_has_runtime_details_and_no_secrets(secured: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=secured.url, headers=RIGHT["bearer"]) as http:
        body = (
            await http.post("/", json={"jsonrpc": "2.0", "id": 1, "method": "GetExtendedAgentCard"})
        ).json()
    card = body["result"]
    (runtime,) = [e for e in card["capabilities"]["extensions"] if e["uri"].endswith("runtime:v1")]
    assert runtime["params"]["engine"].endswith("ScenarioEngine")
    assert runtime["params"]["limits"]["maxBodyBytes"] > 0
    text = json.dumps(card).decode()
    for secret in (TOKEN, "wonderland", "key-123"):
        assert secret not in text


async def test_card_signature(start_server: Callable[..., Any]) -> None:
    server = await start_server(signing_secret=SECRET, signing_key_id="k1")
    async with httpx.AsyncClient(base_url=server.url) as http:
        card = (await http.get("/.well-known/agent-card.json")).json()
        extended = (
            await http.post("/", json={"jsonrpc": "2.0", "id": 1, "method": "GetExtendedAgentCard"})
        ).json()["result"]
    (signature,) = card["signatures"]
    header = json.loads(base64.urlsafe_b64decode(signature["protected"] + "=="))
    assert header == {"alg": "HS256", "kid": "k1", "typ": "JOSE"}
    assert verify_card(card, {"k1": SECRET.encode()}) == "k1"
    assert verify_card(extended, {"k1": SECRET.encode()}) == "k1"
    jwks = {
        "keys": [
            {
                "kty": "oct",
                "kid": "k1",
                "k": base64.urlsafe_b64encode(SECRET.encode()).decode().rstrip("="),
            }
        ]
    }
    assert verify_card(card, keys_from_jwks(jwks)) == "k1"
    # The a2a-sdk verifier agrees.
    verifier = create_signature_verifier(lambda kid, jku: SECRET.encode(), ["HS256"])
    verifier(ParseDict(card, AgentCard(), ignore_unknown_fields=True))
    tampered = {**card, "description": card["description"] + "!"}
    with pytest.raises(SignatureError):
        verify_card(tampered, {"k1": SECRET.encode()})
    with pytest.raises(Exception, match="No valid signature"):
        verifier(ParseDict(tampered, AgentCard(), ignore_unknown_fields=True))
    with pytest.raises(SignatureError, match="not signed"):
        verify_card({k: v for k, v in card.items() if k != "signatures"}, {"k1": SECRET.encode()})
    with pytest.raises(SignatureError):
        verify_card(card, {"k1": b"another-secret-that-is-long-enough!"})


async def test_required_extensions(start_server: Callable[..., Any], workspace: Path) -> None:
    uri = "urn:a2a:tck:required-extension"
    server = await start_server(required_extensions=(uri,))
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        card = (await http.get("/.well-known/agent-card.json")).json()
        (declared,) = [e for e in card["capabilities"]["extensions"] if e["uri"] == uri]
        assert declared["required"] is True
        a2a = A2AClient(http, cwd=workspace)
        body = await a2a.call("SendMessage", {"message": a2a.message("say hi")})
        assert body["error"]["code"] == -32008
        assert body["error"]["data"][0]["reason"] == "EXTENSION_SUPPORT_REQUIRED"
        for headers in (
            {"A2A-Extensions": f"https://unknown.example/x, {uri}"},
            {"X-A2A-Extensions": uri},
        ):
            response = await http.post(
                "/",
                content=json.dumps(
                    {
                        "jsonrpc": "2.0",
                        "id": 2,
                        "method": "SendMessage",
                        "params": {"message": a2a.message("say hi")},
                    }
                ),
                headers={"content-type": "application/json", **headers},
            )
            assert "result" in response.json(), headers
            assert response.headers["a2a-extensions"] == uri  # unknown URIs are not echoed
        # Several header lines count together.
        raw = (
            b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"A2A-Extensions: https://unknown.example/x\r\nA2A-Extensions: "
            + uri.encode()
            + b"\r\n"
        )
        request = json.dumps(PING)
        stream = await trio.open_tcp_stream("127.0.0.1", server.port)
        async with stream:
            await stream.send_all(raw + b"Content-Length: %d\r\n\r\n" % len(request) + request)
            answer = await stream.receive_some(65536)
        assert b"-32001" in answer


async def test_tls(start_server: Callable[..., Any], tls_files: TlsFiles, workspace: Path) -> None:
    server = await start_server(tls_cert=tls_files.cert, tls_key=tls_files.key)
    url = f"https://127.0.0.1:{server.port}"
    trusted = tls_files.client
    async with httpx.AsyncClient(base_url=url, verify=trusted, timeout=10) as https:
        card = (await https.get("/.well-known/agent-card.json")).json()
        assert card["supportedInterfaces"][0]["url"].startswith("https://127.0.0.1:")
        task = await A2AClient(https, cwd=workspace).send("say over tls")
        assert task["status"]["message"]["parts"][0]["text"] == "over tls"
        events = await A2AClient(https, cwd=workspace).send_stream("stream 2")
        assert len(events) >= 4
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{server.port}") as plain:
        with pytest.raises(httpx.HTTPError):
            await plain.get("/health")
