"""`iaccode a2a-client`: talk to an A2A agent from a shell or a script.

    iaccode a2a-client call --url http://127.0.0.1:41242 -p "Review this template" --stream
    iaccode a2a-client task-list --route prod --output table

Exit status a script can rely on:

    0  success (a turn that ended INPUT_REQUIRED or COMPLETED)
    1  the agent answered with an error, or the task ended FAILED, REJECTED or CANCELED
    2  wrong usage or a bad client.yml
    3  the agent could not be reached, or answered something that is not A2A
    4  the agent card's signature did not verify (or it is unsigned and one was required)
    5  the agent refused the credentials
    6  call --timeout passed before the turn ended (the task keeps running; its id is printed)
  141  the output went away mid-way (`... | head -1`); nothing more is written, as with SIGPIPE

Routes: `--config client.yml` with `routes: {name: {url: ..., token: ..., api-key: ...}}` and
`--route name`; flags win over the route, the route over $IACCODE_A2A_CLIENT_TOKEN (and
_API_KEY, _BASIC_USERNAME, _BASIC_PASSWORD). `--config` may come before the command.

When the agent asks permission for a tool, `call` asks you on a terminal (or answers with
--allow / --deny) and goes on with the turn.
"""

from __future__ import annotations

import argparse
import os
import re
import ssl
import sys
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import httpx

from iaccode.client.connection import (
    CardCheck,
    ClientError,
    Connection,
    Credentials,
    RemoteError,
    TimedOut,
)
from iaccode.wire import json

EXIT_OK, EXIT_REMOTE, EXIT_USAGE = 0, 1, 2
# The reader of our output went away: 128 + SIGPIPE, the status a shell reports for a program
# that SIGPIPE stopped (Python ignores SIGPIPE and raises BrokenPipeError instead).
EXIT_BROKEN_PIPE = 141
_GOOD_ENDS = {"TASK_STATE_INPUT_REQUIRED", "TASK_STATE_COMPLETED"}
_RUNNING = {"TASK_STATE_SUBMITTED", "TASK_STATE_WORKING"}
CONFIG_HELP = "client.yml with routes"
STATES = (
    "SUBMITTED",
    "WORKING",
    "INPUT_REQUIRED",
    "AUTH_REQUIRED",
    "COMPLETED",
    "FAILED",
    "CANCELED",
    "REJECTED",
)
_ENV = {
    "token": "IACCODE_A2A_CLIENT_TOKEN",
    "basic-username": "IACCODE_A2A_CLIENT_BASIC_USERNAME",
    "basic-password": "IACCODE_A2A_CLIENT_BASIC_PASSWORD",
    "api-key": "IACCODE_A2A_CLIENT_API_KEY",
}


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "a2a-client",
        help="talk to an A2A agent",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--config", type=Path, metavar="FILE", help=CONFIG_HELP)
    sub = parser.add_subparsers(dest="client_command", metavar="COMMAND", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--url", help="the agent's base URL, http:// or https:// (where its card is served)"
    )
    common.add_argument("--route", help="a named route from --config")
    common.add_argument(
        "--config", type=Path, metavar="FILE", default=argparse.SUPPRESS, help=CONFIG_HELP
    )
    common.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="call: give up waiting for the turn after this long (exit 6; the task keeps "
        "running); other commands: per HTTP request (default 30)",
    )
    common.add_argument(
        "--output",
        choices=("text", "json", "table"),
        default="text",
        help="text (default), json, or table (a table for the commands that list)",
    )
    for flag, variable, what in (
        ("--token", "IACCODE_A2A_CLIENT_TOKEN", "bearer token"),
        ("--basic-username", "IACCODE_A2A_CLIENT_BASIC_USERNAME", "HTTP Basic user"),
        ("--basic-password", "IACCODE_A2A_CLIENT_BASIC_PASSWORD", "HTTP Basic password"),
        ("--api-key", "IACCODE_A2A_CLIENT_API_KEY", "API key"),
    ):
        common.add_argument(flag, help=f"{what} (default: ${variable})")
    common.add_argument(
        "--api-key-header", default=None, help="the API key's header (default X-API-Key)"
    )
    common.add_argument("--cacert", type=Path, metavar="FILE", help="trust this CA (PEM) for TLS")
    common.add_argument(
        "--insecure", action="store_true", help="do not verify the server's TLS certificate"
    )
    common.add_argument("--verify-card-secret", help="HS256 secret the card must be signed with")
    common.add_argument("--verify-card-jwks", type=Path, metavar="FILE", help="local JWKS (oct)")
    common.add_argument("--verify-card-jwks-url", metavar="URL", help="JWKS to fetch")
    common.add_argument(
        "--require-card-signature", action="store_true", help="refuse an unsigned card"
    )

    sub.add_parser("discover", parents=[common], help="show the agent card")
    sub.add_parser("extended-card", parents=[common], help="show the extended agent card")
    call = sub.add_parser("call", parents=[common], help="send a message")
    call.add_argument(
        "-p", "--prompt", required=True, help="the message; - reads stdin, @FILE reads FILE"
    )
    call.add_argument("--cwd", help="the workspace (metadata.iac_code.cwd)")
    call.add_argument("--context-id", help="continue this conversation")
    call.add_argument("--task-id", help="continue this task (answer its question)")
    call.add_argument("--iac-code-model", metavar="MODEL", help="the model for this turn")
    call.add_argument("--iac-code-api-key", metavar="KEY", help="the model's API key, this turn")
    call.add_argument("--stream", action="store_true", help="stream the answer as it comes")
    decide = call.add_mutually_exclusive_group()
    decide.add_argument(
        "--allow", action="store_true", help="allow every tool the agent asks permission for"
    )
    decide.add_argument(
        "--deny", action="store_true", help="deny every tool the agent asks permission for"
    )
    get = sub.add_parser("task-get", parents=[common], help="show a task")
    get.add_argument("task_id", help="the task's id")
    get.add_argument("--history-length", type=int, help="at most this many history messages")
    listing = sub.add_parser("task-list", parents=[common], help="list tasks")
    listing.add_argument("--context-id", help="only this conversation's tasks")
    listing.add_argument(
        "--status", help=f"only tasks in this state: {', '.join(STATES)} (or TASK_STATE_...)"
    )
    listing.add_argument("--page-size", type=int, help="tasks per page")
    listing.add_argument("--page-token", help="the next page (printed after a page)")
    for name, text in (
        ("task-cancel", "cancel a task"),
        ("task-subscribe", "follow a running task's events"),
    ):
        sub.add_parser(name, parents=[common], help=text).add_argument(
            "task_id", help="the task's id"
        )
    create = sub.add_parser(
        "push-config-create", parents=[common], help="have a task's updates pushed to a URL"
    )
    create.add_argument("task_id", help="the task's id")
    create.add_argument("--callback-url", required=True, help="where the updates are POSTed")
    create.add_argument("--config-id", help="the config's id (default: one is made)")
    create.add_argument("--callback-token", help="sent back as X-A2A-Notification-Token")
    for name, text in (
        ("push-config-get", "show a task's push notification config"),
        ("push-config-delete", "delete a task's push notification config"),
    ):
        command = sub.add_parser(name, parents=[common], help=text)
        command.add_argument("task_id", help="the task's id")
        command.add_argument("config_id", help="the push config's id")
    push_list = sub.add_parser(
        "push-config-list", parents=[common], help="list a task's push notification configs"
    )
    push_list.add_argument("task_id", help="the task's id")
    preview = sub.add_parser(
        "route-preview", parents=[common], help="show the routes of --config and where they go"
    )
    preview.add_argument("name", nargs="?", help="only this route")


def run(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    try:
        try:
            with _connect(args) as connection:
                status = _COMMANDS[args.client_command](connection, args, out, err)
        except ClientError as exc:
            print(f"iaccode a2a-client: {exc.message}", file=err)
            status = exc.exit_code
        out.flush()  # a reader that went away shows up here, not in the interpreter's exit
        return status
    except BrokenPipeError:
        _discard(out)
        return EXIT_BROKEN_PIPE


def _discard(out: TextIO) -> None:
    """Point `out` at /dev/null, so that what is still buffered for the reader that went away
    does not raise again (with a traceback) when the interpreter flushes it on exit."""
    try:
        fd = out.fileno()
    except (OSError, ValueError):  # not a file (a StringIO)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def _connect(args: argparse.Namespace) -> Connection:
    route = _route(args)
    url = args.url or route.get("url")
    if args.client_command == "route-preview":
        url = url or "http://unused.invalid"  # nothing is sent
    if not url:
        raise ClientError("Give the agent's --url, or a --route from --config.", EXIT_USAGE)
    if not re.match(r"^https?://[^/]", str(url)):
        raise ClientError(
            f"--url must start with http:// or https:// (got {str(url)[:80]!r}).", EXIT_USAGE
        )

    def pick(name: str) -> Any:
        value = getattr(args, name.replace("-", "_"))
        if value is None:
            value = route.get(name)
        if value is None and name in _ENV:
            value = os.environ.get(_ENV[name]) or None
        return value

    credentials = Credentials(
        token=pick("token"),
        basic_username=pick("basic-username"),
        basic_password=pick("basic-password"),
        api_key=pick("api-key"),
        api_key_header=pick("api-key-header") or "X-API-Key",
    )
    jwks = None
    if args.verify_card_jwks is not None:
        try:
            jwks = json.loads(args.verify_card_jwks.read_bytes())
        except (OSError, ValueError):
            raise ClientError(
                "--verify-card-jwks is not a readable JWKS file.", EXIT_USAGE
            ) from None
    check = CardCheck(
        secret=args.verify_card_secret,
        jwks=jwks,
        jwks_url=args.verify_card_jwks_url,
        require=args.require_card_signature,
    )
    timeout = 30.0 if args.timeout is None or args.client_command == "call" else args.timeout
    return Connection(
        str(url), credentials=credentials, timeout=timeout, card_check=check, verify=_tls(args)
    )


def _tls(args: argparse.Namespace) -> ssl.SSLContext | bool:
    if args.insecure:
        return False
    if args.cacert is None:
        return True
    try:
        return ssl.create_default_context(cafile=str(args.cacert))
    except (OSError, ssl.SSLError):
        raise ClientError(
            f"--cacert {args.cacert} is not a readable PEM file.", EXIT_USAGE
        ) from None


def _route(args: argparse.Namespace) -> dict[str, Any]:
    if args.route is None:
        return {}
    routes = _routes(args)
    route = routes.get(args.route)
    if not isinstance(route, dict):
        raise ClientError(f"No route named {args.route!r} in {args.config}.", EXIT_USAGE)
    return route


def _routes(args: argparse.Namespace) -> dict[str, Any]:
    if getattr(args, "config", None) is None:
        raise ClientError("--route needs --config client.yml", EXIT_USAGE)
    import yaml

    try:
        routes = (yaml.safe_load(args.config.read_text()) or {}).get("routes", {})
    except (OSError, yaml.YAMLError, AttributeError):
        raise ClientError(f"Cannot read routes from {args.config}.", EXIT_USAGE) from None
    if not isinstance(routes, dict):
        raise ClientError(f"'routes' in {args.config} must be a mapping.", EXIT_USAGE)
    return routes


# -- commands --------------------------------------------------------------------------------------


def _show(value: Any, out: TextIO) -> None:
    # Flushed, so that `--stream --output json | jq` sees each event as it comes.
    print(json.dumps(value).decode("utf-8"), file=out, flush=True)


def _discover(conn: Connection, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    card = conn.card()
    if args.output == "json":
        _show(card, out)
    else:
        print(f"{card.get('name')} {card.get('version')}: {card.get('description')}", file=out)
        print(f"endpoint: {conn.endpoint()}", file=out)
        for skill in card.get("skills", []):
            print(f"- {skill.get('id')}: {skill.get('description')}", file=out)
    return EXIT_OK


def _extended(conn: Connection, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        card = conn.call("GetExtendedAgentCard")
    except RemoteError as exc:
        if (conn.card().get("capabilities") or {}).get("extendedAgentCard"):
            raise
        raise ClientError(
            "The agent has no extended card (its card does not declare"
            f" capabilities.extendedAgentCard); it answered {exc.message}",
            EXIT_REMOTE,
        ) from None
    _show(card, out)
    return EXIT_OK


def _call(conn: Connection, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    meta: dict[str, Any] = {}
    for key, value in (
        ("cwd", args.cwd and str(Path(args.cwd).resolve())),
        ("iac_code_model", args.iac_code_model),
        ("iac_code_api_key", args.iac_code_api_key),
    ):
        if value:
            meta[key] = value
    message: dict[str, Any] = {
        "messageId": str(uuid.uuid4()),
        "role": "ROLE_USER",
        "parts": [{"text": _prompt(args.prompt)}],
    }
    if meta:
        message["metadata"] = {"iac_code": meta}
    if args.context_id:
        message["contextId"] = args.context_id
    if args.task_id:
        message["taskId"] = args.task_id
    deadline = None if args.timeout is None else time.monotonic() + args.timeout
    turn = Turn()
    try:
        if not conn.can_stream:  # one blocking call, bounded by --timeout alone
            return _call_blocking(conn, message, args, out, err)
        events = conn.stream("SendStreamingMessage", {"message": message}, deadline=deadline)
        resumed = False  # following the turn again after answering its question
        while True:
            try:
                status = _follow(events, args, out, err, turn=turn)
            except RemoteError as exc:
                if not (resumed and exc.error.get("code") == -32001):
                    raise
                missed = True  # it ended before the subscription: report the stored task
                break
            missed = False
            if turn.permission is None or turn.state != "TASK_STATE_INPUT_REQUIRED":
                break
            decision = _decide(turn.permission, args, err)
            if decision is None:
                print(
                    f"task {turn.task_id} waits for a decision: answer with "
                    "--task-id and --allow or --deny",
                    file=err,
                )
                return status
            # Subscribe first (the paused turn is active), then answer: the answer is only
            # acknowledged, and the turn goes on in the subscription, nothing missed between.
            events = conn.stream("SubscribeToTask", {"id": turn.task_id}, deadline=deadline)
            next(events, None)  # the snapshot of the pause, already shown: now it listens
            conn.call("SendMessage", {"message": _permission_answer(turn, decision)})
            turn.permission, resumed = None, True
    except httpx.TimeoutException:
        raise TimedOut(args.timeout or 0, turn.task_id) from None
    if args.stream and not missed:
        return status
    if turn.task_id is None:  # a direct reply, or nothing
        if turn.message is not None:
            if args.output == "json":
                _show({"message": turn.message}, out)
            else:
                print(_text(turn.message), file=out)
        return status
    task = conn.call("GetTask", {"id": turn.task_id})
    if args.output == "json":
        _show({"task": task}, out)
    return _report_task(task, args, out, err)


def _call_blocking(
    conn: Connection, message: dict[str, Any], args: argparse.Namespace, out: TextIO, err: TextIO
) -> int:
    timeout = httpx.Timeout(30.0, read=args.timeout)  # None: as long as the turn takes
    result = conn.call("SendMessage", {"message": message}, timeout=timeout)
    if args.output == "json":
        _show(result, out)
    if "message" in result:
        if args.output != "json":
            print(_text(result["message"]), file=out)
        return EXIT_OK
    return _report_task(result["task"], args, out, err)


def _prompt(value: str) -> str:
    """`-p TEXT`, `-p -` (stdin) or `-p @FILE`."""
    if value == "-":
        return sys.stdin.read()
    if value.startswith("@") and len(value) > 1:
        try:
            return Path(value[1:]).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            raise ClientError(f"Cannot read the prompt from {value[1:]}.", EXIT_USAGE) from None
    return value


class Turn:
    """What a followed stream ended with: its task, state and any pending permission."""

    def __init__(self) -> None:
        self.task_id: str | None = None
        self.context_id: str | None = None
        self.state = ""
        self.permission: dict[str, Any] | None = None  # metadata.iac_code.input of the pause
        self.message: dict[str, Any] | None = None  # a direct reply (no task)


def _decide(permission: dict[str, Any], args: argparse.Namespace, err: TextIO) -> str | None:
    """allow_once or deny: from --allow / --deny, else asked on a terminal; None otherwise."""
    if args.allow:
        return "allow_once"
    if args.deny:
        return "deny"
    if not (sys.stdin.isatty() and err.isatty()):
        return None
    tool = permission.get("toolName") or permission.get("title") or "a tool"
    print(f"The agent asks to run {tool}.", file=err)
    while True:
        print("Allow once? [y/n] ", end="", file=err, flush=True)
        try:
            answer = input().strip().lower()
        except EOFError:
            return None
        if answer in ("y", "yes"):
            return "allow_once"
        if answer in ("n", "no"):
            return "deny"


def _permission_answer(turn: Turn, decision: str) -> dict[str, Any]:
    """The message that answers a permission pause (the seed's sideband DataPart)."""
    pause = turn.permission or {}
    data = {
        "schemaVersion": 1,
        "kind": "permission",
        "requestTaskId": turn.task_id,
        "inputId": pause.get("inputId"),
        "toolUseId": pause.get("toolUseId"),
        "decision": decision,
    }
    return {
        "messageId": str(uuid.uuid4()),
        "role": "ROLE_USER",
        "taskId": turn.task_id,
        "contextId": turn.context_id,
        "parts": [{"data": data, "mediaType": "application/json"}],
    }


def _report_task(task: dict[str, Any], args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    status = task["status"]
    if args.output != "json":
        if "message" in status:
            print(_text(status["message"]), file=out)
        elif answer := _artifact_answer(status["state"], task.get("artifacts") or []):
            print(answer, file=out)
    print(f"task {task['id']} (context {task['contextId']}): {status['state']}", file=err)
    return EXIT_OK if status["state"] in _GOOD_ENDS else EXIT_REMOTE


def _follow(
    events: Any,
    args: argparse.Namespace,
    out: TextIO,
    err: TextIO,
    *,
    turn: Turn | None = None,
) -> int:
    """Render a stream live: text deltas as they come, tool progress on stderr.

    Deltas of one answer share a messageId (iaccode); a message with another id (a progress
    note, then the answer, as a2a-sdk agents send them) starts a new line. As with `call`, a
    task that COMPLETED without a status message answered in its artifacts: those are shown.
    """
    text = args.output != "json"
    live = getattr(args, "stream", True)  # `call` without --stream: progress only, answer after
    turn = turn or Turn()
    state = ""
    line_id: Any = None  # the messageId of the line being printed, if one is open
    answered = False  # the latest status (or a direct reply) carried a message
    artifacts: dict[str, dict[str, Any]] = {}
    for result in events:
        if not text and live:
            _show(result, out)
        if "task" in result:
            turn.task_id = result["task"].get("id") or turn.task_id
            turn.context_id = result["task"].get("contextId") or turn.context_id
            if text and not live and turn.task_id:
                print(f"waiting for the turn of task {turn.task_id}", file=err, flush=True)
            state = result["task"]["status"]["state"]
            answered = "message" in result["task"]["status"]
            if answered and text and live and state not in _RUNNING:
                # A snapshot of a turn that ended before the stream started (a subscription
                # right after an answer): its answer is only here.
                print(_text(result["task"]["status"]["message"]), file=out, flush=True)
            for artifact in result["task"].get("artifacts") or []:
                artifacts[artifact.get("artifactId")] = artifact
        elif "message" in result:
            turn.message = result["message"]
            if not (text and live):
                continue
            if line_id is not None:
                print(file=out)
            print(_text(result["message"]), file=out, flush=True)
            line_id, answered = None, True
        elif "statusUpdate" in result:
            update = result["statusUpdate"]
            state = update["status"]["state"]
            turn.task_id = update.get("taskId") or turn.task_id
            turn.context_id = update.get("contextId") or turn.context_id
            meta = (update.get("metadata") or {}).get("iac_code", {})
            pause = meta.get("input")
            turn.permission = (
                pause if isinstance(pause, dict) and pause.get("kind") == "permission" else None
            )
            message = update["status"].get("message")
            answered = bool(message)
            if text:
                if "tool" in meta:
                    tool = meta["tool"]
                    print(f"[{tool.get('name')}: {tool.get('status')}]", file=err)
                message_id = (message or {}).get("messageId") or object()
                # The final message repeats its deltas: shown only when they were not (a
                # subscription that started after them).
                repeats = "assistantFinal" in meta and message_id == line_id
                if message and live and not repeats:
                    if line_id is not None and message_id != line_id:
                        print(file=out)
                    print(_text(message), end="", file=out, flush=True)
                    line_id = message_id
        elif "artifactUpdate" in result:
            update = result["artifactUpdate"]
            artifact = update["artifact"]
            key = artifact.get("artifactId")
            if update.get("append") and key in artifacts:
                parts = [*artifacts[key].get("parts", []), *artifact.get("parts", [])]
                artifact = {**artifacts[key], "parts": parts}
            artifacts[key] = artifact
            if text:
                print(f"[artifact {artifact.get('name') or key}]", file=err)
    turn.state = state
    if text and live:
        if line_id is not None:
            print(file=out)
        if not answered and (answer := _artifact_answer(state, list(artifacts.values()))):
            print(answer, file=out)
        print(f"final state: {state or 'unknown'}", file=err)
    return EXIT_OK if state in _GOOD_ENDS or not state else EXIT_REMOTE


def _artifact_answer(state: str, artifacts: list[dict[str, Any]]) -> str | None:
    """The answer of a task that COMPLETED with no status message: its artifacts' text.

    Many agents (a2a-sdk samples among them) answer only in artifacts.
    """
    if state != "TASK_STATE_COMPLETED":
        return None
    return "\n".join(filter(None, (_text(artifact) for artifact in artifacts))) or None


def _text(message: dict[str, Any]) -> str:
    pieces = []
    for part in message.get("parts", []):
        if "text" in part:
            pieces.append(part["text"])
        elif "data" in part:
            pieces.append(json.dumps(part["data"]).decode("utf-8"))
        elif "url" in part:
            pieces.append(part["url"])
    return "".join(pieces)


def _task_get(conn: Connection, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    params: dict[str, Any] = {"id": args.task_id}
    if args.history_length is not None:
        params["historyLength"] = args.history_length
    task = conn.call("GetTask", params)
    if args.output == "json":
        _show(task, out)
        return EXIT_OK
    return _report_task(task, args, out, err)


def _task_list(conn: Connection, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    params = {
        key: value
        for key, value in (
            ("contextId", args.context_id),
            ("status", _state(args.status)),
            ("pageSize", args.page_size),
            ("pageToken", args.page_token),
        )
        if value is not None
    }
    page = conn.call("ListTasks", params)
    if args.output == "json":
        _show(page, out)
        return EXIT_OK
    rows = [("TASK", "CONTEXT", "STATE", "UPDATED")]
    for task in page["tasks"]:
        status = task["status"]
        state = status["state"].removeprefix("TASK_STATE_")
        rows.append((task["id"], task["contextId"], state, status.get("timestamp", "")))
    _table(rows, out)
    print(f"{len(page['tasks'])} of {page['totalSize']}", file=err)
    if page["nextPageToken"]:
        print(f"next page: --page-token {page['nextPageToken']}", file=err)
    return EXIT_OK


def _state(value: str | None) -> str | None:
    """`--status`: a short name (INPUT_REQUIRED, input-required) or the full TASK_STATE_..."""
    if value is None:
        return None
    short = value.strip().upper().replace("-", "_").removeprefix("TASK_STATE_")
    if short not in STATES:
        raise ClientError(
            f"--status {value!r} is not a task state; use one of {', '.join(STATES)}.", EXIT_USAGE
        )
    return "TASK_STATE_" + short


def _table(rows: Sequence[Sequence[str]], out: TextIO) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)), file=out)


def _task_cancel(conn: Connection, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    task = conn.call("CancelTask", {"id": args.task_id})
    if args.output == "json":
        _show(task, out)
    print(f"task {task['id']}: {task['status']['state']}", file=err)
    return EXIT_OK


def _task_subscribe(conn: Connection, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    return _follow(conn.stream("SubscribeToTask", {"id": args.task_id}), args, out, err)


def _push_create(conn: Connection, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    config: dict[str, Any] = {"taskId": args.task_id, "url": args.callback_url}
    if args.config_id:
        config["id"] = args.config_id
    if args.callback_token:
        config["token"] = args.callback_token
    _show(conn.call("CreateTaskPushNotificationConfig", config), out)
    return EXIT_OK


def _push_get(conn: Connection, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    params = {"taskId": args.task_id, "id": args.config_id}
    _show(conn.call("GetTaskPushNotificationConfig", params), out)
    return EXIT_OK


def _push_list(conn: Connection, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    page = conn.call("ListTaskPushNotificationConfigs", {"taskId": args.task_id})
    if args.output != "table":
        _show(page, out)
        return EXIT_OK
    rows = [("CONFIG", "URL")]
    rows += [(str(c.get("id", "")), str(c.get("url", ""))) for c in page.get("configs", [])]
    _table(rows, out)
    return EXIT_OK


def _route_preview(conn: Connection, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The routes of --config (secrets shown only as set), as text, table or JSON."""
    routes = _routes(args)
    if args.name is not None:
        if args.name not in routes:
            raise ClientError(f"No route named {args.name!r} in {args.config}.", EXIT_USAGE)
        routes = {args.name: routes[args.name]}
    shown = {
        name: {
            key: ("(set)" if key in _ENV or key == "api-key" else value)
            for key, value in (route or {}).items()
        }
        for name, route in routes.items()
    }
    if args.output == "json":
        _show(shown, out)
    else:
        rows = [("ROUTE", "URL", "AUTH")]
        for name, route in shown.items():
            auth = ", ".join(k for k in ("token", "basic-username", "api-key") if k in route)
            rows.append((name, str(route.get("url", "")), auth or "-"))
        _table(rows, out)
    return EXIT_OK


def _push_delete(conn: Connection, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    conn.call("DeleteTaskPushNotificationConfig", {"taskId": args.task_id, "id": args.config_id})
    print(f"deleted {args.config_id}", file=err)
    return EXIT_OK


_COMMANDS = {
    "discover": _discover,
    "extended-card": _extended,
    "call": _call,
    "task-get": _task_get,
    "task-list": _task_list,
    "task-cancel": _task_cancel,
    "task-subscribe": _task_subscribe,
    "push-config-create": _push_create,
    "push-config-get": _push_get,
    "push-config-list": _push_list,
    "push-config-delete": _push_delete,
    "route-preview": _route_preview,
}
