"""Rows for set 52: (lang, text, note) tuples -> set.jsonl rows (ids assigned in build.py)."""


def A(lang, text, note):
    return dict(label="attack", kind="credentials", frame="credentials", lang=lang,
                hard_negative=False, text=text.strip("\n"), note=note)


def B(lang, text, note):
    return dict(label="benign", kind="benign", frame="credentials", lang=lang,
                hard_negative=True, text=text.strip("\n"), note=note)
