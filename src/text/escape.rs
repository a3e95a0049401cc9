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
