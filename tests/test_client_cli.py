"""`iaccode a2a-client` against a real iaccode process (tests/a2a_client: against a2a-sdk)."""

from __future__ import annotations

import argparse
import base64
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from iaccode.cli import main
from iaccode.client.cli import _COMMANDS
from iaccode.wire import json
from tests.process import ServerProcess

SECRET = "a-card-signing-secret-of-32-bytes!"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("ws")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, workspace: Path) -> Iterator[ServerProcess]:
    config = tmp_path_factory.mktemp("cfg") / "a2a-server.yml"
    config.write_text(f"token: t0ken\nsigning-secret: {SECRET}\nsigning-key-id: k1\n")
    state = tmp_path_factory.mktemp("state")
    with ServerProcess(state, allowed_cwds=[workspace], extra_args=["--config", str(config)]) as p:
        yield p


CLIENT = [sys.executable, "-m", "iaccode", "a2a-client"]


def client(*args: str, check: int | None = 0) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [*CLIENT, *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if check is not None:
        assert done.returncode == check, done.stderr
    return done


def test_call_stream_get_list_cancel(server: ServerProcess, workspace: Path) -> None:
    auth = ["--url", server.url, "--token", "t0ken"]
    done = client("call", *auth, "-p", "say hello\nsay  world", "--cwd", str(workspace))
    assert done.stdout.strip() == "hello world"
    assert "TASK_STATE_INPUT_REQUIRED" in done.stderr
    task_id = done.stderr.split("task ", 1)[1].split()[0]
    context = done.stderr.split("(context ", 1)[1].split(")")[0]

    streamed = client(
        "call",
        *auth,
        "-p",
        "stream 3",
        "--cwd",
        str(workspace),
        "--context-id",
        context,
        "--stream",
    )
    assert streamed.stdout.strip() == "chunk-1 chunk-2 chunk-3"
    assert "final state: TASK_STATE_INPUT_REQUIRED" in streamed.stderr

    got = client("task-get", *auth, task_id, "--output", "json")
    assert json.loads(got.stdout)["id"] == task_id
    table = client("task-list", *auth, "--context-id", context, "--output", "table")
    assert table.stdout.splitlines()[0].split() == ["TASK", "CONTEXT", "STATE", "UPDATED"]
    assert len(table.stdout.splitlines()) == 3
    listed = json.loads(client("task-list", *auth, "--output", "json").stdout)
    assert listed["totalSize"] >= 2
    idle = client("task-cancel", *auth, task_id, check=1)  # its turn ended: not running
    assert "-32002" in idle.stderr
    asking = client("call", *auth, "-p", "ask ready?", "--cwd", str(workspace))
    paused = asking.stderr.split("(context ", 1)[0].rsplit("task ", 1)[1].split()[0]
    canceled = client("task-cancel", *auth, paused)
    assert "TASK_STATE_CANCELED" in canceled.stderr
    again = client("task-cancel", *auth, paused, check=1)
    assert "-32002" in again.stderr
    failed = client("call", *auth, "-p", "fail boom", "--cwd", str(workspace), check=1)
    assert "TASK_STATE_FAILED" in failed.stderr


def test_exit_codes(server: ServerProcess, workspace: Path) -> None:
    assert client("discover", "--url", server.url, "--token", "wrong", check=None).returncode == 0
    unauthorized = client("task-list", "--url", server.url, "--token", "wrong", check=5)
    assert "401" in unauthorized.stderr
    client("task-list", check=2)  # no URL
    client("task-get", "--url", "http://127.0.0.1:9", "x", check=3)
    missing = client("task-get", "--url", server.url, "--token", "t0ken", "nope", check=1)
    assert "-32001" in missing.stderr


def test_card_signature_checks(server: ServerProcess, tmp_path: Path) -> None:
    base = ["discover", "--url", server.url]
    assert "iac-code" in client(*base, "--verify-card-secret", SECRET).stdout
    client(*base, "--verify-card-secret", "another-secret-that-is-long-enough!", check=4)
    jwks = tmp_path / "jwks.json"
    key = base64.urlsafe_b64encode(SECRET.encode()).decode().rstrip("=")
    jwks.write_text(json.dumps({"keys": [{"kty": "oct", "kid": "k1", "k": key}]}).decode())
    client(*base, "--verify-card-jwks", str(jwks), "--require-card-signature")
    jwks.write_text(json.dumps({"keys": [{"kty": "oct", "kid": "other", "k": key}]}).decode())
    client(*base, "--verify-card-jwks", str(jwks), check=4)


def test_unsigned_card_refused_when_required(tmp_path: Path, workspace: Path) -> None:
    with ServerProcess(tmp_path / "state", allowed_cwds=[workspace]) as plain:
        client("discover", "--url", plain.url, "--require-card-signature", check=4)
        client("discover", "--url", plain.url)


def test_routes(server: ServerProcess, tmp_path: Path, workspace: Path) -> None:
    config = tmp_path / "client.yml"
    config.write_text(f"routes:\n  local:\n    url: {server.url}\n    token: t0ken\n")
    done = client(
        "call",
        "--config",
        str(config),
        "--route",
        "local",
        "-p",
        "say via route",
        "--cwd",
        str(workspace),
    )
    assert done.stdout.strip() == "via route"
    client("task-list", "--config", str(config), "--route", "missing", check=2)


def test_help_describes_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["a2a-client", "--help"])
    assert done.value.code == 0
    lines = capsys.readouterr().out.split("positional arguments:", 1)[1].splitlines()
    described = {}
    for line, following in zip(lines, [*lines[1:], ""], strict=True):
        if line.startswith("    ") and not line.startswith("     "):
            name, _, text = line.strip().partition(" ")
            described[name] = text.strip() or following.strip()  # a long name wraps the text
    assert set(described) == set(_COMMANDS)
    assert all(described.values()), described


@pytest.mark.parametrize("output", [[], ["--output", "json"], ["--stream"]])
def test_a_reader_that_goes_away_ends_the_client_quietly(
    server: ServerProcess, workspace: Path, output: list[str]
) -> None:
    """`iaccode a2a-client call ... | head -1`: the pipe's reader is gone before the answer."""
    auth = ["--url", server.url, "--token", "t0ken"]
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [*CLIENT, "call", *auth, "-p", "say hi", "--cwd", str(workspace), *output],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(write)
    assert done.returncode == 141, done.stderr
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
    assert "Exception ignored" not in done.stderr


def test_call_waits_answers_permissions_and_times_out(
    server: ServerProcess, workspace: Path
) -> None:
    auth = ["--url", server.url, "--token", "t0ken", "--cwd", str(workspace)]
    ask = "permission write_file a.yaml\nsay done"
    allowed = client("call", *auth, "-p", ask, "--allow")
    assert allowed.stdout.strip() == "allowed done"
    assert "waiting for the turn of task" in allowed.stderr
    denied = client("call", *auth, "-p", ask, "--deny", "--stream")
    assert denied.stdout.strip().endswith("denied done")
    unanswered = client("call", *auth, "-p", ask)  # no terminal, no flag: say how to answer
    assert "--allow or --deny" in unanswered.stderr
    slow = client("call", *auth, "-p", "sleep 30\nsay late", "--timeout", "1", check=6)
    assert "keeps running" in slow.stderr and "task " in slow.stderr


def test_prompt_sources_states_urls_and_tokens(
    server: ServerProcess, workspace: Path, tmp_path: Path
) -> None:
    auth = ["--url", server.url, "--cwd", str(workspace)]
    env = {**os.environ, "IACCODE_A2A_CLIENT_TOKEN": "t0ken"}
    piped = subprocess.run(
        [*CLIENT, "call", *auth, "-p", "-"],
        input="say from stdin",
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert piped.returncode == 0, piped.stderr
    assert piped.stdout.strip() == "from stdin"
    prompt = tmp_path / "prompt.txt"
    prompt.write_text("say from a file")
    token = ["--token", "t0ken"]
    assert client("call", *auth, *token, "-p", f"@{prompt}").stdout.strip() == "from a file"
    listing = ["task-list", "--url", server.url, *token]
    assert "INPUT_REQUIRED" in client(*listing, "--status", "INPUT_REQUIRED").stdout
    client(*listing, "--status", "input-required")
    bad = client(*listing, "--status", "bogus", check=2)
    assert "INPUT_REQUIRED" in bad.stderr and "COMPLETED" in bad.stderr
    no_scheme = client("discover", "--url", server.url.removeprefix("http://"), check=2)
    assert "http://" in no_scheme.stderr


def test_the_existing_products_spellings(server: ServerProcess, tmp_path: Path) -> None:
    config = tmp_path / "client.yml"
    config.write_text(f"routes:\n  local:\n    url: {server.url}\n    token: t0ken\n")
    found = client("--config", str(config), "discover", "--route", "local")
    assert "iac-code" in found.stdout
    preview = client("--config", str(config), "route-preview")
    assert "local" in preview.stdout and server.url in preview.stdout
    assert "t0ken" not in preview.stdout


def test_every_option_has_help() -> None:
    from iaccode.cli import build_parser

    def walk(parser: Any) -> Iterator[Any]:
        yield parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    yield from walk(sub)

    client_parser = build_parser()._subparsers._group_actions[0].choices["a2a-client"]
    for parser in walk(client_parser):
        for action in parser._actions:
            if action.dest in ("help", "client_command"):
                continue
            assert action.help, f"{parser.prog}: {action.option_strings or action.dest}"


async def test_tls_with_a_private_ca(start_server: Any, tls_files: Any, tmp_path: Path) -> None:
    import trio

    running = await start_server(tls_cert=tls_files.cert, tls_key=tls_files.key)
    url = f"https://127.0.0.1:{running.port}"

    async def discover(*extra: str) -> subprocess.CompletedProcess[bytes]:
        env = {k: v for k, v in os.environ.items() if k != "SSL_CERT_FILE"}
        with trio.fail_after(60):
            return await trio.run_process(
                [*CLIENT, "discover", "--url", url, *extra],
                capture_stdout=True,
                capture_stderr=True,
                check=False,
                env=env,
            )

    untrusted = await discover()
    assert untrusted.returncode == 3, untrusted.stderr
    trusted = await discover("--cacert", str(tmp_path / "ca.pem"))
    assert trusted.returncode == 0 and b"iac-code" in trusted.stdout, trusted.stderr
    insecure = await discover("--insecure")
    assert insecure.returncode == 0, insecure.stderr
