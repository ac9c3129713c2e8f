"""The tools every built-in engine offers.

Loaded on first use: the IaC tools pull in the template checker, the Terraform parser and the
building blocks, a tenth of a second of imports that start-up should not wait for (engines warm
them up in a worker thread once the server listens, see `Engine.warm_up`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

from iaccode.agent.tools.base import Tool


@functools.cache
def default_tools() -> tuple[Tool, ...]:
    from iaccode.agent.tools.aliyun_api import ALIYUN_TOOLS
    from iaccode.agent.tools.diagram import DIAGRAM_TOOLS
    from iaccode.agent.tools.files import FILE_TOOLS
    from iaccode.agent.tools.iac import IAC_TOOLS
    from iaccode.agent.tools.ros import ROS_READ_TOOLS
    from iaccode.agent.tools.ros_stacks import ROS_WRITE_TOOLS
    from iaccode.agent.tools.search import SEARCH_TOOLS

    return (
        *FILE_TOOLS,
        *SEARCH_TOOLS,
        *IAC_TOOLS,
        *ROS_READ_TOOLS,
        *ROS_WRITE_TOOLS,
        *ALIYUN_TOOLS,
        *DIAGRAM_TOOLS,
    )


def skill_tools(extra: Path | None) -> tuple[Tool, ...]:
    """The `skill` tool over the bundled skills and those in `extra` (none when none load)."""
    from iaccode.agent.skills import BUNDLED, load_skills
    from iaccode.agent.tools.skill import SkillTool

    directories: Sequence[Path] = (BUNDLED,) if extra is None else (BUNDLED, extra)
    skills = load_skills(directories)
    return (SkillTool(skills),) if skills else ()
