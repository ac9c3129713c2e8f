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
  141  the output went away mid-way (`... | head -1`); nothing more is written, as with SIGPIPE

Routes: `--config client.yml` with `routes: {name: {url: ..., token: ..., api-key: ...}}` and
`--route name`; flags win over the route.
"""

from __future__ import annotations

import argparse
import os
import sys
import uuid
from pathlib import Path
from typing import Any, TextIO

from iaccode.client.connection import (
    CardCheck,
    ClientError,
    Connection,
    Credentials,
    RemoteError,
)
from iaccode.wire import json

EXIT_OK, EXIT_REMOTE, EXIT_USAGE = 0, 1, 2
# The reader of our output went away: 128 + SIGPIPE, the status a shell reports for a program
# that SIGPIPE stopped (Python ignores SIGPIPE and raises BrokenPipeError instead).
EXIT_BROKEN_PIPE = 141
_GOOD_ENDS = {"TASK_STATE_INPUT_REQUIRED", "TASK_STATE_COMPLETED"}


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "a2a-client",
        help="talk to an A2A agent",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="client_command", metavar="COMMAND", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--url", help="the agent's base URL (where its card is served)")
    common.add_argument("--route", help="a named route from --config")
    common.add_argument("--config", type=Path, metavar="FILE", help="client.yml with routes")
    common.add_argument("--timeout", type=float, default=30.0)
    common.add_argument("--output", choices=("text", "json", "table"), default="text")
    for flag in ("--token", "--basic-username", "--basic-password", "--api-key"):
        common.add_argument(flag)
    common.add_argument("--api-key-header", default=None)
    common.add_argument("--verify-card-secret", help="HS256 secret the card must be signed with")
    common.add_argument("--verify-card-jwks", type=Path, metavar="FILE", help="local JWKS (oct)")
    common.add_argument("--verify-card-jwks-url", metavar="URL", help="JWKS to fetch")
    common.add_argument("--require-card-signature", action="store_true")

    sub.add_parser("discover", parents=[common], help="show the agent card")
    sub.add_parser("extended-card", parents=[common], help="show the extended agent card")
    call = sub.add_parser("call", parents=[common], help="send a message")
    call.add_argument("-p", "--prompt", required=True)
    call.add_argument("--cwd", help="the workspace (metadata.iac_code.cwd)")
    call.add_argument("--context-id")
    call.add_argument("--task-id")
    call.add_argument("--iac-code-model")
    call.add_argument("--iac-code-api-key")
    call.add_argument("--stream", action="store_true", help="stream the answer as it comes")
    get = sub.add_parser("task-get", parents=[common], help="show a task")
    get.add_argument("task_id")
    get.add_argument("--history-length", type=int)
    listing = sub.add_parser("task-list", parents=[common], help="list tasks")
    listing.add_argument("--context-id")
    listing.add_argument("--status")
    listing.add_argument("--page-size", type=int)
    listing.add_argument("--page-token")
    for name, text in (
        ("task-cancel", "cancel a task"),
        ("task-subscribe", "follow a running task's events"),
    ):
        sub.add_parser(name, parents=[common], help=text).add_argument("task_id")
    create = sub.add_parser(
        "push-config-create", parents=[common], help="have a task's updates pushed to a URL"
    )
    create.add_argument("task_id")
    create.add_argument("--callback-url", required=True)
    create.add_argument("--config-id")
    create.add_argument("--callback-token")
    for name, text in (
        ("push-config-get", "show a task's push notification config"),
        ("push-config-delete", "delete a task's push notification config"),
    ):
        command = sub.add_parser(name, parents=[common], help=text)
        command.add_argument("task_id")
        command.add_argument("config_id")
    push_list = sub.add_parser(
        "push-config-list", parents=[common], help="list a task's push notification configs"
    )
    push_list.add_argument("task_id")


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
    if not url:
        raise ClientError("Give the agent's --url, or a --route from --config.", EXIT_USAGE)

    def pick(name: str) -> Any:
        value = getattr(args, name.replace("-", "_"))
        return value if value is not None else route.get(name)

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
    return Connection(url, credentials=credentials, timeout=args.timeout, card_check=check)


def _route(args: argparse.Namespace) -> dict[str, Any]:
    if args.route is None:
        return {}
    if args.config is None:
        raise ClientError("--route needs --config client.yml", EXIT_USAGE)
    import yaml

    try:
        routes = (yaml.safe_load(args.config.read_text()) or {}).get("routes", {})
    except (OSError, yaml.YAMLError, AttributeError):
        raise ClientError(f"Cannot read routes from {args.config}.", EXIT_USAGE) from None
    route = routes.get(args.route) if isinstance(routes, dict) else None
    if not isinstance(route, dict):
        raise ClientError(f"No route named {args.route!r} in {args.config}.", EXIT_USAGE)
    return route


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
        "parts": [{"text": args.prompt}],
    }
    if meta:
        message["metadata"] = {"iac_code": meta}
    if args.context_id:
        message["contextId"] = args.context_id
    if args.task_id:
        message["taskId"] = args.task_id
    if args.stream:
        return _follow(conn.stream("SendStreamingMessage", {"message": message}), args, out, err)
    result = conn.call("SendMessage", {"message": message})
    if args.output == "json":
        _show(result, out)
    if "message" in result:
        if args.output != "json":
            print(_text(result["message"]), file=out)
        return EXIT_OK
    return _report_task(result["task"], args, out, err)


def _report_task(task: dict[str, Any], args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    status = task["status"]
    if args.output != "json":
        if "message" in status:
            print(_text(status["message"]), file=out)
        elif answer := _artifact_answer(status["state"], task.get("artifacts") or []):
            print(answer, file=out)
    print(f"task {task['id']} (context {task['contextId']}): {status['state']}", file=err)
    return EXIT_OK if status["state"] in _GOOD_ENDS else EXIT_REMOTE


def _follow(events: Any, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Render a stream live: text deltas as they come, tool progress on stderr.

    Deltas of one answer share a messageId (iaccode); a message with another id (a progress
    note, then the answer, as a2a-sdk agents send them) starts a new line. As with `call`, a
    task that COMPLETED without a status message answered in its artifacts: those are shown.
    """
    text = args.output != "json"
    state = ""
    line_id: Any = None  # the messageId of the line being printed, if one is open
    answered = False  # the latest status (or a direct reply) carried a message
    artifacts: dict[str, dict[str, Any]] = {}
    for result in events:
        if not text:
            _show(result, out)
        if "task" in result:
            state = result["task"]["status"]["state"]
            answered = "message" in result["task"]["status"]
            for artifact in result["task"].get("artifacts") or []:
                artifacts[artifact.get("artifactId")] = artifact
        elif "message" in result and text:
            if line_id is not None:
                print(file=out)
            print(_text(result["message"]), file=out, flush=True)
            line_id, answered = None, True
        elif "statusUpdate" in result:
            update = result["statusUpdate"]
            state = update["status"]["state"]
            meta = (update.get("metadata") or {}).get("iac_code", {})
            message = update["status"].get("message")
            answered = bool(message)
            if text:
                if "tool" in meta:
                    tool = meta["tool"]
                    print(f"[{tool.get('name')}: {tool.get('status')}]", file=err)
                if message and "assistantFinal" not in meta:  # the final one repeats the deltas
                    message_id = message.get("messageId") or object()
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
    if text:
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
            ("status", args.status),
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
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)), file=out)
    print(f"{len(page['tasks'])} of {page['totalSize']}", file=err)
    if page["nextPageToken"]:
        print(f"next page: --page-token {page['nextPageToken']}", file=err)
    return EXIT_OK


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
    _show(conn.call("ListTaskPushNotificationConfigs", {"taskId": args.task_id}), out)
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
}
