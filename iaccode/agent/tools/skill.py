"""The `skill` tool: the model loads a skill's instructions (or one of its reference files)
when it needs them. Read-only; files are confined to the skill's folder like workspace paths.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import trio

from iaccode.agent.skills import SKILL_LIMIT, Skill, split_front_matter
from iaccode.agent.tools.base import ToolContext, ToolError, ToolResult, ToolSpec
from iaccode.agent.tools.files import workspace_path


class SkillTool:
    def __init__(self, skills: Mapping[str, Skill]) -> None:
        self.skills = dict(skills)
        listing = "\n".join(f"- {s.name}: {s.description}" for s in self.skills.values())
        self.spec = ToolSpec(
            name="skill",
            description=(
                "Load the instructions of a skill before doing the task it covers, or one of "
                f"its reference files. Available skills:\n{listing}"
            ),
            parameters={
                "type": "object",
                "properties": {
                    "name": {"type": "string", "enum": sorted(self.skills)},
                    "file": {
                        "type": "string",
                        "description": "A reference file of the skill, relative to its folder",
                    },
                },
                "required": ["name"],
            },
        )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        name = args.get("name")
        skill = self.skills.get(name) if isinstance(name, str) else None
        if skill is None:
            raise ToolError(f"There is no skill named {args.get('name')!r}.")
        file = args.get("file")
        # Resolving stats every component: in a worker thread, as the file tools do.
        path = await workspace_path(skill.folder, file or "SKILL.md", must_exist=True)
        if not await trio.Path(path).is_file():
            raise ToolError(f"{file!r} is not a file of the skill.")
        data = await trio.Path(path).read_bytes()
        text = data[:SKILL_LIMIT].decode("utf-8", errors="replace")
        if file is None:
            text = split_front_matter(text)[1]
        return ToolResult({"name": skill.name, "content": text})
