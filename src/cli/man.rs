//! The man pages in `docs/man/` are generated from the CLI definition with `clap_mangen`
//! (`shogi-tool.1` and one `shogi-tool-SUBCOMMAND.1` per visible subcommand); this test fails
//! when they drift from it. Regenerate with `UPDATE_MAN=1 cargo test --bin shogi-tool man`.
//!
//! Each page is clap_mangen's sections (the options under the headings of `--help`: INPUT,
//! RULES, OUTPUT, ...), then EXAMPLES and EXIT STATUS made of the text `--help` ends with
//! (`cli/help.rs`), kept line by line.

use std::path::{Path, PathBuf};

use clap::CommandFactory;

use super::Cli;

fn man_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/man")
}

/// The pages, by file name: the top command's and each visible subcommand's.
fn generate() -> Vec<(String, Vec<u8>)> {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let mut pages: Vec<(String, Vec<u8>)> = cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .chain([&cmd])
        .map(|c| {
            let man = clap_mangen::Man::new(c.clone());
            (man.get_filename(), page(&man, c))
        })
        .collect();
    pages.sort();
    pages
}

/// The preamble every clap_mangen rendering starts with (it defines `\*(Aq`, the apostrophe).
const PREAMBLE: &str = ".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n";

/// One page: clap_mangen's sections, with EXAMPLES and EXIT STATUS in place of its EXTRA.
fn page(man: &clap_mangen::Man, cmd: &clap::Command) -> Vec<u8> {
    let mut out = Vec::new();
    man.render_title(&mut out).unwrap();
    man.render_name_section(&mut out).unwrap();
    man.render_synopsis_section(&mut out).unwrap();
    man.render_description_section(&mut out).unwrap();
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out).unwrap();
    }
    if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
        man.render_subcommands_section(&mut out).unwrap();
    }
    if let Some(after) = cmd.get_after_long_help() {
        let text = after.to_string();
        let (examples, status) = examples_and_status(&text);
        section(&mut out, "EXAMPLES", examples);
        section(&mut out, "EXIT STATUS", status);
    }
    if cmd.get_version().is_some() {
        man.render_version_section(&mut out).unwrap();
    }
    // Each section came with the preamble: once, at the top, is enough.
    let text = String::from_utf8(out).expect("roff is UTF-8");
    format!("{PREAMBLE}{}", text.replace(PREAMBLE, "")).into_bytes()
}

/// The examples and the exit statuses of a `--help` ending (`Examples:` ... `Exit status:`
/// ...), without their headings.
fn examples_and_status(text: &str) -> (&str, &str) {
    let (examples, status) = text.split_once("Exit status:").unwrap_or((text, ""));
    let examples = examples.trim_start_matches("Examples:").trim_matches('\n');
    let status = status.strip_prefix(' ').unwrap_or(status);
    (examples, status.trim_start_matches('\n').trim_end())
}

/// Writes a section of text kept as it is written (no filling: one example a line).
fn section(out: &mut Vec<u8>, heading: &str, text: &str) {
    if text.trim().is_empty() {
        return;
    }
    out.extend_from_slice(format!(".SH \"{heading}\"\n.nf\n").as_bytes());
    for line in text.lines() {
        out.extend_from_slice(roff_line(line).as_bytes());
        out.push(b'\n');
    }
    out.extend_from_slice(b".fi\n");
}

/// `line` as roff text: backslashes, hyphens and apostrophes escaped, a leading `.` guarded.
fn roff_line(line: &str) -> String {
    let escaped = line
        .replace('\\', "\\e")
        .replace('-', "\\-")
        .replace('\'', "\\*(Aq");
    if escaped.starts_with('.') {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

#[test]
fn every_page_has_examples_exit_statuses_and_headed_options() {
    let pages = generate();
    for (name, bytes) in &pages {
        let text = String::from_utf8_lossy(bytes);
        assert!(text.contains("\n.SH \"EXAMPLES\"\n.nf\n"), "{name}");
        assert!(text.contains("\n.SH \"EXIT STATUS\"\n.nf\n"), "{name}");
        assert!(!text.contains(".SH EXTRA"), "{name}");
    }
    let find = &pages
        .iter()
        .find(|(n, _)| n == "shogi-tool-find.1")
        .unwrap()
        .1;
    let find = String::from_utf8_lossy(find);
    for heading in [
        ".SH INPUT",
        ".SH CONDITIONS",
        ".SH OUTPUT",
        ".SH PERFORMANCE",
    ] {
        assert!(find.contains(heading), "{heading}: {find}");
    }
    assert!(find.contains("shogi\\-tool find testdata/samples/ \\-\\-winner black"));
    assert!(find.contains("\n  2  an input could not be read"), "{find}");
    assert!(!pages.iter().any(|(n, _)| n.contains("bench-replay")));
}

#[test]
fn roff_text_is_escaped() {
    assert_eq!(
        roff_line(".x --y \\z 'a'"),
        "\\&.x \\-\\-y \\ez \\*(Aqa\\*(Aq"
    );
    assert_eq!(
        examples_and_status("Examples:\n  a\n\nExit status:\n  0  b"),
        ("  a", "  0  b")
    );
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
