"""Folders the person names (``--from``): notes, mail, calendars, chat exports, repositories.

The walk is bounded (:data:`MAX_FILES` files, :data:`MAX_DEPTH` folders deep, no hidden or
dependency folders, a size cap per kind of file). A git repository inside a named folder
is read for its history, not its files; a named folder that is itself in git is read
for both. What each file holds:

* ``.md``/``.txt``/``.org``/``.rst``: paragraphs and list items (code blocks and
  frontmatter left out), each a text of the person's own;
* ``.mbox`` (or a file beginning ``From ``): the messages the person sent (their address
  from git, a "Sent" label, or — with neither — the sender of at least 80 % of them),
  without quotes and signatures;
* ``.ics``: recurring events that are not over (``UNTIL``, ``COUNT``), which become
  candidates directly;
* ``.json``: chat exports (:mod:`memdir.formats.chats`), every message with its role,
  streamed: memory holds one conversation of the file at a time, and the reading stops
  once :data:`MAX_CHAT_CHARS` of chat text are held.

Unreadable, oversized and malformed files are named in ``problems``; nothing here raises.
"""

from __future__ import annotations

import email.errors
import mailbox
import os
import re
from collections import Counter
from collections.abc import Generator, Iterable, Sequence
from datetime import date, datetime, timedelta
from pathlib import Path

from ...errors import ParseError
from ...formats import chats, ics, mail
from .._files import open_regular, read_text, why
from ._found import Doc, Found, Gathered, Part, Progress, short

__all__ = ["MAX_FILES", "markdown_parts", "read_file", "read_files", "walk"]

MAX_FILES = 5_000
MAX_DEPTH = 6
MAX_REPOS = 200
MAX_BYTES = {"notes": 2 << 20, "calendar": 8 << 20, "chat": 2 << 30, "mail": 512 << 20}
MAX_CHAT_CHARS = 20_000_000  # chat text held per run (the extractor's MAX_CHARS)
CHUNK_CHARS = 1 << 20
MAX_MAILS = 2_000  # of the person's own, per mailbox
MAX_SCANNED = 50_000  # messages looked at, per mailbox
MAX_EVENTS = 20  # recurring events proposed per calendar
RECENT_DAYS = 60  # a series of single events with none since then is over
PART_CHARS = 1_900
_EXT = {
    ".md": "notes",
    ".markdown": "notes",
    ".txt": "notes",
    ".text": "notes",
    ".org": "notes",
    ".rst": "notes",
    ".mbox": "mail",
    ".mbx": "mail",
    ".ics": "calendar",
    ".ical": "calendar",
    ".json": "chat",
}
_SKIP = frozenset(
    {"node_modules", "__pycache__", "venv", "site-packages", "target", "dist", "build", "vendor"}
)
_MARKER = re.compile(r"^\s*(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,3}[.)]\s+|#{1,6}\s+|>\s?)")
_FENCE = re.compile(r"^\s*(```|~~~)")
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+")


def walk(roots: Sequence[Path], g: Gathered) -> tuple[list[Path], list[tuple[str, Path]]]:
    """(git repositories, (kind, file) to read) under ``roots``, bounded."""
    repos: list[Path] = []
    files: list[tuple[str, Path]] = []
    for root in roots:
        root = root.expanduser().absolute()
        if root.is_file():
            kind = _kind(root)
            if kind is None:
                g.problems.append(
                    f"{root}: not a kind of file bootstrap reads (.md, .txt, .mbox, .ics, .json)"
                )
            else:
                files.append((kind, root))
            continue
        if not root.is_dir():
            why = "not a regular file or folder" if root.exists() else "no such file or folder"
            g.problems.append(f"{root}: {why}")
            continue
        if (root / ".git").exists():
            repos.append(root)
        for folder, dirs, names in os.walk(
            root, onerror=lambda e: g.problems.append(f"{e.filename}: {e.strerror or e}")
        ):
            here = Path(folder)
            depth = len(here.relative_to(root).parts)
            keep = []
            for d in sorted(dirs):
                sub = here / d
                if d.startswith(".") or d in _SKIP or depth >= MAX_DEPTH:
                    continue
                if (sub / ".git").exists():
                    if len(repos) < MAX_REPOS:
                        repos.append(sub)
                    continue  # its files are code, read for history only
                keep.append(d)
            dirs[:] = keep
            for name in sorted(names):
                kind = _kind(here / name)
                if kind is not None and (here / name).is_file():  # never a FIFO or socket
                    files.append((kind, here / name))
            if len(files) > MAX_FILES:
                g.problems.append(
                    f"{root}: more than {MAX_FILES:,} files to read; the rest "
                    f"were left out (name smaller folders with --from)"
                )
                del files[MAX_FILES:]
                break
    unique = {p.resolve(): (kind, p) for kind, p in reversed(files)}  # first one wins
    return repos, list(reversed(unique.values()))


def _kind(path: Path) -> str | None:
    kind = _EXT.get(path.suffix.lower())
    if kind is None and not path.suffix and not path.name.startswith(".") and path.is_file():
        try:
            with path.open("rb") as f:
                kind = "mail" if f.read(5) == b"From " else None
        except OSError:
            return None
    return kind


def _split(text: str, where: str) -> Iterable[Part]:
    """``text`` as parts of at most PART_CHARS, cut between sentences where possible."""
    while len(text) > PART_CHARS:
        cut = max((m.end() for m in _SENTENCE.finditer(text, 0, PART_CHARS)), default=0)
        cut = cut or PART_CHARS
        yield Part("user", text[:cut].strip(), where)
        text = text[cut:]
    if text.strip():
        yield Part("user", text.strip(), where)


def markdown_parts(text: str) -> list[Part]:
    """Paragraphs and list items of Markdown or plain text, markers and code left out."""
    lines = text.split("\n")
    start = 0
    if lines and lines[0].strip() == "---":  # frontmatter
        end = next((i for i in range(1, min(len(lines), 200)) if lines[i].strip() == "---"), 0)
        start = end + 1 if end else 0
    parts: list[Part] = []
    block: list[str] = []
    first = 0
    fence = False

    def flush() -> None:
        if block:
            parts.extend(_split(" ".join(block), f"line {first}"))
            block.clear()

    for number, line in enumerate(lines[start:], start + 1):
        if _FENCE.match(line):
            flush()
            fence = not fence
            continue
        if fence:
            continue
        if not line.strip():
            flush()
            continue
        marker = _MARKER.match(line)
        if (marker and not line.lstrip().startswith(">")) or line.lstrip().startswith("#"):
            flush()
        if not block:
            first = number
        block.append(line[marker.end() :].strip() if marker else line.strip())
    flush()
    return parts


def _notes(path: Path, g: Gathered) -> None:
    parts = markdown_parts(read_text(path, MAX_BYTES["notes"]))
    if parts:
        g.docs.append(Doc("notes", path, tuple(parts)))


def _mails(path: Path, g: Gathered, emails: set[str], progress: Progress | None) -> None:
    with path.open("rb") as f:
        if f.read(5) != b"From ":
            raise ValueError("not an mbox file (it does not begin with a 'From ' line)")
    if path.stat().st_size > MAX_BYTES["mail"]:
        raise ValueError(f"larger than {MAX_BYTES['mail'] >> 20} MiB; left out")
    box = mailbox.mbox(path, create=False)
    bad = 0
    senders: Counter[str] = Counter()
    messages: list[str] = []
    try:
        for key in box.iterkeys():
            if len(messages) + bad >= MAX_SCANNED:
                g.notes.append(f"{path}: only the first {MAX_SCANNED:,} messages read")
                break
            if progress is not None and len(messages) % 5_000 == 4_999:
                progress(f"mail: {len(messages) + 1:,} messages of {path.name} read")
            try:
                msg = box.get_message(key)
            except (ValueError, LookupError, UnicodeError, email.errors.MessageError):
                bad += 1
                continue
            senders[mail.sender(msg)] += 1
            messages.append(key)
        mine = set(emails)
        note = ""
        if not mine:
            top = senders.most_common(1)
            if top and top[0][0] and top[0][1] >= 0.8 * len(messages) and len(messages) >= 2:
                mine = {top[0][0]}
                note = (
                    f"{path}: took {top[0][0]} as your address (the sender of "
                    f"{top[0][1]} of {len(messages)} messages)"
                )
        parts: list[Part] = []
        own = 0
        for n, key in enumerate(messages, 1):
            if own >= MAX_MAILS:
                g.notes.append(f"{path}: only the first {MAX_MAILS:,} of your messages read")
                break
            try:
                msg = box.get_message(key)
                if mail.sender(msg) not in mine and not mail.is_sent(msg):
                    continue
                body = mail.strip_quotes(mail.body_text(msg))
                subject = short(mail.subject(msg), 120)
            except (ValueError, LookupError, UnicodeError, email.errors.MessageError):
                bad += 1
                continue
            own += 1
            if body:
                where = f"message {n}" + (f" ({subject})" if subject else "")
                parts.extend(_split(body, where))
    finally:
        box.close()
    if bad:
        g.problems.append(f"{path}: {bad} message(s) could not be read")
    if note and parts:
        g.notes.append(note)
    if parts:
        g.docs.append(Doc("mail", path, tuple(parts)))
    elif messages:
        g.notes.append(
            f"{path}: none of its {len(messages)} messages was sent by you "
            f"(set git user.email, or export your Sent folder)"
        )


def _calendar(path: Path, g: Gathered, now: datetime) -> None:
    cal = ics.parse_ics(read_text(path, MAX_BYTES["calendar"]), str(path))
    g.problems += [f"{path}: {p}" for p in cal.problems]
    if cal.skipped_lines:
        g.problems.append(f"{path}: {cal.skipped_lines} line(s) could not be read")
    repeats: dict[str, tuple[ics.Event, str]] = {}
    singles: Counter[str] = Counter()
    latest: dict[str, date] = {}
    over: set[str] = set()
    for event in cal.events:
        title = " ".join(event.summary.split())
        if not title or event.override or event.status == "CANCELLED":
            continue
        rule = ics.recurrence(event) if event.rrule else None
        if rule is None:
            singles[title] += 1
            day = ics.start_date(event)
            if day is not None and day > latest.get(title, date.min):
                latest[title] = day
        elif rule.ended(now):
            over.add(title.casefold())
        elif title.casefold() not in repeats:
            repeats[title.casefold()] = (event, rule.text())
    recent = now.date() - timedelta(days=RECENT_DAYS)
    for title, count in singles.items():  # a series exported as separate events
        if count < 4 or title.casefold() in repeats:
            continue
        if title in latest and latest[title] < recent:
            over.add(title.casefold())
            continue
        first = next(e for e in cal.events if " ".join(e.summary.split()) == title)
        repeats[title.casefold()] = (first, f"{count} times in this calendar")
    over -= set(repeats)
    if over:
        g.notes.append(
            f"{path}: {len(over)} recurring event(s) already over (by their "
            f"UNTIL or COUNT, or no occurrence in the last {RECENT_DAYS} days); "
            f"not proposed"
        )
    for event, when in list(repeats.values())[:MAX_EVENTS]:
        title = short(event.summary, 60)
        g.found.append(
            Found(
                "calendar",
                str(path),
                "user",
                short(f"Recurring: {title}", 80),
                short(f"{title} — {when}", 150),
                f'The user has a recurring meeting "{title}": {when}.\n\n**Why:** a recurring '
                f"event in their calendar {path.name}.\n**How to apply:** take it into account "
                f"when planning their time or proposing meetings.",
                origins=(f"bootstrap:calendar:{path}",),
                detail=f"{path.name} line {event.line}",
            )
        )
    if len(repeats) > MAX_EVENTS:
        g.notes.append(
            f"{path}: {len(repeats)} recurring events; the first {MAX_EVENTS} are proposed"
        )


def _chunks(path: Path, cap: int) -> Generator[str, None, None]:
    """A regular file's UTF-8 text in chunks of about a MiB (never blocking on a FIFO);
    OSError or ValueError say why not."""
    fd = open_regular(path, cap)
    with open(fd, encoding="utf-8-sig", newline="") as f:
        try:
            while chunk := f.read(CHUNK_CHARS):
                yield chunk
        except UnicodeDecodeError as exc:
            raise ValueError(f"not UTF-8 ({exc.reason})") from None


def _chats(path: Path, g: Gathered) -> None:
    """Conversations streamed from the export, until :data:`MAX_CHAT_CHARS` of chat text
    are held (what the extractor reads in one run at most)."""
    problems: list[str] = []
    text = _chunks(path, MAX_BYTES["chat"])
    conversations = chats.iter_chat_export(text, str(path), problems)
    try:
        for conv in conversations:
            if g.chat_chars >= MAX_CHAT_CHARS:
                g.notes.append(
                    f"{path}: chat exports read up to {MAX_CHAT_CHARS:,} "
                    f"characters of text (what the extractor reads in one run); "
                    f"{conv.where} and the conversations after it were left out"
                )
                break
            parts = []
            for n, m in enumerate(conv.messages, 1):
                where = f"{conv.where}, message {n}"
                parts += [Part(m.role, p.text, where) for p in _split(m.text, where)]
            g.docs.append(Doc("chat", path, tuple(parts), label=conv.where))
            g.chat_chars += sum(len(p.text) for p in parts)
    finally:
        conversations.close()
        text.close()  # closes the file, also when stopped early
        g.problems += [f"{path}: {p}" for p in problems]


def read_file(
    kind: str,
    path: Path,
    g: Gathered,
    *,
    emails: set[str],
    now: datetime,
    progress: Progress | None = None,
) -> None:
    """Read one file into ``g`` (docs for the extractor, or calendar candidates); any
    failure becomes one line in ``g.problems``."""
    try:
        if kind == "notes":
            _notes(path, g)
        elif kind == "mail":
            _mails(path, g, emails, progress)
        elif kind == "calendar":
            _calendar(path, g, now)
        elif kind == "chat":
            _chats(path, g)
    except ParseError as exc:
        g.problems.append(f"{path}: {exc.reason}")
    except (OSError, ValueError) as exc:
        g.problems.append(f"{path}: {why(exc)}")


def read_files(
    files: Sequence[tuple[str, Path]],
    g: Gathered,
    *,
    emails: set[str],
    now: datetime,
    progress: Progress | None = None,
) -> None:
    """Read every file found by :func:`walk`, reporting progress every 100 files."""
    for i, (kind, path) in enumerate(files, 1):
        if progress is not None and i % 100 == 0:
            progress(f"files: {i:,} of {len(files):,} read")
        read_file(kind, path, g, emails=emails, now=now, progress=progress)
