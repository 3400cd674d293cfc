//! Engines raced on threads, won by the least work (priced solver queries), not by the clock.
//!
//! Each engine runs in a [`Lane`] that counts every query its thread makes
//! (through [`super::smt::Budget::check`]), each at the engine's price in
//! work units. When one engine answers after `w` units, the others may go
//! on only while they could still win: up to `w` units for an engine
//! earlier in the fixed order, `w - 1` for a later one. Past that cap
//! their checks fail and their watchdog interrupts Z3. So the answer is
//! the definite one with the least work (ties to the earlier engine),
//! whichever thread got there first on the clock; the same input gives the
//! same certificate unless a time limit cuts an engine short.

use super::watchdog::Canceller;
use super::Unknown;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::SeqCst};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often the referee looks for lanes cancelled on their own threads.
const POLL: Duration = Duration::from_millis(2);

/// One engine's share of a race.
#[derive(Default)]
pub struct Lane {
    /// Work done so far: [`Lane::price`] units per query.
    work: AtomicU64,
    /// Work units one query of this engine counts for.
    price: u64,
    /// Queries allowed; `u64::MAX` until a rival answers.
    cap: AtomicU64,
    cancelled: AtomicBool,
    /// The engine can only refute (e.g. simulation): a proof elsewhere
    /// means it cannot answer, so it is stopped.
    refutes_only: bool,
    /// The watchdogs of the engine's Z3 contexts, interrupted on cancel.
    watchdogs: Mutex<Vec<Canceller>>,
}

impl Lane {
    /// A lane whose queries count `price` work units each.
    pub fn new(price: u64) -> Arc<Lane> {
        Arc::new(Lane {
            cap: AtomicU64::new(u64::MAX),
            price,
            ..Lane::default()
        })
    }

    /// A lane for an engine that can only answer unsafe.
    pub fn refuting(price: u64) -> Arc<Lane> {
        Arc::new(Lane {
            cap: AtomicU64::new(u64::MAX),
            price,
            refutes_only: true,
            ..Lane::default()
        })
    }

    /// Work units spent so far.
    pub fn work(&self) -> u64 {
        self.work.load(SeqCst)
    }

    /// Solver queries made so far (work units over the price).
    pub fn solver_queries(&self) -> u64 {
        self.work() / self.price.max(1)
    }

    /// Lets the engine go on only while it has spent at most `cap` work units.
    pub fn limit(&self, cap: u64) {
        self.cap.fetch_min(cap, SeqCst);
        if self.work() > self.cap.load(SeqCst) {
            self.cancel();
        }
    }

    fn cancel(&self) {
        if !self.cancelled.swap(true, SeqCst) {
            for w in self
                .watchdogs
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .iter()
            {
                w.cancel();
            }
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(SeqCst)
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Arc<Lane>>> = const { RefCell::new(None) };
}

/// Runs `f` on this thread inside `lane`.
pub fn in_lane<T>(lane: Arc<Lane>, f: impl FnOnce() -> T) -> T {
    struct Reset(Option<Arc<Lane>>);
    impl Drop for Reset {
        fn drop(&mut self) {
            CURRENT.with(|c| *c.borrow_mut() = self.0.take());
        }
    }
    let _reset = Reset(CURRENT.with(|c| c.borrow_mut().replace(lane)));
    f()
}

/// Counts one query of this thread's lane; fails once the lane is past its cap.
pub fn tick() -> Result<(), Unknown> {
    CURRENT.with(|c| match c.borrow().as_ref() {
        None => Ok(()),
        Some(lane) => {
            let n = lane.work.fetch_add(lane.price, SeqCst) + lane.price;
            if n > lane.cap.load(SeqCst) {
                lane.cancel();
            }
            if lane.is_cancelled() {
                Err(Unknown(
                    "outraced: another engine answered with less work".into(),
                ))
            } else {
                Ok(())
            }
        }
    })
}

/// Has this thread's lane been cancelled (deadline checks treat it as expiry)?
pub fn cancelled() -> bool {
    CURRENT.with(|c| c.borrow().as_ref().is_some_and(|l| l.is_cancelled()))
}

/// Registers a new watchdog of this thread with its lane (cancelled at
/// once if the lane already is).
pub fn attach(watchdog: Canceller) {
    CURRENT.with(|c| {
        if let Some(lane) = c.borrow().as_ref() {
            if lane.is_cancelled() {
                watchdog.cancel();
            }
            lane.watchdogs
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push(watchdog);
        }
    })
}

/// What one finished engine reports to the race.
pub struct Finish<T> {
    pub lane: usize,
    /// `Some(true)`: safe, `Some(false)`: unsafe, `None`: no answer.
    pub answer: Option<bool>,
    pub result: T,
}

/// The race's referee: caps the rivals of each definite answer and, once
/// every lane has finished, names the winner: the definite answer with the
/// least work, ties to the earlier lane; `None` if no answer is definite.
/// A proof stops the refuting lanes at once: sound engines cannot disagree.
/// The referee stops listening once every lane has finished or been
/// cancelled (a cancelled lane cannot win), so it never waits for losers
/// to wind down.
pub fn referee<T>(
    lanes: &[Arc<Lane>],
    finishes: &Receiver<Finish<T>>,
    mut on_finish: impl FnMut(&Finish<T>),
) -> (Option<usize>, Vec<Option<T>>) {
    let mut results: Vec<Option<T>> = (0..lanes.len()).map(|_| None).collect();
    let mut definite = vec![false; lanes.len()];
    loop {
        let decided = lanes
            .iter()
            .enumerate()
            .all(|(j, lane)| results[j].is_some() || lane.is_cancelled());
        if decided {
            break;
        }
        // A lane is cancelled on its own thread: look again every few ms.
        let f = match finishes.recv_timeout(POLL) {
            Ok(f) => f,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        on_finish(&f);
        if let Some(safe) = f.answer {
            let q = lanes[f.lane].work();
            for (j, rival) in lanes.iter().enumerate() {
                if safe && rival.refutes_only {
                    rival.cancel();
                } else if j < f.lane {
                    rival.limit(q);
                } else if j > f.lane {
                    rival.limit(q.saturating_sub(1));
                }
            }
        }
        definite[f.lane] = f.answer.is_some();
        results[f.lane] = Some(f.result);
    }
    let winner = (0..lanes.len())
        .filter(|&i| definite[i])
        .min_by_key(|&i| (lanes[i].work(), i));
    (winner, results)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    fn spend(lane: &Arc<Lane>, n: u64) -> Result<(), Unknown> {
        in_lane(lane.clone(), || (0..n).try_for_each(|_| tick()))
    }

    fn finish<T>(lane: usize, answer: Option<bool>, result: T) -> Finish<T> {
        Finish {
            lane,
            answer,
            result,
        }
    }

    #[test]
    fn the_fewest_queries_win_whatever_order_the_answers_arrive_in() {
        for order in [[0, 1], [1, 0]] {
            let lanes = [Lane::new(1), Lane::new(1)];
            let spent = [30, 20];
            let (tx, rx) = channel();
            for &i in &order {
                // Spent before the referee caps anyone: both answer.
                spend(&lanes[i], spent[i]).unwrap();
                tx.send(finish(i, Some(true), ["pdr", "cegar"][i])).unwrap();
            }
            let (winner, _) = referee(&lanes, &rx, |_| {});
            assert_eq!(winner, Some(1), "order {order:?}");
        }
    }

    #[test]
    fn a_tie_goes_to_the_earlier_lane() {
        let lanes = [Lane::new(1), Lane::new(1)];
        let (tx, rx) = channel();
        spend(&lanes[1], 5).unwrap();
        tx.send(finish(1, Some(true), ())).unwrap();
        // Lane 0 may still use 5 queries after lane 1 answered with 5.
        let l0 = lanes[0].clone();
        let worker = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            let ok = spend(&l0, 5);
            tx.send(finish(0, ok.ok().map(|_| true), ())).unwrap();
        });
        let (winner, _) = referee(&lanes, &rx, |_| {});
        worker.join().unwrap();
        assert_eq!(winner, Some(0));
    }

    #[test]
    fn a_lane_past_its_cap_fails_its_next_query() {
        let lanes = [Lane::new(1), Lane::new(1)];
        let (tx, rx) = channel();
        spend(&lanes[0], 3).unwrap();
        tx.send(finish(0, Some(false), ())).unwrap();
        let l1 = lanes[1].clone();
        let worker = std::thread::spawn(move || {
            // Lane 1 is later in the order: it may use 2 queries, not 3.
            std::thread::sleep(Duration::from_millis(20));
            assert!(spend(&l1, 2).is_ok());
            assert!(spend(&l1, 1).is_err());
            assert!(in_lane(l1.clone(), cancelled));
        });
        let (winner, results) = referee(&lanes, &rx, |_| {});
        worker.join().unwrap();
        assert_eq!((winner, results), (Some(0), vec![Some(()), None]));
        assert!(lanes[1].is_cancelled());
    }

    #[test]
    fn a_proof_stops_a_refuting_lane_but_a_refutation_does_not() {
        for (safe, stopped) in [(true, true), (false, false)] {
            let lanes = [Lane::refuting(1), Lane::new(1)];
            let (tx, rx) = channel();
            spend(&lanes[1], 4).unwrap();
            tx.send(finish(1, Some(safe), ())).unwrap();
            if !stopped {
                // The refuting lane may still answer: it must be waited for.
                tx.send(finish(0, None, ())).unwrap();
            }
            let _ = referee(&lanes, &rx, |_| {});
            assert_eq!(lanes[0].is_cancelled(), stopped, "safe: {safe}");
        }
    }

    #[test]
    fn the_referee_does_not_wait_for_a_cancelled_lane() {
        let lanes = [Lane::new(1), Lane::new(1)];
        let (tx, rx) = channel();
        spend(&lanes[1], 9).unwrap();
        spend(&lanes[0], 3).unwrap();
        tx.send(finish(0, Some(true), "pdr")).unwrap();
        // Lane 1 is past its cap of 2 and never reports: decided without it.
        let (winner, results) = referee(&lanes, &rx, |_| {});
        drop(tx);
        assert_eq!((winner, results), (Some(0), vec![Some("pdr"), None]));
    }

    #[test]
    fn no_definite_answer_means_no_winner() {
        let lanes = [Lane::new(1)];
        let (tx, rx) = channel();
        tx.send(finish(0, None, 7)).unwrap();
        let (winner, results) = referee(&lanes, &rx, |_| {});
        assert_eq!((winner, results), (None, vec![Some(7)]));
    }
}
