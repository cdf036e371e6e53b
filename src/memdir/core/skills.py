"""Procedural memory: ``skills/<name>/SKILL.md`` in a scope folder, the format Claude Code,
Codex and Hermes share; the system block lists them. See docs/design/tiers.md."""

from __future__ import annotations

import dataclasses
import errno
import hashlib
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import ParseError, StorageError, UnknownSkillError, ValidationError
from .frontmatter import dump_yaml, read_frontmatter
from .index import one_line
from .prompt import tool_name
from .storage.base import SKILL_FILE, SKILLS_DIR, Backend
from .storage.regular import read_text
from .tiers import summarize
from .workspace import Workspace

SKILL_MAX_BYTES = 128 * 1024  # real SKILL.md files run to a few tens of KB
LISTED_MAX = 100  # skills named in the system block; the rest are counted
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


@dataclass(frozen=True)
class Skill:
    """One skill: its folder name, front matter fields, body and the whole file text."""

    name: str
    description: str
    when_to_use: str
    body: str
    text: str
    path: Path
    scope: str = ""
    withheld: str | None = None  # the guard's rule (a project's skill)

    @property
    def hook(self) -> str:
        """The line the system block shows: description, then when to use it."""
        line = one_line(self.description)
        if self.when_to_use:
            stop = "" if line.endswith((".", "!", "?", "。")) else "."
            line += f"{stop} Use when: {one_line(self.when_to_use)}"
        return line if len(line) <= 300 else line[:299] + "…"


def skill_text(skill: Skill, depth: str = "full") -> str:
    """A skill as ``memory_read`` returns it: the whole SKILL.md, or at ``overview`` its
    description and when to use it and a summary of its body, as an entry's overview."""
    head = f"[skill] {skill.name} ({skill.scope} scope)\n\n"
    if depth != "overview":
        return head + skill.text
    text = summarize(skill.body)
    if len(skill.body.strip()) > len(text):
        text += f"\n\n(Overview of {len(skill.body):,} characters: read depth full for all.)"
    return f"{head}{skill.hook}\n\n{text}"


def validate_name(name: object) -> str:
    """A skill's folder name: 1–64 ASCII letters, digits, ``.``, ``_`` or ``-``, starting with a
    letter or digit; never a path."""
    if not isinstance(name, str) or not _NAME.fullmatch(name) or ".." in name:
        shown = repr(name)[:80]
        raise ValidationError(
            f"a skill name is 1-64 ASCII letters (a-z, A-Z), digits, '.', '_' or '-', "
            f"starting with a letter or digit, with no path separators (got {shown})"
            + (_suggest(name) if isinstance(name, str) else ""),
            field="name",
        )
    return name


def _suggest(name: str) -> str:
    """What to write instead: a slug of the name's ASCII part (a letter's accents off),
    and where the rest can go."""
    if name.isascii():
        return ""
    bare = unicodedata.normalize("NFKD", name.lower())  # é: e and its accent, dropped
    base = "".join(c for c in bare if not unicodedata.combining(c))
    slug = re.sub(r"-{2,}", "-", re.sub(r"[^a-z0-9]+", "-", base)).strip("-")[:64]
    instead = f"'{slug}'" if slug else "an ASCII name such as 'release-steps'"
    return (
        f"; skill names are ASCII where the harnesses look skills up (the agent-skills "
        f"format): use {instead} and say {name[:40]!r} in the description"
    )


def parse_skill(text: str, path: Path, name: str, scope: str = "") -> Skill:
    """A ``SKILL.md`` read as Claude Code reads front matter. Raises ParseError when the
    front matter cannot be read or lacks a description (a skill nobody can pick)."""
    fm = read_frontmatter(text)
    if fm.problem:
        raise ParseError(path, fm.problem.replace("Claude Code", "memdir"))
    if fm.source is None:
        raise ParseError(path, "a SKILL.md starts with front matter (--- name, description ---)")
    meta: dict[str, Any] = fm.meta
    description = meta.get("description")
    if not isinstance(description, str) or not description.strip():
        raise ParseError(path, "its front matter has no description (what the skill is for)")
    when = meta.get("when_to_use", meta.get("when-to-use", ""))
    if not isinstance(when, str):
        raise ParseError(path, "when_to_use in its front matter must be text")
    return Skill(name, description.strip(), when.strip(), fm.body, text, path, scope)


def read_skill_file(path: Path, name: str, scope: str = "") -> Skill:
    """Read and parse one ``SKILL.md`` (refused: not regular, over the size limit, not
    UTF-8)."""
    try:
        text = read_text(path, SKILL_MAX_BYTES)
    except ValueError as exc:
        raise ParseError(path, f"{exc} (a SKILL.md may hold {SKILL_MAX_BYTES:,} bytes)") from None
    except OSError as exc:
        raise StorageError("read", path, exc) from exc
    return parse_skill(text, path, name, scope)


def list_skills(backend: Backend, scope: str = "") -> tuple[list[Skill], list[str]]:
    """A scope's skills by name, and a sentence for each that cannot be read (never
    skipped silently). Symlinks are not followed."""
    found, problems = [], []
    for file in backend.skill_names():
        name = file.split("/")[1]
        path = Path(backend.shown(file) or file)  # never the server's address
        try:
            validate_name(name)
            too_big = ParseError(path, f"is over {SKILL_MAX_BYTES:,} bytes, a SKILL.md's limit")
            try:
                data = backend.read(file)
            except OSError as exc:
                if exc.errno == errno.EFBIG:  # over what the backend reads at all
                    raise too_big from None
                raise StorageError("read", path, exc) from exc
            if len(data) > SKILL_MAX_BYTES:
                raise too_big
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise ParseError(path, f"is not UTF-8 (bad byte at offset {exc.start})") from None
            found.append(parse_skill(text, path, name, scope))
        except (ParseError, StorageError, ValidationError) as exc:
            problems.append(f"skill {name!r} in the {scope} scope: {exc}")
    return found, problems


def render_skill(name: str, description: str, body: str, when_to_use: str = "") -> str:
    """The text of a new ``SKILL.md``."""
    meta: dict[str, str] = {"name": validate_name(name), "description": one_line(description)}
    if when_to_use.strip():
        meta["when_to_use"] = one_line(when_to_use)
    return f"---\n{dump_yaml(meta)}---\n{body.strip()}\n"


def check_skill(name: str, text: str) -> Skill:
    """``text`` validated as the ``SKILL.md`` of skill ``name`` (size, front matter)."""
    validate_name(name)
    if not isinstance(text, str):
        raise ValidationError("a skill's text must be a string", field="body")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > SKILL_MAX_BYTES:
        raise ValidationError(
            f"SKILL.md would be {size:,} bytes; a skill may hold {SKILL_MAX_BYTES:,}. Split it "
            f"or move reference material out of it.",
            field="body",
        )
    try:
        return parse_skill(text, Path(SKILLS_DIR) / name / SKILL_FILE, name)
    except ParseError as exc:  # a text to write, not a file on disk: nothing to fix by hand
        raise ValidationError(
            f"skill {name!r} was not written: {exc.reason}", field="body"
        ) from None


DRAFT_MAX = 16_000  # characters of a proposed SKILL.md kept in DREAMS.md
_BASE = re.compile(r"[0-9a-f]{12}")


def fingerprint(text: str) -> str:
    """A short hash of a SKILL.md's text: an edit proposal applies to this text only."""
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]


@dataclass(frozen=True)
class SkillDraft:
    """A SKILL.md consolidation proposes from a procedure seen in several sessions: a new
    skill (``base`` empty) or an edit of the one whose text has the fingerprint ``base``.
    Never written unasked: it waits in DREAMS.md for review."""

    name: str
    text: str  # the whole SKILL.md to write
    sessions: tuple[str, ...]  # where the procedure was seen (≥ 2)
    base: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON kept in DREAMS.md."""
        return {"kind": "skill", **dataclasses.asdict(self), "sessions": list(self.sessions)}

    def summary(self) -> str:
        """The diary's line for people."""
        what = "edit of" if self.base else "new"
        return f"skill {what} `skill:{self.name}` from sessions {', '.join(self.sessions)}"

    @classmethod
    def from_dict(cls, data: object) -> SkillDraft | None:
        """The draft ``data`` describes, or None when it is not a well-formed one (a valid
        name, a SKILL.md that parses, 2–50 session ids)."""
        if not isinstance(data, dict) or data.get("kind") != "skill":
            return None
        name, text = data.get("name"), data.get("text")
        sessions, base = data.get("sessions"), data.get("base", "")
        if (
            not isinstance(text, str)
            or len(text) > DRAFT_MAX
            or not isinstance(base, str)
            or (base and not _BASE.fullmatch(base))
            or not isinstance(sessions, list)
            or not 2 <= len(sessions) <= 50
            or not all(isinstance(x, str) and 0 < len(x) <= 200 for x in sessions)
        ):
            return None
        try:
            check_skill(name, text)  # type: ignore[arg-type]
        except (ParseError, ValidationError):
            return None
        return cls(str(name), text, tuple(sessions), base)


def listing(skills: list[Skill], tools: Mapping[str, str] | None = None) -> str:
    """The system block's skills section: name, scope and hook of each, never bodies
    (``tools``: the harness's names for memdir's tools, as for the system block)."""
    shown = [s for s in skills if s.withheld is None]
    if not shown:
        return ""
    read = tool_name("memory_read", tools)
    lines = [
        "\n## Skills\n"
        f"Procedures saved as skills. Read one before following it: {read} with id "
        "skill:<name>.\n"
    ]
    lines += [f"- skill:{s.name} ({s.scope}): {s.hook}\n" for s in shown[:LISTED_MAX]]
    if len(shown) > LISTED_MAX:
        lines.append(f"- … and {len(shown) - LISTED_MAX} more skills not listed\n")
    return "".join(lines)


class SkillsLayer(Workspace):
    """The skills of a workspace: every scope's ``skills/``, listed, read and written."""

    def _skills(self) -> tuple[list[Skill], list[str]]:
        """Every scope's skills, a more local one shadowing a less local one of the same
        name; a project's scanned by the guard. And what could not be read."""
        by_name: dict[str, Skill] = {}
        problems: list[str] = []
        for name, loc in self.locations.items():
            if loc.unavailable or (self.database is None and not loc.path.is_dir()):
                continue
            found, bad = list_skills(self.store(name).backend, name)
            problems += bad
            for skill in found:
                rule = self._judged(skill.text) if name == "project" else None
                by_name[skill.name] = dataclasses.replace(skill, withheld=rule)
        self._save_verdicts()
        return sorted(by_name.values(), key=lambda k: k.name), problems

    def skills(self) -> list[Skill]:
        """The skills a session sees (and the withheld ones, marked), by name."""
        self._require_enabled()
        return self._skills()[0]

    def read_skill(self, name: str) -> Skill:
        """One skill by name (the most local scope's); a MemdirError lists the others."""
        validate_name(name)
        found = {s.name: s for s in self.skills()}
        skill = found.get(name)
        if skill is None or skill.withheld:
            names = [k for k, v in found.items() if not v.withheld]
            raise UnknownSkillError(name, names, skill.withheld if skill else None)
        return skill

    def write_skill(
        self,
        name: str,
        description: str,
        body: str,
        *,
        when_to_use: str = "",
        scope: str = "local",
    ) -> Skill:
        """Write ``skills/<name>/SKILL.md`` in ``scope`` (consolidation's way to save a
        procedure; a person's too): validated, scanned by the guard, recorded in the
        scope's history. Replaces a skill of the same name in that scope."""
        return self.write_skill_text(
            name, render_skill(name, description, body, when_to_use), scope=scope
        )

    def write_skill_text(self, name: str, text: str, *, scope: str = "local") -> Skill:
        """Write a whole ``SKILL.md`` (an import keeps the file as it was written)."""
        store = self._writable(scope)
        check_skill(name, text)
        file = f"{SKILLS_DIR}/{name}/{SKILL_FILE}"
        path = self._write_file(store, file, text, f"skill: {name} written")
        return parse_skill(text, path, name, scope)
