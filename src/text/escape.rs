//! Text echoed from a record onto a terminal, made harmless: control characters (ESC, BEL,
//! CSI, backspace, ...) are shown as `\u{1b}` escapes, as ripgrep and git show them, so that a
//! record cannot retitle the window, clear the screen or hide a line (`ESC]0;…BEL`,
//! `ESC[2J`). Tabs and line breaks, which a message may hold on purpose, are kept.

use std::borrow::Cow;

/// Whether `c` is shown escaped: a control character other than tab and line feed.
pub fn is_escaped(c: char) -> bool {
    c.is_control() && c != '\t' && c != '\n'
}

/// `text` with every control character other than tab and line feed written `\u{XX}`.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    Cow::Owned(out)
}

/// `text` with every control character written `\u{XX}`, tab and line feed included: for a
/// field that must stay on one line and inside its tab-separated column (a path before a tab).
pub fn escape_all_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Pushes `c` onto `out`, escaped when [`is_escaped`] says so.
pub fn push_escaped(out: &mut String, c: char) {
    if is_escaped(c) {
        out.push_str(&format!("\\u{{{:x}}}", c as u32));
    } else {
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 34: `positions --with-path` puts the path before a tab, so a tab or a line break
    /// in it would split the line.
    #[test]
    fn all_controls_escaped_tab_and_line_feed_too() {
        assert_eq!(
            escape_all_controls("a\tb\nc\u{1b}d"),
            "a\\u{9}b\\u{a}c\\u{1b}d"
        );
        assert!(matches!(
            escape_all_controls("games/a.kif"),
            Cow::Borrowed(_)
        ));
    }

    /// Issue 28: a title change and a screen clear came through `validate` raw.
    #[test]
    fn terminal_controls_are_shown_escaped() {
        assert_eq!(
            escape_controls("a\x1b]0;pwned\x07b\x1b[2J\u{9b}c"),
            "a\\u{1b}]0;pwned\\u{7}b\\u{1b}[2J\\u{9b}c"
        );
        assert_eq!(escape_controls("tab\tand\nline"), "tab\tand\nline");
        assert!(matches!(escape_controls("７六歩"), Cow::Borrowed(_)));
    }
}
