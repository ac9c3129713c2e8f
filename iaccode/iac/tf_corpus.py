"""How public Terraform converts: every root module of some repositories, through the tool's path.

`measure` takes repository folders (a module repository such as terraform-alicloud-vpc, kept
outside this repository) and converts each root module in it: the top (`.`) and every
`examples/*` folder with `.tf` files, each with the repository as the workspace, as the
`convert_terraform` tool does (`tf_select.collect_used_files`, then `convert_terraform` with
that root, then the checker on the rendered YAML). It adds up the conversion summaries
(resources found, native, with losses, left out, not created), the roots refused (a
`TerraformError`, with its message) and the checker's errors per code, and groups the notes by
their reason: the message template with the templates of its nested reasons, so "a.b has no
ROS mapping" counts once per kind of loss, not once per argument name.

`scripts/tf-corpus` prints the result; it is the measurement behind the issue's goal ("every
resource whose type the vendor maps converts natively, and the output gets no checker error").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import attrs

from iaccode.iac.ros_check import check_template
from iaccode.iac.terraform import TerraformError, collect_used_files, convert_terraform
from iaccode.iac.tf_survey import reason_key


@attrs.define
class CorpusResult:
    """What became of the roots of a corpus, added up."""

    roots: int = 0
    found: int = 0
    native: int = 0
    lossy: int = 0
    dropped: int = 0
    not_created: int = 0
    refused: dict[str, str] = attrs.field(factory=dict)  # root -> why
    check_errors: Counter[str] = attrs.field(factory=Counter)  # checker code -> findings
    error_examples: dict[str, str] = attrs.field(factory=dict)  # code -> root: message
    reasons: Counter[str] = attrs.field(factory=Counter)  # reason key -> notes
    examples: dict[str, str] = attrs.field(factory=dict)  # reason key -> root: message

    def add(self, where: str, repository: Path, root: str) -> None:
        """Collect, convert and check one root and add what became of it; a `TerraformError`
        (files refused, or nothing to convert) counts the root as refused."""
        self.roots += 1
        try:
            conversion = convert_terraform(collect_used_files(repository, root), root=root)
        except TerraformError as problem:
            self.refused[where] = problem.text.render()
            return
        summary = conversion.summary
        self.found += summary.found
        self.native += summary.native
        self.lossy += summary.lossy
        self.dropped += summary.dropped
        self.not_created += summary.not_created
        for note in conversion.notes:
            key = reason_key(note)
            self.reasons[key] += 1
            self.examples.setdefault(key, f"{where}: {note.render()}")
        for finding in check_template(conversion.to_yaml()).errors:
            self.check_errors[finding.code] += 1
            self.error_examples.setdefault(finding.code, f"{where}: {finding.message}")


def roots(repository: Path) -> list[str]:
    """The root modules of a repository folder: "" (the top) and each `examples/*` folder,
    those with a `.tf` file, as workspace-relative folders."""
    found = [""] if any(repository.glob("*.tf")) else []
    examples = repository / "examples"
    if examples.is_dir():
        for folder in sorted(examples.iterdir()):
            if folder.is_dir() and any(folder.glob("*.tf")):
                found.append(folder.relative_to(repository).as_posix())
    return found


def measure(repositories: Iterable[Path]) -> CorpusResult:
    """Convert and check every root of each repository folder (see the module docstring)."""
    result = CorpusResult()
    for repository in repositories:
        for root in roots(repository):
            result.add(f"{repository.name}/{root or '.'}", repository, root)
    return result
