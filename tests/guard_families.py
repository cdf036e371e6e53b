"""The rule family an attack of the guard's round tests is refused by today (issue 13): its
rule, and for ``exfiltration.egress``, which several detectors share, the head of the
detector's reason. An attack kept refused only by another rule then shows."""

from __future__ import annotations

from memdir.guard import scan

EGRESS = "exfiltration.egress: it tells the agent to send secrets or private data"
SPLIT_CALL = "exfiltration.egress: it tells the agent to call an address with a secret"
FOREIGN_KEY = "exfiltration.egress: it gives a service's key with an address no such service"
FOREIGN_DATA = "exfiltration.egress: it sends what the session holds to a user-content host"
URL_DATA = "exfiltration.url-data: "
SEND_DATA = "exfiltration.send-data: "
STANDING_ORDER = "injection.standing-order: "
DECEIVE_USER = "hiding.deceive-user: "


def family(text: str, default: str, others: dict[str, str]) -> str:
    """The family of ``text``: that of the fragment of ``others`` it holds, else ``default``."""
    return next((f for fragment, f in others.items() if fragment in text), default)


def assert_refused_by(text: str, expected: str) -> None:
    found = scan(text)
    assert found is not None, text
    assert f"{found.rule}: {found.reason}".startswith(expected), (text, found.rule, found.reason)


def assert_fragments(others: dict[str, str], texts: list[str]) -> None:
    """Each fragment names one text (a text edited or added does not take another's family)."""
    for fragment in others:
        assert sum(fragment in t for t in texts) == 1, fragment
