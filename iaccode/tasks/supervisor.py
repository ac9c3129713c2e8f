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
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import trio

from iaccode import telemetry
from iaccode.agent.artifacts import ArtifactStore
from iaccode.agent.engine import (
    Engine,
    TurnError,
    TurnInput,
    TurnMemory,
    TurnResult,
    TurnResume,
)
from iaccode.agent.i18n import translate
from iaccode.agent.permissions import (
    PermissionPolicy,
    PermissionRequest,
    PermissionResponse,
    ack_message,
    envelope,
    new_input_id,
    safe_summary,
    shown_input,
)
from iaccode.model.a2a import Artifact, Message, Part, Role, TaskState
from iaccode.model.errors import InvalidParamsError
from iaccode.model.ids import new_id
from iaccode.tasks.contexts import ContextState
from iaccode.tasks.manager import TaskManager, TaskRecord
from iaccode.tasks.store import ModelTurn, Suspension

log = logging.getLogger("iaccode.turns")

INTERRUPTED_MESSAGE = (
    "Task was interrupted by process exit and cannot be revived automatically. "
    "Send a follow-up message to continue."
)
CANCELED_MESSAGE = "Task canceled."
FAILED_MESSAGE = "The agent failed to complete this turn (error id {error_id})."
UNSTORED_MESSAGE = "The end of this turn could not be stored, so the turn failed."
NO_RESULT_MESSAGE = "The agent ended the turn without a result."
# Waits before each new try to store FAILED after a turn's end could not be stored: about 5 s
# in all, then the task keeps its live mark and start-up recovery ends it.
_UNSTORED_RETRIES = (0.05, 0.2, 0.75, 4.0)
_CLEANUP_SECONDS = 5.0
HISTORY_LIMIT = 200  # earlier messages of the context an engine is given
THINKING_LIMIT = 4000  # characters of raw thinking per update (A2A seed)
_FAILURES = frozenset({TaskState.TASK_STATE_FAILED, TaskState.TASK_STATE_CANCELED})


def agent_message(
    record: TaskRecord,
    parts: list[Part],
    *,
    message_id: str | None = None,
    metadata: dict[str, Any] | None = None,
) -> Message:
    return Message(
        message_id=message_id or new_id(),
        role=Role.ROLE_AGENT,
        parts=parts,
        context_id=record.context_id,
        task_id=record.id,
        metadata=metadata,
    )


@attrs.define(eq=False)
class PendingInput:
    """What a paused turn waits for: the caller's next message, or a permission decision."""

    inbox: trio.MemorySendChannel[Message]
    input_id: str
    permission: PermissionRequest | None = None
    allowed: bool = False  # the decision, once a permission answer has been audited


@attrs.define(eq=False)
class ActiveTurn:
    """A turn that is running or paused for input."""

    record: TaskRecord
    context: ContextState
    cancel_scope: trio.CancelScope = attrs.field(factory=trio.CancelScope)
    settled: trio.Event = attrs.field(factory=trio.Event)  # paused or ended
    done: trio.Event = attrs.field(factory=trio.Event)  # ended and its final state committed
    cancel_requested: bool = False
    interrupt_requested: bool = False  # `interrupt`: ended as a shutdown ends it
    pending: PendingInput | None = None
    saved_state: dict[str, Any] | None = None  # the engine's last `save_state`

    @property
    def waiting_for_input(self) -> bool:
        return self.pending is not None

    def claim_pending(self) -> PendingInput:
        """Take the pending question, at once, so that it can be answered only once."""
        pending, self.pending = self.pending, None
        if pending is None:
            raise InvalidParamsError(
                "The task is not waiting for input any more.", field="message.taskId"
            )
        return pending


class TurnReporter:
    """The `TurnOutput` a turn's engine reports through."""

    def __init__(
        self,
        supervisor: TurnSupervisor,
        turn: ActiveTurn,
        language: str | None,
        *,
        raw_thinking: bool | None = None,
    ) -> None:
        self._tasks = supervisor.tasks
        self._artifacts = supervisor.artifacts
        self._policy = supervisor.permissions
        self._raw_thinking = supervisor.raw_thinking if raw_thinking is None else raw_thinking
        self._tool_trace = supervisor.tool_trace
        self._turn = turn
        self._record = turn.record
        self._language = language
        self._text: list[str] = []
        self._message_id = new_id()
        self._asking = trio.Lock()  # parallel tool calls ask one question at a time

    async def text(self, delta: str) -> None:
        if not delta:
            return
        self._text.append(delta)
        message = agent_message(self._record, [Part(text=delta)], message_id=self._message_id)
        self._tasks.publish_progress(self._record, message)
        await trio.lowlevel.checkpoint()

    async def reasoning(self, delta: str) -> None:
        if self._raw_thinking and delta:
            thinking = {"type": "raw_thinking", "text": delta[:THINKING_LIMIT]}
            metadata = {"iac_code": {"thinking": thinking}}
            self._tasks.publish_progress(self._record, metadata=metadata)
        await trio.lowlevel.checkpoint()

    async def status(self, metadata: Mapping[str, Any]) -> None:
        self._tasks.publish_progress(self._record, metadata={"iac_code": dict(metadata)})
        await trio.lowlevel.checkpoint()

    async def tool_event(self, event: Mapping[str, Any]) -> None:
        if self._tool_trace:
            await self.status({"tool": dict(event)})
        else:
            await trio.lowlevel.checkpoint()

    async def usage(self, input_tokens: int, output_tokens: int) -> None:
        usage = {
            "inputTokens": input_tokens,
            "outputTokens": output_tokens,
            "totalTokens": input_tokens + output_tokens,
        }
        await self.status({"usage": usage})

    async def artifact(
        self, artifact: Artifact, *, append: bool = False, last_chunk: bool = True
    ) -> None:
        await self._tasks.put_artifact(self._record, artifact, append=append, last_chunk=last_chunk)

    async def file_artifact(self, name: str, content: bytes, media_type: str) -> Artifact:
        artifact = await self._artifacts.save(name, content, media_type)
        await self._tasks.put_artifact(self._record, artifact)
        return artifact

    def save_state(self, state: Mapping[str, Any]) -> None:
        self._turn.saved_state = dict(state)

    async def request_input(self, prompt: str | list[Part], metadata: Mapping[str, Any]) -> Message:
        input_id = f"input-{new_id()}"
        question = {"kind": "question", "inputId": input_id, **metadata}
        answer, _ = await self._wait(prompt, {"input": question}, input_id)
        return answer

    async def permission(self, request: PermissionRequest) -> bool:
        preset = self._policy.preset(request)
        where = {"taskId": self._record.id, "contextId": self._record.context_id}
        if preset is not None:
            allowed = await self._policy.confirm(request, *preset, where)
            await self.status(
                {
                    "permission": {
                        "autoApproved": allowed,
                        "decision": "allow_once" if allowed else "deny",
                        "source": preset[1],
                        "toolName": request.tool_name,
                        "toolUseId": request.tool_use_id,
                        "safeSummary": safe_summary(request),
                        **shown_input(request),
                    }
                }
            )
            return allowed
        input_id = new_input_id()
        env = envelope(
            request,
            task_id=self._record.id,
            context_id=self._record.context_id,
            input_id=input_id,
            language=self._language,
        )
        pending_permission = {
            "autoApproved": False,
            "pending": True,
            "toolName": request.tool_name,
            "toolUseId": request.tool_use_id,
        }
        if request.protected_api is not None:
            pending_permission.update(shown_input(request))
        metadata = {"input": env, "permission": pending_permission}
        _, pending = await self._wait(env["prompt"], metadata, input_id, request)
        return pending.allowed

    async def _wait(
        self,
        prompt: str | list[Part],
        metadata: dict[str, Any],
        input_id: str,
        permission: PermissionRequest | None = None,
    ) -> tuple[Message, PendingInput]:
        """Pause as INPUT_REQUIRED until the caller answers; the answer is the next message."""
        async with self._asking:
            return await self._wait_alone(prompt, metadata, input_id, permission)

    async def _wait_alone(
        self,
        prompt: str | list[Part],
        metadata: dict[str, Any],
        input_id: str,
        permission: PermissionRequest | None,
    ) -> tuple[Message, PendingInput]:
        parts = [Part(text=prompt)] if isinstance(prompt, str) else list(prompt)
        # The envelope rides on the question too, so that a client that does not stream (a
        # blocking SendMessage, GetTask) has the ids it must answer with.
        question = agent_message(self._record, parts, metadata={"iac_code": metadata})
        send, receive = trio.open_memory_channel[Message](1)
        pending = PendingInput(send, input_id, permission)
        self._turn.pending = pending
        try:
            await self._tasks.set_status(
                self._record,
                TaskState.TASK_STATE_INPUT_REQUIRED,
                message=question,
                metadata={"iac_code": metadata},
                add_to_history=(*self.take_text(), question),
                suspend=self._suspension(input_id, metadata, permission),
            )
            self._turn.settled.set()
            async with receive:
                return await receive.receive(), pending
        finally:
            if self._turn.pending is pending:
                self._turn.pending = None

    def _suspension(
        self, input_id: str, metadata: dict[str, Any], permission: PermissionRequest | None
    ) -> Suspension | None:
        """What a later process needs to continue this pause, if the engine saved its state."""
        state = self._turn.saved_state
        if state is None:
            return None
        request = None
        if permission is not None:
            request = {
                "toolName": permission.tool_name,
                "toolUseId": permission.tool_use_id,
                "toolInput": dict(permission.tool_input),
                "readOnly": permission.read_only,
            }
        return Suspension(input_id, metadata, state, request)

    def take_text(self, final: str | None = None) -> tuple[Message, ...]:
        """The agent message made of the text streamed so far (or `final`), and start anew."""
        text = final if final is not None else "".join(self._text)
        self._text.clear()
        message_id, self._message_id = self._message_id, new_id()
        if not text:
            return ()
        return (agent_message(self._record, [Part(text=text)], message_id=message_id),)


class TurnLimitReached(Exception):
    """One more turn would exceed `max-concurrent-turns`; nothing has been started."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"{limit} turns are running")
        self.limit = limit


class TurnSupervisor:
    """Starts, resumes and cancels turns; see the module docstring for the guarantees."""

    def __init__(
        self,
        tasks: TaskManager,
        engine: Engine,
        permissions: PermissionPolicy,
        artifacts: ArtifactStore,
        *,
        raw_thinking: bool = False,
        thinking_on_request: bool = False,
        tool_trace: bool = True,
        max_turns: int | None = None,
    ) -> None:
        self.tasks = tasks
        self.engine = engine
        self.permissions = permissions
        self.artifacts = artifacts
        self.raw_thinking = raw_thinking
        # A message asking for reasoning (metadata.iac_code.thinking.enabled) gets it streamed:
        # what the AG-UI adapter's own core does, as the existing product does for AG-UI.
        self.thinking_on_request = thinking_on_request
        self.tool_trace = tool_trace
        self.max_turns = max_turns  # running or paused turns; None: no limit
        self._nursery: trio.Nursery | None = None
        self._turns: dict[str, ActiveTurn] = {}
        self._starting = 0  # places held by `reserve_turn` for turns not started yet
        self.stopped = trio.Event()
        # Replicas (iaccode.a2a.replicas): a turn holds its task's and context's leases from
        # its start to its end.
        self.on_start: Callable[[TaskRecord], None] | None = None
        self.on_end: Callable[[TaskRecord], None] | None = None

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
        """Turns are running, paused or about to start (AgentCore keeps the session meanwhile)."""
        return bool(self._turns or self._starting)

    @property
    def starting(self) -> bool:
        """A turn is being set up: its task may be live before the turn starts."""
        return bool(self._starting)

    @property
    def working(self) -> bool:
        """Turns are running or about to start: what a shutdown waits for. A turn paused for
        an answer that may take hours is not; it ends as INPUT_REQUIRED (or stays paused)."""
        return bool(self._starting) or any(not t.waiting_for_input for t in self._turns.values())

    def reserve_turn(self) -> None:
        """Hold a place for a new turn while its task is prepared, so that concurrent requests
        cannot all pass the check; give it back with `release_turn` once the turn has started
        (or will not). Raises TurnLimitReached, before anything is created, when `max_turns`
        turns are running, paused for input or about to start. An answer to a paused turn is
        not a new turn and needs no place."""
        if self.max_turns is not None and len(self._turns) + self._starting >= self.max_turns:
            raise TurnLimitReached(self.max_turns)
        self._starting += 1

    def release_turn(self) -> None:
        self._starting -= 1

    def active(self, task_id: str) -> ActiveTurn | None:
        return self._turns.get(task_id)

    def turns(self) -> list[ActiveTurn]:
        """The turns running or paused now."""
        return list(self._turns.values())

    def start(self, record: TaskRecord, context: ContextState, turn_input: TurnInput) -> ActiveTurn:
        """Run a turn for `record`, which must already be committed as live. No checkpoint:
        the turn runs in the supervisor's nursery, not the caller's.

        Returns the turn (its `settled` is set when it pauses or ends).

        Raises:
            RuntimeError: the supervisor is not running (`run` has not started).
        """
        if self._nursery is None:
            raise RuntimeError("TurnSupervisor is not running")
        turn = ActiveTurn(record, context)
        self._turns[record.id] = turn
        context.active_task_id = record.id
        if self.on_start is not None:
            self.on_start(record)
        self._nursery.start_soon(self._run_turn, turn, turn_input, name=f"turn {record.id}")
        return turn

    async def resume(self, turn: ActiveTurn, message: Message) -> None:
        """Answer a turn paused in `request_input` with the caller's next message (stored
        as WORKING with the message in the history, then handed to the turn).

        Raises:
            InvalidParamsError: the turn waits for a permission decision instead, or its
                question was answered already (by a request that won the race).
            StoreUnavailableError: a shared store cannot be reached.
        """
        if turn.pending is not None and turn.pending.permission is not None:
            raise _permission_expected(turn.record.id)
        pending = turn.claim_pending()
        received = {"kind": "question", "inputId": pending.input_id}
        await self._deliver(turn, pending, message, received)

    async def answer_permission(
        self, turn: ActiveTurn, response: PermissionResponse, message: Message
    ) -> Message:
        """Apply a sideband permission answer to the turn waiting for it.

        Returns the ack message (the decision as the policy applied it).

        Raises:
            InvalidParamsError: the turn waits for no permission decision, or the answer's
                correlation (input id, tool use id, context) is not the pending one's.
        """
        pending = turn.pending
        request = pending.permission if pending is not None else None
        if pending is None or request is None:
            raise InvalidParamsError(
                "Permission wait point is no longer active.", field="message.parts[0].data"
            )
        record = turn.record
        _check_correlation(response, record, pending.input_id, request.tool_use_id)
        turn.claim_pending()
        where = {"taskId": record.id, "contextId": record.context_id, "inputId": pending.input_id}
        pending.allowed = await self.permissions.confirm(request, response.allowed, "caller", where)
        decision = "allow_once" if pending.allowed else "deny"
        received = {
            "kind": "permission",
            "inputId": pending.input_id,
            "toolUseId": request.tool_use_id,
            "decision": decision,
        }
        await self._deliver(turn, pending, message, received)
        return ack_message(response, allowed=pending.allowed, context_id=record.context_id)

    async def resume_suspended(
        self,
        record: TaskRecord,
        context: ContextState,
        turn_input: TurnInput,
        response: PermissionResponse | None,
    ) -> tuple[ActiveTurn, Message | None]:
        """Answer a pause whose turn died with an earlier process: the engine continues from the
        state it saved. Returns the new turn, and the ack for a permission answer.

        Raises:
            InvalidParamsError: a permission answer to a question, a message to a permission
                wait, or a permission answer whose correlation is not the pause's.
            InvalidTransition, StoreUnavailableError: the task changed meanwhile, or the store
                cannot be reached (nothing started then).
        """
        suspension = record.suspension
        assert suspension is not None
        message = turn_input.message
        allowed: bool | None = None
        if suspension.permission is None:
            if response is not None:
                raise InvalidParamsError(
                    "Permission wait point is no longer active.", field="message.parts[0].data"
                )
            received: dict[str, Any] = {"kind": "question", "inputId": suspension.input_id}
        else:
            request = PermissionRequest(
                tool_name=suspension.permission["toolName"],
                tool_use_id=suspension.permission["toolUseId"],
                tool_input=suspension.permission["toolInput"],
                read_only=suspension.permission["readOnly"],
            )
            if response is None:
                raise _permission_expected(record.id)
            _check_correlation(response, record, suspension.input_id, request.tool_use_id)
            where = {
                "taskId": record.id,
                "contextId": record.context_id,
                "inputId": suspension.input_id,
            }
            allowed = await self.permissions.confirm(request, response.allowed, "caller", where)
            received = {
                "kind": "permission",
                "inputId": suspension.input_id,
                "toolUseId": request.tool_use_id,
                "decision": "allow_once" if allowed else "deny",
            }
        await self.tasks.set_status(
            record,
            TaskState.TASK_STATE_WORKING,
            metadata={"iac_code": {"inputReceived": received}},
            add_to_history=(message,),
            live=True,
        )
        resume = TurnResume(suspension.engine_state, message, allowed)
        turn = self.start(record, context, attrs.evolve(turn_input, resume=resume))
        ack = None
        if response is not None and allowed is not None:
            ack = ack_message(response, allowed=allowed, context_id=record.context_id)
        return turn, ack

    async def _deliver(
        self, turn: ActiveTurn, pending: PendingInput, message: Message, received: dict[str, Any]
    ) -> None:
        turn.settled = trio.Event()
        await self.tasks.set_status(
            turn.record,
            TaskState.TASK_STATE_WORKING,
            metadata={"iac_code": {"inputReceived": received}},
            add_to_history=(message,),
        )
        with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError):
            pending.inbox.send_nowait(message)  # the turn may have been cancelled meanwhile

    def interrupt(self, turn: ActiveTurn) -> None:
        """End a turn as a shutdown does (INPUT_REQUIRED, "interrupted"; a pause the engine
        can continue stays answerable), without stopping the others: a replica whose leases
        may have expired stops its turns before a survivor ends them (iaccode.a2a.replicas)."""
        turn.interrupt_requested = True
        turn.cancel_scope.cancel()

    async def cancel(self, turn: ActiveTurn) -> None:
        """Cancel a turn and wait until its CANCELED state is committed (or the turn ended
        otherwise, if it finished first). Raises nothing but `trio.Cancelled`; the turn is
        cancelled even if the caller is."""
        turn.cancel_requested = True
        turn.cancel_scope.cancel()
        await turn.done.wait()

    async def _run_turn(self, turn: ActiveTurn, turn_input: TurnInput) -> None:
        """The turn inside its span (telemetry on): spawned by the request that started it, so
        the span is that request's child; counted with its final state."""
        tele = telemetry.current()
        if not tele.enabled:  # off: nothing to build
            await self._turn(turn, turn_input)
            return
        record = turn.record
        channel = telemetry.channel_of(turn_input.channel)
        attributes: telemetry.Attributes = {
            telemetry.CHANNEL_ATTRIBUTE: channel,
            "iac_code.task_id": record.id,
            "iac_code.context_id": record.context_id,
            "iac_code.engine": self.engine.name,
            "iac_code.resumed": turn_input.resume is not None,
        }
        started = trio.current_time()
        with tele.span("iaccode.turn", attributes) as span:
            try:
                await self._turn(turn, turn_input)
            finally:
                state = record.state.name.removeprefix("TASK_STATE_").lower()
                span.set("iac_code.turn.state", state)
                failed = record.state == TaskState.TASK_STATE_FAILED
                if failed:
                    span.fail(state)
                counted = {
                    "iac_code.turn.state": state,
                    telemetry.CHANNEL_ATTRIBUTE: channel,
                    "iac_code.engine": self.engine.name,
                }
                tele.count("iaccode.turns", 1, counted)
                tele.observe(
                    "iaccode.turn.duration",
                    trio.current_time() - started,
                    {"iac_code.turn.state": state},
                )
                if failed:
                    tele.count("iaccode.errors", 1, {"error.kind": "turn"})

    async def _turn(self, turn: ActiveTurn, turn_input: TurnInput) -> None:
        thinking = turn_input.metadata.get("thinking")
        asked = isinstance(thinking, dict) and thinking.get("enabled") is True
        raw = self.raw_thinking or (self.thinking_on_request and asked)
        reporter = TurnReporter(self, turn, turn_input.language, raw_thinking=raw)
        try:
            turn_input = await self._with_history(turn, turn_input)
            result = await self._drive(turn, turn_input, reporter)
            if turn.interrupt_requested and not turn.cancel_requested:
                await self._interrupted(turn, reporter, turn_input.language)
                return
            await self._finish(
                turn,
                reporter,
                result.state,
                result.message,
                complete=result.complete,
                memory=result.memory,
            )
        except* trio.Cancelled:
            # The server is shutting down (the Cancelled may come wrapped in the group of an
            # engine's own nursery): leave a clear state, then let the cancellation go on. A
            # pause the engine can continue stays answerable; anything else is interrupted.
            with trio.CancelScope(shield=True), trio.move_on_after(_CLEANUP_SECONDS):
                await self._interrupted(turn, reporter, turn_input.language)
            raise
        except* Exception as failure:
            # The store failed while the turn ended. Never let that reach the supervisor's
            # nursery (it would take every other turn down), and never leave the task WORKING:
            # try FAILED a few times; if the store stays broken, the task keeps its live mark
            # and start-up recovery ends it.
            log.error("turn %s could not be finished", turn.record.id, exc_info=failure)
            await self._fail_unfinished(turn, turn_input.language)
        finally:
            self._turns.pop(turn.record.id, None)
            if turn.context.active_task_id == turn.record.id:
                turn.context.active_task_id = None
                turn.context.last_used = trio.current_time()
            self.tasks.broker.finish(turn.record.id)
            if self.on_end is not None:
                self.on_end(turn.record)
            turn.settled.set()
            turn.done.set()

    async def _with_history(self, turn: ActiveTurn, turn_input: TurnInput) -> TurnInput:
        """`turn_input` with the context's earlier messages and the engine's memories of them."""
        earlier, memories = await self.tasks.store.conversation(
            turn.record.context_id, HISTORY_LIMIT, turn_input.message.message_id
        )
        return attrs.evolve(
            turn_input,
            history=tuple(earlier),
            memories={key: memory.body for key, memory in memories.items()},
        )

    async def _interrupted(
        self, turn: ActiveTurn, reporter: TurnReporter, language: str | None
    ) -> None:
        """Leave an interrupted turn clear: a pause the engine can continue stays answerable,
        anything else ends INPUT_REQUIRED with the interrupted message."""
        if turn.record.suspension is not None:
            await self._release_safely(turn)
        else:
            await self._finish_safely(
                turn,
                reporter,
                TaskState.TASK_STATE_INPUT_REQUIRED,
                translate(INTERRUPTED_MESSAGE, language),
                interrupted=True,
            )

    async def _release_safely(self, turn: ActiveTurn) -> None:
        try:
            await self.tasks.release(turn.record)
        except Exception:
            log.exception("turn %s could not be released", turn.record.id)

    async def _finish_safely(
        self,
        turn: ActiveTurn,
        reporter: TurnReporter,
        state: TaskState,
        final_text: str | None,
        *,
        interrupted: bool = False,
    ) -> None:
        try:
            await self._finish(turn, reporter, state, final_text, interrupted=interrupted)
        except Exception:
            log.exception("turn %s could not be marked interrupted", turn.record.id)

    async def _fail_unfinished(self, turn: ActiveTurn, language: str | None) -> None:
        """End a turn whose end could not be stored as FAILED, retrying (about 5 s at most).

        Cancellation (shutdown) stops the retries; the task then keeps its live mark.
        """
        record = turn.record
        notice = agent_message(record, [Part(text=translate(UNSTORED_MESSAGE, language))])
        for delay in _UNSTORED_RETRIES:
            await trio.sleep(delay)
            if record.state.is_terminal or record.state.is_interrupted:
                return  # stored after all (a cancel, or the first try got through)
            try:
                await self.tasks.set_status(
                    record,
                    TaskState.TASK_STATE_FAILED,
                    message=notice,
                    add_to_history=(notice,),
                    live=False,
                )
                return
            except Exception as exc:
                log.warning("turn %s still not stored: %s: %s", record.id, type(exc).__name__, exc)

    async def _drive(
        self, turn: ActiveTurn, turn_input: TurnInput, reporter: TurnReporter
    ) -> TurnResult:
        """Run the engine; returns how the turn ended (the final state, text and memory)."""
        with turn.cancel_scope:
            result: TurnResult | None = None
            notice = ""
            try:
                if turn_input.resume is None:  # a resumed turn is WORKING already
                    await self.tasks.set_status(
                        turn.record, TaskState.TASK_STATE_WORKING, live=True
                    )
                result = await self.engine.run_turn(turn_input, reporter) or TurnResult()
            except* Exception as failure:
                # except* also takes the errors out of a group an engine's own nursery raised,
                # leaving a Cancelled in it to propagate.
                expected = _turn_error(failure)
                if expected is not None:  # a failure the engine explained: no traceback needed
                    log.warning("turn %s failed: %s", turn.record.id, expected.message)
                    notice = expected.message
                else:
                    error_id = new_id()[:8]
                    log.error(
                        "turn %s failed (error id %s)", turn.record.id, error_id, exc_info=failure
                    )
                    notice = translate(FAILED_MESSAGE, turn_input.language, error_id=error_id)
            if turn.cancel_requested:
                # CancelTask arrived after the engine's last checkpoint: it still wins.
                return TurnResult(
                    TaskState.TASK_STATE_CANCELED, translate(CANCELED_MESSAGE, turn_input.language)
                )
            if result is None:
                return TurnResult(TaskState.TASK_STATE_FAILED, notice)
            if not (result.state.is_terminal or result.state.is_interrupted):
                log.error("engine ended turn %s in %s", turn.record.id, result.state.name)
                return TurnResult(
                    TaskState.TASK_STATE_FAILED, translate(NO_RESULT_MESSAGE, turn_input.language)
                )
            return result
        # Only reached when CancelTask cancelled the scope.
        return TurnResult(
            TaskState.TASK_STATE_CANCELED, translate(CANCELED_MESSAGE, turn_input.language)
        )

    async def _finish(
        self,
        turn: ActiveTurn,
        reporter: TurnReporter,
        state: TaskState,
        final_text: str | None,
        *,
        interrupted: bool = False,
        complete: bool = True,
        memory: TurnMemory | None = None,
    ) -> None:
        """Commit the turn's last state: its agent message, then the final status (and the
        engine's memory of the turn, when it ended well)."""
        record = turn.record
        if record.state.is_terminal:
            return  # cancelled before the turn got going; nothing more to say
        metadata: dict[str, Any] | None = {"interrupted": True} if interrupted else None
        remember = None
        if not interrupted and state not in _FAILURES:
            # A successful end: the streamed text (or the engine's final text) is the answer, and
            # the status repeats it whole, marked so that streaming clients can drop their deltas.
            history = reporter.take_text(final_text)
            notice = history[-1] if history else None
            metadata = {"assistantFinal": {"complete": complete}} if notice else None
            if memory is not None:
                remember = ModelTurn(memory.message_id, dict(memory.body))
        else:
            # Failed, cancelled or interrupted: keep what was streamed, and say what happened.
            marked = {"iac_code": metadata} if metadata else None  # "interrupted" stays on the task
            notice = None
            if final_text:
                notice = agent_message(record, [Part(text=final_text)], metadata=marked)
            history = (*reporter.take_text(), *((notice,) if notice else ()))
        await self.tasks.set_status(
            record,
            state,
            message=notice,
            metadata={"iac_code": metadata} if metadata else None,
            add_to_history=history,
            live=False,
            remember=remember,
        )
        turn.settled.set()


def _turn_error(failure: BaseExceptionGroup[Exception]) -> TurnError | None:
    """The TurnError when that is all that went wrong."""
    errors = failure.exceptions
    return errors[0] if len(errors) == 1 and isinstance(errors[0], TurnError) else None


def _check_correlation(
    response: PermissionResponse, record: TaskRecord, input_id: str, tool_use_id: str
) -> None:
    if (
        response.input_id != input_id
        or response.tool_use_id != tool_use_id
        or response.context_id not in (None, record.context_id)
    ):
        raise InvalidParamsError(
            "input_response_mismatch: permission correlation does not match.",
            field="message.parts[0].data",
        )


def _permission_expected(task_id: str) -> InvalidParamsError:
    return InvalidParamsError(
        f"Task {task_id} is waiting for a permission decision; answer with the "
        "permission DataPart (schemaVersion 1).",
        field="message.parts",
    )


async def recover_interrupted_turns(tasks: TaskManager, task_ids: list[str]) -> None:
    """At start-up: end the turns that died with the previous process, visibly. A turn that
    paused with a saved engine state stays paused: its answer continues it (`resume_suspended`).
    """
    for task_id in task_ids:
        record = await tasks.get(task_id)
        if record is None or record.state.is_terminal:
            continue
        await _end_interrupted(tasks, record)


async def end_interrupted(tasks: TaskManager, record: TaskRecord) -> None:
    """End a turn that died with its process as start-up recovery does (a replica's turns
    whose lease expired, iaccode.a2a.replicas)."""
    await _end_interrupted(tasks, record)


async def _end_interrupted(tasks: TaskManager, record: TaskRecord) -> None:
    if record.suspension is not None and record.state.is_interrupted:
        await tasks.release(record)
        return
    interrupted = {"iac_code": {"interrupted": True}}
    notice = agent_message(record, [Part(text=INTERRUPTED_MESSAGE)], metadata=interrupted)
    await tasks.set_status(
        record,
        TaskState.TASK_STATE_INPUT_REQUIRED,
        message=notice,
        metadata=interrupted,
        add_to_history=(notice,),
        live=False,
    )


async def recover_orphaned_turns(tasks: TaskManager, supervisor: TurnSupervisor) -> int:
    """After a shared store came back from an outage: end, as a restart would, the turns whose
    end could not be stored while it was away (their task is still live, but no turn of this
    server runs it any more). Only for a store this server is the one user of (its lock).
    Returns how many were ended; raises what the store raises.
    """
    ended = 0
    for task_id in await tasks.store.live_task_ids():
        record = await tasks.get(task_id)
        if record is None or record.state.is_terminal:
            continue
        async with record.control:  # no follow-up starts a turn on it meanwhile
            if (
                not record.live
                or supervisor.active(task_id) is not None
                or record.lock.locked()
                or supervisor.starting  # a new task is live a moment before its turn starts
            ):
                continue
            await _end_interrupted(tasks, record)
            ended += 1
    return ended
