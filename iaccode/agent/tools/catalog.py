"""The tools every built-in engine offers.

Loaded on first use: the IaC tools pull in the template checker, the Terraform parser and the
building blocks, a tenth of a second of imports that start-up should not wait for (engines warm
them up in a worker thread once the server listens, see `Engine.warm_up`).
"""

from __future__ import annotations

import functools

from iaccode.agent.tools.base import Tool


@functools.cache
def default_tools() -> tuple[Tool, ...]:
    from iaccode.agent.tools.diagram import DIAGRAM_TOOLS
    from iaccode.agent.tools.files import FILE_TOOLS
    from iaccode.agent.tools.iac import IAC_TOOLS

    return (*FILE_TOOLS, *IAC_TOOLS, *DIAGRAM_TOOLS)
