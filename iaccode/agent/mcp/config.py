"""`mcp-servers` in the configuration: which MCP servers to connect to, and how.

    mcp-servers:                 # also spelled mcpServers, as in the .mcp.json convention
      files:                     # the server's name: letters, digits, - and _
        command: npx             # stdio: a command, its args, env and cwd
        args: [-y, some-mcp-server]
        env: {TOKEN: "..."}
      docs:
        type: http               # streamable HTTP (also "streamable-http"; a url implies it)
        url: https://example.com/mcp
        headers: {Authorization: "Bearer ..."}
        timeout: 60              # seconds a tool call may take (default 120)
        enabled: false           # keep the entry, connect nothing

A server entry that cannot be used is left out with a warning (`McpWarning`), so one typo does
not stop the others or the server. Warnings and specs' public views name no header or env
values, URLs or commands (they may hold tokens or local paths).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

_NAME = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
_KEYS = frozenset({"type", "command", "args", "env", "cwd", "url", "headers", "timeout", "enabled"})
DEFAULT_TIMEOUT = 120.0


@attrs.frozen
class McpWarning:
    """A public warning about one server (`metadata.iac_code.mcpWarning`)."""

    server: str
    code: str  # invalid_config, sdk_missing, connect_failed, call_failed
    message: str
    scope: str = "config"  # config or runtime
    source: str | None = None  # where in the configuration, e.g. mcp-servers.docs.url

    def public(self) -> dict[str, Any]:
        out = {"serverName": self.server, "code": self.code, "message": self.message}
        out["scope"] = self.scope
        if self.source:
            out["sourcePath"] = self.source
        return out


@attrs.frozen
class ServerSpec:
    name: str
    transport: str  # stdio or http
    command: str | None = None
    args: tuple[str, ...] = ()
    env: Mapping[str, str] = attrs.field(factory=dict, repr=False)
    cwd: str | None = None
    url: str | None = attrs.field(default=None, repr=False)
    headers: Mapping[str, str] = attrs.field(factory=dict, repr=False)
    timeout: float = DEFAULT_TIMEOUT

    @property
    def authenticated(self) -> bool:
        """Whether credentials are configured (headers or env named like one)."""
        names = [*self.headers, *self.env]
        return any(re.search(r"(?i)auth|token|key|secret", name) for name in names)


def parse_servers(raw: Mapping[str, Any]) -> tuple[list[ServerSpec], list[McpWarning]]:
    """The usable servers of `mcp-servers`, and a warning for each entry left out."""
    specs: list[ServerSpec] = []
    warnings: list[McpWarning] = []
    for name, entry in raw.items():
        key = str(name)
        public = key if _NAME.match(key) else "invalid-name"
        try:
            spec = _parse(key, entry)
        except _Invalid as exc:
            warnings.append(
                McpWarning(
                    public, "invalid_config", exc.message, source=f"mcp-servers.{public}{exc.where}"
                )
            )
            continue
        if spec is not None:
            specs.append(spec)
    return specs, warnings


class _Invalid(Exception):
    def __init__(self, message: str, where: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.where = where


def _parse(name: str, entry: Any) -> ServerSpec | None:
    if not _NAME.match(name):
        raise _Invalid("A server name may only have letters, digits, - and _ (32 at most).")
    if not isinstance(entry, Mapping):
        raise _Invalid("A server entry must be a mapping.")
    unknown = sorted(str(k) for k in entry if k not in _KEYS)
    if unknown:
        raise _Invalid(f"Unknown keys: {', '.join(unknown)[:200]}.")
    if entry.get("enabled", True) is False:
        return None
    kind = entry.get("type")
    url, command = entry.get("url"), entry.get("command")
    if kind is None:
        kind = "http" if url is not None else "stdio"
    if kind in ("http", "streamable-http", "streamable_http"):
        if command is not None:
            raise _Invalid("An HTTP server has a url, not a command.", ".command")
        if not isinstance(url, str) or not re.match(r"^https?://[^/\s]+", url):
            raise _Invalid("An HTTP server needs an http:// or https:// url.", ".url")
        return ServerSpec(
            name, "http", url=url, headers=_strings(entry, "headers"), timeout=_timeout(entry)
        )
    if kind != "stdio":
        raise _Invalid("type must be stdio or http.", ".type")
    if url is not None:
        raise _Invalid("A stdio server has a command, not a url.", ".url")
    if not isinstance(command, str) or not command.strip():
        raise _Invalid("A stdio server needs a command.", ".command")
    args = entry.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, (str, int, float)) for a in args):
        raise _Invalid("args must be a list of strings.", ".args")
    cwd = entry.get("cwd")
    if cwd is not None and not isinstance(cwd, str):
        raise _Invalid("cwd must be a string.", ".cwd")
    return ServerSpec(
        name,
        "stdio",
        command=command,
        args=tuple(str(a) for a in args),
        env=_strings(entry, "env"),
        cwd=cwd,
        timeout=_timeout(entry),
    )


def _strings(entry: Mapping[str, Any], key: str) -> dict[str, str]:
    value = entry.get(key, {})
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and isinstance(v, (str, int, float)) for k, v in value.items()
    ):
        raise _Invalid(f"{key} must be a mapping of names to strings.", f".{key}")
    return {k: str(v) for k, v in value.items()}


def _timeout(entry: Mapping[str, Any]) -> float:
    value = entry.get("timeout", DEFAULT_TIMEOUT)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 3600:
        raise _Invalid("timeout must be a number of seconds between 0 and 3600.", ".timeout")
    return float(value)
