//! Colour on a terminal: `--color auto|always|never`, `NO_COLOR` honoured, and the prefixes
//! of the tool's own messages (`shogi-tool: error:`, `shogi-tool: warning:`).

use std::io::IsTerminal;
use std::sync::OnceLock;

use shogi_tool::diag::{tool_prefix, Severity};

/// When to colour output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when writing to a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

static CHOICE: OnceLock<ColorChoice> = OnceLock::new();

/// Records the choice of the command line (once, at start).
pub fn set(choice: ColorChoice) {
    let _ = CHOICE.set(choice);
}

/// Whether `NO_COLOR` asks for no colour (set and not empty, as no-color.org says).
fn no_color_env() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
        || std::env::var_os("TERM").is_some_and(|t| t == "dumb")
}

fn decide(is_terminal: impl FnOnce() -> bool) -> bool {
    match CHOICE.get().copied().unwrap_or_default() {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => !no_color_env() && is_terminal(),
    }
}

/// Whether standard output gets colour.
pub fn stdout() -> bool {
    decide(|| std::io::stdout().is_terminal())
}

/// Whether standard error gets colour.
pub fn stderr() -> bool {
    decide(|| std::io::stderr().is_terminal())
}

/// `shogi-tool: error:` for standard error.
pub fn error() -> String {
    tool_prefix(Severity::Error, stderr())
}

/// `shogi-tool: warning:` for standard error.
pub fn warning() -> String {
    tool_prefix(Severity::Warning, stderr())
}
