"""A send re-routed to an address the text names while it says the real recipient is someone
else (a "relay" or "proxy"). Rationale: docs/design/guard.md, "Round 59"."""

from __future__ import annotations

import re

from ._clause import Clauses, mentioned, negated
from ._needles import register
from ._threats import Hit

_ADDRESS = r"(?:[\w.+-]{1,64}@[\w-]+\.[\w.-]+|\+?\d[\d ()-]{6,}\d)"
# The recipient swapped for one the text gives, or every message sent to one address.
_SWAP = re.compile(
    r"\b(?:change|replace|swap|set|switch|redirect|reroute|route|update|rewrite)\w* (?:the |its |"
    r"their |each |every )?(?:\w+ )?(?:recipient|destination|receiver|addressee|to[- ]address|"
    r"phone number|number|e-?mail address)s?\b[^.\n]{0,40}?\b(?:to|with|into)\s+[`'\"]?"
    + _ADDRESS
    + r"|\b(?:send|deliver|forward|route|redirect)\w* (?:all|every|each|any) (?:\w+ )?(?:outgoing |"
    r"sent )?(?:message|e-?mail|mail|sms|text|letter)s?\b[^.\n]{0,20}?\bto\s+[`'\"]?"
    + _ADDRESS
    + r"|\b(?:cambia|reemplaza|sustituye) (?:el|al) destinatario (?:por|a)\s+"
    + _ADDRESS
    + r"|\b(?:change|remplace|remplacez|changez) (?:le|les) destinataires? (?:par|en|pour)\s+"
    + _ADDRESS
    + r"|\b(?:ändere|ersetze|setze) (?:den|die) empfänger\w* (?:auf|zu|in|durch)\s+"
    + _ADDRESS
)
# The tell: the text owns that the user meant someone else, or calls its address a relay.
_TELL = re.compile(
    r"\b(?:real|actual|original|intended|true) (?:recipient|addressee|receiver|destination)s?\b|"
    r"\b(?:proxy|relay|forwarding) (?:number|address|account|inbox|mailbox)\b|"
    r"\bdestinatario (?:real|original|verdadero)|\b(?:vrai|véritable) destinataire|"
    r"destinataire (?:réel|original)|\b(?:echte|tatsächliche|eigentliche)n? empfänger|真实收件人"
)
_WORDS = frozenset(("recipient", "destinat", "empfänger", "收件人", "proxy", "relay", "forwarding"))
register(_WORDS)


def detect(s: str, cl: Clauses) -> Hit | None:
    """A send re-routed through an address the text names, in the folded text ``s``."""
    if not cl.found.present(_WORDS) or _TELL.search(s) is None:
        return None
    for swap in _SWAP.finditer(s):
        if negated(s, swap.start(), swap.end(), cl=cl) or mentioned(s, swap.start()):
            continue
        if cl.story(swap.start(), swap.end()):
            continue
        return Hit(
            "exfiltration.redirect",
            "exfiltration",
            "it re-routes what the agent sends to an address the text names while it says the "
            "real recipient is someone else; stored in memory it would send every later "
            "session's messages there; to store it anyway, keep the recipient the user chose",
            swap.start(),
            swap.end(),
        )
    return None
