"""Workspace file tools: list, read, write, edit, confined to the turn's `cwd`.

Every path goes through `resolve_in_workspace`: relative to the workspace, absolute only inside
it, symlinks resolved before the check, so `..`, absolute paths and links cannot reach outside.
Writes need permission (the runner asks), are size-capped, and replace the file atomically, so
a refused, failed or cancelled write leaves nothing half-written. What was written is also stored
as a task artifact (a snapshot under artifact-dir), announced like every artifact.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import trio

from iaccode.agent.media import media_type_for
from iaccode.agent.tools.base import ToolContext, ToolError, ToolResult, ToolSpec
from iaccode.agent.workspace import WorkspaceError, resolve_in_workspace

READ_LIMIT = 256 * 1024
WRITE_LIMIT = 2 * 1024 * 1024
LIST_LIMIT = 500
SKIPPED_DIRS = frozenset({".git", ".terraform", "node_modules", "__pycache__", ".venv"})


async def _path(ctx: ToolContext, args: Mapping[str, Any], key: str, *, must_exist: bool) -> Path:
    """The resolved path (`ToolError` when refused), resolved in a worker thread: resolving
    stats every component, and a slow disk must not stall the event loop."""
    return await workspace_path(ctx.cwd, args.get(key), must_exist=must_exist)


async def workspace_path(cwd: Path, requested: object, *, must_exist: bool) -> Path:
    """`resolve_in_workspace` in a worker thread, its refusal as a `ToolError`."""
    resolve = functools.partial(resolve_in_workspace, cwd, requested, must_exist=must_exist)
    try:
        return await trio.to_thread.run_sync(resolve)
    except WorkspaceError as exc:
        raise ToolError(str(exc)) from None


async def workspace_dir(ctx: ToolContext, args: Mapping[str, Any]) -> Path:
    """The existing workspace directory `args["path"]` names (the workspace when absent).
    Raises ToolError when it is refused or not a directory."""
    directory = await _path(ctx, {"path": args.get("path") or "."}, "path", must_exist=True)
    if not await trio.Path(directory).is_dir():
        raise ToolError(f"{args.get('path')!r} is not a directory.")
    return directory


def _relative(ctx: ToolContext, path: Path) -> str:
    return path.relative_to(ctx.cwd).as_posix() or "."


def _text(args: Mapping[str, Any], key: str) -> str:
    value = args.get(key)
    if not isinstance(value, str):
        raise ToolError(f"'{key}' must be a string.")
    return value


class ListFiles:
    spec = ToolSpec(
        name="list_files",
        description="List the files and directories under a workspace directory.",
        parameters={
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "Directory, relative to the workspace"},
                "recursive": {"type": "boolean", "default": False},
            },
        },
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        directory = await workspace_dir(ctx, args)
        recursive = args.get("recursive") is True
        entries = await trio.to_thread.run_sync(_list, directory, ctx.cwd, recursive)
        return ToolResult({"entries": entries[:LIST_LIMIT], "truncated": len(entries) > LIST_LIMIT})


def _list(directory: Path, cwd: Path, recursive: bool) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    for root, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
        base = Path(root)
        for name in dirs:
            entries.append({"path": (base / name).relative_to(cwd).as_posix(), "type": "dir"})
        for name in sorted(files):
            path = base / name
            size = path.lstat().st_size
            entries.append({"path": path.relative_to(cwd).as_posix(), "type": "file", "size": size})
        if not recursive or len(entries) > LIST_LIMIT:
            break
    return entries


class ReadFile:
    spec = ToolSpec(
        name="read_file",
        description="Read a text file from the workspace (up to 256 KiB).",
        parameters={
            "type": "object",
            "properties": {"path": {"type": "string"}},
            "required": ["path"],
        },
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        path = await _path(ctx, args, "path", must_exist=True)
        if not await trio.Path(path).is_file():
            raise ToolError(f"{args['path']!r} is not a file.")
        async with await trio.open_file(path, "rb") as file:  # a huge file is not read whole
            data = await file.read(READ_LIMIT + 1)
        text = data[:READ_LIMIT].decode("utf-8", errors="replace")
        return ToolResult(
            {"path": _relative(ctx, path), "content": text, "truncated": len(data) > READ_LIMIT}
        )


class WriteFile:
    spec = ToolSpec(
        name="write_file",
        description="Create or replace a text file in the workspace.",
        parameters={
            "type": "object",
            "properties": {"path": {"type": "string"}, "content": {"type": "string"}},
            "required": ["path", "content"],
        },
        read_only=False,
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        path = await _path(ctx, args, "path", must_exist=False)
        content = _text(args, "content").encode("utf-8")
        if len(content) > WRITE_LIMIT:
            raise ToolError(f"The content is larger than {WRITE_LIMIT // (1024 * 1024)} MiB.")
        if await trio.Path(path).is_dir():
            raise ToolError(f"{args['path']!r} is a directory.")
        await trio.to_thread.run_sync(write_atomically, path, content, ctx.cwd)
        artifact_id = await _announce(ctx, path, content)
        return ToolResult(
            {"path": _relative(ctx, path), "bytes": len(content), "artifactId": artifact_id}
        )


class EditFile:
    spec = ToolSpec(
        name="edit_file",
        description=(
            "Replace text in a workspace file. old_text must occur exactly once unless "
            "replace_all is true."
        ),
        parameters={
            "type": "object",
            "properties": {
                "path": {"type": "string"},
                "old_text": {"type": "string"},
                "new_text": {"type": "string"},
                "replace_all": {"type": "boolean", "default": False},
            },
            "required": ["path", "old_text", "new_text"],
        },
        read_only=False,
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        path = await _path(ctx, args, "path", must_exist=True)
        old, new = _text(args, "old_text"), _text(args, "new_text")
        if not old:
            raise ToolError("'old_text' must not be empty.")
        if not await trio.Path(path).is_file():
            raise ToolError(f"{args['path']!r} is not a file.")
        if (await trio.Path(path).stat()).st_size > WRITE_LIMIT:  # what a write may hold
            raise ToolError(
                f"{args['path']!r} is larger than {WRITE_LIMIT} bytes, too big to edit."
            )
        text = (await trio.Path(path).read_bytes()).decode("utf-8", errors="strict")
        count = text.count(old)
        if count == 0:
            raise ToolError("'old_text' does not occur in the file.")
        if count > 1 and args.get("replace_all") is not True:
            raise ToolError(f"'old_text' occurs {count} times; make it unique or set replace_all.")
        content = text.replace(old, new).encode("utf-8")
        if len(content) > WRITE_LIMIT:
            raise ToolError("The edited file would be too large.")
        await trio.to_thread.run_sync(write_atomically, path, content, ctx.cwd)
        artifact_id = await _announce(ctx, path, content)
        return ToolResult(
            {"path": _relative(ctx, path), "replacements": count, "artifactId": artifact_id}
        )


async def _announce(ctx: ToolContext, path: Path, content: bytes) -> str:
    """Store what was written as a task artifact (a snapshot: file://, mediaType, byteSize,
    sha256) and return its id."""
    name = _relative(ctx, path)
    artifact = await ctx.output.file_artifact(name, content, media_type_for(name))
    return artifact.artifact_id


def write_atomically(path: Path, content: bytes, cwd: Path) -> None:
    """Write through a temporary file in the same directory, fsync, then rename over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.parent.resolve().is_relative_to(cwd):  # a link created meanwhile
        raise ToolError("The directory is outside the workspace.")
    temporary = path.with_name(f".{path.name}.iaccode-tmp")
    try:
        with temporary.open("wb") as handle:
            handle.write(content)
            handle.flush()
            os.fsync(handle.fileno())
        temporary.replace(path)
    finally:
        temporary.unlink(missing_ok=True)


FILE_TOOLS = (ListFiles(), ReadFile(), WriteFile(), EditFile())
