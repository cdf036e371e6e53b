"""Instruction files and rules of every scope, read the way the harness that owns each name
reads them (see ``docs/design/instructions.md`` for the sources this follows). This module
finds and loads them; which ``AGENTS.md`` Codex picks comes from
:mod:`memdir.core.codex_docs`, and rule ``paths:`` and ``claudeMdExcludes`` globs are
matched by :mod:`memdir.core.globs`. See docs/design/instructions.md."""

from __future__ import annotations

import codecs
import dataclasses
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .codex_docs import OVERRIDE, CodexDocs, codex_project
from .errors import ParseError
from .frontmatter import read_frontmatter, split_frontmatter
from .globs import MAX_EXCLUDE_TOKENS, Excludes, glob_matches, split_globs
from .harness_homes import claude_config_dir, codex_home
from .harness_homes import hermes_home as default_hermes_home
from .harness_reads import Readers
from .includes import find_includes
from .scopes import ScopeLocation
from .storage.git import ignored, not_ignored
from .storage.regular import read_bytes
from .storage.regular import why as _why  # (a local `why` below)

#: a sentence's punctuation read as part of a path: ASCII, and CJK full-width (。，、…)
_TRAILING = ".,;:!?)]}'\"。，、；：！？）」』】》"
MAX_INCLUDE_DEPTH = 5  # imports followed from one file ("five hops" in Claude Code's docs)
MAX_FILE_BYTES = 256 * 1024
MAX_INCLUDED_BYTES = 512 * 1024  # all imports of one session start, together


@dataclass(frozen=True)
class Instruction:
    """One instruction file, rule or imported file as it goes into the system block."""

    scope: str
    path: Path
    kind: str  # "instructions" or "rule"
    text: str  # as written (a rule's without its frontmatter); Codex's budget may cut it
    includes: tuple[tuple[Path, ...], ...] = ()  # imported: the chain that brought it
    paths: tuple[str, ...] = ()  # a rule's globs (empty: always loaded)
    reader: str = "memdir"  # whose reading found it: "codex", "claude-code" or "memdir"
    size: int = 0  # bytes of the file
    loaded_by: frozenset[str] = frozenset()  # harnesses that load this text themselves

    @property
    def imported_by(self) -> Path | None:
        """The file whose ``@`` brought this one in (None: loaded on its own)."""
        return self.includes[0][-2] if self.includes else None


@dataclass(frozen=True)
class Note:
    """Something left out of (or changed in) the system block, and why."""

    scope: str | None
    subject: str
    reason: str
    warning: bool = False  # something the user should fix, said at session start too


@dataclass
class _Run:
    """One gathering: what is loaded so far (real path → where it is), and notes."""

    notes: list[Note] = field(default_factory=list)
    found: list[Instruction] = field(default_factory=list)
    loaded: dict[Path, Path] = field(default_factory=dict)
    claude_read: set[Path] = field(default_factory=set)  # Claude Code reads it whole
    codex_docs: list[int] = field(default_factory=list)  # indexes of Codex's project docs
    codex_read: set[Path] = field(default_factory=set)  # real paths Codex reads as shown
    shadowed: dict[Path, Path] = field(default_factory=dict)  # real AGENTS.md → its override
    importer: dict[Path, Path] = field(default_factory=dict)  # real path → the file importing it
    budget: int = MAX_INCLUDED_BYTES  # what imports may still add (a fan-out bomb stops)


def _real(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):  # a loop, or a NUL in the path
        return path


def _inside(path: Path, roots: Iterable[Path]) -> bool:
    return any(path == root or root in path.parents for root in roots)


#: Names of files that hold secrets: never imported into the prompt, whoever asks.
_SECRET_STORE = re.compile(
    r"\.env(?:\..*)?|.*\.(?:pem|key|p12|pfx|kdbx|keychain(?:-db)?)|id_(?:rsa|dsa|ecdsa|ed25519)\b.*|"
    r"\.netrc|\.npmrc|\.pypirc|\.pgpass|credentials(?:\.json)?|\.git-credentials|"
    r"secrets?\.(?:ya?ml|json|toml)",
    re.IGNORECASE,
)


def _refused(where: Path, real: Path) -> str | None:
    """Why a file an instruction file names may not be imported: a secret store, or a file
    git ignores named by one git does not (a cloned repository must not pull the reader's
    own local files, such as a ``.env``, into the prompt)."""
    if _SECRET_STORE.fullmatch(real.name):
        return "it is a secret store (keys, tokens, .env): never put into the prompt"
    if not_ignored([where]) and ignored([real]):  # a real outside git: not ignored
        return (
            "git ignores it but not the file that imports it, so a repository could pull "
            "your local files into the prompt; import it from a git-ignored file instead "
            "(CLAUDE.local.md)"
        )
    return None


def _read(path: Path) -> tuple[str, int, bool]:
    """A regular file's text (CRLF made LF), its size in bytes, and whether it was not
    UTF-8 (then read with U+FFFD for the bad bytes, as Codex and Claude Code read it).
    OSError/ValueError say why it cannot be used; opened without blocking, so a FIFO named
    AGENTS.md cannot hang a session start."""
    data = read_bytes(path, MAX_FILE_BYTES)
    text = data.decode("utf-8", errors="replace")
    lossy = "\ufffd" in text and "\ufffd".encode() not in data
    return text.removeprefix("\ufeff").replace("\r\n", "\n"), len(data), lossy


class _Reader:
    """Loads files into a :class:`_Run`: each once, its imports right after it."""

    def __init__(self, run: _Run, home: Path, claude_home: Path) -> None:
        self.run = run
        self.home = home
        self.claude_home = claude_home  # $CLAUDE_CONFIG_DIR as the settings' environ names it

    def note(self, scope: str | None, subject: object, reason: str, warn: bool = False) -> None:
        self.run.notes.append(Note(scope, str(subject), reason, warn))

    def load(
        self,
        path: Path,
        scope: str,
        kind: str,
        reader: str,
        roots: Sequence[Path],
        import_roots: Sequence[Path],
        base: Path | None = None,
    ) -> bool:
        """Load ``path`` (if it exists) and its imports; False when it does not exist.
        ``base``: the folder a Claude Code rule's ``paths:`` are relative to."""
        real = _real(path)
        try:
            text, size, lossy = _read(path)
        except FileNotFoundError:
            if path.is_symlink():
                self.note(scope, path, "not loaded: a symbolic link to nothing", True)
                return True
            return False
        except (OSError, ValueError) as exc:
            self.note(scope, path, f"not loaded: {_why(exc)}", True)
            return True
        if not _inside(real, roots):
            self.note(
                scope,
                path,
                f"not loaded: it points to {real}, outside the folders it may be read from",
                True,
            )
            return True
        if real in self.run.loaded:
            if reader == "claude-code":
                self.run.claude_read.add(real)
            if reader == "codex" and scope == "project":  # met first as an import: still
                self._codex_doc(real)  # Codex's project doc, counted in its budget
            first, by = self.run.loaded[real], self.run.importer.get(real)
            if by is not None:
                why = f"already in the block: {by} imports it; loaded once"
            elif first != path:
                why = f"the same file as {first}, which is loaded once"
            else:
                why = "already in the block; loaded once"
            self.note(scope, path, why)
            return True
        if real in self.run.shadowed:
            self.note(scope, path, f"not loaded: {self._overridden(real)}")
            return True
        if lossy:
            self.note(scope, path, "is not UTF-8: read with U+FFFD for the bad bytes", True)
        paths: tuple[str, ...] = ()
        if kind == "rule":
            parsed = self._rule(path, scope, text, reader, base)
            if parsed is None:
                return True
            text, paths = parsed
        if not text.strip():
            return True  # an empty file adds nothing (Codex skips it too)
        self.run.loaded[real] = path
        if reader == "claude-code":
            self.run.claude_read.add(real)
        if reader == "codex" and scope == "project":
            self.run.codex_docs.append(len(self.run.found))
        self.run.found.append(Instruction(scope, path, kind, text, (), paths, reader, size))
        self._imports(text, (real,), scope, kind, reader, import_roots)
        return True

    def _codex_doc(self, real: Path) -> None:
        """Count the loaded file at ``real`` among Codex's project docs, in Codex's order."""
        at = next((i for i, x in enumerate(self.run.found) if _real(x.path) == real), None)
        if at is not None and at not in self.run.codex_docs:
            self.run.codex_docs.append(at)

    def _overridden(self, real: Path) -> str:
        """Why a link to (or an import of) an AGENTS.md its folder overrides is left out:
        the override wins for every harness, as it does in Codex."""
        override = self.run.shadowed[real].name
        return f"it is {real}, which {override} overrides: the override is read instead"

    def _rule(
        self, path: Path, scope: str, text: str, reader: str, base: Path | None
    ) -> tuple[str, tuple[str, ...]] | None:
        """A rule's body and ``paths:`` globs (Claude Code's rules read as Claude Code
        reads their frontmatter); None, with a note, when it cannot be used."""
        if reader == "claude-code":
            front = read_frontmatter(text)
            meta, body = front.meta, front.body
            if front.problem:
                self.note(scope, path, f"{front.problem} (its paths: too)", True)
        else:
            try:
                parsed, body, _ = split_frontmatter(text, path)
            except ParseError as exc:
                self.note(scope, path, f"not loaded: {exc}", True)
                return None
            meta = parsed or {}
        raw = meta.get("paths")
        if raw is None:
            return body, ()
        items = [raw] if isinstance(raw, str) else raw
        if not isinstance(items, list) or not all(isinstance(p, str) for p in items):
            self.note(scope, path, "not loaded: 'paths' must be a glob or a list of globs", True)
            return None
        if reader == "claude-code":  # Claude Code: `**` is every path; "a, b" is two globs
            items = [g.strip() for item in items for g in split_globs(item) if g.strip()]
            if not items or all(g in ("**", "**/*") for g in items):
                return body, ()
            if base is not None:  # relative to the folder holding `.claude`: made absolute
                items = [(base / g.lstrip("/")).as_posix() for g in items]
        return body, tuple(items)

    def _imports(
        self,
        text: str,
        chain: tuple[Path, ...],
        scope: str,
        kind: str,
        reader: str,
        roots: Sequence[Path],
    ) -> None:
        """Load the files ``text`` imports, each right after the file that imports it."""
        where = chain[-1]
        for inc in find_includes(text):
            raw = inc.path.split("#", 1)[0].replace("\\ ", " ")  # as Claude Code reads it
            if "\x00" in raw:
                self.note(scope, f"@{raw!r} in {where}", "not imported: the path holds a NUL")
                continue
            target = self.home / raw[2:] if raw.startswith("~/") else where.parent / raw
            target = Path(os.path.normpath(target))  # `..` folded, as Claude Code resolves it
            if not _is_file(target):  # not a file: the text is the author's, as written
                bare = raw.rstrip(_TRAILING)
                if bare != raw and _is_file(target.parent / Path(bare).name):
                    tail = f"{raw[len(bare) :]!r} as part of the path): left as written"
                    self.note(scope, f"@{raw} in {where}", f"not a file (Claude Code reads {tail}")
                elif "/" in raw or raw.lower().endswith(".md"):
                    self.note(scope, f"@{raw} in {where}", "not a file: left as written")
                continue
            real = _real(target)
            why = None
            if not _inside(real, roots):
                why = (
                    "outside the folders this file may import from (list its folder under "
                    "include_dirs in config.toml to allow it)"
                )
            elif real in self.run.shadowed:
                self.note(scope, f"@{raw} in {where}", f"not imported: {self._overridden(real)}")
                continue
            elif real in chain:  # nothing to fix: each file is loaded once anyway
                cycle = " → ".join(p.name for p in (*chain, real))
                self.note(scope, f"@{raw} in {where}", f"not imported: include cycle: {cycle}")
                continue
            elif real in self.run.loaded:
                if reader == "claude-code":
                    self.run.claude_read.add(real)
                self.note(
                    scope,
                    f"@{raw} in {where}",
                    f"already in the block from {self.run.loaded[real]}; loaded once",
                )
                continue
            elif len(chain) > MAX_INCLUDE_DEPTH:
                why = f"more than {MAX_INCLUDE_DEPTH} imports deep"
            elif (refusal := _refused(where, real)) is not None:
                why = refusal
            elif self.run.budget <= 0:
                why = (
                    f"the imports already add {MAX_INCLUDED_BYTES // 1024} KiB, the most "
                    f"one session start takes"
                )
            if why is not None:
                self.note(scope, f"@{raw} in {where}", f"not imported: {why}", True)
                continue
            try:
                included, size, lossy = _read(real)
            except (OSError, ValueError) as exc:
                self.note(scope, f"@{raw} in {where}", f"not imported: {_why(exc)}", True)
                continue
            if lossy:
                self.note(scope, real, "is not UTF-8: read with U+FFFD for the bad bytes", True)
            self.run.budget -= size
            self.run.loaded[real] = target
            self.run.importer[real] = where
            if reader == "claude-code":
                self.run.claude_read.add(real)
            self.run.found.append(
                Instruction(scope, target, kind, included, ((*chain, real),), (), reader, size)
            )
            self._imports(included, (*chain, real), scope, kind, reader, roots)


def ladder(checkout: Path, start: Path) -> list[Path]:
    """The checkout root and every folder down to ``start`` (outermost first)."""
    start = start.resolve()
    if start != checkout and checkout not in start.parents:
        return [checkout]
    folders = [start, *start.parents]
    return list(reversed(folders[: folders.index(checkout) + 1]))


MAX_RULE_FOLDERS = 1_000  # a link to / in a cloned repository must not walk the disk


def rule_files(folder: Path) -> list[Path]:
    """``folder/**/*.md`` in path order (hidden files and folders left out), through
    linked folders as Claude Code reads them, each real folder once (a link loop ends),
    at most :data:`MAX_RULE_FOLDERS` folders (files outside the checkout are refused later)."""
    found: list[Path] = []
    seen: set[str] = set()
    for where, dirs, names in os.walk(folder, followlinks=True):  # errors: skipped
        if len(seen) >= MAX_RULE_FOLDERS:
            break
        real = os.path.realpath(where)
        dirs[:] = [] if real in seen else [d for d in dirs if not d.startswith(".")]
        if real not in seen:
            seen.add(real)
            found += [Path(where, n) for n in names if n.endswith(".md") and n[0] != "."]
    return sorted(found)


def _relative(path: str | Path, checkout: Path) -> str:
    p = Path(path)
    if p.is_absolute():
        try:
            return p.resolve().relative_to(checkout).as_posix()
        except ValueError:
            return p.as_posix()
    return p.as_posix()


@dataclass(frozen=True)
class _Candidate:
    """One file a scope may load: where, how it is read, and from which roots."""

    path: Path
    kind: str
    reader: str
    own: Path | None = None  # a file above the checkout: read only from its own folder
    base: Path | None = None  # a Claude Code rule: the folder its globs start from


def _is_file(path: Path) -> bool:
    """``path.is_file()``, False for a name the system refuses (over 255 bytes: an import
    ``@aaa…`` in a cloned repository's CLAUDE.md was an OSError from every command)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _present(path: Path) -> bool:
    """Whether anything is at ``path`` (a dangling link too); False for a refused name."""
    try:
        return path.exists() or path.is_symlink()
    except (OSError, ValueError):
        return False


def _codex_pick(folder: Path, fallbacks: Sequence[str]) -> tuple[Path | None, list[Path]]:
    """Codex's one file for ``folder`` (the first of AGENTS.override.md, AGENTS.md and
    the fallbacks that is a file) and the names it leaves out because of it."""
    names = [OVERRIDE, "AGENTS.md", *(n for n in fallbacks if n not in (OVERRIDE, "AGENTS.md"))]
    for i, name in enumerate(names):
        path = folder / name
        if _is_file(path):
            shadowed = [folder / n for n in names[i + 1 : 2] if _is_file(folder / n)]
            return path, shadowed
        if _present(path):  # a FIFO, a folder, a dangling link: Codex
            return path, []  # skips it; loading it says why it is not read
    return None, []


def _agents_file(
    reader: _Reader, scope: str, folder: Path, fallbacks: Sequence[str] | None = None
) -> Path | None:
    """:func:`_codex_pick` for ``folder``, each file it leaves out recorded as overridden
    (``fallbacks`` given: Codex's own reading of a project folder)."""
    pick, shadowed = _codex_pick(folder, fallbacks or ())
    codex = " (as Codex does)" if fallbacks is not None else ""
    for path in shadowed:
        reader.run.shadowed[_real(path)] = path.with_name(OVERRIDE)
        reader.note(
            scope, path, f"not loaded: {OVERRIDE} in the same folder is read instead{codex}"
        )
    return pick


def _claude_files(folder: Path, home: Path, reader: _Reader, *, own: bool) -> Iterator[_Candidate]:
    """Claude Code's project files of one folder: CLAUDE.md, .claude/CLAUDE.md, then
    .claude/rules/**/*.md (in the home folder, ``.claude`` is Claude Code's own user
    config, which memdir reads only when its user scope imports it)."""
    mine = folder if own else None
    yield _Candidate(folder / "CLAUDE.md", "instructions", "claude-code", mine)
    if folder == home:
        if (reader.claude_home / "CLAUDE.md").is_file():
            reader.note(
                "user",
                reader.claude_home / "CLAUDE.md",
                "Claude Code's user instructions: memdir reads them when its user scope "
                "imports them (`memdir import claude-code` says how)",
            )
        return
    yield _Candidate(folder / ".claude" / "CLAUDE.md", "instructions", "claude-code", mine)
    for rule in rule_files(folder / ".claude" / "rules"):
        yield _Candidate(rule, "rule", "claude-code", mine, folder)


def gather(
    locations: Sequence[ScopeLocation],
    *,
    checkout: Path,
    start: Path,
    names: Sequence[str],
    include_dirs: Sequence[Path] = (),
    paths: Sequence[str | Path] | None = None,
    project_root: Path | None = None,
    codex: CodexDocs | None = None,
    withheld: str | None = None,
    claude_home: Path | None = None,
    hermes_home: Path | None = None,
) -> tuple[list[Instruction], list[Note]]:
    """Every instruction file, rule and import that applies, in ascending precedence, and
    notes on what was left out. ``paths`` are the files a session works on (for
    path-scoped rules); ``project_root`` the repository a worktree belongs to;
    ``withheld``: why no file of the checkout (or above or below it) is read, nor imported
    from it (a team server's user not granted its project); ``claude_home``: Claude Code's
    user folder (None: ``$CLAUDE_CONFIG_DIR`` of the process, else ``~/.claude``),
    ``codex.home`` Codex's, ``hermes_home`` Hermes's (None: ``$HERMES_HOME``, else
    ``~/.hermes``)."""
    # A repository's own files (it may be a stranger's clone) read only from the checkout:
    # `@~/.aws/credentials` in its AGENTS.md must not reach a prompt. The person's own
    # scopes may also read from their home folder, and from Claude Code's and Codex's user
    # folders ($CLAUDE_CONFIG_DIR, $CODEX_HOME: `memdir import claude-code` and `import
    # codex` say to import their CLAUDE.md and AGENTS.md from there).
    home = Path.home()
    checkout = checkout.resolve()
    project_roots = (checkout, *(p.resolve() for p in include_dirs))
    if withheld is not None:
        project_roots = project_roots[1:]
    own_roots = {*project_roots, home.resolve()}
    claude_home = claude_home or claude_config_dir()
    for harness_dir in (claude_home, (codex or CodexDocs()).home or codex_home()):
        try:
            folder = harness_dir.resolve()
            if folder.parent != folder:  # (not `/`: that would be every file)
                own_roots.add(folder)
        except (OSError, RuntimeError):  # a link loop
            pass
    own_roots.update(loc.path.resolve() for loc in locations if not loc.unavailable)
    wanted = [_relative(p, checkout) for p in paths or ()]
    absolute = [(checkout / w).as_posix() if not w.startswith("/") else w for w in wanted]
    agents, claude = "AGENTS.md" in names, "CLAUDE.md" in names
    codex = codex or CodexDocs()
    run = _Run()
    reader = _Reader(run, home, claude_home)
    if agents and codex.problem:
        reader.note(None, "Codex's config.toml", codex.problem, True)
    # Codex's own project root (project_root_markers) and its trusted project configs.
    codex, codex_root = codex_project(codex, start) if agents else (codex, checkout)
    for subject, reason in codex.notes if agents else ():
        reader.note(None, subject, reason, not reason.startswith("not read, as Codex"))
    # The folders above the checkout, root first; a worktree nested in its own repository
    # skips the repository's, whose checked-in files are its own (as Claude Code does).
    above = list(reversed(checkout.parents)) if claude else []
    if project_root is not None and project_root != checkout and project_root in checkout.parents:
        above = [d for d in above if not (d == project_root or project_root in d.parents)]
    folders = ladder(checkout, start)
    codex_folders = ladder(codex_root, start) if agents else []
    below = _below(folders[-1], absolute) if claude and withheld is None else []
    if withheld is not None:  # not one of the checkout's files: neither shown nor looked for
        above, folders, codex_folders = [], [], []
        reader.note("project", checkout, f"instruction files not read: {withheld}", True)
    rules: dict[str, list[Instruction]] = {}  # relative path -> the rule and its imports
    excludes = _claude_excludes(checkout, folders[-1] if folders else checkout, reader)
    for loc in locations:
        roots = project_roots if loc.name == "project" else tuple(own_roots)
        for c in _candidates(
            loc,
            above,
            folders,
            below,
            home,
            (codex_folders, codex) if agents else None,
            claude,
            reader,
        ):
            hit = _excluded(c.path, excludes) if c.reader == "claude-code" else None
            if hit is not None and loc.name != "managed":
                if c.path.is_file():
                    reader.note(loc.name, c.path, hit)
                continue
            allowed = (c.own,) if c.own is not None else roots
            before = len(run.found)
            reader.load(c.path, loc.name, c.kind, c.reader, allowed, roots, c.base)
            if c.kind == "rule" and len(run.found) > before:
                targets = absolute if c.reader == "claude-code" else wanted
                if not _applies(run.found[before], targets):
                    _unload(run, before, reader, loc.name, c.path)
        if loc.unavailable:
            continue
        folder = loc.path / "rules"
        for path in rule_files(folder):
            before = len(run.found)
            reader.load(path, loc.name, "rule", "memdir", roots, roots)
            if len(run.found) == before:
                continue
            if not _applies(run.found[before], wanted):
                _unload(run, before, reader, loc.name, path)
                continue
            key = path.relative_to(folder).as_posix()
            old = rules.get(key)
            if old is not None:
                reader.note(old[0].scope, old[0].path, f"overridden by the {loc.name} rule {path}")
                for item in old:
                    run.loaded.pop(_real(item.path), None)
            rules[key] = run.found[before:]
            del run.found[before:]
    _codex_budget(run, codex, reader)
    private = [i.path for i in run.found if i.path.name.endswith(".local.md")]
    run.notes += [
        Note(
            "local",
            str(p),
            "is not ignored by git, so it may be committed and shared; add it to .gitignore",
            warning=True,
        )
        for p in (not_ignored(private) if private else ())  # (none: dulwich not imported)
    ]
    order = {loc.name: i for i, loc in enumerate(locations)}
    ranked = sorted(rules.values(), key=lambda items: order[items[0].scope])
    merged = [*run.found, *(item for items in ranked for item in items)]
    merged.sort(key=lambda i: order[i.scope])  # stable: files, then rules, per scope
    readers = Readers(
        claude_read=run.claude_read | {_real(i.path) for i in merged if i.reader == "claude-code"},
        codex_read=run.codex_read,
        start=start,
        claude_home=claude_home,
        codex_home=codex.home or codex_home(),
        hermes_home=hermes_home or default_hermes_home(),
    )
    for n, item in enumerate(merged):  # the harnesses that load it themselves
        importers = [p for chain in item.includes for p in chain[:-1]]
        if by := readers.of(item.path, item.reader, importers, item.size):
            merged[n] = dataclasses.replace(item, loaded_by=by)
    return merged, run.notes


MAX_EXCLUDES = 256  # claudeMdExcludes patterns used (a cloned repository's settings too)


def _claude_excludes(checkout: Path, start: Path, reader: _Reader) -> Excludes:
    """Claude Code's ``claudeMdExcludes`` (code.claude.com/docs/en/memory: globs matched
    against absolute paths, the arrays of every settings layer merged): from the user's
    ``settings.json`` (``$CLAUDE_CONFIG_DIR``, else ``~/.claude``) and the project's
    ``.claude/settings.json`` and ``.claude/settings.local.json`` (of the checkout root and
    of the working folder, where Claude Code starts). Each pattern with the file that set
    it, compiled once."""
    import json

    files = [reader.claude_home / "settings.json"]
    for folder in dict.fromkeys((checkout, start)):
        files += [folder / ".claude" / "settings.json", folder / ".claude" / "settings.local.json"]
    found: list[tuple[str, Path]] = []
    for path in dict.fromkeys(files):
        try:
            data = json.loads(read_bytes(path, 1 << 20))
        except (OSError, ValueError, RecursionError):
            continue  # absent, or not JSON: Claude Code's to report
        raw = data.get("claudeMdExcludes") if isinstance(data, dict) else None
        if raw is None:
            continue
        if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
            reader.note(None, path, "claudeMdExcludes must be a list of globs: not used", True)
            continue
        found += [(p, path) for p in raw if p.strip() and len(p) <= 4096]
    if len(found) > MAX_EXCLUDES:
        reader.note(
            None,
            "claudeMdExcludes",
            f"{len(found):,} patterns; memdir uses the first {MAX_EXCLUDES}",
            True,
        )
    excludes = Excludes(found[:MAX_EXCLUDES])
    if excludes.dropped:
        reader.note(
            None,
            "claudeMdExcludes",
            f"{excludes.dropped:,} patterns not used: the patterns past the first "
            f"{MAX_EXCLUDE_TOKENS:,} glob tokens (their braces expanded)",
            True,
        )
    return excludes


def _excluded(path: Path, excludes: Excludes) -> str | None:
    """Why Claude Code skips ``path`` (a pattern of ``claudeMdExcludes`` matches its
    absolute path, or the real path behind it), or None."""
    if not excludes.patterns:
        return None
    names = dict.fromkeys((path.absolute().as_posix(), _real(path).as_posix()))
    hits = [n for n in (excludes.first(name) for name in names) if n is not None]
    if not hits:
        return None
    pattern, source = excludes.patterns[min(hits)]
    return f"not loaded: claudeMdExcludes {pattern!r} in {source} (Claude Code skips it)"


def _applies(rule: Instruction, targets: Sequence[str]) -> bool:
    """Whether a rule loads for a session working on ``targets`` (no globs: always)."""
    return not rule.paths or any(glob_matches(g, p) for g in rule.paths for p in targets)


def _unload(run: _Run, before: int, reader: _Reader, scope: str, path: Path) -> None:
    """Take a rule that does not apply (and what it imported) back out, with a note."""
    rule = run.found[before]
    for item in run.found[before:]:
        run.loaded.pop(_real(item.path), None)
    del run.found[before:]
    reader.note(scope, path, f"not loaded: only for paths matching {', '.join(rule.paths)}")


def _below(start: Path, touched: Sequence[str]) -> list[Path]:
    """The folders under ``start`` that hold a touched file, in the order the files are
    touched, outermost first: Claude Code reads the CLAUDE.md of such a folder when it
    reads a file there."""
    found: dict[Path, None] = {}
    for path in touched:
        folder, chain = Path(path).parent, []
        while start in folder.parents:
            chain.append(folder)
            folder = folder.parent
        found.update(dict.fromkeys(reversed(chain)))
    return list(found)


def _candidates(
    loc: ScopeLocation,
    above: Sequence[Path],
    ladder: Sequence[Path],
    below: Sequence[Path],
    home: Path,
    codex_read: tuple[Sequence[Path], CodexDocs] | None,
    claude: bool,
    reader: _Reader,
) -> Iterator[_Candidate]:
    """The files one scope may load, in order (not its own ``rules/``). ``codex_read``
    (None: AGENTS.md is not read): the folders Codex reads an AGENTS.md from (its project
    root down, which may start above or below the checkout) and its settings."""
    agents = codex_read is not None
    codex_folders, codex = codex_read or ((), CodexDocs())
    if loc.name == "project":
        inside = set(ladder)
        every = sorted({*above, *ladder, *codex_folders}, key=lambda f: len(f.parts))
        for folder in every:
            if folder in codex_folders and (
                pick := _agents_file(reader, "project", folder, codex.fallbacks)
            ):  # above the checkout (a Mercurial root): read only from its own folder
                yield _Candidate(
                    pick, "instructions", "codex", None if folder in inside else folder
                )
            if claude and (folder in inside or folder in above):
                yield from _claude_files(folder, home, reader, own=folder not in inside)
        for folder in below:  # nested: only once a file under it is touched
            yield _Candidate(folder / "CLAUDE.md", "instructions", "claude-code")
    elif loc.name == "local":
        for folder in above if claude else ():
            yield _Candidate(folder / "CLAUDE.local.md", "instructions", "claude-code", folder)
        for folder in ladder:
            if agents:
                yield _Candidate(folder / "AGENTS.local.md", "instructions", "memdir")
            if claude:
                yield _Candidate(folder / "CLAUDE.local.md", "instructions", "claude-code")
    if loc.unavailable:
        return
    if agents and (pick := _agents_file(reader, loc.name, loc.path)):
        yield _Candidate(pick, "instructions", "memdir")
    if claude:
        yield _Candidate(loc.path / "CLAUDE.md", "instructions", "memdir")


def _cut(item: Instruction, size: int) -> bytes:
    """The first ``size`` bytes of the file as Codex counts them: its own bytes (a CRLF
    checkout's ``\\r`` and a BOM included), else (unreadable since) its text's."""
    try:
        return read_bytes(item.path, MAX_FILE_BYTES)[:size]
    except (OSError, ValueError):
        return item.text.encode()[:size]


def _codex_budget(run: _Run, codex: CodexDocs, reader: _Reader) -> None:
    """Cut Codex's project docs to ``project_doc_max_bytes`` together, root first, as Codex
    does; a file Claude Code also reads whole (a CLAUDE.md imports it) is kept whole."""
    remaining = codex.max_bytes
    drop: set[int] = set()
    for index in run.codex_docs:
        item = run.found[index]
        real = _real(item.path)
        whole = real in run.claude_read
        if remaining <= 0:
            if whole:
                continue
            drop.add(index)
            drop.update(
                i
                for i, x in enumerate(run.found)
                if x.includes and x.includes[0][0] == real and x.reader == "codex"
            )
            reader.note(
                "project",
                item.path,
                f"not loaded: project_doc_max_bytes = 0 ({codex.source}) turns Codex's "
                f"project docs off"
                if codex.max_bytes == 0
                else f"not loaded: Codex reads at most {codex.max_bytes:,} bytes of AGENTS.md "
                f"files (project_doc_max_bytes, {codex.source}) and the files before it use "
                f"them up",
            )
            continue
        if item.size > remaining and not whole:
            data = _cut(item, remaining)
            # bad bytes as U+FFFD (as read whole), a character the cut splits left out
            text = codecs.getincrementaldecoder("utf-8")("replace").decode(data)
            text = text.removeprefix("\ufeff")
            text = text.replace("\r\n", "\n").removesuffix("\r")
            run.found[index] = dataclasses.replace(item, text=text)
            run.codex_read.add(real)  # the part Codex reads, as memdir shows it
            blank = not text.strip()  # a BOM, a split character, blank lines: no text
            if blank:  # (not an empty heading in the block)
                drop.add(index)
                drop.update(
                    i
                    for i, x in enumerate(run.found)
                    if x.includes and x.includes[0][0] == real and x.reader == "codex"
                )
            reader.note(
                "project",
                item.path,
                f"{'not loaded: its first' if blank else 'cut to'} {len(data):,} of "
                f"{item.size:,} bytes{' hold no text' if blank else ''}: Codex reads at most "
                f"{codex.max_bytes:,} bytes of AGENTS.md files (project_doc_max_bytes, "
                f"{codex.source})",
            )
            if not data.decode("utf-8", errors="replace").strip():
                continue  # Codex skips a blank part and spends none of its budget on it
        elif item.size > remaining:
            reader.note(
                "project",
                item.path,
                f"Codex would read {remaining:,} of its {item.size:,} bytes "
                f"(project_doc_max_bytes); kept whole because Claude Code reads all of it",
            )
        else:
            run.codex_read.add(real)  # whole, as Codex reads it
        remaining -= min(item.size, remaining)
    run.found[:] = [x for i, x in enumerate(run.found) if i not in drop]
