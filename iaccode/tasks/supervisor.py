"""The TurnSupervisor: owner of every running turn.

Turns outlive the request that started them (a dropped stream does not cancel an A2A task; a
client may SubscribeToTask or GetTask later), so they run in a nursery that lives as long as the
server, not in the connection's. Each turn has its own cancel scope:

    TurnSupervisor nursery
    └─ turn task            one per running turn
       └─ CancelScope        CancelTask cancels it; waits for input live inside it

A turn always leaves its task in a settled state, whatever happens to it:

* the engine returns: its result (normally INPUT_REQUIRED, with the streamed text as the agent's
  message);
* the engine raises: FAILED, with a generic message and an error id in the log;
* CancelTask: CANCELED;
* the server shuts down: INPUT_REQUIRED with a message saying the turn was interrupted (written
  in a shielded, bounded cleanup; if even that is impossible, start-up recovery does it).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping
from typing import Any

import attrs
import trio

from iaccode.agent.engine import Engine, TurnInput, TurnResult
from iaccode.model.a2a import Artifact, Message, Part, Role, TaskState
from iaccode.model.ids import new_id
from iaccode.tasks.contexts import ContextState
from iaccode.tasks.manager import TaskManager, TaskRecord

log = logging.getLogger("iaccode.turns")

INTERRUPTED_MESSAGE = (
    "Task was interrupted by process exit and cannot be revived automatically. "
    "Send a follow-up message to continue."
)
CANCELED_MESSAGE = "Task canceled."
FAILED_MESSAGE = "The agent failed to complete this turn (error id {error_id})."
_CLEANUP_SECONDS = 5.0
_FAILURES = frozenset({TaskState.TASK_STATE_FAILED, TaskState.TASK_STATE_CANCELED})


def agent_message(
    record: TaskRecord, parts: list[Part], *, message_id: str | None = None
) -> Message:
    return Message(
        message_id=message_id or new_id(),
        role=Role.ROLE_AGENT,
        parts=parts,
        context_id=record.context_id,
        task_id=record.id,
    )


@attrs.define(eq=False)
class ActiveTurn:
    """A turn that is running or paused for input."""

    record: TaskRecord
    context: ContextState
    cancel_scope: trio.CancelScope = attrs.field(factory=trio.CancelScope)
    settled: trio.Event = attrs.field(factory=trio.Event)  # paused or ended
    done: trio.Event = attrs.field(factory=trio.Event)  # ended and its final state committed
    cancel_requested: bool = False
    _inbox: trio.MemorySendChannel[Message] | None = None

    @property
    def waiting_for_input(self) -> bool:
        return self._inbox is not None


class TurnReporter:
    """The `TurnOutput` a turn's engine reports through."""

    def __init__(self, supervisor: TurnSupervisor, turn: ActiveTurn) -> None:
        self._tasks = supervisor.tasks
        self._turn = turn
        self._record = turn.record
        self._text: list[str] = []
        self._message_id = new_id()

    async def text(self, delta: str) -> None:
        if not delta:
            return
        self._text.append(delta)
        message = agent_message(self._record, [Part(text=delta)], message_id=self._message_id)
        self._tasks.publish_progress(self._record, message)
        await trio.lowlevel.checkpoint()

    async def reasoning(self, delta: str) -> None:
        # Raw thinking is exposed only by configuration (issue: thinking exposure); until the
        # turn output learns that setting, reasoning stays private.
        await trio.lowlevel.checkpoint()

    async def status(self, metadata: Mapping[str, Any]) -> None:
        self._tasks.publish_progress(self._record, metadata={"iac_code": dict(metadata)})
        await trio.lowlevel.checkpoint()

    async def artifact(
        self, artifact: Artifact, *, append: bool = False, last_chunk: bool = True
    ) -> None:
        await self._tasks.put_artifact(self._record, artifact, append=append, last_chunk=last_chunk)

    async def request_input(self, prompt: str | list[Part], metadata: Mapping[str, Any]) -> Message:
        parts = [Part(text=prompt)] if isinstance(prompt, str) else list(prompt)
        question = agent_message(self._record, parts)
        send, receive = trio.open_memory_channel[Message](1)
        self._turn._inbox = send
        try:
            await self._tasks.set_status(
                self._record,
                TaskState.TASK_STATE_INPUT_REQUIRED,
                message=question,
                metadata={"iac_code": dict(metadata)} if metadata else None,
                add_to_history=(*self.take_text(), question),
            )
            self._turn.settled.set()
            async with receive:
                return await receive.receive()
        finally:
            self._turn._inbox = None

    def take_text(self, final: str | None = None) -> tuple[Message, ...]:
        """The agent message made of the text streamed so far (or `final`), and start anew."""
        text = final if final is not None else "".join(self._text)
        self._text.clear()
        message_id, self._message_id = self._message_id, new_id()
        if not text:
            return ()
        return (agent_message(self._record, [Part(text=text)], message_id=message_id),)


class TurnSupervisor:
    """Starts, resumes and cancels turns; see the module docstring for the guarantees."""

    def __init__(self, tasks: TaskManager, engine: Engine) -> None:
        self.tasks = tasks
        self.engine = engine
        self._nursery: trio.Nursery | None = None
        self._turns: dict[str, ActiveTurn] = {}
        self.stopped = trio.Event()

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Own the turns until `shutdown` (or a cancel), which interrupts every running turn."""
        try:
            async with trio.open_nursery() as nursery:
                self._nursery = nursery
                task_status.started()
                await trio.sleep_forever()
        finally:
            self._nursery = None
            self.stopped.set()

    def shutdown(self) -> None:
        if self._nursery is not None:
            self._nursery.cancel_scope.cancel()
        else:
            self.stopped.set()

    @property
    def busy(self) -> bool:
        return bool(self._turns)

    def __len__(self) -> int:
        return len(self._turns)

    def active(self, task_id: str) -> ActiveTurn | None:
        return self._turns.get(task_id)

    def start(self, record: TaskRecord, context: ContextState, turn_input: TurnInput) -> ActiveTurn:
        """Run a turn for `record`, which must already be committed as live."""
        if self._nursery is None:
            raise RuntimeError("TurnSupervisor is not running")
        turn = ActiveTurn(record, context)
        self._turns[record.id] = turn
        context.active_task_id = record.id
        self._nursery.start_soon(self._run_turn, turn, turn_input, name=f"turn {record.id}")
        return turn

    async def resume(self, turn: ActiveTurn, message: Message) -> None:
        """Answer a turn waiting in `request_input` with the caller's next message."""
        inbox, turn._inbox = turn._inbox, None  # claimed at once: one answer per question
        if inbox is None:
            raise RuntimeError("turn is not waiting for input")
        turn.settled = trio.Event()
        await self.tasks.set_status(
            turn.record, TaskState.TASK_STATE_WORKING, add_to_history=(message,)
        )
        with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
            inbox.send_nowait(message)  # the turn may have been cancelled meanwhile

    async def cancel(self, turn: ActiveTurn) -> None:
        """Cancel a turn and wait until its CANCELED state is committed."""
        turn.cancel_requested = True
        turn.cancel_scope.cancel()
        await turn.done.wait()

    async def _run_turn(self, turn: ActiveTurn, turn_input: TurnInput) -> None:
        reporter = TurnReporter(self, turn)
        try:
            state, final_text = await self._drive(turn, turn_input, reporter)
            await self._finish(turn, reporter, state, final_text)
        except trio.Cancelled:
            # The server is shutting down: leave a clear state, then let the cancel go on.
            with trio.CancelScope(shield=True), trio.move_on_after(_CLEANUP_SECONDS):
                await self._finish(
                    turn,
                    reporter,
                    TaskState.TASK_STATE_INPUT_REQUIRED,
                    INTERRUPTED_MESSAGE,
                    interrupted=True,
                )
            raise
        finally:
            self._turns.pop(turn.record.id, None)
            if turn.context.active_task_id == turn.record.id:
                turn.context.active_task_id = None
                turn.context.last_used = trio.current_time()
            self.tasks.broker.finish(turn.record.id)
            turn.settled.set()
            turn.done.set()

    async def _drive(
        self, turn: ActiveTurn, turn_input: TurnInput, reporter: TurnReporter
    ) -> tuple[TaskState, str | None]:
        """Run the engine; returns the final state and the final message text, if any."""
        with turn.cancel_scope:
            result: TurnResult | None = None
            try:
                await self.tasks.set_status(turn.record, TaskState.TASK_STATE_WORKING, live=True)
                result = await self.engine.run_turn(turn_input, reporter) or TurnResult()
            except* Exception as failure:
                # except* also takes the errors out of a group an engine's own nursery raised,
                # leaving a Cancelled in it to propagate.
                error_id = new_id()[:8]
                log.error(
                    "turn %s failed (error id %s)", turn.record.id, error_id, exc_info=failure
                )
            if result is None:
                return TaskState.TASK_STATE_FAILED, FAILED_MESSAGE.format(error_id=error_id)
            if result.state == TaskState.TASK_STATE_WORKING or not (
                result.state.is_terminal or result.state.is_interrupted
            ):
                log.error("engine ended turn %s in %s", turn.record.id, result.state.name)
                return TaskState.TASK_STATE_FAILED, "The agent ended the turn without a result."
            return result.state, result.message
        # Only reached when CancelTask cancelled the scope.
        return TaskState.TASK_STATE_CANCELED, CANCELED_MESSAGE

    async def _finish(
        self,
        turn: ActiveTurn,
        reporter: TurnReporter,
        state: TaskState,
        final_text: str | None,
        *,
        interrupted: bool = False,
    ) -> None:
        """Commit the turn's last state: its agent message, then the final status."""
        record = turn.record
        if record.state.is_terminal:
            return  # cancelled before the turn got going; nothing more to say
        metadata: dict[str, Any] | None = {"interrupted": True} if interrupted else None
        if not interrupted and state not in _FAILURES:
            # A successful end: the streamed text (or the engine's final text) is the answer, and
            # the status repeats it whole, marked so that streaming clients can drop their deltas.
            history = reporter.take_text(final_text)
            notice = history[-1] if history else None
            metadata = {"assistantFinal": {"complete": True}} if notice else None
        else:
            # Failed, cancelled or interrupted: keep what was streamed, and say what happened.
            notice = agent_message(record, [Part(text=final_text)]) if final_text else None
            history = (*reporter.take_text(), *((notice,) if notice else ()))
        await self.tasks.set_status(
            record,
            state,
            message=notice,
            metadata={"iac_code": metadata} if metadata else None,
            add_to_history=history,
            live=False,
        )
        turn.settled.set()


async def recover_interrupted_turns(tasks: TaskManager, task_ids: list[str]) -> None:
    """At start-up: end the turns that died with the previous process, visibly."""
    for task_id in task_ids:
        record = await tasks.get(task_id)
        if record is None or record.state.is_terminal:
            continue
        notice = agent_message(record, [Part(text=INTERRUPTED_MESSAGE)])
        await tasks.set_status(
            record,
            TaskState.TASK_STATE_INPUT_REQUIRED,
            message=notice,
            metadata={"iac_code": {"interrupted": True}},
            add_to_history=(notice,),
            live=False,
        )
