"""Convert every root module of some Terraform repositories and count what became of them.

Usage: scripts/tf-corpus [--reasons N] [--refused] DIR ...

Each DIR is one repository, the workspace of its roots: the top (`.`) and every `examples/*`
folder with `.tf` files, converted as the `convert_terraform` tool converts them
(`iaccode.iac.tf_corpus`). Prints the resources found / native / with losses / left out / not
created, the roots refused, the checker's errors per code with one example, and the N most
frequent reasons for a loss (grouped by their message template), each with one example.
The repositories stay outside this repository (for example under /tmp).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iaccode.iac.tf_corpus import measure  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="repository folders")
    parser.add_argument("--reasons", type=int, default=15, help="how many reasons to print")
    parser.add_argument("--refused", action="store_true", help="say why each refused root was")
    args = parser.parse_args()
    missing = [str(folder) for folder in args.folders if not folder.is_dir()]
    if missing:
        parser.error(f"not a folder: {', '.join(missing)}")
    result = measure(args.folders)
    print(f"{len(args.folders)} repositories, {result.roots} roots, {len(result.refused)} refused")
    print(
        f"{result.found} resources: {result.native} native, {result.lossy} lossy, "
        f"{result.dropped} left out, {result.not_created} not created"
    )
    errors = ", ".join(f"{code} {n}" for code, n in result.check_errors.most_common())
    print(f"checker errors: {sum(result.check_errors.values())} ({errors or 'none'})")
    for code in result.check_errors:
        print(f"       e.g. {result.error_examples[code][:300]}")
    if args.refused:
        for where, why in result.refused.items():
            print(f"refused {where}: {why[:300]}")
    for reason, count in result.reasons.most_common(args.reasons):
        print(f"{count:5d}  {reason[:200]}\n       e.g. {result.examples[reason][:300]}")


if __name__ == "__main__":
    main()
