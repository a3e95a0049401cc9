//! Display width of text in a terminal, for placing a caret under the offending column.
//!
//! KIF and KI2 lines are mostly full-width (`７六歩(77)`, `▲同　銀`), so a column counted in
//! characters puts a caret in the wrong place. [`char_width`] gives 2 for East Asian Wide and
//! Fullwidth characters (CJK ideographs, kana, Hangul, CJK punctuation, the ideographic space
//! U+3000, the full-width forms U+FF01-FF60 and U+FFE0-FFE6, the common emoji blocks), 0 for
//! combining marks, zero-width characters and control characters other than tab, and 1 for
//! everything else.
//!
//! What it tolerates, and where it is approximate: this is a range check over the main blocks,
//! not the full Unicode East Asian Width table (that would be a new dependency on a hot path
//! that only needs kana and kanji right). East Asian *Ambiguous* characters — `▲ △ ▼ ▽`, `○`,
//! Greek and Cyrillic — count 1, as in terminals that are not configured for CJK; `☗ ☖` are
//! Neutral and count 1 too. A tab counts 1: expand tabs before measuring if that matters.

/// The number of terminal columns `c` occupies: 0, 1 or 2 (see the module documentation).
///
/// ```
/// use shogi_tool::text::char_width;
/// assert_eq!(char_width('7'), 1);
/// assert_eq!(char_width('７'), 2);
/// assert_eq!(char_width('歩'), 2);
/// assert_eq!(char_width('　'), 2);
/// assert_eq!(char_width('▲'), 1);
/// ```
#[inline]
pub fn char_width(c: char) -> usize {
    let cp = c as u32;
    if (0x20..0x7F).contains(&cp) {
        return 1;
    }
    if cp < 0x20 {
        return usize::from(c == '\t');
    }
    if cp < 0x300 {
        // DEL and the C1 controls take no column; Latin-1 and Latin Extended take one.
        return usize::from(cp >= 0xA0);
    }
    if is_zero_width(cp) {
        0
    } else if is_wide(cp) {
        2
    } else {
        1
    }
}

/// The number of terminal columns `s` occupies: the sum of [`char_width`] over its characters.
///
/// ```
/// use shogi_tool::text::display_width;
/// assert_eq!(display_width("+7776FU"), 7);
/// assert_eq!(display_width("７六歩(77)"), 10);
/// ```
pub fn display_width(s: &str) -> usize {
    if s.is_ascii() {
        return s
            .bytes()
            .filter(|&b| (0x20..0x7F).contains(&b) || b == b'\t')
            .count();
    }
    s.chars().map(char_width).sum()
}

/// The 1-based display column of byte offset `byte` in `line`: one plus the width of what
/// precedes it. An offset past the end, or inside a character, is moved back to the nearest
/// character boundary at or before it.
///
/// ```
/// use shogi_tool::text::display_column;
/// let line = "▲７六歩";
/// assert_eq!(display_column(line, 0), 1);
/// assert_eq!(display_column(line, "▲７".len()), 4);
/// ```
pub fn display_column(line: &str, byte: usize) -> usize {
    display_width(&line[..floor_char_boundary(line, byte)]) + 1
}

/// The largest character boundary of `s` at or before `index` (clamped to `s.len()`).
pub(crate) fn floor_char_boundary(s: &str, index: usize) -> usize {
    if index >= s.len() {
        return s.len();
    }
    let mut i = index;
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Combining marks and invisible format characters.
fn is_zero_width(cp: u32) -> bool {
    matches!(
        cp,
        0x0300..=0x036F // combining diacritical marks
            | 0x200B..=0x200F // zero-width space, joiners, direction marks
            | 0x2028..=0x202E
            | 0x2060..=0x2064
            | 0x20D0..=0x20FF // combining marks for symbols
            | 0x3099..=0x309A // combining (han)dakuten
            | 0xFE00..=0xFE0F // variation selectors
            | 0xFEFF // zero-width no-break space (a stray BOM)
            | 0xE0100..=0xE01EF // variation selectors supplement
    )
}

/// East Asian Wide and Fullwidth characters, by block.
fn is_wide(cp: u32) -> bool {
    matches!(
        cp,
        0x1100..=0x115F // Hangul Jamo initial consonants
            | 0x2E80..=0x303E // CJK radicals, Kangxi radicals, CJK symbols and punctuation (U+3000)
            | 0x3041..=0x3247 // hiragana, katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, ...
            | 0x3250..=0xA4CF // enclosed CJK, CJK compatibility, Ext A, CJK unified ideographs, Yi
            | 0xA960..=0xA97F // Hangul Jamo extended A
            | 0xAC00..=0xD7A3 // Hangul syllables
            | 0xF900..=0xFAFF // CJK compatibility ideographs
            | 0xFE10..=0xFE19 // vertical forms
            | 0xFE30..=0xFE6F // CJK compatibility forms, small form variants
            | 0xFF00..=0xFF60 // full-width ASCII forms
            | 0xFFE0..=0xFFE6 // full-width signs
            | 0x1B000..=0x1B2FF // kana supplement and extensions
            | 0x1F300..=0x1F64F // pictographs and emoticons
            | 0x1F900..=0x1F9FF // supplemental pictographs
            | 0x20000..=0x2FFFD // CJK extensions B-F
            | 0x30000..=0x3FFFD // CJK extension G and later
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_is_narrow_controls_are_empty() {
        assert_eq!(char_width('a'), 1);
        assert_eq!(char_width(' '), 1);
        assert_eq!(char_width('~'), 1);
        assert_eq!(char_width('\t'), 1);
        assert_eq!(char_width('\r'), 0);
        assert_eq!(char_width('\n'), 0);
        assert_eq!(char_width('\u{7F}'), 0);
        assert_eq!(char_width('\u{85}'), 0);
        assert_eq!(char_width('é'), 1);
    }

    #[test]
    fn kana_kanji_and_full_width_forms_are_wide() {
        for c in "歩角飛銀金玉王桂香と成打同先後手投了あいうアイウーヴ・「」、。々〆".chars()
        {
            assert_eq!(char_width(c), 2, "{c} U+{:04X}", c as u32);
        }
        // U+3000 ideographic space and the ends of the full-width form block.
        for c in [
            '\u{3000}', '\u{FF01}', '\u{FF10}', '\u{FF1A}', '\u{FF5C}', '\u{FF60}',
        ] {
            assert_eq!(char_width(c), 2, "U+{:04X}", c as u32);
        }
        assert_eq!(char_width('\u{FFE5}'), 2); // ￥
        assert_eq!(char_width('한'), 2);
        assert_eq!(char_width('𠀋'), 2); // CJK extension B
    }

    #[test]
    fn half_width_katakana_and_ambiguous_are_narrow() {
        assert_eq!(char_width('ｱ'), 1); // U+FF71
        assert_eq!(char_width('ﾟ'), 1);
        for c in "▲△▼▽☗☖○●".chars() {
            assert_eq!(char_width(c), 1, "{c}");
        }
    }

    #[test]
    fn combining_marks_take_no_column() {
        assert_eq!(char_width('\u{0301}'), 0);
        assert_eq!(char_width('\u{3099}'), 0);
        assert_eq!(char_width('\u{FEFF}'), 0);
        assert_eq!(display_width("e\u{0301}"), 1);
    }

    #[test]
    fn widths_of_record_lines() {
        assert_eq!(display_width(""), 0);
        assert_eq!(display_width("P1-KY-KE-GI"), 11);
        assert_eq!(display_width("   1 ７六歩(77)   ( 0:00/00:00:00)"), 34);
        assert_eq!(display_width("▲２六歩△８四歩"), 14);
        assert_eq!(display_width("先手：羽生　善治"), 16);
        assert_eq!(display_width("a\r"), 1);
    }

    #[test]
    fn display_columns_clamp_to_boundaries() {
        let line = "同　歩(77)";
        assert_eq!(display_column(line, 0), 1);
        assert_eq!(display_column(line, 3), 3);
        assert_eq!(display_column(line, 4), 3); // inside '　': back to its start
        assert_eq!(display_column(line, 9), 7); // the '('
        assert_eq!(display_column(line, 100), 11);
    }
}
