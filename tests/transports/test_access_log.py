"""The access log (one INFO line per request), its JSON format, and start-up warnings in our own
words rather than a library's."""

from __future__ import annotations

import json
import logging
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest

from iaccode.transports.log_writer import JsonFormatter
from tests.client import A2AClient

pytestmark = pytest.mark.http_servers


def access_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "iaccode.access"]


async def test_each_request_is_one_line(
    start_server: Any, workspace: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="iaccode.access")
    server = await start_server(token="t")
    headers = {"authorization": "Bearer t"}
    async with httpx.AsyncClient(base_url=server.url, headers=headers, timeout=10) as http:
        a2a = A2AClient(http, cwd=workspace)
        task = await a2a.send("say hi")
        await a2a.send_stream("say more", task_id=task["id"])
        await http.get("/health")
    sent, streamed, health = access_records(caplog)[-3:]
    fields = sent.access  # type: ignore[attr-defined]
    assert fields["rpc_method"] == "SendMessage" and fields["status"] == 200
    assert fields["principal"] == "bearer" and fields["task_id"] == task["id"]
    assert "POST / SendMessage 200 " in sent.getMessage()
    assert streamed.getMessage().startswith("POST / SendStreamingMessage 200 ")
    assert " stream " in streamed.getMessage()
    assert streamed.access["task_id"] == task["id"]  # type: ignore[attr-defined]
    assert health.getMessage().startswith("GET /health 200 ")
    async with httpx.AsyncClient(base_url=server.url) as http:
        await http.post("/", json={})
    assert access_records(caplog)[-1].access["status"] == 401  # type: ignore[attr-defined]


async def test_it_can_be_turned_off(start_server: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="iaccode.access")
    server = await start_server(access_log=False)
    async with httpx.AsyncClient(base_url=server.url) as http:
        await http.get("/health")
    assert not access_records(caplog)


def test_json_lines_carry_the_fields() -> None:
    record = logging.makeLogRecord(
        {"name": "iaccode.access", "levelname": "INFO", "msg": "GET /health 200 0.1ms"}
    )
    record.access = {"status": 200, "task_id": None}
    line = json.loads(JsonFormatter().format(record))
    assert line["message"] == "GET /health 200 0.1ms" and line["status"] == 200
    assert line["level"] == "INFO" and line["logger"] == "iaccode.access" and "time" in line


@pytest.mark.builtin_only("a start-up message")
async def test_a_short_signing_secret_is_one_plain_warning(
    start_server: Any, caplog: pytest.LogCaptureFixture
) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # PyJWT's own warning would fail the start
        server = await start_server(signing_secret="short")
        async with httpx.AsyncClient(base_url=server.url) as http:
            card = (await http.get("/.well-known/agent-card.json")).json()
    assert card["signatures"]
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("signing-secret is 5 bytes" in line for line in said)


async def test_a_callers_newlines_cannot_forge_a_line(
    start_server: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """The JSON-RPC method and the task id are the caller's: control characters in them are
    escaped, so the text log's line is one line (a forged `INFO` line would follow it)."""
    caplog.set_level(logging.INFO, logger="iaccode.access")
    server = await start_server()
    forged = "x\n2026-01-01 00:00:00,000 WARNING iaccode.server: forged\r\x1b[2J"
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        body = {"jsonrpc": "2.0", "id": 1, "method": forged, "params": {"id": forged}}
        await http.post("/", json=body)
    line = access_records(caplog)[-1]
    message = line.getMessage()
    assert not any(ch in message for ch in "\n\r\x1b"), message
    assert "\\n2026-01-01" in message and "task=x\\n" in message
    assert line.access["rpc_method"] == forged[:100]  # type: ignore[attr-defined]
