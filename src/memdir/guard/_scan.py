"""What :func:`memdir.guard.scan` runs: the detectors, imported on the first scan
(~0.5 s), not when secrets are only redacted (docs/design/guard.md, "Secrets")."""

from __future__ import annotations

import itertools
import re
import unicodedata

from . import (
    _attacks,
    _carry,
    _concepts,
    _decode,
    _deeds,
    _foreign,
    _frames,
    _orders,
    _patterns,
    _quiet,
    _secrets,
    _social,
    _tasks,
    _threats,
    _typos,
)
from ._build import builder, excerpt
from ._clause import Clauses, mentioned
from ._engine import Finding, RuleSet, Text
from ._fold import fold
from ._needles import register
from ._second import SecondOpinion
from ._unicode import find_invisible
from ._wrap import unwrap

# Why each family cannot live in memory: memory is replayed into every later prompt.
_WHY = {
    "injection": "; stored in memory it would act as an instruction in every later session",
    "role-hijack": "; stored in memory it would re-cast the model in every later session",
    "hiding": "; memory has to read the same to the person reviewing it as to the model",
    "exfiltration": "; stored in memory it would push every later session to leak data",
    "persistence": "; stored in memory it would push every later session to run it",
}
_ORDER_WHY = (
    "; stored in memory it would change the agent's rules in every later session; to store "
    "it anyway, keep the preference and leave out the permission, trust or override"
)


@builder
def _model_rules() -> RuleSet:
    return RuleSet(_patterns.rules() + _social.rules() + _attacks.rules())


# Spelled-out text that names a command, a URL or a secret is hiding it from filters.
_SPELLED = re.compile(r"://|curl|wget|bash|powershell|\brm -|ssh|token|password|secret|ignore")
# A host and path with a query slot left open or holding a placeholder, spelled in pieces.
_PIECED_URL = re.compile(
    r"(?<![a-z0-9.-])([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})/\S*?[?&][\w.-]*=(?:$|[\[{<$])"
)
#: What joining quoted pieces can form that no piece holds: only then is the text read again.
_FORMED = ("://", "](", "![", "http", "www.", "@")
_RESCANS = 8  # texts read again per scan, each the whole text (a bound on hostile input)


def _mid_label(pieces: list[str], host: tuple[int, int]) -> bool:
    """Whether a join of ``pieces`` falls inside one of ``host``'s labels (``'rec' +
    'oge.net'``): code splits a URL at its dots and slashes, a payload anywhere."""
    at = 0
    for left, right in itertools.pairwise(pieces):
        at += len(left)
        if host[0] < at < host[1] and left[-1:].isalnum() and right[:1].isalnum():
            return True
    return False


_CIPHER = re.compile(r"\brot-?13\b|\bcaesar\b|\bcipher\b|\brot\d{1,2}\b")
_CIPHER_NEEDLES = frozenset(("rot", "caesar", "cipher"))  # every _CIPHER match holds one
register(_CIPHER_NEEDLES)


# A URL's authority ends at "/", "?" or "#" for curl, Python and httpx, and at a backslash too
# for a browser (WHATWG, special schemes): https://sheets.googleapis.com\@evil.example/x goes to
# evil.example by curl and to Google by a browser. That backslash is kept, so the URL reads
# with a userinfo, whose host no service owns (docs/design/guard.md, "Round 34").
_SPLIT_AUTHORITY = re.compile(r"://[^\s/?#\\]*\\[^\s/?#]*@")


def _slashes(s: str) -> str:
    """``s`` with backslashes folded to "/" (a Windows path is matched as a POSIX one), save
    those in a URL's authority that the tools sending it read differently."""
    if "\\" not in s:
        return s
    out: list[str] = []
    last = 0
    for m in _SPLIT_AUTHORITY.finditer(s):
        out += (s[last : m.start()].replace("\\", "/"), m.group())
        last = m.end()
    out.append(s[last:].replace("\\", "/"))
    return "".join(out)


class _Scan:
    """One text prepared for the detectors: NFKC + folded look-alikes, casefolded."""

    def __init__(self, text: str) -> None:
        folded = fold(text if text.isascii() else unicodedata.normalize("NFKC", text))
        self.nfkc, self.folded = folded.text, folded
        # Windows paths are matched as POSIX ones (%USERPROFILE%\.ssh is ~/.ssh)
        self.hay = Text(_slashes(self.nfkc.casefold()))
        self.clauses = Clauses(self.hay.s, self.hay.found)
        # casefold keeps the length of almost all text; when it does not, show the folded one.
        self.shown = self.nfkc if len(self.hay.s) == len(self.nfkc) else self.hay.s
        self.grey: _orders.Order | None = None

    def finding(self, rule: str, category: str, reason: str, start: int, end: int) -> Finding:
        return Finding(rule, category, reason, excerpt(self.shown, start, end))

    def structural(self) -> Finding | None:
        hit = (
            _threats.detect(self.hay.s, self.clauses)
            or _foreign.detect(self.hay.s, self.clauses)
            or _threats.detect_reads(self.hay.s, self.clauses, self.nfkc)
            or _frames.detect(self.hay, self.clauses)
            or _carry.detect(self.hay.s, self.clauses)
            or _deeds.detect(self.hay.s, self.clauses)
            or _tasks.detect(self.hay.s, self.clauses)
            or _quiet.detect(self.hay.s)
        )
        if hit is not None:
            return self.finding(hit.rule, hit.category, hit.reason, hit.start, hit.end)
        order = _orders.detect(self.hay, self.clauses)
        if order is None or order.score < _orders.BLOCK:  # round 38: by concept
            order = _concepts.detect(self.hay, self.clauses) or order
        if order is None:
            return None
        if order.score < _orders.BLOCK:
            self.grey = order
            return None
        return self.finding(order.rule, "injection", order.reason + _ORDER_WHY, *order.span)

    def rules(self) -> Finding | None:
        hit = _model_rules().first(self.hay)
        if hit is not None and self._told(hit[1]):
            # a quoted example ("phrases such as 'ignore previous instructions'") or an
            # incident told as a story ("Incident report: a README said '…'"): look on
            hit = next((h for h in _model_rules().every(self.hay) if not self._told(h[1])), None)
        if hit is None:
            return None
        rule, m = hit
        reason = rule.reason + _WHY.get(rule.category, "")
        return self.finding(rule.id, rule.category, reason, *m.span())

    def _told(self, m: re.Match[str]) -> bool:
        return mentioned(self.hay.s, m.start()) or self.clauses.story(m.start(), m.end())

    def directed(self) -> Finding | None:
        """The first detector finding, encodings included (secrets and Unicode excepted)."""
        return self.rules() or self.structural() or self.smuggled() or self.disguised()

    def disguised(self) -> Finding | None:
        """A command, package, path or host name spelled with look-alike letters of another
        script (`рiр install rеquеsts`, `@аnthrоpic-ai/…`): no real name is written so."""
        span = self.folded.disguised_name(self.hay.s)
        if span is None:
            return None
        return self.finding(
            "hiding.lookalike-name",
            "hiding",
            "it spells a command, package, path or host name with look-alike letters of "
            f"another script{_WHY['hiding']}; write the name in plain Latin letters",
            *span,
        )

    def smuggled(self) -> Finding | None:
        """Text hidden in an encoding (hex, base64, binary, escapes, Morse), spelled out one
        letter at a time, or shifted by a Caesar cipher."""
        for kind, start, end, decoded in _decode.payloads(self.nfkc):
            if " ".join(decoded.casefold().split()) in " ".join(self.hay.s.split()):
                continue  # a fixture beside its plain text hides nothing the scan did not read
            inner = _Scan(decoded)
            found = inner.structural() or inner.rules()
            what = f" ({found.reason.split(';')[0]})" if found is not None else ""
            return self.finding(
                "hiding.encoded-payload",
                "hiding",
                f"it hides text in {kind} encoding that decodes to {decoded[:40]!r}{what}"
                f"{_WHY['hiding']}; store the decoded text instead",
                start,
                end,
            )
        for start, end, joined in _decode.despaced(self.nfkc):
            inner = _Scan(joined)
            found = inner.structural() or inner.rules()
            if found is not None or _SPELLED.search(inner.hay.s):
                return self.finding(
                    "hiding.encoded-payload",
                    "hiding",
                    f"it spells out {joined[:40]!r} one character at a time"
                    f"{f' ({found.reason.split(chr(59))[0]})' if found else ''}{_WHY['hiding']}",
                    start,
                    end,
                )
        rescans = _RESCANS
        for start, end, pieces in _decode.pieced(self.nfkc):
            joined = "".join(pieces)
            folded = [p.casefold() for p in pieces]
            whole = "".join(folded)
            host = _PIECED_URL.search(whole)
            found = None
            if rescans and any(f in whole and not any(f in p for p in folded) for f in _FORMED):
                rescans -= 1
                inner = _Scan(self.nfkc[:start] + joined + self.nfkc[end:])
                found = inner.structural() or inner.rules()
            if (host is not None and _mid_label(folded, host.span(1))) or (found is not None):
                return self.finding(
                    "hiding.encoded-payload",
                    "hiding",
                    f"it assembles {joined[:40]!r} from quoted pieces"
                    f"{f' ({found.reason.split(chr(59))[0]})' if found else ''}{_WHY['hiding']}",
                    start,
                    end,
                )
        cue = (
            bool(self.hay.found.present(_CIPHER_NEEDLES)) and _CIPHER.search(self.hay.s) is not None
        )
        for shift in _decode.caesar_shifts(self.hay.words(), cue):
            inner = _Scan(_decode.unshift(self.hay.s, shift))
            found = inner.rules() or inner.structural()
            if found is not None:
                return self.finding(
                    "hiding.encoded-payload",
                    "hiding",
                    f"it hides an instruction in a Caesar cipher (shift {shift}) that reads "
                    f"{found.excerpt!r} ({found.reason.split(';')[0]}){_WHY['hiding']}",
                    0,
                    len(self.hay.s),
                )
        return None


def _wrapped(text: str, prepared: _Scan) -> Finding | None:
    """What the detectors find once hard-wrapped lines are joined (``忽略之前的\\n所有指令``):
    read after the text as written, so joining never loses what the lines showed."""
    joined = unwrap(text)
    if joined == text:
        return None
    again = _Scan(joined)
    found = again.directed()
    prepared.grey = prepared.grey or again.grey
    return found


def _respelled(text: str, prepared: _Scan) -> Finding | None:
    """What the detectors find once one-letter typos in key words are mended
    (``Ignore your previous iunstructions``): read only when the text has such a typo."""
    mended = _typos.respelled(prepared.nfkc, prepared.hay)
    return None if mended is None else _Scan(mended).directed()


def scan(
    text: str, *, allow_secrets: bool = False, second_opinion: SecondOpinion | None = None
) -> Finding | None:
    """:func:`memdir.guard.scan`, once the detectors are imported."""
    found = find_invisible(text)
    if found is not None:
        return found
    prepared = _Scan(text)
    found = prepared.directed() or _wrapped(text, prepared) or _respelled(text, prepared)
    if found is not None:
        return found
    if not allow_secrets:
        secrets = _secrets.find(prepared.nfkc, prepared.hay)
        if secrets:
            return _secrets.finding(prepared.nfkc, secrets[0])
    grey = prepared.grey
    if grey is not None and second_opinion is not None:
        return second_opinion.judge(
            text, prepared.finding(grey.rule, "injection", grey.reason, *grey.span)
        )
    return None
