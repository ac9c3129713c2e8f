"""Thread state: what the adapter must remember about a thread, one small JSON file each
(AG-UI seed, "Persistenz und Wiederherstellung").

    <state-dir>/<thread-key>.json    thread key: SHA-256 of the threadId (any id is a safe name)

A file holds the thread's binding (cwd, userId), its A2A context, the current execution (task,
rosInvocationId), the pending interrupts, and the idempotency records of its runs. It never holds
an LLM key, an AccessKey secret or an STS token: those arrive with each request and go to the A2A
core for that turn only. Files are loaded lazily, when a request names the thread, and replaced
atomically (temp file, fsync, rename, fsync of the directory) in a worker thread. A run that is
active is not written down: after a restart nothing is running.
"""

from __future__ import annotations

import collections
import contextlib
import hashlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

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


def _trim(mapping: dict[str, Any], keep: int) -> None:
    while len(mapping) > keep:
        del mapping[next(iter(mapping))]  # dicts keep insertion order: the oldest go first


class ThreadStore:
    """Thread states by id: cached, loaded lazily, saved atomically; one lock per thread."""

    def __init__(self, directory: Path, *, cache_size: int = 4096) -> None:
        self.directory = directory
        self._cache: collections.OrderedDict[str, ThreadState] = collections.OrderedDict()
        self._locks: dict[str, trio.Lock] = {}
        self._cache_size = cache_size

    @staticmethod
    def key(thread_id: str) -> str:
        return hashlib.sha256(thread_id.encode("utf-8")).hexdigest()

    def path(self, thread_id: str) -> Path:
        return self.directory / f"{self.key(thread_id)}.json"

    @contextlib.asynccontextmanager
    async def lock(self, thread_id: str) -> AsyncIterator[None]:
        """Hold the thread's lock. It is kept while the thread is cached or others wait for it,
        and dropped on release otherwise, so ids never loaded (a cancel naming an unknown
        thread) leave nothing behind."""
        lock = self._locks.get(thread_id)
        if lock is None:
            lock = self._locks[thread_id] = trio.Lock()
        try:
            async with lock:
                yield
        finally:
            idle = not lock.locked() and not lock.statistics().tasks_waiting
            if idle and thread_id not in self._cache and self._locks.get(thread_id) is lock:
                del self._locks[thread_id]

    async def load(self, thread_id: str) -> ThreadState | None:
        state = self._cache.get(thread_id)
        if state is not None:
            self._cache.move_to_end(thread_id)
            return state
        try:
            data = await trio.to_thread.run_sync(self._read, self.path(thread_id))
            state = ThreadState.from_json(data) if data is not None else None
        except OSError:
            raise AguiError(
                codes.STATE_PERSISTENCE_FAILED, "The thread's state cannot be read."
            ) from None
        except (ValueError, KeyError, TypeError):
            raise AguiError(
                codes.EXECUTION_LOST, "The thread's saved state is damaged.", status=500
            ) from None
        if state is None:
            return None
        if state.thread_id != thread_id:
            raise AguiError(codes.EXECUTION_LOST, "The thread's saved state is not its own.")
        self._remember(state)
        return state

    def adopt(self, state: ThreadState) -> None:
        """A new thread, kept in memory until its first save."""
        self._remember(state)

    async def save(self, state: ThreadState) -> None:
        """Write the state durably, or raise STATE_PERSISTENCE_FAILED."""
        text = json.dumps(state.to_json())
        try:
            await trio.to_thread.run_sync(write_durably, self.path(state.thread_id), text)
        except OSError:
            raise AguiError(
                codes.STATE_PERSISTENCE_FAILED, "The thread's state could not be saved."
            ) from None

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
