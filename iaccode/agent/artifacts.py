"""Artifact files: what a turn produces (a template, a converted project) stored on disk.

A2A seed, "Streaming-Aktualisierungen": a stored artifact is announced as a standard
TaskArtifactUpdateEvent whose part is a `file://` URL with `mediaType`, and `byteSize` and
`sha256` in the metadata; the content itself is not repeated in tool metadata.

Each artifact gets its own directory under `artifact-dir` (`<artifact id>/<safe file name>`) and
is written atomically (temporary file, fsync, rename), so a crash never leaves half a template.
"""

from __future__ import annotations

import hashlib
import os
import re
import uuid
from pathlib import Path

import trio

from iaccode.model.a2a import Artifact, Part

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def safe_filename(name: str) -> str:
    """A file name with no directory parts and nothing a file system could misread."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    cleaned = _UNSAFE.sub("-", base).strip(".-")[:120]
    return cleaned or "artifact"


class ArtifactStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    async def save(self, name: str, content: bytes, media_type: str) -> Artifact:
        artifact_id = f"artifact-{uuid.uuid4().hex}"
        filename = safe_filename(name)
        path = self.root / artifact_id / filename
        await trio.to_thread.run_sync(_write_atomically, path, content)
        details = {
            "uri": path.as_uri(),
            "mediaType": media_type,
            "byteSize": len(content),
            "sha256": hashlib.sha256(content).hexdigest(),
        }
        part = Part(url=path.as_uri(), filename=filename, media_type=media_type, metadata=details)
        return Artifact(artifact_id=artifact_id, name=filename, parts=[part], metadata=details)


def _write_atomically(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True, mode=0o700)
    temporary = path.with_name(f".{path.name}.tmp")
    with temporary.open("wb") as handle:
        handle.write(content)
        handle.flush()
        os.fsync(handle.fileno())
    temporary.replace(path)
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)
