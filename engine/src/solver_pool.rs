//! Solvers reused within a thread's Z3 context: each one handed out empty, at a scope of its own.
//!
//! Why: a new Z3 solver costs about 0.3 ms before its first answer (the SMT
//! kernel, its theories and its parameter tables are built on that first
//! check), against about 0.05 ms for a small query on a solver built
//! before. Houdini rounds and parity guesses made a solver per edge and per
//! round: 60 solvers for 376 queries on a small CHC task, a
//! fifth of its time. A pooled solver is handed out with one scope pushed
//! and, when dropped, popped back to nothing and kept for the next caller.
//!
//! Answers do not depend on the pool beyond what the thread did before:
//! a thread's history is deterministic, so the same input still gives the
//! same certificate. Every query on a pooled solver runs in Z3's
//! incremental mode (a scope is always open), where before the first query
//! on a new solver ran through Z3's one-shot tactic. Solvers that live as
//! long as an engine run are built outside the pool ([`new_solver`]).

use std::cell::{Cell, RefCell};
use std::ops::Deref;
use z3::{Context, Solver};

/// Solvers kept per thread; more alive at once are built and dropped as before.
const KEPT: usize = 32;

thread_local! {
    static POOL: RefCell<Vec<Solver>> = const { RefCell::new(Vec::new()) };
}

/// A solver of the current context, empty, at a scope of its own: dropped,
/// it is emptied and goes back to the thread's pool.
pub struct PooledSolver {
    solver: Option<Solver>,
    /// Scopes pushed through [`PooledSolver::push`] and not popped yet.
    pushed: Cell<u32>,
}

/// A solver for QF_AUFLIA queries from this thread's pool (or a new one).
pub fn take() -> PooledSolver {
    let ctx = Context::thread_local();
    let reused = POOL
        .try_with(|pool| {
            let mut pool = pool.borrow_mut();
            // Solvers of an earlier context (see strategy::fresh) go.
            pool.retain(|s| s.get_context() == &ctx);
            pool.pop()
        })
        .ok()
        .flatten();
    let solver = reused.unwrap_or_else(new_solver);
    solver.push();
    PooledSolver {
        solver: Some(solver),
        pushed: Cell::new(0),
    }
}

/// A new solver outside the pool: for solvers that live as long as an
/// engine run and take most of its queries (PDR's frames, CEGAR's edges).
/// With the pool's scope opened first, their assertions sat one scope above
/// Z3's base level, and PDR on conc/fib_bench_safe_v2 took 30,022 queries
/// and 9.6 s instead of 18,894 and 4.5 s.
pub fn new_solver() -> Solver {
    // Every formula certa encodes is in QF_AUFLIA (products and
    // `div`/`mod` only by constants); naming the logic skips building
    // Z3's default tactic, which made each new solver cost about 5 ms.
    Solver::new_for_logic("QF_AUFLIA").unwrap_or_else(Solver::new)
}

/// Drops the pooled solvers of this thread (their context is going away).
pub fn clear() {
    let _ = POOL.try_with(|pool| pool.borrow_mut().clear());
}

impl PooledSolver {
    /// Creates a backtracking point (counted, so that the drop pops it too).
    pub fn push(&self) {
        self.pushed.set(self.pushed.get() + 1);
        self.deref().push();
    }

    /// Backtracks `n` points pushed by [`PooledSolver::push`].
    pub fn pop(&self, n: u32) {
        self.pushed.set(self.pushed.get().saturating_sub(n));
        self.deref().pop(n);
    }
}

impl Deref for PooledSolver {
    type Target = Solver;
    fn deref(&self) -> &Solver {
        self.solver
            .as_ref()
            .expect("a pooled solver is present until dropped")
    }
}

impl Drop for PooledSolver {
    fn drop(&mut self) {
        let Some(solver) = self.solver.take() else {
            return;
        };
        solver.pop(self.pushed.get() + 1);
        // A scope pushed around the counter (through `&Solver`) and left
        // open would leave assertions behind: such a solver is not reused.
        if !solver.get_assertions().is_empty() {
            return;
        }
        let _ = POOL.try_with(|pool| {
            let mut pool = pool.borrow_mut();
            if pool.len() < KEPT {
                pool.push(solver);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::Int;
    use z3::SatResult;

    #[test]
    fn a_solver_comes_back_empty_after_its_user_left_assertions_and_scopes() {
        z3::with_z3_config(&z3::Config::new(), || {
            clear();
            let x = Int::new_const("x");
            {
                let s = take();
                s.assert(x.gt(Int::from_i64(3)));
                s.push();
                s.assert(x.lt(Int::from_i64(2)));
                assert_eq!(s.check(), SatResult::Unsat);
            }
            let s = take();
            assert!(s.get_assertions().is_empty());
            s.assert(x.lt(Int::from_i64(2)));
            assert_eq!(s.check(), SatResult::Sat);
            assert_eq!(
                POOL.with(|p| p.borrow().len()),
                0,
                "the one solver is in use"
            );
            drop(s);
            assert_eq!(POOL.with(|p| p.borrow().len()), 1);
            clear();
        });
    }

    #[test]
    fn a_solver_of_another_context_is_never_handed_out() {
        clear();
        z3::with_z3_config(&z3::Config::new(), || drop(take()));
        assert_eq!(POOL.with(|p| p.borrow().len()), 1);
        z3::with_z3_config(&z3::Config::new(), || {
            let s = take();
            assert_eq!(s.get_context(), &Context::thread_local());
            let x = Int::new_const("x");
            s.assert(x.gt(Int::from_i64(0)));
            assert_eq!(s.check(), SatResult::Sat);
        });
        clear();
    }
}
