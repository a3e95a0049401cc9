//! The 256-bit streams of the packed positions: bits are written and read least significant
//! first, byte 0 first, as cshogi's and YaneuraOu's `BitStream` do.

/// Writes codes of up to 8 bits into 256 bits.
#[derive(Clone, Debug, Default)]
pub struct BitWriter {
    words: [u64; 4],
    cursor: usize,
}

impl BitWriter {
    /// An empty stream.
    pub fn new() -> BitWriter {
        BitWriter::default()
    }

    /// Appends the `n` low bits of `code` (n <= 8), lowest first; false (nothing written)
    /// when they do not fit in the 256 bits.
    #[inline]
    pub fn put(&mut self, code: u8, n: u8) -> bool {
        let n = n as usize;
        if self.cursor + n > 256 {
            return false;
        }
        let code = u64::from(code) & ((1u64 << n) - 1);
        let (word, offset) = (self.cursor / 64, self.cursor % 64);
        self.words[word] |= code << offset;
        if offset + n > 64 {
            self.words[word + 1] |= code >> (64 - offset);
        }
        self.cursor += n;
        true
    }

    /// The bits written so far.
    pub fn len(&self) -> usize {
        self.cursor
    }

    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.cursor == 0
    }

    /// The 32 bytes (unwritten bits are zero).
    pub fn bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (chunk, word) in out.chunks_exact_mut(8).zip(self.words) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        out
    }
}

/// Reads bits from 32 bytes, lowest first.
#[derive(Clone, Debug)]
pub struct BitReader<'a> {
    data: &'a [u8; 32],
    cursor: usize,
}

impl<'a> BitReader<'a> {
    /// A reader at the first bit of `data`.
    pub fn new(data: &'a [u8; 32]) -> BitReader<'a> {
        BitReader { data, cursor: 0 }
    }

    /// The next bit, or `None` past the 256th.
    #[inline]
    pub fn bit(&mut self) -> Option<u8> {
        if self.cursor >= 256 {
            return None;
        }
        let b = (self.data[self.cursor / 8] >> (self.cursor % 8)) & 1;
        self.cursor += 1;
        Some(b)
    }

    /// The next `n` bits (n <= 8) as a number, the first read the lowest.
    pub fn bits(&mut self, n: u8) -> Option<u8> {
        let mut v = 0u8;
        for i in 0..n {
            v |= self.bit()? << i;
        }
        Some(v)
    }

    /// How many bits were read.
    pub fn position(&self) -> usize {
        self.cursor
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_go_lowest_first_and_cross_words() {
        let mut w = BitWriter::new();
        assert!(w.put(0b1, 1));
        assert!(w.put(0b10, 2)); // bits 1..3: 0 then 1
        for _ in 0..20 {
            assert!(w.put(0b1011_0101, 8)); // crosses the 64-bit words
        }
        assert_eq!(w.len(), 163);
        let bytes = w.bytes();
        assert_eq!(bytes[0] & 0b111, 0b101);
        let mut r = BitReader::new(&bytes);
        assert_eq!(r.bits(1), Some(1));
        assert_eq!(r.bits(2), Some(0b10));
        for _ in 0..20 {
            assert_eq!(r.bits(8), Some(0b1011_0101));
        }
        assert_eq!(r.position(), 163);
    }

    #[test]
    fn the_stream_holds_256_bits_and_no_more() {
        let mut w = BitWriter::new();
        for _ in 0..32 {
            assert!(w.put(0xff, 8));
        }
        assert!(!w.put(1, 1));
        assert_eq!(w.bytes(), [0xff; 32]);
        let bytes = w.bytes();
        let mut r = BitReader::new(&bytes);
        assert_eq!(r.bits(8), Some(0xff));
        for _ in 8..256 {
            r.bit().unwrap();
        }
        assert_eq!(r.bit(), None);
    }
}
