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

/// The training-data export against cshogi (`scripts/training_check.sh`): 1,000 random games
/// and the real records of `testdata/` and `../shared/corpus` exported as `.hcpe` and `.psv`
/// and read back with numpy + cshogi, and cshogi's own files read back by the tool.
#[test]
fn training_data_matches_cshogi() {
    common::gated_script(
        "SHOGI_TRAINING",
        "training check: skipped: set SHOGI_TRAINING=1 to run scripts/training_check.sh (needs \
         python3 and PyPI: cshogi and numpy, pinned)",
        "training_check.sh",
        &[],
        "scripts/training_check.sh found differences between shogi-tool's hcpe/psv and cshogi's",
    );
}
