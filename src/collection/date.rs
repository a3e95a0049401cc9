//! Dates as records write them (`2024/05/01`, `2024-05-01T10:00`, `2024年5月1日(水)`,
//! `令和6年5月1日`, `平成元年1月8日`, full-width digits too), and ranges of them (`FROM..TO`).

/// A calendar date as `yyyymmdd` (comparisons follow the calendar).
pub type Day = u32;

/// The eras records name, with the Gregorian year of their first year.
const ERAS: [(&str, u32); 5] = [
    ("令和", 2019),
    ("平成", 1989),
    ("昭和", 1926),
    ("大正", 1912),
    ("明治", 1868),
];

/// The text with full-width digits and separators made ASCII.
fn ascii_digits(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '０'..='９' => char::from(b'0' + (c as u32 - '０' as u32) as u8),
            '／' => '/',
            '－' => '-',
            _ => c,
        })
        .collect()
}

/// Reads a number at the start of `s` (at most `max` digits): its value and the rest.
fn number(s: &str, max: usize) -> Option<(u32, &str)> {
    let n = s
        .bytes()
        .take(max)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if n == 0 {
        return None;
    }
    Some((s[..n].parse().ok()?, &s[n..]))
}

/// A date's parts found at the start of `s`: year, and month and day when written.
fn parts_at(s: &str) -> Option<(u32, Option<u32>, Option<u32>)> {
    let (year, rest) = era_year(s).or_else(|| {
        let (y, rest) = number(s, 4)?;
        (y >= 1000 && !rest.starts_with(|c: char| c.is_ascii_digit())).then_some((y, rest))
    })?;
    let sep = |r: &str| -> Option<usize> {
        ["/", "-", ".", "年", "月"]
            .iter()
            .find(|p| r.starts_with(*p))
            .map(|p| p.len())
    };
    let Some(n) = sep(rest) else {
        return Some((year, None, None));
    };
    let Some((month, rest)) = number(&rest[n..], 2).filter(|(m, _)| (1..=12).contains(m)) else {
        return Some((year, None, None));
    };
    let Some(n) = sep(rest) else {
        return Some((year, Some(month), None));
    };
    match number(&rest[n..], 2).filter(|(d, _)| (1..=31).contains(d)) {
        Some((day, _)) => Some((year, Some(month), Some(day))),
        None => Some((year, Some(month), None)),
    }
}

/// The number of days of month `m` (1 to 12) of year `y`.
fn days_in_month(y: u32, m: u32) -> u32 {
    match m {
        2 if y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A date a user gives (`--date`): the whole of `t` must be a date of the calendar, year and
/// optionally month and day (a time or weekday may follow the day). Unlike [`parts_at`], which
/// finds dates inside header values, nothing is dropped: `2024/13/45` is an error, not 2024.
fn exact_parts(t: &str) -> Result<(u32, Option<u32>, Option<u32>), String> {
    const EXPECTED: &str =
        "expected 2024/05/01, 2024-05-01, 2024年5月1日, 令和6年5月1日, 2024/05 or 2024";
    let not_a_date = || format!("`{t}` is not a date: {EXPECTED}");
    let (year, rest) = era_year(t)
        .or_else(|| {
            let (y, rest) = number(t, 4)?;
            (y >= 1000).then_some((y, rest))
        })
        .ok_or_else(not_a_date)?;
    let sep = |r: &str| -> Option<usize> {
        ["/", "-", ".", "年", "月"]
            .iter()
            .find(|p| r.starts_with(*p))
            .map(|p| p.len())
    };
    let ended = |r: &str, word: &str| r.is_empty() || r == word;
    if ended(rest, "年") {
        return Ok((year, None, None));
    }
    let n = sep(rest).ok_or_else(not_a_date)?;
    let (month, rest) = number(&rest[n..], 2).ok_or_else(not_a_date)?;
    if !(1..=12).contains(&month) {
        return Err(format!("`{t}` is not a date: there is no month {month}"));
    }
    if ended(rest, "月") {
        return Ok((year, Some(month), None));
    }
    let n = sep(rest).ok_or_else(not_a_date)?;
    let (day, rest) = number(&rest[n..], 2).ok_or_else(not_a_date)?;
    let days = days_in_month(year, month);
    if !(1..=days).contains(&day) {
        return Err(format!(
            "`{t}` is not a date: {year}/{month:02} has days 1 to {days}, not {day}"
        ));
    }
    let rest = rest.strip_prefix('日').unwrap_or(rest);
    if !(rest.is_empty() || rest.starts_with([' ', 'T', '(', '（'])) {
        return Err(not_a_date());
    }
    Ok((year, Some(month), Some(day)))
}

/// `令和6年` / `平成元年` at the start of `s`: the Gregorian year and the text from `年` on.
fn era_year(s: &str) -> Option<(u32, &str)> {
    let (base, rest) = ERAS
        .iter()
        .find_map(|(name, base)| s.strip_prefix(name).map(|r| (*base, r)))?;
    let rest = rest.trim_start();
    let (n, rest) = match rest.strip_prefix('元') {
        Some(r) => (1, r),
        None => number(rest, 2)?,
    };
    // The `年` stays: it separates the year from the month.
    rest.starts_with('年').then_some((base + n - 1, rest))
}

/// The first date written in `text` (a header value such as `2024/05/01(水) 10:00:00`), as
/// `yyyymmdd`; a date without its day (or month) is its first day.
pub fn find_date(text: &str) -> Option<Day> {
    let text = ascii_digits(text);
    for (i, _) in text.char_indices() {
        let s = &text[i..];
        let at_word = i == 0 || !text[..i].ends_with(|c: char| c.is_ascii_digit());
        if !at_word {
            continue;
        }
        if let Some((y, m, d)) = parts_at(s) {
            if m.is_none() && era_year(s).is_none() {
                continue; // a bare number is not a date inside a header value
            }
            return Some(y * 10000 + m.unwrap_or(1) * 100 + d.unwrap_or(1));
        }
    }
    None
}

/// An inclusive range of days, either end open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DateRange {
    /// The first day in the range.
    pub from: Option<Day>,
    /// The last day in the range.
    pub to: Option<Day>,
}

impl DateRange {
    /// Parses `FROM..TO` (either side may be empty), or a single date meaning that day (or
    /// that month, or year, when written without day or month). A date written without its
    /// day (`2024/05`) or month (`2024`) covers all of it at either end.
    pub fn parse(s: &str) -> Result<DateRange, String> {
        let bound = |t: &str, end: bool| -> Result<Option<Day>, String> {
            let t = ascii_digits(t.trim());
            if t.is_empty() {
                return Ok(None);
            }
            let (y, m, d) = exact_parts(&t)?;
            Ok(Some(match (m, d, end) {
                (Some(m), Some(d), _) => y * 10000 + m * 100 + d,
                (Some(m), None, false) => y * 10000 + m * 100 + 1,
                (Some(m), None, true) => y * 10000 + m * 100 + 31,
                (None, _, false) => y * 10000 + 101,
                (None, _, true) => y * 10000 + 1231,
            }))
        };
        match s.split_once("..") {
            Some((a, b)) => {
                let r = DateRange {
                    from: bound(a, false)?,
                    to: bound(b, true)?,
                };
                if let (Some(f), Some(t)) = (r.from, r.to) {
                    if f > t {
                        return Err(format!("`{s}`: the range ends before it starts"));
                    }
                }
                Ok(r)
            }
            None => Ok(DateRange {
                from: bound(s, false)?,
                to: bound(s, true)?,
            }),
        }
    }

    /// Whether `day` lies in the range.
    pub fn contains(&self, day: Day) -> bool {
        self.from.is_none_or(|f| day >= f) && self.to.is_none_or(|t| day <= t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_dates_records_write() {
        for (text, day) in [
            ("2024/05/01", 20240501),
            ("2024/05/01(水) 10:00:00", 20240501),
            ("2024-05-01T10:00", 20240501),
            ("2024/5/1 9:00", 20240501),
            ("2024年5月1日（水）", 20240501),
            ("令和6年5月1日", 20240501),
            ("令和元年5月1日", 20190501),
            ("平成31年4月30日", 20190430),
            ("昭和60年1月2日", 19850102),
            ("２０２４／０５／０１", 20240501),
            ("第82期 2024/05/01", 20240501),
        ] {
            assert_eq!(find_date(text), Some(day), "{text}");
        }
        assert_eq!(find_date("10:00:00"), None);
        assert_eq!(find_date("第82期"), None);
    }

    #[test]
    fn ranges_cover_whole_months_and_years() {
        let r = DateRange::parse("2024/05..2024/06").unwrap();
        assert!(r.contains(20240501) && r.contains(20240630) && !r.contains(20240701));
        let r = DateRange::parse("平成31年1月1日..").unwrap();
        assert!(r.contains(20190101) && r.contains(20300101) && !r.contains(20181231));
        let r = DateRange::parse("..2023").unwrap();
        assert!(r.contains(20231231) && !r.contains(20240101));
        let r = DateRange::parse("2024").unwrap();
        assert!(r.contains(20240101) && r.contains(20241231) && !r.contains(20250101));
        assert!(DateRange::parse("2025..2024").is_err());
        assert!(DateRange::parse("yesterday").is_err());
    }

    /// Issue 28: impossible dates selected all of their year (or month) instead of failing.
    #[test]
    fn impossible_dates_are_errors() {
        for bad in [
            "2024/13/45",
            "2024/99",
            "2024/00/00",
            "2024/01/32",
            "2023/02/29",
            "2024/04/31",
            "2024/1x",
            "..2024/13",
            "2024/01/00..",
        ] {
            let e = DateRange::parse(bad).unwrap_err();
            assert!(e.contains("is not a date"), "{bad}: {e}");
        }
        for good in [
            "2024/02/29",
            "2024-05-01T10:00",
            "2024年5月1日",
            "2024年5月",
            "2024年",
            "令和6年5月1日",
            "２０２４／０５／０１",
        ] {
            assert!(DateRange::parse(good).is_ok(), "{good}");
        }
    }
}
