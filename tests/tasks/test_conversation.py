"""Conversations, the core's conversation rules, called as the A2A service calls them but with no
protocol around them: a real SQLite store, a running supervisor and the scenario engine."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import trio

from iaccode.agent.artifacts import ArtifactStore
from iaccode.agent.permissions import PermissionAudit, PermissionPolicy
from iaccode.model.a2a import Message, Part, Role, TaskState
from iaccode.model.errors import (
    ContentTypeNotSupportedError,
    InvalidParamsError,
    TaskNotCancelableError,
    TaskNotFoundError,
    UnsupportedOperationError,
)
from iaccode.model.ids import new_id
from iaccode.tasks.broker import EventBroker
from iaccode.tasks.claims import TurnClaims
from iaccode.tasks.contexts import WORKSPACE_MISMATCH, ContextRegistry
from iaccode.tasks.conversation import (
    ALREADY_WORKING,
    TEXT_ONLY,
    Accepted,
    Caller,
    Conversations,
)
from iaccode.tasks.errors import ServerBusyError
from iaccode.tasks.manager import TaskManager
from iaccode.tasks.sqlite_store import SQLiteTaskStore
from iaccode.tasks.supervisor import TurnSupervisor
from iaccode.testing.engines import ScenarioEngine

ALICE = Caller(owner="alice")


@pytest.fixture
async def rules(tmp_path: Path) -> AsyncIterator[Conversations]:
    store = await SQLiteTaskStore.open(tmp_path / "tasks.db")
    tasks = TaskManager(store, EventBroker(max_subscribers=1))
    engine = ScenarioEngine()
    supervisor = TurnSupervisor(
        tasks,
        engine,
        PermissionPolicy(audit=PermissionAudit(tmp_path / "audit.jsonl")),
        ArtifactStore(tmp_path / "artifacts"),
        max_turns=2,
    )
    contexts = ContextRegistry(store, idle_seconds=60)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    async with trio.open_nursery() as nursery:
        await nursery.start(supervisor.run)
        yield Conversations(
            tasks=tasks,
            contexts=contexts,
            supervisor=supervisor,
            claims=TurnClaims(contexts, supervisor),
            engine=engine,
            workspace_roots=(tmp_path,),
            default_cwd=tmp_path / "a",
        )
        supervisor.shutdown()
        nursery.cancel_scope.cancel()
    await store.aclose()


def ask(
    text: str,
    *,
    task_id: str | None = None,
    context_id: str | None = None,
    metadata: dict[str, Any] | None = None,
) -> Message:
    """A user's text message."""
    return Message(
        message_id=new_id(),
        role=Role.ROLE_USER,
        parts=[Part(text=text)],
        task_id=task_id,
        context_id=context_id,
        metadata=metadata,
    )


async def settled(result: Accepted | Message) -> Accepted:
    assert isinstance(result, Accepted)
    await result.settled.wait()
    return result


def text_of(message: Message | None) -> str:
    assert message is not None
    return "".join(part.text or "" for part in message.parts)


async def test_a_message_starts_a_task_and_its_answer_resumes_the_pause(
    rules: Conversations,
) -> None:
    accepted: list[str] = []

    async def on_accept(task_id: str) -> None:
        accepted.append(task_id)

    first = await rules.start(ask("ask which region?"), ALICE, on_accept=on_accept)
    assert isinstance(first, Accepted)
    with trio.fail_after(5):
        while first.record.state != TaskState.TASK_STATE_INPUT_REQUIRED:
            await trio.sleep(0.01)
    record = await rules.visible_task(first.record.id, "alice")
    assert accepted == [record.id]
    answer = ask("eu-central-1", task_id=record.id)
    with trio.fail_after(5):
        resumed = await settled(await rules.follow_up(record, answer, ALICE, on_accept=on_accept))
    assert resumed.record is record and accepted == [record.id, record.id]
    assert "answer: eu-central-1" in text_of(record.snapshot().status.message)
    assert rules.supervisor.active(record.id) is None


async def test_a_follow_up_starts_the_next_turn_in_the_same_context(rules: Conversations) -> None:
    with trio.fail_after(5):
        first = await settled(await rules.start(ask("say one"), ALICE))
        record = first.record
        second = await settled(
            await rules.follow_up(record, ask("history", task_id=record.id), ALICE)
        )
    assert second.record is record
    assert "say one" in text_of(record.snapshot().status.message)


async def test_who_may_see_a_task(rules: Conversations) -> None:
    with trio.fail_after(5):
        record = (await settled(await rules.start(ask("say hi"), ALICE))).record
    with pytest.raises(TaskNotFoundError):
        await rules.visible_task(record.id, "bob")  # another caller's is not found
    with pytest.raises(TaskNotFoundError):
        await rules.visible_task("no-such-task", "alice")
    with pytest.raises(InvalidParamsError):
        await rules.visible_task("not an id", "alice")


async def test_a_message_that_cannot_run_becomes_a_failed_task(
    rules: Conversations, tmp_path: Path
) -> None:
    accepted: list[str] = []

    async def on_accept(task_id: str) -> None:
        accepted.append(task_id)

    no_text = Message(
        message_id=new_id(), role=Role.ROLE_USER, parts=[Part(text="  ")], context_id="c1"
    )
    refused = await settled(await rules.start(no_text, ALICE, on_accept=on_accept))
    task = refused.record.snapshot()
    assert task.status.state == TaskState.TASK_STATE_FAILED
    assert text_of(task.status.message) == TEXT_ONLY
    assert accepted == [refused.record.id]  # stored first, so the FAILED state is notified
    outside = ask("say hi", metadata={"iac_code": {"cwd": "/"}})
    refused = await settled(await rules.start(outside, ALICE))
    assert refused.record.state == TaskState.TASK_STATE_FAILED
    assert "Invalid A2A workspace metadata" in text_of(refused.record.snapshot().status.message)


async def test_a_context_keeps_its_workspace(rules: Conversations, tmp_path: Path) -> None:
    with trio.fail_after(5):
        bound = ask("say hi", context_id="ctx", metadata={"iac_code": {"cwd": str(tmp_path / "a")}})
        record = (await settled(await rules.start(bound, ALICE))).record
    elsewhere = {"iac_code": {"cwd": str(tmp_path / "b")}}
    refused = await settled(
        await rules.start(ask("say hi", context_id="ctx", metadata=elsewhere), ALICE)
    )
    assert refused.record.state == TaskState.TASK_STATE_FAILED
    assert text_of(refused.record.snapshot().status.message) == WORKSPACE_MISMATCH + "."
    before = record.snapshot()
    with pytest.raises(InvalidParamsError, match=WORKSPACE_MISMATCH):
        await rules.follow_up(
            record, ask("say again", task_id=record.id, metadata=elsewhere), ALICE
        )
    assert record.snapshot() == before  # a refused follow-up leaves its task as it was


async def test_a_busy_context(rules: Conversations) -> None:
    with trio.fail_after(5):
        ended = (await settled(await rules.start(ask("say one", context_id="busy"), ALICE))).record
    running = await rules.start(ask("wait", context_id="busy"), ALICE)
    assert isinstance(running, Accepted)
    refused = await settled(await rules.start(ask("say hi", context_id="busy"), ALICE))
    assert refused.record.state == TaskState.TASK_STATE_FAILED
    assert text_of(refused.record.snapshot().status.message) == ALREADY_WORKING
    before = ended.snapshot()
    with pytest.raises(UnsupportedOperationError, match=ALREADY_WORKING):
        await rules.follow_up(ended, ask("say more", task_id=ended.id), ALICE)
    assert ended.snapshot() == before
    with trio.fail_after(5):
        canceled = await rules.cancel(running.record)
    assert canceled.status.state == TaskState.TASK_STATE_CANCELED
    with trio.fail_after(5):  # the context is free again
        await settled(await rules.follow_up(ended, ask("say more", task_id=ended.id), ALICE))
    assert text_of(ended.snapshot().status.message) == "more"


async def test_cancel_and_subscribe_follow_only_a_turn(rules: Conversations) -> None:
    with trio.fail_after(5):
        record = (await settled(await rules.start(ask("say hi"), ALICE))).record
    with pytest.raises(TaskNotCancelableError, match="waiting for a new message"):
        await rules.cancel(record)  # its turn ended
    with pytest.raises(TaskNotFoundError, match="waiting for a new message"):
        rules.require_active(record)
    running = await rules.start(ask("wait"), ALICE)
    assert isinstance(running, Accepted)
    rules.require_active(running.record)
    rules.check_room(running.record.id)
    subscription = rules.tasks.broker.subscribe(
        running.record.id, running.record.snapshot(), close_on_interrupt=False
    )
    with pytest.raises(ServerBusyError):  # one stream per task in this fixture
        rules.check_room(running.record.id)
    subscription.close()
    with trio.fail_after(5):
        await rules.cancel(running.record)
    with pytest.raises(TaskNotCancelableError, match="terminal"):
        await rules.cancel(running.record)
    with pytest.raises(UnsupportedOperationError, match="terminal"):
        await rules.follow_up(running.record, ask("say hi", task_id=running.record.id), ALICE)


async def test_a_follow_up_names_its_own_context(rules: Conversations) -> None:
    with trio.fail_after(5):
        record = (await settled(await rules.start(ask("say hi"), ALICE))).record
    with pytest.raises(InvalidParamsError, match="contextId does not match"):
        await rules.follow_up(record, ask("say hi", task_id=record.id, context_id="other"), ALICE)


async def test_credentials_are_not_stored_the_other_options_reach_the_turn(
    rules: Conversations,
) -> None:
    secret = {"iac_code": {"alibaba_cloud_access_key_secret": "s3cr3t", "channel": "web"}}
    with trio.fail_after(5):
        record = (await settled(await rules.start(ask("channel", metadata=secret), ALICE))).record
    task = record.snapshot()
    assert text_of(task.status.message) == "web"  # the turn saw metadata.iac_code
    assert task.history and task.history[0].metadata == {"iac_code": {"channel": "web"}}
    stored = await rules.tasks.store.load_task(record.id)
    assert "s3cr3t" not in repr(stored)


async def test_what_a_message_must_hold(rules: Conversations) -> None:
    rules.check_message(ask("say hi"))
    agent = Message(message_id="m", role=Role.ROLE_AGENT, parts=[Part(text="x")])
    with pytest.raises(InvalidParamsError, match="ROLE_USER"):
        rules.check_message(agent)
    with pytest.raises(InvalidParamsError, match="messageId"):
        rules.check_message(Message(message_id="", role=Role.ROLE_USER, parts=[Part(text="x")]))
    with pytest.raises(InvalidParamsError, match="parts"):
        rules.check_message(Message(message_id="m", role=Role.ROLE_USER, parts=[]))
    with pytest.raises(InvalidParamsError) as bad_id:
        rules.check_message(ask("say hi", context_id="not an id"))
    assert bad_id.value.field == "message.contextId"
    unsupported = Part(text="x", media_type="application/x-unsupported")
    with pytest.raises(ContentTypeNotSupportedError):
        rules.check_message(Message(message_id="m", role=Role.ROLE_USER, parts=[unsupported]))


async def test_over_the_turn_limit_nothing_is_created(rules: Conversations) -> None:
    first = await rules.start(ask("wait"), ALICE)
    second = await rules.start(ask("wait"), ALICE)
    assert isinstance(first, Accepted) and isinstance(second, Accepted)
    known = await rules.tasks.store.live_task_ids()
    with pytest.raises(ServerBusyError, match="max-concurrent-turns"):
        await rules.start(ask("say hi", context_id="third"), ALICE)
    assert await rules.tasks.store.live_task_ids() == known
    with trio.fail_after(5):
        await rules.cancel(first.record)
        await rules.cancel(second.record)
