//! Many inputs at once: finding the files, reading each into records, and running work on
//! them in parallel with results handed back in input order.
//!
//! Worker threads take inputs in order and hand results back to be emitted in input order;
//! they run at most a fixed window ahead of the oldest result not yet emitted, so memory stays
//! bounded and output starts at once.

mod inputs;
mod read;
pub mod stats;

pub use inputs::{discover, discover_lazily, shard_of, Discovered, Input, InputError};
pub use read::{
    read_and_replay, read_each, read_each_batched, read_input, FileRead, ReadOptions, Replayed,
};

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex};

/// Runs `work` on every input with `jobs` threads (0 = all cores) and passes the results to
/// `emit` in input order. `emit` returning `false` stops the run (a closed pipe).
///
/// Inputs are taken in order by the calling thread and `jobs - 1` helper threads; the calling
/// thread also puts results back in order and emits them, between inputs of its own, so no
/// thread sleeps while there is work. Helpers never run more than a window of inputs ahead of
/// the oldest result not yet emitted, so memory stays bounded however many inputs there are.
/// Parallel work inside `work` (the records of a multi-game file, see [`read_and_replay`]) runs on
/// rayon's global pool, which is sized to `jobs` too (see [`configure_threads`]).
pub fn run_ordered<I, T, W, E>(inputs: I, jobs: usize, work: W, mut emit: E)
where
    I: IntoIterator<Item = Input>,
    I::IntoIter: Send,
    T: Send,
    W: Fn(&Input) -> T + Sync,
    E: FnMut(T) -> bool,
{
    configure_threads(jobs);
    let threads = thread_count(jobs);
    let mut inputs = inputs.into_iter();
    if threads == 1 {
        for input in inputs {
            if !emit(work(&input)) {
                return;
            }
        }
        return;
    }
    // The first input is worked on before any helper starts: a run of one input (a
    // multi-game file) needs none, its records are spread over rayon's pool.
    let Some(first) = inputs.next() else {
        return;
    };
    let window = threads * 64;
    let shared = Shared {
        feed: Mutex::new(inputs),
        taken: AtomicUsize::new(1),
        exhausted: AtomicBool::new(false),
        stop: AtomicBool::new(false),
        emitted: Mutex::new(0),
        room: Condvar::new(),
        sleepers: AtomicUsize::new(0),
    };
    let (tx, rx) = mpsc::channel::<(usize, T)>();
    std::thread::scope(|scope| {
        let mut order = Reorder::new();
        order.put(0, work(&first));
        drop(first);
        for _ in 1..threads {
            let tx = tx.clone();
            let (shared, work) = (&shared, &work);
            scope.spawn(move || {
                while let Some((i, input)) = shared.take() {
                    shared.wait_for_room(i, window);
                    if shared.stop.load(Ordering::Relaxed) || tx.send((i, work(&input))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        loop {
            while let Ok((i, result)) = rx.try_recv() {
                order.put(i, result);
            }
            let before = order.base;
            let go_on = order.flush(&mut emit);
            if order.base != before {
                shared.publish(order.base);
            }
            if !go_on {
                break;
            }
            // Work on the next input while within the window.
            if shared.taken.load(Ordering::Relaxed) < order.base + window {
                if let Some((i, input)) = shared.take() {
                    order.put(i, work(&input));
                    continue;
                }
            }
            if shared.exhausted.load(Ordering::Acquire)
                && order.base >= shared.taken.load(Ordering::Acquire)
            {
                break;
            }
            // Nothing to do here but wait for a helper's result.
            match rx.recv() {
                Ok((i, result)) => order.put(i, result),
                Err(_) => {
                    // Every helper has finished: what arrived is all there is.
                    order.flush(&mut emit);
                    break;
                }
            }
        }
        shared.stop.store(true, Ordering::Relaxed);
        drop(rx);
        shared.publish(order.base);
    });
}

/// What the threads of [`run_ordered`] share.
struct Shared<I> {
    /// The inputs not taken yet.
    feed: Mutex<I>,
    /// How many inputs have been taken (the next one's index).
    taken: AtomicUsize,
    /// Set once the inputs have run out.
    exhausted: AtomicBool,
    /// Set when the run ends early.
    stop: AtomicBool,
    /// How many results have been emitted.
    emitted: Mutex<usize>,
    /// Signalled when `emitted` grows or the run stops.
    room: Condvar,
    /// Helpers waiting on `room`.
    sleepers: AtomicUsize,
}

impl<I: Iterator<Item = Input>> Shared<I> {
    /// The next input and its index, in input order.
    fn take(&self) -> Option<(usize, Input)> {
        let mut feed = self.feed.lock().unwrap_or_else(|e| e.into_inner());
        match feed.next() {
            Some(input) => {
                let i = self.taken.fetch_add(1, Ordering::AcqRel);
                Some((i, input))
            }
            None => {
                self.exhausted.store(true, Ordering::Release);
                None
            }
        }
    }

    /// Waits until input `i` is within `window` of the oldest unemitted result (or the run
    /// stops). Inputs are taken in order, so that oldest one is always being worked on by a
    /// thread that is not waiting here.
    fn wait_for_room(&self, i: usize, window: usize) {
        let mut done = self.emitted.lock().unwrap_or_else(|e| e.into_inner());
        while i >= *done + window && !self.stop.load(Ordering::Relaxed) {
            self.sleepers.fetch_add(1, Ordering::SeqCst);
            done = self.room.wait(done).unwrap_or_else(|e| e.into_inner());
            self.sleepers.fetch_sub(1, Ordering::SeqCst);
        }
    }

    /// Records that `base` results have been emitted and wakes waiting helpers.
    fn publish(&self, base: usize) {
        let mut done = self.emitted.lock().unwrap_or_else(|e| e.into_inner());
        *done = base;
        if self.sleepers.load(Ordering::SeqCst) > 0 || self.stop.load(Ordering::Relaxed) {
            self.room.notify_all();
        }
        drop(done);
    }
}

/// Results put back in input order.
struct Reorder<T> {
    /// Results from index `base` on, `None` where still missing.
    waiting: VecDeque<Option<T>>,
    /// How many results have been emitted.
    base: usize,
}

impl<T> Reorder<T> {
    fn new() -> Reorder<T> {
        Reorder {
            waiting: VecDeque::new(),
            base: 0,
        }
    }

    fn put(&mut self, i: usize, result: T) {
        let slot = i - self.base;
        if self.waiting.len() <= slot {
            self.waiting.resize_with(slot + 1, || None);
        }
        self.waiting[slot] = Some(result);
    }

    /// Emits the results that are next in order; false when `emit` asked to stop.
    fn flush(&mut self, emit: &mut impl FnMut(T) -> bool) -> bool {
        while matches!(self.waiting.front(), Some(Some(_))) {
            let Some(Some(result)) = self.waiting.pop_front() else {
                break;
            };
            self.base += 1;
            if !emit(result) {
                return false;
            }
        }
        true
    }
}

/// The number of worker threads for `jobs` (0 = one per core).
pub fn thread_count(jobs: usize) -> usize {
    if jobs > 0 {
        jobs.min(max_threads())
    } else {
        cores()
    }
}

/// The most threads a run uses, whatever `-j` says: [`THREADS_PER_CORE`] a core (more only
/// costs time creating them; `-j 100000` spent minutes doing so).
pub fn max_threads() -> usize {
    cores() * THREADS_PER_CORE
}

/// How many threads a core may get (see [`max_threads`]).
pub const THREADS_PER_CORE: usize = 4;

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Sizes rayon's global pool (used for the records of a multi-game file) to `jobs` threads
/// (0 = one per core). Only the first call in a process has an effect.
pub fn configure_threads(jobs: usize) {
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(thread_count(jobs))
        .build_global();
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;
    use std::sync::atomic::AtomicIsize;

    fn inputs(n: usize) -> Vec<Input> {
        (0..n)
            .map(|i| Input::File(PathBuf::from(i.to_string())))
            .collect()
    }

    fn index(input: &Input) -> usize {
        match input {
            Input::File(p) => p.to_str().unwrap().parse().unwrap(),
            _ => unreachable!(),
        }
    }

    #[test]
    fn jobs_are_capped_at_a_few_threads_a_core() {
        assert_eq!(thread_count(100_000), max_threads());
        assert_eq!(thread_count(1), 1);
        assert_eq!(thread_count(0), cores());
    }

    #[test]
    fn results_come_in_input_order_with_bounded_lead() {
        for jobs in [1, 2, 3, 8] {
            // How far the furthest input taken runs ahead of the results emitted.
            let taken = AtomicIsize::new(-1);
            let mut seen = Vec::new();
            let mut lead = 0;
            run_ordered(
                inputs(2_000),
                jobs,
                |input| {
                    let i = index(input);
                    taken.fetch_max(i as isize, Ordering::SeqCst);
                    // Uneven work, so results arrive out of order.
                    if i % 7 == 0 {
                        std::thread::sleep(std::time::Duration::from_micros(200));
                    }
                    i
                },
                |i| {
                    lead = lead.max(taken.load(Ordering::SeqCst) - seen.len() as isize);
                    seen.push(i);
                    true
                },
            );
            assert_eq!(seen, (0..2_000).collect::<Vec<_>>(), "jobs {jobs}");
            assert!(
                lead <= (jobs * 64 + jobs) as isize,
                "jobs {jobs}: lead {lead}"
            );
        }
    }

    #[test]
    fn runs_of_no_input_and_of_one_finish() {
        for n in [0, 1, 2] {
            for jobs in [1, 2, 4] {
                let mut seen = Vec::new();
                run_ordered(inputs(n), jobs, index, |i| {
                    seen.push(i);
                    true
                });
                assert_eq!(seen, (0..n).collect::<Vec<_>>(), "n {n} jobs {jobs}");
            }
        }
    }

    #[test]
    fn emit_can_stop_the_run() {
        let worked = AtomicUsize::new(0);
        let mut seen = 0;
        run_ordered(
            inputs(10_000),
            2,
            |input| {
                worked.fetch_add(1, Ordering::SeqCst);
                index(input)
            },
            |_| {
                seen += 1;
                seen < 10
            },
        );
        assert_eq!(seen, 10);
        // Work stops soon after: at most the window and the inputs in flight beyond it.
        assert!(worked.load(Ordering::SeqCst) <= 10 + 2 * 64 + 2);
    }
}
