"""Identifiers and timestamps as the wire wants them.

Task and context ids are 1-128 characters of letters, digits, `_ . : -` (A2A seed, "Task- und
Kontextverhalten"); the server generates UUIDs, which fit. Timestamps are RFC 3339 UTC with
millisecond precision and a `Z` suffix (spec §5.6.1); with this fixed width they sort as text.
"""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime

_ID = re.compile(r"[A-Za-z0-9_.:-]{1,128}")


def new_id() -> str:
    return str(uuid.uuid4())


def is_valid_id(value: str) -> bool:
    return _ID.fullmatch(value) is not None


def format_timestamp(moment: datetime) -> str:
    moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def timestamp_now() -> str:
    return format_timestamp(datetime.now(UTC))


def parse_timestamp(value: str) -> str:
    """Normalise an RFC 3339 timestamp from a client to our fixed form; ValueError if invalid."""
    text = value.strip()
    if text.endswith(("z", "Z")):
        text = text[:-1] + "+00:00"
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise ValueError("timestamp needs a time zone")
    return format_timestamp(moment)
