"""Push notification deliveries/s for both queues, against bare POSTs to the same receiver.

How the figure is taken, for each queue (`local-file`, `redis-streams`):

1. A receiver (this file, `receive PORT`, trio + h11, on CPU 1) is told to hold its answers.
2. An iaccode server (CPU 0, push on, loopback callbacks allowed, scenario engine) gets N
   SendMessage calls, each with an inline push config pointing at the receiver. Every turn ends
   at once (INPUT_REQUIRED), which is one push job per task. The worker's four claim loops each
   take a job and wait for the held answer; the other jobs stay queued.
3. Once the queue holds all N jobs, the receiver starts answering. The clock runs from that moment
   to the arrival of the N-th body. So the figure is the worker draining a full queue (claim,
   send-time URL check, header decryption, POST, ack), not how fast the bench can create tasks.

The floor (this file, `post URL N CONCURRENCY`, trio + h11, on CPU 0 like the server) POSTs the
same body with the same headers N times to the same receiver over four keep-alive connections,
the worker's concurrency: what the deliveries would cost with no queue and no HTTP client library.

redis-server is started on a free loopback port for the `redis-streams` line, the way
tests/redis_process.py does; without it (or without the `redis` extra) that line is skipped.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import h11
import httpx
import trio
from bench_common import (
    PYTHON,
    SCENARIO,
    Row,
    free_port,
    iaccode,
    message,
    pinned,
    process,
    rpc,
    run_trio,
    write_config,
)

HERE = Path(__file__).resolve()
WORKER_CONCURRENCY = 4  # PushWorker's default; iaccode has no setting for it
TOKEN = "bench-notification-token"
NOTE = (
    "push: N tasks, one push job each, queued while the receiver holds its answers; clocked from\n"
    "      the receiver's first answer to the N-th body received. Floor: a bare trio + h11 client\n"
    "      on the server's CPU POSTing the same body and headers N times to the same receiver\n"
    f"      over {WORKER_CONCURRENCY} keep-alive connections (the push worker's concurrency)."
)


# -- the receiver (a subprocess) -----------------------------------------------------------------


class Receiver:
    """Webhook on any path but /control/*; records arrival times; answers 200 when open."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.before_open = 0
        self.opened_at = 0.0
        self.gate = trio.Event()
        self.arrived = trio.Event()
        self.sample: tuple[bytes, list[tuple[str, str]]] | None = None
        self.reset(hold=False)

    def reset(self, *, hold: bool) -> None:
        self.gate.set()  # nobody stays held by an old gate
        self.times = []
        self.before_open = 0
        self.opened_at = 0.0
        self.gate = trio.Event()
        if not hold:
            self.gate.set()
        self.sample = None

    async def connection(self, stream: trio.SocketStream) -> None:
        conn = h11.Connection(h11.SERVER)
        try:
            while True:
                request, body = await read_message(conn, stream)
                if not isinstance(request, h11.Request):
                    return
                target = request.target.decode()
                if target.startswith("/control/"):
                    answer = await self.control(target)
                else:
                    self.times.append(time.monotonic())
                    if self.sample is None:
                        headers = [(n.decode(), v.decode()) for n, v in request.headers]
                        self.sample = (body, headers)
                    self.arrived.set()
                    self.arrived = trio.Event()
                    await self.gate.wait()
                    answer = b"ok"
                head = [("content-length", str(len(answer))), ("content-type", "text/plain")]
                out = conn.send(h11.Response(status_code=200, headers=head))
                await stream.send_all(
                    out + conn.send(h11.Data(data=answer)) + conn.send(h11.EndOfMessage())
                )
                if conn.our_state is not h11.DONE or conn.their_state is not h11.DONE:
                    return
                conn.start_next_cycle()
        except (trio.BrokenResourceError, trio.ClosedResourceError, h11.ProtocolError):
            return

    async def control(self, target: str) -> bytes:
        command, _, argument = target.removeprefix("/control/").partition("?")
        if command in ("hold", "reset"):  # forget everything; hold answers until "open"?
            self.reset(hold=command == "hold")
        elif command == "open":
            self.before_open = len(self.times)
            self.opened_at = time.monotonic()
            self.gate.set()
        elif command == "wait":  # until N bodies arrived (at most 120 s)
            count = int(argument.removeprefix("n="))
            with trio.move_on_after(120):
                while len(self.times) < count:
                    await self.arrived.wait()
            nth = self.times[count - 1] if len(self.times) >= count else None
            body, headers = self.sample or (b"", [])
            return json.dumps(
                {
                    "received": len(self.times),
                    "before_open": self.before_open,
                    "opened_at": self.opened_at,
                    "nth_at": nth,
                    "sample_body": body.decode(),
                    "sample_headers": headers,
                }
            ).encode()
        return b"{}"


async def read_message(conn: h11.Connection, stream: trio.SocketStream) -> tuple[Any, bytes]:
    """The next request or response and its whole body; (None, b"") when the peer closed."""
    head: Any = None
    body = b""
    while True:
        event = conn.next_event()
        if event is h11.NEED_DATA:
            data = await stream.receive_some(65536)
            if not data and head is None:
                return None, b""
            conn.receive_data(data)
        elif isinstance(event, h11.Request | h11.Response):
            head = event
        elif isinstance(event, h11.Data):
            body += bytes(event.data)
        elif isinstance(event, h11.EndOfMessage):
            return head, body
        elif isinstance(event, h11.ConnectionClosed):
            return None, b""


async def receive(port: int) -> None:
    await trio.serve_tcp(Receiver().connection, port, host="127.0.0.1")


# -- the floor client (a subprocess) -------------------------------------------------------------


async def post_many(url: str, count: int, concurrency: int, spec: dict[str, Any]) -> float:
    """POST `spec`'s body and headers `count` times, `concurrency` connections; the seconds."""
    parsed = httpx.URL(url)
    body = spec["body"].encode()
    headers = [(n, v) for n, v in spec["headers"] if n.lower() != "host"]
    headers.append(("host", f"{parsed.host}:{parsed.port}"))
    left = iter(range(count))

    async def client() -> None:
        async with await trio.open_tcp_stream(parsed.host, parsed.port) as stream:
            conn = h11.Connection(h11.CLIENT)
            for _ in left:
                request = h11.Request(method="POST", target=parsed.raw_path, headers=headers)
                out = conn.send(request) + conn.send(h11.Data(data=body))
                await stream.send_all(out + conn.send(h11.EndOfMessage()))
                response, _ = await read_message(conn, stream)
                assert isinstance(response, h11.Response) and response.status_code == 200
                conn.start_next_cycle()

    start = time.monotonic()
    async with trio.open_nursery() as nursery:
        for _ in range(concurrency):
            nursery.start_soon(client)
    return time.monotonic() - start


def floor_rate(receiver: str, count: int, spec: dict[str, Any]) -> float:
    httpx.post(f"{receiver}/control/reset")
    args = [PYTHON, str(HERE), "post", f"{receiver}/hook", str(count), str(WORKER_CONCURRENCY)]
    done = subprocess.run(
        pinned(0, args), input=json.dumps(spec), capture_output=True, text=True, check=True
    )
    return count / float(done.stdout)


# -- the figure ----------------------------------------------------------------------------------


@contextlib.contextmanager
def redis_server(directory: Path) -> Iterator[str]:
    """A throwaway redis-server on a free loopback port, on CPU 1; yields its URL."""
    import redis

    binary = shutil.which("redis-server")
    assert binary is not None
    directory.mkdir(parents=True, exist_ok=True)
    port = free_port()
    args = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
    args += ["--appendonly", "no", "--dir", str(directory)]
    proc = subprocess.Popen(pinned(1, args), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        client = redis.Redis(port=port, socket_connect_timeout=0.2)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.02)
        client.close()
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


def redis_missing() -> str | None:
    if shutil.which("redis-server") is None:
        return "redis-server is not installed (apt-get install redis-server)"
    if importlib.util.find_spec("redis") is None:
        return "the redis extra is not installed (pip install 'iaccode[redis]')"
    return None


async def create_tasks(url: str, count: int, work: Path, hook: str) -> None:
    """`count` SendMessage calls, 16 at a time, each with an inline push config."""
    push = {"url": hook, "token": TOKEN}
    body = rpc(
        "SendMessage",
        {
            "message": message("say pushed", work),
            "configuration": {"taskPushNotificationConfig": push},
        },
    )
    left = iter(range(count))
    async with httpx.AsyncClient(headers={"A2A-Version": "1.0"}, timeout=60) as client:

        async def sender() -> None:
            for _ in left:
                answer = (await client.post(url, json=body)).json()
                if "result" not in answer:
                    raise RuntimeError(f"SendMessage failed: {answer}")

        async with trio.open_nursery() as nursery:
            for _ in range(16):
                nursery.start_soon(sender)


def queued(state: Path, redis_url: str | None) -> int:
    """Jobs in the queue (pending and claimed): read from the queue's own storage."""
    if redis_url is None:
        root = state / "push_queue"
        return sum(len(list((root / d).glob("*.json"))) for d in ("pending", "inflight"))
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        return int(client.xlen("iac-code:a2a:push"))
    finally:
        client.close()


def deliveries_per_second(
    queue: str, work: Path, env: dict[str, str], receiver: str, count: int
) -> tuple[float, dict[str, Any]]:
    """The push worker's deliveries/s for one queue, and what the receiver saw."""
    state = work / f"push-{queue}"
    state.mkdir()
    with contextlib.ExitStack() as stack:
        redis_url = (
            stack.enter_context(redis_server(work / "redis")) if queue != "local-file" else None
        )
        settings: dict[str, object] = {
            "push-notifications": True,
            "push-allow-loopback": True,
            "push-queue": queue,
            "push-timeout-seconds": 120,  # the held answers must not time out
            "max-concurrent-turns": 64,
        }
        if redis_url:
            settings["push-redis-url"] = redis_url
        config = write_config(state / "a2a-server.yml", settings)
        port = free_port()
        args = iaccode(port, state, SCENARIO, "--config", str(config))
        stack.enter_context(process(args, port, env))
        httpx.post(f"{receiver}/control/hold")
        run_trio(create_tasks, f"http://127.0.0.1:{port}/", count, work, f"{receiver}/hook")
        deadline = time.monotonic() + 30
        while (jobs := queued(state, redis_url)) < count:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{queue}: {jobs} of {count} push jobs queued after 30 s")
            time.sleep(0.01)
        httpx.post(f"{receiver}/control/open")
        seen = httpx.get(f"{receiver}/control/wait?n={count}", timeout=130).json()
    if seen["nth_at"] is None:
        raise RuntimeError(f"{queue}: only {seen['received']} of {count} pushes arrived")
    return (count - seen["before_open"]) / (seen["nth_at"] - seen["opened_at"]), seen


def push_rows(work: Path, env: dict[str, str], count: int) -> list[Row]:
    port = free_port()
    receiver = f"http://127.0.0.1:{port}"
    rows: list[Row] = []
    with process([PYTHON, str(HERE), "receive", str(port)], port, cpu=1, ready="/control/ping"):
        for queue in ("local-file", "redis-streams"):
            figure = f"push deliveries/s, {queue} ({count} jobs)"
            missing = redis_missing() if queue == "redis-streams" else None
            if missing:
                rows.append((figure, f"skipped: {missing}", "-", "-", ""))
                continue
            mine, seen = deliveries_per_second(queue, work, env, receiver, count)
            spec = {"body": seen["sample_body"], "headers": seen["sample_headers"]}
            base = floor_rate(receiver, count, spec)
            rows.append(
                (
                    figure,
                    f"{mine:,.0f} deliveries/s",
                    f"{base:,.0f} POSTs/s (bare client, {WORKER_CONCURRENCY} conns)",
                    f"{mine / base:.2f}",
                    "",
                )
            )
    return rows


def main() -> None:
    if sys.argv[1] == "receive":
        trio.run(receive, int(sys.argv[2]))
    elif sys.argv[1] == "post":
        spec = json.loads(sys.stdin.read())
        seconds = trio.run(post_many, sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), spec)
        print(seconds)
    else:
        sys.exit("usage: bench_push.py receive PORT | post URL COUNT CONCURRENCY < spec.json")


if __name__ == "__main__":
    main()
