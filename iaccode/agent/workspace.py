"""Workspace rules: which directory a context may work in.

A message may name its workspace in `metadata.iac_code.cwd` (A2A seed, "Erforderliche
Nachrichtenfelder"): it must be an existing absolute directory inside an allowed root. The roots are
the server's working directory and the system temp directory, or the `IACCODE_A2A_ALLOWED_CWDS`
list. Paths are compared after resolving symlinks, so a link inside a root that points outside it
is refused. Messages name no resolved paths: the caller learns what is wrong, not where things are.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path


class WorkspaceError(ValueError):
    """The requested workspace is not acceptable; the message is safe to show the caller."""


def resolve_workspace(requested: object, roots: Sequence[Path], default: Path) -> Path:
    """The resolved workspace for a message, or `WorkspaceError`.

    `requested` is the raw `metadata.iac_code.cwd` value (None when absent); `default` is used
    when it is absent and must itself lie inside a root.
    """
    if requested is None:
        candidate = default
    elif not isinstance(requested, str) or not requested.strip():
        raise WorkspaceError("metadata.iac_code.cwd must be a non-empty string.")
    else:
        candidate = Path(requested)
        if not candidate.is_absolute():
            raise WorkspaceError("metadata.iac_code.cwd must be absolute.")
        if "\x00" in requested:
            raise WorkspaceError("metadata.iac_code.cwd is not a valid path.")
    # One answer for "missing" and "outside", and the root check before any other: otherwise
    # the answers would tell which paths exist outside the roots.
    unreachable = WorkspaceError("the directory does not exist or is outside the allowed roots.")
    try:
        resolved = candidate.resolve(strict=True)
    except (OSError, RuntimeError):
        raise unreachable from None
    if not any(is_within(resolved, root) for root in roots):
        raise unreachable
    if not resolved.is_dir():
        raise WorkspaceError("the path is not a directory.")
    if not os.access(resolved, os.R_OK | os.X_OK):
        raise WorkspaceError("the directory is not accessible.")
    return resolved


def is_within(path: Path, root: Path) -> bool:
    """True when resolved `path` is `root` or below it."""
    return path == root or root in path.parents


def resolve_in_workspace(cwd: Path, requested: object, *, must_exist: bool) -> Path:
    """A path a tool may use: `requested` (relative to `cwd`, or absolute inside it) with every
    symlink resolved, refused when it leaves `cwd`. Messages echo the caller's own path only."""
    if not isinstance(requested, str) or not requested or "\x00" in requested:
        raise WorkspaceError("The path must be a non-empty string.")
    candidate = Path(requested)
    if not candidate.is_absolute():
        candidate = cwd / candidate
    outside = WorkspaceError(f"{requested!r} is outside the workspace.")
    try:
        resolved = candidate.resolve(strict=must_exist)
    except FileNotFoundError:
        # Outside by its name alone: "outside", whether it exists or not (no existence oracle).
        if not is_within(Path(os.path.normpath(candidate)), cwd):
            raise outside from None
        raise WorkspaceError(f"{requested!r} does not exist.") from None
    except (OSError, RuntimeError):
        raise WorkspaceError(f"{requested!r} cannot be resolved.") from None
    if not is_within(resolved, cwd):
        raise outside
    return resolved
