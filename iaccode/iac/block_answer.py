"""What the answer to a compose request says about each part of the request: the parts applied,
the parts not applied with their reasons, and why nothing was built when nothing was.

The texts are `Msg`s, rendered in the reader's language by the caller.
"""

from __future__ import annotations

from typing import Any

from iaccode.iac.block_read import Reading, Unapplied
from iaccode.iac.msg import Msg, Translate, Value, joined

LLM_ADDS = Msg("The llm engine (`engine: llm`) can write what is not applied.")
_TERRAFORM = Unapplied(
    "Terraform",
    Msg("the offline composer writes ROS templates; this one is ROS YAML"),
)


def unapplied(reading: Reading) -> tuple[Unapplied, ...]:
    """The parts not applied, including an output format the composer does not write."""
    if reading.output == "terraform":
        return (*reading.unapplied, _TERRAFORM)
    return reading.unapplied


def _line(item: Unapplied) -> Msg:
    return Msg("{part}: {reason}", part=item.part, reason=item.reason)


def not_built(reading: Reading) -> Msg:
    """Why a reading built nothing: the restrictions it cannot honour, or the parts no block
    covers."""
    lines: list[Value]
    if reading.blocked:
        lines = [Msg("Nothing was built, because the request cannot be honoured as asked:")]
        lines += list(reading.blocked)
    else:
        lines = [Msg("Nothing was built: no building block covers these parts of the request:")]
        lines += [_line(item) for item in unapplied(reading)]
        lines.append(LLM_ADDS)
    return joined(lines, "\n- ")


def reading_notes(reading: Reading, translate: Translate) -> dict[str, Any]:
    """The tool result fields that account for the request: `applied` and `notApplied` (lists
    of sentences in the reader's language)."""
    return {
        "applied": [note.render(translate) for note in reading.applied],
        "notApplied": [_line(item).render(translate) for item in unapplied(reading)],
    }
