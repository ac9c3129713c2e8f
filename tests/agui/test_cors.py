"""CORS on the A2A and AG-UI HTTP servers (`cors-allowed-origins`): preflights answered without
credentials, allowed origins on real responses and streams, nothing when not configured.
The browser's own view is tests/agui/test_browser_cors.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from iaccode.config import ConfigError, load_agui_config, load_config
from iaccode.wire import json

pytestmark = pytest.mark.http_servers
ORIGIN = "http://127.0.0.1:5173"
PREFLIGHT = {
    "origin": ORIGIN,
    "access-control-request-method": "POST",
    "access-control-request-headers": "authorization, content-type, a2a-version",
}


def _send(text: str, cwd: Path) -> bytes:
    message = {
        "messageId": "m-cors",
        "role": "ROLE_USER",
        "parts": [{"text": text}],
        "metadata": {"iac_code": {"cwd": str(cwd)}},
    }
    request = {"jsonrpc": "2.0", "id": 1, "method": "SendStreamingMessage"}
    return json.dumps({**request, "params": {"message": message}})


async def test_a_preflight_needs_no_credentials(start_server: Any) -> None:
    server = await start_server(token="secret", cors_allowed_origins=(ORIGIN,))
    async with httpx.AsyncClient(base_url=server.url) as http:
        for path in ("/", "/message:send", "/.well-known/agent-card.json"):
            response = await http.options(path, headers=PREFLIGHT)
            assert response.status_code == 204, path
            assert response.headers["access-control-allow-origin"] == ORIGIN
            assert "POST" in response.headers["access-control-allow-methods"]
            allowed = response.headers["access-control-allow-headers"]
            assert "authorization" in allowed and "a2a-version" in allowed


async def test_real_responses_and_streams_carry_the_origin(
    start_server: Any, workspace: Path
) -> None:
    server = await start_server(token="secret", cors_allowed_origins=(ORIGIN,))
    headers = {
        "origin": ORIGIN,
        "authorization": "Bearer secret",
        "content-type": "application/json",
        "a2a-version": "1.0",
    }
    async with httpx.AsyncClient(base_url=server.url) as http:
        async with http.stream(
            "POST", "/", content=_send("say hi", workspace), headers=headers
        ) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            assert stream.headers["access-control-allow-origin"] == ORIGIN
            await stream.aread()
        refused = await http.post("/", content=b"{}", headers={"origin": ORIGIN})
        assert refused.status_code == 401  # not authenticated, but readable by the page
        assert refused.headers["access-control-allow-origin"] == ORIGIN
        assert "WWW-Authenticate" in refused.headers["access-control-expose-headers"]


async def test_an_origin_not_allowed_gets_nothing(start_server: Any) -> None:
    server = await start_server(cors_allowed_origins=(ORIGIN,))
    async with httpx.AsyncClient(base_url=server.url) as http:
        other = {**PREFLIGHT, "origin": "http://evil.example"}
        response = await http.options("/", headers=other)
        assert response.status_code == 403
        assert "access-control-allow-origin" not in response.headers
        card = await http.get("/.well-known/agent-card.json", headers={"origin": other["origin"]})
        assert card.status_code == 200 and "access-control-allow-origin" not in card.headers


async def test_off_by_default(start_server: Any) -> None:
    server = await start_server()
    async with httpx.AsyncClient(base_url=server.url) as http:
        response = await http.options("/", headers=PREFLIGHT)
        assert response.status_code == 405
        assert "access-control-allow-origin" not in response.headers


async def test_a_wildcard_allows_any_origin(start_agui: Any) -> None:
    agui = await start_agui(auth_token="t", core={"cors_allowed_origins": ("*",)})
    async with httpx.AsyncClient(base_url=agui.url) as http:
        preflight = await http.options("/", headers={**PREFLIGHT, "origin": "http://a.example"})
        assert preflight.status_code == 204
        assert preflight.headers["access-control-allow-origin"] == "*"
        health = await http.get("/health", headers={"origin": "http://b.example"})
        assert health.headers["access-control-allow-origin"] == "*"


def test_configured_by_file_env_and_flags(tmp_path: Path) -> None:
    env = {"IACCODE_A2A_CORS_ALLOWED_ORIGINS": "http://a.example, https://b.example:8443"}
    config = load_config(environ=env)
    assert config.cors_allowed_origins == ("http://a.example", "https://b.example:8443")
    agui = load_agui_config(environ={"IAC_CODE_AGUI_CORS_ALLOWED_ORIGINS": "http://c.example"})
    assert agui.core.cors_allowed_origins == ("http://c.example",)
    path = tmp_path / "a2a-server.yml"
    path.write_text("cors-allowed-origins: [http://d.example]\n")
    assert load_config(path, environ={}).cors_allowed_origins == ("http://d.example",)
    with pytest.raises(ConfigError, match="is not an origin"):
        load_config(overrides={"cors_allowed_origins": ["d.example/path"]}, environ={})
