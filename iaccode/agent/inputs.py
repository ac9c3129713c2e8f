"""Input parts: what a message may carry, and how it becomes the turn's prompt.

A2A seed, "Unterstuetzte Eingabekategorien":

    text-like parts (text, Markdown, JSON, YAML...)   appended to the prompt
    JSON data parts                                    compact JSON, at most 1 MiB
    raw parts with a text-like media type              valid UTF-8, at most 1 MiB
    file:// URLs with a text-like media type           inside cwd and the allowed roots, 1 MiB
    image, audio and other multimodal parts            a manifest entry (name, media type, size,
                                                       SHA-256, source); 5 MiB inline, 25 MiB file

Remote http(s) URLs are refused (nothing is fetched on a caller's behalf), so are files outside
the workspace. Which media types are accepted at all is the engine's call (checked before this
runs, -32005); here a part is either text-like or an attachment. Refusals are `InputError`s,
answered with -32602; the message is safe to show and names no resolved path.

Reading files blocks, so `prepare_input` is meant to run in a worker thread.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import unquote, urlsplit

import attrs

from iaccode.agent.media import MULTIMODAL_MEDIA_TYPES, TEXT_MEDIA_TYPES, base_media_type
from iaccode.agent.workspace import is_within
from iaccode.model.a2a import Part
from iaccode.wire import json

MiB = 1024 * 1024


@attrs.frozen
class InputLimits:
    text: int = MiB  # a text part, a text-like raw or data part, or a text file
    prompt: int = 4 * MiB  # all the text of one message together (what its task keeps)
    inline_media: int = 5 * MiB  # a multimodal raw or data part
    file_media: int = 25 * MiB  # a multimodal file:// part


@attrs.frozen
class MediaTypes:
    """Which media types are text-like (read into the prompt) and which are multimodal."""

    text: frozenset[str] = frozenset(TEXT_MEDIA_TYPES)
    multimodal: frozenset[str] = frozenset(MULTIMODAL_MEDIA_TYPES)

    def with_extra(self, text: Sequence[str], multimodal: Sequence[str]) -> MediaTypes:
        clean = {base_media_type(t) for t in text}, {base_media_type(t) for t in multimodal}
        return MediaTypes(self.text | clean[0], self.multimodal | clean[1])

    def is_text(self, media_type: str) -> bool:
        base = base_media_type(media_type)
        return base in self.text or base.startswith("text/")

    def accepts(self, media_type: str) -> bool:
        return self.is_text(media_type) or base_media_type(media_type) in self.multimodal

    @property
    def input_modes(self) -> list[str]:
        """For the agent card: the defaults in their usual order, then the extras."""
        known = [*TEXT_MEDIA_TYPES, *MULTIMODAL_MEDIA_TYPES]
        extras = sorted((self.text | self.multimodal) - set(known))
        return [*known, *extras]


@attrs.frozen
class Attachment:
    """A multimodal input, described in the prompt manifest; its bytes stay where they are."""

    name: str
    media_type: str
    size: int
    sha256: str
    source: str  # "raw", "data" or "file"
    path: Path | None = None
    content: bytes | None = None


@attrs.frozen
class PreparedInput:
    text: str
    attachments: tuple[Attachment, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not self.text.strip() and not self.attachments

    def manifest(self) -> str:
        """The attachments as prompt lines a model (or a person) can read."""
        lines = [
            f"- {a.name} ({a.media_type}, {a.size} bytes, sha256 {a.sha256}, from {a.source})"
            for a in self.attachments
        ]
        return "Attachments:\n" + "\n".join(lines) if lines else ""


class InputError(ValueError):
    """A part that cannot be used; `field` points at it."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def prepare_input(
    parts: Sequence[Part],
    *,
    cwd: Path,
    roots: Sequence[Path],
    media: MediaTypes = MediaTypes(),
    limits: InputLimits = InputLimits(),
) -> PreparedInput:
    """Turn validated message parts into prompt text and attachments, or raise InputError."""
    texts: list[str] = []
    attachments: list[Attachment] = []
    for index, part in enumerate(parts):
        field = f"message.parts[{index}]"
        media_type = base_media_type(part.media_type or "")
        if part.text is not None:
            _check_size(len(part.text), limits.text, field, "text part")
            texts.append(part.text)
        elif part.data is not None:
            encoded = json.dumps(part.data)
            if media_type and not media.is_text(media_type):
                attachments.append(_inline(part, encoded, media_type, "data", limits, field))
            else:
                _check_size(len(encoded), limits.text, field, "JSON data part")
                texts.append(encoded.decode("utf-8"))
        elif part.raw is not None:
            kind = media_type or "application/octet-stream"
            if media.is_text(kind):
                _check_size(len(part.raw), limits.text, field, "text part")
                texts.append(_decode(part.raw, field))
            else:
                attachments.append(_inline(part, part.raw, kind, "raw", limits, field))
        elif part.url is not None:
            path = _local_file(part.url, cwd, roots, field)
            kind = media_type or "text/plain"
            if media.is_text(kind):
                _check_size(path.stat().st_size, limits.text, field, "text file")
                texts.append(_decode(path.read_bytes(), field))
            else:
                attachments.append(_file(part, path, kind, limits, field))
    text = "\n".join(texts)
    _check_size(len(text), limits.prompt, "message.parts", "text of the message")
    return PreparedInput(text=text, attachments=tuple(attachments))


def _check_size(size: int, limit: int, field: str, what: str) -> None:
    if size > limit:
        raise InputError(f"The {what} is larger than {limit // MiB} MiB", field)


def _decode(data: bytes, field: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("The text is not valid UTF-8", field) from None


def _inline(
    part: Part, data: bytes, media_type: str, source: str, limits: InputLimits, field: str
) -> Attachment:
    _check_size(len(data), limits.inline_media, field, "inline attachment")
    return Attachment(
        name=part.filename or f"attachment-{field.rsplit('[', 1)[-1].rstrip(']')}",
        media_type=media_type,
        size=len(data),
        sha256=hashlib.sha256(data).hexdigest(),
        source=source,
        content=data,
    )


def _file(part: Part, path: Path, media_type: str, limits: InputLimits, field: str) -> Attachment:
    size = path.stat().st_size
    _check_size(size, limits.file_media, field, "file attachment")
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(MiB):
            digest.update(chunk)
    return Attachment(
        name=part.filename or path.name,
        media_type=media_type,
        size=size,
        sha256=digest.hexdigest(),
        source="file",
        path=path,
    )


def _local_file(url: str, cwd: Path, roots: Sequence[Path], field: str) -> Path:
    parsed = urlsplit(url)
    if parsed.scheme in ("http", "https"):
        raise InputError(
            "Remote URLs are not supported; send the content inline or as a local file:// URL",
            field,
        )
    if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
        raise InputError("URL parts must be local file:// URLs", field)
    # One answer for "missing" and "outside": two would tell a caller which paths exist
    # outside the workspace. A NUL cannot be in a path at all.
    unreachable = InputError("The file does not exist or is outside the workspace", field)
    name = unquote(parsed.path)
    if "\0" in name:
        raise InputError("The URL is not a valid file path", field)
    try:
        path = Path(name).resolve(strict=True)
    except (OSError, RuntimeError):
        raise unreachable from None
    if not is_within(path, cwd) or not any(is_within(path, root) for root in roots):
        raise unreachable
    if not path.is_file():
        raise InputError("The URL does not name a regular file", field)
    return path
