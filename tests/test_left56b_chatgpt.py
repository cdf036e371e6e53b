"""A ChatGPT data export as it is unzipped, through `memdir bootstrap --from` (a real
subprocess): its companion files are one note each, never a problem, and nothing in
them (user.json's e-mail address and phone number) is proposed; a JSON file of many
items that are no conversation is one problem, not one per item (branch left56b)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

SRC = str(Path(__file__).resolve().parents[1] / "src")
EMAIL, PHONE = "jane.doe@example.com", "+15551234567"


def _message(node: str, role: str, text: str, when: float) -> dict[str, Any]:
    return {
        "id": node,
        "author": {"role": role, "name": None, "metadata": {}},
        "create_time": when,
        "content": {"content_type": "text", "parts": [text]},
        "status": "finished_successfully",
        "metadata": {},
        "recipient": "all",
    }


def _export(folder: Path) -> Path:
    """The files of a ChatGPT export (Settings → Data controls → Export), as unzipped."""
    folder.mkdir()
    said = "Remember that we always deploy staging with helm before production."
    mapping = {
        "a": {"id": "a", "message": None, "parent": None, "children": ["b"]},
        "b": {
            "id": "b",
            "parent": "a",
            "children": ["c"],
            "message": _message("b", "user", said, 1.7e9),
        },
        "c": {
            "id": "c",
            "parent": "b",
            "children": [],
            "message": _message("c", "assistant", "Noted.", 1.7e9 + 1),
        },
    }
    conversation = {
        "title": "Deploy chat",
        "create_time": 1.7e9,
        "update_time": 1.7e9 + 5,
        "mapping": mapping,
        "current_node": "c",
        "id": "conv-1",
    }
    files: dict[str, object] = {
        "conversations.json": [conversation],
        "user.json": {
            "id": "user-Abc123",
            "email": EMAIL,
            "chatgpt_plus_user": True,
            "birth_year": 1990,
            "phone_number": PHONE,
        },
        "message_feedback.json": [
            {
                "id": "fb-1",
                "conversation_id": "conv-1",
                "user_id": "user-Abc123",
                "rating": "thumbsDown",
                "create_time": "2024-01-01T00:00:00",
                "content": json.dumps(
                    {
                        "tags": ["not-factually-correct"],
                        "text": f"Remember that my phone is {PHONE}.",
                    }
                ),
                "storage_protocol": "zstd::1.5.5",
            }
        ],
        "model_comparisons.json": [
            {
                "id": "mc-1",
                "user_id": "user-Abc123",
                "create_time": "2024-01-01T00:00:00",
                "input": {"messages": [_message("m1", "user", f"My e-mail is {EMAIL}.", 1.7e9)]},
                "output": {
                    "feedback_step_1": {
                        "rating": "none",
                        "original_turn": [],
                        "new_turn": [],
                        "completion_comparison_rating": "same",
                    }
                },
                "metadata": {},
            }
        ],
        "shared_conversations.json": [
            {
                "id": f"sh-{i}",
                "conversation_id": "conv-1",
                "title": "Deploy chat",
                "is_anonymous": True,
            }
            for i in range(40)
        ],
    }
    for name, data in files.items():
        (folder / name).write_text(json.dumps(data), encoding="utf-8")
    (folder / "chat.html").write_text("<html><script>var jsonData = [];</script></html>")
    (folder / "file-AbCdEf123.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(20))
    (folder / "dalle-generations").mkdir()
    (folder / "dalle-generations" / "file-XyZ.webp").write_bytes(b"RIFF\0\0\0\0WEBP")
    return folder


def _bootstrap(tmp_path: Path, *paths: Path) -> dict[str, Any]:
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    env = {**os.environ, "HOME": str(home), "MEMDIR_HOME": str(home / ".memdir")}
    env["PYTHONPATH"] = SRC
    env.pop("MEMDIR_DATABASE_URL", None)
    args = [a for p in paths for a in ("--from", str(p))]
    done = subprocess.run(
        [sys.executable, "-m", "memdir", "bootstrap", *args, "--json"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def test_chatgpt_export_companion_files_are_noted_not_problems(tmp_path: Path) -> None:
    """main: seven 'Could not read' lines (two for each of message_feedback.json,
    model_comparisons.json and shared_conversations.json, one for user.json, 41 with 40
    shared links); now none, one note for each of the four files, and only the
    conversation's fact proposed."""
    export = _export(tmp_path / "export")
    found = _bootstrap(tmp_path, export)
    assert found["problems"] == [], found["problems"]
    companions = (
        "user.json",
        "message_feedback.json",
        "model_comparisons.json",
        "shared_conversations.json",
    )
    for name in companions:
        said = [n for n in found["notes"] if n.startswith(f"{export / name}: ")]
        assert len(said) == 1, (name, found["notes"])
    assert "e-mail" in next(n for n in found["notes"] if "user.json" in n)
    for skipped in ("chat.html", ".png", ".webp"):  # not read, and nothing said
        assert not any(skipped in line for line in found["notes"] + found["problems"])
    texts = json.dumps(found["proposals"])
    assert "helm" in texts, texts
    assert EMAIL not in texts and PHONE not in texts and "user-Abc123" not in texts


def test_a_companion_file_named_alone_is_noted_too(tmp_path: Path) -> None:
    """`--from export/user.json` (beside its conversations.json) is the same note."""
    export = _export(tmp_path / "export")
    found = _bootstrap(tmp_path, export / "user.json")
    assert found["problems"] == [] and found["proposals"] == [], found
    assert [n for n in found["notes"] if "user.json" in n] != []


def test_a_json_file_of_many_non_conversations_is_one_problem(tmp_path: Path) -> None:
    """A .json of 300 items that are no conversation: main listed 301 lines (one per item,
    then the file's); now the file's one line. A file with some conversations and some
    other items names the first bad item and how many more, in one line."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "list.json").write_text(json.dumps([{"id": i} for i in range(300)]))
    conv = {"messages": [{"role": "user", "content": "Remember that I use vim everywhere."}]}
    (notes / "mixed.json").write_text(json.dumps([conv, *({"id": i} for i in range(50))]))
    found = _bootstrap(tmp_path, notes)
    listed = [p for p in found["problems"] if "list.json" in p]
    assert listed == [
        f"{notes / 'list.json'}: not a chat export (no item has the shape of a "
        "conversation or a message)"
    ], listed
    mixed = [p for p in found["problems"] if "mixed.json" in p]
    assert len(mixed) == 1 and "and 49 more" in mixed[0], mixed
    assert "vim" in json.dumps(found["proposals"]), found["proposals"]
