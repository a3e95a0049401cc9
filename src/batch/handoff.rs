//! The queue on which the helper threads of [`super::run_ordered_pieces`] hand their results
//! to the thread that emits them (issue 34).
//!
//! A bounded channel woke a helper waiting on a full queue for every result taken from it,
//! so that helper slept again after one more send: hundreds of context switches a run. Here
//! the receiver takes everything queued at once, under one lock, and wakes a waiting sender
//! once for the lot; a sender wakes the receiver only when the receiver waits.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};

/// A bounded many-to-one queue whose receiver takes all that is queued at a time.
pub(super) struct Handoff<T> {
    state: Mutex<State<T>>,
    /// Signalled when the queue is emptied or closed (room for the senders).
    drained: Condvar,
    /// Signalled when the waiting receiver has something to take (or no sender is left).
    filled: Condvar,
    /// How many items are queued, read without the lock to skip an empty queue.
    queued: AtomicUsize,
    /// The most items queued at once before a sender waits.
    capacity: usize,
}

struct State<T> {
    queue: Vec<T>,
    /// Senders not yet finished (see [`Handoff::sender_done`]).
    senders: usize,
    /// Set once the receiver wants no more.
    closed: bool,
    receiver_waiting: bool,
    senders_waiting: usize,
}

/// The receiver has closed the queue: the item was not queued.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Closed;

impl<T> Handoff<T> {
    /// A queue of `capacity` items (at least one) for `senders` senders.
    pub(super) fn new(capacity: usize, senders: usize) -> Handoff<T> {
        Handoff {
            state: Mutex::new(State {
                queue: Vec::new(),
                senders,
                closed: false,
                receiver_waiting: false,
                senders_waiting: 0,
            }),
            drained: Condvar::new(),
            filled: Condvar::new(),
            queued: AtomicUsize::new(0),
            capacity: capacity.max(1),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<T>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues `item`, waiting while the queue is full; fails once the queue is closed.
    pub(super) fn send(&self, item: T) -> Result<(), Closed> {
        let mut state = self.lock();
        while !state.closed && state.queue.len() >= self.capacity {
            state.senders_waiting += 1;
            state = self.drained.wait(state).unwrap_or_else(|e| e.into_inner());
            state.senders_waiting -= 1;
        }
        if state.closed {
            return Err(Closed);
        }
        state.queue.push(item);
        self.queued.store(state.queue.len(), Ordering::Relaxed);
        if state.receiver_waiting {
            state.receiver_waiting = false;
            self.filled.notify_one();
        }
        Ok(())
    }

    /// Says that one sender will send no more (call it even when the sender panics).
    pub(super) fn sender_done(&self) {
        let mut state = self.lock();
        state.senders = state.senders.saturating_sub(1);
        if state.senders == 0 && state.receiver_waiting {
            state.receiver_waiting = false;
            self.filled.notify_one();
        }
    }

    /// Moves what is queued to `out` (which should be empty; it is given the queue's buffer),
    /// without waiting; false when nothing was queued.
    pub(super) fn try_take(&self, out: &mut Vec<T>) -> bool {
        if self.queued.load(Ordering::Relaxed) == 0 {
            return false;
        }
        let mut state = self.lock();
        self.take_locked(&mut state, out)
    }

    /// Like [`Handoff::try_take`], waiting until something is queued; false when nothing is
    /// and every sender is done.
    pub(super) fn take(&self, out: &mut Vec<T>) -> bool {
        let mut state = self.lock();
        while state.queue.is_empty() {
            if state.senders == 0 || state.closed {
                return false;
            }
            state.receiver_waiting = true;
            state = self.filled.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        state.receiver_waiting = false;
        self.take_locked(&mut state, out)
    }

    fn take_locked(&self, state: &mut State<T>, out: &mut Vec<T>) -> bool {
        if state.queue.is_empty() {
            return false;
        }
        out.clear();
        std::mem::swap(&mut state.queue, out);
        self.queued.store(0, Ordering::Relaxed);
        if state.senders_waiting > 0 {
            self.drained.notify_all();
        }
        true
    }

    /// Takes no more: senders waiting or sending from now on fail.
    pub(super) fn close(&self) {
        let mut state = self.lock();
        state.closed = true;
        state.queue.clear();
        self.queued.store(0, Ordering::Relaxed);
        self.drained.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everything_sent_is_taken_in_each_senders_order() {
        let handoff = Handoff::new(8, 3);
        let mut got = Vec::new();
        std::thread::scope(|scope| {
            for s in 0..3usize {
                let handoff = &handoff;
                scope.spawn(move || {
                    for k in 0..2_000usize {
                        handoff.send((s, k)).unwrap();
                    }
                    handoff.sender_done();
                });
            }
            let mut buf = Vec::new();
            while handoff.take(&mut buf) {
                assert!(buf.len() <= 8, "{} items queued at once", buf.len());
                got.append(&mut buf);
            }
        });
        assert_eq!(got.len(), 6_000);
        for s in 0..3 {
            let mine: Vec<usize> = got.iter().filter(|x| x.0 == s).map(|x| x.1).collect();
            assert_eq!(mine, (0..2_000).collect::<Vec<_>>());
        }
    }

    #[test]
    fn try_take_does_not_wait() {
        let handoff: Handoff<u8> = Handoff::new(4, 1);
        let mut buf = Vec::new();
        assert!(!handoff.try_take(&mut buf));
        handoff.send(1).unwrap();
        handoff.send(2).unwrap();
        assert!(handoff.try_take(&mut buf));
        assert_eq!(buf, [1, 2]);
        assert!(!handoff.try_take(&mut buf));
    }

    #[test]
    fn closing_frees_a_sender_waiting_on_a_full_queue() {
        let handoff = Handoff::new(2, 1);
        std::thread::scope(|scope| {
            let sender = scope.spawn(|| {
                let mut sent = 0;
                while handoff.send(sent).is_ok() {
                    sent += 1;
                }
                sent
            });
            // The sender fills the queue and waits; closing must end that wait.
            while handoff.queued.load(Ordering::Relaxed) < 2 {
                std::thread::yield_now();
            }
            handoff.close();
            assert_eq!(sender.join().unwrap(), 2);
        });
        assert_eq!(handoff.send(9), Err(Closed));
    }

    #[test]
    fn the_receiver_stops_waiting_when_the_last_sender_is_done() {
        let handoff: Handoff<u8> = Handoff::new(4, 2);
        std::thread::scope(|scope| {
            scope.spawn(|| handoff.sender_done());
            scope.spawn(|| {
                handoff.send(7).unwrap();
                handoff.sender_done();
            });
            let mut got = Vec::new();
            let mut buf = Vec::new();
            while handoff.take(&mut buf) {
                got.append(&mut buf);
            }
            assert_eq!(got, [7]);
        });
    }
}
