"""Input parts -> prompt (A2A seed "Unterstuetzte Eingabekategorien"), with every refusal."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import pytest

from iaccode.agent.inputs import InputError, InputLimits, MediaTypes, prepare_input
from iaccode.model.a2a import Part
from tests.client import A2AClient, RpcError, text_of

SMALL = InputLimits(text=64, inline_media=128, file_media=256)


@pytest.fixture
def roots(tmp_path: Path) -> list[Path]:
    return [tmp_path.resolve()]


@pytest.fixture
def cwd(tmp_path: Path) -> Path:
    path = (tmp_path / "ws").resolve()
    path.mkdir()
    return path


def prepare(parts: list[Part], cwd: Path, roots: list[Path], **kwargs: object) -> object:
    return prepare_input(parts, cwd=cwd, roots=roots, limits=SMALL, **kwargs)  # type: ignore[arg-type]


def test_text_like_parts_build_the_prompt(cwd: Path, roots: list[Path]) -> None:
    (cwd / "main.tf").write_text('resource "x" "y" {}\n')
    parts = [
        Part(text="Review these"),
        Part(data={"b": [1, 2], "a": "é"}, media_type="application/json"),
        Part(raw=b"key: value\n", media_type="text/yaml"),
        Part(url=(cwd / "main.tf").as_uri(), media_type="text/plain"),
    ]
    prepared = prepare_input(parts, cwd=cwd, roots=roots)
    assert prepared.text == 'Review these\n{"b":[1,2],"a":"é"}\nkey: value\n\nresource "x" "y" {}\n'
    assert prepared.attachments == ()


def test_multimodal_parts_become_a_manifest(cwd: Path, roots: list[Path]) -> None:
    png = b"\x89PNG\r\n" + b"\x00" * 50
    (cwd / "diagram.png").write_bytes(png * 2)
    parts = [
        Part(text="what is in these?"),
        Part(raw=png, media_type="image/png", filename="a.png"),
        Part(url=(cwd / "diagram.png").as_uri(), media_type="image/png"),
    ]
    prepared = prepare(parts, cwd, roots)
    inline, file = prepared.attachments  # type: ignore[attr-defined]
    assert (inline.name, inline.size, inline.source) == ("a.png", len(png), "raw")
    assert inline.sha256 == hashlib.sha256(png).hexdigest()
    assert (file.name, file.size, file.source, file.path) == (
        "diagram.png",
        2 * len(png),
        "file",
        cwd / "diagram.png",
    )
    manifest = prepared.manifest()  # type: ignore[attr-defined]
    assert "a.png (image/png, 56 bytes, sha256 " in manifest and "from file" in manifest


@pytest.mark.parametrize(
    ("part", "why"),
    [
        (Part(url="https://example.com/x.yaml"), "Remote URLs are not supported"),
        (Part(url="http://127.0.0.1/x"), "Remote URLs are not supported"),
        (Part(url="ftp://host/x"), "local file:// URLs"),
        (Part(url="file://otherhost/etc/passwd"), "local file:// URLs"),
        # one answer for both, so that nobody learns which paths exist outside (issue 16)
        (Part(url="file:///etc/passwd"), "^The file does not exist or is outside the workspace$"),
        (Part(url="file:///nonexistent/file"), "^The file does not exist or is outside the"),
        (Part(url="file:///tmp/a%00b"), "^The URL is not a valid file path$"),
        (Part(raw=b"x" * 65, media_type="text/plain"), "larger than"),
        (Part(data={"k": "x" * 80}), "larger than"),
        (Part(raw=b"\xff\xfe", media_type="text/plain"), "not valid UTF-8"),
        (Part(raw=b"x" * 129, media_type="image/png"), "larger than"),
    ],
)
def test_refusals(part: Part, why: str, cwd: Path, roots: list[Path]) -> None:
    with pytest.raises(InputError, match=why) as error:
        prepare([Part(text="hi"), part], cwd, roots)
    assert error.value.field == "message.parts[1]"
    assert "/etc" not in error.value.message and str(cwd) not in error.value.message


def test_files_must_stay_inside_cwd_and_roots(cwd: Path, roots: list[Path], tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("secret")
    (cwd / "link.txt").symlink_to(outside)  # a link inside cwd pointing out of it
    (cwd / "dir").mkdir()
    for url, why in (
        ((cwd / "link.txt").as_uri(), "outside the workspace"),
        (outside.as_uri(), "outside the workspace"),
        ((cwd / "dir").as_uri(), "regular file"),
        ((cwd / "dir" / ".." / ".." / "outside.txt").as_uri(), "outside the workspace"),
    ):
        with pytest.raises(InputError, match=why):
            prepare([Part(url=url, media_type="text/plain")], cwd, roots)
    big = cwd / "big.bin"
    big.write_bytes(b"x" * 257)
    with pytest.raises(InputError, match="larger than"):
        prepare([Part(url=big.as_uri(), media_type="application/octet-stream")], cwd, roots)


def test_extra_media_types() -> None:
    media = MediaTypes().with_extra(["application/hcl"], ["video/mp4; codecs=x"])
    assert media.is_text("application/hcl") and not media.is_text("video/mp4")
    assert media.accepts("video/mp4") and not media.accepts("application/x-custom")
    assert media.input_modes[:2] == ["text/plain", "application/json"]
    assert media.input_modes[-2:] == ["application/hcl", "video/mp4"]


async def test_inputs_over_the_wire(a2a: A2AClient, workspace: Path) -> None:
    (workspace / "notes.md").write_text("say from a file")
    parts = [{"url": (workspace / "notes.md").as_uri(), "mediaType": "text/markdown"}]
    task = await a2a.send("", parts=parts)
    assert text_of(task["status"]["message"]) == "from a file"
    image = base64.b64encode(b"\x89PNG fake").decode()
    task = await a2a.send("", parts=[{"raw": image, "mediaType": "image/png"}])
    assert task["status"]["state"] == "TASK_STATE_INPUT_REQUIRED"  # attachments alone are input
    with pytest.raises(RpcError) as error:
        await a2a.send("", parts=[{"text": "x"}, {"url": "https://example.com/t.yaml"}])
    assert (
        error.value.code == -32602
        and error.value.error["data"][0]["fieldViolations"][0]["field"] == "message.parts[1]"
    )
    # A NUL in the path was an internal error (-32603) with a traceback (issue 16).
    nul = (workspace / "a").as_uri() + "%00b"
    with pytest.raises(RpcError) as error:
        await a2a.send("", parts=[{"url": nul, "mediaType": "text/plain"}])
    assert error.value.code == -32602
    listed = await a2a.result("ListTasks", {})
    assert listed["totalSize"] == 2  # the refused messages stored nothing


def test_text_parts_and_the_whole_message_have_limits(cwd: Path, roots: list[Path]) -> None:
    # Issue 16: a 15 MB text part was taken whole into the task (memory under 8 of them: 772
    # MB). A text part has the text limit; the text of one message together the prompt limit.
    limits = InputLimits(text=100, prompt=250)
    with pytest.raises(InputError, match="text part is larger") as error:
        prepare_input([Part(text="x" * 101)], cwd=cwd, roots=roots, limits=limits)
    assert error.value.field == "message.parts[0]"
    with pytest.raises(InputError, match="text of the message is larger"):
        prepare_input([Part(text="x" * 100)] * 3, cwd=cwd, roots=roots, limits=limits)
    assert prepare_input([Part(text="x" * 100)] * 2, cwd=cwd, roots=roots, limits=limits).text
