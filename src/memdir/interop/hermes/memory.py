"""Hermes's built-in memory (``~/.hermes/memories/MEMORY.md`` and ``USER.md``), in and out.
See docs/design/interop.md."""

from __future__ import annotations

import dataclasses
import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...core.derived import unnumbered
from ...core.errors import MemdirError, ParseError
from ...core.index import snapshot_entries
from ...core.model import Entry, EntryType, normalise
from ...core.persona import read_soul
from ...core.storage.base import SOUL_NAME
from ...core.storage.regular import read_text
from .._exporting import ExportFile
from .._files import not_a_folder, read_whole, why
from .._harness import Read, Rendered, ScopeFile
from .._importing import ImportItem, imported_keys, said_key, unique
from .._ranking import by_priority
from .._scopefiles import find_skills, skill_exports, soul_export
from ..install.hermes import default_hermes_home, load_config
from . import formats as fmt

if TYPE_CHECKING:
    from ...core.layers import Layers

MAX_FILE_BYTES = 4 * 1024 * 1024  # Hermes files are a few KB; a huge one is not its memory
HEADROOM = 0.15  # of each limit left free: Hermes refuses an add that would go over it
_KEYS = {"MEMORY.md": "memory_char_limit", "USER.md": "user_char_limit"}
_GLOBAL_SCOPES = ("managed", "user")  # least local first: user wins a name clash
_ORIGIN_INDEX = re.compile(r"^hermes:.*#(\d+)$")


def read_file(path: Path, text: str) -> list[ImportItem]:
    """Import items for the entries of one Hermes file's ``text`` (``path`` is absolute);
    two entries named alike: docs/design/interop.md."""
    is_user = path.name == "USER.md"
    items: list[ImportItem] = []
    taken: set[str] = set()
    first_name: dict[str, str] = {}  # text -> the name its first occurrence got
    for n, text_ in enumerate(fmt.parse(text), 1):
        name, body = fmt.decode(text_)
        if text_ in first_name:
            name = first_name[text_]
        else:
            name = first_name[text_] = unique(name, taken)
        kind = EntryType.USER if is_user else fmt.classify(text_)
        items.append(ImportItem(kind, name, fmt.describe(body), body, f"hermes:{path}#{n}", "user"))
    return items


SIMILAR = 0.6  # of an old text an edit keeps (difflib's ratio) to be read as its update
_MAX_PAIRS = 10_000  # texts compared at most: Hermes's files hold a few dozen entries
_MAX_TEXT = 5_000  # characters of a text compared at most (Hermes's whole file: 2,200)
_MAX_WORK = 25_000_000  # characters gone × characters new: difflib's cost grows with both


def with_edits(md: Layers, path: Path, items: list[ImportItem]) -> list[ImportItem]:
    """``items``, each new text that an entry imported from ``path`` was edited into
    marked ``replaces`` that entry: the entry's text has left the file, and of the texts
    no entry holds it is the one most like it (at least :data:`SIMILAR`; the nearer in
    the file first among equals). Rationale: docs/design/interop.md."""
    prefix = f"hermes:{path}#"
    entries = md.store("user").list()
    in_file = {normalise(i.body) for i in items}
    gone = [
        e
        for e in entries
        if any(o.startswith(prefix) for o in e.origins) and normalise(e.body) not in in_file
    ]
    held = {normalise(e.body) for _, e in md.entries()}
    new = [
        n for n, i in enumerate(items) if normalise(i.body) not in held and len(i.body) <= _MAX_TEXT
    ]
    gone = [e for e in gone if len(e.body) <= _MAX_TEXT]
    if not gone or not new or len(gone) * len(new) > _MAX_PAIRS:
        return items
    if sum(len(e.body) for e in gone) * sum(len(items[n].body) for n in new) > _MAX_WORK:
        return items
    pairs = []
    for n in new:
        for e in gone:
            match = difflib.SequenceMatcher(None, e.body, items[n].body, autojunk=False)
            if match.real_quick_ratio() >= SIMILAR and match.quick_ratio() >= SIMILAR:
                ratio = match.ratio()
                if ratio >= SIMILAR:
                    pairs.append((-ratio, abs(_origin_index(e, prefix) - n - 1), n, e.id))
    out, used = list(items), set()
    for _, _, n, eid in sorted(pairs):
        if eid not in used and not out[n].replaces:
            out[n] = dataclasses.replace(out[n], replaces=eid)
            used.add(eid)
    return out


def _held(entry: Entry, filename: str) -> bool:
    """Whether ``entry`` was imported from a Hermes file of that name."""
    return any(
        o.startswith("hermes:") and o.split("#", 1)[0].endswith(f"/{filename}")
        for o in entry.origins
    )


def _named_from_text(entry: Entry, filename: str, keys: set[str]) -> bool:
    """Whether ``entry``'s name is text an import from that Hermes file derived from an
    earlier body: the ledger says the import gave that name, and the name begins the
    description the import made of the same text (a ``**name**`` marker's name does not)."""
    said = (
        o
        for o in entry.origins
        if o.startswith("hermes:") and o.split("#", 1)[0].endswith(f"/{filename}")
    )
    if not any(said_key(o, entry.name) in keys for o in said):
        return False
    name = unnumbered(entry.name).removesuffix("\u2026")
    return " ".join(entry.description.split()).startswith(name)


def _text(entry: Entry, filename: str, keys: set[str]) -> str:
    """The Hermes entry for ``entry``: its body alone when its name is only the text an
    import derived it from (corrected since, the name would restate the old text), else
    :func:`~memdir.interop.hermes.formats.encode` of its name and body."""
    if _named_from_text(entry, filename, keys):
        return fmt.encode(fmt.derive_name(entry.body), entry.body)
    return fmt.encode(entry.name, entry.body)


def _origin_index(entry: Entry, prefix: str = "hermes:") -> int:
    """The entry's position in the Hermes file it was imported from (0: not from Hermes);
    ``prefix``: of that file, the last position an import saw."""
    found = [m for o in entry.origins if o.startswith(prefix) and (m := _ORIGIN_INDEX.match(o))]
    if prefix != "hermes:":
        found.reverse()
    return next((int(m.group(1)) for m in found), 0)


def limits(target: Path, home: Path | None = None) -> tuple[dict[str, int], list[str]]:
    """Hermes's character limit per file for an export to ``target``, and notes on where
    they came from (or why the defaults are used); ``home``: Hermes's folder, whose
    ``config.yaml`` counts when ``target`` is not a Hermes home's ``memories`` (None:
    ``$HERMES_HOME`` of the process)."""
    found = dict(fmt.FILES)
    path = target.parent / "config.yaml"  # the Hermes home's, when target is its `memories`
    if target.name != "memories" or not path.exists():
        path = (home or default_hermes_home()) / "config.yaml"  # $HERMES_HOME, ~/.hermes
    try:
        text = read_text(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        return found, []
    except (OSError, ValueError) as exc:
        return found, [f"{path} cannot be read ({why(exc)}); Hermes's default limits are used"]
    try:
        data = load_config(text, path)
    except ParseError as exc:
        return found, [f"{path}:{exc.line}: {exc.reason}; Hermes's default limits are used"]
    memory = data.get("memory") if isinstance(data, dict) else None
    notes = []
    for name, key in _KEYS.items():
        value = memory.get(key) if isinstance(memory, dict) else None
        if value is None:
            continue
        try:
            number = int(value)  # as Hermes reads it
        except (TypeError, ValueError, OverflowError):  # OverflowError: .inf
            notes.append(f"{path}: memory.{key} is not a number; Hermes's default is used")
            continue
        if number > 0:
            found[name] = min(number, 2**53)  # beyond any file; a float can still hold it
            notes.append(f"{name}: memory.{key} = {number:,} in {path}")
    return found, notes


@dataclass(frozen=True)
class HermesHarness:
    """The :class:`~memdir.interop.Harness` for Hermes's ``MEMORY.md`` / ``USER.md``."""

    name: str = "hermes"

    def default_source(self, md: Layers) -> Path:
        """``$HERMES_HOME/memories`` (``~/.hermes/memories`` without it)."""
        return md.settings.hermes_home / "memories"

    default_target = default_source  # the harness reads its memory from there

    def read(self, md: Layers, source: Path) -> Read:
        """Items for every entry of ``MEMORY.md`` and ``USER.md`` under ``source`` (also
        accepted: the ``~/.hermes`` folder itself, or one of the two files). A file that
        cannot be read is listed in ``problems``, never skipped silently."""
        folder, names = source, list(fmt.FILES)
        if source.name in fmt.FILES and source.is_file():
            folder, names = source.parent, [source.name]
        elif source.exists() and not source.is_dir():
            raise not_a_folder(
                source,
                "Hermes's memories folder (~/.hermes/memories), ~/.hermes itself, "
                "or its MEMORY.md or USER.md",
            )
        elif not any((folder / f).exists() for f in names) and (folder / "memories").is_dir():
            folder = folder / "memories"
        out = Read()
        if not folder.is_dir():  # only the default can be missing: --from must exist
            out.notes.append(
                f"no Hermes memory folder at {folder} (Hermes keeps its memory in "
                f"~/.hermes/memories; pass that folder with --from)"
            )
            return out
        for filename in names:
            path = folder / filename
            try:  # read whole: a clean import lets the export replace it (no --force)
                text = read_whole(path, MAX_FILE_BYTES, out.whole)
            except FileNotFoundError:
                continue
            except (OSError, ValueError) as exc:
                out.problems.append(
                    f"{path}: cannot be read ({why(exc)}); Hermes memory "
                    "files are small UTF-8 text files"
                )
                continue
            out.items.extend(with_edits(md, path, read_file(path, text)))
        home = folder.parent if folder.name == "memories" else folder
        _read_persona_and_skills(home, out)
        profiles = [p.parent for p in sorted((home / "profiles").glob("*/memories")) if p.is_dir()]
        if profiles:  # each named profile is its own HERMES_HOME, with its own memory
            out.notes.append(
                f"Hermes profiles not imported ({len(profiles)}; each is its own Hermes home, "
                f"import one with --from): {', '.join(str(p) for p in profiles)}"
            )
        return out

    def render(self, md: Layers, target: Path) -> Rendered:
        """``MEMORY.md`` and ``USER.md`` for the user and managed scopes' entries, each
        within Hermes's budget; what did not fit is in ``left_out``."""
        out = Rendered(prune=[target])
        entries, others = _global_entries(md)
        if others:
            out.notes.append(
                f"Hermes memory is global: {others} project and local entries "
                f"are not exported (export them per project with "
                f"`memdir export claude-code` or `codex`)"
            )
        stores = [s for s in md.stores() if s.scope in _GLOBAL_SCOPES]
        ranked, note = by_priority(md, entries, stores)
        if note:
            out.notes.append(note)
        keys = imported_keys(md)  # the names imports made of Hermes's text
        configured, notes = limits(target, md.settings.hermes_home)
        out.notes.extend(notes)
        for filename in fmt.FILES:
            limit = configured[filename]
            wanted = [e for e in ranked if (e.type is EntryType.USER) == (filename == "USER.md")]
            if not wanted:
                continue
            by_id = {e.id: e for e in wanted}
            # What Hermes itself held goes first, so it is never cut for what memdir adds:
            # neither for the headroom nor for a higher-ranked entry of memdir's own.
            wanted.sort(key=lambda e: not _held(e, filename))  # stable: ranked within each
            texts = [(e.id, _text(e, filename, keys)) for e in wanted]
            held = fmt.size(
                [t for e, (_, t) in zip(wanted, texts, strict=True) if _held(e, filename)]
            )
            budget = max(int(limit * (1 - HEADROOM)), min(held, limit))
            full = budget >= limit  # what Hermes held leaves no headroom to keep
            kept, left_out = fmt.fit(texts, budget, filename, of=None if full else limit)
            # only what the budget left out (one Hermes cannot read back says so itself)
            over = sum(why.startswith(fmt.OVER_BUDGET) for _, why in left_out)
            dropped = f"{over} {'entry' if over == 1 else 'entries'} left out (listed below)"
            if over and full:
                out.notes.append(
                    f"{filename}: what Hermes itself held takes all of its {limit:,}-character "
                    f"limit, so the file is filled to it, with no room left for Hermes to "
                    f"add; {dropped}"
                )
            elif over:
                out.notes.append(
                    f"{filename}: packed to {budget:,} of Hermes's "
                    f"{limit:,}-character limit, so Hermes can still add; {dropped}"
                )
            out.left_out.extend(left_out)
            # File order stays put as usage shifts: oldest first, Hermes's own order kept.
            kept.sort(key=lambda k: (by_id[k[0]].created, _origin_index(by_id[k[0]]), k[0]))
            if kept:
                out.files.append(
                    ExportFile(
                        target / filename,
                        fmt.render([t for _, t in kept]),
                        tuple(k for k, _ in kept),
                    )
                )
        if not out.files:
            out.notes.append("no entries to export in the user or managed scopes")
        if target.name == "memories":  # SOUL.md and skills/ live in HERMES_HOME itself
            home = target.parent
            out.files += soul_export(md, "user", home / SOUL_NAME)
            files, stale = _skill_files(md, home / "skills")
            out.files += files
            out.prune += stale
        return out


def _skill_files(md: Layers, skills: Path) -> tuple[list[ExportFile], list[Path]]:
    """The user's skills for Hermes: each over the SKILL.md Hermes keeps for its name in
    any category (one it came from, so Hermes never holds two of one name, which its
    ``skill_view`` refuses as a collision), else in ``skills/memdir/<name>/``; and the
    ``skills/memdir/<name>/`` folders where an earlier export's second copy of such a
    skill goes (deleted when memdir wrote it and it is unchanged since)."""
    ours = skills / "memdir"
    held = {name: f.source for name, f in _first_of_each_name(skills)[0].items()}
    files = [
        ExportFile(held.get(f.path.parent.name, f.path), f.content)
        for f in skill_exports(md, _GLOBAL_SCOPES, ours)
    ]
    return files, [ours / name for name, path in held.items() if path.parent.parent != ours]


_DEFAULT_SOUL = "You are Hermes Agent, an intelligent AI assistant created by Nous Research."


def _read_persona_and_skills(home: Path, out: Read) -> None:
    """Hermes's ``SOUL.md`` and the skills under ``skills/`` (any category) in ``home``,
    for the user scope; the persona Hermes seeds and the skills it bundles (named in
    ``skills/.bundled_manifest``) are not the person's and stay behind."""
    try:
        text = read_soul(home)
    except MemdirError as exc:
        out.problems.append(f"{home / SOUL_NAME}: {exc}")
        text = None
    if text is not None and text.startswith(_DEFAULT_SOUL):
        out.notes.append(f"{home / SOUL_NAME} is Hermes's default persona; not imported")
    elif text is not None:
        out.files.append(ScopeFile("user", SOUL_NAME, text, home / SOUL_NAME))
    first, problems = _first_of_each_name(home / "skills")
    bundled = _bundled(home / "skills")
    out.files += [f for name, f in first.items() if name not in bundled]
    out.problems += problems
    if bundled and len(first) > len(out.files):
        out.notes.append(f"{len(bundled)} skills Hermes bundles are not imported")


def _first_of_each_name(skills: Path) -> tuple[dict[str, ScopeFile], list[str]]:
    """The skills under ``skills/`` (any category), the first of each name as Hermes
    lists them (an earlier export's ``skills/memdir/`` copy last), and a sentence for each
    that cannot be taken, another of its name included: memdir keeps one skill per name,
    so import takes, and export writes over, the same one (rv55w)."""
    found, problems = find_skills(skills, "user", depth=3)
    ours = skills / "memdir"
    first: dict[str, ScopeFile] = {}
    for f in sorted(found, key=lambda f: f.source.parent.parent == ours):
        name = f.name.split("/")[1]
        if name not in first:
            first[name] = f
        elif f.source.parent.parent != ours:
            problems.append(
                f"{f.source}: not imported: {first[name].source} is a skill named "
                f"{name!r} too (memdir keeps one skill of a name; rename one in Hermes)"
            )
    return first, problems


def _bundled(skills: Path) -> set[str]:
    """Names in Hermes's ``.bundled_manifest`` (``name:hash`` lines)."""
    try:
        text = read_text(skills / ".bundled_manifest", MAX_FILE_BYTES)
    except (OSError, ValueError):
        return set()
    return {ln.split(":", 1)[0].strip() for ln in text.splitlines() if ln.strip()}


def _global_entries(md: Layers) -> tuple[list[Entry], int]:
    """Active entries of the user and managed scopes (a user entry shadows a managed one
    with the same name or id), and how many project and local entries exist besides."""
    by_scope: dict[str, list[Entry]] = {}
    others = 0
    for store in md.stores():
        entries = snapshot_entries(store.list())
        if store.scope in _GLOBAL_SCOPES:
            by_scope[store.scope] = entries
        else:
            others += len(entries)
    user = by_scope.get("user", [])
    taken = {e.id for e in user} | {normalise(e.name) for e in user}
    managed = [
        e
        for e in by_scope.get("managed", [])
        if e.id not in taken and normalise(e.name) not in taken
    ]
    return managed + user, others


HARNESS = HermesHarness()
