"""The Redis Streams transport against a real redis-server, with a client written with redis-py.

Every test uses streams and a group of its own, so the session's redis-server is shared safely.
"""

from __future__ import annotations

import collections
import importlib.util
import itertools
import os
import signal
import subprocess
import sys
import threading
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
import redis
import trio
from redis.typing import EncodableT, FieldT

from iaccode import fronts
from iaccode.a2a.dispatch import Dispatcher
from iaccode.cli import main
from iaccode.config import ConfigError, load_config
from iaccode.server import RunningServer
from iaccode.transports.redis_streams import RedisStreamsTransport, StreamSettings
from iaccode.wire import json
from tests.process import ServerProcess
from tests.redis_process import RedisProcess
from tests.transports.test_lines import (
    CANCELED,
    INPUT_REQUIRED,
    WORKING,
    message,
    state_of,
    text_of,
)

_ids = itertools.count(1)


@attrs.frozen
class Streams:
    """A test's own request stream, response stream and group."""

    url: str
    requests: str
    responses: str
    group: str

    def config(self, **extra: Any) -> dict[str, Any]:
        return {
            "transport": "redis-streams",
            "redis_url": self.url,
            "request_stream": self.requests,
            "response_stream": self.responses,
            "consumer_group": self.group,
            **extra,
        }


@attrs.frozen
class Answer:
    payload: Any
    final: bool
    consumer: str


class StreamClient:
    """Sends request entries; sorts the response entries by correlation_id, in arrival order."""

    def __init__(self, streams: Streams) -> None:
        self.streams = streams
        self.redis = redis.Redis.from_url(streams.url, socket_timeout=5)
        self._cursor = "0-0"
        self.seen: list[bytes] = []  # the correlation_id of every answer entry, in order
        self._answers: dict[bytes, collections.deque[Answer]] = collections.defaultdict(
            collections.deque
        )

    async def run(self, fn: Callable[[redis.Redis], Any]) -> Any:
        return await trio.to_thread.run_sync(fn, self.redis)

    async def add(self, **fields: str | bytes) -> None:
        entry: dict[FieldT, EncodableT] = {}
        entry.update(fields.items())
        await self.run(lambda r: r.xadd(self.streams.requests, entry))

    async def send(
        self,
        rid: object,
        method: str,
        params: dict[str, Any] | None = None,
        **fields: str,
    ) -> str:
        """XADD one JSON-RPC request; returns its correlation_id."""
        body: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params or {}}
        if rid is not None:
            body["id"] = rid
        correlation = f"c-{next(_ids)}"
        await self.add(correlation_id=correlation, payload=json.dumps(body), **fields)
        return correlation

    async def next(self, correlation: str, seconds: float = 10) -> Answer:
        key = correlation.encode()
        with trio.fail_after(seconds):
            while not self._answers[key]:
                await self._read()
        return self._answers[key].popleft()

    async def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        correlation = await self.send(next(_ids), method, params)
        answer = await self.next(correlation)
        assert answer.final
        payload: dict[str, Any] = answer.payload
        return payload

    async def stream(self, correlation: str, rid: object) -> list[dict[str, Any]]:
        """The events up to the final entry (checked, not returned)."""
        events = []
        while not (answer := await self.next(correlation)).final:
            events.append(answer.payload)
        assert answer.payload == {"jsonrpc": "2.0", "id": rid}
        return events

    async def _read(self) -> None:
        def read(r: redis.Redis) -> Any:
            return r.xread({self.streams.responses: self._cursor}, count=100, block=100)

        for _, entries in await self.run(read) or []:
            for entry_id, fields in entries:
                self._cursor = entry_id.decode()
                answer = Answer(
                    json.loads(fields[b"payload"]),
                    fields[b"final"] == b"true",
                    fields[b"consumer"].decode(),
                )
                self.seen.append(fields[b"correlation_id"])
                self._answers[fields[b"correlation_id"]].append(answer)

    async def pending(self) -> list[dict[str, Any]]:
        def run(r: redis.Redis) -> Any:
            try:
                return r.xpending_range(self.streams.requests, self.streams.group, "-", "+", 100)
            except redis.ResponseError:  # NOGROUP: no server has created the group yet
                return []

        result: list[dict[str, Any]] = await self.run(run)
        return result

    async def settled(self, seconds: float = 10) -> None:
        """Wait until every request entry is answered and gone."""
        with trio.fail_after(seconds):
            while await self.pending() or await self.run(lambda r: r.xlen(self.streams.requests)):
                await trio.sleep(0.02)


def unique_streams(url: str) -> Streams:
    prefix = f"test:{uuid.uuid4().hex[:12]}"
    return Streams(url, f"{prefix}:requests", f"{prefix}:responses", f"{prefix}:group")


@pytest.fixture
def streams(redis_server: RedisProcess) -> Streams:
    return unique_streams(redis_server.url)


@pytest.fixture
def client(streams: Streams) -> Iterator[StreamClient]:
    client = StreamClient(streams)
    yield client
    client.redis.close()


@pytest.fixture
async def served(start_server: Callable[..., Any], streams: Streams) -> RunningServer:
    running: RunningServer = await start_server(**streams.config(consumer_name="server"))
    return running


async def test_conversation_with_follow_up_stream_cancel_and_subscribe(
    served: RunningServer, client: StreamClient, workspace: Path
) -> None:
    first = await client.call("SendMessage", {"message": message("say one", workspace)})
    task = first["result"]["task"]
    follow = message("say two", workspace, taskId=task["id"])
    second = await client.call("SendMessage", {"message": follow})
    assert [text_of(m) for m in second["result"]["task"]["history"]] == [
        "say one",
        "one",
        "say two",
        "two",
    ]

    streamed = message("stream 2", workspace, contextId=task["contextId"])
    correlation = await client.send("s", "SendStreamingMessage", {"message": streamed})
    events = await client.stream(correlation, "s")
    assert [state_of(e) for e in events] == ["TASK_STATE_SUBMITTED"] + [WORKING] * 3 + [
        INPUT_REQUIRED
    ]
    assert {e["id"] for e in events} == {"s"}

    waiting = message("say go\nwait", workspace)
    running = await client.send("w", "SendStreamingMessage", {"message": waiting})
    waiting_id = (await client.next(running)).payload["result"]["task"]["id"]
    while state_of((await client.next(running)).payload) != WORKING:
        pass
    watching = await client.send(7, "SubscribeToTask", {"id": waiting_id})
    snapshot = (await client.next(watching)).payload
    assert snapshot["result"]["task"]["id"] == waiting_id
    canceled = await client.call("CancelTask", {"id": waiting_id})
    assert state_of(canceled) == CANCELED
    assert state_of((await client.stream(running, "w"))[-1]) == CANCELED
    assert state_of((await client.stream(watching, 7))[-1]) == CANCELED
    await client.settled()  # acked and deleted, every one


async def test_answer_entries_name_their_request_and_consumer(
    served: RunningServer, client: StreamClient, streams: Streams
) -> None:
    correlation = await client.send(1, "ListTasks")
    answer = await client.next(correlation)
    assert answer.final and answer.consumer == "server"
    assert answer.payload["id"] == 1 and "result" in answer.payload
    # A request may name its own reply stream.
    own = f"{streams.responses}:own"
    mine = StreamClient(attrs.evolve(streams, responses=own))
    try:
        correlation = await mine.send(2, "ListTasks", reply_stream=own)
        assert "result" in (await mine.next(correlation)).payload
    finally:
        mine.redis.close()
    await client.settled()


async def test_malformed_entries(
    served: RunningServer, client: StreamClient, streams: Streams
) -> None:
    await client.add(correlation_id="bad-json", payload="{not json")
    await client.add(correlation_id="not-object", payload="[1, 2]")
    await client.add(correlation_id="no-payload")
    await client.add(payload=json.dumps({"jsonrpc": "2.0", "id": 9, "method": "ListTasks"}))
    await client.add(correlation_id="no-id", payload=b'{"jsonrpc":"2.0","method":"ListTasks"}')
    await client.run(lambda r: r.set(f"{streams.responses}:string", "x"))
    await client.add(
        correlation_id="wrong-type",
        reply_stream=f"{streams.responses}:string",
        payload=b'{"jsonrpc":"2.0","id":1,"method":"ListTasks"}',
    )
    for correlation, code in (("bad-json", -32700), ("not-object", -32600), ("no-payload", -32600)):
        answer = await client.next(correlation)
        assert answer.final
        assert answer.payload["id"] is None and answer.payload["error"]["code"] == code
    await client.settled()  # the unanswerable ones are acked and deleted too
    # Nothing came for them, and the server still serves.
    correlation = await client.send(1, "ListTasks")
    assert "result" in (await client.next(correlation)).payload
    assert sorted(client.seen[:-1]) == [b"bad-json", b"no-payload", b"not-object"]
    assert client.seen[-1] == correlation.encode()


async def test_redis_restart_while_serving(
    start_server: Callable[..., Any],
    tmp_path: Path,
    workspace: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    own = RedisProcess(tmp_path / "redis")
    own.start()
    streams = unique_streams(own.url)
    client = StreamClient(streams)
    try:
        await start_server(**streams.config())
        reply = await client.call("SendMessage", {"message": message("say before", workspace)})
        assert state_of(reply) == INPUT_REQUIRED
        own.stop()
        with trio.fail_after(10):
            while "unavailable" not in caplog.text:  # the server noticed, and keeps trying
                await trio.sleep(0.01)
        own.start()  # empty: the group is gone and must be created again
        client.redis.close()
        client = StreamClient(streams)
        correlation = await client.send(
            2, "SendMessage", {"message": message("say after", workspace)}
        )
        answer = await client.next(correlation, seconds=20)
        assert text_of(answer.payload["result"]["task"]["status"]["message"]) == "after"
        await client.settled()
    finally:
        client.redis.close()
        own.stop()


async def test_cancelled_consumer_leaves_its_request_to_be_taken_over(
    server: RunningServer, client: StreamClient, streams: Streams, workspace: Path
) -> None:
    dispatcher = Dispatcher(server.service, max_body=1 << 20, max_depth=64)

    def settings(consumer: str) -> StreamSettings:
        return StreamSettings(
            url=streams.url,
            request_stream=streams.requests,
            response_stream=streams.responses,
            group=streams.group,
            consumer=consumer,
            lease_ms=300,
        )

    async with trio.open_nursery() as nursery:
        first = RedisStreamsTransport(settings("first"))
        async with trio.open_nursery() as serving:
            await serving.start(first.serve, dispatcher)
            params = {"message": message("sleep 0.5\nsay done", workspace)}
            correlation = await client.send(1, "SendMessage", params)
            with trio.fail_after(10):
                while [p["consumer"] for p in await client.pending()] != [b"first"]:
                    await trio.sleep(0.01)
            serving.cancel_scope.cancel()  # as a shutdown does, mid-request
        await first.aclose()
        assert [p["consumer"] for p in await client.pending()] == [b"first"]  # not acked
        second = RedisStreamsTransport(settings("second"))
        nursery.start_soon(second.serve, dispatcher)
        answer = await client.next(correlation)
        assert answer.consumer == "second" and answer.final
        assert text_of(answer.payload["result"]["task"]["status"]["message"]) == "done"
        await client.settled()
        nursery.cancel_scope.cancel()
        await second.aclose()


async def test_a_live_consumer_keeps_its_long_request(
    start_server: Callable[..., Any],
    client: StreamClient,
    streams: Streams,
    tmp_path: Path,
    workspace: Path,
) -> None:
    for name in ("one", "two"):
        await start_server(
            **streams.config(consumer_name=name, request_lease_timeout_ms=200),
            persistence_dir=tmp_path / name,
        )
    params = {"message": message("sleep 1\nsay done", workspace)}
    correlation = await client.send(1, "SendMessage", params)
    owners = set()
    with trio.fail_after(10):
        while not client._answers[correlation.encode()]:
            owners |= {(p["consumer"], p["times_delivered"]) for p in await client.pending()}
            await client._read()
    assert len(owners) == 1 and next(iter(owners))[1] == 1  # never taken over
    answer = await client.next(correlation)
    assert answer.final and answer.consumer == next(iter(owners))[0].decode()


# -- real processes ------------------------------------------------------------------------------


class StreamServer(ServerProcess):
    """`iaccode a2a --transport redis-streams` as a process; started once it consumes."""

    def __init__(self, state_dir: Path, config: Path, workspace: Path) -> None:
        super().__init__(
            state_dir,
            allowed_cwds=[workspace],
            extra_args=["--transport", "redis-streams", "--config", str(config)],
        )

    def start(self, timeout: float = 15) -> StreamServer:
        self._proc = subprocess.Popen(
            self.args, env=self.env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True
        )

        def read() -> None:
            assert self._proc is not None and self._proc.stderr is not None
            for line in self._proc.stderr:
                self.lines.append(line)

        threading.Thread(target=read, daemon=True).start()
        try:
            self.wait_for_log("redis-streams: consuming", timeout)
        except AssertionError:
            self.kill()
            raise
        return self

    def sigkill(self) -> None:
        assert self._proc is not None
        self._proc.send_signal(signal.SIGKILL)
        self._proc.wait(10)


def write_config(path: Path, streams: Streams, **extra: Any) -> Path:
    values = {k: v for k, v in streams.config(**extra).items() if k != "transport"}
    path.write_text("".join(f"{k.replace('_', '-')}: {v}\n" for k, v in values.items()))
    return path


@pytest.fixture
async def processes(tmp_path: Path) -> AsyncIterator[list[StreamServer]]:
    started: list[StreamServer] = []
    yield started
    for process in started:
        process.kill()


async def test_two_server_processes_share_one_group(
    client: StreamClient,
    streams: Streams,
    tmp_path: Path,
    workspace: Path,
    processes: list[StreamServer],
) -> None:
    config = write_config(tmp_path / "a2a-server.yml", streams)
    for name in ("a", "b"):
        process = StreamServer(tmp_path / name, config, workspace)
        processes.append(process)
        await trio.to_thread.run_sync(process.start)
    consumers = set()
    for _ in range(12):  # one at a time: blocked readers take turns
        reply = await client.send(1, "SendMessage", {"message": message("say hi", workspace)})
        answer = await client.next(reply, seconds=15)
        assert state_of(answer.payload) == INPUT_REQUIRED
        consumers.add(answer.consumer)
    assert len(consumers) == 2  # <hostname>-<pid> of each
    await client.settled()


async def test_request_of_a_killed_server_is_taken_over(
    start_server: Callable[..., Any],
    client: StreamClient,
    streams: Streams,
    tmp_path: Path,
    workspace: Path,
    processes: list[StreamServer],
) -> None:
    config = write_config(
        tmp_path / "a2a-server.yml", streams, consumer_name="doomed", request_lease_timeout_ms=300
    )
    doomed = StreamServer(tmp_path / "doomed", config, workspace)
    processes.append(doomed)
    await trio.to_thread.run_sync(doomed.start)
    params = {"message": message("sleep 1\nsay done", workspace)}
    correlation = await client.send("x", "SendMessage", params)
    with trio.fail_after(10):
        while [p["consumer"] for p in await client.pending()] != [b"doomed"]:
            await trio.sleep(0.01)
    await trio.to_thread.run_sync(doomed.sigkill)
    await start_server(**streams.config(consumer_name="heir", request_lease_timeout_ms=300))
    answer = await client.next(correlation, seconds=15)
    assert answer.final and answer.consumer == "heir"
    assert text_of(answer.payload["result"]["task"]["status"]["message"]) == "done"
    await client.settled()


# -- configuration -------------------------------------------------------------------------------


def test_cli_runs_the_transport_and_refuses_a_bad_url(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "a2a-server.yml"
    config.write_text("redis-url: http://localhost/\n")
    assert main(["a2a", "--transport", "redis-streams", "--config", str(config)]) == 2
    assert capsys.readouterr().err == (
        "iaccode: config key 'redis-url' must be a redis://, rediss:// or unix:// URL\n"
    )


def test_missing_redis_extra_is_a_config_error(
    monkeypatch: pytest.MonkeyPatch, make_config: Callable[..., Any]
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        "importlib.util.find_spec", lambda name, *a: None if name == "redis" else real(name, *a)
    )
    with pytest.raises(
        ConfigError, match=r"needs the redis extra \(pip install 'iaccode\[redis\]'"
    ):
        load_config(None, {"transport": "redis-streams"}, environ={})
    monkeypatch.setitem(sys.modules, "iaccode.transports.redis_streams", None)
    with pytest.raises(ConfigError, match="needs the redis extra"):
        fronts.redis_streams(make_config(transport="redis-streams"))


def test_settings_follow_the_config(make_config: Callable[..., Any]) -> None:
    transport = fronts.redis_streams(
        make_config(transport="redis-streams", redis_url="redis://:secret@127.0.0.1:1/0")
    )
    assert transport.settings == StreamSettings(url="redis://:secret@127.0.0.1:1/0")
    assert "secret" not in transport.describe()
    assert transport.consumer.endswith(f"-{os.getpid()}")


@pytest.mark.parametrize(
    "url",
    [
        "redis://user:s3cret@127.0.0.1:6399/0",
        "redis://:p@ss@127.0.0.1:6399/0",  # an '@' in the password
        "redis://127.0.0.1:6399/0?password=s3cret",
        "rediss://admin:s3cret@[::1]:6399/0",
    ],
)
def test_logs_never_show_credentials(make_config: Callable[..., Any], url: str) -> None:
    transport = fronts.redis_streams(make_config(transport="redis-streams", redis_url=url))
    described = transport.describe()
    assert "s3cret" not in described and "ss@" not in described and "user" not in described
    assert "6399/0" in described


def test_an_absent_redis_is_one_clear_error_at_start_up(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "iaccode",
            "a2a",
            "--transport",
            "redis-streams",
            "--redis-url",
            "redis://:hunter2@127.0.0.1:9/0",
            "--persistence-dir",
            str(tmp_path / "state"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "cannot reach Redis at redis://127.0.0.1:9/0" in done.stderr
    assert "Traceback" not in done.stderr and "hunter2" not in done.stderr


def test_the_redis_url_comes_from_the_environment() -> None:
    from iaccode.config import load_config

    config = load_config(None, {}, {"IACCODE_A2A_REDIS_URL": "redis://redis.internal:6380/2"})
    assert config.redis_url == "redis://redis.internal:6380/2"
