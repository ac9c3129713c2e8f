"""What a write would do, for the permission question: a bounded preview with secrets masked.

`write_file` shows the head of the new content; `edit_file` a unified diff of the replaced text.
Both are cut to `PREVIEW_LINES` lines and `PREVIEW_CHARS` characters, and anything that looks
like a secret is masked first: values of password/secret/token/key-named fields, Alibaba Cloud
AccessKey ids, `sk-` API keys, bearer tokens and PEM private keys.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

PREVIEW_LINES = 40
PREVIEW_CHARS = 2000
MASK = "****"

_PEM = re.compile(
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(-----END [A-Z ]*PRIVATE KEY-----|\Z)", re.DOTALL
)
# `name: value`, `name = "value"`, `"name": "value"` where the name says it is a secret.
_NAMED = re.compile(
    r"""(?ix)
    (["']?[\w.-]*(?:password|passwd|secret|token|access[_-]?key|api[_-]?key|private[_-]?key
    |credential)[\w.-]*["']?\s*[:=]\s*)
    (["']?)([^\s"',}]+)(["']?)
    """
)
_TOKENS = re.compile(r"\b(?:LTAI[0-9A-Za-z]{12,}|sk-[0-9A-Za-z_-]{16,}|STS\.[0-9A-Za-z]{16,})\b")
_BEARER = re.compile(r"(?i)\b(bearer\s+)[0-9A-Za-z._~+/-]{8,}=*")


def mask_secrets(text: str) -> str:
    """`text` with secret-looking values replaced by `MASK`."""
    text = _PEM.sub(MASK, text)
    text = _NAMED.sub(lambda m: f"{m.group(1)}{m.group(2)}{MASK}{m.group(4)}", text)
    text = _TOKENS.sub(MASK, text)
    return _BEARER.sub(lambda m: f"{m.group(1)}{MASK}", text)


def _bounded(lines: list[str]) -> str:
    text = "\n".join(lines[:PREVIEW_LINES])
    cut = len(lines) > PREVIEW_LINES or len(text) > PREVIEW_CHARS
    text = text[:PREVIEW_CHARS]
    return f"{text}\n…" if cut else text


def write_preview(tool_name: str, tool_input: Mapping[str, Any]) -> dict[str, Any] | None:
    """The preview of a file write (None for other tools or malformed input)."""
    path = tool_input.get("path")
    label = path if isinstance(path, str) and path else "file"
    if tool_name == "write_file":
        content = tool_input.get("content")
        if not isinstance(content, str):
            return None
        lines = mask_secrets(content).splitlines()
        return {"kind": "content", "lines": len(content.splitlines()), "text": _bounded(lines)}
    if tool_name == "edit_file":
        old, new = tool_input.get("old_text"), tool_input.get("new_text")
        if not isinstance(old, str) or not isinstance(new, str):
            return None
        diff = difflib.unified_diff(
            mask_secrets(old).splitlines(),
            mask_secrets(new).splitlines(),
            fromfile=f"a/{label}",
            tofile=f"b/{label}",
            lineterm="",
        )
        return {"kind": "diff", "text": _bounded(list(diff))}
    return None
