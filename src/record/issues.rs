//! A bound on the warnings one record keeps.
//!
//! A reader warns once for each line it does not understand. A text of millions of junk lines
//! (random bytes, prose, a log saved as `.kif`) then held millions of warnings, about 500 bytes
//! a line with the rest of the reading: 8 MB of `abc` lines took 1 to 1.6 GB, and a file at
//! the default size limit would have taken some 32 GB. [`Record::warn`] keeps the first
//! [`KEPT_OF_A_KIND`] warnings of each code and only counts the rest ([`IssueTally`]);
//! [`Record::close_tally`] then says what was left out in one more warning of the same code,
//! so what a record holds is bounded by a constant, not by its junk.

use super::{ReadIssue, ReadWarning, Record, WarningCode};

/// How many warnings of one code a record keeps (the rest are counted).
pub const KEPT_OF_A_KIND: usize = 100;

/// How many warnings of each code [`Record::warn`] was given, and where the first it left out
/// was; a handful of entries (one per code seen).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IssueTally {
    kinds: Vec<Kind>,
}

/// One code's count.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Kind {
    code: WarningCode,
    /// Warnings of this code given to [`Record::warn`], kept or not.
    given: u64,
    /// Line and column of the first one left out.
    first_left_out: (u32, u32),
}

impl IssueTally {
    /// How many warnings of `code` were given to [`Record::warn`] (kept or left out).
    pub fn given(&self, code: WarningCode) -> u64 {
        self.kinds
            .iter()
            .find(|k| k.code == code)
            .map_or(0, |k| k.given)
    }

    /// How many warnings of `code` were left out.
    pub fn left_out(&self, code: WarningCode) -> u64 {
        self.given(code).saturating_sub(KEPT_OF_A_KIND as u64)
    }

    /// Forgets `code` (its warnings were dropped or replaced by one error).
    pub fn forget(&mut self, code: WarningCode) {
        self.kinds.retain(|k| k.code != code);
    }
}

impl Record {
    /// Adds a warning, keeping only the first [`KEPT_OF_A_KIND`] of its code; the others are
    /// counted in [`Record::tally`] (and said by [`Record::close_tally`]).
    pub fn warn(&mut self, issue: ReadWarning) {
        let kinds = &mut self.tally.kinds;
        let k = match kinds.iter().position(|k| k.code == issue.code) {
            Some(k) => k,
            None => {
                kinds.push(Kind {
                    code: issue.code,
                    given: 0,
                    first_left_out: (0, 0),
                });
                kinds.len() - 1
            }
        };
        let kind = &mut kinds[k];
        kind.given += 1;
        if kind.given <= KEPT_OF_A_KIND as u64 {
            self.warnings.push(issue);
        } else if kind.given == KEPT_OF_A_KIND as u64 + 1 {
            kind.first_left_out = (issue.line, issue.column);
        }
    }

    /// Adds, for each code of which [`Record::warn`] left warnings out, one warning of that
    /// code saying how many and where the first was; then starts the count afresh.
    pub fn close_tally(&mut self) {
        for kind in std::mem::take(&mut self.tally.kinds) {
            let left_out = kind.given.saturating_sub(KEPT_OF_A_KIND as u64);
            if left_out == 0 {
                continue;
            }
            let (line, column) = kind.first_left_out;
            self.warnings.push(ReadIssue::new(
                kind.code,
                line,
                column,
                format!(
                    "{left_out} more `{}` warning{} from this line on {} not listed: a record keeps the first {KEPT_OF_A_KIND} of each kind",
                    kind.code,
                    if left_out == 1 { "" } else { "s" },
                    if left_out == 1 { "is" } else { "are" },
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn junk(r: &mut Record, n: u32) {
        for line in 1..=n {
            r.warn(ReadIssue::new(
                WarningCode::UnknownLine,
                line,
                1,
                "not understood",
            ));
        }
    }

    #[test]
    fn the_first_of_a_kind_are_kept_and_the_rest_counted() {
        let mut r = Record::new();
        junk(&mut r, 10_000);
        r.warn(ReadIssue::new(WarningCode::TrailingText, 7, 2, "else"));
        assert_eq!(r.warnings.len(), KEPT_OF_A_KIND + 1);
        assert_eq!(r.tally.given(WarningCode::UnknownLine), 10_000);
        assert_eq!(
            r.tally.left_out(WarningCode::UnknownLine),
            10_000 - KEPT_OF_A_KIND as u64
        );
        r.close_tally();
        let last = r.warnings.last().unwrap();
        assert_eq!((last.code, last.line), (WarningCode::UnknownLine, 101));
        assert!(last
            .message
            .starts_with("9900 more `unknown-line` warnings"));
        assert_eq!(r.warnings.len(), KEPT_OF_A_KIND + 2);
        assert_eq!(r.tally, IssueTally::default());
    }

    #[test]
    fn a_few_are_all_kept_and_nothing_is_added() {
        let mut r = Record::new();
        junk(&mut r, KEPT_OF_A_KIND as u32);
        r.close_tally();
        assert_eq!(r.warnings.len(), KEPT_OF_A_KIND);
    }

    #[test]
    fn a_forgotten_code_is_not_summed_up() {
        let mut r = Record::new();
        junk(&mut r, 500);
        r.warnings.clear();
        r.tally.forget(WarningCode::UnknownLine);
        r.close_tally();
        assert!(r.warnings.is_empty());
    }
}
