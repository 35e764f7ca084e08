//! Who may ask `ring-tmux serve` for anything: the token, the host and origin checks.
//!
//! A listener on a loopback address answers requests whose `Host` names that loopback
//! address (a page on another site cannot read the board through DNS rebinding). Any other
//! listener, or one given `--token-file`, requires the token on every request: as
//! `Authorization: Bearer TOKEN`, or as the cookie a first visit with `?token=TOKEN` sets
//! (`HttpOnly`, `SameSite=Strict`). A POST must also come from the page itself: an `Origin`
//! header, when sent, must be this server's, and the body must be JSON (a cross-site form
//! cannot send that without a preflight). The checks are pure: [`Ask`] is what a request
//! says, [`Policy::check`] the verdict.

use std::io::{self, Read};
use std::path::Path;

/// The cookie that carries the token after a `?token=` visit.
pub const COOKIE: &str = "ring_token";

/// How many random bytes a token has (shown as twice as many hex digits).
const TOKEN_BYTES: usize = 32;

/// What a request says about itself, as far as the checks go.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ask<'a> {
    pub post: bool,
    pub host: Option<&'a str>,
    pub origin: Option<&'a str>,
    pub authorization: Option<&'a str>,
    pub cookie: Option<&'a str>,
    pub content_type: Option<&'a str>,
    /// `token=` of the query string.
    pub query_token: Option<&'a str>,
}

/// What to do with a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Answer it.
    Allow,
    /// Answer it, and set the token cookie first (a `?token=` visit): redirect to the same
    /// path without the query, so the token leaves the address bar and the history.
    SetCookie,
    /// Refuse it with this status and reason.
    Refuse(u16, &'static str),
}

/// The rules of one listener.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    /// The token every request must carry; `None`: no token (loopback only).
    pub token: Option<String>,
    /// `Host` values accepted (`None`: any, the token guards the door).
    pub hosts: Option<Vec<String>>,
}

impl Policy {
    /// The verdict on a request.
    pub fn check(&self, ask: &Ask<'_>) -> Verdict {
        if let Some(hosts) = &self.hosts
            && !ask
                .host
                .is_some_and(|h| hosts.iter().any(|a| a.eq_ignore_ascii_case(h)))
        {
            return Verdict::Refuse(421, "this server answers only on its own address");
        }
        let mut set_cookie = false;
        if let Some(token) = &self.token {
            let bearer = ask
                .authorization
                .and_then(|a| a.strip_prefix("Bearer "))
                .map(str::trim);
            let cookie = ask.cookie.and_then(|c| cookie_value(c, COOKIE));
            let carried = [bearer, cookie]
                .into_iter()
                .flatten()
                .any(|t| equal(t, token));
            if !carried {
                if !ask.post && ask.query_token.is_some_and(|t| equal(t, token)) {
                    set_cookie = true;
                } else {
                    return Verdict::Refuse(401, "this server needs its token");
                }
            }
        }
        if ask.post {
            if ask.origin.is_some_and(|o| !same_origin(o, ask.host)) {
                return Verdict::Refuse(403, "a POST must come from this server's own page");
            }
            let json = ask.content_type.is_some_and(|c| {
                c.split(';')
                    .next()
                    .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
            });
            if !json {
                return Verdict::Refuse(
                    415,
                    "a POST carries JSON (Content-Type: application/json)",
                );
            }
        }
        if set_cookie {
            Verdict::SetCookie
        } else {
            Verdict::Allow
        }
    }
}

/// `Origin` is `http://HOST` for this request's `Host`.
fn same_origin(origin: &str, host: Option<&str>) -> bool {
    host.is_some_and(|h| {
        origin
            .strip_prefix("http://")
            .is_some_and(|o| o.eq_ignore_ascii_case(h))
    })
}

/// The value of cookie `name` in a `Cookie` header.
pub fn cookie_value<'a>(header: &'a str, name: &str) -> Option<&'a str> {
    header.split(';').find_map(|pair| {
        let (key, value) = pair.trim().split_once('=')?;
        (key == name).then_some(value.trim())
    })
}

/// `token=` of a query string.
pub fn query_token(query: &str) -> Option<&str> {
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix("token="))
}

/// Compares in time independent of where the strings differ.
pub fn equal(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The `Host` values a loopback listener on `port` answers to.
pub fn loopback_hosts(ip: std::net::IpAddr, port: u16) -> Vec<String> {
    let mut hosts = vec![
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        format!("[::1]:{port}"),
    ];
    let own = match ip {
        std::net::IpAddr::V4(v4) => format!("{v4}:{port}"),
        std::net::IpAddr::V6(v6) => format!("[{v6}]:{port}"),
    };
    if !hosts.contains(&own) {
        hosts.push(own);
    }
    hosts
}

/// The token in `path`, made (random, hex) and stored 0600 in a 0700 folder, never through
/// a link, when the file does not exist yet.
pub fn load_or_create(path: &Path) -> io::Result<String> {
    let (dir, name) = crate::store::safe::split(path)?;
    let dir = crate::store::safe::Dir::create(dir)?;
    if dir.lstat(name).is_none() {
        let token = generate()?;
        dir.write_atomic(name, format!("{token}\n").as_bytes())?;
        return Ok(token);
    }
    let text = crate::store::read_text(path, 4096, crate::store::Owner::Ring).ok_or_else(|| {
        io::Error::other("the token file is not a readable regular file (a link is refused)")
    })?;
    let token = text.trim();
    if token.len() >= 16
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~'))
    {
        Ok(token.to_owned())
    } else {
        Err(io::Error::other(
            "the token file holds no usable token (16 or more of A-Z a-z 0-9 - _ . ~)",
        ))
    }
}

/// A fresh token: [`TOKEN_BYTES`] bytes of the kernel's randomness, in hex.
fn generate() -> io::Result<String> {
    let mut bytes = [0u8; TOKEN_BYTES];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn remote() -> Policy {
        Policy {
            token: Some("s3cret-token-0123456789".into()),
            hosts: None,
        }
    }

    fn local() -> Policy {
        Policy {
            token: None,
            hosts: Some(loopback_hosts("127.0.0.1".parse().expect("ip"), 8080)),
        }
    }

    #[rstest]
    #[case::no_token(Ask::default(), Verdict::Refuse(401, "this server needs its token"))]
    #[case::wrong_bearer(Ask { authorization: Some("Bearer nope"), ..Ask::default() }, Verdict::Refuse(401, "this server needs its token"))]
    #[case::bearer(Ask { authorization: Some("Bearer s3cret-token-0123456789"), ..Ask::default() }, Verdict::Allow)]
    #[case::cookie(Ask { cookie: Some("a=b; ring_token=s3cret-token-0123456789"), ..Ask::default() }, Verdict::Allow)]
    #[case::query_sets_cookie(Ask { query_token: Some("s3cret-token-0123456789"), ..Ask::default() }, Verdict::SetCookie)]
    #[case::query_never_for_post(Ask { post: true, query_token: Some("s3cret-token-0123456789"), content_type: Some("application/json"), ..Ask::default() }, Verdict::Refuse(401, "this server needs its token"))]
    fn remote_listener_needs_the_token(#[case] ask: Ask<'_>, #[case] verdict: Verdict) {
        assert_eq!(remote().check(&ask), verdict);
    }

    #[rstest]
    #[case::own_host(Ask { host: Some("127.0.0.1:8080"), ..Ask::default() }, Verdict::Allow)]
    #[case::localhost(Ask { host: Some("LOCALHOST:8080"), ..Ask::default() }, Verdict::Allow)]
    #[case::rebound_name(Ask { host: Some("evil.example:8080"), ..Ask::default() }, Verdict::Refuse(421, "this server answers only on its own address"))]
    #[case::no_host(
        Ask::default(),
        Verdict::Refuse(421, "this server answers only on its own address")
    )]
    #[case::post_same_origin(Ask { post: true, host: Some("127.0.0.1:8080"), origin: Some("http://127.0.0.1:8080"), content_type: Some("application/json; charset=utf-8"), ..Ask::default() }, Verdict::Allow)]
    #[case::post_other_origin(Ask { post: true, host: Some("127.0.0.1:8080"), origin: Some("http://evil.example"), content_type: Some("application/json"), ..Ask::default() }, Verdict::Refuse(403, "a POST must come from this server's own page"))]
    #[case::post_form(Ask { post: true, host: Some("127.0.0.1:8080"), content_type: Some("text/plain"), ..Ask::default() }, Verdict::Refuse(415, "a POST carries JSON (Content-Type: application/json)"))]
    fn loopback_listener_checks_host_and_origin(#[case] ask: Ask<'_>, #[case] verdict: Verdict) {
        assert_eq!(local().check(&ask), verdict);
    }

    #[test]
    fn cookie_and_query_values_are_found_by_name() {
        assert_eq!(
            cookie_value("x=1; ring_token=abc ; y=2", COOKIE),
            Some("abc")
        );
        assert_eq!(cookie_value("ring_tokenx=abc", COOKIE), None);
        assert_eq!(query_token("a=1&token=xyz"), Some("xyz"));
        assert_eq!(query_token("atoken=xyz"), None);
    }

    #[test]
    fn token_is_made_once_private_and_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("ring").join("serve").join("token");
        let first = load_or_create(&path).expect("made");
        assert_eq!(first.len(), 2 * TOKEN_BYTES);
        assert_eq!(load_or_create(&path).expect("kept"), first);
        let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        let folder = std::fs::metadata(path.parent().expect("parent")).expect("meta");
        assert_eq!(folder.permissions().mode() & 0o777, 0o700);
    }

    #[test]
    fn token_file_through_a_symlink_is_refused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let real = dir.path().join("real");
        std::fs::write(&real, "0123456789abcdef0123\n").expect("write");
        let link = dir.path().join("token");
        std::os::unix::fs::symlink(&real, &link).expect("link");
        assert!(load_or_create(&link).is_err());
    }
}
