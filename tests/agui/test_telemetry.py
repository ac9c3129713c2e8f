"""OpenTelemetry under `iaccode agui`: an AG-UI run is a request span with the turn of its
in-process core as its child, the run's `channel` on the turn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode.server import RunningAgui
from tests.agui.conftest import AguiClient

pytest.importorskip("opentelemetry.sdk")
from iaccode.testing.fake_otlp import FakeCollector


@pytest.fixture
def collector(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeCollector]:
    for name in ("OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_SDK_DISABLED", "OTEL_TRACES_EXPORTER"):
        monkeypatch.delenv(name, raising=False)
    with FakeCollector() as running:
        yield running


async def test_an_agui_run_is_a_request_span_with_its_turn(
    start_agui: Any, collector: FakeCollector, workspace: Path
) -> None:
    agui: RunningAgui = await start_agui(core={"otel_endpoint": collector.url})
    async with httpx.AsyncClient(base_url=agui.url, timeout=30) as http:
        reply = await AguiClient(http, workspace).run("say hello", channel="web-console")
    assert reply.text == "hello"
    with trio.fail_after(15):
        turn = await collector.wait_for_span("iaccode.turn")
    request = next(s for s in collector.named("POST /") if s.span_id == turn.parent_span_id)
    assert request.attributes["http.response.status_code"] == 200
    assert turn.attributes["iac_code.channel"] == "web-console"
    assert turn.trace_id == request.trace_id
