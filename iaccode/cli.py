"""The `iaccode` (alias `iac-code`) command line.

    iaccode a2a [--config a2a-server.yml] [--host H] [--port P] [--transport T] [-d]
                [--log-to-stdout | --no-log-to-stdout] [--engine NAME] ...
    iaccode agui [--a2a-url URL] [--host H] [--port P] [--state-dir DIR] [--ui] [--config FILE] ...
    iaccode a2a-client ...

Flags given on the command line win over the config file, the file over environment fallbacks,
those over the defaults. A configuration problem is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import trio

from iaccode import __version__, fronts
from iaccode.config import (
    AGENTCORE_PORT,
    DEFAULT_PORT,
    HTTP_SERVERS,
    LOG_FORMATS,
    ConfigError,
    load_agui_config,
    load_config,
)
from iaccode.transports.log_writer import LineHandler

EXIT_CONFIG = 2
_HTTP_SERVER_HELP = "builtin (default) or hypercorn: HTTP/2, needs the asgi extra"
_CORS_FLAG = ("--cors-allowed-origins",)
_LOG_FORMAT_FLAG = ("--log-format",)
_LOG_FORMAT_OPTIONS: dict[str, Any] = {
    "choices": LOG_FORMATS,
    "help": "text (default) or json: one JSON object per log line (config key log-format)",
}


def _cors_options(variable: str) -> dict[str, Any]:
    return {
        "action": "append",
        "metavar": "ORIGIN",
        "help": "let browser pages on this origin call the server (repeatable or "
        f"comma-separated; * for any; {variable}; default: none)",
    }


def build_parser() -> argparse.ArgumentParser:
    prog = _invoked_as()
    parser = argparse.ArgumentParser(
        prog=prog,
        description="An infrastructure-as-code agent (Alibaba Cloud ROS and Terraform) "
        "served over A2A.",
    )
    parser.add_argument("--version", action="version", version=f"{prog} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    a2a = commands.add_parser(
        "a2a",
        help="run the A2A server",
        description="Run the A2A server (JSON-RPC over HTTP with SSE streaming; A2A 1.0 and "
        "0.3 method names on one endpoint).",
    )
    a2a.add_argument("--config", type=Path, metavar="FILE", help="a2a-server.yml to read")
    a2a.add_argument(
        "--profile",
        choices=("agentcore",),
        help="agentcore: 0.0.0.0:9000 and 0.3 card fields (also set by AGENTCORE_RUNTIME_URL)",
    )
    a2a.add_argument("--host", help="address to bind (default 127.0.0.1)")
    a2a.add_argument(
        "--port",
        type=int,
        help=f"port to bind (default {DEFAULT_PORT}; AgentCore expects {AGENTCORE_PORT})",
    )
    a2a.add_argument("--transport", choices=fronts.TRANSPORTS, help="transport (default http)")
    for key in fronts.own_keys():  # the transports' own flags (fronts.TABLE)
        if key.help is not None:
            a2a.add_argument(f"--{key.name}", type=key.type, metavar=key.metavar, help=key.help)
    a2a.add_argument("--http-server", choices=HTTP_SERVERS, help=_HTTP_SERVER_HELP)
    a2a.add_argument(*_CORS_FLAG, **_cors_options("IACCODE_A2A_CORS_ALLOWED_ORIGINS"))
    a2a.add_argument(
        "--engine",
        help="engine: offline (default), llm (an OpenAI-compatible model), or module:factory",
    )
    a2a.add_argument("--persistence-dir", type=Path, metavar="DIR", help="where tasks are stored")
    a2a.add_argument(
        "--thinking-exposure",
        action="append",
        choices=("tool-trace", "raw-thinking"),
        help="what reasoning to expose in metadata.iac_code (repeatable; default tool-trace)",
    )
    a2a.add_argument(
        "--tls-cert", type=Path, metavar="FILE", help="serve HTTPS with this certificate"
    )
    a2a.add_argument("--tls-key", type=Path, metavar="FILE", help="the certificate's private key")
    a2a.add_argument("-d", "--debug", action="store_true", default=None, help="debug logging")
    a2a.add_argument(
        "--log-to-stdout",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="write logs to stdout instead of stderr",
    )
    a2a.add_argument(*_LOG_FORMAT_FLAG, **_LOG_FORMAT_OPTIONS)
    _add_agui_parser(commands)
    from iaccode.client.cli import add_parser as add_client_parser

    add_client_parser(commands)
    return parser


def _invoked_as() -> str:
    """The program's name as the user typed it: iaccode, or its alias iac-code."""
    name = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    return name if name in ("iaccode", "iac-code") else "iaccode"


def _add_agui_parser(commands: Any) -> None:
    agui = commands.add_parser(
        "agui",
        help="run the AG-UI adapter",
        description="Run the AG-UI adapter (RunAgentInput over HTTP, events over SSE) with the "
        "A2A core in this process, or in front of a running A2A server (--a2a-url).",
    )
    agui.add_argument("--host", help="address to bind (IAC_CODE_AGUI_HOST; default 127.0.0.1)")
    agui.add_argument("--port", type=int, help="port to bind (IAC_CODE_AGUI_PORT; default 8000)")
    agui.add_argument("--a2a-url", metavar="URL", help="a running A2A server (JSON-RPC URL)")
    agui.add_argument("--state-dir", type=Path, metavar="DIR", help="where thread state is kept")
    agui.add_argument(
        "--config", type=Path, metavar="FILE", help="a2a-server.yml for the in-process core"
    )
    agui.add_argument(
        "--engine", help="the in-process core's engine: offline (default), llm, or module:factory"
    )
    agui.add_argument("--http-server", choices=HTTP_SERVERS, help=_HTTP_SERVER_HELP)
    agui.add_argument(*_CORS_FLAG, **_cors_options("IAC_CODE_AGUI_CORS_ALLOWED_ORIGINS"))
    agui.add_argument(
        "--ui",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="serve the web console at /ui/ (IAC_CODE_AGUI_UI; default off)",
    )
    agui.add_argument(
        "--idle-shutdown", type=float, metavar="SECONDS", help="stop after this long idle"
    )
    agui.add_argument("-d", "--debug", action="store_true", default=None, help="debug logging")
    agui.add_argument(
        "--log-stdout",
        "--log-to-stdout",
        dest="log_to_stdout",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="write logs to stdout instead of stderr",
    )
    agui.add_argument(*_LOG_FORMAT_FLAG, **_LOG_FORMAT_OPTIONS)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "a2a-client":
        from iaccode.client.cli import run

        return run(args)
    if args.command == "agui":
        return _agui(args)
    if args.command != "a2a":
        parser.print_help()
        return EXIT_CONFIG
    overrides: dict[str, Any] = {
        "profile": args.profile,
        "host": args.host,
        "port": args.port,
        "transport": args.transport,
        **{key.attr: getattr(args, key.attr) for key in fronts.own_keys() if key.help is not None},
        "http_server": args.http_server,
        "cors_allowed_origins": _origins(args.cors_allowed_origins),
        "engine": args.engine,
        "persistence_dir": args.persistence_dir,
        "thinking_exposure": args.thinking_exposure,
        "tls_cert": args.tls_cert,
        "tls_key": args.tls_key,
        "debug": args.debug,
        "log_to_stdout": args.log_to_stdout,
        "log_format": args.log_format,
    }
    try:
        config = load_config(args.config, overrides)
    except ConfigError as exc:
        print(f"iaccode: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    _setup_logging(debug=config.debug, to_stdout=config.log_to_stdout, fmt=config.log_format)

    from iaccode.server import serve

    return _run(serve, config)


def _agui(args: argparse.Namespace) -> int:
    overrides: dict[str, Any] = {
        "host": args.host,
        "port": args.port,
        "a2a_url": args.a2a_url,
        "state_dir": args.state_dir,
        "engine": args.engine,
        "http_server": args.http_server,
        "cors_allowed_origins": _origins(args.cors_allowed_origins),
        "idle_shutdown_seconds": args.idle_shutdown,
        "ui": args.ui,
        "debug": args.debug,
        "log_to_stdout": args.log_to_stdout,
        "log_format": args.log_format,
    }
    try:
        config = load_agui_config(args.config, overrides)
    except ConfigError as exc:
        print(f"iaccode: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    core = config.core
    _setup_logging(debug=core.debug, to_stdout=core.log_to_stdout, fmt=core.log_format)
    from iaccode.server import serve_agui

    return _run(serve_agui, config)


def _origins(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [origin.strip() for value in values for origin in value.split(",") if origin.strip()]


def _run(serve: Any, config: Any) -> int:
    try:
        trio.run(serve, config)
    except BaseException as exc:
        problem = _startup_problem(exc)
        if problem is None:
            raise
        print(f"iaccode: {problem}", file=sys.stderr)
        return EXIT_CONFIG
    return 0


def _startup_problem(exc: BaseException) -> str | None:
    """The one line for a configuration or environment problem (exit 2), found also inside the
    exception groups of the nurseries it came through; None for anything else."""
    from iaccode.agent.engine import EngineLoadError
    from iaccode.tasks.errors import UnusableStateError
    from iaccode.transports.unix import SocketPathUnavailable

    if isinstance(exc, BaseExceptionGroup):
        found = (_startup_problem(inner) for inner in exc.exceptions)
        return next((problem for problem in found if problem is not None), None)
    if isinstance(exc, EngineLoadError | ConfigError | SocketPathUnavailable | UnusableStateError):
        return str(exc)
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        return f"cannot start: {where}{exc.strerror or exc}"
    return None


def _setup_logging(*, debug: bool, to_stdout: bool, fmt: str = "text") -> None:
    # Access lines are queued and written in batches by a worker thread (log_writer.py).
    handler = LineHandler(sys.stdout if to_stdout else sys.stderr, fmt)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.DEBUG if debug else logging.INFO)
    if debug:  # our own debug lines; libraries' chatter (h11, hpack, httpx) stays at INFO
        for noisy in ("hpack", "httpcore", "httpx", "hypercorn", "asyncio"):
            logging.getLogger(noisy).setLevel(logging.INFO)
