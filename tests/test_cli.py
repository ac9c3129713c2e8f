"""The `iaccode` / `iac-code` command line, run in-process through `main()`.

Every case that reaches `trio.run(serve, ...)` fails before it serves: while loading the engine,
which happens before anything binds a socket or opens the store, or while opening the store or
the push keyring (on a loopback port 0 that is closed again).
"""

from __future__ import annotations

import logging
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from cryptography.fernet import Fernet

from iaccode import __version__
from iaccode.cli import main
from tests.process import ServerProcess

BIN = Path(sys.executable).parent


@pytest.fixture(autouse=True)
def _restore_root_logger() -> Iterator[None]:
    """main() calls logging.basicConfig; keep its handler from leaking into other tests."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in root.handlers:
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(level)


def run(argv: list[str]) -> int:
    """main(argv), with argparse's SystemExit turned into its status."""
    try:
        return main(argv)
    except SystemExit as exc:
        assert isinstance(exc.code, int)
        return exc.code


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"iaccode {__version__}\n"


def test_help_lists_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: iaccode")
    assert "a2a" in out
    assert "--version" in out


def test_a2a_help_lists_the_flags(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["a2a", "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: iaccode a2a")
    for flag in (
        "--config",
        "--host",
        "--port",
        "--transport",
        "--debug",
        "-d",
        "--log-to-stdout",
        "--no-log-to-stdout",
        "--engine",
        "--persistence-dir",
    ):
        assert flag in out, flag


def test_no_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    out = capsys.readouterr().out
    assert out.startswith("usage: iaccode")
    assert "a2a" in out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["a2a", "--port", "abc"], "invalid int value: 'abc'"),
        (["a2a", "--transport", "pigeon"], "invalid choice: 'pigeon'"),
        (["a2a", "--bogus"], "unrecognized arguments: --bogus"),
        (["serve"], "invalid choice: 'serve'"),
    ],
)
def test_bad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    assert run(argv) == 2
    assert expected in capsys.readouterr().err


def _one_line_error(err: str) -> str:
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("iaccode: ")
    return lines[0]


@pytest.mark.parametrize(
    ("yaml_text", "expected"),
    [
        ("prot: 80\n", "iaccode: unknown config key 'prot' (known keys: "),
        ("port: abc\n", "iaccode: config key 'port' must be an integer, got 'abc'"),
        ("grpc-port: x\n", "iaccode: config key 'grpc-port' must be an integer"),
        ("a: b: c\n", "iaccode: config file "),
    ],
)
def test_config_error_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], yaml_text: str, expected: str
) -> None:
    config = tmp_path / "a2a-server.yml"
    config.write_text(yaml_text)
    assert main(["a2a", "--config", str(config)]) == 2
    captured = capsys.readouterr()
    assert _one_line_error(captured.err).startswith(expected)
    assert captured.out == ""


def test_missing_config_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.yml"
    assert main(["a2a", "--config", str(missing)]) == 2
    line = _one_line_error(capsys.readouterr().err)
    assert line == f"iaccode: cannot read config file {missing}: No such file or directory"


def test_flag_value_is_validated_like_a_file_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["a2a", "--port", "70000"]) == 2
    line = _one_line_error(capsys.readouterr().err)
    assert line == "iaccode: config key 'port' must be between 0 and 65535, got 70000"


def test_flag_wins_over_a_bad_file_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The file's port is out of range, the flag's is fine: only the engine error remains.
    config = tmp_path / "a2a-server.yml"
    config.write_text("port: 70000\nengine: nonexistent.module:factory\n")
    state = tmp_path / "state"
    argv = ["a2a", "--config", str(config), "--port", "0", "--persistence-dir", str(state)]
    assert main(argv) == 2
    line = _one_line_error(capsys.readouterr().err)
    assert "cannot import engine module 'nonexistent.module'" in line


@pytest.mark.parametrize(
    ("engine", "expected"),
    [
        (
            "nonexistent.module:factory",
            "iaccode: cannot import engine module 'nonexistent.module': ",
        ),
        ("iaccode.testing.engines:NoSuchFactory", "iaccode: module 'iaccode.testing.engines' "),
        ("nope", "iaccode: unknown engine 'nope' (built in: llm, offline; or module:factory)"),
    ],
)
def test_engine_load_error_is_status_2_before_anything_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], engine: str, expected: str
) -> None:
    state = tmp_path / "state"
    argv = ["a2a", "--engine", engine, "--port", "0", "--persistence-dir", str(state)]
    assert main(argv) == 2
    assert _one_line_error(capsys.readouterr().err).startswith(expected)
    assert not state.exists()  # the store was never opened


def test_task_database_of_a_newer_schema_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state"
    state.mkdir()
    database = sqlite3.connect(state / "tasks.db")
    database.execute("PRAGMA user_version = 99")
    database.close()
    argv = ["a2a", "--port", "0", "--persistence-dir", str(state)]
    assert main(argv) == 2
    line = _one_line_error(capsys.readouterr().err)
    assert line.startswith(
        f"iaccode: the task database {state / 'tasks.db'} was written by a newer"
    )
    assert "schema version 99" in line


def _push_config(tmp_path: Path) -> list[str]:
    config = tmp_path / "a2a-server.yml"
    config.write_text("push-notifications: true\n")
    state = tmp_path / "state"
    return ["a2a", "--config", str(config), "--port", "0", "--persistence-dir", str(state)]


def test_push_keyring_readable_by_others_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("IAC_CODE_A2A_PUSH_KEYRING", raising=False)
    keyring = tmp_path / "state" / "push_keys.json"
    keyring.parent.mkdir()
    key = Fernet.generate_key().decode("ascii")
    keyring.write_text(key)
    keyring.chmod(0o644)
    assert main(_push_config(tmp_path)) == 2
    line = _one_line_error(capsys.readouterr().err)
    assert line.startswith(f"iaccode: the push keyring {keyring} is accessible by group or others")
    assert key not in line


def test_bad_push_keyring_in_the_environment_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = "not-a-fernet-key-but-a-secret"
    monkeypatch.setenv(
        "IAC_CODE_A2A_PUSH_KEYRING", f'{{"active": "a", "keys": {{"a": "{secret}"}}}}'
    )
    assert main(_push_config(tmp_path)) == 2
    line = _one_line_error(capsys.readouterr().err)
    assert line == "iaccode: IAC_CODE_A2A_PUSH_KEYRING: push key 'a' is not a valid Fernet key"
    assert secret not in line


@pytest.mark.parametrize("script", ["iac-code", "iaccode"])
def test_console_scripts_print_the_version(script: str) -> None:
    path = BIN / script
    assert path.exists(), f"{path} is not installed"
    done = subprocess.run(
        [str(path), "--version"], capture_output=True, text=True, timeout=30, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{script} {__version__}\n"  # named as invoked
    assert done.stderr == ""


@pytest.mark.parametrize("name", ["iaccode", "iac-code"])
def test_version_and_help_name_the_program_as_invoked(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", [f"/usr/local/bin/{name}"])
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.startswith(f"{name} ")
    with pytest.raises(SystemExit):
        main(["a2a", "--help"])
    help_text = capsys.readouterr().out
    assert help_text.startswith(f"usage: {name} a2a")
    assert "llm" in help_text.split("--engine", 1)[1]


# -- start-up errors name what is wrong, exit 2 (issue 16) ---------------------------------------


def test_an_unusable_persistence_dir_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["a2a", "--port", "0", "--persistence-dir", "/proc/nope"]) == 2
    line = _one_line_error(capsys.readouterr().err)
    assert line.startswith("iaccode: persistence-dir /proc/nope: cannot use it: ")


def test_a_port_in_use_is_named_with_its_address(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        argv = ["a2a", "--host", "127.0.0.1", "--port", str(port)]
        assert main([*argv, "--persistence-dir", str(tmp_path / "state")]) == 2
    line = _one_line_error(capsys.readouterr().err)
    assert line.startswith(f"iaccode: cannot listen on 127.0.0.1:{port}: ")


def test_a_missing_tls_certificate_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cert, key = tmp_path / "missing.pem", tmp_path / "missing.key"
    argv = ["a2a", "--port", "0", "--persistence-dir", str(tmp_path / "state")]
    assert main([*argv, "--tls-cert", str(cert), "--tls-key", str(key)]) == 2
    assert _one_line_error(capsys.readouterr().err) == f"iaccode: tls-cert {cert}: no such file"


def test_hypercorn_without_its_extra_names_the_pip_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "hypercorn", None)  # as if not installed
    monkeypatch.setitem(sys.modules, "hypercorn.trio", None)
    argv = ["a2a", "--port", "0", "--persistence-dir", str(tmp_path / "state")]
    assert main([*argv, "--http-server", "hypercorn"]) == 2
    assert _one_line_error(capsys.readouterr().err) == (
        "iaccode: http-server: hypercorn needs the asgi extra (pip install 'iaccode[asgi]')"
    )


def test_a_second_server_on_one_directory_exits_2_naming_the_holder(tmp_path: Path) -> None:
    state = tmp_path / "state"
    with ServerProcess(state) as first:
        second = subprocess.run(
            ServerProcess(state).args,
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert second.returncode == 2
        line = _one_line_error(second.stderr)
        pid = first.pid
        assert line == (
            f"iaccode: persistence-dir {state} is in use by another iaccode process (pid {pid}); "
            "one process per directory"
        )
        # the first one still serves
        assert httpx.get(f"{first.url}/health", timeout=5).status_code == 200
