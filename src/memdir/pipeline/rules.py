"""The offline provider: explicit requests and corrections, no model.
See docs/design/pipeline.md."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import hooks
from ..core.marks import MARKS
from ..core.model import DESCRIPTION_MAX, Entry, normalise
from ..core.slug import entry_id
from .answers import Candidate, OpSpec
from .providers import Consolidation, Extraction, Provider
from .transcript import Transcript

_TOKEN = r"[\w.+#@/-]*\w[\w.+#@/-]*"
_LEAD = r"^(?:(?:ok(?:ay)?|also|and|so|please|hey|oh)[,!]?\s+)*"
# "remember that/to/:" — not "remember when…" (a memory) nor "remember, …" (rhetoric)
_REMEMBER = re.compile(
    _LEAD + r"(?:please\s+)?(?:always\s+)?remember(?:\s+that\s+|\s*:\s*|"
    r"\s+to\s+)(?P<x>.+)",
    re.I,
)
_FROM_NOW = re.compile(
    _LEAD + r"(?:from now on|going forward|in future|in the future)[,:]?\s+"
    r"(?P<x>.+)",
    re.I,
)
_NEVER = re.compile(
    r"(?:^|\b)(?:don't|do not|dont)\s+ever\s+(?P<x>.+)|" + _LEAD + r"never\s+ever\s+(?P<y>.+)", re.I
)
_INSTEAD = re.compile(
    rf"\buse\s+(?P<x>{_TOKEN})\s*,?\s+(?:not|instead of|rather than)\s+"
    rf"(?P<y>{_TOKEN})",
    re.I,
)
_SWITCHED = re.compile(
    rf"\bwe(?:'ve|\s+have)?\s+(?:switched|migrated|moved|changed|"
    rf"changed over)\s+(?:over\s+)?(?:from\s+(?P<y>{_TOKEN})\s+)?"
    rf"to\s+(?P<x>{_TOKEN})",
    re.I,
)
_DONT_USE = re.compile(
    rf"\b(?:don't|do not|dont|never|stop)\s+(?:use|using)\s+(?P<y>{_TOKEN})"
    rf"|\bnot\s+(?P<z>{_TOKEN})\s*$",
    re.I,
)
_ZH_REMEMBER = re.compile(r"^(?:请)?记住[，,：:\s]*(?P<x>.+)")
_ZH_FROM_NOW = re.compile(r"^(?:从今以后|今后|以后)[，,\s]*(?P<x>.+)")
_ZH_NEVER = re.compile(r"(?:不要再|别再|不要再次)(?P<x>.+)")
_ZH_SWITCHED = re.compile(rf"我们(?:已经)?改用(?:了)?\s*(?P<x>{_TOKEN}|[^\s，,。]+)")
_ZH_DONT_USE = re.compile(rf"(?:不要|别)(?:再)?用\s*(?P<y>{_TOKEN}|[^\s，,。]+)")
# Japanese, a small lexicon as for Chinese: 覚えておいて：…, 今後は…, 二度と/絶対に…ないで,
# (npm から) yarn に切り替えました; a tool named in ASCII (\w would take the whole unspaced
# sentence before に; a katakana word is as often a plain noun), a verb of switching only
# (変更しました is any change: 設定を true に変更しました); a name starts where a run of its
# characters does (tried from each letter of a 20 KB base64 paste: ~10 s CPU per turn)
_JA_TOOL = r"(?<![A-Za-z0-9.+#@/_-])[A-Za-z0-9][A-Za-z0-9.+#@/_-]*"
_JA_REMEMBER = re.compile(
    r"^(?:ぜひ|これを)?(?:覚えて|記憶して)(?:おいて|おく)?(?:ください|ほしい|ね)?[、，,：:\s]+(?P<x>.+)"
)
_JA_FROM_NOW = re.compile(  # これから alone is "now" (これから会議です): は or a comma needed
    r"^(?:今後|これから|次回から|今度から)(?:は[、，,\s]*|[、，,]\s*)(?P<x>.+)"
)
_JA_NEVER = re.compile(  # 絶対に / 決して with a negative order: never, as 二度と
    r"(?:二度と|絶対に|決して)(?P<x>.+?(?:ないで|ないこと|ないように|するな|禁止).*)"
)
_JA_SWITCHED = re.compile(
    rf"(?:(?P<y>{_JA_TOOL})\s*から\s*)?(?P<x>{_JA_TOOL})\s*(?:に|へ)\s*"
    r"(?:切り替え|切りかえ|移行し|乗り換え)(?:ました|た|ます|る)"
)
_JA_DONT_USE = re.compile(
    rf"(?P<y>{_JA_TOOL})\s*(?:は|を)\s*(?:もう)?(?:使わ|使用し|使用せ)(?:ない|ず)"
)
# "forget that", "forget about X", "you don't need to remember that" — at the start of a
# sentence, so "don't forget to…" (a request to remember) never matches.
_FORGET = re.compile(
    r"^(?:(?:ok(?:ay)?|also|and|so|please|hey|oh|actually|no|nah|wait|sorry|never\s+mind)"
    r"[,!.]?\s+)*(?:please\s+)?(?:(?:just\s+)?forget(?:\s+about)?(?:\s+what\s+i\s+said"
    r"(?:\s+about)?)?|(?:you\s+)?(?:don't|do not|dont|no)\s+need\s+to\s+remember"
    r"|stop\s+remembering)\b[,:]?\s*(?P<x>.*)",
    re.I,
)
_ZH_FORGET = re.compile(
    r"^(?:(?:算了|不对|哦|好吧|那)[，,\s]*)?(?:请|你)?(?:(?:忘掉|忘记|忘了)(?P<x>.*)|把(?P<y>.+?)忘(?:掉|记|了)"
    r"|(?P<z>.*?)(?:不用|不需要|别|不要)(?:再)?记(?:住|着|下来)?(?:了)?(?P<w>.*))"
)
# 「…」の件は忘れて, …を忘れてください, もう覚えなくていい — at the end of a sentence, so
# 忘れないで (don't forget) and 忘れてた (I had forgotten) never match.
_JA_FORGET = re.compile(
    r"^(?:(?:やっぱり|やっぱ|いや|あ|ごめん|すみません|それと|あと)[、，,\s]*)*"
    r"(?:(?P<x>.+?)[、，,\s]*(?:は|を|も)[、，,\s]*)?(?:もう)?"
    r"(?:忘れて(?:ください|下さい|ほしい|欲しい|もいい|いい|くれ)?"
    r"|(?:覚え|記憶し)(?:て)?(?:おか)?なくて(?:も)?(?:いい|大丈夫))"
    r"(?:です|よ|ね)*[。！!\s]*$"
)
_JA_ABOUT = re.compile(r"(?:という|って|の)?(?:件|こと|話)$")
_THAT = re.compile(
    r"^(?:that|this|it|about (?:that|it)|all (?:that|of that)|what i (?:just )?said)?[.!\s]*$"
    r"|^(?:这个|那个|这件事|那件事|刚才说的|我刚才说的|这些|那些)?[了吧啊。！!\s]*$"
    r"|^(?:それ|これ|あれ|今の|さっきの|今言った|さっき言った)?$",
    re.I,
)
_SENTENCES = re.compile(r"(?<=[.!?])\s+|[。！？\n]+")
_CLAUSES = re.compile(r"\s*[,;:—]\s*|\s+-\s+|[，；：]")
_HOW = re.compile(rf"\*\*How to apply:\*\* use (?P<x>{_TOKEN}), not (?P<y>{_TOKEN})\.")


@dataclass(frozen=True)
class _Hit:
    kind: str  # remember, from_now, never, correction, forget
    text: str
    x: str = ""
    y: str = ""


def _forget(s: str) -> _Hit | None:
    """A request to forget: what to forget (empty: whatever was said before)."""
    m = _FORGET.match(s) or _ZH_FORGET.match(s) or _JA_FORGET.match(s)
    if m is None:
        return None
    groups = m.groupdict()
    subject = "".join(groups.get(k) or "" for k in ("x", "y", "z", "w")).strip()
    subject = re.sub(r"^(?:(?:that|about)\s+|关于|有关)", "", subject, flags=re.I)
    subject = re.sub(r"(?:这件事|那件事|的事情|的事)?[.。!！吧了\s]*$", "", subject)
    subject = _JA_ABOUT.sub("", subject.strip('「」『』"“”')).strip('「」『』"“”')
    return _Hit("forget", s, "" if _THAT.match(subject) else subject)


def _match(sentence: str, message: str) -> _Hit | None:
    s = sentence.strip().strip("\"'“”")
    if not s or s.endswith(("?", "？")):
        return None
    forget = _forget(s)
    if forget is not None:
        return forget
    m = (
        _SWITCHED.search(s)
        or _INSTEAD.search(s)
        or _ZH_SWITCHED.search(s)
        or _JA_SWITCHED.search(s)
    )
    if m:
        y = m.groupdict().get("y") or ""
        if not y:
            dont = (
                _DONT_USE.search(message)
                or _ZH_DONT_USE.search(message)
                or _JA_DONT_USE.search(message)
            )
            y = (dont.group("y") or dont.groupdict().get("z") or "") if dont else ""
        x = m.group("x").rstrip(".")
        if y.rstrip(".").casefold() != x.casefold():
            return _Hit("correction", s, x, y.rstrip("."))
    for kind, pattern in (
        ("remember", _REMEMBER),
        ("from_now", _FROM_NOW),
        ("remember", _ZH_REMEMBER),
        ("from_now", _ZH_FROM_NOW),
        ("remember", _JA_REMEMBER),
        ("from_now", _JA_FROM_NOW),
    ):
        m = pattern.search(s)
        if m and len(m.group("x").strip()) >= 3:
            return _Hit(kind, s, m.group("x").strip())
    m = _NEVER.search(s) or _ZH_NEVER.search(s) or _JA_NEVER.search(s)
    if m:
        x = (m.groupdict().get("x") or m.groupdict().get("y") or "").strip()
        if len(x) >= 2:
            return _Hit("never", s, x)
    return None


def _cap(text: str) -> str:
    """An English sentence capitalised; one in Chinese or Japanese left as said (its first
    word is then a name: npm, not Npm)."""
    if any("\u3040" <= c <= "\u9fff" for c in text):
        return text
    return text[:1].upper() + text[1:]


def _short(text: str, width: int) -> str:
    text = " ".join(text.split()).rstrip(".。")
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def _stop(text: str) -> str:
    """``text`` ended as its language ends a sentence: 。 after Chinese or Japanese."""
    wide = text[-1:] and ("\u3040" <= text[-1] <= "\u9fff" or "\uff01" <= text[-1] <= "\uff5e")
    return f"{text}。" if wide else f"{text}."


def _candidate(hit: _Hit, line_id: int) -> Candidate:
    statement = _short(hit.text, 600)
    if hit.kind == "forget":
        subject = _short(hit.x, 600)
        return Candidate(
            "feedback",
            _short(f"Forget: {subject}", 80),
            _short(f"The user asked to forget: {subject}", DESCRIPTION_MAX),
            f"{_FORGET_MARK}{subject}\n\n{_stop(statement)}",
            "local",
            (line_id,),
            0.9,
        )
    if hit.kind == "correction":
        word = re.compile(rf"(?<![\w]){re.escape(hit.y)}(?![\w])", re.I) if hit.y else None
        kept = [
            c.strip()
            for c in _CLAUSES.split(hit.text)
            if len(c.strip()) > 3 and not (word and word.search(c))
        ]
        name = _short(f"Use {hit.x}", 80)
        description = _short(_cap(", ".join(kept)) if kept else name, DESCRIPTION_MAX)
        how = f"use {hit.x}, not {hit.y}." if hit.y else f"use {hit.x}."
        body = f"{_stop(statement)}\n\n**Why:** the user's correction.\n**How to apply:** {how}"
        return Candidate("feedback", name, description, body, "local", (line_id,), 0.9)
    subject = hit.x
    if hit.kind == "never":
        subject = f"Never {hit.x}" if hit.text.isascii() else hit.text
    elif hit.kind == "from_now":
        subject = hit.x
    first = _CLAUSES.split(subject.strip())[0] or subject
    name = _short(_cap(first), 80)
    lowered = subject.casefold()
    type_ = (
        "user"
        if re.match(r"(i|i'm|i am|my)\b", lowered)
        else "project"
        if re.match(
            r"(this|the|our)\s+(project|repo|codebase|team)\b|"
            r"this project's|the project's",
            lowered,
        )
        else "feedback"
    )
    body = (
        f"{_stop(_cap(_short(subject, 600)))}\n\n**Why:** the user asked for this to be "
        f"remembered.\n**How to apply:** follow it in every session."
    )
    return Candidate(
        type_, name, _short(_cap(subject), DESCRIPTION_MAX), body, "local", (line_id,), 0.9
    )


_FORGET_MARK = "**Forget:** "


def forgetting_of(candidate: Candidate) -> str | None:
    """What a forget request asks to forget, or None when it is not one."""
    if not candidate.body.startswith(_FORGET_MARK):
        return None
    return candidate.body[len(_FORGET_MARK) :].split("\n", 1)[0]


_STOP = frozenset(
    {"the", "and", "that", "this", "what", "about", "with", "from", "have", "has", "was",
     "were", "are", "for", "not", "you", "your", "i'm", "use", "uses", "using", "always",
     "never", "please", "remember", "forget", "said"}
)  # fmt: skip


def _terms(text: str) -> set[str]:
    """Words that say what a text is about: longer words by the porter stems the session
    search indexes them under (deploys, deploying: deploi), and CJK character pairs."""
    from ..sessions.stems import stem  # the porter stems the session search uses

    folded = text.casefold()
    words = {w for w in re.findall(r"[a-z0-9][\w.+#-]*", folded) if len(w) > 2} - _STOP
    stems = stem(w for w in words if w.isalpha())
    words = {stems.get(w) or w for w in words}
    for run in re.findall(r"[\u3400-\u9fff\uf900-\ufaff]+|[\u30a1-\u30fa\u30fc]{2,}", folded):
        words |= {run[i : i + 2] for i in range(max(1, len(run) - 1))}
    return words


def correction_of(candidate: Candidate) -> tuple[str, str] | None:
    """``(x, y)`` when the candidate says to use x instead of y."""
    m = _HOW.search(candidate.body)
    return (m.group("x"), m.group("y")) if m else None


_WORD = re.compile(f"[\\w{MARKS}]+")  # combining marks are part of a word (पापा, not प प)


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.casefold()))


def _forgotten(subject: str, state: dict[str, tuple[str, str, str]]) -> str | None:
    """The entry a forget request is about: the one sharing most of its words (at least
    half of them, and two when it names two), the most recent on a tie."""
    wanted = _terms(subject)
    if not wanted:
        return None
    best, score = None, 0.0
    for eid, fields in state.items():
        common = len(wanted & _terms(" ".join(fields)))
        shared = common / len(wanted)
        if shared >= 0.5 and common >= min(2, len(wanted)) and shared >= score:
            best, score = eid, shared
    return best


def signal(text: str) -> bool:
    """Whether a user message holds an explicit request or correction (the per-turn
    gate: only such turns are extracted before the session ends)."""
    return any(_match(s, text) is not None for s in _SENTENCES.split(text[:20_000]))


class RulesProvider(Provider):
    """Offline extraction and consolidation by explicit phrasing (no model calls)."""

    name = "rules"
    uses_model = False

    def extract(self, transcript: Transcript) -> Extraction:
        """Candidates from the user's explicit requests and corrections only."""
        found: list[Candidate] = []
        before = ""  # what the user said last: what a bare "forget that" refers to
        for line in transcript.lines:
            if line.role != "user":
                continue
            for sentence in _SENTENCES.split(line.text):
                hit = _match(sentence, line.text)
                if hit is not None and hit.kind == "forget" and not hit.x:
                    if not before:
                        continue  # nothing said before it in this stretch: nothing to forget
                    hit = _Hit("forget", hit.text, before)
                if hit is not None:
                    found.append(_candidate(hit, line.id))
                if hit is None or hit.kind != "forget":
                    before = sentence.strip() or before
        return Extraction(found, "", transcript.chars)

    def consolidate(
        self, candidates: Sequence[Candidate], entries: Sequence[Entry]
    ) -> Consolidation:
        """Duplicates become noops or updates; "X, not Y" supersedes the entry about Y."""
        state = {e.id: (e.name, e.description, e.body) for e in entries}
        ops: list[OpSpec] = []
        added: dict[str, int] = {}  # entry id -> index of the op adding it in this batch
        for i, c in enumerate(candidates):
            subject = forgetting_of(c)
            if subject is not None:
                target = _forgotten(subject, state)
                if target in added:  # said and taken back in one go: write neither
                    index = added.pop(target)
                    ops[index] = OpSpec("noop", candidate=ops[index].candidate)
                    ops.append(OpSpec("noop", candidate=i))
                    del state[target]
                elif target is not None:
                    ops.append(OpSpec("delete", candidate=i, target=target))
                    del state[target]
                else:
                    ops.append(OpSpec("noop", candidate=i))
                continue
            op = self._one(i, c, state)
            ops.append(op)
            if op.op == "add":
                added[entry_id(c.type, c.name)] = len(ops) - 1
            if op.op == "add":
                state[entry_id(c.type, c.name)] = (c.name, c.description, c.body)
            elif op.op == "supersede" and op.target is not None:
                del state[op.target]
                state[entry_id(c.type, c.name)] = (c.name, c.description, c.body)
            elif op.op == "update" and op.target is not None:
                state[op.target] = (c.name, c.description, c.body)
        return Consolidation(ops, "", 0)

    @staticmethod
    def _one(i: int, c: Candidate, state: dict[str, tuple[str, str, str]]) -> OpSpec:
        body_key, name_key = normalise(c.body), normalise(c.name)
        words = _words(f"{c.name} {c.description}")  # the statement, not the template
        for eid, (name, description, body) in state.items():
            if normalise(body) == body_key:
                return OpSpec("noop", candidate=i)
            if normalise(name) == name_key:
                return OpSpec(
                    "update", candidate=i, target=eid, description=c.description, body=c.body
                )
            other = _words(f"{name} {description}")
            if words and len(words & other) / len(words | other) >= 0.8:
                return OpSpec("noop", candidate=i)
        pair = correction_of(c)
        if pair and pair[1]:
            x, y = (re.compile(rf"(?<![\w]){re.escape(w)}(?![\w])", re.I) for w in pair)
            for eid, fields in reversed(list(state.items())):
                text = " ".join(fields)
                if y.search(text) and not x.search(text):
                    return OpSpec("supersede", candidate=i, target=eid)
        return OpSpec("add", candidate=i)


@hooks.hookimpl
def register_providers(register: Callable[..., None]) -> None:
    """The offline provider, the default."""
    register("rules", lambda model, **_: RulesProvider(), "rules")
