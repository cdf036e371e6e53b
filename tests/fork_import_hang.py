"""rvfork reproducer: a parent thread's first write imports memdir.guard lazily
(store.py _screen); a fork while that import runs copies importlib's module lock held:
the child's first add waits on it forever. exit 0 = child ok, 1 = child hung."""

import multiprocessing
import sys
import tempfile
import threading
import time
from pathlib import Path

import memdir

assert "memdir.guard" not in sys.modules
tmp = Path(tempfile.mkdtemp())
home = tmp / "home"
project = tmp / "project"
project.mkdir()
md = memdir.open(home, project)


def add(m, n):
    return m.store("local").add(type="project", name=n, description="d", body=f"Fact {n}.")


t = threading.Thread(target=add, args=(md, "Parent 0"))
t.start()
while "memdir.guard" not in sys.modules:  # the import has begun, not ended
    time.sleep(0.0005)
p = multiprocessing.get_context("fork").Process(target=add, args=(md, "Child 0"))
p.start()
t.join()
p.join(30)
hung = p.exitcode is None
if hung:
    p.kill()
    p.join()
print("child", "HUNG" if hung else f"exit {p.exitcode}")
sys.exit(1 if hung or p.exitcode else 0)
