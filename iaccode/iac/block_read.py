"""What a request read as English asks for: `interpret` turns the reader's English into a
`Reading`, the structured plan of one request.

A `Reading` accounts for every part the reader recognised: the `BlockRequest` it builds, what of
it was applied beyond the blocks themselves (instance type, image, disks, ports and their
sources, names, tags, high availability, exposure, output format), what was not applied and
why (products the blocks do not cover, a second instance type, a size that belongs to nothing),
and what blocks the template altogether: a restriction the blocks cannot honour (a port that
was ruled out but a load balancer needs, a vague or too large count, two regions), since a
template that ignores one would do something other than what was asked.

Negations come from `block_polarity`: ruled-out words are not read as asked for, and ports that
were ruled out are never opened.
"""

from __future__ import annotations

import re
from typing import Literal

import attrs

from iaccode.iac.block_parts import Literals, instance_type_for
from iaccode.iac.block_polarity import Polarity, read_polarity
from iaccode.iac.block_spec import (
    MAX_INSTANCES,
    NAME,
    POLARDB_VERSIONS,
    REDIS_VERSIONS,
    SLS_PROJECT,
    AckSpec,
    AlbSpec,
    BlockRequest,
    EcsSpec,
    EssSpec,
    NatSpec,
    NetworkSpec,
    OssSpec,
    PolarDbSpec,
    RamRoleSpec,
    RamUserSpec,
    RedisSpec,
    SecurityGroupSpec,
    SlbSpec,
    SlsSpec,
)
from iaccode.iac.block_words import (
    _ACK,
    _ALB,
    _ALL_PORTS,
    _CIDR,
    _DAYS,
    _DB_ENGINE,
    _ECS,
    _ECS_COUNT,
    _EIP,
    _ENCRYPTED,
    _ENGINES,
    _ESS,
    _EXPIRY_TOKEN,
    _FORMATS,
    _FULL_ACCESS,
    _HA,
    _INSTANCE_RANGE,
    _KEY_PAIR,
    _MANAGEMENT_PORTS,
    _NAT,
    _NAT_EIP,
    _NODE_TYPE,
    _NODES,
    _NOT_CREATE,
    _OSS,
    _OTHER_COUNT,
    _OTHER_FORMATS,
    _POLARDB,
    _PRIVATE,
    _PUBLIC_IP,
    _RAM_FOR,
    _RAM_ROLE,
    _RAM_SERVICES,
    _RAM_USER,
    _RANGE,
    _RDS,
    _READ_ACCESS,
    _REDIS,
    _SECURITY_GROUP,
    _SLB,
    _SLS,
    _SOFTWARE,
    _UNSUPPORTED,
    _VERSIONING,
    _VPC,
    EXPIRY,
    _count,
    _oss,
    _rds,
    _vswitch_count,
)
from iaccode.iac.msg import Msg, Value, and_list

Output = Literal["yaml", "json", "terraform"]

# --- the structured plan ---------------------------------------------------------------------


@attrs.frozen
class Unapplied:
    """A part of the request that the template does not contain, and why."""

    part: Value
    reason: Msg


@attrs.frozen
class Reading:
    """One request read into a plan: what is built, what was applied, left out or blocking.

    `request` is None when nothing can be built: then `blocked` or `unapplied` say why.
    """

    language: str
    request: BlockRequest | None
    applied: tuple[Msg, ...] = ()
    unapplied: tuple[Unapplied, ...] = ()
    blocked: tuple[Msg, ...] = ()
    output: Output = "yaml"

    @property
    def complete(self) -> bool:
        """Everything asked for is in the template."""
        return self.request is not None and not self.unapplied and not self.blocked


_NOUN_WORDS = frozenset(
    {"vpc", "network", "security", "group", "load", "balancer", "slb", "nat", "gateway", "eip"}
    | {"public", "ip", "ips", "internet", "access", "database", "rds", "redis", "bucket", "oss"}
    | {"polardb", "datadisk", "systemdisk", "server", "servers", "instance", "instances", "ecs"}
)
_DISK_COUNT_SIZE = re.compile(
    r"(?:\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:x\s+)?)?(?:(\d+)\s*gb\s+(?:(?:of|de|da|do|von|from|の|with)\s+)?)?"
    r"(?:(\d{1,2})\s+)?datadisks?\b(?:\s+(?:of|with|at|de|von|from|の)?\s*(\d+)\s*gb\b)?"
)
_SYSTEM_DISK = re.compile(
    r"systemdisk\s+(?:(?:of|de|von|の|with)\s+)?(\d+)\s*gb\b|\b(\d+)\s*gb\s+(?:(?:of|de|da|do|von|の)\s+)?systemdisk"
)
_STORAGE = re.compile(
    r"\b(\d+)\s*gb\s+(?:(?:of|de|da|do|von|の)\s+)?storage\b|\bstorage\s+(?:(?:of|de|von|の)\s+)?(\d+)\s*gb\b"
)
_GB = re.compile(r"\b(\d+)\s*gb\b")


# "health check on /health": a check of its own, which the listeners do not configure.
_HEALTH_CHECK = re.compile(r"\bhealth ?checks?(?:\s+(?:on|at|of|path)\s+\S+)?")
# A disk category named before its disk ("200 GB ESSD data disks", "an SSD system disk").
_DISK_KIND = re.compile(
    r"\b(?:cloud[_ ])?(essd|ssd|efficiency|ultra)(?:[_ ]?(pl[0-3]))?\s+"
    r"(?=(?:\d{1,2}\s+)?(datadisks?|systemdisk))"
)
_CATEGORIES = {"essd": "cloud_essd", "ssd": "cloud_ssd"}
_CATEGORIES.update({"efficiency": "cloud_efficiency", "ultra": "cloud_efficiency"})


def _disk_kinds(text: str, account: _Account) -> tuple[dict[str, str], str]:
    """The categories named for the data and the system disks; the text without them."""
    kinds: dict[str, str] = {}
    for match in _DISK_KIND.finditer(text):
        disk = "system" if match.group(3) == "systemdisk" else "data"
        kinds.setdefault(disk, _CATEGORIES[match.group(1)])
        if match.group(2):
            account.skip(
                Msg("performance level {level}", level=match.group(2).upper()),
                Msg("the building blocks leave it at the category's default"),
            )
    return kinds, _DISK_KIND.sub(" ", text)


def _first(match: re.Match[str] | None) -> int | None:
    if match is None:
        return None
    return next((int(group) for group in match.groups() if group), None)


class Blocked(Exception):
    """A part of the request that cannot be honoured, so nothing is built."""

    def __init__(self, reason: Msg) -> None:
        super().__init__(reason.render())
        self.reason = reason


@attrs.define
class _Account:
    """What `interpret` has found so far."""

    applied: list[Msg] = attrs.field(factory=list)
    unapplied: list[Unapplied] = attrs.field(factory=list)
    blocked: list[Msg] = attrs.field(factory=list)

    def skip(self, part: Value, reason: Msg) -> None:
        self.unapplied.append(Unapplied(part, reason))


_BASTION = re.compile(r"\b(?:bastion|jump)\b")
_VPC_CIDR = re.compile(
    r"\bvpcs?\s+(?:cidr\s+)?(?:(?:of|with|de|da|do|mit|avec|con|com)\s+)?"
    r"(\d{1,3}(?:\.\d{1,3}){3}/\d{1,2})(?![\d.])"
)
_PORT_RANGE = re.compile(
    r"\bports?\s+(?:from\s+)?\d{1,5}\s*(?:to|-|through|thru|until|bis|a|à|~)\s*\d{1,5}"
    # Not "port 22 to 10.0.0.0/8" (a source) nor "port 22 to 3 servers".
    r"(?![.\d/])(?!\s+(?:servers?|instances?|machines?|vms?|hosts?|ecs)\b)"
)
_UNSUPPORTED_WITH_NOUN = re.compile(
    r"(?:\b(?:databases?|clusters?|instances?)\s+)?"
    + _UNSUPPORTED.pattern
    + r"(?:\s+(?:databases?|dbs?|clusters?|instances?|caches?|services?))?"
)


def _products(text: str, account: _Account) -> str:
    """Note the products no block covers; the text without them (an ALB is no SLB)."""
    for match in _UNSUPPORTED.finditer(text):
        account.skip(
            match.group(1),
            Msg(
                "the building blocks have no {product}; the llm engine can write it",
                product=match.group(1),
            ),
        )
    # "a MongoDB database" is no RDS database: the product's noun goes with it.
    return _UNSUPPORTED_WITH_NOUN.sub(" ", text)


def _disks(text: str, account: _Account) -> tuple[tuple[int, ...], int | None, int | None, str]:
    """Data disks, the system disk size and database storage; the text without them."""
    data: list[int] = []
    for match in _DISK_COUNT_SIZE.finditer(text):
        count = _count(match.group(1) or match.group(3) or "1")
        size = int(match.group(2) or match.group(4) or 40)
        data += [size] * count
    text = _DISK_COUNT_SIZE.sub(" ", text)
    system = _first(_SYSTEM_DISK.search(text))
    text = _SYSTEM_DISK.sub(" ", text)
    storage = _first(_STORAGE.search(text))
    text = _STORAGE.sub(" storage ", text)
    for size in _GB.findall(text):
        account.skip(
            Msg("{size} GB", size=int(size)),
            Msg("the request does not say which disk or storage the size is for"),
        )
    return tuple(data), system, storage, _GB.sub(" ", text)


def interpret(
    text: str,
    *,
    language: str,
    name: str | None,
    regions: set[str],
    literals: Literals,
    services: Literal["after", "before", "both"],
) -> Reading | None:
    """The plan of a request read as English; None when it asks for nothing the reader knows or
    for something other than creating resources."""
    # A bucket's lifecycle rule ("delete objects after 30 days") is no request to delete.
    text = EXPIRY.sub(lambda m: f" expire_after_{next(g for g in m.groups() if g)}_days ", text)
    if _NOT_CREATE.search(text):
        return None
    text = re.sub(r"\bacronym_(\w+)", r"\1", text)
    account = _Account()
    # "ports 8000 to 8080": the security group opens single ports, so the range is named as
    # not built rather than read as its first port.
    for match in _PORT_RANGE.finditer(text):
        account.skip(match.group(0), Msg("a port range is not built; name the ports to open"))
    text = _PORT_RANGE.sub(" ", text)
    polarity = read_polarity(text, services_after_allow=services, nouns=_NOUN_WORDS)
    # "a RAM role for Function Compute" names the role's service, not a product to build.
    ram_for = _RAM_FOR.search(polarity.positive)
    service = _RAM_SERVICES[ram_for.group(2)] if ram_for else None
    positive = _products(_RAM_FOR.sub(r" \1 ", polarity.positive), account)
    negative = polarity.negative
    output: Output = "yaml"
    formats = [m.group(1) for m in _FORMATS.finditer(positive)]
    if any(word in ("terraform", "hcl", "opentofu") for word in formats):
        output = "terraform"
    elif "json" in formats:
        output = "json"
    for match in _OTHER_FORMATS.finditer(positive):
        account.skip(match.group(1), Msg("offline I write ROS (YAML or JSON) or Terraform"))
    positive = _OTHER_FORMATS.sub(" ", _FORMATS.sub(" ", positive))
    vague = _OTHER_COUNT.search(positive)
    if vague:
        account.blocked.append(
            Msg(
                "The request gives no exact count ({words}); say how many, from 1 to {most}.",
                words=vague.group(1),
                most=MAX_INSTANCES,
            )
        )
    if len(regions) > 1:
        account.blocked.append(
            Msg(
                "One template deploys to one region, and the request names {regions}.",
                regions=and_list(sorted(regions)),
            )
        )
    try:
        request = _request(positive, negative, polarity, name, regions, literals, account, service)
    except Blocked as exc:
        account.blocked.append(exc.reason)
        request = None
    except ValueError as exc:  # a value a block cannot take (a spec's own check)
        account.blocked.append(Msg.plain(str(exc)))
        request = None
    if request is None and not account.unapplied and not account.blocked:
        return None
    return Reading(
        language=language,
        request=None if account.blocked else request,
        applied=tuple(account.applied),
        unapplied=tuple(account.unapplied),
        blocked=tuple(account.blocked),
        output=output,
    )


def _rules_out(negative: str, pattern: re.Pattern[str]) -> bool:
    return pattern.search(negative) is not None


def _ecs_spec(
    positive: str,
    count: int,
    public: bool,
    eip: bool,
    literals: Literals,
    disks: tuple[tuple[int, ...], int | None],
    account: _Account,
    kinds: dict[str, str] | None = None,
) -> EcsSpec:
    fields: dict[str, object] = {"count": count}
    types = literals.instance_types
    sized = instance_type_for(literals.cpu, literals.memory_gb)
    if types:
        fields["instance_type"] = types[0]
        account.applied.append(Msg("instance type {type}", type=types[0]))
        for other in types[1:]:
            account.skip(
                Msg("instance type {type}", type=other),
                Msg("one instance type per template: {first} is the default", first=types[0]),
            )
    elif sized is not None:
        fields["instance_type"] = sized
        account.applied.append(Msg("instance type {type}", type=sized))
    if literals.cpu is not None and (types or sized is None):
        account.skip(
            Msg("{cpu} vCPUs", cpu=literals.cpu),
            Msg(
                "no current instance type matches exactly; choose one in the InstanceType parameter"
            )
            if not types
            else Msg("the instance type named in the request decides the size"),
        )
    images = literals.images
    if images:
        first = images[0]
        if first.image_id is not None:
            fields["image_id"] = first.image_id
            account.applied.append(Msg("image {image}", image=first.image_id))
        else:
            account.skip(
                first.words,
                Msg(
                    "no public image id for it is known offline; choose it in the ImageId parameter"
                ),
            )
        for extra in images[1:]:
            account.skip(extra.words, Msg("one image per template"))
    data, system = disks
    if data:
        fields["data_disks"] = data
        account.applied.append(
            Msg(
                "{count} data disk(s) of {sizes} GB",
                count=len(data),
                sizes=and_list(sorted(set(data))),
            )
        )
    if system is not None:
        fields["system_disk_size"] = system
        account.applied.append(Msg("system disk of {size} GB", size=system))
    kinds = kinds or {}
    if "data" in kinds and data:
        fields["data_disk_category"] = kinds["data"]
        account.applied.append(Msg("data disk category {category}", category=kinds["data"]))
    if "system" in kinds:
        fields["system_disk_category"] = kinds["system"]
        account.applied.append(Msg("system disk category {category}", category=kinds["system"]))
    bandwidth = literals.bandwidth
    if public:
        fields["public_bandwidth"] = 5
        if bandwidth is not None and 1 <= bandwidth <= 100:
            fields["public_bandwidth"] = bandwidth
            account.applied.append(Msg("public bandwidth {mbps} Mbps", mbps=bandwidth))
    if bandwidth is not None and fields.get("public_bandwidth") != bandwidth and not eip:
        account.skip(
            Msg("{mbps} Mbps", mbps=bandwidth),
            Msg("public bandwidth is 1 to 100 Mbps and needs a public IP"),
        )
    return EcsSpec(**fields)  # type: ignore[arg-type]


def _platform(text: str) -> tuple[AckSpec | None, EssSpec | None, bool, str]:
    """A Kubernetes cluster (and its node count), an auto scaling group (and its size range),
    whether an ALB is asked for; the text without them, so an ALB is read as no SLB and nodes
    as no instances."""
    ack = None
    if _ACK.search(text):
        nodes = _NODES.search(text)
        ack = AckSpec(nodes=_count(nodes.group(1)) if nodes else 3)
        text = _NODE_TYPE.sub(" ", _NODES.sub(" ", _ACK.sub(" ", text)))
    ess = None
    if _ESS.search(text):
        found = _RANGE.search(text)
        numbers = [int(group) for group in found.groups() if group] if found else []
        ess = EssSpec(min_size=numbers[0], max_size=numbers[1]) if numbers else EssSpec()
        text = _RANGE.sub(" ", _ESS.sub(" ", text))
    wants_alb = _ALB.search(text) is not None
    return ack, ess, wants_alb, _ALB.sub(" ", text)


def _slb_ports(polarity: Polarity, tcp: tuple[int, ...]) -> tuple[int, ...]:
    """The listener ports: the web ports asked for, else the other port numbers asked for
    (not management ports: SSH stays off the load balancer), else 80 or 443 if not ruled out."""
    web = tuple(port for port in tcp if port in (80, 443))
    if web:
        return web
    named = tuple(port for port in polarity.numbered if port in tcp)
    named = tuple(port for port in named if port not in _MANAGEMENT_PORTS)
    if named:
        return named
    if polarity.only and tcp:
        # Never a management port: "SSH only from 10.0.0.0/8" narrows SSH's source and leaves
        # the listener to the web ports; "only SSH" leaves it none.
        kept = tuple(port for port in tcp if port not in _MANAGEMENT_PORTS)
        if kept or not set(tcp) <= set(dict(polarity.port_sources)):
            return kept
    return tuple(port for port in (80, 443) if port not in polarity.denied)[:1]


def _ram_user(text: str, account: _Account) -> tuple[RamUserSpec | None, str]:
    """The RAM user a request asks for, with its access to the template's bucket, and the text
    without them (so that "user" is no database account and "ram" no role)."""
    if not _RAM_USER.search(text):
        return None, text
    access: Literal["read", "full"] | None = None
    if _FULL_ACCESS.search(text):
        access = "full"
    elif _READ_ACCESS.search(text):
        access = "read"
    if access is not None and not _OSS.search(text):
        account.skip(
            Msg("bucket access"), Msg("access is granted to the template's OSS bucket only")
        )
        access = None
    elif access == "read":
        account.applied.append(Msg("read-only access to the bucket for the RAM user"))
    elif access == "full":
        account.applied.append(Msg("full access to the bucket for the RAM user"))
    text = _READ_ACCESS.sub(" ", _FULL_ACCESS.sub(" ", _RAM_USER.sub(" ", text)))
    return RamUserSpec(bucket_access=access), text


def _bucket_features(
    oss: OssSpec | None, text: str, account: _Account
) -> tuple[OssSpec | None, str]:
    """Versioning, a lifecycle rule and encryption on the bucket; named as not built when the
    request has no bucket. The text is returned without them."""
    versioning = _VERSIONING.search(text)
    expiry = _EXPIRY_TOKEN.search(text)
    encrypted = _ENCRYPTED.search(text)
    text = _ENCRYPTED.sub(" ", _VERSIONING.sub(" ", _EXPIRY_TOKEN.sub(" ", text)))
    asked = [
        (versioning, versioning.group(1) if versioning else ""),
        (expiry, Msg("a lifecycle rule")),
        (encrypted, encrypted.group(1) if encrypted else ""),
    ]
    if oss is None:
        for found, what in asked:
            if found:
                account.skip(what, Msg("it is built for an OSS bucket only"))
        return None, text
    days = int(expiry.group(1)) if expiry else None
    if days is not None and not 1 <= days <= 36500:
        account.skip(Msg("a lifecycle rule"), Msg("the days must be from 1 to 36500"))
        days = None
    if versioning:
        account.applied.append(Msg("versioning on the bucket"))
    if days is not None:
        account.applied.append(Msg("objects deleted after {days} days", days=days))
    if encrypted:
        account.applied.append(Msg("server-side encryption of the bucket (AES256)"))
    oss = attrs.evolve(
        oss, versioning=bool(versioning), expire_days=days, encrypted=bool(encrypted)
    )
    return oss, text


def _request(
    positive: str,
    negative: str,
    polarity: Polarity,
    name: str | None,
    regions: set[str],
    literals: Literals,
    account: _Account,
    service: str | None = None,
) -> BlockRequest | None:
    kinds, positive = _disk_kinds(positive, account)
    data, system, storage, text = _disks(positive, account)
    without_db = _DB_ENGINE.sub(lambda m: m.group(1), text)
    polar_match = _POLARDB.search(text)
    redis_match = _REDIS.search(text)
    plain = _REDIS.sub(" ", _POLARDB.sub(" ", text))  # PolarDB for MySQL is no RDS MySQL
    ack, ess, wants_alb, plain = _platform(plain)
    for match in _ALL_PORTS.finditer(plain):
        account.skip(match.group(1), Msg("every port open is not built; name the ports to open"))
    for match in _SOFTWARE.finditer(plain):
        account.skip(
            match.group(1),
            Msg("the building blocks create resources only; the llm engine can add it"),
        )
    plain = _SOFTWARE.sub(" ", _ALL_PORTS.sub(" ", plain))
    ram_user, plain = _ram_user(plain, account)  # first: its "user" is no database account
    key_pair = _KEY_PAIR.search(plain) is not None
    without_db = _DB_ENGINE.sub(lambda m: m.group(1), plain)
    no_public = _rules_out(negative, re.compile(r"\b(public|internet|eips?|elastic)\b"))
    private = no_public or _PRIVATE.search(plain) is not None
    wants_eip = _EIP.search(plain) is not None
    public = _PUBLIC_IP.search(plain) is not None or (
        literals.bandwidth is not None and not private
    )
    # "a NAT gateway with an EIP": the gateway's own elastic IP, which the NAT block has.
    nat_eip = _NAT_EIP.search(plain) is not None
    if nat_eip:
        wants_eip = len(_EIP.findall(plain)) > 1
    # A bastion counted beside other servers: the public IP is the bastion's alone.
    bastion = _BASTION.search(plain) is not None and len(_ECS_COUNT.findall(plain)) > 1
    if (public or wants_eip) and not no_public and (bastion or _PRIVATE.search(plain)):
        # "a bastion with a public IP and two private servers": the instances share one
        # network setting, so none gets a public IP, and the public one is named as not built.
        public = wants_eip = False
        account.skip(
            Msg("public IP"),
            Msg("all instances share one network setting, and the request keeps some private"),
        )
    if no_public and (wants_eip or public):
        account.blocked.append(Msg("The request both asks for and rules out public access."))
    rds = _rds(plain) if _RDS.search(plain) else None
    if rds is not None and storage is not None:
        rds = attrs.evolve(rds, storage_gb=storage)
        account.applied.append(Msg("database storage of {size} GB", size=storage))
    elif storage is not None:
        account.skip(Msg("{size} GB", size=storage), Msg("storage is set for an RDS database only"))
    oss = _oss(name, plain) if _OSS.search(plain) else None
    oss, plain = _bucket_features(oss, plain, account)
    ranged = _INSTANCE_RANGE.search(without_db) if ess is None else None
    # A range rises ("2 to 6 servers"); "port 443 to 3 servers" is a port and a count.
    if ranged is not None and int(ranged.group(1) or ranged.group(2)) < int(ranged.group(3)):
        raise Blocked(
            Msg(
                "The request gives no exact count ({words}); say how many, from 1 to {most}.",
                words=ranged.group(0),
                most=MAX_INSTANCES,
            )
        )
    ecs_count = sum(_count(m.group(1)) for m in _ECS_COUNT.finditer(without_db))
    # "an ACK cluster with 3 nodes of type ecs.g7.xlarge": the type is the nodes', no instance.
    nodes_only = ecs_count == 0 and ack is not None and not _ECS.search(without_db) and not data
    if ecs_count == 0 and (_ECS.search(without_db) or literals.instance_types or data):
        ecs_count = 1
    if ess is not None:
        ecs_count = max(ecs_count, 1)  # the instances' knobs describe what ESS launches
        if (ess.min_size, ess.max_size) == (1, 4) and ecs_count > 1:
            ess = EssSpec(min_size=ecs_count, max_size=2 * ecs_count)
    high = _HA.search(plain) is not None
    if high and ecs_count == 1:
        ecs_count = 2
        account.applied.append(Msg("2 instances in 2 zones for high availability"))
    if ecs_count > MAX_INSTANCES:
        raise Blocked(Msg("At most {most} ECS instances per template.", most=MAX_INSTANCES))
    allowed, denied = polarity.allowed, polarity.denied
    udp = polarity.udp
    tcp = tuple(port for port in allowed if port not in udp)
    nat = NatSpec() if _NAT.search(plain) else None
    redis = None
    if redis_match is not None:
        version = (
            f"{redis_match.group(1)}.{redis_match.group(2) or 0}" if redis_match.group(1) else "7.0"
        )
        if version not in REDIS_VERSIONS:
            raise Blocked(
                Msg(
                    "Redis {version} is not offered; use one of: {versions}.",
                    version=version,
                    versions=", ".join(REDIS_VERSIONS),
                )
            )
        redis = RedisSpec(version=version)
    polardb = None
    if polar_match is not None:
        engine = _ENGINES.get(polar_match.group(1) or "mysql", "MySQL")
        version = polar_match.group(2) or POLARDB_VERSIONS[engine][-1]
        polardb = PolarDbSpec(engine=engine, version=version)
    sls = SlsSpec() if _SLS.search(plain) else None
    days = _DAYS.search(plain)
    if sls is not None and days:
        sls = attrs.evolve(sls, ttl_days=int(days.group(1)))
        account.applied.append(Msg("logs kept {days} days", days=int(days.group(1))))
    nodes = _NODES.search(plain) if ack is None else None
    if nodes is not None:  # "a PolarDB cluster with 2 nodes": no block takes the count
        account.skip(nodes.group(0), Msg("a node count is built for a Kubernetes cluster only"))
    ram_role = RamRoleSpec() if _RAM_ROLE.search(plain) else None
    if ram_role is not None and service is not None:
        ram_role = RamRoleSpec(service=service)
    if wants_eip and not ecs_count and nat is None:
        account.skip("eip", Msg("an elastic IP is built for instances or a NAT gateway"))
    wants_group = bool(_SECURITY_GROUP.search(plain)) or bool(allowed)
    slb = None
    if _SLB.search(plain):
        ports = _slb_ports(polarity, tcp)
        if not ports:
            raise Blocked(
                Msg("A load balancer needs a listener port, and the request rules out 80 and 443.")
            )
        slb = SlbSpec(ports=ports, address_type="intranet" if private else "internet")
        if private:
            account.applied.append(Msg("an internal (intranet) load balancer"))
    health = _HEALTH_CHECK.search(plain)
    if health is not None and (slb is not None or wants_alb):
        account.skip(
            health.group(0), Msg("the listeners keep the load balancer's default health check")
        )
    alb = None
    if wants_alb:
        listened = _slb_ports(polarity, tcp)
        ports = tuple(port for port in listened if port in (80, 443))
        if not ports and listened:
            raise Blocked(
                Msg(
                    "The application load balancer listens on 80 or 443 here, and the request "
                    "asks for port(s) {ports}.",
                    ports=and_list(list(listened)),
                )
            )
        if not ports:
            raise Blocked(
                Msg(
                    "An application load balancer listens on 80 or 443, and the request rules out "
                    "both."
                )
            )
        alb = AlbSpec(ports=ports, address_type="Intranet" if private else "Internet")
    vswitches = _vswitch_count(without_db, ecs_count)
    zones = literals.zones[:3]
    if high or alb is not None:
        vswitches = max(vswitches, 2)  # an ALB spans two zones
    vswitches = max(vswitches, len(zones))
    cidrs = [c for c in _CIDR.findall(plain) if c not in polarity.sources]
    declared = _VPC_CIDR.search(plain)  # "a VPC 10.0.0.0/16 ..., port 5432 open to 10.0.0.0/16"
    if declared is not None and declared.group(1) not in cidrs:
        cidrs.insert(0, declared.group(1))
    networked = (ecs_count, slb, rds, nat, redis, polardb, wants_group, ack, ess, alb)
    wants_network = bool(_VPC.search(plain) or vswitches or cidrs) or any(networked)
    if not any((wants_network, oss, sls, ram_role, ram_user)):
        return None
    for pattern, what in ((_VPC, "VPC"), (_SECURITY_GROUP, "security group")):
        if _rules_out(negative, pattern) and (
            (what == "VPC" and any(networked)) or (what != "VPC" and ecs_count)
        ):
            account.blocked.append(
                Msg(
                    "The request rules out a {what}, which the resources it asks for need.",
                    what=what,
                )
            )
    network = None
    if wants_network:
        network = NetworkSpec(
            cidr=cidrs[0] if cidrs else "192.168.0.0/16", vswitches=vswitches or 1, zones=zones
        )
        if zones:
            account.applied.append(Msg("zones {zones}", zones=and_list(list(zones))))
        for extra in cidrs[1:]:
            account.skip(extra, Msg("one VPC CIDR per template: {first} is used", first=cidrs[0]))
    narrowed = dict(polarity.port_sources)
    general = [cidr for cidr in polarity.sources if cidr not in narrowed.values()]
    source = general[0] if general else None
    if source is not None and (rds is not None or polardb is not None):
        # "a database reachable only from 10.0.1.0/24": its whitelist.
        if rds is not None:
            rds = attrs.evolve(rds, allowed_cidr=source)
        if polardb is not None:
            polardb = attrs.evolve(polardb, allowed_cidr=source)
        account.applied.append(Msg("database reachable from {source} only", source=source))
    if source is not None and redis is not None:
        # "RDS and Redis, both reachable only from ...": the Redis block sets no whitelist.
        account.skip(
            Msg("Redis reachable from {source} only", source=source),
            Msg("the Redis block sets no whitelist; set it on the instance after creation"),
        )
    elif (
        source is not None
        and rds is None
        and polardb is None
        and not (polarity.allowed or slb or alb)
    ):
        account.skip(source, Msg("a source CIDR limits opened ports, and the request opens none"))
    for extra in general[1:]:
        account.skip(
            extra, Msg("one source CIDR per template: {first} is used", first=source or "")
        )
    group = None
    if wants_group or (ecs_count and not nodes_only and (private or source is not None)):
        group = SecurityGroupSpec(
            ports=tcp,
            udp_ports=udp,
            source_cidr=source,
            public_web=not private,
            port_sources=polarity.port_sources,
        )
    ecs = None
    if ecs_count:
        ecs = _ecs_spec(
            plain,
            ecs_count,
            public and not wants_eip,
            wants_eip,
            literals,
            (data, system),
            account,
            kinds,
        )
        if wants_eip:
            ecs = attrs.evolve(ecs, eip=True)
            if literals.bandwidth is not None and 1 <= literals.bandwidth <= 200:
                ecs = attrs.evolve(ecs, eip_bandwidth=literals.bandwidth)
                account.applied.append(
                    Msg("elastic IP bandwidth {mbps} Mbps", mbps=literals.bandwidth)
                )
        if key_pair:
            ecs = attrs.evolve(ecs, key_pair=True)
            account.applied.append(Msg("log-in with a key pair (the KeyPairName parameter)"))
    elif data or system or literals.instance_types or literals.images:
        account.skip(
            Msg("disks, instance type or image"),
            Msg("they belong to ECS instances, and the request asks for none"),
        )
    opened = {*tcp, *(slb.ports if slb is not None and ecs is not None else ())}
    # An ALB forwards HTTP to its backends, which then take port 80 from the VPC.
    forwarded = {80} if alb is not None and (ecs is not None or ess is not None) else set()
    widened = sorted((opened | forwarded) & set(denied))
    if widened:
        account.blocked.append(
            Msg(
                "The request rules out port(s) {ports}, which the load balancer would need.",
                ports=and_list(widened),
            )
        )
    if denied:
        account.applied.append(
            Msg("not opened, as asked: port(s) {ports}", ports=and_list(list(denied)))
        )
    if opened:
        listened = slb.ports if slb is not None and ecs is not None and not private else ()
        for port, cidr in sorted(narrowed.items()):
            if port in opened:
                account.applied.append(
                    Msg("port(s) {ports} open to {source} only", ports=port, source=cidr)
                )
        rest = sorted(opened - set(narrowed))
        if rest:
            account.applied.extend(_opened(rest, source, private, listened))
    if high and not ecs:
        account.applied.append(Msg("vSwitches in 2 zones for high availability"))
    resource_name = None
    if name is not None and (oss is None or oss.bucket_name != name):
        if sls is not None and SLS_PROJECT.fullmatch(name):
            sls = attrs.evolve(sls, project=name)
            account.applied.append(Msg("name {name}", name=name))
        elif NAME.fullmatch(name):
            resource_name = name
            account.applied.append(Msg("name {name}", name=name))
        else:
            account.skip(name, Msg("not a valid resource name"))
    tags = literals.tags
    if tags:
        account.applied.append(
            Msg("tags {tags}", tags=and_list([f"{key}={value}" for key, value in tags]))
        )
    region = next(iter(regions)) if len(regions) == 1 else None
    return BlockRequest(
        network=network,
        security_group=group,
        ecs=ecs,
        slb=slb,
        rds=rds,
        oss=oss,
        nat=nat,
        redis=redis,
        polardb=polardb,
        sls=sls,
        ram_role=ram_role,
        ram_user=ram_user,
        ack=ack,
        ess=ess,
        alb=alb,
        region=region,
        name=resource_name,
        tags=tags,
        nodes_only=nodes_only,
    )


def _opened(
    ports: list[int], source: str | None, private: bool, listened: tuple[int, ...]
) -> list[Msg]:
    """What the security group opens, and to whom (a public load balancer's listener ports
    are open like web ports: its backends must take what it forwards)."""
    web = [port for port in ports if port in (80, 443) or port in listened]
    other = [port for port in ports if port not in web]
    if source is not None:
        return [Msg("port(s) {ports} open to {source} only", ports=and_list(ports), source=source)]
    parts: list[Msg] = []
    if web and private:
        parts.append(Msg("web port(s) {ports} open to the VPC", ports=and_list(web)))
    elif web:
        parts.append(Msg("web port(s) {ports} open to the internet", ports=and_list(web)))
    if other:
        parts.append(
            Msg(
                "port(s) {ports} open only to the AdminCidr parameter, which you fill in",
                ports=and_list(other),
            )
        )
    return parts
