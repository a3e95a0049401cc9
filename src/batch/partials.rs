//! Statistics added up by the threads that read the records: a pool of partial sums, one in
//! use by each thread at a time, summed once at the end (issue 34: the thread emitting results
//! in input order used to merge one [`Stats`] an input, a tenth of a run's instructions).
//!
//! Each thread has a slot of its own, so that it takes back the partial sum it added to last
//! (warm in its core's cache) and never waits for the other threads' taking and giving back.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::stats::Stats;

/// Partial [`Stats`] that threads take, add to and give back; [`Stats`] adds up in any order,
/// so their total is what one thread adding everything in input order would have counted.
pub struct Partials {
    /// The partial sums not in use, in the slot of the thread that gave them back.
    slots: Vec<Mutex<Vec<Stats>>>,
    /// The opening length a new partial sum counts.
    opening_plies: usize,
}

impl Partials {
    /// No partial sums yet; those made count openings of `opening_plies` moves.
    pub fn new(opening_plies: usize) -> Partials {
        Partials {
            slots: (0..SLOTS).map(|_| Mutex::new(Vec::new())).collect(),
            opening_plies,
        }
    }

    /// A partial sum to add to (an idle one, or a new one when every one is in use).
    pub fn take(&self) -> Stats {
        self.lock()
            .pop()
            .unwrap_or_else(|| Stats::new(self.opening_plies))
    }

    /// Gives back a partial sum taken with [`Partials::take`].
    pub fn give_back(&self, partial: Stats) {
        self.lock().push(partial);
    }

    /// The sum of every partial sum given back.
    pub fn into_total(self) -> Stats {
        let mut total = Stats::new(self.opening_plies);
        for slot in self.slots {
            for partial in slot.into_inner().unwrap_or_else(|e| e.into_inner()) {
                total += partial;
            }
        }
        total
    }

    /// The calling thread's slot.
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Stats>> {
        let slot = THREAD_NUMBER.with(|n| *n) % self.slots.len();
        self.slots[slot].lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// How many slots a [`Partials`] has: more than the threads of a run (a few a core) on most
/// machines; threads beyond share slots, which only costs them some waiting.
const SLOTS: usize = 64;

/// The next thread's number.
static NEXT_THREAD: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// This thread's number, given the first time it takes a partial sum.
    static THREAD_NUMBER: usize = NEXT_THREAD.fetch_add(1, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Statistics of input `i`: a file, a few game lengths, and a failure every 7th.
    fn of_input(s: &mut Stats, i: usize) {
        s.add_input(&format!("f{i}"));
        s.files += 1;
        *s.length_histogram.entry(i % 13).or_default() += 1;
        s.plies_total += (i % 13) as u64;
        *s.outcomes.entry(format!("o{}", i % 3)).or_default() += 1;
        if i % 7 == 0 {
            s.add_failed_file(&format!("f{i}"), None, "bad");
        }
    }

    #[test]
    fn partial_sums_on_many_threads_add_up_to_one_serial_count() {
        let n = 3_000;
        let mut serial = Stats::new(4);
        for i in 0..n {
            of_input(&mut serial, i);
        }
        serial.finish();
        let partials = Partials::new(4);
        let next = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    if i >= n {
                        break;
                    }
                    let mut partial = partials.take();
                    of_input(&mut partial, i);
                    partials.give_back(partial);
                });
            }
        });
        let mut total = partials.into_total();
        total.finish();
        assert_eq!(
            serde_json::to_string(&total).unwrap(),
            serde_json::to_string(&serial).unwrap()
        );
    }

    #[test]
    fn no_partial_sum_is_an_empty_count() {
        let total = Partials::new(6).into_total();
        assert_eq!(total.files, 0);
        assert_eq!(total.opening_plies, 6);
        assert!(total.inputs_fingerprint.is_empty());
    }

    #[test]
    fn each_thread_takes_back_its_own_partial() {
        let partials = Partials::new(0);
        std::thread::scope(|scope| {
            for n in 1..=4u64 {
                let partials = &partials;
                scope.spawn(move || {
                    for k in 0..500u64 {
                        let mut p = partials.take();
                        // Thread n's partial counts n million and its inputs.
                        if k > 0 {
                            assert_eq!(p.files / 1_000_000, n, "thread {n} took another's");
                        }
                        p.files = n * 1_000_000 + k + 1;
                        partials.give_back(p);
                        std::thread::yield_now();
                    }
                });
            }
        });
        assert_eq!(partials.into_total().files, 10_000_000 + 4 * 500);
    }

    #[test]
    fn a_partial_given_back_is_taken_again() {
        let partials = Partials::new(0);
        let mut p = partials.take();
        p.files = 5;
        partials.give_back(p);
        assert_eq!(partials.take().files, 5);
    }
}
