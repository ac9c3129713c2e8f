"""The parts of a request that every language writes the same way, taken out before the words
are read: instance types (ecs.c7.xlarge), vCPU and memory sizes, zone ids (cn-hangzhou-h), tags
(env=prod), images (Ubuntu 22.04, Windows Server 2022) and disk sizes (100 GB, 1 TB, 100 Go).

`take_literals` returns them as `Literals` and the text with each one replaced by a plain word
the reader still knows ("ecs" for an instance type, so "2台ecs.c7.large" still counts two
instances), and sizes written as "<n> gb" so the reader can attach each to its disk.
"""

from __future__ import annotations

import re

import attrs

_INSTANCE_TYPE = re.compile(r"(?<![\w.])(ecs\.[a-z0-9]+(?:-[a-z0-9]+)?\.[a-z0-9]+)(?![\w.])", re.I)
_ZONE_ID = re.compile(
    r"(?<![\w-])((?:cn|ap|us|eu|me|na|sa)-[a-z]+(?:-\d+)?(?:-[a-z]|(?<=\d)[a-z]))(?![\w-])"
)
_TAG = re.compile(r"(?<![\w.:/-])([A-Za-z][\w.-]{0,63})\s*=\s*([\w.-]{1,128})(?![\w.=/-])")
_TAG_WORD = r"(?:tags?|labels?|标签|タグ|etiquetas?|[ée]tiquettes?|etiketten?)"
_TAG_COLON = re.compile(
    rf"(?i:{_TAG_WORD})\s*:?\s*((?:[A-Za-z][\w.-]{{0,63}}\s*:\s*[\w.-]{{1,128}}"
    r"(?:\s*(?:,|\u3001|and|und|et|y|e|和)\s*)?)+)"
)
_PAIR = re.compile(r"([A-Za-z][\w.-]{0,63})\s*:\s*([\w.-]{1,128})")
# "100 GB", "1 TiB", "100GB", "100G", "1T"; French "100 Go" (capital, so "2 to 6" stays words).
_SIZE = re.compile(
    r"(?<![\w.])(\d{1,5})(?:\s*(?i:(gib|gb|tib|tb))|\s*(Go|To)|(?i:(g|t|go|to)))(?![a-zA-Z])"
    r"(?!\s*(?:bps|bit))"
)
# "4 vCPUs", "4核", "4 Kerne", "4 núcleos", "4 cœurs"; "16 GB memory", "16G内存", "16 GB RAM".
_CPU = re.compile(
    r"(?<![\w.])(\d{1,3})\s*(?:v?cpus?|vcores?|cores?|核|コア|kerne|n[uú]cleos|c(?:oe|œ)urs|"
    r"c(?=\s*\d+\s*g))(?![a-z])",
    re.I,
)
# "2 vCPU and 8 GiB", "4C8G", "4核8G", "4 vCPU / 16 GB": the size right after the vCPUs.
_CPU_MEMORY = re.compile(
    r"(?<![\w.])(\d{1,3})\s*(?:v?cpus?|vcores?|cores?|核|コア|kerne|n[uú]cleos|c(?:oe|œ)urs|c)"
    r"\s*(?:and|und|et|y|e|和|と|,|/|\+|x)?\s*(\d{1,4})\s*(?:gib|gb|g|go)(?![a-z])",
    re.I,
)
_MEMORY = re.compile(
    r"(?<![\w.])(\d{1,4})\s*(?:gib|gb|g|go)\s*(?:of\s+|de\s+|da\s+|an\s+)?(?:ram|memory|mem|内存|メモリ|"
    r"arbeitsspeicher|speicher|m[ée]moire|memoria|mem[óo]ria)",
    re.I,
)
_MEMORY_BEFORE = re.compile(
    r"(?:ram|memory|内存|メモリ|arbeitsspeicher|m[ée]moire|memoria|mem[óo]ria)\s*(?:of\s+)?:?\s*"
    r"(\d{1,4})\s*(?:gib|gb|g)(?![a-z])",
    re.I,
)
_BANDWIDTH = re.compile(
    r"(?<![\w.])(\d{1,4})\s*(?:mbps|mbit/s|mbit|m\s*带宽|兆)|带宽\s*(\d{1,4})\s*m(?:bps)?\b",
    re.I,
)

_UBUNTU = re.compile(r"\bubuntu(?:\s*(?:server\s*)?(\d{2})\.(\d{2}))?", re.I)
_CENTOS = re.compile(r"\bcentos(?:\s*(stream))?(?:\s*(\d+)(?:\.(\d+))?)?", re.I)
_DEBIAN = re.compile(r"\bdebian(?:\s*(\d{2}))?", re.I)
_WINDOWS = re.compile(r"\bwindows(?:\s*server)?(?:\s*(20\d\d))?", re.I)
_ALINUX = re.compile(r"\b(?:alibaba\s*cloud\s*linux|aliyun\s*linux|alinux)(?:\s*(\d))?", re.I)
_OTHER_OS = re.compile(
    r"\b(rocky\s*linux|rocky|alma\s*linux|almalinux|opensuse|suse|red\s*hat|rhel|fedora|"
    r"freebsd|anolis)\b",
    re.I,
)

# Public image ids, newest build of each (the ECS image id naming); the trailing * lets ROS pick
# the newest matching public image.
_WINDOWS_IMAGES = {
    "2022": "win2022_21H2_x64_dtc_en-us_40G_alibase_*",
    "2019": "win2019_1809_x64_dtc_en-us_40G_alibase_*",
    "2016": "win2016_1607_x64_dtc_en-us_40G_alibase_*",
}
_UBUNTU_VERSIONS = ("20.04", "22.04", "24.04")
_CENTOS_VERSIONS = {"7": "7_9", "8": "8_5"}


@attrs.frozen
class Image:
    """An image the user named: its words and the public image id pattern, if there is one."""

    words: str
    image_id: str | None


@attrs.frozen
class Literals:
    instance_types: tuple[str, ...] = ()
    cpu: int | None = None
    memory_gb: int | None = None
    zones: tuple[str, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()
    images: tuple[Image, ...] = ()
    bandwidth: int | None = None


def _image(match: re.Match[str], kind: str) -> Image:
    words = " ".join(match.group(0).split())
    if kind == "ubuntu":
        version = f"{match.group(1)}.{match.group(2)}" if match.group(1) else "22.04"
        if version not in _UBUNTU_VERSIONS:
            return Image(words, None)
        return Image(words, f"ubuntu_{version.replace('.', '_')}_x64_20G_alibase_*")
    if kind == "centos":
        if match.group(1):
            major = match.group(2) or "9"
            return Image(words, f"centos_stream_{major}_x64_20G_alibase_*")
        major = match.group(2) or "7"
        if major not in _CENTOS_VERSIONS:
            return Image(words, None)
        return Image(words, f"centos_{_CENTOS_VERSIONS[major]}_x64_20G_alibase_*")
    if kind == "debian":
        major = match.group(1) or "12"
        return Image(words, f"debian_{major}_" + "*" if major in ("11", "12") else None)
    if kind == "windows":
        image = _WINDOWS_IMAGES.get(match.group(1) or "2022")
        return Image(words, image)
    if kind == "alinux":
        major = match.group(1) or "3"
        return Image(words, f"aliyun_{major}_x64_20G_alibase_*" if major in ("2", "3") else None)
    return Image(words, None)


def _images(text: str) -> tuple[Image, ...]:
    found: list[tuple[int, Image]] = []
    for kind, pattern in (
        ("ubuntu", _UBUNTU),
        ("centos", _CENTOS),
        ("debian", _DEBIAN),
        ("windows", _WINDOWS),
        ("alinux", _ALINUX),
        ("other", _OTHER_OS),
    ):
        found += [(m.start(), _image(m, kind)) for m in pattern.finditer(text)]
    return tuple(image for _, image in sorted(found, key=lambda item: item[0]))


def _gigabytes(match: re.Match[str]) -> str:
    number = int(match.group(1))
    unit = next(group for group in match.groups()[1:] if group).lower()
    size = number * 1024 if unit.startswith("t") else number
    return f" {size} gb "


def take_literals(text: str) -> tuple[Literals, str]:
    """The literal parts of a prepared request, and the request with them replaced."""
    instance_types = tuple(dict.fromkeys(m.lower() for m in _INSTANCE_TYPE.findall(text)))
    text = _INSTANCE_TYPE.sub(" ecs ", text)
    zones = tuple(dict.fromkeys(z.lower() for z in _ZONE_ID.findall(text)))
    # A zone id names its region: the reader sees the region.
    text = _ZONE_ID.sub(lambda m: " " + re.sub(r"-?[a-z]$", "", m.group(1)) + " ", text)
    tags: dict[str, str] = {}
    for match in _TAG_COLON.finditer(text):
        tags.update(_PAIR.findall(match.group(1)))
    text = _TAG_COLON.sub(" tag ", text)
    tags.update(_TAG.findall(text))
    text = _TAG.sub(" ", text)
    pair = _CPU_MEMORY.search(text)
    text = _CPU_MEMORY.sub(" ", text)
    cpu = _CPU.search(text)
    memory = _MEMORY.search(text) or _MEMORY_BEFORE.search(text)
    text = _MEMORY.sub(" ", _MEMORY_BEFORE.sub(" ", _CPU.sub(" ", text)))
    cpu_count = int(pair.group(1)) if pair else int(cpu.group(1)) if cpu else None
    memory_gb = int(pair.group(2)) if pair else int(memory.group(1)) if memory else None
    bandwidth = _BANDWIDTH.search(text)
    text = _BANDWIDTH.sub(" ", text)
    images = _images(text)
    for pattern in (_UBUNTU, _CENTOS, _DEBIAN, _WINDOWS, _ALINUX, _OTHER_OS):
        text = pattern.sub(" ", text)
    text = _SIZE.sub(_gigabytes, text)
    literals = Literals(
        instance_types=instance_types,
        cpu=cpu_count,
        memory_gb=memory_gb,
        zones=zones,
        tags=tuple(tags.items()),
        images=images,
        bandwidth=int(bandwidth.group(1) or bandwidth.group(2)) if bandwidth else None,
    )
    return literals, " ".join(text.split())


# ECS families by GiB of memory per vCPU (c: 2, g: 4, r: 8) and sizes by vCPUs.
_FAMILIES = {2: "ecs.c7", 4: "ecs.g7", 8: "ecs.r7"}
_SIZES = {2: "large", 4: "xlarge", 8: "2xlarge", 12: "3xlarge", 16: "4xlarge", 24: "6xlarge"}
_SIZES.update({32: "8xlarge", 48: "12xlarge", 64: "16xlarge"})


def instance_type_for(cpu: int | None, memory_gb: int | None) -> str | None:
    """The current-generation type with exactly `cpu` vCPUs and `memory_gb` GiB, if one exists.

    Only vCPUs: the general-purpose family (4 GiB per vCPU). Only memory: None.
    """
    if cpu is None or cpu not in _SIZES:
        return None
    ratio = 4 if memory_gb is None else memory_gb // cpu
    if (memory_gb is not None and memory_gb != ratio * cpu) or ratio not in _FAMILIES:
        return None
    return f"{_FAMILIES[ratio]}.{_SIZES[cpu]}"
