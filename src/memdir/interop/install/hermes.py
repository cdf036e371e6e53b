"""``memdir install hermes``: a memory-provider plugin in ``$HERMES_HOME/plugins/memdir/``.
See docs/design/harnesses.md."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.errors import MemdirError, ParseError
from ...core.frontmatter import load_yaml
from ...core.harness_homes import hermes_home
from ...version import installed
from ._command import custom_home

if TYPE_CHECKING:
    from . import Plan

MARKER = "# Written by `memdir install hermes`"
_MEMORY = re.compile(r"^memory:[ \t]*(?:#.*)?\r?$")  # CRLF too (Windows editors)
_PROVIDER = re.compile(r"^(?P<indent>[ \t]+)provider:(?P<value>.*)$")

_PLUGIN = '''"""memdir for Hermes: memory kept as plain Markdown, a frozen snapshot in the system
prompt, recall before each turn, the turn logged for search and background extraction.

{marker}; `memdir uninstall hermes` removes it. Hermes loads this file in its own Python,
which must have memdir installed: `<that python> -m pip install memdir` (or the path of a
memdir checkout). It imports only memdir and the standard library; Hermes's
MemoryProvider base class is taken from Hermes when the provider is registered.
"""

from __future__ import annotations

import logging
import sys

MEMDIR_HOME = {home!r}  # None: $MEMDIR_HOME, else ~/.memdir

try:
    from memdir.interop.install.hermes_provider import provider_class
except ImportError as exc:  # memdir is not installed in Hermes's Python
    provider_class = None
    MISSING = (
        f"memdir is not installed in the Python that runs Hermes ({{sys.executable}}): "
        f"{{exc}}. Install it there with `{{sys.executable}} -m pip install memdir`, or "
        f"set memory.provider back in config.yaml."
    )


def register(ctx):
    """Hand Hermes the memdir MemoryProvider (register_memory_provider)."""
    from agent.memory_provider import MemoryProvider

    if provider_class is not None:
        ctx.register_memory_provider(provider_class(MemoryProvider)(home=MEMDIR_HOME))
        return

    class Missing(MemoryProvider):
        """Stands in when memdir cannot be imported: never available, says why."""

        name = "memdir"

        def is_available(self):
            logging.getLogger("memdir").warning(MISSING)
            return False

        def initialize(self, session_id, **kwargs):
            pass

        def get_tool_schemas(self):
            return []

    ctx.register_memory_provider(Missing())
'''

_YAML = """name: memdir
version: {version}
description: "memdir: Markdown memory, snapshot, recall (by `memdir install hermes`)."
hooks:
  - on_session_end
  - on_pre_compress
  - on_memory_write
"""


def default_hermes_home() -> Path:
    """``$HERMES_HOME``, else ``~/.hermes`` (:func:`memdir.core.harness_homes.hermes_home`)."""
    return hermes_home()


def _version() -> str:
    return installed() or "0"


class _PluginFile:
    """A whole file of the plugin: memdir's own, never someone else's file of that name."""

    mode = 0o644

    def __init__(self, path: Path, content: str) -> None:
        self.path = path
        self.content = content

    def _ours(self, text: str) -> bool:
        return MARKER in text or (self.path.name == "plugin.yaml" and "memdir install" in text)

    def add(self, text: str | None, state: dict[str, Any]) -> str | None:
        if text is not None and not self._ours(text):
            raise MemdirError(
                f"{self.path} exists and was not written by memdir; a Hermes plugin named "
                f"memdir is already there. Move it away, then install again."
            )
        return self.content

    def remove(self, text: str, state: dict[str, Any]) -> str | None:
        return None if self._ours(text) else text


#: Nodes Hermes's config may stand for with its aliases written out: the install's compare
#: walks them all, and PyYAML 6.0.1 copies merged (``<<``) keys. Hermes's whole
#: default config is 1,438.
EXPAND = 100_000


def load_config(text: str, path: Path) -> Any:
    """Hermes's ``config.yaml`` as memdir reads every other tool's YAML: one checked loader
    (docs/design/interop.md), anchors and aliases allowed as Hermes allows them, within
    :data:`EXPAND`; a :class:`ParseError` at its line when it cannot."""
    return load_yaml(text, path, "Hermes's config", first=1, expand=EXPAND)


#: A ``provider:`` line cut in three: up to the value, the value (plain, or quoted as
#: YAML quotes), and what follows it (a comment, the line ending), kept as it is.
_VALUE = re.compile(
    r"""(?P<head>[ \t]+provider:[ \t]*)"""
    r"""(?P<value>'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|(?:[^#\s]\S*(?:[ \t]+[^#\s]\S*)*)?)"""
    r"""(?P<tail>(?:[ \t]+#.*|[ \t]*)\r?\n?)"""
)


def _value(line: str) -> tuple[str, str] | None:
    """A ``provider:`` line's value as written (quotes kept) and as YAML reads it, or None
    when the line is not one this reads. The one reading of the line for install and
    uninstall: ``provider:   memdir``, ``provider: 'memdir'  # mine`` are all memdir."""
    found = _VALUE.fullmatch(line)
    if found is None:
        return None
    written = found.group("value")
    try:
        read = load_yaml(f"v: {written}\n", "provider", "Hermes's config", first=1)
    except ParseError:
        return None
    meant = read.get("v") if isinstance(read, dict) else None
    return written, "" if meant is None else str(meant)


def _with_value(line: str, value: str) -> str:
    """``line`` (a ``provider:`` line) with its value replaced by ``value``: the key, its
    indent, the spacing before the value, a comment after it and the line ending are kept
    byte for byte."""
    found = _VALUE.fullmatch(line)
    if found is None:  # not a line this reads: the whole line, as before
        return f"{line[: len(line) - len(line.lstrip())]}provider: {value}\n"
    head = found.group("head")
    return head + ("" if head[-1].isspace() else " ") + value + found.group("tail")


def _is_memdir(line: str) -> bool:
    return (_value(line) or ("", ""))[1] == "memdir"


class _Config:
    """``memory.provider`` in Hermes's ``config.yaml``, one line edited in place."""

    mode = 0o644

    def __init__(self, path: Path) -> None:
        self.path = path

    @staticmethod
    def _find(lines: list[str]) -> tuple[int | None, int | None, str]:
        """(index of ``memory:``, index of its ``provider:`` line, the block's indent)."""
        start = next((i for i, line in enumerate(lines) if _MEMORY.match(line)), None)
        if start is None:
            return None, None, "  "
        indent = "  "
        for i in range(start + 1, len(lines)):
            line = lines[i]
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if not line[0].isspace():
                break
            found = _PROVIDER.match(line)
            width = len(line) - len(line.lstrip())
            indent = line[:width]
            if found and found.group("indent") == indent:
                return start, i, indent
        return start, None, indent

    def _check(self, old: str | None, new: str, provider: object, shown: str) -> str:
        """``new`` if it means exactly ``old`` with ``memory.provider`` = ``provider``
        (``shown``: that value as the user would type it to Hermes)."""
        advice = f"set it with `hermes config set memory.provider {shown}`"
        if shown != "memdir":  # an uninstall: the plugin goes once the provider is back
            advice += ", then uninstall again"
        try:
            before = load_config(old or "", self.path) or {}
            after = load_config(new, self.path) or {}
        except ParseError as exc:
            raise MemdirError(
                f"{self.path}:{exc.line}: {exc.reason}; nothing was changed ({advice})."
            ) from None
        if not isinstance(before, dict) or not isinstance(after, dict):
            raise MemdirError(f"{self.path} does not hold a mapping; Hermes cannot read it.")
        expected = dict(before)
        memory = before.get("memory")
        expected["memory"] = dict(memory) if isinstance(memory, dict) else {}
        if provider is None:
            expected["memory"].pop("provider", None)
        else:
            expected["memory"]["provider"] = provider
        if {**after, "memory": after.get("memory") or {}} != expected:
            raise MemdirError(
                f"memdir could not set memory.provider in {self.path} without changing "
                f"anything else; {advice}."
            )
        return new

    def add(self, text: str | None, state: dict[str, Any]) -> str | None:
        lines = (text or "").splitlines(keepends=True)
        start, at, indent = self._find(lines)
        if start is None and any(re.match(r"memory\s*:", line) for line in lines):
            raise MemdirError(  # a flow mapping or the like: not one line memdir can change
                f"memory in {self.path} is not a block memdir can edit line by line; set "
                f"the provider with `hermes config set memory.provider memdir`."
            )
        end = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"  # the file's own
        line = f"{indent}provider: memdir{end}"
        if at is not None:
            if _is_memdir(lines[at]):
                return text  # uninstall sets Hermes's default: the plugin named goes with it
            state.setdefault("previous", lines[at])
            lines[at] = _with_value(lines[at], "memdir")
        elif start is not None:
            state.setdefault("previous", None)
            lines.insert(start + 1, line)
        else:
            state.setdefault("previous", None)
            if lines and not lines[-1].endswith("\n"):
                lines[-1] += end
                state["newline"] = True
            lines += [f"memory:{end}", line]
            state["block"] = True
        return self._check(text, "".join(lines), "memdir", "memdir")

    def _unrecognised(self, text: str) -> None:
        """Raise when Hermes would still read memdir as its provider in ``text``, which
        memdir found no line of its own to take out of."""
        try:
            value = ((load_config(text, self.path) or {}).get("memory") or {}).get("provider")
        except (ParseError, AttributeError):
            return  # Hermes cannot read it either: it names no provider
        if value == "memdir":
            raise MemdirError(
                f"memory.provider in {self.path} names memdir in a way memdir cannot edit "
                f"line by line; nothing was changed. Set it back with `hermes config set "
                f"memory.provider <your provider>` (or '' for Hermes's own memory), then "
                f"uninstall again."
            )

    def remove(self, text: str, state: dict[str, Any]) -> str | None:
        lines = text.splitlines(keepends=True)
        start, at, _ = self._find(lines)
        if at is None or not _is_memdir(lines[at]):
            self._unrecognised(text)
            return text
        previous = state.get("previous", "")
        recorded = "previous" in state
        if previous and _is_memdir(previous):
            previous, recorded = "", False  # kept by an earlier build: its plugin goes now
        old = _value(previous) if previous else None
        if old is not None and old[0]:  # the value given back, the line as it is now
            lines[at] = _with_value(lines[at], old[0])
        elif previous:  # a line this does not read: the whole line, as recorded
            lines[at] = previous
        elif recorded:  # memdir added the line (and maybe the block)
            del lines[at]
            if state.get("block") and start is not None and start == at - 1:
                del lines[start]
                if state.get("newline") and start == len(lines) and lines:
                    lines[-1] = lines[-1].removesuffix("\n").removesuffix("\r")
        else:  # no record of what was there: Hermes's own default, no external provider
            lines[at] = _with_value(lines[at], "''")
        new = "".join(lines)
        if not new.strip():
            return None
        try:
            value = ((load_config(new, self.path) or {}).get("memory") or {}).get("provider")
        except (ParseError, AttributeError):
            value = None
        shown = old[0] if old is not None else ""
        return self._check(text, new, value, shown or "''")


def targets(
    home: Path, hermes_home: Path | None = None, activate: bool = False, **_: Any
) -> list[Any]:
    """The plugin's two files, and ``config.yaml`` when activating (or uninstalling)."""
    where = hermes_home or default_hermes_home()
    folder = where / "plugins" / "memdir"
    custom = custom_home(home)
    found: list[Any] = [
        _PluginFile(
            folder / "__init__.py",
            _PLUGIN.format(marker=MARKER, home=None if custom is None else str(custom)),
        ),
        _PluginFile(folder / "plugin.yaml", _YAML.format(version=_version())),
    ]
    if activate:
        found.append(_Config(where / "config.yaml"))
    return found


def _active(path: Path) -> bool:
    """Whether Hermes's ``config.yaml`` already names memdir as its memory provider (an
    install from before, re-run): then there is nothing to activate."""
    try:
        data = load_config(path.read_text(encoding="utf-8"), path)
    except (OSError, UnicodeDecodeError, MemdirError):
        return False
    memory = data.get("memory") if isinstance(data, dict) else None
    return isinstance(memory, dict) and memory.get("provider") == "memdir"


def notes(home: Path, plan: Plan, hermes_home: Path | None = None, **options: Any) -> list[str]:
    """What the user should know after this plan."""
    where = hermes_home or default_hermes_home()
    if plan.action == "uninstall":
        return []
    if not options.get("activate") and not _active(where / "config.yaml"):
        return [
            f"Hermes uses the plugin once memory.provider is memdir in {where / 'config.yaml'}:"
            f" `memdir install hermes --activate`, or `hermes config set memory.provider "
            f"memdir`."
        ]
    return [
        "Hermes loads the plugin in its own Python, which must have memdir installed "
        "(`<hermes python> -m pip install memdir`); otherwise Hermes logs why and runs "
        "without it."
    ]


def after_apply(plan: Plan) -> None:
    """After an uninstall, remove the plugin folder if only Hermes's bytecode is left."""
    if plan.action != "uninstall":
        return
    for edit in plan.edits:
        folder = edit.path.parent
        if folder.name == "memdir" and folder.is_dir():
            rest = [p for p in folder.iterdir() if p.name != "__pycache__"]
            if not rest:
                shutil.rmtree(folder, ignore_errors=True)
