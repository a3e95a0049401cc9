//! Adding up saved statistics (the `stats --format json` outputs of shards) into exactly the
//! result of one run over every shard's inputs, refusing what would not give it.

use std::path::{Path, PathBuf};

use crate::batch::stats::Stats;

/// Why saved statistics could not be merged; each message names the file and says what to do.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// A part could not be read.
    #[error("cannot read {path}")]
    Read {
        /// The part, as given.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A part is not the JSON output of `stats --format json`.
    #[error("{path} is not the JSON output of `stats --format json`: {reason}{hint}")]
    NotStats {
        /// The part, as given.
        path: String,
        /// What the JSON reader said.
        reason: String,
        /// What the part looks like instead (the table or the CSV output), or empty.
        hint: &'static str,
    },
    /// The same file is given twice.
    #[error(
        "{path} is given twice to --merge (as {first} and {path}): each part must be counted once"
    )]
    SameFile {
        /// The part given the second time.
        path: String,
        /// How it was given the first time.
        first: String,
    },
    /// Two parts count the same inputs.
    #[error("{path} and {other} count the same inputs: the same part given twice? Each part must be counted once")]
    SameInputs {
        /// The later part.
        path: String,
        /// The part before it that counts the same inputs.
        other: String,
    },
    /// Two parts count openings of different lengths.
    #[error("{first} counts openings of {first_plies} plies, but {path} of {plies}: run every shard with the same --opening-plies")]
    OpeningPlies {
        /// The first part.
        first: String,
        /// Its opening length.
        first_plies: usize,
        /// The part that differs.
        path: String,
        /// Its opening length.
        plies: usize,
    },
    /// A part's figures contradict each other.
    #[error("{path} cannot be the output of one run of `stats --format json`: {why}; not merged")]
    Inconsistent {
        /// The part.
        path: String,
        /// Which figures disagree.
        why: String,
    },
    /// A figure would overflow.
    #[error("{before} and {path}: {figure} would exceed 18446744073709551615 merged; not merged")]
    Overflow {
        /// The parts merged before.
        before: String,
        /// The part that would overflow it.
        path: String,
        /// The figure.
        figure: String,
    },
}

/// Reads one part, its variants counted as today's runs count them.
fn read_part(path: &Path) -> Result<Stats, MergeError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| MergeError::Read {
        path: shown.clone(),
        source,
    })?;
    let mut part: Stats = serde_json::from_str(&text).map_err(|e| {
        let looks = text.trim_start();
        let hint = if looks.starts_with("records") {
            " (it looks like the table output: run the shards with --format json)"
        } else if looks.starts_with("section,key,value") {
            " (it looks like the CSV output: run the shards with --format json)"
        } else {
            ""
        };
        MergeError::NotStats {
            path: shown.clone(),
            reason: e.to_string(),
            hint,
        }
    })?;
    part.upgrade_variants_out_of_handicaps();
    Ok(part)
}

/// Adds up the `stats --format json` outputs at `paths`, refusing what would not give the
/// result of one run: a file that is not such an output (said with the file and why), the
/// same part twice (by path or by the inputs it counted), parts that count openings of
/// different lengths, figures that contradict each other or would overflow. No path gives
/// empty statistics. The result is finished ([`Stats::finish`]).
pub fn merge_files<P: AsRef<Path>>(paths: &[P]) -> Result<Stats, MergeError> {
    let first = || paths[0].as_ref().display().to_string();
    let mut total: Option<Stats> = None;
    let mut seen: Vec<(PathBuf, PathBuf, String)> = Vec::new();
    for path in paths {
        let path = path.as_ref();
        let shown = path.display().to_string();
        let part = read_part(path)?;
        let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        for (other, other_real, fingerprint) in &seen {
            if *other_real == real {
                return Err(MergeError::SameFile {
                    path: shown,
                    first: other.display().to_string(),
                });
            }
            if !part.inputs_fingerprint.is_empty()
                && part.files > 0
                && *fingerprint == part.inputs_fingerprint
            {
                return Err(MergeError::SameInputs {
                    path: shown,
                    other: other.display().to_string(),
                });
            }
        }
        if let Some(t) = &total {
            if t.opening_plies != part.opening_plies {
                return Err(MergeError::OpeningPlies {
                    first: first(),
                    first_plies: t.opening_plies,
                    path: shown,
                    plies: part.opening_plies,
                });
            }
        }
        if let Some(why) = part.inconsistency() {
            return Err(MergeError::Inconsistent { path: shown, why });
        }
        if let Some(t) = &total {
            if let Some(figure) = t.overflow_with(&part) {
                let before = match seen.len() {
                    1 => first(),
                    n => format!("the {n} parts before ({} ...)", first()),
                };
                return Err(MergeError::Overflow {
                    before,
                    path: shown,
                    figure,
                });
            }
        }
        seen.push((path.to_path_buf(), real, part.inputs_fingerprint.clone()));
        match &mut total {
            Some(t) => *t += part,
            None => total = Some(part),
        }
    }
    let mut total = total.unwrap_or_default();
    total.finish();
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::stats::{json_text, stats_of_paths, to_csv, StatsOptions};

    #[test]
    fn two_halves_merge_into_the_whole_and_a_csv_is_refused_with_a_hint() {
        let dir = tempfile::tempdir().unwrap();
        let options = StatsOptions::default();
        let part = |name: &str, path: &str| {
            let p = dir.path().join(name);
            std::fs::write(&p, json_text(&stats_of_paths(&[path], &options).unwrap())).unwrap();
            p
        };
        let a = part("a.json", "testdata/samples/even-game.csa");
        let b = part("b.json", "testdata/samples/two-games.csa");
        let merged = merge_files(&[&a, &b]).unwrap();
        let whole = stats_of_paths(
            &[
                "testdata/samples/even-game.csa",
                "testdata/samples/two-games.csa",
            ],
            &options,
        )
        .unwrap();
        assert_eq!(merged.records, whole.records);
        assert_eq!(merged.openings, whole.openings);
        assert!(matches!(
            merge_files(&[&a, &a]),
            Err(MergeError::SameFile { .. })
        ));
        let csv = dir.path().join("c.csv");
        std::fs::write(&csv, to_csv(&whole, 5)).unwrap();
        let e = merge_files(&[&csv]).unwrap_err();
        assert!(
            e.to_string().contains("it looks like the CSV output"),
            "{e}"
        );
    }
}
