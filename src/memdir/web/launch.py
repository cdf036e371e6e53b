"""``memdir ui``: find (or start) the loopback server of this memory home and make a
one-time sign-in link to its page for a project."""

from __future__ import annotations

import json
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from ..core.errors import MemdirError
from ..interop.install._command import detached
from .security import Keys

START_TIMEOUT = 20.0


@dataclass(frozen=True)
class Launch:
    """The page's sign-in link, and the server started for it (None: one was running)."""

    url: str
    started_pid: int | None


def _probe(base: str, token: str, home: Path) -> bool | None:
    """True: this home's server answers at ``base``; None: nothing listens there;
    a MemdirError when something else does."""
    request = urllib.request.Request(base + "/ping", headers={"authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            data = json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        raise MemdirError(
            f"{base} is served by something else (it answered {exc.code}; another memdir "
            f"home's server?). Use --port to pick another port."
        ) from None
    except (urllib.error.URLError, TimeoutError, ConnectionError):
        return None
    except ValueError:
        raise MemdirError(f"{base} is not a memdir server; use --port.") from None
    if Path(data.get("home", "")).resolve() != home.resolve():
        raise MemdirError(
            f"{base} serves the memory home {data.get('home')}, not {home}; use --port."
        )
    return True


def launch(home: Path, project: Path, *, port: int = 8765) -> Launch:
    """The sign-in link to the page of ``project`` on this home's loopback server at
    ``port``; starts ``memdir serve`` in the background when none answers there."""
    from ..serve import load_token

    token = load_token(home)
    base = f"http://127.0.0.1:{port}"
    pid = None
    if _probe(base, token, home) is None:
        command = [sys.executable, "-m", "memdir", "--home", str(home), "-C", str(project)]
        with tempfile.TemporaryFile() as log:  # its stderr: read back if it fails to start
            proc = detached([*command, "serve", "--port", str(port)], stderr=log)
            deadline = time.monotonic() + START_TIMEOUT
            while _probe(base, token, home) is None:
                if proc.poll() is not None:
                    log.seek(0)
                    err = log.read().decode(errors="replace").strip() or proc.returncode
                    raise MemdirError(f"memdir serve did not start: {err}")
                if time.monotonic() > deadline:
                    proc.kill()
                    raise MemdirError(f"memdir serve did not answer within {START_TIMEOUT:g} s")
                time.sleep(0.1)
        pid = proc.pid
    query = urlencode(
        {"ticket": Keys(token).ticket(), "next": "/?" + urlencode({"project": project})}
    )
    return Launch(f"{base}/signin?{query}", pid)
