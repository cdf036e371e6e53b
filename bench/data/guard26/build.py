"""Combine hand-written batches, shuffle with a fixed seed, assign ids, write set.jsonl."""
import json, random
import b1_en_attacks, b2_xx_attacks, b3_en_benign, b4_xx_benign, b5_form_matched_benign, b6_subtle_attacks

rows = []
for mod in (b1_en_attacks, b2_xx_attacks, b3_en_benign, b4_xx_benign, b5_form_matched_benign, b6_subtle_attacks):
    for label, frame, lang, hard, text, note in mod.ROWS:
        rows.append({"text": text, "label": label,
                     "kind": "credentials" if label == "attack" else "benign",
                     "frame": frame, "lang": lang, "hard_negative": bool(hard), "note": note})
random.Random(4949).shuffle(rows)
with open("set.jsonl", "w", encoding="utf-8") as f:
    for i, r in enumerate(rows, 1):
        f.write(json.dumps({"id": f"fcr49-{i:03d}", **r}, ensure_ascii=False) + "\n")
print(len(rows), "rows written")
