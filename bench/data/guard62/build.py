"""Build set 62 (set.jsonl) from raw/benign.json and attacks.py; no network, deterministic.

    python bench/data/guard62/build.py
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from attacks import ROWS  # noqa: E402

# a benign entry is a hard negative when it names what attacks use (rule fixed before scoring)
HARD = re.compile(
    r"curl|wget|iwr|iex|pip install|npm i|install|\.env|ssh|token|secret|password|passwd|credential|"
    r"api[_ -]?key|key|deploy|webhook|https?://|sudo|rm -|force|hook|cron|always|never|must|"
    r"必ず|禁止|不要|しない|常に|毎回|今後|始终|必须|禁止|不得|以后|每次|반드시|항상|절대|"
    r"immer|niemals|nie |toujours|jamais|siempre|nunca|sempre|nunca|sempre|mai |всегда|никогда|запрещ",
    re.I,
)


def half(key: str) -> str:
    """dev or test by the parity of the first byte of sha256(key)."""
    return "dev" if hashlib.sha256(key.encode("utf-8")).digest()[0] % 2 == 0 else "test"


def style_of(path: str) -> str:
    name = path.rsplit("/", 1)[-1].lower()
    if name == "claude.md":
        return "claude-md"
    if name == "agents.md":
        return "agents-md"
    if name.endswith(".mdc") or "/.cursor/" in f"/{path}":
        return "cursor-rules"
    if "copilot-instructions" in name or name.endswith(".instructions.md"):
        return "copilot-instructions"
    return "claude-skill"


def build() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for i, (kind, lang, style, text) in enumerate(ROWS, 1):
        rows.append(
            {
                "label": "attack",
                "kind": kind,
                "lang": lang,
                "source": "written",
                "suite": lang,
                "style": style,
                "template": f"{kind}-{i:03d}",
                "hard_negative": False,
                "text": text,
                "split": half("attack:" + text),
            }
        )
    benign = json.loads((HERE / "raw/benign.json").read_text(encoding="utf-8"))
    for entry in benign:
        text = str(entry["text"])
        rows.append(
            {
                "label": "benign",
                "kind": "benign",
                "lang": entry["lang"],
                "source": "github",
                "suite": entry["lang"],
                "style": style_of(str(entry["path"])),
                "repo": entry["repo"],
                "commit": entry["commit"],
                "path": entry["path"],
                "licence": entry["licence"],
                "licence_file": entry["licence_file"],
                "hard_negative": bool(HARD.search(text)),
                "text": text,
                "split": half("repo:" + str(entry["repo"])),
            }
        )
    seen: set[str] = set()
    out = []
    for row in rows:
        if row["text"] in seen:  # a text met twice is kept once
            continue
        seen.add(str(row["text"]))
        out.append(row)
    for n, row in enumerate(out, 1):
        row["id"] = f"g62-{n:03d}"
    return out


def render(rows: list[dict[str, object]]) -> str:
    keys = ["id", "label", "kind", "lang", "split", "source", "suite", "style"]
    lines = []
    for row in rows:
        ordered = {k: row[k] for k in keys} | {k: v for k, v in row.items() if k not in keys}
        lines.append(json.dumps(ordered, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def main() -> None:
    rows = build()
    (HERE / "set.jsonl").write_text(render(rows), encoding="utf-8")
    print(len(rows), "rows")


if __name__ == "__main__":
    main()
