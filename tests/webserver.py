"""The web page served for tests: ``memdir serve``'s app (MCP + web) by uvicorn on a free
loopback port in a thread, and headless Chromium from the distribution's packages."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import httpx2 as httpx
import pytest

from forkserver import Child
from memdir.engine import Memdir
from memdir.serve import make_app
from memdir.serve.workspaces import Workspaces
from memdir.web import build_app, with_web

CHROMIUM = os.environ.get("MEMDIR_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("MEMDIR_CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
TOKEN = "t" * 20 + "-test-token-for-the-web-page"


def out_dir() -> Path:
    """Where browser tests put screenshots (``MEMDIR_TEST_OUT``, else tests/out/web)."""
    folder = Path(os.environ.get("MEMDIR_TEST_OUT") or Path(__file__).parent / "out" / "web")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serving(app: Any, port: int | None = None) -> Iterator[str]:
    """``app`` on loopback; yields its base URL."""
    import uvicorn

    port = port or free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "did not start"
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def serve_env(home: Path, tmp: Path) -> dict[str, str]:
    """The environment of ``memdir serve`` for one person on ``home``: no team database,
    user or server from the test runner's own environment."""
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_MANAGED_DIR": str(tmp / "m")}
    env.update(NO_COLOR="1", COLUMNS="200", MEMDIR_BACKGROUND="0")
    for name in ("MEMDIR_DATABASE_URL", "MEMDIR_USER", "MEMDIR_TOKEN", "MEMDIR_SERVER"):
        env.pop(name, None)
    return env


def print_token(env: dict[str, str], project: Path) -> str:
    """``memdir serve --print-token`` (made on first use)."""
    return subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(project), "serve", "--print-token"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def as_from_a_terminal() -> None:
    """``preexec_fn`` of a child started as a person starts it from a terminal: SIGINT at
    its default, as a terminal's Ctrl-C finds it (background jobs inherit it ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def memdir_popen(env: dict[str, str], project: Path, *args: str) -> subprocess.Popen[str]:
    """``memdir -C project *args`` started as from a terminal (:func:`as_from_a_terminal`),
    with text pipes for stdin, stdout and stderr."""
    return subprocess.Popen(
        [sys.executable, "-m", "memdir", "-C", str(project), *args],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=as_from_a_terminal,
    )


class HangingPostgresql:
    """A PostgreSQL server that hangs: a loopback port that accepts a connection and never
    answers (:attr:`url` names it)."""

    def __init__(self, listener: socket.socket) -> None:
        self.listener = listener
        self.url = f"postgresql://memdir@127.0.0.1:{listener.getsockname()[1]}/x"

    def ctrl_c(self, proc: subprocess.Popen[str]) -> str:
        """Ctrl-C (SIGINT) to ``proc`` once it has connected and sent its startup message
        (it then waits for an answer); its stderr once it ended (killed if it had not)."""
        try:
            conn, _ = self.listener.accept()
            with conn:
                conn.recv(1024)  # its startup message: it now waits for our answer
                proc.send_signal(signal.SIGINT)
                _, err = proc.communicate(timeout=60)
        finally:
            proc.kill()
        return err


@contextlib.contextmanager
def hanging_postgresql() -> Iterator[HangingPostgresql]:
    """A :class:`HangingPostgresql` for the block."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        listener.settimeout(60)  # a client that never connects fails the test, not hangs it
        yield HangingPostgresql(listener)


class PortTaken(AssertionError):
    """Another process listens on the port a server just started was given (free when
    :func:`free_port` picked it, taken before the server bound it): the server cannot
    bind it, and a request there reaches the other process."""


def listens(pid: int, port: int) -> bool | None:
    """Whether process ``pid`` holds a listening TCP socket on ``port`` (any address);
    None where /proc does not tell (not Linux)."""
    inodes = set()
    try:
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            with open(table, encoding="ascii") as f:
                for line in f.readlines()[1:]:
                    # sl local rem st tx:rx tr:when retrnsmt uid timeout inode ...
                    fields = line.split()
                    if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                        inodes.add(f"socket:[{fields[9]}]")
    except OSError:
        return None
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:  # it exited
        return False
    for fd in fds:
        with contextlib.suppress(OSError):  # closed meanwhile
            if os.readlink(f"/proc/{pid}/fd/{fd}") in inodes:
                return True
    return False


def wait_for_port(
    proc: subprocess.Popen[bytes] | subprocess.Popen[str] | Child,
    port: int,
    host: str = "127.0.0.1",
) -> None:
    """Wait until ``proc`` (a server just started) listens on ``port`` (of ``host``);
    fail if it exits or takes over a minute, and with :class:`PortTaken` when another
    process listens there (the port of :func:`free_port` is free only when picked: on a
    loaded machine another test's server can take it first, and would answer this
    test's requests, refusing its tokens)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection((host, port), timeout=1).close()
        except OSError:
            assert proc.poll() is None, proc.communicate()[1]
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
            continue
        if listens(proc.pid, port) is not False:
            return
        raise PortTaken(f"port {port} was taken by another process before this server bound it")


P = TypeVar("P", subprocess.Popen[bytes], subprocess.Popen[str], Child)


def start_server(
    start: Callable[[int], P], host: str = "127.0.0.1", tries: int = 3
) -> tuple[P, int]:
    """``start(port)`` on a :func:`free_port`, once it listens (:func:`wait_for_port`),
    and that port; on another port when another process took that one first
    (:class:`PortTaken`: the one started there is stopped)."""
    for attempt in range(tries):
        port = free_port()
        proc = start(port)
        try:
            wait_for_port(proc, port, host)
            return proc, port
        except PortTaken:
            proc.kill()
            proc.communicate(timeout=30)
            if attempt == tries - 1:
                raise
    raise AssertionError("no tries")


@contextlib.contextmanager
def memdir_serving(
    env: dict[str, str], project: Path, *args: str, host: str = "127.0.0.1"
) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``memdir serve`` in ``project`` on a free port of ``host``, started as a person
    starts it (SIGINT as a terminal's Ctrl-C delivers it; background jobs inherit it
    ignored): the process (stdout and stderr text pipes) and its base URL once it
    listens; stopped at the end if the test did not stop it."""
    serve = [sys.executable, "-m", "memdir", "-C", str(project), "serve", "--port"]
    proc, port = start_server(
        lambda port: subprocess.Popen(
            [*serve, str(port), *args],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=as_from_a_terminal,
        ),
        host,
    )
    try:
        yield proc, f"http://{host}:{port}"
    finally:
        if proc.poll() is None:
            proc.terminate()
        try:
            proc.communicate(timeout=30)
        except ValueError:  # the test read its pipes to the end already
            proc.wait(timeout=30)


@contextlib.contextmanager
def tcp_serving(handle: Callable[[socket.socket], None]) -> Iterator[str]:
    """A raw TCP server on loopback: each connection to ``handle`` in a thread of its own
    (a server that resets, a proxy); yields its base URL."""
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            threading.Thread(target=handle, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(timeout=10)
        listener.close()


def reset(conn: socket.socket) -> None:
    """Close ``conn`` with a reset (no linger): what a client sees of a server killed."""
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    conn.close()


@contextlib.contextmanager
def web_server(
    md: Memdir, token: str = TOKEN, workspaces: Workspaces | None = None
) -> Iterator[str]:
    """What ``memdir serve`` runs (MCP at /mcp, the page everywhere else) over ``md``."""
    port = free_port()
    if workspaces is None:  # one table for MCP, /api and the page, as memdir serve has
        workspaces = Workspaces(md)
    mcp = make_app(md, token, workspaces=workspaces)
    web = build_app(md, token, port=port, workspaces=workspaces)
    with serving(with_web(mcp, web), port) as url:
        yield url


def signed_in(url: str, token: str = TOKEN) -> httpx.Client:
    """An HTTP client of the page at ``url``, signed in with ``token``."""
    client = httpx.Client(base_url=url, follow_redirects=False, timeout=30)
    r = client.post("/signin", data={"token": token, "next": "/"})
    assert r.status_code == 303, r.text[:300]
    return client


def form_value(page: str, field: str) -> str:
    """The value of the form field ``field`` on ``page``."""
    found = re.search(rf'name="{field}" value="([^"]*)"', page)
    assert found, f"the page has a form field {field}"
    return found.group(1)


@pytest.fixture
def site(md: Memdir) -> Iterator[str]:
    """The page over ``md`` holding one local entry, Cache host (project_cache-host)."""
    md.store("local").add(
        type="project", name="Cache host", description="cache server", body="walrus-7"
    )
    with web_server(md) as url:
        yield url


# -- raw MCP over HTTP: what any client sends, one request at a time ---------------------


MCP_INITIALIZE = {  # the request that opens a connection
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    },
}


def _mcp(request: urllib.request.Request) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.headers.get("mcp-session-id", ""), answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, "", exc.read().decode()


def mcp_initialize(url: str, token: str | None, project: str | None = None) -> tuple[int, str, str]:
    """(status, Mcp-Session-Id or "", body) of one raw initialize at ``url`` (the /mcp
    address), as a client sends it; ``token`` None: no Authorization header; ``project``:
    its X-Memdir-Project header."""
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    if project is not None:
        headers["X-Memdir-Project"] = project
    return _mcp(urllib.request.Request(url, json.dumps(MCP_INITIALIZE).encode(), headers))


def mcp_use(url: str, token: str, sid: str) -> int:
    """The status of a tools/list on connection ``sid`` after its initialized notification
    (the request that starts its memdir session); the notification's, if that failed."""
    statuses = []
    for message in (
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    ):
        headers = {
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            "Mcp-Session-Id": sid,
            "Mcp-Protocol-Version": "2025-06-18",
        }
        request = urllib.request.Request(url, json.dumps(message).encode(), headers)
        statuses.append(_mcp(request)[0])
    return next((s for s in statuses if s >= 300), statuses[-1])


def mcp_delete(url: str, token: str, sid: str) -> int:
    """The status of a DELETE of connection ``sid`` (a client closing it)."""
    headers = {"Authorization": f"Bearer {token}", "Mcp-Session-Id": sid}
    return _mcp(urllib.request.Request(url, headers=headers, method="DELETE"))[0]


def chromium(**prefs: Any) -> Any:
    """A headless Chromium driven by Selenium through the distribution's chromedriver,
    with a fresh profile; the test is skipped when either is missing."""
    if not (shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER)):
        pytest.skip(
            f"no Chromium at {CHROMIUM} / {CHROMEDRIVER}: apt-get install chromium "
            "chromium-driver (.ci/run does)"
        )
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="memdir-chromium-")
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--window-size=1400,1000"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.profile_dir = profile
    return driver


def quit_chromium(driver: Any) -> None:
    driver.quit()
    shutil.rmtree(driver.profile_dir, ignore_errors=True)
