"""A Terraform workspace rebased so that its root module sits at the top, as ROS runs it.

ROS runs Terraform at the top of a Terraform-type template's `Workspace` (the files at the top
are the root module, `modules/...` what it calls; "Structure of Terraform templates"), and a
Workspace path may not hold `..`. A root module in a subfolder of the workspace, such as a
module repository's `examples/complete` calling the module as `source = "../.."`, is rebased:

- files of the root module's folder, and below it, lose that prefix
  (`examples/complete/main.tf` -> `main.tf`, `examples/complete/modules/x/a.tf` ->
  `modules/x/a.tf`);
- every other file keeps its workspace path under one folder, `_workspace/` (`main.tf` ->
  `_workspace/main.tf`), numbered (`_workspace2`) if the root module has a folder of that name;
- every local module source that then names another folder is rewritten to the same module's
  new place (`source = "../.."` -> `source = "./_workspace"`). Only the `source = "..."` line of
  a module call changes; the files are otherwise Terraform's own.

`path.module` and `file()` keep reading the same files, because a module's folder moves with
all of its files, and `path.root` is still the root module's folder; only a relative path
that leaves the root module's folder (`"../code.py"`) leads nowhere, which `wrap_notes` says.
Remote sources and sources that leave the workspace are left as they are (`wrap_notes` reports
them).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping

import attrs

from iaccode.iac.msg import Msg
from iaccode.iac.tf_files import TerraformError, local_source
from iaccode.iac.tf_hcl import literal_text, module_calls, parse_hcl

OUTSIDE = "_workspace"


@attrs.frozen
class Rebased:
    """The rebased files, where each file went (old path -> new path, for the files that
    moved out of the root folder only) and the folder the rest went under ("" if none)."""

    files: dict[str, str]
    moved: dict[str, str]
    outside: str
    origin: dict[str, str] = attrs.field(factory=dict)  # new path -> workspace path, if moved

    def workspace_path(self, path: str) -> str:
        """Where the Workspace file `path` is in the caller's workspace."""
        return self.origin.get(path, path)


def rebase(files: Mapping[str, str], root: str) -> Rebased:
    """`files` (keyed by workspace path) with the root module in the folder `root` moved to the
    top (see the module docstring); unchanged when `root` is "".

    Raises `TerraformError` for invalid HCL in a `.tf` file, or when a module call's source
    cannot be found in its file's text to rewrite."""
    if not root:
        return Rebased(dict(files), {}, "")
    inside = f"{root}/"
    tops = {path[len(inside) :].partition("/")[0] for path in files if path.startswith(inside)}
    outside, number = OUTSIDE, 1
    while outside in tops:
        number += 1
        outside = f"{OUTSIDE}{number}"

    def place(folder: str) -> str:
        if folder == root:
            return ""
        if folder.startswith(inside):
            return folder[len(inside) :]
        return f"{outside}/{folder}" if folder else outside

    rebased: dict[str, str] = {}
    moved: dict[str, str] = {}
    origin: dict[str, str] = {}
    modules = {path.rpartition("/")[0] for path in files if path.endswith(".tf")}
    for path, text in sorted(files.items()):
        folder, _, name = path.rpartition("/")
        new_folder = place(folder)
        new_path = f"{new_folder}/{name}" if new_folder else name
        if path.endswith(".tf"):
            text = _rewrite_sources(path, text, folder, new_folder, place, modules)
        rebased[new_path] = text
        if new_path != path:
            origin[new_path] = path
        if not (folder == root or folder.startswith(inside)):
            moved[path] = new_path
    return Rebased(rebased, moved, outside if moved else "", origin)


def _rewrite_sources(
    path: str,
    text: str,
    folder: str,
    new_folder: str,
    place: Callable[[str], str],
    modules: set[str],
) -> str:
    """`text` with each local module source that moves rewritten, all in one pass (so a new
    source is never rewritten again as another call's old one). A source naming a folder that
    is not among the files (`modules`) stays as written, for `wrap_notes` to report."""
    new: dict[str, str] = {}
    names: dict[str, str] = {}
    for name, body in module_calls(parse_hcl(path, text)):
        source = literal_text(body.get("source")) or ""
        target = local_source(folder, source) if source.startswith(("./", "../")) else None
        if target is None or target not in modules:
            continue
        rewritten = _relative(place(target), new_folder)
        if posixpath.normpath(rewritten) != posixpath.normpath(source):
            new[source] = rewritten
            names.setdefault(source, name)
    if not new:
        return text
    alternatives = "|".join(re.escape(source) for source in sorted(new, key=len, reverse=True))
    pattern = re.compile(rf'(?m)^([ \t]*source[ \t]*=[ \t]*)"({alternatives})"')
    seen: set[str] = set()

    def replace(match: re.Match[str]) -> str:
        seen.add(match.group(2))
        return f'{match.group(1)}"{new[match.group(2)]}"'

    text = pattern.sub(replace, text)
    missing = sorted(set(new) - seen)
    if missing:
        raise TerraformError(
            Msg(
                "{path}: the source of module {name} could not be rewritten for the "
                'Workspace (write it as source = "..." on a line of its own), so the '
                "root module cannot be moved to the top of the Workspace.",
                path=path,
                name=names[missing[0]],
            )
        )
    return text


def _relative(target: str, start: str) -> str:
    """A local module source naming the workspace folder `target` from the folder `start`."""
    relative = posixpath.relpath(target or ".", start or ".")
    if relative == ".":
        return "./"
    if relative == "..":
        return "../"
    return relative if relative.startswith("../") else f"./{relative}"
