"""Workspace search tools: `glob` (file names) and `grep` (file contents), read-only.

Confined like the file tools: the directory searched goes through `resolve_in_workspace`, the walk
does not follow symlinks, and a file whose resolved path leaves the workspace is skipped, so no
link can lead outside. Results are capped (`MATCH_LIMIT`), binary files (a NUL byte in the first
block) and files over `GREP_FILE_LIMIT` are skipped, and the walk runs in a worker thread.

Python's `re` holds the GIL for the whole of one match and cannot be interrupted, so a pattern
that backtracks catastrophically (`(a+)+$` on a long line) would freeze the whole server, worker
thread or not. `grep` therefore refuses the patterns that can backtrack exponentially: a
variable repeat or an alternation inside an unbounded repeat (`(a+)+`, `(x+y?)*`, `(a|aa)+`);
atomic groups and possessive repeats, which do not backtrack, are fine. A whole search is also
bounded in time (`SEARCH_SECONDS`, checked between lines and files): past it the tool answers
with an error, and cancelling the turn does not wait for the worker.
"""

from __future__ import annotations

import fnmatch
import os
import re
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from re import _constants as sre
from re import _parser as sre_parse
from typing import Any

import trio

from iaccode.agent.tools.base import ToolContext, ToolError, ToolResult, ToolSpec
from iaccode.agent.tools.files import SKIPPED_DIRS, workspace_dir
from iaccode.agent.workspace import is_within

MATCH_LIMIT = 200
GREP_FILE_LIMIT = 2 * 1024 * 1024
LINE_LIMIT = 400  # characters of a matching line shown
_BINARY_PROBE = 8192
SEARCH_SECONDS = 20.0


class _TooSlow(Exception):
    pass


async def _in_worker(search: Callable[[float], Any]) -> Any:
    """`search(deadline)` in a worker thread, bounded by `SEARCH_SECONDS` (see the module doc)."""
    deadline = time.monotonic() + SEARCH_SECONDS
    with trio.move_on_after(SEARCH_SECONDS):
        try:
            return await trio.to_thread.run_sync(search, deadline, abandon_on_cancel=True)
        except _TooSlow:
            pass
    raise ToolError(
        f"The search took longer than {SEARCH_SECONDS:g} s; use a simpler pattern, a narrower "
        "path or an include filter."
    )


def _backtracks(items: Any, repeated: bool = False) -> bool:
    """Whether a parsed pattern (`re._parser`) can backtrack exponentially: a variable repeat or
    an alternation inside an unbounded repeat."""
    for op, av in items:
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            low, high, sub = av
            if repeated and high != low:
                return True
            if _backtracks(sub, repeated or high == sre.MAXREPEAT):
                return True
        elif op is sre.BRANCH:
            if repeated and len(av[1]) > 1:
                return True
            if any(_backtracks(branch, repeated) for branch in av[1]):
                return True
        elif op is sre.SUBPATTERN:
            if _backtracks(av[3], repeated):
                return True
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            if _backtracks(av[1], repeated):
                return True
        elif op is sre.GROUPREF_EXISTS:
            if any(_backtracks(sub, repeated) for sub in av[1:] if sub is not None):
                return True
        elif op is sre.ATOMIC_GROUP:
            if _backtracks(av):
                return True
        elif op is sre.POSSESSIVE_REPEAT and _backtracks(av[2]):
            return True
    return False


def _check(deadline: float) -> None:
    if time.monotonic() > deadline:
        raise _TooSlow


def _files(root: Path, cwd: Path) -> Iterator[Path]:
    """Regular files under `root`, sorted, not following links out of the workspace."""
    for directory, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
        for name in sorted(files):
            path = Path(directory) / name
            try:
                if not path.is_file() or not is_within(path.resolve(), cwd):
                    continue
            except OSError:
                continue
            yield path


def _pattern(args: Mapping[str, Any], key: str) -> str:
    value = args.get(key)
    if not isinstance(value, str) or not value:
        raise ToolError(f"'{key}' must be a non-empty string.")
    return value


def _limit(args: Mapping[str, Any]) -> int:
    value = args.get("limit", MATCH_LIMIT)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ToolError("'limit' must be a positive integer.")
    return min(value, MATCH_LIMIT)


def _matches(pattern: str, relative: str) -> bool:
    # `**/` also matches no directory at all, as in shells with globstar.
    return fnmatch.fnmatchcase(relative, pattern) or (
        pattern.startswith("**/") and fnmatch.fnmatchcase(relative, pattern[3:])
    )


class Glob:
    spec = ToolSpec(
        name="glob",
        description=(
            "Find workspace files whose path matches a glob pattern, such as '**/*.tf' or "
            "'templates/*.yaml'. Returns paths relative to the workspace."
        ),
        parameters={
            "type": "object",
            "properties": {
                "pattern": {"type": "string"},
                "path": {"type": "string", "description": "Directory to search (default: all)"},
                "limit": {"type": "integer", "minimum": 1, "maximum": MATCH_LIMIT},
            },
            "required": ["pattern"],
        },
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        pattern = _pattern(args, "pattern")
        root = await workspace_dir(ctx, args)
        limit = _limit(args)
        found = await _in_worker(
            lambda deadline: _glob(root, ctx.cwd, pattern, limit + 1, deadline)
        )
        return ToolResult({"paths": found[:limit], "truncated": len(found) > limit})


def _glob(root: Path, cwd: Path, pattern: str, most: int, deadline: float) -> list[str]:
    found = []
    for path in _files(root, cwd):
        _check(deadline)
        relative = path.relative_to(cwd).as_posix()
        if _matches(pattern, relative) or _matches(pattern, path.relative_to(root).as_posix()):
            found.append(relative)
            if len(found) >= most:
                break
    return found


class Grep:
    spec = ToolSpec(
        name="grep",
        description=(
            "Search the contents of workspace text files with a regular expression (Python "
            "syntax). Returns matching lines with their file and line number; binary files are "
            "skipped."
        ),
        parameters={
            "type": "object",
            "properties": {
                "pattern": {"type": "string", "description": "Regular expression"},
                "path": {"type": "string", "description": "Directory to search (default: all)"},
                "include": {"type": "string", "description": "Glob the file names must match"},
                "ignore_case": {"type": "boolean", "default": False},
                "limit": {"type": "integer", "minimum": 1, "maximum": MATCH_LIMIT},
            },
            "required": ["pattern"],
        },
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        flags = re.IGNORECASE if args.get("ignore_case") is True else 0
        pattern = _pattern(args, "pattern")
        try:
            regex = re.compile(pattern, flags)
        except re.error as exc:
            raise ToolError(f"The pattern is not a valid regular expression: {exc}.") from None
        if _backtracks(sre_parse.parse(pattern, flags).data):
            raise ToolError(
                "The pattern nests a repeat or an alternation inside a repeat, which can take "
                "forever to match; write it without the nesting (e.g. '(a+)+' as 'a+')."
            )
        include = args.get("include")
        if include is not None and (not isinstance(include, str) or not include):
            raise ToolError("'include' must be a non-empty string.")
        root = await workspace_dir(ctx, args)
        limit = _limit(args)
        found, skipped = await _in_worker(
            lambda deadline: _grep(root, ctx.cwd, regex, include, limit + 1, deadline)
        )
        return ToolResult(
            {"matches": found[:limit], "truncated": len(found) > limit, "skippedFiles": skipped}
        )


def _grep(
    root: Path, cwd: Path, regex: re.Pattern[str], include: str | None, most: int, deadline: float
) -> tuple[list[dict[str, Any]], int]:
    found: list[dict[str, Any]] = []
    skipped = 0
    for path in _files(root, cwd):
        _check(deadline)
        if include is not None and not (
            fnmatch.fnmatchcase(path.name, include)
            or _matches(include, path.relative_to(cwd).as_posix())
        ):
            continue
        text = _text_of(path)
        if text is None:
            skipped += 1
            continue
        relative = path.relative_to(cwd).as_posix()
        for number, line in enumerate(text.splitlines(), 1):
            _check(deadline)
            if regex.search(line):
                found.append({"path": relative, "line": number, "text": line[:LINE_LIMIT]})
                if len(found) >= most:
                    return found, skipped
    return found, skipped


def _text_of(path: Path) -> str | None:
    """The file's text, or None for a binary, unreadable or oversized one."""
    try:
        if path.stat().st_size > GREP_FILE_LIMIT:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    if b"\x00" in data[:_BINARY_PROBE]:
        return None
    return data.decode("utf-8", errors="replace")


SEARCH_TOOLS = (Glob(), Grep())
