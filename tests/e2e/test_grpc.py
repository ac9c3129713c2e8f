"""Official A2A gRPC, checked by real clients: the a2a-sdk's gRPC client (asyncio, in a thread of
its own) and grpcio's raw channel for what no well-behaved client sends."""

from __future__ import annotations

import asyncio
import functools
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import grpc
import httpx
import pytest
import trio
from a2a.client import ClientConfig, create_client
from a2a.types import a2a_pb2, a2a_pb2_grpc
from a2a.utils import errors as sdk_errors
from google.protobuf import struct_pb2
from google.rpc import error_details_pb2, status_pb2

from iaccode.a2a import grpc_codec
from iaccode.a2a.service import CallContext
from iaccode.model import a2a as m
from iaccode.server import RunningServer

T = TypeVar("T")
TIMEOUT = 10


def message(text: str, workspace: Path, **fields: Any) -> a2a_pb2.Message:
    metadata = struct_pb2.Struct()
    metadata.update({"iac_code": {"cwd": str(workspace)}})
    return a2a_pb2.Message(
        role=a2a_pb2.Role.ROLE_USER,
        message_id=str(uuid.uuid4()),
        parts=[a2a_pb2.Part(text=text)],
        metadata=metadata,
        **fields,
    )


async def in_asyncio(run: Callable[[], Awaitable[T]]) -> T:
    """Run an asyncio coroutine (the SDK client) in a thread, while the server runs in Trio."""
    return await trio.to_thread.run_sync(lambda: asyncio.run(run()))


async def sdk_client(server: RunningServer, *, streaming: bool) -> Any:
    config = ClientConfig(
        streaming=streaming,
        supported_protocol_bindings=["GRPC"],
        grpc_channel_factory=grpc.aio.insecure_channel,
    )
    return await create_client(f"http://127.0.0.1:{server.port}", client_config=config)


def stub(server: RunningServer) -> tuple[grpc.Channel, a2a_pb2_grpc.A2AServiceStub]:
    channel = grpc.insecure_channel(f"127.0.0.1:{server.grpc_port}")
    return channel, a2a_pb2_grpc.A2AServiceStub(channel)


def status_of(error: grpc.RpcError) -> status_pb2.Status:
    """The google.rpc.Status of a failed call (its grpc-status-details-bin trailer)."""
    for key, value in error.trailing_metadata() or ():  # type: ignore[attr-defined]
        if key == "grpc-status-details-bin":
            return status_pb2.Status.FromString(value)
    raise AssertionError("no status details")


def refusal(call: Callable[..., Any], request: Any, **kwargs: Any) -> grpc.RpcError:
    """The error a unary call ends with (it must fail)."""
    with pytest.raises(grpc.RpcError) as refused:
        call(request, **{"timeout": TIMEOUT, **kwargs})
    return refused.value


def error_info(error: grpc.RpcError) -> error_details_pb2.ErrorInfo:
    for detail in status_of(error).details:
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            return info
    raise AssertionError("no ErrorInfo")


@pytest.fixture
async def grpc_server(start_server: Callable[..., Any]) -> RunningServer:
    running: RunningServer = await start_server(grpc_port=0, push_notifications=True)
    return running


async def test_card_advertises_grpc(grpc_server: RunningServer) -> None:
    async with httpx.AsyncClient(base_url=grpc_server.url) as http:
        card = (await http.get("/.well-known/agent-card.json")).json()
    bindings = {i["protocolBinding"]: i["url"] for i in card["supportedInterfaces"]}
    assert bindings["GRPC"] == f"127.0.0.1:{grpc_server.grpc_port}"
    assert set(bindings) == {"JSONRPC", "HTTP+JSON", "GRPC"}
    channel, a2a = stub(grpc_server)
    with channel:
        extended = await trio.to_thread.run_sync(
            functools.partial(
                a2a.GetExtendedAgentCard, a2a_pb2.GetExtendedAgentCardRequest(), timeout=TIMEOUT
            )
        )
    (runtime,) = [e for e in extended.capabilities.extensions if e.uri.endswith("runtime:v1")]
    assert list(runtime.params["transports"]) == ["http", "grpc"]


async def test_sdk_send_get_list_and_errors(grpc_server: RunningServer, workspace: Path) -> None:
    async def run() -> None:
        client = await sdk_client(grpc_server, streaming=False)
        request = a2a_pb2.SendMessageRequest(message=message("say hello", workspace))
        (response,) = [event async for event in client.send_message(request)]
        task = response.task
        assert task.status.state == a2a_pb2.TaskState.TASK_STATE_INPUT_REQUIRED
        assert task.status.message.parts[0].text == "hello"

        follow = message("say again", workspace, task_id=task.id, context_id=task.context_id)
        (response,) = [
            e async for e in client.send_message(a2a_pb2.SendMessageRequest(message=follow))
        ]
        assert [m.parts[0].text for m in response.task.history] == [
            "say hello",
            "hello",
            "say again",
            "again",
        ]

        got = await client.get_task(a2a_pb2.GetTaskRequest(id=task.id, history_length=1))
        assert got.id == task.id and len(got.history) == 1
        page = await client.list_tasks(
            a2a_pb2.ListTasksRequest(context_id=task.context_id, page_size=10)
        )
        assert page.total_size == 1 and [t.id for t in page.tasks] == [task.id]

        with pytest.raises(sdk_errors.TaskNotFoundError, match="not found"):
            await client.get_task(a2a_pb2.GetTaskRequest(id="no-such-task"))
        # Its turn has ended (INPUT_REQUIRED, waiting for a new message): not cancelable.
        with pytest.raises(sdk_errors.TaskNotCancelableError):
            await client.cancel_task(a2a_pb2.CancelTaskRequest(id=task.id))
        card = await client.get_extended_agent_card(a2a_pb2.GetExtendedAgentCardRequest())
        assert card.name == "iac-code"
        assert any(i.protocol_binding == "GRPC" for i in card.supported_interfaces)
        await client.close()

    await in_asyncio(run)


async def test_sdk_streaming_cancel_and_subscribe(
    grpc_server: RunningServer, workspace: Path
) -> None:
    async def run() -> None:
        streaming = await sdk_client(grpc_server, streaming=True)
        request = a2a_pb2.SendMessageRequest(message=message("stream 3", workspace))
        events = [event async for event in streaming.send_message(request)]
        kinds = [event.WhichOneof("payload") for event in events]
        assert kinds[0] == "task" and kinds[-1] == "status_update"
        assert events[-1].status_update.status.state == a2a_pb2.TaskState.TASK_STATE_INPUT_REQUIRED
        deltas = [
            e.status_update.status.message.parts[0].text
            for e in events
            if e.HasField("status_update") and e.status_update.status.message.parts
        ]
        assert deltas[:3] == ["chunk-1 ", "chunk-2 ", "chunk-3 "]

        # A running turn: subscribe, cancel it, and see the stream end CANCELED.
        unary = await sdk_client(grpc_server, streaming=False)
        blocking = a2a_pb2.SendMessageConfiguration(return_immediately=True)
        request = a2a_pb2.SendMessageRequest(
            message=message("wait", workspace), configuration=blocking
        )
        (response,) = [event async for event in unary.send_message(request)]
        task_id = response.task.id
        stream = streaming.subscribe(a2a_pb2.SubscribeToTaskRequest(id=task_id))
        first = await stream.__anext__()
        assert first.task.id == task_id
        canceled = await unary.cancel_task(a2a_pb2.CancelTaskRequest(id=task_id))
        assert canceled.status.state == a2a_pb2.TaskState.TASK_STATE_CANCELED
        rest = [event async for event in stream]
        assert rest[-1].status_update.status.state == a2a_pb2.TaskState.TASK_STATE_CANCELED

        with pytest.raises(sdk_errors.TaskNotFoundError):
            async for _ in streaming.subscribe(a2a_pb2.SubscribeToTaskRequest(id="nope")):
                pass
        await streaming.close()
        await unary.close()

    await in_asyncio(run)


async def test_sdk_push_configs(grpc_server: RunningServer, workspace: Path) -> None:
    async def run() -> None:
        client = await sdk_client(grpc_server, streaming=False)
        request = a2a_pb2.SendMessageRequest(message=message("say hi", workspace))
        (response,) = [event async for event in client.send_message(request)]
        task_id = response.task.id
        config = a2a_pb2.TaskPushNotificationConfig(
            task_id=task_id, id="hook-1", url="https://hooks.example.com/a2a", token="t0k"
        )
        created = await client.create_task_push_notification_config(config)
        assert created.id == "hook-1" and created.url == "https://hooks.example.com/a2a"
        got = await client.get_task_push_notification_config(
            a2a_pb2.GetTaskPushNotificationConfigRequest(task_id=task_id, id="hook-1")
        )
        assert got.url == created.url
        listed = await client.list_task_push_notification_configs(
            a2a_pb2.ListTaskPushNotificationConfigsRequest(task_id=task_id)
        )
        assert [c.id for c in listed.configs] == ["hook-1"]
        await client.delete_task_push_notification_config(
            a2a_pb2.DeleteTaskPushNotificationConfigRequest(task_id=task_id, id="hook-1")
        )
        listed = await client.list_task_push_notification_configs(
            a2a_pb2.ListTaskPushNotificationConfigsRequest(task_id=task_id)
        )
        assert list(listed.configs) == []
        with pytest.raises(sdk_errors.InvalidParamsError):
            await client.create_task_push_notification_config(
                a2a_pb2.TaskPushNotificationConfig(task_id=task_id, url="not a url")
            )
        await client.close()

    await in_asyncio(run)


async def test_cancelled_stream_leaves_the_task_running(
    grpc_server: RunningServer, workspace: Path
) -> None:
    def run() -> None:
        channel, a2a = stub(grpc_server)
        with channel:
            configuration = a2a_pb2.SendMessageConfiguration(return_immediately=True)
            sent = a2a.SendMessage(
                a2a_pb2.SendMessageRequest(
                    message=message("wait", workspace), configuration=configuration
                ),
                timeout=TIMEOUT,
            )
            task_id = sent.task.id
            stream = a2a.SubscribeToTask(a2a_pb2.SubscribeToTaskRequest(id=task_id))
            first = next(stream)
            assert first.task.id == task_id
            stream.cancel()
            with pytest.raises(grpc.RpcError) as cancelled:
                next(stream)
            assert cancelled.value.code() == grpc.StatusCode.CANCELLED
            # A deadline ends a stream the same way, and leaves the task alone too.
            short = a2a.SubscribeToTask(a2a_pb2.SubscribeToTaskRequest(id=task_id), timeout=0.3)
            with pytest.raises(grpc.RpcError) as expired:
                list(short)
            assert expired.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
            got = a2a.GetTask(a2a_pb2.GetTaskRequest(id=task_id), timeout=TIMEOUT)
            assert got.status.state == a2a_pb2.TaskState.TASK_STATE_WORKING
            canceled = a2a.CancelTask(a2a_pb2.CancelTaskRequest(id=task_id), timeout=TIMEOUT)
            assert canceled.status.state == a2a_pb2.TaskState.TASK_STATE_CANCELED

    await trio.to_thread.run_sync(run)


async def test_error_status_carries_error_info(grpc_server: RunningServer) -> None:
    def run() -> None:
        channel, a2a = stub(grpc_server)
        with channel:
            missing = refusal(a2a.GetTask, a2a_pb2.GetTaskRequest(id="absent"))
            assert missing.code() == grpc.StatusCode.NOT_FOUND
            info = error_info(missing)
            assert (info.reason, info.domain) == ("TASK_NOT_FOUND", "a2a-protocol.org")
            assert info.metadata["taskId"] == "absent"

            version = (("a2a-version", "9.9"),)
            with pytest.raises(grpc.RpcError) as old:
                a2a.GetTask(a2a_pb2.GetTaskRequest(id="x"), metadata=version, timeout=TIMEOUT)
            assert old.value.code() == grpc.StatusCode.UNIMPLEMENTED
            assert error_info(old.value).reason == "VERSION_NOT_SUPPORTED"

            with pytest.raises(grpc.RpcError) as bad:
                a2a.ListTasks(a2a_pb2.ListTasksRequest(page_size=1000), timeout=TIMEOUT)
            assert bad.value.code() == grpc.StatusCode.INVALID_ARGUMENT
            assert error_info(bad.value).reason == "INVALID_PARAMS"
            _, detail = status_of(bad.value).details
            violations = error_details_pb2.BadRequest()
            detail.Unpack(violations)
            assert violations.field_violations[0].field == "pageSize"

            with pytest.raises(grpc.RpcError) as empty:
                a2a.GetTask(a2a_pb2.GetTaskRequest(), timeout=TIMEOUT)
            assert empty.value.code() == grpc.StatusCode.INVALID_ARGUMENT

    await trio.to_thread.run_sync(run)


async def test_malformed_unknown_and_oversize_requests(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    server: RunningServer = await start_server(grpc_port=0, max_body_bytes=4096, max_json_depth=8)

    def run() -> None:
        channel, a2a = stub(server)
        with channel:
            # max-json-depth holds as over HTTP+JSON: here a Struct nests as deep as one likes.
            deep = message("say hi", workspace)
            deep.metadata.update({"deep": functools.reduce(lambda v, _: {"a": v}, range(10), {})})
            too_deep = refusal(a2a.SendMessage, a2a_pb2.SendMessageRequest(message=deep))
            assert too_deep.code() == grpc.StatusCode.INVALID_ARGUMENT
            assert "nesting exceeds 8 levels" in too_deep.details()

            raw = channel.unary_unary("/lf.a2a.v1.A2AService/GetTask")
            with pytest.raises(grpc.RpcError) as malformed:
                raw(b"\xff\xff\xff\xff not protobuf", timeout=TIMEOUT)
            assert malformed.value.code() == grpc.StatusCode.INVALID_ARGUMENT
            assert "lf.a2a.v1.GetTaskRequest" in malformed.value.details()

            unknown = channel.unary_unary("/lf.a2a.v1.A2AService/NoSuchMethod")
            with pytest.raises(grpc.RpcError) as missing:
                unknown(b"", timeout=TIMEOUT)
            assert missing.value.code() == grpc.StatusCode.UNIMPLEMENTED

            big = a2a_pb2.SendMessageRequest(message=message("x" * 10_000, workspace))
            with pytest.raises(grpc.RpcError) as oversize:
                a2a.SendMessage(big, timeout=TIMEOUT)
            assert oversize.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED

            # The server is still there.
            with pytest.raises(grpc.RpcError) as after:
                a2a.GetTask(a2a_pb2.GetTaskRequest(id="x"), timeout=TIMEOUT)
            assert after.value.code() == grpc.StatusCode.NOT_FOUND

    await trio.to_thread.run_sync(run)


async def test_auth_from_metadata(start_server: Callable[..., Any], workspace: Path) -> None:
    server: RunningServer = await start_server(grpc_port=0, token="s3cret")

    def run() -> None:
        channel, a2a = stub(server)
        with channel:
            for metadata in ((), (("authorization", "Bearer wrong"),)):
                with pytest.raises(grpc.RpcError) as refused:
                    a2a.GetTask(a2a_pb2.GetTaskRequest(id="x"), metadata=metadata, timeout=TIMEOUT)
                assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED
            with pytest.raises(grpc.RpcError) as refused_stream:
                list(a2a.SubscribeToTask(a2a_pb2.SubscribeToTaskRequest(id="x"), timeout=TIMEOUT))
            assert refused_stream.value.code() == grpc.StatusCode.UNAUTHENTICATED
            bearer = (("authorization", "Bearer s3cret"),)
            sent = a2a.SendMessage(
                a2a_pb2.SendMessageRequest(message=message("say in", workspace)),
                metadata=bearer,
                timeout=TIMEOUT,
            )
            assert sent.task.status.message.parts[0].text == "in"

    await trio.to_thread.run_sync(run)


async def test_tls(start_server: Callable[..., Any], tls_files: Any, workspace: Path) -> None:
    server: RunningServer = await start_server(
        grpc_port=0, tls_cert=tls_files.cert, tls_key=tls_files.key
    )
    ca = (tls_files.cert.parent / "ca.pem").read_bytes()

    def run() -> None:
        credentials = grpc.ssl_channel_credentials(root_certificates=ca)
        with grpc.secure_channel(f"127.0.0.1:{server.grpc_port}", credentials) as channel:
            a2a = a2a_pb2_grpc.A2AServiceStub(channel)
            sent = a2a.SendMessage(
                a2a_pb2.SendMessageRequest(message=message("say secure", workspace)),
                timeout=TIMEOUT,
            )
            assert sent.task.status.message.parts[0].text == "secure"
        with grpc.insecure_channel(f"127.0.0.1:{server.grpc_port}") as plain:
            with pytest.raises(grpc.RpcError) as refused:
                a2a_pb2_grpc.A2AServiceStub(plain).GetTask(
                    a2a_pb2.GetTaskRequest(id="x"), timeout=2
                )
            assert refused.value.code() == grpc.StatusCode.UNAVAILABLE

    await trio.to_thread.run_sync(run)


async def test_grpc_alone(start_server: Callable[..., Any], workspace: Path) -> None:
    server: RunningServer = await start_server(transport="grpc", port=0)

    def run() -> None:
        channel, a2a = stub(server)
        with channel:
            card = a2a.GetExtendedAgentCard(a2a_pb2.GetExtendedAgentCardRequest(), timeout=TIMEOUT)
            assert [i.protocol_binding for i in card.supported_interfaces] == ["GRPC"]
            sent = a2a.SendMessage(
                a2a_pb2.SendMessageRequest(message=message("say alone", workspace)),
                timeout=TIMEOUT,
            )
            assert sent.task.status.message.parts[0].text == "alone"

    await trio.to_thread.run_sync(run)


async def test_shutdown_ends_open_streams(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    # As over SSE: at the end of the grace the turn is interrupted, and the stream still
    # carries the task's last state (INPUT_REQUIRED, resumable) before it ends with OK.
    server: RunningServer = await start_server(grpc_port=0, shutdown_grace_seconds=0.5)
    channel, a2a = stub(server)
    opened = trio.Event()
    events: list[a2a_pb2.StreamResponse] = []
    outcome: list[grpc.StatusCode] = []

    def watch() -> None:
        stream = a2a.SendStreamingMessage(
            a2a_pb2.SendMessageRequest(message=message("wait", workspace)), timeout=TIMEOUT
        )
        events.append(next(stream))
        trio.from_thread.run_sync(opened.set)
        try:
            events.extend(stream)
        except grpc.RpcError as exc:
            outcome.append(exc.code())
        else:
            outcome.append(grpc.StatusCode.OK)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(trio.to_thread.run_sync, watch)
        with trio.fail_after(TIMEOUT):
            await opened.wait()
        server.stop()
        await trio.sleep(0.05)  # within the grace (the stream keeps the server busy)
        # A call arriving meanwhile is refused as JSON-RPC refuses it: busy, retry later.
        late = await trio.to_thread.run_sync(refusal, a2a.GetTask, a2a_pb2.GetTaskRequest(id="x"))
        assert late.code() == grpc.StatusCode.UNAVAILABLE
        assert error_info(late).reason == "RESOURCE_EXHAUSTED"
        with trio.fail_after(TIMEOUT):
            await server.stopped.wait()
    channel.close()
    assert outcome == [grpc.StatusCode.OK]
    last = events[-1]
    assert last.status_update.status.state == a2a_pb2.TaskState.TASK_STATE_INPUT_REQUIRED


async def test_limits_extensions_and_busy(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    server: RunningServer = await start_server(
        grpc_port=0,
        grpc_max_concurrent_rpcs=2,
        max_concurrent_turns=1,
        required_extensions=("urn:example:required",),
    )
    extension = (("a2a-extensions", "urn:example:other, urn:example:required"),)

    def run() -> None:
        channel, a2a = stub(server)
        with channel:
            missing = refusal(a2a.GetTask, a2a_pb2.GetTaskRequest(id="x"))
            assert missing.code() == grpc.StatusCode.FAILED_PRECONDITION
            assert error_info(missing).reason == "EXTENSION_SUPPORT_REQUIRED"

            # One turn at a time (max-concurrent-turns: 1): the second is refused, retryably.
            waiting = a2a.SendStreamingMessage(
                a2a_pb2.SendMessageRequest(message=message("wait", workspace)),
                metadata=extension,
                timeout=TIMEOUT,
            )
            task_id = next(waiting).task.id
            with pytest.raises(grpc.RpcError) as busy:
                a2a.SendMessage(
                    a2a_pb2.SendMessageRequest(message=message("say hi", workspace)),
                    metadata=extension,
                    timeout=TIMEOUT,
                )
            assert busy.value.code() == grpc.StatusCode.UNAVAILABLE
            info = error_info(busy.value)
            assert (info.reason, info.domain) == ("RESOURCE_EXHAUSTED", "iac-code")

            # Two calls in progress at most (grpc-max-concurrent-rpcs: 2): a third is refused.
            second = a2a.SubscribeToTask(
                a2a_pb2.SubscribeToTaskRequest(id=task_id), metadata=extension, timeout=TIMEOUT
            )
            next(second)
            with pytest.raises(grpc.RpcError) as full:
                a2a.GetTask(a2a_pb2.GetTaskRequest(id=task_id), metadata=extension, timeout=2)
            assert full.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            second.cancel()
            waiting.cancel()
            # The server frees their slots once grpcio has seen the cancellations.
            for _ in range(100):
                try:
                    canceled = a2a.CancelTask(
                        a2a_pb2.CancelTaskRequest(id=task_id), metadata=extension, timeout=TIMEOUT
                    )
                    break
                except grpc.RpcError as exc:
                    assert exc.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                    time.sleep(0.05)
            assert canceled.status.state == a2a_pb2.TaskState.TASK_STATE_CANCELED

    await trio.to_thread.run_sync(run)


async def test_a_failure_in_a_stream_says_nothing_of_itself(
    grpc_server: RunningServer, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from iaccode.a2a import grpc_codec

    def broken(event: Any) -> bytes:
        raise RuntimeError("secret at /srv/private/path")

    monkeypatch.setattr(grpc_codec, "encode_event", broken)

    def run() -> None:
        channel, a2a = stub(grpc_server)
        with channel:
            stream = a2a.SendStreamingMessage(
                a2a_pb2.SendMessageRequest(message=message("say hi", workspace)), timeout=TIMEOUT
            )
            with pytest.raises(grpc.RpcError) as failed:
                list(stream)
            assert failed.value.code() == grpc.StatusCode.INTERNAL
            assert "secret" not in failed.value.details()
            assert error_info(failed.value).reason == "INTERNAL_ERROR"
            # The server goes on.
            missing = refusal(a2a.GetTask, a2a_pb2.GetTaskRequest(id="x"))
            assert missing.code() == grpc.StatusCode.NOT_FOUND

    await trio.to_thread.run_sync(run)


async def test_an_answer_is_not_held_to_the_request_limit(
    start_server: Callable[..., Any], workspace: Path
) -> None:
    # max-body-bytes bounds what a client sends, as over HTTP; a task that grew larger (a long
    # reply) is still answered, as JSON-RPC answers it.
    server: RunningServer = await start_server(grpc_port=0, max_body_bytes=4096)

    def run() -> None:
        channel, a2a = stub(server)
        with channel:
            sent = a2a.SendMessage(
                a2a_pb2.SendMessageRequest(message=message("stream 1000", workspace)),
                timeout=TIMEOUT,
            )
            assert sent.ByteSize() > 4096
            got = a2a.GetTask(a2a_pb2.GetTaskRequest(id=sent.task.id), timeout=TIMEOUT)
            assert got.ByteSize() > 4096

    await trio.to_thread.run_sync(run)


async def test_get_task_answers_follow_every_change(
    grpc_server: RunningServer, workspace: Path
) -> None:
    """A polled task's answer is serialized once per change and kept (`protojson.KeptByTask`):
    its bytes are always those of a fresh encoding of what the service answers now."""
    channel, a2a = stub(grpc_server)
    raw_get = channel.unary_unary("/lf.a2a.v1.A2AService/GetTask")

    def get(task_id: str) -> bytes:
        request = a2a_pb2.GetTaskRequest(id=task_id, history_length=2).SerializeToString()
        answer: bytes = raw_get(request, timeout=TIMEOUT)
        return answer

    async def fresh(task_id: str) -> bytes:
        task = await grpc_server.service.get_task(
            m.GetTaskRequest(id=task_id, history_length=2), CallContext()
        )
        return grpc_codec.encode_result("GetTask", task)

    with channel:
        sent = await trio.to_thread.run_sync(
            lambda: a2a.SendMessage(
                a2a_pb2.SendMessageRequest(message=message("hi", workspace)), timeout=TIMEOUT
            )
        )
        task_id = sent.task.id
        first = await trio.to_thread.run_sync(get, task_id)
        assert await trio.to_thread.run_sync(get, task_id) == first == await fresh(task_id)

        follow_up = message("again", workspace, task_id=task_id, context_id=sent.task.context_id)
        await trio.to_thread.run_sync(
            lambda: a2a.SendMessage(a2a_pb2.SendMessageRequest(message=follow_up), timeout=TIMEOUT)
        )
        after = await trio.to_thread.run_sync(get, task_id)
        assert after != first
        assert after == await fresh(task_id)
