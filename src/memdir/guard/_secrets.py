"""Hard-coded secrets: provider keys, private keys, JWTs, bearer tokens, password values.

Memory is copied into prompts, logs and git history, so a key written there leaks
everywhere. Agent writes containing one are refused; the background extractor redacts
instead (``[REDACTED:<kind>]``), because it summarises transcripts the user already has.
Patterns run case-sensitively on the NFKC text: key formats are case-significant.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from ._engine import Finding, Rule, RuleSet, Text

__all__ = ["SecretMatch", "find", "rules"]

_PLACEHOLDER = re.compile(
    r"^(?:<[^>]*>|\$\{?[A-Za-z_]\w*\}?|\{\{?[^}]*\}?\}|%\(?\w+\)?s?|\[[^\]]*\])$"
    r"|(?i:x{3,}|\*{3,}|\.{3}|changeme|change_me|example|sample|dummy|placeholder|redacted|"
    r"your[_-]?|my[_-]?|secret_here|password_here|fake|test|todo|none|null|true|false|"
    r"os\.environ|getenv|env\[|process\.env|settings\.|config\.|vault)"
)


@dataclass(frozen=True)
class SecretMatch:
    """Where a secret sits in the scanned text and what kind it is."""

    kind: str
    start: int
    end: int


def _real_value(m: re.Match[str]) -> bool:
    """A ``password=…`` value that looks like a real secret, not a placeholder or variable."""
    value = m.group("value")
    if _PLACEHOLDER.search(value) or len(set(value)) < 4 or any(c in value for c in "()[]{}<>"):
        return False  # placeholders, variables and code expressions
    letters = any(c.isalpha() for c in value)
    digits = any(c.isdigit() for c in value)
    symbols = any(c in "!@#$%^&*+=?~|:" for c in value)
    return letters and (digits or symbols)


def _has_digit_and_letter(m: re.Match[str]) -> bool:
    token = m.group("value")
    return any(c.isdigit() for c in token) and any(c.isalpha() for c in token)


def _rule(
    kind: str,
    what: str,
    anchors: tuple[str, ...],
    pattern: str,
    accept: Callable[[re.Match[str]], bool] | None = None,
) -> Rule:
    reason = f"it contains what looks like {what}; memory ends up in prompts, logs and history"
    return Rule(f"secret.{kind}", "secret", reason, anchors, pattern, accept=accept, folded=False)


# A JWT header is base64url of '{"' + a letter: "eyJ" and one of these characters.
_JWT_ANCHORS = tuple(f"eyj{c}" for c in "hijklmnopqrstuvwxyz0123456")


@functools.cache
def ruleset() -> RuleSet:
    """The secret rules compiled for gating."""
    return RuleSet(rules())


@functools.cache
def rules() -> tuple[Rule, ...]:
    """Secret detectors, most specific first (built on first use)."""
    return (
        _rule(
            "private-key",
            "a private key block",
            ("-----begin ",),
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----\s*(?:[\w-]+: [^\n]*\n\s*)*"
            r"[A-Za-z0-9+/=\s]{24,}",
        ),
        _rule(
            "aws-key",
            "an AWS access key",
            ("akia", "asia", "abia", "acca"),
            r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b",
        ),
        _rule(
            "aws-secret",
            "an AWS secret access key",
            ("aws_secret", "secretaccesskey", "secret_access_key"),
            r"(?i:aws_?secret_?access_?key|secretaccesskey)[\"']?\s*[:=]\s*[\"']?"
            r"(?P<value>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])",
        ),
        _rule(
            "github-token",
            "a GitHub token",
            ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
            r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{60,})\b",
        ),
        _rule(
            "anthropic-key", "an Anthropic API key", ("sk-ant-",), r"\bsk-ant-[A-Za-z0-9_-]{20,}"
        ),
        _rule(
            "openai-key",
            "an OpenAI API key",
            ("sk-",),
            r"\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}",
            accept=lambda m: sum(c.isdigit() for c in m.group()) >= 2,
        ),
        _rule(
            "slack-token",
            "a Slack token or webhook",
            ("xoxa-", "xoxb-", "xoxo-", "xoxp-", "xoxr-", "xoxs-", "hooks.slack.com"),
            r"\bxox[abposr]-[A-Za-z0-9-]{10,}|https://hooks\.slack\.com/services/"
            r"T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]+",
        ),
        _rule("google-key", "a Google API key", ("aiza",), r"\bAIza[0-9A-Za-z_-]{35}(?![\w-])"),
        _rule(
            "stripe-key",
            "a Stripe secret key",
            ("sk_live_", "rk_live_"),
            r"\b[rs]k_live_[0-9a-zA-Z]{24,}",
        ),
        _rule(
            "jwt",
            "a JSON Web Token",
            _JWT_ANCHORS,
            r"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}",
        ),
        _rule(
            "bearer-token",
            "a bearer token",
            ("bearer ",),
            r"\b[Bb](?:earer|EARER)\s+(?P<value>[A-Za-z0-9._~+/-]{20,}=*)",
            accept=_has_digit_and_letter,
        ),
        _rule(
            "connection-string",
            "a database URL with a password",
            ("postgres", "mysql", "mariadb", "mongodb", "redis", "amqp", "mssql"),
            r"\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql)"
            r"://[^:\s/@]+:(?P<value>[^@\s/]{6,})@",
            accept=_real_value,
        ),
        _rule(
            "password",
            "a password or API key written out in full",
            ("pass", "pwd ", "secret", "token", "api ", "apikey", "private"),
            r"(?i:(?<![a-z0-9:/*-])(?:password|passwd|passphrase|pwd|pass|secret|client_secret|"
            r"api[_-]?key|apikey|access[_-]?token|auth[_-]?token|secret[_-]?key|private[_-]?key|"
            r"token))[\"']?[ \t]*(?::=|=>|[:=])[ \t]*[\"'`]?(?P<value>[^\s\"'`,;)}\]:]"
            r"[^\s\"'`,;)}\]]{5,})",
            accept=_real_value,
        ),
    )


def find(text: str, hay: Text | None = None) -> list[SecretMatch]:
    """Every secret in ``text``, in order, without overlaps.

    ``hay`` may pass the already tokenised casefolded text (same offsets) to reuse.
    """
    if hay is None or len(hay.s) != len(text):
        folded = text.casefold()
        if len(folded) != len(text):  # offsets would not line up; gate on the text itself
            folded = text.lower() if len(text.lower()) == len(text) else text
        hay = Text(folded)
    found: list[SecretMatch] = []
    for rule, m in ruleset().every(hay, target=text):
        kind = rule.id.removeprefix("secret.")
        start, end = m.span("value") if "value" in m.groupdict() else m.span()
        if not any(s.start < end and start < s.end for s in found):
            found.append(SecretMatch(kind, start, end))
    found.sort(key=lambda s: s.start)
    return found


def mask(value: str) -> str:
    """Enough of a secret to recognise it in an error message, never the secret itself."""
    return value[:4] + "…" if len(value) > 8 else "…"


def finding(text: str, match: SecretMatch) -> Finding:
    """A Finding for one secret, with the value masked in the excerpt."""
    rule = next(r for r in rules() if r.id == f"secret.{match.kind}")
    lo = max(0, match.start - 24)
    shown = " ".join((text[lo : match.start] + mask(text[match.start : match.end])).split())
    return Finding(rule.id, rule.category, rule.reason, shown[-60:])
