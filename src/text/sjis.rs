//! A fast path for decoding valid Shift_JIS: ASCII runs copied a word at a time, two-byte
//! sequences looked up in a table built once from `encoding_rs`, so the result is exactly
//! `encoding_rs`'s (WHATWG Shift_JIS). Anything the table does not hold (an undecodable byte,
//! a lone lead byte, the byte 0x80) makes it give up, and the caller decodes with `encoding_rs`.
//!
//! Nearly every KIF file is Shift_JIS, and `encoding_rs` spent about 10 instructions a byte on
//! them (a quarter of reading one); this spends about a third of that.

use std::sync::OnceLock;

use super::scan::find_non_ascii;

/// Lead bytes of two-byte sequences: `81..=9F` then `E0..=FC`.
const LEADS: usize = 31 + 29;

/// The table index of lead byte `lead`, if it is one.
#[inline]
fn lead_index(lead: u8) -> Option<usize> {
    match lead {
        0x81..=0x9F => Some(usize::from(lead - 0x81)),
        0xE0..=0xFC => Some(usize::from(lead - 0xE0) + 31),
        _ => None,
    }
}

/// The UTF-8 of every two-byte sequence, `[len, b0, b1, b2]` (len 0: `encoding_rs` does not
/// decode the pair to one character), by `lead_index(lead) * 256 + trail`.
fn table() -> &'static [[u8; 4]] {
    static TABLE: OnceLock<Vec<[u8; 4]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![[0u8; 4]; LEADS * 256];
        for lead in (0x81..=0x9Fu8).chain(0xE0..=0xFC) {
            let base = lead_index(lead).unwrap_or(0) * 256;
            // The only trail bytes Shift_JIS has; the other entries stay 0.
            for trail in (0x40..=0x7Eu8).chain(0x80..=0xFC) {
                let pair = [lead, trail];
                let decoded = encoding_rs::SHIFT_JIS
                    .decode_without_bom_handling_and_without_replacement(&pair);
                let Some(text) = decoded else { continue };
                let mut chars = text.chars();
                if let (Some(c), None) = (chars.next(), chars.next()) {
                    let mut entry = [0u8; 4];
                    let len = c.encode_utf8(&mut entry[1..]).len();
                    // Every Shift_JIS character is in the BMP: three bytes at most.
                    entry[0] = len as u8;
                    table[base + usize::from(trail)] = entry;
                }
            }
        }
        table
    })
}

/// `bytes` decoded as Shift_JIS, as `encoding_rs` decodes them without replacement, or `None`
/// when they hold a sequence the fast path does not take (then ask `encoding_rs`, which may
/// still decode it, or report it malformed).
pub(crate) fn decode(bytes: &[u8]) -> Option<String> {
    let table = table();
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 2 + 8);
    let mut i = 0;
    while i < bytes.len() {
        let next = find_non_ascii(bytes, i).unwrap_or(bytes.len());
        out.extend_from_slice(&bytes[i..next]);
        i = next;
        // The characters up to the next ASCII byte.
        while let Some(&b) = bytes.get(i) {
            if b < 0x80 {
                break;
            }
            if let 0xA1..=0xDF = b {
                // Half-width katakana: U+FF61.. (EF BD A1..EF BD BF, EF BE 80..EF BE 9F).
                let c = 0xFF61 + u32::from(b - 0xA1);
                out.extend_from_slice(&[
                    0xEF,
                    0x80 | (c >> 6 & 0x3F) as u8,
                    0x80 | (c & 0x3F) as u8,
                ]);
                i += 1;
                continue;
            }
            let lead = lead_index(b)?;
            let trail = *bytes.get(i + 1)?;
            let entry = table[lead * 256 + usize::from(trail)];
            let len = usize::from(entry[0]);
            if len == 0 {
                return None;
            }
            out.extend_from_slice(&entry[1..=len]);
            i += 2;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn reference(bytes: &[u8]) -> Option<String> {
        encoding_rs::SHIFT_JIS
            .decode_without_bom_handling_and_without_replacement(bytes)
            .map(|c| c.into_owned())
    }

    #[test]
    fn every_one_and_two_byte_sequence_decodes_as_encoding_rs_does_or_is_refused() {
        for a in 0..=0xFFu8 {
            let one = [a];
            if let Some(text) = decode(&one) {
                assert_eq!(Some(text), reference(&one), "{a:02X}");
            }
            for b in 0..=0xFFu8 {
                let two = [a, b];
                if let Some(text) = decode(&two) {
                    assert_eq!(Some(text), reference(&two), "{a:02X} {b:02X}");
                }
            }
        }
    }

    #[test]
    fn refuses_only_what_it_must() {
        // Every JIS X 0208 character, the half-width katakana and ASCII take the fast path.
        let text = "開始日時：2015/11/17\r\n先手：羽生善治 ｱｲｳ ①Ⅰ≒∵\r\n   1 ７六歩(77)\r\n";
        let (sjis, _, bad) = encoding_rs::SHIFT_JIS.encode(text);
        assert!(!bad);
        assert_eq!(decode(&sjis).as_deref(), Some(text));
        assert_eq!(decode(b""), Some(String::new()));
        assert_eq!(decode(b"\x82"), None, "a lone lead byte at the end");
        assert_eq!(decode(b"\x82\x20"), None, "a lead byte before ASCII");
        assert_eq!(decode(b"\xFF"), None);
        assert_eq!(decode(b"\x80"), None, "U+0080 is left to encoding_rs");
    }

    #[test]
    fn the_shift_jis_corpus_decodes_as_encoding_rs_does() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut seen = 0;
        for dir in [root.join("testdata"), root.join("../shared/corpus")] {
            for entry in walkdir::WalkDir::new(dir).into_iter().flatten() {
                let Ok(bytes) = std::fs::read(entry.path()) else {
                    continue;
                };
                let fast = decode(&bytes);
                if fast.is_some() {
                    seen += usize::from(!bytes.is_ascii());
                }
                if let Some(text) = fast {
                    assert_eq!(Some(text), reference(&bytes), "{}", entry.path().display());
                }
            }
        }
        assert!(seen > 20, "only {seen} non-ASCII files took the fast path");
    }

    /// Bytes that are mostly valid Shift_JIS: ASCII, kana, kanji, symbols, with stray bytes.
    fn sjis_soup() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            4 => "[ -~\r\n]{0,12}".prop_map(String::into_bytes),
            4 => "[ぁ-んァ-ヶ亜-腕々〇一-龠０-９：　▲△]{1,6}"
                .prop_map(|s| encoding_rs::SHIFT_JIS.encode(&s).0.into_owned()),
            1 => any::<u8>().prop_map(|b| vec![b]),
            1 => (any::<u8>(), any::<u8>()).prop_map(|(a, b)| vec![a, b]),
        ];
        prop::collection::vec(piece, 0..30).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn decodes_as_encoding_rs_or_refuses(bytes in sjis_soup()) {
            let fast = decode(&bytes);
            let slow = reference(&bytes);
            if fast.is_some() {
                prop_assert_eq!(fast, slow);
            } else if slow.is_some() {
                // Only the byte 0x80 (U+0080) is left to encoding_rs among valid input.
                prop_assert!(bytes.contains(&0x80), "{:?}", bytes);
            }
        }
    }
}
