"""Per-request thinking (`metadata.iac_code.thinking {enabled, effort, budget}`; AG-UI forwards
`forwardedProps.iacCode.thinking` there) as the provider's request-body parameters.

Qwen on DashScope (iac-code-reference §4): `enable_thinking` (sent as false to turn thinking off)
and `thinking_budget` (tokens of reasoning); it has no effort. OpenAI-style reasoning models:
`reasoning_effort` (`low`, `medium`, `high`); they cannot be told not to think, and have no
budget. Values of the wrong type are ignored: the A2A metadata is the caller's, not validated.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

EFFORTS = frozenset({"minimal", "low", "medium", "high"})


def is_qwen(provider: str, model: str) -> bool:
    """Whether the model speaks DashScope's thinking parameters."""
    name = model.lower()
    return provider.startswith("dashscope") or name.startswith(("qwen", "qwq"))


def thinking_body(thinking: object, *, qwen: bool) -> dict[str, Any]:
    """The body keys for the caller's thinking request (empty when it asks for nothing)."""
    if not isinstance(thinking, Mapping):
        return {}
    enabled = thinking.get("enabled")
    effort = thinking.get("effort")
    budget = thinking.get("budget")
    enabled = enabled if isinstance(enabled, bool) else None
    effort = effort.strip().lower() if isinstance(effort, str) else None
    budget = budget if isinstance(budget, int) and not isinstance(budget, bool) else None
    budget = budget if budget is not None and budget > 0 else None
    body: dict[str, Any] = {}
    if qwen:
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
