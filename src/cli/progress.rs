//! What the progress bars of the record commands say beside the count of files.

use std::time::Instant;

/// Shows `records` read since `started`, and how many a second, as the bar's message.
pub fn show_rate(bar: &indicatif::ProgressBar, records: u64, started: Instant) {
    let secs = started.elapsed().as_secs_f64().max(1e-3);
    bar.set_message(format!(
        "{records} records, {:.0} records/s",
        records as f64 / secs
    ));
}
