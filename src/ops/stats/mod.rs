//! `stats` as a library call: accumulate the statistics of a collection ([`accumulate`],
//! [`stats_of_paths`]), add up saved ones ([`merge_files`]) and render them ([`to_json`],
//! [`to_csv`], [`to_table`]; the HTML report is [`crate::views::report_html::report`]).
//!
//! ```no_run
//! use shogi_tool::ops::stats::{stats_of_paths, to_json, StatsOptions};
//!
//! let stats = stats_of_paths(&["testdata/samples"], &StatsOptions::default())?;
//! println!("{}", to_json(&stats)["records"]);
//! # Ok::<(), shogi_tool::batch::NothingToRead>(())
//! ```

mod merge;
mod render;
mod rows;
mod run;

pub use crate::batch::stats::{Failure, Stats};
pub use merge::{merge_files, MergeError};
pub use render::{
    json_text, summary, to_csv, to_json, to_table, Summary, TableOptions, VariantSummary,
};
pub use rows::{game_row, listed, names, opening_of, Names};
pub use run::{accumulate, stats_of_paths, StatsOptions, StatsPiece, StatsRun};
