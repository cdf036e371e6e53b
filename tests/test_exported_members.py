"""The public API is exactly what ``memdir.__all__`` names, and only the public API (and the
facades of its packages) declares ``__all__``."""

from __future__ import annotations

import ast
import types
from pathlib import Path

import memdir

PUBLIC = {  # modules whose names are part of the public API
    "__init__.py",
    "testing.py",
    "interop/__init__.py",
    "sessions/__init__.py",
    "pipeline/__init__.py",
    "guard/__init__.py",
}


def test_all_imports_are_exported() -> None:
    names = sorted(
        name
        for name, value in vars(memdir).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    )
    assert memdir.__all__ == names


def test_every_exported_name_is_there() -> None:
    import importlib

    for name in ("memdir", "memdir.interop", "memdir.sessions", "memdir.pipeline", "memdir.guard"):
        package = importlib.import_module(name)
        missing = [n for n in package.__all__ if not hasattr(package, n)]
        assert missing == [], name


def test_only_the_public_api_declares_all() -> None:
    root = Path(memdir.__file__).parent
    declaring = set()
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text())
        if any(
            isinstance(node, ast.Assign)
            and any(getattr(t, "id", "") == "__all__" for t in node.targets)
            for node in tree.body
        ):
            declaring.add(path.relative_to(root).as_posix())
    assert declaring == PUBLIC
