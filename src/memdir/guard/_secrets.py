"""Hard-coded secrets: provider keys, private keys, JWTs, bearer tokens, password values.
See docs/design/guard.md."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass

from ._build import builder
from ._engine import Finding, Rule, RuleSet, Text
from ._needles import register

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


# An account at a domain reserved for examples (RFC 2606): its password is a fixture's.
_EXAMPLE_ACCOUNT = re.compile(r"@example\.(?:com|org|net)\b|@[\w.-]+\.(?:example|test|invalid)\b")
_ANY_ACCOUNT = re.compile(r"[\w.+-]{1,64}@[\w-]+(?:\.[\w-]+)+")


def _real_value(m: re.Match[str]) -> bool:
    """A ``password=…`` value that looks like a real secret, not a placeholder or variable."""
    value = m.group("value").strip("*_")  # Markdown emphasis ("token: **nest**") is prose
    if _PLACEHOLDER.search(value) or len(set(value)) < 4 or any(c in value for c in "()[]{}<>"):
        return False  # placeholders, variables and code expressions
    line = m.string.rfind("\n", max(0, m.start() - 200), m.start()) + 1
    near = max(line, m.start() - 200)
    accounts = list(_ANY_ACCOUNT.finditer(m.string, near, m.start()))
    if accounts and all(_EXAMPLE_ACCOUNT.search(a.group()) for a in accounts):
        # login(username='user@example.com', password='pass123'); a real address beside it
        # (cc='a@example.com' after username='bob@gmail.com') is no fixture's
        return False
    letters = any(c.isalpha() for c in value)
    digits = any(c.isdigit() for c in value)
    symbols = any(c in "!@#$%^&*+=?~|:" for c in value)
    return letters and (digits or symbols)


# Words that make "my password is …" prose about the password rather than the password.
_PROSE = re.compile(
    r"(?i)\b(?:is|are|was|be|been|not|no|never|in|on|at|to|for|from|with|by|of|the|a|an|and|or|"
    r"it|its|my|our|your|their|this|that|same|as|than|stored|kept|saved|managed|set|handled|"
    r"required|needed|too|very|still|also|only|just|always|usually|somewhere|there|here|"
    r"\w+(?:ed|ing|ly))\b"
)


def _passphrase(m: re.Match[str]) -> bool:
    """A run of plain words is a passphrase ("correct horse battery staple") unless it reads
    as prose ("stored in the vault", "rotated monthly")."""
    return _PROSE.search(m.group("value")) is None


_FIXTURE = re.compile(
    r"(?i)\b(?:fixtures?|test(?:s|ing)?|vectors?|examples?|samples?|dummy|fake|mock)\b"
)


def _not_fixture(m: re.Match[str]) -> bool:
    """A token the note calls a test fixture or sample is data, not a credential."""
    around = m.string[max(0, m.start() - 120) : m.end() + 120]
    return _FIXTURE.search(around.replace(m.group(), " ")) is None


# A comment's leading label in capitals ("// PASS: CORRECT: …", "# PASS: 正確:驗證"): the
# mark a review doc puts on its good example, followed by a second label, not a password.
_COMMENT_LABEL = re.compile(r"(?://+|#+|/\*+|--|;+|\*|<!--)[ \t]*\Z")
_LABEL_WORD = re.compile(r"[^\W\d_]{1,40}:")  # letters only, then a colon


def _not_comment_label(m: re.Match[str]) -> bool:
    """Round 62b: a key in capitals just after a comment marker, whose value is itself a
    label (``CORRECT:``), marks an example; ``// pass: hunter2!`` still counts."""
    s, key_end = m.string, m.start("value")
    line = s.rfind("\n", 0, m.start()) + 1
    labelled = (
        s[m.start() : key_end].rstrip(" \t:=\"'`").isupper()
        and _LABEL_WORD.match(m.group("value")) is not None
        and _COMMENT_LABEL.search(s[max(line, m.start() - 80) : m.start()]) is not None
    )
    return not labelled and _real_value(m)


def _has_digit_and_letter(m: re.Match[str]) -> bool:
    token = m.group("value")
    return any(c.isdigit() for c in token) and any(c.isalpha() for c in token)


def _stripe_value(m: re.Match[str]) -> bool:
    """Round 44: a live key shorter than Stripe's 24 characters is still one (the prefix says
    live) when it is 12 or more of digits, upper and lower case, as Stripe's are; not
    ``sk_live_2024rotation`` nor a truncated ``sk_live_51Hx9aQ2Lk`` (review rveg44)."""
    v = m.group()[8:]
    return len(v) >= 24 or (
        len(v) >= 12 and any(c.isdigit() for c in v) and v.lower() != v and v.upper() != v
    )


def _random40(m: re.Match[str]) -> bool:
    """Round 62: a bare 40-character value beside "aws"/"secret" is an AWS secret access key
    when it reads as random (upper, lower, digits, many distinct characters), not a hex digest
    (one case), a path, a word or base64 of text."""
    v = m.group("value")
    return (
        any(c.isdigit() for c in v)
        and any(c.isupper() for c in v)
        and any(c.islower() for c in v)
        and len(set(v)) >= 20
        and v.count("/") + v.count("+") <= 4
        and _b64_text(v) is None
    )


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


@builder
def ruleset() -> RuleSet:
    """The secret rules compiled for gating."""
    return RuleSet(rules())


@builder
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
            "aws-secret",
            "an AWS secret access key",
            ("aws", "secret", "секрет", "シークレット", "密钥", "시크릿"),
            r"(?i:aws|secret|секрет|シークレット|密钥|시크릿)[^\n]{0,40}?(?<![A-Za-z0-9/+=_-])"
            r"(?P<value>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=_-])",
            accept=_random40,
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
            r"\b[rs]k_live_[0-9a-zA-Z]{10,}",  # no group: the whole key is redacted
            accept=_stripe_value,
        ),
        _rule(
            "jwt",
            "a JSON Web Token",
            _JWT_ANCHORS,
            r"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}",
            accept=_not_fixture,
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
            "a password stated in words",
            (
                "password",
                "passwd",
                "passphrase",
                "passcode",
                "pin ",
                "密码",
                "口令",
                "パスワード",
                "비밀번호",
                "пароль",
                "contraseña",
                "mot de passe",
                "passwort",
                "senha",
            ),
            r"(?i:(?:password|passwd|passphrase|passcode|pin)(?: (?:for|to|of|on) [\w .@/-]{1,40}?"
            r")?"
            r"\s+(?:is|was|will be|=)\s*[:\-]?|密码|口令|パスワード|비밀번호|пароль|contraseña|"
            r"mot de passe|passwort|senha)"
            r"(?:(?:\s*(?:是|为|為|は|는|은|：|:|—|-|es|est|ist|é)\s*)|\s+)"
            r"[\"'`「“]?(?P<value>[\x21-\x7e]{3,}?[^\s,.;:!?)\]}'\"`])(?=[\s,.;:!?)\]}'\"`]|$)",
            accept=_real_value,
        ),
        _rule(
            "password",
            "a passphrase stated in words",
            ("my", "our", "his", "her", "their", "user's", "the"),  # a match starts at its anchor
            r"(?i:\b(?:my|our|user'?s|his|her|their|the)\s+(?:[\w-]+\s+)?(?:password|passphrase|"
            r"passcode)(?:\s+(?:is|was)|\s*[=:])\s*[\"'“]?(?P<value>[a-z]+(?:[ -][a-z]+){2,7})[\"'"
            r"”]?(?=\s*(?:[.,;!)]|$)))",
            accept=_passphrase,
        ),
        _rule(
            "password",
            "a password or API key written out in full",
            ("pass", "pwd ", "secret", "token", "api ", "apikey", "private"),
            r"(?i:(?<![a-z0-9:/*-])(?:password|passwd|passphrase|pwd|pass|secret|client_secret|"
            r"api[_-]?key|apikey|access[_-]?token|auth[_-]?token|secret[_-]?key|private[_-]?key|"
            r"token))[\"']?[ \t]*(?::=|=>|[:=])[ \t]*[\"'`]?(?P<value>[^\s\"'`,;)}\]:]"
            r"[^\s\"'`,;)}\]]{5,})",
            accept=_not_comment_label,
        ),
    )


def find(text: str, hay: Text | None = None) -> list[SecretMatch]:
    """Every secret in ``text``, in order, without overlaps: as written, split across lines
    (``AKIA…`` broken by a line break or a string ``+``), or base64-encoded.

    ``hay`` may pass the already tokenised casefolded text (same offsets) to reuse.
    """
    found = _find(text, hay)
    # a key prefix in ``text`` is one of these literals in the folded text (``hay``)
    hinted = (hay is None or bool(hay.found.present(_KEY_NEEDLES))) and _split_hint(text)
    joined, where = _joined(text) if hinted else (text, [])
    if joined != text:
        for hit in _find(joined):
            start, end = where[hit.start], where[hit.end - 1] + 1
            if not any(f.start < end and start < f.end for f in found):
                found.append(SecretMatch(hit.kind, start, end))
    for run in _B64.finditer(text) if _B64_RUN in _b64_map(text) else ():
        decoded = _b64_text(run.group())
        inner = _find(decoded) if decoded else []
        if inner and not any(f.start < run.end() and run.start() < f.end for f in found):
            found.append(SecretMatch(f"base64-{inner[0].kind}", run.start(), run.end()))
    found.sort(key=lambda s: s.start)
    return found


_SPLIT = re.compile(
    r"([A-Za-z0-9_/+=-])(?:[\"']?[ \t]*\+?[ \t]*\\?\r?\n[ \t>#*-]*[\"']?|[\"'][ \t]*\+[ \t]*[\"'])"
    r"(?=[A-Za-z0-9_/+=-])"
)
# A run of token characters that ends at a line break or a string ``+`` and holds a key
# prefix: only then join lines. Runs never overlap, so the scan is linear.
_SPLIT_RUN = re.compile(
    r"(?<![A-Za-z0-9_/+=-])[A-Za-z0-9_/+=-]++(?=[\"']?[ \t]*+\+?[ \t]*+\\?\r?\n|[\"'][ \t]*+\+)"
)
_KEY_PREFIX = re.compile(
    r"AKIA|ASIA|ABIA|ACCA|gh[pousr]_|github_pat_|sk-|xox[abposr]-|AIza|eyJ|[rs]k_live_"
)

_KEY_NEEDLES = frozenset(
    (
        *("akia", "asia", "abia", "acca", "github_pat_", "sk-", "aiza", "eyj"),
        *(f"gh{c}_" for c in "pousr"),
        *(f"xox{c}-" for c in "abposr"),
        *("rk_live_", "sk_live_"),
    )
)
register(_KEY_NEEDLES)


def _split_hint(text: str) -> bool:
    return any(_KEY_PREFIX.search(run.group()) for run in _SPLIT_RUN.finditer(text))


_B64 = re.compile(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/]{20,}={0,2}(?![A-Za-z0-9+/=_-])")
# Every _B64 match is a run of 20 base64 characters: found first at C speed (bytes.translate
# + find), so a text without one is not tried at every position.
_B64_BYTES = bytes(
    0x61 if chr(b).isascii() and (chr(b).isalnum() or chr(b) in "+/") else 0x20 for b in range(256)
)
_B64_RUN = b"a" * 20


def _b64_map(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass").translate(_B64_BYTES)


def _joined(text: str) -> tuple[str, list[int]]:
    """``text`` with line breaks (and ``" + "`` joins) between two token characters removed,
    and for each character of the result its offset in ``text``."""
    if "\n" not in text and "+" not in text:
        return text, []
    out: list[str] = []
    where: list[int] = []
    last = 0
    for m in _SPLIT.finditer(text):
        keep_end = m.start() + 1  # up to and including the token character
        out.append(text[last:keep_end])
        where.extend(range(last, keep_end))
        last = m.end()
    out.append(text[last:])
    where.extend(range(last, len(text)))
    return "".join(out), where


def _b64_text(run: str) -> str | None:
    """A base64 run decoded, if it decodes to printable ASCII (a key, not an image)."""
    import base64
    import binascii

    try:
        raw = base64.b64decode(run + "=" * (-len(run) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None
    return raw.decode("ascii") if raw and all(32 <= b < 127 for b in raw) else None


def _find(text: str, hay: Text | None = None) -> list[SecretMatch]:
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
    kind = match.kind.removeprefix("base64-")
    rule = next(r for r in rules() if r.id == f"secret.{kind}")
    if kind != match.kind:
        reason = rule.reason.replace("it contains what looks like", "it contains, base64-encoded,")
        rule = dataclasses.replace(rule, id=f"secret.{match.kind}", reason=reason)
    lo = max(0, match.start - 24)
    shown = " ".join((text[lo : match.start] + mask(text[match.start : match.end])).split())
    return Finding(rule.id, rule.category, rule.reason, shown[-60:])
