//! Many inputs at once: finding the files, reading each into records, and running work on
//! them in parallel with results handed back in input order.
//!
//! Work is done in chunks: each chunk is processed on all threads and emitted in order before
//! the next is read, so memory stays bounded by the chunk and output starts early.

mod inputs;
mod read;
pub mod stats;

pub use inputs::{discover, shard_of, Input, InputError};
pub use read::{read_input, FileRead, ReadOptions};

use rayon::prelude::*;

/// How many inputs are processed between two emissions of results.
fn chunk_size(threads: usize) -> usize {
    (threads * 16).max(32)
}

/// Replays every record, in parallel when there are several (a multi-game file), returning
/// the reports in record order.
pub fn replay_all(
    records: &[crate::record::Record],
    options: &crate::record::replay::ReplayOptions,
) -> Vec<crate::record::replay::Report> {
    if records.len() > 1 {
        records
            .par_iter()
            .map(|r| crate::record::replay::replay(r, options))
            .collect()
    } else {
        records
            .iter()
            .map(|r| crate::record::replay::replay(r, options))
            .collect()
    }
}

/// Runs `work` on every input with `jobs` threads (0 = all cores) and passes the results to
/// `emit` in input order. `emit` returning `false` stops the run (a closed pipe).
pub fn run_ordered<T, W, E>(inputs: &[Input], jobs: usize, work: W, mut emit: E)
where
    T: Send,
    W: Fn(&Input) -> T + Sync + Send,
    E: FnMut(T) -> bool,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .expect("a thread pool can be built");
    let threads = pool.current_num_threads();
    if threads == 1 {
        for input in inputs {
            if !emit(work(input)) {
                return;
            }
        }
        return;
    }
    for chunk in inputs.chunks(chunk_size(threads)) {
        let results: Vec<T> = pool.install(|| chunk.par_iter().map(&work).collect());
        for r in results {
            if !emit(r) {
                return;
            }
        }
    }
}
