"""Media types the agent accepts as input (A2A seed, "Unterstuetzte Eingabekategorien")."""

from __future__ import annotations

TEXT_MEDIA_TYPES = (
    "text/plain",
    "application/json",
    "text/markdown",
    "text/yaml",
    "application/yaml",
    "application/x-yaml",
)
MULTIMODAL_MEDIA_TYPES = (
    "image/png",
    "image/jpeg",
    "image/webp",
    "image/gif",
    "audio/mpeg",
    "audio/wav",
    "audio/ogg",
    "application/octet-stream",
)
INPUT_MODES = TEXT_MEDIA_TYPES + MULTIMODAL_MEDIA_TYPES
OUTPUT_MODES = ("text/plain",)


def base_media_type(media_type: str) -> str:
    """`text/plain; charset=utf-8` -> `text/plain`."""
    return media_type.split(";", 1)[0].strip().lower()


# What a file written in the workspace is announced as (its artifact's mediaType), by suffix.
_BY_SUFFIX = {
    ".yaml": "application/yaml",
    ".yml": "application/yaml",
    ".json": "application/json",
    ".md": "text/markdown",
    ".tf": "text/x-terraform",
    ".hcl": "text/x-terraform",
}


def media_type_for(name: str) -> str:
    """The media type of a text file named `name` (text/plain when its suffix is unknown)."""
    suffix = name[name.rfind(".") :].lower() if "." in name else ""
    return _BY_SUFFIX.get(suffix, "text/plain")
