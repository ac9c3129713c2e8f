"""Fuzz the JSON-RPC dispatcher (`iaccode.a2a.dispatch.Dispatcher.dispatch`) against the real A2A
core: the service, task store (SQLite), supervisor and turns, with a small scripted engine.

Run with atheris installed: `scripts/fuzz dispatch`, or `python fuzz/fuzz_dispatch.py
fuzz/corpus/dispatch`. The tests replay the corpus through `check_input` against the test
server, without atheris.

An input is a few request bodies, one per line, sent in order as one client would. Before a body
is sent, `@taskId`, `@contextId`, `@id`, `@inputId`, `@toolUseId` and `@pageToken` are replaced by
the latest value of that member (`nextPageToken` for the last) in an earlier answer, so that
follow-ups, cancels, subscriptions and permission answers reach the tasks the input created, and
`@cwd` by the server's workspace directory. The engine is steered by the first
word of the message text: `ask` pauses for input, `permission` asks to write a file, `artifact`
stores one, `done` completes, anything else echoes and waits for the next message.

Under atheris one server runs for the whole session in a background thread (its state grows as
a long-running server's does). Invariants:
- `dispatch` returns, and no iaccode logger reports an error (the dispatcher logs every
  unexpected exception as an internal error), within 10 s per request;
- a reply is a JSON-RPC 2.0 response with the request's id, or nothing for a notification; an
  error has a code the specification defines and the data shape of its dialect;
- a stream is a sequence of such responses and ends.
"""

from __future__ import annotations

import functools
import logging
import re
import sys
import tempfile
import threading
import types
from pathlib import Path
from typing import Any

import trio

from iaccode.a2a import legacy
from iaccode.a2a.dispatch import Dispatcher, JsonReply, NoReply, RequestMeta, StreamReply
from iaccode.agent.engine import TurnInput, TurnOutput, TurnResult
from iaccode.agent.permissions import PermissionRequest
from iaccode.config import Config
from iaccode.model.a2a import Artifact, Part, TaskState
from iaccode.server import RunningServer, serve
from iaccode.wire import json, jsonrpc

ENGINE = "_iaccode_fuzz_engine:FuzzEngine"
_MAX_REQUESTS = 8
_MAX_EVENTS = 64
_SECONDS = 10.0  # per request (real time): far beyond what a request to this engine needs
_IDLE_STREAM = 0.5  # a stream silent this long is waiting for the caller (SubscribeToTask)
_REMEMBERED = {
    key: key.encode() for key in ("taskId", "contextId", "id", "inputId", "toolUseId")
} | {"nextPageToken": b"pageToken"}
_PLACEHOLDER = re.compile(rb"@(taskId|contextId|id|inputId|toolUseId|pageToken|cwd)\b")
_CODES = {-32700, -32600, -32601, -32602, -32603, *range(-32009, -32000)}


class FuzzEngine:
    """Turns that end on their own: the only waits are for the caller."""

    name = "fuzz"

    def __init__(self, config: object = None) -> None:
        pass

    def accepts_media_type(self, media_type: str) -> bool:
        return not media_type.startswith("application/x-unsupported")

    async def run_turn(self, turn: TurnInput, output: TurnOutput) -> TurnResult | None:
        command = turn.text.strip().partition(" ")[0]
        if command == "ask":
            answer = await output.request_input("Which one?", {"question": True})
            await output.text(f"answer: {len(answer.parts)} parts")
        elif command == "permission":
            request = PermissionRequest("write_file", "call-1", {"path": "main.tf"})
            await output.text("allowed" if await output.permission(request) else "denied")
        elif command == "artifact":
            await output.artifact(Artifact(artifact_id="a1", name="a", parts=[Part(text="x")]))
        elif command == "done":
            return TurnResult(state=TaskState.TASK_STATE_COMPLETED)
        await output.text(f"echo: {turn.text[:40]}")
        return TurnResult(state=TaskState.TASK_STATE_INPUT_REQUIRED)


# `load_engine` imports engines by module name; the harness may be loaded without one.
_module = types.ModuleType(ENGINE.partition(":")[0])
_module.FuzzEngine = FuzzEngine  # type: ignore[attr-defined]
sys.modules.setdefault(_module.__name__, _module)


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def _remember(value: Any, seen: dict[bytes, bytes]) -> None:
    """Note the ids in an answer, for the placeholders of the requests after it."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, item in node.items():
                if isinstance(item, str) and key in _REMEMBERED:
                    seen[_REMEMBERED[key]] = item.encode()
                else:
                    stack.append(item)
        elif isinstance(node, list):
            stack.extend(node)


def _check_response(body: bytes, request_id: Any, *, legacy: bool) -> Any:
    response = json.loads(body, max_depth=256)
    assert response["jsonrpc"] == "2.0" and response["id"] == request_id, response
    assert ("result" in response) != ("error" in response), response
    if "error" in response:
        error = response["error"]
        assert set(error) <= {"code", "message", "data"} and error["message"], error
        assert error["code"] in _CODES, error
        if "data" in error:
            if legacy:
                assert isinstance(error["data"], dict), error
            else:
                assert all("@type" in detail for detail in error["data"]), error
        return None
    return response["result"]


async def check_input(dispatcher: Dispatcher, data: bytes, workspace: Path) -> None:
    """Send the requests in `data` in order and check every answer (see the module docstring)."""
    seen: dict[bytes, bytes] = {b"cwd": str(workspace).encode()}
    bodies = [line for line in data.split(b"\n") if line.strip()][:_MAX_REQUESTS]
    for raw in bodies:
        body = _PLACEHOLDER.sub(lambda match: seen.get(match.group(1), match.group(0)), raw)
        parsed = jsonrpc.parse_request(body, max_size=1 << 20)
        request_id = parsed.id
        notification = isinstance(parsed, jsonrpc.Request) and parsed.is_notification
        dialect_0_3 = isinstance(parsed, jsonrpc.Request) and parsed.method in legacy.METHODS
        version = "0.3" if dialect_0_3 else "1.0"
        with trio.fail_after(_SECONDS):
            reply = await dispatcher.dispatch(body, RequestMeta(version=version, owner="fuzz"))
            if isinstance(reply, NoReply):
                assert notification, body
            elif isinstance(reply, JsonReply):
                assert not notification, body
                _remember(_check_response(reply.body, request_id, legacy=dialect_0_3), seen)
            else:
                assert isinstance(reply, StreamReply) and not notification, body
                async with reply:
                    for _ in range(_MAX_EVENTS):
                        event = None
                        with trio.move_on_after(_IDLE_STREAM):
                            try:
                                event = await reply.receive()
                            except trio.EndOfChannel:
                                break
                        if event is None:
                            break
                        _remember(_check_response(event, request_id, legacy=dialect_0_3), seen)


async def _checked(dispatcher: Dispatcher, data: bytes, workspace: Path) -> None:
    errors = _Errors()
    log = logging.getLogger("iaccode")
    log.addHandler(errors)
    try:
        await check_input(dispatcher, data, workspace)
    finally:
        log.removeHandler(errors)
    for record in errors.records:
        exc = record.exc_info[1] if record.exc_info else None
        raise AssertionError(f"{record.name} logged: {record.getMessage()}: {exc!r}") from exc


class _Server:
    """One server for the whole fuzzing session, in a trio loop on a background thread."""

    def __init__(self) -> None:
        root = Path(tempfile.mkdtemp(prefix="iaccode-fuzz-"))
        self.workspace = root / "workspace"
        self.workspace.mkdir()
        config = Config(
            host="127.0.0.1",
            port=0,
            persistence_dir=root / "state",
            engine=ENGINE,
            allowed_cwds=(self.workspace,),
            shutdown_grace_seconds=1.0,
        )
        ready = threading.Event()
        self.dispatcher: Dispatcher | None = None
        self.token: trio.lowlevel.TrioToken | None = None

        async def main() -> None:
            async with trio.open_nursery() as nursery:
                running: RunningServer = await nursery.start(
                    functools.partial(serve, config, handle_signals=False)
                )
                self.dispatcher = Dispatcher(running.service, max_body=1 << 20, max_depth=64)
                self.token = trio.lowlevel.current_trio_token()
                ready.set()

        threading.Thread(target=trio.run, args=(main,), daemon=True).start()
        ready.wait()

    def run(self, data: bytes) -> None:
        assert self.dispatcher is not None
        trio.from_thread.run(_checked, self.dispatcher, data, self.workspace, trio_token=self.token)


@functools.cache
def _server() -> _Server:
    return _Server()


def TestOneInput(data: bytes) -> None:
    _server().run(data)


if __name__ == "__main__":
    import atheris
    from _support import instrument, make_mutator

    logging.getLogger("iaccode").propagate = False  # failures are reported by the assertion
    instrument("iaccode", "cattrs")
    atheris.Setup(sys.argv, TestOneInput, custom_mutator=make_mutator(lines=True))
    atheris.Fuzz()
