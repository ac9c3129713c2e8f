"""The client's choices that other A2A servers exposed: which interface it talks to, how a stream
is rendered, where the answer is when the status has none, and the extended-card error."""

from __future__ import annotations

import argparse
import io
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from iaccode.client import cli
from iaccode.client.connection import ClientError, Connection, RemoteError
from iaccode.wire import json

CARD = {"name": "n", "description": "d", "version": "1"}


def connect(card: dict[str, Any], rpc: Callable[[dict[str, Any]], Any] | None = None) -> Connection:
    def handle(request: httpx.Request) -> httpx.Response:
        if request.method == "GET":
            return httpx.Response(200, content=json.dumps(card))
        body = json.loads(request.content)
        assert rpc is not None
        return httpx.Response(
            200, content=json.dumps({"jsonrpc": "2.0", "id": body["id"], **rpc(body)})
        )

    return Connection("http://agent", http=httpx.Client(transport=httpx.MockTransport(handle)))


def interface(url: str, version: str | None, binding: str = "JSONRPC") -> dict[str, str]:
    out = {"url": url, "protocolBinding": binding}
    if version is not None:
        out["protocolVersion"] = version
    return out


@pytest.mark.parametrize(
    ("card", "endpoint"),
    [
        # a2a-sdk with a 0.3 interface listed first (and its URL copied to `url`)
        (
            {
                "supportedInterfaces": [
                    interface("http://a/v03", "0.3"),
                    interface("http://a/", "1.0"),
                ],
                "url": "http://a/v03",
                "protocolVersion": "0.3",
            },
            "http://a/",
        ),
        (
            {
                "supportedInterfaces": [
                    interface("http://a/rest", "1.0", "HTTP+JSON"),
                    interface("http://a/rpc", None),
                ]
            },
            "http://a/rpc",
        ),
        ({"supportedInterfaces": [interface("http://a/v03", "0.3")]}, "http://a/v03"),
        ({"url": "http://a/legacy", "protocolVersion": "0.3.0"}, "http://a/legacy"),
    ],
)
def test_endpoint_prefers_a_1_x_json_rpc_interface(card: dict[str, Any], endpoint: str) -> None:
    assert connect({**CARD, **card}).endpoint() == endpoint


def test_no_json_rpc_interface() -> None:
    card = {**CARD, "supportedInterfaces": [interface("http://a/", "1.0", "GRPC")]}
    with pytest.raises(ClientError) as caught:
        connect(card).endpoint()
    assert caught.value.exit_code == 3


def render(events: list[dict[str, Any]], output: str = "text") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli._follow(iter(events), argparse.Namespace(output=output), out, err)
    return code, out.getvalue(), err.getvalue()


def task(state: str, **more: Any) -> dict[str, Any]:
    return {"task": {"id": "t", "contextId": "c", "status": {"state": state}, **more}}


def status(
    state: str, text: str | None = None, message_id: str = "m", **meta: Any
) -> dict[str, Any]:
    update: dict[str, Any] = {"taskId": "t", "contextId": "c", "status": {"state": state}}
    if text is not None:
        message = {"messageId": message_id, "role": "ROLE_AGENT", "parts": [{"text": text}]}
        update["status"]["message"] = message
    if meta:
        update["metadata"] = {"iac_code": meta}
    return {"statusUpdate": update}


def artifact(text: str, append: bool = False) -> dict[str, Any]:
    update = {"artifactId": "a", "name": "result", "parts": [{"text": text}]}
    return {
        "artifactUpdate": {"taskId": "t", "contextId": "c", "artifact": update, "append": append}
    }


def test_deltas_of_one_message_make_one_line() -> None:
    code, out, err = render(
        [
            task("TASK_STATE_SUBMITTED"),
            status("TASK_STATE_WORKING", "chunk-1 "),
            status("TASK_STATE_WORKING", "chunk-2"),
            status(
                "TASK_STATE_INPUT_REQUIRED", "chunk-1 chunk-2", assistantFinal={"complete": True}
            ),
        ]
    )
    assert (code, out) == (0, "chunk-1 chunk-2\n")
    assert err == "final state: TASK_STATE_INPUT_REQUIRED\n"


def test_separate_messages_make_separate_lines() -> None:
    code, out, _ = render(
        [
            task("TASK_STATE_SUBMITTED"),
            status("TASK_STATE_WORKING", "Working…", message_id="m1"),
            artifact("the answer"),
            status("TASK_STATE_COMPLETED", "Done.", message_id="m2"),
        ]
    )
    assert (code, out) == (0, "Working…\nDone.\n")


def test_an_answer_given_only_in_artifacts_is_shown() -> None:
    code, out, err = render(
        [
            task("TASK_STATE_SUBMITTED"),
            status("TASK_STATE_WORKING", "Working…"),
            artifact("part one, "),
            artifact("part two", append=True),
            status("TASK_STATE_COMPLETED"),
        ]
    )
    assert (code, out) == (0, "Working…\npart one, part two\n")
    assert err.splitlines() == [
        "[artifact result]",
        "[artifact result]",
        "final state: TASK_STATE_COMPLETED",
    ]


def test_artifacts_are_not_the_answer_of_a_canceled_task() -> None:
    code, out, _ = render(
        [task("TASK_STATE_WORKING"), artifact("partial"), status("TASK_STATE_CANCELED")]
    )
    assert (code, out) == (1, "")


def test_a_direct_reply_in_a_stream() -> None:
    reply = {"messageId": "m", "role": "ROLE_AGENT", "parts": [{"text": "hi"}]}
    assert render([{"message": reply}]) == (0, "hi\n", "final state: unknown\n")


def test_json_events_are_flushed_one_by_one() -> None:
    class Recorder(io.StringIO):
        flushed: list[str] = []

        def flush(self) -> None:
            self.flushed.append(self.getvalue())

    out = Recorder()
    events = [task("TASK_STATE_SUBMITTED"), status("TASK_STATE_COMPLETED")]
    cli._follow(iter(events), argparse.Namespace(output="json"), out, io.StringIO())
    assert [len(seen.splitlines()) for seen in out.flushed] == [1, 2]


def test_a_completed_task_without_status_message_shows_its_artifacts() -> None:
    out, err = io.StringIO(), io.StringIO()
    result = task(
        "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a", "parts": [{"text": "42"}]}]
    )
    assert cli._report_task(result["task"], argparse.Namespace(output="text"), out, err) == 0
    assert out.getvalue() == "42\n"
    canceled = {**result["task"], "status": {"state": "TASK_STATE_CANCELED"}}
    out = io.StringIO()
    assert cli._report_task(canceled, argparse.Namespace(output="text"), out, err) == 1
    assert out.getvalue() == ""


def test_extended_card_error_says_the_card_declares_none() -> None:
    error = {"error": {"code": -32004, "message": "Unsupported operation"}}
    args = argparse.Namespace(output="text")
    plain = connect({**CARD, "url": "http://a/"}, lambda _: error)
    with pytest.raises(ClientError) as caught:
        cli._extended(plain, args, io.StringIO(), io.StringIO())
    assert caught.value.exit_code == 1
    assert caught.value.message == (
        "The agent has no extended card (its card does not declare"
        " capabilities.extendedAgentCard); it answered -32004: Unsupported operation"
    )
    declared = {**CARD, "url": "http://a/", "capabilities": {"extendedAgentCard": True}}
    with pytest.raises(RemoteError):
        cli._extended(connect(declared, lambda _: error), args, io.StringIO(), io.StringIO())
