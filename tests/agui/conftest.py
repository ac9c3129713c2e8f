"""An `iaccode agui` server on loopback (the A2A core in-process, scripted engine) and a client
that posts RunAgentInput and reads the SSE stream as a web UI would."""

from __future__ import annotations

import functools
import itertools
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import attrs
import httpx
import pytest
import trio

from iaccode.config import AguiConfig, Config
from iaccode.server import RunningAgui, serve_agui
from iaccode.wire import json
from iaccode.wire.sse import ServerSentEvent, SSEDecoder
from tests.agui.verify import check_stream

_RUNS = itertools.count(1)


@pytest.fixture
def make_agui_config(
    tmp_path: Path, make_config: Callable[..., Config]
) -> Callable[..., AguiConfig]:
    def make(**overrides: Any) -> AguiConfig:
        core_overrides = overrides.pop("core", {})
        values: dict[str, Any] = {
            "core": make_config(**core_overrides),
            "host": "127.0.0.1",
            "port": 0,
            "state_dir": tmp_path / "agui-threads",
        }
        values.update(overrides)
        return AguiConfig(**values)

    return make


@pytest.fixture
def start_agui(
    nursery: trio.Nursery, make_agui_config: Callable[..., AguiConfig]
) -> Callable[..., Any]:
    async def start(**overrides: Any) -> RunningAgui:
        config = make_agui_config(**overrides)
        running: RunningAgui = await nursery.start(
            functools.partial(serve_agui, config, handle_signals=False)
        )
        return running

    return start


@attrs.define
class Reply:
    status: int
    events: list[dict[str, Any]]
    comments: list[str]
    body: Any = None  # the JSON body of a reply that is not a stream

    @property
    def types(self) -> list[str]:
        return [e["type"] for e in self.events]

    def last(self, kind: str) -> dict[str, Any]:
        return next(e for e in reversed(self.events) if e["type"] == kind)

    def custom(self, name: str) -> list[Any]:
        return [e["value"] for e in self.events if e["type"] == "CUSTOM" and e["name"] == name]

    @property
    def text(self) -> str:
        return "".join(e["delta"] for e in self.events if e["type"] == "TEXT_MESSAGE_CONTENT")

    @property
    def error(self) -> tuple[int, str]:
        """(status, code) of an error, whether an HTTP envelope or a RUN_ERROR."""
        if self.body is not None:
            return self.status, self.body["error"]["code"]
        return self.status, self.last("RUN_ERROR")["code"]


@attrs.define
class AguiClient:
    http: httpx.AsyncClient
    cwd: Path
    thread_id: str = "thread-1"
    invocation: str = "invocation-1"

    def body(
        self,
        text: str | None = None,
        *,
        resume: list[dict[str, Any]] | None = None,
        run_id: str | None = None,
        **props: Any,
    ) -> dict[str, Any]:
        iac: dict[str, Any] = {
            "schemaVersion": 1,
            "rosInvocationId": self.invocation,
            "cwd": str(self.cwd),
            **props,
        }
        value: dict[str, Any] = {
            "threadId": self.thread_id,
            "runId": run_id or f"run-{next(_RUNS)}",
            "state": {},
            "messages": [{"id": "u1", "role": "user", "content": text}] if text else [],
            "tools": [],
            "context": [],
            "forwardedProps": {"iacCode": iac},
        }
        if resume is not None:
            value["resume"] = resume
        return value

    async def run(self, text: str | None = None, **kwargs: Any) -> Reply:
        return await self.post(self.body(text, **kwargs))

    async def resume(self, interrupts: list[dict[str, Any]], decision: str = "allow_once") -> Reply:
        entries = [
            {"interruptId": i["id"], "status": "resolved", "payload": {"decision": decision}}
            for i in interrupts
        ]
        return await self.run(resume=entries)

    async def post(
        self, body: Any, *, headers: dict[str, str] | None = None, path: str = "/"
    ) -> Reply:
        content = body if isinstance(body, bytes) else json.dumps(body)
        request_headers = {
            "content-type": "application/json",
            "accept": "text/event-stream",
            **(headers or {}),
        }
        async with self.http.stream("POST", path, content=content, headers=request_headers) as r:
            raw = await r.aread()
        return parse(r, raw)

    async def stream(
        self, body: dict[str, Any], *, headers: dict[str, str] | None = None
    ) -> AsyncIterator[dict[str, Any]]:
        """The events of a run as they arrive (for tests that act mid-run)."""
        request_headers = {"content-type": "application/json", **(headers or {})}
        async with self.http.stream(
            "POST", "/", content=json.dumps(body), headers=request_headers
        ) as r:
            decoder = SSEDecoder()
            async for chunk in r.aiter_bytes():
                for item in decoder.feed(chunk):
                    if isinstance(item, ServerSentEvent):
                        yield json.loads(item.data)


def parse(response: httpx.Response, raw: bytes) -> Reply:
    if not response.headers.get("content-type", "").startswith("text/event-stream"):
        return Reply(response.status_code, [], [], json.loads(raw))
    assert b"\r\n" not in raw, "AG-UI frames must be LF-only"
    events, comments = [], []
    for block in raw.decode("utf-8").split("\n\n"):
        for line in block.split("\n"):
            if line.startswith("data: "):
                events.append(json.loads(line[6:]))
            elif line.startswith(":"):
                comments.append(line[1:].strip())
    check_stream(events)
    return Reply(response.status_code, events, comments)


@pytest.fixture
async def agui(start_agui: Callable[..., Any]) -> RunningAgui:
    running: RunningAgui = await start_agui()
    return running


@pytest.fixture
async def client(agui: RunningAgui, workspace: Path) -> AsyncIterator[AguiClient]:
    async with httpx.AsyncClient(base_url=agui.url, timeout=15) as http:
        yield AguiClient(http, workspace)
