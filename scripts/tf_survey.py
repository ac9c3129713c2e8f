"""Print how each vendor-mapped Terraform type converts from a generated resource.

Usage: scripts/tf-survey [--ignored] [--reasons N] [--list OUTCOME] [TYPE ...]

One resource per type, generated from its vendor rule (`iaccode.iac.tf_survey`), converted on
its own and checked. Prints the count of native / lossy / left out / refused types, the
checker errors, and the N most frequent reasons for a loss, each with one example.
`--ignored` also sets the arguments the rules leave out; `--list lossy` names those types.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iaccode.iac.tf_survey import survey  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("types", nargs="*", help="only these Terraform types")
    parser.add_argument("--ignored", action="store_true", help="set ignored arguments too")
    parser.add_argument("--reasons", type=int, default=20, help="how many reasons to print")
    parser.add_argument(
        "--list", choices=["native", "lossy", "misfit", "dropped", "refused", "crash"]
    )
    args = parser.parse_args()
    result = survey(args.types or None, ignored=args.ignored)
    total = len(result.outcome)
    kinds = ("native", "lossy", "misfit", "dropped", "refused", "crash")
    counts = {kind: result.count(kind) for kind in kinds}
    print(f"{total} types: " + ", ".join(f"{n} {kind}" for kind, n in counts.items()))
    mapped = max(total - counts["misfit"], 1)
    native = counts["native"]
    print(f"native: {100 * native / max(total, 1):.1f}% of all types, {100 * native / mapped:.1f}%")
    print("        of those whose rule names their own ROS type (not misfits)")
    errors = ", ".join(f"{code} {n}" for code, n in result.check_errors.items())
    print(f"checker errors: {errors or 'none'}")
    for reason, count in result.reasons.most_common(args.reasons):
        print(f"{count:5d}  {reason}\n       e.g. {result.examples[reason][:300]}")
    if args.list:
        print("\n".join(t for t, kind in result.outcome.items() if kind == args.list))


if __name__ == "__main__":
    main()
