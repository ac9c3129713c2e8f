"""The web console's files (`iaccode agui --ui`): a single page at `/ui/`, served from the files
shipped in the package (iaccode/agui/ui/), read once when the app is made.

    GET /ui         308 to /ui/
    GET /ui/        index.html
    GET /ui/<name>  app.js and its modules, style.css

The page carries no data, so it needs no token; the API calls it makes carry the AG-UI token.
Every answer has an ETag (revalidated with If-None-Match), `Cache-Control: no-cache` (the names
carry no content hash, so a browser must ask before reusing one) and a strict
Content-Security-Policy: scripts, styles and fetches from this origin only, images from it or
from data: URLs (a diagram fetched with the token), no frames, no forms, no plugins.
"""

from __future__ import annotations

import hashlib
from importlib import resources

import attrs

from iaccode.wire.http import HttpRequest, HttpResponse, error_response

PREFIX = "/ui/"
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}
SECURITY_HEADERS = (
    ("content-security-policy", CSP),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-opener-policy", "same-origin"),
)


@attrs.frozen
class _File:
    body: bytes
    content_type: str
    etag: str


class Console:
    """The page's files by URL path; `serve` answers GET and HEAD for them."""

    def __init__(self) -> None:
        self._files: dict[str, _File] = {}
        folder = resources.files("iaccode.agui") / "ui"
        for entry in folder.iterdir():
            suffix = "." + entry.name.rpartition(".")[2]
            if entry.is_file() and suffix in _TYPES:
                body = entry.read_bytes()
                etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
                self._files[entry.name] = _File(body, _TYPES[suffix], etag)
        if "index.html" not in self._files:
            raise RuntimeError("the console's files are missing from the package (iaccode/agui/ui)")

    @staticmethod
    def owns(path: str) -> bool:
        return path == "/ui" or path.startswith(PREFIX)

    def serve(self, request: HttpRequest) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            return error_response(405, "Use GET.", (("allow", "GET, HEAD"),))
        if request.path == "/ui":
            # Relative: /ui/ of an app mounted below a root path too.
            return HttpResponse(308, (("location", "ui/"), ("content-length", "0")))
        name = request.path.removeprefix(PREFIX) or "index.html"
        found = self._files.get(name)
        if found is None:
            return error_response(404, "There is no such file in the console.")
        headers = (
            ("content-type", found.content_type),
            ("cache-control", "no-cache"),
            ("etag", found.etag),
            *SECURITY_HEADERS,
        )
        if found.etag in _etags(request.header("if-none-match")):
            return HttpResponse(304, headers)
        return HttpResponse(200, headers, found.body)  # the transport sends no body to HEAD


def _etags(value: str | None) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in (value or "").split(",")}
