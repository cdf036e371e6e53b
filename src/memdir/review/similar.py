"""Near-duplicates by words: the share of the shorter entry the other one also says, a
synonym (:data:`SYNONYMS`) counted as said. See docs/design/review.md (near-duplicates)
and bench/neardup.py for the measured threshold."""

from __future__ import annotations

import difflib
import functools
import itertools
import re
import unicodedata

from ..core.cjk import CJK_RUN
from ..core.marks import MARKS
from ..sessions.analyzer import normalize

NEAR = 1.0  # one side says nothing the other lacks; why: bench/neardup.py
MAX_TOKENS = 512  # distinct tokens kept per text: bounded work on any input
MAX_FUZZY = 4096  # word pairs compared for misspellings at most, per pair of texts
#: letters, digits and combining marks (पापा, not प प: as the session index reads words),
#: applied to text without ``_``
_WORD = re.compile(rf"[\w{MARKS}]+(?:[.+#/-][\w{MARKS}]+)*")
_DIGITS = re.compile(r"\D+")
_NEG_WORD = re.compile(r"\b(?:not|no|never|without|cannot|\w+n't)\b")
#: negations inside unspaced words: Chinese, Japanese, Thai (ไม่ not, อย่า don't, ห้าม must
#: not); อย่า is no negation when ง follows: อย่าง (like, -ly), ตัวอย่าง (example)
_NEG_MARKS = tuple(
    re.compile(m)
    for m in (
        "不",
        "没",
        "別",
        "别",
        "勿",
        "禁止",
        "ない",
        "ません",
        "なかった",
        "ไม่",
        "อย่า(?!ง)",
        "ห้าม",
    )
)
#: negations written as words of their own, by language: Hindi (नहीं, न, मत) and Bengali
#: (না, নেই, নি); counted as whole words, so a word that merely holds
#: one (नमक, नाम) is not one
_NEG_TOKENS = frozenset(("नहीं", "नही", "न", "मत", "না", "নেই", "নি"))
_STOP = frozenset(("a", "an", "the", "to", "of", "in", "on", "for", "and", "or", "is", "are"))
_STOP |= {"be", "it", "this", "that", "with", "as", "at", "by"}
# The words memories use for one thing, English | Chinese | Japanese, each read as the
# concept's name before comparing ("Answer in Chinese" / "Reply in Chinese" / "用中文回复").
# Small and general by design (bench/neardup.py measures it); never an antonym, a value or
# a narrower word (it would make the broader entry "contain" the narrower one).
SYNONYMS = {
    "reply": "answer|answers|respond|responds|response|replies|回复|回答|答复|作答|返答|返信|応答",
    "always": "every time|at all times|consistently|始终|总是|一律|永远|每次|常に|いつも",
    "prefer": "prefers|preferred|likes|favour|favor|喜欢|偏好|倾向于|好む|好き",
    "chinese": "中文|汉语|中国語",  # never a kind of it (简体, mandarin): 简体/繁体 stay apart
    "english": "英文|英语|英語",
    "japanese": "日语|日文|日本語",
    "user": "用户|ユーザー",
    "use": "uses|using|使用|采用|使う",
    "must": "should|need to|needs to|have to|has to|必须|需要|应该|必要",
    "ask": "询问|問い合わせ|聞く",
    "test": "tests|测试|テスト",
    "commit": "commits|提交|コミット",
    "merge": "合并|マージ",
    "deploy": "deploys|deployment|部署|デプロイ",
    "production": "prod|生产环境|本番環境|本番",  # not a bare 生产: 生产者, 生产力
    "repo": "repository|repositories|repos|仓库|代码库|リポジトリ",
    "install": "installs|安装|インストール",
    "run": "execute|运行|执行|実行",
    "concise": "brief|terse|简洁|简短|簡潔",
}
_VARIANT = {v: k for k, vs in SYNONYMS.items() for v in vs.split("|")}
_LONGEST = sorted(_VARIANT, key=len, reverse=True)
_LATIN_VARIANTS = "|".join(re.escape(v) for v in _LONGEST if v.isascii())
_LATIN = re.compile(rf"(?<![a-z0-9])(?:{_LATIN_VARIANTS})(?![a-z0-9])")  # one boundary check
_CJK = re.compile("|".join(v for v in _LONGEST if not v.isascii()))  # run inside CJK runs only


@functools.lru_cache(maxsize=4096)
def tokens(text: str) -> frozenset[str]:
    """The analyzer's words of ``text`` (NFKC, casefolded): Latin words whole (``pnpm``,
    ``pnpm-lock.yaml``), each CJK run as overlapping bigrams, a few English stop words out."""
    text = normalize(text).casefold().replace("_", " ")
    out: list[str] = []
    pos = 0
    for m in CJK_RUN.finditer(text):
        out += _WORD.findall(text, pos, m.start())
        run = m.group(0)
        out += [a + b for a, b in itertools.pairwise(run)] if len(run) > 1 else [run]
        pos = m.end()
        if len(out) > 4 * MAX_TOKENS:
            break
    else:
        out += _WORD.findall(text, pos)
    return frozenset(itertools.islice(dict.fromkeys(t for t in out if t not in _STOP), MAX_TOKENS))


@functools.lru_cache(maxsize=4096)
def words(text: str) -> frozenset[str]:
    """:func:`tokens` of ``text`` with every :data:`SYNONYMS` variant read as its concept
    (a CJK variant also splits its run, so the characters around it stay words)."""
    low = _LATIN.sub(lambda m: _VARIANT[m.group(0)], unicodedata.normalize("NFKC", text).casefold())
    spaced = CJK_RUN.sub(lambda m: _CJK.sub(lambda v: f" {_VARIANT[v.group(0)]} ", m.group(0)), low)
    return tokens(spaced)


def _typo(word: str, others: frozenset[str]) -> bool:
    """``word`` is a misspelling of one of ``others`` (Latin words of 4+ letters only; a
    different number is a different value, ``db-stg-1``/``db-stg-3``, never a typo)."""
    if len(word) < 4 or not word.isascii():
        return False
    digits = _DIGITS.sub("", word)
    return any(
        abs(len(word) - len(o)) <= 2
        and _DIGITS.sub("", o) == digits
        and (m := difflib.SequenceMatcher(None, word, o, autojunk=False)).quick_ratio() >= 0.8
        and m.ratio() >= 0.8
        for o in others
        if o.isascii()
    )


def _missing(ta: frozenset[str], tb: frozenset[str]) -> tuple[list[str], list[str]]:
    """The words of each side the other lacks, a misspelling counted as said."""
    only_a, only_b = ta - tb, tb - ta
    if len(only_a) * len(only_b) > MAX_FUZZY:
        return list(only_a), list(only_b)
    return (
        [w for w in only_a if not _typo(w, only_b)],
        [w for w in only_b if not _typo(w, only_a)],
    )


def containment(ta: frozenset[str], tb: frozenset[str]) -> float:
    """1 − the smaller share of one side's words the other side lacks (a misspelt word
    counts as said)."""
    if not ta or not tb:
        return 0.0
    miss_a, miss_b = _missing(ta, tb)
    return 1.0 - min(len(miss_a) / len(ta), len(miss_b) / len(tb))


def similarity(a: str, b: str) -> float:
    """:func:`containment` of the two texts' :func:`words`. 1.0: one text says all the
    other says (reordered, a typo, a subset, a synonym); a different host, repo or value
    on each side leaves words unsaid on both."""
    return containment(words(a), words(b))


def covers(a: str, b: str) -> bool:
    """``a`` says everything ``b`` says (misspellings forgiven) and negates as often:
    ``b`` would add nothing to ``a``."""
    ta, tb = tokens(a), tokens(b)
    return bool(tb) and not _missing(ta, tb)[1] and negations(a) == negations(b)


def negations(text: str) -> tuple[int, ...]:
    """How often ``text`` says each negation (English, Hindi and Bengali words; Chinese,
    Japanese and Thai marks)."""
    low = unicodedata.normalize("NFKC", text).casefold()
    words = _NEG_WORD.findall(low)
    spoken = sum(w in _NEG_TOKENS for w in _WORD.findall(low))
    return (len(words), spoken, *(len(m.findall(low)) for m in _NEG_MARKS))


def near_duplicate(a: str, b: str) -> bool:
    """One text says all the other says (:func:`similarity` ≥ :data:`NEAR`) and neither
    negates more than the other ("exposed" / "not exposed" is the opposite rule)."""
    return similarity(a, b) >= NEAR and negations(a) == negations(b)
