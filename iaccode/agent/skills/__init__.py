"""Skills: folders with a `SKILL.md` (YAML front matter `name`, `description`; Markdown body)
that the model can load on demand through the `skill` tool (`iaccode.agent.tools.skill`).

The bundled skills live beside this file; `skills-dir` adds a folder of the operator's own (a
skill there with a bundled skill's name replaces it). Only the names and descriptions are in
the tool's description; the body is read when the model asks for it, so skills cost no context
until they are used.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from pathlib import Path

import attrs
import yaml

log = logging.getLogger("iaccode.skills")

BUNDLED = Path(__file__).parent
_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
SKILL_LIMIT = 64 * 1024  # bytes of one SKILL.md or reference file


@attrs.frozen
class Skill:
    name: str
    description: str
    folder: Path  # resolved; reference files must lie inside it


def load_skills(directories: Sequence[Path]) -> dict[str, Skill]:
    """The skills found in `directories` (later ones replace earlier ones of the same name).
    A folder whose SKILL.md is missing or malformed is skipped with a log line, never raised."""
    found: dict[str, Skill] = {}
    for directory in directories:
        if not directory.is_dir():
            log.warning("skills-dir %s is not a directory", directory)
            continue
        for manifest in sorted(directory.glob("*/SKILL.md")):
            skill = _read(manifest)
            if skill is not None:
                found[skill.name] = skill
    return found


def _read(manifest: Path) -> Skill | None:
    try:
        text = manifest.read_bytes()[:SKILL_LIMIT].decode("utf-8")
        front, _ = split_front_matter(text)
        meta = yaml.safe_load(front) if front else None
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        meta = None
    if not isinstance(meta, dict):
        log.warning("skill %s has no front matter with name and description", manifest.parent.name)
        return None
    name, description = meta.get("name"), meta.get("description")
    if not isinstance(name, str) or not _NAME.match(name) or not isinstance(description, str):
        log.warning("skill %s: name or description missing or invalid", manifest.parent.name)
        return None
    return Skill(name, description.strip()[:500], manifest.parent.resolve())


def split_front_matter(text: str) -> tuple[str, str]:
    """(front matter, body) of a Markdown text that starts with a `---` block."""
    if not text.startswith("---"):
        return "", text
    end = text.find("\n---", 3)
    if end == -1:
        return "", text
    body_start = text.find("\n", end + 4)
    return text[3:end], text[body_start + 1 :] if body_start != -1 else ""
