"""What a person wrote in one e-mail: the sender, and the body without quotes or signature.

Replies carry the text they answer (``>`` lines, ``On … wrote:`` and ``-----Original
Message-----`` blocks) and a signature after ``-- ``; only the new text is the person's.
An mbox escapes a body line beginning ``From `` as ``>From ``; that is undone. The body
is the first ``text/plain`` part that is not an attachment, else the first
``text/html`` part with its tags removed. Undecodable bytes are replaced, unknown charsets
read as UTF-8: a message always yields some text. Pure: no I/O.

Tags are removed by :func:`strip_tags`, one pass over at most :data:`MAX_PART_CHARS` of a
part: a regular expression with a lazy ``.*?`` up to a closing tag rescans the rest of the
text for every unclosed ``<script>``, which takes minutes on a few hundred kilobytes.
"""

from __future__ import annotations

import html
import re
from email.errors import HeaderParseError
from email.header import decode_header, make_header
from email.message import Message
from email.utils import getaddresses

__all__ = ["body_text", "is_sent", "sender", "strip_quotes", "strip_tags", "subject"]

MAX_BODY_CHARS = 20_000
MAX_PART_CHARS = 1 << 20  # of a part's decoded text looked at (HTML is mostly markup)
_ATTRIBUTION = re.compile(
    r"^\s*(?:On\b.{0,200}\bwrote:|Am\b.{0,200}\bschrieb\b.*:|Le\b.{0,200}\ba écrit\s*:|"
    r"-{2,}\s*(?:Original Message|Forwarded message)\s*-{2,}|From:\s.+|在.{0,100}写道[:：])\s*$",
    re.I,
)
_ESCAPED_FROM = re.compile(r"^>(>*From )", re.M)
_RAW = re.compile(r"<(script|style)\b", re.I | re.A)  # elements whose content is no text
_CLOSE = {
    "script": re.compile(r"</script", re.I | re.A),
    "style": re.compile(r"</style", re.I | re.A),
}
_TAG_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ/!?")


def sender(msg: Message) -> str:
    """The From address, lower-cased ("" when there is none)."""
    try:
        found = getaddresses([str(v) for v in msg.get_all("From", [])])
    except (TypeError, ValueError, IndexError):
        return ""
    return next((addr.strip().lower() for _, addr in found if "@" in addr), "")


def subject(msg: Message) -> str:
    """The Subject header, RFC 2047 words decoded ("" when missing or unreadable)."""
    raw = msg.get("Subject")
    if raw is None:
        return ""
    try:
        return str(make_header(decode_header(str(raw))))
    except (HeaderParseError, LookupError, UnicodeError, ValueError):
        return str(raw)


def is_sent(msg: Message) -> bool:
    """Whether the mail client filed this message as sent (Gmail labels, Apple/Thunderbird
    folders exported with the message)."""
    for header in ("X-Gmail-Labels", "X-Folder", "X-Mozilla-Folder"):
        value = str(msg.get(header, "") or "")
        if re.search(
            r"(?:^|[,/\s])(?:Sent|Sent Mail|Sent Items|Gesendet)(?:$|[,/\s])", value, re.I
        ):
            return True
    return False


def _decode(part: Message) -> str:
    try:
        raw = part.get_payload(decode=True)
    except (ValueError, TypeError, LookupError, AssertionError):
        raw = None
    if not isinstance(raw, bytes):
        payload = part.get_payload()
        return payload if isinstance(payload, str) else ""
    charset = part.get_content_charset() or "utf-8"
    try:
        return raw.decode(charset, errors="replace")
    except LookupError:
        return raw.decode("utf-8", errors="replace")


def strip_tags(markup: str) -> str:
    """The text of HTML ``markup``: tags, comments and ``<script>``/``<style>`` elements
    each become one space (entities are left for :func:`html.unescape`). One pass, linear
    in ``len(markup)``: every search starts where the last one ended. A tag, comment or
    element that never ends takes the rest of the text with it; a ``<`` that starts no tag
    (``a < b``) is text."""
    out: list[str] = []
    i, n = 0, len(markup)
    while i < n:
        lt = markup.find("<", i)
        if lt < 0:
            out.append(markup[i:])
            break
        out.append(markup[i:lt])
        if markup[lt + 1 : lt + 2] not in _TAG_START:
            out.append("<")
            i = lt + 1
            continue
        if markup.startswith("<!--", lt):
            end = markup.find("-->", lt + 4)
            end = end + 3 if end >= 0 else n
        else:
            gt = markup.find(">", lt + 1)
            raw = _RAW.match(markup, lt) if gt >= 0 else None
            if raw is not None:  # its content, up to the end of its closing tag
                close = _CLOSE[raw.group(1).lower()].search(markup, gt + 1)
                gt = markup.find(">", close.end()) if close is not None else -1
            end = gt + 1 if gt >= 0 else n
        out.append(" ")
        i = end
    return "".join(out)


def body_text(msg: Message) -> str:
    """The message's own text (plain, else de-tagged HTML), at most MAX_BODY_CHARS."""
    plain = markup = None
    for part in msg.walk():
        if part.is_multipart() or part.get_content_disposition() == "attachment":
            continue
        kind = part.get_content_type()
        if kind == "text/plain" and plain is None:
            plain = part
        elif kind == "text/html" and markup is None:
            markup = part
        if plain is not None:
            break
    if plain is not None:
        text = _decode(plain)[:MAX_PART_CHARS]
    elif markup is not None:
        text = html.unescape(strip_tags(_decode(markup)[:MAX_PART_CHARS]))
    else:
        return ""
    text = _ESCAPED_FROM.sub(r"\1", text.replace("\r\n", "\n"))  # mbox's ">From " escaping
    return text[:MAX_BODY_CHARS]


def strip_quotes(text: str) -> str:
    """``text`` without the quoted message it answers and without the signature."""
    kept = []
    for line in text.split("\n"):
        if line.rstrip() == "--":
            break  # the signature separator
        if _ATTRIBUTION.match(line):
            break
        if line.lstrip().startswith(">"):
            continue
        kept.append(line.rstrip())
    return "\n".join(kept).strip()
