"""`CloudAccess` (one per engine) and `CloudSession` (one per turn): what a cloud tool calls.

A session knows the caller's keys and region (from the turn's `metadata.iac_code`, see
`credentials`), falls back to the credential chain and the configured region, and sends the
calls through the engine's shared client.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from iaccode.agent.cloud.client import (
    ROS_VERSION,
    ApiCall,
    CloudClient,
    CloudSettings,
    valid_region,
)
from iaccode.agent.cloud.credentials import CallerCloud, CredentialChain, Credentials, caller_cloud
from iaccode.agent.cloud.errors import CloudError

if TYPE_CHECKING:
    from iaccode.config import Config

# ROS parameters long enough to go in the form body, as the vendor's SDK sends them.
_ROS_BODY = ("TemplateBody", "StackPolicyBody", "StackPolicyDuringUpdateBody")


class CloudAccess:
    """The engine's cloud client and credential chain, shared by its turns."""

    def __init__(self, settings: CloudSettings) -> None:
        self.settings = settings
        self.client = CloudClient(settings)
        self.chain = CredentialChain() if settings.credential_chain else None

    @classmethod
    def from_config(cls, config: Config | None) -> CloudAccess:
        if config is None:
            return cls(CloudSettings())
        return cls(
            CloudSettings(
                region=config.ros_region,
                ros_endpoint=config.ros_endpoint,
                timeout_seconds=config.ros_timeout_seconds,
                max_retries=config.ros_max_retries,
                poll_seconds=config.ros_poll_seconds,
                credential_chain=config.ros_credential_chain,
            )
        )

    def session(
        self, metadata: Mapping[str, Any], asked_under: Mapping[str, Any] | None = None
    ) -> CloudSession:
        """The session of a turn whose `metadata.iac_code` is `metadata`. `asked_under`, for a
        turn resumed from a saved pause: the `identity()` the pause was asked under."""
        return CloudSession(self, caller_cloud(metadata), asked_under)


@attrs.frozen
class CloudSession:
    access: CloudAccess
    caller: CallerCloud
    # A resumed turn's: the identity its pause was asked under (`CallerCloud.identity`). Its
    # calls run under that identity only: the same AccessKey ID sent with the answer, or the
    # chain; never the chain in place of the caller's keys.
    asked_under: Mapping[str, Any] | None = None

    @property
    def settings(self) -> CloudSettings:
        return self.access.settings

    @property
    def has_caller_credentials(self) -> bool:
        return self.caller.credentials is not None or self.caller.malformed

    def identity(self) -> dict[str, Any]:
        """Whose keys this session's calls use, without a secret (saved with a pause)."""
        if self.asked_under is not None:
            return dict(self.asked_under)
        return {**self.caller.identity(), "regionId": self.caller.region_id}

    def region(self, asked: object = None) -> str:
        """The region of a call: the tool's argument, the caller's, the configured one.
        Raises CloudError("InvalidRegionId") for a value that is not a region id."""
        caller_region = self.caller.region_id
        if self.asked_under is not None:  # the region the question was asked for
            caller_region = self.asked_under.get("regionId")
        for candidate in (asked, caller_region, self.settings.region):
            if isinstance(candidate, str) and candidate.strip():
                region = candidate.strip()
                if not valid_region(region):
                    raise CloudError("InvalidRegionId", f"{region[:40]!r} is not a region id")
                return region
        return self.settings.region

    async def credentials(self) -> Credentials:
        """The caller's keys, else the chain's. Raises CloudError (MalformedCredentials,
        IncompleteCredentials, MissingCredentials, CredentialsChanged)."""
        if self.asked_under is not None:
            return await self._asked_under(self.asked_under)
        if self.caller.credentials is not None:
            return self.caller.credentials
        if self.caller.malformed:
            raise CloudError("MalformedCredentials")
        if self.caller.incomplete:
            raise CloudError("IncompleteCredentials")
        if self.access.chain is None:
            raise CloudError("MissingCredentials")
        return await self.access.chain.resolve()

    async def _asked_under(self, identity: Mapping[str, Any]) -> Credentials:
        if identity.get("source") == "chain":
            if self.access.chain is None:
                raise CloudError("MissingCredentials")
            return await self.access.chain.resolve()
        # Asked under the caller's keys (or of unknown origin): the answer must carry them.
        creds = self.caller.credentials
        key_id = identity.get("accessKeyId")
        if creds is None or not key_id or creds.access_key_id != key_id:
            raise CloudError("CredentialsChanged")
        return creds

    async def call(self, call: ApiCall, region: str) -> dict[str, Any]:
        """Send `call` signed with this session's keys. Raises CloudError."""
        return await self.access.client.call(call, await self.credentials(), region)

    async def ros(
        self, action: str, params: Mapping[str, Any], *, region: str, read_only: bool = True
    ) -> dict[str, Any]:
        """A ROS (2019-09-10) RPC call in `region`. Raises CloudError."""
        call = ApiCall(
            "ros",
            ROS_VERSION,
            action,
            {"RegionId": region, **params},
            body_params=_ROS_BODY,
            read_only=read_only,
        )
        return await self.call(call, region)
