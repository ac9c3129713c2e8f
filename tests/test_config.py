"""`a2a-server.yml`, environment fallbacks and flag overrides -> Config.

Keys and variables: iac-code-reference.md §1.3-1.4. The conftest's autouse fixture points HOME and
IAC_CODE_CONFIG_DIR into tmp_path and clears IACCODE_A2A_ALLOWED_CWDS and AGENTCORE_RUNTIME_URL.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest

from iaccode import config as config_module
from iaccode.config import _FILE_KEYS, DEFAULT_PORT, Config, ConfigError, load_config
from iaccode.tasks.push import keyring as keyring_module


@pytest.fixture
def write(tmp_path: Path) -> Any:
    def write(text: str, name: str = "a2a-server.yml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


def load_text(write: Any, text: str, **overrides: Any) -> Config:
    return load_config(write(text), overrides or None, environ={})


# -- keys and values -----------------------------------------------------------------------------

ACCEPTED: list[tuple[str, str, dict[str, Any]]] = [
    ("dashes", "persistence-dir: /srv/state\nlog-to-stdout: true\n", {}),
    ("underscores", "persistence_dir: /srv/state\nlog_to_stdout: true\n", {}),
    ("port from a numeric string", "port: '8080'\n", {"port": 8080}),
    ("port 0 (ephemeral)", "port: 0\n", {"port": 0}),
    ("host", "host: 0.0.0.0\n", {"host": "0.0.0.0"}),
    ("int for float", "heartbeat-seconds: 5\n", {"heartbeat_seconds": 5.0}),
    ("float from a string", "heartbeat-seconds: '2.5'\n", {"heartbeat_seconds": 2.5}),
    ("optional float null", "idle-shutdown-seconds: null\n", {"idle_shutdown_seconds": None}),
    ("optional float 0", "idle-shutdown-seconds: 0\n", {"idle_shutdown_seconds": 0.0}),
    ("bool true", "auto-approve-permissions: true\n", {"auto_approve_permissions": True}),
    ("legacy card fields", "legacy-card-fields: true\n", {"legacy_card_fields": True}),
    (
        "thinking-exposure list",
        "thinking-exposure: [raw-thinking, tool-trace]\n",
        {"thinking_exposure": ("raw-thinking", "tool-trace")},
    ),
    (
        "thinking-exposure CSV",
        "thinking-exposure: 'tool-trace, raw-thinking'\n",
        {"thinking_exposure": ("tool-trace", "raw-thinking")},
    ),
    ("thinking-exposure empty", "thinking-exposure: []\n", {"thinking_exposure": ()}),
    ("engine module:factory", "engine: pkg.mod:make\n", {"engine": "pkg.mod:make"}),
    ("public-url", "public-url: https://a.example/\n", {"public_url": "https://a.example/"}),
    ("transport http", "transport: http\n", {"transport": "http"}),
    ("max-body-bytes", "max-body-bytes: 1024\n", {"max_body_bytes": 1024}),
    (
        "load-shedding limits",
        "max-connections: 5000\nmax-concurrent-turns: 8\nmax-subscribers-per-task: 4\n"
        "max-line-bytes: 65536\nmax-buffered-body-bytes: 33554432\n",
        {
            "max_connections": 5000,
            "max_concurrent_turns": 8,
            "max_subscribers_per_task": 4,
            "max_line_bytes": 65536,
            "max_buffered_body_bytes": 32 * 1024 * 1024,
        },
    ),
    (
        "allowed-cwds list",
        "allowed-cwds: [/a, /b]\n",
        {"allowed_cwds": (Path("/a"), Path("/b"))},
    ),
    (
        "artifact-dir",
        "artifact-dir: /srv/artifacts\n",
        {"artifact_dir": Path("/srv/artifacts")},
    ),
    ("task-retention-days", "task-retention-days: 30\n", {"task_retention_days": 30.0}),
    ("task-retention-days fraction", "task-retention-days: 0.5\n", {"task_retention_days": 0.5}),
    ("task-retention-days null", "task-retention-days: null\n", {"task_retention_days": None}),
    (
        "ros-endpoint https",
        "ros-endpoint: https://ros.cn-beijing.aliyuncs.com:443\n",
        {"ros_endpoint": "https://ros.cn-beijing.aliyuncs.com:443"},
    ),
    (
        "ros-endpoint http on loopback",
        "ros-endpoint: http://127.0.0.1:8080\n",
        {"ros_endpoint": "http://127.0.0.1:8080"},
    ),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [(text, expected) for _, text, expected in ACCEPTED],
    ids=[name for name, _, _ in ACCEPTED],
)
def test_accepted_values(write: Any, text: str, expected: dict[str, Any]) -> None:
    config = load_text(write, text)
    for name, value in expected.items():
        actual = getattr(config, name)
        assert actual == value
        assert type(actual) is type(value)


@pytest.mark.parametrize("text", [ACCEPTED[0][1], ACCEPTED[1][1]], ids=["dashes", "underscores"])
def test_dashes_and_underscores_mean_the_same_key(write: Any, text: str) -> None:
    config = load_text(write, text)
    assert config.persistence_dir == Path("/srv/state")
    assert config.log_to_stdout is True


def test_paths_expand_the_home_directory(write: Any, tmp_path: Path) -> None:
    config = load_text(write, "persistence-dir: ~/state\n")
    assert config.persistence_dir == tmp_path / "home" / "state"
    assert config.artifacts_path == tmp_path / "home" / "state" / "artifacts"


def test_artifact_dir_overrides_the_default_under_persistence_dir(write: Any) -> None:
    config = load_text(write, "persistence-dir: /srv/state\nartifact-dir: /srv/art\n")
    assert config.artifacts_path == Path("/srv/art")


REJECTED: list[tuple[str, str, str]] = [
    ("port not a number", "port: abc\n", "config key 'port' must be an integer, got 'abc'"),
    ("port float", "port: 1.5\n", "config key 'port' must be an integer, got 1.5"),
    ("port bool", "port: true\n", "config key 'port' must be an integer, got True"),
    ("port negative string", "port: '-1'\n", "config key 'port' must be an integer"),
    ("port too large", "port: 70000\n", "config key 'port' must be between 0 and 65535, got 70000"),
    ("port negative", "port: -1\n", "config key 'port' must be between 0 and 65535, got -1"),
    ("host not a string", "host: 127\n", "config key 'host' must be a string, got 127"),
    ("host null", "host: null\n", "config key 'host' must be a string, got None"),
    (
        "bool given an int",
        "auto-approve-permissions: 3\n",
        "config key 'auto-approve-permissions' must be true or false, got 3",
    ),
    (
        "bool given a quoted string",
        "legacy-card-fields: 'yes'\n",
        "config key 'legacy-card-fields' must be true or false, got 'yes'",
    ),
    (
        "unknown thinking-exposure value",
        "thinking-exposure: [bogus]\n",
        "config key 'thinking-exposure' has unknown values ['bogus']",
    ),
    (
        "thinking-exposure item not a string",
        "thinking-exposure: [1]\n",
        "config key 'thinking-exposure' must be a list of",
    ),
    ("thinking-exposure not a list", "thinking-exposure: 5\n", "config key 'thinking-exposure'"),
    ("path not a string", "persistence-dir: 5\n", "config key 'persistence-dir' must be a path"),
    ("path empty", "persistence-dir: ''\n", "config key 'persistence-dir' must be a path"),
    ("list of paths not a list", "allowed-cwds: 5\n", "config key 'allowed-cwds' must be a list"),
    (
        "float not a number",
        "heartbeat-seconds: soon\n",
        "config key 'heartbeat-seconds' must be a number",
    ),
    ("float bool", "heartbeat-seconds: true\n", "config key 'heartbeat-seconds' must be a number"),
    (
        "float zero",
        "heartbeat-seconds: 0\n",
        "config key 'heartbeat-seconds' must be greater than 0",
    ),
    ("int zero", "max-json-depth: 0\n", "config key 'max-json-depth' must be greater than 0"),
    (
        "int negative",
        "subscriber-buffer: -5\n",
        "config key 'subscriber-buffer' must be greater than 0",
    ),
    ("int with unit", "max-body-bytes: 1k\n", "config key 'max-body-bytes' must be an integer"),
    ("no connections", "max-connections: 0\n", "config key 'max-connections' must be greater"),
    (
        "no turns",
        "max-concurrent-turns: 0\n",
        "config key 'max-concurrent-turns' must be greater than 0",
    ),
    (
        "body budget below one body",
        "max-body-bytes: 2048\nmax-buffered-body-bytes: 1024\n",
        "config key 'max-buffered-body-bytes' must not be less than 'max-body-bytes'",
    ),
    (
        "idle shutdown negative",
        "idle-shutdown-seconds: -1\n",
        "config key 'idle-shutdown-seconds' must not be negative",
    ),
    (
        "task-retention-days zero",
        "task-retention-days: 0\n",
        "config key 'task-retention-days' must be greater than 0",
    ),
    (
        "task-retention-days negative",
        "task-retention-days: -7\n",
        "config key 'task-retention-days' must be greater than 0",
    ),
    (
        "task-retention-days not a number",
        "task-retention-days: forever\n",
        "config key 'task-retention-days' must be a number",
    ),
    ("engine list", "engine: [offline]\n", "config key 'engine' must be a string"),
    ("public-url number", "public-url: 5\n", "config key 'public-url' must be a string"),
    (
        "unknown transport",
        "transport: carrier-pigeon\n",
        "transport 'carrier-pigeon' is not supported by this version of iaccode "
        "(available: http, stdio, unix, websocket, redis-streams, grpc, grpc-jsonrpc)",
    ),
    (
        "unix without a socket",
        "transport: unix\n",
        "transport 'unix' needs config key 'socket-path'",
    ),
    ("ws-path relative", "ws-path: a2a\n", "config key 'ws-path' must start with '/'"),
    (
        "grpc-port out of range",
        "grpc-port: 70000\n",
        "config key 'grpc-port' must be between 0 and 65535, got 70000",
    ),
    ("grpc-port not a number", "grpc-port: x\n", "config key 'grpc-port' must be an integer"),
    (
        "grpc-port the http port",
        "port: 8000\ngrpc-port: 8000\n",
        "config key 'grpc-port' must differ from 'port'",
    ),
    (
        "ros-endpoint plain http to another host",
        "ros-endpoint: http://ros.aliyuncs.com\n",
        "config key 'ros-endpoint' must use https (plain http only to localhost)",
    ),
    (
        "ros-endpoint http to a name that starts like loopback",
        "ros-endpoint: http://127.0.0.1.evil.example\n",
        "config key 'ros-endpoint' must use https (plain http only to localhost)",
    ),
    (
        "ros-endpoint with a trailing newline",
        'ros-endpoint: "https://ros.aliyuncs.com\\n"\n',
        "config key 'ros-endpoint' must be an http(s) URL without a path",
    ),
    (
        "ros-endpoint with a path",
        "ros-endpoint: https://ros.aliyuncs.com/x\n",
        "config key 'ros-endpoint' must be an http(s) URL without a path",
    ),
    (
        "stdio logging to stdout",
        "transport: stdio\nlog-to-stdout: true\n",
        "--log-to-stdout cannot be used with --transport stdio: stdout carries the frames",
    ),
]


@pytest.mark.parametrize(
    ("text", "message"),
    [(text, message) for _, text, message in REJECTED],
    ids=[name for name, _, _ in REJECTED],
)
def test_wrong_values_name_the_key(write: Any, text: str, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        load_text(write, text)
    assert str(info.value).startswith(message)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("value", [".nan", "nan"])
def test_nan_is_not_a_number_of_seconds(write: Any, value: str) -> None:
    with pytest.raises(ConfigError, match="heartbeat-seconds"):
        load_text(write, f"heartbeat-seconds: {value}\n")


@pytest.mark.parametrize(
    ("text", "kind"), [("thinking-exposure: 5\n", "strings"), ("allowed-cwds: 5\n", "paths")]
)
def test_list_type_message_is_grammatical(write: Any, text: str, kind: str) -> None:
    with pytest.raises(ConfigError) as info:
        load_text(write, text)
    assert f"must be a list of {kind}," in str(info.value)


def test_unknown_key_lists_the_known_keys(write: Any) -> None:
    with pytest.raises(ConfigError) as info:
        load_text(write, "prot: 80\n")
    message = str(info.value)
    assert message.startswith("unknown config key 'prot' (known keys: ")
    known = message.split("known keys: ", 1)[1].rstrip(")").split(", ")
    assert known == sorted(known)
    for key in ("port", "host", "persistence-dir", "allowed-cwds", "thinking-exposure"):
        assert key in known
    assert all("_" not in key for key in known)


def test_rejected_debug_key_is_not_listed_as_known(write: Any) -> None:
    with pytest.raises(ConfigError) as info:
        load_text(write, "debug: true\n")
    known = str(info.value).split("known keys: ", 1)[1].rstrip(")").split(", ")
    assert "debug" not in known


def test_debug_is_a_flag_not_a_file_key(write: Any) -> None:
    with pytest.raises(ConfigError, match="unknown config key 'debug'"):
        load_text(write, "debug: true\n")
    assert load_text(write, "", debug=True).debug is True


@pytest.mark.parametrize(
    "key",
    [
        "permission-wait",
    ],
)
def test_keys_of_the_old_product_are_not_supported_yet(write: Any, key: str) -> None:
    with pytest.raises(ConfigError) as info:
        load_text(write, f"{key}: x\n")
    assert str(info.value) == f"config key '{key}' is not supported by this version of iaccode"


def test_redis_streams_transport_keys(write: Any) -> None:
    defaults = load_text(write, "transport: redis-streams\n")
    assert (defaults.redis_url, defaults.request_stream, defaults.response_stream) == (
        "redis://localhost:6379/0",
        "iac-code:a2a:requests",
        "iac-code:a2a:responses",
    )
    assert (defaults.consumer_group, defaults.consumer_name) == ("iac-code", None)
    assert defaults.request_lease_timeout_ms == 30_000
    config = load_text(
        write,
        "transport: redis-streams\nredis-url: rediss://r.example:6380/1\n"
        "request-stream: in\nresponse_stream: out\nconsumer-group: g\nconsumer-name: c\n"
        "request-lease-timeout-ms: 5000\n",
    )
    assert (config.redis_url, config.request_stream, config.response_stream) == (
        "rediss://r.example:6380/1",
        "in",
        "out",
    )
    assert (config.consumer_group, config.consumer_name) == ("g", "c")
    assert config.request_lease_timeout_ms == 5000
    for text, error in (
        ("redis-url: localhost:6379\n", "config key 'redis-url' must be a redis://"),
        ("request-stream: ''\n", "config key 'request-stream' must not be empty"),
        ("request-lease-timeout-ms: 0\n", "'request-lease-timeout-ms' must be greater than 0"),
    ):
        with pytest.raises(ConfigError, match=error):
            load_text(write, "transport: redis-streams\n" + text)


# -- the file itself -----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "\n", "# only a comment\n", "---\n"])
def test_empty_file_gives_the_defaults(write: Any, text: str) -> None:
    assert load_text(write, text) == load_config(None, environ={})


@pytest.mark.parametrize("text", ["- a\n- b\n", "just text\n", "42\n"])
def test_file_must_be_a_mapping(write: Any, text: str) -> None:
    path = write(text)
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    assert str(info.value) == f"config file {path} must be a mapping of keys to values"


@pytest.mark.parametrize(
    ("text", "line"),
    [("a: b: c\n", 1), ("port: 1\n  bad: 2\n", 2), ("port: 1\nhost: x\n\tengine: y\n", 3)],
)
def test_invalid_yaml_names_the_line(write: Any, text: str, line: int) -> None:
    path = write(text)
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    assert str(info.value) == f"config file {path} is not valid YAML (line {line})"


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.yml"
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    assert str(info.value) == f"cannot read config file {path}: No such file or directory"


def test_directory_instead_of_a_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read config file"):
        load_config(tmp_path, environ={})


def test_non_utf8_file_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yml"
    path.write_bytes("host: caf\xe9\n".encode("latin-1"))
    with pytest.raises(ConfigError, match="config file"):
        load_config(path, environ={})


# -- precedence ----------------------------------------------------------------------------------


def test_overrides_win_over_the_file(write: Any) -> None:
    config = load_text(
        write,
        "host: 0.0.0.0\nport: 8000\nlog-to-stdout: true\n",
        port=9000,
        log_to_stdout=False,
        persistence_dir=Path("/flag"),
    )
    assert config.port == 9000
    assert config.log_to_stdout is False
    assert config.persistence_dir == Path("/flag")
    assert config.host == "0.0.0.0"  # not overridden


def test_none_overrides_are_flags_not_given(write: Any) -> None:
    config = load_text(write, "port: 8000\nhost: 0.0.0.0\n", port=None, host=None, debug=None)
    assert (config.port, config.host, config.debug) == (8000, "0.0.0.0", False)


def test_overrides_are_checked_too(write: Any) -> None:
    with pytest.raises(ConfigError, match="'port' must be between 0 and 65535"):
        load_text(write, "", port=70000)


def test_overrides_without_a_file() -> None:
    config = load_config(None, {"port": 1234, "engine": "x:y"}, environ={})
    assert (config.port, config.engine) == (1234, "x:y")


def test_allowed_cwds_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IACCODE_A2A_ALLOWED_CWDS", os.pathsep.join(["/a", "", "/b c", ""]))
    assert load_config().allowed_cwds == (Path("/a"), Path("/b c"))


def test_allowed_cwds_from_an_explicit_environ() -> None:
    environ = {"IACCODE_A2A_ALLOWED_CWDS": f"/x{os.pathsep}/y"}
    assert load_config(environ=environ).allowed_cwds == (Path("/x"), Path("/y"))


def test_empty_allowed_cwds_variable_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IACCODE_A2A_ALLOWED_CWDS", "")
    assert load_config().allowed_cwds == ()


def test_file_allowed_cwds_win_over_the_environment(
    write: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IACCODE_A2A_ALLOWED_CWDS", "/from-env")
    assert load_config(write("allowed-cwds: [/from-file]\n")).allowed_cwds == (Path("/from-file"),)
    assert load_config(write("port: 1\n")).allowed_cwds == (Path("/from-env"),)


# -- defaults ------------------------------------------------------------------------------------


def test_defaults(tmp_path: Path) -> None:
    config = load_config(environ={"IAC_CODE_CONFIG_DIR": str(tmp_path / "config")})
    assert config.host == "127.0.0.1"
    assert config.port == DEFAULT_PORT
    assert config.transport == "http"
    assert config.engine == "offline"
    assert config.thinking_exposure == ("tool-trace",)
    assert config.allowed_cwds == ()
    assert (config.debug, config.log_to_stdout, config.auto_approve_permissions) == (
        False,
        False,
        False,
    )
    assert config.persistence_dir == tmp_path / "config" / "a2a"  # IAC_CODE_CONFIG_DIR
    assert config.artifacts_path == tmp_path / "config" / "a2a" / "artifacts"
    assert config.task_retention_days is None  # keep everything


def test_task_retention_days_from_the_environment(write: Any) -> None:
    environ = {"IACCODE_A2A_TASK_RETENTION_DAYS": "7.5"}
    assert load_config(environ=environ).task_retention_days == 7.5
    path = write("task-retention-days: 90\n")
    assert load_config(path, environ=environ).task_retention_days == 90.0  # the file wins
    with pytest.raises(ConfigError, match="'task-retention-days' must be greater than 0"):
        load_config(environ={"IACCODE_A2A_TASK_RETENTION_DAYS": "0"})


def test_persistence_dir_follows_iac_code_config_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("IAC_CODE_CONFIG_DIR", str(tmp_path / "elsewhere"))
    assert Config().persistence_dir == tmp_path / "elsewhere" / "a2a"


def test_persistence_dir_defaults_under_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("IAC_CODE_CONFIG_DIR")
    assert Config().persistence_dir == tmp_path / "home" / ".iac-code" / "a2a"


# -- advertised_url ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"host": "0.0.0.0", "port": 9000}, "http://127.0.0.1:9000/"),
        ({"host": "", "port": 1}, "http://127.0.0.1:1/"),
        ({"host": "::", "port": 2}, "http://127.0.0.1:2/"),
        ({"host": "::1", "port": 3}, "http://[::1]:3/"),
        ({"host": "fe80::1", "port": 4}, "http://[fe80::1]:4/"),
        ({"host": "example.com"}, f"http://example.com:{DEFAULT_PORT}/"),
        ({"public_url": "https://a.example/a2a"}, "https://a.example/a2a/"),
        ({"public_url": "https://a.example/a2a/"}, "https://a.example/a2a/"),
        ({"public_url": "https://a.example", "host": "0.0.0.0"}, "https://a.example/"),
    ],
)
def test_advertised_url(fields: dict[str, Any], expected: str) -> None:
    assert Config(**fields).advertised_url == expected


@pytest.mark.parametrize("public_url", [None, "https://public.example/"])
def test_agentcore_runtime_url_wins(public_url: str | None) -> None:
    environ = {"AGENTCORE_RUNTIME_URL": "https://runtime.example/invocations"}
    overrides = {"host": "0.0.0.0", "port": 9000, "public_url": public_url}
    config = load_config(None, overrides, environ)
    assert config.advertised_url == "https://runtime.example/invocations/"


def test_empty_agentcore_runtime_url_is_ignored() -> None:
    config = load_config(None, {"public_url": "https://p.example"}, {"AGENTCORE_RUNTIME_URL": ""})
    assert config.advertised_url == "https://p.example/"


# -- workspace_roots -----------------------------------------------------------------------------


def test_workspace_roots_drop_missing_and_resolve_symlinks(tmp_path: Path) -> None:
    real = tmp_path / "real"
    other = tmp_path / "other"
    real.mkdir()
    other.mkdir()
    link = tmp_path / "link"
    link.symlink_to(other, target_is_directory=True)
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    config = Config(allowed_cwds=(real, tmp_path / "missing", link, a_file, real / ".."))
    assert config.workspace_roots() == (real.resolve(), other.resolve(), tmp_path.resolve())


def test_workspace_roots_default_to_cwd_and_temp_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert Config().workspace_roots() == (
        tmp_path.resolve(),
        Path(tempfile.gettempdir()).resolve(),
    )


def test_workspace_roots_may_be_empty_when_no_root_exists(tmp_path: Path) -> None:
    assert Config(allowed_cwds=(tmp_path / "gone",)).workspace_roots() == ()


def test_authentication_keys_and_their_environment_fallbacks(write: Any) -> None:
    path = write("token: from-file\napi-key-header: X-Team\ntls-cert: c.pem\ntls-key: k.pem\n")
    environ = {
        "IACCODE_A2A_HTTP_TOKEN": "from-env",
        "IACCODE_A2A_BASIC_USERNAME": "alice",
        "IACCODE_A2A_BASIC_PASSWORD": "pw",
        "IACCODE_A2A_API_KEY": "k",
    }
    config = load_config(path, environ=environ)
    assert config.token == "from-file"  # the file wins over the environment
    assert (config.basic_username, config.basic_password, config.api_key) == ("alice", "pw", "k")
    assert config.api_key_header == "X-Team"
    assert config.advertised_url.startswith("https://")
    assert "from-file" not in repr(config) and "pw" not in repr(config)
    with pytest.raises(ConfigError, match="go together"):
        load_text(write, "tls-cert: c.pem\n")


def test_agentcore_profile() -> None:
    config = load_config(None, {"profile": "agentcore"}, {})
    assert (config.host, config.port, config.legacy_card_fields) == ("0.0.0.0", 9000, True)
    explicit = load_config(None, {"profile": "agentcore", "port": 8080}, {})
    assert explicit.port == 8080
    runtime = load_config(None, {}, {"AGENTCORE_RUNTIME_URL": "https://rt.example/invocations"})
    assert runtime.profile == "agentcore" and runtime.port == 9000
    assert runtime.advertised_url == "https://rt.example/invocations/"
    # The contract's 401 challenge points at the runtime's protected-resource metadata.
    assert runtime.www_authenticate and runtime.auth_resource_metadata == (
        "https://rt.example/invocations/.well-known/oauth-protected-resource"
    )
    qualified = load_config(
        None, {}, {"AGENTCORE_RUNTIME_URL": "https://rt.example/invocations/?qualifier=DEFAULT"}
    )
    assert qualified.auth_resource_metadata == (
        "https://rt.example/invocations/.well-known/oauth-protected-resource?qualifier=DEFAULT"
    )
    with pytest.raises(ConfigError, match="profile"):
        load_config(None, {"profile": "lambda"}, {})


# -- docs/configuration.md covers what the code accepts ----------------------------------------

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _section(text: str, heading: str) -> str:
    """The text under a Markdown heading, up to the next heading of the same or a higher level."""
    level = heading.split(" ", 1)[0]
    start = text.index(f"\n{heading}\n") + len(heading) + 2
    ends = [text.find(f"\n{'#' * n} ", start) for n in range(1, len(level) + 1)]
    return text[start : min([e for e in ends if e != -1], default=len(text))]


def test_every_file_key_is_documented() -> None:
    keys = _section((DOCS / "configuration.md").read_text(), "## Keys")
    missing = [k for k in sorted(_FILE_KEYS) if f"`{k.replace('_', '-')}`" not in keys]
    assert missing == []


def test_every_environment_variable_of_the_server_is_documented() -> None:
    source = Path(config_module.__file__).read_text()
    names = set(re.findall(r'"((?:IAC_CODE|IACCODE|AGENTCORE|DASHSCOPE|OPENAI)_[A-Z_]+)"', source))
    names = {n for n in names if not n.startswith("IAC_CODE_AGUI_")}  # agui.md has those
    names.add(keyring_module.ENV_VAR)  # read where the keyring is loaded
    table = _section((DOCS / "configuration.md").read_text(), "## Environment variables")
    assert sorted(n for n in names if f"`{n}`" not in table) == []


def test_the_files_under_persistence_dir_are_all_named_and_linked() -> None:
    """configuration.md names every entry of operations.md's table and links to it."""
    operations = _section((DOCS / "operations.md").read_text(), "### Under `persistence-dir`")
    rows = [line for line in operations.splitlines() if line.startswith("| `")]
    entries: set[str] = set()
    for row in rows:
        names = re.findall(r"`([^`]+)`", row.split("|")[1])
        # "`push_queue/pending/`, `inflight/`, ...": the rest of a directory's row are inside it
        entries.update([names[0].split("/")[0]] if "/" in names[0] else names)
    assert {"tasks.db", "tasks.db-wal", "push_keys.json", "push_queue"} <= entries
    files = _section((DOCS / "configuration.md").read_text(), "## Files under `persistence-dir`")
    assert sorted(e for e in entries if f"`{e}" not in files) == []
    assert "(operations.md#under-persistence-dir)" in files


def test_mcp_servers_skills_and_the_context_budget_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "a2a-server.yml"
    path.write_text(
        "mcpServers:\n  docs:\n    url: https://docs.example/mcp\n    headers: {X-Key: k}\n"
        f"skills-dir: {tmp_path}\nllm-context-budget: 50000\n"
    )
    config = load_config(path, environ={})
    assert config.mcp_servers == {
        "docs": {"url": "https://docs.example/mcp", "headers": {"X-Key": "k"}}
    }
    assert config.skills_dir == tmp_path and config.llm_context_budget == 50000
    assert "X-Key" not in repr(config)
    path.write_text("mcp-servers: [a]\n")
    with pytest.raises(ConfigError, match="mcp-servers"):
        load_config(path, environ={})
    path.write_text("llm-context-budget: 10\n")
    with pytest.raises(ConfigError, match="llm-context-budget"):
        load_config(path, environ={})


@pytest.mark.parametrize(
    "variable", ["IAC_CODE_A2A_TRUST_REQUEST_CWD", "IAC_CODE_A2A_EXTREME_PERFORMANCE"]
)
def test_product_switches_that_do_not_apply_are_refused(variable: str) -> None:
    with pytest.raises(ConfigError, match=variable):
        load_config(None, {}, {variable: "1"})
    load_config(None, {}, {variable: "0"})  # off: nothing to refuse


def test_safe_mode_comes_from_the_product_switch_or_the_file() -> None:
    assert load_config(None, {}, {"IAC_CODE_A2A_SAFE_MODE": "1"}).safe_mode is True
    assert load_config(None, {}, {"IAC_CODE_A2A_SAFE_MODE": "0"}).safe_mode is False
    assert load_config(None, {"safe_mode": True}, {}).safe_mode is True


def test_grpc_keys(write: Any) -> None:
    config = load_text(write, "grpc-port: 50051\ngrpc-host: 0.0.0.0\n")
    assert config.grpc_enabled and config.grpc_address == ("0.0.0.0", 50051)
    assert config.advertised_grpc_url == "127.0.0.1:50051"  # never a wildcard
    public = load_text(write, "grpc-port: 50051\ngrpc-host: '::'\npublic-url: https://a.example/\n")
    assert public.advertised_grpc_url == "a.example:50051"
    alone = load_text(write, "transport: grpc\nport: 7000\n")
    assert alone.grpc_enabled and alone.grpc_address == ("127.0.0.1", 7000)
    envelope = load_text(write, "transport: grpc-jsonrpc\ngrpc-port: 7001\n")
    assert not envelope.grpc_enabled and envelope.grpc_address == ("127.0.0.1", 7001)
    assert not load_text(write, "").grpc_enabled


def test_grpc_without_the_extra(write: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from iaccode import config as config_module
    from iaccode import fronts

    real = config_module.importable
    monkeypatch.setattr(fronts, "importable", lambda m: m != "grpc" and real(m))
    with pytest.raises(ConfigError) as info:
        load_text(write, "grpc-port: 50051\n")
    assert str(info.value) == "grpc-port needs the grpc extra (pip install 'iaccode[grpc]')"
    with pytest.raises(ConfigError, match="transport grpc needs the grpc extra"):
        load_text(write, "transport: grpc\n")
    with pytest.raises(ConfigError, match="transport grpc-jsonrpc needs the grpc extra"):
        load_text(write, "transport: grpc-jsonrpc\n")


# -- the task store (issue 19) -------------------------------------------------------------------


def test_task_store_keys_and_their_variables(write: Any) -> None:
    default = load_text(write, "")
    assert (default.task_store, default.task_store_url, default.coordination_url) == (
        "sqlite",
        None,
        None,
    )
    url = "postgresql://iac:pw@db.example:5432/iac"
    config = load_text(
        write,
        f"task-store: postgres\ntask-store-url: {url}\ncoordination-url: redis://r:6379/0\n",
    )
    assert (config.task_store, config.task_store_url) == ("postgres", url)
    assert config.coordination_url == "redis://r:6379/0"
    assert "pw@" not in repr(config)  # URLs may carry passwords
    environ = {"IACCODE_A2A_TASK_STORE": "postgres", "IACCODE_A2A_TASK_STORE_URL": url}
    from_env = load_config(None, None, environ=environ)
    assert (from_env.task_store, from_env.task_store_url) == ("postgres", url)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("task-store: redis\n", "config key 'task-store' must be one of sqlite, postgres"),
        ("task-store: postgres\n", "task-store: postgres needs config key 'task-store-url'"),
        (
            "task-store: postgres\ntask-store-url: mysql://u:secret@h/d\n",
            "config key 'task-store-url' must be a postgresql:// URL",
        ),
        (
            "task-store-url: postgresql://h/d\n",
            "config key 'task-store-url' needs 'task-store: postgres'",
        ),
        (
            "coordination-url: redis://h:6379/0\n",
            "config key 'coordination-url' needs a shared task store ('task-store: postgres')",
        ),
        (
            "task-store: postgres\ntask-store-url: postgresql://h/d\n"
            "coordination-url: http://u:secret@h/\n",
            "config key 'coordination-url' must be a redis://, rediss:// or unix:// URL",
        ),
    ],
)
def test_task_store_mistakes_name_the_key(write: Any, text: str, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_text(write, text)
    assert str(caught.value) == message
    assert "secret" not in str(caught.value)


def test_postgres_without_the_extra_names_it(write: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "psycopg_pool", None)  # as if not installed
    with pytest.raises(ConfigError, match=r"pip install 'iaccode\[postgres\]'"):
        load_text(write, "task-store: postgres\ntask-store-url: postgresql://h/d\n")
