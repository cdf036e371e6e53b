"""Hard-coded secrets: provider keys, private keys, JWTs, bearer tokens, password values.

Memory is copied into prompts, logs and git history, so a key written there leaks
everywhere. Agent writes containing one are refused; the background extractor redacts
instead (``[REDACTED:<kind>]``), because it summarises transcripts the user already has.
Patterns run case-sensitively on the NFKC text: key formats are case-significant.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ._engine import Finding, Rule, Text, search

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
    if _PLACEHOLDER.search(value) or len(set(value)) < 4:
        return False
    classes = sum((
        any(c.islower() for c in value),
        any(c.isupper() for c in value),
        any(c.isdigit() for c in value),
        any(not c.isalnum() for c in value),
    ))
    return classes >= 2 and (len(value) >= 8 or classes >= 3)


def _has_digit_and_letter(m: re.Match[str]) -> bool:
    token = m.group("value")
    return any(c.isdigit() for c in token) and any(c.isalpha() for c in token)


def _rule(kind: str, what: str, anchors: tuple[str, ...], pattern: str, **kw: object) -> Rule:
    reason = f"it contains what looks like {what}; memory ends up in prompts, logs and history"
    return Rule(f"secret.{kind}", "secret", reason, anchors, pattern, **kw)  # type: ignore[arg-type]


@functools.cache
def rules() -> tuple[Rule, ...]:
    """Secret detectors, most specific first (built on first use)."""
    return (
        _rule("private-key", "a private key block", ("-----BEGIN",),
              r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"),
        _rule("aws-key", "an AWS access key", ("AKIA", "ASIA", "ABIA", "ACCA"),
              r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"),
        _rule("aws-secret", "an AWS secret access key",
              ("aws_secret", "AWS_SECRET", "SecretAccessKey", "secret_access_key"),
              r"(?i:aws_?secret_?access_?key|secretaccesskey)[\"']?\s*[:=]\s*[\"']?"
              r"(?P<value>[A-Za-z0-9/+=]{40})\b"),
        _rule("github-token", "a GitHub token", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_",
                                                   "github_pat_"),
              r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{60,})\b"),
        _rule("anthropic-key", "an Anthropic API key", ("sk-ant-",),
              r"\bsk-ant-[A-Za-z0-9_-]{20,}"),
        _rule("openai-key", "an OpenAI API key", ("sk-",),
              r"\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}",
              accept=lambda m: sum(c.isdigit() for c in m.group()) >= 2),
        _rule("slack-token", "a Slack token or webhook", ("xox", "hooks.slack.com"),
              r"\bxox[abposr]-[A-Za-z0-9-]{10,}|https://hooks\.slack\.com/services/"
              r"T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]+"),
        _rule("google-key", "a Google API key", ("AIza",), r"\bAIza[0-9A-Za-z_-]{35}\b"),
        _rule("stripe-key", "a Stripe secret key", ("sk_live_", "rk_live_"),
              r"\b[rs]k_live_[0-9a-zA-Z]{24,}"),
        _rule("jwt", "a JSON Web Token", ("eyJ",),
              r"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}"),
        _rule("bearer-token", "a bearer token", ("Bearer", "bearer", "BEARER"),
              r"\b[Bb](?:earer|EARER)\s+(?P<value>[A-Za-z0-9._~+/-]{20,}=*)",
              accept=_has_digit_and_letter),
        _rule("connection-string", "a database URL with a password",
              ("://",),
              r"\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql)"
              r"://[^:\s/@]+:(?P<value>[^@\s/]{6,})@",
              accept=_real_value),
        _rule("password", "a password or API key written out in full",
              ("pass", "PASS", "Pass", "pwd", "PWD", "secret", "SECRET", "Secret", "token",
               "TOKEN", "Token", "key", "KEY", "Key"),
              r"(?i:\b(?:password|passwd|passphrase|pwd|pass|secret|client_secret|api[_-]?key|"
              r"apikey|access[_-]?token|auth[_-]?token|secret[_-]?key|private[_-]?key|token))"
              r"[\"']?\s*(?::=|=>|[:=])\s*[\"'`]?(?P<value>[^\s\"'`,;)}\]]{6,})",
              accept=_real_value),
    )


def find(text: str) -> list[SecretMatch]:
    """Every secret in ``text``, in order, without overlaps."""
    hay = Text(text)
    found: list[SecretMatch] = []
    for rule in rules():
        kind = rule.id.removeprefix("secret.")
        for m in _all_matches(rule, hay):
            start, end = (m.start("value"), m.end("value")) if "value" in m.groupdict() else (
                m.start(), m.end()
            )
            if not any(s.start < end and start < s.end for s in found):
                found.append(SecretMatch(kind, start, end))
    found.sort(key=lambda s: s.start)
    return found


def _all_matches(rule: Rule, hay: Text) -> list[re.Match[str]]:
    """All accepted matches of a rule (``search`` only returns the first)."""
    if search(rule, hay) is None:
        return []
    return [m for m in rule.regex().finditer(hay.s) if rule.accept is None or rule.accept(m)]


def mask(value: str) -> str:
    """Enough of a secret to recognise it in an error message, never the secret itself."""
    return value[:4] + "…" if len(value) > 8 else "…"


def finding(text: str, match: SecretMatch) -> Finding:
    """A Finding for one secret, with the value masked in the excerpt."""
    rule = next(r for r in rules() if r.id == f"secret.{match.kind}")
    lo = max(0, match.start - 24)
    shown = " ".join((text[lo : match.start] + mask(text[match.start : match.end])).split())
    return Finding(rule.id, rule.category, rule.reason, shown[-60:])
