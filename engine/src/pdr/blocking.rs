//! Whether a cube stays blocked at one location and level while PDR
//! generalises it, remembering the states that showed a candidate was not
//! so that later candidates containing them are answered without a query.
//!
//! A candidate is blocked at `(loc, level)` when it meets no initial state
//! and no step from frame `level - 1` enters it (from outside it, on a
//! self-loop). The frames do not change while one cube is generalised, so
//! an initial state, or a step from the frame, found for one candidate is
//! still one for every other candidate that contains it (and, on a
//! self-loop, not its start): that candidate is not blocked either. The
//! answers are exactly those of the queries; only their number drops.

use super::frames::Frames;
use crate::Unknown;
use format::eval::Env;
use format::Expr;
use num_bigint::BigInt;
use std::cell::RefCell;
use std::collections::BTreeMap;

type State = BTreeMap<String, BigInt>;

/// What showed a candidate not blocked.
enum Witness {
    /// An initial state.
    Initial(State),
    /// A step from the frame below into the candidate.
    Step {
        self_loop: bool,
        before: State,
        after: State,
    },
}

impl Witness {
    /// Does this witness show `cube` not blocked too?
    fn shows(&self, cube: &[Expr]) -> bool {
        match self {
            Witness::Initial(s) => contains(cube, s),
            Witness::Step {
                self_loop,
                before,
                after,
            } => contains(cube, after) && !(*self_loop && contains(cube, before)),
        }
    }

    /// The state in the candidate: the initial state or the step's end.
    fn state(&self) -> &State {
        match self {
            Witness::Initial(s) | Witness::Step { after: s, .. } => s,
        }
    }
}

/// Is `state` in `cube` (every literal evaluates to true)? A literal that
/// cannot be evaluated counts as false: the witness is then not used.
fn contains(cube: &[Expr], state: &State) -> bool {
    let env = Env {
        vars: state.clone(),
        ..Env::default()
    };
    cube.iter().all(|l| env.holds(l).unwrap_or(false))
}

/// The blocking test of one generalisation: location, level, and the
/// witnesses found so far.
pub struct Blocking<'a> {
    frames: &'a Frames<'a>,
    loc: usize,
    level: usize,
    seen: RefCell<Vec<Witness>>,
    /// The blocked candidates asked about, with their cores.
    blocked: RefCell<Vec<(Vec<Expr>, Vec<usize>)>>,
    /// Candidates answered from a witness or an earlier answer, without a
    /// query.
    pub saved: std::cell::Cell<usize>,
}

impl<'a> Blocking<'a> {
    pub fn new(frames: &'a Frames<'a>, loc: usize, level: usize) -> Self {
        Blocking {
            frames,
            loc,
            level,
            seen: RefCell::new(Vec::new()),
            blocked: RefCell::new(Vec::new()),
            saved: std::cell::Cell::new(0),
        }
    }

    /// `None` if `cube` is blocked; else a state of `cube` that is initial
    /// or the end of a step into it.
    pub fn witness(&self, cube: &[Expr]) -> Result<Option<State>, Unknown> {
        Ok(self.test(cube)?.err())
    }

    /// Is `cube` blocked?
    pub fn blocked(&self, cube: &[Expr]) -> Result<bool, Unknown> {
        Ok(self.test(cube)?.is_ok())
    }

    /// `Some(core)` if `cube` is blocked, with the indices of the literals
    /// the steps' unsat cores need; `None` if not.
    pub fn core(&self, cube: &[Expr]) -> Result<Option<Vec<usize>>, Unknown> {
        Ok(self.test(cube)?.ok())
    }

    /// `Ok(core)` if `cube` is blocked, `Err(state)` with the state that
    /// shows it is not; from memory when an earlier answer decides it.
    fn test(&self, cube: &[Expr]) -> Result<Result<Vec<usize>, State>, Unknown> {
        let remembered = match self.blocked.borrow().iter().find(|(c, _)| c == cube) {
            Some((_, core)) => Some(Ok(core.clone())),
            None => self
                .seen
                .borrow()
                .iter()
                .find(|w| w.shows(cube))
                .map(|w| Err(w.state().clone())),
        };
        if let Some(answer) = remembered {
            self.saved.set(self.saved.get() + 1);
            return Ok(answer);
        }
        let witness = match self.frames.initial_in(self.loc, cube)? {
            Ok(state) => Witness::Initial(state),
            Err(_) => match self.frames.step_into(self.loc, cube, self.level - 1)? {
                Ok((point, self_loop)) => Witness::Step {
                    self_loop,
                    before: point.state,
                    after: point.next,
                },
                Err(core) => {
                    let remember = (cube.to_vec(), core.clone());
                    self.blocked.borrow_mut().push(remember);
                    return Ok(Ok(core));
                }
            },
        };
        let state = witness.state().clone();
        self.seen.borrow_mut().push(witness);
        Ok(Err(state))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdr::testing::{counter_task, frames_at_l, in_context};
    use format::{Task, VarDecl};
    use proptest::prelude::*;

    fn le(a: Expr, b: Expr) -> Expr {
        Expr::Le(Box::new(a), Box::new(b))
    }

    /// `x >= lo && x <= hi` as a cube (either side may be left out).
    fn cube(lo: Option<i64>, hi: Option<i64>) -> Vec<Expr> {
        box_cube(&[("x", lo, hi)])
    }

    #[test]
    fn a_step_found_for_one_candidate_answers_a_later_one_that_contains_it() {
        in_context(|| {
            let task = counter_task();
            let (frames, loc) = frames_at_l(&task);
            // Level 1, relative to F_0 (x = 0): x >= 1 is entered by 0 -> 1.
            let blocking = Blocking::new(&frames, loc, 1);
            assert!(!blocking.blocked(&cube(Some(1), None)).unwrap());
            let asked = frames.budget.queries.get();
            // 1 <= x <= 2 contains that step's end and not its start.
            assert!(!blocking.blocked(&cube(Some(1), Some(2))).unwrap());
            assert_eq!(frames.budget.queries.get(), asked);
            assert_eq!(blocking.saved.get(), 1);
            // x >= 2 does not contain it: asked, and blocked.
            let core = blocking.core(&cube(Some(2), None)).unwrap();
            assert_eq!(core, Some(vec![0]));
            assert!(frames.budget.queries.get() > asked);
            // Asked again, it is answered from memory, core and all.
            let asked = frames.budget.queries.get();
            assert_eq!(blocking.core(&cube(Some(2), None)).unwrap(), core);
            assert_eq!(frames.budget.queries.get(), asked);
            // 0 <= x <= 1 contains the step's start too (a self-loop
            // must enter from outside): the witness does not count, the
            // query finds the initial state.
            let before = blocking.saved.get();
            assert!(!blocking.blocked(&cube(Some(0), Some(1))).unwrap());
            assert_eq!(blocking.saved.get(), before);
        });
    }

    /// x := 0, y := 0; while (x < 10) x := x + 1 (y never changes: a cube
    /// with y >= 1 is blocked, though steps inside it exist).
    fn frozen_y_task() -> Task {
        let mut task = counter_task();
        task.vars.push(VarDecl::int("y"));
        task.init = Expr::And(vec![
            task.init.clone(),
            Expr::eq(Expr::var("y"), Expr::int(0)),
        ]);
        if let Expr::And(parts) = &mut task.edges[0].relation {
            parts.push(Expr::eq(Expr::next("y"), Expr::var("y")));
        }
        task
    }

    /// Frames of `task` with levels 1 and 2 open, and location `l`.
    fn two_levels(task: &Task) -> (Frames<'_>, usize) {
        let (mut frames, loc) = frames_at_l(task);
        frames.new_level();
        frames.new_level();
        (frames, loc)
    }

    /// `lo <= v && v <= hi` for each variable named, as a cube.
    fn box_cube(bounds: &[(&str, Option<i64>, Option<i64>)]) -> Vec<Expr> {
        let mut out = Vec::new();
        for &(v, lo, hi) in bounds {
            let minus = Expr::Mul(format::Num((-1).into()), Box::new(Expr::var(v)));
            out.extend(lo.map(|l| le(minus.clone(), Expr::int(-l))));
            out.extend(hi.map(|h| le(Expr::var(v), Expr::int(h))));
        }
        out
    }

    #[test]
    fn a_step_inside_a_cube_does_not_show_a_self_loop_cube_open() {
        in_context(|| {
            let task = frozen_y_task();
            let (frames, loc) = two_levels(&task);
            // Level 2, relative to F_1 (no lemma): (2, 1) -> (3, 1) enters
            // x >= 3 && y >= 1; it starts inside y >= 1, which only a
            // change of y could enter: blocked.
            let blocking = Blocking::new(&frames, loc, 2);
            let entered = box_cube(&[("x", Some(3), None), ("y", Some(1), None)]);
            assert!(!blocking.blocked(&entered).unwrap());
            assert!(blocking
                .blocked(&box_cube(&[("y", Some(1), None)]))
                .unwrap());
            assert_eq!(blocking.saved.get(), 0);
        });
    }

    type Bounds = Vec<(Option<i64>, Option<i64>, Option<i64>, Option<i64>)>;

    fn bounds() -> impl Strategy<Value = Bounds> {
        let b = || proptest::option::of(-2i64..12);
        // y >= 1 often: the cubes a step inside them must not open.
        let y_low = prop_oneof![Just(Some(1i64)), b()];
        proptest::collection::vec((b(), b(), y_low, b()), 1..8)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Remembered witnesses change how many queries are made, never
        /// an answer: every candidate gets the answer a fresh test gives.
        #[test]
        fn remembered_witnesses_never_change_an_answer(
            bounds in bounds(),
            level in 1usize..3,
            lemma in proptest::bool::ANY,
        ) {
            let got = in_context(|| {
                let task = frozen_y_task();
                let (mut frames, loc) = two_levels(&task);
                if lemma {
                    // F_1 also knows x <= 1 (the cube x >= 2 blocked at level 1).
                    frames.add_lemma(loc, cube(Some(2), None), 1);
                }
                let remembering = Blocking::new(&frames, loc, level);
                bounds
                    .iter()
                    .map(|&(xl, xh, yl, yh)| {
                        let c = box_cube(&[("x", xl, xh), ("y", yl, yh)]);
                        let fresh = Blocking::new(&frames, loc, level).blocked(&c).unwrap();
                        (remembering.blocked(&c).unwrap(), fresh)
                    })
                    .collect::<Vec<_>>()
            });
            for (i, (remembered, fresh)) in got.into_iter().enumerate() {
                prop_assert_eq!(remembered, fresh, "candidate {}: {:?}", i, bounds[i]);
            }
        }
    }
}
