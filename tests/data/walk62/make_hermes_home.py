"""Write a Hermes home with Hermes's own code (run with .venv-bench/bin/python).

Usage: make_hermes_home.py HERMES_HOME
MEMORY.md / USER.md are written by hermes-agent 0.19's ``MemoryStore.add`` and
state.db by its ``SessionDB`` (hermes_state.py), so the files are exactly Hermes's.
"""

import os
import sys
import unicodedata

home = sys.argv[1]
os.environ["HERMES_HOME"] = home
os.makedirs(home, exist_ok=True)

from hermes_state import SessionDB  # noqa: E402
from tools.memory_tool import MemoryStore  # noqa: E402

MEMORY = [
    "デプロイ前に必ず `make check` を実行する",
    "本番DBは Ｐｏｓｔｇｒｅｓ１６（全角で書かれたメモ）　ポートは５４３２",
    "令和8年12月3日：リリース手順を更新した（§3「ロールバック」を参照）",
    "ﾃﾞﾌﾟﾛｲ用のｽｸﾘﾌﾟﾄは scripts/deploy.sh 🚀",
    "张伟负责支付服务的监控告警，有问题先找他",
    # NFD: デ as テ + combining dakuten, as a macOS file name pasted in
    unicodedata.normalize("NFD", "メモ：デザインレビューは毎週木曜 15:00 JST"),
]
USER = [
    "佐藤は pnpm を使う、npm は使わない",
    "返答は日本語で。コード・識別子・コミットメッセージは英語のまま",
    "タイムゾーンは Asia/Tokyo（JST, UTC+9）",
]

store = MemoryStore()
store.load_from_disk()
for text in MEMORY:
    r = store.add("memory", text)
    assert r["success"], r
for text in USER:
    r = store.add("user", text)
    assert r["success"], r

db = SessionDB()
sid = "20261201_213000_a1b2c3"
db.create_session(sid, "cli", model="hermes-test", cwd="/home/sato/src/billing")
db.append_message(
    sid, "user", "昨日のステージングのデプロイ、何で落ちたんだっけ？", timestamp=1796128200.0
)
db.append_message(
    sid,
    "assistant",
    "Redis の接続数が上限（maxclients 128）に達してヘルスチェックが失敗しました。"
    "`REDIS_POOL_SIZE` を 32 に下げて再デプロイで解消しています。",
    timestamp=1796128210.0,
)
db.append_message(
    sid, "user", "了解。次回からデプロイ前に Redis の接続数も確認する", timestamp=1796128260.0
)
db.end_session(sid, "user_exit")
sid2 = "20261205_090000_d4e5f6"
db.create_session(sid2, "cli", model="hermes-test", cwd="/home/sato/src/billing")
db.append_message(
    sid2, "user", "週末の家計簿アプリ、パッケージマネージャはどうする？", timestamp=1796428800.0
)
db.append_message(
    sid2, "assistant", "前に決めた通り pnpm にします（npm は使わない）。", timestamp=1796428810.0
)
db.end_session(sid2, "user_exit")
db.close()
print("wrote", home)

# Hermes stamps started_at with the wall clock; date the sessions as their messages.
import sqlite3  # noqa: E402

con = sqlite3.connect(os.path.join(home, "state.db"))
con.execute(
    "UPDATE sessions SET"
    " started_at = (SELECT MIN(timestamp) FROM messages m WHERE m.session_id = sessions.id),"
    " ended_at = (SELECT MAX(timestamp) FROM messages m WHERE m.session_id = sessions.id)"
)
con.commit()
con.close()
