"""Rebuild texts.jsonl from public repositories fetched as git mirrors (see README.md).

    python bench/real_memory.py /work/.mirror > bench/data/real_memory/texts.jsonl

Each source file is cut into entry-sized texts the way memdir would store them: Hermes
memory files at their ``§`` delimiters, Markdown at its headings, and a section longer than
``LIMIT`` characters into runs of whole paragraphs (code fences are never split).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from pathlib import Path

LIMIT = 1500
MIN = 40

# (repository, licence, [paths]) — licences checked in each repository's LICENSE file.
SOURCES: list[tuple[str, str, list[str]]] = [
    ("anthropics/claude-code-action", "MIT", ["CLAUDE.md", "base-action/CLAUDE.md"]),
    (
        "pydantic/pydantic-ai",
        "MIT",
        [
            "AGENTS.md",
            "docs/AGENTS.md",
            "tests/AGENTS.md",
            "pydantic_ai_slim/pydantic_ai/AGENTS.md",
            "pydantic_ai_slim/pydantic_ai/models/AGENTS.md",
            "pydantic_ai_slim/pydantic_ai/ui/AGENTS.md",
            ".github/workflows/AGENTS.md",
        ],
    ),
    (
        "mem0ai/mem0",
        "Apache-2.0",
        [
            "AGENTS.md",
            ".github/AGENTS.md",
            "mem0/AGENTS.md",
            "skills/AGENTS.md",
            "integrations/AGENTS.md",
        ],
    ),
    ("modelcontextprotocol/python-sdk", "MIT", ["CLAUDE.md", "AGENTS.md"]),
    ("openai/openai-agents-python", "MIT", ["AGENTS.md", "CLAUDE.md"]),
    ("browser-use/browser-use", "MIT", ["AGENTS.md", "CLAUDE.md"]),
    ("getzep/graphiti", "Apache-2.0", ["AGENTS.md", "CLAUDE.md"]),
    ("langchain-ai/langgraph", "MIT", ["AGENTS.md", "CLAUDE.md"]),
    ("huggingface/smolagents", "Apache-2.0", ["AGENTS.md"]),
    ("simonw/llm", "Apache-2.0", ["AGENTS.md"]),
    ("AnotherSava/chrome-assistant", "MIT", ["CLAUDE.md"]),
    ("ActorForth/ActorForth", "BSD-3-Clause", [".claude/memory/MEMORY.md", "CLAUDE.md"]),
    (
        "Industrial/nixos-dotfiles",
        "Unlicense",
        [
            ".hermes/memories/MEMORY.md",
            ".hermes/memories/USER.md",
            "features/ai/hermes-agent/.hermes/memories/MEMORY.md",
            "features/ai/hermes-agent/.hermes/memories/USER.md",
            "AGENTS.md",
            "CLAUDE.md",
        ],
    ),
    (
        "jk-kim0/skills-jk",
        "CC0-1.0",
        [".hermes/memories/MEMORY.md", ".hermes/memories/USER.md", "AGENTS.md", "CLAUDE.md"],
    ),
]


def kind(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    if "/memories/" in f"/{path}":
        return "hermes-" + name.removesuffix(".md").lower()
    if ".claude/memory/" in path:
        return "claude-memory"
    return name.removesuffix(".md").lower() + "-md"


def blocks(text: str) -> list[str]:
    """Paragraphs, with fenced code kept whole."""
    out: list[str] = []
    cur: list[str] = []
    fence = False
    for line in text.splitlines():
        if line.strip().startswith("```"):
            fence = not fence
        if not line.strip() and not fence:
            if cur:
                out.append("\n".join(cur))
                cur = []
            continue
        cur.append(line)
    if cur:
        out.append("\n".join(cur))
    return out


def markdown_entries(text: str) -> list[str]:
    sections = re.split(r"(?m)^(?=#{1,4} )", text)
    entries: list[str] = []
    for section in sections:
        chunk = ""
        for block in blocks(section):
            if chunk and len(chunk) + len(block) + 2 > LIMIT:
                entries.append(chunk)
                chunk = ""
            chunk = f"{chunk}\n\n{block}" if chunk else block
        if chunk:
            entries.append(chunk)
    return [e.strip() for e in entries if len(e.strip()) >= MIN]


def hermes_entries(text: str) -> list[str]:
    return [e.strip() for e in re.split(r"(?m)^\s*§\s*$", text) if len(e.strip()) >= MIN]


def main(mirror: Path) -> None:
    n = 0
    for repo, licence, paths in SOURCES:
        git = mirror / repo.replace("/", "+") / "repo"
        commit = subprocess.run(
            ["git", "-C", str(git), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        for path in paths:
            text = subprocess.run(
                ["git", "-C", str(git), "show", f"HEAD:{path}"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            k = kind(path)
            parts = hermes_entries(text) if k.startswith("hermes-") else markdown_entries(text)
            for i, part in enumerate(parts):
                n += 1
                row = {
                    "id": f"real-{n:04d}",
                    "repo": repo,
                    "commit": commit,
                    "path": path,
                    "license": licence,
                    "kind": k,
                    "part": i,
                    "text": part,
                }
                print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "mirror", type=Path, help="folder of git mirrors (owner+name/repo), e.g. /work/.mirror"
    )
    main(parser.parse_args().mirror)
