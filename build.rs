//! Sets `cfg(corpus_missing)` when the shared corpus (`../shared/corpus`, beside the
//! repository; a plain clone does not have it) is absent, so the tests that need it are
//! reported as *ignored*, with the reason, instead of passing silently. Adding the corpus
//! later: `touch build.rs` (or `cargo clean -p shogi-tool`) to look again.

use std::path::Path;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(corpus_missing)");
    println!("cargo::rerun-if-changed=build.rs");
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let index = Path::new(&dir).join("../shared/corpus/INDEX.tsv");
    if index.exists() {
        // Watched only while it exists: a missing path would make every build rerun this.
        println!("cargo::rerun-if-changed={}", index.display());
    } else {
        println!("cargo::rustc-cfg=corpus_missing");
    }
}
