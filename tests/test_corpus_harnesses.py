"""Real harness files beyond instruction trees (tests/fixtures/real, see its INDEX.md):
nested ``.claude/rules`` loaded as Claude Code loads them when a file is touched, real
Codex memory folders and real Hermes homes imported as their harness reads them.

What each harness does is written here from its sources (Claude Code's memory docs and
rule loader, codex-rs/core/src/memories, hermes-agent tools/memory_tool.py), not from
memdir's code."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_corpus import REAL, _open, _rule, _text, materialize, person  # noqa: F401

# -- Claude Code: path-scoped rules in sub-folders -----------------------------------------

MONO = "louisbrulenaudet__monorepo-template"
EVENTUM = "eventum-generator__eventum"
FRONT = [  # `apps/front-*/src/**/*.{ts,tsx[,css]}`: Claude Code expands the braces
    "frontend/frontend-architecture.md",
    "frontend/react.md",
    "frontend/tailwind.md",
    "frontend/tanstack-query.md",
    "frontend/tanstack-router.md",
]
QUALITY = ["quality/code-style.md", "quality/naming.md"]  # `apps/**/*.{ts,tsx}`
WORKER = ["backend/hono-gateway.md", "backend/workers-cache.md", "backend/workers-config.md"]
CASES = [
    (MONO, None, ["core/guardrails.md"]),  # `---`/`---`: no paths, loaded at start
    (MONO, "apps/front-app/src/routes/index.tsx", ["core/guardrails.md", *FRONT, *QUALITY]),
    (MONO, "apps/front-app/src/styles.css", ["core/guardrails.md", FRONT[0], FRONT[2]]),
    (MONO, "apps/worker-api/src/index.ts", ["core/guardrails.md", *WORKER, *QUALITY]),
    (
        MONO,
        "apps/worker-api/wrangler.jsonc",
        ["core/guardrails.md", *WORKER[1:], "backend/ports.md"],
    ),
    (
        MONO,
        "packages/typescript-config/base.json",
        ["core/guardrails.md", "quality/typescript-config.md"],
    ),
    (EVENTUM, None, []),
    (
        EVENTUM,
        "eventum/plugins/event/plugins/jinja/plugin.py",
        [
            "backend/exceptions.md",
            "backend/logging.md",
            "backend/plugins.md",
            "backend/plugins/event.md",
        ],
    ),
    (EVENTUM, "eventum/ui/src/pages/Main.tsx", ["frontend/ui.md"]),  # `*.{ts,tsx}`
    (EVENTUM, "docs/content/blog/post.mdx", []),  # `../docs/**` is above the repository
]


@pytest.mark.usefixtures("person")
@pytest.mark.parametrize(("fixture", "touched", "expected"), CASES)
def test_nested_rules_load_when_their_files_are_touched(
    fixture: str, touched: str | None, expected: list[str], tmp_path: Path
) -> None:
    root = materialize(REAL / fixture, tmp_path / "checkout").resolve()
    md = _open(tmp_path, root)
    found, notes = md.instructions(paths=[touched] if touched else None)
    rules_dir = root / ".claude" / "rules"
    rules = [i for i in found if i.kind == "rule" and rules_dir in i.path.parents]
    names = [i.path.relative_to(rules_dir).as_posix() for i in rules]
    assert sorted(names) == sorted(expected)
    assert len(names) == len(set(names))  # each rule once
    for item in rules:  # the body as written, front matter dropped
        assert item.text.strip("\n") == _rule(_text(item.path))[0]
    every = {p.relative_to(rules_dir).as_posix() for p in rules_dir.rglob("*.md")}
    skipped = {
        Path(n.subject).relative_to(rules_dir).as_posix()
        for n in notes
        if "only for paths" in n.reason
    }
    assert skipped == every - set(expected)  # the others are named as left out, not lost
