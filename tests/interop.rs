//! The interop test: `scripts/interop.sh --strict` writes random games in every format with
//! shogi-tool and reads them back with tsshogi, json-kifu-format, cshogi, python-shogi and
//! rsshogi (pinned versions, installed under `target/interop`), and the other way round; the
//! writer × reader matrices must be the ones `docs/interop.md` records.
//!
//! It needs node/npm, python3 and the package registries, so it runs only when
//! `SHOGI_INTEROP=1` is set (CI sets it); otherwise it prints why it was skipped.

mod common;

#[test]
fn interop_with_the_peers() {
    common::gated_script(
        "SHOGI_INTEROP",
        "interop: skipped: set SHOGI_INTEROP=1 to run scripts/interop.sh (needs node, npm, \
         python3 and the npm and PyPI registries)",
        "interop.sh",
        &["--strict"],
        "scripts/interop.sh --strict failed: the matrices differ from docs/interop.md",
    );
}
