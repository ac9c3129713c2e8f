"""The push outbox relay: moves committed notifications from the task store into the push queue.

DESIGN.md "State and durability": a notification is part of the commit that settles the state it
reports. The task manager writes it to the store's outbox in that commit (`TaskChange.notify`);
this relay reads the outbox, enqueues one job per push config of the task, and only then marks
the entry done. A crash before the mark leaves the entry, and the next pass (at start-up, the
first thing the relay does) enqueues it again, under the same job ids: at least once, and on the
local-file queue a job still pending is overwritten rather than doubled. Receivers must be
idempotent anyway (seed), since a crash after a delivery and before its ack sends it twice.

A queue that is down (Redis restarting) leaves the entries in the outbox and is retried with
backoff; an entry that cannot become a job at all (a body that does not encode) is logged and
dropped, so it never blocks the ones behind it.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from typing import Protocol

import trio

from iaccode.tasks.failpoints import crash_point
from iaccode.tasks.push.configs import PushConfigStore, PushTarget
from iaccode.tasks.push.jobs import job_for_config
from iaccode.tasks.push.keyring import PushKeyring
from iaccode.tasks.push.queue import PushQueue
from iaccode.tasks.push.worker import PushWorker
from iaccode.tasks.store import OutboxEntry

log = logging.getLogger("iaccode.push")

# The body a target gets for an entry, or None when it gets none (a 0.3 config created after
# the state was committed: the task as of that commit was not kept).
Bodies = Callable[[PushTarget, OutboxEntry], bytes | None]


class Outbox(Protocol):
    async def outbox(self, limit: int) -> list[OutboxEntry]: ...

    async def outbox_done(self, entry_ids: list[str]) -> None: ...


def job_id_for(entry: OutboxEntry, target: PushTarget) -> str:
    """The same id every time one entry is relayed to one config (a plain file name)."""
    key = "\0".join((entry.entry_id, target.owner, target.config.id or ""))
    return hashlib.sha256(key.encode()).hexdigest()[:32]


class OutboxRelay:
    """Runs in the server's nursery: `await nursery.start(relay.run)`; `kick` after a commit."""

    def __init__(
        self,
        outbox: Outbox,
        configs: PushConfigStore,
        queue: PushQueue,
        keyring: PushKeyring,
        bodies: Bodies,
        *,
        worker: PushWorker | None = None,
        poll_interval: float = 5.0,
        batch: int = 64,
    ) -> None:
        self.outbox = outbox
        self.configs = configs
        self.queue = queue
        self.keyring = keyring
        self.bodies = bodies
        self.worker = worker
        self.poll_interval = poll_interval
        self.batch = batch
        self._wakeup = trio.Event()

    def kick(self) -> None:
        """A notification was committed: relay now instead of at the next poll."""
        self._wakeup.set()

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Relay until cancelled, at once first (what a previous process committed and did not
        queue). Reports started at once: a queue that is down delays deliveries, not the server.
        Cancellation between two entries loses nothing; within one, the entry is relayed again.
        """
        task_status.started()
        failures = 0
        while True:
            self._wakeup = trio.Event()  # before reading: a kick during the pass is kept
            try:
                relayed = await self.relay_once()
            except Exception as exc:
                failures += 1
                if failures == 1:
                    log.warning("push outbox not relayed yet: %s: %s", type(exc).__name__, exc)
                await trio.sleep(min(5.0, 0.1 * 2 ** min(failures, 6)))
                continue
            if failures:
                log.info("push outbox relayed again")
                failures = 0
            if relayed < self.batch:
                with trio.move_on_after(self.poll_interval):
                    await self._wakeup.wait()

    async def relay_once(self) -> int:
        """Enqueue the jobs of up to `batch` outbox entries and mark each done; the count.

        Raises what the queue or the database raise; the entries not marked done stay.
        """
        entries = await self.outbox.outbox(self.batch)
        for entry in entries:
            for target in await self.configs.for_task(entry.task_id):
                try:
                    body = self.bodies(target, entry)
                    if body is None:
                        continue
                    job = job_for_config(
                        self.keyring, target.config, body, job_id=job_id_for(entry, target)
                    )
                except ValueError as exc:
                    log.error("push notification for task %s dropped: %s", entry.task_id, exc)
                    continue
                await self.queue.enqueue(job)
                # Right after the job is queued, before the kick and the next entry's await: the
                # step is "queued, its outbox row not yet marked done".
                crash_point("enqueue")
                if self.worker is not None:
                    self.worker.kick()  # delivery starts while the rest is queued
        if not entries:
            return 0
        # One commit for the batch: a crash before it queues the batch again, under the same
        # job ids (duplicates, which at least once allows; never a loss).
        await self.outbox.outbox_done([entry.entry_id for entry in entries])
        return len(entries)
