"""The guard's patterns are the same in every process: a verdict must not depend on
PYTHONHASHSEED (an alternation built from a set was ordered by length only)."""

from __future__ import annotations

import os
import subprocess
import sys

_PATTERNS = (
    "import hashlib, re, memdir.guard._vocab as v\n"
    "texts = sorted(f'{k}={x.pattern if isinstance(x, re.Pattern) else x}'\n"
    "               for k, x in vars(v).items() if isinstance(x, str | re.Pattern))\n"
    "print(len(texts), hashlib.sha256('\\n'.join(texts).encode()).hexdigest())\n"
)


def _patterns(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    run = subprocess.run(
        [sys.executable, "-c", _PATTERNS], env=env, capture_output=True, text=True, check=True
    )
    return run.stdout


def test_the_vocabulary_patterns_do_not_depend_on_the_hash_seed() -> None:
    first = _patterns("1")
    assert int(first.split()[0]) > 50  # the module's patterns were read
    assert all(_patterns(seed) == first for seed in ("2", "3", "4"))
