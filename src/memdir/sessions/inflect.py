"""Inflected forms of a query's words among the word index's own terms: Snowball stemmers
(``snowballstemmer``) chosen by a word's script, or for Latin words by the query's cue
letters and function words. See docs/design/recall.md, "Inflected forms"."""

from __future__ import annotations

import functools
import sqlite3
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

import snowballstemmer  # type: ignore[import-untyped]  # no py.typed

from ..core.marks import words as _words
from . import compounds, spelling
from .candidates import Term
from .query import ENGLISH_ALIKE, STOP_WORDS, foreign_stops, quote
from .stems import stems_for, tokens

#: The indexes expanded: the messages' (SQLite's ``fts5vocab``, PostgreSQL's postings) and
#: the memory entries' (SQLite's ``fts5vocab``, PostgreSQL's ``entry_terms``).
TABLES = frozenset({"messages", "entries"})
#: Characters of a stem (and of the prefix forms are looked for by); two words whose stems
#: agree need as many letters, combining marks aside: Hindi पापा (father) and पापी
#: (sinner) share the stem पाप, two letters.
MIN_STEM = 3
#: Longer stems where short ones name unrelated words: Romance verb roots of four letters
#: or fewer merge contas ~ contar, porte ~ porter, março ~ marcou, tarde ~ tarda
#: (tune57: recall_rom dev and recall2 dev2; Russian's пул, баз need three).
MIN_STEM_BY_LANG = {"portuguese": 5, "spanish": 5, "french": 5, "italian": 5}
#: Languages whose words are also widened to every index term starting with their first
#: letters (fixed-prefix stemming: Turkish suffix chains after a stem Snowball leaves,
#: such as verbs' taşınıyoruz ~ taşınma ~ taşınacağımız; Can et al., JASIST 2008, found
#: five letters as good as a lemmatizer); shorter words are left to their stems (kira,
#: kiraz).
PREFIX_LEN = {"turkish": 5}
#: Query words expanded, index terms read per key of a word.
MAX_WORDS = 12
MAX_SCAN = 64
#: Forms kept a word, and a query (the closest to its word first, in turns: :func:`_bounded`):
#: each is one more MATCH / tsquery term; no recall set's query keeps more than 8, a 12-word
#: Turkish one found 134; 48 made SQLite slower there (recall59, bench/README.md).
MAX_FORMS = 12
MAX_QUERY_FORMS = 96
#: Longer words are names, hashes or garbage: left alone, query words and index terms
#: alike (Snowball's time grows with a word's length: a 16k-letter term, 50 ms).
MAX_LEN = 40

#: Languages whose stems may differ in their last letter, and the letter pairs that do (as
#: the index folds them: łazienka ~ łazience k ~ c, mucha ~ musze ch ~ sz, noha ~ noze
#: h ~ z, ruka ~ ruce; none: any two): any two letters merged English words in a Polish
#: question (config ~ confid, login ~ logic, remote ~ remove).
_ALTERNATING = {
    "polish": frozenset(map(frozenset, ("kc", "hz", "tc", "gz", "wv"))),  # archiwa ~ archive
    "czech": frozenset(map(frozenset, ("kc", "hz", "hs", "gz"))),
    "russian": frozenset(),  # any two: only Cyrillic words take it, and its stems keep a
    # suffix's first letter (устаревали, устаревшие: устарева, устаревш)
}

#: Cues (words, and words with a cue letter) a query needs for a Latin language.
MIN_CUES = 2

#: Script blocks whose words are stemmed whatever the query's language.
_SCRIPTS = (
    (0x0400, 0x04FF, "russian"),
    (0x0900, 0x097F, "hindi"),
    (0x0620, 0x064A, "arabic"),  # letters only (no Eastern Arabic digits, no harakat)
)

#: Letters only one language of :data:`_CUE_WORDS` writes.
_CUE_LETTERS = {
    "polish": "ąćęłńśźż",
    "turkish": "ğış",
    "german": "ß",
    "czech": "ěřůťď",
}
#: Frequent function and question words, never expanded; each Latin list's words written by
#: that language only (of the ones here and English), so they tell it apart; the other
#: Latin languages' and Russian's are ``stopwords.txt``'s (:data:`_STOPS`).
_CUE_WORDS = {
    "polish": """jest się nie czy jak jaki jaka jakie jaką jakim który która które którą
        kiedy gdzie ile co dla oraz był była było były mnie mój moja moje nasz nasza czemu
        dlaczego tego tej też już przez jeszcze został została żeby więc""",
    "turkish": """bir bu ve için ile nasıl neden hangi kaç nerede çok ben sen biz şu gibi
        daha ama mı mi mu mü ne niye hangisi kim neydi nedir oldu olan değil""",
    "finnish": """ja on ei mikä mitä missä milloin miksi kuka kuinka paljonko oli olen että
        kun mutta tai minä meidän minun mihin millä mistä joka jo olisi ovat oliko onko""",
    "hindi": """है हैं था थे थी थीं की के का को में से ने पर और या भी तो ही क्या कब कहाँ कैसे
        किस किसी किसने किसे कौन कितना कितनी कितने वाला वाले वाली वालों होना होने होगा होगी
        हो हुआ हुई हुए गया गई गए लिए यह वह ये वो इस उस इन उन पहले बाद एक साथ तक""",
    "czech": """je jak kde kdy proč který která které jaký jaká jaké co že jsem jsme byl
        bylo byla jsou kolik nebo taky také""",
    "arabic": """في من إلى الى على عن مع هذا هذه ذلك تلك التي الذي الذين هو هي هم كان كانت
        ما لا لم لن أن إن قد كم كيف متى أين وين أي ليش ليه شو إيه وش اللي كل بعد قبل عند
        ثم أو و يا لما عشان""",
}
#: The Latin-script languages expanded (the rest of Snowball's were not measured).
LATIN = (
    *("polish", "turkish", "finnish", "german", "czech"),
    *("italian", "spanish", "french", "portuguese", "dutch"),
)
#: The languages whose cue words are ``stopwords.txt``'s.
_STOPS = {
    "german": "de",
    "italian": "it",
    "spanish": "es",
    "french": "fr",
    "portuguese": "pt",
    "dutch": "nl",
}


#: English function words no other language here writes too (a query's English cues).
_ENGLISH = STOP_WORDS - ENGLISH_ALIKE


@functools.cache
def _cues() -> dict[str, frozenset[str]]:
    out = {lang: frozenset(words.split()) for lang, words in _CUE_WORDS.items()}
    out["russian"] = foreign_stops()["ru"]
    for lang, code in _STOPS.items():
        out[lang] = foreign_stops()[code]
    return out


@functools.cache
def _stemmer(lang: str) -> Callable[[str], str]:
    stem = snowballstemmer.stemmer(lang).stemWord
    return functools.lru_cache(maxsize=20_000)(stem)


def latin_language(words: Sequence[str]) -> str | None:
    """The language of a query's words (lower-cased, accents kept): one whose cue
    letters or function words it holds, :data:`MIN_CUES` or more and more than any
    other's or English function words; else None (English, too few, a tie)."""
    votes = dict.fromkeys(LATIN, 0)
    for w in words:
        for lang in LATIN:
            votes[lang] += (w in _cues()[lang]) + any(c in w for c in _CUE_LETTERS.get(lang, ""))
    best = max(votes.values())
    top = [lang for lang, n in votes.items() if n == best]
    english = sum(w in _ENGLISH for w in words)
    return top[0] if best >= max(MIN_CUES, english + 1) and len(top) == 1 else None


def language(word: str, latin: str | None) -> str | None:
    """The stemmer for ``word``: by its first letter's script; Latin words take the
    query's ``latin`` language."""
    code = ord(word[0])
    for lo, hi, lang in _SCRIPTS:
        if lo <= code <= hi:
            return lang
    return latin if word.isascii() or (word[0].isalpha() and code < 0x0250) else None


#: Languages with endings in y, which the index's porter stems write as i (umowy is
#: indexed umowi, which Polish reads as um + the dative -owi): such a term is also
#: stemmed as the y-word it may be.
_Y_ENDINGS = frozenset({"polish", "czech"})


def _stems(lang: str, term: str) -> list[str]:
    """The stems of the words the index term ``term`` may be (:data:`_Y_ENDINGS`)."""
    stem = _stemmer(lang)
    out = [stem(term)]
    # porter's y → i needs a vowel before it: only then may the i have been a y
    if lang in _Y_ENDINGS and term.endswith("i") and any(c in "aeiouy" for c in term[:-1]):
        out.append(stem(term[:-1] + "y"))
    return out


def matches(lang: str, term: str, form: str) -> bool:
    """Whether ``form`` (an index term) is an inflection of ``term``: their stems agree, or
    one's stem is the other word itself (:data:`MIN_STEM`)."""
    return any(
        _agree(lang, term, form, a, b) for a in _stems(lang, term) for b in _stems(lang, form)
    )


def min_stem(lang: str) -> int:
    """Letters a stem of ``lang`` needs (:data:`MIN_STEM_BY_LANG`)."""
    return MIN_STEM_BY_LANG.get(lang, MIN_STEM)


def _agree(lang: str, term: str, form: str, a: str, b: str) -> bool:
    """:func:`matches` for one stem ``a`` of ``term`` and ``b`` of ``form``."""
    if min(len(a), len(b)) < min_stem(lang):
        return False
    if a == form or b == term:  # आँखों is आँख with an ending: two letters are enough
        return True
    if a == b:
        return _letters(a) >= MIN_STEM
    # Slavic stems alternate their last consonant (łazienka, w łazience: k → c)
    if lang not in _ALTERNATING or not (len(a) == len(b) >= 5 and a[:-1] == b[:-1]):
        return False
    pairs = _ALTERNATING[lang]
    return not pairs or frozenset(a[-1] + b[-1]) in pairs


@functools.cache
def function_forms(lang: str) -> frozenset[str]:
    """``lang``'s function words as the index writes them (a Latin letter's accents off,
    Cyrillic й and Devanagari marks kept): never a form (pt comando ~ com, ru какого ~ как)."""
    words = _cues().get(lang, frozenset())
    if lang not in LATIN:
        return frozenset(words)
    bare = (unicodedata.normalize("NFKD", w) for w in words)
    return frozenset("".join(c for c in w if not unicodedata.combining(c)) for w in bare)


def _letters(text: str) -> int:
    """Letters of ``text``, its combining marks aside (पाप: two, not three)."""
    if text.isalpha():
        return len(text)
    return sum(not unicodedata.category(c).startswith("M") for c in text)


def _prefix(lang: str, term: str) -> str:
    """Where the forms of ``term`` start in the index: its stem, less an alternating
    last letter."""
    stem = max(_stems(lang, term), key=len)
    cut = stem[:-1] if lang in _ALTERNATING and len(stem) >= 5 else stem
    n = 0
    while n < min(len(term), len(cut)) and term[n] == cut[n]:
        n += 1
    return term[:n]


def vocabulary(
    conn: Any, prefixes: Sequence[str], limit: int, table: str = "messages"
) -> list[list[str]]:
    """The first ``limit`` index terms of ``table`` (one of :data:`TABLES`) starting with
    each of ``prefixes`` (SQLite: its ``fts5vocab``; another engine: its ``fts``)."""
    if table not in TABLES:
        raise ValueError(f"no term listing for {table!r}")
    if not isinstance(conn, sqlite3.Connection):
        return [list(terms) for terms in conn.fts.terms(prefixes, limit, table)]
    # a skip scan, one seek a term: the 'row' table counted each term's rows, reading
    # its whole doclist (12 prefixes of long doclists: 95 ms; this, 7 ms)
    vocab = f"temp.memdir_{table}_terms"
    conn.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {vocab} USING "
        f"fts5vocab(main, {table}_word, 'instance')"
    )
    sql = (
        f"WITH RECURSIVE t(term) AS (SELECT (SELECT term FROM {vocab} WHERE term >= ?1 "
        f"AND term < ?2 LIMIT 1) UNION ALL SELECT (SELECT v.term FROM {vocab} v WHERE "
        f"v.term >= t.term || char(1) AND v.term < ?2 LIMIT 1) FROM t WHERE t.term IS NOT "
        f"NULL) SELECT term FROM t WHERE term IS NOT NULL LIMIT ?3"
    )
    return [[r[0] for r in conn.execute(sql, (p, p + "\U0010ffff", limit))] for p in prefixes]


def expand(conn: Any, text: str, terms: list[Term], table: str) -> None:
    """Widen each word term of ``terms`` (of the query ``text``, in ``table``) to the index
    terms that inflect it: its MATCH ORs them, its ``forms`` lists them (stage 2 counts
    them)."""
    if table not in TABLES:
        return
    words = [t for t in terms if t.kind == "word"]
    # lower(), not casefold(): casefold writes ß as ss, a German cue letter (_CUE_LETTERS)
    latin = latin_language(_words(text.lower())) if words else None
    todo = []
    for t in words:
        lang = language(t.text, latin) if t.text and len(t.text) <= MAX_LEN else None
        if lang is not None and t.text not in _cues().get(lang, ()):  # no function word
            todo.append((t, lang))
    todo = todo[:MAX_WORDS]
    if not todo:
        return
    stemmer = stems_for(conn)
    spelt = {t.text: spelling.variants(lang, t.text) for t, lang in todo}
    own = stemmer.lookup(conn, [w for t, _ in todo for w in (t.text, *spelt[t.text])])
    # each word's index term, its other spellings' (sessions.spelling), and for a Turkish
    # word of letters its first ones (:data:`PREFIX_LEN`): keys to list the forms of; a
    # spelling's key is listed as itself (a key of few letters no form can agree with)
    # or by its stem
    keyed: list[tuple[Term, str, str, str]] = []
    for t, lang in todo:
        if lang == "arabic":  # its forms differ at the front: no stem of the word's
            keyed += [(t, lang, k, "clitic") for k in _arabic_keys(t.text)]
            continue
        keyed.append((t, lang, own.get(t.text, ""), "stem"))
        keyed += [(t, lang, own.get(v, ""), "spelling") for v in spelt[t.text] if own.get(v)]
        bare = _folded(t.text)  # letters, not code points: İ is lower-cased as i + U+0307
        if lang in PREFIX_LEN and len(bare) > PREFIX_LEN[lang] and bare.isalpha():
            keyed.append((t, lang, bare[: PREFIX_LEN[lang]], "prefix"))
    keyed = [(t, lang, k, how) for t, lang, k, how in keyed if how != "stem" or _long(lang, k)]
    # German and Dutch: the terms starting with each word, for the compounds it starts
    closed = [
        (t, lang, own.get(t.text, ""))
        for t, lang in todo
        if lang in compounds.LINKS and t.text.isalpha()  # no number is a compound's part
    ]
    heads = [_folded(t.text) for t, _, _ in closed]
    if not keyed and not heads:
        return
    # a prefix is listed from its own index term: the stemmer may cut its last letters
    # (ödeme is indexed odem), which then stand for a word starting with it
    cut = stemmer.lookup(conn, [k for _, _, k, how in keyed if how == "prefix"])
    prefixes = [
        (cut.get(k) or k)
        if how == "prefix"
        else k
        if how == "clitic"
        else _prefix(lang, k)
        if _long(lang, k)
        else k
        for _, lang, k, how in keyed
    ]
    found = vocabulary(conn, [*prefixes, *heads], MAX_SCAN, table)
    picked: dict[int, set[str]] = {}
    for (t, lang, k, how), vocab in zip(keyed, found, strict=False):
        mine = own.get(t.text, "")
        stems = how in ("stem", "spelling") and _long(lang, k)  # once a key, not a term
        picked.setdefault(id(t), set()).update(
            v
            for v in vocab
            if v != mine
            and len(v) <= MAX_LEN
            and v not in function_forms(lang)
            and (
                (how == "prefix" and _starts(v, k))
                or (how == "spelling" and v == k)
                or (how == "clitic" and _arabic_form(t.text, v))
                or (stems and matches(lang, k, v))
            )
        )
    if heads:
        lang = closed[0][1]
        joins = compounds.forms(lang, heads, found[len(keyed) :])
        for (t, _, _), extra in zip(closed, joins, strict=True):
            picked.setdefault(id(t), set()).update(
                v for v in extra if len(v) <= MAX_LEN and v not in function_forms(lang)
            )
    ranked = [
        _closest(own.get(t.text) or _folded(t.text), picked.get(id(t), set())) for t, _ in todo
    ]
    # a form is looked for as itself: only a term the porter tokenizer leaves as it is
    same = stemmer.lookup(conn, [v for forms in ranked for v in forms])
    kept = _bounded([[v for v in forms if same.get(v) == v] for forms in ranked])
    for (t, _), forms in zip(todo, kept, strict=True):
        t.forms = tuple(forms)
        if t.forms:
            t.match = " OR ".join([t.match, *map(quote, t.forms)])


def _closest(word: str, forms: set[str]) -> list[str]:
    """``forms`` closest to ``word`` first: the most first letters alike, then the
    nearest length; only as many as :func:`_bounded` may keep, twice over (some are not
    looked for as themselves)."""
    order = sorted(forms, key=lambda v: (-compounds.shared(v, word), abs(len(v) - len(word)), v))
    return order[: 2 * MAX_FORMS]


def _bounded(ranked: list[list[str]]) -> list[list[str]]:
    """Each word's forms (closest first) cut to :data:`MAX_FORMS`, and all of them to
    :data:`MAX_QUERY_FORMS` taken in turns: every word's closest form before any
    word's second."""
    kept: list[list[str]] = [[] for _ in ranked]
    total = 0
    for depth in range(MAX_FORMS):
        for forms, mine in zip(ranked, kept, strict=True):
            if depth < len(forms) and total < MAX_QUERY_FORMS:
                mine.append(forms[depth])
                total += 1
    return kept


#: Arabic clitics and the article written before a word (Larkey, Ballesteros and Connell's
#: light10 stemmer, 2007): the index holds بالقاعدة and القاعدة as words of their own, so
#: an Arabic word's forms are listed from each of these before its core, not its stem.
_AR_PREFIXES = ("", "ال", "و", "وال", "ب", "بال", "ل", "لل", "ف", "فال", "ك", "كال")
_AR_STRIP = ("وال", "بال", "كال", "فال", "لل", "ال")  # longest first, as light10
_AR_SUFFIXES = ("ها", "ان", "ات", "ون", "ين", "يه", "ية", "ه", "ة", "ي")
_AR_FOLD = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ى": "ي", "ة": "ه"})


def arabic_core(word: str) -> str:
    """``word`` less its article, a leading و and its light10 suffixes (each kept when
    fewer than two letters would remain); marks and the tatweel off."""
    w = "".join(c for c in word if c != "\u0640" and not unicodedata.category(c).startswith("M"))
    for p in _AR_STRIP:
        if w.startswith(p) and len(w) - len(p) >= 2:
            w = w[len(p) :]
            break
    else:
        if w.startswith("و") and len(w) >= 4:
            w = w[1:]
    for s in _AR_SUFFIXES:
        if w.endswith(s) and len(w) - len(s) >= 2:
            w = w[: -len(s)]
    return w


def _arabic_keys(word: str) -> list[str]:
    """Where an Arabic word's forms start in the index: its core after each prefix."""
    core = arabic_core(word)
    return [p + core for p in _AR_PREFIXES] if len(core) >= MIN_STEM else []


def _arabic_form(word: str, term: str) -> bool:
    """Whether the index term ``term`` is ``word`` with other clitics or suffixes."""
    a, b = arabic_core(word), arabic_core(term)
    return len(a) >= MIN_STEM and a.translate(_AR_FOLD) == b.translate(_AR_FOLD)


def _starts(term: str, prefix: str) -> bool:
    """Whether the index term ``term`` is of a word starting with ``prefix``: it does, or
    the stemmer cut it inside the prefix (kiras: kira, not kiraz)."""
    return term.startswith(prefix) or (prefix.startswith(term) and len(term) >= MIN_STEM + 1)


def _long(lang: str, key: str) -> bool:
    """Whether ``key`` is long enough for its forms to be listed by its stem (else no
    form can agree)."""
    stem = max(map(len, _stems(lang, key)))
    return len(_prefix(lang, key)) >= MIN_STEM and stem >= min_stem(lang)


def _folded(word: str) -> str:
    """``word`` as the index folds it, before its stemmer: accents off."""
    toks = tokens(word)
    return toks[0] if len(toks) == 1 else word
