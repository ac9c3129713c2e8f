"""Retention (`task-retention-days`): what a long-running server may forget, and how.

Off by default: without the key nothing is ever deleted. With it, each pass (housekeeping runs
one shortly after start-up, then hourly) deletes:

1. finished tasks (COMPLETED, FAILED, CANCELED, REJECTED) and answered ones nobody followed up
   (INPUT_REQUIRED with no turn, paused or running) whose status last changed before the cutoff,
   with their messages, artifact rows and push configs, in transactions of at most `PRUNE_BATCH`
   tasks, each looking at no more than `PRUNE_WINDOW` rows, on the store's writer
   connection (one writer, in a worker thread): other writers wait for one short transaction at
   most. Never a task a turn owns (`live`), one with a suspended turn, one a request holds the
   lock of, or one in any other state. After each commit, the deleted tasks leave the task
   cache, then their artifact files are removed;
2. artifact directories under `artifact-dir` older than the cutoff that no artifact row names:
   what a crash between a commit and the file removal left behind;
3. contexts (workspace bindings) no task belongs to any more, unless in use;
4. push configs whose task is gone, and dead letters of the push queue older than the cutoff.

Among replicas (`coordination-url`) "in use" covers the others too: a task or context whose
lease another replica holds (a turn running or being set up there) is kept, asked of Redis
once the candidates are chosen, inside the deleting transaction; Redis unreachable, the pass
deletes nothing and the next one tries again. A replica that read a binding just before it is
deleted writes it back (`ContextRegistry`, shared), and the delete spares a row saved meanwhile.

Rows go first, files after their commit: a crash in between leaves a file no row points at,
which step 2 of a later pass removes, never a row pointing at a missing file. Files are only
ever removed inside `artifact-dir`, from directories named as `ArtifactStore` names them
(`artifact-<32 hex digits>`), opened without following symbolic links.
"""

from __future__ import annotations

import errno
import logging
import os
import re
import time
import urllib.parse
from collections.abc import Callable, Collection
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

import attrs
import trio

from iaccode.model.ids import format_timestamp
from iaccode.tasks.contexts import ContextRegistry
from iaccode.tasks.manager import TaskManager
from iaccode.tasks.push.queue import PushQueue
from iaccode.tasks.shared import RetentionStore
from iaccode.tasks.sql_store import PRUNE_BATCH
from iaccode.wire import json

log = logging.getLogger("iaccode.push")

DAY = 86400.0
# An artifact file is written just before its row is committed: never sweep a young one, however
# short the retention.
ORPHAN_MIN_AGE = 3600.0
ARTIFACT_DIR_NAME = re.compile(r"artifact-[0-9a-f]{32}")


@attrs.define
class RetentionReport:
    """What one pass deleted."""

    tasks: int = 0
    messages: int = 0
    artifacts: int = 0  # artifact rows
    files: int = 0  # artifact files removed (of deleted tasks and orphans)
    orphan_dirs: int = 0  # artifact directories no row named
    contexts: int = 0
    push_configs: int = 0
    dead_letters: int = 0

    def __bool__(self) -> bool:
        return any(attrs.astuple(self))

    def describe(self) -> str:
        counts = attrs.asdict(self).items()
        return ", ".join(f"{value} {name.replace('_', ' ')}" for name, value in counts)


class OtherReplicas(Protocol):
    """Which tasks and contexts the other replicas use now (iaccode.a2a.replicas)."""

    async def tasks_in_use(self, task_ids: list[str]) -> set[str]: ...

    async def contexts_in_use(self, context_ids: list[str]) -> set[str]: ...


class Retention:
    """Deletes what is older than `days` (see the module docstring); `run_once` is one pass."""

    def __init__(
        self,
        store: RetentionStore,
        tasks: TaskManager,
        contexts: ContextRegistry,
        artifact_dir: Path,
        *,
        days: float,
        push_queue: PushQueue | None = None,
        clock: Callable[[], float] = time.time,
        batch: int = PRUNE_BATCH,
        others: OtherReplicas | None = None,
    ) -> None:
        if days <= 0:
            raise ValueError("retention days must be greater than 0")
        self.store = store
        self.tasks = tasks
        self.contexts = contexts
        self.artifact_dir = artifact_dir
        self.days = days
        self.push_queue = push_queue
        self.clock = clock
        self.batch = batch
        self.others = others

    async def run_once(self) -> RetentionReport:
        now = self.clock()
        cutoff = max(0.0, now - self.days * DAY)  # a retention of millennia keeps everything
        before = format_timestamp(datetime.fromtimestamp(cutoff, UTC))
        report = RetentionReport()
        await self._prune_tasks(before, report)
        await self._sweep_artifact_dirs(min(cutoff, now - ORPHAN_MIN_AGE), report)
        await self._prune_contexts(before, report)
        after = 0
        while (
            swept := await self.store.prune_orphan_push_configs(cutoff, after=after)
        ) is not None:
            after, count = swept
            report.push_configs += count
        if self.push_queue is not None:
            try:
                report.dead_letters = await self.push_queue.prune_dead(cutoff)
            except Exception as exc:  # Redis down: the next pass tries again
                log.warning("push dead letters not pruned: %s: %s", type(exc).__name__, exc)
        return report

    async def _prune_tasks(self, before: str, report: RetentionReport) -> None:
        after = 0
        while True:
            # Shielded: the commit happens anyway once started (the thread is not abandoned),
            # and the cache must then forget what it deleted. One transaction at most.
            with trio.CancelScope(shield=True):
                pruned = await self.store.prune_tasks(
                    before,
                    after=after,
                    keep=self.tasks.pinned,
                    elsewhere=self.others.tasks_in_use if self.others else None,
                    limit=self.batch,
                )
                self.tasks.forget(pruned.task_ids if pruned is not None else ())
            if pruned is None:
                return
            after = pruned.scanned_to
            if not pruned.task_ids:
                continue
            report.tasks += len(pruned.task_ids)
            report.messages += pruned.messages
            report.artifacts += pruned.artifact_rows
            report.push_configs += pruned.push_configs
            names = artifact_dirs_of(self.artifact_dir, pruned.artifacts)
            if names:
                report.files += await trio.to_thread.run_sync(
                    remove_artifact_dirs, self.artifact_dir, names
                )

    async def _sweep_artifact_dirs(self, before: float, report: RetentionReport) -> None:
        old = await trio.to_thread.run_sync(old_artifact_dirs, self.artifact_dir, before)
        if not old:
            return
        orphans = sorted(set(old) - await self.store.referenced_artifacts(old))
        if orphans:
            report.orphan_dirs += len(orphans)
            report.files += await trio.to_thread.run_sync(
                remove_artifact_dirs, self.artifact_dir, orphans
            )

    async def _prune_contexts(self, before: str, report: RetentionReport) -> None:
        after = 0
        with self.contexts.forgetting():
            while True:
                keep = self.contexts.in_memory()
                elsewhere = self.others.contexts_in_use if self.others else None
                swept = await self.store.prune_contexts(
                    before, after=after, keep=keep, elsewhere=elsewhere
                )
                if swept is None:
                    return
                after, count = swept
                report.contexts += count


# -- artifact files (blocking: worker threads) -------------------------------------------------


def artifact_dirs_of(root: Path, rows: Collection[tuple[str, str]]) -> list[str]:
    """The directories under `root` that deleted artifact rows had their files in.

    A row counts only if its id is a name `ArtifactStore` gives and one of its parts is a
    `file://` URL of a file directly in `<root>/<artifact id>/`: an engine's own artifact id that
    happens to name some other directory never makes retention delete it.
    """
    base = os.path.abspath(root)
    names = []
    for artifact_id, body in rows:
        if not ARTIFACT_DIR_NAME.fullmatch(artifact_id):
            continue
        directory = os.path.join(base, artifact_id)
        if any(os.path.dirname(path) == directory for path in _file_urls(body)):
            names.append(artifact_id)
    return names


def _file_urls(body: str) -> list[str]:
    try:
        artifact = json.loads(body)
    except ValueError:
        return []
    parts = artifact.get("parts") if isinstance(artifact, dict) else None
    paths = []
    for part in parts if isinstance(parts, list) else []:
        url = part.get("url") if isinstance(part, dict) else None
        if isinstance(url, str) and url.startswith("file://"):
            parsed = urllib.parse.urlsplit(url)
            if parsed.netloc in ("", "localhost"):
                paths.append(os.path.normpath(urllib.parse.unquote(parsed.path)))
    return paths


def old_artifact_dirs(root: Path, before: float) -> list[str]:
    """Artifact directories directly under `root` last changed before unix time `before`."""
    found: list[str] = []
    try:
        with os.scandir(root) as entries:
            for entry in entries:
                if not ARTIFACT_DIR_NAME.fullmatch(entry.name):
                    continue
                try:
                    if (
                        entry.is_dir(follow_symlinks=False)
                        and entry.stat(follow_symlinks=False).st_mtime < before
                    ):
                        found.append(entry.name)
                except FileNotFoundError:
                    continue
    except (FileNotFoundError, NotADirectoryError):
        pass  # no artifact was ever written
    return found


def remove_artifact_dirs(root: Path, names: Collection[str]) -> int:
    """Remove `<root>/<name>/*` and the directory, for each name; the number of files removed.

    Every step goes through directory descriptors opened with O_NOFOLLOW, so a symbolic link
    (the directory itself, or an entry in it) never leads outside `root`: a link is removed,
    never followed. Subdirectories are left alone (ArtifactStore makes none).
    """
    removed = 0
    try:
        root_fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except (FileNotFoundError, NotADirectoryError):
        return 0
    try:
        for name in names:
            if not ARTIFACT_DIR_NAME.fullmatch(name):
                continue
            removed += _remove_directory(root_fd, name)
    finally:
        os.close(root_fd)
    return removed


def _remove_directory(root_fd: int, name: str) -> int:
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        fd = os.open(name, flags, dir_fd=root_fd)
    except OSError as exc:
        if exc.errno in (errno.ENOENT, errno.ENOTDIR, errno.ELOOP):
            return 0  # gone already, or not a real directory
        raise
    removed = 0
    try:
        with os.scandir(fd) as entries:
            names = [e.name for e in entries if not e.is_dir(follow_symlinks=False)]
        for entry in names:
            try:
                os.unlink(entry, dir_fd=fd)
                removed += 1
            except FileNotFoundError:
                pass
    finally:
        os.close(fd)
    try:
        os.rmdir(name, dir_fd=root_fd)
    except OSError as exc:
        if exc.errno not in (errno.ENOENT, errno.ENOTEMPTY, errno.EEXIST):
            raise
    return removed
