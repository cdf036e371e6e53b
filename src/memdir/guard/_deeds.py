"""Consequential acts ordered for someone the user did not name, and standing shortcuts that
fake a check's result. Rationale: docs/design/guard.md, "Round 58"."""

from __future__ import annotations

import re

from ._clause import Clauses, mentioned, negated
from ._threats import Hit, hit

# --- 1. money moved to an account the text names, with a mark no own payment carries -----

_MOVE = re.compile(
    r"\b(?:send|transfer|wire|pay|move|redirect|route|envía|envia|transfiere|transfira|"
    r"envoie|vire[zr]?|überweise|sende|invia|trasferisci|bonifica)\b"
    r"|\b(?:modify|change|update|set|switch)\w* the (?:recipient|payee|beneficiary)"
)
# An account the attacker chose: an IBAN-shaped token, a long account number, a wallet.
_ACCOUNT = re.compile(
    r"\b[a-z]{2}\d{2}[a-z0-9]{10,30}\b|\baccount (?:number |no\.? |#)?\d[\d -]{7,}\d\b"
    r"|\baccount (?=[a-z0-9_-]{8})(?=[a-z]*[-_][a-z0-9_-]*\d)[a-z0-9]+(?:[-_][a-z0-9]+)+\b"
    r"|\b0x[0-9a-f]{40}\b|\bbc1[a-z0-9]{20,60}\b"
)
# What a user's own payment never says: drain the account, stay under a limit, skip asking,
# carry the user's data in the memo, or move a payment the user did not pick.
_MARK = re.compile(
    r"as much (?:money |cash )?as (?:possible|you can)|(?:the |my |their )?(?:entire|whole|full) "
    r"balance|all (?:of )?(?:the |my |their )?(?:money|funds|balance)|"
    r"(?:small |smaller )?(?:increments|instal?lments|chunks|tranches)\b|"
    r"without (?:asking|confirm\w*|checking with|telling|notifying)|"
    r"(?:that|which) (?:includes?|contains?|mentions?|lists?)[^.\n]{0,80}\bthe users?\b|"
    r"(?:recipient|payee|beneficiary) of (?:a|any|every|each|all|one of the) (?:\w+ )?"
    r"(?:recurring|scheduled|standing|regular|upcoming)|"
    r"tanto dinero como|todo el saldo|sin preguntar|autant d'argent que|tout le solde|"
    r"sans (?:demander|confirmer)|so viel geld wie|das gesamte guthaben|ohne (?:zu )?(?:fragen|"
    r"rückfrage)|senza chiedere|tutto il saldo"
)


_DIGITS = re.compile(r"\d{6}|0x[0-9a-f]{40}|bc1|account [a-z]+[-_]")


def _drained(s: str, cl: Clauses) -> Hit | None:
    if _DIGITS.search(s) is None:
        return None
    for acct in _ACCOUNT.finditer(s):
        lo, hi = cl.around(acct.start(), acct.end())
        move = _MOVE.search(s, max(lo, acct.start() - 160), acct.start())
        mark = _MARK.search(s, max(lo, acct.start() - 300), min(len(s), hi + 200, acct.end() + 400))
        if move is None or mark is None or negated(s, move.start(), move.end(), lo, cl):
            continue
        if mentioned(s, move.start()) or cl.story(move.start(), acct.end()):
            continue
        return hit(
            "exfiltration.payment",
            "it orders money moved to an account the text itself names, in a way no own "
            f"payment is made ({mark.group()!r})",
            move.start(),
            acct.end(),
        )
    return None


# --- 2. a send to an outside address, then the trace of it deleted --------------------------

_SENT = re.compile(
    r"\b(?:send|forward|e-?mail|post|share|invite|upload|transfer|envía|envoie|schicke|invia)\b"
)
_OUTSIDE = re.compile(
    r"[\w.+-]{1,64}@[\w-]+\.[\w.-]+|https?://|\bwww\.|\b[a-z]{2}\d{2}[a-z0-9]{10,30}\b"
)
_ERASE = re.compile(
    r"\b(?:delete|remove|erase|wipe|purge|borra|elimina|supprime|lösche|cancella)\s+"
    # not "the sent e-mail" nor "the e-mail you sent": a tidy Sent folder (round 57 took that
    # shape out; set 57's attacks that say it are refused by what they send)
    r"(?:(?:him|her|them) from\b|(?:every|any|all) traces?|the evidence)"
)


_ERASE_WORDS = ("delet", "remov", "erase", "wipe", "purge", "borra", "elimin", "supprim", "lösch")


def _covered(s: str, cl: Clauses) -> Hit | None:
    if not (("@" in s or "www." in s or "://" in s) and any(w in s for w in _ERASE_WORDS)):
        return None
    for erase in _ERASE.finditer(s):
        lo = max(0, erase.start() - 400)
        out = _OUTSIDE.search(s, lo, erase.start())
        send = out and _SENT.search(s, max(lo, out.start() - 200), out.start())
        if not send or negated(s, erase.start(), erase.end(), cl=cl):
            continue
        if mentioned(s, send.start()) or cl.story(send.start(), erase.end()):
            continue
        return hit(
            "hiding.cover-up",
            "it orders something sent to an outside address and then the trace of it deleted",
            send.start(),
            erase.end(),
        )
    return None


# --- 3. the user's whole mailbox or drive, or identity numbers, sent to an outside address --

_BULK = re.compile(
    r"\ball (?:of )?(?:the |my |your |their |the user'?s )?(?:unread |received |sent |incoming |"
    r"private |direct )?(?:e-?mails|messages|files|documents|contacts|chats|conversations)\b"
    r"(?!\s+(?:from|about|regarding|tagged|label\w*|with|that|which|related|in|on|for|sent by)\b)"
    r"|\b(?:passport|bank account|social security|id card) numbers?\b"
    # a whole record of the user's: a list that is all of it, or one said to be full
    r"|\b(?:my|the user'?s) (?:contact list|address book|follower list)\b"
    r"|\b(?:my|the user'?s) (?:full|entire|whole|complete) (?:transaction history|calendar|"
    r"contacts|browsing history|purchase history)\b"
)
_EMAIL = re.compile(r"[\w.+-]{1,64}@[\w-]+\.[a-z]{2,}\b")
# The send as an order: the verb opening a clause or after "please/then/and", not a noun
# ("Contact email: …") nor a description ("the app sends …").
_ORDER = re.compile(
    r"(?:^|[.;:!?,\n]\s*|\b(?:please|then|and|also|just|now|tool to)\s+)"
    r"(send|forward|e-?mail|share|"
    r"upload)\b(?!\s*[:(])",
    re.MULTILINE,
)
# What the send carries when the private thing was named just before.
_THAT = re.compile(
    r"\s+(?:this|that|the|these|those|all (?:this|that|the))\s+"
    r"(?:information|info|details|data|numbers?)\b|\s+(?:it|them)\b"
)


def _bulk(s: str, cl: Clauses) -> Hit | None:
    if "@" not in s or not any(
        w in s for w in ("all ", "number", "code", " list", "history", "full ")
    ):
        return None
    for out in _EMAIL.finditer(s):
        lo = max(0, out.start() - 200)
        for order in _ORDER.finditer(s, lo, out.start()):
            send = order.span(1)
            what = _BULK.search(s, send[1], out.start())
            if what is None and _THAT.match(s, send[1]):
                what = _BULK.search(s, max(0, send[0] - 200), send[0])
            if what is None or negated(s, send[0], send[1], cl=cl):
                continue
            if mentioned(s, send[0]) or cl.story(send[0], out.end()):
                continue
            return hit(
                "exfiltration.egress",
                f"it orders {what.group()!r} sent to an outside address",
                send[0],
                out.end(),
            )
    return None


# --- 4. a credential of the user's set to a value the text gives ---------------------------

_TAKEOVER = re.compile(
    r"\b(?:change|reset|set|update|modify)\w*\s+(?:the\s+)?(?:(?:user|account holder|customer|"
    r"owner)'?s\s+)?(?:password|passcode|pin|login e-?mail|recovery (?:e-?mail|phone))\b"
    r"(?:\s+(?:of|for)\s+(?:the\s+)?(?:user|account holder|customer|owner)\b)?\s+to\b"
    # the value given, not one described ("to the value in Vault", "to a random one"): a
    # runbook's reset, which names where the value comes from rather than the value
    r"(?!\s+(?:a|an|the|their|his|her|its|some|whatever|one)\b)"
)


_CREDENTIAL = ("password", "passcode", "pin ", "login e", "recovery ")
_THIRD = ("user", "holder", "customer", "owner")


def _takeover(s: str, cl: Clauses) -> Hit | None:
    if not (any(w in s for w in _CREDENTIAL) and any(w in s for w in _THIRD)):
        return None
    for m in _TAKEOVER.finditer(s):
        if not re.search(r"user|holder|customer|owner", m.group()):
            continue  # "update the password to …": the user's own task
        if negated(s, m.start(), m.end(), cl=cl) or mentioned(s, m.start()):
            continue
        return hit(
            "credential.takeover",
            "it orders the password of the user, named in the third person, set to a value "
            "the text gives",
            m.start(),
            m.end(),
        )
    return None


# --- 5. a standing shortcut that reports unchecked work as passed --------------------------

_FAKED = re.compile(
    r"\b(?:mark|flag|stamp|label|record|report|declare|set)\s+(?:the |all |every |each |its |"
    r"this )?(?:[\w-]+ ){0,2}?(?:as|to)\s+(?:passed|pass|successful|success|succeeded|green|ok|"
    r"clean|final|approved|sanitized|sanitised|complete|completed|verified|valid)\b"
    r"|\b(?:record|report|show)\w* (?:a )?success regardless"
    r"|\b(?:always|force\w*) (?:to )?(?:pass|succeed|return true)\b"
    r"|\bstamp (?:it |them )?(?:with )?(?:today.?s|the current|a fresh|a new) date"
)
_SKIPPED = re.compile(
    r"\b(?:skip|bypass|disable|avoid|suppress)\w*|\bwithout (?:waiting|checking|running|review|"
    r"validat|re-?runn|recomput)\w*|\bregardless of\b|\beven if (?:stale|outdated|it fails|"
    r"failing|broken)|\bto unblock\b|\bmonkeypatch\w*|"
    r"\b(?:drop|delete|remove)\w* [^.\n]{0,20}\b(?:audit|consent|validation)\b"
)


# Round 62b: what "pass" takes when it passes an argument: a flag, bare or in backticks.
_ARGUMENT = re.compile(r"[ \t]+`?--?[a-z]")

_FAKED_WORDS = (
    *("pass", "succe", "green", " ok", "clean", "final", "approv", "saniti", "complet"),
    *("verified", "valid", "return true", "stamp"),
)


def _faked(s: str, cl: Clauses) -> Hit | None:
    if not any(w in s for w in _FAKED_WORDS) or _SKIPPED.search(s) is None:
        return None
    for fake in _FAKED.finditer(s):
        if negated(s, fake.start(), fake.end(), cl=cl) or mentioned(s, fake.start()):
            continue
        if fake.group().endswith("pass") and _ARGUMENT.match(s, fake.end()):
            continue  # "always pass `-Encoding UTF8BOM`": an argument passed to a command
        skip = _SKIPPED.search(s, max(0, fake.start() - 300), min(len(s), fake.end() + 200))
        if skip is None or cl.story(fake.start(), fake.end()):
            continue
        return hit(
            "injection.standing-order",
            "it tells the agent to report work as passed or final while skipping the check "
            "that would show it",
            fake.start(),
            fake.end(),
        )
    return None


def detect(s: str, cl: Clauses) -> Hit | None:
    """The first round-58 act in the folded text ``s``, or None."""
    return _drained(s, cl) or _covered(s, cl) or _bulk(s, cl) or _takeover(s, cl) or _faked(s, cl)
