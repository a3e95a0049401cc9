//! What `convert` says: the messages of each converted piece, the check of `--out-dir`
//! targets, the tally of a batch put in place, the progress bar, and the warnings about the
//! target format and a terminal's encoding.

use std::path::Path;

use shogi_tool::ops::convert::{self as op, Converted, InputPiece, Outcome, TargetCheck};
use shogi_tool::output::batch as output_batch;
use shogi_tool::record::Format;

use super::output;
use super::style;

/// Says what [`op::check_targets`] found: the outputs renamed (a note), the links on the way
/// and the outputs that exist already (errors); false when nothing may be written.
pub fn target_check(check: &TargetCheck, dir: &Path) -> bool {
    let renamed = &check.renamed;
    if renamed.count > 0 {
        eprintln!(
            "shogi-tool: note: {} output{} would have shared {} name with another, so {} the source extension: {}",
            renamed.count,
            if renamed.count == 1 { "" } else { "s" },
            if renamed.count == 1 { "its" } else { "their" },
            if renamed.count == 1 {
                "it keeps"
            } else {
                "they keep"
            },
            list_first(&renamed.first, renamed.count)
        );
    }
    let links = &check.links;
    if !links.is_empty() {
        let shown: Vec<String> = links.iter().map(|l| l.display().to_string()).collect();
        eprintln!(
            "{} {} inside the output folder {} {} a symbolic link: {}; nothing written \
             (outputs are never written through a link)",
            style::error(),
            if links.len() == 1 { "a path" } else { "paths" },
            dir.display(),
            if links.len() == 1 { "is" } else { "are" },
            shown.join(", ")
        );
        return false;
    }
    if check.existing_count > 0 {
        eprintln!(
            "{} {} of the outputs exist{} already: {}; nothing written (--force replaces them)",
            style::error(),
            check.existing_count,
            if check.existing_count == 1 { "s" } else { "" },
            list_first(&check.existing, check.existing_count)
        );
        return false;
    }
    true
}

/// A record converted, ready to write.
pub struct Ready {
    /// Its index in its input.
    pub record: usize,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// One piece of an input's outputs with its messages as they are said.
pub struct FileOutput {
    /// The input's name as shown.
    pub path: String,
    /// Its records converted.
    pub converted: Vec<Ready>,
    /// What to say, in order.
    pub messages: Vec<String>,
    /// Whether a record or the input failed.
    pub failed: bool,
    /// Whether this is the input's last piece.
    pub last: bool,
}

/// The messages of `piece`: why records were not converted, the piece names corrected and
/// what the target cannot carry (the warnings not when `quiet`), and why the input could not
/// be read.
pub fn said(piece: InputPiece, to: Format, quiet: bool) -> FileOutput {
    let mut messages = Vec::new();
    let mut failed = false;
    for c in &piece.converted {
        let at = piece.name_of(c);
        failed |= c.failed();
        if !quiet {
            for f in &c.corrections {
                messages.push(format!(
                    "{} {at}: ply {}: {}: {}",
                    style::warning(),
                    f.ply,
                    shogi_tool::diag::label(
                        shogi_tool::diag::Severity::Warning,
                        f.code.as_str(),
                        style::stderr()
                    ),
                    shogi_tool::diag::human_message(&f.message)
                ));
            }
        }
        let cannot_carry = |dropped: &[op::Dropped]| op::cannot_carry_sentence(to, dropped);
        match &c.outcome {
            Outcome::Unreadable(m) => {
                messages.push(format!("{} {m} (record not converted)", style::error()))
            }
            Outcome::VariantNotCarried(why) => messages.push(format!(
                "{} {}#{}: {why} (record not converted)",
                style::error(),
                c.path,
                c.record
            )),
            Outcome::Refused { dropped } => messages.push(format!(
                "{} {at}: {} (not written: --strict)",
                style::error(),
                cannot_carry(dropped)
            )),
            Outcome::Written { dropped, .. } if !dropped.is_empty() && !quiet => messages.push(
                format!("{} {at}: {}", style::warning(), cannot_carry(dropped)),
            ),
            Outcome::Written { .. } => {}
        }
    }
    if let Some(message) = &piece.error {
        messages.push(format!("{} {message}", style::error()));
        failed = true;
    }
    let converted = piece
        .converted
        .into_iter()
        .filter_map(|c: Converted| match c.outcome {
            Outcome::Written { bytes, .. } => Some(Ready {
                record: c.record,
                bytes,
            }),
            _ => None,
        });
    FileOutput {
        path: piece.path,
        converted: converted.collect(),
        messages,
        failed,
        last: piece.last,
    }
}

/// Counts the files a batch put in place and says the failures; false after a file-system
/// error (a full disk fails every later write the same way).
pub fn tally(
    done: Vec<output_batch::Done>,
    progress: &indicatif::ProgressBar,
    written: &mut usize,
    failures: &mut usize,
) -> bool {
    let mut go_on = true;
    for d in done {
        match d.result {
            Ok(_) => *written += 1,
            Err(e) => {
                progress.suspend(|| eprintln!("{} {}", style::error(), output::sentence(&e)));
                *failures += 1;
                go_on &= !e.is_io();
            }
        }
    }
    go_on
}

/// Says the run stops after a write error; false, to stop it.
pub fn stop_after_write_error(progress: &indicatif::ProgressBar) -> bool {
    progress.suspend(|| eprintln!("{} stopped after a write error", style::error()));
    false
}

/// Says on standard error that a special target is written into (unless `quiet`).
pub fn note(what: &str, quiet: bool) {
    if !quiet {
        eprintln!("shogi-tool: note: {what}");
    }
}

/// The first few of `count` items (`first` holds at most five), and how many more.
fn list_first(first: &[String], count: usize) -> String {
    let shown: Vec<&str> = first.iter().take(5).map(String::as_str).collect();
    match count.saturating_sub(shown.len()) {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

/// A progress bar counting the inputs (hidden unless `show`), with a style for `convert`.
pub fn progress_bar(inputs: usize, show: bool) -> indicatif::ProgressBar {
    if !show {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(inputs as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} files, {msg} [{elapsed_precise} < {eta}]",
        )
        .expect("a valid template"),
    );
    bar
}

/// Warns that standard output is a terminal, so UTF-8 is written rather than `encoding`.
pub fn terminal_gets_utf8(encoding: shogi_tool::text::Encoding) {
    eprintln!(
        "{} standard output is a terminal: writing UTF-8, not {} (use -o FILE, or \
                 --output-encoding {} to send {} bytes anyway)",
        style::warning(),
        encoding.name(),
        encoding.name(),
        encoding.name()
    );
}

/// The output format: `--to`, else the one the extension of `-o FILE` names. Warns when
/// both are given and disagree.
pub fn target_format(
    to: Option<Format>,
    output: Option<&Path>,
    quiet: bool,
) -> anyhow::Result<Format> {
    let choice = op::choose_format(to, output).map_err(choice_error)?;
    if let (Some(ext), false) = (choice.extension_disagrees, quiet) {
        eprintln!(
            "{} {} has the extension of {} files, but --to {} writes {}",
            style::warning(),
            output.unwrap_or(Path::new("")).display(),
            ext.name(),
            choice.format.name(),
            choice.format.name()
        );
    }
    Ok(choice.format)
}

/// Why no format or encoding could be chosen, with the flag that chooses it.
pub fn choice_error(e: op::ChoiceError) -> anyhow::Error {
    let names = op::FORMAT_NAMES;
    match e {
        op::ChoiceError::UnknownExtension(path) => anyhow::anyhow!(
            "cannot tell the output format from {}: give --to FORMAT ({names})",
            path.display()
        ),
        op::ChoiceError::NoFormat => {
            anyhow::anyhow!("give --to FORMAT ({names}), or -o FILE with one of those extensions")
        }
        op::ChoiceError::JkfNotUtf8(encoding) => anyhow::anyhow!(
            "--output-encoding {}: JKF is JSON, which is always UTF-8",
            encoding.name()
        ),
        e => e.into(),
    }
}

/// The folder of the output file `path`, when it does not exist yet (so that its creation can
/// be said once the file is written).
pub fn missing_folder(path: &Path) -> Option<std::path::PathBuf> {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty() && !p.exists())
        .map(Path::to_path_buf)
}
