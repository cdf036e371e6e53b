"""The public API is exactly what ``memdir.__all__`` names, and only the public API (and the
facades of its packages) declares ``__all__``."""

from __future__ import annotations

import ast
import re
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


def test_the_error_tree_drawn_in_errors_py_is_the_class_tree() -> None:
    """``core/errors.py`` draws its tree in the docstring (as httpx does); every class is
    drawn under its real base, and nothing is drawn that does not exist."""
    from memdir.core import errors

    drawn: dict[str, str] = {}
    tree = (errors.__doc__ or "").split("    MemdirError\n", 1)[1]
    for line in tree.splitlines():
        parent, last = "MemdirError", "MemdirError"
        found = list(re.finditer(r"\w+Error", line))
        for i, match in enumerate(found):
            between = line[found[i - 1].end() : match.start()] if i else ""
            if "──" in between and i:
                parent = last
            drawn[match.group()] = parent
            last = match.group()
    real = {
        name: cls.__bases__[0].__name__
        for name, cls in vars(errors).items()
        if isinstance(cls, type) and issubclass(cls, errors.MemdirError)
        if cls is not errors.MemdirError
    }
    assert drawn == real
