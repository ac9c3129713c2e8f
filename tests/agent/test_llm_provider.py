"""The chat-completions client against a fake OpenAI-compatible server over real loopback sockets.

Socket tests cover what only a real connection shows: retries, timeouts, disconnects, and that a
cancelled caller closes the connection. Backoff and timeouts run on a `MockClock` (a test names
the `mock_clock` fixture), so they take no wall time. The parsing core is also tested on its own,
with hypothesis splitting a recorded stream every which way.
"""

from __future__ import annotations

import gzip
import itertools
import socket
import traceback
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
import trio
import trio.testing
from hypothesis import given, settings
from hypothesis import strategies as st

from iaccode.agent.llm import (
    ChatRequest,
    Completion,
    Provider,
    ProviderError,
    ProviderSettings,
    ReasoningDelta,
    StreamAccumulator,
    StreamEvent,
    TextDelta,
    ToolCall,
    ToolCallArgumentsDelta,
    ToolCallStarted,
    Usage,
    replay,
)
from iaccode.agent.llm.connections import PooledConnections
from iaccode.testing.fake_openai import (
    FakeOpenAI,
    Raw,
    Script,
    chunk,
    reasoning_chunks,
    text_chunks,
    tool_call_chunks,
    usage_chunk,
)
from iaccode.wire.json import dumps
from iaccode.wire.sse import encode_data_line, encode_event

KEY = "sk-test-0123456789abcdef"
MESSAGES = [{"role": "user", "content": "Create a VPC"}]
CALLS = [
    {"id": "call_a1", "name": "read_file", "arguments": {"path": "stack/main.yaml"}},
    {"id": "call_b2", "name": "ros_validate_template", "arguments": {"template": "x", "n": 2}},
]


@pytest.fixture
def mock_clock() -> trio.testing.MockClock:
    return trio.testing.MockClock(autojump_threshold=0)


@pytest.fixture
async def fake(nursery: trio.Nursery) -> FakeOpenAI:
    server = FakeOpenAI()
    await nursery.start(server.serve)
    return server


def settings_for(fake: FakeOpenAI, **overrides: Any) -> ProviderSettings:
    values: dict[str, Any] = {"base_url": fake.base_url, "api_key": KEY, "model": "qwen-plus"}
    return ProviderSettings(**(values | overrides))


@pytest.fixture
async def provider(fake: FakeOpenAI) -> AsyncIterator[Provider]:
    async with Provider(settings_for(fake)) as client:
        yield client


class Recorder:
    def __init__(self) -> None:
        self.events: list[StreamEvent] = []

    async def __call__(self, event: StreamEvent) -> None:
        self.events.append(event)


async def complete(
    provider: Provider, request: ChatRequest | None = None
) -> tuple[list[StreamEvent], Completion]:
    recorder = Recorder()
    completion = await provider.complete(request or ChatRequest(MESSAGES), recorder)
    return recorder.events, completion


async def fails(
    provider: Provider, request: ChatRequest | None = None
) -> tuple[ProviderError, list[StreamEvent]]:
    recorder = Recorder()
    with pytest.raises(ProviderError) as caught:
        await provider.complete(request or ChatRequest(MESSAGES), recorder)
    return caught.value, recorder.events


def tool_entries(chunks: list[Any]) -> list[dict[str, Any]]:
    return [
        entry
        for item in chunks
        if isinstance(item, dict)
        for choice in item["choices"]
        for entry in choice["delta"].get("tool_calls", [])
    ]


# --- streams that succeed ---------------------------------------------------------------------


async def test_text_stream(fake: FakeOpenAI, provider: Provider) -> None:
    fake.enqueue(Script(text_chunks("Hello from Qwen", pieces=3)))
    events, completion = await complete(provider)
    assert events == [
        TextDelta("Hello"),
        TextDelta(" from"),
        TextDelta(" Qwen"),
        Usage(12, 34, 46),
    ]
    assert completion == Completion(
        text="Hello from Qwen", usage=Usage(12, 34, 46), finish_reason="stop"
    )
    [request] = fake.requests
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["authorization"] == f"Bearer {KEY}"
    assert request["headers"]["accept"] == "text/event-stream"
    assert request["headers"]["user-agent"].startswith("iaccode/")
    assert request["body"] == {
        "model": "qwen-plus",
        "messages": MESSAGES,
        "stream": True,
        "stream_options": {"include_usage": True},
    }


async def test_a_client_warmed_up_in_a_thread_serves_the_turns(
    fake: FakeOpenAI, provider: Provider
) -> None:
    await trio.to_thread.run_sync(provider.warm_up)  # as the server does once it listens
    warmed = provider._connections
    assert warmed is not None
    fake.enqueue(Script(text_chunks("warm", pieces=1)))
    _, completion = await complete(provider)
    assert completion.text == "warm" and provider._connections is warmed


async def test_single_tool_call_split_across_chunks(fake: FakeOpenAI, provider: Provider) -> None:
    chunks = tool_call_chunks(CALLS[:1], pieces=4)
    fragments = [entry for entry in tool_entries(chunks) if entry["function"].get("arguments")]
    assert len(fragments) >= 3
    assert [entry["id"] for entry in tool_entries(chunks)[1:]] == ["", "", "", ""]
    fake.enqueue(Script(chunks))
    events, completion = await complete(provider)
    assert events[0] == ToolCallStarted(0, "call_a1", "read_file")
    deltas = [event for event in events if isinstance(event, ToolCallArgumentsDelta)]
    assert len(deltas) == 4 and {delta.id for delta in deltas} == {"call_a1"}
    [call] = completion.tool_calls
    assert call == ToolCall("call_a1", "read_file", '{"path":"stack/main.yaml"}', 0)
    assert call.parsed_arguments() == {"path": "stack/main.yaml"}
    assert completion.finish_reason == "tool_calls" and completion.text == ""


async def test_parallel_tool_calls_interleaved(fake: FakeOpenAI, provider: Provider) -> None:
    chunks = tool_call_chunks(CALLS, style="dashscope", pieces=3)
    entries = tool_entries(chunks)
    assert [entry["index"] for entry in entries[:4]] == [0, 1, 0, 1]  # interleaved
    assert {"index": 1, "id": "", "type": "function", "function": {}} in entries
    fake.enqueue(Script(chunks))
    events, completion = await complete(provider)
    started = [event for event in events if isinstance(event, ToolCallStarted)]
    assert started == [
        ToolCallStarted(0, "call_a1", "read_file"),
        ToolCallStarted(1, "call_b2", "ros_validate_template"),
    ]
    for call in completion.tool_calls:
        deltas = [
            e for e in events if isinstance(e, ToolCallArgumentsDelta) and e.index == call.index
        ]
        assert {delta.id for delta in deltas} == {call.id}
        assert "".join(delta.delta for delta in deltas) == call.arguments
    assert [call.parsed_arguments() for call in completion.tool_calls] == [
        CALLS[0]["arguments"],
        CALLS[1]["arguments"],
    ]


async def test_openai_style_tool_calls_and_text(fake: FakeOpenAI, provider: Provider) -> None:
    fake.enqueue(Script(tool_call_chunks(CALLS, style="openai", text="Let me look.")))
    events, completion = await complete(provider)
    assert completion.text == "Let me look."
    assert [(call.id, call.name) for call in completion.tool_calls] == [
        ("call_a1", "read_file"),
        ("call_b2", "ros_validate_template"),
    ]
    assert isinstance(events[0], TextDelta)


async def test_reasoning_content(fake: FakeOpenAI, provider: Provider) -> None:
    fake.enqueue(Script(reasoning_chunks("Think about CIDRs.", "Use 10.0.0.0/8.", pieces=2)))
    events, completion = await complete(provider)
    assert events[:4] == [
        ReasoningDelta("Think abo"),
        ReasoningDelta("ut CIDRs."),
        TextDelta("Use 10.0"),
        TextDelta(".0.0/8."),
    ]
    assert completion.reasoning == "Think about CIDRs." and completion.text == "Use 10.0.0.0/8."


async def test_usage_only_in_the_final_chunk(fake: FakeOpenAI, provider: Provider) -> None:
    chunks = text_chunks("ok", usage=(100, 7))
    assert chunks[-2] == usage_chunk(100, 7) and usage_chunk(100, 7)["choices"] == []
    fake.enqueue(Script(chunks))
    events, completion = await complete(provider)
    assert events[-1] == Usage(100, 7, 107) and completion.usage == Usage(100, 7, 107)


async def test_done_ends_the_stream_and_the_connection_is_reused(
    fake: FakeOpenAI, provider: Provider
) -> None:
    after_done = [*text_chunks("one"), chunk({"content": "ignored"})]
    fake.enqueue(Script(after_done), Script(text_chunks("two")))
    assert (await complete(provider))[1].text == "one"
    assert (await complete(provider))[1].text == "two"
    assert [request["connection"] for request in fake.requests] == [1, 1]


async def test_keep_alive_comments_and_null_content(fake: FakeOpenAI, provider: Provider) -> None:
    chunks: list[Any] = [
        Raw(b": keep-alive\n\n"),
        chunk({"role": "assistant", "content": None}),
        Raw(b":\r\n\r\n"),
        chunk({"content": "hi"}),
        chunk({}, finish_reason="stop"),
        "[DONE]",
    ]
    fake.enqueue(Script(chunks))
    events, completion = await complete(provider)
    assert events == [TextDelta("hi")] and completion.usage is None


async def test_missing_done_after_finish_reason_is_accepted(
    fake: FakeOpenAI, provider: Provider
) -> None:
    fake.enqueue(Script(text_chunks("fine", usage=None, done=False)))
    _, completion = await complete(provider)
    assert completion.text == "fine" and completion.finish_reason == "stop"


async def test_missing_done_and_finish_reason_is_interrupted(
    fake: FakeOpenAI, provider: Provider
) -> None:
    fake.enqueue(Script(text_chunks("cut", finish_reason=None, usage=None, done=False)))
    error, _ = await fails(provider)
    assert error.kind == "interrupted" and not error.retryable
    assert len(fake.requests) == 1


async def test_missing_id_and_split_name(fake: FakeOpenAI, provider: Provider) -> None:
    fake.enqueue(
        Script(
            [
                chunk({"tool_calls": [{"index": 0, "function": {"name": "list_"}}]}),
                chunk({"tool_calls": [{"index": 0, "function": {"name": "files"}}]}),
                chunk({"tool_calls": [{"index": 0, "function": {"arguments": "{}"}}]}),
                chunk({"tool_calls": [{"index": 1, "id": "call_z", "function": {"name": "glob"}}]}),
                chunk({}, finish_reason="tool_calls"),
                "[DONE]",
            ]
        )
    )
    events, completion = await complete(provider)
    first, second = completion.tool_calls
    assert first.name == "list_files" and first.id.startswith("call_") and len(first.id) > 10
    assert second == ToolCall("call_z", "glob", "", 1) and second.parsed_arguments() == {}
    assert events == [
        ToolCallStarted(0, first.id, "list_files"),
        ToolCallArgumentsDelta(0, first.id, "{}"),
        ToolCallStarted(1, "call_z", "glob"),
    ]


# --- request shape ------------------------------------------------------------------------------


async def test_request_overrides_extra_body_tools(fake: FakeOpenAI) -> None:
    tools = [{"type": "function", "function": {"name": "ls", "parameters": {"type": "object"}}}]
    history: list[dict[str, Any]] = [
        *MESSAGES,
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c", "type": "function"}]},
    ]
    fake.enqueue(Script(text_chunks("ok")))
    extra = {"enable_thinking": False, "temperature": 0.2}
    async with Provider(settings_for(fake, extra_body=extra)) as provider:
        turn_key = "sk-turn-key-9876543210"
        request = ChatRequest(history, tools=tools, model="qwen3-max", api_key=turn_key)
        await complete(provider, request)
    [sent] = fake.requests
    assert sent["headers"]["authorization"] == f"Bearer {turn_key}"
    body = sent["body"]
    assert body["model"] == "qwen3-max" and body["tools"] == tools
    assert body["enable_thinking"] is False and body["temperature"] == 0.2
    assert body["messages"][1]["content"] == ""  # DashScope refuses null here
    assert history[1]["content"] is None  # the caller's message is left alone
    assert turn_key not in repr(request) and KEY not in repr(settings_for(fake))


def test_settings_validation() -> None:
    with pytest.raises(ValueError, match="stream"):
        ProviderSettings(model="m", extra_body={"stream": False})
    with pytest.raises(ValueError, match="base_url"):
        ProviderSettings(model="m", base_url="ftp://internal-gateway/v1")
    with pytest.raises(ValueError, match="read_timeout"):
        ProviderSettings(model="m", read_timeout=0)
    assert ProviderSettings(model="m").base_url.startswith("https://dashscope.aliyuncs.com/")


# --- errors and retries -------------------------------------------------------------------------


async def test_401_is_not_retried_and_its_message_is_safe(
    fake: FakeOpenAI, provider: Provider
) -> None:
    body = {
        "error": {
            "message": f"Incorrect API key provided: {KEY}. See /home/ops/keys.txt",
            "type": "invalid_request_error",
            "code": "invalid_api_key",
        },
        "request_id": "req-42",
    }
    fake.enqueue(Script(status=401, error_body=body), Script(text_chunks("never")))
    error, _ = await fails(provider)
    assert error.kind == "auth" and not error.retryable and error.status == 401
    assert error.code == "invalid_api_key"
    assert len(fake.requests) == 1
    shown = [str(error), repr(error), error.safe_message]
    for text in shown:
        assert KEY not in text and "127.0.0.1" not in text and fake.base_url not in text
        assert "Incorrect" not in text and "/home/ops" not in text
    assert "Incorrect API key provided: [redacted]" in error.detail
    assert "req-42" in error.detail and KEY not in error.detail
    assert KEY not in "".join(traceback.format_exception(error))


async def test_other_4xx_is_bad_request(fake: FakeOpenAI, provider: Provider) -> None:
    fake.enqueue(Script(status=400, error_body={"code": "InvalidParameter", "message": "bad"}))
    error, _ = await fails(provider)
    assert error.kind == "bad_request" and error.code == "InvalidParameter"
    assert "bad" in error.detail and len(fake.requests) == 1


async def test_429_then_success_honours_retry_after(
    fake: FakeOpenAI, provider: Provider, mock_clock: trio.testing.MockClock
) -> None:
    fake.enqueue(Script(status=429, headers={"Retry-After": "7"}), Script(text_chunks("ok")))
    start = trio.current_time()
    _, completion = await complete(provider)
    assert completion.text == "ok" and len(fake.requests) == 2
    assert trio.current_time() - start == pytest.approx(7)


async def test_retry_after_is_capped(fake: FakeOpenAI, mock_clock: trio.testing.MockClock) -> None:
    fake.enqueue(Script(status=429, headers={"retry-after": "3600"}), Script(text_chunks("ok")))
    async with Provider(settings_for(fake, backoff_cap=20)) as provider:
        start = trio.current_time()
        await complete(provider)
    assert trio.current_time() - start == pytest.approx(20)


async def test_5xx_is_retried_with_backoff_then_unavailable(
    fake: FakeOpenAI, provider: Provider, mock_clock: trio.testing.MockClock
) -> None:
    retries = provider.settings.max_retries
    fake.enqueue(*[Script(status=500) for _ in range(retries + 1)], Script(text_chunks("late")))
    start = trio.current_time()
    error, _ = await fails(provider)
    elapsed = trio.current_time() - start
    assert error.kind == "unavailable" and error.status == 500 and error.retryable
    assert len(fake.requests) == retries + 1
    # Equal jitter: each step waits between half and all of 1, 2, 4 seconds.
    assert 3.5 <= elapsed <= 7


async def test_connect_error_is_unavailable(mock_clock: trio.testing.MockClock) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings = ProviderSettings(base_url=f"http://127.0.0.1:{port}/v1", api_key=KEY, model="m")
    async with Provider(settings) as provider:
        error, _ = await fails(provider)
    assert error.kind == "unavailable" and error.status is None
    assert str(port) not in str(error) and "ConnectError" in error.detail
    assert KEY not in "".join(traceback.format_exception(error))  # the chained httpx error too


async def test_exhausted_quota_is_not_retried(fake: FakeOpenAI, provider: Provider) -> None:
    quota = {"error": {"message": "You exceeded your quota", "code": "insufficient_quota"}}
    fake.enqueue(Script(status=429, error_body=quota), Script(text_chunks("never")))
    error, _ = await fails(provider)
    assert error.kind == "rate_limited" and not error.retryable and len(fake.requests) == 1


async def test_disconnect_after_events_is_interrupted_and_not_retried(
    fake: FakeOpenAI, provider: Provider
) -> None:
    chunks = text_chunks("abcdefghij", pieces=5)
    fake.enqueue(Script(chunks, disconnect_after=3), Script(text_chunks("again")))
    error, events = await fails(provider)
    assert error.kind == "interrupted" and not error.retryable
    assert events == [TextDelta("ab"), TextDelta("cd")]
    assert len(fake.requests) == 1


async def test_disconnect_before_any_event_is_retried(
    fake: FakeOpenAI, provider: Provider, mock_clock: trio.testing.MockClock
) -> None:
    fake.enqueue(Script(text_chunks("lost"), disconnect_after=1), Script(text_chunks("kept")))
    _, completion = await complete(provider)
    assert completion.text == "kept" and len(fake.requests) == 2


async def test_stalled_stream_times_out(
    fake: FakeOpenAI, mock_clock: trio.testing.MockClock
) -> None:
    fake.enqueue(Script(text_chunks("abcdef", pieces=3), stall_after=2))
    async with Provider(settings_for(fake, read_timeout=30)) as provider:
        start = trio.current_time()
        error, events = await fails(provider)
    assert trio.current_time() - start == pytest.approx(30)
    assert error.kind == "interrupted" and events == [TextDelta("ab")]
    assert "30 s" in error.detail
    await fake.wait_for_disconnects(1)


async def test_stall_before_any_event_is_unavailable(
    fake: FakeOpenAI, mock_clock: trio.testing.MockClock
) -> None:
    fake.enqueue(Script(text_chunks("x"), stall_after=0))
    async with Provider(settings_for(fake, read_timeout=5, max_retries=0)) as provider:
        error, _ = await fails(provider)
    assert error.kind == "unavailable" and error.retryable


async def test_invalid_json_chunk_is_a_protocol_error(fake: FakeOpenAI, provider: Provider) -> None:
    fake.enqueue(Script([chunk({"content": "a"}), '{"choices": [', "[DONE]"]))
    error, events = await fails(provider)
    assert error.kind == "protocol" and not error.retryable and len(fake.requests) == 1
    assert "not JSON" in error.detail and events == [TextDelta("a")]


async def test_not_an_event_stream_is_a_protocol_error(
    fake: FakeOpenAI, provider: Provider
) -> None:
    fake.enqueue(Script([chunk({"content": "a"})], headers={"content-type": "application/json"}))
    error, _ = await fails(provider)
    assert error.kind == "protocol" and "application/json" in error.detail


async def test_error_object_in_the_stream(fake: FakeOpenAI, provider: Provider) -> None:
    oops = {"error": {"message": "overloaded", "type": "server_error"}}
    fake.enqueue(Script([chunk({"content": "par"}), oops]))
    error, _ = await fails(provider)
    assert error.kind == "interrupted" and "overloaded" in error.detail


# --- cancellation and callbacks -----------------------------------------------------------------


async def test_cancelling_the_caller_closes_the_connection(
    fake: FakeOpenAI, provider: Provider
) -> None:
    fake.enqueue(
        Script(text_chunks("abcdefgh", pieces=4), stall_after=3), Script(text_chunks("ok"))
    )
    seen: list[StreamEvent] = []
    with trio.CancelScope() as scope:

        async def on_event(event: StreamEvent) -> None:
            seen.append(event)
            scope.cancel()

        await provider.complete(ChatRequest(MESSAGES), on_event)
    assert scope.cancelled_caught and seen[0] == TextDelta("ab")
    with trio.fail_after(5):
        await fake.wait_for_disconnects(1)
    assert fake.requests[0]["client_disconnected"]
    assert (await complete(provider))[1].text == "ok"  # the provider is still usable


async def test_a_deadline_around_a_stalled_stream(fake: FakeOpenAI, provider: Provider) -> None:
    fake.enqueue(Script(text_chunks("abcdefgh", pieces=4), stall_after=2))
    events: list[StreamEvent] = []
    with trio.CancelScope() as scope:

        async def on_event(event: StreamEvent) -> None:
            # The deadline runs from the first delta: on a loaded machine the connect alone
            # may take longer than it, and then there would be no delta to check.
            events.append(event)
            scope.deadline = min(scope.deadline, trio.current_time() + 0.3)

        await provider.complete(ChatRequest(MESSAGES), on_event)
    assert scope.cancelled_caught and events == [TextDelta("ab")]
    with trio.fail_after(5):
        await fake.wait_for_disconnects(1)


async def test_an_error_in_on_event_propagates(fake: FakeOpenAI, provider: Provider) -> None:
    fake.enqueue(Script(text_chunks("abcdefgh", pieces=4), stall_after=3))

    async def on_event(event: StreamEvent) -> None:
        raise KeyError("consumer bug")

    with pytest.raises(KeyError, match="consumer bug"):
        await provider.complete(ChatRequest(MESSAGES), on_event)
    with trio.fail_after(5):
        await fake.wait_for_disconnects(1)
    assert len(fake.requests) == 1


async def test_a_client_passed_in_stays_open(fake: FakeOpenAI) -> None:
    fake.enqueue(Script(text_chunks("ok")))
    async with httpx.AsyncClient() as client:
        async with Provider(settings_for(fake), client=client) as provider:
            await complete(provider)
        assert not client.is_closed
    with pytest.raises(RuntimeError, match="closed"):
        await complete(provider)


# --- the connections: httpcore's pool, or httpx's client where that is asked for -------------


async def test_the_pool_sends_the_request_httpx_sends(fake: FakeOpenAI) -> None:
    """The same request line, headers and body on httpcore's pool as through httpx's client."""
    fake.enqueue(Script(text_chunks("pool")), Script(text_chunks("client")))
    async with Provider(settings_for(fake)) as provider:
        assert (await complete(provider))[1].text == "pool"
        assert isinstance(provider._connections, PooledConnections)
    async with httpx.AsyncClient() as client, Provider(settings_for(fake), client=client) as via:
        assert (await complete(via))[1].text == "client"
    pooled, client_sent = fake.requests
    assert pooled["headers"]["connection"] == "keep-alive"
    assert pooled["headers"]["host"] == fake.base_url.split("//")[1].split("/")[0]
    for key in ("method", "path", "headers", "body"):
        assert pooled[key] == client_sent[key], key


async def test_cookies_the_endpoint_sets_are_sent_back(fake: FakeOpenAI) -> None:
    """As httpx's client keeps them (a gateway's session cookie)."""
    cookie = {"set-cookie": "gateway=abc123; Path=/"}
    fake.enqueue(Script(text_chunks("one"), headers=cookie), Script(text_chunks("two")))
    async with Provider(settings_for(fake)) as provider:
        await complete(provider)
        await complete(provider)
    first, second = fake.requests
    assert "cookie" not in first["headers"]
    assert second["headers"]["cookie"] == "gateway=abc123"


async def test_a_compressed_stream_is_decoded(fake: FakeOpenAI) -> None:
    """An endpoint that compresses although asked for `identity` is still understood."""
    body = gzip.compress(frames(text_chunks("squeezed", pieces=2)))
    fake.enqueue(Script([Raw(body[:10]), Raw(body[10:])], headers={"content-encoding": "gzip"}))
    async with Provider(settings_for(fake)) as provider:
        assert (await complete(provider))[1].text == "squeezed"


async def test_user_info_in_the_base_url_is_basic_auth(fake: FakeOpenAI) -> None:
    fake.enqueue(Script(text_chunks("ok")))
    base_url = fake.base_url.replace("http://", "http://bench:secret@")
    async with Provider(settings_for(fake, base_url=base_url, api_key=None)) as provider:
        await complete(provider)
    assert fake.requests[0]["headers"]["authorization"] == "Basic YmVuY2g6c2VjcmV0"


async def test_a_proxy_in_the_environment_carries_the_requests(
    fake: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """HTTP_PROXY is honoured as httpx honours it: the fake, as the proxy, gets the request
    for the model's host in absolute form."""
    for name in ("ALL_PROXY", "HTTPS_PROXY", "NO_PROXY", "all_proxy", "https_proxy", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTP_PROXY", fake.base_url.removesuffix("/v1"))
    monkeypatch.delenv("http_proxy", raising=False)
    fake.enqueue(Script(text_chunks("never")))
    settings = settings_for(fake, base_url="http://model.invalid/v1", max_retries=0)
    async with Provider(settings) as provider:
        error, _ = await fails(provider)
    assert error.kind == "bad_request"  # the fake answers 404 to a path it does not serve
    assert fake.requests[0]["path"] == "http://model.invalid/v1/chat/completions"


# --- the parsing core, without sockets ----------------------------------------------------------


def frames(chunks: list[Any]) -> bytes:
    out = b""
    for item in chunks:
        if isinstance(item, Raw):
            out += item.data
        elif isinstance(item, str):
            out += encode_event(item)
        else:
            out += encode_data_line(dumps(item))
    return out


RECORDED = frames(
    [
        Raw(b": ping\n\n"),
        *reasoning_chunks("Plan: a VPC, two vSwitches.", "Here 你好 it is.", done=False)[:-2],
        *tool_call_chunks(CALLS, pieces=4, text="Checking…")[1:],
    ]
)


def fixed_ids() -> Any:
    counter = iter(range(1000))
    return lambda: f"call_gen{next(counter)}"


def test_recorded_stream_whole_and_byte_by_byte() -> None:
    events, completion = replay([RECORDED])
    assert completion.reasoning == "Plan: a VPC, two vSwitches."
    assert completion.text == "Here 你好 it is.Checking…"
    assert [call.id for call in completion.tool_calls] == ["call_a1", "call_b2"]
    assert completion.usage == Usage(12, 34, 46)
    one_byte = [RECORDED[i : i + 1] for i in range(len(RECORDED))]
    assert replay(one_byte) == (events, completion)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(RECORDED)), max_size=60))
def test_any_tcp_split_gives_the_same_result(cuts: list[int]) -> None:
    bounds = [0, *sorted(cuts), len(RECORDED)]
    pieces = [RECORDED[start:end] for start, end in itertools.pairwise(bounds)]
    assert replay(pieces) == replay([RECORDED])


NAMES = st.sampled_from(["read_file", "glob", "ros_validate_template", "aliyun_api", "x"])
ARGUMENTS = st.dictionaries(
    st.text(min_size=1, max_size=8), st.integers() | st.text(max_size=12), max_size=4
)


@st.composite
def fragmented_calls(draw: st.DrawFn) -> tuple[list[ToolCall], list[dict[str, Any]]]:
    """Calls, and chunks carrying them split, interleaved and padded as servers do."""
    calls: list[ToolCall] = []
    streams: list[list[dict[str, Any]]] = []
    for index in range(draw(st.integers(1, 4))):
        name, text = draw(NAMES), dumps(draw(ARGUMENTS)).decode()
        call = ToolCall(f"call_{index}", name, text, index)
        calls.append(call)
        cut = draw(st.integers(1, len(name)))
        entries: list[dict[str, Any]] = [
            {"index": index, "id": call.id, "type": "function", "function": {"name": name[:cut]}}
        ]
        if name[cut:]:
            entries.append({"index": index, "id": "", "function": {"name": name[cut:]}})
        points = sorted(draw(st.sets(st.integers(1, max(1, len(text) - 1)), max_size=6)))
        bounds = [0, *points, len(text)]
        for start, end in itertools.pairwise(bounds):
            entries.append({"index": index, "id": "", "function": {"arguments": text[start:end]}})
            if draw(st.booleans()):
                entries.append({"index": index, "id": "", "type": "function", "function": {}})
        streams.append(entries)
    merged: list[dict[str, Any]] = []
    while any(streams):
        pick = draw(st.sampled_from([s for s in streams if s]))
        merged.append(pick.pop(0))
    chunks = [chunk({"content": None, "tool_calls": [entry]}) for entry in merged]
    return calls, [*chunks, chunk({}, finish_reason="tool_calls")]


@settings(max_examples=200, deadline=None)
@given(fragmented_calls())
def test_fragmented_interleaved_calls_reassemble(
    case: tuple[list[ToolCall], list[dict[str, Any]]],
) -> None:
    calls, chunks = case
    accumulator = StreamAccumulator()
    events = [event for item in chunks for event in accumulator.feed(item)]
    events += accumulator.flush()
    completion = accumulator.finish()
    assert list(completion.tool_calls) == calls
    for call in calls:
        mine = [e for e in events if getattr(e, "index", None) == call.index]
        assert mine[0] == ToolCallStarted(call.index, call.id, call.name)
        assert all(isinstance(e, ToolCallArgumentsDelta) and e.id == call.id for e in mine[1:])
        assert "".join(e.delta for e in mine[1:] if isinstance(e, ToolCallArgumentsDelta)) == (
            call.arguments
        )


def test_accumulator_tolerances() -> None:
    accumulator = StreamAccumulator(new_id=fixed_ids())
    second_choice = chunk({"content": "other choice"})
    second_choice["choices"][0]["index"] = 1
    assert accumulator.feed(second_choice) == []
    assert accumulator.feed(chunk({"content": None}, finish_reason="null")) == []
    assert accumulator.feed({"choices": [], "usage": None}) == []
    usage = {"prompt_tokens": 1, "completion_tokens": 2, "total_tokens": 3}
    assert accumulator.feed({**chunk({"content": "a"}), "usage": usage}) == [
        TextDelta("a"),
        Usage(1, 2, 3),
    ]
    assert accumulator.feed({**chunk({"content": "b"}), "usage": usage}) == [TextDelta("b")]
    # A server that sends no index: a new id opens a new call.
    for entry in (
        {"id": "c1", "function": {"name": "ls", "arguments": "{}"}},
        {"id": "c2", "function": {"name": "pwd", "arguments": '{"a"'}},
        {"function": {"arguments": ":1}"}},
    ):
        accumulator.feed(chunk({"tool_calls": [entry]}))
    completion = accumulator.finish()
    assert completion.finish_reason is None and completion.text == "ab"
    assert [(c.id, c.arguments) for c in completion.tool_calls] == [
        ("c1", "{}"),
        ("c2", '{"a":1}'),
    ]


@pytest.mark.parametrize(
    ("bad", "detail"),
    [({"choices": {}}, "not a list"), ({"choices": [{"delta": []}]}, "delta is not")],
)
def test_malformed_chunks_are_protocol_errors(bad: dict[str, Any], detail: str) -> None:
    with pytest.raises(ProviderError) as caught:
        StreamAccumulator().feed(bad)
    assert caught.value.kind == "protocol" and detail in caught.value.detail


def test_parsed_arguments_errors_are_clear() -> None:
    broken = ToolCall("call_1", "write_file", '{"path": "a.yaml", "content": "x', 0)
    with pytest.raises(ValueError, match=r"call_1 \(write_file\) are not valid JSON"):
        broken.parsed_arguments()
    with pytest.raises(ValueError, match="not a JSON object but list"):
        ToolCall("call_2", "glob", "[1]", 0).parsed_arguments()
