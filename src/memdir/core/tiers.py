"""Three reading depths of memory (OpenViking's L0 / L1 / L2: hook, overview, body), a
scope's overview by theme, and the recall block's budget. See docs/design/tiers.md."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .cjk import CJK_RUN
from .errors import ValidationError
from .index import one_line, rank, short
from .marks import MARKS
from .model import Entry, EntryType

OVERVIEW_CHARS = 400  # an L1 overview: a few sentences
MAX_THEMED = 400  # entries a scope overview groups into themes at most (pairs: the square)
MAX_SECTIONS = 8  # themes a scope overview names at most
OVERVIEW_KEY = "overview"  # the front-matter key a provider's (or a person's) overview uses
DEPTHS = ("overview", "full")
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+|(?<=[。！？])|\n+")
_SALIENT = re.compile(r"\d+|`|[A-Z][a-z]+[A-Z]|[\w-]+\.[a-z]{2,4}\b|/")
_WORD = re.compile(f"(?:[^\\W\\d_]|[{MARKS}]){{3,}}")  # letters and marks: दवाई whole
_STOP = frozenset(
    {
        "the",
        "and",
        "for",
        "are",
        "but",
        "not",
        "you",
        "your",
        "with",
        "this",
        "that",
        "from",
        "have",
        "has",
        "was",
        "were",
        "will",
        "when",
        "what",
        "which",
        "who",
        "how",
        "why",
        "use",
        "used",
        "using",
        "into",
        "than",
        "then",
        "them",
        "they",
        "their",
        "there",
        "these",
        "those",
        "been",
        "being",
        "also",
        "only",
        "just",
        "more",
        "most",
        "some",
        "such",
        "very",
        "can",
        "should",
        "would",
        "could",
        "must",
        "does",
        "did",
        "its",
        "our",
        "out",
        "all",
        "any",
        "each",
        "other",
        "about",
        "after",
        "before",
    }
)


def parse_depth(value: object) -> str:
    """``overview`` or ``full`` (None: full); anything else is a ValidationError."""
    if value is None:
        return "full"
    if isinstance(value, str) and value.strip().lower() in DEPTHS:
        return value.strip().lower()
    shown = repr(value)[:60]
    raise ValidationError(
        f"depth must be 'overview' (a few sentences) or 'full' (the whole entry), not {shown}",
        field="depth",
    )


def hook(entry: Entry) -> str:
    """L0: the entry's one-line hook (its description, else its first non-blank line)."""
    line = entry.description or next((ln for ln in entry.body.splitlines() if ln.strip()), "")
    return one_line(line)


def summarize(text: str, limit: int = OVERVIEW_CHARS) -> str:
    """A deterministic overview of ``text`` within ``limit`` characters: the first
    sentence, then the sentences carrying numbers, code, paths or names, in their order;
    the text itself when it already fits."""
    flat = one_line(text)
    if len(flat) <= limit:
        return flat
    sentences = [one_line(s) for s in _SENTENCE.split(text) if s and s.strip()]
    if not sentences:
        return ""
    chosen = {0}
    used = len(sentences[0])
    by_weight = sorted(
        range(1, len(sentences)),
        key=lambda i: (-len(_SALIENT.findall(sentences[i])), i),
    )
    for i in by_weight:
        cost = len(sentences[i]) + 1
        if used + cost <= limit:
            chosen.add(i)
            used += cost
    out = " ".join(sentences[i] for i in sorted(chosen))
    return out if len(out) <= limit else out[: limit - 1] + "…"


def overview(entry: Entry, limit: int = OVERVIEW_CHARS) -> str:
    """L1: the overview the extractor (or a person) wrote into the front matter, else a
    deterministic summary of the body."""
    written = entry.extra.get(OVERVIEW_KEY)
    if isinstance(written, str) and written.strip():
        return short(written, limit)
    return summarize(entry.body, limit)


_THEMES = {
    EntryType.FEEDBACK: "How to work (feedback)",
    EntryType.USER: "About the user",
    EntryType.PROJECT: "Project context",
    EntryType.REFERENCE: "Reference facts",
}


def _terms(entry: Entry) -> frozenset[str]:
    """Words of the entry's name and description: runs of 3+ letters and combining marks
    (a Hindi word whole, as the session index reads it: :mod:`.marks`), and each CJK run
    as its overlapping pairs (the analyzer's bigrams: 预发环境 → 预发, 发环, 环境)."""
    text = f"{entry.name} {entry.description}".casefold()
    words = {w for w in _WORD.findall(CJK_RUN.sub(" ", text)) if w not in _STOP}
    for run in CJK_RUN.findall(text):
        words.update(run[i : i + 2] for i in range(max(1, len(run) - 1)))
    return frozenset(words)


def themes(words: Sequence[frozenset[str]]) -> list[list[int]]:
    """Items (given by their words) that share at least two words and a quarter of the
    smaller one's words, joined transitively: groups of two or more, largest first."""
    parent = list(range(len(words)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(words):
        for j in range(i + 1, len(words)):
            shared = len(a & words[j])
            if shared >= 2 and shared >= 0.25 * min(len(a), len(words[j])):
                parent[root(j)] = root(i)
    groups: dict[int, list[int]] = {}
    for i in range(len(words)):
        groups.setdefault(root(i), []).append(i)
    return sorted((g for g in groups.values() if len(g) > 1), key=len, reverse=True)


def theme_label(words: Sequence[frozenset[str]], group: Sequence[int]) -> str:
    """A theme's most shared words (at most three; ties by the word, so every process
    labels it alike)."""
    counts = Counter(w for i in group for w in words[i])
    top = sorted(counts.items(), key=lambda wn: (-wn[1], wn[0]))[:3]
    return " ".join(w for w, n in top if n > 1)


def scope_overview(
    scope: str, entries: Sequence[Entry], *, per_theme: int = 12, search: str = "memory_search"
) -> str:
    """L1 of a scope: its active entries grouped by theme (entries whose names and
    descriptions share words, among the :data:`MAX_THEMED` most important), the rest by
    type; each group with its count, its recurring words and its best entries' hooks
    (``search``: the search tool by the name the model calls it)."""
    active = rank(e for e in entries if not e.archived)
    if not active:
        return f"The {scope} scope holds no memories."
    parts = [f"The {scope} scope holds {len(active)} memor{'y' if len(active) == 1 else 'ies'}."]

    def section(title: str, group: list[Entry], about: str) -> None:
        parts.append(f"\n## {title}: {len(group)}{about}")
        parts.extend(f"- {one_line(e.name)} ({e.id}): {hook(e)}" for e in group[:per_theme])
        if len(group) > per_theme:
            parts.append(f"- … and {len(group) - per_theme} more ({search} finds them)")

    words = [_terms(e) for e in active[:MAX_THEMED]]
    themed: set[str] = set()
    for group in themes(words)[:MAX_SECTIONS]:
        members = [active[i] for i in sorted(group)]
        themed.update(e.id for e in members)
        section(f"Theme {theme_label(words, group)!r}", members, "")
    for kind, title in _THEMES.items():
        left = [e for e in active if e.type is kind and e.id not in themed]
        if left:
            counts = Counter(w for e in left for w in _terms(e))
            recurring = [w for w, c in counts.most_common(6) if c > 1 or len(left) == 1]
            section(title, left, f" Recurring: {', '.join(recurring)}." if recurring else "")
    return "\n".join(parts)


@dataclass(frozen=True)
class Tiered:
    """One recalled entry at the depth the budget allowed (0, 1 or 2)."""

    entry: Entry
    depth: int
    text: str


def _at(entry: Entry, depth: int) -> str:
    head = f"- [{entry.type.value}] {one_line(entry.name)} ({entry.id}): {hook(entry)}"
    if depth == 0:
        return head + "\n"
    text = overview(entry) if depth == 1 else entry.body.strip()
    body = "\n".join("  " + ln if ln.strip() else "" for ln in text.splitlines())
    return f"{head}\n{body}\n"


def fit_tiers(entries: Sequence[Entry], budget: int, *, breadth: float = 0.5) -> list[Tiered]:
    """Where first, then how much: entries' L0 lines, best first, while they fit in
    ``breadth`` of the budget (the first always, if it fits at all); then each, best first,
    raised to its full body if that fits what is left, else to its overview if that does."""
    chosen: list[Tiered] = []
    left = budget
    for e in entries:
        text = _at(e, 0)
        if len(text) > left or (chosen and budget - left + len(text) > budget * breadth):
            break
        chosen.append(Tiered(e, 0, text))
        left -= len(text)
    for i, item in enumerate(chosen):
        for depth in (2, 1):
            text = _at(item.entry, depth)
            extra = len(text) - len(item.text)
            if extra <= left:
                chosen[i] = Tiered(item.entry, depth, text)
                left -= extra
                break
    return chosen
