"""Turn the ros-cdk jsii assemblies into the compact ROS schema data file (`ros-schema.json.gz`).

Used by `scripts/update-ros-schema`, never at run time. Each `ros-cdk-*` wheel on PyPI (Apache-2.0)
holds `*/_jsii/*.jsii.tgz`, a tarball whose `package/.jsii` describes every `Ros<Type>` class, its
props interface (camelCase names, types, `optional` flags) and its `attr*` attributes, and whose
`package/lib/*.generated.js` files name each class's ROS type (`RosX.ROS_RESOURCE_TYPE_NAME = ...`),
map camelCase to the template's PascalCase names (`'VpcId': ...(properties.vpcId)`) and carry the
allowed-values validators. The assembly gives the structure; the JavaScript gives the names.

The encoding (read by `ros_schema`): a type is `s` string, `n` number, `b` boolean, `a` any, `j`
json, `[T` a list of T, `{T` a map of T, `@N` struct number N; a property entry is its type,
prefixed `!` when required.
"""

from __future__ import annotations

import gzip
import io
import json
import re
import tarfile
import zipfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import PurePosixPath

import attrs

FORMAT = 1
NOTICE = (
    "Generated from the Alibaba Cloud ROS CDK jsii assemblies (the ros-cdk-* packages on PyPI, "
    "Copyright Alibaba Cloud Computing), licensed under the Apache License, Version 2.0 "
    "(https://www.apache.org/licenses/LICENSE-2.0). Types, properties, required flags, allowed "
    "values and attributes are extracted; no code is included."
)

_CORE = "@alicloud/ros-cdk-core"
_RESOLVABLE = f"{_CORE}.IResolvable"
_TYPE_NAME = re.compile(r'(\w+)\.ROS_RESOURCE_TYPE_NAME = "([A-Za-z0-9:_]+)";$')
_FUNCTION = re.compile(r"function (\w+)\(properties[^)]*\) \{$")
_MAPPED = re.compile(r"'([A-Za-z0-9_.\-]+)': [^\n]*?\(properties\.(\w+)\)")
_ALLOWED = re.compile(
    r"propertyValidator\('(\w+)', ros\.validateAllowedValues\)\(\{\s*data: [^\n]*\n"
    r"\s*allowedValues: (\[[^\n]*\]),"
)
_MAX_MEMBER = 64 * 1024 * 1024  # an assembly is a few MiB; refuse absurd archive members


class AssemblyError(Exception):
    """A wheel without a readable jsii assembly."""


@attrs.frozen
class Assembly:
    """One package's jsii assembly: its name, version, types and generated JavaScript by file."""

    package: str
    version: str
    types: Mapping[str, Mapping[str, object]]
    scripts: Mapping[str, str]  # "lib/ecs.generated.js" -> source


def _read_member(archive: tarfile.TarFile, member: tarfile.TarInfo) -> bytes:
    if member.size > _MAX_MEMBER:
        raise AssemblyError(f"{member.name} is larger than {_MAX_MEMBER} bytes")
    handle = archive.extractfile(member)
    if handle is None:
        raise AssemblyError(f"{member.name} is not a file")
    return handle.read()


def read_tarball(data: bytes, package: str = "") -> Assembly:
    """Read a `.jsii.tgz` tarball. Raises AssemblyError when `package/.jsii` is missing or bad."""
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            spec: dict[str, object] | None = None
            scripts: dict[str, str] = {}
            for member in archive.getmembers():
                if not member.isfile():
                    continue
                if member.name == "package/.jsii":
                    spec = json.loads(_read_member(archive, member))
                elif member.name.startswith("package/lib/") and member.name.endswith(
                    ".generated.js"
                ):
                    text = _read_member(archive, member).decode("utf-8")
                    scripts[member.name.removeprefix("package/")] = text
    except (tarfile.TarError, OSError, EOFError, UnicodeDecodeError, ValueError) as error:
        raise AssemblyError(f"unreadable assembly: {error}") from error
    if not isinstance(spec, dict) or not isinstance(spec.get("types"), dict):
        raise AssemblyError("the tarball has no package/.jsii with types")
    name = spec.get("name")
    version = spec.get("version")
    types = spec["types"]
    assert isinstance(types, dict)
    return Assembly(
        package=package or (name.rsplit("/", 1)[-1] if isinstance(name, str) else ""),
        version=version if isinstance(version, str) else "",
        types=types,
        scripts=scripts,
    )


_TARBALL = re.compile(r"/_jsii/[^/]+\.jsii\.tgz$")


def read_wheel(path: str) -> Assembly:
    """Read the assembly inside a ros-cdk wheel (or an sdist `.tar.gz`, as a few old packages are).

    Raises AssemblyError when the archive is unreadable or holds no assembly, OSError when the file
    cannot be opened."""
    if path.endswith((".tar.gz", ".tgz")):
        return read_tarball(_sdist_tarball(path))
    try:
        with zipfile.ZipFile(path) as wheel:
            names = [n for n in wheel.namelist() if _TARBALL.search(n)]
            if not names:
                raise AssemblyError("the wheel holds no _jsii/*.jsii.tgz")
            info = wheel.getinfo(names[0])
            if info.file_size > _MAX_MEMBER:
                raise AssemblyError("the assembly tarball is too large")
            data = wheel.read(info)
    except zipfile.BadZipFile as error:
        raise AssemblyError(f"not a wheel: {error}") from error
    return read_tarball(data)


def _sdist_tarball(path: str) -> bytes:
    try:
        with tarfile.open(path, mode="r:gz") as sdist:
            for member in sdist.getmembers():
                if member.isfile() and _TARBALL.search(member.name):
                    return _read_member(sdist, member)
    except (tarfile.TarError, EOFError) as error:
        raise AssemblyError(f"not an sdist: {error}") from error
    raise AssemblyError("the sdist holds no _jsii/*.jsii.tgz")


@attrs.define
class _Functions:
    """The generated JavaScript of one file: class -> ROS type, name mappings, allowed values."""

    type_names: dict[str, str] = attrs.field(factory=dict)
    mappings: dict[str, dict[str, str]] = attrs.field(factory=dict)  # function -> camel -> Pascal
    allowed: dict[str, dict[str, list[object]]] = attrs.field(factory=dict)  # validator -> ...

    @classmethod
    def parse(cls, source: str) -> _Functions:
        found = cls()
        # Line by line and anchored: a regex search over megabytes of JavaScript backtracks badly.
        for line in source.splitlines():
            if "ROS_RESOURCE_TYPE_NAME = " in line:
                named = _TYPE_NAME.match(line.strip())
                if named is not None:
                    found.type_names[named.group(1)] = named.group(2)
        for name, body in _top_level_functions(source):
            if name.endswith("ToRosTemplate"):
                found.mappings[name] = {camel: pascal for pascal, camel in _MAPPED.findall(body)}
            elif name.endswith("Validator"):
                values: dict[str, list[object]] = {}
                for camel, listing in _ALLOWED.findall(body):
                    try:
                        parsed = json.loads(listing)
                    except ValueError:
                        continue
                    if isinstance(parsed, list) and parsed:
                        values[camel] = parsed
                found.allowed[name] = values
        return found


def _top_level_functions(source: str) -> Iterator[tuple[str, str]]:
    """(name, body) of each generated `function x(properties...) {` up to its closing `}` line."""
    name: str | None = None
    body: list[str] = []
    for line in source.splitlines():
        if name is None:
            match = _FUNCTION.match(line)
            if match is not None:
                name, body = match.group(1), []
        elif line == "}":
            yield name, "\n".join(body)
            name = None
        else:
            body.append(line)


def _lower_first(name: str) -> str:
    return name[:1].lower() + name[1:]


def _pascal(name: str) -> str:
    return name[:1].upper() + name[1:]


@attrs.define
class _Builder:
    """Collects resource types and the struct table while walking the assemblies."""

    types: dict[str, Mapping[str, object]]  # every fqn of every assembly
    structs: list[dict[str, object]] = attrs.field(factory=list)
    struct_ids: dict[str, int] = attrs.field(factory=dict)
    functions: dict[str, _Functions] = attrs.field(factory=dict)  # "assembly:file" -> parsed

    def functions_of(self, fqn: str) -> _Functions:
        spec = self.types.get(fqn, {})
        location = spec.get("locationInModule")
        assembly = fqn.split(".", 1)[0]
        filename = location.get("filename") if isinstance(location, dict) else None
        if not isinstance(filename, str):
            return _Functions()
        script = str(PurePosixPath(filename).with_suffix(".js"))
        return self.functions.get(f"{assembly}:{script}", _Functions())

    def encode_type(self, ref: object) -> str:
        if not isinstance(ref, dict):
            return "a"
        primitive = ref.get("primitive")
        if isinstance(primitive, str):
            return {"string": "s", "number": "n", "boolean": "b", "json": "j"}.get(primitive, "a")
        collection = ref.get("collection")
        if isinstance(collection, dict):
            item = self.encode_type(collection.get("elementtype"))
            return ("[" if collection.get("kind") == "array" else "{") + item
        union = ref.get("union")
        if isinstance(union, dict):
            members = [t for t in union.get("types", []) if t != {"fqn": _RESOLVABLE}]
            encoded = {self.encode_type(member) for member in members}
            # A union of several shapes (rare) accepts each of them: say nothing about it.
            return encoded.pop() if len(encoded) == 1 else "a"
        fqn = ref.get("fqn")
        if isinstance(fqn, str) and fqn != _RESOLVABLE:
            spec = self.types.get(fqn)
            if spec is not None and spec.get("kind") == "interface" and spec.get("datatype"):
                return f"@{self.struct(fqn)}"
        return "a"

    def struct(self, fqn: str) -> int:
        if fqn in self.struct_ids:
            return self.struct_ids[fqn]
        number = len(self.structs)
        self.struct_ids[fqn] = number
        self.structs.append({})
        namespace, _, name = fqn.split(".", 1)[1].rpartition(".")
        prefix = _lower_first(namespace.split(".")[-1] + name) if namespace else _lower_first(name)
        validator = (
            f"{namespace.split('.')[-1]}_{name}Validator" if namespace else f"{name}Validator"
        )
        self.structs[number] = self.shape(fqn, f"{prefix}ToRosTemplate", validator)
        return number

    def shape(self, fqn: str, mapper: str, validator: str) -> dict[str, object]:
        """Properties of a props interface or struct as {"p": {Name: type}, "v": {Name: values}}."""
        spec = self.types.get(fqn, {})
        found = self.functions_of(fqn)
        names = found.mappings.get(mapper, {})
        allowed = found.allowed.get(validator, {})
        properties: dict[str, str] = {}
        values: dict[str, list[object]] = {}
        raw = spec.get("properties")
        for prop in raw if isinstance(raw, list) else []:
            camel = prop.get("name")
            if not isinstance(camel, str):
                continue
            pascal = names.get(camel, _pascal(camel))
            kind = self.encode_type(prop.get("type"))
            properties[pascal] = kind if prop.get("optional") else f"!{kind}"
            if camel in allowed:
                values[pascal] = allowed[camel]
        shape: dict[str, object] = {"p": dict(sorted(properties.items()))}
        if values:
            shape["v"] = dict(sorted(values.items()))
        return shape

    def resource(
        self, fqn: str, spec: Mapping[str, object]
    ) -> tuple[str, dict[str, object]] | None:
        name = spec.get("name")
        if not isinstance(name, str):
            return None
        kind = self.functions_of(fqn).type_names.get(name)
        if kind is None:
            return None
        props_fqn = _props_interface(spec)
        entry: dict[str, object] = {"p": {}}
        if props_fqn is not None:
            props = props_fqn.rsplit(".", 1)[-1]
            entry = self.shape(
                props_fqn, f"{_lower_first(props)}ToRosTemplate", f"{props}Validator"
            )
        entry["a"] = sorted(_attributes(spec))
        return kind, entry


def _props_interface(spec: Mapping[str, object]) -> str | None:
    initializer = spec.get("initializer")
    parameters = initializer.get("parameters") if isinstance(initializer, dict) else None
    for parameter in parameters if isinstance(parameters, list) else []:
        if isinstance(parameter, dict) and parameter.get("name") == "props":
            fqn = parameter.get("type", {}).get("fqn")
            return fqn if isinstance(fqn, str) else None
    return None


def _attributes(spec: Mapping[str, object]) -> set[str]:
    found: set[str] = set()
    raw = spec.get("properties")
    for prop in raw if isinstance(raw, list) else []:
        name = prop.get("name")
        if not isinstance(name, str) or not name.startswith("attr") or prop.get("static"):
            continue
        custom = prop.get("docs", {}).get("custom", {})
        documented = custom.get("Attribute") if isinstance(custom, dict) else None
        # The docs start with the template's name ("VpcId: The ID of ..."), the exact spelling.
        if isinstance(documented, str) and ":" in documented:
            found.add(documented.split(":", 1)[0].strip())
        else:
            found.add(name.removeprefix("attr"))
    return found


def build_schema(assemblies: Sequence[Assembly]) -> dict[str, object]:
    """The data file's content for these assemblies: resources, structs and their sources."""
    types: dict[str, Mapping[str, object]] = {}
    for assembly in assemblies:
        types.update(assembly.types)
    builder = _Builder(types)
    for assembly in assemblies:
        prefix = next(iter(assembly.types), "").split(".", 1)[0]
        for script, source in assembly.scripts.items():
            builder.functions[f"{prefix}:{script}"] = _Functions.parse(source)
    resources: dict[str, dict[str, object]] = {}
    newest = max((_version_key(a.version) for a in assemblies), default=())
    stale = {
        next(iter(a.types), "").split(".", 1)[0]
        for a in assemblies
        if _version_key(a.version) < newest
    }
    for fqn in sorted(types):
        spec = types[fqn]
        if spec.get("kind") != "class" or spec.get("base") != f"{_CORE}.RosResource":
            continue
        made = builder.resource(fqn, spec)
        if made is None or not made[0].startswith(("ALIYUN::", "DATASOURCE::")):
            continue
        kind, entry = made
        if fqn.split(".", 1)[0] in stale:
            # A package that stopped being released lags ROS (ros-cdk-sas 1.11 still requires
            # PayType, which ROS made optional): keep its names, drop its required flags.
            entry["p"] = {k: v.lstrip("!") for k, v in entry["p"].items()}  # type: ignore[attr-defined]
        if kind not in resources or fqn.split(".", 1)[0] not in stale:
            resources[kind] = entry
    sources = sorted(f"{a.package} {a.version}" for a in assemblies)
    return {
        "format": FORMAT,
        "license": "Apache-2.0",
        "notice": NOTICE,
        "sources": sources,
        "resources": dict(sorted(resources.items())),
        "structs": builder.structs,
    }


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) if part.isdigit() else 0 for part in version.split("."))


def encode_schema(schema: Mapping[str, object]) -> bytes:
    """Compact, reproducible bytes: sorted JSON without spaces, gzip without a timestamp."""
    text = json.dumps(schema, separators=(",", ":"), ensure_ascii=False)
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def property_count(schema: Mapping[str, object]) -> int:
    resources = schema.get("resources", {})
    assert isinstance(resources, dict)
    return sum(len(entry.get("p", {})) for entry in resources.values())


def read_wheels(paths: Iterable[str]) -> list[Assembly]:
    """Every wheel's assembly. Raises AssemblyError naming the first unreadable wheel."""
    assemblies = []
    for path in paths:
        try:
            assemblies.append(read_wheel(path))
        except AssemblyError as error:
            raise AssemblyError(f"{PurePosixPath(path).name}: {error}") from error
    return assemblies
