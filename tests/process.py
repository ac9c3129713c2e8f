"""Run `iaccode a2a` as a real process, as a user would, and find the port it bound."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

_LISTENING = re.compile(r"listening on http://[^:]+:(\d+)/")


class ServerProcess:
    """`iaccode a2a` on `state_dir` (its persistence-dir), or with `command="agui"` the AG-UI
    adapter and its in-process core, all of whose state is under `state_dir` (its config dir:
    threads in agui/threads, the core's persistence-dir agui/a2a)."""

    def __init__(
        self,
        state_dir: Path,
        *,
        engine: str = "iaccode.testing.engines:ScenarioEngine",
        allowed_cwds: Sequence[Path] = (),
        extra_args: Sequence[str] = (),
        env: dict[str, str] | None = None,
        command: str = "a2a",
    ) -> None:
        where = ["--persistence-dir", str(state_dir)] if command == "a2a" else []
        self.args = [
            sys.executable,
            "-m",
            "iaccode",
            command,
            "--port",
            "0",
            *where,
            "--engine",
            engine,
            *extra_args,
        ]
        self.env = {**os.environ, **(env or {})}
        if command == "agui":
            self.env["IAC_CODE_CONFIG_DIR"] = str(state_dir)
        if allowed_cwds:
            self.env["IACCODE_A2A_ALLOWED_CWDS"] = os.pathsep.join(map(str, allowed_cwds))
        self.port = 0
        self.lines: list[str] = []
        self._proc: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 15) -> ServerProcess:
        self.port = 0  # started again (a restart): the new process's port, or a failure
        self._proc = subprocess.Popen(
            self.args, env=self.env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True
        )
        found = threading.Event()

        def read() -> None:
            assert self._proc is not None and self._proc.stderr is not None
            for line in self._proc.stderr:
                self.lines.append(line)
                match = _LISTENING.search(line)
                if match and not found.is_set():
                    self.port = int(match.group(1))
                    found.set()
            found.set()  # the process ended (its stderr closed): stop waiting for it

        threading.Thread(target=read, daemon=True).start()
        if not found.wait(timeout) or not self.port:
            self.kill()
            raise RuntimeError("server did not start:\n" + "".join(self.lines))
        return self

    def terminate(self, timeout: float = 15) -> int:
        assert self._proc is not None
        self._proc.send_signal(signal.SIGTERM)
        return self._proc.wait(timeout)

    @property
    def pid(self) -> int:
        assert self._proc is not None
        return self._proc.pid

    def wait(self, timeout: float = 15) -> int:
        """The exit status once the process ended by itself (-9: it SIGKILLed itself)."""
        assert self._proc is not None
        return self._proc.wait(timeout)

    def kill(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.kill()
            self._proc.wait(10)

    def wait_for_log(self, text: str, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while not any(text in line for line in self.lines):
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} not logged:\n" + "".join(self.lines))
            time.sleep(0.02)

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.kill()
