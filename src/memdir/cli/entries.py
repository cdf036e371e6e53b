"""``memdir init | add | ls | show | edit | rm``: look after entries by hand."""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import click

from ..core.errors import GuardError, MemdirError
from ..core.frontmatter import format_time, render_entry
from ..core.model import BODY_MAX_BYTES, SCOPES, Entry
from .app import State, cli, dump, examples
from .files import read_input

SCOPE_OPTION = click.option(
    "--scope",
    type=click.Choice(SCOPES),
    default="local",
    show_default=True,
    help="Which scope to use.",
)
JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")


@cli.command()
@SCOPE_OPTION
@JSON_OPTION
@click.pass_obj
def init(state: State, scope: str, as_json: bool) -> None:
    """Create a scope folder and its index."""
    store = state.md.store(scope)
    store.backend.create()
    store.repair()
    if as_json:
        dump({"scope": scope, "path": store.backend.location})
    else:
        click.echo(f"{scope} scope ready at {store.backend.location}")


def _read_body(body: str | None) -> str:
    if body is not None:
        return body
    if not sys.stdin.isatty():  # at most one body's worth: `yes | memdir add` ends
        return read_input("-", BODY_MAX_BYTES, "the body")
    raise click.UsageError("give the body with --body, or pipe it on stdin")


@cli.command(
    epilog=examples(
        'memdir add --type project --name "Deploy target" \\',
        '    --description "where we deploy" --body "fly.io, region ams"',
        'echo "Use pytest -q, never unittest." | memdir add --type feedback \\',
        '    --name "Test runner" --description "how to run the tests"',
        'memdir add --type user --name Role --description "who I am" --scope user \\',
        '    --body "Backend developer" --pinned',
    ),
)
@click.option(
    "--type",
    "type_",
    required=True,
    type=click.Choice(["user", "feedback", "project", "reference"]),
    help="user: who the person is; feedback: corrections; project: context not in "
    "the code; reference: stable facts.",
)
@click.option("--name", required=True, help="Short title (at most 80 characters).")
@click.option(
    "--description", required=True, help="One-line hook for the index (at most 150 characters)."
)
@click.option("--body", help="The memory itself; read from stdin when omitted.")
@click.option("--pinned", is_flag=True, help="Load the whole body into every session.")
@SCOPE_OPTION
@JSON_OPTION
@click.pass_obj
def add(
    state: State,
    type_: str,
    name: str,
    description: str,
    body: str | None,
    pinned: bool,
    scope: str,
    as_json: bool,
) -> None:
    """Add an entry (an equal one already saved is reported, not duplicated)."""
    from ..core.changes import AddOp

    store = state.md.store(scope)
    op = AddOp(type_, name, description, _read_body(body), pinned=pinned)
    try:
        change = store.apply([op], source="user")[0]
    except GuardError as exc:  # a person's command: say the way that exists (none for a model)
        raise MemdirError(f"{exc} {_kept_as_written(state, type_)}") from exc
    if as_json:
        dump({"action": change.action, "scope": scope, **change.entry.to_dict()})
    elif change.created:
        click.echo(f"Saved {change.entry.id} to the {scope} scope.")
    else:
        click.echo(f"Already exists as {change.entry.id}; nothing saved.")


def _kept_as_written(state: State, type_: str) -> str:
    """How a person keeps a refused note exactly as written: the guard scans what is
    written through memdir, and on reading only a repository's project scope, so a file
    written by hand in the local scope's folder is loaded as it is (docs/design/guard.md)."""
    try:
        folder = state.md.store("local").backend.shown()
    except MemdirError:
        folder = None
    if folder is None:
        return (
            "There is no way to store it as written here (no local scope folder on this "
            "machine): rephrase it, or keep it outside memdir."
        )
    made = "" if Path(folder).is_dir() else "; `memdir init` creates it"
    return (
        f"To keep it exactly as written on purpose, write it by hand as a Markdown file in "
        f"your local scope's folder, {folder} (e.g. {type_}_<short-name>.md, with name:, "
        f"description: and type: frontmatter like the files there{made}): memdir loads your own "
        f"files as they are (a file in a repository's .memdir/ is still scanned and withheld)."
    )


@cli.command(
    name="ls",
    epilog=examples(
        "memdir ls",
        "memdir ls --scope local --all",
        "memdir ls --json",
    ),
)
@click.option("--scope", type=click.Choice(SCOPES), help="Only this scope (default: all).")
@click.option("--all", "archived", is_flag=True, help="Include removed and superseded entries.")
@JSON_OPTION
@click.pass_obj
def ls(state: State, scope: str | None, archived: bool, as_json: bool) -> None:
    """List entries of every scope (or one)."""
    stores = [state.md.store(scope)] if scope else state.md.stores()
    for store in stores:  # what cannot be listed is named, not silently left out
        for problem in store.problems():
            line = f":{problem.line}" if problem.line else ""
            click.secho(
                f"Warning: unreadable: {problem.path}{line}: {problem.reason}",
                fg="yellow",
                err=True,
            )
    rows = [(s.scope, e) for s in stores for e in s.list(include_archived=archived)]
    if as_json:
        dump([{"scope": s, **e.to_dict()} for s, e in rows])
        return
    if not rows:
        click.echo("No entries. Add one with `memdir add` or let an agent save one.")
        return
    import shutil

    held = (
        state.md.withheld_entries()
        if any(s == "project" and not e.archived for s, e in rows)
        else {}
    )
    table = [
        (
            s,
            e.id,
            e.type.value,
            e.name
            + _flags(e)
            + (f" (withheld: {held[e.id][1]})" if s == "project" and e.id in held else ""),
            e.description,
            f"{e.updated:%Y-%m-%d}",
        )
        for s, e in rows
    ]
    for line in _columns(table, shutil.get_terminal_size().columns):
        click.echo(line)


def _find(state: State, target: str, scope: str | None, **kw: Any) -> tuple[str, Entry]:
    """:meth:`~memdir.core.layers.Layers.find_including_withheld`, a withheld entry
    said on stderr."""
    found_scope, entry, rule = state.md.find_including_withheld(target, scope=scope, **kw)
    if rule is not None:
        click.secho(
            f"Note: {entry.id} is withheld by the memory guard (rule {rule}): no agent sees it.",
            fg="yellow",
            err=True,
        )
    return found_scope, entry


def _flags(e: Entry) -> str:
    return (" (pinned)" if e.pinned else "") + (" (archived)" if e.archived else "")


_HEADINGS = ("scope", "id", "type", "name", "description", "updated")
_GAP = "  "
_NAME_MIN, _DESCRIPTION_MIN = 12, 24  # narrower than this: name and description go below


def _cells(text: str) -> int:
    """Terminal columns ``text`` takes (a CJK wide character is 2)."""
    from rich.cells import cell_len

    return cell_len(text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _cells(text))


def _break(word: str, cut: int) -> int:
    """Where to break ``word`` at or before ``cut``: beside a wide (CJK) character, so an
    English word inside Chinese text stays whole (支付服务的命令：|pnpm); else at ``cut``."""
    for k in range(cut, 0, -1):
        if k == len(word) or _cells(word[k - 1]) > 1 or _cells(word[k]) > 1:
            return k
    return cut


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken between words; only a word
    wider than a whole line (a long path, CJK text without spaces) is broken inside:
    beside a CJK character if it has one (:func:`_break`), else between two characters."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if not line:
            line = word
        elif _cells(line) + 1 + _cells(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
        while _cells(line) > width:  # only a word wider than the line
            cut = 0
            while _cells(line[: cut + 1]) <= width:
                cut += 1
            cut = max(cut, 1)
            lines.append(line[: _break(line, cut)])
            line = line[len(lines[-1]) :]
    return [*lines, line] if line or not lines else lines


def _columns(rows: Sequence[tuple[str, ...]], width: int) -> list[str]:
    """``memdir ls``'s table in ``width`` columns: scope, id, type and updated whole (to
    copy and paste; an id wider than the terminal is printed whole, never cut), name and
    description wrapped between words in the room left. When that room is too narrow for
    them, each entry's name and description go on the lines below its row, under its id."""
    fixed = (0, 1, 2, 5)
    # measured as printed: _wrap joins words with one space (a tab, a run of spaces)
    rows = [(*r[:3], " ".join(r[3].split()), " ".join(r[4].split()), *r[5:]) for r in rows]
    widths = {
        i: max(_cells(_HEADINGS[i]), *(_cells(r[i]) for r in rows)) for i in range(len(_HEADINGS))
    }
    room = width - sum(widths[i] for i in fixed) - len(_GAP) * (len(_HEADINGS) - 1)
    if room >= _NAME_MIN + _DESCRIPTION_MIN:
        if widths[3] + widths[4] > room:  # share it: the name up to 2/5, the rest
            widths[3] = min(widths[3], max(_NAME_MIN, room * 2 // 5))
            widths[4] = room - widths[3]
        out = [_GAP.join(_pad(h, widths[i]) for i, h in enumerate(_HEADINGS)).rstrip()]
        for row in rows:
            name, description = _wrap(row[3], widths[3]), _wrap(row[4], widths[4])
            for n in range(max(len(name), len(description))):
                cells = [row[i] if n == 0 else "" for i in range(len(row))]
                cells[3] = name[n] if n < len(name) else ""
                cells[4] = description[n] if n < len(description) else ""
                out.append(_GAP.join(_pad(c, widths[i]) for i, c in enumerate(cells)).rstrip())
        return out
    indent = " " * (widths[0] + len(_GAP))
    below = max(width - len(indent), _DESCRIPTION_MIN)
    out = [_GAP.join(_pad(_HEADINGS[i], widths[i]) for i in fixed).rstrip()]
    for row in rows:
        out.append(_GAP.join(_pad(row[i], widths[i]) for i in fixed).rstrip())
        out += [indent + line for line in _wrap(row[3], below)]
        if row[4] != row[3]:
            out += [indent + line for line in _wrap(row[4], below)]
    return out


@cli.command(
    epilog=examples(
        "memdir show deploy",
        "memdir show project_deploy-target --depth overview",
        "memdir show deploy@HEAD --scope local   # as of the last commit",
    ),
)
@click.argument("target")
@click.option("--scope", type=click.Choice(SCOPES), help="Look only in this scope.")
@click.option(
    "--depth",
    metavar="overview|full",
    help="overview: a few sentences, as memory_read gives them; full (default): the file.",
)
@JSON_OPTION
@click.pass_obj
def show(state: State, target: str, scope: str | None, depth: str | None, as_json: bool) -> None:
    """Show one entry's file (TARGET: id or unique substring; archived ids work too;
    ENTRY@REV: as it was at a revision from `memdir log`)."""
    from ..core.prompt import render_read
    from ..core.tiers import parse_depth

    wide = unicodedata.normalize("NFKC", target)  # as ids are made: ＠ is @, ﾃﾞ is デ
    # ENTRY@REV is read as ids are made; a plain target as typed (resolve folds it): an
    # exact name typed in full width (ＡＰＩ规范) is not its half-width twin's (API规范)
    target = wide if "@" in wide else target
    if parse_depth(depth) == "overview":  # validated as memory_read's depth is
        if "@" in target:
            raise click.UsageError("--depth overview reads an entry as it is now, not ENTRY@REV")
        found_scope, entry = state.md.find(target, scope=scope, include_archived=True)
        md = state.md
        text = render_read(entry, found_scope, md.clock(), md.project_root, depth="overview")
        if as_json:
            dump({"scope": found_scope, "id": entry.id, "depth": "overview", "content": text})
        else:
            click.echo(text)
        return
    if "@" in target:
        from .history import show_at

        if show_at(state, target, scope, as_json):
            return
    found_scope, entry = _find(state, target, scope, include_archived=True)
    path = Path(state.md.store(found_scope).backend.location) / entry.filename
    if as_json:
        data: dict[str, Any] = {"scope": found_scope, "path": str(path), **entry.to_dict()}
        dump(data)
        return
    click.secho(f"# {path}", dim=True)
    click.echo(render_entry(entry), nl=False)


def _save_recovery(state: State, entry: Entry, text: str) -> Path:
    """Keep refused text in ``$MEMDIR_HOME/recovery`` or, when the home cannot be
    written (a read-only disk), in the temp folder."""
    import tempfile

    stamp = format_time(datetime.now().astimezone()).replace(":", "")
    for folder in (state.md.home / "recovery", Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd, name = tempfile.mkstemp(prefix=f"{entry.id}-{stamp}-", suffix=".md", dir=folder)
            with open(fd, "w", encoding="utf-8") as f:
                f.write(text)
            return Path(name)
        except OSError:
            continue
    raise MemdirError(f"Could not keep your text anywhere; here it is:\n{text}")


@cli.command(
    epilog=examples(
        "memdir edit deploy                      # opens $EDITOR",
        "memdir edit project_deploy-target --scope local --json",
    ),
)
@click.argument("target")
@click.option("--scope", type=click.Choice(SCOPES), help="Look only in this scope.")
@click.option(
    "--from",
    "from_file",
    type=click.File("r", encoding="utf-8"),
    help="Start from this text (e.g. a recovery file) instead of the entry.",
)
@JSON_OPTION
@click.pass_obj
def edit(state: State, target: str, scope: str | None, from_file: Any, as_json: bool) -> None:
    """Edit an entry's file in $EDITOR; it is validated and guarded before it is saved.

    Every frontmatter field you change is kept (comments in the frontmatter are not). If
    the edited text is refused, nothing changes and your text is kept in a recovery file.
    """
    found_scope, entry = state.md.find(target, scope=scope)
    original = render_entry(entry)
    start = from_file.read() if from_file else original
    edited = click.edit(start, extension=".md", require_save=from_file is None)
    if edited is None or edited == original:
        if as_json:
            dump({"action": "unchanged", "id": entry.id})
        else:
            click.echo("No changes.")
        return
    try:
        # a write made while $EDITOR was open is not overwritten (--from: the person's
        # recovered text, saved on purpose over what is stored now)
        etag = None if from_file else entry.etag
        change = state.md.store(found_scope).edit(entry.id, edited, if_match=etag)
    except MemdirError as exc:
        saved = _save_recovery(state, entry, edited)
        raise MemdirError(
            f"{exc} Your text is kept in {saved}; run `memdir edit {entry.id} --from {saved}`."
        ) from None
    if as_json:
        dump({"action": change.action, "scope": found_scope, **change.entry.to_dict()})
    else:
        click.echo(f"Updated {change.entry.id}." if change.action == "replace" else "No changes.")


@cli.command(
    epilog=examples(
        "memdir rm deploy",
        "memdir rm feedback_test-runner --scope local --json",
        "memdir ls --all   # removed entries are kept, archived",
    ),
)
@click.argument("target")
@click.option("--scope", type=click.Choice(SCOPES), help="Look only in this scope.")
@JSON_OPTION
@click.pass_obj
def rm(state: State, target: str, scope: str | None, as_json: bool) -> None:
    """Remove an entry (TARGET: id or unique substring, in whichever scope holds it). It
    moves to archive/, not away."""
    found_scope, found = _find(state, target, scope)
    entry = state.md.store(found_scope).remove(found.id)
    if as_json:
        dump({"action": "remove", "scope": found_scope, **entry.to_dict()})
    else:
        click.echo(f"Removed; kept as {entry.filename} in the {found_scope} scope.")
