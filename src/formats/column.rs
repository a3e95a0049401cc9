//! Character columns of byte offsets, computed incrementally.
//!
//! Readers report a 1-based character column for each diagnostic and compute one for most
//! moves they read. Counting the characters from the line start every time made a record written
//! on one long line quadratic (a one-line KI2 of 80,000 moves took 14 s). [`column_of`] remembers
//! the last line and offset it was asked about (per thread) and counts only the characters
//! between the last offset and the new one, so a reader walking a line left to right does linear
//! work in total.
//!
//! The memory is keyed by the line's address and length. That identifies the line's text only
//! while the text it is cut from is alive and unchanged, so every reader holds a [`Scope`] for
//! the duration of its reading: the memory is cleared when the scope starts and when it ends.

use std::cell::Cell;

/// What [`column_of`] remembers: the line (address, length), a byte offset in it, and the
/// number of characters before that offset.
#[derive(Clone, Copy)]
struct Memo {
    ptr: usize,
    len: usize,
    at: usize,
    chars: usize,
}

thread_local! {
    static MEMO: Cell<Option<Memo>> = const { Cell::new(None) };
    /// Bytes examined by [`column_of`] on this thread (for tests of linearity).
    static SCANNED: Cell<u64> = const { Cell::new(0) };
}

/// Clears the column memory when created and when dropped; held by each reader while it reads
/// one text (see the module documentation).
pub(crate) struct Scope(());

impl Scope {
    /// Starts a scope with an empty memory.
    pub(crate) fn new() -> Self {
        MEMO.with(|m| m.set(None));
        Scope(())
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        MEMO.with(|m| m.set(None));
    }
}

/// Number of characters (UTF-8 lead bytes) in `bytes`.
#[inline]
fn count_chars(bytes: &[u8]) -> usize {
    SCANNED.with(|s| s.set(s.get().saturating_add(bytes.len() as u64)));
    bytes.iter().filter(|&&c| (c & 0xC0) != 0x80).count()
}

/// The 1-based character column of byte `at` in `line` (one past the last character when `at`
/// is at or beyond the end). Counts from the offset asked about last on the same line when there
/// is one (inside a [`Scope`]), else from the line start.
pub(crate) fn column_of(line: &str, at: usize) -> u32 {
    let at = at.min(line.len());
    let bytes = line.as_bytes();
    let key = (line.as_ptr() as usize, line.len());
    let memo = MEMO.with(Cell::get).filter(|m| (m.ptr, m.len) == key);
    let chars = match memo {
        Some(m) if at >= m.at => m.chars + count_chars(bytes.get(m.at..at).unwrap_or(&[])),
        Some(m) if m.at - at < at => m.chars - count_chars(bytes.get(at..m.at).unwrap_or(&[])),
        _ => count_chars(bytes.get(..at).unwrap_or(&[])),
    };
    MEMO.with(|m| {
        m.set(Some(Memo {
            ptr: key.0,
            len: key.1,
            at,
            chars,
        }))
    });
    u32::try_from(chars).unwrap_or(u32::MAX).saturating_add(1)
}

/// Bytes examined by [`column_of`] on this thread so far.
#[cfg(test)]
pub(crate) fn scanned() -> u64 {
    SCANNED.with(Cell::get)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(line: &str, at: usize) -> u32 {
        let at = at.min(line.len());
        let n = line.as_bytes()[..at]
            .iter()
            .filter(|&&c| (c & 0xC0) != 0x80)
            .count();
        n as u32 + 1
    }

    #[test]
    fn same_as_counting_from_the_start_in_any_order() {
        let _s = Scope::new();
        let line = "▲７六歩 △３四歩 abc ▲２六歩(27)";
        let offsets = [0, 3, 20, 5, 40, 7, 1, 16, 16, 100, 2, 30];
        for at in offsets {
            assert_eq!(column_of(line, at), plain(line, at), "at {at}");
        }
        let other = &line[3..];
        for at in [0, 9, 4, 50] {
            assert_eq!(column_of(other, at), plain(other, at), "sub at {at}");
        }
    }
}

#[cfg(test)]
mod linear {
    //! Each reader does work linear in a record written on one line (these counted the whole
    //! line once per move before columns were incremental).

    use super::scanned;

    const MOVES: usize = 4_000;
    /// A rook shuffle: (CSA, KI2, USI, JKF from/to squares) of each move.
    type Step = (&'static str, &'static str, &'static str, (u8, u8, u8, u8));
    const CYCLE: [Step; 4] = [
        ("+2838HI", "▲３八飛", "2h3h", (2, 8, 3, 8)),
        ("-8272HI", "△７二飛", "8b7b", (8, 2, 7, 2)),
        ("+3828HI", "▲２八飛", "3h2h", (3, 8, 2, 8)),
        ("-7282HI", "△８二飛", "7b8b", (7, 2, 8, 2)),
    ];

    /// Bytes scanned for columns while `read` reads `text`, per byte of `text`.
    fn scanned_per_byte(text: &str, read: fn(&str) -> Vec<crate::record::Record>) -> u64 {
        let before = scanned();
        let records = read(text);
        assert_eq!(records.len(), 1);
        (scanned() - before) / text.len() as u64
    }

    fn moves(pick: impl Fn(usize) -> String) -> Vec<String> {
        (0..MOVES).map(pick).collect()
    }

    #[test]
    fn ki2_on_one_line() {
        let text = format!(
            "手合割：平手\n{}\n",
            moves(|i| CYCLE[i % 4].1.to_string()).join(" ")
        );
        assert!(scanned_per_byte(&text, crate::formats::ki2::read) <= 4);
    }

    #[test]
    fn csa_on_one_line() {
        let text = format!(
            "V2.2\nPI\n+\n{}\n",
            moves(|i| CYCLE[i % 4].0.to_string()).join(",")
        );
        assert!(scanned_per_byte(&text, crate::formats::csa::read) <= 4);
    }

    #[test]
    fn jkf_on_one_line() {
        let list = moves(|i| {
            let (_, _, _, (fx, fy, tx, ty)) = CYCLE[i % 4];
            format!(
                r#"{{"move":{{"from":{{"x":{fx},"y":{fy}}},"to":{{"x":{tx},"y":{ty}}},"piece":"HI","color":{}}}}}"#,
                i % 2
            )
        });
        let text = format!(
            r#"{{"header":{{}},"initial":{{"preset":"HIRATE"}},"moves":[{{}},{}]}}"#,
            list.join(",")
        );
        assert!(scanned_per_byte(&text, crate::formats::jkf::read) <= 4);
    }

    #[test]
    fn usi_on_one_line() {
        let text = format!(
            "position startpos moves {}\n",
            moves(|i| CYCLE[i % 4].2.to_string()).join(" ")
        );
        assert!(scanned_per_byte(&text, crate::formats::usi::read) <= 4);
    }
}
