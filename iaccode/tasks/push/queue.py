"""Durable push queues: the `PushQueue` protocol and its local-file implementation.

The A2A seed ("Push-Notification-Zustell-Backends") offers two queues, `local-file` (single node,
jobs under the persistence dir) and `redis-streams` (in `redis_queue.py`, so that this module does
not need the optional `redis` extra). Both are at least once:
a job leaves the queue only when a worker acks, retries or dead-letters it, and a job claimed by
a worker that died comes back when its lease expires. Receivers must be idempotent (seed).

`LocalFileQueue` follows iac-code-reference 1.5: `pending/`, `inflight/` and `dead/` hold one
`<jobId>.json` file per job. Every write is a temp file in `tmp/`, fsynced, renamed into place,
and the directory fsynced, so neither SIGKILL nor a power loss loses an enqueued job. Claim is an
atomic rename pending → inflight, which only one claimer can win, even across processes.

A file's modification time says when it is due, so the queue never parses a file to schedule it:
in `pending/` it is the job's `nextAttemptAt`, in `inflight/` the end of its lease (stamped at
claim). Recovery moves inflight jobs whose lease ended back to pending with "Delivery lease
expired.". In `exclusive` mode (the seed's single node: one process owns the directory) a fresh
queue object also takes back every inflight job it did not claim itself, so a restart after a
crash delivers at once instead of after the lease.

All file I/O runs in worker threads, one operation at a time; a cancelled call still completes
its step (threads are not abandoned), so a claim never half-happens.
"""

from __future__ import annotations

import collections
import logging
import os
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

import attrs
import trio

from iaccode.tasks.files import fsync_directory
from iaccode.tasks.push.jobs import PushJob

log = logging.getLogger("iaccode.push")

T = TypeVar("T")
LEASE_EXPIRED = "Delivery lease expired."
_TMP_MAX_AGE = 3600.0


@attrs.frozen
class ClaimedJob:
    """A job a worker holds until `lease_until`; `receipt` identifies it to its queue."""

    job: PushJob
    receipt: str
    lease_until: float


@attrs.frozen
class QueueCounts:
    pending: int  # waiting, including scheduled retries
    inflight: int  # claimed, not yet settled
    dead: int


class PushQueue(Protocol):
    """A durable, at-least-once queue of push jobs."""

    async def enqueue(self, job: PushJob) -> None: ...

    async def claim(self, now: float) -> ClaimedJob | None:
        """A due job, leased to the caller, or None when none is due."""
        ...

    async def ack(self, claimed: ClaimedJob) -> None:
        """Delivered: forget the job."""
        ...

    async def retry(self, claimed: ClaimedJob, error: str, at: float) -> None:
        """Failed: count the attempt, keep `error`, try again at unix time `at`."""
        ...

    async def dead(self, claimed: ClaimedJob, error: str) -> None:
        """Failed for good: count the attempt and move the job to the dead letters."""
        ...

    async def release(self, claimed: ClaimedJob) -> None:
        """Not attempted (the worker is stopping): make the job claimable again at once."""
        ...

    async def recover(self, now: float) -> int:
        """Make jobs whose lease expired (or scheduled retries now due) claimable; the count."""
        ...

    async def counts(self) -> QueueCounts: ...

    async def dead_letters(self, limit: int = 100) -> list[PushJob]: ...

    async def prune_dead(self, before: float) -> int:
        """Forget dead letters that died before unix time `before` (retention); the count."""
        ...

    async def aclose(self) -> None: ...


class LocalFileQueue:
    """The `local-file` queue: `<root>/{pending,inflight,dead,tmp}/<jobId>.json`."""

    def __init__(self, root: Path, lease_seconds: float = 300.0, *, exclusive: bool = True) -> None:
        self.root = root
        self.lease_seconds = lease_seconds
        self.exclusive = exclusive
        self._pending = root / "pending"
        self._inflight = root / "inflight"
        self._dead = root / "dead"
        self._tmp = root / "tmp"
        self._limiter = trio.CapacityLimiter(1)
        self._held: set[str] = set()  # file names this object claimed and has not settled
        self._due: collections.deque[str] = collections.deque()  # from the last scan
        self._ready = False

    # -- the protocol --------------------------------------------------------------------------

    async def enqueue(self, job: PushJob) -> None:
        await self._thread(self._enqueue, job)

    async def claim(self, now: float) -> ClaimedJob | None:
        return await self._thread(self._claim, now)

    async def ack(self, claimed: ClaimedJob) -> None:
        await self._thread(self._ack, claimed)

    async def retry(self, claimed: ClaimedJob, error: str, at: float) -> None:
        await self._thread(self._settle, claimed, claimed.job.failed(error, at), self._pending)

    async def dead(self, claimed: ClaimedJob, error: str) -> None:
        now = time.time()
        await self._thread(self._settle, claimed, claimed.job.failed(error, now), self._dead)

    async def release(self, claimed: ClaimedJob) -> None:
        await self._thread(self._release, claimed)

    async def recover(self, now: float) -> int:
        return await self._thread(self._recover, now)

    async def counts(self) -> QueueCounts:
        return await self._thread(self._counts)

    async def dead_letters(self, limit: int = 100) -> list[PushJob]:
        return await self._thread(self._dead_letters, limit)

    async def prune_dead(self, before: float) -> int:
        return await self._thread(self._prune_dead, before)

    async def aclose(self) -> None:
        pass  # nothing is held open between calls

    async def _thread(self, fn: Callable[..., T], *args: object) -> T:
        return await trio.to_thread.run_sync(self._guarded, fn, *args, limiter=self._limiter)

    def _guarded(self, fn: Callable[..., T], *args: object) -> T:
        if not self._ready:
            for directory in (self.root, self._pending, self._inflight, self._dead, self._tmp):
                directory.mkdir(mode=0o700, parents=True, exist_ok=True)
                os.chmod(directory, 0o700)
            self._ready = True
        return fn(*args)

    # -- the steps, in a worker thread ---------------------------------------------------------

    def _enqueue(self, job: PushJob) -> None:
        name = _file_name(job.job_id)
        self._write(self._pending, name, job.to_json(), job.next_attempt_at)
        if job.next_attempt_at <= time.time():
            self._due.append(name)

    def _claim(self, now: float) -> ClaimedJob | None:
        while True:
            if not self._due:
                self._due.extend(self._scan_due(now))
                if not self._due:
                    return None
            name = self._due.popleft()
            target = self._inflight / name
            try:
                os.rename(self._pending / name, target)  # the claim: one winner
            except FileNotFoundError:
                continue  # claimed by someone else since the scan
            lease_until = now + self.lease_seconds
            os.utime(target, (lease_until, lease_until))
            try:
                job = PushJob.from_json(target.read_bytes())
            except ValueError as exc:
                log.error("push queue: %s is not a job (%s); moved to dead/", name, exc)
                os.replace(target, self._dead / name)
                continue
            self._held.add(name)
            return ClaimedJob(job=job, receipt=name, lease_until=lease_until)

    def _scan_due(self, now: float) -> list[str]:
        due: list[tuple[float, str]] = []
        with os.scandir(self._pending) as entries:
            for entry in entries:
                if entry.name.endswith(".json"):
                    try:
                        moment = entry.stat().st_mtime
                    except FileNotFoundError:
                        continue
                    if moment <= now:
                        due.append((moment, entry.name))
        due.sort()
        return [name for _, name in due[:256]]

    def _ack(self, claimed: ClaimedJob) -> None:
        # No directory fsync: if a power loss undoes the unlink, the job is delivered twice,
        # which at-least-once allows.
        (self._inflight / claimed.receipt).unlink(missing_ok=True)
        self._held.discard(claimed.receipt)

    def _settle(self, claimed: ClaimedJob, job: PushJob, directory: Path) -> None:
        # Written before the inflight file goes: a crash in between leaves a duplicate, not a loss.
        self._write(directory, claimed.receipt, job.to_json(), job.next_attempt_at)
        (self._inflight / claimed.receipt).unlink(missing_ok=True)
        self._held.discard(claimed.receipt)

    def _release(self, claimed: ClaimedJob) -> None:
        source = self._inflight / claimed.receipt
        now = time.time()
        try:
            os.utime(source, (now, now))
            os.rename(source, self._pending / claimed.receipt)
        except FileNotFoundError:
            pass  # recovered by another process meanwhile
        self._held.discard(claimed.receipt)

    def _recover(self, now: float) -> int:
        moved = 0
        with os.scandir(self._inflight) as entries:
            found = [e for e in entries if e.name.endswith(".json")]
        for entry in found:
            try:
                lease_until = entry.stat().st_mtime
            except FileNotFoundError:
                continue
            orphan = self.exclusive and entry.name not in self._held
            if lease_until > now and not orphan:
                continue
            try:
                job = PushJob.from_json(Path(entry.path).read_bytes())
            except FileNotFoundError:
                continue
            except ValueError as exc:
                log.error("push queue: %s is not a job (%s); moved to dead/", entry.name, exc)
                os.replace(entry.path, self._dead / entry.name)
                continue
            job = attrs.evolve(job, last_error=LEASE_EXPIRED, next_attempt_at=now)
            self._write(self._pending, entry.name, job.to_json(), now)
            Path(entry.path).unlink(missing_ok=True)
            self._held.discard(entry.name)
            moved += 1
        return moved + self._recover_temp_files()

    def _recover_temp_files(self) -> int:
        """Put complete jobs a crash left in `tmp/` back in line; drop the rest once stale.

        `_write` fsyncs a temp file before renaming it into place, so a file that parses as a
        job is complete. If its job is nowhere else, the crash came between the fsync and the
        rename of an enqueue or a settle (a settle keeps its inflight file until then, so that
        case is found elsewhere): the job goes to `pending/`. One that parses only partly is
        being written now (exclusive mode is off) or was cut short, and goes once stale.
        """
        moved = 0
        limit = time.time() - _TMP_MAX_AGE
        with os.scandir(self._tmp) as entries:
            found = list(entries)
        for entry in found:
            name = entry.name.rsplit(".", 1)[0]
            try:
                stale = entry.stat().st_mtime < limit
                job = PushJob.from_json(Path(entry.path).read_bytes())
                ours = name == _file_name(job.job_id)
            except FileNotFoundError:
                continue
            except ValueError:
                if stale:
                    Path(entry.path).unlink(missing_ok=True)
                continue
            if not self.exclusive and not stale:
                continue  # another process may be about to rename it
            placed = any((d / name).exists() for d in (self._pending, self._inflight, self._dead))
            if placed or not ours:
                Path(entry.path).unlink(missing_ok=True)
                continue
            now = time.time()
            os.utime(entry.path, (now, now))
            os.replace(entry.path, self._pending / name)
            fsync_directory(self._pending)
            moved += 1
        return moved

    def _counts(self) -> QueueCounts:
        def count(directory: Path) -> int:
            with os.scandir(directory) as entries:
                return sum(1 for e in entries if e.name.endswith(".json"))

        return QueueCounts(count(self._pending), count(self._inflight), count(self._dead))

    def _dead_letters(self, limit: int) -> list[PushJob]:
        with os.scandir(self._dead) as entries:
            found = sorted((e.stat().st_mtime, e.path) for e in entries if e.name.endswith(".json"))
        jobs = []
        for _, path in found[:limit]:
            try:
                jobs.append(PushJob.from_json(Path(path).read_bytes()))
            except (ValueError, FileNotFoundError):
                continue
        return jobs

    def _prune_dead(self, before: float) -> int:
        # A dead letter's modification time is when it died (`dead` stamps it with that time).
        removed = 0
        with os.scandir(self._dead) as entries:
            for entry in entries:
                try:
                    if entry.name.endswith(".json") and entry.stat().st_mtime < before:
                        os.unlink(entry.path)
                        removed += 1
                except FileNotFoundError:
                    pass
        return removed

    def _write(self, directory: Path, name: str, data: bytes, due: float) -> None:
        """Durably place `data` at `directory/name` with modification time `due`."""
        temp = self._tmp / f"{name}.{secrets.token_hex(6)}"
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.utime(fd, (due, due))
            os.fsync(fd)
        except BaseException:
            os.close(fd)
            temp.unlink(missing_ok=True)
            raise
        os.close(fd)
        os.replace(temp, directory / name)
        fsync_directory(directory)


def _file_name(job_id: str) -> str:
    if not job_id or "/" in job_id or job_id.startswith(".") or "\0" in job_id:
        raise ValueError("a push job id must be a plain file name")
    return job_id + ".json"
