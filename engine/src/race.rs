//! Engines raced on threads, won by the least work (priced solver queries), not by the clock.
//!
//! Each engine runs in a [`Lane`] that counts every query its thread makes
//! (through [`super::smt::Budget::check`]), each at the engine's price in
//! work units, and the work between queries that takes as long
//! ([`charge`]: the value analysis' path replays). When one engine answers after `w` units, the others may go
//! on only while they could still win: up to `w` units for an engine
//! earlier in the fixed order, `w - 1` for a later one. Past that cap
//! their checks fail and their watchdog interrupts Z3. So the answer is
//! the definite one with the least work (ties to the earlier engine),
//! whichever thread got there first on the clock; the same input gives the
//! same certificate unless a time limit cuts an engine short.
//!
//! A lane may have a head start `h`: its work counts as units spent minus
//! `h` (negative within it), so an answer within it beats every lane
//! without one, and lanes with the same head start still compare by what
//! they spent. Lanes without one need not run at all until the leaders
//! have spent theirs ([`Deferred`]): trivial tasks cost one solver engine
//! and one Z3 context. When they start does not change the answer, only
//! how soon it comes: the rule counts work alone. A lane may also start
//! behind, its first query counting after a start cost `c` (its own Z3
//! context): an answer with fewer units stops it before that query, and
//! the race does not wait for it.

use super::watchdog::Canceller;
use super::Unknown;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering::SeqCst};
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
    /// Units of work that were not solver queries ([`charge`]).
    other: AtomicU64,
    /// Units that count for nothing: an answer within them beats all others.
    /// Negative for a lane that starts behind (see [`Lane::trailing`]).
    head_start: i64,
    /// Counted work allowed (see [`Lane::work`]); `i64::MAX` until a rival
    /// answers, negative when even the head start is more than allowed.
    cap: AtomicI64,
    cancelled: AtomicBool,
    /// The engine can only refute (e.g. simulation): a proof elsewhere
    /// means it cannot answer, so it is stopped.
    refutes_only: bool,
    /// The watchdogs of the engine's Z3 contexts, interrupted on cancel.
    watchdogs: Mutex<Vec<Canceller>>,
    /// Inside an [`uncharged`] call: the slowest expected time of one work
    /// unit there, in nanoseconds; 0 outside one.
    uncharged_unit_nanos: AtomicU64,
}

impl Lane {
    /// A lane whose queries count `price` work units each.
    pub fn new(price: u64) -> Arc<Lane> {
        Lane::with(price, 0, false)
    }

    /// A lane for an engine that can only answer unsafe.
    pub fn refuting(price: u64, head_start: u64) -> Arc<Lane> {
        Lane::with(price, head_start as i64, true)
    }

    /// A lane whose work counts `head_start` units less (see the module's
    /// doc).
    pub fn leading(price: u64, head_start: u64) -> Arc<Lane> {
        Lane::with(price, head_start as i64, false)
    }

    /// A lane whose work counts `start_cost` units more: what starting it
    /// costs (a Z3 context of its own) before its first query. A rival
    /// answering with fewer units stops it before it starts.
    pub fn trailing(price: u64, start_cost: u64) -> Arc<Lane> {
        Lane::with(price, -(start_cost as i64), false)
    }

    fn with(price: u64, head_start: i64, refutes_only: bool) -> Arc<Lane> {
        Arc::new(Lane {
            cap: AtomicI64::new(i64::MAX),
            price,
            head_start,
            refutes_only,
            ..Lane::default()
        })
    }

    /// Work that counts in the race: units spent minus the head start
    /// (negative within it, so that of two lanes with the same head start
    /// the one that spent less still wins).
    pub fn work(&self) -> i64 {
        counted(self.spent(), self.head_start)
    }

    /// Work units spent so far, the head start included.
    pub fn spent(&self) -> u64 {
        self.work.load(SeqCst)
    }

    /// Solver queries made so far (work units over the price, work that
    /// was no query left out).
    pub fn solver_queries(&self) -> u64 {
        self.spent().saturating_sub(self.other.load(SeqCst)) / self.price.max(1)
    }

    /// Lets the engine go on only while its counted work is at most `cap`.
    /// Every answer costs at least one query ([`charge_answer`]), so a lane
    /// whose cheapest possible answer is already over the cap is stopped at
    /// once, even before its first query (a Z3 context takes milliseconds).
    pub fn limit(&self, cap: i64) {
        self.cap.fetch_min(cap, SeqCst);
        let cheapest = self.work().max(counted(self.price, self.head_start));
        if cheapest > self.cap.load(SeqCst) {
            self.cancel();
        } else {
            self.bound_uncharged_call();
        }
    }

    /// Inside an [`uncharged`] call under a cap: interrupts it once it has
    /// run as long as the work left under the cap takes at the call's
    /// slowest expected pace.
    fn bound_uncharged_call(&self) {
        let unit_nanos = self.uncharged_unit_nanos.load(SeqCst);
        let cap = self.cap.load(SeqCst);
        if unit_nanos == 0 || cap == i64::MAX {
            return;
        }
        let left = cap.saturating_sub(self.work()).max(0) as u64;
        let at = std::time::Instant::now()
            + Duration::from_nanos(left.saturating_mul(unit_nanos).min(u64::MAX / 4));
        for w in self
            .watchdogs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
        {
            w.set_race_alarm(at);
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

/// Units spent minus a head start, as a signed count.
fn counted(spent: u64, head_start: i64) -> i64 {
    spent as i64 - head_start
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
    add_work(None)
}

/// Counts `units` of work that is no solver query (the value analysis'
/// replays of a path, which can take seconds between two queries) against
/// this thread's lane; fails once the lane is past its cap.
pub fn charge(units: u64) -> Result<(), Unknown> {
    add_work(Some(units))
}

fn add_work(other: Option<u64>) -> Result<(), Unknown> {
    CURRENT.with(|c| match c.borrow().as_ref() {
        None => Ok(()),
        Some(lane) => {
            let units = match other {
                Some(units) => {
                    lane.other.fetch_add(units, SeqCst);
                    units
                }
                None => lane.price,
            };
            let spent = lane.work.fetch_add(units, SeqCst) + units;
            if counted(spent, lane.head_start) > lane.cap.load(SeqCst) {
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

/// Makes an answer cost at least one query of this thread's lane: one
/// found without any (a trivial task, a bug at the initial location) is
/// charged one, and fails if that is past the cap. This is what lets
/// [`Lane::limit`] stop a lane that has not started querying yet.
pub fn charge_answer() -> Result<(), Unknown> {
    let spent = CURRENT.with(|c| c.borrow().as_ref().map(|lane| lane.spent()));
    match spent {
        Some(0) => tick(),
        _ => Ok(()),
    }
}

/// Runs `f`, a solver call whose work is measured and [`charge`]d only once
/// it returns (a quantifier elimination: Z3's tactics take no resource
/// limit), so that the race need not wait for it to end when a rival has
/// answered. Under a cap (now or arriving during the call) the call is
/// interrupted once it has run for the work left under the cap at `unit`
/// per work unit, the slowest pace expected of it. Returns whether that
/// interruption happened: then the caller measures what the call did, and
/// either charges it (past the cap: the lane has lost, as the whole call
/// would have made it lose) or, if Z3 ran slower than that pace, charges
/// nothing and makes the call again unbounded (see
/// `refine::bounded_by_race`).
pub fn uncharged<T>(unit: Duration, f: impl FnOnce() -> T) -> (T, bool) {
    let Some(lane) = CURRENT.with(|c| c.borrow().clone()) else {
        return (f(), false);
    };
    let unit_nanos = (unit.as_nanos() as u64).max(1);
    lane.uncharged_unit_nanos.store(unit_nanos, SeqCst);
    // After the store: a cap set from now on arms the alarm in `limit`.
    lane.bound_uncharged_call();
    let out = f();
    lane.uncharged_unit_nanos.store(0, SeqCst);
    let mut fired = false;
    for w in lane
        .watchdogs
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .iter()
    {
        fired |= w.clear_race_alarm();
    }
    (out, fired)
}

/// Would charging `units` more put this thread's lane past its cap?
pub fn would_pass_cap(units: u64) -> bool {
    CURRENT.with(|c| {
        c.borrow().as_ref().is_some_and(|lane| {
            counted(lane.spent().saturating_add(units), lane.head_start) > lane.cap.load(SeqCst)
        })
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

/// Lanes held back (`held`, those without a head start) until every other
/// lane has spent its head start or finished without a definite answer, or
/// until `after` on the clock (a task whose queries are slow). If a lane
/// answers within its head start, they never start: they could not win.
pub struct Deferred<'a> {
    pub held: Vec<usize>,
    pub after: std::time::Instant,
    pub start: Box<dyn FnOnce() + 'a>,
}

/// The race's referee: caps the rivals of each definite answer and, once
/// every lane has finished, names the winner: the definite answer with the
/// least work, ties to the earlier lane; `None` if no answer is definite.
/// A proof stops the refuting lanes at once: sound engines cannot disagree.
/// The referee stops listening once every lane has finished or been
/// cancelled (a cancelled lane cannot win), so it never waits for losers
/// to wind down. `deferred` starts lanes `1..` when they are needed.
pub fn referee<T>(
    lanes: &[Arc<Lane>],
    finishes: &Receiver<Finish<T>>,
    mut deferred: Option<Deferred<'_>>,
    mut on_finish: impl FnMut(&Finish<T>),
) -> (Option<usize>, Vec<Option<T>>) {
    let mut results: Vec<Option<T>> = (0..lanes.len()).map(|_| None).collect();
    let mut definite = vec![false; lanes.len()];
    loop {
        if let Some(d) = deferred.take() {
            let leaders = || (0..lanes.len()).filter(|j| !d.held.contains(j));
            if leaders().any(|j| definite[j] && lanes[j].work() <= 0) {
                // Answered within its head start: the held lanes cannot win.
                d.held.iter().for_each(|&j| lanes[j].cancel());
            } else if d.held.iter().all(|&j| lanes[j].is_cancelled()) {
                // Stopped by an answer before they started: they never do.
            } else if std::time::Instant::now() >= d.after
                || leaders()
                    .all(|j| results[j].is_some() || lanes[j].is_cancelled() || lanes[j].work() > 0)
            {
                (d.start)();
            } else {
                deferred = Some(d);
            }
        }
        let decided = lanes
            .iter()
            .enumerate()
            .all(|(j, lane)| results[j].is_some() || lane.is_cancelled());
        if decided {
            break;
        }
        // A lane is cancelled, or spends its head start, on its own thread:
        // look again every few ms.
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
                    rival.limit(q - 1);
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
    fn a_bug_simulation_finds_within_its_extra_head_start_wins_before_pdr_queries() {
        use crate::strategy::{HEAD_START, PDR_QUERY_PRICE, SIMULATION_HEAD_START};
        for (sim_units, pdr_stopped) in [(8, true), (9, true), (10, false)] {
            let lanes = [
                Lane::refuting(1, SIMULATION_HEAD_START),
                Lane::leading(PDR_QUERY_PRICE, HEAD_START),
            ];
            let (tx, rx) = channel();
            spend(&lanes[0], sim_units).unwrap();
            tx.send(finish(0, Some(false), "simulation")).unwrap();
            if !pdr_stopped {
                // PDR may still answer with one query: it must be heard.
                tx.send(finish(1, None, "pdr")).unwrap();
            }
            drop(tx);
            let (winner, _) = referee(&lanes, &rx, None, |_| {});
            assert_eq!(winner, Some(0), "{sim_units} units");
            assert_eq!(lanes[1].is_cancelled(), pdr_stopped, "{sim_units} units");
            assert_eq!(lanes[1].spent(), 0);
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
            let (winner, _) = referee(&lanes, &rx, None, |_| {});
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
        let (winner, _) = referee(&lanes, &rx, None, |_| {});
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
        let (winner, results) = referee(&lanes, &rx, None, |_| {});
        worker.join().unwrap();
        assert_eq!((winner, results), (Some(0), vec![Some(()), None]));
        assert!(lanes[1].is_cancelled());
    }

    #[test]
    fn a_proof_stops_a_refuting_lane_but_a_refutation_does_not() {
        for (safe, stopped) in [(true, true), (false, false)] {
            let lanes = [Lane::refuting(1, 0), Lane::new(1)];
            let (tx, rx) = channel();
            spend(&lanes[1], 4).unwrap();
            tx.send(finish(1, Some(safe), ())).unwrap();
            if !stopped {
                // The refuting lane may still answer: it must be waited for.
                tx.send(finish(0, None, ())).unwrap();
            }
            let _ = referee(&lanes, &rx, None, |_| {});
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
        let (winner, results) = referee(&lanes, &rx, None, |_| {});
        drop(tx);
        assert_eq!((winner, results), (Some(0), vec![Some("pdr"), None]));
    }

    #[test]
    fn an_answer_within_the_head_start_wins_and_the_rivals_never_start() {
        let lanes = [Lane::leading(1, 10), Lane::new(1)];
        let (tx, rx) = channel();
        spend(&lanes[0], 10).unwrap();
        assert_eq!(lanes[0].work(), 0);
        assert_eq!(lanes[0].spent(), 10);
        tx.send(finish(0, Some(true), "pdr")).unwrap();
        let started = std::cell::Cell::new(false);
        let rivals = Deferred {
            held: vec![1],
            after: std::time::Instant::now() + Duration::from_secs(60),
            start: Box::new(|| started.set(true)),
        };
        let (winner, results) = referee(&lanes, &rx, Some(rivals), |_| {});
        assert_eq!((winner, results), (Some(0), vec![Some("pdr"), None]));
        assert!(!started.get());
        assert!(lanes[1].is_cancelled());
    }

    /// Lane 1 held back; once started, it answers safe after one unit.
    fn rival_answering_with_one_unit(
        lane: &Arc<Lane>,
        tx: &std::sync::mpsc::Sender<Finish<&'static str>>,
        after: std::time::Instant,
    ) -> Deferred<'static> {
        let (lane, tx) = (lane.clone(), tx.clone());
        Deferred {
            held: vec![1],
            after,
            start: Box::new(move || {
                spend(&lane, 1).unwrap();
                tx.send(finish(1, Some(true), "cegar")).unwrap();
            }),
        }
    }

    #[test]
    fn rivals_start_once_the_head_start_is_spent_and_then_the_least_work_wins() {
        let lanes = [Lane::leading(1, 10), Lane::new(1)];
        let (tx, rx) = channel();
        // 12 units spent: 2 count. The rival answers with 1 and wins.
        spend(&lanes[0], 12).unwrap();
        let rivals = rival_answering_with_one_unit(
            &lanes[1],
            &tx,
            std::time::Instant::now() + Duration::from_secs(60),
        );
        let l0 = lanes[0].clone();
        let leader = std::thread::spawn(move || {
            // Capped at 1 counted unit (earlier lane: up to the rival's 1)
            // past its head start of 10: 12 spent is already over.
            std::thread::sleep(Duration::from_millis(20));
            assert!(spend(&l0, 1).is_err());
            tx.send(finish(0, None, "pdr")).unwrap();
        });
        let (winner, _) = referee(&lanes, &rx, Some(rivals), |_| {});
        leader.join().unwrap();
        assert_eq!(winner, Some(1));
    }

    #[test]
    fn rivals_start_on_the_clock_without_changing_who_wins() {
        // The rivals start after 0 s, long before the leader answers within
        // its head start: the leader still wins.
        let lanes = [Lane::leading(1, 10), Lane::new(1)];
        let (tx, rx) = channel();
        let rivals = rival_answering_with_one_unit(&lanes[1], &tx, std::time::Instant::now());
        let l0 = lanes[0].clone();
        let leader = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            spend(&l0, 9).unwrap();
            tx.send(finish(0, Some(true), "pdr")).unwrap();
        });
        let (winner, _) = referee(&lanes, &rx, Some(rivals), |_| {});
        leader.join().unwrap();
        assert_eq!(winner, Some(0));
    }

    #[test]
    fn two_lanes_with_the_same_head_start_still_compare_what_they_spent() {
        // Both within their head start of 32: 3 units beat 15, and the
        // winner's rival is stopped at 2 units, not at its head start.
        let lanes = [Lane::refuting(1, 32), Lane::leading(1, 32)];
        let (tx, rx) = channel();
        spend(&lanes[0], 3).unwrap();
        tx.send(finish(0, Some(false), "simulation")).unwrap();
        let l1 = lanes[1].clone();
        let worker = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            assert!(spend(&l1, 2).is_ok());
            assert!(spend(&l1, 1).is_err());
        });
        let (winner, _) = referee(&lanes, &rx, None, |_| {});
        worker.join().unwrap();
        assert_eq!(winner, Some(0));
        assert_eq!(lanes[0].work(), -29);
    }

    #[test]
    fn a_lane_that_cannot_answer_under_its_cap_is_stopped_before_its_first_query() {
        // Simulation refutes after 1 unit (-31 counted); PDR, later, could
        // only win with -32, and any answer costs it a query (-31): it is
        // stopped without having made one, and the race is decided at once.
        let lanes = [Lane::refuting(1, 32), Lane::leading(1, 32)];
        let (tx, rx) = channel();
        spend(&lanes[0], 1).unwrap();
        tx.send(finish(0, Some(false), "simulation")).unwrap();
        let (winner, results) = referee(&lanes, &rx, None, |_| {});
        assert_eq!((winner, results), (Some(0), vec![Some("simulation"), None]));
        assert!(lanes[1].is_cancelled());
        assert_eq!(lanes[1].spent(), 0);
    }

    #[test]
    fn an_answer_without_a_query_is_charged_one() {
        let lane = Lane::new(3);
        in_lane(lane.clone(), || charge_answer()).unwrap();
        assert_eq!(lane.spent(), 3);
        // Already paid for: no second charge.
        in_lane(lane.clone(), || charge_answer()).unwrap();
        assert_eq!(lane.spent(), 3);
        // Over the cap: the answer cannot stand.
        let capped = Lane::new(3);
        capped.limit(2);
        assert!(in_lane(capped, || charge_answer()).is_err());
    }

    #[test]
    fn work_that_is_no_query_counts_in_the_race_but_not_as_queries() {
        let lane = Lane::new(3);
        in_lane(lane.clone(), || {
            tick()?;
            charge(10)
        })
        .unwrap();
        assert_eq!(lane.spent(), 13);
        assert_eq!(lane.solver_queries(), 1);
        // Past the cap it stops the lane like a query would.
        lane.limit(20);
        assert!(in_lane(lane.clone(), || charge(10)).is_err());
        assert!(lane.is_cancelled());
    }

    #[test]
    fn no_definite_answer_means_no_winner() {
        let lanes = [Lane::new(1)];
        let (tx, rx) = channel();
        tx.send(finish(0, None, 7)).unwrap();
        let (winner, results) = referee(&lanes, &rx, None, |_| {});
        assert_eq!((winner, results), (None, vec![Some(7)]));
    }

    #[test]
    fn a_trailing_lane_is_stopped_by_an_answer_within_its_start_cost() {
        for (spent, stopped) in [(40, true), (60, false)] {
            // PDR answers with `spent` units; CEGAR counts 48 before its
            // first query (price 3) and could only win with `spent - 1`:
            // at 40 it is stopped before its first query and not waited
            // for; at 60 it may still answer and is.
            let lanes = [Lane::new(1), Lane::trailing(3, 48)];
            assert_eq!(lanes[1].work(), 48);
            let (tx, rx) = channel();
            spend(&lanes[0], spent).unwrap();
            tx.send(finish(0, Some(true), "pdr")).unwrap();
            if !stopped {
                tx.send(finish(1, None, "cegar")).unwrap();
            }
            let (winner, results) = referee(&lanes, &rx, None, |_| {});
            assert_eq!(winner, Some(0));
            assert_eq!(lanes[1].is_cancelled(), stopped, "PDR spent {spent}");
            assert_eq!(results[1].is_some(), !stopped, "PDR spent {spent}");
            assert_eq!(lanes[1].spent(), 0);
        }
    }

    #[test]
    fn a_held_lane_stopped_before_its_start_is_never_started() {
        let lanes = [Lane::leading(1, 4), Lane::trailing(3, 48)];
        // The leader is past its head start, which would start the held
        // lane, but a rival's answer has already put it out of reach.
        spend(&lanes[0], 10).unwrap();
        lanes[1].limit(5);
        assert!(lanes[1].is_cancelled());
        let (tx, rx) = channel();
        tx.send(finish(0, Some(true), "pdr")).unwrap();
        let started = std::cell::Cell::new(false);
        let held = Deferred {
            held: vec![1],
            after: std::time::Instant::now(),
            start: Box::new(|| started.set(true)),
        };
        let (winner, _) = referee(&lanes, &rx, Some(held), |_| {});
        assert_eq!(winner, Some(0));
        assert!(!started.get());
    }
}
