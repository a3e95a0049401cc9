//! The browser test of the HTML report: `scripts/browser_report.py` renders the report of
//! `testdata/` (and of `../shared/corpus` when present) in headless Chromium, checks that no
//! console message was logged (the page's CSP makes any load from elsewhere one) and that
//! every chart is in the rendered DOM with its bars, and takes screenshots (light and dark)
//! under `target/browser/`. It also measures the layout with the browser's own boxes
//! (getBoundingClientRect, in an inline script of a copy of each report, read back with
//! `--dump-dom`) at 1,400 and 400 pixels wide: no two entries of the per-code record lists
//! overlap, none runs off the page or out of its box, each shows players, date, ply and
//! message and links to its record's section, every chart fills its figure; and so for a
//! collection of 1,100 records with one foul (a list of 1,000). Screenshots of the lists at
//! both widths: `target/browser/report-*-lists-{1400,400}.png`.
//!
//! It needs Debian's chromium, so it is `#[ignore]`d; `.ci/run` installs chromium with apt
//! where it can and runs it with `-- --ignored`; the script says `browser: skipped` where no
//! browser is found.

use std::path::Path;
use std::process::Command;

#[test]
#[ignore = "runs scripts/browser_report.py: needs chromium (apt-get install chromium) \
            (cargo test --test integration the_report_renders_in_chromium -- --ignored)"]
fn the_report_renders_in_chromium() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(root.join("scripts/browser_report.py"))
        .arg(env!("CARGO_BIN_EXE_shogi-tool"))
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "scripts/browser_report.py failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        (stdout.contains("browser: ok testdata")
            && stdout.contains("browser: layout ok many-fouls at 400 px: 1000 entries"))
            || stdout.contains("browser: skipped"),
        "the script printed neither a result nor why it skipped"
    );
}
