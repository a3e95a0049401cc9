//! A number's decimal digits kept as text and stepped in place: a caller that writes a
//! counter going up by one (a ply, a move number) pays a digit or two a step, not a division
//! loop (issue 34, `positions`).

/// The most digits a `u32` takes.
const MAX_DIGITS: usize = 10;

/// The decimal text of a `u32`, rewritten only where it changed since the last
/// [`DecimalText::set`].
#[derive(Clone, Debug)]
pub struct DecimalText {
    /// The value `digits[start..]` shows.
    value: u32,
    /// The digits, right-aligned.
    digits: [u8; MAX_DIGITS],
    /// Where the text begins in `digits`.
    start: usize,
}

impl Default for DecimalText {
    fn default() -> DecimalText {
        DecimalText::new()
    }
}

impl DecimalText {
    /// The text of 0.
    pub fn new() -> DecimalText {
        DecimalText {
            value: 0,
            digits: [b'0'; MAX_DIGITS],
            start: MAX_DIGITS - 1,
        }
    }

    /// Makes the text show `value`: stepped in place when it is one more than before,
    /// written afresh otherwise.
    #[inline]
    pub fn set(&mut self, value: u32) {
        if value == self.value {
            return;
        }
        if Some(value) == self.value.checked_add(1) {
            self.step();
        } else {
            self.write(value);
        }
        self.value = value;
    }

    /// The digits (ASCII) of the value last set.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.digits[self.start..]
    }

    /// Adds one to the text: trailing nines become zeros and the digit before them goes up,
    /// a new leading `1` where all were nines.
    fn step(&mut self) {
        let mut i = MAX_DIGITS;
        loop {
            i -= 1;
            if i < self.start {
                self.digits[i] = b'1';
                self.start = i;
                return;
            }
            if self.digits[i] == b'9' {
                self.digits[i] = b'0';
            } else {
                self.digits[i] += 1;
                return;
            }
        }
    }

    /// Writes the digits of `value` afresh.
    fn write(&mut self, mut value: u32) {
        let mut i = MAX_DIGITS;
        loop {
            i -= 1;
            self.digits[i] = b'0' + (value % 10) as u8;
            value /= 10;
            if value == 0 {
                break;
            }
        }
        self.start = i;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(d: &DecimalText) -> &str {
        std::str::from_utf8(d.as_bytes()).unwrap()
    }

    #[test]
    fn steps_across_carries_and_jumps() {
        let mut d = DecimalText::new();
        assert_eq!(text(&d), "0");
        for v in 0..=12_345u32 {
            d.set(v);
            assert_eq!(text(&d), v.to_string());
        }
        for v in [7, 99, 100, 0, 999_999, 1_000_000, u32::MAX - 1, u32::MAX, 3] {
            d.set(v);
            assert_eq!(text(&d), v.to_string());
        }
    }
}
