//! Fast byte scans the readers share: finding the next line end, counting lines, looking for
//! NUL bytes (with `memchr`'s vectorized search), and finding the next non-ASCII byte (eight
//! bytes at a time). Every reader scans every byte of every file, so this matters.

/// `0x80` in every byte of a word.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The index of the first `needle` in `haystack` at or after `from`, if any.
#[inline]
pub(crate) fn find_byte(haystack: &[u8], needle: u8, from: usize) -> Option<usize> {
    let rest = haystack.get(from..)?;
    memchr::memchr(needle, rest).map(|i| from + i)
}

/// The index of the first non-ASCII byte in `haystack` at or after `from`, if any.
#[inline]
pub(crate) fn find_non_ascii(haystack: &[u8], from: usize) -> Option<usize> {
    let rest = haystack.get(from..)?;
    let mut chunks = rest.chunks_exact(8);
    let mut base = from;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let found = word & HIGH_BITS;
        if found != 0 {
            return Some(base + (found.trailing_zeros() / 8) as usize);
        }
        base += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b >= 0x80)
        .map(|i| base + i)
}

/// How many bytes equal to `byte` follow one another in `haystack` from `from` (eight bytes at
/// a time): the length of the run of spaces before a KIF time column, say.
#[inline]
pub(crate) fn run_length(haystack: &[u8], from: usize, byte: u8) -> usize {
    let rest = haystack.get(from..).unwrap_or(&[]);
    let pattern = u64::from_le_bytes([byte; 8]);
    let mut chunks = rest.chunks_exact(8);
    let mut n = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([!byte; 8]));
        let differ = word ^ pattern;
        if differ != 0 {
            return n + (differ.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + chunks
        .remainder()
        .iter()
        .take_while(|&&b| b == byte)
        .count()
}

/// How many times `needle` occurs in `haystack`.
pub(crate) fn count_byte(haystack: &[u8], needle: u8) -> usize {
    memchr::memchr_iter(needle, haystack).count()
}

/// Whether `haystack` holds a NUL byte.
pub(crate) fn has_nul(haystack: &[u8]) -> bool {
    memchr::memchr(0, haystack).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_byte_agrees_with_a_plain_search() {
        let text: Vec<u8> = (0..300u32)
            .map(|i| {
                if i % 37 == 5 || i % 11 == 0 {
                    b'\n'
                } else {
                    (i % 251) as u8
                }
            })
            .collect();
        for from in 0..=text.len() + 2 {
            let plain = text
                .get(from..)
                .and_then(|r| r.iter().position(|&b| b == b'\n'))
                .map(|i| from + i);
            assert_eq!(find_byte(&text, b'\n', from), plain, "from {from}");
        }
        // High bytes next to the needle must not fake a match.
        assert_eq!(find_byte(&[0x8B, 0x0B, 0x89, 0x0A], b'\n', 0), Some(3));
        assert_eq!(find_byte(&[0xFF; 17], b'\n', 0), None);
    }

    #[test]
    fn find_non_ascii_agrees_with_a_plain_search() {
        let text = "abc手defghijk合割：平手 and more ascii text 歩".as_bytes();
        for from in 0..=text.len() + 1 {
            let plain = text
                .get(from..)
                .and_then(|r| r.iter().position(|&b| b >= 0x80))
                .map(|i| from + i);
            assert_eq!(find_non_ascii(text, from), plain, "from {from}");
        }
    }

    #[test]
    fn run_length_agrees_with_a_plain_count() {
        let text = b"   1 x        ( 0:01/00:00:01)                   +  ";
        for from in 0..=text.len() + 2 {
            for byte in [b' ', b'x', b'0'] {
                let plain = text
                    .get(from..)
                    .map_or(0, |r| r.iter().take_while(|&&b| b == byte).count());
                assert_eq!(
                    run_length(text, from, byte),
                    plain,
                    "from {from} byte {byte}"
                );
            }
        }
        assert_eq!(run_length(&[b' '; 40], 3, b' '), 37);
    }

    #[test]
    fn counts_and_nul() {
        let text = vec![b'\n'; 1000];
        assert_eq!(count_byte(&text, b'\n'), 1000);
        assert_eq!(count_byte(&text, b'x'), 0);
        assert!(!has_nul(&text));
        let mut with = vec![1u8; 700];
        with[699] = 0;
        assert!(has_nul(&with));
        assert!(!has_nul(&[]));
    }
}
