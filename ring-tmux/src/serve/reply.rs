//! Responses, each with the same strict headers: a Content-Security-Policy that allows only
//! this server's own scripts (and compiling its wasm), no framing, no sniffing, no referrer,
//! nothing cached.

use super::assets::Asset;
use std::io::Cursor;

pub type Response = tiny_http::Response<Cursor<Vec<u8>>>;

/// The page's policy: scripts and styles from this origin only (no inline script, no
/// `eval`; `wasm-unsafe-eval` lets the page compile its own wasm module), data from this
/// origin only, no plugins, no frames, no forms elsewhere.
pub const CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; \
                       style-src 'self'; img-src 'self' data:; connect-src 'self'; \
                       manifest-src 'self'; base-uri 'none'; form-action 'none'; \
                       frame-ancestors 'none'";

fn header(name: &str, value: &str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes())
        .expect("header names and values here are ASCII without line breaks")
}

/// A response with the common headers.
fn with(status: u16, content_type: &str, body: Vec<u8>) -> Response {
    tiny_http::Response::from_data(body)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Content-Security-Policy", CSP))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("X-Frame-Options", "DENY"))
        .with_header(header("Referrer-Policy", "no-referrer"))
        .with_header(header("Cross-Origin-Opener-Policy", "same-origin"))
        .with_header(header("Cross-Origin-Resource-Policy", "same-origin"))
        .with_header(header("Cache-Control", "no-store"))
}

pub fn text(status: u16, text: &str) -> Response {
    with(
        status,
        "text/plain; charset=utf-8",
        format!("{text}\n").into_bytes(),
    )
}

pub fn json(status: u16, body: String) -> Response {
    with(status, "application/json", body.into_bytes())
}

pub fn json_error(status: u16, why: &str) -> Response {
    json(status, serde_json::json!({ "error": why }).to_string())
}

/// A refused request: JSON under `/api/`, else a line saying what to do.
pub fn refused(status: u16, why: &str, api: bool) -> Response {
    if api {
        return json_error(status, why);
    }
    let fix = match status {
        401 => "; open the address `ring-tmux serve` printed (it ends in ?token=…)",
        421 => "; open it by the address `ring-tmux serve` printed",
        _ => "",
    };
    text(status, &format!("ring-tmux serve: {why}{fix}"))
}

/// After a `?token=` visit: the token as a cookie, and back to the same path without it.
pub fn set_cookie(path: &str, token: &str) -> Response {
    let location = if path.starts_with('/') && !path.starts_with("//") {
        path
    } else {
        "/"
    };
    with(303, "text/plain; charset=utf-8", Vec::new())
        .with_header(header("Location", location))
        .with_header(header(
            "Set-Cookie",
            &format!(
                "{}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000",
                super::auth::COOKIE
            ),
        ))
}

pub fn asset(asset: &Asset) -> Response {
    with(200, asset.content_type, asset.bytes.to_vec())
}
