//! Decoded text with line and column lookup, for diagnostics that point into a file.
//!
//! Parsers work with byte offsets into the decoded text; users want `line:column` and the line
//! itself. [`SourceText`] owns the text and answers both. Its line index (the byte offset at
//! which each line starts) is built lazily, on the first lookup, so reading a file that produces
//! no diagnostic costs nothing beyond the text itself; afterwards each lookup is a binary search.
//!
//! Conventions, shared with [`locate`] and the invalid-byte positions of
//! [`Decoded`](super::Decoded): lines and columns are 1-based; a line ends after `\n`, and a `\r`
//! before it belongs to no column that matters (it is left in the text, and [`SourceText::line_text`]
//! strips it); the column counts characters (Unicode scalar values), while
//! [`Position::display_column`] counts terminal columns, full-width characters as 2 (see
//! [`char_width`](super::char_width)). An offset past the end is clamped to the end, and one
//! inside a multi-byte character is moved back to that character's start: lookups never panic.

use std::sync::OnceLock;

use super::width::{display_width, floor_char_boundary};

/// A line and a character column, both 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LineCol {
    /// The line, counting from 1.
    pub line: usize,
    /// The column in characters, counting from 1.
    pub column: usize,
}

/// Where a byte offset lies: line, character column and display column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The byte offset in the text (after clamping to a character boundary).
    pub offset: usize,
    /// The line, counting from 1.
    pub line: usize,
    /// The column in characters, counting from 1.
    pub column: usize,
    /// The column in terminal cells, counting from 1 (full-width characters count 2).
    pub display_column: usize,
}

/// Text with a lazily built line index.
///
/// ```
/// use shogi_tool::text::SourceText;
/// let src = SourceText::new("手合割：平手\r\n   1 ７六歩(77)\r\n".to_owned());
/// let offset = src.text().find('歩').unwrap();
/// let pos = src.position(offset);
/// assert_eq!((pos.line, pos.column, pos.display_column), (2, 8, 10));
/// assert_eq!(src.line_text(2), "   1 ７六歩(77)");
/// assert_eq!(src.line_count(), 2);
/// ```
#[derive(Debug, Default)]
pub struct SourceText {
    text: String,
    /// Byte offset of the start of every line; built on first use.
    line_starts: OnceLock<Vec<usize>>,
    /// For a window of a bigger text (see [`SourceText::window`]): the lines before it.
    lines_before: usize,
    /// Whether the text is a window of a bigger one.
    window: bool,
}

impl Clone for SourceText {
    fn clone(&self) -> Self {
        let line_starts = OnceLock::new();
        if let Some(starts) = self.line_starts.get() {
            let _ = line_starts.set(starts.clone());
        }
        SourceText {
            text: self.text.clone(),
            line_starts,
            lines_before: self.lines_before,
            window: self.window,
        }
    }
}

impl From<String> for SourceText {
    fn from(text: String) -> Self {
        SourceText::new(text)
    }
}

impl SourceText {
    /// Wraps `text`; no work is done until the first lookup.
    pub fn new(text: String) -> Self {
        SourceText {
            text,
            line_starts: OnceLock::new(),
            lines_before: 0,
            window: false,
        }
    }

    /// Wraps `text`, a window of a bigger text (a file read a piece at a time) that starts at
    /// the start of line `first_line` (1-based) of it. Lines are the bigger text's: line
    /// lookups take and give its line numbers; byte offsets are the window's.
    pub fn window(text: String, first_line: usize) -> Self {
        SourceText {
            lines_before: first_line.saturating_sub(1),
            window: true,
            ..SourceText::new(text)
        }
    }

    /// Whether this is a window of a bigger text ([`SourceText::window`]).
    pub fn is_window(&self) -> bool {
        self.window
    }

    /// The line number (1-based) of the text's first line: 1 but in a window.
    pub fn first_line(&self) -> usize {
        self.lines_before + 1
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Gives the text back.
    pub fn into_text(self) -> String {
        self.text
    }

    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| line_starts(&self.text))
    }

    /// The number of lines, as an editor counts them: a final `\n` does not start another line,
    /// and an empty text has none.
    pub fn line_count(&self) -> usize {
        let starts = self.line_starts();
        self.lines_before
            + if self.text.ends_with('\n') || self.text.is_empty() {
                starts.len() - 1
            } else {
                starts.len()
            }
    }

    /// The line and character column of byte offset `offset` (clamped, see the module docs).
    ///
    /// The offset just past a final `\n` is line `line_count() + 1`, column 1.
    pub fn line_col(&self, offset: usize) -> LineCol {
        let offset = floor_char_boundary(&self.text, offset);
        let starts = self.line_starts();
        // `starts[0] == 0 <= offset`, so the partition point is at least 1.
        let index = starts.partition_point(|&s| s <= offset) - 1;
        let column = self.text[starts[index]..offset].chars().count() + 1;
        LineCol {
            line: self.lines_before + index + 1,
            column,
        }
    }

    /// Line, character column and display column of byte offset `offset` (clamped).
    pub fn position(&self, offset: usize) -> Position {
        let offset = floor_char_boundary(&self.text, offset);
        let LineCol { line, column } = self.line_col(offset);
        let start = self.line_starts()[line - self.lines_before - 1];
        Position {
            offset,
            line,
            column,
            display_column: display_width(&self.text[start..offset]) + 1,
        }
    }

    /// The byte range of line `line` (1-based) without its `\n` or `\r\n`, or `None` past the
    /// last line (the empty line after a final `\n` is `Some(len..len)`).
    pub fn line_range(&self, line: usize) -> Option<std::ops::Range<usize>> {
        let starts = self.line_starts();
        let line = line.checked_sub(self.lines_before)?;
        let start = *starts.get(line.checked_sub(1)?)?;
        let end = starts.get(line).map_or(self.text.len(), |&next| next - 1);
        let text = &self.text[start..end];
        let trimmed = text.strip_suffix('\r').unwrap_or(text);
        Some(start..start + trimmed.len())
    }

    /// The text of line `line` (1-based) without its line ending, or `""` if there is no such
    /// line. Use it to show the offending line under a diagnostic.
    pub fn line_text(&self, line: usize) -> &str {
        self.line_range(line).map_or("", |r| &self.text[r])
    }

    /// The byte offset at which line `line` (1-based) starts, or `None` past the last line.
    pub fn line_start(&self, line: usize) -> Option<usize> {
        let line = line.checked_sub(self.lines_before)?;
        self.line_starts().get(line.checked_sub(1)?).copied()
    }
}

/// Byte offsets at which lines start: 0, then one past every `\n`.
fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::with_capacity(text.len() / 32 + 1);
    starts.push(0);
    // `match_indices` with a char uses a memchr search.
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    starts
}

/// The line and character column of byte offset `offset` in `text`, without building an index:
/// one scan of the text up to `offset`. Prefer [`SourceText`] for more than a few lookups.
///
/// ```
/// use shogi_tool::text::{locate, LineCol};
/// assert_eq!(locate("a\nｂc", 5), LineCol { line: 2, column: 2 });
/// ```
pub fn locate(text: &str, offset: usize) -> LineCol {
    let offset = floor_char_boundary(text, offset);
    let before = &text[..offset];
    let (line, start) = match before.rfind('\n') {
        Some(nl) => (before[..nl].matches('\n').count() + 2, nl + 1),
        None => (1, 0),
    };
    LineCol {
        line,
        column: text[start..offset].chars().count() + 1,
    }
}

/// Locates many byte offsets in one forward scan; `offsets` must be sorted ascending.
///
/// Used for invalid-byte reports, which arrive in order.
pub(crate) fn locate_sorted(text: &str, offsets: &[usize]) -> Vec<LineCol> {
    debug_assert!(offsets.windows(2).all(|w| w[0] <= w[1]));
    let mut out = Vec::with_capacity(offsets.len());
    let mut line = 1;
    let mut scanned = 0;
    // Characters of the current line before `scanned`: counted once, as the scan goes, so
    // that many offsets on one long line cost the line's length, not its length each.
    let mut column = 0;
    for &offset in offsets {
        let offset = floor_char_boundary(text, offset);
        if offset > scanned {
            let gap = &text[scanned..offset];
            match gap.rfind('\n') {
                Some(i) => {
                    line += gap.matches('\n').count();
                    column = gap[i + 1..].chars().count();
                }
                None => column += gap.chars().count(),
            }
            scanned = offset;
        }
        out.push(LineCol {
            line,
            column: column + 1,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lc(line: usize, column: usize) -> LineCol {
        LineCol { line, column }
    }

    #[test]
    fn offsets_map_to_lines_and_character_columns() {
        let src = SourceText::new("ab\nｃd\r\n\nxyz".to_owned());
        assert_eq!(src.line_col(0), lc(1, 1));
        assert_eq!(src.line_col(2), lc(1, 3)); // the '\n'
        assert_eq!(src.line_col(3), lc(2, 1));
        assert_eq!(src.line_col(6), lc(2, 2)); // 'd' after a 3-byte 'ｃ'
        assert_eq!(src.line_col(9), lc(3, 1)); // the empty line
        assert_eq!(src.line_col(10), lc(4, 1));
        assert_eq!(src.line_col(12), lc(4, 3));
        assert_eq!(src.line_col(13), lc(4, 4)); // end of text
        assert_eq!(src.line_count(), 4);
    }

    #[test]
    fn lookups_clamp_instead_of_panicking() {
        let src = SourceText::new("歩\n".to_owned());
        assert_eq!(src.line_col(1), lc(1, 1)); // inside '歩'
        assert_eq!(src.line_col(1000), lc(2, 1)); // past the end
        assert_eq!(src.position(2).offset, 0);
        assert_eq!(SourceText::new(String::new()).line_col(5), lc(1, 1));
    }

    #[test]
    fn display_columns_count_full_width_as_two() {
        let src = SourceText::new("先手：羽生\n▲７六歩".to_owned());
        let p = src.position(src.text().find('羽').unwrap());
        assert_eq!((p.line, p.column, p.display_column), (1, 4, 7));
        let p = src.position(src.text().find('六').unwrap());
        assert_eq!((p.line, p.column, p.display_column), (2, 3, 4));
    }

    #[test]
    fn line_text_strips_line_endings() {
        let src = SourceText::new("one\r\ntwo\n\nfour".to_owned());
        assert_eq!(src.line_text(1), "one");
        assert_eq!(src.line_text(2), "two");
        assert_eq!(src.line_text(3), "");
        assert_eq!(src.line_text(4), "four");
        assert_eq!(src.line_text(5), "");
        assert_eq!(src.line_text(0), "");
        assert_eq!(src.line_range(1), Some(0..3));
        assert_eq!(src.line_start(4), Some(10));
        assert_eq!(src.line_start(5), None);
    }

    #[test]
    fn line_count_follows_editors() {
        assert_eq!(SourceText::new(String::new()).line_count(), 0);
        assert_eq!(SourceText::new("a".into()).line_count(), 1);
        assert_eq!(SourceText::new("a\n".into()).line_count(), 1);
        assert_eq!(SourceText::new("a\nb".into()).line_count(), 2);
        assert_eq!(SourceText::new("\n\n".into()).line_count(), 2);
    }

    #[test]
    fn locate_agrees_with_the_index() {
        let text = "開始日時：2015/11/17\r\n手合割：平手\n\n   1 ７六歩(77)\n";
        let src = SourceText::new(text.to_owned());
        let offsets: Vec<usize> = (0..=text.len() + 2).collect();
        let sorted = locate_sorted(text, &offsets);
        for (i, &offset) in offsets.iter().enumerate() {
            assert_eq!(
                locate(text, offset),
                src.line_col(offset),
                "offset {offset}"
            );
            assert_eq!(sorted[i], src.line_col(offset), "offset {offset}");
        }
    }

    #[test]
    fn clones_keep_the_index() {
        let src = SourceText::new("a\nb".into());
        assert_eq!(src.line_col(2), lc(2, 1));
        let copy = src.clone();
        assert_eq!(copy.line_col(2), lc(2, 1));
        assert_eq!(copy.into_text(), "a\nb");
    }
}
