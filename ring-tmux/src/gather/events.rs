//! `events.jsonl` read back for `stats`, `digest` and `explain`.

use ring_shared::stats::Event;

/// How much of `events.jsonl` is read: its last 20 MiB (four times the size ring halves it
/// at; RiNG, which shares the log, may let it grow past that).
const EVENTS_TAIL: u64 = 4 * crate::store::jsonl::EVENTS_CAP;

/// `events.jsonl`'s lines and the time now; an unreadable or missing log is an empty one.
/// A larger log is read from its end (the newest waits, from the first whole line): a wait
/// that began before that point is not counted.
pub(crate) fn read() -> (Vec<Event>, f64) {
    let env = crate::sys::env::Env::from_process();
    let path = env.ring_home.join("events.jsonl");
    let text = crate::store::read_tail(&path, EVENTS_TAIL)
        .map(|(bytes, cut)| {
            let whole = match bytes.iter().position(|&b| b == b'\n') {
                Some(end) if cut => &bytes[end + 1..],
                _ => &bytes[..],
            };
            String::from_utf8_lossy(whole).into_owned()
        })
        .unwrap_or_default();
    (ring_shared::stats::parse_events(&text), env.now())
}
