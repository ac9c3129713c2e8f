"""Thread state: what the adapter must remember about a thread (AG-UI seed, "Persistenz und
Wiederherstellung"), kept by a `ThreadBackend`:

    ThreadFiles       <state-dir>/<thread-key>.json, one small JSON file each (the default)
    PostgresThreads   the `agui_threads` table of a PostgreSQL task store (shared_threads)

    thread key: SHA-256 of the threadId (any id is a safe name)

A state holds the thread's binding (cwd, userId), its A2A context, the current execution (task,
rosInvocationId), the pending interrupts, and the idempotency records of its runs. It never holds
an LLM key, an AccessKey secret or an STS token: those arrive with each request and go to the A2A
core for that turn only. States are loaded lazily, when a request names the thread; a file is
replaced atomically (temp file, fsync, rename, fsync of the directory) in a worker thread. A run
that is active is not written down: after a restart nothing is running.

Several replicas (`coordination-url`) keep their threads in PostgreSQL and meet through
`ThreadLeases`: `lock` also holds the thread across replicas and brings the cached state up to
date with the stored one, and a run holds a lease of its own while it is active, so that every
replica answers THREAD_BUSY for it.
"""

from __future__ import annotations

import collections
import contextlib
import hashlib
import os
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, Protocol

import attrs
import trio

from iaccode.agui import errors as codes
from iaccode.agui.errors import AguiError
from iaccode.agui.interrupts import PendingInterrupt
from iaccode.tasks.files import write_durably
from iaccode.wire import json

FORMAT = 1
KEEP_RUNS = 256  # idempotency records per thread
KEEP_APPLIED = 256  # answered interrupt ids per thread


@attrs.define
class RunRecord:
    digest: str
    status: str  # active, success, interrupt, error, cancelled
    execution_id: str | None = None


@attrs.define
class Execution:
    """One A2A task: the run that started it and the resumes that continued it."""

    id: str
    task_id: str
    context_id: str
    ros_invocation_id: str
    status: str = "running"  # running, interrupted, finished
    announced_calls: list[str] = attrs.field(factory=list)  # tool calls shown before a pause


@attrs.define
class ThreadState:
    thread_id: str
    cwd: str
    user_id: str | None = None
    context_id: str | None = None
    execution: Execution | None = None
    pending: list[PendingInterrupt] = attrs.field(factory=list)
    runs: dict[str, RunRecord] = attrs.field(factory=dict)
    applied: dict[str, str] = attrs.field(factory=dict)  # interrupt id -> answer digest
    active_run: str | None = attrs.field(default=None, metadata={"transient": True})

    def end_execution(self) -> None:
        """The execution is over (cancelled, expired or lost): nothing is pending any more."""
        self.pending.clear()
        if self.execution is not None:
            self.execution.status = "finished"

    def remember_run(self, run_id: str, record: RunRecord) -> None:
        self.runs[run_id] = record
        _trim(self.runs, KEEP_RUNS)

    def remember_applied(self, interrupt_id: str, digest: str) -> None:
        self.applied[interrupt_id] = digest
        _trim(self.applied, KEEP_APPLIED)

    def to_json(self) -> dict[str, Any]:
        data = attrs.asdict(self, filter=lambda a, _: not a.metadata.get("transient"))
        return {"format": FORMAT, **data}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ThreadState:
        if data.get("format") != FORMAT:
            raise ValueError("unknown format")
        execution = data.get("execution")
        return cls(
            thread_id=data["thread_id"],
            cwd=data["cwd"],
            user_id=data.get("user_id"),
            context_id=data.get("context_id"),
            execution=Execution(**execution) if execution else None,
            pending=[PendingInterrupt(**p) for p in data.get("pending", [])],
            runs={k: RunRecord(**v) for k, v in data.get("runs", {}).items()},
            applied=dict(data.get("applied", {})),
        )

    def refresh_from(self, stored: ThreadState) -> None:
        """Take what another replica saved, in place: a run holds this object (and perhaps its
        `execution`, when it is the same one). `active_run` is this process's own."""
        for field in attrs.fields(ThreadState):
            if field.metadata.get("transient") or field.name == "execution":
                continue
            setattr(self, field.name, getattr(stored, field.name))
        mine, theirs = self.execution, stored.execution
        if mine is not None and theirs is not None and mine.id == theirs.id:
            for field in attrs.fields(Execution):
                setattr(mine, field.name, getattr(theirs, field.name))
        else:
            self.execution = theirs


def _trim(mapping: dict[str, Any], keep: int) -> None:
    while len(mapping) > keep:
        del mapping[next(iter(mapping))]  # dicts keep insertion order: the oldest go first


class ThreadStorageError(Exception):
    """A state could not be read or written (the disk, or the database, failed)."""


class ThreadChangedError(ThreadStorageError):
    """The stored state is not the one this process read (another replica wrote it)."""


class ThreadBackend(Protocol):
    """Where thread states are kept, by thread id. `version` counts a state's saves (0 where
    only one process writes, as with files)."""

    async def read(self, thread_id: str) -> tuple[dict[str, Any], int] | None:
        """The saved state's JSON and version; None when never saved. Raises
        `ThreadStorageError`, and ValueError for a state that is damaged."""
        ...

    async def write(self, thread_id: str, data: dict[str, Any], version: int | None) -> int:
        """Save `data` over the state at `version` (None: none saved yet); returns the new
        version. Raises `ThreadStorageError` (`ThreadChangedError`: not at `version`)."""
        ...

    async def newest(self, limit: int) -> list[str]:
        """The ids of the `limit` threads saved last, newest first. Raises
        `ThreadStorageError` when the backend cannot be read (files: an unreadable directory
        lists nothing, as before any thread was saved)."""
        ...


class ThreadLeases(Protocol):
    """What keeps replicas apart on one thread (iaccode.agui.shared_threads)."""

    def hold(self, thread_id: str) -> AbstractAsyncContextManager[None]:
        """The thread's lock across replicas, while one changes its state; raises `AguiError`
        when it cannot be had."""
        ...

    async def claim_run(self, thread_id: str) -> bool:
        """Mark a run of the thread active (until `release_run`); False when a run is active
        on another replica. Raises `AguiError`."""
        ...

    def release_run(self, thread_id: str) -> None: ...


def thread_key(thread_id: str) -> str:
    return hashlib.sha256(thread_id.encode("utf-8")).hexdigest()


class ThreadFiles:
    """`ThreadBackend` on one JSON file per thread, under a directory one process holds."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def path(self, thread_id: str) -> Path:
        return self.directory / f"{thread_key(thread_id)}.json"

    async def read(self, thread_id: str) -> tuple[dict[str, Any], int] | None:
        try:
            data = await trio.to_thread.run_sync(self._read, self.path(thread_id))
        except OSError as exc:
            raise ThreadStorageError() from exc
        return None if data is None else (data, 0)

    async def write(self, thread_id: str, data: dict[str, Any], version: int | None) -> int:
        try:
            await trio.to_thread.run_sync(write_durably, self.path(thread_id), json.dumps(data))
        except OSError as exc:
            raise ThreadStorageError() from exc
        return 0

    async def newest(self, limit: int) -> list[str]:
        return await trio.to_thread.run_sync(self._newest, limit)

    @staticmethod
    def _read(path: Path) -> dict[str, Any] | None:
        try:
            data = path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return None  # never saved (a missing directory is created by the first save)
        value = json.loads(data)
        if not isinstance(value, dict):
            raise ValueError("not an object")
        return value

    def _newest(self, limit: int) -> list[str]:
        """Blocking: a worker thread."""
        try:
            with os.scandir(self.directory) as entries:
                files = [
                    (e.stat().st_mtime, e.path)
                    for e in entries
                    if e.name.endswith(".json") and e.is_file(follow_symlinks=False)
                ]
        except OSError:
            return []
        ids = []
        for _, name in sorted(files, reverse=True)[:limit]:
            try:
                with open(name, "rb") as handle:
                    thread_id = json.loads(handle.read()).get("thread_id")
            except (OSError, ValueError, AttributeError):
                continue
            if isinstance(thread_id, str):
                ids.append(thread_id)
        return ids


class ThreadStore:
    """Thread states by id: cached, loaded lazily, saved by the backend; one lock per thread
    (with `leases`, across replicas too)."""

    def __init__(
        self,
        backend: ThreadBackend,
        *,
        leases: ThreadLeases | None = None,
        cache_size: int = 4096,
    ) -> None:
        self.backend = backend
        self.leases = leases
        self._cache: collections.OrderedDict[str, ThreadState] = collections.OrderedDict()
        self._versions: dict[str, int] = {}  # of the cached states that were saved
        self._locks: dict[str, trio.Lock] = {}
        self._cache_size = cache_size

    @contextlib.asynccontextmanager
    async def lock(self, thread_id: str, *, write: bool = True) -> AsyncIterator[None]:
        """Hold the thread's lock. It is kept while the thread is cached or others wait for it,
        and dropped on release otherwise, so ids never loaded (a cancel naming an unknown
        thread) leave nothing behind. Among replicas, `write` holds the thread on every
        replica (a read does not need to), and the cached state is brought up to date first.
        Raises `AguiError` when the thread cannot be held or read."""
        lock = self._locks.get(thread_id)
        if lock is None:
            lock = self._locks[thread_id] = trio.Lock()
        try:
            async with lock, contextlib.AsyncExitStack() as held:
                if self.leases is not None:
                    if write:
                        await held.enter_async_context(self.leases.hold(thread_id))
                    await self._refresh(thread_id)
                yield
        finally:
            idle = not lock.locked() and not lock.statistics().tasks_waiting
            if idle and thread_id not in self._cache and self._locks.get(thread_id) is lock:
                del self._locks[thread_id]

    async def claim_run(self, thread_id: str) -> bool:
        """Mark a run active among replicas; False when one is active on another replica."""
        return True if self.leases is None else await self.leases.claim_run(thread_id)

    def release_run(self, thread_id: str) -> None:
        if self.leases is not None:
            self.leases.release_run(thread_id)

    async def load(self, thread_id: str) -> ThreadState | None:
        state = self._cache.get(thread_id)
        if state is not None:
            self._cache.move_to_end(thread_id)
            return state
        found = await self._read(thread_id)
        if found is None:
            return None
        state, version = found
        self._remember(state)
        self._versions[thread_id] = version
        return state

    def adopt(self, state: ThreadState) -> None:
        """A new thread, kept in memory until its first save."""
        self._remember(state)

    async def save(self, state: ThreadState) -> None:
        """Write the state durably, or raise STATE_PERSISTENCE_FAILED."""
        thread_id = state.thread_id
        try:
            version = await self.backend.write(
                thread_id, state.to_json(), self._versions.get(thread_id)
            )
        except ThreadChangedError:
            raise AguiError(
                codes.STATE_PERSISTENCE_FAILED,
                "The thread's state was changed on another replica meanwhile.",
            ) from None
        except ThreadStorageError:
            raise AguiError(
                codes.STATE_PERSISTENCE_FAILED, "The thread's state could not be saved."
            ) from None
        if thread_id in self._cache:
            self._versions[thread_id] = version

    async def newest(self, limit: int) -> list[str]:
        """The ids of the threads saved last, newest first.

        Raises AguiError STATE_PERSISTENCE_FAILED (503) when the backend cannot be read: an
        outage is not an empty list."""
        try:
            return await self.backend.newest(limit)
        except ThreadStorageError:
            raise AguiError(
                codes.STATE_PERSISTENCE_FAILED, "The list of threads cannot be read."
            ) from None

    async def _read(self, thread_id: str) -> tuple[ThreadState, int] | None:
        try:
            found = await self.backend.read(thread_id)
            if found is None:
                return None
            data, version = found
            state = ThreadState.from_json(data)
        except ThreadStorageError:
            raise AguiError(
                codes.STATE_PERSISTENCE_FAILED, "The thread's state cannot be read."
            ) from None
        except (ValueError, KeyError, TypeError):
            raise AguiError(
                codes.EXECUTION_LOST, "The thread's saved state is damaged.", status=500
            ) from None
        if state.thread_id != thread_id:
            raise AguiError(codes.EXECUTION_LOST, "The thread's saved state is not its own.")
        return state, version

    async def _refresh(self, thread_id: str) -> None:
        """Bring a cached state up to what is stored (another replica may have saved it)."""
        cached = self._cache.get(thread_id)
        if cached is None:
            return  # `load` reads it
        found = await self._read(thread_id)
        if found is None:
            return  # adopted, not saved yet
        stored, version = found
        if version != self._versions.get(thread_id):
            cached.refresh_from(stored)
            self._versions[thread_id] = version

    def _remember(self, state: ThreadState) -> None:
        self._cache[state.thread_id] = state
        self._cache.move_to_end(state.thread_id)
        while len(self._cache) > self._cache_size:
            oldest, cached = next(iter(self._cache.items()))
            lock = self._locks.get(oldest)
            if cached.active_run is not None or (lock is not None and lock.locked()):
                break  # busy threads stay; the cache may run over for a while
            del self._cache[oldest]
            self._locks.pop(oldest, None)
            self._versions.pop(oldest, None)
