"""Budgets of the always-loaded text (persona, pinned entries, index, instruction files and
their imports) and the soft warning each gives at a share of its limit, before the hard
refusal. See docs/design/tiers.md."""

from __future__ import annotations

from dataclasses import dataclass

WARN_SHARE = 0.8  # the default ``budget_warning``
SOUL_BUDGET = 8_000  # characters (Agent Commander's 8K; Hermes truncates at 20,000)


@dataclass(frozen=True)
class Budget:
    """One budget: what (``soul``, ``pinned``, ``index``, ``rules``: one instruction file,
    ``imports``: what its ``@`` imports add), its scope, use, limit and file (rules)."""

    kind: str
    scope: str | None
    used: int
    limit: int
    unit: str = "chars"
    name: str = ""

    @property
    def share(self) -> float:
        """Used over limit (1.0 and more: full)."""
        return self.used / self.limit if self.limit else 1.0

    def warning(self, at: float = WARN_SHARE) -> str | None:
        """A sentence when the budget is at or past ``at`` of its limit, else None."""
        if self.share < at:
            return None
        where = f"the {self.scope} scope's " if self.scope else "the "
        what, fix = {
            "soul": ("persona (SOUL.md)", "shorten it"),
            "pinned": ("pinned entries", "unpin or shorten one"),
            "index": ("index", "remove or merge entries"),
            "rules": (f"instruction file {self.name}", "shorten it or split it into rules"),
            "imports": ("imports (@ files) of the instruction files", "import less"),
        }.get(self.kind, (self.kind, "make room"))
        if self.used >= self.limit:
            then = {
                "index": "entries beyond it are left out of the system block",
                "rules": "a larger file is left out of the system block",
                "imports": "further imports are left out of the system block",
            }.get(self.kind, "the next write that grows it is refused")
            fix = f"it is full: {then}; {fix}"
        else:
            fix = f"{fix} before it fills up"
        text = (
            f"{where}{what} at {self.share:.0%} of its budget ({self.used:,} of "
            f"{self.limit:,} {self.unit}): {fix}."
        )
        return text[0].upper() + text[1:]
