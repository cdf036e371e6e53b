"""The package's shape: no import cycle, Memdir only in the adapters, a core that stands on
its own, a small package root. Read from the source with ``ast``: every import counts,
also those inside functions and under ``TYPE_CHECKING``."""

from __future__ import annotations

import ast
from pathlib import Path

import memdir

ROOT = Path(memdir.__file__).parent
# The public API, and what turns outside requests into library calls: the CLI, MCP, the
# HTTP server and web page, and the hooks a harness runs (memdir.interop.install).
ADAPTERS = (
    "memdir",
    "memdir.cli",
    "memdir.mcp",
    "memdir.serve",
    "memdir.web",
    "memdir.interop.install",
)
ABOVE_CORE = ("pipeline", "review", "interop", "cli", "mcp", "serve", "engine", "conversation")


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = ["memdir", *path.relative_to(ROOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _reexports(package: str) -> dict[str, str]:
    """The names a package's ``__init__`` imports from its own modules, and from which."""
    tree = ast.parse(MODULES[package].read_text())
    return {
        alias.asname or alias.name: f"{package}.{node.module}"
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module
        for alias in node.names
        if f"{package}.{node.module}" in MODULES
    }


REEXPORTS = {"memdir": _reexports("memdir")}  # ``from memdir import Memdir`` is memdir.engine


def _imports(name: str, *, runtime_only: bool = False, source: str | None = None) -> set[str]:
    """The memdir modules ``name`` imports (a ``from pkg import sub`` counts as ``sub``, a
    name the package re-exports as the module it comes from, and so does ``memdir.Memdir``).
    ``source`` stands in for the module's text."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    skip: set[int] = set()
    tree = ast.parse(path.read_text() if source is None else source)
    if runtime_only:
        for node in ast.walk(tree):
            if _type_checking(node):
                skip.update(id(n) for n in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], node.module or ""])
                base = base.rstrip(".")
            else:
                base = node.module or ""
            for alias in node.names:
                target = f"{base}.{alias.name}"
                found.add(
                    target if target in MODULES else REEXPORTS.get(base, {}).get(alias.name, base)
                )
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            found.add(REEXPORTS.get(node.value.id, {}).get(node.attr, ""))
    found.discard(name)
    return {m for m in found if m in MODULES}


GRAPH = {name: _imports(name) for name in MODULES}


def _cycle() -> list[str] | None:
    """One import cycle, as the modules along it, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = 1
        stack.append(name)
        for nxt in sorted(GRAPH[name]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[name] = 2
        return None

    for name in sorted(MODULES):
        if name not in state and (found := visit(name)):
            return found
    return None


def test_there_is_no_import_cycle() -> None:
    cycle = _cycle()
    assert cycle is None, " -> ".join(cycle or [])


def test_only_the_adapters_import_memdir() -> None:
    importers = sorted(name for name, deps in GRAPH.items() if "memdir.engine" in deps)
    below = [
        n
        for n in importers
        if n not in ADAPTERS and not n.startswith(tuple(f"{a}." for a in ADAPTERS[1:]))
    ]
    assert below == [], f"below the adapters, these import memdir.engine: {below}"
    assert "memdir.cli" in importers or "memdir.cli.app" in importers


def test_the_core_never_reaches_up_at_run_time() -> None:
    upward = {
        name: sorted(d for d in _imports(name, runtime_only=True) if d.split(".")[1] in ABOVE_CORE)
        for name in MODULES
        if name.startswith("memdir.core")
    }
    assert {n: d for n, d in upward.items() if d} == {}


def test_the_package_root_is_small() -> None:
    root = sorted(p.name for p in ROOT.glob("*.py"))
    assert len(root) <= 9, root  # ~8 modules and __main__


def test_the_checks_see_what_they_look_for() -> None:
    """The graph is not empty and holds edges of every kind of import."""
    assert "memdir.core.store" in GRAPH["memdir.core.layers"]  # from .store import …
    assert "memdir.pipeline" in GRAPH["memdir.conversation"]  # under TYPE_CHECKING
    assert "memdir.conversation" in GRAPH["memdir.engine"]  # inside a function
    assert "memdir.pipeline" not in _imports("memdir.conversation", runtime_only=True)
    for text in (  # a re-exported Memdir is still memdir.engine, however it is reached
        "from memdir import Memdir",
        "from .. import Memdir",
        "import memdir\nmemdir.open()",
        "def f():\n    from memdir import open as o",
    ):
        assert "memdir.engine" in _imports("memdir.core.model", source=text), text
