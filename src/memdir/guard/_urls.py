"""What a URL names: its readings as tools parse it, and the service a registered domain or
a secret variable's name belongs to (``api.github.com`` and ``$GH_TOKEN`` are both github's).
See docs/design/guard.md."""

from __future__ import annotations

import functools
import re
from urllib.parse import SplitResult, urlsplit

from ._vocab import _VAR

_IP_URL = re.compile(r"https?://\d")
_NAME_WORD = re.compile(r"[a-z0-9]+")
_CREDENTIAL_WORDS = frozenset(
    re.findall(r"\w+", "key token secret api access auth password pass pwd my app")
)


# Words of a secret's name that say its role, not its service (``$SLACK_WEBHOOK_URL`` is not
# ``webhook.site``'s, ``$DISCORD_BOT_TOKEN`` not ``bot.dev``'s).
_ROLE_WORDS = frozenset(
    re.findall(
        r"\w+",
        "webhook hook hooks url uri dsn bot client id sid deploy private public service account "
        "user admin personal prod dev staging test live ci oauth refresh session signing master",
    )
)


# Second-level labels under which anyone registers a name (``example.co.uk``); without a
# public-suffix list, these cover the common country forms.
_SECOND_LEVEL = frozenset(("co", "com", "org", "net", "gov", "ac", "edu", "ne", "or", "go"))


# Short names of a service in its variables' names (``$GH_TOKEN``, ``$AWS_SESSION_TOKEN``).
# A service's other registered names (raw.githubusercontent.com, *.blob.core.windows.net).
_GOOGLE = ("googleapis", "run", "cloudfunctions")
_ALIAS = {
    "gh": ("github",),
    "github": ("githubusercontent",),
    "aws": ("amazonaws",),
    "npm": ("npmjs",),
    "hf": ("huggingface",),
    "cf": ("cloudflare",),
    "pd": ("pagerduty",),
    "google": _GOOGLE,
    "gcp": _GOOGLE,
    "gcloud": _GOOGLE,
    "gcs": _GOOGLE,
    "azure": ("windows", "azurewebsites", "azure"),
    "jira": ("atlassian",),
    "confluence": ("atlassian",),
    "datadog": ("datadoghq",),
    "dd": ("datadoghq",),
}


def _split(url: str) -> SplitResult | None:
    """``urlsplit``, or None where it raises (``http://[abc/``: no IPv6 address there)."""
    try:
        return urlsplit(url)
    except ValueError:
        return None


def _readings(url: str) -> list[SplitResult]:
    """``url`` as each tool that sends it reads it: as curl and Python do, and where a
    backslash is left in it (an authority they end elsewhere, see ``guard._slashes``) as a
    browser does too, the backslash a "/"."""
    readings = (url, url.replace("\\", "/")) if "\\" in url else (url,)
    return [p for p in map(_split, readings) if p is not None]


@functools.lru_cache(maxsize=4096)  # asked per sink and variable: a clause of URLs asks often
def _service_words(url: str) -> frozenset[str]:
    """The words of the name a URL's registrable domain is registered under: ``github`` for
    ``https://api.github.com/x`` — never its path, nor the subdomains of another name
    (``github.evil.example``). Empty for an IP, a userinfo or a bare host."""
    parts = _split(_VAR.sub(" ", url.rstrip(").,;:>]}")))  # the variable names nothing
    if parts is None:
        return frozenset()
    host = parts.hostname or ""
    labels = host.rstrip(".").split(".")
    if len(labels) < 2 or _IP_URL.match(url) or "@" in parts.netloc:
        return frozenset()
    tld = 2 if len(labels) > 2 and len(labels[-1]) == 2 and labels[-2] in _SECOND_LEVEL else 1
    return frozenset(_NAME_WORD.findall(labels[-1 - tld]))


def _own_service(url: str, name: str) -> bool:
    """Whether the secret variable ``name`` is named for the service ``url`` goes to
    (``$STRIPE_KEY`` to ``api.stripe.com``): a credential presented to its own service, not
    data carried away. Every word of the registered name must be one of the variable's
    (``stripe-verify.io`` is not ``$STRIPE_KEY``'s)."""
    words = _service_words(url)
    return bool(words) and words <= _service_of(name)


@functools.lru_cache(maxsize=1024)
def _service_of(name: str) -> frozenset[str]:
    """The words of a variable's name that name a service (``{github}`` of ``GH_TOKEN``),
    with its domain's name for a short one; empty for ``$API_KEY`` or ``$STAGING_TOKEN``."""
    scope = set(_NAME_WORD.findall(name.replace("_", " "))) - _CREDENTIAL_WORDS - _ROLE_WORDS
    return frozenset(scope.union(*(_ALIAS.get(w, ()) for w in scope)))
