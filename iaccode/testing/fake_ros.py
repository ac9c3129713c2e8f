"""A fake ROS OpenAPI endpoint (ros20190910), over real HTTP/1.1 on 127.0.0.1.

It speaks the wire protocol the vendor's SDK speaks: RPC-style POSTs to `/` with the action in
`x-acs-action`, query parameters flattened (`Parameters.1.ParameterKey`), long fields
(`TemplateBody`) form-encoded in the body, and an ACS3-HMAC-SHA256 `Authorization` header that
is VERIFIED the way the service does it (the headers the client says it signed, the query, the
body hash), so a signing bug fails. Credentials are those given to the constructor; an STS key
must come with its token. Errors have the vendor's shape and codes:

    {"RequestId": ..., "HostId": ..., "Code": "StackNotFound", "Message": ..., "Recommend": ...}

Stacks live in memory and move one step per `GetStack` poll (no clocks in tests): a create goes
CREATE_IN_PROGRESS -> CREATE_COMPLETE with an event per resource; a stack named in
`failing_stacks` fails one resource (a CREATE_FAILED event) and rolls back
(CREATE_ROLLBACK_IN_PROGRESS -> CREATE_ROLLBACK_COMPLETE, as ROS names it). `throttle(n)`
answers the next n requests with `Throttling.User`.

Response shapes follow the SDK's models (alibabacloud-ros20190910 `*_response_body.py`).
"""

from __future__ import annotations

import hmac
import time
import uuid
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import attrs
import h11
import trio
import yaml

from iaccode.agent.cloud import signing
from iaccode.testing.fake_openai import _read_request as read_request
from iaccode.wire.json import dumps

VERSION = "2019-09-10"
REGIONS = ("cn-hangzhou", "cn-beijing", "cn-shanghai", "cn-shenzhen", "ap-southeast-1")
_MAX_SKEW = 15 * 60
# What a resource costs a month in the fake (CNY), by type; others are free.
PRICES = {
    "ALIYUN::ECS::Instance": 120.5,
    "ALIYUN::RDS::DBInstance": 230.0,
    "ALIYUN::SLB::LoadBalancer": 40.0,
}


class FakeRosError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(code)
        self.status, self.code, self.message = status, code, message


@attrs.define
class FakeStack:
    stack_id: str
    name: str
    region: str
    template: dict[str, Any]
    parameters: list[dict[str, str]]
    status: str
    steps: list[tuple[str, str, str, str]]  # (stack status after, logical id, event status, reason)
    events: list[dict[str, Any]] = attrs.field(factory=list)
    created: str = attrs.field(factory=lambda: _now())
    deleted: bool = False
    status_reason: str = ""


@attrs.define
class FakeChangeSet:
    change_set_id: str
    name: str
    stack: FakeStack
    template: dict[str, Any]
    changes: list[dict[str, Any]]
    status: str = "CREATE_COMPLETE"
    execution_status: str = "AVAILABLE"


class FakeRos:
    """The server; start it with `endpoint = await nursery.start(fake.serve)`.

    `credentials` maps AccessKeyId -> secret, or -> (secret, security token) for an STS key.
    """

    def __init__(self, credentials: Mapping[str, str | tuple[str, str]]) -> None:
        self.credentials = dict(credentials)
        self.expired_tokens: set[str] = set()
        self.failing_stacks: set[str] = set()
        self.stacks: dict[str, FakeStack] = {}
        self.change_sets: dict[str, FakeChangeSet] = {}
        self.requests: list[dict[str, Any]] = []  # {action, query, form, headers, status, code}
        self._throttle = 0
        self._endpoint: str | None = None

    @property
    def endpoint(self) -> str:
        if self._endpoint is None:
            raise RuntimeError("FakeRos is not serving yet")
        return self._endpoint

    def throttle(self, count: int) -> None:
        """Answer the next `count` requests with Throttling.User."""
        self._throttle = count

    def actions(self) -> list[str]:
        return [r["action"] for r in self.requests]

    async def serve(self, *, task_status: trio.TaskStatus[str] = trio.TASK_STATUS_IGNORED) -> None:
        """Listen on 127.0.0.1 on a free port and report `http://127.0.0.1:<port>`."""
        listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
        port = listeners[0].socket.getsockname()[1]
        self._endpoint = f"http://127.0.0.1:{port}"
        task_status.started(self._endpoint)
        await trio.serve_listeners(self._handle, listeners)

    async def _handle(self, stream: trio.SocketStream) -> None:
        conn = h11.Connection(h11.SERVER)
        try:
            while True:
                request = await read_request(conn, stream)
                if request is None:
                    return
                status, body = self.answer(*request)
                headers = [
                    ("content-type", "application/json;charset=utf-8"),
                    ("content-length", str(len(body))),
                ]
                await stream.send_all(conn.send(h11.Response(status_code=status, headers=headers)))
                await stream.send_all(conn.send(h11.Data(body)))
                await stream.send_all(conn.send(h11.EndOfMessage()))
                if conn.our_state is not h11.DONE or conn.their_state is not h11.DONE:
                    return
                conn.start_next_cycle()
        except (trio.BrokenResourceError, trio.ClosedResourceError, h11.RemoteProtocolError):
            return
        finally:
            await stream.aclose()

    def answer(
        self, method: str, target: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, bytes]:
        """One request -> (HTTP status, JSON body)."""
        request_id = str(uuid.uuid4()).upper()
        split = urlsplit(target)
        query = dict(parse_qsl(split.query, keep_blank_values=True))
        form = dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))
        action = headers.get("x-acs-action", "")
        record: dict[str, Any] = {
            "action": action,
            "query": query,
            "form": form,
            "headers": headers,
        }
        self.requests.append(record)
        try:
            self._authenticate(method, split.path, query, headers, body)
            if self._throttle > 0:
                self._throttle -= 1
                raise FakeRosError(
                    400, "Throttling.User", "Request was denied due to user flow control."
                )
            if headers.get("x-acs-version") != VERSION:
                raise FakeRosError(
                    400, "InvalidVersion", "Specified parameter Version is not valid."
                )
            handler = getattr(self, f"_do_{action}", None)
            if handler is None:
                raise FakeRosError(
                    404,
                    "InvalidAction.NotFound",
                    "Specified api is not found, please check your url and method.",
                )
            params = {**query, **form}
            region = params.get("RegionId")
            if region is not None and region not in REGIONS:
                raise FakeRosError(
                    400, "InvalidRegionId", f"The specified region ({region}) is not supported."
                )
            result: dict[str, Any] = handler(params)
        except FakeRosError as exc:
            record.update(status=exc.status, code=exc.code)
            error = {
                "RequestId": request_id,
                "HostId": "ros.aliyuncs.com",
                "Code": exc.code,
                "Message": exc.message,
                "Recommend": f"https://api.aliyun.com/troubleshoot?q={exc.code}",
            }
            return exc.status, dumps(error)
        record.update(status=200, code=None)
        return 200, dumps({"RequestId": request_id, **result})

    # -- authentication ---------------------------------------------------------------------

    def _authenticate(
        self, method: str, path: str, query: dict[str, str], headers: dict[str, str], body: bytes
    ) -> None:
        auth = headers.get("authorization", "")
        algorithm, _, rest = auth.partition(" ")
        fields = dict(item.split("=", 1) for item in rest.split(",") if "=" in item)
        if (
            algorithm != signing.ALGORITHM
            or not {"Credential", "SignedHeaders", "Signature"} <= fields.keys()
        ):
            raise FakeRosError(
                400,
                "IncompleteSignature",
                "The request signature does not conform to Aliyun standards.",
            )
        key = self.credentials.get(fields["Credential"])
        if key is None:
            raise FakeRosError(
                404, "InvalidAccessKeyId.NotFound", "Specified access key is not found."
            )
        secret, token = (key, None) if isinstance(key, str) else key
        names = fields["SignedHeaders"].split(";")
        if not {"host", "x-acs-date", "x-acs-action", "x-acs-content-sha256"} <= set(names) or any(
            name not in headers for name in names
        ):
            raise FakeRosError(
                400,
                "IncompleteSignature",
                "The request signature does not conform to Aliyun standards.",
            )
        if headers["x-acs-content-sha256"] != signing.payload_hash(body):
            raise FakeRosError(
                400,
                "SignatureDoesNotMatch",
                "Specified signature is not matched with our calculation.",
            )
        text = signing.string_to_sign(
            method, path, query, headers, headers["x-acs-content-sha256"], names
        )
        if not hmac.compare_digest(signing.signature(secret, text), fields["Signature"]):
            raise FakeRosError(
                400,
                "SignatureDoesNotMatch",
                "Specified signature is not matched with our calculation.",
            )
        try:
            stamp = (
                time.mktime(time.strptime(headers["x-acs-date"], "%Y-%m-%dT%H:%M:%SZ"))
                - time.timezone
            )
        except ValueError:
            raise FakeRosError(
                400,
                "InvalidTimeStamp.Format",
                "Specified time stamp or date value is not well formatted.",
            ) from None
        if abs(stamp - time.time()) > _MAX_SKEW:
            raise FakeRosError(
                400, "InvalidTimeStamp.Expired", "Specified time stamp or date value is expired."
            )
        if token is not None:
            sent = headers.get("x-acs-security-token")
            if sent is None or sent != token:
                raise FakeRosError(
                    400,
                    "InvalidSecurityToken.MismatchWithAccessKey",
                    "Specified SecurityToken mismatch with the AccessKey.",
                )
            if token in self.expired_tokens:
                raise FakeRosError(
                    400, "InvalidSecurityToken.Expired", "Specified SecurityToken is expired."
                )

    # -- templates ---------------------------------------------------------------------------

    @staticmethod
    def _template(params: Mapping[str, str]) -> dict[str, Any]:
        body = params.get("TemplateBody")
        if not body:
            raise FakeRosError(
                400,
                "MissingParameter",
                "The input parameter TemplateBody that is mandatory for processing this request "
                "is not supplied.",
            )
        try:
            template = yaml.safe_load(body)
        except yaml.YAMLError:
            raise FakeRosError(
                400,
                "InvalidTemplate",
                "Template format error: the template is not valid JSON or YAML.",
            ) from None
        if (
            not isinstance(template, dict)
            or template.get("ROSTemplateFormatVersion") != "2015-09-01"
        ):
            raise FakeRosError(
                400,
                "InvalidTemplate",
                "The template version is invalid: ROSTemplateFormatVersion must be 2015-09-01.",
            )
        resources = template.get("Resources")
        if not isinstance(resources, dict) or not resources:
            raise FakeRosError(
                400, "InvalidTemplate", "The template must contain at least one resource."
            )
        for name, resource in resources.items():
            if not isinstance(resource, dict) or not str(resource.get("Type", "")).startswith(
                "ALIYUN::"
            ):
                raise FakeRosError(
                    400, "InvalidTemplate", f"Unknown resource Type of resource {name}."
                )
        return template

    @staticmethod
    def _parameters(params: Mapping[str, str]) -> list[dict[str, str]]:
        found = []
        index = 1
        while f"Parameters.{index}.ParameterKey" in params:
            found.append(
                {
                    "ParameterKey": params[f"Parameters.{index}.ParameterKey"],
                    "ParameterValue": params.get(f"Parameters.{index}.ParameterValue", ""),
                }
            )
            index += 1
        return found

    def _do_ValidateTemplate(self, params: Mapping[str, str]) -> dict[str, Any]:
        template = self._template(params)
        declared = template.get("Parameters") or {}
        return {
            "Description": template.get("Description", ""),
            "Parameters": [
                {
                    "ParameterKey": key,
                    "Type": (spec or {}).get("Type", "String"),
                    **(
                        {"DefaultValue": spec["Default"]}
                        if isinstance(spec, dict) and "Default" in spec
                        else {}
                    ),
                }
                for key, spec in declared.items()
            ],
            "Outputs": [
                {"OutputKey": key, "Description": (spec or {}).get("Description", "")}
                for key, spec in (template.get("Outputs") or {}).items()
            ],
            "ResourceTypes": {
                "Resources": sorted({r["Type"] for r in template["Resources"].values()}),
                "DataSources": [],
            },
        }

    def _do_GetTemplateParameterConstraints(self, params: Mapping[str, str]) -> dict[str, Any]:
        template = self._template(params)
        constraints = []
        for key, spec in (template.get("Parameters") or {}).items():
            spec = spec if isinstance(spec, dict) else {}
            allowed = spec.get("AllowedValues") or []
            constraints.append(
                {
                    "ParameterKey": key,
                    "Type": spec.get("Type", "String"),
                    "AllowedValues": [str(v) for v in allowed],
                    "Behavior": "AllowedValues" if allowed else "NoLimit",
                    "BehaviorReason": "",
                    "AssociationParameterNames": [],
                    "IllegalValueByParameterConstraints": [],
                    "IllegalValueByRules": [],
                    "NotSupportResources": [],
                    "QueryErrors": [],
                }
            )
        return {"ParameterConstraints": constraints}

    def _do_PreviewStack(self, params: Mapping[str, str]) -> dict[str, Any]:
        template = self._template(params)
        return {
            "Stack": {
                "StackName": params.get("StackName", ""),
                "RegionId": params.get("RegionId", ""),
                "Description": template.get("Description", ""),
                "DisableRollback": False,
                "TimeoutInMinutes": 60,
                "Parameters": self._parameters(params),
                "Resources": [
                    {
                        "LogicalResourceId": name,
                        "ResourceType": res["Type"],
                        "Action": "Add",
                        "Properties": res.get("Properties") or {},
                        "RequiredBy": [],
                        "Stack": {},
                    }
                    for name, res in template["Resources"].items()
                ],
            }
        }

    def _do_GetTemplateEstimateCost(self, params: Mapping[str, str]) -> dict[str, Any]:
        template = self._template(params)
        out = {}
        for name, res in template["Resources"].items():
            price = PRICES.get(res["Type"])
            if price is None:
                continue
            out[name] = {
                "Type": res["Type"],
                "Result": {
                    "Order": {
                        "OriginalAmount": price,
                        "DiscountAmount": 0,
                        "TradeAmount": price,
                        "Currency": "CNY",
                    },
                    "OrderSupplement": {
                        "PriceUnit": "/Month",
                        "ChargeType": "PostPaid",
                        "Quantity": 1,
                        "PriceType": "Total",
                    },
                },
            }
        return {"Resources": out}

    # -- stacks --------------------------------------------------------------------------------

    def _stack(self, params: Mapping[str, str]) -> FakeStack:
        stack_id = params.get("StackId", "")
        stack = self.stacks.get(stack_id)
        if stack is None or stack.deleted or stack.region != params.get("RegionId"):
            raise FakeRosError(404, "StackNotFound", f"The Stack ({stack_id}) could not be found.")
        return stack

    def _event(self, stack: FakeStack, logical_id: str, status: str, reason: str) -> None:
        resource_type = (
            stack.template["Resources"].get(logical_id, {}).get("Type", "ALIYUN::ROS::Stack")
        )
        stack.events.append(
            {
                "EventId": str(uuid.uuid4()),
                "StackId": stack.stack_id,
                "StackName": stack.name,
                "LogicalResourceId": logical_id,
                "PhysicalResourceId": stack.stack_id if logical_id == stack.name else "",
                "ResourceType": resource_type,
                "Status": status,
                "StatusReason": reason,
                "CreateTime": _now(),
            }
        )

    def _do_CreateStack(self, params: Mapping[str, str]) -> dict[str, Any]:
        template = self._template(params)
        name = params.get("StackName", "")
        if any(
            s.name == name and not s.deleted and s.region == params["RegionId"]
            for s in self.stacks.values()
        ):
            raise FakeRosError(409, "StackExists", f"The Stack ({name}) already exists.")
        stack_id = str(uuid.uuid4())
        stack = FakeStack(
            stack_id,
            name,
            params["RegionId"],
            template,
            self._parameters(params),
            "CREATE_IN_PROGRESS",
            [],
        )
        self._event(stack, name, "CREATE_IN_PROGRESS", "Stack CREATE started")
        resources = list(template["Resources"])
        if name in self.failing_stacks:
            failed = resources[-1]
            stack.steps = [
                ("CREATE_IN_PROGRESS", r, "CREATE_IN_PROGRESS", "state changed") for r in resources
            ]
            stack.steps += [
                (
                    "CREATE_IN_PROGRESS",  # the resource fails, the stack rolls back (as in ROS)
                    failed,
                    "CREATE_FAILED",
                    "QuotaExceeded: the quota of this resource is exceeded",
                ),
                (
                    "CREATE_ROLLBACK_IN_PROGRESS",
                    name,
                    "CREATE_ROLLBACK_IN_PROGRESS",
                    "Rollback started",
                ),
                ("CREATE_ROLLBACK_COMPLETE", name, "CREATE_ROLLBACK_COMPLETE", "Rollback finished"),
            ]
        else:
            stack.steps = [
                ("CREATE_IN_PROGRESS", r, "CREATE_COMPLETE", "state changed") for r in resources
            ]
            stack.steps.append(
                ("CREATE_COMPLETE", name, "CREATE_COMPLETE", "Stack CREATE completed successfully")
            )
        self.stacks[stack_id] = stack
        return {"StackId": stack_id}

    def _step(self, stack: FakeStack) -> None:
        if not stack.steps:
            return
        status, logical_id, event_status, reason = stack.steps.pop(0)
        stack.status = status
        if event_status.endswith("_FAILED"):
            stack.status_reason = f"Resource [{logical_id}] failed: {reason}"
        elif logical_id == stack.name and "ROLLBACK" not in stack.status:
            stack.status_reason = reason
        self._event(stack, logical_id, event_status, reason)
        if status == "DELETE_COMPLETE":
            stack.deleted = True

    def _do_GetStack(self, params: Mapping[str, str]) -> dict[str, Any]:
        stack = self._stack(params)
        self._step(stack)
        body = {
            "StackId": stack.stack_id,
            "StackName": stack.name,
            "RegionId": stack.region,
            "Status": stack.status,
            "StatusReason": stack.status_reason,
            "CreateTime": stack.created,
            "DisableRollback": False,
            "TimeoutInMinutes": 60,
            "Parameters": stack.parameters,
            "DeletionProtection": "Disabled",
            "StackType": "ROS",
        }
        if stack.status in ("CREATE_COMPLETE", "UPDATE_COMPLETE"):
            body["Outputs"] = [
                {
                    "OutputKey": key,
                    "OutputValue": f"fake-{key.lower()}",
                    "Description": (spec or {}).get("Description", ""),
                }
                for key, spec in (stack.template.get("Outputs") or {}).items()
            ]
        return body

    def _do_ListStacks(self, params: Mapping[str, str]) -> dict[str, Any]:
        names = {v for k, v in params.items() if k.startswith("StackName.")}
        stacks = [
            s
            for s in self.stacks.values()
            if s.region == params.get("RegionId")
            and not s.deleted
            and (not names or s.name in names)
        ]
        return {
            "PageNumber": 1,
            "PageSize": 50,
            "TotalCount": len(stacks),
            "Stacks": [
                {
                    "StackId": s.stack_id,
                    "StackName": s.name,
                    "RegionId": s.region,
                    "Status": s.status,
                    "StatusReason": s.status_reason,
                    "CreateTime": s.created,
                    "DisableRollback": False,
                    "TimeoutInMinutes": 60,
                    "StackType": "ROS",
                }
                for s in stacks
            ],
        }

    def _do_ListStackEvents(self, params: Mapping[str, str]) -> dict[str, Any]:
        stack = self._stack(params)
        events = list(reversed(stack.events))  # newest first, as ROS lists them
        return {"PageNumber": 1, "PageSize": 50, "TotalCount": len(events), "Events": events[:50]}

    def _do_ListStackResources(self, params: Mapping[str, str]) -> dict[str, Any]:
        stack = self._stack(params)
        done = {e["LogicalResourceId"]: e["Status"] for e in stack.events}
        return {
            "Resources": [
                {
                    "LogicalResourceId": name,
                    "ResourceType": res["Type"],
                    "PhysicalResourceId": f"fake-{name.lower()}",
                    "Status": done.get(name, "INIT_COMPLETE"),
                    "StatusReason": "",
                    "StackId": stack.stack_id,
                    "StackName": stack.name,
                    "CreateTime": stack.created,
                    "UpdateTime": stack.created,
                }
                for name, res in stack.template["Resources"].items()
            ]
        }

    def _do_DeleteStack(self, params: Mapping[str, str]) -> dict[str, Any]:
        stack = self._stack(params)
        stack.status = "DELETE_IN_PROGRESS"
        self._event(stack, stack.name, "DELETE_IN_PROGRESS", "Stack DELETE started")
        stack.steps = [
            ("DELETE_IN_PROGRESS", r, "DELETE_COMPLETE", "state changed")
            for r in stack.template["Resources"]
        ]
        stack.steps.append(
            (
                "DELETE_COMPLETE",
                stack.name,
                "DELETE_COMPLETE",
                "Stack DELETE completed successfully",
            )
        )
        return {}

    def _do_CreateChangeSet(self, params: Mapping[str, str]) -> dict[str, Any]:
        stack = self._stack(params)
        if not stack.status.endswith("_COMPLETE") or stack.status.startswith(
            ("DELETE", "ROLLBACK", "CREATE_ROLLBACK")
        ):
            raise FakeRosError(
                409,
                "StackStatusNotSupported",
                f"The stack status ({stack.status}) does not support change sets.",
            )
        template = self._template(params)
        old, new = stack.template["Resources"], template["Resources"]
        changes = []
        for name in sorted(set(old) | set(new)):
            if name not in old:
                action = "Add"
            elif name not in new:
                action = "Remove"
            elif old[name] != new[name]:
                action = "Modify"
            else:
                continue
            changes.append(
                {
                    "Type": "Resource",
                    "ResourceChange": {
                        "Action": action,
                        "LogicalResourceId": name,
                        "PhysicalResourceId": f"fake-{name.lower()}",
                        "ResourceType": (new.get(name) or old.get(name))["Type"],
                        "Replacement": "False",
                        "Scope": ["Properties"] if action == "Modify" else [],
                        "Details": [],
                    },
                }
            )
        change_set = FakeChangeSet(
            str(uuid.uuid4()), params.get("ChangeSetName", ""), stack, template, changes
        )
        self.change_sets[change_set.change_set_id] = change_set
        return {"ChangeSetId": change_set.change_set_id, "StackId": stack.stack_id}

    def _change_set(self, params: Mapping[str, str]) -> FakeChangeSet:
        found = self.change_sets.get(params.get("ChangeSetId", ""))
        if found is None:
            raise FakeRosError(
                404,
                "ChangeSetNotFound",
                f"The ChangeSet ({params.get('ChangeSetId')}) could not be found.",
            )
        return found

    def _do_GetChangeSet(self, params: Mapping[str, str]) -> dict[str, Any]:
        cs = self._change_set(params)
        return {
            "ChangeSetId": cs.change_set_id,
            "ChangeSetName": cs.name,
            "ChangeSetType": "UPDATE",
            "StackId": cs.stack.stack_id,
            "StackName": cs.stack.name,
            "RegionId": cs.stack.region,
            "Status": cs.status,
            "ExecutionStatus": cs.execution_status,
            "Changes": cs.changes,
            "CreateTime": _now(),
            "DisableRollback": False,
            "TimeoutInMinutes": 60,
            "Parameters": [],
        }

    def _do_ExecuteChangeSet(self, params: Mapping[str, str]) -> dict[str, Any]:
        cs = self._change_set(params)
        if cs.execution_status != "AVAILABLE":
            raise FakeRosError(
                409, "ChangeSetExecutionStatusNotSupported", "The change set cannot be executed."
            )
        cs.execution_status = "EXECUTE_IN_PROGRESS"
        stack = cs.stack
        stack.template = cs.template
        stack.status = "UPDATE_IN_PROGRESS"
        self._event(stack, stack.name, "UPDATE_IN_PROGRESS", "Stack UPDATE started")
        stack.steps = [
            (
                "UPDATE_IN_PROGRESS",
                c["ResourceChange"]["LogicalResourceId"],
                "UPDATE_COMPLETE",
                "state changed",
            )
            for c in cs.changes
        ]
        stack.steps.append(
            (
                "UPDATE_COMPLETE",
                stack.name,
                "UPDATE_COMPLETE",
                "Stack UPDATE completed successfully",
            )
        )
        return {}

    def _do_DeleteChangeSet(self, params: Mapping[str, str]) -> dict[str, Any]:
        self.change_sets.pop(self._change_set(params).change_set_id)
        return {}

    def _do_UpdateStack(self, params: Mapping[str, str]) -> dict[str, Any]:
        stack = self._stack(params)
        stack.template = self._template(params)
        stack.status = "UPDATE_IN_PROGRESS"
        stack.steps = [
            (
                "UPDATE_COMPLETE",
                stack.name,
                "UPDATE_COMPLETE",
                "Stack UPDATE completed successfully",
            )
        ]
        return {"StackId": stack.stack_id}

    def _do_CancelUpdateStack(self, params: Mapping[str, str]) -> dict[str, Any]:
        stack = self._stack(params)
        if stack.status != "UPDATE_IN_PROGRESS":
            raise FakeRosError(
                409,
                "StackStatusNotSupported",
                f"The stack status ({stack.status}) does not support CancelUpdateStack.",
            )
        stack.steps = [
            ("ROLLBACK_IN_PROGRESS", stack.name, "ROLLBACK_IN_PROGRESS", "Update cancelled"),
            ("ROLLBACK_COMPLETE", stack.name, "ROLLBACK_COMPLETE", "Rollback finished"),
        ]
        return {}

    def _do_DescribeRegions(self, params: Mapping[str, str]) -> dict[str, Any]:
        return {
            "Regions": [
                {"RegionId": r, "LocalName": r, "RegionEndpoint": "ros.aliyuncs.com"}
                for r in REGIONS
            ]
        }


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime())
