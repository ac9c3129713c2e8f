"""The files of a Terraform workspace that Terraform reads for one root module.

The workspace is the boundary (the agent's working directory); the root module is one folder in
it, the top or, say, `examples/complete` of a module repository, whose `source = "../.."` names
the module at the top. A module repository keeps `examples/*` and `tests/*` beside the module,
each a configuration of its own; Terraform, run in the root module's folder, reads only that
folder's files and the folders of the local modules it calls (`./modules/x`, `../..`,
transitively); so does a conversion. Counting every folder refused most such repositories
against ROS's 50-file Workspace limit (docs/decisions.md, "Terraform files a conversion reads").

`collect_used_files` keeps, keyed by their path relative to the workspace:
- every kept file (`tf_files.DEFAULT_SUFFIXES` plus extras) in the root module's folder and in
  the folder of each local module called from a kept module;
- non-`.tf` files (templates, tfvars) below one of those folders, unless a nearer folder holds
  `.tf` files of its own (then they belong to that configuration);
- any other file the kept `.tf` files name where Terraform reads files (`named_paths`: a file
  function's literal path, an FC function's `filename`, a module input that looks like a
  path, such as `filename = "../code.py"`; a bare path from the root module's folder, where
  Terraform runs, `"${path.module}/x"` from the file's own), if it stays in the workspace, is
  UTF-8 text within `NAMED_FILE_BYTES` (all of them within `NAMED_BYTES` and the limits), and
  is no state file and nothing hidden (`.env`, `.git/`) on its path or its real path; others
  are left out, and what reads them says so (`_Walk.read_files`).
Only the folders it keeps are walked. Remote sources and sources that leave the workspace are
not followed (`wrap_notes` and the converter report them); a symlinked file that leaves the
workspace, or a module folder that does, is refused, and another symlinked folder that leaves
it is not entered. Module calls are followed `MAX_MODULE_DEPTH` + 1 deep, so the converter can say a
configuration nests too deep; a module cycle is read once. The 50-file and byte limits apply to
what is kept; `MAX_LISTED` kept-suffix files and `MAX_SCANNED` directory entries seen stop
the walk of a huge tree before much is read.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.tf_expand import MAX_MODULE_DEPTH
from iaccode.iac.tf_files import (
    DEFAULT_MAX_BYTES,
    DEFAULT_MAX_FILES,
    SKIPPED_DIRECTORIES,
    TerraformError,
    is_kept,
    local_source,
    normalise_suffixes,
    read_listed,
    scan,
)
from iaccode.iac.tf_hcl import literal_text, module_calls, module_directory, parse_hcl
from iaccode.iac.tf_rules import file_arguments

MAX_LISTED = 2000
MAX_SCANNED = 50_000


@attrs.define
class _Walk:
    """One collection: the workspace's real path, what was seen, and the budget left."""

    top: Path
    suffixes: tuple[str, ...]
    listed: int = 0
    scanned: int = 0
    visited: set[Path] = attrs.field(factory=set)

    def entries(self, folder: str) -> tuple[list[tuple[str, Path]], list[tuple[str, Path]]]:
        """The kept files and the subfolders of the workspace folder `folder` as (relative
        path, real path) pairs. Raises `TerraformError` for a symlink that leaves the
        workspace or a missing target, a folder that cannot be listed, or past the budget."""
        real = self.top / folder if folder else self.top
        prefix = f"{folder}/" if folder else ""
        found = scan(real, folder or ".")
        files: list[tuple[str, Path]] = []
        folders: list[tuple[str, Path]] = []
        for entry in found:
            self.scanned += 1
            if self.scanned > MAX_SCANNED:
                raise TerraformError(
                    Msg(
                        "The folders a conversion reads hold more than {limit} entries; "
                        "convert a smaller folder.",
                        limit=MAX_SCANNED,
                    )
                )
            relative = prefix + entry.name
            try:
                is_dir = entry.is_dir(follow_symlinks=True)
            except OSError:
                continue  # a symlink loop: nothing Terraform could read either
            if is_dir and entry.name in SKIPPED_DIRECTORIES:
                continue
            if not is_dir and not is_kept(entry.name, self.suffixes):
                continue
            if is_dir and entry.is_symlink() and not self._is_inside(Path(entry.path).resolve()):
                continue  # a folder elsewhere: not followed (a module folder there is refused)
            target = self._target(entry, relative)
            if is_dir:
                folders.append((relative, target))
                continue
            self.listed += 1
            if self.listed > MAX_LISTED:
                raise TerraformError(
                    Msg(
                        "The workspace has more than {limit} Terraform files where a "
                        "conversion looks; convert a smaller folder.",
                        limit=MAX_LISTED,
                    )
                )
            files.append((relative, target))
        return files, folders

    def _target(self, entry: os.DirEntry[str], relative: str) -> Path:
        target = Path(entry.path)
        if not entry.is_symlink():
            return target
        target = self._inside(
            target.resolve(),
            Msg(
                "{path} is a symlink to a place outside the workspace, which is not followed; "
                "copy the file into the workspace instead.",
                path=relative,
            ),
        )
        if not target.exists():
            raise TerraformError(Msg("{path} is a symlink to a missing file.", path=relative))
        return target

    def _is_inside(self, real: Path) -> bool:
        return real == self.top or real.is_relative_to(self.top)

    def _inside(self, real: Path, refusal: Msg) -> Path:
        """`real` if it is in the workspace; else raises `TerraformError(refusal)`, which
        names no local path outside what the caller showed us."""
        if not self._is_inside(real):
            raise TerraformError(refusal)
        return real

    def read_files(self, paths: Iterable[str], room: int, max_bytes: int) -> dict[str, str]:
        """{path: text} of the workspace files `paths` that exist, stay in the workspace
        (symlinks too) and are UTF-8 text, while at most `room` of them fit and their bytes
        stay within `max_bytes`: the files Terraform may read beside the kept ones. Others
        are left out, and what reads them says so (`tf_values`, `wrap_notes`)."""
        texts: dict[str, str] = {}
        total = 0
        for relative in paths:
            if len(texts) >= room:
                break
            try:
                real = Path(os.path.realpath(self.top / relative))  # never raises on a loop
                if not (
                    self._is_inside(real) and real.is_file() and _readable(relative, real, self.top)
                ):
                    continue
                size = real.stat().st_size
                if size > NAMED_FILE_BYTES or total + size > max_bytes:
                    continue
                text = real.read_bytes().decode("utf-8")
            except (OSError, UnicodeDecodeError):
                continue  # missing, unreadable or binary: not a Workspace file
            texts[relative] = text
            total += size
        return texts

    def module(self, folder: str) -> list[tuple[str, Path]] | None:
        """The kept files a module in `folder` owns (its own, and non-`.tf` files in subfolders
        without `.tf` files), or None when `folder` is no folder with `.tf` files."""
        real = self._inside(
            (self.top / folder).resolve() if folder else self.top,
            Msg(
                "The module folder {path} is a symlink to a place outside the workspace, "
                "which is not followed.",
                path=folder,
            ),
        )
        if not real.is_dir():
            return None
        files, folders = self.entries(folder)
        if not any(relative.endswith(".tf") for relative, _ in files):
            return None
        self.visited.add(real)
        pending = folders
        while pending:
            relative, real = pending.pop()
            if real in self.visited:  # symlinked folders could otherwise loop forever
                continue
            self.visited.add(real)
            below, deeper = self.entries(relative)
            if any(name.endswith(".tf") for name, _ in below):
                continue  # a configuration or module of its own
            files.extend(below)
            pending.extend(deeper)
        return files


def collect_used_files(
    workspace: Path,
    root: str = "",
    *,
    extra_suffixes: Iterable[str] = (),
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_files: int = DEFAULT_MAX_FILES,
) -> dict[str, str]:
    """{path relative to `workspace`: text} of the files the root module in the workspace
    folder `root` ("" for the top) reads.

    Raises `TerraformError` when the workspace or the root folder is missing or has no `.tf`
    files, for symlinks that leave the workspace, non-UTF-8 files, a walk past `MAX_LISTED` or
    `MAX_SCANNED`, invalid HCL in a module it follows (file and line), and when the kept files
    are more than `max_files` or `max_bytes`."""
    if not workspace.is_dir():
        raise TerraformError(
            Msg("{directory} is not a directory with Terraform files.", directory=workspace.name)
        )
    walk = _Walk(workspace.resolve(), normalise_suffixes(extra_suffixes))
    root_files = walk.module(root)
    if root_files is None:
        raise TerraformError(
            Msg("{path} is not a folder with .tf files (a root module).", path=root or ".")
        )
    kept: dict[str, Path] = {}
    texts: dict[str, str] = {}
    trees: dict[str, dict[str, Any]] = {}
    used, pending = {root}, [(root, root_files, 0)]
    while pending:
        folder, files, depth = pending.pop()
        kept.update(files)
        _check_count(len(kept), max_files)
        tf_files = [(relative, path) for relative, path in files if relative.endswith(".tf")]
        texts.update(read_listed(tf_files, max_bytes, _size(texts)))
        if depth > MAX_MODULE_DEPTH:
            continue  # deep enough for the converter to refuse it, with its message
        trees.update(parsed_tf({relative: texts[relative] for relative, _path in tf_files}))
        for relative, _path in tf_files:
            for _name, body in module_calls(trees[relative]):
                source = literal_text(body.get("source")) or ""
                target = local_source(folder, source) if source.startswith(("./", "../")) else None
                if target is None or target in used:
                    continue
                used.add(target)
                module = walk.module(target)
                if module is not None:
                    pending.append((target, module, depth + 1))
    rest = sorted((relative, path) for relative, path in kept.items() if relative not in texts)
    texts.update(read_listed(rest, max_bytes, _size(texts)))
    room, budget = max_files - len(texts), min(max_bytes - _size(texts), NAMED_BYTES)
    texts.update(walk.read_files(named_files(trees, texts, root), room, budget))
    return dict(sorted(texts.items()))


# A quoted path: `"${path.module}/boot.sh"`, `"../code.py"`.
_PATH = r'"(?:\$\{path\.(?P<base>module|root|cwd)\}/)?(?P<path>[A-Za-z0-9_.][A-Za-z0-9_.\-/]*)"'
_PATH_TEXT = re.compile(_PATH)
# The literal path a file function reads: `file("x.json")`, `templatefile("${path.module}/t")`.
_FILE_CALL = re.compile(r"\b(?:file|filebase64|templatefile)\(\s*" + _PATH)
MAX_NAMED = 500  # paths looked up per collection
NAMED_FILE_BYTES = 128 * 1024  # one such file at most: a script, a policy, a function's code
NAMED_BYTES = 256 * 1024  # all of them: the template they are inlined into stays small


@attrs.frozen
class NamedPath:
    """A path a `.tf` file names: as written, as a workspace path, whether written from
    `${path.module}` in a module other than the root, and whether a file function or an
    argument the provider reads the file of (`tf_rules.file_arguments`) reads it (else it is a
    module input, which the module may read)."""

    written: str
    key: str
    in_module: bool
    read: bool


def named_paths(trees: Mapping[str, Mapping[str, Any]], root: str) -> list[NamedPath]:
    """The paths that the parsed `.tf` files `trees` (by workspace path) name where Terraform
    reads files: the literal path of `file()`, `filebase64()` and `templatefile()` outside the
    `terraform` and `provider` blocks (a backend's state file is no such path), the literal
    value of an FC function's `filename` (`tf_rules.file_arguments`), and a module call's
    literal inputs that look like a path (`filename = "../code.py"`, passed on to such an
    argument). A bare path starts at the root module's folder `root`, where Terraform runs;
    `${path.module}/x` at the file's own folder. Paths that leave the workspace are skipped."""
    found: list[NamedPath | None] = []
    arguments = file_arguments()
    for relative, tree in trees.items():
        folder = module_directory(relative)
        for kind, entries in tree.items():
            if kind not in ("terraform", "provider"):
                for text in _strings(entries):
                    found.extend(_named(m, folder, root, True) for m in _FILE_CALL.finditer(text))
        for _name, body in module_calls(tree):
            for argument, value in body.items():
                if argument != "source" and isinstance(value, str):
                    found.append(_named(_PATH_TEXT.fullmatch(f'"{value}"'), folder, root, False))
        for tf_type, blocks in _resources(tree):
            for body in blocks:
                for argument in arguments.get(tf_type, ()):
                    value = body.get(argument)
                    if isinstance(value, str):
                        match = _PATH_TEXT.fullmatch(f'"{value}"')
                        found.append(_named(match, folder, root, True))
    return [named for named in found if named is not None]


def _named(match: re.Match[str] | None, folder: str, root: str, read: bool) -> NamedPath | None:
    """The `NamedPath` of a `_PATH` match in a file in `folder`; None for no match or a path
    that leaves the workspace."""
    if match is None:
        return None
    start = folder if match["base"] == "module" else root
    key = local_source(start, match["path"])
    if not key:
        return None
    whole = match.group(0)
    in_module = match["base"] == "module" and folder != root
    return NamedPath(whole[whole.index('"') + 1 : -1], key, in_module, read)


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _resources(tree: Mapping[str, Any]) -> Iterator[tuple[str, list[Mapping[str, Any]]]]:
    """(type, the bodies of its blocks) of the `resource` blocks of a parsed file."""
    entries = tree.get("resource", [])
    for entry in entries if isinstance(entries, list) else [entries]:
        if not isinstance(entry, dict):
            continue
        for tf_type, named in entry.items():
            if isinstance(named, dict):
                bodies: list[Mapping[str, Any]] = [b for b in named.values() if isinstance(b, dict)]
                yield str(tf_type), bodies


def parsed_tf(texts: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """The `.tf` files of `texts`, parsed. Raises `TerraformError` for invalid HCL."""
    return {path: parse_hcl(path, text) for path, text in texts.items() if path.endswith(".tf")}


def named_files(
    trees: Mapping[str, Mapping[str, Any]], texts: Mapping[str, str], root: str
) -> list[str]:
    """The workspace paths `named_paths` finds that are not in `texts` yet, unique, in order,
    at most `MAX_NAMED`."""
    found: dict[str, None] = {}
    for named in named_paths(trees, root):
        if named.key not in texts and not named.key.endswith(".tf"):
            found[named.key] = None
            if len(found) == MAX_NAMED:
                break
    return list(found)


def read_paths(texts: Mapping[str, str], root: str) -> list[NamedPath]:
    """The paths a file function or a file argument in the `.tf` files of `texts` reads, but
    for one that Terraform makes itself (an `archive_file`'s `output_path`) or that the
    configuration only reads when `fileexists()` says it is there."""
    made = "\n".join(t for p, t in texts.items() if p.endswith(".tf"))
    return [
        named
        for named in named_paths(parsed_tf(texts), root)
        if named.read
        and not re.search(r"output_path\s*=\s*" + re.escape(json.dumps(named.written)), made)
        and f"fileexists({json.dumps(named.written)})" not in made
    ]


def outside_root(texts: Mapping[str, str], root: str) -> list[NamedPath]:
    """The paths in the `.tf` files of `texts` that name one of their files outside the root
    module's folder `root` from that folder, such as `"../code.py"` from `examples/x`: once
    the root module is at the top of a ROS Workspace (`tf_rebase`) they lead nowhere. A
    module's own `${path.module}` paths move with it."""
    if not root:
        return []
    inside = root + "/"
    return [
        named
        for named in named_paths(parsed_tf(texts), root)
        if named.key in texts and not named.in_module and not named.key.startswith(inside)
    ]


def _readable(relative: str, real: Path, top: Path) -> bool:
    """Whether a named file may be read: not a Terraform state (which holds secrets), nothing
    hidden (`.env`, `.git/config`, `.terraform/`) on its path as named or its real path."""
    parts = (*relative.split("/"), *real.relative_to(top).parts)
    return not any(
        ".tfstate" in part or part.startswith(".") or part in SKIPPED_DIRECTORIES for part in parts
    )


def _size(texts: dict[str, str]) -> int:
    return sum(len(text.encode("utf-8")) for text in texts.values())


def _check_count(count: int, limit: int) -> None:
    if count > limit:
        raise TerraformError(
            Msg(
                "The root module and the local modules it calls have {count} files, more than "
                "{limit} (ROS accepts at most 50 Workspace files); remove unused files or raise "
                "the limit.",
                count=count,
                limit=limit,
            )
        )
