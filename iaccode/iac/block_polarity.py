"""Negations and restrictions in a request read as English ("no SSH", "HTTPS only", "SSH not
allowed", "without a public IP"): which words are denied, which ports are allowed or denied,
and whether the allowed ports are the only ones.

The other languages' words are rewritten to these first (`block_languages`: "kein" -> "no",
"nicht", "不要", "しない" -> "not", "nur", "のみ", "仅" -> "only"), so one reading serves all seven.

A negation reaches forward to the end of its clause, a count ("no SSH, 2 servers"), a positive
word (but, with, allow, open) or another negation. "not" and "only" stand on either side of what
they qualify ("not SSH", "SSH not allowed", "SSHは許可しない"; "only HTTPS", "HTTPS only"): with
nothing to qualify after them, they reach back to the start of the clause or the last verb.
"""

from __future__ import annotations

import ipaddress
import re

import attrs

SERVICES = {"ssh": 22, "http": 80, "https": 443, "rdp": 3389}
_PRE = frozenset({"no", "without", "except", "excluding", "deny", "block", "disallow", "forbid"})
_PRE |= {"never", "nor", "don't", "dont", "refuse", "nothing", "none"}
_EITHER = frozenset({"not"})
# Words that rule out the services or ports right before them ("SSH blocked", "SSH and RDP
# bloqueados") or right after them ("blocked: port 22"); never a whole clause.
_TRAILING = frozenset({"blocked", "denied", "forbidden", "prohibited", "disallowed"})
_ONLY = frozenset({"only", "exclusively", "solely"})
_BREAKS = frozenset({",", ";", ".", "!", "?", "\u3002", "but"})
_POSITIVE = frozenset({"with", "plus", "also"})
_ARTICLES = frozenset({"a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight"})
_ARTICLES |= {"nine", "ten", "single"}
_PORT_LIST = re.compile(r"\bports?\s+((?:\d{1,5}(?:\s*(?:,|and|&|or|/)\s*|\s+))*\d{1,5})\b")
# Port numbers right after the verb that opens them ("open 80 and 443 to everyone", "allow
# 8080") or after what listens on them ("an ALB on 443"): read as if "port" stood before them.
# A number followed by a word other than a list's or a clause's is a count or a size.
_BARE_PORTS = re.compile(
    r"\b((?:open|opens|opening|allow|allows|allowing|expose|exposing|permit|permitting|"
    r"listen(?:s|ing)?\s+on|listener\s+on|(?:alb|slb|clb|balancer)\s+on)\s+)"
    r"((?:\d{2,5}(?:\s*(?:,|and|&|or|/)\s*))*\d{2,5})(?![.\d/])"
    r"(?=\s*(?:$|[,;.!?)]|(?:to|for|from|only|in|with|behind|and)\b))"
)
_TOKEN = re.compile(
    r"portlist:[\d,]+|\d{1,3}(?:\.\d{1,3}){3}/\d{1,2}|\d+(?:\.\d+)+|[\w'-]+|[,;.!?\u3002]"
)
_FILLERS = frozenset({"do", "be", "is", "are", "to", "a", "an", "any", "the", "need", "needed"})
_CIDR = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}/\d{1,2}")
# What a source may reach besides a port: "RDSは10.0.0.0/8のみ".
_REACHED = frozenset({"rds", "database", "db", "redis", "polardb", "mysql", "postgresql"})


def _is_allow(token: str) -> bool:
    return token.startswith(("allow", "open", "permit", "enable", "expose"))


def _allowed_after(tokens: list[str], index: int) -> bool:
    """A mention followed by its allow verb in the same clause ("SSH and HTTPS open"), or by
    where it may come from ("SSH from 10.0.0.0/8")."""
    if index + 1 < len(tokens) and tokens[index + 1] == "from":
        return True
    for token in tokens[index + 1 : index + 5]:
        if token in _BREAKS or token in _PRE or token in _EITHER:
            return False
        if _is_allow(token):
            return True
    return False


def _is_source(tokens: list[str], index: int) -> bool:
    """A CIDR that says where traffic comes from: after "from" or "to" ("open to my office
    198.51.100.10/32"), before "from" (Japanese "10.0.0.0/8から"), or one no VPC could use
    right after a port or service ("RDP 198.51.100.10/32")."""
    before = tokens[max(index - 4, 0) : index]
    if "from" in before[-2:] or (index + 1 < len(tokens) and tokens[index + 1] == "from"):
        return True
    if any(_is_allow(token) for token in before[-2:]):
        return True  # "only allow 192.168.10.0/24"
    followed_by_only = index + 1 < len(tokens) and tokens[index + 1] in _ONLY
    if followed_by_only and any(_is_mention(token) or token in _REACHED for token in before[-2:]):
        return True  # "SSHは203.0.113.0/24のみ"
    if "to" in before and any(_is_allow(token) for token in tokens[max(index - 8, 0) : index]):
        return True
    near = tokens[max(index - 6, 0) : index]
    if not any(_is_allow(token) or _is_mention(token) for token in near):
        return False  # "a VPC 10.0.0.0/30" is a (too small) VPC block, not a source
    network = ipaddress.IPv4Network(tokens[index], strict=False)
    return network.prefixlen > 24 or not network.is_private


def _is_mention(token: str) -> bool:
    return token in SERVICES or token.startswith("portlist:")


@attrs.frozen
class Polarity:
    """A request split into what it asks for and what it rules out."""

    positive: str  # the words outside every negation
    negative: str  # the words a negation rules out
    allowed: tuple[int, ...]  # ports named outside a negation (services only where allowed)
    denied: tuple[int, ...]
    udp: tuple[int, ...]  # allowed ports named as UDP
    only: bool  # the allowed ports are the only ones
    sources: tuple[str, ...]  # CIDRs after "from": where traffic may come from
    numbered: tuple[int, ...] = ()  # allowed ports given as numbers ("port 8080")
    # Sources that belong to the ports named in their clause ("SSH only from 10.0.0.0/8"); a
    # source with no port in its clause is in `sources` only, for every port.
    port_sources: tuple[tuple[int, str], ...] = ()


def _ports_of(token: str) -> list[int]:
    if token in SERVICES:
        return [SERVICES[token]]
    return [int(number) for number in token.split(":", 1)[1].split(",") if number]


def _forward(tokens: list[str], start: int) -> list[int]:
    scope: list[int] = []
    index = start
    while index < len(tokens) and tokens[index] in _FILLERS:
        index += 1
    if index < len(tokens) and _is_allow(tokens[index]):
        index += 1  # "not allow SSH", "don't open port 22": the verb is what is negated
    for position in range(index, len(tokens)):
        token = tokens[position]
        if token in _BREAKS or token in _POSITIVE or token in _PRE or token in _EITHER:
            break
        if _is_allow(token) or token in _ONLY:
            break
        if (token.isdigit() or token in _ARTICLES) and not token.startswith("portlist:"):
            break
        if scope and tokens[position - 1] == "and" and _qualified_after(tokens, position):
            break  # "without a public IP and SSH only from 10.0.0.0/8": SSH is asked for
        scope.append(position)
    return scope


def _qualified_after(tokens: list[str], index: int) -> bool:
    """A service or port that its own words ask for: "SSH only", "SSH from 10.0.0.0/8"."""
    if not _is_mention(tokens[index]):
        return False
    after = tokens[index + 1 : index + 4]
    if after[:1] and after[0] in _ONLY:
        return True
    if after[:1] == ["from"] or after[:2] in (["only", "from"], ["from", "only"]):
        cidr = next((token for token in after if _CIDR.fullmatch(token)), None)
        return cidr is not None and not cidr.endswith("/0")
    return False


def _backward(tokens: list[str], end: int) -> list[int]:
    scope: list[int] = []
    index = end
    if index >= 0 and _is_allow(tokens[index]):
        index -= 1  # "SSH not allowed", "SSHを許可しない"
    for position in range(index, -1, -1):
        token = tokens[position]
        if token in _BREAKS or _is_allow(token) or token in _PRE or token in _ONLY:
            break
        scope.append(position)
    return scope


def _mentions_before(tokens: list[str], end: int) -> list[int]:
    """The services and ports right before `end`, with the "and"s between them."""
    scope: list[int] = []
    for position in range(end - 1, -1, -1):
        token = tokens[position]
        if _is_mention(token):
            scope.append(position)
        elif token not in ("and", "or", ",", "&", "are", "is") or not scope:
            break
    return scope


def _qualifies(tokens: list[str], scope: list[int], nouns: frozenset[str]) -> bool:
    return any(_is_mention(tokens[i]) or tokens[i] in nouns for i in scope)


def read_polarity(
    text: str, *, services_after_allow: str = "after", nouns: frozenset[str] = frozenset()
) -> Polarity:
    """Split an English reading into allowed and denied parts.

    `services_after_allow` is where service names (ssh, https) stand relative to the word that
    allows them ("after", "before", "both"); port numbers after "port" are allowed wherever they
    stand. `nouns` are the words a trailing "not" may rule out ("load balancer は not").
    """
    text = _BARE_PORTS.sub(lambda m: f"{m.group(1)}port {m.group(2)}", text)
    collapsed = _PORT_LIST.sub(
        lambda m: " portlist:" + ",".join(re.findall(r"\d+", m.group(1))) + " ", text
    )
    tokens = _TOKEN.findall(collapsed)
    negated: set[int] = set()
    only_scope: set[int] = set()
    for index, token in enumerate(tokens):
        if token in _PRE:
            negated.update(_forward(tokens, index + 1))
        elif token in _TRAILING:
            negated.update(_mentions_before(tokens, index) or _forward(tokens, index + 1))
        elif token in _EITHER or token in _ONLY:
            scope = _forward(tokens, index + 1)
            if not _qualifies(tokens, scope, nouns):
                scope = _backward(tokens, index - 1)
            (negated if token in _EITHER else only_scope).update(scope)
    allows = [i for i, token in enumerate(tokens) if _is_allow(token)]
    allowed: set[int] = set()
    denied: set[int] = set()
    udp: set[int] = set()
    numbered: set[int] = set()
    for index, token in enumerate(tokens):
        if not _is_mention(token):
            continue
        ports = _ports_of(token)
        if index in negated:
            denied.update(ports)
            continue
        # "with HTTPS", "HTTPS and SSH open": asked for without an allow verb before it.
        named = token.startswith("portlist:") or index in only_scope
        named = named or tokens[max(index - 1, 0)] == "with" or _allowed_after(tokens, index)
        if not named and allows:
            named = {
                "after": index > allows[0],
                "before": index < allows[-1],
                "both": True,
            }.get(services_after_allow, False)
        if named:
            allowed.update(ports)
            if token.startswith("portlist:"):
                numbered.update(ports)
            near = tokens[max(index - 2, 0) : index + 3]
            if "udp" in near:
                udp.update(ports)
    sources = [
        tokens[i]
        for i in range(len(tokens))
        if _CIDR.fullmatch(tokens[i]) and _is_source(tokens, i)
    ]
    port_sources: dict[int, str] = {}
    for index, token in enumerate(tokens):
        if token in sources:
            for back in range(index - 1, -1, -1):
                if tokens[back] in _BREAKS:
                    break
                if _is_mention(tokens[back]) and back not in negated:
                    for port in _ports_of(tokens[back]):
                        port_sources.setdefault(port, token)
    only = any(_is_mention(tokens[i]) for i in only_scope)
    words = [token for token in tokens if not token.startswith("portlist:")]
    positive = " ".join(
        t if not t.startswith("portlist:") else "port " + t.split(":", 1)[1].replace(",", ", ")
        for i, t in enumerate(tokens)
        if i not in negated
    )
    negative = " ".join(tokens[i] for i in sorted(negated) if tokens[i] in words)
    return Polarity(
        positive=positive,
        negative=negative,
        allowed=tuple(sorted(allowed - denied)),
        denied=tuple(sorted(denied)),
        udp=tuple(sorted(udp - denied)),
        only=only,
        numbered=tuple(sorted(numbered - denied)),
        port_sources=tuple(sorted(port_sources.items())),
        sources=tuple(dict.fromkeys(sources)),
    )
