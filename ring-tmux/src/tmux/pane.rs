//! What a pane shows (`@ring_state`, `@ring_kind`) and the tmux commands that set it.
//!
//! Every set is a compare-and-set inside the server: an `if-shell -F` checks, in one round
//! trip, that the pane is still the agent's (its id and, when known, its tty) and that what
//! we write is not older than what is there (`@ring_at`, milliseconds). So a slow push never
//! overwrites a newer one, and the drift repair never overwrites a push it has not read yet.
//! Only fixed words, `%N` pane ids, `/dev/…` paths and integers reach the command text.
//!
//! tmux compares numbers (`#{e|<=:…}`) only from 3.2; 3.0 and 3.1 leave that format empty,
//! which reads as false, so no set would ever happen there. Stamps are written with a fixed
//! number of digits, and the guard asks tmux whether it knows `e|`: if not, it compares the
//! stamps as strings (`#{<=:…}`, tmux 3.0), which orders fixed-width digits the same way.

use ring_shared::Status;
use ring_shared::view::Badge;

impl From<Badge> for Visible {
    fn from(badge: Badge) -> Visible {
        Visible {
            state: badge.state.as_str(),
            kind: badge.kind.map(|k| k.name()),
        }
    }
}

/// Pane option: `waiting` / `working` / `idle`, unset when nothing runs there.
pub const STATE_OPTION: &str = "@ring_state";
/// Pane option: `permission` / `question` / `plan` while waiting, else unset.
pub const KIND_OPTION: &str = "@ring_kind";
/// Pane option: the time (ms) of the row the options came from.
pub const STAMP_OPTION: &str = "@ring_at";
/// What the `else` branch prints when the pane is not the agent's.
pub const MISMATCH: &str = "ring-pane-mismatch";

/// The badge a pane shows: a fixed state and, while waiting, a fixed kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Visible {
    /// `waiting`, `working` or `idle`.
    pub state: &'static str,
    /// `permission`, `question` or `plan` (waiting only).
    pub kind: Option<&'static str>,
}

impl Visible {
    /// The badge for a status and a `waiting_kind`; `None` for ended sessions
    /// (`ring_shared::view::Badge`, the one badge rule).
    pub fn of(status: Status, waiting_kind: &str) -> Option<Visible> {
        Badge::of(status, waiting_kind).map(Visible::from)
    }

    /// Parses what `list-panes` printed for a pane; anything unknown counts as no badge.
    pub fn parse(state: &str, kind: &str) -> Option<Visible> {
        let status = match state {
            "waiting" => Status::Waiting,
            "working" => Status::Working,
            "idle" => Status::Idle,
            _ => return None,
        };
        Visible::of(status, kind)
    }
}

/// Seconds (float) → the integer milliseconds tmux compares with `#{e|<=:…}`.
pub fn stamp_ms(seconds: f64) -> i64 {
    if seconds.is_finite() {
        (seconds * 1000.0).round() as i64
    } else {
        0
    }
}

/// `1` in tmux 3.2 and later, empty (false) in 3.0 and 3.1: whether tmux has the number
/// operators `#{e|…}` and the length `#{n:…}` (both new in 3.2).
pub const HAS_ARITHMETIC: &str = "#{e|<=:0,1}";

/// The largest stamp [`stamp_text`] writes: 13 digits, the width of every millisecond time
/// from 2001 to 2286.
const STAMP_MAX: i64 = 9_999_999_999_999;

/// A stamp as `@ring_at` holds it: 13 digits, zero-padded (present-day stamps are 13 digits
/// already), so that tmux before 3.2 can order two stamps by comparing them as strings.
pub fn stamp_text(stamp: i64) -> String {
    format!("{:013}", stamp.clamp(0, STAMP_MAX))
}

/// True (`1`) in tmux when `@ring_at` is not newer than `stamp`: a numeric comparison where
/// tmux has one (3.2+, which prints `1` for `#{e|<=:0,1}`), else a string comparison of the
/// fixed-width stamps (3.0, 3.1). An unset `@ring_at` is older than any stamp either way.
fn not_newer_than(stamp: &str) -> String {
    format!(
        "#{{?{HAS_ARITHMETIC},#{{e|<=:#{{{STAMP_OPTION}}},{stamp}}},#{{<=:#{{{STAMP_OPTION}}},{stamp}}}}}"
    )
}

/// The commands that make `pane` show `visible` (or nothing), stamped `stamp`, joined with
/// ` ; ` for an `if-shell` branch.
fn set_commands(pane: &str, visible: Option<Visible>, stamp: &str) -> String {
    let set = |name: &str, value: Option<&str>| match value {
        Some(v) => format!("set -p -t {pane} {name} {v}"),
        None => format!("set -p -u -t {pane} {name}"),
    };
    [
        set(STATE_OPTION, visible.map(|v| v.state)),
        set(KIND_OPTION, visible.and_then(|v| v.kind)),
        format!("set -p -t {pane} {STAMP_OPTION} {stamp}"),
    ]
    .join(" ; ")
}

/// One guarded compare-and-set as tmux argv (no leading `tmux -S …`). The pane must be a
/// valid `%N` id and the tty, when given, a valid `/dev/…` path (see [`crate::sys::run`]);
/// callers check both. When the pane is not `pane` with tty `tty`, it prints [`MISMATCH`].
pub fn guarded_set(
    pane: &str,
    tty: Option<&str>,
    visible: Option<Visible>,
    stamp: i64,
) -> Vec<String> {
    let is_pane = format!("#{{==:#{{pane_id}},{pane}}}");
    let condition = match tty {
        Some(tty) => format!("#{{&&:{is_pane},#{{==:#{{pane_tty}},{tty}}}}}"),
        None => is_pane,
    };
    let stamp = stamp_text(stamp);
    let newer = format!(
        "if-shell -F -t {pane} '{}' {{ {} }}",
        not_newer_than(&stamp),
        set_commands(pane, visible, &stamp)
    );
    vec![
        "if-shell".into(),
        "-F".into(),
        "-t".into(),
        pane.into(),
        condition,
        newer,
        format!("display-message -p {MISMATCH}"),
    ]
}

/// Several guarded sets chained into one tmux call (`;` separates commands in argv). The
/// mismatch branch is dropped: a repair has nothing to fall back to.
pub fn chained_sets(items: &[(String, Option<Visible>)], stamp: i64) -> Vec<String> {
    let mut argv = Vec::new();
    for (pane, visible) in items {
        if !argv.is_empty() {
            argv.push(";".into());
        }
        let mut one = guarded_set(pane, None, *visible, stamp);
        one.pop();
        argv.extend(one);
    }
    argv
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::permission(Status::Waiting, "permission", Some(("waiting", Some("permission"))))]
    #[case::question(Status::Waiting, "question", Some(("waiting", Some("question"))))]
    #[case::plan(Status::Waiting, "plan", Some(("waiting", Some("plan"))))]
    #[case::waiting_idle_kind_has_no_kind(Status::Waiting, "idle", Some(("waiting", None)))]
    #[case::waiting_unknown_kind(Status::Waiting, "#(touch /tmp/x)", Some(("waiting", None)))]
    #[case::working_drops_kind(Status::Working, "permission", Some(("working", None)))]
    #[case::idle(Status::Idle, "", Some(("idle", None)))]
    #[case::ended_shows_nothing(Status::Ended, "permission", None)]
    fn visible_badges_are_fixed_words(
        #[case] status: Status,
        #[case] kind: &str,
        #[case] want: Option<(&str, Option<&str>)>,
    ) {
        let got = Visible::of(status, kind).map(|v| (v.state, v.kind));
        assert_eq!(got, want);
    }

    #[rstest]
    #[case::waiting("waiting", "plan", Some(("waiting", Some("plan"))))]
    #[case::empty("", "", None)]
    #[case::ended_is_not_a_pane_state("ended", "", None)]
    fn parse_reads_list_panes_fields(
        #[case] state: &str,
        #[case] kind: &str,
        #[case] want: Option<(&str, Option<&str>)>,
    ) {
        assert_eq!(Visible::parse(state, kind).map(|v| (v.state, v.kind)), want);
    }

    #[test]
    fn guarded_set_checks_pane_tty_and_stamp_then_sets_all_three_options() {
        let visible = Visible::of(Status::Waiting, "permission");
        let argv = guarded_set("%3", Some("/dev/pts/7"), visible, 1_700_000_000_500);
        assert_eq!(
            argv,
            vec![
                "if-shell",
                "-F",
                "-t",
                "%3",
                "#{&&:#{==:#{pane_id},%3},#{==:#{pane_tty},/dev/pts/7}}",
                "if-shell -F -t %3 '#{?#{e|<=:0,1},#{e|<=:#{@ring_at},1700000000500},#{<=:#{@ring_at},1700000000500}}' { set -p -t %3 @ring_state waiting ; set -p -t %3 @ring_kind permission ; set -p -t %3 @ring_at 1700000000500 }",
                "display-message -p ring-pane-mismatch",
            ]
        );
    }

    #[test]
    fn guarded_unset_without_tty_checks_the_pane_id_only() {
        let argv = guarded_set("%3", None, None, 5);
        assert_eq!(argv[4], "#{==:#{pane_id},%3}");
        assert!(argv[5].contains("set -p -u -t %3 @ring_state ; set -p -u -t %3 @ring_kind"));
    }

    #[test]
    fn chained_sets_join_with_a_semicolon_argument_and_drop_the_mismatch_branch() {
        let items = vec![
            ("%1".to_owned(), Visible::of(Status::Idle, "")),
            ("%2".to_owned(), None),
        ];
        let argv = chained_sets(&items, 9);
        assert_eq!(argv.iter().filter(|a| *a == ";").count(), 1);
        assert_eq!(argv.len(), 6 + 1 + 6);
        assert!(!argv.iter().any(|a| a.contains(MISMATCH)));
    }

    #[rstest]
    #[case::present_day(1_700_000_000_500, "1700000000500")]
    #[case::small_is_padded(5, "0000000000005")]
    #[case::negative_is_zero(-7, "0000000000000")]
    #[case::past_2286_is_capped(i64::MAX, "9999999999999")]
    fn stamps_are_written_with_thirteen_digits(#[case] stamp: i64, #[case] text: &str) {
        assert_eq!(stamp_text(stamp), text);
    }

    #[test]
    fn string_order_of_written_stamps_is_their_numeric_order() {
        // What tmux 3.0 / 3.1 compare (strcmp) must agree with what 3.2+ compares (numbers).
        let stamps = [
            0,
            5,
            9,
            10,
            999,
            1_000,
            999_999_999_999,
            1_700_000_000_500,
            i64::MAX,
        ];
        for a in stamps {
            for b in stamps {
                let (a, b) = (a.min(STAMP_MAX), b.min(STAMP_MAX));
                assert_eq!(stamp_text(a) <= stamp_text(b), a <= b, "{a} {b}");
            }
        }
    }

    #[rstest]
    #[case::millis(1.2345, 1235)]
    #[case::nan(f64::NAN, 0)]
    fn stamps_are_integer_milliseconds(#[case] seconds: f64, #[case] ms: i64) {
        assert_eq!(stamp_ms(seconds), ms);
    }
}
