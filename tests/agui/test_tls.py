"""`iaccode agui` over TLS: the in-process core's tls-cert and tls-key serve the adapter."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.agui.conftest import AguiClient
from tests.tls import TlsFiles


async def test_agui_over_tls(
    start_agui: Callable[..., Any], tls_files: TlsFiles, workspace: Path
) -> None:
    running = await start_agui(core={"tls_cert": tls_files.cert, "tls_key": tls_files.key})
    assert running.url.startswith("https://")
    async with httpx.AsyncClient(base_url=running.url, verify=tls_files.client) as https:
        assert (await https.get("/health")).json()["status"] == "ok"
        reply = await AguiClient(https, workspace).run("say over tls")
    assert reply.text == "over tls"
    async with httpx.AsyncClient(base_url=running.url.replace("https", "http")) as plain:
        with pytest.raises(httpx.HTTPError):
            await plain.get("/health")
