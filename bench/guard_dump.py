"""Every guard verdict on every text the benchmarks and guard tests hold, one JSON line each.

    python bench/guard.py --dump-verdicts FILE     # or: python bench/guard_dump.py FILE

A speed change to ``memdir.guard`` must leave this file byte-identical: dump with main's code,
dump with the change, ``cmp`` the two. Each line holds what :func:`memdir.guard.scan` returns
(rule, category, reason, excerpt) with and without ``allow_secrets``, and what
``redact_secrets`` makes of the text (hashed for a test half's rows, :data:`TEST`). Texts: the
own sets (``bench/data/guard*`` but a sealed one, ``SEALED`` in ``bench/guard.py``), every
string in ``../shared/bench/injection``, the real memory texts (the test halves of
``real_memory2``, ``real_memory3`` and ``real_memory4`` hashed like an own set's),
``tests/fixtures/real`` (whole files and entries), every string literal in
``tests/test_guard*.py``, adjacent pairs and halves of the corpus texts, bodies of 1 and
64 KiB as ``bench/guard.py`` times them, and each of ``tests/test_guard.py``'s hostile units
repeated to 1 and 64 KiB.
"""

from __future__ import annotations

import ast
import hashlib
import json
import sys
from collections.abc import Iterable, Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

from memdir.guard import Finding, redact_secrets, scan

ROOT = Path(__file__).resolve().parents[1]
#: Marks a row of an own set's test half (and a pair, half or upper-cased copy of one): its
#: reasons, excerpts and redacted text are written as hashes, so a diff of dumps still shows
#: a moved verdict but never the text of a half nobody may tune on.
TEST = " (test half)"


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _literals(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value:
            yield node.value


def _hostile_units() -> list[str]:
    """``HOSTILE_UNITS`` from tests/test_guard.py, read without importing the test module."""
    tree = ast.parse((ROOT / "tests/test_guard.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "HOSTILE_UNITS":
            return [str(v) for v in ast.literal_eval(node.value)]
    raise LookupError("HOSTILE_UNITS not found in tests/test_guard.py")


def texts(given: Path) -> Iterator[tuple[str, str]]:
    """(label, text) for every input, in a fixed order."""
    sys.path.insert(0, str(ROOT / "bench"))
    from guard import HELD_OUT, OWN, SEALED, harness_corpus, sized

    sealed = {OWN[name].parent for name in SEALED}  # judged by counts only, never dumped
    corpus: list[tuple[str, str]] = []
    for folder in sorted(ROOT.glob("bench/data/guard*")):
        if not (folder / "set.jsonl").exists() or folder in sealed:  # guard_probes: loose
            continue
        for r in _jsonl(folder / "set.jsonl"):
            test = TEST if r.get("split") == "test" else ""
            corpus.append((f"{folder.name}:{r['id']}{test}", str(r["text"])))
    for path in sorted(given.glob("*.json*")) if given.is_dir() else []:
        if path.suffix == ".jsonl":
            items = [s for r in _jsonl(path) for s in _strings(r.get("text"))]
        else:
            items = list(_strings(json.loads(path.read_text(encoding="utf-8"))))
        corpus += [(f"given/{path.name}#{i}", s) for i, s in enumerate(items)]
    real = ROOT / "bench/data/real_memory/texts.jsonl"
    corpus += [(f"real:{r['id']}", str(r["text"])) for r in _jsonl(real)]
    corpus += [(str(r["id"]), str(r["text"])) for r in harness_corpus()]
    # the held-out sets last, in the order they came, so the rows before each pair and
    # upper-case as before it came
    for _, short, held in HELD_OUT:
        for r in _jsonl(held) if held.exists() else []:
            test = TEST if r["half"] == "test" else ""
            corpus.append((f"{short}:{r['id']}{test}", str(r["text"])))
    yield from corpus
    for path in sorted((ROOT / "tests/fixtures/real").rglob("*")):
        if path.is_file() and path.suffix in (".md", ".txt"):
            yield f"file:{path.relative_to(ROOT)}", path.read_text("utf-8", errors="replace")
    for path in sorted((ROOT / "tests").glob("test_guard*.py")):
        for i, s in enumerate(_literals(path)):
            yield f"literal:{path.name}#{i}", s
    for i, ((a, x), (b, y)) in enumerate(pairwise(corpus)):
        yield f"pair:{a}{TEST if b.endswith(TEST) and not a.endswith(TEST) else ''}", f"{x}\n{y}"
        yield f"half:{a}", x[: len(x) // 2]
        if i % 7 == 0:
            yield f"upper:{a}", x.upper()
    rows = _jsonl(ROOT / "bench/data/guard/set.jsonl")
    benign = [str(r["text"]) for r in rows if r["label"] == "benign"]
    for size in (1024, 4096, 65536):
        yield f"sized:{size}", sized(benign, size)
        yield f"sized-all:{size}", sized([str(r["text"]) for r in rows], size)
    for unit in _hostile_units():
        for size in (1024, 65536):
            yield f"hostile:{size}:{unit!r}", unit * (size // len(unit))


def _finding(found: Finding | None, hide: bool = False) -> list[str] | None:
    if found is None:
        return None
    if hide:  # a reason may quote what it decoded (base64, tags): hashed with the excerpt
        return [found.rule, found.category, _hidden(found.reason), _hidden(found.excerpt)]
    return [found.rule, found.category, found.reason, found.excerpt]


def _hidden(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def dump(out: Path, given: Path) -> int:
    """Write the verdicts to ``out``; return how many texts were scanned."""
    return write(out, texts(given))


def write(out: Path, labelled: Iterable[tuple[str, str]]) -> int:
    """Write the verdicts on ``(label, text)`` pairs to ``out``; return how many."""
    n = 0
    with out.open("w", encoding="utf-8") as f:
        for label, text in labelled:
            redacted, hide = redact_secrets(text), label.endswith(TEST)
            row = {
                "id": label,
                "sha": _hidden(text)[7:],
                "scan": _finding(scan(text), hide),
                "allow_secrets": _finding(scan(text, allow_secrets=True), hide),
                "redacted": None if redacted == text else _hidden(redacted) if hide else redacted,
            }
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
            n += 1
    return n


if __name__ == "__main__":
    import argparse

    from guard import given_default

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", type=Path, help="where to write the verdicts (JSON lines)")
    print(dump(parser.parse_args().file, given_default()), "texts")
