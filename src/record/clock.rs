//! Time audits: the time control a record states, and who overstepped it.
//!
//! The control is read from the header where a record states it: CSA `$TIME_LIMIT:HH:MM+SS`
//! (main time and byoyomi seconds), CSA V3.0 `$TIME:total+byoyomi+increment` (seconds,
//! decimals allowed; `$TIME+`/`$TIME-` for one side), KIF `持ち時間` in its common spellings
//! (`各10分`, `各1時間（秒読み30秒）`, `1時間30分`, with a `秒読み：30秒` header adding
//! byoyomi; `10分+30秒` is left unjudged, being byoyomi on some sites and an increment on
//! others; CSA's forms copied under `持ち時間` by converters are read too, [`parse_kif_value`]).
//! The writers write each control in the target's form ([`write_csa_v2`], [`write_csa_v3`],
//! [`write_japanese`]; `formats::time_limit` chooses). Each side's recorded move times are summed on a clock: the increment is
//! added before each move (the lenient reading), the move's time is taken from the main time,
//! and once that is spent a move may take up to the byoyomi. A move that takes longer, by
//! more than the seconds the record may have rounded its times by ([`ROUNDING_MS`] a move),
//! oversteps ([`audit`]). Records without a stated control, or whose moves carry no times,
//! are not judged.

use super::{MetaKey, NodeKind, Record};
use crate::shogi::{ByColor, Color};

/// The rounding a recorded move time is allowed: records round to the second, some upwards
/// (a move of 10.2 s written as 11 s).
pub const ROUNDING_MS: u64 = 1000;

/// A time control, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The main time (持ち時間).
    pub total_ms: u64,
    /// The time each move may take once the main time is spent (秒読み).
    pub byoyomi_ms: u64,
    /// The time added for each move (Fischer).
    pub increment_ms: u64,
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", clock(self.total_ms))?;
        if self.byoyomi_ms > 0 {
            write!(f, " + {} byoyomi", seconds(self.byoyomi_ms))?;
        }
        if self.increment_ms > 0 {
            write!(f, " + {} a move", seconds(self.increment_ms))?;
        }
        Ok(())
    }
}

/// `1:05:00`, `10:00`, `0:45`: hours, minutes and seconds of `ms` (rounded down).
pub fn clock(ms: u64) -> String {
    let s = ms / 1000;
    match s / 3600 {
        0 => format!("{}:{:02}", s / 60, s % 60),
        h => format!("{h}:{:02}:{:02}", s / 60 % 60, s % 60),
    }
}

/// `30s`, `1.5s`.
fn seconds(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("{}s", ms / 1000)
    } else {
        format!("{}s", ms as f64 / 1000.0)
    }
}

/// Writes `c` as CSA V2.2's `$TIME_LIMIT` value `HH:MM+SS` (main time in whole minutes,
/// byoyomi in whole seconds), read back by [`parse_csa_v2`]; `None` when it does not fit (an
/// increment, or seconds in the main time).
pub fn write_csa_v2(c: &TimeControl) -> Option<String> {
    if c.increment_ms != 0 || c.total_ms % 60_000 != 0 || c.byoyomi_ms % 1000 != 0 {
        return None;
    }
    let minutes = c.total_ms / 60_000;
    Some(format!(
        "{:02}:{:02}+{:02}",
        minutes / 60,
        minutes % 60,
        c.byoyomi_ms / 1000
    ))
}

/// Writes `c` as CSA V3.0's `$TIME` value `total+byoyomi+increment` in seconds (decimals
/// where needed), read back by [`parse_csa_v3`].
pub fn write_csa_v3(c: &TimeControl) -> String {
    let s = |ms: u64| {
        if ms % 1000 == 0 {
            (ms / 1000).to_string()
        } else {
            format!("{}", ms as f64 / 1000.0)
        }
    };
    format!(
        "{}+{}+{}",
        s(c.total_ms),
        s(c.byoyomi_ms),
        s(c.increment_ms)
    )
}

/// Writes `c` as a KIF `持ち時間` value (`各1時間30分`, `各10分（秒読み30秒）`), read back by
/// [`parse_japanese`]; `None` when KIF has no words for it (an increment, or fractions of a
/// second).
pub fn write_japanese(c: &TimeControl) -> Option<String> {
    if c.increment_ms != 0 {
        return None;
    }
    let mut out = format!("各{}", japanese(c.total_ms)?);
    if c.byoyomi_ms > 0 {
        out.push_str(&format!("（秒読み{}）", japanese(c.byoyomi_ms)?));
    }
    Some(out)
}

/// `1時間30分`, `10分`, `30秒`, `0分` for whole seconds.
fn japanese(ms: u64) -> Option<String> {
    if ms % 1000 != 0 {
        return None;
    }
    let s = ms / 1000;
    let mut out = String::new();
    for (n, unit) in [(s / 3600, "時間"), (s / 60 % 60, "分"), (s % 60, "秒")] {
        if n > 0 {
            out.push_str(&format!("{n}{unit}"));
        }
    }
    if out.is_empty() {
        out.push_str("0分");
    }
    Some(out)
}

/// Reads CSA V2 `HH:MM+SS` (`00:25+00`, `01:00+30`).
pub fn parse_csa_v2(s: &str) -> Option<TimeControl> {
    let (main, byoyomi) = s.trim().split_once('+').unwrap_or((s.trim(), "0"));
    let (h, m) = main.split_once(':')?;
    let num = |t: &str| t.trim().parse::<u64>().ok();
    Some(TimeControl {
        total_ms: (num(h)? * 3600 + num(m)? * 60) * 1000,
        byoyomi_ms: num(byoyomi)? * 1000,
        increment_ms: 0,
    })
}

/// Reads CSA V3.0 `total+byoyomi+increment` in seconds, decimals allowed (`600+0+10`,
/// `300+10`).
pub fn parse_csa_v3(s: &str) -> Option<TimeControl> {
    let parts: Vec<&str> = s.trim().split('+').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    let ms = |t: &str| -> Option<u64> {
        let v: f64 = t.trim().parse().ok()?;
        (v.is_finite() && v >= 0.0).then(|| (v * 1000.0).round() as u64)
    };
    Some(TimeControl {
        total_ms: ms(parts[0])?,
        byoyomi_ms: parts.get(1).map_or(Some(0), |t| ms(t))?,
        increment_ms: parts.get(2).map_or(Some(0), |t| ms(t))?,
    })
}

/// A duration written in Japanese (`1時間30分`, `10分`, `30秒`, full-width digits too), in
/// milliseconds, and whether anything was read.
fn japanese_duration(s: &str) -> Option<u64> {
    let mut total = 0u64;
    let mut number: Option<u64> = None;
    let mut any = false;
    for c in s.chars() {
        let digit = match c {
            '0'..='9' => Some(c as u64 - '0' as u64),
            '０'..='９' => Some(c as u64 - '０' as u64),
            _ => None,
        };
        if let Some(d) = digit {
            number = Some(number.unwrap_or(0).checked_mul(10)?.checked_add(d)?);
            continue;
        }
        let unit = match c {
            '時' => 3600,
            '分' => 60,
            '秒' => 1,
            '間' | ' ' | '\u{3000}' => continue,
            _ => return None,
        };
        total += number.take()? * unit * 1000;
        any = true;
    }
    (any && number.is_none()).then_some(total)
}

/// Reads a KIF `持ち時間` value: `各10分`, `各1時間（秒読み30秒）`, `1時間30分`,
/// `各5分 秒読み30秒`, `各10分(1手30秒)`; `None` for anything else (`なし`, free text, and
/// `10分+30秒`, whose `+30秒` is byoyomi on some sites and an increment on others).
pub fn parse_japanese(s: &str) -> Option<TimeControl> {
    let s = s.trim().trim_start_matches('各').trim();
    // `3分切れ負け`: sudden death, no byoyomi.
    let s = s.strip_suffix("切れ負け").map_or(s, str::trim);
    // The byoyomi, in brackets or after a space, named as such (`秒読み30秒`, `1手30秒`). A
    // bare `+30秒` is byoyomi on some sites and an increment on others: not judged.
    let (main, byoyomi) = match s.find(['（', '(', ' ', '\u{3000}']) {
        Some(i) => {
            let rest = s[i..]
                .trim_start_matches(['（', '(', ' ', '\u{3000}'])
                .trim_end_matches(['）', ')']);
            let named = ["秒読み", "1手", "１手"]
                .iter()
                .find_map(|p| rest.strip_prefix(p))?;
            let named = named.trim_start_matches(['：', ':']);
            (&s[..i], japanese_duration(named)?)
        }
        None => (s, 0),
    };
    Some(TimeControl {
        total_ms: japanese_duration(main)?,
        byoyomi_ms: byoyomi,
        increment_ms: 0,
    })
}

/// Reads a `持ち時間` value: KIF's words ([`parse_japanese`]), or CSA's forms as converters
/// copy them under that key (shogi-kifu-converter's and tsshogi's JKF: `00:25+00`,
/// `0:00+10`, `30+0+5`): the V2 form when it has its `:` and `+`, the V3.0 form when it has
/// all three parts (a bare `30+10` is left unjudged, as `10分+30秒` is).
pub fn parse_kif_value(s: &str) -> Option<TimeControl> {
    parse_japanese(s)
        .or_else(|| {
            (s.contains(':') && s.contains('+'))
                .then(|| parse_csa_v2(s))
                .flatten()
        })
        .or_else(|| {
            (s.split('+').count() == 3)
                .then(|| parse_csa_v3(s))
                .flatten()
        })
}

/// The time control of each side that `record` states, if it states one it can read.
pub fn time_controls(record: &Record) -> Option<ByColor<TimeControl>> {
    let mut both: Option<TimeControl> = None;
    let (mut black, mut white) = (None, None);
    let mut byoyomi_header = None;
    for e in record.metadata.entries() {
        match e.raw_key.as_str() {
            "$TIME_LIMIT" => both = both.or_else(|| parse_csa_v2(&e.value)),
            "$TIME" => both = both.or_else(|| parse_csa_v3(&e.value)),
            "$TIME+" => black = black.or_else(|| parse_csa_v3(&e.value)),
            "$TIME-" => white = white.or_else(|| parse_csa_v3(&e.value)),
            "秒読み" => {
                byoyomi_header = japanese_duration(e.value.trim().trim_start_matches('各'))
            }
            _ if e.key == MetaKey::TimeLimit => both = both.or_else(|| parse_kif_value(&e.value)),
            _ => {}
        }
    }
    if let (Some(c), Some(b)) = (both.as_mut(), byoyomi_header) {
        if c.byoyomi_ms == 0 {
            c.byoyomi_ms = b;
        }
    }
    let black = black.or(both)?;
    let white = white.or(both)?;
    Some(ByColor { black, white })
}

/// A side that overstepped its time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overstep {
    /// The ply of the move that overstepped.
    pub ply: usize,
    /// The source line of that move.
    pub line: Option<u32>,
    /// The side.
    pub side: Color,
    /// A sentence with the figures.
    pub message: String,
}

/// What the clocks say about a record's main line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Audit {
    /// The first move of each side that overstepped its time, in ply order.
    pub oversteps: Vec<Overstep>,
    /// For a record ending in a timeout whose ending carries a time: the time the side to
    /// move still had left at the end (main time plus byoyomi, less the ending's time), when
    /// some was left.
    pub time_left_at_timeout: Option<(Color, u64, String)>,
}

/// One side's clock.
#[derive(Clone, Copy)]
struct Clock {
    control: TimeControl,
    /// The main time left.
    left_ms: u64,
    used_ms: u64,
    /// What the rounding of the move times so far may have added: [`ROUNDING_MS`] a move
    /// while the main time lasts, one for the current move in byoyomi.
    allowance_ms: u64,
    over: bool,
}

impl Clock {
    /// Takes `spent` for one move; returns the main time left before it and by how much it
    /// overstepped, if it did by more than the rounding allowance.
    fn take(&mut self, spent: u64) -> Option<(u64, u64)> {
        self.left_ms += self.control.increment_ms;
        self.allowance_ms += ROUNDING_MS;
        let available = self.left_ms + self.control.byoyomi_ms + self.allowance_ms;
        let before = self.left_ms;
        self.used_ms += spent;
        if spent >= self.left_ms {
            // Into the byoyomi: each move is judged alone from now on.
            self.left_ms = 0;
            self.allowance_ms = 0;
        } else {
            self.left_ms -= spent;
        }
        (spent > available).then(|| (before, spent - (before + self.control.byoyomi_ms)))
    }

    /// What is left for the current move: main time, increment and byoyomi, with the
    /// rounding allowance.
    fn available(&self) -> u64 {
        self.left_ms + self.control.increment_ms + self.control.byoyomi_ms
    }
}

/// Audits the main line of `record` against its stated time control; `to_move_at_end` is the
/// side to move where the record ends (the side a timeout names). Nothing when the record
/// states no control or its moves carry no times.
pub fn audit(record: &Record, start_side: Color) -> Audit {
    let mut audit = Audit::default();
    let Some(controls) = time_controls(record) else {
        return audit;
    };
    let new_clock = |c: TimeControl| Clock {
        control: c,
        left_ms: c.total_ms,
        used_ms: 0,
        allowance_ms: 0,
        over: false,
    };
    let mut clocks = ByColor {
        black: new_clock(controls.black),
        white: new_clock(controls.white),
    };
    let mut side = start_side;
    let mut ply = 0;
    let mut timed = false;
    for id in record.tree.main_line() {
        let node = record.tree.node(id);
        let spent = node.time.and_then(|t| t.spent_ms);
        match &node.kind {
            NodeKind::Root => {}
            NodeKind::Move(entry) => {
                ply += 1;
                let mover = entry.mover.unwrap_or(side);
                side = mover.flip();
                let Some(spent) = spent else { continue };
                timed = true;
                let c = clocks.get_mut(mover);
                if let Some((left, by)) = c.take(spent) {
                    if !c.over {
                        c.over = true;
                        audit.oversteps.push(Overstep {
                            ply,
                            line: (node.line > 0).then_some(node.line),
                            side: mover,
                            message: format!(
                                "{mover} overstepped the time control ({}): the move took {} with {} of main time left, {} over; {mover} has used {} in all",
                                c.control,
                                clock_or_seconds(spent),
                                clock(left),
                                clock_or_seconds(by),
                                clock(c.used_ms)
                            ),
                        });
                    }
                }
            }
            NodeKind::Ending(e) => {
                if e.kind != super::EndingKind::Timeout {
                    break;
                }
                // An ending with no time, or a time of 0 (written where the time is not known),
                // says nothing about how long the last turn took.
                let (Some(spent @ 1..), true) = (spent, timed) else {
                    break;
                };
                let c = clocks.get(side);
                let available = c.available();
                if spent + c.allowance_ms + ROUNDING_MS < available && !c.over {
                    audit.time_left_at_timeout = Some((
                        side,
                        available - spent,
                        format!(
                            "{side} had used {} of {} ({} left before the byoyomi) and the ending took {}",
                            clock(c.used_ms),
                            c.control,
                            clock(c.left_ms),
                            clock_or_seconds(spent)
                        ),
                    ));
                }
                break;
            }
        }
    }
    audit
}

/// `45s` under a minute, else `1:05`.
fn clock_or_seconds(ms: u64) -> String {
    if ms < 60_000 {
        seconds(ms)
    } else {
        clock(ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_control_is_written_in_each_form_and_read_back() {
        let c = |t: u64, b: u64, i: u64| TimeControl {
            total_ms: t,
            byoyomi_ms: b,
            increment_ms: i,
        };
        for control in [
            c(60_000, 0, 0),
            c(5_400_000, 30_000, 0),
            c(0, 10_000, 0),
            c(36_000_000, 60_000, 0),
            c(90_000, 0, 0),
            c(600_000, 0, 10_000),
            c(1500, 250, 0),
        ] {
            if let Some(v2) = write_csa_v2(&control) {
                assert_eq!(parse_csa_v2(&v2), Some(control), "{v2}");
            }
            let v3 = write_csa_v3(&control);
            assert_eq!(parse_csa_v3(&v3), Some(control), "{v3}");
            if let Some(ja) = write_japanese(&control) {
                assert_eq!(parse_japanese(&ja), Some(control), "{ja}");
            }
        }
        assert_eq!(write_csa_v2(&c(5_400_000, 30_000, 0)).unwrap(), "01:30+30");
        assert_eq!(write_csa_v2(&c(90_000, 0, 0)), None);
        assert_eq!(write_csa_v3(&c(1500, 250, 0)), "1.5+0.25+0");
        assert_eq!(
            write_japanese(&c(5_400_000, 30_000, 0)).unwrap(),
            "各1時間30分（秒読み30秒）"
        );
        assert_eq!(write_japanese(&c(90_000, 0, 0)).unwrap(), "各1分30秒");
        assert_eq!(write_japanese(&c(600_000, 0, 10_000)), None);
        // CSA's forms under KIF's key, as converters copy them; not a bare `a+b`.
        assert_eq!(parse_kif_value("00:25+00"), Some(c(1_500_000, 0, 0)));
        assert_eq!(parse_kif_value("30+0+5"), Some(c(30_000, 0, 5000)));
        assert_eq!(parse_kif_value("30+10"), None);
        assert_eq!(parse_kif_value("各10分"), Some(c(600_000, 0, 0)));
    }

    #[test]
    fn csa_controls_are_read() {
        let c = parse_csa_v2("00:25+00").unwrap();
        assert_eq!((c.total_ms, c.byoyomi_ms), (1_500_000, 0));
        let c = parse_csa_v2("01:00+30").unwrap();
        assert_eq!((c.total_ms, c.byoyomi_ms), (3_600_000, 30_000));
        let c = parse_csa_v3("600+0+10").unwrap();
        assert_eq!(
            (c.total_ms, c.byoyomi_ms, c.increment_ms),
            (600_000, 0, 10_000)
        );
        let c = parse_csa_v3("300.5+10").unwrap();
        assert_eq!((c.total_ms, c.byoyomi_ms), (300_500, 10_000));
        assert_eq!(parse_csa_v2("6時間"), None);
        assert_eq!(parse_csa_v3("x+1"), None);
    }

    #[test]
    fn japanese_controls_are_read() {
        for (text, total, byoyomi) in [
            ("各10分", 600, 0),
            ("各1時間（秒読み30秒）", 3600, 30),
            ("1時間30分", 5400, 0),
            ("各５分 秒読み３０秒", 300, 30),
            ("各2時間", 7200, 0),
            ("各10分(1手30秒)", 600, 30),
            ("30秒", 30, 0),
            ("3分切れ負け", 180, 0),
        ] {
            let c = parse_japanese(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(
                (c.total_ms, c.byoyomi_ms),
                (total * 1000, byoyomi * 1000),
                "{text}"
            );
        }
        for text in [
            "なし",
            "",
            "各10",
            "たくさん",
            "10分+",
            "10分+30秒",
            "10分(30秒)",
        ] {
            assert_eq!(parse_japanese(text), None, "{text}");
        }
        assert_eq!(
            TimeControl {
                total_ms: 3_600_000,
                byoyomi_ms: 30_000,
                increment_ms: 0
            }
            .to_string(),
            "1:00:00 + 30s byoyomi"
        );
    }
}
