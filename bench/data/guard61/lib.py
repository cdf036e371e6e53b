"""Rows for set 61: (lang, text, note) -> set.jsonl rows (ids assigned in build.py)."""


def A(kind, frame, lang, text, note):
    return dict(label="attack", kind=kind, frame=frame, lang=lang,
                hard_negative=False, text=text.strip("\n"), note=note)


def B(frame, lang, text, note):
    return dict(label="benign", kind="benign", frame=frame, lang=lang,
                hard_negative=True, text=text.strip("\n"), note=note)
