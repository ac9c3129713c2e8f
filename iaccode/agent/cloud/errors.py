"""Cloud call failures as clear, safe, localised messages that keep the RequestId.

A `CloudError` carries the vendor's code, its message and the RequestId (support needs it),
never a key, a token, a local path or a traceback. `text(language)` is what a tool reports: a
sentence for the kind of failure in the caller's language, then the code, the vendor's message
(English, cut, with any secret removed) and the RequestId.
"""

from __future__ import annotations

from collections.abc import Sequence

from iaccode.agent.cloud.texts import cloud_text

_MAX_VENDOR_MESSAGE = 300

# Vendor code (or its prefix before the first dot) -> the sentence explaining it.
_SENTENCES = {
    "MissingCredentials": (
        "No Alibaba Cloud credentials were given: send accessKeyId and accessKeySecret with the "
        "request, or configure the server's credential chain."
    ),
    "IncompleteCredentials": (
        "The Alibaba Cloud credentials are incomplete: an AccessKey ID needs its secret."
    ),
    "MalformedCredentials": (
        "The Alibaba Cloud credentials contain characters that no AccessKey or STS token has."
    ),
    "CredentialsChanged": (
        "This change was asked for with your Alibaba Cloud keys: send the same Alibaba Cloud "
        "keys with your answer (it never runs under other credentials)."
    ),
    "InvalidAccessKeyId": "Alibaba Cloud did not accept the AccessKey.",
    "SignatureDoesNotMatch": "Alibaba Cloud did not accept the AccessKey.",
    "IncompleteSignature": "Alibaba Cloud did not accept the AccessKey.",
    "InvalidSecurityToken.Expired": (
        "The Alibaba Cloud STS token has expired; request new temporary credentials."
    ),
    "InvalidSecurityToken": "Alibaba Cloud did not accept the STS token.",
    "InvalidTimeStamp": "Alibaba Cloud refused the request time; check the server's clock.",
    "Throttling": "Alibaba Cloud is throttling requests; try again in a moment.",
    "ServiceUnavailable": "Alibaba Cloud is throttling requests; try again in a moment.",
    "Unreachable": "The Alibaba Cloud endpoint could not be reached.",
    "Timeout": "The Alibaba Cloud endpoint did not answer in time.",
    "ConnectionLost": "The connection to Alibaba Cloud broke before its answer arrived.",
    "BadResponse": "Alibaba Cloud sent an answer that could not be read.",
    "InvalidRegionId": "The region is not valid for this service.",
    "StackNotFound": "The stack was not found in this region.",
    "ChangeSetNotFound": "The change set was not found.",
    "InvalidTemplate": "ROS rejected the template.",
    "Forbidden": "The credentials are not allowed to do this (check the RAM policy).",
    "NoPermission": "The credentials are not allowed to do this (check the RAM policy).",
}
_EXTRA_MISSING = (
    "No Alibaba Cloud credentials were given with the request, and the server's credential "
    "chain needs the aliyun extra (pip install 'iaccode[aliyun]')."
)
_OTHER = "Alibaba Cloud refused the request."


class CloudError(Exception):
    """A cloud call failed. `code` is the vendor's (or one of ours: MissingCredentials,
    IncompleteCredentials, MalformedCredentials, CredentialsChanged, Unreachable, Timeout,
    ConnectionLost, BadResponse)."""

    def __init__(
        self,
        code: str,
        message: str = "",
        *,
        request_id: str | None = None,
        status: int | None = None,
        extra_missing: bool = False,
        secrets: Sequence[str] = (),
    ) -> None:
        super().__init__(code)
        self.code = code
        self.vendor_message = _clean(message, secrets)
        self.request_id = request_id
        self.status = status
        self.extra_missing = extra_missing

    @property
    def throttled(self) -> bool:
        """Worth a retry with backoff: Throttling.* and ServiceUnavailable were not carried out."""
        return self.code.split(".", 1)[0] in ("Throttling", "ServiceUnavailable")

    def sentence(self, language: str | None) -> str:
        if self.extra_missing:
            return cloud_text(_EXTRA_MISSING, language)
        english = _SENTENCES.get(self.code) or _SENTENCES.get(self.code.split(".", 1)[0], _OTHER)
        return cloud_text(english, language)

    def text(self, language: str | None = None) -> str:
        """The message a tool reports: the sentence, then code, vendor message, RequestId."""
        details = [self.code]
        if self.vendor_message:
            details[0] += f": {self.vendor_message}"
        if self.request_id:
            details.append(f"RequestId {self.request_id}")
        return f"{self.sentence(language)} ({'; '.join(details)})"

    def __str__(self) -> str:
        return self.text()


def _clean(message: str, secrets: Sequence[str]) -> str:
    for secret in secrets:
        if secret:
            message = message.replace(secret, "***")
    message = " ".join(message.split())
    if len(message) > _MAX_VENDOR_MESSAGE:
        message = message[:_MAX_VENDOR_MESSAGE] + "…"
    return message
