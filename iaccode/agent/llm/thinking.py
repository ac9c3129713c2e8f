"""Per-request thinking (`metadata.iac_code.thinking {enabled, effort, budget}`; AG-UI forwards
`forwardedProps.iacCode.thinking` there) as the provider's request-body parameters.

Qwen on DashScope (iac-code-reference §4): `enable_thinking` (sent as false to turn thinking off)
and `thinking_budget` (tokens of reasoning); it has no effort. OpenAI-style reasoning models:
`reasoning_effort` (`low`, `medium`, `high`); they cannot be told not to think, and have no
budget. Other models (gpt-4o, deepseek-chat, ...) get no thinking keys at all: OpenAI answers 400
to `reasoning_effort` on a model that does not reason, so a caller's request to think would fail
the whole turn. Values of the wrong type are ignored: the A2A metadata is the caller's, not
validated.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Literal

EFFORTS = frozenset({"minimal", "low", "medium", "high"})


Dialect = Literal["qwen", "reasoning", "none"]

# OpenAI's reasoning families (o1, o3, o4-mini, gpt-5, gpt-oss), also behind a router prefix such
# as "openai/o3-mini"; "gpt-5-chat" is the non-reasoning chat variant.
_REASONING = re.compile(r"(?:^|/)(?:o[1-9](?![0-9])|gpt-5(?!-chat)|gpt-oss)")


def is_qwen(provider: str, model: str) -> bool:
    """Whether the model speaks DashScope's thinking parameters."""
    name = model.lower()
    return provider.startswith("dashscope") or name.startswith(("qwen", "qwq"))


def thinking_dialect(provider: str, model: str) -> Dialect:
    """Which thinking parameters the model takes: DashScope's, OpenAI's reasoning ones, or none."""
    if is_qwen(provider, model):
        return "qwen"
    return "reasoning" if _REASONING.search(model.lower()) else "none"


def thinking_body(thinking: object, *, dialect: Dialect) -> dict[str, Any]:
    """The body keys for the caller's thinking request (empty when it asks for nothing, or when
    the model takes no thinking parameters)."""
    if not isinstance(thinking, Mapping) or dialect == "none":
        return {}
    enabled = thinking.get("enabled")
    effort = thinking.get("effort")
    budget = thinking.get("budget")
    enabled = enabled if isinstance(enabled, bool) else None
    effort = effort.strip().lower() if isinstance(effort, str) else None
    budget = budget if isinstance(budget, int) and not isinstance(budget, bool) else None
    budget = budget if budget is not None and budget > 0 else None
    body: dict[str, Any] = {}
    if dialect == "qwen":
        if enabled is not None:
            body["enable_thinking"] = enabled
        elif budget is not None or effort:
            body["enable_thinking"] = True  # a budget or effort means the caller wants it
        if budget is not None and body.get("enable_thinking"):
            body["thinking_budget"] = budget
        return body
    if enabled is False:
        return {}
    if effort in EFFORTS:
        body["reasoning_effort"] = effort
    elif enabled:
        body["reasoning_effort"] = "medium"
    return body
