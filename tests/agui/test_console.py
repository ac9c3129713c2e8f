"""The web console's files over HTTP (`iaccode agui --ui`): served only when asked, without a
token (the page carries no data), with the right types, revalidation and a strict CSP; every
module the page imports is shipped."""

from __future__ import annotations

import re
import urllib.parse
from importlib import resources
from typing import Any

import httpx
import pytest

from iaccode.agui.console import CSP
from iaccode.cli import build_parser
from iaccode.config import ConfigError, load_agui_config

TOKEN = "console-token"


@pytest.fixture
async def http(start_agui: Any) -> Any:
    agui = await start_agui(ui=True, auth_token=TOKEN)
    async with httpx.AsyncClient(base_url=agui.url, timeout=15) as client:
        yield client


async def test_the_page_and_its_files_are_served_without_a_token(http: httpx.AsyncClient) -> None:
    page = await http.get("/ui/")
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.headers["content-security-policy"] == CSP
    assert "script-src 'self';" in CSP and "unsafe" not in CSP and "frame-ancestors 'none'" in CSP
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["cache-control"] == "no-cache"
    assert '<script type="module" src="app.js">' in page.text
    kinds = {
        "app.js": "text/javascript; charset=utf-8",
        "style.css": "text/css; charset=utf-8",
        "icon.svg": "image/svg+xml",
    }
    for name, kind in kinds.items():
        reply = await http.get(f"/ui/{name}")
        assert (reply.status_code, reply.headers["content-type"]) == (200, kind), name
    # The API itself still wants the token.
    assert (await http.get("/extensions/iac-code/v1/threads")).status_code == 401


async def test_revalidation_redirect_and_refusals(http: httpx.AsyncClient) -> None:
    first = await http.get("/ui/app.js")
    again = await http.get("/ui/app.js", headers={"if-none-match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    changed = await http.get("/ui/app.js", headers={"if-none-match": '"other"'})
    assert changed.status_code == 200 and changed.content == first.content
    moved = await http.get("/ui")
    assert moved.status_code == 308
    # Relative, so that it also lands on the page of an app mounted below a root path (ASGI).
    for page in ("http://h/ui", "http://h/agent/ui"):
        assert urllib.parse.urljoin(page, moved.headers["location"]) == page + "/"
    for path in ("/ui/missing.js", "/ui/../pyproject.toml", "/ui/%2e%2e/console.py", "/ui/ui/"):
        reply = await http.get(path)
        assert reply.status_code == 404, path
        assert "iaccode" not in reply.text  # no package path in the answer
    # HEAD: the GET's headers, its Content-Length too (RFC 9110 9.3.2, 8.6), and no body.
    head = await http.head("/ui/app.js")
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == str(len(first.content))
    posted = await http.post("/ui/", content=b"{}")
    assert posted.status_code == 405 and "GET" in posted.headers["allow"]


async def test_without_ui_there_is_no_page(start_agui: Any) -> None:
    agui = await start_agui()
    async with httpx.AsyncClient(base_url=agui.url, timeout=15) as client:
        assert (await client.get("/ui/")).status_code == 404


def test_every_module_the_page_imports_is_shipped() -> None:
    folder = resources.files("iaccode.agui") / "ui"
    names = {entry.name for entry in folder.iterdir()}
    for name in sorted(n for n in names if n.endswith(".js")):
        source = (folder / name).read_text()
        for target in re.findall(r'from "\./([^"]+)"', source):
            assert target in names, f"{name} imports {target}, which is not shipped"
        assert "http://" not in source and "https://" not in source  # nothing from a CDN
    html = (folder / "index.html").read_text()
    for target in re.findall(r'(?:src|href)="([^"#]+)"', html):
        assert target in names, target


def test_the_console_is_off_unless_asked() -> None:
    assert load_agui_config(None, {}, {}).ui is False
    assert load_agui_config(None, {}, {"IAC_CODE_AGUI_UI": "true"}).ui is True
    assert load_agui_config(None, {"ui": False}, {"IAC_CODE_AGUI_UI": "true"}).ui is False
    # The AgentCore profile (AGENTCORE_RUNTIME_URL) turns nothing on by itself.
    inside = {"AGENTCORE_RUNTIME_URL": "https://agentcore.example/"}
    assert load_agui_config(None, {}, inside).ui is False


def test_a_bad_ui_variable_is_named() -> None:
    with pytest.raises(ConfigError, match="ui must be true or false"):
        load_agui_config(None, {}, {"IAC_CODE_AGUI_UI": "maybe"})


def test_the_ui_flag() -> None:
    parser = build_parser()
    assert parser.parse_args(["agui", "--ui"]).ui is True
    assert parser.parse_args(["agui", "--no-ui"]).ui is False
    assert parser.parse_args(["agui"]).ui is None  # then IAC_CODE_AGUI_UI, then off
