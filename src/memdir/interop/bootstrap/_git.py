"""Git identity and history: who the person is, whom they work with, how they write
commits. (docs/design/interop.md)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ...core.index import short
from ...core.origins import records
from ...core.storage.git import git_dirs, read_log, user_config
from ._found import Found, Gathered, Progress

SHARE = 0.6
MIN_COMMITS = 5
MAX_KNOWN = 20  # repositories this memdir home knows, read besides the current one
MAX_COMMITS = 5_000  # per repository, newest first
_CC = re.compile(
    r"^(feat|fix|docs|style|refactor|perf|test|tests|build|ci|chore|revert|"
    r"deps|release)(\([^)]{1,40}\))?!?: \S"
)
_TRAILER = re.compile(r"^Co-authored-by:\s*(.+?)\s*<([^>]+)>\s*$", re.I | re.M)
_SIGNED = re.compile(r"^Signed-off-by:\s", re.I | re.M)
_PR_NUMBER = re.compile(r"\s+\(#[0-9]{1,7}\)[ \t]*$", re.M)  # GitHub's squash-merge suffix
_NOREPLY = re.compile(r"^(?:[0-9]+\+)?(?:no-?reply|do-?not-?reply|no_reply)@", re.I)
_GITHUB_NOREPLY = "@users.noreply.github.com"
_BOT_ACCOUNTS = frozenset({"copilot", "copilot-swe-agent", "devin-ai-integration"})
_TICKET = re.compile(r"\b([A-Z][A-Z0-9]{1,9})-[0-9]{1,6}\b|(?<![\w&])#[0-9]{1,6}\b")
_VERB_WORDS = """
add adjust align allow apply avoid bump call change check clean clarify collect configure convert
copy correct cover create define delete deprecate describe disable document drop enable ensure
explain expose extend extract fix format handle hide ignore implement import improve include
initialize initialise inline install introduce keep let limit load log make mark merge move
name normalize normalise note open optimize optimise parse pass pin prefer prepare prevent
print read record reduce refactor reject release remove rename reorder replace report
require reset resolve restore restrict retry return reuse revert rewrite run save scan
set share show simplify skip sort speed split start stop store support switch sync take
test tidy track trim turn unify update upgrade use validate verify warn wrap write
"""
_VERBS = frozenset(_VERB_WORDS.split())


@dataclass(frozen=True)
class Commit:
    """One commit as the history reader sees it."""

    author: str
    email: str
    message: str

    @property
    def subject(self) -> str:
        """The first line, without the `` (#123)`` of a squash-merged pull request."""
        return _PR_NUMBER.sub("", self.message.split("\n", 1)[0]).strip()

    @property
    def own_text(self) -> str:
        """The message without pull request numbers GitHub added."""
        return _PR_NUMBER.sub("", self.message)


def is_bot(name: str, address: str) -> bool:
    """Whether a commit trailer names a bot or coding agent rather than a person: a
    ``[bot]`` account, a no-reply address (``Claude <noreply@anthropic.com>``), or a
    GitHub no-reply address of a known agent account (Copilot). A person's GitHub
    no-reply address (``123+ada@users.noreply.github.com``) is a person."""
    address = address.strip().lower()
    if name.strip().lower().endswith("[bot]") or "[bot]" in address:
        return True
    if address.endswith(_GITHUB_NOREPLY):
        return address[: -len(_GITHUB_NOREPLY)].split("+")[-1] in _BOT_ACCOUNTS
    return _NOREPLY.match(address) is not None


@dataclass
class History:
    """The person's commits across their repositories."""

    names: Counter[str] = field(default_factory=Counter)
    emails: Counter[str] = field(default_factory=Counter)
    commits: list[Commit] = field(default_factory=list)
    repos: list[Path] = field(default_factory=list)  # those holding their commits
    config: str = ""  # the global config file naming them


def read_history(repos: Sequence[Path], g: Gathered, progress: Progress | None = None) -> History:
    """The person's identity and commits."""
    h = History()
    name, origin = user_config("user.name")
    email, origin_e = user_config("user.email")
    h.config = origin or origin_e
    if name:
        h.names[name] += 1
    if email:
        h.emails[email.lower()] += 1
    for i, repo in enumerate(repos, 1):
        if progress and len(repos) > 3:
            progress(f"git: reading {repo} ({i}/{len(repos)})")
        try:  # a repository removed or unreadable since it was found: reported, skipped
            local_name, _ = user_config("user.name", repo)
            local_email, _ = user_config("user.email", repo)
            log = read_log(repo, MAX_COMMITS)
        except OSError as exc:
            g.problems.append(f"{repo}: git could not read it ({exc.strerror or exc})")
            continue
        mine_emails = {e for e in (email.lower(), local_email.lower()) if e}
        mine_names = {n for n in (name, local_name) if n}
        found = 0
        for author, address, message in log:
            mail = address.lower()
            if mail in mine_emails or (not mine_emails and author in mine_names):
                h.commits.append(Commit(author, mail, message))
                h.names[author] += 1
                h.emails[mail] += 1
                found += 1
        if found:
            h.repos.append(repo)
        elif not mine_emails and not mine_names:
            g.notes.append(
                f"{repo}: no git identity (user.name / user.email) to find your commits by"
            )
    return h


def known_repos(home: Path, g: Gathered, limit: int = MAX_KNOWN) -> list[Path]:
    """The checkouts this memdir home knows (each local scope records its checkout's path
    in ``.origin.json``, see :mod:`memdir.core.origins`) that are still git repositories here:
    the ``limit`` whose scopes changed last. What was left out is noted."""
    found: list[tuple[float, Path]] = []
    for folder, origin in records(home):
        if origin is None:
            continue
        path = Path(origin.path)
        try:
            if path.is_absolute() and git_dirs(path) is not None:
                found.append((folder.stat().st_mtime, path))
        except OSError:
            continue
    found.sort(key=lambda f: (-f[0], str(f[1])))
    if len(found) > limit:
        g.notes.append(
            f"git: this memdir home knows {len(found)} repositories; the "
            f"{limit} used last were read (name others with --from)"
        )
    return [path for _, path in found[:limit]]


def _share(n: int, total: int) -> str:
    return f"{n} of {total} ({n / total:.0%})"


def _where(h: History) -> str:
    count = len(h.repos)
    return f"{count} repositor{'y' if count == 1 else 'ies'}"


def _imperative(subject: str) -> bool | None:
    """True/False for an imperative/other first verb; None when it cannot tell."""
    cc = _CC.match(subject)
    text = subject[cc.end() - 1 :] if cc else subject
    words = re.findall(r"[A-Za-z]+", text[:40])
    if not words:
        return None
    w = words[0].lower()
    if w in _VERBS:
        return True
    if (w.endswith("ed") and (w[:-2] in _VERBS or w[:-1] in _VERBS or w[:-3] in _VERBS)) or (
        w.endswith("s") and (w[:-1] in _VERBS or w[:-2] in _VERBS)
    ):
        return False
    return None


def conventions(h: History) -> list[tuple[str, str, str, str]]:
    """(name, description, body, evidence) of each convention the person's commits follow."""
    commits = h.commits
    total = len(commits)
    if total < MIN_COMMITS:
        return []
    out = []
    how = "**How to apply:** every commit message written for the user."
    cc = [m for c in commits if (m := _CC.match(c.subject))]
    if len(cc) >= SHARE * total:
        types = Counter(m.group(1) for m in cc).most_common(6)
        scoped = sum(1 for m in cc if m.group(2))
        listed = ", ".join(f"{t} ({n})" for t, n in types)
        scope_note = f"; {scoped} of them name a scope" if scoped else ""
        evidence = f"{_share(len(cc), total)} of the user's commits in {_where(h)}"
        out.append(
            (
                "Conventional Commits",
                "Commit subjects follow Conventional Commits (type(scope): summary)",
                f"Write commit subjects as Conventional Commits, `type(scope): summary`; "
                f"the types the user uses: {listed}{scope_note}.\n\n**Why:** {evidence} "
                f"follow it.\n{how}",
                evidence,
            )
        )
    moods = [mood for c in commits if (mood := _imperative(c.subject)) is not None]
    if len(moods) >= MIN_COMMITS and sum(moods) >= SHARE * len(moods):
        evidence = f"{_share(sum(moods), len(moods))} of the user's commit subjects"
        out.append(
            (
                "Imperative commit subjects",
                'Commit subjects are in the imperative mood ("Add x", not "Added x")',
                f'Write commit subjects in the imperative mood: "Add x", not "Added x" '
                f'or "Adds x".\n\n**Why:** {evidence} in {_where(h)} start that way.\n'
                f"{how}",
                evidence,
            )
        )
    lengths = sorted(len(c.subject) for c in commits)
    p90 = lengths[min(total - 1, int(total * 0.9))]
    limit = 50 if p90 <= 50 else 72 if p90 <= 72 else 0
    if limit:
        within = sum(1 for n in lengths if n <= limit)
        evidence = f"{_share(within, total)} of the user's commit subjects"
        out.append(
            (
                f"Commit subjects within {limit} characters",
                f"Keep commit subjects within {limit} characters",
                f"Keep commit subjects within {limit} characters (the user's median is "
                f"{lengths[total // 2]}).\n\n**Why:** {evidence} in {_where(h)} are.\n{how}",
                evidence,
            )
        )
    tickets = [found for c in commits if (found := _TICKET.findall(c.own_text))]
    if len(tickets) >= SHARE * total:
        keys = Counter(k or "#" for found in tickets for k in set(found)).most_common(3)
        named = ", ".join(f"{k}-… ({n})" if k != "#" else f"#… ({n})" for k, n in keys)
        evidence = f"{_share(len(tickets), total)} of the user's commits"
        out.append(
            (
                "Ticket references in commits",
                "Commit messages reference the ticket they belong to",
                f"Reference the ticket in every commit message: {named}.\n\n**Why:** "
                f"{evidence} in {_where(h)} name one.\n{how}",
                evidence,
            )
        )
    signed = sum(1 for c in commits if _SIGNED.search(c.message))
    if signed >= SHARE * total:
        evidence = f"{_share(signed, total)} of the user's commits"
        out.append(
            (
                "Signed-off commits",
                "Commits carry a Signed-off-by trailer",
                f"Sign off every commit (`git commit -s`).\n\n**Why:** {evidence} in "
                f"{_where(h)} are signed off.\n{how}",
                evidence,
            )
        )
    return out


def _found(
    h: History, name: str, description: str, body: str, detail: str, type_: str = "feedback"
) -> Found:
    origins = tuple(f"bootstrap:git:{r}" for r in h.repos)
    if h.config and name == "Name and e-mail":
        origins = (f"bootstrap:git:{h.config}", *origins)
    source = ", ".join(str(r) for r in h.repos) or h.config or "git config"
    return Found("git", source, type_, name, description, body, "user", None, origins, detail)


def gather_git(repos: Sequence[Path], g: Gathered, progress: Progress | None = None) -> None:
    """Add the git facts to ``g``."""
    h = read_history(repos, g, progress)
    if h.names or h.emails:
        name = h.names.most_common(1)[0][0] if h.names else ""
        emails = [e for e, _ in h.emails.most_common(4)]
        also = f" (also {', '.join(emails[1:])})" if emails[1:] else ""
        said = f"The user's name is {name}. " if name else ""
        mail = f"They commit as {emails[0]}{also}." if emails else ""
        seen = [f"git config --global ({h.config})"] if h.config else []
        if h.commits:
            seen.append(f"{len(h.commits)} commits in {_where(h)}")
        evidence = "; ".join(seen)
        who = " ".join(p for p in (name, f"<{emails[0]}>" if emails else "") if p)
        g.found.append(
            _found(
                h,
                "Name and e-mail",
                short(f"{who} (from git)", 150),
                f"{said}{mail}\n\n**Evidence:** {evidence}.",
                evidence,
                "user",
            )
        )
    mine = set(h.emails)
    partners: Counter[tuple[str, str]] = Counter()
    bots: Counter[str] = Counter()
    for c in h.commits:
        for who, addr in {(n.strip(), a.strip().lower()) for n, a in _TRAILER.findall(c.message)}:
            if is_bot(who, addr):
                bots[who] += 1
            elif addr not in mine:
                partners[(who, addr)] += 1
    if bots:
        listed = ", ".join(f"{who} ({n})" for who, n in bots.most_common(5))
        g.notes.append(
            f"git: co-authors that are bots or coding agents are not counted as "
            f"people you work with: {listed}"
        )
    often = [(who, n) for who, n in partners.most_common(10) if n >= 2]
    if often:
        listed = "\n".join(f"- {n} <{a}> ({k} commits)" for (n, a), k in often)
        total = sum(
            1
            for c in h.commits
            if any(
                (n.strip(), a.strip().lower()) in partners for n, a in _TRAILER.findall(c.message)
            )
        )
        evidence = f"Co-authored-by trailers in {total} of the user's commits in {_where(h)}"
        names = " and ".join(n for (n, _), _ in often[:2]) + (" and others" if often[2:] else "")
        g.found.append(
            _found(
                h,
                "Frequent co-authors",
                short(f"Often writes code with {names}", 150),
                f"The user often co-authors commits with:\n{listed}\n\n**Evidence:** {evidence}.",
                evidence,
                "user",
            )
        )
    for name, description, body, evidence in conventions(h):
        g.found.append(_found(h, name, description, body, evidence))
