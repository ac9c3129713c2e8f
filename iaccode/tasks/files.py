"""Small files that are written whole or not at all, and survive a crash once written.

A temp file beside the target is written and fsynced, then renamed over the target (or linked
to it, which fails if the target exists), then the directory is fsynced so the new name is
durable too. Readers never see a half-written file. Blocking: call from a worker thread.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def write_durably(path: Path, data: bytes, *, exclusive: bool = False) -> None:
    """Put `data` at `path` with mode 0600; `exclusive`: raise FileExistsError if it exists."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if exclusive:
            os.link(temp, path)  # fails if another process created the file first
        else:
            os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)
    fsync_directory(path.parent)


def fsync_directory(directory: Path) -> None:
    _fsync(directory, os.O_RDONLY | os.O_DIRECTORY)


def fsync_file(path: Path) -> None:
    """Flush a file written elsewhere (a copy) to the disk."""
    _fsync(path, os.O_RDONLY | os.O_CLOEXEC)


def _fsync(path: Path, flags: int) -> None:
    fd = os.open(path, flags)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
