//! The training-data operations as library calls, on top of [`crate::training`]: the export
//! of `positions --format hcpe|psv`, and `.hcpe`/`.psv` files read back as inputs of
//! `positions`, `validate` and `stats`.

pub mod check;
pub mod export;
pub mod files;
pub mod read_back;

pub use check::{check_file, EntryCounts, EntryProblem};
pub use export::{export, ExportRun, TrainingExportOptions};
pub use files::{open, training_format};
pub use read_back::{read_back_positions, training_stats, NotTraining, ReadBack, TrainingStatsRun};
