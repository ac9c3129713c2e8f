"""Terraform workspaces as plain data: collect a directory into {relative path: text}, check paths.

A ROS Terraform-type template carries the configuration inline, as a `Workspace` map of relative
POSIX paths to file text (`spec/iac-code-reference.md` 3.6 and 3.7). Collecting that map from a
directory is the one place in `iaccode.iac` that reads files, because it is pure in the sense that
matters here (no sockets, no trio, no other layer): callers on an event loop run it in a thread.

What is kept follows rostran's compatible mode: `.tf`, `.tftpl`, `.tfvars`, `.metadata`,
`.mappings`, `.conditions` and `.rules`, plus `extra_suffixes`. `.terraform/`, `.git/` and
`__pycache__/` are never entered and `*.tfstate*` never read (state holds secrets). Symlinks are
followed only while they stay inside the directory, so a workspace cannot smuggle in `~/.ssh`.

Limits: ROS documents at most 50 Workspace files, paths of at most 1024 characters and names of
at most 255. The total size is capped at 1 MiB by default: the rendered template must stay under
the checker's 2 MiB body limit (`ros_loader.MAX_TEMPLATE_BYTES`), and YAML indentation or JSON
escaping grows the text. Every limit is a keyword argument; every failure is a `TerraformError`
that names the file.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from iaccode.iac.msg import Msg

DEFAULT_SUFFIXES: tuple[str, ...] = (
    ".tf",
    ".tftpl",
    ".tfvars",
    ".metadata",
    ".mappings",
    ".conditions",
    ".rules",
)
SKIPPED_DIRECTORIES: frozenset[str] = frozenset({".terraform", ".git", "__pycache__"})
DEFAULT_MAX_BYTES = 1024 * 1024
DEFAULT_MAX_FILES = 50
MAX_PATH_LENGTH = 1024
MAX_NAME_LENGTH = 255


class TerraformError(ValueError):
    """Terraform input that cannot be collected, wrapped or converted; the message says why.

    `str(error)` is English; `text` is the message to render in the reader's language."""

    def __init__(self, text: Msg | str) -> None:
        self.text = text if isinstance(text, Msg) else Msg.plain(text)
        super().__init__(str(self.text))


def normalise_suffixes(extra: Iterable[str]) -> tuple[str, ...]:
    suffixes = list(DEFAULT_SUFFIXES)
    for suffix in extra:
        text = suffix.strip()
        if not text:
            raise TerraformError(Msg("An extra file suffix is empty; give suffixes such as '.sh'."))
        if not text.startswith("."):
            text = "." + text
        if text not in suffixes:
            suffixes.append(text)
    return tuple(suffixes)


def is_kept(name: str, suffixes: tuple[str, ...]) -> bool:
    if ".tfstate" in name:
        return False
    return any(name.endswith(suffix) for suffix in suffixes)


def _inside(path: Path, root: Path) -> bool:
    return path == root or path.is_relative_to(root)


def collect_terraform_files(
    directory: Path,
    *,
    extra_suffixes: Iterable[str] = (),
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_files: int = DEFAULT_MAX_FILES,
) -> dict[str, str]:
    """Read a Terraform directory (modules included) into {relative POSIX path: UTF-8 text}.

    Raises `TerraformError` when the directory is missing, a symlink leaves it, a kept file is
    not UTF-8, or the files are more than `max_files` or larger than `max_bytes` together.
    """
    return read_listed(list_terraform_files(directory, extra_suffixes, max_files), max_bytes)


def list_terraform_files(
    directory: Path, extra_suffixes: Iterable[str] = (), max_files: int = DEFAULT_MAX_FILES
) -> list[tuple[str, Path]]:
    """The kept files under `directory` as sorted (relative POSIX path, real path) pairs, read
    by nobody yet. Raises `TerraformError` like `collect_terraform_files` (but reads nothing)."""
    suffixes = normalise_suffixes(extra_suffixes)
    if not directory.is_dir():
        raise TerraformError(
            Msg("{directory} is not a directory with Terraform files.", directory=str(directory))
        )
    root = directory.resolve()
    found: list[tuple[str, Path]] = []
    visited: set[Path] = {root}
    pending: list[tuple[Path, str]] = [(root, "")]
    while pending:
        folder, prefix = pending.pop()
        for entry in scan(folder, prefix or "."):
            relative = prefix + entry.name
            is_dir = entry.is_dir(follow_symlinks=True)
            if is_dir and entry.name in SKIPPED_DIRECTORIES:
                continue
            if not is_dir and not is_kept(entry.name, suffixes):
                continue
            target = Path(entry.path)
            if entry.is_symlink():
                target = target.resolve()
                if not _inside(target, root):
                    raise TerraformError(
                        Msg(
                            "{path} is a symlink to a place outside the Terraform directory, "
                            "which is not followed; copy the file into the directory instead.",
                            path=relative,
                        )
                    )
                if not target.exists():
                    raise TerraformError(
                        Msg("{path} is a symlink to a missing file.", path=relative)
                    )
            if is_dir:
                if target not in visited:  # symlinked folders could otherwise loop forever
                    visited.add(target)
                    pending.append((target, relative + "/"))
                continue
            found.append((relative, target))
            if len(found) > max_files:
                raise too_many_files(max_files)
    return sorted(found)


def scan(folder: Path, shown: str) -> list[os.DirEntry[str]]:
    """The entries of `folder` by name; raises `TerraformError` naming it as `shown`."""
    try:
        return sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError as exc:
        raise TerraformError(
            Msg("Cannot list {path}: {reason}.", path=shown, reason=os_reason(exc))
        ) from exc


def too_many_files(limit: int) -> TerraformError:
    return TerraformError(
        Msg(
            "The directory has more than {limit} Terraform files (ROS accepts at most 50 "
            "Workspace files); remove unused files or raise the limit.",
            limit=limit,
        )
    )


def read_listed(found: list[tuple[str, Path]], max_bytes: int, already: int = 0) -> dict[str, str]:
    """The text of listed files; raises `TerraformError` past `max_bytes` (counting `already`
    bytes read before) or for non-UTF-8."""
    total = already
    files: dict[str, str] = {}
    for relative, path in found:
        try:
            total += path.stat().st_size
        except OSError as exc:
            raise TerraformError(_unreadable(relative, exc)) from exc
        if total > max_bytes:
            raise _too_large(max_bytes, relative)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise TerraformError(_unreadable(relative, exc)) from exc
        try:
            files[relative] = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise TerraformError(
                Msg(
                    "{path} is not UTF-8 text (invalid byte at offset {offset}); ROS Workspace "
                    "files must be UTF-8.",
                    path=relative,
                    offset=exc.start,
                )
            ) from exc
    return files


def _too_large(limit: int, path: str) -> TerraformError:
    return TerraformError(
        Msg(
            "The Terraform files add up to more than {limit} bytes (reached at {path}); a ROS "
            "template body has to stay small, so remove large files or raise the limit.",
            limit=limit,
            path=path,
        )
    )


def os_reason(exc: OSError) -> str:
    return exc.strerror or str(exc)  # the system's wording, not translated


def _unreadable(path: str, exc: OSError) -> Msg:
    return Msg("Cannot read {path}: {reason}.", path=path, reason=os_reason(exc))


def workspace_path_problem(path: str) -> Msg | None:
    """Why `path` cannot be a Workspace key, or None when it is a clean relative POSIX path."""
    if not path:
        return Msg("is empty")
    if "\\" in path:
        return Msg("contains a backslash; use '/' between folders")
    if path.startswith("/") or (len(path) > 1 and path[1] == ":"):
        return Msg("is absolute")
    if len(path) > MAX_PATH_LENGTH:
        return Msg("is longer than {limit} characters", limit=MAX_PATH_LENGTH)
    for segment in path.split("/"):
        if segment in ("", ".", ".."):
            return Msg("has an empty, '.' or '..' segment")
        if len(segment) > MAX_NAME_LENGTH:
            return Msg("has a name longer than {limit} characters", limit=MAX_NAME_LENGTH)
    return None


def check_workspace(
    files: Mapping[str, object],
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_files: int = DEFAULT_MAX_FILES,
) -> dict[str, str]:
    """Validate a {path: text} mapping as a Workspace; return it as a plain sorted dict.

    Raises `TerraformError` for no files, a bad path or value, no `.tf` file, or more than
    `max_files` files or `max_bytes` of UTF-8 text (the limits `collect_terraform_files` keeps).
    """
    if not files:
        raise TerraformError(Msg("No Terraform files were given."))
    if len(files) > max_files:
        raise TerraformError(
            Msg(
                "{count} Terraform files were given; ROS accepts at most {limit} Workspace files.",
                count=len(files),
                limit=max_files,
            )
        )
    checked: dict[str, str] = {}
    total = 0
    for path in sorted(files):
        if not isinstance(path, str):
            raise TerraformError(Msg("Workspace path {path!r} must be a string.", path=path))
        problem = workspace_path_problem(path)
        if problem is not None:
            raise TerraformError(
                Msg("Workspace path {path!r} {problem}.", path=path, problem=problem)
            )
        text = files[path]
        if not isinstance(text, str):
            raise TerraformError(
                Msg("{path} must be text, not {kind}.", path=path, kind=type(text).__name__)
            )
        checked[path] = text
        total += len(text.encode("utf-8", errors="replace"))
        if total > max_bytes:
            raise _too_large(max_bytes, path)
    if not any(path.endswith(".tf") for path in checked):
        raise TerraformError(Msg("There is no .tf file, so there is no Terraform configuration."))
    return checked


def local_source(directory: str, source: str) -> str | None:
    """The workspace path a relative `./` or `../` path (a module source, a file that
    `file()` reads) names from the workspace folder `directory`; None if it leaves the
    workspace."""
    parts = [part for part in directory.split("/") if part]
    for segment in source.split("/"):
        if segment in ("", "."):
            continue
        if segment == "..":
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(segment)
    return "/".join(parts)
