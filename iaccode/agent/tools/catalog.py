"""The tools every built-in engine offers."""

from __future__ import annotations

from iaccode.agent.tools.base import Tool
from iaccode.agent.tools.files import FILE_TOOLS
from iaccode.agent.tools.iac import IAC_TOOLS


def default_tools() -> list[Tool]:
    return [*FILE_TOOLS, *IAC_TOOLS]
