"""Turning any string into a safe full-text query. (docs/design/sessions.md)."""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from ..core.marks import words as _words
from .analyzer import fold, is_cjk, normalize, run_terms
from .when import spans

MAX_QUERY_CHARS = 1000
MAX_WORDS = 64
MAX_PHRASES = 8
MAX_SUBSTRINGS = 32

# Chinese and Japanese question and function words: a CJK run of a query is cut at them.
# One-character ones only lose their own character term (a cut there would split words
# such as 现在 or 了解).
_CJK_STOP_TEXT = """
什么 什麼 哪个 哪個 哪些 哪家 哪里 哪裡 哪儿 哪天 哪位 多少 多久 几个 几点 几号
怎么 怎麼 怎样 怎么样 为什么 為什麼 如何 是不是 有没有 是否 请问 來着 来着 一下
我们 你们 他们 咱们 这个 那个 这些 那些 的话 时候 在哪 在哪里 在哪儿 还是 或者
上次 这次 下次 上回 这回 前次 這次 這回
吗 呢 吧 啊 呀 么 的 了 是 在 和 与 也 都 就 还 又 把 被 给 让 我 你 他 她 它
这 那 哪 几 谁 何
なに 何か どこ どこで どこに いつ だれ 誰が どれ どの どんな どう どうして なぜ
いくら いくつ どちら ですか ましたか でしたか ました です ます でした でしょう
前回 今回 次回 この前 こないだ
ください について という は が を に で と も の へ か ね よ や
"""
CJK_STOP = frozenset(_CJK_STOP_TEXT.split())

STOP_WORDS = frozenset(
    {
        "a",
        "about",
        "after",
        "all",
        "also",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "been",
        "before",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "for",
        "from",
        "had",
        "has",
        "have",
        "he",
        "her",
        "him",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "of",
        "on",
        "or",
        "our",
        "she",
        "so",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "to",
        "us",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
    }
)

_QUOTED = re.compile(r'"([^"]*)"')
_CONTROL = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")
_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "＂": '"'})
_EDGE = ".,;:!?()[]{}<>'`*^~=|\\/@$%&"  # ASCII marks around a word (not # + - _: c#, c++)


def _edge(c: str) -> bool:
    """A mark around a word: one of ``_EDGE`` or any non-ASCII punctuation (¿ ¡ … ‘ ’)."""
    return c in _EDGE or (not c.isascii() and unicodedata.category(c)[0] == "P")


def _core(run: str) -> str:
    """``run`` without the marks around it (¿Qué → Qué, «hola» → hola, C++ stays)."""
    start, end = 0, len(run)
    while start < end and _edge(run[start]):
        start += 1
    while end > start and _edge(run[end - 1]):
        end -= 1
    return run[start:end]


#: digits joined as an identifier is: a ticket (#12), a version or IP (2.3, 10.0.0.1), a
#: date (2027-03-31, 3/31) or a time (10:00); not a sum (2+2) or a product (3x4)
_IDENTIFIER = re.compile(r"#\d|\d[.:/-]\d")

#: one kana (hiragana, katakana): a syllable, not a word (a particle, okurigana, a
#: katakana word's piece: ロ of ログ and デプロイ); a kana word has its bigrams. And
#: する's forms して, した: anchor nothing, but stay terms (a query is not cut at them)
_NO_ANCHOR_KANA = re.compile("[\u3041-\u30ff]|して|した")


@functools.cache
def foreign_stops() -> dict[str, frozenset[str]]:
    """The function words of each language the rule knows beyond English (German,
    French, Spanish, Portuguese, Italian, Dutch, Russian), lower-cased as the lists spell
    them (accents kept: Spanish té is not te): Snowball's stop lists less a few content
    nouns, and memdir's few additions, read once from ``stopwords.txt`` (its header:
    source, version, licence, memdir's changes). Chinese and Japanese have ``CJK_STOP``."""
    lists: dict[str, set[str]] = {}
    words: set[str] = set()
    path = Path(__file__).with_name("stopwords.txt")
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("["):
            words = lists.setdefault(line.strip("[]").split()[0], set())
        else:
            words.update(w.lower() for w in line.split())
    return {lang: frozenset(ws) for lang, ws in lists.items()}


#: Foreign function words that are English words too ("Will man die?" is all German
#: function words, "Did men die in war?" nearly all Dutch ones): a prompt made only of
#: these and English stop words stays English, whatever list covers it.
_ENGLISH_ALIKE_TEXT = """
a ad al also am an ante as bat be ben bin col come con dam dan dell den des die dies do
door e el em en er era fuse had ha has hat he hem her hum i in is la lo man me men mine
no nun o of on op or over per pour sans sea sin so son sort sun to um us van want war
was we will
"""
ENGLISH_ALIKE = frozenset(_ENGLISH_ALIKE_TEXT.split())

#: ``CJK_STOP`` with the Japanese demonstratives (これ, それ …) and Chinese 你好: function
#: words for the anchor rule only (a run made of them anchors nothing); queries are not
#: cut at the added ones.
_CJK_ANCHOR_ONLY_TEXT = "これ それ あれ どれ この その あの ここ そこ あそこ 你好"
_CJK_FUNCTION_WORDS = CJK_STOP | frozenset(_CJK_ANCHOR_ONLY_TEXT.split())


def _all_stop(run: str) -> bool:
    """Whether the CJK ``run`` is a sequence of function words (それは何ですか, 你是谁)."""
    done = [True] + [False] * len(run)
    for i in range(len(run)):
        if done[i]:
            for w in _CJK_FUNCTION_WORDS:
                if run.startswith(w, i):
                    done[i + len(w)] = True
    return done[len(run)]


def prompt_stops(text: str) -> frozenset[str]:
    """The words of ``text`` beyond English stop words that anchor nothing in it.

    Latin and Cyrillic words: the stop list of a language that covers EVERY word of the
    prompt (its numbers aside), when the prompt has two such words or more and one of
    them is no English word (:data:`ENGLISH_ALIKE`): "Was ist 2+2?", "Quanto fa 2+2?".
    No vote between languages: one word outside the list ("Did men die in war?") or a
    word written in capitals ("EU AI?": names, acronyms) keeps every word an anchor, and
    a one-word prompt is judged by English alone. CJK: the terms of a run that is a
    sequence of function words (それは何ですか, 你是谁), so 你是 of 你是谁 stops but
    めがね of めがねはどこ does not."""
    out: set[str] = set()
    raw = [t for t in _words(text) if not t.isdecimal()]
    latin = [t for t in raw if not is_cjk(t[:1])]
    for run in (t for t in raw if is_cjk(t[:1])):
        folded = unicodedata.normalize("NFKC", run)
        if _all_stop(folded):
            out.update(cjk_terms(folded), [run])
    words = {t.lower() for t in latin}
    capitals = any(len(t) >= 2 and t.isupper() for t in latin)
    if len(words) >= 2 and not capitals and not words <= STOP_WORDS | ENGLISH_ALIKE:
        lists = foreign_stops().values()
        out.update(next((w for w in lists if words <= w), frozenset()))
    return frozenset(out)


def anchors(text: str, stops: frozenset[str] = frozenset()) -> bool:
    """Whether a match on ``text`` (a query's word, phrase or exact spelling) can be a
    match at all: it holds a word that is not a stop word (English, Chinese and
    Japanese ones always, a lone kana; ``stops``: those the prompt as a whole decides,
    :func:`prompt_stops`), a number of three digits or more (a ticket, an HTTP code, a
    port, a year), or digits joined as an identifier (#12, 2.3, 2027-03-31,
    192.168.1.10, 10:00). A small bare number (1–2 digits) shared with a row helps rank
    it, but "what is 2+2" matches no row about "version 2" on that alone."""
    if _IDENTIFIER.search(text):
        return True
    return any(
        len(t) >= 3
        if t.isdecimal()
        else t not in STOP_WORDS
        and t not in CJK_STOP
        and t not in stops
        and not _NO_ANCHOR_KANA.fullmatch(t)
        for t in _words(text.lower())
    )


def quote(term: str) -> str:
    """``term`` as an FTS5 string literal: everything inside is plain text."""
    return '"' + term.replace('"', '""') + '"'


@dataclass(frozen=True)
class Query:
    """A sanitised query: the terms the word index is asked for.

    ``words`` (English words and CJK terms) and ``phrases`` go to the word index;
    ``substrings`` (joined terms as written, such as ``c++``) only order the rows found.
    ``text`` is the capped input, kept for rankers that want it.
    """

    text: str
    words: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()
    substrings: tuple[str, ...] = ()
    #: recall's rule: a row matches only on a term :func:`anchors` accepts (an explicit
    #: search keeps a row that shares only a number: it asked, and such rows rank low)
    strict: bool = False

    @property
    def empty(self) -> bool:
        """Nothing searchable (only punctuation, emoji or whitespace)."""
        return not (self.words or self.phrases)

    @functools.cached_property
    def stops(self) -> frozenset[str]:
        """The words beyond English stop words that anchor nothing in this prompt
        (:func:`prompt_stops`: the list of one language covering all of it, the terms of
        a CJK run of function words)."""
        return prompt_stops(self.text)

    @property
    def anchored(self) -> bool:
        """Some term is one a match can rest on (:func:`anchors`): not only small bare
        numbers and stop words."""
        terms = (*self.words, *self.phrases, *self.substrings)
        return any(anchors(t, self.stops) for t in terms)

    @property
    def timed(self) -> bool:
        """It names a time ("yesterday", "last week", a date): what was said then is
        what it asks for, whatever its words (recall keeps such a question unstrict)."""
        return bool(spans(self.text))

    def highlights(self) -> tuple[str, ...]:
        """Lower-case text fragments to look for when cutting a snippet."""
        parts = [p.replace(" ", "") if is_cjk(p[:1]) else p for p in self.phrases]
        parts += self.substrings
        parts += [w[: max(4, len(w) - 3)] for w in self.words]  # stems: "installing"→"install"
        return tuple(p for p in parts if p)


def _clean(text: object) -> str:
    if not isinstance(text, str):
        return ""
    text = text[: MAX_QUERY_CHARS * 2]
    text = normalize(text).translate(_QUOTES)
    return _CONTROL.sub(" ", text)[:MAX_QUERY_CHARS]


#: A weekday's number as 周五, 星期五 (its bigram 期五) or 礼拜五 (拜五) spell it.
_WEEKDAY = re.compile("(?:周|星期|礼拜)([一二三四五六日天])")


@functools.cache
def _folded_stops() -> tuple[frozenset[str], tuple[str, ...]]:
    """``CJK_STOP`` and its words with Traditional characters folded (這 → 这, 時候 →
    时候), and those of two characters or more, longest first."""
    stops = CJK_STOP | frozenset(map(fold, CJK_STOP))
    return stops, tuple(sorted((w for w in stops if len(w) > 1), key=len, reverse=True))


def cjk_stops() -> frozenset[str]:
    """``CJK_STOP`` as the index and the query's terms write it (:func:`_folded_stops`):
    with 幺, OpenCC's 么, too."""
    return _folded_stops()[0]


def cjk_terms(run: str) -> list[str]:
    """The terms of a CJK run of a query: cut at multi-character stop words, each piece
    :func:`~memdir.sessions.analyzer.fold`-ed as the index holds it, as
    :func:`~memdir.sessions.analyzer.run_terms` without stop words."""
    stops, multi = _folded_stops()
    run = fold(run)
    pieces, start, i = [], 0, 0
    while i < len(run):
        stop = next((w for w in multi if run.startswith(w, i)), None)
        if stop is None:
            i += 1
            continue
        pieces.append(run[start:i])
        i = start = i + len(stop)
    pieces.append(run[start:])
    terms = [t for p in pieces if p for t in run_terms(p) if t not in stops]
    for day in _WEEKDAY.findall(run):  # 星期五 = 礼拜五 = 周五: each as the index holds it
        terms += [f"{w}{day}" for w in "周期拜" if f"{w}{day}" not in terms]
    return terms


#: Stop characters that ask with the character after them (何時 "when", 几条 "how many"):
#: that one is no word of its own (歯医者の予約は何時？ is not about 時).
_ASKING = frozenset("何几")


#: Stop characters a noun follows (我的猫, 什么药, 这个车, 猫和狗, 車の色): a verb follows
#: the others (上次说, 在吃), and a one-character verb is no topic.
_NAMING = frozenset("的の么个些这那哪和与とや" + fold("么"))  # OpenCC writes 么 as 幺


def word_characters(text: str) -> frozenset[str]:
    """The CJK characters of ``text`` (folded) that stand as a noun of one character:
    neither neighbour is a content character (a stop word, punctuation, another script or
    the edge is not) and the one before is no verb's (:data:`_NAMING`): 猫 of 我的猫是,
    药 of 吃什么药？, not 法 of 民法典 nor 办法, not 说 of 上次说的."""
    stops, multi = _folded_stops()
    run = fold(normalize(text))
    content = [is_cjk(ch) for ch in run]
    for i, ch in enumerate(run):  # every stop word's characters, overlaps too (在哪天)
        spans = [w for w in multi if run.startswith(w, i)]
        if ch in stops:
            spans.append(run[i : i + 2] if ch in _ASKING else ch)
        for w in spans:
            content[i : i + len(w)] = [False] * len(w)
    before = ["", *run]  # a noun, not a verb: after the edge, a mark or 的 (上次说的 ≠ 说)
    edge = [False, *content, False]
    return frozenset(
        ch
        for i, ch in enumerate(run)
        if content[i]
        and not edge[i]
        and not edge[i + 2]
        and (not is_cjk(before[i]) or before[i] in _NAMING)
    )


def _split_cjk(chunk: str) -> list[tuple[bool, str]]:
    """``chunk`` cut into alternating CJK and other runs."""
    return [(cjk, "".join(group)) for cjk, group in itertools.groupby(chunk, key=is_cjk)]


#: Turkish case and possessive endings written after an apostrophe on a name or a
#: number (Ankara'da, İzmir'e, 22.500 TL'de, Kafka'nın): the name is the word.
_TURKISH_ENDINGS_TEXT = """a e ı i u ü ya ye yı yi yu yü da de ta te dan den tan ten ın in
un ün nın nin nun nün yla yle la le ki daki deki taki teki dır dir dur dür tır tir tur tür"""
_TURKISH_ENDINGS = frozenset(_TURKISH_ENDINGS_TEXT.split())
_APOSTROPHES = "'’"


def _suffixed(core: str, tokens: list[str]) -> bool:
    """Whether ``core`` is a word and a Turkish ending joined by an apostrophe."""
    return (
        len(tokens) == 2
        and tokens[1] in _TURKISH_ENDINGS
        and any(core.lower().endswith(a + tokens[1]) for a in _APOSTROPHES)
    )


class _Builder:
    def __init__(self) -> None:
        self.words: list[str] = []
        self.quoted_words: list[str] = []  # kept even when they are stop-words
        self.phrases: list[str] = []
        self.substrings: list[str] = []
        self.cjk: list[str] = []

    def chunk(self, chunk: str) -> None:
        """Add one whitespace-separated piece of the query."""
        for cjk, run in _split_cjk(chunk):
            if cjk:
                self.cjk += cjk_terms(unicodedata.normalize("NFKC", run))
                continue
            # lower(), as the index's tokenizer: casefold() writes ß as ss, which it keeps
            tokens = [t.lower() for t in _words(run)]
            if not tokens:
                continue  # punctuation, emoji, operators' symbols: nothing to search
            core = _core(run)
            if len(tokens) == 1 and core.lower() == tokens[0]:
                self.words.append(tokens[0])
                continue
            # Joined by punctuation (a.b.c, chat-send, C++, mom's): the parts as words and
            # as a phrase, and the whole as a substring, so the exact spelling ranks first.
            # A Turkish case ending after an apostrophe (Ankara'da, TL'de) is no word.
            self.words += tokens[:1] if _suffixed(core, tokens) else tokens
            if len(tokens) > 1:
                self.phrases.append(" ".join(tokens))
            if len(core) >= 3:  # case-folded: bm25's "sub" terms compare folded text
                self.substrings.append(core.casefold())

    def phrase(self, text: str) -> None:
        """Add a quoted phrase: CJK inside is a phrase of its bigrams."""
        if any(is_cjk(c) for c in text):
            tokens = [
                t
                for cjk, run in _split_cjk("".join(text.split()).lower())
                for t in (run_terms(fold(run))[: max(1, len(run) - 1)] if cjk else _words(run))
            ]
        else:
            tokens = [t.lower() for t in _words(text)]
        if len(tokens) > 1:
            self.phrases.append(" ".join(tokens))
        elif tokens:
            self.quoted_words.append(tokens[0])

    def build(self, text: str) -> Query:
        plain = [w for w in self.words if w not in STOP_WORDS]
        if not (plain or self.quoted_words or self.phrases or self.cjk):
            plain = self.words  # only stop-words: search for them rather than nothing
        words = list(dict.fromkeys([*self.quoted_words, *plain, *self.cjk]))
        return Query(
            text=text,
            words=tuple(words[:MAX_WORDS]),
            phrases=tuple(dict.fromkeys(self.phrases))[:MAX_PHRASES],
            substrings=tuple(dict.fromkeys(self.substrings))[:MAX_SUBSTRINGS],
        )


def sanitize(text: object) -> Query:
    """Parse any input into a :class:`Query`. Never raises; non-strings give an empty
    query."""
    cleaned = _clean(text)
    builder = _Builder()
    rest: list[str] = []
    last = 0
    terms = cleaned  # relative times and "now"/"before" markers are no terms (see .when)
    for a, b in spans(cleaned):
        terms = terms[:a] + " " * (b - a) + terms[b:]
    for match in _QUOTED.finditer(terms):
        rest.append(terms[last : match.start()])
        builder.phrase(match.group(1))
        last = match.end()
    rest.append(terms[last:].replace('"', " "))
    for chunk in " ".join(rest).split():
        builder.chunk(chunk)
    return builder.build(cleaned)
