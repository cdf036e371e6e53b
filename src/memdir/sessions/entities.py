"""Entity mentions: people, projects, repositories, hosts and packages named in a text,
found without a model. See docs/design/entities.md."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.model import normalise

MAX_SCAN = 20_000  # characters of a text looked at
MAX_MENTIONS = 40  # mentions kept per text
KINDS = ("handle", "repo", "host", "package", "name")
key_of = normalise  # the form entity names are compared in: NFKC, casefolded, spaces folded

_HANDLE = re.compile(r"(?<![\w@.])@([A-Za-z0-9_][A-Za-z0-9_-]{1,38})\b")
_REPO = re.compile(
    r"(?<![\w./@-])([A-Za-z0-9][A-Za-z0-9_.-]{0,38})/([A-Za-z0-9][A-Za-z0-9_.-]{0,99})(?![\w/])"
)
_HOST = re.compile(
    r"(?<![\w.@/-])((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,6}[A-Za-z]{2,24})"
    r"(?![\w-])"
)
_PACKAGE = re.compile(
    r"\b(?:pip3?|uv|poetry|pipx|npm|pnpm|yarn|bun|cargo|gem|go|brew|apt(?:-get)?)\s+"
    r"(?:install|add|get|i)\s+(?:-{1,2}[\w-]+\s+)*([@A-Za-z0-9][\w@/.-]{0,99})"
)
_CAPWORD = r"(?:[A-Z][\w'’-]*[a-z0-9][\w-]*|[A-Z]{2,}[a-z]*[\w-]*)"
_NAME = re.compile(rf"(?<![\w@/.-])({_CAPWORD}(?:[ \t]+{_CAPWORD}){{0,3}})(?![\w-])")  # one line
_SENTENCE_START = re.compile(r"(?:^|[.!?:;\n]\s*|[\"'(\[`*-]\s*)$")
_SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶"
    "程苏魏吕丁沈姚卢姜崔钟谭陆汪范金廖贾夏韦方邹孟熊秦邱薛闫段雷侯龙史陶黎贺顾毛郝龚邵"
)
_ZH_NAME = re.compile(  # a surname and one or two characters, before a word said of people
    rf"(?<![\u4e00-\u9fff])([{_SURNAMES}][\u4e00-\u9fff]{{1,2}}?)"
    r"(?=(?:老师|经理|总监|说|负责|提醒|要求|建议|希望|认为|同学|先生|女士))"
)
_ZH_NAME_AFTER = re.compile(  # … or after one (和张三讨论, 问李娜), before a verb or a stop
    rf"(?:(?<=[和与跟找问让请叫])|(?<=告诉)|(?<=通知)|(?<=联系)|(?<=感谢))(?!周[一二三四五六日天末])([{_SURNAMES}][\u4e00-\u9fff]{{1,2}}?)"
    r"(?=讨论|确认|同意|商量|沟通|开会|聊|说|负责|提|[，。、；！？,.;!?\s]|$)"
)
_ZH_WORDS = frozenset(
    [
        "马上",
        "程序员",
        "曾经",
        "黄金",
        "孙子",
        "周末",
        "方法",
        "方便",
        "方面",
        "方案",
        "程序",
        "程度",
        "金额",
        "段落",
        "毛病",
        "史上",
        "林业",
    ]
)
_KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc]{3,}")
_FILE_EXT = frozenset(
    (
        "py",
        "md",
        "json",
        "yaml",
        "yml",
        "toml",
        "txt",
        "js",
        "ts",
        "tsx",
        "jsx",
        "lock",
        "sh",
        "cfg",
        "ini",
        "html",
        "css",
        "go",
        "rs",
        "java",
        "c",
        "h",
        "cpp",
        "rb",
        "php",
        "sql",
        "log",
        "csv",
        "xml",
        "png",
        "jpg",
        "svg",
        "gz",
        "zip",
        "tar",
        "env",
    )
)
_PATH_HEADS = frozenset(
    (
        "src",
        "tests",
        "test",
        "docs",
        "lib",
        "bin",
        "etc",
        "usr",
        "home",
        "var",
        "tmp",
        "opt",
        "dev",
        ".",
        "..",
    )
)
_NOT_NAMES = frozenset(
    (
        "i",
        "i'm",
        "i've",
        "i'd",
        "i'll",
        "we",
        "you",
        "he",
        "she",
        "it",
        "they",
        "the",
        "a",
        "an",
        "this",
        "that",
        "these",
        "those",
        "my",
        "our",
        "your",
        "his",
        "her",
        "its",
        "their",
        "if",
        "when",
        "then",
        "so",
        "but",
        "and",
        "or",
        "not",
        "no",
        "yes",
        "ok",
        "okay",
        "please",
        "thanks",
        "also",
        "always",
        "never",
        "use",
        "don't",
        "do",
        "does",
        "did",
        "is",
        "are",
        "was",
        "were",
        "be",
        "can",
        "could",
        "should",
        "would",
        "will",
        "what",
        "why",
        "how",
        "where",
        "who",
        "which",
        "remember",
        "note",
        "todo",
        "fixme",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    )
)


@dataclass(frozen=True)
class Mention:
    """One entity named in a text: its key (what links compare), as written, and kind."""

    key: str
    label: str
    kind: str


def mentions(text: str) -> list[Mention]:
    """The entities ``text`` names, in order of first mention, each once; at most
    :data:`MAX_MENTIONS` from the first :data:`MAX_SCAN` characters (bounded work)."""
    text = text[:MAX_SCAN]
    found: dict[str, Mention] = {}

    def add(label: str, kind: str) -> None:
        key = key_of(label)
        if key and key not in found and len(found) < MAX_MENTIONS:
            found[key] = Mention(key, label, kind)

    for m in _HANDLE.finditer(text):
        add("@" + m.group(1), "handle")
    for m in _PACKAGE.finditer(text):
        add(m.group(1).rstrip("."), "package")
    for m in _REPO.finditer(text):
        owner, repo = m.group(1), m.group(2).rstrip(".")
        if owner.casefold() in _PATH_HEADS or repo.rsplit(".", 1)[-1].casefold() in _FILE_EXT:
            continue
        if owner.isdigit() or repo.isdigit():  # 24/7, 1/2
            continue
        add(f"{owner}/{repo}", "repo")
    for m in _HOST.finditer(text):
        host = m.group(1)
        if host.rsplit(".", 1)[-1].casefold() in _FILE_EXT or "/" + host in text:
            continue
        add(host, "host")
    for m in _NAME.finditer(text):
        label = m.group(1)
        words = label.split()
        while words and _common(words[0]):
            words.pop(0)
        if not words:
            continue
        initial = _SENTENCE_START.search(text, max(0, m.start() - 3), m.start()) is not None
        lone = len(words) == 1 and words[0] == label and not any(c.isupper() for c in label[1:])
        if lone and initial:
            continue  # one capitalised word opening a sentence: any word could be
        add(" ".join(words), "name")
    for m in (*_ZH_NAME.finditer(text), *_ZH_NAME_AFTER.finditer(text)):
        if m.group(1) not in _ZH_WORDS:
            add(m.group(1), "name")
    for m in _KATAKANA.finditer(text):
        add(m.group(0), "name")
    return list(found.values())


def _common(word: str) -> bool:
    """A word that starts sentences, not names ("Fridays" too)."""
    low = word.casefold()
    return low in _NOT_NAMES or (low.endswith("s") and low[:-1] in _NOT_NAMES)


def query_keys(query: str) -> list[str]:
    """Keys a query may name an entity by: its mentions, and every run of 1-3 words
    (casefolded; a query is often typed in lower case), at most 200."""
    keys = [m.key for m in mentions(query)]
    words = re.findall(r"[@\w][\w@/.-]*", key_of(query[:2000]))
    for n in (1, 2, 3):
        keys += [" ".join(words[i : i + n]) for i in range(len(words) - n + 1)]
    keys += [w.strip(".") for w in words]
    return list(dict.fromkeys(k for k in keys if len(k) > 1))[:200]
