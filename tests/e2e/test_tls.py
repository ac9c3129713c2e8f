"""WebSocket over TLS (wss://); HTTP is in tests/e2e/test_auth.py, AG-UI in tests/agui."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
import trio
from trio_websocket import HandshakeError, open_websocket

from iaccode.wire import json
from tests.tls import TlsFiles


async def test_websocket_over_tls(start_server: Callable[..., Any], tls_files: TlsFiles) -> None:
    server = await start_server(
        transport="websocket", tls_cert=tls_files.cert, tls_key=tls_files.key
    )
    request = {"jsonrpc": "2.0", "id": 1, "method": "GetTask", "params": {"id": "none"}}
    async with open_websocket("127.0.0.1", server.port, "/a2a", use_ssl=tls_files.client) as ws:
        await ws.send_message(json.dumps(request).decode())
        envelope = json.loads(await ws.get_message())
    assert envelope["id"] == 1 and envelope["payload"]["error"]["code"] == -32001
    # A plain client gets nothing: refused, or left to the handshake timeout.
    with trio.move_on_after(2), contextlib.suppress(HandshakeError, OSError):
        async with open_websocket("127.0.0.1", server.port, "/a2a", use_ssl=False):
            pytest.fail("plain ws:// was served on a TLS port")
