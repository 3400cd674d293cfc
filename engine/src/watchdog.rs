//! Deadlines for Z3 calls, enforced by a thread of our own that interrupts the context.
//!
//! Z3 4.8's own timers (the solver's `timeout` parameter, `Tactic::try_for`)
//! share one global thread pool that can deadlock when several threads use
//! it at once (Z3 PR #5371; Debian ships 4.8.12). A CI run of the corpus
//! tests, four verifier threads on two cores, hung for over an hour. So no
//! query here uses Z3's timers: each verifier run gets a watchdog thread,
//! and every query arms an alarm that interrupts the context when it passes.
//! The verifier now links Z3 5.4.1, where that deadlock is fixed; the
//! watchdog stays, since it also serves the race's cancellation and works
//! with any Z3 that `Z3_LIB_DIR` may supply (Debian's 4.8.12 included).

use std::cell::RefCell;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How often an alarm that has passed interrupts again: an interrupt that
/// lands just before Z3 starts a check is cleared by that check.
const REPEAT: Duration = Duration::from_millis(50);

#[derive(Default)]
struct State {
    alarm: Option<Instant>,
    /// The current alarm has interrupted Z3 at least once.
    fired: bool,
    /// The run lost a race ([`super::race`]): interrupt until it stops.
    cancelled: bool,
    /// When a call charged only after it returns (see
    /// [`super::race::uncharged`]) has spent, at the slowest expected pace,
    /// all the work its lane may still do.
    race_alarm: Option<Instant>,
    /// The race alarm has interrupted Z3 at least once.
    race_fired: bool,
    stop: bool,
    /// When the watchdog will next look at the state on its own (`None`:
    /// not until woken). An alarm at or after it needs no wake-up: arming
    /// and disarming around every query would otherwise cost two futex
    /// calls and two context switches per query.
    looks_at: Option<Instant>,
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    wake: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // The state stays consistent under a poisoned lock: plain fields only.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Arc<Shared>>> = const { RefCell::new(None) };
}

/// Runs `f` with a watchdog over the thread-local Z3 context.
pub fn guarded<T>(f: impl FnOnce() -> T) -> T {
    let ctx = z3::Context::thread_local();
    let shared = Arc::new(Shared::default());
    std::thread::scope(|scope| {
        let handle = ctx.handle();
        let watched = shared.clone();
        scope.spawn(move || watch(&watched, || handle.interrupt()));
        // Stops the watchdog however `f` ends, or the scope would wait for ever.
        struct Stop(Arc<Shared>, Option<Arc<Shared>>);
        impl Drop for Stop {
            fn drop(&mut self) {
                CURRENT.with(|c| *c.borrow_mut() = self.1.take());
                self.0.lock().stop = true;
                self.0.wake.notify_all();
            }
        }
        let previous = CURRENT.with(|c| c.borrow_mut().replace(shared.clone()));
        let _stop = Stop(shared.clone(), previous);
        super::race::attach(Canceller(shared.clone()));
        f()
    })
}

/// The watchdog's loop: sleeps until the alarm, interrupts, repeats every
/// `REPEAT` until the alarm is disarmed, ends on `stop`.
fn watch(shared: &Shared, interrupt: impl Fn()) {
    let mut state = shared.lock();
    loop {
        if state.stop {
            return;
        }
        let alarm = if state.cancelled {
            Some(Instant::now())
        } else {
            match (state.alarm, state.race_alarm) {
                (Some(a), Some(r)) => Some(a.min(r)),
                (a, r) => a.or(r),
            }
        };
        state = match alarm {
            None => {
                state.looks_at = None;
                shared.wake.wait(state).unwrap_or_else(|p| p.into_inner())
            }
            Some(at) => {
                let now = Instant::now();
                let wait = if now >= at {
                    interrupt();
                    if state.race_alarm.is_some_and(|r| now >= r) {
                        state.race_fired = true;
                    }
                    if state.cancelled || state.alarm.is_some_and(|a| now >= a) {
                        state.fired = true;
                    }
                    REPEAT
                } else {
                    at - now
                };
                state.looks_at = Some(now + wait);
                shared
                    .wake
                    .wait_timeout(state, wait)
                    .unwrap_or_else(|p| p.into_inner())
                    .0
            }
        };
    }
}

/// Interrupts one run's Z3 context from another thread, repeatedly, until
/// the run ends.
pub struct Canceller(Arc<Shared>);

impl Canceller {
    pub fn cancel(&self) {
        self.0.lock().cancelled = true;
        self.0.wake.notify_all();
    }

    /// Interrupts Z3 at `at` (and every [`REPEAT`] after) until
    /// [`Canceller::clear_race_alarm`]; an earlier race alarm stays.
    pub fn set_race_alarm(&self, at: Instant) {
        let mut state = self.0.lock();
        let at = state.race_alarm.map_or(at, |r| r.min(at));
        state.race_alarm = Some(at);
        let wake = state.looks_at.is_none_or(|l| l > at);
        drop(state);
        if wake {
            self.0.wake.notify_all();
        }
    }

    /// Disarms the race alarm; whether it interrupted Z3 (the context then
    /// needs a reset, as after any interrupt: see [`Alarm`]'s drop).
    pub fn clear_race_alarm(&self) -> bool {
        let mut state = self.0.lock();
        state.race_alarm = None;
        std::mem::take(&mut state.race_fired)
    }
}

/// An armed alarm; disarms on drop.
pub struct Alarm {
    shared: Arc<Shared>,
    previous: Option<Instant>,
}

/// Arms an alarm at `at` for the Z3 calls made while the returned guard
/// lives. `None` when there is nothing to arm: no deadline, or no watchdog
/// (only [`crate::verify`] installs one, so deadlines hold there).
pub fn arm(at: Option<Instant>) -> Option<Alarm> {
    let at = at?;
    let shared = CURRENT.with(|c| c.borrow().clone())?;
    let (previous, wake) = {
        let mut state = shared.lock();
        let previous = state.alarm;
        let alarm = previous.map_or(at, |p| p.min(at));
        state.alarm = Some(alarm);
        (previous, state.looks_at.is_none_or(|l| l > alarm))
    };
    if wake {
        shared.wake.notify_all();
    }
    Some(Alarm { shared, previous })
}

impl Drop for Alarm {
    fn drop(&mut self) {
        // No wake-up: a watchdog that looks before the restored alarm finds
        // it there and sleeps on; one that looks at a disarmed state
        // interrupts nothing.
        let fired = {
            let mut state = self.shared.lock();
            state.alarm = self.previous;
            std::mem::take(&mut state.fired)
        };
        if fired {
            // A tactic interrupted (or an interrupt that arrived after the
            // call ended) leaves the context cancelled until a solver check
            // resets it; an empty check is immediate.
            let _ = super::smt::solver().check();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::Int;

    /// A nonlinear query Z3 cannot decide quickly (x³ + y³ = z³ over positives).
    fn hard_query() -> z3::Solver {
        let s = z3::Solver::new();
        let [x, y, z] = ["x", "y", "z"].map(Int::new_const);
        let cube = |v: &Int| v.clone() * v.clone() * v.clone();
        s.assert(&(cube(&x) + cube(&y)).eq(cube(&z)));
        for v in [&x, &y, &z] {
            s.assert(&v.gt(Int::from_i64(0)));
        }
        s
    }

    #[test]
    fn an_alarm_interrupts_a_hard_query_and_the_context_stays_usable() {
        z3::with_z3_config(&z3::Config::new(), || {
            guarded(|| {
                let start = Instant::now();
                let s = hard_query();
                let result = {
                    let _a = arm(Some(start + Duration::from_millis(300)));
                    s.check()
                };
                assert_eq!(result, z3::SatResult::Unknown);
                assert!(start.elapsed() < Duration::from_secs(5));
                let g = z3::Goal::new(false, false, false);
                g.assert(&Int::new_const("x").gt(Int::from_i64(3)));
                assert!(z3::Tactic::new("qe").apply(&g, None).is_ok());
            })
        });
    }

    #[test]
    fn an_earlier_alarm_wakes_a_watchdog_sleeping_until_a_later_one() {
        z3::with_z3_config(&z3::Config::new(), || {
            guarded(|| {
                let start = Instant::now();
                let _late = arm(Some(start + Duration::from_secs(60)));
                // Let the watchdog go to sleep until the late alarm.
                std::thread::sleep(Duration::from_millis(50));
                let s = hard_query();
                let result = {
                    let _early = arm(Some(start + Duration::from_millis(300)));
                    s.check()
                };
                assert_eq!(result, z3::SatResult::Unknown);
                assert!(start.elapsed() < Duration::from_secs(5));
            })
        });
    }

    #[test]
    fn a_disarmed_alarm_interrupts_nothing_when_its_time_comes() {
        z3::with_z3_config(&z3::Config::new(), || {
            guarded(|| {
                let s = z3::Solver::new();
                s.assert(&Int::new_const("x").gt(Int::from_i64(3)));
                {
                    let _a = arm(Some(Instant::now() + Duration::from_millis(100)));
                    assert_eq!(s.check(), z3::SatResult::Sat);
                }
                // The watchdog wakes at the old alarm's time and must find
                // it gone: queries after it are not interrupted.
                std::thread::sleep(Duration::from_millis(250));
                for _ in 0..20 {
                    assert_eq!(s.check(), z3::SatResult::Sat);
                }
            })
        });
    }

    /// Runs `f` on this thread in a lane that may still spend `left`
    /// units (under a cap set at once, or after `cap_after`).
    fn in_capped_lane(
        left: i64,
        cap_after: Option<Duration>,
        f: impl FnOnce() -> (z3::SatResult, bool) + Send + Sync,
    ) -> (z3::SatResult, bool) {
        let lane = crate::race::Lane::new(1);
        let setter = lane.clone();
        let set_cap = move || setter.limit(left);
        // The lane first: `guarded` attaches its watchdog to it.
        z3::with_z3_config(&z3::Config::new(), || {
            crate::race::in_lane(lane, || {
                guarded(|| match cap_after {
                    None => {
                        set_cap();
                        f()
                    }
                    Some(after) => std::thread::scope(|scope| {
                        scope.spawn(move || {
                            std::thread::sleep(after);
                            set_cap();
                        });
                        f()
                    }),
                })
            })
        })
    }

    /// [`hard_query`] as an uncharged call at 2 ms a unit in a lane that
    /// may still spend `left` units (see [`in_capped_lane`]): asserts that
    /// the race alarm interrupted it, and returns how long it took.
    fn hard_query_interrupted_in_capped_lane(left: i64, cap_after: Option<Duration>) -> Duration {
        let start = Instant::now();
        let (result, interrupted) = in_capped_lane(left, cap_after, || {
            // Ends a broken bound in 10 s rather than never.
            let _safety = arm(Some(Instant::now() + Duration::from_secs(10)));
            crate::race::uncharged(Duration::from_millis(2), || hard_query().check())
        });
        assert_eq!(result, z3::SatResult::Unknown);
        assert!(interrupted);
        start.elapsed()
    }

    #[test]
    fn an_uncharged_call_is_interrupted_once_the_work_left_under_the_cap_has_run_out() {
        // 100 units at 2 ms: 200 ms, not the query's own minutes.
        let took = hard_query_interrupted_in_capped_lane(100, None);
        assert!(
            took >= Duration::from_millis(190) && took < Duration::from_secs(5),
            "{took:?}"
        );
    }

    #[test]
    fn a_cap_set_during_an_uncharged_call_bounds_it_from_then_on() {
        // The cap at 150 ms, then 50 units at 2 ms.
        let took = hard_query_interrupted_in_capped_lane(50, Some(Duration::from_millis(150)));
        assert!(
            took >= Duration::from_millis(240) && took < Duration::from_secs(5),
            "{took:?}"
        );
    }

    #[test]
    fn an_uncharged_call_that_ends_in_time_is_not_interrupted_and_the_context_stays_usable() {
        let (result, interrupted) = in_capped_lane(1_000, None, || {
            let s = z3::Solver::new();
            s.assert(&Int::new_const("x").gt(Int::from_i64(3)));
            let first = crate::race::uncharged(Duration::from_millis(2), || s.check());
            // The disarmed race alarm's time passes: later calls run on.
            std::thread::sleep(Duration::from_millis(2_100));
            assert_eq!(s.check(), z3::SatResult::Sat);
            first
        });
        assert_eq!((result, interrupted), (z3::SatResult::Sat, false));
    }

    #[test]
    fn without_a_watchdog_nothing_is_armed() {
        assert!(arm(Some(Instant::now())).is_none());
    }
}
