//! The evidence encoding detection weighs: byte order marks, the NUL pattern of UTF-16, in-file
//! declarations, the extension convention, and how plausible a decoding looks.
//!
//! Everything here looks at raw bytes (or at one candidate decoding) and decides nothing on its
//! own; the text module's `decode` (which uses this module) applies the contract's order. What
//! each probe tolerates:
//!
//! - byte order marks: UTF-8 `EF BB BF`, UTF-16LE `FF FE`, UTF-16BE `FE FF` (no UTF-32);
//! - UTF-16 without a mark: recognised when, in the first 4 KiB, at least 10% of the code units
//!   have a zero high byte and zero bytes are at least four times as common in that position
//!   as in the other (ASCII digits and spaces are common in every record format);
//! - declarations: `encoding=NAME` (any case, spaces allowed around `=`) anywhere on a comment
//!   line (first non-blank character `#` or `'`) among the first five lines, as written by
//!   `#KIF version=2.0 encoding=Shift_JIS`, `#KI2 version=2.0 encoding=UTF-8`,
//!   `'CSA encoding=SHIFT_JIS`, `'encoding=Shift_JIS`, and Kifu for iPhone, which glues the
//!   declaration after other text on a `#` line. The first five lines are ASCII-compatible in
//!   every encoding we detect after UTF-16, so the scan runs before decoding;
//! - extensions that mean UTF-8: `.kifu`, `.ki2u` (Kakinoki's convention) and `.jkf`, `.json`,
//!   `.usi`, `.sfen` (UTF-8 by definition), with or without the dot, in any case;
//! - plausibility: how much a Shift_JIS or EUC-JP decoding looks like a shogi record rather
//!   than mojibake. EUC-JP bytes often decode "cleanly" as Shift_JIS into half-width katakana
//!   and rare kanji; real records are kana, full-width digits and a few hundred common kanji.

use super::Encoding;

/// The byte order mark at the start of `bytes`, if any: the encoding and the mark's length.
pub(crate) fn sniff_bom(bytes: &[u8]) -> Option<(Encoding, usize)> {
    match bytes {
        [0xEF, 0xBB, 0xBF, ..] => Some((Encoding::Utf8, 3)),
        [0xFF, 0xFE, ..] => Some((Encoding::Utf16Le, 2)),
        [0xFE, 0xFF, ..] => Some((Encoding::Utf16Be, 2)),
        _ => None,
    }
}

/// How many leading bytes the UTF-16 and declaration probes look at.
const PREFIX: usize = 4096;

/// UTF-16 without a byte order mark, recognised by the zero bytes of ASCII characters.
pub(crate) fn sniff_utf16(bytes: &[u8]) -> Option<Encoding> {
    let sample = &bytes[..bytes.len().min(PREFIX) & !1];
    if sample.len() < 4 || !sample.contains(&0) {
        return None;
    }
    let (mut even, mut odd) = (0usize, 0usize);
    for unit in sample.chunks_exact(2) {
        even += usize::from(unit[0] == 0);
        odd += usize::from(unit[1] == 0);
    }
    let units = sample.len() / 2;
    // Little-endian ASCII is `41 00`: the zero is the second byte of the unit.
    if odd * 10 >= units && odd >= even * 4 {
        Some(Encoding::Utf16Le)
    } else if even * 10 >= units && even >= odd * 4 {
        Some(Encoding::Utf16Be)
    } else {
        None
    }
}

/// An `encoding=NAME` declaration found near the top of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Declaration {
    /// The declared encoding, or the name as written when it is not one we know.
    pub encoding: Result<Encoding, String>,
    /// The 1-based line it was found on.
    pub line: usize,
}

/// Finds an `encoding=NAME` declaration on a comment line among the first five lines.
pub(crate) fn find_declaration(bytes: &[u8]) -> Option<Declaration> {
    let prefix = &bytes[..bytes.len().min(PREFIX)];
    for (index, line) in prefix.split(|&b| b == b'\n').take(5).enumerate() {
        let start = line.iter().position(|&b| b != b' ' && b != b'\t');
        if !start.is_some_and(|s| matches!(line[s], b'#' | b'\'')) {
            continue;
        }
        if let Some(name) = declared_name(line) {
            let encoding = match std::str::from_utf8(name) {
                Ok(name) => Encoding::from_name(name).ok_or_else(|| name.to_owned()),
                Err(_) => Err(String::from_utf8_lossy(name).into_owned()),
            };
            return Some(Declaration {
                encoding,
                line: index + 1,
            });
        }
    }
    None
}

/// Whether `line`, on a comment line near the top of a file, would be taken for an
/// `encoding=NAME` declaration (see [`find_declaration`]). Writers leave such lines out of
/// the comments they copy: the declaration of a written file is the writer's.
pub(crate) fn declares_encoding(line: &str) -> bool {
    declared_name(line.as_bytes()).is_some()
}

/// The value after the first `encoding=` (case-insensitive) on `line`.
fn declared_name(line: &[u8]) -> Option<&[u8]> {
    const KEY: &[u8] = b"encoding";
    let mut from = 0;
    while let Some(at) = line[from..]
        .windows(KEY.len())
        .position(|w| w.eq_ignore_ascii_case(KEY))
    {
        let mut i = from + at + KEY.len();
        from = i;
        while line.get(i).is_some_and(|&b| b == b' ') {
            i += 1;
        }
        if line.get(i) != Some(&b'=') {
            continue;
        }
        i += 1;
        while line.get(i).is_some_and(|&b| b == b' ') {
            i += 1;
        }
        let len = line[i..]
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            .count();
        if len > 0 {
            return Some(&line[i..i + len]);
        }
    }
    None
}

/// Whether files with this extension are UTF-8 by convention or by definition.
///
/// `extension` may carry its dot (`.kifu`) or not (`kifu`); case is ignored.
pub fn extension_implies_utf8(extension: &str) -> bool {
    let ext = extension.strip_prefix('.').unwrap_or(extension);
    ["kifu", "ki2u", "jkf", "json", "usi", "sfen"]
        .iter()
        .any(|e| ext.eq_ignore_ascii_case(e))
}

/// Whether bytes that are not valid UTF-8 are nevertheless UTF-8 with a little damage: at
/// least four valid multi-byte characters for every invalid sequence.
///
/// Shift_JIS and EUC-JP text almost never forms valid multi-byte UTF-8 sequences, so the scan
/// gives up as soon as the invalid sequences clearly dominate; for a Shift_JIS file that is
/// within the first line or two.
pub(crate) fn mostly_utf8(bytes: &[u8]) -> bool {
    let mut multibyte = 0usize;
    let mut invalid = 0usize;
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(valid) => {
                multibyte += count_char_starts(valid.as_bytes());
                break;
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                multibyte += count_char_starts(valid);
                invalid += 1;
                if invalid >= 8 && invalid * 4 > multibyte {
                    return false;
                }
                let skip = e.error_len().unwrap_or(after.len());
                rest = &after[skip..];
            }
        }
    }
    invalid > 0 && multibyte >= invalid * 4
}

/// Non-ASCII characters in valid UTF-8 (lead bytes `C0..=FF`), U+FFFD not counted.
///
/// A U+FFFD in the bytes (`EF BF BD`) is no evidence of UTF-8 text: it is what an earlier
/// lossy decoding left, and the very bytes of the Shift_JIS and EUC-JP mojibake such damage
/// turns into (`鐃緒申` is `EF BF BD EF BF BD` in EUC-JP), so a legacy file holding such
/// mojibake must not be taken for damaged UTF-8.
fn count_char_starts(valid: &[u8]) -> usize {
    let starts = valid.iter().filter(|&&b| b >= 0xC0).count();
    let replacements = memchr::memmem::find_iter(valid, "\u{FFFD}".as_bytes()).count();
    starts - replacements
}

/// How many characters [`plausibility`] looks at.
const SCORE_CHARS: usize = 256;

/// How much `text` looks like a Japanese shogi record: the mean, over its first non-ASCII
/// characters, of +1 for kana, CJK punctuation, full-width forms, shogi symbols and common
/// shogi kanji, 0 for other kanji and symbols, -1 for half-width katakana, private-use
/// characters, C1 controls and U+FFFD. Ranges from -1 to 1; text without non-ASCII is 1.
pub(crate) fn plausibility(text: &str) -> f32 {
    let (mut sum, mut count) = (0i32, 0i32);
    let bytes = text.as_bytes();
    let mut at = 0;
    while count < SCORE_CHARS as i32 {
        let Some(&lead) = bytes.get(at) else {
            break;
        };
        if lead < 0x80 {
            // Skip ASCII a word at a time to the next non-ASCII character.
            let Some(start) = super::find_non_ascii(bytes, at) else {
                break;
            };
            at = start;
            continue;
        }
        // `text` is UTF-8, so the lead byte says how many continuation bytes follow.
        let (c, len) = decode_at(bytes, at, lead);
        count += 1;
        sum += char_score(c);
        at += len;
    }
    if count == 0 {
        1.0
    } else {
        sum as f32 / count as f32
    }
}

/// The character whose lead byte `lead` (not ASCII) is at `bytes[at]` in valid UTF-8, and its
/// length.
#[inline]
fn decode_at(bytes: &[u8], at: usize, lead: u8) -> (char, usize) {
    let cont = |k: usize| u32::from(bytes.get(at + k).copied().unwrap_or(0x80) & 0x3F);
    let (code, len) = match lead {
        0xC0..=0xDF => (u32::from(lead & 0x1F) << 6 | cont(1), 2),
        0xE0..=0xEF => (u32::from(lead & 0x0F) << 12 | cont(1) << 6 | cont(2), 3),
        _ => (
            u32::from(lead & 0x07) << 18 | cont(1) << 12 | cont(2) << 6 | cont(3),
            4,
        ),
    };
    (char::from_u32(code).unwrap_or('\u{FFFD}'), len)
}

#[inline]
fn char_score(c: char) -> i32 {
    match c as u32 {
        0x3000..=0x30FF => 1, // CJK punctuation, hiragana, katakana
        0xFF01..=0xFF5E => 1, // full-width ASCII forms
        0x25B2 | 0x25B3 | 0x25BC | 0x25BD | 0x2616 | 0x2617 => 1, // ▲ △ ▼ ▽ ☖ ☗
        0x4E00..=0x9FFF => i32::from(is_common_kanji(c)),
        0xFF61..=0xFF9F => -1, // half-width katakana
        0xE000..=0xF8FF => -1, // private use (CP932 user-defined area)
        0x80..=0x9F | 0xFFFD => -1,
        _ => 0,
    }
}

/// Kanji that fill shogi records: pieces, numerals, move words, header keys, results.
const COMMON_KANJI: &[char] = &[
    '歩', '香', '桂', '銀', '金', '角', '飛', '車', '玉', '王', '竜', '龍', '馬', '成', '打', '同',
    '不', '生', '先', '後', '手', '投', '了', '詰', '千', '日', '中', '断', '持', '駒', '上', '下',
    '右', '左', '直', '引', '寄', '行', '入', '一', '二', '三', '四', '五', '六', '七', '八', '九',
    '十', '時', '間', '分', '秒', '開', '始', '終', '対', '局', '戦', '棋', '平', '割', '落', '勝',
    '負', '消', '費', '場', '所', '備', '考', '変', '化', '名', '人', '段', '級', '位', '座', '将',
    '聖', '振', '居', '穴', '囲', '矢', '倉', '急', '相', '掛', '定', '跡', '番', '表', '題', '記',
    '録', '評', '価', '値', '読', '筋', '反', '則', '切', '宣', '言', '作', '者', '品', '発', '誌',
    '出', '典', '省', '略',
];

/// The first code point of the CJK Unified Ideographs block that [`COMMON_KANJI_BITS`] covers.
const KANJI_FIRST: usize = 0x4E00;

/// [`COMMON_KANJI`] as one bit per code point of U+4E00..=U+9FFF, so that scoring a character
/// is a lookup rather than a long comparison chain. Built at compile time (a kanji outside the
/// block would stop the build).
static COMMON_KANJI_BITS: [u64; 328] = kanji_bits(COMMON_KANJI);

const fn kanji_bits(list: &[char]) -> [u64; 328] {
    let mut bits = [0u64; 328];
    let mut i = 0;
    while i < list.len() {
        let k = list[i] as usize - KANJI_FIRST;
        bits[k / 64] |= 1 << (k % 64);
        i += 1;
    }
    bits
}

/// Whether `c` is one of [`COMMON_KANJI`].
#[inline]
fn is_common_kanji(c: char) -> bool {
    let Some(k) = (c as usize).checked_sub(KANJI_FIRST) else {
        return false;
    };
    COMMON_KANJI_BITS
        .get(k / 64)
        .is_some_and(|word| (word >> (k % 64)) & 1 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boms() {
        assert_eq!(sniff_bom(b"\xEF\xBB\xBF#KIF"), Some((Encoding::Utf8, 3)));
        assert_eq!(sniff_bom(b"\xFF\xFE#\0"), Some((Encoding::Utf16Le, 2)));
        assert_eq!(sniff_bom(b"\xFE\xFF\0#"), Some((Encoding::Utf16Be, 2)));
        assert_eq!(sniff_bom(b"\xEF\xBB"), None);
        assert_eq!(sniff_bom(b""), None);
    }

    fn utf16(text: &str, le: bool) -> Vec<u8> {
        text.encode_utf16()
            .flat_map(|u| if le { u.to_le_bytes() } else { u.to_be_bytes() })
            .collect()
    }

    #[test]
    fn utf16_by_nul_pattern() {
        let text = "開始日時：2015/11/17\r\n手合割：平手\r\n   1 ７六歩(77)   ( 0:00/00:00:00)\r\n";
        assert_eq!(sniff_utf16(&utf16(text, true)), Some(Encoding::Utf16Le));
        assert_eq!(sniff_utf16(&utf16(text, false)), Some(Encoding::Utf16Be));
        assert_eq!(sniff_utf16(text.as_bytes()), None);
        // Kanji with U+4E00 (low byte zero) here and there is still recognised.
        let kanji = "一二三四五六七八九 1 2 3 4\n";
        assert_eq!(sniff_utf16(&utf16(kanji, true)), Some(Encoding::Utf16Le));
        // A stray NUL in ASCII is not UTF-16.
        let stray = b"V2.2\nN+sente\nN-gote\nPI\n+\n\0+7776FU\n-3334FU\n+2726FU\n%TORYO\n";
        assert_eq!(sniff_utf16(stray), None);
        // Nor is NUL padding, which puts zeros in both positions.
        let mut padded = stray.to_vec();
        padded.resize(stray.len() + 64, 0);
        assert_eq!(sniff_utf16(&padded), None);
    }

    #[test]
    fn declarations() {
        let d = find_declaration(b"#KIF version=2.0 encoding=UTF-8\r\n").unwrap();
        assert_eq!((d.encoding, d.line), (Ok(Encoding::Utf8), 1));
        let d = find_declaration(b"'CSA encoding=SHIFT_JIS\r\nV3.0\r\n").unwrap();
        assert_eq!(d.encoding, Ok(Encoding::ShiftJis));
        let d = find_declaration(b"'encoding=Shift_JIS\nV2.2\n").unwrap();
        assert_eq!(d.encoding, Ok(Encoding::ShiftJis));
        // Glued after other text on a `#` line, not on the first line.
        let glued =
            b"\x8aJ\x8En\n# ---- Kifu for iPhone V3.21 ----#KIF version=2.0 encoding=Shift_JIS\n";
        let d = find_declaration(glued).unwrap();
        assert_eq!((d.encoding, d.line), (Ok(Encoding::ShiftJis), 2));
        let d = find_declaration(b"  # Encoding = euc-jp\n").unwrap();
        assert_eq!(d.encoding, Ok(Encoding::EucJp));
        let d = find_declaration(b"#KIF encoding=ISO-2022-JP\n").unwrap();
        assert_eq!(d.encoding, Err("ISO-2022-JP".to_owned()));
    }

    #[test]
    fn declarations_only_in_comments_near_the_top() {
        assert_eq!(find_declaration(b"encoding=UTF-8\n"), None);
        assert_eq!(find_declaration(b"N+encoding=UTF-8\n"), None);
        assert_eq!(find_declaration(b"#encoding:UTF-8\n"), None);
        assert_eq!(find_declaration(b"#encoding=\n"), None);
        assert_eq!(find_declaration(b"1\n2\n3\n4\n5\n#encoding=UTF-8\n"), None);
        assert!(find_declaration(b"1\n2\n3\n4\n#encoding=UTF-8\n").is_some());
        // A first `encoding` without `=` does not hide a later one.
        let d = find_declaration(b"# encoding test: encoding=utf8\n").unwrap();
        assert_eq!(d.encoding, Ok(Encoding::Utf8));
    }

    #[test]
    fn extensions() {
        for e in [
            "kifu", ".kifu", "KIFU", "ki2u", ".Ki2U", "jkf", "json", "usi", "sfen",
        ] {
            assert!(extension_implies_utf8(e), "{e}");
        }
        for e in ["kif", ".ki2", "csa", "", "txt", ".kifu.bak"] {
            assert!(!extension_implies_utf8(e), "{e}");
        }
    }

    #[test]
    fn mostly_utf8_tolerates_a_little_damage_only() {
        let good = "開始日時：2015/11/17\n先手：羽生善治\n後手：谷川浩司\n";
        let mut damaged = good.as_bytes().to_vec();
        damaged.insert(10, 0xFF);
        assert!(mostly_utf8(&damaged));
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(good);
        assert!(!mostly_utf8(&sjis));
        let (euc, _, _) = encoding_rs::EUC_JP.encode(good);
        assert!(!mostly_utf8(&euc));
        assert!(!mostly_utf8(b"plain ascii with a \xE9 byte"));
        assert!(!mostly_utf8(good.as_bytes())); // valid: nothing to tolerate
    }

    #[test]
    fn replacement_characters_are_no_evidence_of_utf8() {
        // EUC-JP bytes of mojibake (`鐃緒申` is EF BF BD EF BF BD) with a few bytes that are
        // not UTF-8: found by the fuzz campaign (docs/fuzzing.md), taken for damaged UTF-8.
        let (euc, _, _) = encoding_rs::EUC_JP.encode("' 鐃緒申鐃緒申鐃緒申 ｱ\n'鐃緒申鐃緒申 ｲ\n");
        assert!(!mostly_utf8(&euc));
        // Real damaged UTF-8 still is.
        let mut damaged = "先手：羽生善治\n後手：谷川浩司\n".as_bytes().to_vec();
        damaged.insert(3, 0xFF);
        damaged.extend_from_slice("\u{FFFD}".as_bytes());
        assert!(mostly_utf8(&damaged));
    }

    /// The version [`plausibility`] replaced (issue 34): a `chars()` decode after each jump.
    fn plausibility_plain(text: &str) -> f32 {
        let scores: Vec<i32> = text
            .chars()
            .filter(|c| !c.is_ascii())
            .take(SCORE_CHARS)
            .map(char_score)
            .collect();
        if scores.is_empty() {
            1.0
        } else {
            scores.iter().sum::<i32>() as f32 / scores.len() as f32
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        #[test]
        fn plausibility_agrees_with_the_plain_version(text in "\\PC{0,400}") {
            proptest::prop_assert_eq!(plausibility(&text), plausibility_plain(&text));
        }

        #[test]
        fn plausibility_agrees_on_record_like_text(
            text in "([ -~]{0,9}[歩香桂銀金角飛玉王竜龍馬成打同ぁ-んァ-ヶｱ-ﾝ\u{80}-\u{9f}\u{e000}-\u{e0ff}▲△０-９：　\u{10000}-\u{10100}]{0,4}){0,300}"
        ) {
            proptest::prop_assert_eq!(plausibility(&text), plausibility_plain(&text));
        }
    }

    #[test]
    fn plausibility_separates_records_from_mojibake() {
        let record = "開始日時：2015/11/17\n手合割：平手\n先手：羽生善治\n   1 ７六歩(77)\n   2 ３四歩(33)\nまで2手で中断\n";
        assert!(plausibility(record) > 0.5, "{}", plausibility(record));
        let (euc, _, _) = encoding_rs::EUC_JP.encode(record);
        let (as_sjis, _) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(&euc);
        assert!(plausibility(&as_sjis) < 0.0, "{}", plausibility(&as_sjis));
        assert_eq!(plausibility("ascii"), 1.0);
    }

    #[test]
    fn common_kanji_bits_match_the_list() {
        for c in (0x4000..=0xA100u32).filter_map(char::from_u32) {
            assert_eq!(is_common_kanji(c), COMMON_KANJI.contains(&c), "{c}");
        }
        assert!(is_common_kanji('歩') && is_common_kanji('略'));
        assert!(!is_common_kanji('a') && !is_common_kanji('\u{10000}'));
    }
}
