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
# Of a text, the head that is masked and shown: enough for the preview, so a 2 MiB write costs
# no more than a small one (this runs on the event loop, when the question is asked).
_MASKED_CHARS = 4 * PREVIEW_CHARS

_PEM = re.compile(
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(-----END [A-Z ]*PRIVATE KEY-----|\Z)", re.DOTALL
)
_SECRET_WORDS = (
    r"password|passwd|secret|token|access[_-]?key|api[_-]?key|private[_-]?key|credential"
)
# `name: value`, `name = "value"`, `"name": "value"` where the name says it is a secret, the value
# on the same line and not a mapping or list (a template's `DBPassword:` parameter block, or
# `MasterPassword: {"Ref": ...}`, names no secret and stays readable). Linear:
# a name starts where a word does, is looked at ahead for a secret word, then taken whole (no
# backtracking into it), so a long run of word characters (minified JSON, base64) stays cheap.
_NAMED = re.compile(
    rf"""(?ix)
    ((?<![\w.-])["']?(?=[\w.-]*?(?:{_SECRET_WORDS}))[\w.-]++["']?[ \t]*[:=][ \t]*)
    (["']?)([^\s"',{{}}\[][^\s"',}}]*)(["']?)
    """
)
_SECRET_NAME = re.compile(f"(?i){_SECRET_WORDS}")
_TOKENS = re.compile(r"\b(?:LTAI[0-9A-Za-z]{12,}|sk-[0-9A-Za-z_-]{16,}|STS\.[0-9A-Za-z]{16,})\b")
_BEARER = re.compile(r"(?i)\b(bearer\s+)[0-9A-Za-z._~+/-]{8,}=*")


def mask_secrets(text: str) -> str:
    """`text` with secret-looking values replaced by `MASK`."""
    text = _PEM.sub(MASK, text)
    text = _NAMED.sub(lambda m: f"{m.group(1)}{m.group(2)}{MASK}{m.group(4)}", text)
    text = _TOKENS.sub(MASK, text)
    return _BEARER.sub(lambda m: f"{m.group(1)}{MASK}", text)


def is_secret_name(name: str) -> bool:
    """Whether a field called `name` holds a secret (the names `mask_secrets` masks values of)."""
    return _SECRET_NAME.search(name) is not None


def _bounded(lines: list[str], more: bool = False) -> str:
    """The first lines, cut to the preview's size; `…` ends a cut one (or one with `more`)."""
    text = "\n".join(lines[:PREVIEW_LINES])
    cut = more or len(lines) > PREVIEW_LINES or len(text) > PREVIEW_CHARS
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
        lines = mask_secrets(content[:_MASKED_CHARS]).splitlines()
        more = len(content) > _MASKED_CHARS
        return {
            "kind": "content",
            "lines": len(content.splitlines()),
            "text": _bounded(lines, more),
        }
    if tool_name == "edit_file":
        old, new = tool_input.get("old_text"), tool_input.get("new_text")
        if not isinstance(old, str) or not isinstance(new, str):
            return None
        cut = len(old) > _MASKED_CHARS or len(new) > _MASKED_CHARS
        diff = difflib.unified_diff(
            mask_secrets(old[:_MASKED_CHARS]).splitlines(),
            mask_secrets(new[:_MASKED_CHARS]).splitlines(),
            fromfile=f"a/{label}",
            tofile=f"b/{label}",
            lineterm="",
        )
        return {"kind": "diff", "text": _bounded(list(diff), cut)}
    return None
