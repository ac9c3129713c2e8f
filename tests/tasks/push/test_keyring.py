"""The push keyring: encryption, rotation, the environment variable, the key file's mode."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from iaccode.tasks.push.keyring import (
    ENV_VAR,
    KEYRING_FILE,
    KeyringError,
    PushKeyring,
    load_keyring,
    load_keyring_file,
    open_keyring,
    write_keyring_file,
)
from iaccode.wire import json

SECRET = "s3cr3t-callback-token"


def test_encrypt_carries_the_key_id_and_decrypts(keyring: PushKeyring) -> None:
    value = keyring.encrypt(SECRET)
    assert value.startswith("test:")
    assert SECRET not in value
    assert keyring.encrypt(SECRET) != value  # Fernet is randomised
    assert keyring.decrypt(value) == SECRET
    assert keyring.decrypt(keyring.encrypt("äöü ✓")) == "äöü ✓"


def test_tampered_or_foreign_values_are_refused_without_leaking(keyring: PushKeyring) -> None:
    value = keyring.encrypt(SECRET)
    tampered = value[:-6] + ("A" if value[-6] != "A" else "B") + value[-5:]
    foreign = PushKeyring.generate("test").encrypt("x")
    for bad in (tampered, "test:not-a-token", "no-key-id", foreign):
        with pytest.raises(KeyringError) as info:
            keyring.decrypt(bad)
        assert SECRET not in str(info.value)


def test_rotation_decrypts_old_values_and_encrypts_with_the_new_key() -> None:
    old = PushKeyring.generate("a")
    new = old.rotated("b")
    before = old.encrypt(SECRET)
    assert new.active_kid == "b" and new.kids == {"a", "b"}
    assert new.decrypt(before) == SECRET
    after = new.encrypt(SECRET)
    assert after.startswith("b:")
    with pytest.raises(KeyringError):
        old.decrypt(after)
    assert new.needs_reencryption(before) and not new.needs_reencryption(after)
    assert new.reencrypt(before).startswith("b:")
    assert new.decrypt(new.reencrypt(before)) == SECRET
    with pytest.raises(KeyringError, match="already exists"):
        new.rotated("a")


def test_a_renamed_key_still_decrypts() -> None:
    key = Fernet.generate_key().decode()
    value = PushKeyring({"env": key}, "env").encrypt(SECRET)
    assert PushKeyring({"k2": key}, "k2").decrypt(value) == SECRET


def test_repr_shows_no_key(keyring: PushKeyring) -> None:
    key = json.loads(keyring.to_text())["keys"]["test"]
    assert key not in repr(keyring) and "test" in repr(keyring)


def test_environment_variable_single_key_and_json_forms(tmp_path: Path) -> None:
    key = Fernet.generate_key().decode()
    single = load_keyring(tmp_path, environ={ENV_VAR: key})
    assert single.active_kid == "env"
    other = Fernet.generate_key().decode()
    text = json.dumps({"active": "two", "keys": {"one": key, "two": other}}).decode()
    ring = load_keyring(tmp_path, environ={ENV_VAR: text})
    assert ring.active_kid == "two"
    assert ring.decrypt(single.encrypt(SECRET)) == SECRET  # same key under another id
    assert not (tmp_path / KEYRING_FILE).exists()  # the environment wins; no file is made


@pytest.mark.parametrize(
    "text",
    [
        "not-a-fernet-key",
        "{broken json",
        '{"keys": {}}',
        '{"active": "x", "keys": {"y": "%s"}}',
        '{"active": "a:b", "keys": {"a:b": "%s"}}',
        '{"keys": {"a": "%s", "b": "%s"}}',
    ],
)
def test_bad_environment_keyrings_are_refused_without_echoing_them(
    tmp_path: Path, text: str
) -> None:
    key = Fernet.generate_key().decode()
    text = text.replace("%s", key)
    with pytest.raises(KeyringError) as info:
        load_keyring(tmp_path, environ={ENV_VAR: text})
    assert ENV_VAR in str(info.value)
    assert key not in str(info.value) and "not-a-fernet-key" not in str(info.value)


def test_file_is_created_with_0600_and_reused(tmp_path: Path) -> None:
    state = tmp_path / "state"
    first = load_keyring(state, environ={})
    path = state / KEYRING_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    second = load_keyring(state, environ={})
    assert second.decrypt(first.encrypt(SECRET)) == SECRET
    assert list(state.iterdir()) == [path]  # no temporary file left behind


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o660])
def test_file_readable_by_others_is_refused(tmp_path: Path, mode: int) -> None:
    load_keyring(tmp_path, environ={})
    path = tmp_path / KEYRING_FILE
    os.chmod(path, mode)
    with pytest.raises(KeyringError, match=r"group or others .*chmod 600") as info:
        load_keyring(tmp_path, environ={})
    assert f"{mode:04o}" in str(info.value)


def test_symlinked_or_damaged_files_are_refused(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.json"
    write_keyring_file(target, PushKeyring.generate())
    (tmp_path / KEYRING_FILE).symlink_to(target)
    with pytest.raises(KeyringError, match="cannot open"):
        load_keyring_file(tmp_path / KEYRING_FILE)
    damaged = tmp_path / "damaged.json"
    damaged.write_text("{")
    damaged.chmod(0o600)
    with pytest.raises(KeyringError, match="damaged"):
        load_keyring_file(damaged)


def test_a_file_created_concurrently_wins(tmp_path: Path) -> None:
    path = tmp_path / KEYRING_FILE
    winner = PushKeyring.generate("winner")
    write_keyring_file(path, winner)
    with pytest.raises(FileExistsError):
        write_keyring_file(path, PushKeyring.generate("loser"))
    assert load_keyring_file(path).active_kid == "winner"
    write_keyring_file(path, winner.rotated("next"), replace=True)
    assert load_keyring_file(path).kids == {"winner", "next"}


async def test_open_keyring_runs_in_a_thread(tmp_path: Path) -> None:
    ring = await open_keyring(tmp_path, environ={})
    assert ring.decrypt(ring.encrypt(SECRET)) == SECRET
