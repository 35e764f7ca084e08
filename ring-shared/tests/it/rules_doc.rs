//! `docs/rules.md` is where the `§` references of the code point: every `§N.M` in a comment
//! of the workspace (`§4.10 rule 2`, `§9 quirk 8`) names a section of it, every link to
//! one of its anchors (`docs/rules.md` then `#` and the id) and in-page `(#anchor)` link names an anchor of it, each numbered
//! section has its stable anchor, and every scenario recorded from RiNG (`compat/`) is named by
//! some rule.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// A link to an anchor of the page (spelt so that this file holds none).
const LINK: &str = concat!("docs/rules.md", "#");
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

fn rules() -> String {
    std::fs::read_to_string(format!("{ROOT}/docs/rules.md")).expect("docs/rules.md")
}

/// The `<a id="…"></a>` anchors of the page.
fn anchors(doc: &str) -> BTreeSet<String> {
    doc.lines()
        .filter_map(|l| l.trim().strip_prefix("<a id=\"")?.split_once('"'))
        .map(|(id, _)| id.to_owned())
        .collect()
}

/// The section numbers of the numbered headings (`## 4.`, `### 4.10 …` → `4`, `4.10`), each
/// with the line just above it.
fn sections(doc: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = doc.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line
            .strip_prefix("## ")
            .or_else(|| line.strip_prefix("### "))
        else {
            continue;
        };
        let number = section_number(rest);
        if !number.is_empty() {
            let above = if i > 0 { lines[i - 1] } else { "" };
            out.push((number, above.to_owned()));
        }
    }
    out
}

/// The leading `N` or `N.M` of `s` (a trailing `.` is punctuation).
fn section_number(s: &str) -> String {
    let end = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    s[..end].trim_end_matches('.').to_owned()
}

fn anchor_of(section: &str) -> String {
    format!("rule-{}", section.replace('.', "-"))
}

/// Every `.rs` file under the workspace's crates, and the markdown and scripts that cite rules.
fn sources() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    for krate in ["ring-shared", "ring-tmux", "ring-plugin"] {
        for sub in ["src", "tests", "benches"] {
            walk(&Path::new(ROOT).join(krate).join(sub), &mut out);
        }
    }
    for doc in ["README.md", "BENCHMARKS.md"] {
        out.push(Path::new(ROOT).join(doc));
    }
    out.sort();
    assert!(out.len() > 50, "found the workspace's sources: {out:?}");
    out
}

/// The sections cited in `text`: `§N.M` (and `§9 quirk K` as `9.K`).
fn citations(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices('§') {
        let rest = &text[at + '§'.len_utf8()..];
        let number = section_number(rest);
        if number.is_empty() {
            continue;
        }
        let after = &rest[number.len()..];
        match after.strip_prefix(" quirk ").map(section_number) {
            Some(k) if !k.is_empty() => out.push(format!("{number}.{k}")),
            _ => out.push(number),
        }
    }
    out
}

#[test]
fn every_section_has_its_stable_anchor() {
    let doc = rules();
    let found = sections(&doc);
    assert!(
        found.len() > 60,
        "numbered sections of docs/rules.md: {found:?}"
    );
    let missing: Vec<String> = found
        .iter()
        .filter(|(n, above)| above.trim() != format!("<a id=\"{}\"></a>", anchor_of(n)))
        .map(|(n, above)| format!("§{n} (line above: {above:?})"))
        .collect();
    assert!(
        missing.is_empty(),
        "sections without `<a id=\"rule-N-M\"></a>` above: {missing:?}"
    );
}

#[test]
fn every_section_cited_in_the_code_is_in_docs_rules() {
    let doc = rules();
    let known: BTreeSet<String> = sections(&doc).into_iter().map(|(n, _)| n).collect();
    let mut cited = 0;
    let mut unknown = Vec::new();
    for path in sources() {
        let text = std::fs::read_to_string(&path).expect("source is text");
        for (i, line) in text.lines().enumerate() {
            for number in citations(line) {
                cited += 1;
                if !known.contains(&number) {
                    unknown.push(format!("{}:{}: §{number}", path.display(), i + 1));
                }
            }
        }
    }
    assert!(cited > 100, "found the code's § references ({cited})");
    assert!(
        unknown.is_empty(),
        "§ references with no section in docs/rules.md: {unknown:#?}"
    );
}

#[test]
fn every_link_to_docs_rules_names_an_anchor() {
    let doc = rules();
    let ids = anchors(&doc);
    let mut unknown = Vec::new();
    for path in sources() {
        let text = std::fs::read_to_string(&path).expect("source is text");
        for (at, _) in text.match_indices(LINK) {
            let id = anchor_prefix(&text[at + LINK.len()..]);
            if !ids.contains(id) {
                unknown.push(format!("{}: #{id}", path.display()));
            }
        }
    }
    assert!(unknown.is_empty(), "links to missing anchors: {unknown:?}");
    let unknown: Vec<&str> = doc
        .match_indices("](#")
        .map(|(at, _)| anchor_prefix(&doc[at + 3..]))
        .filter(|id| !ids.contains(*id))
        .collect();
    assert!(
        unknown.is_empty(),
        "in-page links to missing anchors: {unknown:?}"
    );
}

fn anchor_prefix(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

#[test]
fn every_recorded_scenario_is_named_by_a_rule() {
    let doc = rules();
    let mut files = vec![PathBuf::from(format!("{ROOT}/compat/scenarios.json"))];
    let extra = std::fs::read_dir(format!("{ROOT}/compat/extra")).expect("compat/extra");
    for entry in extra.flatten() {
        files.push(entry.path().join("scenarios.json"));
    }
    let mut names = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("scenarios.json");
        let value: Value = serde_json::from_str(&text).expect("scenarios JSON");
        let list = value.get("scenarios").unwrap_or(&value);
        for scenario in list.as_array().expect("a list of scenarios") {
            names.push(scenario["name"].as_str().expect("a name").to_owned());
        }
    }
    assert!(
        names.len() > 100,
        "read the recorded scenarios ({})",
        names.len()
    );
    let unnamed: Vec<&String> = names
        .iter()
        .filter(|n| !doc.contains(&format!("`{n}`")))
        .collect();
    assert!(
        unnamed.is_empty(),
        "recorded scenarios no rule names: {unnamed:?}"
    );
}

#[test]
fn citations_read_sections_steps_and_quirks() {
    assert_eq!(
        citations("§4.10 rule 2, (§3.3 step 5), §4.1. and §9 quirk 8; 5 §"),
        ["4.10", "3.3", "4.1", "9.8"]
    );
    assert_eq!(section_number("10. Notes"), "10");
}
