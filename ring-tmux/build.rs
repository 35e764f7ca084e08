//! Embeds the page's wasm module (lane `ring-web`'s wasm-bindgen output, built by
//! `scripts/build-web.sh` into `target/web/pkg`, or the folder `$RING_WEB_PKG` names) into
//! `ring-tmux serve`. Without it ring-tmux still builds, and `serve` says how to get it.

use std::path::PathBuf;

/// The files of the pkg folder the page loads, and their content types.
const FILES: &[(&str, &str)] = &[
    ("ring_web.js", "text/javascript; charset=utf-8"),
    ("ring_web_bg.wasm", "application/wasm"),
];

fn main() {
    println!("cargo:rerun-if-env-changed=RING_WEB_PKG");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let pkg = std::env::var_os("RING_WEB_PKG")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("..").join("target").join("web").join("pkg"));
    // Cargo reruns a build script whose watched path is missing on every build: make the
    // folder (it is under target/) so that a plain `cargo test` stays incremental.
    let _ = std::fs::create_dir_all(&pkg);
    println!("cargo:rerun-if-changed={}", pkg.display());
    let mut code = String::from("pub const PKG: &[Asset] = &[\n");
    for (name, content_type) in FILES {
        let path = pkg.join(name);
        if path.is_file() {
            println!("cargo:rerun-if-changed={}", path.display());
            code.push_str(&format!(
                "    Asset {{ path: \"/pkg/{name}\", content_type: {content_type:?}, bytes: include_bytes!({:?}) }},\n",
                path.display().to_string()
            ));
        }
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    std::fs::write(out.join("web_pkg.rs"), code).expect("OUT_DIR is writable");
}
