"""The TurnSupervisor: every way a turn can end leaves its task settled and its context free."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import trio

from iaccode.agent.artifacts import ArtifactStore
from iaccode.agent.engine import TurnInput, TurnOutput, TurnResult
from iaccode.agent.permissions import PermissionAudit, PermissionPolicy
from iaccode.model.a2a import Message, Part, Role, TaskState
from iaccode.model.errors import InvalidParamsError
from iaccode.tasks.broker import EventBroker
from iaccode.tasks.contexts import ContextState
from iaccode.tasks.manager import TaskManager, TaskRecord
from iaccode.tasks.supervisor import (
    INTERRUPTED_MESSAGE,
    TurnSupervisor,
    recover_interrupted_turns,
)
from tests.tasks.conftest import OpenStore

S = TaskState


class Engine:
    """Runs whatever coroutine function the test put in `script`."""

    name = "test"

    def __init__(self) -> None:
        self.script: Any = None

    def accepts_media_type(self, media_type: str) -> bool:
        return True

    async def run_turn(self, turn: TurnInput, output: TurnOutput) -> TurnResult | None:
        result: TurnResult | None = await self.script(turn, output)
        return result


@pytest.fixture
async def tasks(open_store: OpenStore) -> AsyncIterator[TaskManager]:
    store = await open_store()  # SQLite, then PostgreSQL
    yield TaskManager(store, EventBroker())
    await store.aclose()


def policy(tmp_path: Path) -> PermissionPolicy:
    return PermissionPolicy(audit=PermissionAudit(tmp_path / "audit.jsonl"))


@pytest.fixture
async def supervisor(nursery: trio.Nursery, tasks: TaskManager, tmp_path: Path) -> TurnSupervisor:
    supervisor = TurnSupervisor(
        tasks, Engine(), policy(tmp_path), ArtifactStore(tmp_path / "artifacts")
    )
    await nursery.start(supervisor.run)
    return supervisor


def user(text: str) -> Message:
    return Message(message_id=f"m-{text}", role=Role.ROLE_USER, parts=[Part(text=text)])


async def start(
    supervisor: TurnSupervisor, script: Any, task_id: str = "t1"
) -> tuple[TaskRecord, ContextState, Any]:
    supervisor.engine.script = script  # type: ignore[attr-defined]
    record = await supervisor.tasks.create(
        task_id=task_id, context_id="c1", owner="", message=user("go"), live=True
    )
    context = ContextState("c1", Path("/"), "")
    turn_input = TurnInput(task_id=task_id, context_id="c1", cwd=Path("/"), message=user("go"))
    turn = supervisor.start(record, context, turn_input)
    assert context.active_task_id == task_id
    return record, context, turn


def texts(record: TaskRecord) -> list[str]:
    return [p.text or "" for m in record.history for p in m.parts]


async def test_normal_turn(supervisor: TurnSupervisor) -> None:
    async def script(turn: TurnInput, output: TurnOutput) -> None:
        await output.text("hello ")
        await output.text("world")

    record, context, turn = await start(supervisor, script)
    await turn.done.wait()
    assert record.state == S.TASK_STATE_INPUT_REQUIRED
    assert (
        record.status.message is not None and record.status.message.parts[0].text == "hello world"
    )
    assert texts(record) == ["go", "hello world"]
    assert record.live is False and context.active_task_id is None
    assert not supervisor.busy
    stored = await supervisor.tasks.store.load_task("t1")
    assert stored is not None and stored.live is False
    assert stored.task.status == record.status


async def test_engine_error_fails_the_task_without_details(
    supervisor: TurnSupervisor, caplog: pytest.LogCaptureFixture
) -> None:
    async def script(turn: TurnInput, output: TurnOutput) -> None:
        await output.text("partial")
        async with trio.open_nursery() as nursery:  # an engine with tasks of its own
            nursery.start_soon(trio.sleep_forever)
            raise ValueError("token sk-123 at /root/key")

    record, context, turn = await start(supervisor, script)
    await turn.done.wait()
    assert record.state == S.TASK_STATE_FAILED
    notice = record.status.message
    assert notice is not None and "error id" in (notice.parts[0].text or "")
    assert "sk-123" not in (notice.parts[0].text or "")
    assert texts(record)[:2] == ["go", "partial"]
    assert "sk-123" in caplog.text  # the operator still sees what happened
    assert context.active_task_id is None


async def test_engine_ending_in_working_is_a_failure(supervisor: TurnSupervisor) -> None:
    async def script(turn: TurnInput, output: TurnOutput) -> TurnResult:
        return TurnResult(state=S.TASK_STATE_WORKING)

    record, _, turn = await start(supervisor, script)
    await turn.done.wait()
    assert record.state == S.TASK_STATE_FAILED


async def test_cancel_running_and_waiting_turns(supervisor: TurnSupervisor) -> None:
    async def forever(turn: TurnInput, output: TurnOutput) -> None:
        await trio.sleep_forever()

    record, context, turn = await start(supervisor, forever)
    await trio.testing.wait_all_tasks_blocked()
    await supervisor.cancel(turn)
    assert record.state == S.TASK_STATE_CANCELED and context.active_task_id is None

    async def asking(turn: TurnInput, output: TurnOutput) -> None:
        await output.request_input("yes?", {})

    record, context, turn = await start(supervisor, asking, "t2")
    await turn.settled.wait()
    assert record.state == S.TASK_STATE_INPUT_REQUIRED and turn.waiting_for_input
    await supervisor.cancel(turn)
    assert record.state == S.TASK_STATE_CANCELED
    assert not turn.waiting_for_input


async def test_request_input_round_trip(supervisor: TurnSupervisor) -> None:
    async def asking(turn: TurnInput, output: TurnOutput) -> None:
        await output.text("thinking ")
        answer = await output.request_input("which?", {"kind": "question"})
        await output.text(f"got {answer.parts[0].text}")

    record, _, turn = await start(supervisor, asking)
    settled = turn.settled
    await settled.wait()
    assert texts(record) == ["go", "thinking ", "which?"]
    await supervisor.resume(turn, user("b"))
    with pytest.raises(InvalidParamsError):
        await supervisor.resume(turn, user("c"))  # one answer per question
    await turn.done.wait()
    assert texts(record) == ["go", "thinking ", "which?", "b", "got b"]
    assert record.state == S.TASK_STATE_INPUT_REQUIRED


@pytest.mark.parametrize("own_nursery", [False, True])
async def test_shutdown_interrupts_turns_with_a_clear_state(
    tasks: TaskManager, tmp_path: Path, own_nursery: bool
) -> None:
    supervisor = TurnSupervisor(
        tasks, Engine(), policy(tmp_path), ArtifactStore(tmp_path / "artifacts")
    )
    running = trio.Event()

    async def forever(turn: TurnInput, output: TurnOutput) -> None:
        await output.text("half")
        running.set()
        if own_nursery:  # a cancelled nursery raises a group with the Cancelled inside
            async with trio.open_nursery() as nursery:
                nursery.start_soon(trio.sleep_forever)
                await trio.sleep_forever()
        await trio.sleep_forever()

    async with trio.open_nursery() as nursery:
        await nursery.start(supervisor.run)
        record, _, _ = await start(supervisor, forever)
        await running.wait()
        supervisor.shutdown()
    assert supervisor.stopped.is_set()
    assert record.state == S.TASK_STATE_INPUT_REQUIRED
    assert record.status.message is not None
    assert record.status.message.parts[0].text == INTERRUPTED_MESSAGE
    assert texts(record) == ["go", "half", INTERRUPTED_MESSAGE]
    assert record.live is False
    stored = await tasks.store.load_task(record.id)
    assert stored is not None and stored.live is False


async def test_recovery_of_turns_that_died_with_the_process(tasks: TaskManager) -> None:
    record = await tasks.create(
        task_id="t1", context_id="c1", owner="", message=user("go"), live=True
    )
    await tasks.set_status(record, S.TASK_STATE_WORKING)
    await recover_interrupted_turns(tasks, await tasks.store.live_task_ids())
    assert record.state == S.TASK_STATE_INPUT_REQUIRED
    assert await tasks.store.live_task_ids() == []


async def test_every_event_is_published_after_its_commit(
    supervisor: TurnSupervisor, monkeypatch: pytest.MonkeyPatch
) -> None:
    log: list[str] = []
    tasks = supervisor.tasks
    commit, publish = tasks.store.commit, tasks.broker.publish

    async def recording_commit(change: Any) -> None:
        await commit(change)
        if change.status is not None:
            log.append(f"commit {change.status.state.name}")

    def recording_publish(task_id: str, event: Any) -> None:
        if event.status.timestamp is not None:  # stored states carry a timestamp
            log.append(f"publish {event.status.state.name}")
        publish(task_id, event)

    monkeypatch.setattr(tasks.store, "commit", recording_commit)
    monkeypatch.setattr(tasks.broker, "publish", recording_publish)

    async def script(turn: TurnInput, output: TurnOutput) -> TurnResult:
        await output.text("a")
        return TurnResult(state=S.TASK_STATE_COMPLETED)

    _, _, turn = await start(supervisor, script)
    await turn.done.wait()
    assert log == [
        "commit TASK_STATE_WORKING",
        "publish TASK_STATE_WORKING",
        "commit TASK_STATE_COMPLETED",
        "publish TASK_STATE_COMPLETED",
    ]
