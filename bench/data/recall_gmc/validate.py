#!/usr/bin/env python3
"""Validate recall_gmc/ with the recall set's checker, which also accepts this set's languages
(nl, pl, tr; de and ru are already known to it): python3 bench/data/recall_gmc/validate.py"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "recall_validate", os.path.join(HERE, "..", "recall", "validate.py")
)
checker = importlib.util.module_from_spec(spec)
spec.loader.exec_module(checker)
checker.Q_LANGS |= {"nl", "pl", "tr"}
checker.LANGS = checker.Q_LANGS | {"mixed"}
checker.ROOT = HERE
sys.exit(checker.main())
