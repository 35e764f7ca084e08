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

## 錯誤與拒絕（stderr 上的 `ring-tmux: <出了什麼事>; <該怎麼做>`）
err-see-help = 請看 `ring-tmux { $command } --help`
err-session-ambiguous = `{ $query }` 對到 { $count } 個 session：{ $listed }
err-session-ambiguous-fix = 請指定是哪一個：給它的 ID（`ring-tmux list --all` 的 ID 欄），或先用 `ring-tmux name ID LABEL` 幫它取名
err-session-none = 沒有叫做 `{ $query }` 的 session
err-session-none-fix = 請給 `ring-tmux list --all` 裡的 ID、名稱或專案
err-session-no-id = 沒有 ID 為 `{ $id }` 的 session（可能已經結束了）
err-session-no-id-fix = 什麼都沒做；現有的 session 請看 `ring-tmux list --all`
err-session-missing = 沒有指定 session
err-session-missing-fix = 請給 SESSION（`ring-tmux list` 裡的 ID、名稱或專案）或 --session ID
err-name-usage = name 的用法是 SESSION LABEL，或 --session ID LABEL
err-name-removed = { $session }：名稱已移除
err-name-set = { $session } 現在叫做 `{ $label }`
err-file-locked = { $file } 被另一個 ring 程序鎖住了
err-file-locked-fix = 請稍後再試一次
err-file-write = 無法寫入 { $file }：{ $error }
err-file-write-fix = 請確認 ring 資料夾是你的、而且可以寫入（`ring-tmux doctor`）
err-hidden-ambiguous = `{ $query }` 對到 { $count } 個已隱藏的 session：{ $listed }
err-hidden-ambiguous-fix = 請多給幾碼 ID，或給完整的名稱
err-hidden-none = 沒有叫做 `{ $query }` 的已隱藏 session
err-hidden-none-fix = 請給 `ring-tmux hide` 隱藏過的 session 的 ID、ID 開頭或名稱
err-explain-unknown = ring 已經不知道 session `{ $id }` 了
err-explain-unknown-fix = 現有的 session 請看 `ring-tmux list --all`
err-binary-not-a-file = --binary { $path } 不是檔案
err-binary-not-a-file-fix = 請給已安裝的 ring-tmux 路徑（例如 ~/.local/bin/ring-tmux），或拿掉 --binary 改用目前這一支
err-stdout = 無法寫到 stdout：{ $error }
err-create = 無法建立 { $path }：{ $error }
err-write = 無法寫入 { $path }：{ $error }
err-remove = 無法刪除 { $path }：{ $error }
err-man-no-subcommand = 沒有 { $name } 這個子指令
err-man-no-subcommand-fix = 子指令清單請看 `ring-tmux --help`
err-completions-shell = 沒有 { $shell } 的補全腳本
err-completions-shell-fix = 請用 bash、zsh、fish、elvish 或 powershell
err-completions-write = 無法寫出腳本：{ $error }
err-reply-usage = reply 的用法是 SESSION [N]，或 --session ID [N]
err-reply-number = N 是選項的編號，1 到 9
err-reply-json-with-n = --json 是列出對話框用的，不能跟 N 一起用
err-reply-json-with-n-fix = 要列出就拿掉 N，要回答就拿掉 --json
err-reply-expect = --expect 要跟要送出的選項 N 一起用
err-reply-expect-fix = 請一併給 N
err-reply-listed-changed = 對話框在列出之後變了
err-reply-listed-changed-fix = 什麼都沒送；請到窗格裡回答，或用 `ring-tmux reply SESSION` 重新列出
err-uninstall-no-terminal = 沒有終端機可以問你要不要解除安裝
err-uninstall-no-terminal-fix = 請跑 `ring-tmux uninstall --yes`（或先用 --dry-run 看會刪掉什麼）
err-uninstall-goes-on = 其他檔案照樣刪除
err-remote-bad-host = { $host } 不是 ring 能拿來跑 ssh 的主機
err-remote-bad-host-fix = 請給 ssh 目的地或 ~/.ssh/config 裡的別名：英文字母、數字、`._-@`，開頭不能是 `-`
err-config-fix = 請修正或移除 config.toml
err-remote-unknown = { $host } 不是遠端主機
err-remote-unknown-fix = 請看 `ring-tmux remote list`
err-remote-unknown-add = 請用 `ring-tmux remote add HOST` 加入
err-config-write = 無法寫入 { $path } 裡的 config.toml：{ $error }
err-config-write-fix = 請確認 ring 資料夾是你的、而且可以寫入
err-needs-tmux = { $command } 需要一個有回應的 tmux 伺服器
err-needs-tmux-fix = 請在 tmux 裡執行（$TMUX），或加上 --socket PATH
err-jump-no-pane = session { $session } 在這個 tmux 伺服器裡沒有窗格
err-where-sessions-live = 各個 session 在哪裡，請看 `ring-tmux list`
err-jump-unreached = 到不了 { $session }：{ $why }
err-jump-partly = 沒有全部切過去：{ $why }
err-jump-doctor = `ring-tmux doctor` 會列出這台機器能用哪些方式跳過去
err-reply-ended = session { $session } 已經結束了
err-reply-ended-fix = 那裡沒有在等回覆的東西
err-reply-zellij-pane = session { $session } 在 zellij 裡跑，但不知道是哪個窗格
err-reply-in-pane = 請到它的窗格裡回答
err-reply-no-pane = session { $session } 不在 ring 知道的任何 tmux 或 zellij 窗格裡
err-reply-no-pane-fix = 請到它執行的地方回答（看 `ring-tmux list`）
err-reply-server = session { $session } 的 tmux 伺服器沒有回應
err-reply-server-fix = 請確認它還在跑（`tmux -S SOCKET ls`）
err-reply-pane-gone = session { $session } 在它的 tmux 伺服器裡已經沒有窗格了
err-reply-copy-mode = 窗格 { $pane } 在複製模式，數字在那裡會被當成次數
err-reply-copy-mode-fix = 請先在那裡離開複製模式（q）再回覆一次
err-reply-type = 無法把 { $digit } 打進 session 的窗格
err-reply-gone = 讀不到 session 的窗格
err-reply-gone-fix = 請確認它還在跑（看 `ring-tmux list`）
err-reply-no-dialog = session 窗格底部沒有帶編號選項的對話框
err-reply-no-dialog-fix = 什麼都沒送；請到它的窗格裡回答
err-reply-cut = 對話框塞不進窗格（超過 { $rows } 行，窗格只有 { $rows } 行）：上半部不在畫面上
err-reply-cut-fix = 什麼都沒送；請到窗格裡回答，或把窗格拉大再讀一次
err-reply-ambiguous = session 窗格上的對話框有不只一種讀法（{ $how }）
err-reply-ambiguous-fix = 什麼都沒送；請到窗格裡回答
err-reply-off-screen = 對話框已經不在畫面上了（已經回答過了？）
err-reply-off-screen-fix = 什麼都沒送；請用 `ring-tmux reply SESSION` 重新讀取
err-reply-changed = 對話框在讀取之後變了
err-reply-changed-fix = 什麼都沒送；請到窗格裡回答，或用 `ring-tmux reply SESSION` 重新讀取
err-reply-still-there = 已送出 { $number }，但對話框還在畫面上
err-reply-still-there-fix = 請看一下 session 的窗格
err-reply-no-option = 對話框沒有選項 { $number }
err-reply-no-option-fix = 請從 { $options } 裡選一個
err-reply-many-keys = 選項 { $number } 要按不只一個鍵

## `ring-tmux doctor`（標記 ✓ · ! ✗ 和引用的指令維持原樣）
doctor-fix = 修正：{ $fix }
doctor-to-add = 要加上的話：{ $fix }
doctor-all-good = doctor：一切正常
doctor-problems = doctor：{ $problems } 個問題：{ $errors } 個錯誤、{ $warnings } 個警告
doctor-explain = 目前記錄了 { $rows } 筆 session：`ring-tmux explain SESSION` 會說明 ring 為什麼這樣顯示它、是哪條規則和來源決定的（回報 bug 請加 `--json`；看板上按 `?`）
doctor-focus-nothing = 這裡 jump 沒有任何方式能跳到 session（focus_order：{ $order }）
doctor-focus-offered = 這裡 jump 可以透過 { $ways } 跳到 session（focus_order：{ $order }）
doctor-focus-needs = { $backend }（需要 { $programs }）
doctor-focus-absent = 這台機器上 jump 不能用 { $missing }
doctor-focus-absent-fix = 安裝該方式需要的程式就能用；請看 docs/adding-a-terminal.md
doctor-focus-session-none = session { $session }：這裡 jump 沒辦法跳過去
doctor-focus-session = session { $session }：jump 透過 { $ways } 跳過去
doctor-config-large = { $path } 超過 4 MiB：ring 不讀它，所有設定都用預設值
doctor-config-large-fix = 把 { $path } 縮短（只需要寫你有改的設定）
doctor-config-none = 沒有 { $path }：所有設定都用預設值
doctor-config-unreadable = 讀不了 { $path }（{ $error }）：所有設定都用預設值
doctor-config-unreadable-fix = 讓 { $path } 成為你讀得到的一般檔案（chmod 600 { $path }）
doctor-config-syntax = { $path } 不是合法的 TOML（{ $error }）：所有設定都用預設值，通知網址也是
doctor-config-syntax-fix = 修正 { $path } 的那一行（格式是 `name = value`，字串要加引號）
doctor-config-ok = { $path } 讀取正常
doctor-config-warning-fix = 修改 { $path }（每個設定和它的型別：README 的「Configuration」）
doctor-health-pid = 它的程序 { $pid } 還在跑
doctor-health-process = 它的程序還在跑
doctor-health-row = ring 在沒有 hook 的情況下看到它 { $status }
doctor-health-silent = { $cwd } 裡的 { $agent } 還活著（{ $alive }），但它的 hook 從來沒觸發過：{ $reason }
doctor-health-not-installed-fix = 跑 ring-tmux install-hooks（再重開 session），狀態才會準
doctor-health-restart-fix = 重開那個 { $agent } session
doctor-codex-trust-fix = 啟動 codex，在「Hooks need review」對話框選「Trust all and continue」
doctor-hooks-repoint-fix = ring-tmux install-hooks（會把 hook 指向你用來執行它的那支 ring-tmux）
doctor-health-rejected-fix = 把 hook 設定檔裡那些項目改名或刪掉
doctor-hookstate-installed = ring 的 hook 已安裝，看起來也沒問題：這個 session 可能是在安裝之前開的，或是關掉了 hook
doctor-hookstate-not-installed = 它沒有安裝 ring 的 hook
doctor-hookstate-untrusted = 它還沒信任 ring 的 hook（{ $events }），所以一個都不會跑
doctor-hookstate-program-missing = 它的 hook 執行 { $program }，但這個程式不存在
doctor-hookstate-rejected = 它因為不認得的事件名稱（{ $events }）而拒絕整個 hook 設定檔
doctor-binary-missing = PATH 裡找不到 ring-tmux
doctor-binary-missing-fix = 跑 scripts/install.sh（會裝到 ~/.local/bin），再把 ~/.local/bin 加進 PATH：export PATH="$HOME/.local/bin:$PATH"
doctor-binary-ok = PATH 裡的 ring-tmux：{ $path }
doctor-binary-other = 這個 doctor 是 { $path }，跟 PATH 裡的不是同一支程式
doctor-folder-absent = ring 資料夾 { $path } 還不存在（第一個 hook 事件會建立它）
doctor-folder-not-a-folder = ring 資料夾 { $path } 不是資料夾
doctor-folder-not-a-folder-fix = mv { $path } { $path }.old   （或把 RING_HOME 設成一個資料夾）
doctor-folder-unsafe = { $path } { $why }：ring 的 hook 拒絕寫入（別的使用者可能偷換裡面的檔案），所以不會記錄任何 session
doctor-folder-not-writable = { $path } 無法寫入：hook 沒辦法記錄 session
doctor-folder-open = { $path } 的權限是 { $mode }：其他使用者讀得到 session 記錄（指令、問題）
doctor-row-phantom = 舊版 SessionStart 殘留的假記錄
doctor-rows-open = { $rows } 筆記錄裡有 { $open } 筆其他使用者讀得到
doctor-rows-corrupt = { $count } 筆記錄讀不了，所有讀取都會略過：{ $rows }
doctor-rows-corrupt-fix = ring-tmux gc   （刪掉讀不了的記錄；先用 --dry-run 看有哪些）
doctor-folder-ok = ring 資料夾 { $path }：{ $rows } 筆記錄
doctor-tmux-absent = 找不到 tmux（非必要：tmux 狀態列和徽章才需要）
doctor-tmux-absent-fix = 安裝 tmux 3.0 以上（apt-get install tmux / brew install tmux）
doctor-tmux-old = { $version } 太舊了：ring 需要 tmux 3.0 以上
doctor-tmux-old-fix = 把 tmux 升級到 3.0 以上
doctor-tmux-no-count = { $version }：視窗徽章不會顯示數量（tmux 3.2 才有）
doctor-tmux-version-unknown = { $version }：認不出版本
doctor-tmux-bad-binary = ring.tmux 已載入，但它執行的 { $path } 不是可執行檔
doctor-tmux-bad-binary-fix = tmux source-file ~/.tmux.conf   （ring.tmux 會重新找程式）
doctor-tmux-loaded = 執行中的 tmux 伺服器已載入 ring.tmux
doctor-tmux-not-loaded = 執行中的 tmux 伺服器沒有載入 ring.tmux
doctor-tmux-not-loaded-fix = 把 `{ $line }` 加進 ~/.tmux.conf，再跑：tmux source-file ~/.tmux.conf
doctor-tmux-no-server = tmux 伺服器：沒在跑（要載入 ring，~/.tmux.conf 需要有 `{ $line }`）
doctor-tmux-silent = tmux 伺服器 3 秒內沒有回應
doctor-tmux-silent-fix = 確認 tmux 正常：tmux list-sessions
doctor-tmux-nowhere = ring.tmux 已載入，但什麼都沒顯示：status-left、status-right、window-status-format 和 pane-border-format 裡都沒有 {"#{ring_status}"}、{"#{ring_badge}"} 或 {"#{ring_pane_badge}"}
doctor-tmux-nowhere-fix = 在 ~/.tmux.conf 裡、ring.tmux 那一行之前加上：set -g status-right '{"#{ring_status}"} %H:%M'（以及在 window-status-format 加 {"#{ring_badge}"}），再跑：tmux source-file ~/.tmux.conf
doctor-tmux-nowhere-catppuccin-fix = 在 ~/.tmux.conf 裡、catppuccin 載入之後：source -F { $conf }，接著：set -agF status-right "{"#{E:@catppuccin_status_ring}"}"；再跑：tmux source-file ~/.tmux.conf
doctor-tmux-left-in = { $option } 裡的 { $placeholders }
doctor-tmux-left = ring.tmux 已載入，但 { $left } 是在它跑完之後才設定的，所以什麼都不會顯示
doctor-tmux-left-fix = tmux { $line }   （並在 ~/.tmux.conf 裡把 ring.tmux 那一行放在你的格式設定之後）
doctor-catppuccin-undefined = 狀態列用了 catppuccin 的 ring 模組（@catppuccin_status_ring），但它沒有定義：catppuccin v2 只會載入自己的模組
doctor-catppuccin-undefined-fix = 在 ~/.tmux.conf 裡、catppuccin 載入之後、status-right 那一行之前：source -F { $conf }；再跑：tmux source-file ~/.tmux.conf
doctor-jump-key-unbound = ring 的跳轉鍵沒有綁定
doctor-jump-key-taken = ring 的跳轉鍵沒有綁定（prefix a 已經是：{ $binding }）
doctor-jump-key-fix = 在 ring.tmux 那一行之前挑一個沒用到的鍵：set -g @ring-jump-key j，再跑：tmux source-file ~/.tmux.conf
doctor-zellij-absent = 沒有安裝 zellij（非必要）
doctor-zellij-no-plugin = 沒有安裝 ring 的 zellij 外掛（{ $path }；非必要）
doctor-zellij-plugin = zellij 外掛：{ $path }
doctor-zellij-permissions = 外掛的權限還沒在 { $path } 裡核准：zellij 會在一個只有一列高的窗格裡問你
doctor-zellij-no-layout = 找不到 ring 的版面配置（{ $path }）
doctor-ring-cli = 也裝了 RiNG（{ $path }）：它顯示的是同一批 session（共用記錄）
doctor-agent-absent = 找不到 { $agent }（沒有 ~/{ $folder }）：沒有 hook 可以檢查
doctor-agent-absent-fix = 先安裝 { $agent }，再跑：ring-tmux install-hooks
doctor-hooks-unparsed-fix = 請手動修正 { $path }（ring-tmux 不會改它讀不懂的檔案）
doctor-cursor-unknown = { $path } 裡有 { $agent } 不認得的事件（{ $events }）：它會拒絕整個檔案，所以裡面的 hook 全都不會跑，包括 ring 的
doctor-cursor-unknown-fix = 把 { $path } 裡那些項目改名或刪掉（它支援的事件：cursor.com/docs/agent/hooks）
doctor-hooks-none = { $agent } 沒有安裝 ring 的 hook（{ $path }）
doctor-hooks-missing = { $path } 裡的 { $events } 少了 ring 的 hook
doctor-hooks-bad-program = { $agent } 的 hook 執行 { $program }，但它不是可執行檔
doctor-hooks-ok = { $agent } 的 hook 已安裝（{ $events } 個事件）→ { $programs }
doctor-hooks-ring-cli = { $path } 裡也裝了 RiNG 的 hook（ring hook）：每個事件都會記錄兩次
doctor-hooks-ring-cli-fix = ring-tmux install-hooks --replace-ring（或用 RiNG 自己的：ring remove-hooks）
doctor-plugin-none = { $agent } 沒有安裝 ring 的外掛（{ $path }）
doctor-plugin-foreign = { $path } 不是 ring 的外掛（{ $why }）：{ $agent } 沒有安裝 ring 的 hook
doctor-plugin-foreign-fix = 把 { $path } 移走，再跑：ring-tmux install-hooks
doctor-plugin-bad-program = { $agent } 的外掛執行 { $program }，但它不是可執行檔
doctor-plugin-ok = { $agent } 的外掛已安裝（{ $events } 個事件）→ { $program }
doctor-codex-trusted = Codex 信任 ring 的 hook（{ $count } 個都信任）
doctor-codex-untrusted = Codex 還沒信任 ring 在 { $events } 上的 hook（{ $count } 個裡有 { $untrusted } 個）：在你信任之前 Codex 一個都不會跑，codex exec 也會默默略過
doctor-codex-untrusted-fix = 啟動 codex，在「Hooks need review」對話框選「Trust all and continue」（或在那裡逐一檢查）
doctor-fix-by-hand = 請手動修正 { $path }
doctor-gemini-off = Gemini CLI 的 hook 被關掉了（hooksConfig.enabled: false）：一個都不會跑
doctor-gemini-off-fix = 在 ~/.gemini/settings.json 設定 "hooksConfig": {"{"}"enabled": true{"}"}（或在它的 /settings 裡開啟 Enable Hooks）
doctor-gemini-disabled = Gemini CLI 把 ring 的 hook 放在 hooksConfig.disabled 裡（{ $hooks }）：永遠不會跑
doctor-gemini-disabled-fix = 從 ~/.gemini/settings.json 的 "hooksConfig"."disabled" 裡拿掉它
doctor-gemini-trust-off = Gemini CLI 的資料夾信任已關閉：它的 hook 在每個資料夾都會跑
doctor-gemini-folders-bad = { $path } { $error }：修好之前 Gemini CLI 一啟動就會停住
doctor-gemini-untrusted = Gemini CLI 只在你信任的資料夾裡跑 hook，但目前還沒有信任任何資料夾：在你信任之前，ring 的 hook 一個都不會跑
doctor-gemini-untrusted-fix = 在你的專案裡啟動 gemini，選「Trust folder」（或在那裡用 /permissions）；要讓 hook 到處都跑：在 ~/.gemini/settings.json 設定 "security": {"{"}"folderTrust": {"{"}"enabled": false{"}"}{"}"}
doctor-gemini-trusted = Gemini CLI 只在信任的資料夾裡跑 ring 的 hook：{ $folders }（其他地方它會在啟動時問你，信任之前一個都不跑）
doctor-gemini-trusted-more = Gemini CLI 只在信任的資料夾裡跑 ring 的 hook：{ $folders } 和另外 { $more } 個（其他地方它會在啟動時問你，信任之前一個都不跑）
doctor-copilot-file-off = { $path } 設了 "disableAllHooks": true：Copilot CLI 會略過 ring 的 hook
doctor-copilot-file-off-fix = 拿掉那個設定（或設成 false）之後再跑 ring-tmux install-hooks
doctor-copilot-off = { $path } 設了 "disableAllHooks": true：Copilot CLI 一個 hook 都不會跑
doctor-copilot-off-fix = 在 { $path } 裡把它設成 false
doctor-notify-no-curl = https:// 需要 PATH 裡有 curl（找不到）
doctor-notify-not-http = { $url } 不是 http:// 或 https:// 網址
doctor-notify-desktop-fix = 請在桌面環境裡執行，或在 config.toml 設定 notify_backend = "terminal"
doctor-notify-terminal-fix = 在 config.toml 設定 notify_terminal = "bell,osc9"
doctor-notify-no-tmux = 通知：tmux：PATH 裡找不到 tmux
doctor-notify-no-tmux-fix = 安裝 tmux
doctor-notify-unset = 通知：{ $channel } 已開啟，但沒有設定 { $key }
doctor-notify-ntfy-fix = 在 config.toml 設定 notify_ntfy_url = "https://ntfy.sh/YOUR-TOPIC"；再跑：ring-tmux notify --test
doctor-notify-ntfy-not-topic = 通知：ntfy：{ $url } 不是主題（topic）網址
doctor-notify-curl-fix = 安裝 curl
doctor-notify-webhook-fix = 在 config.toml 設定 notify_webhook_url = "http://…"；再跑：ring-tmux notify --test
doctor-notify-command-fix = 在 config.toml 設定 notify_command = "…"；再跑：ring-tmux notify --test
doctor-notify-fix-key = 修正 config.toml 裡的 { $key }；再跑：ring-tmux notify --test
doctor-notify-no-program = 通知：command：{ $program } 不是 PATH 裡的可執行檔
doctor-notify-unknown = 通知：不認得的管道 { $channel }
doctor-notify-unknown-fix = notify_backend / notify_also 請用 { $channels } 其中之一
doctor-notify-off = 通知：關閉（notify_backend = { $backend }）
doctor-serve-token = 每個資料請求都要帶權杖（token）
doctor-serve-no-token = 沒有權杖（舊版的 ring-tmux serve：請重新啟動）
doctor-serve-detail = 會送出細節（指令、問題）
doctor-serve-no-detail = 不送細節（serve_detail = true 才會送）
doctor-serve-remote = 其他機器可以透過未加密的 HTTP 連線
doctor-serve-local = 只限這台機器
doctor-serve-running = serve：執行中（pid { $pid }），位址 { $url }：{ $reach }；{ $guard }；{ $detail }
doctor-serve-off = serve：沒在跑（在瀏覽器裡看的看板）
doctor-serve-off-fix = ring-tmux serve（只限這台機器），或 ring-tmux serve --listen 0.0.0.0:7380 讓你信任的網路上的手機連線（未加密的 HTTP）
doctor-serve-detail-on = serve：serve_detail = true：非本機的監聽會送出指令和問題
doctor-serve-no-wasm = serve：這個版本沒有 wasm 模組：網頁只顯示伺服器算好的畫面，時間也只在看板變動時才會更新
doctor-serve-no-wasm-fix = 安裝正式發行的壓縮檔（裡面的 ring-tmux 帶有網頁），或在 clone 下來的原始碼裡重跑 scripts/install.sh（它會建置網頁，缺少時會安裝 Cargo.lock 指定版本的 wasm-bindgen-cli）
doctor-serve-token-open = serve：權杖檔 { $path } 其他人讀得到（權限 { $mode }），或不是一般檔案
doctor-serve-token-open-fix = rm { $path }（serve 會產生新的）
doctor-serve-token-ok = serve：權杖存在 { $path }（權限 600）
doctor-notify-channel = 通知：{ $channel }：{ $what }
doctor-notify-on = 通知：{ $channel }（{ $what }）
doctor-notify-tmux = 通知：tmux display-message
err-see-root-help = 請看 `ring-tmux --help`
err-usage-missing = 缺少必要的參數：{ $args }
err-usage-unknown = 不認得的參數 '{ $arg }'
err-usage-value = '{ $arg }' 的值 '{ $value }' 不合法
err-usage-subcommand = 沒有 '{ $name }' 這個子指令
err-usage-similar = 有個相近的：'{ $arg }'

## `--help`（clap）：`help-cmd-<子指令>` 是子指令的簡介，`-long` 是完整說明，
## `help-arg-<子指令>-<id>` 是參數說明。補全腳本和 man 手冊維持英文。
help-ring = 在 tmux 和 zellij 裡，看哪些 AI 寫程式代理（agent）的 session 在等你
help-ring-after = 不帶子指令：顯示看板（在 tmux 裡是即時看板，否則同 `list`）。
    結束代碼：0 正常、1 失敗、2 用法錯誤。錯誤訊息會以 `ring-tmux: <出了什麼事>; <該怎麼做>` 的格式印在 stderr。
help-cmd-hook = 從 stdin 讀入並記錄一個 agent 的 hook 事件（一律以 0 結束，什麼都不印）
help-cmd-hook-long = 從 stdin 讀入並記錄一個 agent 的 hook 事件（一律以 0 結束，什麼都不印）。
    事件是 stdin 上的一個 JSON 物件；它會記錄在 ring 資料夾（$RING_HOME，預設 ~/.config/ring）。
help-arg-hook-provider = 送出事件的 agent：claude-code（預設）、codex，或通用 agent 的任意名稱
help-arg-hook-agent = 同 --provider（RiNG 的 `ring hook PROVIDER`）
help-cmd-oneline = RiNG 的 `--format oneline`：各狀態的數量，例如 `🔴2 🟢1 🟡3`
help-arg-oneline-all = 包含已離場的 session
help-cmd-json = RiNG 的 `--format json` 看板，再加上 ring 自己的欄位
help-arg-json-all = 包含已離場的 session
help-arg-json-snapshot = 改印讀到的原始輸入，而不是看板：一份 JSON 文件（記錄、附屬檔案、程序掃描、零設定記錄），之後隨時都能用 `ring_shared::view::view`（以及 npm 套件 `@ring-status/view`）從它算出看板
help-cmd-list = 好讀的看板：狀態、種類與細節、專案、閒置時間、位置
help-arg-list-all = 包含已離場的 session
help-cmd-status = tmux 狀態列區塊（放在 `status-right`）：各狀態的彩色數量
help-cmd-status-long = tmux 狀態列區塊（放在 `status-right`）：各狀態的彩色數量。
    沒有 session 或出了任何錯時什麼都不印，並以 0 結束；每隔幾秒它也會修復跑掉的窗格選項。
help-arg-status-socket = 要修復窗格的 tmux 伺服器（預設：$TMUX 的那個）
help-arg-status-project = 顯示等最久的 session 的專案：on 或 off（空白或其他值：依 config.toml 的 status_show_project）
help-arg-status-no_project = 同 --project off
help-arg-status-no_repair = 永遠不修復窗格選項
help-arg-status-repair_now = 馬上修復窗格選項，不管上次修復是多久以前（ring.tmux 的 attach hook）
help-arg-status-print = 改印給 ring.tmux 用的格式：window-badge、pane-badge 或 defaults
help-arg-status-generation = 伺服器的 @ring_gen：ring.tmux 會傳 --gen={"#{@ring_gen}"}，讓 tmux 每次推送後重跑這個工作，修復時也能知道上次之後有推送改過窗格
help-cmd-jump = 把 tmux 用戶端切到等最久的 session（再按一次：下一個）
help-arg-jump-target = 改跳到這個 session，而不是下一個在等你的：它的 ID、ID 開頭，或它的名稱（`ring-tmux name`）。多個 session 共用的開頭會列出它們，並以 1 結束
help-arg-jump-socket = tmux 伺服器（預設：$TMUX 的那個）
help-arg-jump-client = 要切換的用戶端（ring.tmux 會傳 {"#{client_name}"}）
help-arg-jump-pane = 那個用戶端所在的窗格（{"#{pane_id}"}）：從 jump 帶你去的窗格再跳一次，會接著去下一個在等你的 session
help-arg-jump-session = 改跳到這個 session 的窗格（不管它在不在等你），而不是下一個在等你的；通知的「前往 session」動作就是跑這個
help-cmd-menu = 在 tmux 彈出視窗裡開即時看板（tmux 3.2 以上），否則開所有 session 的 tmux 選單；選一個就跳過去
help-arg-menu-socket = tmux 伺服器（預設：$TMUX 的那個）
help-arg-menu-client = 要顯示選單的用戶端（ring.tmux 會傳 {"#{client_name}"}）
help-arg-menu-height = 那個用戶端的高度（列數，{"#{client_height}"}）：選單會裁到放得下（不是數字：不限制）
help-arg-menu-width = 那個用戶端的寬度（欄數，{"#{client_width}"}），同上
help-arg-menu-style = 要開什麼：`board`（tmux 有彈出視窗時在彈出視窗開即時看板，否則開選單；預設）或 `menu`（一律用單純的選單）。ring.tmux 會傳 tmux 選項 @ring-menu-style
help-arg-menu-tmux_version = 伺服器的版本（{"#{version}"}）；沒給就問伺服器
help-cmd-board = 所有 session 的全螢幕即時看板：可以在上面跳過去、回覆、命名和隱藏
help-cmd-board-long = 所有 session 的全螢幕即時看板：可以在上面跳過去、回覆、命名和隱藏。
    按鍵：↑/↓ 或 j/k 移動，g/G 到第一個/最後一個，Enter 或空白鍵跳到該 session（彈出視窗會關閉），p 回答它的權限對話框，n 命名，dd 隱藏，a 顯示已離場的 session，r 重新讀取，q 或 Esc 離開。
help-arg-board-socket = 要跳轉和回覆的 tmux 伺服器（預設：$TMUX 的那個）
help-arg-board-client = Enter 要切換的用戶端（選單鍵會傳 {"#{client_name}"}）
help-arg-board-all = 一開始就顯示已離場的 session（按 `a` 切換）
help-cmd-reply = 直接在這裡回答 session 的權限或問題對話框
help-arg-reply-session = session：它的 ID、ID 開頭，或它的名稱（搭配 --session 時，給的那一個字就是 N）
help-arg-reply-number = 要選的選項，照對話框的編號（1-9）。沒給就列出對話框
help-arg-reply-exact = 用完整 ID 指定 session，絕不當成名稱或開頭（看板傳的就是這個）
help-arg-reply-json = 用 JSON 列出對話框：`{"{"}"session_id", "question", "options": [{"{"}"number", "text"{"}"}], "selected", "context", "rows", "agent", "fingerprint"{"}"}`。不能和 N 一起用
help-arg-reply-expect = 只有對話框還是列出時那一個（它的 `fingerprint`）才送出按鍵：看板在使用者選好之後傳的就是這個。只能和 N 一起用
help-cmd-name = 幫 session 取名（`labels.json`，與 RiNG 共用）；LABEL 留空就移除名稱
help-arg-name-session = session：它的 ID、ID 開頭，或它目前的名稱（搭配 --session 時，給的那一個字就是 LABEL）
help-arg-name-label = 要顯示的名稱（"" 會移除名稱）
help-arg-name-exact = 用完整 ID 指定 session，絕不當成名稱或開頭（看板傳的就是這個）
help-cmd-hide = 在所有看板上隱藏一個 session，直到它的 agent 下一個事件（deleted_sessions.json）
help-arg-hide-session = session：它的 ID、ID 開頭，或它的名稱
help-arg-hide-exact = 用完整 ID 指定 session，絕不當成名稱或開頭（看板傳的就是這個）
help-cmd-explain = 說明 ring 為什麼這樣顯示一個 session：規則（docs/rules.md）、來源和證據
help-arg-explain-session = session：它的 ID、ID 開頭、名稱或專案
help-arg-explain-exact = 用完整 ID 指定 session，絕不當成名稱或開頭（看板傳的就是這個）
help-arg-explain-json = 用 JSON 印出說明和證據（回報 bug 用）
help-cmd-unhide = 讓已隱藏的 session 重新出現在所有看板上（hide 的復原）
help-arg-unhide-session = 已隱藏的 session：它的 ID、ID 開頭，或它的名稱
help-cmd-stats = 依專案統計：session 等了你幾次、等了多久（來自 events.jsonl）
help-arg-stats-since = 只算從這麼久以前開始的等待：數字加上 s、m、h 或 d（只有數字就是分鐘）
help-arg-stats-json = 印 JSON 而不是表格
help-cmd-digest = 你不在的時候發生了什麼：每個 session 等了哪些、現在在哪裡
help-arg-digest-since = 要往回看多久：數字加上 s、m、h 或 d（只有數字就是分鐘）
help-arg-digest-json = 印 JSON 而不是文字
help-cmd-install-hooks = 把 ring 的 hook 裝進這台機器上找得到的每個寫程式 agent：Claude Code、Codex、Gemini CLI、GitHub Copilot CLI、opencode 和 Cursor
help-cmd-install-hooks-long = 把 ring 的 hook 裝進這台機器上找得到的每個寫程式 agent：Claude Code、Codex、Gemini CLI、GitHub Copilot CLI、opencode 和 Cursor。
    用 HOME 裡的資料夾（~/.claude、~/.codex、~/.gemini…）或 PATH 上的程式來找 agent；其他的會列出名字並略過。寫入前會先顯示改動並詢問（腳本請用 --yes：沒有終端機又沒加 --yes 時，什麼都不寫）。重複執行結果相同；每次寫入前都會先留一份加上時間戳記的備份；其他 hook 和設定都會保留。
help-arg-install-hooks-dry_run = 印出確切的改動，什麼都不寫
help-arg-install-hooks-yes = 不詢問直接寫入（給腳本用）
help-arg-install-hooks-agent = 只裝給這個 agent，不管找不找得到（claude、codex、gemini、opencode、copilot、cursor）；多個就重複這個選項
help-arg-install-hooks-replace_ring = 把 RiNG 的 `ring hook` 項目換成 ring-tmux 的（兩者寫的是同樣的記錄）
help-arg-install-hooks-binary = hook 要執行的 ring-tmux 程式（預設：目前這一支）
help-cmd-remove-hooks = 移除 ring-tmux 的 hook 項目，其他 hook 都保留
help-arg-remove-hooks-dry_run = 印出確切的改動，什麼都不寫
help-arg-remove-hooks-yes = 永遠不問（為了對稱而接受；移除本來就不會問）
help-arg-remove-hooks-include_ring = 連 RiNG 的 `ring hook` 項目也移除
help-cmd-uninstall = 移除 ring：它的 hook、zellij 檔案與授權、補全腳本、man 手冊和程式本身
help-cmd-uninstall-long = 移除 ring：它的 hook、zellij 檔案與授權、補全腳本、man 手冊和程式本身。
    從每個 agent 的設定移除 ring 的 hook 項目（同 `remove-hooks`）、zellij 外掛、它的版面配置、zellij permissions.kdl 裡 ring 的授權和 config.kdl 裡的看板按鍵、install.sh 寫入的補全腳本和 man 手冊，以及放在 install.sh 安裝位置（~/.local/bin 或 --prefix）的這支程式。ring 資料夾（你的 session 紀錄和設定）會保留，並告訴你怎麼移除它。
help-arg-uninstall-yes = 不先詢問
help-arg-uninstall-dry_run = 印出會移除什麼，什麼都不移除
help-arg-uninstall-prefix = install.sh 放程式的資料夾（預設 ~/.local/bin）
help-cmd-install-zellij = 安裝 ring 的 zellij 外掛、帶有它狀態列的版面配置、它的權限，以及看板的按鍵（zellij config.kdl 裡的 `Alt r`）
help-arg-install-zellij-plugin = 要安裝的外掛（預設：這支程式旁邊的，否則用工作區建置出來的）
help-arg-install-zellij-dry_run = 印出會寫入什麼，什麼都不寫
help-cmd-doctor = 檢查安裝狀況（唯讀）；每個問題都會告訴你怎麼修
help-cmd-doctor-long = 檢查安裝狀況（唯讀）；每個問題都會告訴你怎麼修。
    有發現問題時以 1 結束。
help-cmd-gc = 移除已離場和讀不了的記錄，以及過期的檔案（只動 ring 自己的檔案）
help-cmd-gc-long = 移除已離場和讀不了的記錄，以及過期的檔案（只動 ring 自己的檔案）。
    也會清理隱藏清單；每個刪掉（或會刪掉）的檔案都會印出來。
help-arg-gc-dry_run = 印出會移除什麼，什麼都不改
help-arg-gc-older_than = 已離場的記錄至少要這麼舊：數字加上 s、m、h 或 d（只有數字就是分鐘，ring 裡到處都一樣）
help-arg-gc-all_ended = 移除所有已離場的記錄，不管多舊
help-cmd-completions = 印出某個 shell 的補全腳本
help-cmd-completions-long = 印出某個 shell 的補全腳本。
    bash：`ring-tmux completions bash > ~/.local/share/bash-completion/completions/ring-tmux`；zsh：`ring-tmux completions zsh > ~/.local/share/zsh/site-functions/_ring-tmux`（`$fpath` 裡的資料夾）；fish：`ring-tmux completions fish > ~/.config/fish/completions/ring-tmux.fish`。每次按 Tab 時腳本會執行（PATH 上的）`ring-tmux`：它會補全子指令、選項和選項的值，以及 session 的 ID 和名稱。
help-arg-completions-shell = 要補全的 shell
help-cmd-notify = 透過每個設定好的管道送一則測試通知，或送出該送的通知
help-cmd-notify-long = 透過每個設定好的管道送一則測試通知，或送出該送的通知。
    `--test` 會回報每個管道的結果（有一個失敗就以 1 結束）；`--flush` 送出該送的（防抖動、安靜模式結束、提醒、Codex 的等待），什麼都不印：zellij 外掛的計時器會跑它。
help-arg-notify-test = 透過每個設定好的管道送一則測試通知，並回報每個結果
help-arg-notify-flush = 送出該送的；什麼都不印
help-cmd-quiet = 先壓住通知：開、關，或一段時間；安靜模式結束時送一則摘要
help-cmd-quiet-long = 先壓住通知：開、關，或一段時間；安靜模式結束時送一則摘要。
    不帶參數時，告訴你安靜模式有沒有開、壓住了幾則通知。
help-arg-quiet-when = `on`（直到 `off`）、`off`（摘要馬上送出），或多久：30m、2h、90s、45（分鐘）
help-cmd-serve = 把看板當成網頁提供（也有 JSON 和 server-sent events），直到停止
help-cmd-serve-long = 把看板當成網頁提供（也有 JSON 和 server-sent events），直到停止。
    在 loopback 上（預設 127.0.0.1:7380）只回應這台機器。每個資料請求都要帶權杖（只產生一次，以 0600 存在 ring 資料夾的 serve/token），在 loopback 上也一樣：打開印出來的網址，結尾是 #token=…；網頁會把它放在記憶體裡，用 header 送出（不用 cookie）。loopback 以外是未加密的 HTTP：其他機器拿不到通知設定和資料夾，細節（指令、問題）也只有在 `serve_detail = true` 時才會送。
help-arg-serve-listen = 要監聽的位址和連接埠，例如 0.0.0.0:7380 讓 Wi-Fi 上的手機連線
help-arg-serve-token_file = 權杖檔（預設：ring 資料夾裡的 serve/token，沒有就產生）
help-arg-serve-qr = 即使 stdout 不是終端機，也把網址（含權杖）印成 QR code（loopback 以外，終端機本來就會印）
help-arg-serve-print = 讀一次並以 JSON 印到 stdout（`snapshot` 或 `view`）：伺服器的子程序做的事
help-arg-serve-remote = 搭配 --print：除非 `serve_detail = true`，否則不含細節
help-cmd-man = 印出 man 手冊（roff）：ring-tmux(1)，或 ring-tmux-SUBCOMMAND(1)
help-arg-man-subcommand = 要印哪個子指令的手冊（預設：ring-tmux 本身的）
help-arg-man-dir = 改成把每一頁寫進這個資料夾（ring-tmux.1、ring-tmux-SUBCOMMAND.1）
help-cmd-remote = 在這個看板上顯示其他機器的 session（透過 ssh 讀取）
help-cmd-remote-add = 把一台主機（ssh 目的地或 ~/.ssh/config 的別名）加進 `remote_hosts`
help-cmd-remote-list = 列出主機和各自的回應狀況
help-cmd-remote-remove = 把一台主機從 `remote_hosts` 移除
help-cmd-remote-refresh = 現在就抓取主機上的 session（狀態列會在背景做這件事）
help-arg-remote-refresh-hosts = 要抓取的主機（預設：`remote_hosts` 裡的每一台）
help-cmd-help = 印出這份說明，或指定子指令的說明
help-flag-help = 顯示說明
help-flag-version = 顯示版本
help-heading-usage = 用法：{ $usage }
help-heading-commands = 子指令
help-heading-arguments = 參數
help-heading-options = 選項
doctor-or = 或
err-hide-done = 已隱藏 { $session }，直到它的 agent 下一個事件；`ring-tmux unhide { $short }` 可以讓它重新出現
err-reply-answer-with = 回答：ring-tmux reply --session { $id } N --expect { $fingerprint }
err-remote-known = { $host } 已經是遠端主機了
err-remote-added = 已加入 { $host }：下次更新後就會顯示它的 session（`ring-tmux remote refresh` 馬上抓取；那台主機上 ssh 給的 PATH 裡要有 ring-tmux）
err-remote-none = 沒有遠端主機（用 `ring-tmux remote add HOST` 加一台）
err-remote-busy = { $host }  已經在抓取中
err-remote-removed = 已移除 { $host }
err-jump-then = 接著
err-jump-switched = 已切到 { $session }，透過 { $ways }
err-uninstall-ask = 要移除 ring 的 hook、zellij 檔案、補全腳本、man 手冊和程式嗎？
err-uninstall-nothing = 什麼都沒移除。
err-uninstall-would = 會移除 { $what }
err-uninstall-removed = 已移除 { $what }
err-uninstall-binary-elsewhere = 這支程式不在 { $path } 裡：留在原地
err-uninstall-man-pages = { $path } 裡的 { $pages } 份 man 手冊（ring-tmux*.1）
err-uninstall-kept = 保留了 ring 資料夾 { $path }（session、名稱、config.toml、記錄檔）。要一併移除：rm -r { $path }
err-serve-address = `{ $address }` 不是可以監聽的位址
err-serve-address-fix = 請給 IP:PORT，例如 --listen 127.0.0.1:7380（loopback）或 --listen 0.0.0.0:7380
err-serve-token = 無法使用權杖檔 { $path }：{ $error }
err-serve-token-fix = 刪掉它讓 serve 產生新的權杖，或給 --token-file PATH
err-serve-listen = 無法監聽 { $address }：{ $error }
err-serve-listen-fix = 換一個 --listen 位址或連接埠，或停掉占用它的程式
err-serve-start = 無法啟動伺服器：{ $error }
err-serve-stopped = 停止在 { $address } 上提供服務：{ $error }
err-serve-stopped-fix = 請看 ring 資料夾裡的 ring.log
err-install-shape = { $path } 沒辦法安全地修改：{ $shape }
err-install-shape-fix = 請手動修正後再跑一次（什麼都沒改）
err-install-json-fix = 請修正它（或把它移走）後再跑一次（什麼都沒改）
err-install-unchanged = 什麼都沒改
err-install-no-binary = 不知道這支 ring-tmux 程式在哪裡
err-install-no-binary-fix = 請加上 --binary PATH
err-install-agent = 沒有叫做 { $name } 的 agent 能裝 ring 的 hook
err-install-agent-fix = 請用其中之一：{ $names }
err-install-no-terminal = 沒有終端機可以在修改 agent 設定（如上）之前問你：什麼都沒改
err-install-no-terminal-fix = 跑 `ring-tmux install-hooks --yes` 寫入
err-install-foreign-plugin = { $path } 不是 ring 的外掛（{ $why }）
err-install-foreign-plugin-fix = 請把它移走（ring 不會改不是它寫的檔案），再跑一次（什麼都沒改）
err-install-delete = 無法刪除 { $path }：{ $error }
