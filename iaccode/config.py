"""Server configuration: `a2a-server.yml`, environment variables and command-line flags.

The YAML keys are those of the existing iac-code product (`iac-code a2a --config a2a-server.yml`),
dashes and underscores interchangeable, so a config written for it keeps working. Unlike that
product, an unknown key or a value of the wrong type stops start-up with a message naming the key:
a typo in `persistence-dir` should not silently write state somewhere else.

Precedence: explicit command-line flags, then the file, then environment fallbacks, then defaults.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import os
import re
import tempfile
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import attrs

from iaccode.agent.inputs import MediaTypes
from iaccode.telemetry import EXTRA_MESSAGE as OTEL_EXTRA_MESSAGE
from iaccode.telemetry import TelemetrySettings, extra_installed, telemetry_settings

DEFAULT_PORT = 41242
AGENTCORE_PORT = 9000


class ConfigError(Exception):
    """A configuration problem, reported to the user as one line without a traceback."""


TRANSPORTS = ("http", "stdio", "unix", "websocket", "redis-streams", "grpc", "grpc-jsonrpc")
# What serves the http transport: our trio + h11 loop, or hypercorn (the `asgi` extra: HTTP/2).
HTTP_SERVERS = ("builtin", "hypercorn")
LOG_FORMATS = ("text", "json")
# Keys the iac-code product knows that this version does not implement yet: a clear error beats
# "unknown key" for someone migrating a working config.
_NOT_YET_SUPPORTED = frozenset(
    {
        "permission_wait",
    }
)


def default_config_dir(environ: Mapping[str, str] | None = None) -> Path:
    """`IAC_CODE_CONFIG_DIR`, else ~/.iac-code (the existing product's)."""
    environ = os.environ if environ is None else environ
    return Path(environ.get("IAC_CODE_CONFIG_DIR") or Path.home() / ".iac-code")


@attrs.frozen
class Config:
    """Everything `serve()` needs. Built by `load_config`; tests build it directly."""

    profile: str | None = None  # "agentcore": the AWS Bedrock AgentCore contract
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    transport: str = "http"
    socket_path: Path | None = None  # the unix transport's socket file (required there)
    ws_path: str = "/a2a"  # the websocket transport's path
    ws_allowed_origins: tuple[str, ...] = ()  # browser origins the websocket accepts ("*": any)
    cors_allowed_origins: tuple[str, ...] = ()  # browser origins HTTP answers to ("*": any)
    # the redis-streams transport (A2A seed "Phase-1-Client- und Transporthinweise")
    redis_url: str = "redis://localhost:6379/0"
    request_stream: str = "iac-code:a2a:requests"
    response_stream: str = "iac-code:a2a:responses"  # unless a request names its reply_stream
    consumer_group: str = "iac-code"
    consumer_name: str | None = None  # None: <hostname>-<pid>
    request_lease_timeout_ms: int = 30_000  # a silent consumer's requests are taken over after
    http_server: str = "builtin"  # or "hypercorn" (docs/configuration.md, "ASGI mode")
    # official A2A gRPC (the grpc extra): beside the transport when grpc-port is set, alone with
    # transport grpc (docs/a2a.md, "gRPC")
    grpc_host: str | None = None  # None: host
    grpc_port: int | None = None  # None: no gRPC (transport grpc: port)
    grpc_max_concurrent_rpcs: int = 100  # calls in progress (threads); more: RESOURCE_EXHAUSTED
    persistence_dir: Path = attrs.field(factory=lambda: default_config_dir() / "a2a")
    # Where tasks live (docs/deployment.md "Several replicas"): "sqlite" under persistence-dir
    # (the embedded default), or "postgres" at task-store-url (the `postgres` extra). The URLs
    # may carry passwords: never in a repr, a log line or an error.
    task_store: str = "sqlite"
    task_store_url: str | None = attrs.field(default=None, repr=False)
    coordination_url: str | None = attrs.field(default=None, repr=False)  # redis://, replicas
    # A replica's leases (its turns and their contexts) expire this long after it stopped
    # renewing them; survivors then end its unfinished turns (iaccode.a2a.replicas).
    coordination_lease_seconds: float = 15.0
    artifact_dir: Path | None = None  # None: <persistence-dir>/artifacts
    # Config backups (IAC_CODE_CONFIG_BACKUP_DIR / _TMP_DIR): snapshots of the state at turn
    # ends, restored into an empty persistence-dir at start-up (tasks/backup.py).
    backup_dir: Path | None = None
    backup_tmp_dir: Path | None = None
    engine: str = "offline"
    llm_provider: str = "dashscope"
    llm_model: str | None = None  # None: the provider's default
    llm_base_url: str | None = None  # None: the provider's endpoint
    llm_api_key: str | None = attrs.field(default=None, repr=False)  # never logged or stored
    llm_timeout_seconds: float = 120.0  # longest silence inside a model's stream
    llm_max_retries: int = 3
    llm_max_steps: int = 20  # model calls per turn (each may run tools)
    # Alibaba Cloud ROS tools (docs/ros-tools.md); env IAC_CODE_ROS_REGION / IAC_CODE_ROS_ENDPOINT
    ros_region: str = "cn-hangzhou"  # when neither the call nor the request names one
    ros_endpoint: str = "https://ros.aliyuncs.com"
    ros_timeout_seconds: float = 30.0  # one API call
    ros_max_retries: int = 3  # on throttling and connections that never opened
    ros_poll_seconds: float = 5.0  # how often a running stack operation is looked at
    ros_credential_chain: bool = True  # without keys in the request: the vendor's chain
    llm_context_budget: int | None = None  # tokens before compaction; None: per known model
    # MCP servers for the llm engine (iaccode.agent.mcp.config); may hold secrets: no repr
    mcp_servers: dict[str, Any] = attrs.field(factory=dict, repr=False, hash=False)
    skills_dir: Path | None = None  # SKILL.md folders offered through the skill tool
    public_url: str | None = None  # the URL advertised in the card (AGENTCORE_RUNTIME_URL wins)
    legacy_card_fields: bool = False  # add 0.3 card fields (url, protocolVersion, ...)
    auto_approve_permissions: bool = False
    safe_mode: bool = False  # the read-only tool set: every permission question is denied
    permission_allow: tuple[str, ...] = ()  # tool-name patterns always allowed
    permission_deny: tuple[str, ...] = ()  # tool-name patterns always denied (deny wins)
    thinking_exposure: tuple[str, ...] = ("tool-trace",)
    # stream raw reasoning to a message that asks for it (metadata.iac_code.thinking.enabled);
    # on in the AG-UI adapter's own core, as the existing product does there
    thinking_on_request: bool = False
    idle_shutdown_seconds: float | None = None
    context_idle_seconds: float = 3600.0
    task_retention_days: float | None = None  # None: keep every task (docs/operations.md)
    heartbeat_seconds: float = 15.0
    keep_alive_seconds: float = 30.0
    request_timeout_seconds: float = 30.0
    shutdown_grace_seconds: float = 10.0
    max_body_bytes: int = 16 * 1024 * 1024
    max_header_bytes: int = 32 * 1024
    max_json_depth: int = 64
    subscriber_buffer: int = 256
    # load shedding (docs/operations.md, "Limits and overload")
    max_connections: int = 1000  # HTTP connections served at once; more get 503
    max_buffered_body_bytes: int = 256 * 1024 * 1024  # request bodies in memory at once
    max_concurrent_turns: int = 64  # turns running or paused; a new one beyond is refused
    max_subscribers_per_task: int = 32  # open streams of one task
    max_line_bytes: int = 8 * 1024 * 1024  # one NDJSON request line (stdio, unix)
    max_inline_media_bytes: int = 5 * 1024 * 1024  # one inline image or audio part (decoded)
    allowed_cwds: tuple[Path, ...] = ()  # empty: process cwd and the temp dir
    text_media_types: tuple[str, ...] = ()  # extra text-like input media types
    multimodal_media_types: tuple[str, ...] = ()  # extra multimodal input media types
    # authentication (A2A seed "Agent Card"); env fallbacks IACCODE_A2A_*
    token: str | None = attrs.field(default=None, repr=False)
    basic_username: str | None = None
    basic_password: str | None = attrs.field(default=None, repr=False)
    api_key: str | None = attrs.field(default=None, repr=False)
    api_key_header: str = "X-API-Key"
    agentcore_session_scope: bool = False  # tasks seen only by requests of their session
    card_requires_auth: bool = False  # the public card is public unless asked otherwise
    www_authenticate: bool = True  # send WWW-Authenticate with a 401 (RFC 7235 asks for it)
    auth_resource_metadata: str | None = None  # its resource_metadata URL (RFC 9728)
    signing_secret: str | None = attrs.field(default=None, repr=False)  # HS256 card signature
    signing_key_id: str = "default"
    required_extensions: tuple[str, ...] = ()  # clients must list these in A2A-Extensions
    tls_cert: Path | None = None
    tls_key: Path | None = None
    # push notifications (A2A seed "Push-Notification-Zustell-Backends")
    # card capabilities a deployment (or a conformance run) may turn off
    streaming: bool = True  # SendStreamingMessage and SubscribeToTask
    extended_agent_card: bool = True  # GetExtendedAgentCard
    push_notifications: bool = False
    push_queue: str = "local-file"  # or "redis-streams" (the `redis` extra)
    push_redis_url: str = "redis://localhost:6379/0"
    push_stream: str = "iac-code:a2a:push"
    push_retry_key: str = "iac-code:a2a:push:retry"
    push_dead_stream: str = "iac-code:a2a:push:dead"
    push_consumer_group: str = "iac-code-push"
    push_consumer_name: str | None = None  # None: <hostname>-<pid>
    push_lease_timeout_ms: int = 300_000
    push_max_attempts: int = 5
    push_timeout_seconds: float = 10.0  # one delivery attempt
    push_allow_loopback: bool = False  # local development and conformance runs only
    log_to_stdout: bool = False
    log_format: str = "text"  # or "json": one JSON object per line
    access_log: bool = True  # one INFO line per HTTP request (iaccode.access)
    metrics: bool = False  # GET /metrics: Prometheus counters of the HTTP requests
    # OpenTelemetry over OTLP/HTTP, opt-in (the otel extra): the collector's base URL
    # (OTEL_EXPORTER_OTLP_ENDPOINT otherwise); see iaccode.telemetry
    otel_endpoint: str | None = None
    otel_export_timeout_seconds: float = 2.0  # one export, retries included
    otel_metrics_interval_seconds: float = 10.0
    debug: bool = False

    @property
    def artifacts_path(self) -> Path:
        return self.artifact_dir or self.persistence_dir / "artifacts"

    @property
    def advertised_url(self) -> str:
        """The JSON-RPC endpoint clients should use; never a wildcard address."""
        url = self.public_url
        if url:
            return url if url.endswith("/") else url + "/"
        host = self.host
        if host in ("0.0.0.0", "", "::"):
            host = "127.0.0.1"
        elif ":" in host:
            host = f"[{host}]"
        scheme = "https" if self.tls_cert is not None else "http"
        return f"{scheme}://{host}:{self.port}/"

    @property
    def grpc_enabled(self) -> bool:
        """Whether official A2A gRPC is served (alone, or beside the transport)."""
        if self.transport == "grpc-jsonrpc":
            return False  # grpc-port is the envelope transport's port there
        return self.transport == "grpc" or self.grpc_port is not None

    @property
    def grpc_address(self) -> tuple[str, int]:
        """Where gRPC listens: grpc-host (else host) and grpc-port (else, alone, port)."""
        host = self.grpc_host if self.grpc_host is not None else self.host
        port = self.grpc_port if self.grpc_port is not None else self.port
        return host, port

    @property
    def advertised_grpc_url(self) -> str:
        """The card's GRPC interface URL: `host:port`, the target a gRPC client dials."""
        host, port = self.grpc_address
        if host in ("0.0.0.0", "", "::"):  # never a wildcard: the public host, else loopback
            host = (urlsplit(self.public_url).hostname if self.public_url else None) or "127.0.0.1"
        if ":" in host:
            host = f"[{host}]"
        return f"{host}:{port}"

    @property
    def media_types(self) -> MediaTypes:
        return MediaTypes().with_extra(self.text_media_types, self.multimodal_media_types)

    def telemetry(self, environ: Mapping[str, str] | None = None) -> TelemetrySettings:
        """The telemetry settings: these keys and the standard OTEL_* variables."""
        return telemetry_settings(
            self.otel_endpoint,
            os.environ if environ is None else environ,
            export_timeout=self.otel_export_timeout_seconds,
            metrics_interval=self.otel_metrics_interval_seconds,
        )

    def workspace_roots(self) -> tuple[Path, ...]:
        """Allowed workspace roots, resolved; roots that do not exist are dropped."""
        roots = self.allowed_cwds or (Path.cwd(), Path(tempfile.gettempdir()))
        return tuple(root.resolve() for root in roots if root.is_dir())


_FIELDS = typing.get_type_hints(Config)
_FILE_KEYS = frozenset(_FIELDS) - {"debug", "permission_allow", "permission_deny"}


def load_config(
    path: Path | None = None,
    overrides: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
) -> Config:
    """Build the config from a YAML file, explicit overrides (flags) and the environment."""
    environ = os.environ if environ is None else environ
    values: dict[str, Any] = {"persistence_dir": default_config_dir(environ) / "a2a"}
    cwds = environ.get("IACCODE_A2A_ALLOWED_CWDS")
    if cwds:
        values["allowed_cwds"] = [p for p in cwds.split(os.pathsep) if p]
    for variable, key in (
        ("IACCODE_A2A_TEXT_MIME_TYPES", "text_media_types"),
        ("IACCODE_A2A_MULTIMODAL_MIME_TYPES", "multimodal_media_types"),
        ("IACCODE_A2A_CORS_ALLOWED_ORIGINS", "cors_allowed_origins"),
    ):
        if environ.get(variable):
            values[key] = [t.strip() for t in re.split(r"[,;]", environ[variable]) if t.strip()]
    if path is not None:
        values.update(_read_yaml(path))
    values.update({k: v for k, v in (overrides or {}).items() if v is not None})
    _llm_from_environment(values, environ)
    for variable, key in (
        ("IACCODE_A2A_HTTP_TOKEN", "token"),
        ("IACCODE_A2A_BASIC_USERNAME", "basic_username"),
        ("IACCODE_A2A_BASIC_PASSWORD", "basic_password"),
        ("IACCODE_A2A_API_KEY", "api_key"),
        ("IACCODE_A2A_API_KEY_HEADER", "api_key_header"),
        ("IACCODE_A2A_TASK_RETENTION_DAYS", "task_retention_days"),
        ("IAC_CODE_ROS_REGION", "ros_region"),
        ("ALIBABA_CLOUD_REGION_ID", "ros_region"),
        ("IAC_CODE_ROS_ENDPOINT", "ros_endpoint"),
        ("IACCODE_A2A_REDIS_URL", "redis_url"),
        ("IACCODE_A2A_TASK_STORE", "task_store"),
        ("IACCODE_A2A_TASK_STORE_URL", "task_store_url"),
        ("IACCODE_A2A_COORDINATION_URL", "coordination_url"),
        ("IACCODE_A2A_COORDINATION_LEASE_SECONDS", "coordination_lease_seconds"),
        ("IAC_CODE_CONFIG_BACKUP_DIR", "backup_dir"),
        ("IAC_CODE_CONFIG_BACKUP_TMP_DIR", "backup_tmp_dir"),
    ):
        if environ.get(variable) and values.get(key) is None:
            values[key] = environ[variable]
    # Inside AgentCore the runtime URL is the only address callers can reach (contract).
    if environ.get("AGENTCORE_RUNTIME_URL"):
        values["public_url"] = environ["AGENTCORE_RUNTIME_URL"]
        values.setdefault("profile", "agentcore")
    if values.get("profile") == "agentcore":
        # The AgentCore A2A contract: 0.0.0.0:9000, and a card 0.3 clients (and its registry)
        # can read. Explicit settings still win.
        for key, value in (
            ("host", "0.0.0.0"),
            ("port", AGENTCORE_PORT),
            ("legacy_card_fields", True),
        ):
            values.setdefault(key, value)
        if values.get("public_url") and not values.get("auth_resource_metadata"):
            # The contract's 401: Bearer resource_metadata="<runtime URL>/.well-known/...".
            values["auth_resource_metadata"] = protected_resource_metadata(values["public_url"])
    _product_switches(values, environ)
    config = Config(**{name: _coerce(name, value) for name, value in values.items()})
    _check(config)
    if config.telemetry(environ).enabled and not extra_installed():
        raise ConfigError(OTEL_EXTRA_MESSAGE)
    return config


_OFF = ("", "0", "false", "no", "off")


def _product_switches(values: dict[str, Any], environ: Mapping[str, str]) -> None:
    """The existing product's IAC_CODE_A2A_* switches: done where it makes sense, refused
    (like an unknown key) where it does not, never silently ignored."""
    if environ.get("IAC_CODE_A2A_TRUST_REQUEST_CWD", "").strip().lower() not in _OFF:
        raise ConfigError(
            "IAC_CODE_A2A_TRUST_REQUEST_CWD is not supported by iaccode: list the workspace "
            "roots callers may use in allowed-cwds (IACCODE_A2A_ALLOWED_CWDS) instead"
        )
    if environ.get("IAC_CODE_A2A_EXTREME_PERFORMANCE", "").strip().lower() not in _OFF:
        raise ConfigError(
            "IAC_CODE_A2A_EXTREME_PERFORMANCE is not supported by iaccode (its SQLite store "
            "has no journal/snapshot sidecar mode to switch); unset it or set it to 0"
        )
    if environ.get("IAC_CODE_A2A_SAFE_MODE", "").strip().lower() not in _OFF:
        values["safe_mode"] = True  # the read-only tool set (PermissionPolicy.safe_mode)


def protected_resource_metadata(runtime_url: str) -> str:
    """Where an AgentCore runtime publishes its OAuth protected-resource metadata (RFC 9728):
    under the invocations URL, with the URL's query (the `qualifier`) kept."""
    parts = urlsplit(str(runtime_url))
    path = parts.path.rstrip("/") + "/.well-known/oauth-protected-resource"
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))


_PROVIDER_KEY_VARIABLES = {"dashscope": "DASHSCOPE_API_KEY", "openai": "OPENAI_API_KEY"}


def _llm_from_environment(values: dict[str, Any], environ: Mapping[str, str]) -> None:
    """IAC_CODE_PROVIDER / _MODEL / _BASE_URL / _API_KEY (and the provider's own key variable)
    fill what the file and the flags left unset."""
    for variable, key in (
        ("IAC_CODE_PROVIDER", "llm_provider"),
        ("IAC_CODE_MODEL", "llm_model"),
        ("IAC_CODE_BASE_URL", "llm_base_url"),
        ("IAC_CODE_API_KEY", "llm_api_key"),
    ):
        if environ.get(variable) and values.get(key) is None:
            values[key] = environ[variable]
    provider = values.get("llm_provider") or "dashscope"
    fallback = _PROVIDER_KEY_VARIABLES.get(str(provider))
    if values.get("llm_api_key") is None and fallback and environ.get(fallback):
        values["llm_api_key"] = environ[fallback]


def _read_yaml(path: Path) -> dict[str, Any]:
    import yaml  # only when there is a file: start-up without one does not pay for it

    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read config file {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"config file {path} is not UTF-8 text") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise ConfigError(f"config file {path} is not valid YAML{where}") from None
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ConfigError(f"config file {path} must be a mapping of keys to values")
    out: dict[str, Any] = {}
    for key, value in raw.items():
        name = str(key).replace("-", "_")
        if name == "permissions":  # iac-code's {allow: [...], deny: [...]} rules
            out.update(_permission_rules(value))
            continue
        if name == "llm":  # llm: {provider, model, base-url, api-key, ...}
            out.update(_nested("llm", value))
            continue
        if name == "mcpServers":  # the .mcp.json spelling
            name = "mcp_servers"
        if name in _NOT_YET_SUPPORTED:
            raise ConfigError(f"config key '{key}' is not supported by this version of iaccode")
        if name not in _FILE_KEYS:
            known = ", ".join(sorted({n.replace("_", "-") for n in _FILE_KEYS} | {"permissions"}))
            raise ConfigError(f"unknown config key '{key}' (known keys: {known})")
        out[name] = value
    return out


def _nested(prefix: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ConfigError(f"config key '{prefix}' must be a mapping")
    out = {}
    for key, item in value.items():
        name = f"{prefix}_{str(key).replace('-', '_')}"
        if name not in _FILE_KEYS:
            raise ConfigError(f"unknown config key '{prefix}.{key}'")
        out[name] = item
    return out


def _permission_rules(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or not set(value) <= {"allow", "deny"}:
        raise ConfigError(
            "config key 'permissions' must be a mapping with 'allow' and/or 'deny' lists"
        )
    return {f"permission_{kind}": patterns for kind, patterns in value.items()}


def _coerce(name: str, value: Any) -> Any:
    """Check one value against the field's type; YAML already gives ints, bools and lists."""
    hint = _FIELDS[name]
    optional = typing.get_origin(hint) in (typing.Union, types.UnionType)
    if optional:
        if value is None:
            return None
        hint = next(a for a in typing.get_args(hint) if a is not type(None))
    key = name.replace("_", "-")
    try:
        return _coerce_to(hint, value)
    except (TypeError, ValueError):
        raise ConfigError(f"config key '{key}' must be {_describe(hint)}, got {value!r}") from None


def _coerce_to(hint: Any, value: Any) -> Any:
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise TypeError
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().isdigit():
            return int(value)
        raise TypeError
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise TypeError
        number = float(value)
        if not math.isfinite(number):
            raise ValueError
        return number
    if hint is str:
        if isinstance(value, str):
            return value
        raise TypeError
    if hint is Path:
        if isinstance(value, (str, Path)) and str(value):
            return Path(value).expanduser()
        raise TypeError
    if typing.get_origin(hint) is dict:
        if isinstance(value, dict):
            return dict(value)
        raise TypeError
    if typing.get_origin(hint) is tuple:
        item = typing.get_args(hint)[0]
        if isinstance(value, str):
            value = [v.strip() for v in value.split(",") if v.strip()]
        if not isinstance(value, (list, tuple)):
            raise TypeError
        return tuple(_coerce_to(item, v) for v in value)
    raise TypeError


def _describe(hint: Any) -> str:
    if typing.get_origin(hint) is tuple:
        items = {str: "strings", Path: "paths"}
        return f"a list of {items.get(typing.get_args(hint)[0], 'values')}"
    if typing.get_origin(hint) is dict:
        return "a mapping"
    names = {bool: "true or false", int: "an integer", float: "a number", str: "a string"}
    return names.get(hint, "a path")


PROFILES = ("agentcore",)


def _check(config: Config) -> None:
    if config.profile is not None and config.profile not in PROFILES:
        raise ConfigError(f"config key 'profile' must be one of {', '.join(PROFILES)}")
    if config.transport not in TRANSPORTS:
        raise ConfigError(
            f"transport '{config.transport}' is not supported by this version of iaccode "
            f"(available: {', '.join(TRANSPORTS)})"
        )
    if config.log_format not in LOG_FORMATS:
        raise ConfigError(f"config key 'log-format' must be one of {', '.join(LOG_FORMATS)}")
    if config.http_server not in HTTP_SERVERS:
        raise ConfigError(f"config key 'http-server' must be one of {', '.join(HTTP_SERVERS)}")
    if config.http_server == "hypercorn" and not _importable("hypercorn.trio"):
        raise ConfigError(
            "http-server: hypercorn needs the asgi extra (pip install 'iaccode[asgi]')"
        )
    if config.otel_endpoint is not None and not re.match(r"^https?://[^/\s]", config.otel_endpoint):
        raise ConfigError("config key 'otel-endpoint' must be an http(s) URL (OTLP/HTTP)")
    if config.otel_export_timeout_seconds <= 0 or config.otel_metrics_interval_seconds <= 0:
        raise ConfigError(
            "config keys 'otel-export-timeout-seconds' and 'otel-metrics-interval-seconds' "
            "must be above 0"
        )
    if config.transport == "unix" and config.socket_path is None:
        raise ConfigError("transport 'unix' needs config key 'socket-path'")
    uses_grpc = config.grpc_enabled or config.transport == "grpc-jsonrpc"
    if uses_grpc and not (_importable("grpc") and _importable("a2a.types.a2a_pb2")):
        key = f"transport {config.transport}" if "grpc" in config.transport else "grpc-port"
        raise ConfigError(f"{key} needs the grpc extra (pip install 'iaccode[grpc]')")
    if config.transport == "redis-streams":
        _check_redis_streams(config)
    _check_task_store(config)
    for origin in config.cors_allowed_origins:
        if origin != "*" and not re.match(r"^https?://[^/\s]+/?$", origin):
            raise ConfigError(
                f"config key 'cors-allowed-origins': {origin!r} is not an origin "
                "(scheme://host[:port], or *)"
            )
    if not config.ws_path.startswith("/"):
        raise ConfigError("config key 'ws-path' must start with '/'")
    if config.transport == "stdio" and config.log_to_stdout:
        raise ConfigError(
            "--log-to-stdout cannot be used with --transport stdio: stdout carries the frames"
        )
    if not 0 <= config.port <= 65535:
        raise ConfigError(f"config key 'port' must be between 0 and 65535, got {config.port}")
    if config.grpc_port is not None and not 0 <= config.grpc_port <= 65535:
        raise ConfigError(
            f"config key 'grpc-port' must be between 0 and 65535, got {config.grpc_port}"
        )
    if config.grpc_port is not None and config.transport == "http":
        host, port = config.grpc_address
        if port == config.port and port != 0 and host == config.host:
            raise ConfigError("config key 'grpc-port' must differ from 'port'")
    positive = (
        "context_idle_seconds",
        "coordination_lease_seconds",
        "heartbeat_seconds",
        "keep_alive_seconds",
        "request_timeout_seconds",
        "shutdown_grace_seconds",
        "max_body_bytes",
        "max_header_bytes",
        "max_json_depth",
        "subscriber_buffer",
        "max_connections",
        "max_buffered_body_bytes",
        "max_concurrent_turns",
        "max_subscribers_per_task",
        "max_line_bytes",
        "max_inline_media_bytes",
        "llm_timeout_seconds",
        "llm_max_steps",
        "ros_timeout_seconds",
        "ros_poll_seconds",
        "push_timeout_seconds",
        "request_lease_timeout_ms",
        "grpc_max_concurrent_rpcs",
    )
    for name in positive:
        if getattr(config, name) <= 0:
            raise ConfigError(f"config key '{name.replace('_', '-')}' must be greater than 0")
    if config.max_buffered_body_bytes < config.max_body_bytes:
        raise ConfigError(
            "config key 'max-buffered-body-bytes' must not be less than 'max-body-bytes'"
        )
    if (config.tls_cert is None) != (config.tls_key is None):
        raise ConfigError("config keys 'tls-cert' and 'tls-key' go together")
    if config.push_queue not in ("local-file", "redis-streams"):
        raise ConfigError("config key 'push-queue' must be local-file or redis-streams")
    if config.push_max_attempts < 1 or config.push_lease_timeout_ms < 1:
        raise ConfigError(
            "config keys 'push-max-attempts' and 'push-lease-timeout-ms' must be positive"
        )
    if config.llm_max_retries < 0 or config.ros_max_retries < 0:
        raise ConfigError(
            "config keys 'llm-max-retries' and 'ros-max-retries' must not be negative"
        )
    _check_ros_endpoint(config.ros_endpoint)
    if config.llm_context_budget is not None and config.llm_context_budget < 1000:
        raise ConfigError("config key 'llm-context-budget' must be at least 1000 (tokens)")
    if config.task_retention_days is not None and config.task_retention_days <= 0:
        raise ConfigError("config key 'task-retention-days' must be greater than 0")
    if config.idle_shutdown_seconds is not None and config.idle_shutdown_seconds < 0:
        raise ConfigError("config key 'idle-shutdown-seconds' must not be negative")
    unknown = set(config.thinking_exposure) - {"tool-trace", "raw-thinking"}
    if unknown:
        raise ConfigError(
            f"config key 'thinking-exposure' has unknown values {sorted(unknown)} "
            "(known: tool-trace, raw-thinking)"
        )


def _importable(module: str) -> bool:
    """Whether an optional extra's module imports: installed, and its own dependencies too (a
    module that is found but fails to import would otherwise fail later, mid start-up)."""
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def _check_ros_endpoint(endpoint: str) -> None:
    """An https URL without a path; plain http only to this machine (the test endpoint): the
    STS token and the signed requests must not cross a network in clear text."""
    found = re.fullmatch(r"(https?)://(?:[^/?#\s@]+@)?(\[[^\]]*\]|[^/?#\s:@]+)(?::\d+)?", endpoint)
    if found is None:
        raise ConfigError("config key 'ros-endpoint' must be an http(s) URL without a path")
    scheme, host = found.groups()
    if (
        scheme == "http"
        and host.lower() not in ("localhost", "[::1]")
        and not re.fullmatch(r"127(?:\.\d{1,3}){3}", host)
    ):
        raise ConfigError("config key 'ros-endpoint' must use https (plain http only to localhost)")


TASK_STORES = ("sqlite", "postgres")


def _check_task_store(config: Config) -> None:
    """task-store, task-store-url and coordination-url (messages never repeat a URL: it may
    carry a password)."""
    if config.task_store not in TASK_STORES:
        raise ConfigError(f"config key 'task-store' must be one of {', '.join(TASK_STORES)}")
    if config.task_store == "sqlite":
        if config.task_store_url is not None:
            raise ConfigError("config key 'task-store-url' needs 'task-store: postgres'")
        if config.coordination_url is not None:
            raise ConfigError(
                "config key 'coordination-url' needs a shared task store ('task-store: postgres')"
            )
        return
    if not config.task_store_url:
        raise ConfigError("task-store: postgres needs config key 'task-store-url'")
    if not re.match(r"(?i)postgres(ql)?://", config.task_store_url):
        raise ConfigError("config key 'task-store-url' must be a postgresql:// URL")
    if not (_importable("psycopg") and _importable("psycopg_pool")):
        raise ConfigError(
            "task-store: postgres needs the postgres extra (pip install 'iaccode[postgres]')"
        )
    if config.backup_dir is not None:
        raise ConfigError(
            "config backups (IAC_CODE_CONFIG_BACKUP_DIR) copy the SQLite state; with "
            "task-store: postgres back up PostgreSQL instead (docs/deployment.md)"
        )
    if config.coordination_url is not None and not re.match(
        r"(?i)(redis|rediss|unix)://", config.coordination_url
    ):
        raise ConfigError(
            "config key 'coordination-url' must be a redis://, rediss:// or unix:// URL"
        )
    if config.coordination_url is not None and not _importable("redis"):
        raise ConfigError("coordination-url needs the redis extra (pip install 'iaccode[redis]')")
    if config.coordination_url is not None and config.coordination_lease_seconds < 1:
        raise ConfigError("config key 'coordination-lease-seconds' must be at least 1")


def _check_redis_streams(config: Config) -> None:
    if importlib.util.find_spec("redis") is None:
        raise ConfigError(
            "transport redis-streams needs the redis extra (pip install 'iaccode[redis]')"
        )
    if not re.match(r"(?i)(redis|rediss|unix)://", config.redis_url):
        raise ConfigError("config key 'redis-url' must be a redis://, rediss:// or unix:// URL")
    for name in ("request_stream", "response_stream", "consumer_group", "consumer_name"):
        if getattr(config, name) == "":
            raise ConfigError(f"config key '{name.replace('_', '-')}' must not be empty")


# -- iaccode agui --------------------------------------------------------------------------------

AGUI_PORT = 8000


@attrs.frozen
class AguiConfig:
    """`iaccode agui`: the AG-UI adapter and, unless `a2a_url` is given, its in-process core."""

    core: Config  # the A2A core run in this process (its `--config` file, and the defaults)
    host: str = "127.0.0.1"
    port: int = AGUI_PORT
    state_dir: Path = attrs.field(factory=lambda: default_config_dir() / "agui" / "threads")
    a2a_url: str | None = None  # a running A2A server instead of the in-process core
    auth_token: str | None = attrs.field(default=None, repr=False)  # inbound bearer token
    a2a_token: str | None = attrs.field(default=None, repr=False)  # bearer token upstream
    heartbeat_seconds: float = 15.0
    interrupt_ttl_seconds: float = 24 * 3600.0
    idle_shutdown_seconds: float | None = None
    ui: bool = False  # the web console at /ui/ (off unless asked, in every profile)

    def workspace_roots(self) -> tuple[Path, ...]:
        return self.core.workspace_roots()


def load_agui_config(
    path: Path | None = None,
    overrides: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
) -> AguiConfig:
    """Flags, then `IAC_CODE_AGUI_*` variables, then defaults; `path` configures the core."""
    environ = os.environ if environ is None else environ
    flags = {k: v for k, v in (overrides or {}).items() if v is not None}
    config_dir = default_config_dir(environ)
    values: dict[str, Any] = {"state_dir": config_dir / "agui" / "threads"}
    for variable, key in (
        ("IAC_CODE_AGUI_HOST", "host"),
        ("IAC_CODE_AGUI_PORT", "port"),
        ("IAC_CODE_AGUI_STATE_DIR", "state_dir"),
        ("IAC_CODE_AGUI_A2A_URL", "a2a_url"),
        ("IAC_CODE_AGUI_AUTH_TOKEN", "auth_token"),
        ("IAC_CODE_AGUI_A2A_TOKEN", "a2a_token"),
        ("IAC_CODE_AGUI_HEARTBEAT_SECONDS", "heartbeat_seconds"),
        ("IAC_CODE_AGUI_INTERRUPT_TTL_SECONDS", "interrupt_ttl_seconds"),
        ("IAC_CODE_AGUI_IDLE_SHUTDOWN_SECONDS", "idle_shutdown_seconds"),
        ("IAC_CODE_AGUI_UI", "ui"),
    ):
        if environ.get(variable):
            values[key] = environ[variable]
    values.update({k: v for k, v in flags.items() if k in _AGUI_FIELDS})
    # The in-process core keeps its tasks apart from a standalone `iaccode a2a` by default:
    # two processes must never recover each other's running turns.
    core_flags = {k: v for k, v in flags.items() if k in _FIELDS and k not in ("host", "port")}
    core_environ = dict(environ)
    for variable, core_variable in (
        ("IAC_CODE_AGUI_ALLOWED_CWDS", "IACCODE_A2A_ALLOWED_CWDS"),
        ("IAC_CODE_AGUI_CORS_ALLOWED_ORIGINS", "IACCODE_A2A_CORS_ALLOWED_ORIGINS"),
    ):
        if environ.get(variable):
            core_environ[core_variable] = environ[variable]
    core = load_config(path, core_flags, core_environ)
    if core.persistence_dir == config_dir / "a2a":  # not moved by the file or a flag
        core = attrs.evolve(core, persistence_dir=config_dir / "agui" / "a2a")
    typed = {name: _coerce_agui(name, value) for name, value in values.items()}
    config = AguiConfig(core=core, **typed)
    if not 0 <= config.port <= 65535:
        raise ConfigError(f"port must be between 0 and 65535, got {config.port}")
    if config.heartbeat_seconds <= 0 or config.interrupt_ttl_seconds <= 0:
        raise ConfigError("heartbeat and interrupt TTL seconds must be greater than 0")
    if config.a2a_url is not None and not re.match(r"^https?://", config.a2a_url):
        raise ConfigError("--a2a-url must be an http:// or https:// URL")
    return config


_AGUI_HINTS = typing.get_type_hints(AguiConfig)
_AGUI_FIELDS = frozenset(_AGUI_HINTS) - {"core"}


def _coerce_agui(name: str, value: Any) -> Any:
    hint = _AGUI_HINTS[name]
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        hint = next(a for a in typing.get_args(hint) if a is not type(None))
    if hint is bool and isinstance(value, str):  # a variable: IAC_CODE_AGUI_UI=true
        value = _BOOLEAN_WORDS.get(value.strip().lower(), value)
    try:
        return _coerce_to(hint, value)
    except (TypeError, ValueError):
        raise ConfigError(f"{name.replace('_', '-')} must be {_describe(hint)}") from None


_BOOLEAN_WORDS = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}
