"""A small JSON-RPC + SSE client for the tests, built on httpx and the project's SSE decoder."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import httpx
import trio

from iaccode.server import RunningServer
from iaccode.wire import json
from iaccode.wire.sse import ServerSentEvent, SSEDecoder

_ids = itertools.count(1)


class RpcError(Exception):
    def __init__(self, error: dict[str, Any]) -> None:
        super().__init__(f"{error.get('code')}: {error.get('message')}")
        self.error = error
        self.code = error["code"]
        self.message = error["message"]


class A2AClient:
    def __init__(
        self, http: httpx.AsyncClient, *, cwd: Path | None = None, version: str | None = "1.0"
    ) -> None:
        self.http = http
        self.cwd = cwd
        self.version = version

    def _headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        headers = {"content-type": "application/json"}
        if self.version is not None:
            headers["a2a-version"] = self.version
        headers.update(extra or {})
        return headers

    async def call(
        self, method: str, params: Any = None, *, headers: dict[str, str] | None = None
    ) -> dict[str, Any]:
        """The whole JSON-RPC response object."""
        request: dict[str, Any] = {"jsonrpc": "2.0", "id": next(_ids), "method": method}
        if params is not None:
            request["params"] = params
        response = await self.http.post(
            "/", content=json.dumps(request), headers=self._headers(headers)
        )
        assert response.status_code == 200, response.text
        assert response.headers["content-type"].startswith("application/json")
        body: dict[str, Any] = response.json()
        assert body["id"] == request["id"]
        return body

    async def result(self, method: str, params: Any = None, **kwargs: Any) -> Any:
        body = await self.call(method, params, **kwargs)
        if "error" in body:
            raise RpcError(body["error"])
        return body["result"]

    async def stream(
        self, method: str, params: Any = None, *, seconds: float = 10
    ) -> list[dict[str, Any]]:
        """Every JSON-RPC response of an SSE stream, read until the server closes it."""
        events = [event async for event in self.iter_stream(method, params, seconds=seconds)]
        return [json.loads(e.data) for e in events]

    async def iter_stream(self, method: str, params: Any = None, *, seconds: float = 10) -> Any:
        request = {"jsonrpc": "2.0", "id": next(_ids), "method": method, "params": params}
        decoder = SSEDecoder()
        with trio.fail_after(seconds):
            async with self.http.stream(
                "POST",
                "/",
                content=json.dumps(request),
                headers=self._headers({"accept": "text/event-stream"}),
            ) as response:
                assert response.status_code == 200
                if not response.headers["content-type"].startswith("text/event-stream"):
                    body = json.loads(await response.aread())
                    raise RpcError(body["error"])
                async for chunk in response.aiter_bytes():
                    for item in decoder.feed(chunk):
                        if isinstance(item, ServerSentEvent):
                            yield item

    def message(
        self,
        text: str,
        *,
        context_id: str | None = None,
        task_id: str | None = None,
        message_id: str | None = None,
        cwd: Path | bool | None = True,
        parts: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        message: dict[str, Any] = {
            "messageId": message_id or f"msg-{next(_ids)}",
            "role": "ROLE_USER",
            "parts": parts if parts is not None else [{"text": text}],
        }
        if context_id:
            message["contextId"] = context_id
        if task_id:
            message["taskId"] = task_id
        workspace = self.cwd if cwd is True else cwd
        if workspace:
            message["metadata"] = {"iac_code": {"cwd": str(workspace)}}
        return message

    async def send(
        self, text: str, *, configuration: dict[str, Any] | None = None, **kwargs: Any
    ) -> dict[str, Any]:
        params: dict[str, Any] = {"message": self.message(text, **kwargs)}
        if configuration:
            params["configuration"] = configuration
        result: dict[str, Any] = await self.result("SendMessage", params)
        return result["task"]

    async def send_stream(self, text: str, **kwargs: Any) -> list[dict[str, Any]]:
        return await self.stream("SendStreamingMessage", {"message": self.message(text, **kwargs)})


def results(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [event["result"] for event in events]


def states(events: list[dict[str, Any]]) -> list[str]:
    """The task state each stream event carries, in order (snapshots and status updates)."""
    out = []
    for result in results(events):
        if "task" in result:
            out.append(result["task"]["status"]["state"])
        elif "statusUpdate" in result:
            out.append(result["statusUpdate"]["status"]["state"])
    return out


def text_of(message: dict[str, Any]) -> str:
    return "".join(part.get("text", "") for part in message["parts"])


async def stop_server(server: RunningServer) -> None:
    """Stop a server started in the test and wait until it has stopped: its persistence-dir is
    free again for the next server (one process per directory)."""
    server.stop()
    with trio.fail_after(10):
        await server.stopped.wait()
