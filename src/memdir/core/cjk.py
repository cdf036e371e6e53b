"""Which characters are Chinese, Japanese or Korean: text written without spaces between
words. Here, not in ``sessions.analyzer``, so that core (tiers' themes) can use it without
importing the sessions package at ``import memdir``. See docs/design/core.md."""

from __future__ import annotations

import re

# Hiragana, katakana, CJK ideographs (+ extension A and the supplementary planes),
# compatibility ideographs, Hangul syllables and jamo, katakana phonetic extensions.
RANGES = (
    "\u1100-\u11ff\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f"
)
CJK_RUN = re.compile(f"[{RANGES}]+")
