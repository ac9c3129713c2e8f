"""OpenTelemetry, opt-in: spans and metrics reach a real OTLP/HTTP collector (a fake on loopback
that decodes the protobuf requests), with the right names, attributes and parent links; a dead
collector slows no turn and holds no shutdown; off, opentelemetry is not even imported."""

from __future__ import annotations

import logging
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from iaccode import telemetry
from iaccode.config import ConfigError, load_config
from iaccode.server import RunningServer
from iaccode.testing.fake_openai import FakeOpenAI, Script, text_chunks, tool_call_chunks
from tests.agent.test_llm_engine import KEY, model
from tests.client import A2AClient, stop_server

pytest.importorskip("opentelemetry.sdk")
from iaccode.testing.fake_otlp import (
    FakeCollector,
    ReceivedPoint,
    ReceivedSpan,
    dead_endpoints,
)

__all__ = ["model"]  # fixture
SERVER, CLIENT = 2, 3  # opentelemetry.proto.trace.v1.Span.SpanKind
ERROR = 2  # Status.StatusCode


@pytest.fixture(autouse=True)
def _no_ambient_otel(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "OTEL_EXPORTER_OTLP_ENDPOINT",
        "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
        "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
        "OTEL_SDK_DISABLED",
        "OTEL_TRACES_EXPORTER",
        "OTEL_METRICS_EXPORTER",
        "OTEL_SERVICE_NAME",
        "IAC_CODE_CHANNEL",
    ):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def collector() -> Iterator[FakeCollector]:
    with FakeCollector() as running:
        yield running


async def span_of(collector: FakeCollector, name: str) -> ReceivedSpan:
    with trio.fail_after(15):
        return await collector.wait_for_span(name)


async def metric_of(collector: FakeCollector, name: str) -> list[ReceivedPoint]:
    with trio.fail_after(15):
        return await collector.wait_for_metric(name)


def with_channel(a2a: A2AClient, text: str, channel: str) -> dict[str, Any]:
    message = a2a.message(text)
    message["metadata"]["iac_code"]["channel"] = channel
    return message


@pytest.mark.http_servers  # under hypercorn too: the request's task is then the host's
async def test_a_turn_is_a_trace_of_request_turn_model_and_tool_calls(
    start_server: Callable[..., Any],
    model: FakeOpenAI,
    collector: FakeCollector,
    workspace: Path,
) -> None:
    listing = {"id": "call_ls", "name": "list_files", "arguments": {"path": "."}}
    model.enqueue(Script(tool_call_chunks([listing])), Script(text_chunks("Two files.")))
    server: RunningServer = await start_server(
        engine="llm",
        llm_provider="openai-compatible",
        llm_base_url=model.base_url,
        llm_model="qwen-test",
        llm_api_key=KEY,
        auto_approve_permissions=True,
        otel_endpoint=collector.url,
        otel_metrics_interval_seconds=0.2,
    )
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        a2a = A2AClient(http, cwd=workspace)
        message = with_channel(a2a, "What is here?", "ci-channel")
        task = (await a2a.result("SendMessage", {"message": message}))["task"]
    assert task["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"  # answered; the talk goes on
    turn = await span_of(collector, "iaccode.turn")
    request = next(s for s in collector.named("POST /") if s.span_id == turn.parent_span_id)
    tool = await span_of(collector, "execute_tool list_files")
    chats = collector.named("chat qwen-test")
    assert len(chats) == 2  # the call that asked for the tool, and the answer
    assert request.kind == SERVER and request.parent_span_id == ""
    assert request.attributes["rpc.method"] == "SendMessage"
    assert request.attributes["http.response.status_code"] == 200
    assert request.attributes["iac_code.task_id"] == task["id"]
    assert turn.attributes["iac_code.channel"] == "ci-channel"  # the seed's binding
    assert turn.attributes["iac_code.task_id"] == task["id"]
    assert turn.attributes["iac_code.turn.state"] == "input_required"
    assert turn.attributes["iac_code.engine"] == "llm"
    for child in (*chats, tool):
        assert child.parent_span_id == turn.span_id and child.trace_id == request.trace_id
    assert all(chat.kind == CLIENT for chat in chats)
    assert chats[0].attributes["gen_ai.usage.input_tokens"] == 12
    assert chats[0].attributes["gen_ai.usage.output_tokens"] == 34
    assert chats[0].attributes["gen_ai.request.model"] == "qwen-test"
    assert tool.attributes["gen_ai.tool.call.id"] == "call_ls"
    assert tool.status_code != ERROR and turn.service_name == "iaccode"
    turns = await metric_of(collector, "iaccode.turns")
    assert turns[0].value == 1 and turns[0].attributes["iac_code.turn.state"] == "input_required"
    assert turns[0].attributes["iac_code.channel"] == "ci-channel"
    tokens = await metric_of(collector, "gen_ai.client.token.usage")
    assert {p.attributes["gen_ai.token.type"]: p.value for p in tokens} == {
        "input": 24,
        "output": 68,
    }
    await stop_server(server)


async def test_the_channel_falls_back_to_the_environment_then_unknown(
    start_server: Callable[..., Any],
    collector: FakeCollector,
    workspace: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server: RunningServer = await start_server(otel_endpoint=collector.url)
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        a2a = A2AClient(http, cwd=workspace)
        await a2a.send("hello")
        await span_of(collector, "iaccode.turn")
        monkeypatch.setenv("IAC_CODE_CHANNEL", "from-env")
        await a2a.send("hello")
        with trio.fail_after(15):
            while len(collector.named("iaccode.turn")) < 2:
                await trio.sleep(0.05)
    channels = [s.attributes["iac_code.channel"] for s in collector.named("iaccode.turn")]
    assert channels == ["unknown", "from-env"]
    await stop_server(server)


async def test_a_callers_trace_goes_on_and_a_failed_turn_is_an_error(
    start_server: Callable[..., Any], collector: FakeCollector, workspace: Path
) -> None:
    server: RunningServer = await start_server(otel_endpoint=collector.url)
    trace_id, parent = "4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"
    headers = {"traceparent": f"00-{trace_id}-{parent}-01"}
    async with httpx.AsyncClient(base_url=server.url, timeout=30, headers=headers) as http:
        task = await A2AClient(http, cwd=workspace).send(
            "fail boom"
        )  # the scenario engine fails it
    assert task["status"]["state"] == "TASK_STATE_FAILED"
    turn = await span_of(collector, "iaccode.turn")
    assert turn.trace_id == trace_id and turn.status_code == ERROR
    request = next(s for s in collector.named("POST /") if s.span_id == turn.parent_span_id)
    assert request.parent_span_id == parent
    errors = await metric_of(collector, "iaccode.errors")
    assert errors[0].attributes == {"error.kind": "turn"}
    await stop_server(server)


@pytest.mark.http_servers
@pytest.mark.parametrize("which", ["closed port", "never answers"])
async def test_a_dead_collector_slows_no_turn_and_holds_no_shutdown(
    start_server: Callable[..., Any], workspace: Path, which: str
) -> None:
    with dead_endpoints() as (closed, silent):
        endpoint = closed if which == "closed port" else silent
        grace = 2.0
        server: RunningServer = await start_server(
            otel_endpoint=endpoint,
            otel_export_timeout_seconds=1.0,
            otel_metrics_interval_seconds=0.2,  # exports keep failing during the turns
            shutdown_grace_seconds=grace,
        )
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
            a2a = A2AClient(http, cwd=workspace)
            for _ in range(3):
                task = await a2a.send("hello")
                assert task["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"
            streamed = await a2a.send_stream("stream 5")
            assert streamed[-1]["result"]["statusUpdate"]["status"]["state"] == (
                "TASK_STATE_INPUT_REQUIRED"
            )
        server.stop()
        with trio.fail_after(grace):  # the server's own bound: its grace
            await server.stopped.wait()


def test_off_means_opentelemetry_is_never_imported(tmp_path: Path, workspace: Path) -> None:
    script = textwrap.dedent(
        f"""
        import sys
        import httpx, trio
        from iaccode.config import load_config
        from iaccode.server import serve

        async def main():
            config = load_config(overrides={{
                "port": 0, "persistence_dir": {str(tmp_path / "state")!r},
                "allowed_cwds": [{str(workspace)!r}],
                "engine": "iaccode.testing.engines:ScenarioEngine",
            }}, environ={{}})
            async with trio.open_nursery() as nursery:
                server = await nursery.start(serve, config)
                async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
                    message = {{"messageId": "m1", "role": "ROLE_USER", "parts": [{{"text": "hi"}}],
                               "metadata": {{"iac_code": {{"cwd": {str(workspace)!r}}}}}}}
                    body = {{"jsonrpc": "2.0", "id": 1, "method": "SendMessage",
                            "params": {{"message": message}}}}
                    answer = await http.post("/", json=body, headers={{"a2a-version": "1.0"}})
                    assert answer.json()["result"]["task"]["status"]["state"] == (
                        "TASK_STATE_INPUT_REQUIRED"), answer.text
                server.stop()
            print(sorted(m for m in sys.modules if m.startswith("opentelemetry")))

        trio.run(main)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_the_settings_follow_the_key_and_the_standard_variables(tmp_path: Path) -> None:
    state = {"persistence_dir": tmp_path / "state"}
    assert not load_config(overrides=state, environ={}).telemetry({}).enabled
    on = load_config(overrides={**state, "otel_endpoint": "http://127.0.0.1:4318"}, environ={})
    assert on.telemetry({}).enabled and on.telemetry({}).endpoint == "http://127.0.0.1:4318"
    from_env = {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318"}
    assert load_config(overrides=state, environ=from_env).telemetry(from_env).enabled
    off = {**from_env, "OTEL_SDK_DISABLED": "true"}
    assert not on.telemetry(off).enabled
    no_traces = on.telemetry({"OTEL_TRACES_EXPORTER": "none"})
    assert no_traces.enabled and not no_traces.traces and no_traces.metrics
    with pytest.raises(ConfigError, match="'otel-endpoint' must be an http"):
        load_config(overrides={**state, "otel_endpoint": "collector:4318"}, environ={})


def test_configured_without_the_extra_is_one_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(telemetry, "extra_installed", lambda: False)
    monkeypatch.setattr("iaccode.config.extra_installed", lambda: False)
    overrides = {"persistence_dir": tmp_path / "state", "otel_endpoint": "http://127.0.0.1:1"}
    with pytest.raises(ConfigError) as raised:
        load_config(overrides=overrides, environ={})
    assert str(raised.value) == "otel-endpoint needs the otel extra (pip install 'iaccode[otel]')"


def test_the_exporters_warnings_are_one_line_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    from iaccode.telemetry.otel import _EXPORT_LOGGERS, _OncePerMinute, _quiet_exporters

    _quiet_exporters()
    _quiet_exporters()  # once per logger, however many servers start
    for name in _EXPORT_LOGGERS:
        assert sum(isinstance(f, _OncePerMinute) for f in logging.getLogger(name).filters) == 1
    # the filter itself, on a logger of its own (exporters of earlier tests may still be busy)
    logger = logging.getLogger("tests.telemetry.exporter")
    quiet = _OncePerMinute()
    logger.addFilter(quiet)
    try:
        with caplog.at_level(logging.WARNING, logger=logger.name):
            for n in range(5):
                logger.warning("Failed to export span batch %d", n)
            assert quiet._last is not None
            quiet._last -= 61  # a minute later
            logger.warning("Failed to export span batch %d", 5)
    finally:
        logger.removeFilter(quiet)
    said = [r.getMessage() for r in caplog.records if r.name == logger.name]
    assert said == [
        "Failed to export span batch 0",
        "Failed to export span batch 5 (4 like it in the last minute)",
    ]


def test_a_callers_trace_headers_cannot_flood_the_log(caplog: pytest.LogCaptureFixture) -> None:
    """Spans are made before authentication: a caller's malformed `baggage` and `tracestate`
    (the SDK warns once per bad member, echoing it, on the event loop) are ignored quietly,
    and its `traceparent` is still continued."""
    from iaccode.telemetry.otel import OtelTelemetry

    trace_id, parent = "4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"
    noisy = {
        "traceparent": f"00-{trace_id}-{parent}-01",
        "tracestate": ",".join(f"BAD KEY {n}=x" for n in range(30)),
        "baggage": ",".join(f"not-a-member-{n}" for n in range(150)),
    }
    good = {**noisy, "tracestate": "vendor=abc,other@sys=1"}
    with dead_endpoints() as (closed, _), caplog.at_level(logging.INFO, logger="opentelemetry"):
        tele = OtelTelemetry(telemetry.TelemetrySettings(endpoint=closed, metrics=False))
        contexts = []
        for headers in (noisy, good, {"traceparent": "x" * 600}):
            with tele.request_span("POST /", headers, {}) as span:
                contexts.append(span._span.get_span_context())
        trio.run(tele.aclose)
    said = [r for r in caplog.records if r.name.startswith("opentelemetry.")]
    assert not [r for r in said if "export" not in r.getMessage()], said
    assert [hex(c.trace_id)[2:].zfill(32) == trace_id for c in contexts] == [True, True, False]
    assert contexts[1].trace_state.get("vendor") == "abc"


def test_a_malformed_headers_variable_does_not_log_its_credential(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """OTEL_EXPORTER_OTLP_HEADERS carries the collector's credential; written as HTTP writes it
    (`Authorization: Bearer ...`), the SDK warns with the whole header: not in our log."""
    from iaccode.telemetry.otel import OtelTelemetry

    monkeypatch.setenv("OTEL_EXPORTER_OTLP_HEADERS", "Authorization: Bearer sk-collector-123")
    with dead_endpoints() as (closed, _), caplog.at_level(logging.WARNING):
        tele = OtelTelemetry(telemetry.TelemetrySettings(endpoint=closed))
        trio.run(tele.aclose)
    said = "\n".join(r.getMessage() for r in caplog.records)
    assert "Header format invalid" in said
    assert "sk-collector-123" not in said and "Bearer" not in said
