"""The offline engine's cloud requests: ROS work asked for in plain words, run with the ROS tools.

A separate dispatch, tried before the offline engine's own requests: "validate this template
with ROS", "what would this cost", "preview it in cn-hangzhou", "which values may the
parameters take", "deploy this as stack web-1", "update stack web-1 with this", "cancel the
update of stack web-1", "delete stack web-1", "status / outputs /
events of stack web-1", "list my stacks". Only the prose is read (a template's own text says
"ROS" too), and only an explicit ask counts, so a pasted template is still reviewed offline
("validate" alone means ROS's ValidateTemplate only when the caller sent keys).
The tools do the work (permission, deployment summary and progress included); this module
picks one and words its result in the caller's language. Without credentials the tool's
localised error is the answer.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import attrs

from iaccode.agent.cloud.texts import cloud_text
from iaccode.agent.tools.base import ToolResult

_WORDS = {
    "validate": r"validat|valid(?:ar|e|er|ieren)\b|prüf|verif|验证|校验|検証",
    "cost": (
        r"\bcost|\bprice|how much|cuesta|costo|coût|\bprix|kosten|\bpreis|custo|preço|"
        r"费用|成本|价格|コスト|料金|費用"
    ),
    "preview": r"preview|vista previa|aperçu|vorschau|pré-?visualiz|预览|プレビュー",
    "constraints": r"constraint|allowed values|restricci|contrainte|einschränk|restriç|约束|制約",
    # German splits the verb: "stelle das als Stack web-1 bereit" (within one bounded clause:
    # an unbounded gap made every "stell" of a long message scan the rest of it).
    "deploy": (
        r"deploy|desplieg|desplegar|déplo|bereitstell|stell\w{0,10}\b[^.!?\n]{0,200}?\bbereit\b|"
        r"implant|部署|デプロイ"
    ),
    "delete": r"\bdelete|\bremove|elimin|supprim|lösch|exclu|删除|削除",
    "update": r"\bupdate|actualiz|mettre à jour|mets à jour|aktualisier|atualiz|更新",
    "cancel": r"\bcancel|cancela|annul|abbrech|brich|取消|キャンセル",
    "outputs": r"outputs?\b|salidas|sorties|ausgaben|saídas|输出|出力",
    "events": r"events?\b|eventos|événements|ereignisse|事件|イベント",
    "list": r"\blist\b|\bmy stacks|listar|lister|auflisten|列出|一覧",
    "status": r"status|estado|état|zustand|状态|状態",
}
_MATCH = {kind: re.compile(words, re.IGNORECASE) for kind, words in _WORDS.items()}
# ROS named as the service that checks ("with ROS", "ROS API"), not as the template's kind
# ("validate this ROS template" stays an offline review).
_ROS = re.compile(
    r"(?:with|using|via|against|through|by|in|mit|con|avec|com|über|per|用|使用|通过)\s*(?:the\s+)?"
    r"ROS(?![A-Za-z])|(?<![A-Za-z])ROS\s*(?:API|service|online)|ValidateTemplate|online|"
    r"en línea|en ligne|在线|オンライン",
    re.IGNORECASE,
)
_STACK = re.compile(
    # Bounded gaps: two unbounded runs of spaces in a row made "stack" + spaces quadratic.
    r"(?:stack|pila|pile|pilha|资源栈|スタック)\s{0,8}(?:named\s{1,8}|called\s{1,8}|名为\s{0,8})?"
    r"[:\uff1a]?\s{0,8}"
    r"[`'\"「]?([A-Za-z][A-Za-z0-9_-]{0,254})",
    re.IGNORECASE,
)
_STACKS = re.compile(r"stacks|pilas|piles|pilhas|资源栈|スタック", re.IGNORECASE)
_REGION = re.compile(r"(?<![\w-])((?:cn|ap|us|eu|me|na|sa|af)-[a-z]+(?:-\d+)?)(?![\w-])")
_PARAMETER = re.compile(r"(?<![\w.])([A-Za-z][A-Za-z0-9]{0,127})=([^\s,;]+)")
_NOT_NAMES = frozenset({"named", "called", "with", "from", "the", "this", "it", "in", "status"})


Call = Callable[[str, Mapping[str, Any]], Awaitable[ToolResult]]


@attrs.frozen
class CloudRequest:
    tool: str
    args: Mapping[str, Any]
    render: Callable[[ToolResult, str | None], str]
    problem: str | None = None  # what is missing, when the request cannot run yet


async def answer(request: CloudRequest, call: Call, language: str | None) -> str:
    """Run the request's tool with `call` and word its result (or say what is missing)."""
    if request.problem is not None:
        return cloud_text(request.problem, language)
    return request.render(await call(request.tool, request.args), language)


def cloud_request(
    prose: str, template: str | None, *, has_keys: bool = False
) -> CloudRequest | None:
    """The ROS tool call `prose` asks for (`template`: the one sent with it), or None.
    With the caller's keys (`has_keys`), "validate" alone means ROS's validation."""
    matched = {kind for kind, pattern in _MATCH.items() if pattern.search(prose)}
    if not matched:
        return None
    common: dict[str, Any] = {}
    region = _REGION.search(prose)
    if region is not None:
        common["region"] = region.group(1)
    stack = _stack_name(prose)
    if template is not None:
        with_template = {"template": template, **common}
        parameters = dict(_PARAMETER.findall(prose))
        if parameters:
            with_template["parameters"] = parameters
        if "update" in matched and stack is not None:
            return CloudRequest(
                "ros_update_stack", {**with_template, "stack_name": stack}, _stack_result
            )
        if "deploy" in matched:
            if stack is None:
                problem = "Name the stack, for example: deploy this as stack web-1."
                return CloudRequest("ros_create_stack", {}, _stack_result, problem)
            return CloudRequest(
                "ros_create_stack", {**with_template, "stack_name": stack}, _stack_result
            )
        if "cost" in matched:
            return CloudRequest("ros_estimate_template_cost", with_template, _cost)
        if "preview" in matched:
            args = {**with_template, **({"stack_name": stack} if stack else {})}
            return CloudRequest("ros_preview_stack", args, _preview)
        if "constraints" in matched:
            return CloudRequest(
                "ros_get_template_parameter_constraints", with_template, _constraints
            )
        if "validate" in matched and (has_keys or _ROS.search(prose)):
            return CloudRequest("ros_validate_template", with_template, _validated)
        return None
    if stack is not None:
        named = {"stack_name": stack, **common}
        if "cancel" in matched and "update" in matched:
            return CloudRequest("ros_cancel_update_stack", named, _stack_result)
        for kind, tool, render in (
            ("delete", "ros_delete_stack", _stack_result),
            ("outputs", "ros_get_stack_outputs", _stack_result),
            ("events", "ros_list_stack_events", _events),
            ("status", "ros_get_stack", _stack_result),
        ):
            if kind in matched:
                return CloudRequest(tool, named, render)
    if "list" in matched and _STACKS.search(prose):
        return CloudRequest("ros_list_stacks", common, _listed)
    if "deploy" in matched and stack is not None:
        problem = "Send the template with the request, for example in a fenced block."
        return CloudRequest("ros_create_stack", {}, _stack_result, problem)
    return None


def _stack_name(prose: str) -> str | None:
    for match in _STACK.finditer(prose):
        name = match.group(1).rstrip(".-_")
        if name and name.lower() not in _NOT_NAMES and not name.lower().startswith("stack"):
            return name
    return None


def failed(result: ToolResult, language: str | None) -> str | None:
    if not result.is_error:
        return None
    return cloud_text("That did not work: {error}", language, error=result.data.get("error"))


def _validated(result: ToolResult, language: str | None) -> str:
    data = result.data
    types = (data.get("ResourceTypes") or {}).get("Resources") or []
    return failed(result, language) or cloud_text(
        "ROS validated the template in {region}: {types} resource types, {parameters} parameters.",
        language,
        region=data.get("regionId"),
        types=len(types),
        parameters=len(data.get("Parameters") or []),
    )


def _cost(result: ToolResult, language: str | None) -> str:
    from iaccode.agent.tools.ros_stacks import monthly_cost

    if (problem := failed(result, language)) is not None:
        return problem
    data = result.data
    total = monthly_cost(data)
    if total is None:
        return cloud_text(
            "ROS priced none of the resources in {region}.", language, region=data.get("regionId")
        )
    lines = [
        cloud_text(
            "Estimated cost in {region}: {amount} {currency} a month.",
            language,
            region=data.get("regionId"),
            **total,
        )
    ]
    for name, item in (data.get("Resources") or {}).items():
        order = ((item or {}).get("Result") or {}).get("Order") or {}
        lines.append(
            f"- {name} ({item.get('Type')}): {order.get('TradeAmount')} {order.get('Currency')}"
        )
    return "\n".join(lines)


def _preview(result: ToolResult, language: str | None) -> str:
    if (problem := failed(result, language)) is not None:
        return problem
    stack = result.data.get("Stack") or {}
    resources = stack.get("Resources") or []
    lines = [
        cloud_text(
            "Preview of stack {name} in {region}: {count} resources.",
            language,
            name=stack.get("StackName"),
            region=result.data.get("regionId"),
            count=len(resources),
        )
    ]
    lines += [f"- {r.get('LogicalResourceId')} ({r.get('ResourceType')})" for r in resources]
    return "\n".join(lines)


def _constraints(result: ToolResult, language: str | None) -> str:
    if (problem := failed(result, language)) is not None:
        return problem
    lines = [
        cloud_text(
            "Parameter constraints from ROS in {region}:",
            language,
            region=result.data.get("regionId"),
        )
    ]
    for item in result.data.get("ParameterConstraints") or []:
        allowed = ", ".join(str(v) for v in item.get("AllowedValues") or []) or "-"
        lines.append(f"- {item.get('ParameterKey')}: {allowed}")
    return "\n".join(lines)


def _stack_result(result: ToolResult, language: str | None) -> str:
    if (problem := failed(result, language)) is not None:
        return problem
    data = result.data
    name = (
        data.get("stackName") or data.get("StackName") or data.get("stackId") or data.get("StackId")
    )
    status = data.get("status") or data.get("Status")
    lines = [
        cloud_text(
            "Stack {name} is {status} in {region}.",
            language,
            name=name,
            status=status,
            region=data.get("regionId"),
        )
    ]
    outputs = data.get("outputs") or data.get("Outputs") or []
    lines += [
        f"- {o.get('OutputKey')}: {o.get('OutputValue')}" for o in outputs if isinstance(o, dict)
    ]
    return "\n".join(lines)


def _events(result: ToolResult, language: str | None) -> str:
    if (problem := failed(result, language)) is not None:
        return problem
    lines = []
    for event in result.data.get("Events") or []:
        fields = ("CreateTime", "LogicalResourceId", "Status", "StatusReason")
        lines.append("- " + " ".join(str(event.get(k) or "") for k in fields).rstrip())
    return "\n".join(lines)


def _listed(result: ToolResult, language: str | None) -> str:
    if (problem := failed(result, language)) is not None:
        return problem
    stacks = result.data.get("Stacks") or []
    lines = [
        cloud_text(
            "{count} stacks in {region}.",
            language,
            count=len(stacks),
            region=result.data.get("regionId"),
        )
    ]
    lines += [f"- {s.get('StackName')} ({s.get('Status')})" for s in stacks]
    return "\n".join(lines)
