//! The page's files, embedded: its HTML, script and style (`page/`), and the wasm-bindgen
//! module of `ring-web` when the build found it (`build.rs`). The HTML is a template: the
//! server hands out [`super::texts::page`], its words in the server's language, and
//! `texts.js` as [`super::texts::script`].

/// One file the server hands out as it is.
#[derive(Debug)]
pub struct Asset {
    pub path: &'static str,
    pub content_type: &'static str,
    pub bytes: &'static [u8],
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

const PAGE: &[Asset] = &[
    page("/", HTML, include_bytes!("page/index.html")),
    page("/app.js", JS, include_bytes!("page/app.js")),
    page("/answer.js", JS, include_bytes!("page/answer.js")),
    page("/texts.js", JS, include_bytes!("page/texts.js")),
    page("/style.css", CSS, include_bytes!("page/style.css")),
    page(
        "/manifest.webmanifest",
        "application/manifest+json",
        include_bytes!("page/manifest.webmanifest"),
    ),
];

const fn page(path: &'static str, content_type: &'static str, bytes: &'static [u8]) -> Asset {
    Asset {
        path,
        content_type,
        bytes,
    }
}

include!(concat!(env!("OUT_DIR"), "/web_pkg.rs"));

/// The file at `path` (`/index.html` is `/`).
pub fn find(path: &str) -> Option<&'static Asset> {
    let path = if path == "/index.html" { "/" } else { path };
    PAGE.iter().chain(PKG).find(|a| a.path == path)
}

/// Whether the wasm module is in this build (doctor says so).
pub fn has_wasm() -> bool {
    PKG.iter().any(|a| a.path.ends_with(".wasm"))
}
