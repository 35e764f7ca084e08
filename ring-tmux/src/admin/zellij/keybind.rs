//! The board's key binding (`Alt r`) in zellij's `config.kdl`: a layout cannot hold key
//! bindings, so `install-zellij` writes one, between two marker comments, inside the user's
//! `keybinds` block (a block of its own when there is none). Installing again rewrites what
//! is between the markers; `uninstall` removes exactly that. Every other byte is kept.

use super::kdl;
use ring_shared::t;

/// The first line of ring's part.
const BEGIN: &str = "// ring: the board's key (written by ring-tmux install-zellij; ring-tmux uninstall removes it)";
/// The last line of ring's part.
const END: &str = "// ring: end";

/// The byte range of ring's part, from the start of its first line to past its last line's
/// line break; `None` when there is none (or only half of it).
fn ours(doc: &str) -> Option<std::ops::Range<usize>> {
    let begin = doc.find(BEGIN)?;
    let start = doc[..begin].rfind('\n').map_or(0, |i| i + 1);
    let end = begin + doc[begin..].find(END)? + END.len();
    let end = if doc[end..].starts_with('\n') {
        end + 1
    } else {
        end
    };
    Some(start..end)
}

fn indented(text: &str, by: usize) -> String {
    text.lines()
        .map(|l| {
            if l.is_empty() {
                "\n".to_owned()
            } else {
                format!("{:by$}{l}\n", "")
            }
        })
        .collect()
}

/// `doc` with `binding` (a `shared { bind … }` block) as ring's part of the `keybinds` block.
/// `Err` when the document is not KDL ring can edit safely.
pub fn upsert(doc: &str, binding: &str) -> Result<String, String> {
    if let Some(range) = ours(doc) {
        let indent = doc[range.start..].chars().take_while(|c| *c == ' ').count();
        let part = indented(&format!("{BEGIN}\n{}\n{END}", binding.trim_end()), indent);
        // Ring's own whole `keybinds` block (no block of the user's) stays whole.
        let part = if doc[range.clone()].contains("\nkeybinds {") {
            own_block(binding)
        } else {
            part
        };
        return Ok(format!(
            "{}{part}{}",
            &doc[..range.start],
            &doc[range.end..]
        ));
    }
    let nodes = kdl::top_level_nodes(doc)?;
    let keybinds = nodes
        .iter()
        .find(|range| kdl::node_name(&doc[(*range).clone()]).as_deref() == Some("keybinds"));
    match keybinds {
        Some(range) => {
            let close = doc[range.clone()]
                .rfind('}')
                .map(|i| range.start + i)
                .ok_or_else(|| t!("install-zellij-kdl-no-block"))?;
            let before = doc[..close].trim_end_matches([' ', '\t']);
            let newline = if before.ends_with('\n') { "" } else { "\n" };
            let part = indented(&format!("{BEGIN}\n{}\n{END}", binding.trim_end()), 4);
            Ok(format!("{before}{newline}{part}{}", &doc[close..]))
        }
        None => {
            let mut out = doc.to_owned();
            if !out.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(&own_block(binding));
            Ok(out)
        }
    }
}

/// A `keybinds` block of ring's own, inside the markers.
fn own_block(binding: &str) -> String {
    format!(
        "{BEGIN}\nkeybinds {{\n{}}}\n{END}\n",
        indented(binding.trim_end(), 4)
    )
}

/// `doc` without ring's part; `None` when it has none.
pub fn remove(doc: &str) -> Option<String> {
    let range = ours(doc)?;
    Some(format!("{}{}", &doc[..range.start], &doc[range.end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BINDING: &str = "shared {\n    bind \"Alt r\" {\n        LaunchOrFocusPlugin \"file:/p/ring.wasm\" {\n            floating true\n        }\n    }\n}";

    #[test]
    fn no_keybinds_block_gets_one_of_ring_and_uninstall_gives_the_file_back() {
        let doc = "theme \"dracula\"\n";
        let with = upsert(doc, BINDING).expect("upsert");
        assert!(with.starts_with(doc), "{with}");
        assert!(
            with.contains("\nkeybinds {\n    shared {\n        bind \"Alt r\""),
            "{with}"
        );
        assert_eq!(
            upsert(&with, BINDING).expect("again"),
            with,
            "kept on re-run"
        );
        assert_eq!(remove(&with).as_deref(), Some(doc));
        assert_eq!(
            upsert("", BINDING).map(|s| remove(&s)),
            Ok(Some(String::new()))
        );
    }

    #[test]
    fn an_existing_keybinds_block_gets_ring_s_part_inside_it() {
        let doc = "keybinds clear-defaults=true {\n    normal {\n        bind \"Ctrl g\" { SwitchToMode \"locked\"; }\n    }\n}\nui { }\n";
        let with = upsert(doc, BINDING).expect("upsert");
        let nodes = kdl::top_level_nodes(&with).expect("balanced");
        assert_eq!(nodes.len(), 2, "still one keybinds block and ui: {with}");
        let keybinds = &with[nodes[0].clone()];
        assert!(keybinds.contains("    // ring: the board's key"), "{with}");
        assert!(keybinds.contains("        bind \"Alt r\" {"), "{with}");
        assert!(keybinds.contains("bind \"Ctrl g\""), "{with}");
        assert_eq!(upsert(&with, BINDING).expect("again"), with);
        assert_eq!(remove(&with).as_deref(), Some(doc));
    }

    #[test]
    fn a_re_run_replaces_ring_s_part_with_the_new_binding() {
        let doc = "keybinds {\n}\n";
        let with = upsert(doc, BINDING).expect("upsert");
        let newer = BINDING.replace("/p/ring.wasm", "/q/ring.wasm");
        let again = upsert(&with, &newer).expect("again");
        assert!(
            again.contains("/q/ring.wasm") && !again.contains("/p/ring.wasm"),
            "{again}"
        );
        assert_eq!(again.matches(BEGIN).count(), 1, "{again}");
    }

    #[test]
    fn unbalanced_kdl_is_refused_and_a_file_without_ring_s_part_is_not_touched() {
        assert!(upsert("keybinds {\n", BINDING).is_err());
        assert_eq!(remove("keybinds {\n}\n"), None);
    }
}
