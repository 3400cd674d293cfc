//! Engines raced on threads, won by the fewest solver queries, not by the clock.
//!
//! Each engine runs in a [`Lane`] that counts every query its thread makes
//! (through [`super::smt::Budget::check`]). When one engine answers after
//! `q` queries, the others may go on only while they could still win: up
//! to `q` queries for an engine earlier in the fixed order, `q - 1` for a
//! later one. Past that cap their checks fail and their watchdog
//! interrupts Z3. So the answer is the definite one with the fewest
//! queries (ties to the earlier engine), whichever thread got there first
//! on the clock; the same input gives the same certificate unless a time
//! limit cuts an engine short.

use super::watchdog::Canceller;
use super::Unknown;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::SeqCst};
use std::sync::{Arc, Mutex};

/// One engine's share of a race.
#[derive(Default)]
pub struct Lane {
    queries: AtomicU64,
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
    pub fn new() -> Arc<Lane> {
        Arc::new(Lane {
            cap: AtomicU64::new(u64::MAX),
            ..Lane::default()
        })
    }

    /// A lane for an engine that can only answer unsafe.
    pub fn refuting() -> Arc<Lane> {
        Arc::new(Lane {
            cap: AtomicU64::new(u64::MAX),
            refutes_only: true,
            ..Lane::default()
        })
    }

    pub fn queries(&self) -> u64 {
        self.queries.load(SeqCst)
    }

    /// Lets the engine go on only while it has made at most `cap` queries.
    pub fn limit(&self, cap: u64) {
        self.cap.fetch_min(cap, SeqCst);
        if self.queries() > self.cap.load(SeqCst) {
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
            let n = lane.queries.fetch_add(1, SeqCst) + 1;
            if n > lane.cap.load(SeqCst) {
                lane.cancel();
            }
            if lane.is_cancelled() {
                Err(Unknown(
                    "outraced: another engine answered with fewer queries".into(),
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
/// fewest queries, ties to the earlier lane; `None` if no answer is definite.
/// A proof stops the refuting lanes at once: sound engines cannot disagree.
pub fn referee<T>(
    lanes: &[Arc<Lane>],
    finishes: impl IntoIterator<Item = Finish<T>>,
) -> (Option<usize>, Vec<Option<T>>) {
    let mut results: Vec<Option<T>> = (0..lanes.len()).map(|_| None).collect();
    let mut definite = vec![false; lanes.len()];
    for f in finishes {
        if let Some(safe) = f.answer {
            let q = lanes[f.lane].queries();
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
        .min_by_key(|&i| (lanes[i].queries(), i));
    (winner, results)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spend(lane: &Arc<Lane>, n: u64) -> Result<(), Unknown> {
        in_lane(lane.clone(), || (0..n).try_for_each(|_| tick()))
    }

    #[test]
    fn the_fewest_queries_win_whatever_order_the_answers_arrive_in() {
        for order in [[0, 1], [1, 0]] {
            let lanes = [Lane::new(), Lane::new()];
            let spent = [30, 20];
            let finishes: Vec<Finish<&str>> = order
                .iter()
                .map(|&i| {
                    let ok = spend(&lanes[i], spent[i]);
                    Finish {
                        lane: i,
                        answer: ok.ok().map(|_| true),
                        result: ["pdr", "cegar"][i],
                    }
                })
                .collect();
            let (winner, _) = referee(&lanes, finishes);
            assert_eq!(winner, Some(1), "order {order:?}");
        }
    }

    #[test]
    fn a_tie_goes_to_the_earlier_lane() {
        let lanes = [Lane::new(), Lane::new()];
        spend(&lanes[1], 5).unwrap();
        let first = Finish {
            lane: 1,
            answer: Some(true),
            result: (),
        };
        // Lane 0 may still use 5 queries after lane 1 answered with 5.
        let (winner, _) = referee(
            &lanes,
            [first].into_iter().chain(std::iter::once_with(|| {
                let ok = spend(&lanes[0], 5);
                Finish {
                    lane: 0,
                    answer: ok.ok().map(|_| true),
                    result: (),
                }
            })),
        );
        assert_eq!(winner, Some(0));
    }

    #[test]
    fn a_lane_past_its_cap_fails_its_next_query() {
        let lanes = [Lane::new(), Lane::new()];
        spend(&lanes[0], 3).unwrap();
        let finish = Finish {
            lane: 0,
            answer: Some(false),
            result: (),
        };
        let (_, _) = referee(&lanes, [finish]);
        // Lane 1 is later in the order: it may use 2 queries, not 3.
        assert!(spend(&lanes[1], 2).is_ok());
        assert!(spend(&lanes[1], 1).is_err());
        assert!(lanes[1].is_cancelled());
        assert!(in_lane(lanes[1].clone(), cancelled));
    }

    #[test]
    fn a_proof_stops_a_refuting_lane_but_a_refutation_does_not() {
        for (safe, stopped) in [(true, true), (false, false)] {
            let lanes = [Lane::refuting(), Lane::new()];
            spend(&lanes[1], 4).unwrap();
            let finish = Finish {
                lane: 1,
                answer: Some(safe),
                result: (),
            };
            let _ = referee(&lanes, [finish]);
            assert_eq!(lanes[0].is_cancelled(), stopped, "safe: {safe}");
        }
    }

    #[test]
    fn no_definite_answer_means_no_winner() {
        let lanes = [Lane::new()];
        let (winner, results) = referee(
            &lanes,
            [Finish {
                lane: 0,
                answer: None,
                result: 7,
            }],
        );
        assert_eq!((winner, results), (None, vec![Some(7)]));
    }
}
