"""Turn a plain request ("a VPC with two vSwitches and an ECS instance") into a `BlockRequest`.

This is a rule-based reader, not a language model, for requests in the agent's seven languages
(en, zh, es, fr, de, ja, pt).

The reader itself knows English: the nouns of the building blocks (VPC, vSwitch/subnet, zone,
security group, port, ECS/instance/server, SLB/load balancer, RDS/MySQL/PostgreSQL/MariaDB,
OSS/bucket), counts written as digits or as the words one to ten ("a"/"an" mean one), CIDR
blocks, region ids such as cn-hangzhou and the cities of the regions, bucket names after
"named", and service names (ssh, http, https, rdp) after "allow" or "open".

Every other language has a vocabulary (`block_languages`): how it writes those words, its count
words (and for Chinese and Japanese the counters: 两台, 2つ), the words that ask for something
other than creating, vague counts, the local names of products the blocks do not cover, the
words that open ports and that introduce a name. A request is first rewritten word by word into the
reader's English ("创建一个带两个交换机的VPC" reads as "create 1 with 2 vswitch 的 vpc") and
then read as an English one. The language is told by the script (kana: ja; Han: zh) or, in Latin
script, by whose words the request uses most (English unless another language has more).

It returns None, so the agent can say plainly that a model is needed, when the text:
- names nothing it knows,
- asks for something other than creating resources (delete, update, explain, cost, ...),
- mentions a product the blocks do not cover (NAT, EIP, Redis, ALB, Kubernetes, ...), because
  building only part of the request would be wrong in a way the user might not notice,
- gives values the blocks cannot honour (a database version not offered, an invalid bucket
  name, more than ten instances), vague counts ("several servers"), two different regions, or
  (in Chinese and Japanese) a count of more than one that it cannot attach to a noun.

Choices when the text is silent: two or more instances are spread over two vSwitches; a load
balancer listens on the opened web ports (80, 443) or on 80; the database engine is MySQL 8.0.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

import attrs

from iaccode.iac.block_languages import LANGUAGES, Language, word_list
from iaccode.iac.block_parts import take_literals
from iaccode.iac.block_read import Reading, interpret
from iaccode.iac.block_spec import MAX_INSTANCES, BlockRequest
from iaccode.iac.block_words import _REGION, _UNSUPPORTED_ACRONYM

# --- the English reader ----------------------------------------------------------------------

# The reader's words for what other languages say in their own words.
_REFUSE = "delete"  # asks for something other than creating
_VAGUE = "several"  # a count too vague to guess, or larger than the blocks allow

# Region names the reader knows in every language (English spelling); ids are read as well.
_REGION_NAMES = {
    "hangzhou": "cn-hangzhou",
    "shanghai": "cn-shanghai",
    "beijing": "cn-beijing",
    "shenzhen": "cn-shenzhen",
    "qingdao": "cn-qingdao",
    "zhangjiakou": "cn-zhangjiakou",
    "hohhot": "cn-huhehaote",
    "ulanqab": "cn-wulanchabu",
    "chengdu": "cn-chengdu",
    "guangzhou": "cn-guangzhou",
    "heyuan": "cn-heyuan",
    "hong kong": "cn-hongkong",
    "hongkong": "cn-hongkong",
    "singapore": "ap-southeast-1",
    "tokyo": "ap-northeast-1",
    "seoul": "ap-northeast-2",
    "kuala lumpur": "ap-southeast-3",
    "jakarta": "ap-southeast-5",
    "manila": "ap-southeast-6",
    "bangkok": "ap-southeast-7",
    "frankfurt": "eu-central-1",
    "london": "eu-west-1",
    "silicon valley": "us-west-1",
    "virginia": "us-east-1",
    "dubai": "me-east-1",
}

# Words of English requests, so a Latin-script request is read as English unless another
# language's words outnumber them (and so those words never count for another language).
_ENGLISH_WORDS = frozenset(
    word_list("""
        a, an, the, and, or, of, in, on, at, to, for, from, with, by, as, is, it, be, do, no, not,
        me, my, i, please, create, build, make, deploy, set, up, need, want, named, called,
        allow, allowing, open, opening, across, behind, plus, into, per, each, that, which,
        has, have, one, two, three, four, five, six, seven, eight, nine, ten, single, pair,
        couple, network, subnet, subnets, database, group, groups, security, public, private,
        read, write, account, accounts, user, users, schema, storage, object, access, address
    """)
)
# Words every language uses as they are: they tell no language apart.
_SHARED_WORDS = frozenset(
    word_list("""
        vpc, vpcs, vswitch, vswitches, ecs, rds, slb, clb, oss, ssh, http, https, rdp, mysql,
        postgresql, mariadb, linux, bucket, buckets, firewall, web, app, ip, ips, internet,
        instance, instances, port, ports, zone, zones, server, servers, host, hosts, load,
        balancer, balancers, cidr
    """)
)

# Nouns after which a Chinese or Japanese count may stand ("vSwitchを2つ"), the words before
# them that belong to the noun (an RDS instance is no ECS instance), and every noun a count may
# stand before.
_COUNTED_NOUNS = frozenset(
    word_list(
        "vswitch, vswitches, subnet, subnets, zone, zones, instance, instances, server, servers, "
        "vm, vms, host, hosts, ecs, datadisk, datadisks, systemdisk, node, nodes"
    )
)
_QUALIFIERS = frozenset(
    word_list("""
        ecs, compute, web, app, application, linux, backend, availability, rds, slb, clb, load,
        balancer, database, mysql, postgresql, postgres, mariadb
    """)
)
_NOUNS = (
    _COUNTED_NOUNS
    | _QUALIFIERS
    | frozenset(
        word_list("""
            vpc, vpcs, network, security, group, groups, firewall, port, ports, balancers,
            databases, oss, bucket, buckets, object, storage, account, accounts, user, users,
            schema
        """)
    )
)
_PARTICLES = frozenset({"を", "が", "は", "も", ":"})
_BREAKS = frozenset({",", ".", ";", "。", "!", "?"})


_LATIN = ("es", "pt", "fr", "de")

# --- spelling --------------------------------------------------------------------------------

_KANA = "\u3040-\u30ff"
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_CHARS = f"{_KANA}{_HAN}\u3000-\u303f"  # with the CJK punctuation (、。「」)
_ALNUM = "0-9A-Za-z\u00c0-\u024f"
_CJK_EDGE = re.compile(rf"(?<=[{_CJK_CHARS}])(?=[{_ALNUM}])|(?<=[{_ALNUM}])(?=[{_CJK_CHARS}])")
_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W_])|(?<=[^\W_])-(?=[^\W\d_])")


def _fold_table() -> dict[int, str]:
    """Accents off Latin letters ("é" -> "e"); German umlauts as people type them without."""
    table = {ord(c): s for c, s in zip("äöüÄÖÜ", ("ae", "oe", "ue", "Ae", "Oe", "Ue"), strict=True)}
    table.update({ord("ß"): "ss", ord("\u2019"): "'", ord("\u2018"): "'"})
    for code in range(0xC0, 0x250):
        if code in table:
            continue
        base = "".join(c for c in unicodedata.normalize("NFD", chr(code)) if c.isascii())
        if base and base != chr(code):
            table[code] = base
    return table


_FOLD = _fold_table()


def _prepare(text: str) -> str:
    """Full-width forms as ASCII, accents folded, Latin words apart from kana and Han; case kept."""
    text = unicodedata.normalize("NFKC", text).translate(_FOLD)
    return " ".join(_CJK_EDGE.sub(" ", text).split())


def _spelling(prepared: str) -> str:
    """The reader's spelling of a prepared text: lower case, a few compounds joined or split."""
    text = prepared.lower()
    text = re.sub(r"\bv-switch", "vswitch", text)
    text = re.sub(r"\bsystem[- ]?disks?\b", "systemdisk", text)
    text = re.sub(r"\b(?:data[- ]?)?disks?\b", "datadisk", text)
    text = text.replace("security-group", "security group")
    # "mysql8.0" is an engine and its version.
    return re.sub(r"\b(mysql|postgresql|postgres|mariadb)(?=\d)", r"\1 ", text)


def _words_apart(text: str) -> str:
    """Hyphenated words apart ("ECS-Instanzen", "sous-réseau"); number ranges stay."""
    return _HYPHEN.sub(" ", text)


def _key(text: str) -> str:
    return _words_apart(_spelling(_prepare(text)))


def _is_cjk(char: str) -> bool:
    return re.match(f"[{_CJK_CHARS}]", char) is not None


def _bounded(key: str) -> str:
    """A pattern for a word or phrase: whole words in Latin script, anywhere in CJK text."""
    start = "" if _is_cjk(key[0]) else r"(?<!\w)"
    end = "" if _is_cjk(key[-1]) else r"(?!\w)"
    return start + re.escape(key) + end


@attrs.frozen
class _Table:
    """A language's words as one longest-first pattern, and what each reads as."""

    reads_as: dict[str, str]
    pattern: re.Pattern[str]

    def rewrite(self, text: str) -> str:
        return self.pattern.sub(lambda m: f" {self.reads_as[m.group(0)]} ", text)


def _table(entries: Iterable[tuple[str, str]]) -> _Table:
    reads_as: dict[str, str] = {}
    for word, meaning in entries:
        key = _key(word)
        if reads_as.setdefault(key, meaning) != meaning:
            raise ValueError(f"{word!r} reads both as {reads_as[key]!r} and as {meaning!r}")
    keys = sorted(reads_as, key=len, reverse=True)
    return _Table(reads_as, re.compile("|".join(_bounded(key) for key in keys)))


def _entries(language: Language) -> list[tuple[str, str]]:
    counted = bool(language.counters)  # a Chinese or Japanese count still needs its noun
    return [
        *language.words.items(),
        *((word, f"#{n}" if counted else n) for word, n in language.numbers.items()),
        *((word, _REFUSE) for word in language.not_create),
        *((word, _VAGUE) for word in language.vague),
        *language.unsupported.items(),
        *((word, "allow") for word in language.allow),
        *((word, "named") for word in language.named),
        *language.regions.items(),
    ]


_ENGLISH_TABLE = _table(_REGION_NAMES.items())
_TABLES = {code: _table(_entries(language)) for code, language in LANGUAGES.items()}


def _markers(language: Language) -> frozenset[str]:
    words = {part for word, _ in _entries(language) for part in _key(word).split()}
    words.update(_key(word) for word in language.markers)
    return frozenset(words - _ENGLISH_WORDS - _SHARED_WORDS)


_MARKERS = {code: _markers(LANGUAGES[code]) for code in _LATIN}


_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def _whole_words(prepared: str) -> list[str]:
    """The words of a text, lower case; not names such as my-logs, nor numbers."""
    words = [word.strip(".,;:!?()\"'") for word in prepared.lower().split()]
    return [word for word in words if _WORD.fullmatch(word)]


def _foreign_counts(code: str) -> frozenset[str]:
    """Count words of the other Latin-script languages ("zwei" in what reads as English)."""
    own = set(_TABLES[code].reads_as) if code in _TABLES else set()
    counts = {_key(word) for other in _LATIN for word in LANGUAGES[other].numbers}
    return frozenset(word for word in counts - own - _ENGLISH_WORDS if " " not in word)


_FOREIGN_COUNTS = {code: _foreign_counts(code) for code in ("en", *LANGUAGES)}


def _language_of(prepared: str) -> str:
    """Japanese with kana, Chinese with Han; in Latin script, whose words are most used."""
    if re.search(f"[{_KANA}]", prepared):
        return "ja"
    if re.search(f"[{_HAN}]", prepared):
        return "zh"
    words = _whole_words(prepared)
    english = sum(word in _ENGLISH_WORDS for word in words)
    scores = {code: sum(word in _MARKERS[code] for word in words) for code in _LATIN}
    best = max(_LATIN, key=lambda code: scores[code])  # the first on a tie
    return best if scores[best] > english else "en"


# --- names -----------------------------------------------------------------------------------

_QUOTES = "\"'`\u201c\u201d\u2018\u2019\u300c\u300d\u300e\u300f\u00ab\u00bb\u201e"
_NAME = rf"([^\s{_QUOTES},;()\u3001\u3002]+)"


def _name_patterns(language: Language | None) -> list[re.Pattern[str]]:
    before = ["named", "called", *(language.named if language else ())]
    after = language.named_after if language else ()
    words = sorted({_prepare(word) for word in before}, key=len, reverse=True)
    patterns = []
    if after:  # first: "名前" must not be read as "named" in "my-logsという名前の"
        ending = "|".join(re.escape(_prepare(word)) for word in sorted(after, key=len)[::-1])
        patterns.append(re.compile(rf"{_NAME}[{_QUOTES}]?\s*(?:{ending})"))
    named = "|".join(_bounded(word) for word in words)
    patterns.append(re.compile(rf"(?:{named})\s*:?\s*[{_QUOTES}]?\s*{_NAME}", re.IGNORECASE))
    return patterns


_NAME_PATTERNS = {code: _name_patterns(LANGUAGES.get(code)) for code in ("en", *LANGUAGES)}


def _take_name(prepared: str, code: str) -> tuple[str | None, str]:
    """The name given to the bucket ("named my-logs", "名为my-logs", "my-logsという名前"), and the
    text without it, so the name is not read as words."""
    for pattern in _NAME_PATTERNS[code]:
        match = pattern.search(prepared)
        if match:
            rest = prepared[: match.start(1)] + " " + prepared[match.end(1) :]
            return match.group(1).rstrip("."), rest
    return None, prepared


# --- Chinese and Japanese counts -------------------------------------------------------------

_CJK_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5}
_CJK_DIGITS.update({"六": 6, "七": 7, "八": 8, "九": 9})
# Port numbers before the word port ("22和443端口", "22番ポート") read as "port 22, 443".
_PORTS_FIRST = re.compile(
    r"(\d{1,5}(?:\s*(?:,|\u3001|/|和|与|及|或|と|や|および)\s*\d{1,5})*)"
    r"\s*(?:号|番)?\s*(?:端口|ポート)"
)


def _counted(counters: tuple[str, ...]) -> re.Pattern[str]:
    numeral = "[" + "".join(_CJK_DIGITS) + "十百千]+"
    units = "|".join(re.escape(counter) for counter in counters)
    # Not an ordinal: 第一个, 1つ目.
    return re.compile(rf"(?<!第)(\d+|{numeral})\s*(?:{units})(?!\s*目)(?:\s*の)?")


_COUNTED = {code: _counted(language.counters) for code, language in LANGUAGES.items()}


def _cjk_number(raw: str) -> int:
    if raw.isdigit():
        return int(raw)
    tens, ten, ones = raw.partition("十")
    if not set(raw) <= {*_CJK_DIGITS, "十"} or len(tens) > 1 or len(ones) > 1:
        return MAX_INSTANCES + 1  # hundreds and beyond: more than the blocks allow
    if not ten:
        return _CJK_DIGITS[raw]
    return (_CJK_DIGITS[tens] if tens else 1) * 10 + (_CJK_DIGITS[ones] if ones else 0)


def _place_counts(text: str) -> str | None:
    """Put each count ("#2", from 两台 or 2つ) right before the noun it counts.

    A count stands after its noun ("ECSインスタンスを2台") or before it, perhaps with words between
    ("两台带公网IP的服务器"). None when a count of more than one counts nothing the reader knows
    (another count, or the end of the clause, comes first), or is more than the blocks allow.
    """
    tokens = text.split()
    before: dict[int, str] = {}  # counts to put before the token at that index
    out: list[str] = []
    for index, token in enumerate(tokens):
        if index in before:
            out.append(before[index])
        if not _MARK.fullmatch(token):
            out.append(token)
            continue
        count = token[1:]
        if int(count) > MAX_INSTANCES:
            return None
        end = len(out)
        while end and out[end - 1] in _PARTICLES:
            end -= 1
        if end and out[end - 1] in _COUNTED_NOUNS:  # after its noun
            start = end - 1
            while start and out[start - 1] in _QUALIFIERS:
                start -= 1
            out.insert(start, count)
            continue
        noun = _noun_ahead(tokens, index + 1)
        if noun is not None:
            before[noun] = count
        elif end and out[end - 1] in _RANGE_WORDS:
            out.append(count)  # a bound of a range ("弹性伸缩 2到6台", "最少2台最多6台")
        elif count != "1":  # "1" is only an article ("一个带两个交换机的VPC")
            return None
    return " ".join(out)


_MARK = re.compile(r"#\d+")
_RANGE_WORDS = frozenset({"to", "min", "max"})


def _noun_ahead(tokens: list[str], start: int) -> int | None:
    for index in range(start, min(start + 8, len(tokens))):
        word = tokens[index]
        if word in _NOUNS:
            return index
        if word.startswith("#") or word in _BREAKS:
            return None
    return None


_PUNCTUATION = re.compile(r"[,;!?\u3002]|(?<!\d)\.|\.(?!\d)")


def _read_counts(text: str, code: str) -> str | None:
    text = _PUNCTUATION.sub(lambda m: f" {m.group(0)} ", text)  # clauses end at their stops
    text = _COUNTED[code].sub(lambda m: f" #{_cjk_number(m.group(1))} ", text)
    return _place_counts(text)


def _ports_first(match: re.Match[str]) -> str:
    return " port " + ", ".join(re.findall(r"\d+", match.group(1))) + " "


# "instance rds mysql 5.7" reads as "rds mysql 5.7 instance": an RDS instance, not an ECS one.
_QUALIFIED_AFTER = re.compile(
    r"\b(instances?)\s+(?:(?:de|d'|do|da|du|des)\s+)?"
    r"((?:rds\s+)?(?:mysql|postgres(?:ql)?|mariadb)(?:\s+v?\d+(?:\.\d+)?)?|rds|slb|clb|database)\b"
)


# Where traffic comes from, in words the tables leave as they are: "SSH apenas de 10.0.0.0/8",
# "从 10.0.0.0/8 访问". Only after what is reached ("only", a service, "access"), so "a VPC de
# 10.0.0.0/16" stays the VPC's block.
_SOURCE_OF = re.compile(
    r"(?:\b(only|ssh|rdp|https?|\d{2,5}|access|accessible|reachable)\s+(?:de|do|da|von|aus)\s+"
    r"|(?:从|自|来自|來自)\s*)(?=\d{1,3}(?:\.\d{1,3}){3}/\d{1,2})"
)
# "RDP aberto para 198.51.100.0/24", "ouvert pour ...": open to that source.
_OPEN_TO = re.compile(r"\b(?:para|pour|fuer|für)\s+(?=\d{1,3}(?:\.\d{1,3}){3}/\d{1,2})")


# Portuguese "6 nós" (nodes) is spelt like "nos" (in the) once accents go: after a count it is
# the nodes.
_PT_NODES = re.compile(
    r"\b(\d+|dois|duas|tr[eê]s|quatro|cinco|seis|sete|oito|nove|dez)\s+n[oó]s\b(?!\s+(?:servidores|"
    r"inst[aâ]ncias|m[aá]quinas)\b)"
)


def _sources_from(text: str) -> str:
    return _OPEN_TO.sub("to ", _SOURCE_OF.sub(lambda m: f"{m.group(1) or ''} from ", text))


def _rewrite(text: str, code: str) -> str | None:
    """The text in the reader's English; None when a count has nothing to count."""
    text = _sources_from(_ENGLISH_TABLE.rewrite(text))
    if code not in _TABLES:
        return text
    counted = bool(LANGUAGES[code].counters)
    if counted:
        text = _PORTS_FIRST.sub(_ports_first, text.replace("#", " "))  # "#" marks counts
    if code == "pt":
        text = _PT_NODES.sub(r"\1 nodes", text)
    text = _sources_from(_TABLES[code].rewrite(text))
    if counted:
        return _read_counts(text, code)
    if LANGUAGES[code].nouns_first:
        text = _QUALIFIED_AFTER.sub(r"\2 \1", text)
    return " ".join(text.split())


def plan_from_text(text: str) -> BlockRequest | None:
    """The blocks a plain request asks for when every part of it can be built, else None."""
    reading = read_request(text)
    return reading.request if reading is not None and reading.complete else None


def request_language(text: str) -> str:
    """The language a request is written in, as the reader tells it (English when unclear)."""
    return _language_of(_prepare(text)) if isinstance(text, str) else "en"


def read_request(text: str) -> Reading | None:
    """A plain request read into a plan (`Reading`), or None when it asks for nothing the
    reader knows, or for something other than creating resources."""
    if not isinstance(text, str) or len(text) > 2000:
        return None
    prepared = _prepare(text)
    code = _language_of(prepared)
    literals, prepared = take_literals(prepared)
    name, prepared = _take_name(prepared, code)
    # Acronyms in capitals name products even where they are small words ("NAS", "nas").
    prepared = _UNSUPPORTED_ACRONYM.sub(lambda m: f" acronym_{m.group(1).lower()} ", prepared)
    if _FOREIGN_COUNTS[code].intersection(_whole_words(prepared)):
        return None  # a count in a language the request was not read in
    lowered = _spelling(prepared)
    regions = set(_REGION.findall(lowered))
    reading = _rewrite(_words_apart(_REGION.sub(" region ", lowered)), code)
    if reading is None:
        return None
    regions.update(_REGION.findall(reading))
    services = LANGUAGES[code].services if code in LANGUAGES else "after"
    try:
        return interpret(
            reading,
            language=code,
            name=name,
            regions=regions,
            literals=literals,
            services=services,
        )
    except (ValueError, KeyError):
        return None
