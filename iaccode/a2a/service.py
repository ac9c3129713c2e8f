"""The A2A operations (spec §3.1) on top of the task core, for every binding.

Requests arrive as decoded 1.0 model objects (the JSON-RPC codec translated 0.3 already) and
leave as model objects or a `Subscription` of stream events. Nothing here knows about sockets,
JSON-RPC or any other binding: the call layer (`iaccode.a2a.calls`) checks version and
extensions and calls these methods, and every binding is a codec in front of it.

The service translates protocol values into calls of the core and back. The conversation rules
(which message starts a task or continues one, workspace binding, busy contexts, cancel) are the
core's (`iaccode.tasks.conversation`); what stays here is what belongs to the protocol: the
operations' parameters (page sizes and tokens, `historyLength`, `returnImmediately`), the
capabilities the card declares (streaming, the extended card), push notification configs (an
inline one is stored as the core accepts the message), and, with several replicas, sending a
request to the replica that runs its task's turn (`iaccode.a2a.replicas`).
"""

from __future__ import annotations

import base64
import binascii
import functools
from typing import TYPE_CHECKING, Any

import attrs

from iaccode.a2a.push import PushConfigs
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
    SendMessageRequest,
    SubscribeToTaskRequest,
    Task,
    TaskPushNotificationConfig,
    TaskPushNotificationConfigRequest,
)
from iaccode.model.errors import (
    A2AError,
    ExtendedAgentCardNotConfiguredError,
    InvalidParamsError,
    TaskNotFoundError,
    UnsupportedOperationError,
)
from iaccode.model.ids import is_valid_id, parse_timestamp
from iaccode.tasks.broker import Subscription
from iaccode.tasks.conversation import (
    INVALID_ID,
    SECRET_METADATA,
    Accepted,
    Caller,
    Conversations,
    OnAccept,
    Subscribe,
    storable,
)
from iaccode.tasks.errors import ServerBusyError
from iaccode.tasks.manager import TaskRecord
from iaccode.tasks.push import CallbackUrlError, check_url
from iaccode.tasks.store import TaskQuery
from iaccode.wire import json

if TYPE_CHECKING:
    from iaccode.a2a.replicas import Replicas

MAX_PAGE_SIZE = 100
DEFAULT_PAGE_SIZE = 50
_INLINE_TEXT = 64 * 1024  # a message of text parts this short is prepared on the event loop


@attrs.frozen
class CallContext:
    """Who is calling and what they asked for beside the request itself."""

    owner: str = ""
    extensions: frozenset[str] = frozenset()
    session_id: str | None = None
    legacy: bool = False  # the request came as an A2A 0.3 method
    # Routed from another replica without the per-message credentials it carried (they never
    # cross Redis): it may answer the turn running here, not start or resume one.
    secrets_withheld: bool = False

    @property
    def caller(self) -> Caller:
        """The caller as the core knows it."""
        return Caller(
            owner=self.owner,
            session_id=self.session_id,
            secrets_withheld=self.secrets_withheld,
        )


@attrs.frozen
class Routed:
    """A message another replica accepted for the turn it runs: the task's snapshot then and
    the stream position it stands at (iaccode.a2a.replicas)."""

    reply: dict[str, Any]


class A2AService:
    """The A2A operations over the core's conversation rules (`conversations`).

    Every operation takes its decoded request and the `CallContext`, and raises `A2AError`s
    only (the call layer turns anything else into InternalError); each one that names a task
    raises InvalidParamsError for an invalid id and TaskNotFoundError for a task the caller
    may not see. Every call may checkpoint.
    """

    def __init__(
        self,
        *,
        conversations: Conversations,
        card: AgentCard,
        push: PushConfigs | None = None,
        push_loopback: bool = False,
        replicas: Replicas | None = None,
    ) -> None:
        self.conversations = conversations
        self.tasks = conversations.tasks
        self.supervisor = conversations.supervisor
        self.card = card
        self.push = push or PushConfigs(None)
        self.push_loopback = push_loopback
        # Several replicas (coordination-url): requests for a turn another one runs go there.
        self.replicas = replicas
        if replicas is not None:
            replicas.service = self

    # -- SendMessage / SendStreamingMessage ----------------------------------------------------

    async def send_message(self, request: SendMessageRequest, ctx: CallContext) -> Task | Message:
        """SendMessage: the task once its turn settled (at once with `returnImmediately`), or
        the engine's direct reply.

        Raises what `Conversations.check_message`, `.start` and `.follow_up` raise, and
        PushNotificationNotSupportedError or InvalidParamsError for an inline push config
        that is not allowed; InvalidParamsError for a negative `historyLength`.
        """
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
            await self.conversations.wait_settled(accepted)
        return accepted.record.snapshot(history_length=history_length)

    async def send_streaming_message(
        self, request: SendMessageRequest, ctx: CallContext
    ) -> Subscription:
        """SendStreamingMessage: the task's events from its snapshot on, closing when the turn
        settles (INPUT_REQUIRED included).

        Raises UnsupportedOperationError when streaming is off, and what `send_message` raises.
        """
        self._check_streaming()
        subscription = None

        def subscribe(record: TaskRecord) -> None:
            # Forced: the core checked the room before it changed anything (a new task has
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
        if self.replicas is not None:
            # The last event waits for the leases the ended turn gave back, as the blocking
            # answer does (`Conversations.wait_settled`).
            subscription.before_end = functools.partial(self.conversations.wait_settled, accepted)
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
        self.conversations.check_message(message)
        on_accept = self._push_saver(self._inline_push_config(request), ctx)
        if message.task_id:
            return await self._follow_up(message, ctx, subscribe, on_accept)
        return await self.conversations.start(
            message, ctx.caller, subscribe=subscribe, on_accept=on_accept
        )

    async def _follow_up(
        self,
        message: Message,
        ctx: CallContext,
        subscribe: Subscribe | None,
        on_accept: OnAccept | None,
    ) -> Accepted | Message | Routed:
        """A message to its task: taken here, or sent to the replica that runs its turn."""
        assert message.task_id is not None
        conversations = self.conversations
        record = await conversations.visible_task(message.task_id, ctx.owner)
        if (
            self.replicas is None
            or self.supervisor.active(record.id) is not None
            or record.state.is_terminal  # refused as in one process
        ):
            return await conversations.follow_up(
                record, message, ctx.caller, subscribe=subscribe, on_accept=on_accept
            )
        sent = attrs.evolve(message, metadata=storable(message.metadata))  # no credentials
        body = {
            "message": codec.unstructure(sent),
            "owner": ctx.owner,
            "extensions": sorted(ctx.extensions),
            "session": ctx.session_id,
            "legacy": ctx.legacy,
            "secretsWithheld": isinstance(message.metadata, dict)
            and bool(SECRET_METADATA & message.metadata.keys()),
        }
        # An inline push config is stored (for every replica) before the turn there can settle.
        save_push = functools.partial(on_accept, record.id) if on_accept is not None else None
        reply = await self.replicas.route(record.id, "message", body, before_sending=save_push)
        if reply is not None:
            if "message" in reply:  # a permission decision's ack
                acked: Message = codec.structure(reply["message"], Message)
                return acked
            return Routed(reply)
        try:  # no replica runs it: this one does, under the task's lease
            record = await conversations.visible_task(message.task_id, ctx.owner)  # as stored now
            return await conversations.follow_up(
                record, message, ctx.caller, subscribe=subscribe, on_accept=on_accept
            )
        finally:
            self.replicas.release_task(record.id)

    async def follow_up_routed(self, message: Message, ctx: CallContext) -> dict[str, Any]:
        """A message another replica sent for the turn this one runs (iaccode.a2a.replicas):
        the ack of a permission decision, or the task's snapshot and stream position. Raises
        what `Conversations.follow_up` raises."""
        taken: list[Any] = []
        assert self.replicas is not None
        coordination = self.replicas.coordination

        def subscribe(record: TaskRecord) -> None:
            taken.append((record.snapshot(), coordination.mark(record.id)))  # in one step

        accepted = await self._follow_up(message, ctx, subscribe, None)
        if isinstance(accepted, Message):
            return {"message": codec.unstructure(accepted)}
        if isinstance(accepted, Routed):  # it moved on meanwhile
            return accepted.reply
        if not taken:
            subscribe(accepted.record)
        snapshot, mark = taken[0]
        position = await coordination.position(mark)
        return {"task": codec.unstructure(snapshot), "position": position}

    # -- tasks -----------------------------------------------------------------------------------

    async def _visible_task(self, task_id: str, ctx: CallContext) -> TaskRecord:
        return await self.conversations.visible_task(task_id, ctx.owner)

    async def get_task(self, request: GetTaskRequest, ctx: CallContext) -> Task:
        """GetTask. Raises InvalidParamsError for a negative `historyLength`."""
        history_length = _history_length(request.history_length)
        record = await self._visible_task(request.id, ctx)
        return record.snapshot(history_length=history_length)

    async def list_tasks(self, request: ListTasksRequest, ctx: CallContext) -> ListTasksResponse:
        """ListTasks: the caller's tasks, newest status first, a page at a time.

        Raises InvalidParamsError for a page size outside 1..100, a timestamp that is not RFC
        3339, an invalid context id, a page token this server did not issue, or a negative
        `historyLength`.
        """
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
        """CancelTask: the task, CANCELED. Raises what `Conversations.cancel` raises."""
        record = await self._visible_task(request.id, ctx)
        if (
            self.replicas is None
            or self.supervisor.active(record.id) is not None
            or record.state.is_terminal
        ):
            return await self.conversations.cancel(record)
        body = {"task": record.id, "owner": ctx.owner}
        reply = await self.replicas.route(record.id, "cancel", body)
        if reply is not None:  # the replica running the turn cancelled it
            task: Task = codec.structure(reply["task"], Task)
            return task
        try:  # no replica runs it: under its lease, as stored now
            return await self.conversations.cancel(await self._visible_task(request.id, ctx))
        finally:
            self.replicas.release_task(record.id)

    def _check_streaming(self) -> None:
        """Raises UnsupportedOperationError when the card says `streaming: false`."""
        if not self.card.capabilities.streaming:
            raise UnsupportedOperationError(
                "Streaming is off on this server (streaming: false); use SendMessage and GetTask"
            )

    async def subscribe(self, request: SubscribeToTaskRequest, ctx: CallContext) -> Subscription:
        """SubscribeToTask: the task's events from its snapshot on, until it ends.

        Raises UnsupportedOperationError when streaming is off, TaskNotFoundError for a task
        no turn runs (`Conversations.require_active`), ServerBusyError beyond
        `max-subscribers-per-task`.
        """
        self._check_streaming()
        record = await self._visible_task(request.id, ctx)
        if (
            self.replicas is not None
            and self.supervisor.active(record.id) is None
            and not record.state.is_terminal
        ):
            self.conversations.check_room(record.id)  # max-subscribers-per-task, per replica
            return await self.replicas.subscribe(record.id, ctx)
        self.conversations.require_active(record)
        self.conversations.check_room(record.id)
        return self.tasks.broker.subscribe(
            record.id, record.snapshot(), close_on_interrupt=False, force=True
        )

    async def get_extended_card(
        self, request: GetExtendedAgentCardRequest, ctx: CallContext
    ) -> AgentCard:
        """GetExtendedAgentCard. Raises ExtendedAgentCardNotConfiguredError when it is off."""
        if not self.card.capabilities.extended_agent_card:
            raise ExtendedAgentCardNotConfiguredError(
                "This server offers no extended agent card (extended-agent-card: false)"
            )
        return self.card

    # -- push notification configs (spec §3.1.7-3.1.10) ------------------------------------------
    # Each raises PushNotificationNotSupportedError when push is off (before anything else),
    # and what `PushConfigs` raises for a config that is not there or not allowed.

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

    def _push_saver(
        self, config: TaskPushNotificationConfig | None, ctx: CallContext
    ) -> OnAccept | None:
        """What stores an inline push config for the task the core accepts the message into."""
        if config is None:
            return None

        async def save(task_id: str) -> None:
            await self.push.create(
                ctx.owner, attrs.evolve(config, task_id=task_id), legacy=ctx.legacy
            )

        return save


# -- helpers ---------------------------------------------------------------------------------------


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


# ServerBusyError moved to the core (iaccode.tasks.errors); imported from here by older callers.
__all__ = ["A2AError", "A2AService", "CallContext", "ServerBusyError"]
