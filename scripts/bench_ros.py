"""The overhead of one ROS call through iaccode's client, against a raw request (`--only ros`).

All against the fake ROS endpoint of `iaccode.testing` on loopback, which verifies every
signature. The floor replays one request signed beforehand over the same kind of httpx client:
the same bytes on the wire and the same server work, without signing, flattening, the limiter
or the answer's checks. The vendor's SDK (alibabacloud-ros20190910, in a worker thread as it
would run under trio) is measured beside it, with its import time and memory, the figures of
docs/decisions.md ("ROS over signed httpx requests").
"""

from __future__ import annotations

import functools
import statistics
import subprocess
import sys
import time
from typing import Any

import httpx
import trio
from bench_common import Row, ratio, target

from iaccode.agent.cloud import signing
from iaccode.agent.cloud.client import ApiCall, CloudClient, CloudSettings
from iaccode.agent.cloud.credentials import Credentials
from iaccode.testing.fake_ros import FakeRos

KEY = Credentials("LTAIbench", "bench-secret")
CALL = ApiCall("ros", "2019-09-10", "ListStacks", {"RegionId": "cn-hangzhou"}, read_only=True)
NOTE = (
    "ros: median of one ListStacks call against the fake ROS endpoint (it verifies the\n"
    "signature); floor: the same request signed once and replayed over httpx. The SDK row runs\n"
    "the vendor's alibabacloud-ros20190910 client in a worker thread."
)


async def _median(call: Any, calls: int) -> float:
    for _ in range(20):  # warm-up: connections, caches
        await call()
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        await call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _presigned(endpoint: str) -> tuple[str, dict[str, str]]:
    host = endpoint.removeprefix("http://")
    query = {"RegionId": "cn-hangzhou"}
    headers = {
        "host": host,
        "x-acs-action": "ListStacks",
        "x-acs-version": "2019-09-10",
        "x-acs-date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "x-acs-signature-nonce": "bench",
        "x-acs-content-sha256": signing.payload_hash(b""),
    }
    headers["authorization"] = signing.authorization(
        KEY.access_key_id, KEY.access_key_secret, "POST", "/", query, headers
    )
    return f"{endpoint}/?{signing.canonical_query(query)}", headers


def _sdk_client(endpoint: str) -> Any:
    from alibabacloud_ros20190910.client import Client
    from alibabacloud_tea_openapi import utils_models

    config = utils_models.Config(
        access_key_id=KEY.access_key_id,
        access_key_secret=KEY.access_key_secret,
        endpoint=endpoint.removeprefix("http://"),
        protocol="http",
        region_id="cn-hangzhou",
    )
    return Client(config)


def _import_cost(statement: str) -> tuple[float, float]:
    """(seconds, MB of RSS) that `statement` adds to a fresh interpreter, median of 3."""
    # Resident memory now, from /proc: ru_maxrss would carry the parent's peak across fork.
    code = (
        "import resource, time; t = time.perf_counter(); "
        f"{statement}; "
        "print(time.perf_counter() - t, "
        "int(open('/proc/self/statm').read().split()[1]) * resource.getpagesize() // 1024)"
    )
    base = [
        float(v)
        for v in subprocess.check_output(
            [sys.executable, "-c", code.replace(statement, "pass")]
        ).split()
    ]
    runs = [
        [float(v) for v in subprocess.check_output([sys.executable, "-c", code]).split()]
        for _ in range(3)
    ]
    seconds = statistics.median(r[0] for r in runs)
    memory = statistics.median(r[1] for r in runs) - base[1]
    return seconds, memory / 1024


async def _measure(calls: int) -> dict[str, float]:
    fake = FakeRos({KEY.access_key_id: KEY.access_key_secret})
    out: dict[str, float] = {}
    async with trio.open_nursery() as nursery:
        endpoint = await nursery.start(fake.serve)
        client = CloudClient(CloudSettings(ros_endpoint=endpoint))
        out["client"] = await _median(lambda: client.call(CALL, KEY, "cn-hangzhou"), calls)
        url, headers = _presigned(endpoint)
        async with httpx.AsyncClient() as raw:

            async def replay() -> None:
                response = await raw.post(url, headers=headers)
                assert response.status_code == 200, response.text

            out["floor"] = await _median(replay, calls)
        try:
            sdk = _sdk_client(endpoint)
        except ImportError:
            pass
        else:
            from alibabacloud_ros20190910 import models

            request = models.ListStacksRequest(region_id="cn-hangzhou")
            call = functools.partial(sdk.list_stacks, request)
            out["sdk"] = await _median(lambda: trio.to_thread.run_sync(call), calls)
        nursery.cancel_scope.cancel()
    return out


def ros_rows(calls: int) -> list[Row]:
    figures = trio.run(_measure, calls)
    client, floor = figures["client"], figures["floor"]
    rows: list[Row] = [
        (
            "ros call (ListStacks), median",
            f"{client:.2f} ms",
            f"{floor:.2f} ms",
            ratio(client, floor),
            target("<= 1.5x", client <= 1.5 * floor),
        )
    ]
    if "sdk" in figures:
        rows.append(
            (
                "ros call via the vendor SDK in a thread",
                f"{figures['sdk']:.2f} ms",
                f"{floor:.2f} ms",
                ratio(figures["sdk"], floor),
                "-",
            )
        )
        seconds, memory = _import_cost("import alibabacloud_ros20190910.client")
        rows.append(
            (
                "vendor ROS SDK import (time, RSS)",
                f"{seconds:.2f} s, {memory:.0f} MB",
                "-",
                "-",
                "-",
            )
        )
    seconds, memory = _import_cost("import iaccode.agent.cloud.client")
    rows.append(
        (
            "iaccode cloud client import (time, RSS)",
            f"{seconds:.2f} s, {memory:.0f} MB",
            "-",
            "-",
            "-",
        )
    )
    return rows
