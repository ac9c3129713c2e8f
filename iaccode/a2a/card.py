"""The agent card (spec §8; A2A seed "Agent Card") and its HTTP caching validators.

The card is built once at start-up and served as prepared bytes with a strong ETag (the SHA-256
of those bytes) and a Last-Modified of the start-up time: a client revalidating with If-None-Match
gets 304 until the configuration changes.

By default the card is strict A2A 1.0, as the 1.0 schema (and the TCK) demand: no extra members.
`legacy-card-fields: true` adds the 0.3 members (`url`, `protocolVersion`, `preferredTransport`,
`additionalInterfaces`, `supportsAuthenticatedExtendedCard`) that 0.3 clients and the AgentCore
registry read; a 1.0 client ignores them.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from email.utils import format_datetime
from typing import Any

import attrs

from iaccode import __version__
from iaccode.a2a.auth import Authenticator
from iaccode.agent.media import INPUT_MODES, OUTPUT_MODES
from iaccode.model import codec
from iaccode.model.a2a import (
    AgentCapabilities,
    AgentCard,
    AgentExtension,
    AgentInterface,
    AgentSkill,
)
from iaccode.wire import json

ARTIFACT_METADATA_EXTENSION = "urn:iac-code:a2a:artifact-metadata:v1"
THINKING_EXPOSURE_EXTENSION = "urn:iac-code:a2a:thinking-exposure:v1"
RUNTIME_EXTENSION = "urn:iac-code:a2a:runtime:v1"

DESCRIPTION = (
    "AI-powered Infrastructure as Code assistant for Alibaba Cloud ROS and Terraform workflows."
)
UNAUTHENTICATED_NOTE = (
    " Unauthenticated A2A server mode is intended for trusted local environments."
)

_SKILLS = [
    (
        "iac_generation",
        "IaC Generation",
        "Generate Alibaba Cloud ROS and Terraform templates from natural language.",
        ["iac", "ros", "terraform", "alibaba-cloud"],
        "Create a VPC with two vSwitches in cn-hangzhou.",
    ),
    (
        "iac_review",
        "IaC Review",
        "Inspect IaC templates and suggest fixes.",
        ["iac", "review", "validation"],
        "Review this ROS template for missing parameters.",
    ),
    (
        "aliyun_ros_operations",
        "Alibaba Cloud ROS Operations",
        "Assist with ROS stack workflows using iac-code tools.",
        ["aliyun", "ros", "stack"],
        "Check why this ROS stack update failed.",
    ),
    (
        "terraform_ros_conversion",
        "Terraform To ROS Conversion",
        "Assist Terraform-to-ROS conversion using bundled iac-code skill resources.",
        ["terraform", "ros", "conversion"],
        "Convert this Terraform VPC module to ROS YAML.",
    ),
]


def build_card(
    url: str,
    *,
    thinking_exposure: tuple[str, ...] = (),
    input_modes: list[str] | None = None,
    auth: Authenticator | None = None,
    required_extensions: tuple[str, ...] = (),
    push_notifications: bool = False,
    streaming: bool = True,
    extended_agent_card: bool = True,
    grpc_url: str | None = None,
    http: bool = True,
    grpc_jsonrpc_url: str | None = None,
) -> AgentCard:
    """The public card for an agent whose JSON-RPC endpoint is `url`.

    The HTTP+JSON binding is listed second, with `url` as its base (no trailing slash, so that
    "<url>/message:send" is right however a client joins them); JSON-RPC stays the preferred one.
    With `grpc_url` (`host:port`, the target a gRPC client dials) the GRPC binding comes last;
    without `http` (transport grpc) it is the only one. `grpc_jsonrpc_url` lists iac-code's
    gRPC JSON-RPC envelope transport (a custom binding, `grpc-jsonrpc`, as iac-code names it).
    """
    extensions = [
        AgentExtension(
            uri=ARTIFACT_METADATA_EXTENSION,
            description=(
                "Optional iac-code metadata namespace for tool status and stored local "
                "artifact metadata."
            ),
        )
    ]
    if thinking_exposure:
        enabled = [kind.replace("-", "_") for kind in thinking_exposure]
        extensions.append(
            AgentExtension(
                uri=THINKING_EXPOSURE_EXTENSION,
                description="iac-code thinking and tool-trace exposure in metadata.iac_code.",
                params={"enabledTypes": enabled},
            )
        )
    extensions += [
        AgentExtension(
            uri=uri, description="Required by this server's configuration.", required=True
        )
        for uri in required_extensions
    ]
    schemes, requirements = auth.security() if auth is not None else ({}, [])
    interfaces = []
    if http:
        interfaces += [
            AgentInterface(url=url, protocol_binding="JSONRPC", protocol_version="1.0"),
            AgentInterface(
                url=url.rstrip("/") or url, protocol_binding="HTTP+JSON", protocol_version="1.0"
            ),
        ]
    if grpc_url is not None:
        interfaces.append(
            AgentInterface(url=grpc_url, protocol_binding="GRPC", protocol_version="1.0")
        )
    if grpc_jsonrpc_url is not None:
        interfaces.append(
            AgentInterface(
                url=grpc_jsonrpc_url, protocol_binding="grpc-jsonrpc", protocol_version="1.0"
            )
        )
    modes = input_modes or list(INPUT_MODES)
    skills = [
        AgentSkill(
            id=skill_id,
            name=name,
            description=description,
            tags=tags,
            examples=[example],
            input_modes=modes,
            output_modes=list(OUTPUT_MODES),
        )
        for skill_id, name, description, tags, example in _SKILLS
    ]
    return AgentCard(
        name="iac-code",
        description=DESCRIPTION if schemes else DESCRIPTION + UNAUTHENTICATED_NOTE,
        supported_interfaces=interfaces,
        version=__version__,
        capabilities=AgentCapabilities(
            streaming=streaming,
            push_notifications=push_notifications,
            extended_agent_card=extended_agent_card,
            extensions=extensions,
        ),
        default_input_modes=modes,
        default_output_modes=list(OUTPUT_MODES),
        skills=skills,
        security_schemes=schemes,
        security_requirements=requirements,
    )


def card_at(card: AgentCard, url: str) -> AgentCard:
    """`card` as served at `url` (the JSON-RPC endpoint): its interfaces point there."""
    base = url.rstrip("/") or url
    moved = {"JSONRPC": url, "HTTP+JSON": base}  # gRPC listens where it listens
    interfaces = [
        attrs.evolve(i, url=moved.get(i.protocol_binding, i.url)) for i in card.supported_interfaces
    ]
    return attrs.evolve(card, supported_interfaces=interfaces)


def extended_card(card: AgentCard, runtime: dict[str, Any]) -> AgentCard:
    """The card for authenticated callers: the public one plus runtime details (no secrets),
    carried as the params of the `urn:iac-code:a2a:runtime:v1` extension."""
    details = AgentExtension(
        uri=RUNTIME_EXTENSION,
        description="iac-code runtime details: engine, model, limits, transports.",
        params=runtime,
    )
    capabilities = attrs.evolve(
        card.capabilities, extensions=[*card.capabilities.extensions, details]
    )
    return attrs.evolve(card, capabilities=capabilities)


def card_json(card: AgentCard, *, legacy_fields: bool) -> dict[str, Any]:
    """The card as served: strict 1.0, or with the 0.3 members added."""
    out: dict[str, Any] = codec.unstructure(card)
    if legacy_fields:
        main = card.supported_interfaces[0]
        out["url"] = main.url
        out["protocolVersion"] = "0.3.0"
        out["preferredTransport"] = main.protocol_binding
        # The HTTP+JSON routes are 1.0's; a 0.3 REST client would call 0.3's /v1/... paths.
        out["additionalInterfaces"] = [
            {"url": i.url, "transport": i.protocol_binding}
            for i in card.supported_interfaces
            if i.protocol_binding == "JSONRPC"
        ]
        # Only meaningful when there is authentication to get it with (0.3 spec §5.5).
        out["supportsAuthenticatedExtendedCard"] = bool(
            card.capabilities.extended_agent_card and card.security_schemes
        )
        if card.security_schemes:
            out["security"] = [{name: []} for name in card.security_schemes]
    return out


@attrs.frozen
class PreparedCard:
    """The served bytes and their validators, computed once."""

    body: bytes
    etag: str
    last_modified: str

    @classmethod
    def prepare(cls, card: dict[str, Any]) -> PreparedCard:
        body = json.dumps(card)
        etag = '"' + hashlib.sha256(body).hexdigest() + '"'
        now = datetime.now(UTC).replace(microsecond=0)
        return cls(body=body, etag=etag, last_modified=format_datetime(now, usegmt=True))

    def matches(self, if_none_match: str | None) -> bool:
        """True when an If-None-Match header names this card (RFC 9110 §13.1.2, weak compare)."""
        if not if_none_match:
            return False
        if if_none_match.strip() == "*":
            return True
        tags = (tag.strip().removeprefix("W/") for tag in if_none_match.split(","))
        return self.etag in tags
