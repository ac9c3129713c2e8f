"""`aliyun_api`: call any Alibaba Cloud OpenAPI (RPC or ROA style) with the turn's keys.

An action is read-only when its name says so (Describe*, List*, Get*, Query*, Check*, the
prefix a whole word) and, in ROA style, its method is GET: it runs without a question. Any other
call is a write of the protected API `product:Action` (`ecs:DeleteInstance`): only an exact allow
rule for it, or the caller's allow_once, lets it run (`iaccode.agent.permissions`). The endpoint
is the product's regional one (ROS: `ros-endpoint`); a call cannot name another host, so the
keys are never sent anywhere else.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from iaccode.agent.cloud.client import ApiCall, valid_product
from iaccode.agent.cloud.errors import CloudError
from iaccode.agent.tools.base import ToolContext, ToolError, ToolResult, ToolSpec
from iaccode.agent.tools.ros import REGION, language_of, session_of
from iaccode.agent.tools.ros_stacks import ask

READ_PREFIXES = ("Describe", "List", "Get", "Query", "Check")
# The prefix is a whole word of the CamelCase name: "ListStacks" reads, "Listen..." does not.
_READ_ACTION = re.compile(rf"^(?:{'|'.join(READ_PREFIXES)})[A-Z0-9]")
_ACTION = re.compile(r"^[A-Z][A-Za-z0-9]{1,99}$")
_VERSION = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_PATH = re.compile(r"^/[A-Za-z0-9/_.~-]{0,500}$")


def is_read_only(action: str, style: str = "RPC", method: str = "POST") -> bool:
    """Whether a call only reads. A ROA API is chosen by its method and path, not by the
    action's name: only a GET reads (a DELETE named "DescribeX" still deletes)."""
    if style == "ROA" and method != "GET":
        return False
    return bool(_READ_ACTION.match(action))


class AliyunApi:
    spec = ToolSpec(
        name="aliyun_api",
        description=(
            "Call an Alibaba Cloud OpenAPI directly: product code (ecs, vpc, ros, rds...), its "
            "API version (2014-05-26 for ecs), the action and its parameters, as in the "
            "vendor's API reference. RPC style (default) takes flat or nested parameters; ROA "
            "style takes a method, a pathname and a JSON body. Describe/List/Get/Query/Check "
            "actions only read (in ROA style only with GET); any other call changes resources and "
            "the caller must approve that exact API. Prefer the ros_* tools for stacks."
        ),
        parameters={
            "type": "object",
            "properties": {
                "product": {"type": "string"},
                "version": {"type": "string", "description": "API version, YYYY-MM-DD"},
                "action": {"type": "string"},
                "params": {"type": "object"},
                "style": {"type": "string", "enum": ["RPC", "ROA"], "default": "RPC"},
                "method": {"type": "string", "enum": ["GET", "POST", "PUT", "DELETE"]},
                "pathname": {"type": "string", "description": "ROA only"},
                "region": REGION,
            },
            "required": ["product", "version", "action"],
        },
        read_only=False,
        asks_permission=True,
    )

    async def run(self, args: Mapping[str, Any], ctx: ToolContext) -> ToolResult:
        session, language = session_of(ctx), language_of(args)
        call = _call(args)
        try:
            region = session.region(_region_asked(args, call))
            if call.style == "RPC":
                call = attrs.evolve(call, params={**call.params, "RegionId": region})
            if not call.read_only:
                api = f"{call.product}:{call.action}"
                where = {"operation": call.action, "product": call.product, "regionId": region}
                await ask(ctx, self.spec.name, args, api, where)
            answer = await session.call(call, region)
        except CloudError as exc:
            raise ToolError(exc.text(language)) from None
        response = _redacted(answer)
        return ToolResult({"regionId": region, "readOnly": call.read_only, "response": response})


# Answer fields that hold a credential (sts:AssumeRole, ram:CreateAccessKey...): a tool result
# is kept with the task and shown to the model, so their values are left out.
_SECRET_FIELDS = frozenset({"accesskeysecret", "securitytoken"})


def _redacted(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {
            k: "***" if str(k).lower() in _SECRET_FIELDS and v else _redacted(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_redacted(v) for v in value]
    return value


def _region_asked(args: Mapping[str, Any], call: ApiCall) -> object:
    """The region a call names: `region`, or its own RegionId parameter, which is where an RPC
    call acts, so the person asked is shown that one. Two different ones are refused."""
    asked, param = args.get("region"), call.params.get("RegionId")
    if call.style != "RPC" or param is None:
        return asked
    if not isinstance(param, str) or (asked is not None and asked != param):
        raise ToolError("'params.RegionId' must be a region id, the same as 'region'.")
    return param


def _call(args: Mapping[str, Any]) -> ApiCall:
    product = str(args.get("product") or "").strip().lower()
    version, action = str(args.get("version") or ""), str(args.get("action") or "")
    style = str(args.get("style") or "RPC").upper()
    if not valid_product(product):
        raise ToolError("'product' must be a product code such as ecs, vpc or ros.")
    if not _VERSION.match(version):
        raise ToolError("'version' must be the API version, YYYY-MM-DD.")
    if not _ACTION.match(action):
        raise ToolError("'action' must be an API action name such as DescribeInstances.")
    if style not in ("RPC", "ROA"):
        raise ToolError("'style' must be RPC or ROA.")
    params = args.get("params") or {}
    if not isinstance(params, Mapping):
        raise ToolError("'params' must be an object.")
    pathname = str(args.get("pathname") or "/")
    if not _PATH.match(pathname) or ".." in pathname:
        raise ToolError("'pathname' must be an absolute API path.")
    method = str(args.get("method") or ("POST" if style == "RPC" else "GET")).upper()
    if method not in ("GET", "POST", "PUT", "DELETE"):
        raise ToolError("'method' must be GET, POST, PUT or DELETE.")
    return ApiCall(
        product,
        version,
        action,
        dict(params),
        style=style,
        method=method,
        pathname=pathname if style == "ROA" else "/",
        body_params=("TemplateBody",) if product == "ros" else (),
        read_only=is_read_only(action, style, method),
    )


ALIYUN_TOOLS = (AliyunApi(),)
