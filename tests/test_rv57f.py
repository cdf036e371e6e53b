"""Review of fuzz57: the rewritten glob tokenizer, the Codex heading regex and AGENTS.md
section removal give what they gave before on valid input (the old code is copied here
from main), and install then uninstall of the AGENTS.md section gives the bytes back."""

from __future__ import annotations

import json
import re
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import memdir
from memdir.core import globs
from memdir.core.errors import ParseError
from memdir.interop import agents_md
from memdir.interop.bootstrap.chats import iter_json_items
from memdir.interop.claude_code import formats as cc
from memdir.interop.codex import formats

REAL = Path(__file__).parent / "fixtures" / "real"

# -- the glob tokenizer: main's regex, word for word ---------------------------------------

# mend59p: a "]" first in a class is a member, "[:name:]" inside one a POSIX group (as
# picomatch and minimatch read them, tests/test_rv58a.py); mend60t: inside a class "\x"
# is the member x (but "\/": "/" ends it); main's regex with those three rules, possessive
# so that a group, an escape or a first "]" taken is never given back.
_OLD_GLOB_PART = re.compile(
    r"\*\*/|\*\*|\*|\?|\[[!^]?+\]?+(?:\[:[a-z]{1,10}:\]|\\[^/]|[^\]/])*+\]|[^*?\[]+|\["
)


def _old_pieces(glob: str) -> list[str]:
    return _OLD_GLOB_PART.findall(glob)


_GLOB_CHARS = st.text(alphabet="*?[]/!^-\\{},.a:\n\u00e9", max_size=40)


@settings(max_examples=1500, deadline=None)
@given(_GLOB_CHARS)
@example("[[a]")
@example("[a/b]")
@example("[]]")
@example("[a[b]c[")
@example("[a/[b]")
@example("[!a-z]x[")
@example("[[:a:]")
@example("[]a][!]][[:alpha:]b]")
def test_pieces_as_mains_regex_on_generated_globs(glob: str) -> None:
    assert globs._pieces(glob) == _old_pieces(glob)


def _real_rule_globs() -> list[str]:
    found = []
    for f in REAL.rglob("*.md.txt"):
        if "/.claude/rules/" not in f.as_posix() and "/rules/" not in f.as_posix():
            continue
        head = f.read_text(encoding="utf-8").split("---")
        if len(head) < 3:
            continue
        for line in head[1].splitlines():
            item = re.fullmatch(r"\s*-\s*[\"']?(.*?)[\"']?\s*", line)
            if item:
                found.append(item[1])
            elif line.startswith(("paths:", "globs:")) and line.split(":", 1)[1].strip():
                found += globs.split_globs(line.split(":", 1)[1].strip().strip("\"'"))
    return found


#: Globs of docs/design/instructions.md's kinds real rules carry too: classes, negated
#: classes, a lone "[", braces around classes, escapes, "**" inside a name.
_HANDWRITTEN = [
    "src/[abc]*.ts",
    "src/[!._]*.{ts,tsx}",
    "**/[Tt]est{s,}/**",
    "docs/[0-9][0-9]-*.md",
    "lib/[a-z_]*/[!.]*.py",
    "a[/b]",
    "weird[name",
    "x\\[y\\].md",
    "**/src/**Test/**",
    "{apps,packages}/*/src/**/*.[jt]s{,x}",
    "/abs/**/[^x]*",
]


def test_pieces_as_mains_regex_on_real_rule_globs() -> None:
    real = _real_rule_globs()
    assert len(real) > 50  # the fixtures were read
    for pattern in real + _HANDWRITTEN:
        for glob in globs._braces(pattern.strip()):
            piece = glob.strip().lstrip("/")
            assert globs._pieces(piece) == _old_pieces(piece), pattern


# -- the Codex heading regex: main's, word for word ----------------------------------------

_OLD_HEADING = re.compile(r"(#{1,6})(?:[ \t]+(.*?))?[ \t]*")


def _old_heading(line: str) -> tuple[int, str] | None:
    m = _OLD_HEADING.fullmatch(line)
    return None if m is None else (len(m[1]), (m[2] or "").strip())


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet="# \t\r\x0b\u00a0\u3000ab\n", max_size=30))
@example("#######")
@example("# a \r")
@example("##\t\t")
@example("# a\nb")
def test_codex_heading_as_mains_on_generated_lines(line: str) -> None:
    assert formats._heading(line) == _old_heading(line)


def test_codex_heading_as_mains_on_real_codex_memory() -> None:
    files = [
        *(REAL / "sno-ai__sno-cli" / ".codex" / "memories").rglob("*.md.txt"),
        *(REAL / "drlove2002__ai-config" / "memories").rglob("*.md.txt"),
    ]
    lines = [ln for f in files for ln in f.read_text(encoding="utf-8").splitlines()]
    assert sum(ln.startswith("#") for ln in lines) > 10  # the fixtures were read
    for line in lines:
        assert formats._heading(line) == _old_heading(line), line


# -- AGENTS.md: install then uninstall gives the bytes back --------------------------------

_SECTION, _ = agents_md.render_section([])
_FILE_TEXT = st.lists(
    st.sampled_from(["a", "# T", " ", "\n", "\r\n", "\r", "\n\n", "\r\n\r\n"]), max_size=12
).map("".join)


@settings(max_examples=2000, deadline=None)
@given(_FILE_TEXT)
@example("a\r")
@example("a\r\nb\n")
@example("a\nb\r\n")
@example("a\n\n")
@example("a\r\n\r\n")
@example("\n")
@example("\r\n")
def test_agents_md_install_then_uninstall_gives_the_bytes_back(text: str) -> None:
    merged = agents_md.merge_section(text, _SECTION)
    span = agents_md.section_span(merged)
    assert span is not None
    assert agents_md.remove_section(merged, span) == text
    # a second export (the section rewritten in place) changes nothing of that
    again = agents_md.merge_section(merged, _SECTION)
    span = agents_md.section_span(again)
    assert span is not None
    assert agents_md.remove_section(again, span) == text


@settings(max_examples=500, deadline=None)
@given(_FILE_TEXT.filter(lambda t: "\r" not in t))
def test_agents_md_uninstall_after_autocrlf_gives_the_crlf_file(text: str) -> None:
    """Installed into an LF file, then the whole file converted to CRLF by git."""
    crlf = agents_md.merge_section(text, _SECTION).replace("\n", "\r\n")
    span = agents_md.section_span(crlf)
    assert span is not None
    assert agents_md.remove_section(crlf, span) == text.replace("\n", "\r\n")


# -- braces: a sibling of the tokenizer's quadratic regex ----------------------------------

_OLD_BRACE = re.compile(r"\{([^{}]*,[^{}]*)\}")


def _old_braces(pattern: str) -> list[str]:
    out: list[str] = []
    todo = [pattern]
    while todo:
        p = todo.pop(0)
        m = _OLD_BRACE.search(p)
        if m is None or len(out) + len(todo) + m[1].count(",") >= globs.MAX_BRACE_PATTERNS:
            out.append(p)
            continue
        todo[:0] = [p[: m.start()] + alt + p[m.end() :] for alt in m[1].split(",")]
    return out


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet="{},a/*", max_size=40))
@example("{a,b}{c,{d,e}}")
@example("{{a,b}")
@example("{a}{b,c}")
@example("x{,}y")
def test_braces_as_mains_on_generated_globs(pattern: str) -> None:
    assert globs._braces(pattern) == _old_braces(pattern)


def _cpu_under(seconds: float, action: object) -> None:
    """CPU time, not a wall clock (the machine is shared); generous: linear work is ~0."""
    started = time.process_time()
    action()  # type: ignore[operator]
    assert time.process_time() - started < seconds


#: 40 KB of commas after an unclosed brace (a rule may have 256 KB: before the fix
#: ~13 s CPU here, ~2 minutes at the rule's limit, at every session start)
OPEN_BRACE = "{" + "," * 40_000


def test_a_rule_glob_of_an_unclosed_brace_of_commas_is_read_in_linear_time() -> None:
    """Severity medium: a cloned repository's rule with ``paths: '{,,,…'``; the brace
    regex ``\\{([^{}]*,[^{}]*)\\}`` tried every comma as the split point and every end
    for each (quadratic), in ``memdir context`` / session start working on a file."""
    with tempfile.TemporaryDirectory() as folder:
        repo = Path(folder)
        rules = repo / ".claude" / "rules"
        rules.mkdir(parents=True)
        (rules / "r.md").write_text(f"---\npaths: '{OPEN_BRACE}'\n---\nbody\n")
        (rules / "s.md").write_text("---\npaths: '*.py'\n---\nkept\n")
        md = memdir.open(repo / "home", repo)
        try:
            found: list = []
            _cpu_under(5, lambda: found.extend(md.instructions(paths=["a.py"])[0]))
        finally:
            md.close()
    assert [i.path.name for i in found if i.kind == "rule"] == ["s.md"]


def test_claude_md_excludes_of_unclosed_braces_cost_little() -> None:
    """Severity medium: 64 patterns of ``{`` and 4 KB of commas (memdir takes 256 of up to
    4 KB) in a cloned repository's ``.claude/settings.json``: ~11 s CPU before the fix, at
    every session start (256 of them: ~45 s)."""
    with tempfile.TemporaryDirectory() as folder:
        repo = Path(folder)
        (repo / ".claude").mkdir()
        patterns = [f"{i}{{" + "," * 4_000 for i in range(64)]
        (repo / ".claude" / "settings.json").write_text(json.dumps({"claudeMdExcludes": patterns}))
        (repo / "CLAUDE.md").write_text("kept\n")
        md = memdir.open(repo / "home", repo)
        try:
            found: list = []
            _cpu_under(5, lambda: found.extend(md.instructions()[0]))
        finally:
            md.close()
    assert [i.text for i in found if i.path.name == "CLAUDE.md"] == ["kept\n"]


# -- Claude Code memory: the same lazy-text regexes fuzz57 fixed for Codex -----------------

_OLD_CC_HEADING = re.compile(r" {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*")
_OLD_LINK = re.compile(
    r"[ \t]*[-*+][ \t]+\[(?P<title>(?:\\.|[^\]\\])*)\]"
    r"\((?P<target><[^>\n]*>|[^()\s]*)\)"
    r"(?:[ \t]+\[[^\]\n]*\])?"
    r"[ \t]*(?:(?:—|–|-{1,2}|:)[ \t]*(?P<hook>.*?))?[ \t]*"
)


def _old_cc_heading(line: str) -> tuple[str, str] | None:
    m = _OLD_CC_HEADING.fullmatch(line)
    return None if m is None else (m[1], m[2])


def _old_hook(line: str) -> str | None:
    m = _OLD_LINK.fullmatch(line.rstrip("\r\n"))
    return None if m is None else (m["hook"] or "").strip()


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet="# \t\\a\r", max_size=20))
@example("  ## a ##")
@example("# \\#")
@example("####### a")
@example("#")
@example("# ")
def test_claude_code_heading_as_mains(line: str) -> None:
    assert cc._heading_parts(line) == _old_cc_heading(line)
    olds = (_old_cc_heading(ln) for ln in line.splitlines())  # _heading reads a body
    assert cc._heading(line) == next((h[1] for h in olds if h and h[1].strip()), None)


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet=" \t-—:ax\u00a0", max_size=14))
@example(" — a  ")
@example(" -- ")
@example(" [tag] : x\t")
def test_claude_code_index_hook_as_mains(tail: str) -> None:
    line = "- [T](t.md)" + tail
    link = cc.parse_index_line(line)
    assert (None if link is None else link.hook) == _old_hook(line)


def test_claude_code_index_lines_of_blanks_are_read_in_linear_time() -> None:
    """Severity low: ``memdir import claude-code`` / bootstrap of a MEMORY.md whose line is
    a heading or an index link followed by 40 KB of blanks or ``#``: ~7 s CPU per line before
    (quadratic: the lazy text tried each end against the trailing-blanks run)."""
    text = "\n".join(
        [
            "# a" + " #" * 20_000 + "x",
            "- [a](b.md) — a" + " \t" * 20_000 + "x",
            "## kept",
            "- [k](k.md) — a hook",
        ]
    )
    parsed: list = []
    _cpu_under(3, lambda: parsed.append(cc.parse_index(text)))
    assert [link.target for link in parsed[0].links] == ["b.md", "k.md"]
    assert parsed[0].links[1].hook == "a hook"


# -- chat exports: a lone surrogate as raw bytes ---------------------------------------------


def test_a_raw_lone_surrogate_is_not_called_an_escape() -> None:
    """A chat export holding a lone surrogate as raw UTF-8 bytes (ED B0 80, as CESU-8
    writers emit) was reported as 'a \\u escape of half a character': the user searched
    the file for a \\udc.. escape that is not there. Now the raw bytes and where (mend59p);
    an escape is still called one, also past a chunk's end."""
    import io

    data = b'[{"a": 1}, {"a": "x\xed\xb0\x80"}]'
    got: list[object] = []
    with pytest.raises(ParseError) as caught:
        got.extend(iter_json_items(io.BytesIO(data), "export.json"))
    assert got == [{"a": 1}]  # what came before is kept
    assert "escape" not in str(caught.value) and "raw bytes at byte 19" in str(caught.value)
    with pytest.raises(ParseError, match="escape"):
        list(iter_json_items(io.BytesIO(b'[{"a": "x\\udc00"}]'), "export.json"))
    split = b'[{"a": "' + b"x" * (65536 - 9) + b'\xed\xb0\x80"}]'  # across two reads
    with pytest.raises(ParseError, match=f"raw bytes at byte {65536 - 1}"):
        list(iter_json_items(io.BytesIO(split), "export.json"))
