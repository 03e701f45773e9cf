"""MCP prompts from ``codeknit/prompts/*.md``, and argument completion.

The file format is described in :mod:`codeknit.prompts`. Rendering is plain
text substitution: an argument's value is inserted as given, never
interpreted, so a diff full of braces is safe.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources as package_data
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.prompts.base import Prompt, PromptArgument, UserMessage
from mcp.shared.exceptions import MCPError
from mcp.types import (
    INVALID_PARAMS,
    Completion,
    CompletionArgument,
    CompletionContext,
    PromptReference,
    ResourceTemplateReference,
)

from codeknit.skeleton.budget import fit_prefix

PROMPT_PACKAGE = "codeknit.prompts"
GUIDE_FILE = "_skt_guide.md"
#: the longest argument value a prompt accepts (a large diff fits; a runaway one does not)
MAX_ARGUMENT_CHARS = 200_000
#: the most tokens a rendered prompt has: longer argument values are cut, with a note
PROMPT_MAX_TOKENS = 16_000
MAX_COMPLETIONS = 100

_ARGUMENT = re.compile(r"argument (?P<name>[a-z_][a-z0-9_]*)(?P<required> \(required\))?:\s*(?P<text>.*)")
_SECTION = re.compile(r"\{\{([#^])([a-z_][a-z0-9_]*)\}\}(.*?)\{\{/\2\}\}", re.S)
_VALUE = re.compile(r"\{\{([a-z_][a-z0-9_]*)(?:\|([^}]*))?\}\}")


class PromptFormatError(ValueError):
    """A prompt file that does not follow the format."""


@dataclass(frozen=True, slots=True)
class PromptArgumentSpec:
    name: str
    description: str
    required: bool = False
    complete: str | None = None  # "path" or "symbol"


@dataclass(frozen=True, slots=True)
class PromptTemplate:
    name: str
    title: str
    description: str
    arguments: tuple[PromptArgumentSpec, ...]
    body: str = field(repr=False)

    def render(self, values: dict[str, str]) -> str:
        unknown = sorted(set(values) - {a.name for a in self.arguments})
        if unknown:
            raise ValueError(f"unknown argument(s) {', '.join(unknown)}; {self.name} takes "
                             f"{', '.join(a.name for a in self.arguments) or 'none'}")
        given = {k: v for k, v in values.items() if v is not None and str(v).strip()}
        for argument in self.arguments:
            if argument.required and argument.name not in given:
                raise ValueError(f"{argument.name}: required by the {self.name} prompt")
        for name, value in given.items():
            if len(value) > MAX_ARGUMENT_CHARS:
                raise ValueError(f"{name}: {len(value)} characters; the limit is {MAX_ARGUMENT_CHARS}")
        if self.name == "review_change" and not ({"diff", "files"} & set(given)):
            raise ValueError("diff or files: give the change as a diff, or the list of changed files")

        # placeholders are replaced in the template only, in one pass, so values are never re-read
        def section(match: re.Match[str]) -> str:
            present = match.group(2) in given
            keep = present if match.group(1) == "#" else not present
            return match.group(3) if keep else ""

        text = _SECTION.sub(section, self.body).replace("{{> skt_guide}}", skt_guide())
        pieces: list[str] = []
        position = 0
        for match in _VALUE.finditer(text):
            pieces.append(text[position:match.start()])
            name, fallback = match.group(1), match.group(2)
            pieces.append(given.get(name, fallback or ""))
            position = match.end()
        pieces.append(text[position:])
        return "".join(pieces).strip() + "\n"


@functools.cache
def skt_guide() -> str:
    return package_data.files(PROMPT_PACKAGE).joinpath(GUIDE_FILE).read_text("utf-8").strip()


def parse_prompt(name: str, text: str) -> PromptTemplate:
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        raise PromptFormatError(f"{name}: must start with a '---' header")
    try:
        end = lines.index("---", 1)
    except ValueError:
        raise PromptFormatError(f"{name}: the header has no closing '---'") from None
    title = description = ""
    arguments: list[PromptArgumentSpec] = []
    for line in lines[1:end]:
        if line.startswith("title:"):
            title = line[6:].strip()
        elif line.startswith("description:"):
            description = line[12:].strip()
        elif (match := _ARGUMENT.fullmatch(line.strip())) is not None:
            text_part, _, complete = match.group("text").partition(" complete: ")
            arguments.append(PromptArgumentSpec(match.group("name"), text_part.strip(), bool(match.group("required")),
                                                complete.strip() or None))
        elif line.strip():
            raise PromptFormatError(f"{name}: unexpected header line {line!r}")
    if not title or not description:
        raise PromptFormatError(f"{name}: the header needs a title and a description")
    return PromptTemplate(name, title, description, tuple(arguments), "\n".join(lines[end + 1:]))


@functools.cache
def load_prompts() -> tuple[PromptTemplate, ...]:
    """Every prompt shipped in :mod:`codeknit.prompts`, by file name."""
    folder = package_data.files(PROMPT_PACKAGE)
    templates = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".md") and not entry.name.startswith("_"):
            templates.append(parse_prompt(entry.name[:-3], entry.read_text("utf-8")))
    return tuple(templates)


def render_within(template: PromptTemplate, values: dict[str, str], count: Callable[[str], int],
                  max_tokens: int = PROMPT_MAX_TOKENS) -> str:
    """``template`` rendered with ``values``, at most ``max_tokens`` tokens.

    When it is longer, the longest values are cut (between lines, or within a line when one line
    is too long), one after another, each with a note that says how much of it was left out."""
    text = template.render(values)
    if count(text) <= max_tokens:
        return text
    current = dict(values)
    for name in sorted(current, key=lambda n: -len(current[n])):
        value = current[name]
        lines = value.split("\n")

        def by_lines(k: int, name: str = name, lines: list[str] = lines) -> str:
            left = len(lines) - k
            note = (f"\n[… {left} more lines of {name} left out, to keep this prompt within {max_tokens} tokens]"
                    if left else "")
            return template.render({**current, name: "\n".join(lines[:k]) + note})

        fitted = fit_prefix(len(lines), by_lines, count, max_tokens, first=256)
        if fitted.units == 0 and fitted.tokens > max_tokens:
            def by_characters(k: int, name: str = name, value: str = value) -> str:
                note = (f"[… {len(value) - k} more characters of {name} left out, to keep this prompt within "
                        f"{max_tokens} tokens]")
                return template.render({**current, name: value[:k] + note})

            fitted = fit_prefix(len(value), by_characters, count, max_tokens, first=4096)
        if fitted.tokens <= max_tokens:
            return fitted.value
        current[name] = ""
    return template.render(current)


def register_prompts(server: MCPServer[Any], count: Callable[[str], int]) -> None:
    for template in load_prompts():
        server.add_prompt(Prompt(
            name=template.name, title=template.title, description=template.description,
            arguments=[PromptArgument(name=a.name, description=a.description, required=a.required)
                       for a in template.arguments],
            fn=_renderer(template, count), context_kwarg=None,
        ))


def _renderer(template: PromptTemplate, count: Callable[[str], int]) -> Callable[..., list[UserMessage]]:
    def render(**values: Any) -> list[UserMessage]:
        try:
            text = render_within(template, {k: "" if v is None else str(v) for k, v in values.items()}, count)
        except ValueError as problem:
            # a protocol error keeps its message; anything else the SDK reports without it
            raise MCPError(code=INVALID_PARAMS, message=str(problem)) from None
        return [UserMessage(text)]

    render.__name__ = template.name
    return render


# -- completion ---------------------------------------------------------------------------------


Completer = Callable[[str, str], list[str]]  # (kind, prefix) → values


def completion_kind(ref: PromptReference | ResourceTemplateReference, argument: str) -> str | None:
    """What an argument completes to: ``path``, ``symbol`` or nothing."""
    if isinstance(ref, ResourceTemplateReference):
        return "path" if argument == "path" else None
    for template in load_prompts():
        if template.name == ref.name:
            for spec in template.arguments:
                if spec.name == argument:
                    return spec.complete
    return None


def register_completions(server: MCPServer[Any], complete: Completer) -> None:
    @server.completion()
    async def handle(ref: PromptReference | ResourceTemplateReference, argument: CompletionArgument,
                     context: CompletionContext | None) -> Completion | None:
        kind = completion_kind(ref, argument.name)
        if kind is None:
            return None
        values = complete(kind, argument.value)
        return Completion(values=values[:MAX_COMPLETIONS], total=len(values),
                          has_more=len(values) > MAX_COMPLETIONS)
