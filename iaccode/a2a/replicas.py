"""Several replicas on one task store (`coordination-url`): which replica acts on a task.

The replica running a task's turn holds the task's lease (iaccode.tasks.coordination), and the
lease of its context. A request that reaches another replica goes to that one:

* SubscribeToTask, and the answer to a paused turn (a message with its `taskId`, a permission
  decision): sent to the replica running the turn, which takes the snapshot and the stream
  position in one step; the caller's replica streams the task's events from Redis from there.
* CancelTask: the running replica cancels its turn and answers with the CANCELED task.
* A task no replica runs (its turn ended, or paused in a process that is gone): the replica that
  got the request takes the task's lease and acts itself; a follow-up starts its turn here, an
  answer to a saved pause resumes it here.
* A new turn takes its context's lease; held elsewhere, the message is refused with the seed's
  "Task is already working.", as in one process.

Replica death: `run` scans the live tasks every third of the lease TTL; a live task whose lease is
gone on two scans in a row (its replica stopped renewing it) is ended by the scanning replica
exactly as start-up recovery ends a dead process's turns (the same state and message), under the
task's lease, so that two survivors never both end it. Start-up recovery in shared mode is this
scan: it never touches a task whose lease a live replica holds. A replica that could not renew
its leases for a whole TTL (Redis lost, or a partition) interrupts its own turns first, as a
shutdown does, so that a survivor and it never both write one task.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import trio

from iaccode.model import codec
from iaccode.model.a2a import CancelTaskRequest, Message, Task
from iaccode.model.errors import (
    A2AError,
    ContentTypeNotSupportedError,
    InternalError,
    InvalidParamsError,
    TaskNotCancelableError,
    TaskNotFoundError,
    UnsupportedOperationError,
)
from iaccode.tasks.broker import Subscription
from iaccode.tasks.coordination import RedisCoordination
from iaccode.tasks.errors import CoordinationUnavailableError, StoreUnavailableError
from iaccode.tasks.manager import TaskManager, TaskRecord
from iaccode.tasks.shared_broker import SharedEventBroker
from iaccode.tasks.supervisor import TurnSupervisor, end_interrupted

if TYPE_CHECKING:
    from iaccode.a2a.service import A2AService, CallContext

log = logging.getLogger("iaccode.replicas")

_ROUTE_TRIES = 5


def _error_types() -> dict[str, type[A2AError]]:
    from iaccode.a2a.service import ServerBusyError

    kinds: list[type[A2AError]] = [
        ContentTypeNotSupportedError,
        CoordinationUnavailableError,
        InvalidParamsError,
        ServerBusyError,
        StoreUnavailableError,
        TaskNotCancelableError,
        TaskNotFoundError,
        UnsupportedOperationError,
    ]
    return {kind.__name__: kind for kind in kinds}


def encode_error(error: A2AError) -> dict[str, Any]:
    """An error for the replica that asked: by the nearest kind it knows (a WorkspaceMismatch
    is an InvalidParamsError there), anything else an InternalError."""
    known = _error_types()
    kind = next((k.__name__ for k in type(error).__mro__ if k.__name__ in known), "InternalError")
    return {
        "type": kind,
        "message": error.message,
        "metadata": dict(error.metadata),
        "field": getattr(error, "field", None),
    }


def decode_error(data: dict[str, Any]) -> A2AError:
    """The error a replica answered with, as the caller's replica raises it."""
    kind = _error_types().get(str(data.get("type")), InternalError)
    error = kind.__new__(kind)
    given = data.get("metadata")
    metadata = {str(k): str(v) for k, v in given.items()} if isinstance(given, dict) else {}
    text = str(data.get("message") or kind.default_message)
    if kind is InternalError:  # its text is never passed on
        text, metadata = InternalError.default_message, {}
    A2AError.__init__(error, text, **metadata)
    if isinstance(error, InvalidParamsError):
        field = data.get("field")
        error.field = field if isinstance(field, str) else None
    return error


class Replicas:
    """This replica's side of the coordination: routing, leases of its turns, the death scan."""

    def __init__(
        self,
        coordination: RedisCoordination,
        broker: SharedEventBroker,
        tasks: TaskManager,
        supervisor: TurnSupervisor,
    ) -> None:
        self.coordination = coordination
        self.broker = broker
        self.tasks = tasks
        self.supervisor = supervisor
        self.service: A2AService | None = None  # set once the service is built
        self._suspects: set[str] = set()
        supervisor.on_start = self._turn_started
        supervisor.on_end = self._turn_ended
        coordination.on_request = self._serve
        coordination.on_recovered = self._after_outage

    @property
    def scan_seconds(self) -> float:
        return self.coordination.lease_ms / 3000

    # -- leases of this replica's turns --------------------------------------------------------

    def _turn_started(self, record: TaskRecord) -> None:
        self.tasks.owned.add(record.id)
        self.coordination.retain(self.coordination.task_key(record.id))
        self.coordination.retain(self.coordination.context_key(record.context_id))

    def _turn_ended(self, record: TaskRecord) -> None:
        self.tasks.owned.discard(record.id)
        self.coordination.release(self.coordination.task_key(record.id))
        self.coordination.release(self.coordination.context_key(record.context_id))

    async def claim_task(self, task_id: str) -> bool:
        return await self.coordination.acquire(self.coordination.task_key(task_id))

    def release_task(self, task_id: str) -> None:
        self.coordination.release(self.coordination.task_key(task_id))

    # -- routing -------------------------------------------------------------------------------

    async def route(
        self,
        task_id: str,
        kind: str,
        body: dict[str, Any],
        *,
        before_sending: Callable[[], Awaitable[object]] | None = None,
    ) -> dict[str, Any] | None:
        """Send the request to the replica running `task_id`, and return its answer; None when
        no other replica runs it: this one holds the task's lease then, until `release_task`.
        `before_sending` runs once the request is known to go to another replica, before it
        does. Raises the A2A error the other replica answered with, and
        `CoordinationUnavailableError`."""
        key = self.coordination.task_key(task_id)
        for _ in range(_ROUTE_TRIES):
            holder = await self.coordination.holder(key)
            if holder is not None and holder != self.coordination.replica:
                if before_sending is not None:
                    await before_sending()
                    before_sending = None
                reply = await self.coordination.call(holder, kind, body)
                if "error" in reply:
                    raise decode_error(reply["error"])
                return reply
            if await self.coordination.acquire(key):
                return None
        raise CoordinationUnavailableError("The task is moving between replicas; try again shortly")

    def remote_subscription(
        self, reply: dict[str, Any], *, close_on_interrupt: bool
    ) -> Subscription:
        snapshot = codec.structure(reply["task"], Task)
        return self.broker.remote_subscription(
            snapshot, str(reply["position"]), close_on_interrupt=close_on_interrupt
        )

    async def subscribe(self, task_id: str, ctx: CallContext) -> Subscription:
        """SubscribeToTask of a task no turn of this replica runs."""
        reply = await self.route(task_id, "subscribe", {"task": task_id, "owner": ctx.owner})
        if reply is None:  # no replica runs it: while we hold its lease, nobody resumes it
            try:
                reply = await self._snapshot_here(task_id, ctx.owner)
            finally:
                self.release_task(task_id)
        return self.remote_subscription(reply, close_on_interrupt=False)

    async def _snapshot_here(self, task_id: str, owner: str) -> dict[str, Any]:
        """The task's snapshot and the stream position it stands at, for a subscription;
        raises TaskNotFoundError when it is not visible or not active."""
        record = await self.tasks.get(task_id)
        if record is None or record.owner != owner:
            raise TaskNotFoundError(f"Task {task_id} not found", taskId=task_id)
        if self.supervisor.active(record.id) is None and record.suspension is None:
            why = "has ended" if record.state.is_terminal else "is waiting for a new message"
            raise TaskNotFoundError(f"Task {record.id} is not active: it {why}", taskId=record.id)
        snapshot = record.snapshot()
        mark = self.coordination.mark(record.id)  # in the same step as the snapshot
        position = await self.coordination.position(mark)
        return {"task": codec.unstructure(snapshot), "position": position}

    # -- requests from other replicas ----------------------------------------------------------

    async def _serve(self, kind: str, body: dict[str, Any]) -> dict[str, Any]:
        from iaccode.a2a.service import CallContext

        service = self.service
        if service is None:
            raise RuntimeError("the service is not ready")
        ctx = CallContext(
            owner=str(body.get("owner") or ""),
            extensions=frozenset(body.get("extensions") or ()),
            session_id=body.get("session"),
            legacy=bool(body.get("legacy")),
            secrets_withheld=bool(body.get("secretsWithheld")),
        )
        try:
            if kind == "subscribe":
                task_id = str(body.get("task"))
                if self.supervisor.active(task_id) is not None:
                    return await self._snapshot_here(task_id, ctx.owner)
                # Its turn ended here just now: as for a task no replica runs.
                if not await self.claim_task(task_id):
                    raise CoordinationUnavailableError(
                        "The task is moving between replicas; try again shortly"
                    )
                try:
                    return await self._snapshot_here(task_id, ctx.owner)
                finally:
                    self.release_task(task_id)
            if kind == "cancel":
                task = await service.cancel_task(CancelTaskRequest(id=str(body.get("task"))), ctx)
                return {"task": codec.unstructure(task)}
            if kind == "message":
                message = codec.structure(body.get("message"), Message)
                return await service.follow_up_routed(message, ctx)
        except A2AError as error:
            return {"error": encode_error(error)}
        return {"error": encode_error(InternalError())}

    # -- what retention must keep (iaccode.tasks.retention.OtherReplicas) ------------------------

    async def tasks_in_use(self, task_ids: list[str]) -> set[str]:
        """The tasks whose lease a replica holds (this one's in-use tasks retention knows
        already). Raises `CoordinationUnavailableError`: then nothing may be deleted."""
        return await self._leased(task_ids, self.coordination.task_key)

    async def contexts_in_use(self, context_ids: list[str]) -> set[str]:
        """The contexts whose lease a replica holds: a turn runs or is being set up there."""
        return await self._leased(context_ids, self.coordination.context_key)

    async def _leased(self, ids: list[str], key: Callable[[str], str]) -> set[str]:
        holders = await self.coordination.holders([key(i) for i in ids])
        return {i for i, holder in zip(ids, holders, strict=True) if holder is not None}

    # -- replica death -------------------------------------------------------------------------

    async def _after_outage(self) -> None:
        self._suspects.clear()  # leases were taken back just now: start the count afresh

    def _fence(self) -> None:
        """Leases not renewed for a TTL may be gone, and a lease another replica holds now is:
        stop those turns (as a shutdown does) before a survivor ends them, so that two
        replicas never write one task."""
        doubt = self.coordination.leases_in_doubt
        turns = [
            t
            for t in self.supervisor.turns()
            if not t.interrupt_requested
            and (doubt or not self.coordination.holds(self.coordination.task_key(t.record.id)))
        ]
        if turns:
            log.warning(
                "interrupting %d turn(s): their leases %s",
                len(turns),
                f"could not be renewed for {self.coordination.lease_ms / 1000:g} s"
                if doubt
                else "were taken by another replica",
            )
        for turn in turns:
            self.supervisor.interrupt(turn)

    async def scan_once(self) -> int:
        """End the live tasks whose replica is gone (their lease missing on two scans in a
        row); returns how many. Raises `StoreUnavailableError` and
        `CoordinationUnavailableError`."""
        live = await self.tasks.store.live_task_ids()
        keys = {task_id: self.coordination.task_key(task_id) for task_id in live}
        candidates = [
            t
            for t in live
            if self.supervisor.active(t) is None and not self.coordination.holds(keys[t])
        ]
        holders = await self.coordination.holders([keys[t] for t in candidates])
        orphans = {t for t, holder in zip(candidates, holders, strict=True) if holder is None}
        due, self._suspects = orphans & self._suspects, orphans - self._suspects
        ended = 0
        for task_id in sorted(due):
            if not await self.coordination.acquire(keys[task_id]):
                continue  # another survivor is ending it, or a replica took it up
            try:
                record = await self.tasks.get(task_id)
                if (
                    record is not None
                    and record.live
                    and not record.state.is_terminal
                    and self.supervisor.active(task_id) is None
                ):
                    await end_interrupted(self.tasks, record)
                    self.broker.finish(task_id)
                    ended += 1
            finally:
                self.release_task(task_id)
        return ended

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """The coordination's own tasks and the death scan, for ever."""
        async with trio.open_nursery() as nursery:
            await nursery.start(self.coordination.run)
            task_status.started()
            while True:
                self._fence()
                try:
                    ended = await self.scan_once()
                except (CoordinationUnavailableError, StoreUnavailableError):
                    ended = 0  # reported by /health; the next scan tries again
                except Exception as exc:  # a database error: never take the replica down
                    log.warning("replica scan failed: %s: %s", type(exc).__name__, exc)
                    ended = 0
                if ended:
                    log.warning("ended %d task(s) of a replica that is gone", ended)
                await trio.sleep(self.scan_seconds)


__all__ = ["Replicas", "decode_error", "encode_error"]
