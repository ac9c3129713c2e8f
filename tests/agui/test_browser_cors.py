"""A page on another origin, in headless Chromium, uses both servers: an AG-UI run with the
official `@ag-ui/client` (loaded as ES modules from tests/agui/node/node_modules through an
import map) and an A2A streaming call with `fetch`, each with a bearer token, so each needs a
preflight. The servers allow the page's origin with `cors-allowed-origins`.

The page reports what it saw by posting to its own server (same origin, no CORS), which ends the
test; Chromium is then killed. `scripts/test` installs Debian's `chromium`; without it the test is
skipped, except in CI (`CI=true`), where it must run.
"""

from __future__ import annotations

import mimetypes
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import trio

from iaccode.server import RunningAgui, RunningServer
from iaccode.transports.http import HttpLimits, HttpServer, open_http_listeners, serve_http
from iaccode.wire import json
from iaccode.wire.http import HttpRequest, HttpResponse, error_response

NODE_MODULES = Path(__file__).resolve().parent / "node" / "node_modules"
TOKEN = "browser-token"
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
IMPORTS = {
    "@ag-ui/client": "@ag-ui/client/dist/index.mjs",
    "@ag-ui/core": "@ag-ui/core/dist/index.mjs",
    "@ag-ui/core/schemas": "@ag-ui/core/dist/schemas.mjs",
    "@ag-ui/proto": "@ag-ui/proto/dist/index.mjs",
    "@bufbuild/protobuf/wire": "@bufbuild/protobuf/dist/esm/wire/index.js",
    "compare-versions": "compare-versions/lib/esm/index.js",
    "fast-json-patch": "fast-json-patch/index.mjs",
    "rxjs": "rxjs/dist/esm5/index.js",
    "rxjs/operators": "rxjs/dist/esm5/operators/index.js",
    "tslib": "tslib/tslib.es6.mjs",
    "untruncate-json": "untruncate-json/dist/esm/index.js",
    "uuid": "uuid/dist/esm-browser/index.js",
    "zod/v4": "zod/v4/index.js",
}

PAGE_SCRIPT = """
const cfg = JSON.parse(document.getElementById("cfg").textContent);
const auth = { Authorization: `Bearer ${cfg.token}` };

async function aguiRun() {
  const { HttpAgent } = await import("@ag-ui/client");
  const agent = new HttpAgent({
    url: cfg.agui,
    headers: auth,
    threadId: "thread-browser",
    initialMessages: [{ id: "user-1", role: "user", content: "say hello from a browser" }],
  });
  const seen = { events: [], failed: null };
  const forwardedProps = {
    iacCode: { schemaVersion: 1, rosInvocationId: "inv-browser", cwd: cfg.cwd },
  };
  await agent
    .runAgent({ forwardedProps }, {
      onEvent: ({ event }) => { seen.events.push(event.type); },
      onRunFailed: ({ error }) => { seen.failed = String(error); },
    })
    .catch((error) => { seen.failed = String(error); });
  seen.said = agent.messages.filter((m) => m.role === "assistant").map((m) => m.content);
  return seen;
}

async function a2aStream() {
  const body = {
    jsonrpc: "2.0", id: 1, method: "SendStreamingMessage",
    params: { message: {
      messageId: "m-browser", role: "ROLE_USER", parts: [{ text: "say streamed to a browser" }],
      metadata: { iac_code: { cwd: cfg.cwd } },
    } },
  };
  const response = await fetch(cfg.a2a, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json", "A2A-Version": "1.0" },
    body: JSON.stringify(body),
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  const events = text.split("\\n\\n").filter((f) => f.startsWith("data:"))
    .map((f) => JSON.parse(f.slice(5)).result);
  return { status: response.status, type: response.headers.get("content-type"), events };
}

async function report(value) {
  await fetch("/result", { method: "POST", body: JSON.stringify(value) });
}

try {
  await report({ agui: await aguiRun(), a2a: await a2aStream() });
} catch (error) {
  await report({ error: String(error && error.stack || error) });
}
"""


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is not installed; .ci/run (scripts/test) must install it")
        pytest.skip("Debian's chromium is not installed (apt-get install chromium); CI runs it")
    if not (NODE_MODULES / "@ag-ui" / "client").is_dir():
        pytest.fail(
            "the AG-UI client is not installed (scripts/test runs npm ci in tests/agui/node)"
        )
    return found


class PageServer:
    """The page's own origin: the page, node_modules for its imports, and /result."""

    def __init__(self, config: dict[str, str]) -> None:
        self.config = config
        self.result: Any = None
        self.done = trio.Event()

    async def handle(self, request: HttpRequest) -> HttpResponse:
        if request.path == "/":
            return HttpResponse(200, (("content-type", "text/html"),), self._page())
        if request.path == "/result" and request.method == "POST":
            self.result = json.loads(request.body)
            self.done.set()
            return HttpResponse(204)
        if request.path.startswith("/node_modules/"):
            return self._module(request.path.removeprefix("/node_modules/"))
        return error_response(404)

    def _page(self) -> bytes:
        imports = {name: f"/node_modules/{path}" for name, path in IMPORTS.items()}
        return (
            "<!doctype html><html><head><title>cors</title>"
            f'<script type="importmap">{json.dumps({"imports": imports}).decode()}</script>'
            f'<script type="application/json" id="cfg">{json.dumps(self.config).decode()}'
            f'</script></head><body><script type="module">{PAGE_SCRIPT}</script></body></html>'
        ).encode()

    def _module(self, relative: str) -> HttpResponse:
        # Some packages import './x' without an extension, as bundlers allow.
        base = (NODE_MODULES / relative).resolve()
        if not base.is_relative_to(NODE_MODULES.resolve()):
            return error_response(404)
        for path in (base, base.with_name(base.name + ".js"), base / "index.js"):
            if path.is_file():
                kind = mimetypes.guess_type(path.name)[0] or "text/javascript"
                if path.suffix in (".js", ".mjs"):
                    kind = "text/javascript"
                return HttpResponse(200, (("content-type", kind),), path.read_bytes())
        return error_response(404)


@pytest.mark.builtin_only("one server suffices to show the browser's view")
async def test_a_page_on_another_origin_uses_agui_and_a2a(
    nursery: trio.Nursery,
    start_server: Any,
    start_agui: Any,
    workspace: Path,
    tmp_path: Path,
) -> None:
    browser = chromium()
    listeners = await open_http_listeners("127.0.0.1", 0)
    origin = f"http://127.0.0.1:{listeners[0].socket.getsockname()[1]}"
    a2a: RunningServer = await start_server(token=TOKEN, cors_allowed_origins=(origin,))
    # Its own core on its own state: one process (here: one core) per directory.
    agui_core = {"cors_allowed_origins": (origin,), "persistence_dir": tmp_path / "agui-state"}
    agui: RunningAgui = await start_agui(auth_token=TOKEN, core=agui_core)
    assert a2a.url.split(":")[-1] != origin.split(":")[-1]  # another port: another origin
    page = PageServer(
        {"agui": agui.url + "/", "a2a": a2a.url + "/", "token": TOKEN, "cwd": str(workspace)}
    )
    await nursery.start(serve_http, HttpServer(page, HttpLimits()), listeners)
    command = [browser, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'chromium'}", origin + "/"]
    process = await trio.lowlevel.open_process(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        with trio.fail_after(120):
            await page.done.wait()
    finally:
        process.kill()
        with trio.move_on_after(10):
            await process.wait()
    result = page.result
    assert "error" not in result, result.get("error")
    run = result["agui"]
    assert run["failed"] is None
    assert run["events"][0] == "RUN_STARTED" and run["events"][-1] == "RUN_FINISHED"
    assert run["said"][-1] == "hello from a browser"
    stream = result["a2a"]
    assert stream["status"] == 200 and stream["type"].startswith("text/event-stream")
    final = stream["events"][-1]["statusUpdate"]["status"]
    assert final["state"] == "TASK_STATE_INPUT_REQUIRED"  # the scripted turn waits for more
    assert "streamed to a browser" in json.dumps(stream["events"]).decode()
