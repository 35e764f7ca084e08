//! Responses, each with the same strict headers: a Content-Security-Policy that allows only
//! this server's own scripts (and compiling its wasm), no framing, no sniffing, no referrer,
//! nothing cached.

use super::assets::Asset;
use bytes::Bytes;
use http_body_util::{BodyExt, Full, combinators::BoxBody};
use std::convert::Infallible;

/// Every answer's body: a whole one, or an event stream.
pub type Body = BoxBody<Bytes, Infallible>;
pub type Response = hyper::Response<Body>;

/// The page's policy: scripts and styles from this origin only (no inline script, no
/// `eval`; `wasm-unsafe-eval` lets the page compile its own wasm module), data from this
/// origin only, no plugins, no frames, no forms elsewhere.
pub const CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; \
                       style-src 'self'; img-src 'self' data:; connect-src 'self'; \
                       manifest-src 'self'; base-uri 'none'; form-action 'none'; \
                       frame-ancestors 'none'";

/// A response with the common headers.
pub fn with(status: u16, content_type: &str, body: Body) -> Response {
    let mut response = hyper::Response::new(body);
    *response.status_mut() =
        hyper::StatusCode::from_u16(status).unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    let pairs = [
        ("content-type", content_type),
        ("content-security-policy", CSP),
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "no-referrer"),
        ("cross-origin-opener-policy", "same-origin"),
        ("cross-origin-resource-policy", "same-origin"),
        ("cache-control", "no-store"),
    ];
    for (name, value) in pairs {
        let value = hyper::header::HeaderValue::from_str(value)
            .expect("header values here are ASCII without line breaks");
        headers.insert(name, value);
    }
    response
}

fn full(bytes: impl Into<Bytes>) -> Body {
    Full::new(bytes.into()).boxed()
}

/// A page file with its words filled in ([`super::texts`]), as `asset`'s type.
pub fn filled(asset: &Asset, bytes: &'static [u8]) -> Response {
    with(200, asset.content_type, full(Bytes::from_static(bytes)))
}

pub fn text(status: u16, text: &str) -> Response {
    with(
        status,
        "text/plain; charset=utf-8",
        full(format!("{text}\n")),
    )
}

pub fn json(status: u16, body: String) -> Response {
    with(status, "application/json", full(body))
}

pub fn json_error(status: u16, why: &str) -> Response {
    json(status, serde_json::json!({ "error": why }).to_string())
}

/// A refused request: JSON under `/api/`, else a line saying what to do.
pub fn refused(status: u16, why: &str, api: bool) -> Response {
    if api {
        return json_error(status, why);
    }
    let line = match status {
        401 => ring_shared::t!("err-serve-refused-token", why = why),
        421 => ring_shared::t!("err-serve-refused-address", why = why),
        _ => ring_shared::t!("err-serve-refused", why = why),
    };
    text(status, &line)
}

pub fn asset(asset: &Asset) -> Response {
    with(
        200,
        asset.content_type,
        full(Bytes::from_static(asset.bytes)),
    )
}
