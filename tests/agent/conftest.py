"""A real server on the offline engine, and a client for it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.client import A2AClient


@pytest.fixture
async def offline(start_server: Callable[..., Any], workspace: Path) -> AsyncIterator[A2AClient]:
    server = await start_server(engine="offline")
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:
        yield A2AClient(http, cwd=workspace)
