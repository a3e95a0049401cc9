//! Time controls between formats: a control the clock module reads ([`crate::record::clock`])
//! is written in the target's own form, so that the converted record gets the same time
//! audit: CSA V2.2 `$TIME_LIMIT:HH:MM+SS`, V3.0 `$TIME:total+byoyomi+increment` (`$TIME+` /
//! `$TIME-` for one side), KIF, KI2 and JKF `持ち時間：各10分（秒読み30秒）`. What a form has no
//! words for is written in CSA V3.0's form under its own key (`$TIME：600+0+10` in KIF, which
//! the clock module reads again), and named in `dropped`; a control the clock module cannot
//! read is copied as written and named.
//!
//! It sits below the writers that use it (`csa`, `jkf`, `kakinoki`) and uses only the record
//! layer and [`super::written`].

use super::written::note;
use crate::record::clock::{self, TimeControl};
use crate::record::{MetaKey, MetadataEntry, Record};
use crate::shogi::ByColor;

/// The form a target writes a time control in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// CSA, V2.2 (`v3` false) or V3.0.
    Csa {
        /// Whether V3.0 is written.
        v3: bool,
    },
    /// KIF, KI2 and JKF: the `持ち時間` header.
    Japanese,
}

/// What a writer does with one metadata entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// Not a time control, or one the clock module cannot read: the writer's usual way.
    AsIs,
    /// Said by the lines already written for the record's control.
    Skip,
    /// The record's control, as these `(key, value)` header lines.
    Lines(Vec<(&'static str, String)>),
}

/// Plans the time-control entries of one record, in the order the writer meets them: the
/// first one carries the record's control in the target's form, the ones it already says
/// are skipped.
pub(crate) struct TimeLimits {
    controls: Option<ByColor<TimeControl>>,
    form: Form,
    /// Whether the first entry has been planned (the control written).
    written: bool,
    /// Whether the entries are already in the target's family, and kept as written.
    native: bool,
}

/// Whether `e` states (part of) a time control: the `TimeLimit` keys and KIF's `秒読み`.
fn is_time_entry(e: &MetadataEntry) -> bool {
    e.key == MetaKey::TimeLimit || e.raw_key == "秒読み"
}

/// Whether the clock module reads `e` on its own.
fn readable(e: &MetadataEntry) -> bool {
    match e.raw_key.as_str() {
        "$TIME_LIMIT" => clock::parse_csa_v2(&e.value).is_some(),
        "$TIME" | "$TIME+" | "$TIME-" => clock::parse_csa_v3(&e.value).is_some(),
        "秒読み" => true,
        _ => clock::parse_kif_value(&e.value).is_some(),
    }
}

impl TimeLimits {
    /// The planner for `record` written in `form`.
    pub(crate) fn new(record: &Record, form: Form) -> TimeLimits {
        // A record whose every time entry is already in the target's family (a KIF written
        // as KIF, a CSA as CSA) keeps them as written.
        let native = |e: &MetadataEntry| match form {
            Form::Csa { .. } => e.raw_key.starts_with('$'),
            Form::Japanese => !e.raw_key.starts_with('$'),
        };
        let entries = record.metadata.entries();
        let all_native = entries.iter().filter(|e| is_time_entry(e)).all(native);
        TimeLimits {
            controls: clock::time_controls(record),
            form,
            written: all_native,
            native: all_native,
        }
    }

    /// What to write for `e`; notes in `dropped` what the form cannot say.
    pub(crate) fn plan(&mut self, e: &MetadataEntry, dropped: &mut Vec<String>) -> Plan {
        if !is_time_entry(e) {
            return Plan::AsIs;
        }
        let Some(controls) = self.controls else {
            // Copied into its own family, it is what it was; into another, it is named.
            if e.key == MetaKey::TimeLimit && !self.native {
                note(
                    dropped,
                    &format!(
                        "time control `{}` (not one shogi-tool reads: copied as written, not judged)",
                        e.value
                    ),
                );
            }
            return Plan::AsIs;
        };
        if self.written {
            return if readable(e) && !self.native {
                Plan::Skip
            } else {
                Plan::AsIs
            };
        }
        self.written = true;
        Plan::Lines(self.lines(controls, dropped))
    }

    fn lines(
        &self,
        c: ByColor<TimeControl>,
        dropped: &mut Vec<String>,
    ) -> Vec<(&'static str, String)> {
        let same = c.black == c.white;
        let v3 = |c: ByColor<TimeControl>| {
            if same {
                vec![("$TIME", clock::write_csa_v3(&c.black))]
            } else {
                vec![
                    ("$TIME+", clock::write_csa_v3(&c.black)),
                    ("$TIME-", clock::write_csa_v3(&c.white)),
                ]
            }
        };
        let why = if !same {
            "a control for each side"
        } else if c.black.increment_ms != 0 {
            "an increment"
        } else {
            "fractions of a second"
        };
        match self.form {
            Form::Csa { v3: true } => v3(c),
            Form::Csa { v3: false } => match clock::write_csa_v2(&c.black) {
                Some(v) if same => vec![("$TIME_LIMIT", v)],
                _ => {
                    note(
                        dropped,
                        &format!("time control with {why} (V2.2's `$TIME_LIMIT` has no form for it: written as V3.0's `$TIME`)"),
                    );
                    v3(c)
                }
            },
            Form::Japanese => match clock::write_japanese(&c.black) {
                Some(v) if same => vec![("持ち時間", v)],
                _ => {
                    note(
                        dropped,
                        &format!("time control with {why} (持ち時間 has no words for it: written as CSA V3.0's `$TIME`)"),
                    );
                    v3(c)
                }
            },
        }
    }
}
