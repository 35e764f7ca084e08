//! Python's `os.path.realpath` (non-strict) over a scenario's fake file tree, for the pure-API
//! harnesses: the only symlinks are the scenario's `symlink_to` files; every other path is
//! resolved lexically (`//`, `.`, `..` and a trailing `/` go, as Python's does for paths that
//! do not exist). The binary harness resolves against the real folder instead.

use serde_json::Value;

/// The scenario's symlinks (scenario and step `files`), as (link, target) with `$HOME`
/// replaced by `home` (pass `"$HOME"` to keep the literal).
pub fn symlinks(scenario: &Value, home: &str) -> Vec<(String, String)> {
    let steps = scenario["steps"].as_array().into_iter().flatten();
    std::iter::once(&scenario["files"])
        .chain(steps.map(|s| &s["files"]))
        .filter_map(Value::as_array)
        .flatten()
        .filter_map(|f| Some((f["path"].as_str()?, f["symlink_to"].as_str()?)))
        .map(|(link, target)| (link.replace("$HOME", home), target.replace("$HOME", home)))
        .collect()
}

/// `os.path.realpath(path)` where only `links` are symlinks; `""` stays `""` (RiNG's `_real`).
pub fn realpath(path: &str, links: &[(String, String)]) -> String {
    if path.is_empty() {
        return String::new();
    }
    let mut parts = Vec::new();
    let mut absolute = path.starts_with('/');
    walk(path, &mut parts, &mut absolute, links, 0);
    match (absolute, parts.is_empty()) {
        (true, _) => format!("/{}", parts.join("/")),
        (false, true) => ".".to_owned(),
        (false, false) => parts.join("/"),
    }
}

fn walk(
    rest: &str,
    parts: &mut Vec<String>,
    absolute: &mut bool,
    links: &[(String, String)],
    depth: usize,
) {
    for name in rest.split('/') {
        match name {
            "" | "." => continue,
            ".." => {
                if parts.last().is_some_and(|p| p != "..") {
                    parts.pop();
                } else if !*absolute {
                    parts.push("..".to_owned());
                }
                continue;
            }
            _ => {}
        }
        parts.push(name.to_owned());
        let here = if *absolute {
            format!("/{}", parts.join("/"))
        } else {
            parts.join("/")
        };
        // Python gives up on symlink loops by returning the path as it stands; so do we.
        if depth < 40
            && let Some((_, target)) = links.iter().find(|(link, _)| *link == here)
        {
            parts.pop();
            // A target led by the literal `$HOME` (kept so by the scan harness) is rooted too.
            if target.starts_with('/') || target.starts_with("$HOME") {
                parts.clear();
                *absolute = target.starts_with('/');
            }
            walk(target, parts, absolute, links, depth + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_like_python_realpath() {
        let links = vec![
            ("/h/link".to_owned(), "/h/real".to_owned()),
            ("/h/rel".to_owned(), "real/sub".to_owned()),
            ("$HOME/link".to_owned(), "$HOME/real".to_owned()),
        ];
        for (path, want) in [
            ("", ""),
            ("/", "/"),
            ("//x//y/", "/x/y"),
            ("/repo/app/sub/../sub2", "/repo/app/sub2"),
            ("/..", "/"),
            ("/h/link/sub", "/h/real/sub"),
            ("/h/link/..", "/h"),
            ("/h/rel/x", "/h/real/sub/x"),
            ("$HOME/link/", "$HOME/real"),
        ] {
            assert_eq!(realpath(path, &links), want, "{path}");
        }
    }
}
