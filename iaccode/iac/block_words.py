"""The English reader's words: what a request read as English is searched for.

Nouns of the blocks (VPC, vSwitch, ECS, SLB, RDS, OSS, the services and platforms), counts
written as digits or words, CIDRs and regions, products the blocks do not cover, qualities
(high availability, private, output formats), and small readers built on them (`_rds`, `_oss`,
`_vswitch_count`). `block_read` interprets a reading with them; other languages reach them
through `block_languages`, which rewrites their words to these.
"""

from __future__ import annotations

import re

from iaccode.iac.block_spec import RDS_VERSIONS, OssSpec, RdsSpec

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
    r"what is|what are|what's|compare|cost|costs|price|pricing|migrate|import|convert|review|"
    r"validate|troubleshoot)\b"
)
# Products the blocks do not cover: named in the answer as not built.
_UNSUPPORTED = re.compile(
    r"\b(memcached?|kafka|rocketmq|mongodb|"
    r"cdn|dns|waf|function compute|serverless|nas|nlb|"
    r"network load balancers?|kms|vpn|cen|peering|ipv6|"
    r"elasticsearch|clickhouse|hbase|lindorm|mq|api gateway|cloudmonitor|ots|tablestore|"
    r"lambda|lambdas|rabbitmq|mns|message queues?|container registry|acr|ecr|cloudfront)\b"
)
_NAT = re.compile(r"\bnat(?: gateways?)?\b")
# The NAT gateway's own elastic IP: "a NAT gateway with an EIP", "EIP for the NAT".
_NAT_EIP = re.compile(
    r"\bnat(?: gateways?)?\s+(?:with|and|plus|\+|&)\s+(?:(?:a|an|one|1|its|own)\s+)*"
    r"(?:eips?|elastic ips?)\b|\b(?:eips?|elastic ips?)\s+(?:for|of|on)\s+(?:the\s+)?nat\b"
)
_ALB = re.compile(r"\b(?:alb|application load balanc(?:er|ers|ing))\b")
_ACK = re.compile(r"\b(?:kubernetes|k8s|ack|container service)(?:\s+clusters?)?\b")
# "3 worker nodes of type ecs.g7.xlarge": the type (read out as "ecs") is the nodes'.
_NODES = re.compile(
    _NUM + r"\s*(?:-\s*)?(?:worker\s+)?nodes?\b(?:\s+(?:(?:of\s+)?type|of|with|using)?\s*ecs\b)?"
)
# "node type ecs.g7.2xlarge" (the type read out as "ecs"): the nodes' type, no instance.
_NODE_TYPE = re.compile(r"\bnodes?\s+(?:instance\s+)?(?:types?|specs?)\s+(?:is\s+|of\s+)?ecs\b")
_ESS = re.compile(r"\b(?:auto ?scaling|scaling)(?:\s+groups?)?\b|\bess\b")
_RANGE = re.compile(
    r"\b(?:between|from)\s+(\d{1,4})\s+(?:to|and)\s+(\d{1,4})\b"
    # "2 to 6 servers"; French "2 à 6" and Portuguese "2 a 6" read as "2 has 6", "2 the 6".
    r"|\b(\d{1,4})\s*(?:to|-|has|the)\s*(\d{1,4})(?:\s+(?:instances?|servers?|ecs|vms?)\b|\s*(?=[,;.]|$))"
    r"|\bmin(?:imum)?\s*:?\s*(\d{1,4})\D{0,20}?\bmax(?:imum)?\s*:?\s*(\d{1,4})\b"
)
# "2 to 6 servers" with no auto scaling group: a range, not a count to guess from.
_INSTANCE_RANGE = re.compile(
    r"\b(?:between\s+(\d{1,4})\s+and|(\d{1,4})\s*(?:to|-|has|the))\s*(\d{1,4})\s+(?:ecs\s+)?"
    r"(?:instances?|servers?|vms?|virtual machines?|machines?|ecs|hosts?)\b"
)
_EIP = re.compile(r"\b(eips?|elastic ips?)\b")
# A version after the name ("Redis 6.0", "Redis 7"), not a count before its noun ("redis 1
# instance", as a Chinese count is placed).
_REDIS = re.compile(
    r"\b(?:redis|kvstore|tair)(?:\s+v?(\d{1,2})(?:\.(\d))?(?!\s+(?:instances?|caches?|clusters?|"
    r"nodes?|servers?)\b))?(?:\s+\d{1,2}(?=\s+(?:database|cache|instance|cluster)s?\b))?"
    r"(?:\s+(?:database|cache|instance|cluster)s?)?\b"
)
_POLARDB = re.compile(
    r"\bpolardb(?:\s+(?:(?:for|fuer|pour|para)\s+)?(mysql|postgres(?:ql)?|pg))?(?:\s+v?(\d+(?:\.\d+)?))?"
    r"(?:\s+(?:database|cluster|instance)s?)?"
)
_SLS = re.compile(r"\b(sls|log service|log project|logstores?|log store)\b")
# Not memory: "16 Go de RAM", "8 GB of RAM".
_RAM_ROLE = re.compile(r"(?<!\bde )(?<!\bof )(?<!\bda )(?<!\bdo )(?<!\bgb )\b(ram(?: roles?)?)\b")
# "a RAM role for ECS": the service that may take the role, which is no ECS instance.
_RAM_FOR = re.compile(
    r"\b(ram(?: roles?)?)\s+(?:for|trusted by|that)\s+(?:can\s+be\s+used\s+by\s+)?"
    r"(ecs|function compute|fc|kubernetes|ack)(?:\s+(?:instances?|servers?))?\b"
)
_RAM_SERVICES = {"ecs": "ecs.aliyuncs.com", "function compute": "fc.aliyuncs.com"}
_RAM_SERVICES.update({"fc": "fc.aliyuncs.com", "kubernetes": "cs.aliyuncs.com"})
_RAM_SERVICES["ack"] = "cs.aliyuncs.com"
_ALL_PORTS = re.compile(r"\b(all ports|every port|any port|all traffic|0-65535|1/65535|-1/-1)\b")
_SOFTWARE = re.compile(
    r"\b(wordpress|nginx|apache|tomcat|docker|java|node\.?js|php|python|jenkins|gitlab|"
    r"read replicas?|read-only instances?|backups?|snapshots?|monitoring|alarms?|"
    r"dns records?|domain names?|certificates?|static (?:web ?)?sites?|website hosting)\b"
)
_KEY_PAIR = re.compile(r"\b(key ?pairs?|ssh keys?)\b")
_MANAGEMENT_PORTS = frozenset({22, 3389, 3306, 5432, 6379, 1433, 1521, 27017, 9200, 2375, 2379})
_HA = re.compile(r"\b(high(?:ly)? availab(?:le|ility)|ha|redundant|fault[- ]tolerant)\b")
_PRIVATE = re.compile(r"\b(private|internal|intranet|internal[- ]only)\b(?![- ]read)")
_FORMATS = re.compile(r"\b(terraform|hcl|opentofu|json|yaml|ros)\b")
_OTHER_FORMATS = re.compile(
    r"\b(cdk|pulumi|ansible|cloudformation|bicep|arm template|crossplane)\b"
)
_DAYS = re.compile(r"\b(\d{1,4})\s*days?\b")
# Product acronyms that are also small words of a language (Portuguese "nas" = "in the"): in
# capitals they still name the product.
_UNSUPPORTED_ACRONYM = re.compile(r"\b(NAT|EIP|NAS|ALB|NLB|ACK|RAM|KMS|SLS|CEN|CDN|DNS|WAF|VPN)\b")
# Counts the blocks cannot honour or that are too vague to guess.
_OTHER_COUNT = re.compile(
    r"\b(eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|"
    r"thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|dozens?|several|"
    r"many|multiple|few)\b"
)
_VPC = re.compile(r"\b(vpcs?|network|networking)\b")
_VSWITCH_COUNT = re.compile(_NUM + r"\s+(?:vswitch(?:es)?|subnets?)\b")
_VSWITCH = re.compile(r"\b(vswitch(?:es)?|subnets?)\b")
_ZONE_COUNT = re.compile(_NUM + r"\s+(?:availability\s+)?zones?\b")
_CIDR = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3}/\d{1,2})(?![\d.])")
_REGION = re.compile(r"\b((?:cn|ap|us|eu|me|na|sa)-[a-z]+(?:-\d+)?)\b")
_SECURITY_GROUP = re.compile(r"\b(security ?groups?|firewall|sg)\b")
_ECS_COUNT = re.compile(
    _NUM
    + r"\s+(?:(?:ecs|compute|web|app|application|linux|windows|ubuntu|backend|frontend|private|"
    + r"public|worker|bastion|jump|small|large|identical|more)\s+)*"
    + r"(?:instances?|servers?|vms?|virtual machines?|machines?|ecs|hosts?|bastions?)\b"
)
_ECS = re.compile(r"\b(ecs|virtual machines?|machines?|vms?|servers?)\b")
_SLB = re.compile(r"\b(slb|clb|load ?balanc(?:er|ers|ing))\b")
_DB_ENGINE = re.compile(r"\b(mysql|postgres(?:ql)?|pg|mariadb)\b(?:\s*v?(\d+(?:\.\d+)?))?")
_RDS = re.compile(r"\b(rds|mysql|postgres(?:ql)?|mariadb|databases?)\b")
_DB_ACCOUNT = re.compile(r"\b(accounts?|users?|logins?)\b")
# "with a database" inside the instance; not "and a MySQL database", which is the instance.
_ENGINE_WORD = r"(?:rds|mysql|postgres(?:ql)?|pg|mariadb)\b"
_DB_DATABASE = re.compile(
    rf"\b(?:with|and|plus)\s+(?:create\s+)?(?:a|an|one|1)\s+(?!{_ENGINE_WORD})(?:\w+\s+)?"
    rf"(?:database|schema)\b(?!\s+{_ENGINE_WORD})"
)
_OSS = re.compile(r"\b(oss|buckets?|object storage)\b")
# What a bucket keeps: object versions, a lifecycle rule that deletes objects after some days,
# server-side encryption. The rule is read before anything else (`EXPIRY`), since "delete" in
# it would otherwise decline the request as one that deletes resources; it leaves a token.
_VERSIONING = re.compile(r"\b(version(?:ing|ed)|object versions?|multiple versions)\b")
_ENCRYPTED = re.compile(r"\b(encrypt(?:ed|ion)?(?: at rest)?|server[- ]side encryption|sse)\b")
EXPIRY = re.compile(
    r"\b(?:delete[sd]?|deleting|expire[sd]?|expiring|remove[sd]?|removing|purge[sd]?)\b"
    r"[^.;]{0,40}?\b(?:after|older than)\s+(\d{1,5})\s*days?\b"
    r"|\blifecycle\b[^.;]{0,60}?\b(\d{1,5})\s*days?\b"
    r"|\b(\d{1,5})\s*days?\b[^.;]{0,20}?\blifecycle\b"  # Japanese: "30 日のライフサイクル"
)
_EXPIRY_TOKEN = re.compile(r"\bexpire_after_(\d+)_days\b")
# A RAM user (not a role), and the access to the template's bucket it is given.
# "RAM-Benutzer" reads "ram - user", and a Chinese count stands before the noun: "ram 1 user".
_RAM_USER = re.compile(r"\bram\s*(?:-\s*)?(?:1\s+)?(?:sub[- ]?)?users?\b|\busers?\s+(?:1\s+)?ram\b")
_FULL_ACCESS = re.compile(
    r"\b(?:full|read[- ]write|read and write|write)\s+(?:access|permissions?)\b"
)
_READ_ACCESS = re.compile(
    r"\bread[- ]only\b|\bread\s+(?:access|permissions?)\b|\b(?:can|may)\s+read\b"
)
_PUBLIC_IP = re.compile(r"\b(public ips?|public address(?:es)?|internet access)\b")

_ENGINES = {"mysql": "MySQL", "postgres": "PostgreSQL", "postgresql": "PostgreSQL"}
_ENGINES.update({"pg": "PostgreSQL", "mariadb": "MariaDB"})


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word]


def _version(engine: str, raw: str | None) -> str:
    if raw is None:
        return RDS_VERSIONS[engine][-1]  # the newest the block offers
    return raw if "." in raw else raw + ".0"


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


def _oss(name: str | None, text: str) -> OssSpec:
    acl = "private"
    if re.search(r"public[- ]read[- ]write", text):
        acl = "public-read-write"
    elif re.search(r"public[- ]read|publicly readable|public bucket", text):
        acl = "public-read"
    return OssSpec(bucket_name=name, acl=acl)  # type: ignore[arg-type]


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
