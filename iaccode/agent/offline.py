"""The `offline` engine: the embedded default, useful with no network and no model key.

It reviews Alibaba Cloud ROS templates with the real checker (`iaccode.iac.ros_check`): a
template pasted into the message (fenced or bare, JSON or YAML), sent as a JSON data part, or as
a text file part. Anything else gets a plain answer saying what it can do offline and that the
rest needs a model (`engine: llm`).

The review is streamed paragraph by paragraph, as a model's answer would arrive; the whole review
is the turn's final message.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import trio

from iaccode.agent.engine import TurnInput, TurnOutput, TurnResult
from iaccode.agent.inputs import MediaTypes
from iaccode.agent.media import is_text_media_type
from iaccode.iac.ros_check import check_template
from iaccode.model.a2a import Part
from iaccode.wire import json

if TYPE_CHECKING:
    from iaccode.config import Config

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n(.*?)```", re.DOTALL)
_TEMPLATE_MARKERS = ("ROSTemplateFormatVersion", "Resources:", '"Resources"')

HELP = (
    "I am running with the offline engine, which works without a model or network access.\n\n"
    "What I can do offline:\n"
    "- Review an Alibaba Cloud ROS template: paste it into the message (JSON or YAML, fenced "
    "or not) and I check its structure, template version, sections, parameters, references, "
    "dependencies, outputs and the required properties of common resource types.\n\n"
    "Generating templates from a description, explaining, and operating stacks need a language "
    "model: start the server with `engine: llm` (an OpenAI-compatible endpoint such as "
    "DashScope/Qwen) for those."
)


class OfflineEngine:
    name = "offline"

    def __init__(self, config: Config | None = None) -> None:
        self._media = config.media_types if config is not None else MediaTypes()

    def accepts_media_type(self, media_type: str) -> bool:
        return self._media.accepts(media_type)

    async def run_turn(self, turn: TurnInput, output: TurnOutput) -> TurnResult | None:
        template = find_template(turn.message.parts)
        if template is None:
            await output.text(HELP)
            return None
        report = await trio.to_thread.run_sync(check_template, template)
        for paragraph in re.split(r"(?<=\n\n)", report.to_text()):
            await output.text(paragraph)
        return None


def find_template(parts: list[Part]) -> str | None:
    """The first thing in the message that looks like a ROS template, as text."""
    for part in parts:
        if isinstance(part.data, dict) and (
            "ROSTemplateFormatVersion" in part.data or "Resources" in part.data
        ):
            return json.dumps(part.data).decode("utf-8")
        if part.raw is not None and is_text_media_type(part.media_type or "text/plain"):
            text = part.raw.decode("utf-8", errors="replace")
            if _looks_like_template(text):
                return text
        if part.text is not None:
            found = _template_in_text(part.text)
            if found is not None:
                return found
    return None


def _template_in_text(text: str) -> str | None:
    for match in _FENCE.finditer(text):
        body = match.group(2)
        if _looks_like_template(body):
            return body
    if "ROSTemplateFormatVersion" not in text:
        return None
    # A bare template after some prose: start at its first line ('{' or the version key).
    lines = text.splitlines(keepends=True)
    for index, line in enumerate(lines):
        stripped = line.lstrip()
        if stripped.startswith("{") or stripped.startswith("ROSTemplateFormatVersion"):
            return "".join(lines[index:])
    return text


def _looks_like_template(text: str) -> bool:
    return any(marker in text for marker in _TEMPLATE_MARKERS)
