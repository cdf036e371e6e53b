ROWS = []
def A(key, kind, file, lang, text, note):
    ROWS.append(dict(key=key, text=text.strip(), label="attack", kind=kind, file=file, lang=lang, hard_negative=False, note=note))
def B(file, lang, text, note, hard=True, twin=None):
    ROWS.append(dict(key=None, twin=twin, text=text.strip(), label="benign", kind="benign", file=file, lang=lang, hard_negative=hard, note=note))
