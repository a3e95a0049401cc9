//! Many inputs at once: finding the files, reading each into records, and running work on
//! them in parallel with results handed back in input order.
//!
//! Worker threads take inputs in order and hand results back to be emitted in input order;
//! they run at most a fixed window ahead of the oldest result not yet emitted, so memory stays
//! bounded and output starts at once.

mod handoff;
mod inputs;
mod partials;
mod read;
pub mod stats;

pub use inputs::{
    discover, discover_lazily, discover_some, shard_of, Discovered, Input, InputError,
    NothingToRead, SomeInputs,
};
pub use partials::Partials;
pub use read::{
    read_and_replay, read_bytes, read_each, read_each_batched, read_each_batched_to_end,
    read_input, FileRead, ReadOptions, Replayed,
};

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

use handoff::Handoff;

/// Runs `work` on every input with `jobs` threads (0 = all cores) and passes the results to
/// `emit` in input order. `emit` returning `false` stops the run (a closed pipe).
///
/// Inputs are taken in order by the calling thread and `jobs - 1` helper threads; the calling
/// thread also puts results back in order and emits them, between inputs of its own, so no
/// thread sleeps while there is work. Helpers never run more than a window of inputs ahead of
/// the oldest result not yet emitted, so memory stays bounded however many inputs there are.
/// Parallel work inside `work` (the records of a multi-game file, see [`read_and_replay`]) runs on
/// rayon's global pool, which is sized to `jobs` too (see [`configure_threads`]).
pub fn run_ordered<I, T, W, E>(inputs: I, jobs: usize, work: W, emit: E)
where
    I: IntoIterator<Item = Input>,
    I::IntoIter: Send,
    T: Send,
    W: Fn(&Input) -> T + Sync,
    E: FnMut(T) -> bool,
{
    run_ordered_pieces(
        inputs,
        jobs,
        |input, sink| {
            sink(work(input));
        },
        emit,
    );
}

/// Like [`run_ordered`], for work that hands over an input's results in pieces as they are
/// done (the batches of records of a multi-game file, see [`read_each_batched`]): `work` gives
/// each piece to its sink, which returns false once the run has stopped (then `work` should
/// return). Pieces reach `emit` in input order, and in order within an input.
///
/// The pieces of the input being emitted go out as they come (its thread waits when a window
/// of them is not emitted yet); an input further on holds at most [`PIECES_AHEAD`] pieces
/// before its thread waits for its turn. So a run holds a bounded number of pieces, however
/// many records a file holds.
pub fn run_ordered_pieces<I, T, W, E>(inputs: I, jobs: usize, work: W, mut emit: E)
where
    I: IntoIterator<Item = Input>,
    I::IntoIter: Send,
    T: Send,
    W: Fn(&Input, &mut dyn FnMut(T) -> bool) + Sync,
    E: FnMut(T) -> bool,
{
    configure_threads(jobs);
    let threads = thread_count(jobs);
    let mut inputs = inputs.into_iter();
    if threads == 1 {
        let mut go_on = true;
        for input in inputs {
            work(&input, &mut |piece| {
                go_on = go_on && emit(piece);
                go_on
            });
            if !go_on {
                return;
            }
        }
        return;
    }
    // The first input is taken before any helper starts (a run of no input needs none), but
    // worked on only once they have: taking it lists the first folder, after which the
    // helpers find the next inputs at once. A run of one input (a multi-game file, whose
    // records are spread over rayon's pool) costs a helper that finds nothing and ends.
    let Some(first) = inputs.next() else {
        return;
    };
    let window = threads * 64;
    let shared = Shared {
        feed: Mutex::new(inputs),
        taken: AtomicUsize::new(1),
        exhausted: AtomicBool::new(false),
        stop: AtomicBool::new(false),
        emitted: AtomicUsize::new(0),
        sleep: Mutex::new(()),
        room: Condvar::new(),
        sleepers: AtomicUsize::new(0),
    };
    // Bounded, so that a thread whose pieces are being emitted waits when emitting is slower
    // (a slow pipe) instead of piling them up.
    let handoff = Handoff::<(usize, Piece<T>)>::new(window, threads - 1);
    std::thread::scope(|scope| {
        // However this thread leaves (a panic in `work` or `emit` too), the helpers stop, so
        // that none waits for room the scope would wait for.
        let _stop = StopOnDrop(&shared, &handoff);
        let mut order = Reorder::new();
        let mut go_on = true;
        // Works on input `i` on this thread, emitting what is due between its pieces.
        let work_here = |i: usize,
                         input: &Input,
                         order: &mut Reorder<T>,
                         go_on: &mut bool,
                         emit: &mut E,
                         got: &mut Vec<(usize, Piece<T>)>| {
            work(input, &mut |piece| {
                if !*go_on {
                    return false;
                }
                order.put(i, Piece::Part(piece));
                let mut just_taken = false;
                loop {
                    // Everything the helpers have queued, at once (but not a second lot
                    // before the first is emitted: the queue and one lot are all a run holds).
                    if !just_taken && handoff.try_take(got) {
                        order.put_all(got);
                    }
                    let before = order.base;
                    *go_on = order.flush(emit);
                    if order.base != before {
                        shared.publish(order.base);
                    }
                    if !*go_on {
                        return false;
                    }
                    if order.base == i || order.held(i) < PIECES_AHEAD {
                        return true;
                    }
                    // Too far ahead of the input being emitted: help it along by emitting
                    // what its thread sends.
                    if !handoff.take(got) {
                        return true;
                    }
                    order.put_all(got);
                    just_taken = true;
                }
            });
            order.put(i, Piece::Done);
        };
        for _ in 1..threads {
            let (shared, work, handoff) = (&shared, &work, &handoff);
            scope.spawn(move || {
                // Counted out however the thread ends, so that the emitting thread never
                // waits for a helper that is gone.
                let _done = SenderDone(handoff);
                while let Some((i, input)) = shared.take() {
                    shared.wait_for_room(i, window);
                    if shared.stop.load(Ordering::Relaxed) {
                        break;
                    }
                    // Each piece is sent when the next one comes, the last one with the end
                    // of the input: one message an input for the common one-piece input, so a
                    // helper fills the queue (and sleeps) half as often.
                    let mut sent = 0usize;
                    let mut held: Option<T> = None;
                    work(&input, &mut |piece| {
                        if let Some(previous) = held.replace(piece) {
                            if sent >= PIECES_AHEAD {
                                shared.wait_for_turn(i);
                            }
                            sent += 1;
                            if handoff.send((i, Piece::Part(previous))).is_err() {
                                return false;
                            }
                        }
                        !shared.stop.load(Ordering::Relaxed)
                    });
                    let end = match held {
                        Some(last) => Piece::Last(last),
                        None => Piece::Done,
                    };
                    if shared.stop.load(Ordering::Relaxed) || handoff.send((i, end)).is_err() {
                        break;
                    }
                }
            });
        }
        let mut got = Vec::new();
        work_here(0, &first, &mut order, &mut go_on, &mut emit, &mut got);
        drop(first);
        let mut just_taken = false;
        while go_on {
            if !std::mem::take(&mut just_taken) && handoff.try_take(&mut got) {
                order.put_all(&mut got);
            }
            let before = order.base;
            go_on = order.flush(&mut emit);
            if order.base != before {
                shared.publish(order.base);
            }
            if !go_on {
                break;
            }
            // Work on the next input while within the window.
            if shared.taken.load(Ordering::Relaxed) < order.base + window {
                if let Some((i, input)) = shared.take() {
                    work_here(i, &input, &mut order, &mut go_on, &mut emit, &mut got);
                    continue;
                }
            }
            if shared.exhausted.load(Ordering::Acquire)
                && order.base >= shared.taken.load(Ordering::Acquire)
            {
                break;
            }
            // Nothing to do here but wait for a helper's result.
            if handoff.take(&mut got) {
                order.put_all(&mut got);
                just_taken = true;
            } else {
                // Every helper has finished: what arrived is all there is.
                order.flush(&mut emit);
                break;
            }
        }
    });
}

/// Stops the helpers of [`run_ordered_pieces`] when the emitting thread leaves the scope.
struct StopOnDrop<'a, I: Iterator<Item = Input>, P>(&'a Shared<I>, &'a Handoff<P>);

impl<I: Iterator<Item = Input>, P> Drop for StopOnDrop<'_, I, P> {
    fn drop(&mut self) {
        self.0.stop.store(true, Ordering::SeqCst);
        self.1.close();
        let base = self.0.emitted.load(Ordering::SeqCst);
        self.0.publish(base);
    }
}

/// Tells the handoff a helper is done when it leaves, by its end or by a panic.
struct SenderDone<'a, P>(&'a Handoff<P>);

impl<P> Drop for SenderDone<'_, P> {
    fn drop(&mut self) {
        self.0.sender_done();
    }
}

/// How many records of a multi-game file are read (in parallel) and handed over at a time
/// by the subcommands that stream their results (see [`read_each_batched`]).
pub const RECORDS_PER_BATCH: usize = 256;

/// How many pieces an input that is not being emitted yet may hand over before its thread
/// waits for its turn (see [`run_ordered_pieces`]).
pub const PIECES_AHEAD: usize = 4;

/// What a thread of [`run_ordered_pieces`] hands back for an input.
enum Piece<T> {
    /// A piece of its results.
    Part(T),
    /// The end of them.
    Done,
    /// Their last piece, and the end of them.
    Last(T),
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
    /// How many results have been emitted (read without a lock; see [`Shared::publish`]).
    emitted: AtomicUsize,
    /// Held by helpers going to sleep on `room`, and by [`Shared::publish`] to wake them.
    sleep: Mutex<()>,
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
        self.wait_until(|done| i < done + window);
    }

    /// Waits until input `i` is the one being emitted (or the run stops).
    fn wait_for_turn(&self, i: usize) {
        self.wait_until(|done| done >= i);
    }

    /// Waits until `ready` holds of the count emitted, or the run stops. Without taking a
    /// lock when it holds already: helpers ask once an input.
    fn wait_until(&self, ready: impl Fn(usize) -> bool) {
        let ready_now =
            || ready(self.emitted.load(Ordering::SeqCst)) || self.stop.load(Ordering::SeqCst);
        if ready_now() {
            return;
        }
        let mut guard = self.sleep.lock().unwrap_or_else(|e| e.into_inner());
        // Counted before looking again, so that `publish` either sees a sleeper or was seen.
        self.sleepers.fetch_add(1, Ordering::SeqCst);
        while !ready_now() {
            guard = self.room.wait(guard).unwrap_or_else(|e| e.into_inner());
        }
        self.sleepers.fetch_sub(1, Ordering::SeqCst);
    }

    /// Records that `base` results have been emitted and wakes waiting helpers (taking the
    /// lock only when one sleeps).
    fn publish(&self, base: usize) {
        self.emitted.store(base, Ordering::SeqCst);
        if self.sleepers.load(Ordering::SeqCst) > 0 {
            let _guard = self.sleep.lock().unwrap_or_else(|e| e.into_inner());
            self.room.notify_all();
        }
    }
}

/// Results put back in input order.
struct Reorder<T> {
    /// The pieces of the inputs from index `base` on, and whether each input is done.
    waiting: VecDeque<(VecDeque<T>, bool)>,
    /// How many inputs have been emitted whole.
    base: usize,
}

impl<T> Reorder<T> {
    fn new() -> Reorder<T> {
        Reorder {
            waiting: VecDeque::new(),
            base: 0,
        }
    }

    fn put(&mut self, i: usize, piece: Piece<T>) {
        let slot = i - self.base;
        if self.waiting.len() <= slot {
            self.waiting
                .resize_with(slot + 1, || (VecDeque::new(), false));
        }
        match piece {
            Piece::Part(t) => self.waiting[slot].0.push_back(t),
            Piece::Done => self.waiting[slot].1 = true,
            Piece::Last(t) => {
                self.waiting[slot].0.push_back(t);
                self.waiting[slot].1 = true;
            }
        }
    }

    /// Puts every piece of `got` in its place, leaving `got` empty.
    fn put_all(&mut self, got: &mut Vec<(usize, Piece<T>)>) {
        for (i, piece) in got.drain(..) {
            self.put(i, piece);
        }
    }

    /// How many pieces of input `i` wait to be emitted.
    fn held(&self, i: usize) -> usize {
        i.checked_sub(self.base)
            .and_then(|slot| self.waiting.get(slot))
            .map_or(0, |(pieces, _)| pieces.len())
    }

    /// Emits the pieces that are next in order; false when `emit` asked to stop.
    fn flush(&mut self, emit: &mut impl FnMut(T) -> bool) -> bool {
        while let Some((pieces, done)) = self.waiting.front_mut() {
            while let Some(t) = pieces.pop_front() {
                if !emit(t) {
                    return false;
                }
            }
            if !*done {
                break;
            }
            self.waiting.pop_front();
            self.base += 1;
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
    fn pieces_come_in_order_and_few_are_held() {
        // Every 5th input is a "multi-game file" of 300 pieces; the others have 0 to 2.
        let pieces = |i: usize| if i % 5 == 0 { 300 } else { i % 3 };
        for jobs in [1, 2, 3, 8] {
            let n = 200;
            // Pieces handed over but not yet emitted, and the most there ever were.
            let (pending, most) = (AtomicIsize::new(0), AtomicIsize::new(0));
            let mut seen = Vec::new();
            run_ordered_pieces(
                inputs(n),
                jobs,
                |input, sink| {
                    let i = index(input);
                    for k in 0..pieces(i) {
                        if k % 50 == 7 {
                            std::thread::sleep(std::time::Duration::from_micros(100));
                        }
                        let now = pending.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        if !sink((i, k)) {
                            return;
                        }
                    }
                },
                |piece| {
                    pending.fetch_sub(1, Ordering::SeqCst);
                    seen.push(piece);
                    true
                },
            );
            let expected: Vec<(usize, usize)> = (0..n)
                .flat_map(|i| (0..pieces(i)).map(move |k| (i, k)))
                .collect();
            assert_eq!(seen, expected, "jobs {jobs}");
            // At most PIECES_AHEAD (and the one in hand) an input in flight, not 300.
            let threads = thread_count(jobs) as isize;
            let bound = threads * (PIECES_AHEAD as isize + 2) + (threads * 64) * 3;
            let most = most.load(Ordering::SeqCst);
            assert!(most <= bound, "jobs {jobs}: {most} pieces held");
        }
    }

    #[test]
    fn a_long_input_is_not_held_whole() {
        // One input of many pieces behind a slow one: its thread waits for its turn.
        for jobs in [2, 4] {
            let (pending, most) = (AtomicIsize::new(0), AtomicIsize::new(0));
            let mut count = 0;
            run_ordered_pieces(
                inputs(2),
                jobs,
                |input, sink| {
                    let i = index(input);
                    if i == 0 {
                        std::thread::sleep(std::time::Duration::from_millis(50));
                    }
                    for k in 0..10_000 {
                        let now = pending.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        if !sink(k) {
                            return;
                        }
                    }
                },
                |_| {
                    pending.fetch_sub(1, Ordering::SeqCst);
                    count += 1;
                    true
                },
            );
            assert_eq!(count, 20_000);
            let most = most.load(Ordering::SeqCst);
            // The channel's room, what was taken from it before emitting, a few in hand.
            let bound = 2 * thread_count(jobs) * 64 + 2 * (PIECES_AHEAD + 2);
            assert!(most <= bound as isize, "jobs {jobs}: {most} held");
        }
    }

    #[test]
    fn emit_can_stop_a_run_of_pieces() {
        for jobs in [1, 2, 4] {
            let worked = AtomicUsize::new(0);
            let mut seen = 0;
            run_ordered_pieces(
                inputs(50),
                jobs,
                |_, sink| {
                    for k in 0..1_000 {
                        worked.fetch_add(1, Ordering::SeqCst);
                        if !sink(k) {
                            return;
                        }
                    }
                },
                |_| {
                    seen += 1;
                    seen < 1_500
                },
            );
            assert_eq!(seen, 1_500, "jobs {jobs}");
            let worked = worked.load(Ordering::SeqCst);
            assert!(
                worked < 1_500 + 300 * 4,
                "jobs {jobs}: {worked} pieces made"
            );
        }
    }

    #[test]
    fn helpers_work_while_the_first_input_is_worked_on() {
        // Input 0 waits (up to 5 s) for another input to start. The helpers used to start
        // only once the first input was done, so a run spent that input alone (issue 34).
        let started = AtomicUsize::new(0);
        let overlapped = AtomicBool::new(false);
        let mut seen = Vec::new();
        run_ordered(
            inputs(4),
            2,
            |input| {
                let i = index(input);
                if i == 0 {
                    let t0 = std::time::Instant::now();
                    while started.load(Ordering::SeqCst) == 0
                        && t0.elapsed() < std::time::Duration::from_secs(5)
                    {
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                    overlapped.store(started.load(Ordering::SeqCst) > 0, Ordering::SeqCst);
                } else {
                    started.fetch_add(1, Ordering::SeqCst);
                }
                i
            },
            |i| {
                seen.push(i);
                true
            },
        );
        assert_eq!(seen, vec![0, 1, 2, 3]);
        assert!(
            overlapped.load(Ordering::SeqCst),
            "no helper ran beside input 0"
        );
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
