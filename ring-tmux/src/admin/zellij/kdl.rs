//! Just enough KDL to edit zellij's `permissions.kdl` without disturbing it: find the span of
//! one top-level node by name, read its children's names, quote a string. Everything outside
//! the node ring owns is kept byte for byte.

use ring_shared::t;
use std::ops::Range;

/// A KDL string literal for `s`.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The byte ranges of the top-level nodes of `doc` (from a node's first character to the end
/// of its line, `;` or closing brace). Comments and blank lines between nodes belong to no
/// node. `Err` when the document is not balanced (an unterminated string, comment or block).
pub fn top_level_nodes(doc: &str) -> Result<Vec<Range<usize>>, String> {
    let bytes = doc.as_bytes();
    let mut nodes = Vec::new();
    let mut start: Option<usize> = None;
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                // A line comment ends a node's line just like the newline it runs to.
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = skip_block_comment(bytes, i)?;
                continue;
            }
            b'"' => {
                start.get_or_insert(i);
                i = skip_string(bytes, i)?;
                continue;
            }
            b'r' if raw_string_start(bytes, i).is_some() => {
                start.get_or_insert(i);
                i = skip_raw_string(bytes, i)?;
                continue;
            }
            b'{' => {
                start.get_or_insert(i);
                depth += 1;
            }
            b'}' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| format!("unbalanced '}}' at byte {i}"))?;
                if depth == 0
                    && let Some(s) = start.take()
                {
                    nodes.push(s..i + 1);
                }
            }
            b'\n' | b';' if depth == 0 => {
                if let Some(s) = start.take() {
                    nodes.push(s..i);
                }
            }
            b' ' | b'\t' | b'\r' | b'\n' | b';' => {}
            _ => {
                start.get_or_insert(i);
            }
        }
        i += 1;
    }
    if depth != 0 {
        return Err(t!("install-zellij-kdl-brace"));
    }
    if let Some(s) = start {
        nodes.push(s..bytes.len());
    }
    Ok(nodes)
}

fn skip_block_comment(bytes: &[u8], mut i: usize) -> Result<usize, String> {
    let mut depth = 0usize;
    while i < bytes.len() {
        if bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'*') {
            depth += 1;
            i += 2;
        } else if bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return Ok(i);
            }
        } else {
            i += 1;
        }
    }
    Err(t!("install-zellij-kdl-comment"))
}

/// Index just past the closing quote of the string opening at `i`.
fn skip_string(bytes: &[u8], mut i: usize) -> Result<usize, String> {
    i += 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Ok(i + 1),
            _ => i += 1,
        }
    }
    Err(t!("install-zellij-kdl-string"))
}

/// `Some(hashes)` when a raw string (`r"`, `r#"`, …) opens at `i`.
fn raw_string_start(bytes: &[u8], i: usize) -> Option<usize> {
    // `r` must start a token, not sit inside an identifier such as `Inner`.
    if i > 0
        && !matches!(
            bytes[i - 1],
            b' ' | b'\t' | b'\n' | b'\r' | b';' | b'{' | b'(' | b'='
        )
    {
        return None;
    }
    let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
    (bytes.get(i + 1 + hashes) == Some(&b'"')).then_some(hashes)
}

fn skip_raw_string(bytes: &[u8], i: usize) -> Result<usize, String> {
    let hashes = raw_string_start(bytes, i).unwrap_or(0);
    let mut j = i + 2 + hashes;
    while j < bytes.len() {
        if bytes[j] == b'"'
            && bytes[j + 1..].iter().take(hashes).all(|&b| b == b'#')
            && j + 1 + hashes <= bytes.len()
        {
            return Ok(j + 1 + hashes);
        }
        j += 1;
    }
    Err(t!("install-zellij-kdl-raw-string"))
}

/// The name of a node (its first token, unquoted).
pub fn node_name(node: &str) -> Option<String> {
    let node = node.trim_start();
    if let Some(rest) = node.strip_prefix('"') {
        let mut out = String::new();
        let mut chars = rest.chars();
        while let Some(c) = chars.next() {
            match c {
                '"' => return Some(out),
                '\\' => match chars.next()? {
                    'n' => out.push('\n'),
                    'r' => out.push('\r'),
                    't' => out.push('\t'),
                    'u' => {
                        let hex: String = chars
                            .by_ref()
                            .skip_while(|&c| c == '{')
                            .take_while(|&c| c != '}')
                            .collect();
                        out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                    }
                    other => out.push(other),
                },
                c => out.push(c),
            }
        }
        return None;
    }
    if node.starts_with('r') && raw_string_start(node.as_bytes(), 0).is_some() {
        let hashes = raw_string_start(node.as_bytes(), 0)?;
        let body = &node[2 + hashes..];
        let end = body.find(&format!("\"{}", "#".repeat(hashes)))?;
        return Some(body[..end].to_owned());
    }
    let end = node
        .find(|c: char| c.is_whitespace() || matches!(c, '{' | ';' | '('))
        .unwrap_or(node.len());
    (end > 0).then(|| node[..end].to_owned())
}

/// The names of a node's children (bare words, as zellij writes permissions).
pub fn child_names(node: &str) -> Vec<String> {
    let (Some(open), Some(close)) = (node.find('{'), node.rfind('}')) else {
        return Vec::new();
    };
    if close <= open {
        return Vec::new();
    }
    node[open + 1..close]
        .split(['\n', ';'])
        .filter_map(|line| line.split_whitespace().next())
        .filter(|word| word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .map(str::to_owned)
        .collect()
}

/// `doc` with the node named `name` holding at least `wanted` children: an existing node of
/// that name is replaced (keeping the children it already had), every other byte is kept.
pub fn upsert_permissions(doc: &str, name: &str, wanted: &[&str]) -> Result<String, String> {
    let nodes = top_level_nodes(doc)?;
    let existing = nodes
        .iter()
        .find(|range| node_name(&doc[(*range).clone()]).as_deref() == Some(name))
        .cloned();
    let mut children: Vec<String> = existing
        .as_ref()
        .map(|range| child_names(&doc[range.clone()]))
        .unwrap_or_default();
    for want in wanted {
        if !children.iter().any(|c| c == want) {
            children.push((*want).to_owned());
        }
    }
    let mut node = format!("{} {{\n", quote(name));
    for child in &children {
        node.push_str("    ");
        node.push_str(child);
        node.push('\n');
    }
    node.push('}');
    let out = match existing {
        Some(range) => format!("{}{}{}", &doc[..range.start], node, &doc[range.end..]),
        None => {
            let mut out = doc.to_owned();
            if !out.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(&node);
            out.push('\n');
            out
        }
    };
    Ok(out)
}

/// `doc` without the top-level node named `name` (and the line break after it); `None` when
/// there is no such node. Every other byte is kept.
pub fn remove_node(doc: &str, name: &str) -> Result<Option<String>, String> {
    let nodes = top_level_nodes(doc)?;
    let Some(range) = nodes
        .into_iter()
        .find(|range| node_name(&doc[range.clone()]).as_deref() == Some(name))
    else {
        return Ok(None);
    };
    let rest = &doc[range.end..];
    let rest = rest
        .strip_prefix("\r\n")
        .or_else(|| rest.strip_prefix('\n'))
        .unwrap_or(rest);
    Ok(Some(format!("{}{}", &doc[..range.start], rest)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    const ZELLIJ_WRITTEN: &str = "\"/home/u/.config/zellij/plugins/zjstatus.wasm\" {\n    ReadApplicationState\n    ChangeApplicationState\n    RunCommands\n}\n\"zellij:session-manager\" {\n    ReadApplicationState\n}\n";

    #[test]
    fn nodes_of_a_zellij_written_file() {
        let nodes = top_level_nodes(ZELLIJ_WRITTEN).expect("balanced");
        let names: Vec<_> = nodes
            .iter()
            .map(|r| node_name(&ZELLIJ_WRITTEN[r.clone()]).expect("name"))
            .collect();
        assert_eq!(
            names,
            [
                "/home/u/.config/zellij/plugins/zjstatus.wasm",
                "zellij:session-manager"
            ]
        );
        assert_eq!(
            child_names(&ZELLIJ_WRITTEN[nodes[0].clone()]),
            [
                "ReadApplicationState",
                "ChangeApplicationState",
                "RunCommands"
            ]
        );
    }

    #[test]
    fn adding_ring_keeps_every_other_byte() {
        let out = upsert_permissions(ZELLIJ_WRITTEN, "/p/ring.wasm", &["ReadApplicationState"])
            .expect("balanced");
        assert!(out.starts_with(ZELLIJ_WRITTEN));
        assert!(out.ends_with("\"/p/ring.wasm\" {\n    ReadApplicationState\n}\n"));
    }

    #[test]
    fn existing_ring_node_is_replaced_keeping_extra_grants() {
        let doc = "// mine\n\"/p/ring.wasm\" {\n    FullHdAccess\n}\n\"other\" { ReadApplicationState; }\n";
        let out = upsert_permissions(
            doc,
            "/p/ring.wasm",
            &["ReadApplicationState", "ChangeApplicationState"],
        )
        .expect("balanced");
        assert_eq!(
            out,
            "// mine\n\"/p/ring.wasm\" {\n    FullHdAccess\n    ReadApplicationState\n    ChangeApplicationState\n}\n\"other\" { ReadApplicationState; }\n"
        );
    }

    #[test]
    fn second_upsert_is_a_no_op() {
        let once =
            upsert_permissions("", "/p/ring.wasm", &["ReadApplicationState"]).expect("balanced");
        let twice =
            upsert_permissions(&once, "/p/ring.wasm", &["ReadApplicationState"]).expect("ok");
        assert_eq!(once, twice);
    }

    #[rstest]
    #[case::braces_in_strings("\"a{b\" {\n  X\n}\n\"c}\" {\n  Y\n}\n", 2)]
    #[case::comments("/* {{ */ a {\n // }\n X\n}\n", 1)]
    #[case::semicolons("a; b; c\n", 3)]
    #[case::raw_string("r#\"x\"y\"# {\n X\n}\n", 1)]
    #[case::identifier_with_r("Inner {\n X\n}\n", 1)]
    fn nodes_are_split_around_strings_and_comments(#[case] doc: &str, #[case] count: usize) {
        assert_eq!(top_level_nodes(doc).expect("balanced").len(), count);
    }

    #[rstest]
    #[case::unclosed_block("a {\n X\n")]
    #[case::unclosed_string("\"a {\n")]
    #[case::stray_brace("}\n")]
    #[case::unclosed_comment("/* a")]
    fn unbalanced_documents_are_refused(#[case] doc: &str) {
        assert!(upsert_permissions(doc, "/p/ring.wasm", &["X"]).is_err());
    }

    #[rstest]
    #[case::plain("/a/b.wasm")]
    #[case::quote_and_backslash("/a/\"q\"\\b.wasm")]
    #[case::space_and_unicode("/home/ü ser/ring.wasm")]
    fn quote_round_trips_through_node_name(#[case] path: &str) {
        let node = format!("{} {{\n}}", quote(path));
        assert_eq!(node_name(&node).as_deref(), Some(path));
    }
}
