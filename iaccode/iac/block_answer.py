"""What the answer to a compose request says about each part of the request: the parts applied,
the parts not applied with their reasons, and why nothing was built when nothing was.

The texts are `Msg`s, rendered in the reader's language by the caller.
"""

from __future__ import annotations

from typing import Any

from iaccode.iac.block_read import Reading, Unapplied
from iaccode.iac.msg import Msg, Translate, Value, joined

LLM_ADDS = Msg("The llm engine (`engine: llm`) can write what is not applied.")
FORMATS = {"yaml": "ROS YAML", "json": "ROS JSON", "terraform": "Terraform (alicloud provider)"}


def unapplied(reading: Reading, left_out: tuple[str, ...] = ()) -> tuple[Unapplied, ...]:
    """The parts not applied, and what a Terraform rendering `left_out` of the template."""
    if not left_out:
        return reading.unapplied
    reason = Msg("the Terraform rules have no counterpart, so the configuration leaves it out")
    return (*reading.unapplied, *(Unapplied(item, reason) for item in left_out))


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


def reading_notes(
    reading: Reading, translate: Translate, left_out: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The tool result fields that account for the request: `applied` and `notApplied` (lists
    of sentences in the reader's language) and the `format` written."""
    return {
        "applied": [note.render(translate) for note in reading.applied],
        "notApplied": [_line(item).render(translate) for item in unapplied(reading, left_out)],
        "format": reading.output,
        "formatName": FORMATS[reading.output],
    }
