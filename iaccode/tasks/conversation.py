"""The conversation rules: which message starts a task, which continues one, and what it runs in.

A2A seed, "Task- und Kontextverhalten"; spec §3.4. Every binding reaches these through the
A2A service (`iaccode.a2a.service`), which only translates protocol values; replicas
(`iaccode.a2a.replicas`) decide where a request runs and then apply the same rules here.

* A message without a task (`start`): a new task in the given context, or in a new one. One that
  cannot run (a bad workspace, no text, a busy context) still creates its task, FAILED with the
  seed's message, as iac-code does: the caller sees why in the task.
* A message with its task (`follow_up`): the task must be visible to the caller and not
  terminal, and a `contextId` beside it must match. A turn paused for input gets the message as
  its answer (a permission decision as its decision); a task whose turn ended (INPUT_REQUIRED,
  the normal end) starts its next turn; a pause left by an earlier process resumes. A follow-up
  that cannot be accepted raises instead and leaves its task untouched.
* Workspace binding: a context is bound to the workspace of its first turn (`metadata.iac_code.
  cwd`, inside `workspace-roots`); a later message naming another one is refused.
* Busy context and turn reservation: `TurnClaims` (iaccode.tasks.claims), taken here for a new
  task and a follow-up alike.

Load shedding (docs/operations.md): a message that would start a turn beyond
`max-concurrent-turns`, and a stream beyond `max-subscribers-per-task`, are refused with
`ServerBusyError` before anything is created or changed; an answer to a paused turn is not a
new turn and always goes through.

Per-message credentials in `metadata.iac_code` (iac-code-reference §1.6) reach the turn and are
never stored: the message is stored without them.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import attrs
import trio

from iaccode.agent.engine import Engine, TurnInput
from iaccode.agent.inputs import InputError, InputLimits, MediaTypes, PreparedInput, prepare_input
from iaccode.agent.permissions import PermissionResponse, parse_response
from iaccode.agent.workspace import WorkspaceError, resolve_workspace
from iaccode.model.a2a import Message, Part, Role, Task, TaskState
from iaccode.model.errors import (
    ContentTypeNotSupportedError,
    InvalidParamsError,
    TaskNotCancelableError,
    TaskNotFoundError,
    UnsupportedOperationError,
)
from iaccode.model.ids import is_valid_id, new_id
from iaccode.tasks import offload
from iaccode.tasks.broker import SubscriberLimitReached
from iaccode.tasks.claims import ContextBusy, TurnClaims
from iaccode.tasks.contexts import (
    WORKSPACE_MISMATCH,
    ContextRegistry,
    ContextState,
    WorkspaceMismatch,
    channel_of,
)
from iaccode.tasks.errors import CoordinationUnavailableError, subscribers_busy, turns_busy
from iaccode.tasks.manager import TaskManager, TaskRecord
from iaccode.tasks.supervisor import (
    CANCELED_MESSAGE,
    TurnLimitReached,
    TurnSupervisor,
    agent_message,
)

TEXT_ONLY = "A2A server currently accepts text input only."
ALREADY_WORKING = "Task is already working."
INVALID_ID = "Invalid A2A id: ids are 1-128 characters of letters, digits, '_', '.', ':' or '-'"
_INLINE_TEXT = 64 * 1024  # a message of text parts this short is prepared on the event loop

# Per-message credentials (iac-code-reference §1.6): used for the turn, never stored.
SECRET_METADATA = frozenset(
    {
        "iac_code_api_key",
        "alibaba_cloud_access_key_id",
        "alibaba_cloud_access_key_secret",
        "alibaba_cloud_security_token",
    }
)

# Called with the task once the message is accepted into it, so the caller's stream sees every
# event of the turn; it must not checkpoint (it runs between the commit and the turn's start).
Subscribe = Callable[[TaskRecord], None]
# Called with the task's id once the message is accepted, before the turn can settle (and
# before a refused task is created FAILED): what must be stored with the task, such as an inline
# push config, so that its first settled state is notified.
OnAccept = Callable[[str], Awaitable[None]]


@attrs.frozen
class Caller:
    """Who sends a message: the authenticated principal ("" when auth is off), and the AgentCore
    runtime session a new task records."""

    owner: str = ""
    session_id: str | None = None
    # Routed from another replica without the per-message credentials it carried (they never
    # cross Redis): it may answer the turn running here, not start or resume one.
    secrets_withheld: bool = False


@attrs.frozen
class Accepted:
    """A message taken into `record`; `settled` is set when the turn it started or resumed
    settles (at once for a task refused into FAILED)."""

    record: TaskRecord
    settled: trio.Event


class _Refusal(Exception):
    """A message that cannot run: a new one becomes a FAILED task carrying `text`, a follow-up
    is refused with it."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


@attrs.frozen
class _Asked:
    """A message as it was asked: what setting up its turn needs."""

    message: Message
    meta: dict[str, Any]
    caller: Caller
    subscribe: Subscribe | None
    on_accept: OnAccept | None


class Conversations:
    """The conversation rules over the task core: accept, follow-up, workspace binding, cancel."""

    def __init__(
        self,
        *,
        tasks: TaskManager,
        contexts: ContextRegistry,
        supervisor: TurnSupervisor,
        claims: TurnClaims,
        engine: Engine,
        workspace_roots: tuple[Path, ...],
        default_cwd: Path,
        media: MediaTypes | None = None,
        input_limits: InputLimits | None = None,
    ) -> None:
        self.tasks = tasks
        self.contexts = contexts
        self.supervisor = supervisor
        self.claims = claims
        self.engine = engine
        self._roots = workspace_roots
        self._default_cwd = default_cwd
        self._media = media or MediaTypes()
        self._limits = input_limits or InputLimits()

    # -- messages --------------------------------------------------------------------------------

    def check_message(self, message: Message) -> None:
        """Check a caller's message before anything else looks at it. No checkpoint.

        Raises:
            InvalidParamsError: not from the user, no message id, no parts, an invalid task or
                context id, or a part with no content (or more than one kind).
            ContentTypeNotSupportedError: a part's media type the engine does not take.
        """
        if message.role != Role.ROLE_USER:
            raise InvalidParamsError("message.role must be ROLE_USER", field="message.role")
        if not message.message_id:
            raise InvalidParamsError(
                "message.messageId must not be empty", field="message.messageId"
            )
        if not message.parts:
            raise InvalidParamsError("message.parts must not be empty", field="message.parts")
        for name in ("task_id", "context_id"):
            value = getattr(message, name)
            if value is not None and not is_valid_id(value):
                field = "message.taskId" if name == "task_id" else "message.contextId"
                raise InvalidParamsError(INVALID_ID, field=field)
        for index, part in enumerate(message.parts):
            if part.content_kind is None:
                raise InvalidParamsError(
                    "a part must have exactly one of text, raw, url or data",
                    field=f"message.parts[{index}]",
                )
            if part.media_type and not self.engine.accepts_media_type(part.media_type):
                raise ContentTypeNotSupportedError(
                    f"Media type {part.media_type[:100]!r} is not supported",
                    mediaType=part.media_type[:100],
                )

    async def start(
        self,
        message: Message,
        caller: Caller,
        *,
        subscribe: Subscribe | None = None,
        on_accept: OnAccept | None = None,
    ) -> Accepted | Message:
        """Take a message without a task (checked with `check_message`) into a new task.

        Returns the engine's direct reply (a Message, no task made), or the new task: running
        its first turn, or FAILED with the reason when the message cannot run (a bad
        workspace, no text, a context that is busy or bound to another workspace).

        Raises:
            InvalidParamsError: a permission answer without its task, a context of another
                caller, or an input part that cannot be read (nothing is created).
            ServerBusyError: `max-concurrent-turns` turns run already (nothing is created).
            StoreUnavailableError, CoordinationUnavailableError: the store or, among replicas,
                Redis cannot be reached.

        Cancellation: before the task is committed, nothing is left behind; from the commit
        to the turn's start the call is shielded.
        """
        meta = iac_code_metadata(message)
        parse_response(message)  # a permission answer without its task: refused with the reason
        context_id = message.context_id or new_id()
        direct = await self._direct_reply(message, context_id)
        if direct is not None:
            return direct
        if message.context_id:  # a new id has no owner to check
            await self.contexts.check_owner(context_id, caller.owner)
        task_id = new_id()
        message = attrs.evolve(
            message, task_id=task_id, context_id=context_id, metadata=storable(message.metadata)
        )
        asked = _Asked(message, meta, caller, subscribe, on_accept)
        try:
            # Over max-concurrent-turns: refused, nothing created.
            async with self.claims.claim(context_id, task_id=task_id):
                try:
                    context, prompt = await self._set_up(context_id, asked)
                except _Refusal as refusal:
                    return await self._refuse(task_id, context_id, asked, refusal.text)
                with trio.CancelScope(shield=True):  # commit and start, or neither
                    record = await self.tasks.create(
                        task_id=task_id,
                        context_id=context_id,
                        owner=caller.owner,
                        message=message,
                        live=True,
                        metadata=_task_metadata(caller),
                    )
                    await _accepted(on_accept, record.id)
                    accepted = self._start(record, context, asked, prompt)
                return accepted
        except ContextBusy:
            return await self._refuse(task_id, context_id, asked, ALREADY_WORKING)
        except TurnLimitReached as exc:
            raise turns_busy(exc.limit) from None

    async def follow_up(
        self,
        record: TaskRecord,
        message: Message,
        caller: Caller,
        *,
        subscribe: Subscribe | None = None,
        on_accept: OnAccept | None = None,
    ) -> Accepted | Message:
        """Take a message into its task `record` (found with `visible_task`).

        Returns the ack of a permission decision (a Message), or the task: its paused turn
        resumed with the message, or its next turn started.

        Raises (the task left as it was):
            InvalidParamsError: a `contextId` of another context, a permission answer with no
                wait point for it, an input part that cannot be read, a bad workspace, or a
                context bound to another one.
            UnsupportedOperationError: the task is terminal, or its context is busy.
            ServerBusyError: a new turn beyond `max-concurrent-turns`, or (with `subscribe`)
                a stream beyond `max-subscribers-per-task`.
            StoreUnavailableError, CoordinationUnavailableError: as for `start`.
        """
        meta = iac_code_metadata(message)
        if message.context_id and message.context_id != record.context_id:
            raise InvalidParamsError(
                "message.contextId does not match the context of the task",
                field="message.contextId",
            )
        permission = parse_response(message)
        message = attrs.evolve(
            message, context_id=record.context_id, metadata=storable(message.metadata)
        )
        asked = _Asked(message, meta, caller, subscribe, on_accept)
        # The control lock keeps CancelTask out until the turn has started (or been refused).
        async with record.control:
            if record.state.is_terminal:
                raise UnsupportedOperationError(
                    f"Task {record.id} is in a terminal state and accepts no more messages",
                    taskId=record.id,
                )
            turn = self.supervisor.active(record.id)
            if turn is not None and permission is not None:
                return await self.supervisor.answer_permission(turn, permission, message)
            if subscribe and permission is None:
                self.check_room(record.id)
            if turn is not None and turn.waiting_for_input:
                await _accepted(on_accept, record.id)
                await self.supervisor.resume(turn, message)
                if subscribe:
                    subscribe(record)
                return Accepted(record, turn.settled)
            # No turn: a pause an earlier process left (answered by resuming it), or the end
            # of a turn (the message starts the next one).
            suspended = turn is None and record.suspension is not None
            if permission is not None and not suspended:
                raise InvalidParamsError(
                    "Permission wait point is no longer active.", field="message.parts[0].data"
                )
            try:
                # An answer to a pause is not a new turn; over max-concurrent-turns a new one
                # is refused, the task untouched.
                async with self.claims.claim(record.context_id, new_turn=not suspended):
                    return await self._next_turn(record, asked, permission, suspended)
            except ContextBusy:
                raise UnsupportedOperationError(ALREADY_WORKING, taskId=record.id) from None
            except TurnLimitReached as exc:
                raise turns_busy(exc.limit) from None

    async def _next_turn(
        self,
        record: TaskRecord,
        asked: _Asked,
        permission: PermissionResponse | None,
        suspended: bool,
    ) -> Accepted | Message:
        """The follow-up that starts the task's next turn, or resumes a saved pause (under the
        context's claim).

        Raises:
            CoordinationUnavailableError: the message was routed here without its credentials
                for a turn that ended meanwhile (the caller sends it again).
        """
        if asked.caller.secrets_withheld:
            raise CoordinationUnavailableError(
                "The task's turn ended on another replica meanwhile; send the message again"
            )
        try:
            context, prompt = await self._set_up(record.context_id, asked)
        except _Refusal as refusal:
            raise InvalidParamsError(refusal.text, field="message") from None
        # From the commit to the start nothing may stop halfway (a dropped request would leave
        # a live task without a turn).
        with trio.CancelScope(shield=True):
            if suspended:
                await _accepted(asked.on_accept, record.id)  # as for a live pause
                turn_input = _turn_input(record, context, asked, prompt)
                resumed, ack = await self.supervisor.resume_suspended(
                    record, context, turn_input, permission
                )
                if ack is not None:
                    return ack
                if asked.subscribe:
                    asked.subscribe(record)
                return Accepted(record, resumed.settled)
            await self.tasks.set_status(
                record,
                TaskState.TASK_STATE_SUBMITTED,
                add_to_history=(asked.message,),
                live=True,
            )
            await _accepted(asked.on_accept, record.id)
            accepted = self._start(record, context, asked, prompt)
        return accepted

    async def _set_up(self, context_id: str, asked: _Asked) -> tuple[ContextState, PreparedInput]:
        """The context bound to the message's workspace, and the message as prompt input.

        Raises `_Refusal` (a bad workspace, no text, a context bound elsewhere) and
        InvalidParamsError (an input part that cannot be read)."""
        cwd = await self._workspace(context_id, asked.meta)
        prompt = await self._prepare(asked.message, cwd)
        channel = channel_of(asked.meta)
        try:
            context = await self.contexts.bind(context_id, cwd, asked.caller.owner, channel)
        except WorkspaceMismatch:
            raise _Refusal(WORKSPACE_MISMATCH + ".") from None
        return context, prompt

    async def _workspace(self, context_id: str, meta: dict[str, Any]) -> Path:
        bound = await self.contexts.known_cwd(context_id)
        try:
            cwd = await offload.run_sync(  # stats every component: off the event loop
                resolve_workspace, meta.get("cwd"), self._roots, bound or self._default_cwd
            )
        except WorkspaceError as exc:
            raise _Refusal(f"Invalid A2A workspace metadata: {exc}") from None
        return cwd

    async def _prepare(self, message: Message, cwd: Path) -> PreparedInput:
        """The message's parts as prompt input (files are read in a worker thread)."""
        prepare = functools.partial(
            prepare_input,
            message.parts,
            cwd=cwd,
            roots=self._roots,
            media=self._media,
            limits=self._limits,
        )
        try:
            if all(p.text is not None and len(p.text) <= _INLINE_TEXT for p in message.parts):
                prompt = prepare()  # short text only: nothing to read, cheaper than a thread
            else:
                prompt = await offload.run_sync(prepare)
        except InputError as exc:
            raise InvalidParamsError(exc.message, field=exc.field) from None
        if prompt.is_empty:
            raise _Refusal(TEXT_ONLY)
        return prompt

    def _start(
        self, record: TaskRecord, context: ContextState, asked: _Asked, prompt: PreparedInput
    ) -> Accepted:
        turn_input = _turn_input(record, context, asked, prompt)
        if asked.subscribe:
            asked.subscribe(record)
        turn = self.supervisor.start(record, context, turn_input)
        return Accepted(record, turn.settled)

    async def _direct_reply(self, message: Message, context_id: str) -> Message | None:
        hook = getattr(self.engine, "direct_reply", None)
        if hook is None:
            return None
        parts: list[Part] | None = await hook(message)
        if parts is None:
            return None
        return Message(
            message_id=new_id(), role=Role.ROLE_AGENT, parts=parts, context_id=context_id
        )

    async def _refuse(self, task_id: str, context_id: str, asked: _Asked, text: str) -> Accepted:
        """A task created FAILED with `text`; what `on_accept` stores (an inline push config,
        first, so that the commit puts the FAILED state into the outbox) is notified like any
        settled state."""
        await _accepted(asked.on_accept, task_id)
        notice = Message(
            message_id=new_id(),
            role=Role.ROLE_AGENT,
            parts=[Part(text=text)],
            context_id=context_id,
            task_id=task_id,
        )
        record = await self.tasks.create(
            task_id=task_id,
            context_id=context_id,
            owner=asked.caller.owner,
            message=asked.message,
            state=TaskState.TASK_STATE_FAILED,
            status_message=notice,
            in_conversation=False,  # the engine never saw it; later turns should not either
        )
        settled = trio.Event()
        settled.set()
        return Accepted(record, settled)

    # -- tasks -----------------------------------------------------------------------------------

    async def visible_task(self, task_id: str, owner: str) -> TaskRecord:
        """The task `task_id` as `owner` may see it. Checkpoints only when the task is not in
        memory (a read of the store).

        Raises:
            InvalidParamsError: `task_id` is not a valid id.
            TaskNotFoundError: no such task, or another caller's (the two are not told apart).
            StoreUnavailableError: a shared store cannot be reached.
        """
        if not is_valid_id(task_id):
            raise InvalidParamsError(INVALID_ID, field="id")
        record = await self.tasks.get(task_id)
        if record is None or record.owner != owner:
            raise TaskNotFoundError(f"Task {task_id} not found", taskId=task_id)
        return record

    async def cancel(self, record: TaskRecord) -> Task:
        """Cancel the task's turn (or its pause) and return the task, CANCELED. Waits for the
        turn to commit its CANCELED state; shielded from there on by the supervisor.

        Raises:
            TaskNotCancelableError: the task is terminal, or no turn runs (its last turn ended
                waiting for a new message: the A2A seed's CancelTask).
        """
        async with record.control:
            if record.state.is_terminal:
                raise TaskNotCancelableError(
                    f"Task {record.id} is in a terminal state and cannot be canceled",
                    taskId=record.id,
                )
            turn = self.supervisor.active(record.id)
            if turn is None and record.suspension is None and record.state.is_interrupted:
                # A task that exists but is not running is not cancelable. A paused turn is.
                raise TaskNotCancelableError(
                    f"Task {record.id} is not running: it is waiting for a new message",
                    taskId=record.id,
                )
            if turn is not None:
                await self.supervisor.cancel(turn)
            if not record.state.is_terminal:  # no turn, or it ended before the cancel landed
                notice = agent_message(record, [Part(text=CANCELED_MESSAGE)])
                await self.tasks.set_status(
                    record,
                    TaskState.TASK_STATE_CANCELED,
                    message=notice,
                    add_to_history=(notice,),
                    live=False,
                )
        await self._leases_written()
        return record.snapshot()

    async def wait_settled(self, accepted: Accepted) -> None:
        """Until the turn `accepted` started or resumed settles, and, among replicas, the
        leases it gave back if it ended are written (a blocking SendMessage's answer). Raises
        nothing but `trio.Cancelled`."""
        await accepted.settled.wait()
        await self._leases_written()

    async def _leases_written(self) -> None:
        """A turn that ended gave its leases back in the same step (queued to Redis): written
        before the caller is answered, so that the message it sends next, to any replica,
        finds the context free. At once without replicas."""
        coordination = self.claims.coordination
        if coordination is not None:
            await coordination.flush()

    def require_active(self, record: TaskRecord) -> None:
        """What SubscribeToTask may follow: a running or paused turn (a pause left by an
        earlier process counts: its answer resumes the turn). No checkpoint.

        Raises:
            TaskNotFoundError: the task has ended, or waits for a new message.
        """
        if self.supervisor.active(record.id) is None and record.suspension is None:
            why = "has ended" if record.state.is_terminal else "is waiting for a new message"
            raise TaskNotFoundError(f"Task {record.id} is not active: it {why}", taskId=record.id)

    def check_room(self, task_id: str) -> None:
        """Whether the task can take one more stream. No checkpoint.

        Raises:
            ServerBusyError: it has `max-subscribers-per-task` streams open already.
        """
        try:
            self.tasks.broker.check_room(task_id)
        except SubscriberLimitReached as exc:
            raise subscribers_busy(task_id, exc.limit) from None


# -- helpers ---------------------------------------------------------------------------------------


async def _accepted(on_accept: OnAccept | None, task_id: str) -> None:
    if on_accept is not None:
        await on_accept(task_id)


def _turn_input(
    record: TaskRecord, context: ContextState, asked: _Asked, prompt: PreparedInput
) -> TurnInput:
    return TurnInput(
        task_id=record.id,
        context_id=record.context_id,
        cwd=context.cwd,
        channel=context.channel,
        message=asked.message,
        metadata=asked.meta,
        prompt=prompt,
    )


def iac_code_metadata(message: Message) -> dict[str, Any]:
    """The message's `metadata.iac_code` (the turn's options: cwd, channel, credentials)."""
    meta = (message.metadata or {}).get("iac_code")
    return meta if isinstance(meta, dict) else {}


def storable(metadata: dict[str, Any] | None) -> dict[str, Any] | None:
    """Message metadata as it may be stored, shown or sent to another replica: without the
    secrets in `iac_code`."""
    meta = (metadata or {}).get("iac_code")
    if not isinstance(meta, dict) or not SECRET_METADATA & meta.keys():
        return metadata
    cleaned = {k: v for k, v in meta.items() if k not in SECRET_METADATA}
    return {**(metadata or {}), "iac_code": cleaned}


def _task_metadata(caller: Caller) -> dict[str, Any] | None:
    """What a new task records about how it was called: the AgentCore runtime session."""
    if not caller.session_id:
        return None
    return {"iac_code": {"agentcoreSessionId": caller.session_id[:256]}}


__all__ = [
    "ALREADY_WORKING",
    "INVALID_ID",
    "SECRET_METADATA",
    "TEXT_ONLY",
    "Accepted",
    "Caller",
    "Conversations",
    "OnAccept",
    "Subscribe",
    "iac_code_metadata",
    "storable",
]
