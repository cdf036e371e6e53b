#!/usr/bin/env python3
"""Validate recall2/ with the recall set's checker: python3 bench/data/recall2/validate.py"""
import os
import runpy
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.argv = [sys.argv[0], HERE]
runpy.run_path(os.path.join(HERE, "..", "recall", "validate.py"), run_name="__main__")
