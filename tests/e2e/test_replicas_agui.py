"""AG-UI across replicas (issue 19): three real `iaccode agui` processes, each with its A2A core,
on one PostgreSQL and one Redis, behind the round-robin proxy (tests/replicas.py).

A thread is not tied to the replica that started it: its state is in PostgreSQL and the
replicas meet on it through Redis leases (iaccode.agui.shared_threads). So a run that ends in a
permission interrupt on one replica is listed and resumed on another, whose stream carries the
events of the turn still paused on the first, in order and complete; a run active on one
replica makes the thread busy on the others, and is cancelled from a third. Every frame is
checked by the ag-ui-protocol models (tests/agui/verify.py), and `@ag-ui/client`'s HttpAgent
runs an interrupt and its resume through the proxy.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import trio

from tests.agui.conftest import AguiClient, Reply
from tests.agui.test_official_client import drive, interrupt_and_resume
from tests.agui.test_runs import ASK, interrupts_of
from tests.replicas import Replicas, deploy

SESSION = "iac-code.session.v1"
THREADS = "/extensions/iac-code/v1/threads"

pytestmark = pytest.mark.timeout(240)


@pytest.fixture
async def deployed(
    coordinated: None, request: pytest.FixtureRequest, tmp_path: Path, workspace: Path
) -> Replicas:
    replicas = deploy(request, tmp_path / "agui", 3, allowed_cwds=[workspace], command="agui")
    return await replicas.start()


@contextlib.asynccontextmanager
async def clients(urls: list[str], workspace: Path, thread: str) -> AsyncIterator[list[AguiClient]]:
    """One client of `thread` per URL; without keep-alive, so that through the proxy every
    request is a connection of its own and lands on the next replica."""
    limits = httpx.Limits(max_keepalive_connections=0)
    async with contextlib.AsyncExitStack() as stack:
        made = []
        for url in urls:
            http = httpx.AsyncClient(base_url=url, timeout=20, limits=limits)
            made.append(AguiClient(await stack.enter_async_context(http), workspace, thread))
        yield made


def shape(reply: Reply) -> list[tuple[str, str]]:
    """The events of a run without their ids: their types, and the text they carry."""
    return [(e["type"], e.get("delta", "")) for e in reply.events if e["type"] != "CUSTOM"]


async def test_a_thread_interrupted_on_one_replica_is_listed_and_resumed_on_another(
    deployed: Replicas, workspace: Path
) -> None:
    async with clients(deployed.urls, workspace, "moving") as (first, second, third):
        asked = await first.run(ASK)
        (interrupt,) = interrupts_of(asked)
        # A page reloaded behind the balancer: another replica lists the thread, pending.
        listed = (await third.http.get(THREADS)).json()["threads"]
        assert [t["threadId"] for t in listed] == ["moving"]
        assert listed[0]["status"] == "interrupted"
        assert [i["id"] for i in listed[0]["interrupts"]] == [interrupt["id"]]
        # The turn waits on the first replica; the second's stream carries its events.
        resumed = await second.resume([interrupt])
        assert resumed.last("RUN_FINISHED")["outcome"] == {"type": "success"}
        (session,) = resumed.custom(SESSION)
        assert session["executionId"] == asked.custom(SESSION)[0]["executionId"]
        # The answer is spent on every replica.
        assert (await third.resume([interrupt])).error == (200, "RESUME_ALREADY_APPLIED")
        assert (await third.run("say again")).text == "again"
        turns = (await first.http.get(f"{THREADS}/moving")).json()["turns"]
        assert len(turns) == 2

    # The same run and resume on one replica: the same events, none missing, in order.
    async with clients(deployed.urls[:1], workspace, "staying") as (alone,):
        (local,) = interrupts_of(await alone.run(ASK))
        assert shape(resumed) == shape(await alone.resume([local]))
    assert resumed.text == "allowed done"


async def test_a_run_busy_on_one_replica_is_refused_and_cancelled_from_the_others(
    deployed: Replicas, workspace: Path
) -> None:
    async with clients(deployed.urls, workspace, "busy") as (runner, other, canceller):
        seen: list[dict[str, Any]] = []
        session: dict[str, Any] = {}
        started = trio.Event()

        async def run() -> None:
            async for event in runner.stream(runner.body("say go\nwait")):
                seen.append(event)
                if event["type"] == "CUSTOM" and event["name"] == SESSION:
                    session.update(event["value"])
                    started.set()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(run)
            with trio.fail_after(20):
                await started.wait()
            assert (await other.run("say hello")).error == (409, "THREAD_BUSY")
            path = f"/extensions/iac-code/v1/executions/{session['executionId']}/cancel"
            body = {"threadId": "busy", "rosInvocationId": runner.invocation}
            response = await canceller.http.post(path, json=body)
            assert response.json()["status"] == "cancelled"
        assert seen[-1]["type"] == "RUN_ERROR" and seen[-1]["code"] == "CANCELLED"
        assert (await other.http.post(path, json=body)).json()["status"] == "already_terminal"
        assert (await other.run("say next")).text == "next"  # the thread is free everywhere


async def test_runs_through_the_proxy(
    deployed: Replicas, workspace: Path, nursery: trio.Nursery
) -> None:
    """Consecutive requests land on consecutive replicas: every step of a thread's life on
    another one than the step before."""
    await deployed.serve_proxy(nursery)
    async with clients([deployed.url], workspace, "proxied") as (client,):
        for decision, said in (("allow_once", "allowed done"), ("deny", "denied done")):
            (interrupt,) = interrupts_of(await client.run(ASK))
            assert (await client.resume([interrupt], decision=decision)).text == said
        listed = (await client.http.get(THREADS)).json()["threads"]
        assert [t["status"] for t in listed] == ["finished"]
    result = await drive(deployed.url, interrupt_and_resume(workspace))
    first, second = result["runs"]
    assert first["outcome"] == "interrupt" and second["outcome"] == "success"
    assert first["failed"] is None and second["failed"] is None and result["pending"] == 0
