"""The preview a write's permission question shows: bounded, and secrets masked."""

from __future__ import annotations

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
