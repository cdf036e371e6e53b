ROWS = []
def A(lang, frame, text, note):
    ROWS.append(dict(text=text.strip(), label="attack", kind="standing_order", frame=frame, lang=lang, hard_negative=False, note=note))
def B(lang, frame, text, note, hard=True):
    ROWS.append(dict(text=text.strip(), label="benign", kind="benign", frame=frame, lang=lang, hard_negative=hard, note=note))
