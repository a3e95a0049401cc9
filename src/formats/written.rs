//! What every writer returns: the text and what the target format could not carry.
//!
//! This module sits below the writers (`csa`, `jkf`, `kif`, `ki2`, `usi`, `kakinoki`), which
//! all use it; the dispatcher over them, `formats::write`, sits above them and re-exports
//! [`Written`]. Keeping the shared type here, not in the dispatcher, is what keeps the
//! writers and the dispatcher from importing each other.

/// Written text and what the target format could not carry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// The text.
    pub text: String,
    /// What was left out, one entry per kind (`variations`, `comments`, ...).
    pub dropped: Vec<String>,
}

/// Adds `what` to the list of what a writer left out, once.
pub(crate) fn note(dropped: &mut Vec<String>, what: &str) {
    if !dropped.iter().any(|d| d == what) {
        dropped.push(what.to_string());
    }
}

/// Writes each line of `comment` (a trailing CR dropped) after `prefix`: the comment lines of
/// CSA (`'*`) and KIF/KI2 (`*`). A comment line that itself begins with `*` gets a space after
/// `prefix`, so that it does not read back as an engine comment (`'**`, `**`).
pub(crate) fn push_comment_lines(out: &mut String, prefix: &str, comment: &str) {
    for line in comment.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        out.push_str(prefix);
        if line.starts_with('*') {
            out.push(' ');
        }
        out.push_str(line);
        out.push('\n');
    }
}
