//! The interop test: `scripts/interop.sh --strict` writes random games in every format with
//! shogi-tool and reads them back with tsshogi, json-kifu-format, cshogi, python-shogi and
//! rsshogi (pinned versions, installed under `target/interop`), and the other way round; the
//! writer × reader matrices must be the ones `docs/interop.md` records.
//!
//! It needs node/npm, python3 and the package registries, so it is `#[ignore]`d: `.ci/run` runs
//! it with `cargo test --test integration interop_with_the_peers -- --ignored`.

use crate::common;

#[test]
#[ignore = "runs scripts/interop.sh: needs node, npm, python3 and the npm and PyPI registries \
            (cargo test --test integration interop_with_the_peers -- --ignored)"]
fn interop_with_the_peers() {
    common::script(
        "interop.sh",
        &["--strict"],
        "scripts/interop.sh --strict failed: the matrices differ from docs/interop.md",
    );
}

/// The training-data export against cshogi (`scripts/training_check.sh`): 1,000 random games
/// and the real records of `testdata/` and `../shared/corpus` exported as `.hcpe` and `.psv`
/// and read back with numpy + cshogi, and cshogi's own files read back by the tool.
#[test]
#[ignore = "runs scripts/training_check.sh: needs python3 and PyPI (cshogi and numpy, pinned) \
            (cargo test --test integration training_data_matches_cshogi -- --ignored)"]
fn training_data_matches_cshogi() {
    common::script(
        "training_check.sh",
        &[],
        "scripts/training_check.sh found differences between shogi-tool's hcpe/psv and cshogi's",
    );
}
