"""Config backups: consistent snapshots of the state, so that an ephemeral sandbox keeps its
conversations (`IAC_CODE_CONFIG_BACKUP_DIR`, `IAC_CODE_CONFIG_BACKUP_TMP_DIR`).

A2A seed ("Zustaende"): a normal turn's end (INPUT_REQUIRED) is published first and then
backed up, without blocking (the `normal_turn_end` checkpoint); a terminal state is backed up
BEFORE it is published (critical), and when that backup fails the task's metadata carries
`metadata.iac_code.backupBlocked` with `reason`, `error` and `recoverable`, so that clients wait
for recovery before the next turn. With an intermediate directory (`..._TMP_DIR`) a snapshot is
written there first (that is what a critical backup confirms: restorable in the same sandbox)
and copied on to the final directory in the background (restorable anywhere).

A snapshot is one directory, `<dir>/snapshots/<name>/`, holding `tasks.db` (taken with SQLite's
online backup API from a reader connection, so it is one consistent state and the writer is
never blocked), `push_keys.json` when the keyring is a file, and `agui-threads/` (the AG-UI
thread files) for `iaccode agui`. It is written as `<name>.partial`, fsynced and renamed, and
`<dir>/LATEST` (replaced atomically) names the newest complete one; the two newest are kept.
Names sort by time, so the newer of the two directories is known without reading them.

Restore (`restore_latest`): at start-up, a persistence-dir without `tasks.db` is filled from the
newest snapshot of the two directories, so a fresh sandbox started with the same backup
directory serves the old tasks (docs/operations.md, "Config backups").
"""

from __future__ import annotations

import itertools
import logging
import os
import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import attrs
import trio

from iaccode.tasks.files import fsync_directory, fsync_file, write_durably

log = logging.getLogger("iaccode.backup")

SNAPSHOTS = "snapshots"
LATEST = "LATEST"
DATABASE = "tasks.db"
KEYRING = "push_keys.json"
THREADS = "agui-threads"
KEEP = 2
_counter = itertools.count()


@attrs.frozen
class BackupBlocked:
    """Why a critical backup failed: `metadata.iac_code.backupBlocked` (seed)."""

    reason: str
    error: str  # the error's kind and text, never a path
    recoverable: bool = True  # the next backup may succeed (a full or missing disk)

    def to_metadata(self) -> dict[str, Any]:
        return {"reason": self.reason, "error": self.error, "recoverable": self.recoverable}


class StateBackup:
    """Takes snapshots of one persistence-dir (and AG-UI thread directory).

    `critical` snapshots now; `request` asks for one in the background; `run` (in the server's
    nursery) serves the requests and copies staged snapshots on to the final directory.
    """

    def __init__(
        self,
        persistence_dir: Path,
        final_dir: Path,
        tmp_dir: Path | None = None,
        threads_dir: Path | None = None,
    ) -> None:
        self.persistence_dir = persistence_dir
        self.final_dir = final_dir
        self.tmp_dir = tmp_dir
        self.threads_dir = threads_dir
        self._limiter = trio.CapacityLimiter(1)  # one snapshot (or copy) at a time
        self._requested = trio.Event()
        self._staged = trio.Event()
        self.taken = 0  # snapshots written (for logs and tests)
        self.copied = 0  # staged snapshots copied to the final directory

    @property
    def staging(self) -> Path:
        """Where snapshots are written first: the intermediate directory, or the final one."""
        return self.tmp_dir or self.final_dir

    async def critical(self) -> BackupBlocked | None:
        """Snapshot now, before a terminal state is published; None when it worked.

        A checkpoint; cancellation leaves at most a `.partial` directory, which the next
        snapshot replaces. Never raises for a failed backup: the failure is the return value.
        """
        try:
            await self.snapshot()
        except (OSError, sqlite3.Error) as exc:
            log.warning("critical backup failed: %s", _describe(exc))
            return BackupBlocked("backup_failed", _describe(exc))
        return None

    def request(self) -> None:
        """Ask for a snapshot in the background (the normal_turn_end checkpoint); requests
        that arrive while one is taken are served by one more."""
        self._requested.set()

    async def snapshot(self) -> str:
        """Write one snapshot to the staging directory; its name. Raises `OSError` or
        `sqlite3.Error` when it cannot be written."""
        async with self._limiter:
            name = await trio.to_thread.run_sync(self._take)
        self.taken += 1
        if self.tmp_dir is not None:
            self._staged.set()
        return name

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Serve background requests and copy staged snapshots on, until cancelled."""
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._serve_requests)
            if self.tmp_dir is not None:
                nursery.start_soon(self._copy_on)
            task_status.started()

    async def _serve_requests(self) -> None:
        while True:
            await self._requested.wait()
            self._requested = trio.Event()
            try:
                await self.snapshot()
            except (OSError, sqlite3.Error) as exc:
                log.warning("backup (normal turn end) failed: %s", _describe(exc))

    async def _copy_on(self) -> None:
        assert self.tmp_dir is not None
        while True:
            await self._staged.wait()
            self._staged = trio.Event()
            try:
                async with self._limiter:
                    await trio.to_thread.run_sync(_copy_latest, self.tmp_dir, self.final_dir)
                self.copied += 1
            except OSError as exc:
                log.warning("backup copy to the final directory failed: %s", _describe(exc))
                await trio.sleep(5.0)
                self._staged.set()  # try again

    # -- in a worker thread ----------------------------------------------------------------------

    def _take(self) -> str:
        root = self.staging / SNAPSHOTS
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        # One clock reading for both parts: two readings straddling a second would name a
        # later snapshot below an earlier one, and the newest would be pruned.
        seconds, nanos = divmod(time.time_ns(), 10**9)
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(seconds))
        name = f"{stamp}-{nanos:09d}-{next(_counter):06d}"
        partial = root / f"{name}.partial"
        partial.mkdir(mode=0o700)
        try:
            _backup_database(self.persistence_dir / DATABASE, partial / DATABASE)
            keyring = self.persistence_dir / KEYRING
            if keyring.is_file():
                _copy_file(keyring, partial / KEYRING)
            if self.threads_dir is not None and self.threads_dir.is_dir():
                _copy_tree(self.threads_dir, partial / THREADS)
            fsync_directory(partial)
            os.rename(partial, root / name)
        except BaseException:
            shutil.rmtree(partial, ignore_errors=True)
            raise
        _publish(self.staging, name)
        return name


def _backup_database(source: Path, target: Path) -> None:
    src = sqlite3.connect(source, timeout=10.0)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)  # the online backup API: one consistent state
        finally:
            dst.close()
    finally:
        src.close()
    os.chmod(target, 0o600)
    fsync_file(target)


def _copy_file(source: Path, target: Path) -> None:
    shutil.copyfile(source, target)
    os.chmod(target, 0o600)
    fsync_file(target)


def _copy_tree(source: Path, target: Path) -> None:
    """The regular files of `source` (one level: thread files), each fsynced."""
    target.mkdir(mode=0o700)
    with os.scandir(source) as entries:
        for entry in entries:
            if entry.is_file(follow_symlinks=False) and not entry.name.startswith("."):
                _copy_file(Path(entry.path), target / entry.name)
    fsync_directory(target)


def _publish(directory: Path, name: str) -> None:
    """Point `LATEST` at `name` (atomically) and forget all but the newest `KEEP`."""
    write_durably(directory / LATEST, f"{name}\n".encode())
    root = directory / SNAPSHOTS
    complete = sorted(p.name for p in root.iterdir() if not p.name.endswith(".partial"))
    for old in complete[:-KEEP]:
        shutil.rmtree(root / old, ignore_errors=True)


def latest(directory: Path) -> str | None:
    """The newest complete snapshot's name in a backup directory, or None."""
    try:
        name = (directory / LATEST).read_text().strip()
    except OSError:
        return None
    return name if name and (directory / SNAPSHOTS / name / DATABASE).is_file() else None


def _copy_latest(source: Path, target: Path) -> None:
    name = latest(source)
    if name is None or latest(target) == name:
        return
    root = target / SNAPSHOTS
    root.mkdir(mode=0o700, parents=True, exist_ok=True)
    partial = root / f"{name}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    try:
        partial.mkdir(mode=0o700)
        snapshot = source / SNAPSHOTS / name
        for entry in snapshot.iterdir():
            if entry.is_dir():
                _copy_tree(entry, partial / entry.name)
            else:
                _copy_file(entry, partial / entry.name)
        fsync_directory(partial)
        os.rename(partial, root / name)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    _publish(target, name)


def restore_latest(
    directories: list[Path], persistence_dir: Path, threads_dir: Path | None = None
) -> str | None:
    """Fill a persistence-dir that has no task database from the newest snapshot found in
    `directories`; the snapshot's name, or None when nothing was restored. Raises `OSError`
    when a snapshot exists but cannot be copied."""
    if (persistence_dir / DATABASE).exists():
        return None
    found = [(name, d) for d in directories if (name := latest(d)) is not None]
    if not found:
        return None
    name, directory = max(found)
    snapshot = directory / SNAPSHOTS / name
    persistence_dir.mkdir(parents=True, exist_ok=True)
    keyring = snapshot / KEYRING
    if keyring.is_file() and not (persistence_dir / KEYRING).exists():
        _copy_file(keyring, persistence_dir / KEYRING)
    if threads_dir is not None and (snapshot / THREADS).is_dir():
        threads_dir.mkdir(parents=True, exist_ok=True)
        for entry in (snapshot / THREADS).iterdir():
            if not (threads_dir / entry.name).exists():
                _copy_file(entry, threads_dir / entry.name)
    # The database last, through a temporary name: a restore cut short leaves no tasks.db, so
    # the next start restores again.
    temp = persistence_dir / f".{DATABASE}.restoring"
    _copy_file(snapshot / DATABASE, temp)
    os.replace(temp, persistence_dir / DATABASE)
    fsync_directory(persistence_dir)
    return name


def _describe(exc: BaseException) -> str:
    """An error for metadata and logs, without the paths it may carry."""
    if isinstance(exc, OSError) and exc.strerror:
        return f"{type(exc).__name__}: {exc.strerror}"
    return type(exc).__name__
