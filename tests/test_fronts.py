"""The transport table (iaccode/fronts.py): one row per transport, read by the CLI, the config
checks and the server; the rows' serving is covered by each transport's own tests."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from iaccode import fronts
from iaccode.cli import build_parser
from iaccode.config import Config, ConfigError

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_every_key_is_a_config_field_and_documented() -> None:
    fields = {field.name for field in attrs.fields(Config)}
    documented = (DOCS / "a2a.md").read_text() + (DOCS / "configuration.md").read_text()
    for key in fronts.own_keys():
        assert key.attr in fields, key.name
        assert f"`{key.name}`" in documented, key.name


def test_the_flags_come_from_the_table() -> None:
    parser = build_parser()
    args = parser.parse_args(
        ["a2a", "--socket-path", "/tmp/x.sock", "--grpc-port", "7001", "--redis-url", "redis://h"]
    )
    assert args.socket_path == Path("/tmp/x.sock")
    assert args.grpc_port == 7001  # the key's type
    assert args.redis_url == "redis://h"
    flagged = {key.name for key in fronts.own_keys() if key.help is not None}
    assert flagged == {"socket-path", "ws-path", "grpc-port", "grpc-host", "redis-url"}
    with pytest.raises(SystemExit):  # a key without help is a config key only
        parser.parse_args(["a2a", "--request-stream", "s"])


@pytest.mark.parametrize(
    ("values", "names"),
    [
        ({}, ["http"]),
        ({"grpc_port": 7001}, ["http", "grpc"]),
        ({"transport": "websocket", "grpc_port": 7001}, ["websocket", "grpc"]),
        ({"transport": "grpc"}, ["grpc"]),
        ({"transport": "grpc", "grpc_port": 7001}, ["grpc"]),
        ({"transport": "grpc-jsonrpc", "grpc_port": 7001}, ["grpc-jsonrpc"]),
        ({"transport": "stdio"}, ["stdio"]),
    ],
)
def test_the_rows_a_config_serves(values: dict[str, object], names: list[str]) -> None:
    assert [row.name for row in fronts.transports_of(Config(**values))] == names  # type: ignore[arg-type]


def test_an_unknown_transport_names_the_table() -> None:
    with pytest.raises(ConfigError) as info:
        fronts.transports_of(Config(transport="carrier-pigeon"))
    assert str(info.value) == (
        "transport 'carrier-pigeon' is not supported by this version of iaccode (available: "
        "http, stdio, unix, websocket, redis-streams, grpc, grpc-jsonrpc)"
    )


def test_only_the_grpc_rows_leave_the_http_interfaces_off_the_card() -> None:
    off = {name for name, row in fronts.TABLE.items() if not row.http_card}
    assert off == {"grpc", "grpc-jsonrpc"}
