//! Zero-config mode on disk (§4.4, §4.5): sessions without hooks, inferred from
//! `~/.claude/projects/<dir>/*.jsonl` transcripts and Codex's `~/.codex/state_5.sqlite`,
//! turned into rows by the pure [`ring_shared::scan`].
//!
//! Speed: only transcripts inside the active window are read, and only their last 128 KiB
//! plus (for the opening cwd) their first 128 KiB. What a file says is cached in
//! `RING_HOME/cache/scan.bin` by (path, mtime, size); a read within [`rescan_ttl`] of the
//! last listing reuses it without listing the folders again. A listing reads a folder again
//! only when its mtime changed, `stat`s the transcripts inside the window every time and the
//! older ones every 30 s: a resumed old session shows up up to 30 s late (the `list`
//! module). The time-dependent part (live slots, aging) is recomputed on every read.
//!
//! A read that drops ended rows (`status`, `oneline` without `--all`) builds only the rows
//! it shows (and the ended ones a hook row or a hidden session needs). A read of every row
//! also publishes them to `RING_HOME/zeroconf.json` ([`PUBLISHED_FILE`]) for the zellij
//! plugin, which can neither list `~/.claude` nor scan processes and runs
//! `ring-tmux oneline --all` for it.

mod cache;
mod codec;
mod codex;
mod defer;
pub mod evidence;
mod list;

use crate::sys::env::Env;
use cache::{Cache, FileKey};
pub use defer::Need;
use ring_shared::agent::OwnState;
use ring_shared::derive::{Procs, ReadContext, Source};
use ring_shared::scan::{self, EndedRows, Published, RolloutFacts, ScanSession, TranscriptFacts};
use ring_shared::transcript::{TAIL_BYTES, parse_tail};
use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::time::Duration;

/// The published zero-config rows, relative to the ring folder.
pub const PUBLISHED_FILE: &str = "zeroconf.json";
/// How much of a transcript's start is searched for its opening cwd.
const HEAD_BYTES: u64 = 128 * 1024;
/// Default seconds between two listings of the transcript folders.
const DEFAULT_TTL: f64 = 2.0;
/// Seconds after which the published rows are written again even if unchanged: the zellij
/// plugin ignores them once `generated_at` is 60 s old (`ZERO_CONFIG_MAX_AGE`).
const REPUBLISH_EVERY: f64 = 20.0;

/// Seconds a listing is reused: `RING_SCAN_TTL` (float seconds, `0` = list every time),
/// else 2 s.
pub fn rescan_ttl() -> Duration {
    crate::sys::env::seconds_var("RING_SCAN_TTL", DEFAULT_TTL)
}

/// The rows of a zero-config read, and whether a source failed.
#[derive(Debug, Default)]
pub struct Scanned {
    pub rows: Vec<ScanSession>,
    /// A source could not be read (Codex's database locked): its rows are its last ones,
    /// and a session missing from them is not known to be gone (gc's hidden list).
    pub source_failed: bool,
}

/// The zero-config rows for a board read (§4.1), and whether a source failed: Claude scan rows and synthetic rows when
/// the Claude scan is known, Codex rows when the Codex scan is known, a live Copilot CLI not
/// prompted yet when the Copilot scan is known, then the local LLM chats of the scan behind
/// `ctx.procs` (§4.6: Ollama, then llama.cpp). Never fails: anything unreadable contributes
/// nothing. A read of [`Need::AllRows`] publishes the rows for the zellij plugin when they
/// changed (or the file is getting old). The read path merges them after the hook rows'
/// rules (`ring_shared::scan::merge_sources`, then `finish`).
///
/// `ttl`: how long a listing is reused ([`rescan_ttl`]; `Duration::ZERO`: list every time).
/// A read needs only what `need` says: with [`Need::LiveRows`] a
/// listing may leave the transcripts whose rows are ended whatever their mtime un-`stat`ed
/// (the `defer` module); their rows (ended) may then show an older time, never another status.
pub fn scan(
    env: &Env,
    ctx: &ReadContext<'_>,
    evidence: &dyn Fn(&str, &str) -> bool,
    ttl: Duration,
    need: Need<'_>,
    agents: &[OwnState],
) -> Scanned {
    let local = scan::local_llm_rows(&ctx.procs.local_llm);
    let claude_known =
        scan::known_procs(ctx, ring_shared::provider::claude::PROVIDER.name).is_some();
    let codex_known = scan::known_procs(ctx, ring_shared::provider::codex::PROVIDER.name).is_some();
    // Copilot CLI's rows need only its processes (no files).
    let copilot_known =
        scan::known_procs(ctx, ring_shared::provider::copilot::PROVIDER.name).is_some();
    if !claude_known && !codex_known && !copilot_known {
        return Scanned {
            rows: local,
            source_failed: false,
        };
    }
    let cache_dir = env.ring_home.join("cache");
    let mut cache = Cache::load(&cache_dir, &env.home);
    let wall = crate::sys::env::wall_clock();
    let all_rows = matches!(need, Need::AllRows);
    let relist = cache.is_stale(wall, ttl) || (all_rows && cache.partial);
    let (transcripts, taken_from) = if claude_known {
        transcripts(&env.home, &mut cache, relist.then_some(wall), ctx, need)
    } else {
        (Vec::new(), Vec::new())
    };
    let codex::Threads {
        threads,
        failed: source_failed,
    } = if codex_known {
        codex::threads(&env.home, &mut cache, relist)
    } else {
        codex::Threads::default()
    };
    let mut rollout = |path: &str| rollout_facts(Path::new(path), &mut cache);
    let wanted = |id: &str| match need {
        Need::AllRows => true,
        Need::LiveRows { hook_id } => hook_id(id) || ctx.hidden.contains_key(id),
    };
    let ended = match need {
        Need::AllRows => EndedRows::All,
        Need::LiveRows { .. } => EndedRows::Only(&wanted),
    };
    let mut rows =
        scan::zero_config_rows(&transcripts, &threads, &mut rollout, ctx, evidence, ended);
    rows.extend(local);
    if relist {
        cache.listed(wall);
    }
    // Only a read that built every row can publish them (the plugin's own refresh runs
    // `oneline --all`); it does whenever they changed or the file is getting old.
    if all_rows {
        publish_changed(&env.ring_home, wall, (&rows, agents, ctx.procs), &mut cache);
    }
    if cache.needs_save() {
        restore(&mut cache, transcripts, taken_from);
        cache.save(&cache_dir);
    }
    crate::gather::leave_to_exit(cache);
    Scanned {
        rows,
        source_failed,
    }
}

/// Publishes the rows if they differ from the last published ones or the file is older
/// than [`REPUBLISH_EVERY`] (the file is rewritten at most once per listing).
fn publish_changed(
    ring_home: &Path,
    wall: f64,
    (rows, agents, procs): (&[ScanSession], &[OwnState], &Procs),
    cache: &mut Cache,
) {
    // 0 means "nothing published yet".
    let hash = {
        use std::hash::{Hash, Hasher};
        let mut hasher = ring_shared::fasthash::hasher();
        rows_hash(rows).hash(&mut hasher);
        for a in agents {
            (
                &a.session_id,
                a.pid,
                a.status as u8,
                a.updated_at.to_bits(),
                a.alive,
            )
                .hash(&mut hasher);
        }
        for (provider, live) in &procs.by_provider {
            provider.hash(&mut hasher);
            for p in live.iter().flatten() {
                (&p.cwd, &p.tty, p.pid, p.start).hash(&mut hasher);
            }
        }
        procs.background_agent_ids.hash(&mut hasher);
        hasher.finish().max(1)
    };
    let published = ring_home.join(PUBLISHED_FILE);
    let fresh = fs::metadata(&published)
        .ok()
        .filter(|m| m.is_file())
        .is_some_and(|m| (0.0..REPUBLISH_EVERY).contains(&(wall - FileKey::of(&m).mtime)));
    if hash == cache.published_hash && fresh {
        return;
    }
    publish(ring_home, wall, rows, agents, Some(procs));
    cache.published_hash = hash;
    cache.dirty = true;
}

/// A hash of every published field (cheaper than serializing the rows to compare them),
/// except a synthetic row's `last_active`: it is the read time, new at every listing, and
/// would rewrite the file (and the cache) every time.
fn rows_hash(rows: &[ScanSession]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = ring_shared::fasthash::hasher();
    for s in rows {
        let r = &s.session.row;
        let last_active = if s.session.source == Source::Proc {
            0
        } else {
            r.last_active.to_bits()
        };
        (&r.session_id, &r.provider, &r.cwd, &r.origin_cwd, r.status).hash(&mut hasher);
        (last_active, &r.last_action, r.todo, &r.tty).hash(&mut hasher);
        (s.session.source.as_str(), s.tail_kind as u8).hash(&mut hasher);
    }
    hasher.finish()
}

/// Writes the rows for the zellij plugin (atomically; errors ignored: the plugin keeps the
/// previous file), with the process scan they were judged with.
pub fn publish(
    ring_home: &Path,
    generated_at: f64,
    rows: &[ScanSession],
    agents: &[OwnState],
    procs: Option<&Procs>,
) {
    if !crate::store::keeps_caches() {
        return;
    }
    let mut published = Published::new(generated_at, rows);
    published.agents = agents.to_vec();
    if let Some(procs) = procs {
        published = published.with_procs(procs);
    }
    if let Ok(text) = serde_json::to_vec(&published)
        && cache::create_private_dir(ring_home).is_ok()
    {
        let _ = crate::store::write_atomic(ring_home, PUBLISHED_FILE, &text);
    }
}

/// Facts of every transcript inside the window, from the cache where (mtime, size) still
/// match, with the index of their cache entry. They are moved out of the cache (no copy)
/// and must be given back with [`restore`]. `relist`: the wall-clock time to list the
/// folders again at (the `list` module); without it the cached listing is
/// trusted as it is (files inside the window it did not read yet are read now).
fn transcripts(
    home: &Path,
    cache: &mut Cache,
    relist: Option<f64>,
    ctx: &ReadContext<'_>,
    need: Need<'_>,
) -> (Vec<TranscriptFacts>, Vec<usize>) {
    let now = ctx.now;
    let window = ctx.config.active_window_seconds as f64;
    let projects = home.join(ring_shared::provider::claude::PROJECTS_DIR);
    if let Some(wall) = relist {
        let stat_old = !(0.0..list::OLD_FILES_EVERY).contains(&(wall - cache.old_checked_at));
        let agents = defer::fingerprint(ctx);
        let defer = match need {
            Need::LiveRows { hook_id } if !stat_old && agents == cache.agents => {
                defer::deferrable(cache, ctx, hook_id)
            }
            _ => Vec::new(),
        };
        let listed = list::transcripts(
            &projects,
            cache,
            wall,
            stat_old,
            &|mtime| now - mtime <= window,
            &defer,
        );
        let partial = listed.deferred > 0;
        cache.dirty |= agents != cache.agents || partial != cache.partial;
        cache.agents = agents;
        cache.partial = partial;
        if stat_old {
            cache.old_checked_at = wall;
        }
        cache.dirty |= stat_old || listed.changed;
    }
    let mut out = Vec::new();
    let mut at = Vec::new();
    let mut read_any = false;
    for (i, entry) in cache.transcripts.iter_mut().enumerate() {
        // Old transcripts are never read: most of a long-used machine's files are.
        if now - entry.facts.mtime > window {
            continue;
        }
        if !entry.read {
            read_any = true;
            let Some(facts) = read_transcript(&entry.path(&projects), entry.key()) else {
                continue;
            };
            entry.facts = facts;
            entry.read = true;
        }
        // Moved out (names included) until `restore`.
        out.push(std::mem::take(&mut entry.facts));
        at.push(i);
    }
    cache.dirty |= read_any;
    (out, at)
}

/// Gives the facts taken by [`transcripts`] back to their cache entries.
fn restore(cache: &mut Cache, facts: Vec<TranscriptFacts>, at: Vec<usize>) {
    for (facts, i) in facts.into_iter().zip(at) {
        if let Some(entry) = cache.transcripts.get_mut(i) {
            entry.facts = facts;
        }
    }
}

/// Reads a transcript's tail and head; `None` when it cannot be opened.
fn read_transcript(path: &Path, key: FileKey) -> Option<TranscriptFacts> {
    let (records, head) = read_tail_and_head(path)?;
    let id = path.file_stem()?.to_str()?;
    let dir_name = path.parent()?.file_name()?.to_str()?;
    Some(TranscriptFacts::from_records(
        id, dir_name, key.mtime, &records, &head,
    ))
}

/// The tail records (§3.7 reader) and the first 128 KiB of a file, with as few reads as
/// possible: a small file is read once and serves as both.
///
/// A rollout path comes from Codex's database and a transcript from a folder listing: either
/// may name a FIFO or a device, so the file is opened with `store::open_for_read` (never
/// blocking, regular files only) and no read goes past [`TAIL_BYTES`] however it grows.
fn read_tail_and_head(path: &Path) -> Option<(Vec<ring_shared::transcript::Record>, Vec<u8>)> {
    let (mut file, size) = crate::store::open_for_read(path, crate::store::Owner::Anyone).ok()?;
    if size <= TAIL_BYTES {
        let mut bytes = Vec::with_capacity(size as usize);
        (&mut file).take(TAIL_BYTES).read_to_end(&mut bytes).ok()?;
        let records = parse_tail(&bytes, false);
        bytes.truncate(HEAD_BYTES as usize);
        return Some((records, bytes));
    }
    let mut head = vec![0; HEAD_BYTES.min(size) as usize];
    let got = read_up_to(&mut file, &mut head);
    head.truncate(got);
    file.seek(SeekFrom::Start(size - TAIL_BYTES)).ok()?;
    let mut tail = Vec::with_capacity(TAIL_BYTES as usize);
    file.take(TAIL_BYTES).read_to_end(&mut tail).ok()?;
    Some((parse_tail(&tail, true), head))
}

/// Fills `buf` as far as the file allows; returns the bytes read.
fn read_up_to(file: &mut File, buf: &mut [u8]) -> usize {
    let mut filled = 0;
    while filled < buf.len() {
        match file.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    filled
}

/// Facts of a Codex rollout file, cached by (mtime, size).
fn rollout_facts(path: &Path, cache: &mut Cache) -> RolloutFacts {
    let Ok(meta) = fs::metadata(path) else {
        return RolloutFacts::default();
    };
    let key = FileKey::of(&meta);
    let Some(path_text) = path.to_str() else {
        return RolloutFacts::default();
    };
    if let Some(facts) = cache.rollout(path_text, key) {
        return facts.clone();
    }
    let records = read_tail_and_head(path)
        .map(|(records, _)| records)
        .unwrap_or_default();
    let facts = RolloutFacts::from_records(&records);
    cache.note_rollout(path_text, key, facts.clone());
    facts
}
