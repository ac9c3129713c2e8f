"""The short form of the kill -9 soak (tests/soak.py; `scripts/soak` runs it longer)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.redis_process import RedisProcess
from tests.soak import run_soak


@pytest.mark.parametrize("queue", ["local-file", "redis-streams"])
async def test_kill_9_under_load_loses_nothing(
    tmp_path: Path, queue: str, request: pytest.FixtureRequest
) -> None:
    redis_url = None
    if queue == "redis-streams":
        redis: RedisProcess = request.getfixturevalue("redis_server")
        redis_url = redis.url
    report = await run_soak(
        tmp_path, queue=queue, redis_url=redis_url, rounds=3, clients=3, round_seconds=1.5
    )
    assert report.acknowledged > 0
    assert report.ok, report.describe() + f" lost={report.lost[:3]} stuck={report.stuck[:3]}"
