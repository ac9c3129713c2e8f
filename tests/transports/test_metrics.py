"""`metrics: true`: a Prometheus scrape of the HTTP servers, read with prometheus_client's own
parser; off by default."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.client import A2AClient

pytestmark = pytest.mark.http_servers


async def test_a_scrape_counts_the_requests(start_server: Any, workspace: Path) -> None:
    server = await start_server(metrics=True)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        await A2AClient(http, cwd=workspace).send("say counted")
        await http.get("/health")
        await http.get("/nowhere")
        scrape = await http.get("/metrics")
    assert scrape.status_code == 200
    assert scrape.headers["content-type"].startswith("text/plain; version=0.0.4")
    families = {f.name: f for f in text_string_to_metric_families(scrape.text)}
    counts = {
        (s.labels["method"], s.labels["status"]): s.value
        for s in families["iaccode_http_requests"].samples
    }
    assert counts[("POST", "200")] >= 1 and counts[("GET", "404")] == 1
    histogram = {s.name: s.value for s in families["iaccode_http_request_duration_seconds"].samples}
    assert histogram["iaccode_http_request_duration_seconds_count"] == sum(counts.values())
    assert "task" not in scrape.text and str(workspace) not in scrape.text


async def test_off_by_default(start_server: Any) -> None:
    server = await start_server()
    async with httpx.AsyncClient(base_url=server.url) as http:
        assert (await http.get("/metrics")).status_code == 404
