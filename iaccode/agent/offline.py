"""The `offline` engine: the embedded default, useful with no network and no model key.

It understands three kinds of request, by plain rules, and runs the same tools a model would
(so tool progress and artifacts look the same on the wire):

* a ROS template in the message (fenced or bare, JSON or YAML; a JSON data part; a text file
  part), or a template file of the workspace it names ("review web.yaml"): reviewed with the
  checker, or handed to the ROS tools when the words ask for them;
* Terraform to convert: HCL in the message, or a directory of the workspace ("convert the
  Terraform in ./infra"; the workspace itself when it holds .tf files); native mapping, or the
  compatible wrapping when asked for;
* resources to create in plain words ("Create a VPC with two vSwitches."): composed from
  building blocks.

Anything else gets a plain answer saying what works offline and that the rest needs a model
(`engine: llm`). Answers are streamed paragraph by paragraph, as a model's would arrive. A
template answer ends with its architecture diagram as artifacts (`iaccode.agent.diagrams`).

Every answer is in the turn's `preferredLanguage` (`iaccode.agent.i18n`): the help, the framing
sentences, the checker's review, conversion warnings and compose summaries. The tools get the
language as their `language` argument, so their progress results read the same way; codes,
resource types, property names, paths and template text stay as they are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import trio

from iaccode.agent.cloud.session import CloudAccess
from iaccode.agent.diagrams import attach_diagram
from iaccode.agent.engine import TurnInput, TurnOutput, TurnResult
from iaccode.agent.i18n import translate, translator
from iaccode.agent.inputs import MediaTypes
from iaccode.agent.offline_cloud import answer as cloud_answer
from iaccode.agent.offline_cloud import cloud_request
from iaccode.agent.tools.base import ToolResult, ToolRunner
from iaccode.agent.tools.catalog import default_tools
from iaccode.agent.tools.iac import read_template_file
from iaccode.agent.workspace import WorkspaceError, resolve_in_workspace
from iaccode.iac.msg import Msg, Translate
from iaccode.model.a2a import Part
from iaccode.model.ids import new_id
from iaccode.wire import json

if TYPE_CHECKING:
    from iaccode.config import Config

_MEDIA_TYPES = MediaTypes()  # what a template sent as a file may be: the default text types
_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n(.*?)```", re.DOTALL)
# Latin words are matched whole even in Chinese or Japanese text, which has no spaces ("把Terraform
# 转换为ROS"): only ASCII letters and digits count as the same word.
_TERRAFORM = re.compile(
    r"(?<![a-z0-9])(?:terraform|opentofu|hcl)(?![a-z0-9])|\.tf(?![a-z0-9])", re.IGNORECASE
)
_HCL = re.compile(r"^\s*(resource|variable|provider|module|output|locals)\b[^\n]*\{", re.MULTILINE)
# Asking for the compatible form (the Terraform kept as it is, wrapped in a ROS template), in
# every language: compatible, compatível, kompatibel; wrap, envolver, envelopper; 兼容, 封装;
# 互換, ラップ.
_COMPATIBLE = re.compile(
    r"(?<![a-z])(?:compatib|compativ|compatív|kompatib|wrap|envolv|envuelv|envelopp|encapsul|"
    r"einpack|verpack|transform(?![a-z])|workspace map)|兼容|封装|包装|互換|ラップ",
    re.IGNORECASE,
)
_DIRECTORY = re.compile(r"(?:^|\s)(\.{0,2}/?[\w.-]+(?:/[\w.-]+)*/?)(?=[\s.,;:!?]|$)")
# A directory named next to a word for directory ("the infra folder", "el directorio infra",
# "infra目录", "ディレクトリ infra"); only a directory that exists is taken.
_DIRECTORY_WORD = re.compile(
    r"directory|folder|directorio|carpeta|r[ée]pertoire|dossier|verzeichnis|ordner|"
    r"diret[óo]rio|pasta",
    re.IGNORECASE,
)
_CJK_DIRECTORY_WORD = re.compile(
    r"^(?:目录|文件夹|ディレクトリ|フォルダ)|(?:目录|文件夹|ディレクトリ|フォルダ)$"
)
# Chinese and Japanese put no space around a path ("把./infra目录中的Terraform转换"), and quotes
# of any language around it.
_CJK = "\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"  # kana, Han, their punctuation
_CJK_EDGE = re.compile(rf"(?<=[{_CJK}])(?=[^\s{_CJK}])|(?<=[^\s{_CJK}])(?=[{_CJK}])")
_QUOTES = re.compile("[\"'`\u201c\u201d\u2018\u2019\u300c\u300d\u300e\u300f\u00ab\u00bb\u201e]")

HELP = (
    "I am running with the offline engine, which works without a model or network access.\n"
    "\n"
    "What I can do offline:\n"
    "- Review an Alibaba Cloud ROS template: paste it into the message (JSON or YAML, fenced or "
    "not) or name a template file of your workspace, and I check it against the schema of every "
    "ROS resource type: structure, parameters, references, functions, dependencies, outputs, "
    "properties and their values.\n"
    "- Convert Terraform to ROS: paste the HCL, or name a directory of your workspace; ask for the "
    "compatible form to keep the Terraform files as they are.\n"
    "- Create templates from building blocks: VPC and vSwitches, security groups, ECS, SLB and "
    "ALB, RDS, PolarDB, Redis, OSS, NAT gateway, auto scaling, Kubernetes (ACK), SLS and RAM, as "
    'ROS YAML, JSON or Terraform, e.g. "Create a VPC with two vSwitches."\n'
    "- With Alibaba Cloud credentials: validate a template with ROS, preview or price it, and "
    "create, update or delete stacks (each change asks for your permission first).\n"
    "\n"
    "Anything else (other products, explanations) needs a language model: start the server with "
    "`engine: llm` (an OpenAI-compatible endpoint such as DashScope/Qwen) for that."
)


class OfflineEngine:
    name = "offline"

    def __init__(self, config: Config | None = None) -> None:
        self._media = config.media_types if config is not None else MediaTypes()
        self._roots = config.workspace_roots() if config is not None else ()
        self._cloud = CloudAccess.from_config(config)

    def accepts_media_type(self, media_type: str) -> bool:
        return self._media.accepts(media_type)

    def warm_up(self) -> None:
        default_tools()

    async def run_turn(self, turn: TurnInput, output: TurnOutput) -> TurnResult | None:
        session = self._cloud.session(turn.metadata)
        roots = self._roots or (turn.cwd,)
        runner = ToolRunner(default_tools(), cwd=turn.cwd, roots=roots, cloud=session)
        language = turn.language
        words = translator(language)
        # Only a requested language is passed on, so an English turn calls tools as before.
        asked = {"language": language} if language is not None else {}
        text = turn.text
        template = find_template(turn.message.parts) or find_template([Part(text=text)])
        if template is None:  # "review web.yaml", "deploy templates/web.yaml as stack web-1"
            template = await trio.to_thread.run_sync(template_file, text, turn.cwd)
        has_keys = session.has_caller_credentials
        ros_request = cloud_request(_prose(text, template), template, has_keys=has_keys)
        if ros_request is not None:  # ROS work asked for in words (iaccode.agent.offline_cloud)

            async def call(name: str, args: Mapping[str, Any]) -> ToolResult:
                return await _call(runner, output, name, {**args, **asked})

            await _stream(output, await cloud_answer(ros_request, call, language))
            return None
        if template is not None:
            from iaccode.iac.ros_check import check_template

            report = await trio.to_thread.run_sync(check_template, template)
            await _stream(output, report.to_text(words))
            await attach_diagram(output, template, words)
            return None
        # File system look-ups, one per directory the text may name: off the event loop.
        terraform = await trio.to_thread.run_sync(_terraform_request, text, turn.cwd)
        if terraform is not None:
            result = await _call(runner, output, "convert_terraform", {**terraform, **asked})
            await _stream(output, _converted(result, words, language))
            await attach_diagram(output, result.data.get("template"), words)
            return None
        from iaccode.iac.block_plan import read_request, request_language

        if await trio.to_thread.run_sync(read_request, text) is not None:
            # Without a preferredLanguage the answer is in the request's own language.
            language = language or request_language(text)
            words = translator(language)
            args = {"request": text, "language": language}
            result = await _call(runner, output, "compose_template", args)
            await _stream(output, _composed(result, words, language))
            await attach_diagram(output, result.data.get("template"), words)
            return None
        await output.text(help_text(language))
        return None


def _prose(text: str, template: str | None) -> str:
    """The words of a message around its template (whose own text says "ROS" too)."""
    prose = _FENCE.sub(" ", text)
    return prose.replace(template, " ") if template else prose


def help_text(language: str | None) -> str:
    """`HELP` in the caller's language."""
    return translate(HELP, language)


async def _call(
    runner: ToolRunner, output: TurnOutput, name: str, args: Mapping[str, Any]
) -> ToolResult:
    return await runner.run(output, f"offline-{new_id()[:8]}", name, args)


async def _stream(output: TurnOutput, text: str) -> None:
    for paragraph in re.split(r"(?<=\n\n)", text):
        await output.text(paragraph)


def _sentences(language: str | None, *sentences: str) -> str:
    # Chinese and Japanese put no space after a full stop.
    return ("" if language in ("zh", "ja") else " ").join(sentences)


def _converted(result: ToolResult, words: Translate, language: str | None) -> str:
    data = result.data  # its texts are already in the turn's language (the tool's `language`)
    if result.is_error:
        return Msg("I could not convert the Terraform: {error}", error=data["error"]).render(words)
    if data["mode"] == "compatible":
        done = Msg("The Terraform is wrapped unchanged in a ROS Terraform template.")
    else:
        done = Msg("The Terraform is converted to native ROS resources.")
    said = [done.render(words)]
    if data.get("summary"):
        said.append(data["summary"])
    lines = [_sentences(language, *said, data["check"]["summary"])]
    lines += [f"- {warning}" for warning in data.get("warnings", [])]
    lines.append(f"\n```yaml\n{data['template']}```\n")
    attached = Msg("The template is attached as {filename}.", filename=data["filename"])
    lines.append(attached.render(words))
    return "\n".join(lines)


def _composed(result: ToolResult, words: Translate, language: str | None) -> str:
    from iaccode.iac.block_answer import LLM_ADDS

    data = result.data
    if result.is_error:
        return Msg("I could not build that template: {error}", error=data["error"]).render(words)
    attached = Msg(
        "The template is attached as {filename}; fill in the parameters when you create the stack.",
        filename=data["filename"],
    )
    lines = [_sentences(language, data["summary"], data["check"]["summary"])]
    if data.get("applied"):
        lines.append("\n" + Msg("Applied from the request:").render(words))
        lines += [f"- {note}" for note in data["applied"]]
    if data.get("notApplied"):
        lines.append("\n" + Msg("Not applied:").render(words))
        lines += [f"- {note}" for note in data["notApplied"]]
        lines.append(LLM_ADDS.render(words))
    kind = {"json": "json", "terraform": "hcl"}.get(data.get("format", ""), "yaml")
    if "formatName" in data:
        lines.append("\n" + Msg("Format: {format}.", format=data["formatName"]).render(words))
    lines.append(f"\n```{kind}\n{data['template']}```\n")
    lines.append(attached.render(words))
    return "\n".join(lines)


def _terraform_request(text: str, cwd: Path) -> dict[str, Any] | None:
    """convert_terraform arguments when the message asks for a Terraform conversion."""
    mode = "compatible" if _COMPATIBLE.search(text) else "native"
    for match in _FENCE.finditer(text):
        if match.group(1).lower() in ("hcl", "terraform", "tf") or _HCL.search(match.group(2)):
            return {"terraform": match.group(2), "mode": mode}
    bare = _HCL.search(text)
    if bare is not None and "alicloud_" in text:
        return {"terraform": text[bare.start() :], "mode": mode}
    if not _TERRAFORM.search(text):
        return None
    for candidate in _directories(text):
        try:
            path = (cwd / candidate).resolve()
            found = path.is_dir() and path.is_relative_to(cwd)
        except (OSError, RuntimeError):  # a word too long for a file name, a symlink loop
            continue
        if found:
            return {"path": path.relative_to(cwd).as_posix() or ".", "mode": mode}
    if any(cwd.glob("*.tf")):
        return {"path": ".", "mode": mode}
    return None


_MAX_DIRECTORIES = 32  # a request names a few; a huge message must not cost a look-up a word


def _spaced(text: str) -> str:
    """The text with quotes gone and a space where Chinese or Japanese meets other script."""
    return _QUOTES.sub(" ", _CJK_EDGE.sub(" ", text))


def _words(text: str) -> list[str]:
    """The words of the text without the punctuation around them ("web.yaml," -> "web.yaml")."""
    words = [word.strip(",;:!?()").rstrip(".") for word in _spaced(text).split()]
    return [word for word in words if word]


def _directories(text: str) -> list[str]:
    """Directories the text may name: paths with a slash, and words next to "directory"."""
    found = [path for path in _DIRECTORY.findall(_spaced(text)) if "/" in path]
    words = _words(text)
    for index, word in enumerate(words):
        if _DIRECTORY_WORD.fullmatch(word) or _CJK_DIRECTORY_WORD.search(word):
            found += words[max(index - 1, 0) : index] + words[index + 1 : index + 2]
    return list(dict.fromkeys(found))[:_MAX_DIRECTORIES]


_TEMPLATE_SUFFIXES = (".yaml", ".yml", ".json", ".template", ".ros")


def template_file(text: str, cwd: Path) -> str | None:
    """The ROS template in a workspace file the text names ("review web.yaml"), or None.

    Only an existing file inside the workspace is read (symlinks resolved, as every tool
    does), at most the checker's size limit plus one byte (so a bigger file is reported as
    too big, not read whole), and only when it looks like a template."""
    named = [w for w in _words(text) if w.lower().endswith(_TEMPLATE_SUFFIXES)]
    for name in list(dict.fromkeys(named))[:_MAX_DIRECTORIES]:
        try:
            found = read_template_file(resolve_in_workspace(cwd, name, must_exist=True))
        except (WorkspaceError, OSError):
            continue
        if _looks_like_template(found):
            return found
    return None


def find_template(parts: list[Part]) -> str | None:
    """The first thing in the message that looks like a ROS template, as text."""
    for part in parts:
        if isinstance(part.data, dict) and (
            "ROSTemplateFormatVersion" in part.data or "Resources" in part.data
        ):
            return json.dumps(part.data).decode("utf-8")
        if part.raw is not None and _MEDIA_TYPES.is_text(part.media_type or "text/plain"):
            text = part.raw.decode("utf-8", errors="replace")
            if _looks_like_template(text):
                return text
        if part.text is not None:
            found = _template_in_text(part.text)
            if found is not None:
                return found
    return None


def _template_in_text(text: str) -> str | None:
    for match in _FENCE.finditer(text):
        body = match.group(2)
        if _looks_like_template(body):
            return body
    if "ROSTemplateFormatVersion" not in text:
        return None
    # A bare template after some prose: start at its first line ('{' or the version key).
    lines = text.splitlines(keepends=True)
    for index, line in enumerate(lines):
        stripped = line.lstrip()
        if stripped.startswith("{") or stripped.startswith("ROSTemplateFormatVersion"):
            return "".join(lines[index:])
    return text


def _looks_like_template(text: str) -> bool:
    if "ROSTemplateFormatVersion" in text:
        return True
    has_resources = "Resources:" in text or '"Resources"' in text
    return has_resources and ("Type:" in text or '"Type"' in text)
