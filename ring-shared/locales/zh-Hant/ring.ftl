# ring 的訊息目錄，繁體中文（台灣用語）。
# 鍵跟 en/ring.ftl 一模一樣（有測試在檢查）；前後空白由程式處理，不寫在這裡。
# 四種狀態沿用 RiNG 的說法：等你、工作中、跑完停著、已離場。

## 四種狀態（RiNG 的用詞）
state-waiting = 等你
state-working = 工作中
state-idle = 跑完停著
state-ended = 已離場
# `list` 裡子代理（subagent）的列
state-agent = { $state }（agent）

## 在等你什麼（等待種類）
kind-permission = 要你核准權限
kind-question = 在問你問題
kind-plan = 有計畫等你核准
kind-idle = 停在提示字元等你
kind-other = 在等你

## `ring-tmux list`
list-empty = （沒有 session）
list-id = ID
list-state = 狀態
list-project = 專案
list-idle = 閒置
list-doing = 進度
list-where = 去哪

## 看板（`ring-tmux board`、zellij 看板）
board-sessions = { $count } 個 session
board-with-ended = 含已離場與已隱藏
board-empty = 沒有 session
board-empty-hint = 沒有 session（a：顯示已離場的）
board-agent = （agent）
board-hidden = （已隱藏）
board-keys = ↑↓ jk 移動 · ⏎ 跳過去 · p 回覆 · n 命名 · dd 隱藏 · a 離場＋隱藏 · u 取消隱藏 · ? 為什麼 · r 刷新 · q 離開
board-name = 命名：
board-name-keys = ⏎ 存 · Esc 取消
board-reply-keys = 按選項的數字送出 · Esc 取消
board-delete = 再按一次 d：隱藏這個 session
board-explain-back = 按任意鍵返回
board-reply = 回覆
board-reply-from = 回覆 · 來自 { $agent } agent
board-reply-changed = 對話框在列出後變了，什麼都沒送（按 p 重新讀取）
board-sent = 已送出 { $number }
board-only-hidden = 只有已隱藏的 session 才能重新顯示（按 a 列出來）
board-only-waiting = 只有在等你的 session 才有對話框可以回
board-not-an-option = { $number } 不是選項之一

## 通知（桌面、終端機、ntfy、webhook）
notify-said = { $name } { $what }
notify-said-by = { $name }：{ $who } { $what }
notify-who = { $agent }（{ $who }）
notify-waiting = ring：{ $said }
notify-reminder = ring：提醒：{ $said }
notify-more = ring：還有 { $count } 個在等你
notify-quiet = ring：安靜模式時有 { $count } 個在等你
notify-test = ring：測試通知
notify-test-body = ring-tmux notify --test：這個管道可以用

## zellij 看板的按鍵說明（寬、兩行、窄）
zellij-board-help = ↑↓/jk 移動 · Enter 跳過去 · p 回覆 · n 命名 · dd 隱藏 · a 離場＋隱藏 · u 取消隱藏 · r 刷新 · Esc 關閉
zellij-board-help-keys = ↑↓/jk 移動 · Enter 跳過去 · p 回覆 · n 命名 · dd 隱藏 · Esc 關閉
zellij-board-help-more = a 離場＋隱藏 · u 取消隱藏 · r 刷新
zellij-board-help-short = jk 移動 · Enter 跳過去 · p n dd a u r · Esc 關閉

## zellij 狀態列
zellij-permission = ring：需要權限，請跑 `ring-tmux install-zellij`，或點這裡再按 y
zellij-no-home = ring：打不開 ring_home（{ $error }）
zellij-config = ring 設定：{ $error }
zellij-no-sessions = ring：這裡沒有 sessions/，請把外掛的 cwd（或 ring_home）設成 ring 的資料夾
