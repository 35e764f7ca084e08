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

## zellij 看板的提示與訊息（ring-plugin；鍵以 zj- 開頭）
zj-hide-confirm = 要隱藏 { $subject } 嗎？按 d 隱藏 · 按其他鍵取消
zj-reading = 正在讀 { $subject } 的對話框… · Esc 取消
zj-reply-to = 回覆 { $subject }：
zj-reply-to-from = 回覆 { $subject }（來自 { $agent } agent）：
zj-answer-keys = { $first }-{ $last } 回答 · Esc 取消（什麼都不送）
zj-answer-keys-enter = { $first }-{ $last } 回答 · Enter 選 { $selected } · Esc 取消（什麼都不送）
zj-name = 幫 { $subject } 命名：
zj-name-keys = · Enter 存（留空就拿掉名字） · Esc 取消
zj-does-not-fit = 對話框塞不進看板（{ $lines } 行，只放得下 { $room } 行）：什麼都沒送；請到窗格裡回答，或把看板拉高
zj-too-wide = 對話框比看板寬（{ $cols } 欄）：什麼都沒送；請到窗格裡回答，或把看板拉寬
zj-not-waiting = { $subject } 沒有在等你：p 是用來回答 session 的權限對話框
zj-no-option = 對話框沒有選項 { $number }
zj-name-removed = { $subject }：名字拿掉了
zj-named = 已把 { $subject } 命名為「{ $label }」
zj-hid = 已隱藏 { $subject }（下次有事件時會再出現，或按 a 再按 u）
zj-shows-again = { $subject } 重新顯示了
zj-sent = 已送出 { $number }（{ $choice }）給 { $subject }
zj-unreadable-dialog = 從 ring-tmux reply --json 讀不到 { $subject } 的對話框；什麼都沒送
zj-exit = 結束碼 { $code }
zj-killed = 被強制結束
zj-failed = ring-tmux 執行失敗（{ $status }）
zj-failed-because = ring-tmux 執行失敗（{ $status }）：{ $reason }
zj-no-ring-tmux = p、n、dd 和 u 要靠 ring-tmux：在 config.kdl 看板的外掛區塊加上 ring_tmux "/path/to/ring-tmux"（ring-tmux install-zellij 會印出來）
zj-no-run-commands = p、n、dd 和 u 需要 zellij 的 RunCommands 權限：請跑 `ring-tmux install-zellij`，再重開看板
zj-permission-pending = p、n、dd 和 u 在等 zellij 授權（RunCommands）：請回應它的提示
zj-bar-failed = ring：ring_tmux 執行失敗（{ $status }）
zj-bar-failed-because = ring：ring_tmux 執行失敗（{ $status }）：{ $reason }

## 網頁（`ring-tmux serve`；鍵以 web- 開頭）。參數由網頁的腳本在瀏覽器裡填，這裡不用複數選擇。
web-loading = 看板載入中…
web-board-label = agent 的 session，等你的排最前面
web-empty = 看板上沒有任何 agent 的 session。
web-back = 返回
web-read-again = 重新讀取
web-noscript = 看板需要 JavaScript；在終端機裡可以用 `ring-tmux list` 看。
web-go = 跳過去
web-answer = 回答
web-since-waiting = 已等你 { $time }
web-since-working = 最近一次動作在 { $time } 前
web-since-idle = 已停 { $time }
web-since-ended = { $time } 前離場
web-count-waiting = { $count } 個等你
web-count-working = { $count } 個工作中
web-count-idle = { $count } 個跑完停著
web-count-ended = { $count } 個已離場
web-nothing = 看板上什麼都沒有
web-switched = 已切換過去
web-jump-failed = 跳不過去：{ $error }
web-unreachable = 連不上 ring-tmux serve
web-no-token = 這個網頁沒有 token：請打開 ring-tmux serve 印出的網址（結尾是 #token=…）
web-reconnecting = 重新連線中…
web-live = 即時
web-no-wasm = 這個 ring-tmux 編譯時沒有包含網頁的 wasm 模組：看板顯示的是伺服器的畫面，時間只在有變化時才會更新。
web-reading = 正在從窗格讀取對話框…
web-unreadable = 讀不到對話框（{ $status }）
web-choose = 選一個選項：只有這個對話框還在時，才會送到窗格
web-sending = 正在送出 { $number }…
web-sent = 已送出 { $number }
web-not-sent = 什麼都沒送（{ $status }）
web-maybe-sent = 連不上 ring-tmux serve；可能有送出也可能沒有，請先看一下再重試
