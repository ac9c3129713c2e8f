"""Skills: the bundled one loads, a skills-dir adds and replaces, files stay in their folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from iaccode.agent.skills import BUNDLED, load_skills
from iaccode.agent.tools.base import ToolRunner
from iaccode.agent.tools.catalog import skill_tools
from tests.agent.fakes import RecordingOutput


def write_skill(root: Path, folder: str, text: str) -> None:
    (root / folder).mkdir(parents=True)
    (root / folder / "SKILL.md").write_text(text)


async def call(tmp_path: Path, args: dict[str, Any], extra: Path | None = None) -> dict[str, Any]:
    runner = ToolRunner(skill_tools(extra), cwd=tmp_path, roots=(tmp_path,))
    result = await runner.run(RecordingOutput(), "call-1", "skill", args)
    return {**result.data, "is_error": result.is_error}


def test_the_bundled_skill_is_found() -> None:
    skills = load_skills([BUNDLED])
    assert "iac_aliyun" in skills and "Terraform" in skills["iac_aliyun"].description


async def test_a_skill_loads_its_body_and_reference_files(tmp_path: Path) -> None:
    loaded = await call(tmp_path, {"name": "iac_aliyun"})
    assert loaded["content"].startswith("# ROS templates and Terraform conversion")
    assert "description:" not in loaded["content"]  # the front matter is the tool's listing
    extra = tmp_path / "skills"
    write_skill(extra, "mine", "---\nname: mine\ndescription: My own.\n---\nBody\n")
    (extra / "mine" / "ref.md").write_text("reference")
    (tmp_path / "outside.md").write_text("secret")
    assert (await call(tmp_path, {"name": "mine"}, extra))["content"] == "Body\n"
    assert (await call(tmp_path, {"name": "mine", "file": "ref.md"}, extra))["content"] == (
        "reference"
    )
    escaped = await call(tmp_path, {"name": "mine", "file": "../../outside.md"}, extra)
    assert escaped["is_error"] and "outside" in escaped["error"] and "secret" not in str(escaped)
    unknown = await call(tmp_path, {"name": "nope"}, extra)
    assert unknown["is_error"] and "no skill named" in unknown["error"]


def test_a_skills_dir_replaces_and_skips_malformed_skills(tmp_path: Path) -> None:
    write_skill(tmp_path, "a", "---\nname: iac_aliyun\ndescription: Replaced.\n---\nNew\n")
    write_skill(tmp_path, "b", "no front matter")
    write_skill(tmp_path, "c", "---\nname: [bad\n---\n")
    skills = load_skills([BUNDLED, tmp_path])
    assert skills["iac_aliyun"].description == "Replaced."
    assert set(skills) == {"iac_aliyun"}
    (tool,) = skill_tools(tmp_path)
    assert "Replaced." in tool.spec.description


async def test_a_name_that_is_not_a_string_is_a_readable_error(tmp_path: Path) -> None:
    # The model's arguments are not validated against the schema: a list must not fail the turn.
    result = await call(tmp_path, {"name": ["iac_aliyun"]})
    assert result["is_error"] and "no skill named" in result["error"]
