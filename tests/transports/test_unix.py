"""The Unix socket transport on a real socket: the file's safety rules and a whole conversation."""

from __future__ import annotations

import os
import shutil
import socket
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import trio

from iaccode.a2a.dispatch import Dispatcher
from iaccode.server import RunningServer
from iaccode.transports.unix import SocketPathUnavailable, open_unix_listener, serve_unix
from iaccode.wire import json
from tests.transports.test_lines import (
    CANCELED,
    INPUT_REQUIRED,
    WORKING,
    LineClient,
    message,
    request,
    state_of,
    text_of,
)


@pytest.fixture
def dispatcher(server: RunningServer) -> Dispatcher:
    return Dispatcher(server.service, max_body=1 << 20, max_depth=64)


@pytest.fixture
def sock_dir() -> Iterator[Path]:
    """A short directory: pytest's tmp_path can exceed the 107 bytes a socket path may have."""
    path = Path(tempfile.mkdtemp(prefix="iaccode-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


async def start(nursery: trio.Nursery, dispatcher: Dispatcher, path: Path) -> trio.CancelScope:
    """Serve in a task of its own; cancelling the returned scope stops it."""
    scope = trio.CancelScope()

    async def run(task_status: trio.TaskStatus[Path]) -> None:
        with scope:
            await serve_unix(dispatcher, path, max_line=1 << 20, task_status=task_status)

    assert await nursery.start(run) == path
    return scope


async def client(path: Path) -> tuple[trio.SocketStream, LineClient]:
    stream = await trio.open_unix_socket(path)
    return stream, LineClient(stream, stream)


async def assert_served(path: Path) -> None:
    """A client on `path` gets answers."""
    stream, lines = await client(path)
    async with stream:
        assert "result" in await lines.call("ListTasks")


async def removed(path: Path) -> None:
    with trio.fail_after(5):
        while path.exists():
            await trio.sleep(0.01)


async def test_socket_is_owner_only_and_removed_on_exit(
    nursery: trio.Nursery, dispatcher: Dispatcher, sock_dir: Path
) -> None:
    path = sock_dir / "a2a.sock"
    scope = await start(nursery, dispatcher, path)
    status = path.lstat()
    assert stat.S_ISSOCK(status.st_mode)
    assert stat.S_IMODE(status.st_mode) == 0o600
    assert os.listdir(sock_dir) == ["a2a.sock"]  # the private bind directory is gone
    await assert_served(path)
    scope.cancel()
    await removed(path)
    assert os.listdir(sock_dir) == []


async def test_a_listener_opened_first_is_served_and_removed(
    nursery: trio.Nursery, dispatcher: Dispatcher, sock_dir: Path
) -> None:
    path = sock_dir / "a2a.sock"
    listener = await open_unix_listener(path)
    assert stat.S_IMODE(path.lstat().st_mode) == 0o600
    scope = trio.CancelScope()

    async def run(task_status: trio.TaskStatus[Path]) -> None:
        with scope:
            await serve_unix(dispatcher, listener, max_line=1024, task_status=task_status)

    assert await nursery.start(run) == path
    await assert_served(path)
    scope.cancel()
    await removed(path)
    unused = await open_unix_listener(sock_dir / "unused.sock")
    await unused.aclose()
    assert os.listdir(sock_dir) == []


async def test_missing_parent_directory_is_created_private(
    nursery: trio.Nursery, dispatcher: Dispatcher, sock_dir: Path
) -> None:
    path = sock_dir / "run" / "a2a.sock"
    await start(nursery, dispatcher, path)
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


async def test_stale_socket_is_replaced(
    nursery: trio.Nursery, dispatcher: Dispatcher, sock_dir: Path
) -> None:
    path = sock_dir / "a2a.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as dead:
        dead.bind(os.fspath(path))  # a server that died without cleaning up
    stale = path.lstat().st_ino
    await start(nursery, dispatcher, path)
    assert path.lstat().st_ino != stale
    await assert_served(path)


async def test_live_socket_is_refused_and_left_alone(
    nursery: trio.Nursery, dispatcher: Dispatcher, sock_dir: Path
) -> None:
    path = sock_dir / "a2a.sock"
    await start(nursery, dispatcher, path)
    live = path.lstat().st_ino
    with pytest.raises(SocketPathUnavailable, match="another server is listening"):
        await serve_unix(dispatcher, path, max_line=1024)
    assert path.lstat().st_ino == live
    await assert_served(path)


async def test_other_files_are_never_replaced(dispatcher: Dispatcher, sock_dir: Path) -> None:
    path = sock_dir / "notes.txt"
    path.write_text("keep me")
    with pytest.raises(SocketPathUnavailable, match="not a socket"):
        await serve_unix(dispatcher, path, max_line=1024)
    assert path.read_text() == "keep me"
    too_long = sock_dir / ("x" * 120)
    with pytest.raises(SocketPathUnavailable, match="at most"):
        await serve_unix(dispatcher, too_long, max_line=1024)
    assert sorted(os.listdir(sock_dir)) == ["notes.txt"]


async def test_conversation_with_follow_up_stream_and_cancel(
    nursery: trio.Nursery, dispatcher: Dispatcher, sock_dir: Path, workspace: Path
) -> None:
    path = sock_dir / "a2a.sock"
    await start(nursery, dispatcher, path)
    stream, lines = await client(path)
    async with stream:
        first = await lines.call("SendMessage", {"message": message("say one", workspace)})
        task = first["result"]["task"]
        follow = message("say two", workspace, taskId=task["id"])
        second = await lines.call("SendMessage", {"message": follow})
        assert [text_of(m) for m in second["result"]["task"]["history"]] == [
            "say one",
            "one",
            "say two",
            "two",
        ]
        streamed = message("stream 2", workspace, contextId=task["contextId"])
        await lines.send(request("s", "SendStreamingMessage", {"message": streamed}))
        events = await lines.stream("s")
        assert state_of(events[-1]) == INPUT_REQUIRED

        waiting = message("say go\nwait", workspace)
        await lines.send(request("w", "SendStreamingMessage", {"message": waiting}))
        waiting_id = (await lines.next("w"))["result"]["task"]["id"]
        while state_of(await lines.next("w")) != WORKING:
            pass
        canceled = await lines.call("CancelTask", {"id": waiting_id})
        assert state_of(canceled) == CANCELED
        assert state_of((await lines.stream("w"))[-1]) == CANCELED


async def test_half_closed_client_still_gets_its_answer(
    nursery: trio.Nursery, dispatcher: Dispatcher, sock_dir: Path, workspace: Path
) -> None:
    path = sock_dir / "a2a.sock"
    await start(nursery, dispatcher, path)
    stream, lines = await client(path)
    async with stream:
        params = {"message": message("sleep 0.2\nsay late", workspace)}
        await lines.send(request(1, "SendMessage", params))
        await stream.send_eof()
        raw = await lines.rest()
    assert len(raw) == 1
    assert state_of(await lines.next(1)) == INPUT_REQUIRED


async def test_connections_are_independent(
    nursery: trio.Nursery, dispatcher: Dispatcher, sock_dir: Path, workspace: Path
) -> None:
    path = sock_dir / "a2a.sock"
    await start(nursery, dispatcher, path)
    one, first = await client(path)
    two, second = await client(path)
    async with one, two:
        await first.send(request(1, "SendMessage", {"message": message("sleep 0.3", workspace)}))
        await one.aclose()  # goes away mid-request
        reply = await second.call("SendMessage", {"message": message("say hi", workspace)})
        assert state_of(reply) == INPUT_REQUIRED


async def test_a_closing_server_refuses_new_requests_and_counts_the_rest(
    nursery: trio.Nursery, dispatcher: Dispatcher, sock_dir: Path, workspace: Path
) -> None:
    path = sock_dir / "a2a.sock"
    await start(nursery, dispatcher, path)
    stream, lines = await client(path)
    async with stream:
        await lines.send(request(1, "SendMessage", {"message": message("sleep 0.3", workspace)}))
        with trio.fail_after(5):
            while not dispatcher.in_flight:  # read and counted while its turn runs
                await trio.sleep(0.01)
        dispatcher.close()  # the server's shutdown begins
        notification = {"jsonrpc": "2.0", "method": "GetTask", "params": {"id": "any"}}
        await stream.send_all(json.dumps(notification) + b"\n")  # answered by nothing
        refused = await lines.call("GetTask", {"id": "any"})
        assert refused["error"]["code"] == -32603
        assert refused["error"]["message"] == "Server shutting down; retry later"
        assert state_of(await lines.next(1)) == INPUT_REQUIRED  # admitted before: answered
    assert dispatcher.in_flight == 0
    assert len(lines.raw) == 2  # the refusal and the answer; nothing for the notification
