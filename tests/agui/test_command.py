"""`iaccode agui` as a user starts it, and its configuration."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import httpx
import pytest

from iaccode.config import ConfigError, load_agui_config
from iaccode.wire import json

SCENARIO = "iaccode.testing.engines:ScenarioEngine"


def test_the_command_serves_runs_and_stops_cleanly(tmp_path: Path, workspace: Path) -> None:
    env = {
        **os.environ,
        "IAC_CODE_CONFIG_DIR": str(tmp_path / "config"),
        "IAC_CODE_AGUI_ALLOWED_CWDS": str(workspace),
        "IAC_CODE_AGUI_AUTH_TOKEN": "token-1",
    }
    command = [sys.executable, "-m", "iaccode", "agui", "--port", "0", "--engine", SCENARIO]
    process = subprocess.Popen(command, env=env, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    found = threading.Event()
    port = []

    def read() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            lines.append(line)
            match = re.search(r"listening on http://[^:]+:(\d+)/", line)
            if match and not found.is_set():
                port.append(int(match.group(1)))
                found.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        assert found.wait(20), "".join(lines)
        url = f"http://127.0.0.1:{port[0]}"
        assert httpx.get(url + "/health").json()["protocol"] == "ag-ui"
        body = {
            "threadId": "t",
            "runId": "r",
            "state": {},
            "messages": [{"id": "m", "role": "user", "content": "say from the command"}],
            "tools": [],
            "context": [],
            "forwardedProps": {
                "iacCode": {"schemaVersion": 1, "rosInvocationId": "i", "cwd": str(workspace)}
            },
        }
        headers = {"authorization": "Bearer token-1"}
        response = httpx.post(url + "/", json=body, headers=headers, timeout=10)
        frames = [
            json.loads(line[6:]) for line in response.text.split("\n") if line.startswith("data: ")
        ]
        assert frames[-1]["type"] == "RUN_FINISHED"
        assert "from the command" in response.text
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(15) == 0
    assert not any("Traceback" in line for line in lines), "".join(lines)
    # the in-process core keeps its own store, apart from a standalone `iaccode a2a`
    assert (tmp_path / "config" / "agui" / "a2a" / "tasks.db").exists()
    assert list((tmp_path / "config" / "agui" / "threads").glob("*.json"))


def test_configuration_from_flags_and_environment(tmp_path: Path) -> None:
    environ = {
        "IAC_CODE_CONFIG_DIR": str(tmp_path),
        "IAC_CODE_AGUI_HOST": "0.0.0.0",
        "IAC_CODE_AGUI_PORT": "41243",
        "IAC_CODE_AGUI_A2A_URL": "http://127.0.0.1:41242/",
        "IAC_CODE_AGUI_A2A_TOKEN": "upstream-secret",
        "IAC_CODE_AGUI_AUTH_TOKEN": "inbound-secret",
        "IAC_CODE_AGUI_ALLOWED_CWDS": str(tmp_path),
        "IAC_CODE_AGUI_HEARTBEAT_SECONDS": "5",
    }
    config = load_agui_config(None, {"port": 9999}, environ)
    assert config.host == "0.0.0.0" and config.port == 9999  # the flag wins
    assert config.a2a_url == "http://127.0.0.1:41242/"
    assert config.a2a_token == "upstream-secret" and config.auth_token == "inbound-secret"
    assert config.heartbeat_seconds == 5.0
    assert config.state_dir == tmp_path / "agui" / "threads"
    assert config.workspace_roots() == (tmp_path.resolve(),)
    assert config.core.persistence_dir == tmp_path / "agui" / "a2a"
    assert "upstream-secret" not in repr(config) and "inbound-secret" not in repr(config)


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"IAC_CODE_AGUI_PORT": "eighty"}, "port must be an integer"),
        ({"IAC_CODE_AGUI_PORT": "70000"}, "port must be between 0 and 65535"),
        ({"IAC_CODE_AGUI_A2A_URL": "ftp://x"}, "--a2a-url must be an http"),
        ({"IAC_CODE_AGUI_HEARTBEAT_SECONDS": "0"}, "greater than 0"),
    ],
)
def test_bad_values_are_one_clear_line(environ: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_agui_config(None, {}, environ)
