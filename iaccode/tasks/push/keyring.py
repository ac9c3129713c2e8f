"""The push keyring: Fernet keys that encrypt push tokens and callback credentials at rest.

The A2A seed ("Push-Notification-Config-Methoden") says the server encrypts stored notification
tokens and callback credentials with a local push keyring, and iac-code-reference 1.5 places it at
`<persistence-dir>/push_keys.json`, or in the `IAC_CODE_A2A_PUSH_KEYRING` environment variable
(1.4). DESIGN.md "State and durability": push tokens and callback credentials are encrypted at rest.

Fernet (from `cryptography`) is authenticated encryption: a value decrypted with the wrong key or
altered on disk fails loudly instead of turning into garbage. An encrypted value carries the id of
its key, `<kid>:<fernet token>`, so keys can rotate: new values are encrypted with the active key,
old ones still decrypt with any key the keyring knows. The environment variable holds either one
Fernet key or `{"active": "<kid>", "keys": {"<kid>": "<key>", ...}}`.

The file is created on first use with mode 0600 and refused when group or others may read it, as
ssh refuses a private key that is too open: a readable key file makes the encryption pointless.
Neither keys nor decrypted values ever reach a log message or an exception's text.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Mapping
from pathlib import Path

import trio
from cryptography.fernet import Fernet, InvalidToken

from iaccode.tasks.errors import UnusableStateError
from iaccode.tasks.files import write_durably
from iaccode.wire import json

ENV_VAR = "IAC_CODE_A2A_PUSH_KEYRING"
KEYRING_FILE = "push_keys.json"
ENV_SINGLE_KID = "env"


class KeyringError(Exception):
    """The keyring cannot be loaded, or a value cannot be decrypted. The text holds no secret."""


class KeyringUnusableError(KeyringError, UnusableStateError):
    """The keyring cannot be loaded (from the environment or its file): the server cannot start."""


class PushKeyring:
    """Named Fernet keys, one of them active. Immutable; `rotated()` returns a new keyring."""

    __slots__ = ("_active", "_fernets", "_keys")

    def __init__(self, keys: Mapping[str, str], active: str) -> None:
        if not keys:
            raise KeyringError("the push keyring has no keys")
        if active not in keys:
            raise KeyringError(
                f"the push keyring's active key id {active!r} is not one of its keys"
            )
        fernets: dict[str, Fernet] = {}
        for kid, key in keys.items():
            if not kid or ":" in kid:
                raise KeyringError(f"push key id {kid!r} must be non-empty and contain no ':'")
            try:
                fernets[kid] = Fernet(key)
            except (ValueError, TypeError):
                raise KeyringError(f"push key {kid!r} is not a valid Fernet key") from None
        self._keys = dict(keys)
        self._fernets = fernets
        self._active = active

    def __repr__(self) -> str:
        return f"PushKeyring(active={self._active!r}, kids={sorted(self._keys)!r})"

    @property
    def active_kid(self) -> str:
        return self._active

    @property
    def kids(self) -> frozenset[str]:
        return frozenset(self._keys)

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def generate(cls, kid: str | None = None) -> PushKeyring:
        kid = kid or _new_kid()
        return cls({kid: Fernet.generate_key().decode("ascii")}, kid)

    @classmethod
    def from_text(cls, text: str) -> PushKeyring:
        """Parse the environment variable's value: one Fernet key, or the JSON keyring form."""
        text = text.strip()
        if not text.startswith("{"):
            return cls({ENV_SINGLE_KID: text}, ENV_SINGLE_KID)
        try:
            document = json.loads(text)
        except json.JSONDecodeError:
            raise KeyringError("the push keyring is not valid JSON") from None
        keys = document.get("keys") if isinstance(document, dict) else None
        active = document.get("active") if isinstance(document, dict) else None
        if not isinstance(keys, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in keys.items()
        ):
            raise KeyringError('the push keyring needs "keys": an object of key id to Fernet key')
        if active is None and len(keys) == 1:
            active = next(iter(keys))
        if not isinstance(active, str):
            raise KeyringError('the push keyring needs "active": the id of the key to encrypt with')
        return cls(keys, active)

    def to_text(self) -> str:
        """The JSON keyring form (secret: for the keyring file only)."""
        return json.dumps({"active": self._active, "keys": self._keys}).decode("utf-8")

    def rotated(self, kid: str | None = None) -> PushKeyring:
        """A keyring with a new active key; the old keys stay to decrypt existing values."""
        kid = kid or _new_kid()
        if kid in self._keys:
            raise KeyringError(f"push key id {kid!r} already exists")
        return PushKeyring({**self._keys, kid: Fernet.generate_key().decode("ascii")}, kid)

    # -- use ----------------------------------------------------------------------------------

    def encrypt(self, text: str) -> str:
        token = self._fernets[self._active].encrypt(text.encode("utf-8"))
        return f"{self._active}:{token.decode('ascii')}"

    def decrypt(self, value: str) -> str:
        kid, sep, token = value.partition(":")
        if not sep:
            raise KeyringError("the value is not an encrypted push secret")
        fernet = self._fernets.get(kid)
        # An unknown key id is tried against every key: a key renamed in the keyring (a single
        # env key moved into the JSON form, say) still decrypts, and Fernet's MAC rejects the rest.
        candidates = [fernet] if fernet is not None else list(self._fernets.values())
        for candidate in candidates:
            try:
                return candidate.decrypt(token.encode("ascii")).decode("utf-8")
            except (InvalidToken, UnicodeError):
                continue
        raise KeyringError(
            f"a push secret encrypted with key {kid!r} cannot be decrypted with this keyring"
        )

    def needs_reencryption(self, value: str) -> bool:
        """True when `value` was encrypted with a key other than the active one."""
        return value.partition(":")[0] != self._active

    def reencrypt(self, value: str) -> str:
        """`value` encrypted with the active key (the rotation step for stored secrets)."""
        return value if not self.needs_reencryption(value) else self.encrypt(self.decrypt(value))


def _new_kid() -> str:
    return "k" + secrets.token_hex(4)


# -- loading ----------------------------------------------------------------------------------


def load_keyring(persistence_dir: Path, *, environ: Mapping[str, str] | None = None) -> PushKeyring:
    """The keyring from `IAC_CODE_A2A_PUSH_KEYRING`, else from `<persistence_dir>/push_keys.json`.

    The file is created (0600) when missing. Blocking: call it from a thread (`open_keyring`).
    """
    env = os.environ if environ is None else environ
    text = env.get(ENV_VAR, "").strip()
    if text:
        try:
            return PushKeyring.from_text(text)
        except KeyringError as exc:
            raise KeyringUnusableError(f"{ENV_VAR}: {exc}") from None
    return load_keyring_file(persistence_dir / KEYRING_FILE)


async def open_keyring(
    persistence_dir: Path, *, environ: Mapping[str, str] | None = None
) -> PushKeyring:
    """`load_keyring` in a worker thread."""
    return await trio.to_thread.run_sync(lambda: load_keyring(persistence_dir, environ=environ))


def load_keyring_file(path: Path) -> PushKeyring:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        return _create_keyring_file(path)
    except OSError as exc:
        raise KeyringUnusableError(f"cannot open the push keyring {path}: {exc.strerror}") from None
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise KeyringUnusableError(f"the push keyring {path} is not a regular file")
        if info.st_mode & 0o077:
            raise KeyringUnusableError(
                f"the push keyring {path} is accessible by group or others"
                f" (mode {stat.S_IMODE(info.st_mode):04o}); run: chmod 600 {path}"
            )
        data = file.read()
    try:
        text = data.decode("utf-8")
    except UnicodeError:  # its text would quote the offending byte of a key
        raise KeyringUnusableError(f"the push keyring {path} is damaged: not UTF-8") from None
    try:
        return PushKeyring.from_text(text)
    except KeyringError as exc:
        raise KeyringUnusableError(f"the push keyring {path} is damaged: {exc}") from None


def write_keyring_file(path: Path, keyring: PushKeyring, *, replace: bool = False) -> None:
    """Write `keyring` durably with mode 0600; without `replace`, only if there is none yet."""
    write_durably(path, keyring.to_text().encode("utf-8"), exclusive=not replace)


def _create_keyring_file(path: Path) -> PushKeyring:
    keyring = PushKeyring.generate()
    try:
        write_keyring_file(path, keyring)
    except FileExistsError:
        # Another process sharing the persistence directory won the race: use its key.
        return load_keyring_file(path)
    except OSError as exc:
        raise KeyringUnusableError(
            f"cannot create the push keyring {path}: {exc.strerror}"
        ) from None
    return keyring
