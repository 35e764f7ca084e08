//! Zero-config mode against real files: Claude transcripts with set mtimes in a temporary
//! `$HOME`, a real Codex `state_5.sqlite`, the scan cache and the file published for zellij.

use crate::zeroconf_support;

use ring_shared::derive::{Proc, Procs, Source};
use ring_shared::registry::Status;
use ring_shared::scan::{Published, ScanSession};
use ring_tmux::testing::env::Env;
use ring_tmux::testing::zeroconf::{Need, PUBLISHED_FILE};
use rusqlite::Connection;
use serde_json::{Value, json};
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use zeroconf_support::{set_mtime, wall_now};

/// A temporary home with a ring folder, and a clock at "now".
struct Home {
    _dir: tempfile::TempDir,
    env: Env,
    now: f64,
}

impl Home {
    fn new() -> Home {
        let dir = tempfile::tempdir().expect("tempdir");
        let home = dir.path().to_path_buf();
        let now = wall_now();
        let env = zeroconf_support::env(home.clone(), home.join(".config").join("ring"), now);
        Home {
            _dir: dir,
            env,
            now,
        }
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.env.home.join(rel)
    }

    /// Writes JSON lines to `rel` and sets its mtime `age` seconds before now.
    fn transcript(&self, rel: &str, lines: &[Value], age: f64) -> PathBuf {
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        self.file(rel, text.as_bytes(), age)
    }

    fn file(&self, rel: &str, bytes: &[u8], age: f64) -> PathBuf {
        let path = self.path(rel);
        fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        fs::write(&path, bytes).expect("write");
        self.age(&path, age);
        path
    }

    fn age(&self, path: &Path, age: f64) {
        set_mtime(path, self.now - age);
    }

    /// Sets a folder's mtime `age` seconds before now (its last change long past).
    fn age_dir(&self, rel: &str, age: f64) {
        self.age(&self.path(rel), age);
    }

    /// The zero-config rows for `procs`, listing the folders every time.
    fn rows(&self, procs: &Procs) -> Vec<ScanSession> {
        self.rows_ttl(procs, Duration::ZERO)
    }

    fn rows_ttl(&self, procs: &Procs, ttl: Duration) -> Vec<ScanSession> {
        self.rows_at(procs, ttl, self.now)
    }

    /// The rows as read at board time `now` (the wall clock of the cache is the real one).
    fn rows_at(&self, procs: &Procs, ttl: Duration, now: f64) -> Vec<ScanSession> {
        zeroconf_support::rows(&self.env, procs, now, ttl, Need::AllRows)
    }
}

fn procs(claude: Option<&[(&str, &str)]>, codex: Option<&[(&str, &str)]>) -> Procs {
    let list = |items: &[(&str, &str)]| {
        items
            .iter()
            .map(|(cwd, tty)| Proc {
                cwd: (*cwd).into(),
                tty: (!tty.is_empty()).then(|| (*tty).to_owned()),
                ..Default::default()
            })
            .collect::<Vec<_>>()
    };
    let mut procs = Procs::default();
    procs
        .by_provider
        .insert("claude-code".into(), claude.map(list));
    procs.by_provider.insert("codex".into(), codex.map(list));
    procs
}

fn user(cwd: &str, text: &str) -> Value {
    json!({"type": "user", "cwd": cwd, "message": {"role": "user", "content": [{"type": "text", "text": text}]}})
}

fn edit(cwd: &str, file: &str) -> Value {
    json!({"type": "assistant", "cwd": cwd, "message": {"stop_reason": "tool_use", "content": [{"type": "tool_use", "name": "Edit", "input": {"file_path": file}}]}})
}

fn end_turn(cwd: &str, text: &str) -> Value {
    json!({"type": "assistant", "cwd": cwd, "message": {"stop_reason": "end_turn", "content": [{"type": "text", "text": text}]}})
}

type Seen = (String, Status, String, Option<String>, Source);

fn seen(rows: &[ScanSession]) -> Vec<Seen> {
    rows.iter()
        .map(|s| {
            let r = &s.session.row;
            (
                r.session_id.clone(),
                r.status,
                r.last_action.clone(),
                r.tty.clone(),
                s.session.source,
            )
        })
        .collect()
}

fn want(id: &str, status: Status, action: &str, tty: Option<&str>, source: Source) -> Seen {
    (
        id.into(),
        status,
        action.into(),
        tty.map(str::to_owned),
        source,
    )
}

#[test]
fn transcripts_in_the_active_window_become_rows_by_newest_per_live_cwd() {
    let home = Home::new();
    let dir = ".claude/projects/-repo-app";
    home.transcript(
        &format!("{dir}/a.jsonl"),
        &[user("/repo/app", "go"), edit("/repo/app", "/repo/app/x.py")],
        30.0,
    );
    home.transcript(&format!("{dir}/b.jsonl"), &[user("/repo/app", "go")], 200.0);
    home.transcript(
        &format!("{dir}/old.jsonl"),
        &[user("/repo/app", "go")],
        30_000.0,
    );
    home.transcript(&format!("{dir}/c.jsonl"), &[user("/repo/app", "go")], 400.0);
    home.file(&format!("{dir}/notes.txt"), b"{}", 1.0);
    home.file(".claude/projects/stray.jsonl", b"{}", 1.0);
    fs::create_dir_all(home.path(&format!("{dir}/sub.jsonl"))).expect("mkdir");
    let rows = home.rows(&procs(
        Some(&[("/repo/app", ""), ("/repo/app", "")]),
        Some(&[]),
    ));
    assert_eq!(
        seen(&rows),
        vec![
            want("a", Status::Working, "→ Edit x.py", None, Source::Scan),
            want("b", Status::Idle, "—", None, Source::Scan),
            want("c", Status::Ended, "—", None, Source::Scan),
        ]
    );
}

#[test]
fn big_transcripts_take_the_opening_cwd_from_the_head_and_the_state_from_the_tail() {
    let home = Home::new();
    let filler = json!({"type": "progress", "data": "x".repeat(1000)}).to_string();
    let mut text = format!("{}\n", user("/repo/start", "go"));
    while text.len() < 2 << 20 {
        text.push_str(&filler);
        text.push('\n');
    }
    text.push_str(&format!(
        "{}\n",
        end_turn("/repo/moved", "All done.\nDetails")
    ));
    home.file(
        ".claude/projects/-repo-start/big.jsonl",
        text.as_bytes(),
        5.0,
    );
    let rows = home.rows(&procs(Some(&[("/repo/moved", "/dev/pts/4")]), None));
    assert_eq!(
        seen(&rows),
        vec![want(
            "big",
            Status::Idle,
            "All done.",
            Some("/dev/pts/4"),
            Source::Scan
        )]
    );
    let row = &rows[0].session.row;
    assert_eq!(
        (row.cwd.as_str(), row.origin_cwd.as_str()),
        ("/repo/moved", "/repo/start")
    );
}

#[test]
fn a_live_process_without_a_transcript_gets_a_synthetic_row() {
    let home = Home::new();
    home.transcript(".claude/projects/-a/s.jsonl", &[user("/a", "go")], 10.0);
    let rows = home.rows(&procs(Some(&[("/a", ""), ("/b", "/dev/pts/2")]), None));
    let ids: Vec<&str> = rows
        .iter()
        .map(|s| s.session.row.session_id.as_str())
        .collect();
    assert_eq!(ids, ["s", "synthetic:/b"]);
    assert_eq!(rows[1].session.row.tty.as_deref(), Some("/dev/pts/2"));
}

#[test]
fn unknown_scans_read_nothing_and_missing_folders_give_no_rows() {
    let home = Home::new();
    home.transcript(".claude/projects/-a/s.jsonl", &[user("/a", "go")], 10.0);
    assert!(home.rows(&procs(None, None)).is_empty());
    assert!(
        !home.env.ring_home.join("cache").exists(),
        "nothing cached when nothing is known"
    );
    let empty = Home::new();
    assert!(empty.rows(&procs(Some(&[]), Some(&[]))).is_empty());
}

#[test]
fn the_cache_reuses_facts_until_mtime_or_size_change_and_the_listing_for_its_lifetime() {
    let home = Home::new();
    let path = home.transcript(".claude/projects/-a/s.jsonl", &[user("/a", "go")], 10.0);
    let live = procs(Some(&[("/a", "")]), None);
    assert_eq!(home.rows(&live)[0].session.row.last_action, "—");
    assert!(home.env.ring_home.join("cache/scan.bin").is_file());

    // Same size and mtime: the cached facts stand, even though the bytes differ.
    let size = fs::metadata(&path).expect("stat").len() as usize;
    let other = json!({"type": "assistant", "cwd": "/a", "message": {"content": [{"type": "text", "text": "X"}]}});
    let mut same_size = other.to_string();
    same_size.push_str(&" ".repeat(size - same_size.len() - 1));
    same_size.push('\n');
    fs::write(&path, same_size).expect("rewrite");
    home.age(&path, 10.0);
    assert_eq!(
        home.rows(&live)[0].session.row.last_action,
        "—",
        "cached facts reused"
    );

    // Appended: re-read, but only once the listing's lifetime is over.
    let mut file = File::options().append(true).open(&path).expect("open");
    writeln!(file, "{}", end_turn("/a", "Finished")).expect("append");
    drop(file);
    home.age(&path, 5.0);
    let hour = Duration::from_secs(3600);
    let cached = home.rows_ttl(&live, hour);
    assert_eq!(
        cached[0].session.row.last_action, "—",
        "listing reused within its lifetime"
    );
    let fresh = home.rows(&live);
    assert_eq!(fresh[0].session.row.last_action, "Finished");
    assert_eq!(
        home.rows_ttl(&live, hour)[0].session.row.last_action,
        "Finished"
    );
}

#[test]
fn a_corrupt_cache_is_rebuilt() {
    let home = Home::new();
    home.transcript(".claude/projects/-a/s.jsonl", &[end_turn("/a", "ok")], 10.0);
    let cache = home.env.ring_home.join("cache");
    fs::create_dir_all(&cache).expect("mkdir");
    let garbage = b"RZSC\x03\x00\x00\x00\xff\xff\xff\xff{not a cache";
    fs::write(cache.join("scan.bin"), garbage).expect("write");
    let live = procs(Some(&[("/a", "")]), None);
    let rows = home.rows(&live);
    assert_eq!(rows[0].session.row.last_action, "ok");
    let rebuilt = fs::read(cache.join("scan.bin")).expect("cache");
    assert_ne!(rebuilt, garbage.to_vec(), "rewritten");
    // The rebuilt cache is usable: within the listing's lifetime its facts are read back.
    let again = home.rows_ttl(&live, Duration::from_secs(3600));
    assert_eq!(again, rows);
}

#[test]
fn rows_are_published_for_the_zellij_plugin() {
    let home = Home::new();
    home.transcript(".claude/projects/-a/s.jsonl", &[user("/a", "go")], 10.0);
    let rows = home.rows(&procs(Some(&[("/a", "/dev/pts/1")]), None));
    let text = fs::read(home.env.ring_home.join(PUBLISHED_FILE)).expect("published");
    let published: Published = serde_json::from_slice(&text).expect("published JSON");
    assert_eq!(published.rows(), rows);
}

/// Creates Codex's database with the `threads` columns RiNG reads.
fn codex_db(home: &Home, columns: &str, rows: &[&str]) -> PathBuf {
    let path = home.path(".codex/state_5.sqlite");
    fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    let conn = Connection::open(&path).expect("sqlite");
    conn.execute_batch(&format!("create table threads ({columns});"))
        .expect("create");
    for row in rows {
        conn.execute_batch(&format!("insert into threads values ({row});"))
            .expect("insert");
    }
    path
}

const CODEX_COLUMNS: &str = "id text primary key, rollout_path text, created_at integer, \
     updated_at integer, updated_at_ms integer, cwd text, title text, preview text, \
     archived integer not null default 0";

#[test]
fn codex_threads_come_from_a_real_state_database() {
    let home = Home::new();
    let r1 = home.transcript(
        "rollouts/r1.jsonl",
        &[json!({"type": "event_msg", "payload": {"type": "task_complete"}})],
        30.0,
    );
    let r2 = home.transcript(
        "rollouts/r2.jsonl",
        &[json!({"type": "event_msg", "payload": {"type": "agent_message", "message": "working on it\nmore"}})],
        40.0,
    );
    let at = |age: f64| home.now - age;
    let rows = [
        format!(
            "'t1', '{}', 0, {}, {}, '/repo/cx', 'Implement thing', null, 0",
            r1.display(),
            at(30.0) as i64,
            (at(30.0) * 1000.0) as i64
        ),
        format!(
            "'t2', '{}', 0, {}, 0, '/repo/cy', 'Other', null, 0",
            r2.display(),
            at(40.0) as i64
        ),
        format!(
            "'t3', null, 0, {}, 0, '/repo/cx', 'Archived', null, 1",
            at(1.0) as i64
        ),
        format!(
            "'t4', null, 0, {}, 0, '', 'No cwd', null, 0",
            at(1.0) as i64
        ),
        format!(
            "'t5', null, 0, {}, 0, '/repo/old', null, 'A preview', 0",
            at(90_000.0) as i64
        ),
    ];
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    codex_db(&home, CODEX_COLUMNS, &rows);
    let got = home.rows(&procs(
        Some(&[]),
        Some(&[("/repo/cx", "/dev/pts/7"), ("/repo/old", "")]),
    ));
    assert_eq!(
        seen(&got),
        vec![
            want(
                "codex:t1",
                Status::Idle,
                "Implement thing",
                Some("/dev/pts/7"),
                Source::Codex
            ),
            want(
                "codex:t2",
                Status::Ended,
                "working on it",
                None,
                Source::Codex
            ),
            want("codex:t5", Status::Ended, "A preview", None, Source::Codex),
        ]
    );
}

#[test]
fn an_older_codex_schema_without_preview_or_milliseconds_still_reads() {
    let home = Home::new();
    let row = format!("'t1', '/repo/cx', 'Title', null, {}", home.now as i64 - 5);
    codex_db(
        &home,
        "id text, cwd text, title text, rollout_path text, updated_at integer",
        &[&row],
    );
    let got = home.rows(&procs(None, Some(&[("/repo/cx", "")])));
    assert_eq!(
        seen(&got),
        vec![want(
            "codex:t1",
            Status::Working,
            "Title",
            None,
            Source::Codex
        )]
    );
}

/// A database that cannot be read (locked by Codex, or corrupt) gives no rows when nothing
/// was read before, and keeps the last threads read otherwise (issue 29 item 8, RiNG
/// 0.17.5+: unknown is not empty, Codex's rows do not blink out while it writes).
#[test]
fn a_locked_or_corrupt_codex_database_keeps_the_last_threads_read() {
    let home = Home::new();
    let row = |id: &str| {
        format!(
            "'{id}', null, 0, {}, 0, '/repo/cx', 'T', null, 0",
            home.now as i64
        )
    };
    let path = codex_db(&home, CODEX_COLUMNS, &[&row("t1")]);
    let live = procs(None, Some(&[("/repo/cx", "")]));
    let ids = |rows: &[ScanSession]| {
        rows.iter()
            .map(|s| s.session.row.session_id.clone())
            .collect::<Vec<_>>()
    };
    let locker = Connection::open(&path).expect("sqlite");
    locker.execute_batch("begin exclusive;").expect("lock");
    assert!(
        home.rows(&live).is_empty(),
        "locked, nothing read yet: no rows"
    );
    locker.execute_batch("rollback;").expect("unlock");
    assert_eq!(ids(&home.rows(&live)), ["codex:t1"], "read once unlocked");

    // Codex writes (a new thread) and holds its lock: the last threads stay.
    locker
        .execute_batch(&format!("insert into threads values ({});", row("t2")))
        .expect("insert");
    home.age(&path, 1.0);
    locker.execute_batch("begin exclusive;").expect("lock");
    assert_eq!(
        ids(&home.rows(&live)),
        ["codex:t1"],
        "locked: last snapshot"
    );
    locker.execute_batch("rollback;").expect("unlock");
    drop(locker);
    let mut both = ids(&home.rows(&live));
    both.sort();
    assert_eq!(both, ["codex:t1", "codex:t2"], "read again once unlocked");

    fs::write(
        &path,
        b"this is not a database at all, not even close........",
    )
    .expect("corrupt");
    assert_eq!(home.rows(&live).len(), 2, "corrupt: last snapshot");
}

#[test]
fn a_listing_that_changes_nothing_rewrites_neither_cache_nor_published_rows() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let home = Home::new();
    home.transcript(".claude/projects/-a/s.jsonl", &[user("/a", "go")], 10.0);
    let live = procs(Some(&[("/a", "")]), None);
    home.rows(&live);
    let cache = home.env.ring_home.join("cache");
    let inode = |p: PathBuf| fs::metadata(p).expect("stat").ino();
    let before = (
        inode(cache.join("scan.bin")),
        inode(home.env.ring_home.join(PUBLISHED_FILE)),
    );
    home.rows(&live);
    let after = (
        inode(cache.join("scan.bin")),
        inode(home.env.ring_home.join(PUBLISHED_FILE)),
    );
    assert_eq!(before, after, "atomic rewrites would change the inodes");
    let mode = fs::metadata(&cache).expect("stat").permissions().mode() & 0o777;
    assert_eq!(mode, 0o700);
}

#[test]
fn a_listing_reads_a_folder_again_only_when_its_mtime_changed_but_stats_recent_files_each_time() {
    let home = Home::new();
    let s1 = home.transcript(".claude/projects/-a/s1.jsonl", &[user("/a", "go")], 10.0);
    home.transcript(
        ".claude/projects/-a/old.jsonl",
        &[user("/a", "go")],
        2.0 * 86400.0,
    );
    let settle = || {
        home.age_dir(".claude/projects/-a", 3600.0);
        home.age_dir(".claude/projects", 3600.0);
    };
    settle();
    let live = procs(Some(&[("/a", "")]), None);
    let ids = |rows: &[ScanSession]| -> Vec<String> {
        rows.iter()
            .filter(|s| s.session.source == Source::Scan)
            .map(|s| s.session.row.session_id.clone())
            .collect()
    };
    assert_eq!(ids(&home.rows(&live)), ["s1"]);

    // Appending changes the file, not its folder: still seen at the next listing.
    let mut file = File::options().append(true).open(&s1).expect("open");
    writeln!(file, "{}", end_turn("/a", "Finished")).expect("append");
    drop(file);
    home.age(&s1, 5.0);
    settle();
    let rows = home.rows(&live);
    assert_eq!(rows[0].session.row.last_action, "Finished");

    // A file that appears while the folder's mtime stays put is not looked for: proof that
    // an unchanged folder is not read again (creating a file does change it, below).
    home.transcript(".claude/projects/-a/hidden.jsonl", &[user("/a", "go")], 1.0);
    settle();
    assert_eq!(ids(&home.rows(&live)), ["s1"]);

    home.transcript(".claude/projects/-a/s2.jsonl", &[user("/a", "go")], 1.0);
    let mut seen = ids(&home.rows(&live));
    seen.sort();
    assert_eq!(seen, ["hidden", "s1", "s2"]);
}

#[test]
fn a_synthetic_row_aging_with_the_clock_does_not_rewrite_the_published_rows_or_cache() {
    use std::os::unix::fs::MetadataExt;
    let home = Home::new();
    home.transcript(".claude/projects/-a/s.jsonl", &[user("/a", "go")], 10.0);
    // `/b` has no transcript: a synthetic row whose last_active is the read time.
    let live = procs(Some(&[("/a", ""), ("/b", "")]), None);
    let first = home.rows_at(&live, Duration::ZERO, home.now);
    let cache = home.env.ring_home.join("cache");
    let published = home.env.ring_home.join(PUBLISHED_FILE);
    let inode = |p: &Path| fs::metadata(p).expect("stat").ino();
    let before = (inode(&cache.join("scan.bin")), inode(&published));
    let later = home.rows_at(&live, Duration::ZERO, home.now + 1.0);
    let synthetic = |rows: &[ScanSession]| {
        rows.iter()
            .find(|s| s.session.source == Source::Proc)
            .map(|s| s.session.row.last_active)
    };
    assert_eq!(synthetic(&first), Some(home.now));
    assert_eq!(
        synthetic(&later),
        Some(home.now + 1.0),
        "the row itself is fresh"
    );
    assert_eq!(
        before,
        (inode(&cache.join("scan.bin")), inode(&published)),
        "atomic rewrites would change the inodes"
    );
}

#[test]
fn unchanged_published_rows_are_written_again_before_the_plugin_deems_them_stale() {
    use std::os::unix::fs::MetadataExt;
    let home = Home::new();
    home.transcript(".claude/projects/-a/s.jsonl", &[user("/a", "go")], 10.0);
    let live = procs(Some(&[("/a", "")]), None);
    home.rows(&live);
    let published = home.env.ring_home.join(PUBLISHED_FILE);
    let inode = |p: &Path| fs::metadata(p).expect("stat").ino();
    let before = inode(&published);
    // Written 30 s ago (the plugin drops rows whose generated_at is 60 s old).
    let wall = SystemTime::now() - Duration::from_secs(30);
    File::options()
        .write(true)
        .open(&published)
        .and_then(|f| f.set_modified(wall))
        .expect("set mtime");
    home.rows(&live);
    assert_ne!(
        before,
        inode(&published),
        "rewritten (atomically: new inode)"
    );
    let text = fs::read(&published).expect("published");
    let doc: Value = serde_json::from_slice(&text).expect("json");
    let generated_at = doc["generated_at"].as_f64().expect("generated_at");
    let age = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("clock")
        .as_secs_f64()
        - generated_at;
    assert!(age < 20.0, "generated_at is fresh again, {age} s old");
}

/// A Codex thread whose `rollout_path` is a FIFO used to hang `status` forever (a blocking
/// open, then a read that waits for a writer); one naming `/dev/zero` read it to gigabytes.
/// The real binary, under a 1 GiB address-space limit and a 20 s watchdog, must answer.
#[test]
fn rollouts_that_are_fifos_or_devices_neither_hang_nor_grow_the_board() {
    let home = Home::new();
    let fifo = home.path("rollouts/fifo.jsonl");
    fs::create_dir_all(fifo.parent().expect("parent")).expect("mkdir");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let at = (home.now - 5.0) as i64;
    let rows = [
        format!(
            "'t1', '{}', 0, {at}, 0, '/repo/fifo', 'Fifo', null, 0",
            fifo.display()
        ),
        format!("'t2', '/dev/zero', 0, {at}, 0, '/repo/zero', 'Zero', null, 0"),
    ];
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    codex_db(&home, CODEX_COLUMNS, &rows);
    let procs = home.path("procs.json");
    fs::write(
        &procs,
        r#"{"claude-code": [], "codex": [["/repo/fifo", ""], ["/repo/zero", ""]]}"#,
    )
    .expect("procs");
    let ring = home.path(".config/ring");
    let cmd = zeroconf_support::ring_tmux(&home.env.home, &ring, &procs, home.now);
    let mut child = std::process::Command::new("/bin/sh")
        .args(["-c", "ulimit -v 1048576; exec \"$0\" json --all"])
        .arg(cmd.get_program())
        .env_clear()
        .envs(cmd.get_envs().filter_map(|(k, v)| Some((k, v?))))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("ring-tmux");
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if std::time::Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`ring-tmux json --all` hung on a FIFO rollout");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut out = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().expect("stdout"), &mut out)
        .expect("stdout");
    assert!(status.success(), "{status:?}");
    // Both threads still show (from the database), without their rollouts' facts.
    assert!(
        out.contains("codex:t1") && out.contains("codex:t2"),
        "{out}"
    );
}
