//! Who may ask `ring-tmux serve` for anything: the token, the host and origin checks.
//!
//! Every listener, loopback included, requires the token on every request for data (the API
//! and the event stream): `Authorization: Bearer TOKEN`. No cookie (a cookie is not scoped to a
//! port: it would go to any other server on the same host) and no token in a URL the server
//! sees. Only the page's shell and its static files, which hold no data, are answered without
//! it: the page reads the token from the address's `#token=` fragment, keeps it in memory and
//! sends it in the header. A listener on a loopback address also answers only requests whose
//! `Host` names that address (a page on another site cannot reach the board through DNS
//! rebinding). A POST must also come from the page itself: an `Origin` header, when sent, must
//! be this server's, and the body must be JSON (a cross-site form cannot send that without a
//! preflight). The checks are pure: [`Ask`] is what a request says, [`Policy::check`] the
//! verdict.

use ring_shared::t;
use std::io::{self, Read};
use std::path::Path;

/// How many random bytes a token has (shown as twice as many hex digits).
const TOKEN_BYTES: usize = 32;

/// What a request says about itself, as far as the checks go.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ask<'a> {
    pub post: bool,
    /// A GET of the page's shell or a static file of it: no data, no token needed.
    pub public: bool,
    pub host: Option<&'a str>,
    pub origin: Option<&'a str>,
    pub authorization: Option<&'a str>,
    pub content_type: Option<&'a str>,
}

/// What to do with a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Answer it.
    Allow,
    /// Refuse it with this status and reason.
    Refuse(u16, String),
}

/// The rules of one listener.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    /// The token every request for data must carry.
    pub token: String,
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
            return Verdict::Refuse(421, t!("err-serve-own-address"));
        }
        if !ask.public || ask.post {
            let bearer = ask
                .authorization
                .and_then(|a| a.strip_prefix("Bearer "))
                .map(str::trim);
            if !bearer.is_some_and(|t| equal(t, &self.token)) {
                return Verdict::Refuse(401, t!("err-serve-needs-token"));
            }
        }
        if ask.post {
            if ask.origin.is_some_and(|o| !same_origin(o, ask.host)) {
                return Verdict::Refuse(403, t!("err-serve-post-foreign"));
            }
            let json = ask.content_type.is_some_and(|c| {
                c.split(';')
                    .next()
                    .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
            });
            if !json {
                return Verdict::Refuse(415, t!("err-serve-post-json"));
            }
        }
        Verdict::Allow
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
    // Port 80 is http's default: a browser leaves it out of `Host`.
    if port == 80 {
        let bare: Vec<String> = hosts
            .iter()
            .filter_map(|h| h.strip_suffix(":80").map(str::to_owned))
            .collect();
        hosts.extend(bare);
    }
    hosts
}

/// The token in `path`, made (random, hex) and stored 0600 in a 0700 folder, never through
/// a link, when the file does not exist yet.
pub fn load_or_create(path: &Path) -> io::Result<String> {
    let (dir, name) = crate::store::safe::split(path)?;
    let dir = crate::store::safe::Dir::create(dir)?;
    if dir.lstat(name).is_none() {
        let token = fresh_token()?;
        dir.write_atomic(name, format!("{token}\n").as_bytes())?;
        return Ok(token);
    }
    let text = crate::store::read_text(path, 4096, crate::store::Owner::Ring)
        .ok_or_else(|| io::Error::other(t!("err-serve-token-file")))?;
    let token = text.trim();
    if token.len() >= 16
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~'))
    {
        Ok(token.to_owned())
    } else {
        Err(io::Error::other(t!("err-serve-token-unusable")))
    }
}

/// A fresh token: `TOKEN_BYTES` bytes of the kernel's randomness, in hex.
pub fn fresh_token() -> io::Result<String> {
    let mut bytes = [0u8; TOKEN_BYTES];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    const TOKEN: &str = "s3cret-token-0123456789";
    const BEARER: &str = "Bearer s3cret-token-0123456789";

    fn remote() -> Policy {
        Policy {
            token: TOKEN.into(),
            hosts: None,
        }
    }

    fn local() -> Policy {
        Policy {
            token: TOKEN.into(),
            hosts: Some(loopback_hosts("127.0.0.1".parse().expect("ip"), 8080)),
        }
    }

    #[rstest]
    #[case::no_token(Ask::default(), Verdict::Refuse(401, "this server needs its token".into()))]
    #[case::wrong_bearer(Ask { authorization: Some("Bearer nope"), ..Ask::default() }, Verdict::Refuse(401, "this server needs its token".into()))]
    #[case::prefix_of_the_token(Ask { authorization: Some("Bearer s3cret-token"), ..Ask::default() }, Verdict::Refuse(401, "this server needs its token".into()))]
    #[case::bearer(Ask { authorization: Some(BEARER), ..Ask::default() }, Verdict::Allow)]
    #[case::page_shell(Ask { public: true, ..Ask::default() }, Verdict::Allow)]
    #[case::public_is_never_a_post(Ask { post: true, public: true, content_type: Some("application/json"), ..Ask::default() }, Verdict::Refuse(401, "this server needs its token".into()))]
    fn remote_listener_needs_the_token(#[case] ask: Ask<'_>, #[case] verdict: Verdict) {
        assert_eq!(remote().check(&ask), verdict);
    }

    #[rstest]
    #[case::own_host(Ask { host: Some("127.0.0.1:8080"), authorization: Some(BEARER), ..Ask::default() }, Verdict::Allow)]
    #[case::no_token_on_loopback(Ask { host: Some("127.0.0.1:8080"), ..Ask::default() }, Verdict::Refuse(401, "this server needs its token".into()))]
    #[case::localhost(Ask { host: Some("LOCALHOST:8080"), authorization: Some(BEARER), ..Ask::default() }, Verdict::Allow)]
    #[case::rebound_name(Ask { host: Some("evil.example:8080"), authorization: Some(BEARER), ..Ask::default() }, Verdict::Refuse(421, "this server answers only on its own address".into()))]
    #[case::rebound_shell(Ask { host: Some("evil.example:8080"), public: true, ..Ask::default() }, Verdict::Refuse(421, "this server answers only on its own address".into()))]
    #[case::no_host(
        Ask { authorization: Some(BEARER), ..Ask::default() },
        Verdict::Refuse(421, "this server answers only on its own address".into())
    )]
    #[case::post_same_origin(Ask { post: true, host: Some("127.0.0.1:8080"), authorization: Some(BEARER), origin: Some("http://127.0.0.1:8080"), content_type: Some("application/json; charset=utf-8"), ..Ask::default() }, Verdict::Allow)]
    #[case::post_other_origin(Ask { post: true, host: Some("127.0.0.1:8080"), authorization: Some(BEARER), origin: Some("http://evil.example"), content_type: Some("application/json"), ..Ask::default() }, Verdict::Refuse(403, "a POST must come from this server's own page".into()))]
    #[case::post_form(Ask { post: true, host: Some("127.0.0.1:8080"), authorization: Some(BEARER), content_type: Some("text/plain"), ..Ask::default() }, Verdict::Refuse(415, "a POST carries JSON (Content-Type: application/json)".into()))]
    fn loopback_listener_checks_host_token_and_origin(
        #[case] ask: Ask<'_>,
        #[case] verdict: Verdict,
    ) {
        assert_eq!(local().check(&ask), verdict);
    }

    #[test]
    fn port_80_is_answered_without_a_port_in_host_but_not_other_ports() {
        let on_80 = loopback_hosts("127.0.0.1".parse().expect("ip"), 80);
        assert!(on_80.iter().any(|h| h == "127.0.0.1"));
        assert!(on_80.iter().any(|h| h == "localhost"));
        let on_8080 = loopback_hosts("127.0.0.1".parse().expect("ip"), 8080);
        assert!(!on_8080.iter().any(|h| h == "127.0.0.1"));
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
