"""The preview a write's permission question shows: bounded, and secrets masked."""

from __future__ import annotations

import time

from iaccode.agent.permissions import PermissionRequest, envelope
from iaccode.agent.previews import PREVIEW_LINES, mask_secrets, write_preview


def test_secret_looking_values_are_masked() -> None:
    text = "\n".join(
        [
            "password: hunter2hunter2",
            'access_key_secret = "abcDEF123456"',
            '"ApiKey": "k-999999"',
            "id: LTAI5tAbCdEfGhIjKlMn",
            "auth: Bearer abcdefghijklmnop",
            "key: sk-abcdefghijklmnopqrstu",
            "-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----",
            "InstanceType: ecs.g7.large",
        ]
    )
    masked = mask_secrets(text)
    for secret in ("hunter2", "abcDEF123456", "k-999999", "LTAI5t", "abcdefghijklmnop", "MIIE"):
        assert secret not in masked
    assert "InstanceType: ecs.g7.large" in masked and 'access_key_secret = "****"' in masked


def test_a_new_file_shows_its_head_and_an_edit_its_diff() -> None:
    content = "\n".join(f"line {n}" for n in range(100))
    preview = write_preview("write_file", {"path": "a.yaml", "content": content})
    assert preview is not None and preview["kind"] == "content" and preview["lines"] == 100
    assert preview["text"].splitlines()[:PREVIEW_LINES] == [f"line {n}" for n in range(40)]
    assert preview["text"].endswith("…")
    edit = write_preview(
        "edit_file",
        {"path": "main.tf", "old_text": 'cidr = "10.0.0.0/8"', "new_text": 'cidr = "10.1.0.0/16"'},
    )
    assert edit == {
        "kind": "diff",
        "text": '--- a/main.tf\n+++ b/main.tf\n@@ -1 +1 @@\n-cidr = "10.0.0.0/8"\n'
        '+cidr = "10.1.0.0/16"',
    }
    assert write_preview("edit_file", {"path": "x", "old_text": 1}) is None
    assert write_preview("check_ros_template", {"path": "x"}) is None


def test_the_envelope_carries_the_preview() -> None:
    request = PermissionRequest(
        "write_file", "call-1", {"path": "a.env", "content": "db_password=s3cr3t-value\n"}
    )
    env = envelope(request, task_id="t", context_id="c", input_id="i", language=None)
    assert env["preview"] == {"kind": "content", "lines": 1, "text": "db_password=****"}
    assert "s3cr3t" not in str(env)


def test_a_large_write_is_previewed_quickly() -> None:
    # The preview is made on the event loop when the question is asked: a long line (minified
    # JSON, base64 user data) must cost no more than a short one. It took minutes before.
    blob = "QUJD" * 500_000  # 2 MB, one word
    started = time.perf_counter()
    content = write_preview("write_file", {"path": "a.json", "content": blob})
    edit = write_preview("edit_file", {"path": "a.json", "old_text": blob, "new_text": blob + "x"})
    assert time.perf_counter() - started < 1.0
    assert content is not None and content["text"].endswith("…") and content["lines"] == 1
    assert edit is not None and edit["text"].endswith("…")
    masked = write_preview("write_file", {"content": f"{blob[:100]} password: hunter2\n"})
    assert masked is not None and "hunter2" not in masked["text"]


def test_a_template_s_secret_named_parameters_stay_readable() -> None:
    # A ROS template's `DBPassword:` parameter block and a `{"Ref": ...}` to it hold no secret:
    # masking the next line's `Type:` or the `{` garbled the preview (and the turn's memory).
    template = "\n".join(
        [
            "Parameters:",
            "  DBPassword:",
            "    Type: String",
            "    NoEcho: true",
            "Resources:",
            "  Db:",
            "    Properties:",
            '      MasterPassword: {"Ref": "DBPassword"}',
            "      AccountPassword:",
            "        Ref: DBPassword",
            "      SuperPassword: hunter2hunter2",
        ]
    )
    masked = mask_secrets(template)
    assert masked == template.replace("hunter2hunter2", "****")
