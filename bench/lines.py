"""Lines of ``src/memdir`` per package at one or more git revisions: all lines, and code
(no blank lines, comments or docstrings). ``python bench/lines.py f828765 HEAD``"""

from __future__ import annotations

import argparse
import ast
import collections
import io
import subprocess
import tokenize


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def _code_lines(src: str) -> int:
    docs: set[int] = set()
    for node in ast.walk(ast.parse(src)):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = body[0] if body else None
            constant = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            if constant and isinstance(first.value.value, str):  # type: ignore[union-attr]
                docs.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))  # type: ignore[union-attr]
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    lines: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type not in skip and tok.type != tokenize.ENDMARKER:
            lines.update(n for n in range(tok.start[0], tok.end[0] + 1) if n not in docs)
    return len(lines)


def count(rev: str) -> dict[str, tuple[int, int]]:
    """``{package: (lines, code lines)}`` at ``rev``."""
    out: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    for path in _git("ls-tree", "-r", "--name-only", rev, "--", "src/memdir").split():
        if path.endswith(".py"):
            src = _git("show", f"{rev}:{path}")
            parts = path.split("/")
            key = parts[2] if len(parts) > 3 else "(root)"
            out[key][0] += src.count("\n")
            out[key][1] += _code_lines(src)
    return {k: (v[0], v[1]) for k, v in out.items()}


def main(revs: list[str]) -> None:
    counts = [count(rev) for rev in revs]
    keys = sorted({k for c in counts for k in c})
    print("package".ljust(12) + "".join(f"{rev[:12]:>26}" for rev in revs))
    for key in [*keys, "total"]:
        cells = []
        for c in counts:
            lines, code = (
                (sum(v[0] for v in c.values()), sum(v[1] for v in c.values()))
                if key == "total"
                else c.get(key, (0, 0))
            )
            cells.append(f"{lines:>12,} ({code:>7,} code)")
        print(key.ljust(12) + "".join(f"{cell:>26}" for cell in cells))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("revs", nargs="*", default=["HEAD"], help="git revisions (default HEAD)")
    main(parser.parse_args().revs)
