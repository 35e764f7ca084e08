//! Embeds the page's wasm module into `ring-tmux serve`: `ring-web`'s wasm-bindgen output,
//! which `scripts/build-web.sh` writes to `web/pkg` in the target folder (or the folder
//! `$RING_WEB_PKG` names). Without it ring-tmux still builds, the page shows the server's
//! view, and `doctor` says how to add the module.

use std::path::PathBuf;

/// The files of the pkg folder the page loads, and their content types.
const FILES: &[(&str, &str)] = &[
    ("ring_web.js", "text/javascript; charset=utf-8"),
    ("ring_web_bg.wasm", "application/wasm"),
];

fn main() {
    println!("cargo:rerun-if-env-changed=RING_WEB_PKG");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    let pkg = match std::env::var_os("RING_WEB_PKG").filter(|p| !p.is_empty()) {
        Some(pkg) => PathBuf::from(pkg),
        None => match target_dir(&out) {
            Some(target) => {
                let pkg = target.join("web").join("pkg");
                // Cargo reruns a build script whose watched path is missing on every build:
                // make the folder (inside this build's own target folder) so that a plain
                // `cargo test` stays incremental.
                let _ = std::fs::create_dir_all(&pkg);
                pkg
            }
            None => PathBuf::new(),
        },
    };
    if pkg.is_dir() {
        println!("cargo:rerun-if-changed={}", pkg.display());
    }
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
    std::fs::write(out.join("web_pkg.rs"), code).expect("OUT_DIR is writable");
}

/// The target folder this build writes to: the nearest folder above `OUT_DIR` that cargo
/// marked with `CACHEDIR.TAG` (`target/`, whatever the profile or target triple), else the
/// folder the layout names. Cargo tags only a target folder it created itself: one made
/// beforehand (CI's `target/` link into a build cache) has no tag, and without this the
/// page's module was silently left out.
fn target_dir(out: &std::path::Path) -> Option<PathBuf> {
    out.ancestors()
        .find(|dir| dir.join("CACHEDIR.TAG").is_file())
        .map(std::path::Path::to_path_buf)
        .or_else(|| by_layout(out))
}

/// `OUT_DIR` is `<target>/[<triple>/]<profile>/build/<package>-<hash>/out`: four folders up
/// is `<target>`, or `<target>/<triple>` when the build named a target triple.
fn by_layout(out: &std::path::Path) -> Option<PathBuf> {
    let up = out.ancestors().nth(4)?;
    let triple = std::env::var("TARGET").ok()?;
    let target = if up.file_name().is_some_and(|n| n == triple.as_str()) {
        up.parent()?
    } else {
        up
    };
    target.is_dir().then(|| target.to_path_buf())
}
