"""The files of a Terraform directory that Terraform reads for its root module.

A module repository (`terraform-alicloud-vpc` and friends) keeps its module at the top and,
beside it, `examples/*` and `tests/*` folders that are Terraform configurations of their own.
Terraform, run at the top, reads only the top folder's files and the folders of the local
modules it calls (`source = "./modules/x"`, transitively); so does a conversion. Counting every
folder refused most such repositories against ROS's 50-file Workspace limit although the
module itself has a handful of files (docs/decisions.md, "Terraform files a conversion reads").

`collect_used_files` keeps:
- every kept file (`tf_files.DEFAULT_SUFFIXES` plus extras) in the top folder and in the
  folder of each local module called from a kept module;
- non-`.tf` files (templates, tfvars) below one of those folders, unless a nearer folder holds
  `.tf` files of its own (then they belong to that configuration).
Remote sources and sources that leave the directory are not followed; `wrap_notes` and the
converter report them. The 50-file and byte limits apply to what is kept; listing stops at
`MAX_LISTED` files so a huge tree is refused before anything is read.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from iaccode.iac.msg import Msg
from iaccode.iac.tf_expand import local_source
from iaccode.iac.tf_files import (
    DEFAULT_MAX_BYTES,
    DEFAULT_MAX_FILES,
    TerraformError,
    list_terraform_files,
    read_listed,
)
from iaccode.iac.tf_hcl import literal_text, module_calls, module_directory, parse_hcl

MAX_LISTED = 2000


def collect_used_files(
    directory: Path,
    *,
    extra_suffixes: Iterable[str] = (),
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_files: int = DEFAULT_MAX_FILES,
) -> dict[str, str]:
    """{relative POSIX path: text} of the files the root module of `directory` reads.

    Raises `TerraformError` like `tf_files.collect_terraform_files` (missing directory,
    symlinks that leave it, non-UTF-8 files, more than `MAX_LISTED` files in the tree), for
    invalid HCL in a module it follows (file and line), and when the kept files are more than
    `max_files` or `max_bytes`."""
    listed = list_terraform_files(directory, extra_suffixes, MAX_LISTED)
    by_folder: dict[str, list[tuple[str, Path]]] = {}
    for relative, path in listed:
        by_folder.setdefault(module_directory(relative), []).append((relative, path))
    modules = {
        folder
        for folder, entries in by_folder.items()
        if any(relative.endswith(".tf") for relative, _ in entries)
    } | {""}
    used, pending = {""}, [""]
    while pending:
        folder = pending.pop()
        tf_files = [entry for entry in by_folder.get(folder, []) if entry[0].endswith(".tf")]
        for relative, text in read_listed(tf_files, max_bytes).items():
            for _name, body in module_calls(parse_hcl(relative, text)):
                source = literal_text(body.get("source")) or ""
                target = local_source(folder, source) if source.startswith(("./", "../")) else None
                if target is not None and target in modules and target not in used:
                    used.add(target)
                    pending.append(target)
    kept = [
        (relative, path)
        for relative, path in listed
        if _owner(module_directory(relative), modules) in used
    ]
    if len(kept) > max_files:
        raise TerraformError(
            Msg(
                "The root module and the local modules it calls have {count} files, more than "
                "{limit} (ROS accepts at most 50 Workspace files); remove unused files or raise "
                "the limit.",
                count=len(kept),
                limit=max_files,
            )
        )
    return read_listed(kept, max_bytes)


def _owner(folder: str, modules: set[str]) -> str:
    """The nearest folder at or above `folder` that holds `.tf` files ("" for the top)."""
    while folder and folder not in modules:
        folder = folder.rpartition("/")[0]
    return folder
