"""Turn a plain request ("a VPC with two vSwitches and an ECS instance") into a `BlockRequest`.

This is a rule-based reader, not a language model: it knows the nouns of the building blocks
(VPC, vSwitch/subnet, zone, security group, port, ECS/instance/server, SLB/load balancer,
RDS/MySQL/PostgreSQL/MariaDB, OSS/bucket), counts written as digits or as the words one to ten
("a"/"an" mean one), CIDR blocks, region ids such as cn-hangzhou, bucket names after "named", and
service names (ssh, http, https, rdp) after "allow" or "open".

It returns None, so the agent can say plainly that a model is needed, when the text:
- names nothing it knows,
- asks for something other than creating resources (delete, update, explain, cost, ...),
- mentions a product the blocks do not cover (NAT, EIP, Redis, ALB, Kubernetes, ...), because
  building only part of the request would be wrong in a way the user might not notice,
- gives values the blocks cannot honour (a database version not offered, an invalid bucket
  name, more than ten instances) or vague counts ("several servers").

Choices when the text is silent: two or more instances are spread over two vSwitches; a load
balancer listens on the opened web ports (80, 443) or on 80; the database engine is MySQL 8.0.
"""

from __future__ import annotations

import re

from iaccode.iac.block_spec import (
    BlockRequest,
    EcsSpec,
    NetworkSpec,
    OssSpec,
    RdsSpec,
    SecurityGroupSpec,
    SlbSpec,
)

_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "single": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "a pair of": 2,
    "a couple of": 2,
}
_NUM = r"(?<![\w.])(\d+|a pair of|a couple of|" + "|".join(sorted(_WORDS, key=len)[::-1]) + r")"

_NOT_CREATE = re.compile(
    r"\b(delete|remove|destroy|tear down|update|modify|change|resize|scale|explain|why|"
    r"compare|cost|costs|price|pricing|migrate|import|convert|review|validate|troubleshoot)\b"
)
_UNSUPPORTED = re.compile(
    r"\b(nat|eip|elastic ip|redis|memcache|kafka|rocketmq|mongodb|polardb|kubernetes|k8s|ack|"
    r"cdn|dns|waf|function compute|serverless|nas|auto ?scaling|alb|nlb|ram|kms|sls|"
    r"log service|vpn|cen|peering|ipv6)\b"
)
# Counts the blocks cannot honour or that are too vague to guess.
_OTHER_COUNT = re.compile(
    r"\b(eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|"
    r"thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|dozens?|several|"
    r"many|multiple|few)\b"
)
_VPC = re.compile(r"\b(vpcs?|network|networking)\b")
_VSWITCH_COUNT = re.compile(_NUM + r"\s+(?:vswitch(?:es)?|subnets?)\b")
_VSWITCH = re.compile(r"\b(vswitch(?:es)?|subnets?)\b")
_ZONE_COUNT = re.compile(
    r"\b(?:across|in|over|spanning)\s+" + _NUM + r"\s+(?:availability\s+)?zones?\b"
)
_CIDR = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3}/\d{1,2})(?![\d.])")
_REGION = re.compile(r"\b((?:cn|ap|us|eu|me|na|sa)-[a-z]+(?:-\d+)?)\b")
_SECURITY_GROUP = re.compile(r"\b(security ?groups?|firewall|sg)\b")
_PORT_LIST = re.compile(r"\bports?\s+((?:\d{1,5}(?:\s*(?:,|and|&|or|/)\s*|\s+))*\d{1,5})\b")
_ALLOW = re.compile(r"\b(?:allow|allows|allowing|open|opens|opening)\b(.*)")
_SERVICES = {"ssh": 22, "http": 80, "https": 443, "rdp": 3389}
_ECS_COUNT = re.compile(
    _NUM
    + r"\s+(?:(?:ecs|compute|web|app|application|linux|backend)\s+)*"
    + r"(?:instances?|servers?|vms?|virtual machines?|ecs|hosts?)\b"
)
_ECS = re.compile(r"\b(ecs|virtual machines?|vms?|servers?)\b")
_SLB = re.compile(r"\b(slb|clb|load ?balanc(?:er|ers|ing))\b")
_DB_ENGINE = re.compile(r"\b(mysql|postgres(?:ql)?|pg|mariadb)\b(?:\s*v?(\d+(?:\.\d+)?))?")
_RDS = re.compile(r"\b(rds|mysql|postgres(?:ql)?|mariadb|databases?)\b")
_DB_ACCOUNT = re.compile(r"\b(accounts?|users?|logins?)\b")
_DB_DATABASE = re.compile(r"\b(?:with|and|plus)\s+(?:a|an|one)\s+(?:\w+\s+)?(?:database|schema)\b")
_OSS = re.compile(r"\b(oss|buckets?|object storage)\b")
_NAMED = re.compile(r"\b(?:named|called)\s+['\"`]?([^\s'\"`,;]+)")
_PUBLIC_IP = re.compile(r"\b(public ips?|public address(?:es)?|internet access)\b")

_ENGINES = {"mysql": "MySQL", "postgres": "PostgreSQL", "postgresql": "PostgreSQL"}
_ENGINES.update({"pg": "PostgreSQL", "mariadb": "MariaDB"})


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word]


def _normalise(text: str) -> str:
    lowered = " ".join(text.lower().split())
    lowered = re.sub(r"\bv-switch", "vswitch", lowered)
    return lowered.replace("security-group", "security group")


def _version(engine: str, raw: str | None) -> str:
    if raw is None:
        return {"MySQL": "8.0", "PostgreSQL": "16.0", "MariaDB": "10.3"}[engine]
    return raw if "." in raw else raw + ".0"


def _ports(text: str) -> tuple[int, ...]:
    ports: set[int] = set()
    for match in _PORT_LIST.finditer(text):
        ports.update(int(number) for number in re.findall(r"\d+", match.group(1)))
    allowed = _ALLOW.search(text)
    if allowed:
        tail = allowed.group(1)
        ports.update(port for name, port in _SERVICES.items() if re.search(rf"\b{name}\b", tail))
    return tuple(sorted(ports))


def _rds(text: str) -> RdsSpec | None:
    engine, version = "MySQL", None
    match = _DB_ENGINE.search(text)
    if match:
        engine = _ENGINES[match.group(1)]
        version = match.group(2)
    return RdsSpec(
        engine=engine,
        version=_version(engine, version),
        account=bool(_DB_ACCOUNT.search(text)),
        database=bool(_DB_DATABASE.search(text)),
    )


def _oss(original: str, text: str) -> OssSpec:
    name = None
    named = _NAMED.search(original)
    if named:
        name = named.group(1).rstrip(".")
    acl = "private"
    if re.search(r"public[- ]read[- ]write", text):
        acl = "public-read-write"
    elif re.search(r"public[- ]read|publicly readable|public bucket", text):
        acl = "public-read"
    return OssSpec(bucket_name=name, acl=acl)  # type: ignore[arg-type]


def plan_from_text(text: str) -> BlockRequest | None:
    """The blocks a plain request asks for, or None when the request is not understood."""
    if not isinstance(text, str) or len(text) > 2000:
        return None
    lowered = _normalise(text)
    if any(rule.search(lowered) for rule in (_NOT_CREATE, _UNSUPPORTED, _OTHER_COUNT)):
        return None
    try:
        return _plan(text, lowered)
    except (ValueError, KeyError):
        return None


def _plan(original: str, text: str) -> BlockRequest | None:
    # Database versions would otherwise read as counts ("MySQL 8 instance" is not 8 servers).
    without_db = _DB_ENGINE.sub(lambda m: m.group(1), text)
    rds = _rds(text) if _RDS.search(text) else None
    oss = _oss(original, text) if _OSS.search(text) else None
    ecs_count = sum(_count(m.group(1)) for m in _ECS_COUNT.finditer(without_db))
    if ecs_count == 0 and _ECS.search(without_db):
        ecs_count = 1
    ports = _ports(without_db)
    wants_group = bool(_SECURITY_GROUP.search(text)) or bool(ports)
    slb = None
    if _SLB.search(text):
        web = tuple(port for port in ports if port in (80, 443))
        slb = SlbSpec(ports=web or (80,))
    vswitches = _vswitch_count(without_db, ecs_count)
    wants_network = bool(_VPC.search(text) or vswitches or _CIDR.search(text))
    if not any((wants_network, wants_group, ecs_count, slb, rds, oss)):
        return None
    network = None
    if wants_network or ecs_count or slb or rds or wants_group:
        cidr = _CIDR.search(text)
        network = NetworkSpec(
            cidr=cidr.group(1) if cidr else "192.168.0.0/16", vswitches=vswitches or 1
        )
    region = _REGION.search(text)
    return BlockRequest(
        network=network,
        security_group=SecurityGroupSpec(ports=ports) if wants_group else None,
        ecs=EcsSpec(count=ecs_count, public_bandwidth=5 if _PUBLIC_IP.search(text) else 0)
        if ecs_count
        else None,
        slb=slb,
        rds=rds,
        oss=oss,
        region=region.group(1) if region else None,
    )


def _vswitch_count(text: str, ecs_count: int) -> int:
    counted = _VSWITCH_COUNT.search(text)
    if counted:
        return _count(counted.group(1))
    zones = _ZONE_COUNT.search(text)
    if zones:
        return _count(zones.group(1))
    if _VSWITCH.search(text):
        return 1
    return 2 if ecs_count >= 2 else 0
