//! The man pages in `docs/man/` are generated from the CLI definition with `clap_mangen`
//! (`shogi-tool.1` and one `shogi-tool-SUBCOMMAND.1` per subcommand); this test fails when
//! they drift from it. Regenerate with `UPDATE_MAN=1 cargo test --bin shogi-tool man`.

use std::path::{Path, PathBuf};

use clap::CommandFactory;

use super::Cli;

fn man_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/man")
}

/// The pages, by file name.
fn generate() -> Vec<(String, Vec<u8>)> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    clap_mangen::generate_to(Cli::command(), dir.path()).expect("man pages render");
    let mut pages: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir.path())
        .expect("the pages")
        .map(|e| {
            let e = e.expect("a page");
            let name = e.file_name().into_string().expect("a UTF-8 name");
            (name, std::fs::read(e.path()).expect("a readable page"))
        })
        .filter(|(name, _)| !name.contains("bench-replay"))
        .collect();
    pages.sort();
    pages
}

#[test]
fn man_pages_match_the_cli() {
    let pages = generate();
    assert!(pages.iter().any(|(n, _)| n == "shogi-tool.1"));
    assert!(pages.iter().any(|(n, _)| n == "shogi-tool-validate.1"));
    let dir = man_dir();
    if std::env::var_os("UPDATE_MAN").is_some() {
        std::fs::create_dir_all(&dir).unwrap();
        for old in std::fs::read_dir(&dir).unwrap() {
            std::fs::remove_file(old.unwrap().path()).unwrap();
        }
        for (name, bytes) in &pages {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        return;
    }
    let mut kept: Vec<String> = std::fs::read_dir(&dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect()
        })
        .unwrap_or_default();
    kept.sort();
    let names: Vec<String> = pages.iter().map(|(n, _)| n.clone()).collect();
    assert_eq!(
        kept, names,
        "docs/man/ holds other pages: run `UPDATE_MAN=1 cargo test --bin shogi-tool man`"
    );
    for (name, bytes) in &pages {
        let old = std::fs::read(dir.join(name)).unwrap_or_default();
        assert!(
            &old == bytes,
            "docs/man/{name} is out of date: run `UPDATE_MAN=1 cargo test --bin shogi-tool man`"
        );
    }
}
