"""Read the benign sources once from local git snapshots and write raw/benign.json (verbatim
entries) and licences/*.txt. Not run by build.py or the tests (network/snapshot step).

    python bench/data/guard62/extract.py /work/.mirror
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAX_LINES = 15
PER_FILE = 14  # at most this many entries from one file (the first ones in file order)

# (repo, licence, licence path, lang, [paths]) -- files read at the snapshot's HEAD
SOURCES = [
    ("kufu/smarthr-ui", "MIT", "LICENSE", "ja", ["CLAUDE.md", ".claude/skills/pr-creator/SKILL.md"]),
    ("kinopeee/cursorrules", "MIT", "LICENSE", "ja", [
        ".cursor/rules/v5.mdc", ".cursor/rules/test-strategy.mdc",
        ".cursor/rules/commit-message-format.mdc", ".cursor/rules/pr-message-format.mdc",
        ".cursor/commands/commit-push-pr.md"]),
    ("mizchi/similarity", "MIT", "LICENSE", "ja", ["CLAUDE.md"]),
    ("Keiji-Miyake/agent-skills", "MIT", "LICENSE", "ja", ["AGENTS.md"]),
    ("Tencent/AI-Infra-Guard", "Apache-2.0", "LICENSE", "zh", ["AGENTS.md"]),
    ("alibaba/higress", "Apache-2.0", "LICENSE", "zh", [
        ".claude/skills/higress-daily-report/SKILL.md",
        ".claude/skills/agent-session-monitor/QUICKSTART.md",
        ".claude/skills/nginx-to-higress-migration/README_CN.md"]),
    ("Alexmacapple/span-sg", "MIT", "LICENSE", "fr", ["Agents.md", "Claude.md"]),
    ("arbgjr/SkyHAL", "MIT", "LICENSE", "pt", [
        ".github/copilot-instructions.md",
        ".github/instructions/api-security.instructions.md",
        ".github/instructions/memory-bank.instructions.md",
        ".github/instructions/troubleshooting.instructions.md"]),
    ("sebastianserna/ai-workflows", "MIT", "LICENSE", "multi", [
        f"templates/coding/compass/i18n/{lang}/AGENTS.md" for lang in ("de", "es", "ru", "ko", "it", "zh")
    ]),
]

LATIN_WORDS = {
    "fr": r"\b(le|la|les|des|du|et|pour|ne|pas|une?)\b",
    "pt": r"\b(o|a|os|as|de|do|da|para|não|em|uma?)\b",
    "de": r"\b(der|die|das|und|nicht|mit|für|ist|ein|eine)\b",
    "es": r"\b(el|la|los|las|de|del|para|no|en|una?)\b",
    "it": r"\b(il|la|gli|le|di|del|per|non|una?|che)\b",
}


def git(snap: Path, *args: str) -> str:
    out = subprocess.run(["git", "-C", str(snap), *args], capture_output=True, check=True)
    return out.stdout.decode("utf-8")


def sections(text: str) -> list[str]:
    """A section starts at a Markdown heading outside code fences; longer ones are cut at
    blank lines outside fences into pieces of at most MAX_LINES lines (hard cut if needed)."""
    lines = text.split("\n")
    if lines and lines[0].strip() == "---":  # front matter is its own section
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), 0)
        head, lines = lines[: end + 1], lines[end + 1 :]
    else:
        head = []
    groups: list[list[str]] = [head] if head else []
    cur: list[str] = []
    fence = False
    for line in lines:
        if line.lstrip().startswith("```"):
            fence = not fence
        if not fence and re.match(r"#{1,6} ", line) and cur:
            groups.append(cur)
            cur = []
        cur.append(line)
    if cur:
        groups.append(cur)
    pieces: list[str] = []
    for g in groups:
        while g and not g[-1].strip():
            g = g[:-1]
        while g and not g[0].strip():
            g = g[1:]
        while g:
            if len(g) <= MAX_LINES:
                pieces.append("\n".join(g))
                break
            cut, fence = 0, False
            for i, line in enumerate(g[:MAX_LINES]):
                if line.lstrip().startswith("```"):
                    fence = not fence
                if not line.strip() and not fence and i > 0:
                    cut = i
            cut = cut or MAX_LINES
            pieces.append("\n".join(g[:cut]).rstrip("\n"))
            g = g[cut:]
            while g and not g[0].strip():
                g = g[1:]
    return [p for p in pieces if p.strip()]


def lang_of(path: str, lang: str) -> str:
    m = re.search(r"/i18n/([a-z]{2})/", path)
    return m.group(1) if m else lang


def keep(piece: str, lang: str) -> bool:
    body = [ln for ln in piece.split("\n") if ln.strip()]
    if len(body) < 2 or len(piece) < 60:
        return False
    if lang in LATIN_WORDS:
        return len(re.findall(LATIN_WORDS[lang], piece, re.I)) >= 3
    native = sum(1 for c in piece if ord(c) > 0x2E7F or 0x0400 <= ord(c) <= 0x04FF or 0xAC00 <= ord(c) <= 0xD7AF)
    return native >= 15


def main(mirror: str) -> None:
    rows = []
    for repo, licence, lic_path, lang, paths in SOURCES:
        snap = Path(mirror) / repo.replace("/", "+") / "repo"
        commit = git(snap, "rev-parse", "HEAD").strip()
        lic_file = f"licences/{repo.replace('/', '+')}.txt"
        (HERE / lic_file).write_text(git(snap, "show", f"{commit}:{lic_path}"), encoding="utf-8")
        for path in paths:
            text = git(snap, "show", f"{commit}:{path}").replace("\r\n", "\n")
            plang = lang_of(path, lang)
            kept = [p for p in sections(text) if keep(p, plang)][:PER_FILE]
            for p in kept:
                rows.append(dict(repo=repo, commit=commit, path=path, licence=licence,
                                 licence_file=lic_file, lang=plang, text=p))
    (HERE / "raw/benign.json").write_text(
        json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(len(rows), "entries")


if __name__ == "__main__":
    main(sys.argv[1])
