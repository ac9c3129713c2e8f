"""The A2A operations (spec §3.1) on top of the task core, for every transport.

Requests arrive as decoded 1.0 model objects (the dispatcher translated 0.3 already) and leave as
model objects or a `Subscription` of stream events. Nothing here knows about sockets or JSON-RPC.

How a message is accepted (A2A seed, "Task- und Kontextverhalten"; spec §3.4):

* with `taskId`: the task must exist, be visible to the caller and not be terminal; a `contextId`
  given beside it must match. A task paused for input gets the message as its answer; a task
  whose turn ended (INPUT_REQUIRED, the normal end) starts its next turn.
* without `taskId`: a new task in the given context, or in a new one.

A message that would start a new task but cannot run (a bad workspace, no text, a busy context)
still creates that task, FAILED with the seed's message, as iac-code does; the caller sees why
in the task. A follow-up that cannot be accepted is refused with a JSON-RPC error instead and
leaves its task untouched.

Load shedding (docs/operations.md): a message that would start a turn beyond
`max-concurrent-turns`, and a stream beyond `max-subscribers-per-task`, are refused with
`ServerBusyError` before anything is created or changed; an answer to a paused turn is not a
new turn and always goes through.
"""

from __future__ import annotations

import base64
import binascii
import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import trio

from iaccode.a2a.push import PushConfigs
from iaccode.agent.engine import Engine, TurnInput
from iaccode.agent.inputs import (
    InputError,
    InputLimits,
    MediaTypes,
    PreparedInput,
    prepare_input,
)
from iaccode.agent.permissions import PermissionResponse, parse_response
from iaccode.agent.workspace import WorkspaceError, resolve_workspace
from iaccode.model import codec
from iaccode.model.a2a import (
    AgentCard,
    CancelTaskRequest,
    GetExtendedAgentCardRequest,
    GetTaskRequest,
    ListTaskPushNotificationConfigsRequest,
    ListTaskPushNotificationConfigsResponse,
    ListTasksRequest,
    ListTasksResponse,
    Message,
    Part,
    Role,
    SendMessageRequest,
    SubscribeToTaskRequest,
    Task,
    TaskPushNotificationConfig,
    TaskPushNotificationConfigRequest,
    TaskState,
)
from iaccode.model.errors import (
    A2AError,
    ContentTypeNotSupportedError,
    ExtendedAgentCardNotConfiguredError,
    InvalidParamsError,
    TaskNotCancelableError,
    TaskNotFoundError,
    UnsupportedOperationError,
)
from iaccode.model.ids import is_valid_id, new_id, parse_timestamp
from iaccode.tasks import offload
from iaccode.tasks.broker import SubscriberLimitReached, Subscription
from iaccode.tasks.claims import ContextBusy, TurnClaims
from iaccode.tasks.contexts import (
    WORKSPACE_MISMATCH,
    ContextRegistry,
    ContextState,
    WorkspaceMismatch,
    channel_of,
)
from iaccode.tasks.manager import TaskManager, TaskRecord
from iaccode.tasks.push import CallbackUrlError, check_url
from iaccode.tasks.store import TaskQuery
from iaccode.tasks.supervisor import (
    CANCELED_MESSAGE,
    TurnLimitReached,
    TurnSupervisor,
    agent_message,
)
from iaccode.wire import json, jsonrpc

if TYPE_CHECKING:
    from iaccode.a2a.replicas import Replicas

TEXT_ONLY = "A2A server currently accepts text input only."
ALREADY_WORKING = "Task is already working."
INVALID_ID = "Invalid A2A id: ids are 1-128 characters of letters, digits, '_', '.', ':' or '-'"
MAX_PAGE_SIZE = 100
DEFAULT_PAGE_SIZE = 50
_INLINE_TEXT = 64 * 1024  # a message of text parts this short is prepared on the event loop


class ServerBusyError(A2AError):
    """A configured limit is reached; the caller may retry later. A2A defines no busy error, so
    this is JSON-RPC's -32603 with a `google.rpc.ErrorInfo` of our own domain naming the limit
    (`metadata.limit`, `metadata.max`). The HTTP+JSON binding answers it 503 `UNAVAILABLE` with
    `Retry-After` (`iaccode.a2a.rest`, which recognises it by that ErrorInfo)."""

    code = jsonrpc.INTERNAL_ERROR
    reason = "RESOURCE_EXHAUSTED"
    default_message = "Server busy; retry later"

    def v1_data(self) -> list[dict[str, Any]]:
        data = super().v1_data()
        data[0]["domain"] = "iac-code"  # the reason is ours, not one of A2A's
        return data


def turns_busy(limit: int) -> ServerBusyError:
    return ServerBusyError(
        f"Server busy: {limit} turns are already running (max-concurrent-turns); retry later",
        limit="max-concurrent-turns",
        max=str(limit),
    )


def subscribers_busy(task_id: str, limit: int) -> ServerBusyError:
    return ServerBusyError(
        f"Task {task_id} already has {limit} open streams (max-subscribers-per-task); "
        "close one or retry later",
        limit="max-subscribers-per-task",
        max=str(limit),
        taskId=task_id,
    )


@attrs.frozen
class CallContext:
    """Who is calling and what they asked for beside the request itself."""

    owner: str = ""
    extensions: frozenset[str] = frozenset()
    session_id: str | None = None
    legacy: bool = False  # the request came as an A2A 0.3 method


class _Refusal(Exception):
    """A new message that cannot run: it becomes a FAILED task carrying `text`."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


Subscribe = Callable[[TaskRecord], None]


@attrs.frozen
class Accepted:
    record: TaskRecord
    settled: trio.Event


@attrs.frozen
class _FollowUp:
    """A follow-up message as it was asked: what starting its turn needs."""

    message: Message
    meta: dict[str, Any]
    ctx: CallContext
    subscribe: Subscribe | None
    push: TaskPushNotificationConfig | None


@attrs.frozen
class Routed:
    """A message another replica accepted for the turn it runs: the task's snapshot then and
    the stream position it stands at (iaccode.a2a.replicas)."""

    reply: dict[str, Any]


class A2AService:
    def __init__(
        self,
        *,
        tasks: TaskManager,
        contexts: ContextRegistry,
        supervisor: TurnSupervisor,
        engine: Engine,
        card: AgentCard,
        workspace_roots: tuple[Path, ...],
        default_cwd: Path,
        media: MediaTypes | None = None,
        input_limits: InputLimits | None = None,
        push: PushConfigs | None = None,
        push_loopback: bool = False,
        replicas: Replicas | None = None,
    ) -> None:
        self.tasks = tasks
        self.contexts = contexts
        self.supervisor = supervisor
        self.engine = engine
        self.card = card
        self._roots = workspace_roots
        self._default_cwd = default_cwd
        self._media = media or MediaTypes()
        self._limits = input_limits or InputLimits()
        self.push = push or PushConfigs(None)
        self.push_loopback = push_loopback
        # Several replicas (coordination-url): requests for a turn another one runs go there.
        self.replicas = replicas
        if replicas is not None:
            replicas.service = self
        # Busy contexts and room for turns, here and (with replicas) on every replica.
        self.claims = TurnClaims(
            contexts, supervisor, replicas.coordination if replicas is not None else None
        )

    # -- SendMessage / SendStreamingMessage ----------------------------------------------------

    async def send_message(self, request: SendMessageRequest, ctx: CallContext) -> Task | Message:
        config = request.configuration
        history_length = _history_length(config.history_length if config else None)
        accepted = await self._accept(request, ctx, subscribe=None)
        if isinstance(accepted, Message):
            return accepted
        if isinstance(accepted, Routed):
            return await self._routed_result(
                accepted, bool(config and config.return_immediately), history_length
            )
        if not (config and config.return_immediately):
            await accepted.settled.wait()
        return accepted.record.snapshot(history_length=history_length)

    async def send_streaming_message(
        self, request: SendMessageRequest, ctx: CallContext
    ) -> Subscription:
        self._check_streaming()
        subscription = None

        def subscribe(record: TaskRecord) -> None:
            # Forced: `_follow_up` checked the room before it changed anything (a new task has
            # no other subscriber).
            nonlocal subscription
            subscription = self.tasks.broker.subscribe(
                record.id, record.snapshot(), close_on_interrupt=True, force=True
            )

        accepted = await self._accept(request, ctx, subscribe=subscribe)
        if isinstance(accepted, Message):
            return Subscription.of(accepted)
        if isinstance(accepted, Routed):
            assert self.replicas is not None
            return self.replicas.remote_subscription(accepted.reply, close_on_interrupt=True)
        if subscription is None:  # refused into a FAILED task: the stream is that task alone
            return Subscription.of(accepted.record.snapshot())
        return subscription

    async def _routed_result(
        self, routed: Routed, immediately: bool, history_length: int | None
    ) -> Task:
        """SendMessage's answer for a message another replica accepted: the task once its turn
        settled there (followed through the task's stream), or at once."""
        assert self.replicas is not None
        task_id = str(routed.reply["task"]["id"])
        if not immediately:
            async with self.replicas.remote_subscription(
                routed.reply, close_on_interrupt=True
            ) as settled:
                async for _ in settled:
                    pass
        record = await self.tasks.get(task_id)
        if record is None:
            raise TaskNotFoundError(f"Task {task_id} not found", taskId=task_id)
        return record.snapshot(history_length=history_length)

    async def _accept(
        self, request: SendMessageRequest, ctx: CallContext, *, subscribe: Subscribe | None
    ) -> Accepted | Message | Routed:
        message = request.message
        self._validate(message)
        meta = _iac_code_metadata(message)
        push = self._inline_push_config(request)
        if message.task_id:
            return await self._follow_up(message, meta, ctx, subscribe, push)
        parse_response(message)  # a permission answer without its task: refused with the reason
        context_id = message.context_id or new_id()
        direct = await self._direct_reply(message, context_id)
        if direct is not None:
            return direct
        if message.context_id:  # a new id has no owner to check
            await self.contexts.check_owner(context_id, ctx.owner)
        task_id = new_id()
        message = attrs.evolve(
            message, task_id=task_id, context_id=context_id, metadata=_storable(message.metadata)
        )
        try:
            # Over max-concurrent-turns: refused, nothing created.
            async with self.claims.claim(context_id, task_id=task_id):
                try:
                    cwd = await self._workspace(context_id, meta)
                    prompt = await self._prepare(message, cwd)
                    context = await self._bind(context_id, cwd, ctx, channel_of(meta))
                except _Refusal as refusal:
                    return await self._refuse(task_id, context_id, message, ctx, refusal.text, push)
                with trio.CancelScope(shield=True):  # commit and start, or neither
                    record = await self.tasks.create(
                        task_id=task_id,
                        context_id=context_id,
                        owner=ctx.owner,
                        message=message,
                        live=True,
                        metadata=_task_metadata(ctx),
                    )
                    await self._save_inline_push(push, record.id, ctx)
                    accepted = self._start(record, context, message, meta, prompt, subscribe)
                return accepted
        except ContextBusy:
            return await self._refuse(task_id, context_id, message, ctx, ALREADY_WORKING, push)
        except TurnLimitReached as exc:
            raise turns_busy(exc.limit) from None

    async def _follow_up(
        self,
        message: Message,
        meta: dict[str, Any],
        ctx: CallContext,
        subscribe: Subscribe | None,
        push: TaskPushNotificationConfig | None,
    ) -> Accepted | Message | Routed:
        assert message.task_id is not None
        record = await self._visible_task(message.task_id, ctx)
        if (
            self.replicas is None
            or self.supervisor.active(record.id) is not None
            or record.state.is_terminal  # refused as in one process
        ):
            return await self._follow_up_here(record, message, meta, ctx, subscribe, push)
        body = {
            "message": codec.unstructure(
                attrs.evolve(message, metadata=_storable(message.metadata))
            ),
            "owner": ctx.owner,
            "extensions": sorted(ctx.extensions),
            "session": ctx.session_id,
            "legacy": ctx.legacy,
        }
        # An inline push config is stored (for every replica) before the turn there can settle.
        save_push = functools.partial(self._save_inline_push, push, record.id, ctx)
        reply = await self.replicas.route(record.id, "message", body, before_sending=save_push)
        if reply is not None:
            if "message" in reply:  # a permission decision's ack
                acked: Message = codec.structure(reply["message"], Message)
                return acked
            return Routed(reply)
        try:  # no replica runs it: this one does, under the task's lease
            record = await self._visible_task(message.task_id, ctx)  # as stored now
            return await self._follow_up_here(record, message, meta, ctx, subscribe, push)
        finally:
            self.replicas.release_task(record.id)

    async def follow_up_routed(self, message: Message, ctx: CallContext) -> dict[str, Any]:
        """A message another replica sent for the turn this one runs (iaccode.a2a.replicas):
        the ack of a permission decision, or the task's snapshot and stream position."""
        taken: list[Any] = []
        assert self.replicas is not None
        coordination = self.replicas.coordination

        def subscribe(record: TaskRecord) -> None:
            taken.append((record.snapshot(), coordination.mark(record.id)))  # in one step

        accepted = await self._follow_up(message, _iac_code_metadata(message), ctx, subscribe, None)
        if isinstance(accepted, Message):
            return {"message": codec.unstructure(accepted)}
        if isinstance(accepted, Routed):  # it moved on meanwhile
            return accepted.reply
        if not taken:
            subscribe(accepted.record)
        snapshot, mark = taken[0]
        position = await coordination.position(mark)
        return {"task": codec.unstructure(snapshot), "position": position}

    async def _follow_up_here(
        self,
        record: TaskRecord,
        message: Message,
        meta: dict[str, Any],
        ctx: CallContext,
        subscribe: Subscribe | None,
        push: TaskPushNotificationConfig | None,
    ) -> Accepted | Message:
        if message.context_id and message.context_id != record.context_id:
            raise InvalidParamsError(
                "message.contextId does not match the context of the task",
                field="message.contextId",
            )
        permission = parse_response(message)
        message = attrs.evolve(
            message, context_id=record.context_id, metadata=_storable(message.metadata)
        )
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
                self._check_room(record.id)
            if turn is not None and turn.waiting_for_input:
                await self._save_inline_push(push, record.id, ctx)
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
                    asked = _FollowUp(message, meta, ctx, subscribe, push)
                    return await self._next_turn(record, asked, permission, suspended)
            except ContextBusy:
                raise UnsupportedOperationError(ALREADY_WORKING, taskId=record.id) from None
            except TurnLimitReached as exc:
                raise turns_busy(exc.limit) from None

    async def _next_turn(
        self,
        record: TaskRecord,
        asked: _FollowUp,
        permission: PermissionResponse | None,
        suspended: bool,
    ) -> Accepted | Message:
        """The follow-up that starts the task's next turn, or resumes a saved pause (under the
        context's claim)."""
        message, meta, ctx, subscribe, push = (
            asked.message,
            asked.meta,
            asked.ctx,
            asked.subscribe,
            asked.push,
        )
        try:
            cwd = await self._workspace(record.context_id, meta)
            prompt = await self._prepare(message, cwd)
            context = await self._bind(record.context_id, cwd, ctx, channel_of(meta))
        except _Refusal as refusal:
            raise InvalidParamsError(refusal.text, field="message") from None
        # From the commit to the start nothing may stop halfway (a dropped request would leave
        # a live task without a turn).
        with trio.CancelScope(shield=True):
            if suspended:
                await self._save_inline_push(push, record.id, ctx)  # as for a live pause
                turn_input = self._turn_input(record, context, message, meta, prompt)
                resumed, ack = await self.supervisor.resume_suspended(
                    record, context, turn_input, permission
                )
                if ack is not None:
                    return ack
                if subscribe:
                    subscribe(record)
                return Accepted(record, resumed.settled)
            await self.tasks.set_status(
                record,
                TaskState.TASK_STATE_SUBMITTED,
                add_to_history=(message,),
                live=True,
            )
            await self._save_inline_push(push, record.id, ctx)
            accepted = self._start(record, context, message, meta, prompt, subscribe)
        return accepted

    def _check_room(self, task_id: str) -> None:
        try:
            self.tasks.broker.check_room(task_id)
        except SubscriberLimitReached as exc:
            raise subscribers_busy(task_id, exc.limit) from None

    def _start(
        self,
        record: TaskRecord,
        context: ContextState,
        message: Message,
        meta: dict[str, Any],
        prompt: PreparedInput,
        subscribe: Subscribe | None,
    ) -> Accepted:
        turn_input = self._turn_input(record, context, message, meta, prompt)
        if subscribe:
            subscribe(record)
        turn = self.supervisor.start(record, context, turn_input)
        return Accepted(record, turn.settled)

    @staticmethod
    def _turn_input(
        record: TaskRecord,
        context: ContextState,
        message: Message,
        meta: dict[str, Any],
        prompt: PreparedInput,
    ) -> TurnInput:
        return TurnInput(
            task_id=record.id,
            context_id=record.context_id,
            cwd=context.cwd,
            channel=context.channel,
            message=message,
            metadata=meta,
            prompt=prompt,
        )

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

    async def _refuse(
        self,
        task_id: str,
        context_id: str,
        message: Message,
        ctx: CallContext,
        text: str,
        push: TaskPushNotificationConfig | None,
    ) -> Accepted:
        """A task created FAILED with `text`; its inline push config (stored first, so that the
        commit puts the FAILED state into the outbox) is notified like any settled state."""
        await self._save_inline_push(push, task_id, ctx)
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
            owner=ctx.owner,
            message=message,
            state=TaskState.TASK_STATE_FAILED,
            status_message=notice,
            in_conversation=False,  # the engine never saw it; later turns should not either
        )
        settled = trio.Event()
        settled.set()
        return Accepted(record, settled)

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

    async def _bind(
        self, context_id: str, cwd: Path, ctx: CallContext, channel: str | None
    ) -> ContextState:
        try:
            return await self.contexts.bind(context_id, cwd, ctx.owner, channel)
        except WorkspaceMismatch:
            raise _Refusal(WORKSPACE_MISMATCH + ".") from None

    def _validate(self, message: Message) -> None:
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

    # -- tasks -----------------------------------------------------------------------------------

    async def _visible_task(self, task_id: str, ctx: CallContext) -> TaskRecord:
        if not is_valid_id(task_id):
            raise InvalidParamsError(INVALID_ID, field="id")
        record = await self.tasks.get(task_id)
        if record is None or record.owner != ctx.owner:
            raise TaskNotFoundError(f"Task {task_id} not found", taskId=task_id)
        return record

    async def get_task(self, request: GetTaskRequest, ctx: CallContext) -> Task:
        history_length = _history_length(request.history_length)
        record = await self._visible_task(request.id, ctx)
        return record.snapshot(history_length=history_length)

    async def list_tasks(self, request: ListTasksRequest, ctx: CallContext) -> ListTasksResponse:
        page_size = DEFAULT_PAGE_SIZE if request.page_size is None else request.page_size
        if not 1 <= page_size <= MAX_PAGE_SIZE:
            raise InvalidParamsError(
                f"pageSize must be between 1 and {MAX_PAGE_SIZE}", field="pageSize"
            )
        after = None
        if request.status_timestamp_after is not None:
            try:
                after = parse_timestamp(request.status_timestamp_after)
            except ValueError:
                raise InvalidParamsError(
                    "statusTimestampAfter must be an RFC 3339 timestamp",
                    field="statusTimestampAfter",
                ) from None
        if request.context_id is not None and not is_valid_id(request.context_id):
            raise InvalidParamsError(INVALID_ID, field="contextId")
        query = TaskQuery(
            owner=ctx.owner,
            context_id=request.context_id,
            state=request.status,
            status_after=after,
            page_size=page_size,
            cursor=_decode_page_token(request.page_token),
            history_length=_history_length(request.history_length),
            include_artifacts=request.include_artifacts,
        )
        page = await self.tasks.store.list_tasks(query)
        token = _encode_page_token(page.next_cursor) if page.next_cursor else ""
        return ListTasksResponse(
            tasks=page.tasks, next_page_token=token, page_size=page_size, total_size=page.total_size
        )

    async def cancel_task(self, request: CancelTaskRequest, ctx: CallContext) -> Task:
        record = await self._visible_task(request.id, ctx)
        if (
            self.replicas is None
            or self.supervisor.active(record.id) is not None
            or record.state.is_terminal
        ):
            return await self._cancel_here(record)
        body = {"task": record.id, "owner": ctx.owner}
        reply = await self.replicas.route(record.id, "cancel", body)
        if reply is not None:  # the replica running the turn cancelled it
            task: Task = codec.structure(reply["task"], Task)
            return task
        try:  # no replica runs it: under its lease, as stored now
            return await self._cancel_here(await self._visible_task(request.id, ctx))
        finally:
            self.replicas.release_task(record.id)

    async def _cancel_here(self, record: TaskRecord) -> Task:
        async with record.control:
            if record.state.is_terminal:
                raise TaskNotCancelableError(
                    f"Task {record.id} is in a terminal state and cannot be canceled",
                    taskId=record.id,
                )
            turn = self.supervisor.active(record.id)
            if turn is None and record.suspension is None and record.state.is_interrupted:
                # A2A seed, CancelTask: a task that exists but is not running (its turn ended
                # waiting for the next message) is not cancelable. A paused turn still is.
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
        return record.snapshot()

    def _check_streaming(self) -> None:
        """Raises UnsupportedOperationError when the card says `streaming: false`."""
        if not self.card.capabilities.streaming:
            raise UnsupportedOperationError(
                "Streaming is off on this server (streaming: false); use SendMessage and GetTask"
            )

    async def subscribe(self, request: SubscribeToTaskRequest, ctx: CallContext) -> Subscription:
        self._check_streaming()
        record = await self._visible_task(request.id, ctx)
        if (
            self.replicas is not None
            and self.supervisor.active(record.id) is None
            and not record.state.is_terminal
        ):
            self._check_room(record.id)  # max-subscribers-per-task, per replica
            return await self.replicas.subscribe(record.id, ctx)
        # A pause left by an earlier process counts as active: its answer resumes the turn.
        if self.supervisor.active(record.id) is None and record.suspension is None:
            why = "has ended" if record.state.is_terminal else "is waiting for a new message"
            raise TaskNotFoundError(f"Task {record.id} is not active: it {why}", taskId=record.id)
        self._check_room(record.id)
        return self.tasks.broker.subscribe(
            record.id, record.snapshot(), close_on_interrupt=False, force=True
        )

    async def get_extended_card(
        self, request: GetExtendedAgentCardRequest, ctx: CallContext
    ) -> AgentCard:
        if not self.card.capabilities.extended_agent_card:
            raise ExtendedAgentCardNotConfiguredError(
                "This server offers no extended agent card (extended-agent-card: false)"
            )
        return self.card

    # -- push notification configs (spec §3.1.7-3.1.10) ------------------------------------------

    async def create_push_config(
        self, request: TaskPushNotificationConfig, ctx: CallContext
    ) -> TaskPushNotificationConfig:
        self.push.require()
        if not request.task_id:
            raise InvalidParamsError("'taskId' is required", field="taskId")
        await self._visible_task(request.task_id, ctx)
        return await self.push.create(ctx.owner, request, legacy=ctx.legacy)

    async def get_push_config(
        self, request: TaskPushNotificationConfigRequest, ctx: CallContext
    ) -> TaskPushNotificationConfig:
        self.push.require()
        await self._visible_task(request.task_id, ctx)
        config: TaskPushNotificationConfig = await self.push.get(ctx.owner, request)
        return config

    async def list_push_configs(
        self, request: ListTaskPushNotificationConfigsRequest, ctx: CallContext
    ) -> ListTaskPushNotificationConfigsResponse:
        self.push.require()
        await self._visible_task(request.task_id, ctx)
        return await self.push.list(ctx.owner, request)

    async def delete_push_config(
        self, request: TaskPushNotificationConfigRequest, ctx: CallContext
    ) -> None:
        self.push.require()
        await self._visible_task(request.task_id, ctx)
        await self.push.delete(ctx.owner, request)

    def _inline_push_config(self, request: SendMessageRequest) -> TaskPushNotificationConfig | None:
        """SendMessage's `configuration.taskPushNotificationConfig`, checked before anything is
        stored; it is saved with the task, before the turn can settle."""
        config = (
            request.configuration.task_push_notification_config if request.configuration else None
        )
        if config is None:
            return None
        self.push.require()
        try:
            check_url(config.url, allow_loopback=self.push_loopback)
        except CallbackUrlError as exc:
            raise InvalidParamsError(
                exc.message, field="configuration.taskPushNotificationConfig.url"
            ) from None
        return config

    async def _save_inline_push(
        self, config: TaskPushNotificationConfig | None, task_id: str, ctx: CallContext
    ) -> None:
        if config is not None:
            await self.push.create(
                ctx.owner, attrs.evolve(config, task_id=task_id), legacy=ctx.legacy
            )


# -- helpers ---------------------------------------------------------------------------------------


def _iac_code_metadata(message: Message) -> dict[str, Any]:
    meta = (message.metadata or {}).get("iac_code")
    return meta if isinstance(meta, dict) else {}


# Per-message credentials (iac-code-reference §1.6): used for the turn, never stored.
SECRET_METADATA = frozenset(
    {
        "iac_code_api_key",
        "alibaba_cloud_access_key_id",
        "alibaba_cloud_access_key_secret",
        "alibaba_cloud_security_token",
    }
)


def _task_metadata(ctx: CallContext) -> dict[str, Any] | None:
    """What a new task records about how it was called: the AgentCore runtime session."""
    if not ctx.session_id:
        return None
    return {"iac_code": {"agentcoreSessionId": ctx.session_id[:256]}}


def _storable(metadata: dict[str, Any] | None) -> dict[str, Any] | None:
    """Message metadata as it may be stored and shown: without the secrets in `iac_code`."""
    meta = (metadata or {}).get("iac_code")
    if not isinstance(meta, dict) or not SECRET_METADATA & meta.keys():
        return metadata
    cleaned = {k: v for k, v in meta.items() if k not in SECRET_METADATA}
    return {**(metadata or {}), "iac_code": cleaned}


def _history_length(value: int | None) -> int | None:
    if value is not None and value < 0:
        raise InvalidParamsError("historyLength must not be negative", field="historyLength")
    return value


def _encode_page_token(cursor: tuple[str, str]) -> str:
    return base64.urlsafe_b64encode(json.dumps(list(cursor))).decode("ascii").rstrip("=")


def _decode_page_token(token: str | None) -> tuple[str, str] | None:
    if not token:
        return None
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        stamp, task_id = json.loads(raw)
        if isinstance(stamp, str) and isinstance(task_id, str):
            return stamp, task_id
    except (binascii.Error, ValueError, TypeError):
        pass
    raise InvalidParamsError("pageToken is not a token this server issued", field="pageToken")


__all__ = ["A2AError", "A2AService", "CallContext", "ServerBusyError"]
