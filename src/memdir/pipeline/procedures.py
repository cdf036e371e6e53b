"""Procedures repeated across sessions become skill proposals (a new ``SKILL.md`` or an
edit of one) waiting in DREAMS.md for review. See docs/design/dreaming.md (skills)."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import guard
from ..core.errors import MemdirError, SchemaError
from ..core.index import one_line
from ..core.skills import DRAFT_MAX, Skill, SkillDraft, check_skill, fingerprint, render_skill
from ..review.diary import Run
from ..review.similar import tokens
from ..sessions.records import Message, json_or_text
from .answers import load_object
from .providers import SKILL_PROMPT

MIN_SESSIONS = 3  # sessions a procedure must be seen in
MIN_STEPS, MAX_STEPS = 3, 8  # steps of a procedure
SESSIONS = 200  # the newest sessions of the project looked at
MESSAGES = 2000  # messages read per session, at most
SEQUENCE_MAX = 300  # steps kept per sequence: the n-grams grow with it
COVERED = 0.5  # a skill listing this share of a procedure's steps gets the edit
# read-only looks and bookkeeping: between the steps of any procedure, part of none
_NOISE_TOOLS = frozenset(
    [
        "read",
        "grep",
        "glob",
        "ls",
        "view",
        "read_file",
        "search_files",
        "list_directory",
        "list_dir",
        "webfetch",
        "websearch",
        "web_search",
        "todowrite",
        "todoread",
        "task",
        "memory_read",
        "memory_search",
        "session_search",
    ]
)
_NOISE_COMMANDS = frozenset(
    ["ls", "cat", "cd", "pwd", "echo", "head", "tail", "grep", "rg", "find", "less", "which"]
)
_RUNNERS = frozenset(["run", "exec", "sudo", "npx", "uvx", "env", "time", "-m"])
_SHELLS = frozenset(("bash", "sh", "zsh", "/bin/bash", "/bin/sh"))
_WORD = re.compile(r"[a-z][a-z0-9._:+-]*$")
_ITEM = re.compile(r"^\s*(?:\d{1,2}[.)、]|第[一二三四五六七八九十\d]{1,3}步[:：,，、]?)\s*(\S.*)$")


@dataclass(frozen=True)
class Step:
    """One step: its key (what makes two steps the same) and the text it was done with."""

    key: str
    text: str


@dataclass(frozen=True)
class Procedure:
    """A run of steps seen in several sessions, with the newest session's texts."""

    keys: tuple[str, ...]
    texts: tuple[str, ...]
    sessions: tuple[str, ...]  # newest first
    task: str  # what the newest session was asked (its title or first user message)


def _arguments(call: dict[str, Any]) -> Any:
    fn = call.get("function")
    args = call.get("input", call.get("arguments"))
    if args is None and isinstance(fn, dict):
        args = fn.get("arguments")
    return json_or_text(args)


def _calls(tool_calls: Any) -> list[tuple[str, Any]]:
    """``(name, arguments)`` of logged tool calls (Claude Code, Codex, OpenAI shapes)."""
    out = []
    for call in tool_calls if isinstance(tool_calls, list) else [tool_calls]:
        if not isinstance(call, dict):
            continue
        fn = call.get("function")
        name = call.get("name") or (fn.get("name") if isinstance(fn, dict) else None)
        if isinstance(name, str) and name.strip():
            out.append((name.strip()[:80], _arguments(call)))
    return out


def _command(args: Any) -> str | None:
    if isinstance(args, dict):
        args = next((args[k] for k in ("command", "cmd", "script") if k in args), None)
    if isinstance(args, list) and all(isinstance(a, str) for a in args) and args:
        if len(args) >= 3 and args[0] in _SHELLS and args[1].startswith("-"):
            return str(args[-1])
        return " ".join(args)
    return args if isinstance(args, str) and args.strip() else None


def command_step(command: str) -> Step | None:
    """A shell command as a step: its program and subcommand (``git tag``, ``uv run
    pytest``); None for a look around (``ls``, ``cat``) or nothing recognisable."""
    line = command.strip().splitlines()[0][:400] if command.strip() else ""
    words: list[str] = []
    significant = 0
    for word in line.lower().split():
        if "=" in word and not words:  # VAR=value before the program
            continue
        if word in ("&&", "|", ";", "||") or significant >= 2:
            break
        if word.startswith("-") and word != "-m":
            continue
        if not _WORD.match(word) and word != "-m":
            break
        words.append(word)
        significant += word not in _RUNNERS
    if not words or words[0] in _NOISE_COMMANDS:
        return None
    return Step("$ " + " ".join(words), line[:200])


def tool_step(name: str, args: Any) -> Step | None:
    """A tool call as a step: a command's :func:`command_step`, else the tool's name;
    None for a read-only look (Read, Grep, memory_search …)."""
    command = _command(args)
    if command is not None:
        return command_step(command)
    if name.lower() in _NOISE_TOOLS:
        return None
    shown = ""
    if isinstance(args, dict):
        first = next((v for v in args.values() if isinstance(v, str) and v.strip()), "")
        shown = f" {one_line(first)[:100]}" if first else ""
    return Step(name.lower(), f"{name}{shown}")


def _first_words(text: str, n: int) -> list[str]:
    """The analyzer's first ``n`` words of ``text`` in order (stop words and numbers out)."""
    norm = unicodedata.normalize("NFKC", text[:500]).casefold()
    found = sorted(tokens(text[:500]), key=lambda t: (norm.find(t), t))
    return [w for w in found if not w.isdigit()][:n]


def text_step(text: str) -> Step | None:
    """A numbered step as a step: keyed by its first two words (the analyzer's)."""
    words = _first_words(text, 2)
    return Step(" ".join(words), one_line(text)[:200]) if words else None


def numbered_lists(text: str) -> list[list[Step]]:
    """The numbered lists of ≥ :data:`MIN_STEPS` items in a message (``1.``, ``1)``,
    ``1、``, ``第一步``); blank lines between items are allowed."""
    found: list[list[Step]] = []
    current: list[Step] = []
    for line in text.splitlines()[:2000]:
        m = _ITEM.match(line)
        if m:
            step = text_step(m.group(1))
            if step is not None:
                current.append(step)
        elif line.strip():
            if len(current) >= MIN_STEPS:
                found.append(current)
            current = []
    if len(current) >= MIN_STEPS:
        found.append(current)
    return found


def sequences(messages: Sequence[Message]) -> list[list[Step]]:
    """A session's step sequences: its tool calls in order (repeats in a row folded), and
    each numbered list a message holds."""
    calls: list[Step] = []
    lists: list[list[Step]] = []
    for m in messages:
        if m.role == "assistant" and m.tool_calls is not None:
            for name, args in _calls(m.tool_calls)[:SEQUENCE_MAX]:
                step = tool_step(name, args)
                if step is not None and (not calls or calls[-1].key != step.key):
                    calls.append(step)
        if m.role in ("user", "assistant") and m.content:
            lists += numbered_lists(m.content)
    return [s[:SEQUENCE_MAX] for s in [calls, *lists] if len(s) >= MIN_STEPS]


def _inside(small: tuple[str, ...], big: tuple[str, ...]) -> bool:
    n = len(small)
    return any(big[i : i + n] == small for i in range(len(big) - n + 1))


def detect(
    sessions: Sequence[tuple[str, str | None, Sequence[Message]]],
    *,
    min_sessions: int = MIN_SESSIONS,
    limit: int = 2,
) -> list[Procedure]:
    """The procedures of ``sessions`` (``(id, title, messages)``, newest first): closed runs
    of :data:`MIN_STEPS`–:data:`MAX_STEPS` steps seen in ``min_sessions`` sessions, most
    seen first, none overlapping another; at most ``limit`` (docs/design/dreaming.md)."""
    seen: dict[tuple[str, ...], dict[str, tuple[str, ...]]] = {}
    tasks: dict[str, str] = {}
    for sid, title, messages in sessions:
        if not (title and title.strip()):
            title = next(
                (m.content for m in messages if m.role == "user" and m.content.strip()), ""
            )
        tasks[sid] = guard.redact_secrets(one_line(title[:1000])[:150])
        for seq in sequences(messages):
            keys = tuple(s.key for s in seq)
            for n in range(MIN_STEPS, min(MAX_STEPS, len(seq)) + 1):
                for i in range(len(seq) - n + 1):
                    gram = keys[i : i + n]
                    if len(set(gram)) < 2:
                        continue
                    where = seen.setdefault(gram, {})
                    if sid not in where:  # the newest session's texts are kept
                        where[sid] = tuple(s.text for s in seq[i : i + n])
    order = {sid: i for i, (sid, _, _) in enumerate(sessions)}
    frequent = {g: w for g, w in seen.items() if len(w) >= min_sessions}
    open_ = set()  # a run a longer run extends in exactly the same sessions
    for big, w in frequent.items():
        if len(big) > MIN_STEPS:
            for part in (big[:-1], big[1:]):
                if part in frequent and frequent[part].keys() == w.keys():
                    open_.add(part)
    found = sorted(
        ((g, w) for g, w in frequent.items() if g not in open_),
        key=lambda gw: (-len(gw[1]), -len(gw[0]), gw[0]),
    )
    kept: list[Procedure] = []
    for gram, where in found:
        if any(_inside(gram, p.keys) or _inside(p.keys, gram) for p in kept):
            continue  # one procedure, not several views of it
        ids = tuple(sorted(where, key=order.__getitem__))
        kept.append(Procedure(gram, where[ids[0]], ids, tasks[ids[0]]))
        if len(kept) >= limit:
            break
    return kept


# -- drafting ----------------------------------------------------------------------------


def _key_words(key: str) -> frozenset[str]:
    return tokens(key.removeprefix("$ "))


def coverage(proc: Procedure, skill: Skill) -> float:
    """The share of the procedure's steps whose words the skill already says."""
    have = tokens(f"{skill.description}\n{skill.body}")
    return sum(_key_words(k) <= have for k in proc.keys) / len(proc.keys)


def _name(proc: Procedure, taken: set[str]) -> str:
    words = []
    for key in proc.keys:
        last = [w for w in key.removeprefix("$ ").split() if w not in _RUNNERS]
        word = re.sub(r"[^a-z0-9]+", "-", last[-1].lower()).strip("-") if last else ""
        if word and word not in words:
            words.append(word)
    name = "-".join(words[:4])[:48].strip("-.") or "procedure"
    if not name[0].isalnum():
        name = f"procedure-{name}"
    out, n = name, 2
    while out in taken:
        out, n = f"{name}-{n}", n + 1
    return out


def _numbered(texts: Sequence[str]) -> str:
    return "\n".join(
        f"{i}. `{t[2:]}`" if t.startswith("$ ") else f"{i}. {t}" for i, t in enumerate(texts, 1)
    )


def _shown(proc: Procedure) -> list[str]:
    """The step texts as the draft shows them (commands marked, secrets redacted)."""
    return [
        guard.redact_secrets(("$ " + t) if k.startswith("$ ") else t)
        for k, t in zip(proc.keys, proc.texts, strict=True)
    ]


def offline_draft(proc: Procedure, existing: Skill | None, taken: set[str]) -> SkillDraft:
    """Without a model: the newest session's steps as a numbered list — a new skill, or
    the steps an existing skill lacks appended to it — for a person to reword."""
    shown = _shown(proc)
    seen = f"Seen in {len(proc.sessions)} sessions ({', '.join(proc.sessions[:5])})."
    if existing is not None:
        have = tokens(f"{existing.description}\n{existing.body}")
        missing = [t for k, t in zip(proc.keys, shown, strict=True) if not _key_words(k) <= have]
        text = (
            existing.text.rstrip()
            + f"\n\n## Steps also seen in sessions (memdir)\n{seen}\n\n{_numbered(missing)}\n"
        )
        return SkillDraft(existing.name, text, proc.sessions, fingerprint(existing.text))
    name = _name(proc, taken)
    description = f"A {len(proc.keys)}-step procedure: " + " → ".join(
        k.removeprefix("$ ") for k in proc.keys
    )
    body = f"{seen} Reword before relying on it.\n\n{_numbered(shown)}"
    when = f"a task like: {proc.task}" if proc.task else ""
    return SkillDraft(name, render_skill(name, description[:300], body, when), proc.sessions)


def parse_draft(
    raw: str, proc: Procedure, existing: Skill | None, taken: set[str]
) -> SkillDraft | None:
    """A model's SKILL.md reply; ``{"none": true}`` is None; anything malformed raises
    SchemaError (raw kept). An edit keeps the skill's name and front matter."""
    data = load_object(raw, "skill")
    if data.get("none") is True:
        return None
    fields = [data.get(k, "") for k in _FIELDS]
    if not all(isinstance(f, str) for f in fields) or not all(fields[:3]):
        raise SchemaError("skill", "not the shape asked for", raw)
    name, description, body, when = (str(f) for f in fields)
    try:
        if existing is not None:
            head = existing.text[: len(existing.text) - len(existing.body)]
            if not existing.text.endswith(existing.body) or not head.strip():
                head = render_skill(existing.name, existing.description, "", existing.when_to_use)
            text = head.rstrip("\n") + "\n" + body.strip() + "\n"
            check_skill(existing.name, text)
            draft = SkillDraft(existing.name, text, proc.sessions, fingerprint(existing.text))
        else:
            if name in taken:
                raise SchemaError("skill", f"a skill named {name!r} exists already", raw)
            text = render_skill(name, description[:300], body, when[:300])
            check_skill(name, text)
            draft = SkillDraft(name, text, proc.sessions)
    except SchemaError:
        raise
    except MemdirError as exc:
        raise SchemaError("skill", str(exc), raw) from exc
    if len(draft.text) > DRAFT_MAX:
        raise SchemaError("skill", f"over {DRAFT_MAX:,} characters", raw)
    return draft


_FIELDS = ("name", "description", "body", "when_to_use")


def model_input(proc: Procedure, existing: Skill | None) -> str:
    """What the model is shown for one procedure."""
    data: dict[str, Any] = {
        "seen_in_sessions": len(proc.sessions),
        "task": proc.task,
        "steps": _shown(proc),
    }
    if existing is not None:
        data["existing_skill"] = existing.text[:8000]
    return json.dumps(data, ensure_ascii=False, indent=1)


@dataclass
class Cost:
    """Model calls made and characters sent drafting skills."""

    calls: int = 0
    chars: int = 0


def propose(
    complete: Callable[[str, str], str] | None,
    procedures: Sequence[Procedure],
    skills: Sequence[Skill],
    run: Run,
    *,
    limit: int = 2,
    refused: Callable[[SkillDraft], bool] = lambda d: False,
) -> Cost:
    """A draft per procedure into ``run.proposals``: an edit of the skill that covers at
    least :data:`COVERED` of its steps, else a new skill; none where a skill lists every
    step already, or one rejected in review before (``refused``). With ``complete`` the
    model writes it, else :func:`offline_draft`. At most ``limit`` drafts."""
    cost = Cost()
    taken = {s.name for s in skills}
    made = 0
    for proc in procedures:
        if made >= limit:
            break
        label = " → ".join(k.removeprefix("$ ") for k in proc.keys)
        scored = sorted(((coverage(proc, s), s.name, s) for s in skills), reverse=True)
        best = scored[0] if scored and scored[0][0] >= COVERED else None
        if best is not None and best[0] >= 1.0:
            run.rejected.append(f"procedure {label!r}: skill:{best[1]} lists every step already")
            continue
        existing = best[2] if best is not None else None
        if existing is not None and len(existing.text) > DRAFT_MAX - 2000:
            run.rejected.append(f"procedure {label!r}: skill:{existing.name} is too long to edit")
            continue
        if complete is None:
            draft: SkillDraft | None = offline_draft(proc, existing, taken)
        else:
            shown = model_input(proc, existing)
            cost.calls += 1
            cost.chars += len(SKILL_PROMPT) + len(shown)
            try:
                draft = parse_draft(complete(SKILL_PROMPT, shown), proc, existing, taken)
            except MemdirError as exc:
                run.rejected.append(f"procedure {label!r}: {exc}")
                continue
        if draft is None:
            run.rejected.append(f"procedure {label!r}: the model saw no reusable procedure")
            continue
        try:
            guard.check(draft.text)
        except MemdirError as exc:
            run.rejected.append(f"procedure {label!r}: {exc}")
            continue
        if refused(draft):
            run.rejected.append(f"procedure {label!r}: this draft was rejected in review")
            continue
        what = f"an edit of skill:{draft.name}" if draft.base else f"new skill:{draft.name}"
        run.themes.append(
            f"procedure {label!r} in {len(proc.sessions)} sessions "
            f"({', '.join(proc.sessions[:5])}): {what} proposed"
        )
        taken.add(draft.name)
        run.proposals.append(draft)
        made += 1
    return cost
