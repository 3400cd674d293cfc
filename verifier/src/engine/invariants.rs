//! Guess-and-check linear equality invariants: sample concrete runs with Z3,
//! take the affine hull of the states seen at each location, and keep the
//! equalities that Houdini proves inductive. They seed the precision.

use super::smt::{self, Budget, View};
use super::Unknown;
use format::{Expr, Num, Task};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;
use z3::ast::{Bool, Int};
use z3::Solver;

type State = Vec<BigInt>;

/// Deterministic pseudo-random numbers (no clock, so runs repeat exactly).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn small(&mut self) -> i64 {
        (self.next() % 41) as i64 - 20
    }
}

fn vars_at(task: &Task, frame: usize) -> Vec<Int> {
    task.vars
        .iter()
        .map(|v| smt::int_const(&smt::state_symbol(&v.name, frame)))
        .collect()
}

/// Solves with random value hints as assumptions, dropping them if they clash.
fn solve_hinted(
    solver: &Solver,
    hints: &[Bool],
    budget: &Budget,
) -> Result<Option<z3::Model>, Unknown> {
    if (!hints.is_empty() && budget.check(solver, hints)?) || budget.check(solver, &[])? {
        return Ok(solver.get_model());
    }
    Ok(None)
}

fn read(model: &z3::Model, vars: &[Int]) -> State {
    vars.iter()
        .map(|v| {
            model
                .eval(v, true)
                .and_then(|x| smt::int_value(&x))
                .unwrap_or_default()
        })
        .collect()
}

/// Concrete states per location from a few bounded random runs. One
/// incremental solver per edge keeps the relation asserted across steps.
fn sample(
    task: &Task,
    budget: &Budget,
    runs: usize,
    depth: usize,
) -> Result<BTreeMap<String, Vec<State>>, Unknown> {
    let mut seen: BTreeMap<String, Vec<State>> = BTreeMap::new();
    let mut rng = Lcg(0x5eed);
    let cur = vars_at(task, 0);
    let next = vars_at(task, 1);
    let mut solvers: BTreeMap<u32, Solver> = BTreeMap::new();
    let init = Solver::new();
    init.assert(smt::encode_bool(&task.init, View::state(0)));
    for _ in 0..runs {
        let hints: Vec<Bool> = cur
            .iter()
            .map(|v| v.eq(Int::from_i64(rng.small())))
            .collect();
        let Some(m) = solve_hinted(&init, &hints, budget)? else {
            return Ok(seen);
        };
        let mut state = read(&m, &cur);
        let mut loc = task.initial_location.clone();
        for _ in 0..depth {
            seen.entry(loc.clone()).or_default().push(state.clone());
            let edges: Vec<_> = task
                .edges_from(&loc)
                .filter(|e| e.to != task.bad_location)
                .collect();
            if edges.is_empty() {
                break;
            }
            let start = rng.next() as usize % edges.len();
            let mut moved = false;
            for k in 0..edges.len() {
                let e = edges[(start + k) % edges.len()];
                let s = solvers.entry(e.id).or_insert_with(|| {
                    let s = Solver::new();
                    s.assert(smt::encode_edge(e, 0));
                    s
                });
                s.push();
                for (v, x) in cur.iter().zip(&state) {
                    s.assert(v.eq(Int::from_big_int(x)));
                }
                let hints: Vec<Bool> = e
                    .locals
                    .iter()
                    .map(|l| {
                        smt::int_const(&smt::local_symbol(&l.name, 0))
                            .eq(Int::from_i64(rng.small()))
                    })
                    .collect();
                let found = solve_hinted(s, &hints, budget);
                let step = found.map(|m| m.map(|m| read(&m, &next)));
                s.pop(1);
                if let Some(n) = step? {
                    state = n;
                    loc = e.to.clone();
                    moved = true;
                    break;
                }
            }
            if !moved {
                break;
            }
        }
    }
    Ok(seen)
}

/// The equalities `sum a_i x_i = c` satisfied by every point: a basis of the
/// null space of `[points | -1]`, by fraction-free elimination.
fn affine_hull(points: &[State], n: usize) -> Vec<(Vec<BigInt>, BigInt)> {
    let mut rows: Vec<Vec<BigInt>> = points
        .iter()
        .map(|p| {
            p.iter()
                .cloned()
                .chain(std::iter::once(-BigInt::one()))
                .collect()
        })
        .collect();
    let cols = n + 1;
    let mut pivots = Vec::new();
    let mut r = 0;
    for c in 0..cols {
        let Some(p) = (r..rows.len()).find(|&i| !rows[i][c].is_zero()) else {
            continue;
        };
        rows.swap(r, p);
        for i in 0..rows.len() {
            if i != r && !rows[i][c].is_zero() {
                let (a, b) = (rows[r][c].clone(), rows[i][c].clone());
                for k in 0..cols {
                    rows[i][k] = &rows[i][k] * &a - &rows[r][k] * &b;
                }
                // Keep entries small: divide the row by the gcd of its entries.
                let g = rows[i].iter().fold(BigInt::zero(), |g, x| g.gcd(x));
                if !g.is_zero() && !g.is_one() {
                    rows[i].iter_mut().for_each(|x| *x /= &g);
                }
            }
        }
        pivots.push(c);
        r += 1;
        if r == rows.len() {
            break;
        }
    }
    let mut out = Vec::new();
    for free in (0..cols).filter(|c| !pivots.contains(c)) {
        // Solve pivot variables for free = 1, others 0, scaled to integers.
        let mut lcm = BigInt::one();
        for (i, &pc) in pivots.iter().enumerate() {
            lcm = lcm.lcm(&rows[i][pc]);
        }
        let mut v = vec![BigInt::zero(); cols];
        v[free] = lcm.clone();
        for (i, &pc) in pivots.iter().enumerate() {
            v[pc] = -(&rows[i][free] * &lcm) / &rows[i][pc];
        }
        let g = v.iter().fold(BigInt::zero(), |g, x| g.gcd(x));
        if !g.is_zero() {
            v.iter_mut().for_each(|x| *x /= &g);
        }
        let c = v.pop().expect("constant column");
        if v.iter().filter(|x| !x.is_zero()).count() >= 1 {
            out.push((v, c));
        }
    }
    out
}

fn equality(task: &Task, coeffs: &[BigInt], c: &BigInt) -> Expr {
    let terms: Vec<Expr> = task
        .vars
        .iter()
        .zip(coeffs)
        .filter(|(_, a)| !a.is_zero())
        .map(|(v, a)| {
            if a.is_one() {
                Expr::var(&v.name)
            } else {
                Expr::Mul(Num(a.clone()), Box::new(Expr::var(&v.name)))
            }
        })
        .collect();
    let lhs = if terms.len() == 1 {
        terms.into_iter().next().expect("one")
    } else {
        Expr::Add(terms)
    };
    Expr::eq(lhs, Expr::Int(Num(c.clone())))
}

/// Candidate equalities that survive Houdini: each holds initially and is
/// preserved by every edge given all surviving candidates at its source.
pub fn equality_invariants(task: &Task, budget: &Budget) -> Result<Vec<(String, Expr)>, Unknown> {
    let mut seen = sample(task, budget, 4, 30)?;
    for points in seen.values_mut() {
        points.sort();
        points.dedup();
    }
    let mut cand: BTreeMap<String, Vec<Expr>> = BTreeMap::new();
    for (loc, points) in &seen {
        if points.len() < 2 {
            continue;
        }
        let eqs: Vec<Expr> = affine_hull(points, task.vars.len())
            .into_iter()
            .filter(|(a, _)| {
                a.iter().filter(|x| !x.is_zero()).count() >= 2
                    || a.iter().all(|x| x.abs() <= BigInt::one())
            })
            .map(|(a, c)| equality(task, &a, &c))
            .collect();
        if !eqs.is_empty() {
            cand.insert(loc.clone(), eqs);
        }
    }
    // Initiation at the initial location.
    if let Some(cs) = cand.get_mut(&task.initial_location) {
        let init = smt::encode_bool(&task.init, View::state(0));
        let mut keep = Vec::new();
        for c in cs.drain(..) {
            let s = Solver::new();
            s.assert(&init);
            s.assert(smt::encode_bool(&c, View::state(0)).not());
            if !budget.check(&s, &[])? {
                keep.push(c);
            }
        }
        *cs = keep;
    }
    // Every location without candidates is `true`; a location that no sample
    // reached keeps no facts, which is sound.
    loop {
        let mut changed = false;
        for e in task.edges.iter().filter(|e| e.to != task.bad_location) {
            let Some(targets) = cand.get(&e.to).cloned() else {
                continue;
            };
            let source = cand.get(&e.from).cloned().unwrap_or_default();
            let mut keep = Vec::new();
            for t in targets {
                let s = Solver::new();
                for c in &source {
                    s.assert(smt::encode_bool(c, View::state(0)));
                }
                s.assert(smt::encode_edge(e, 0));
                s.assert(smt::encode_bool(&t, View::state(1)).not());
                if budget.check(&s, &[])? {
                    changed = true;
                } else {
                    keep.push(t);
                }
            }
            cand.insert(e.to.clone(), keep);
        }
        if !changed {
            break;
        }
    }
    Ok(cand
        .into_iter()
        .flat_map(|(l, cs)| cs.into_iter().map(move |c| (l.clone(), c)))
        .collect())
}
