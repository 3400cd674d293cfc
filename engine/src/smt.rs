//! Z3 encoding of format expressions over numbered state frames, and decoding back.

use format::{Expr, Num};
use num_bigint::BigInt;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;
use z3::ast::{Array, Ast, Bool, Dynamic, Int};
use z3::{SatResult, Solver};

/// Where the variables of an expression live: state variables read from
/// frame `cur`, primed ones from frame `next`, edge locals from step `step`.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub cur: usize,
    pub next: usize,
    pub step: usize,
    /// Names read as edge locals rather than state variables.
    pub locals: &'a [format::VarDecl],
}

impl View<'static> {
    pub fn state(frame: usize) -> View<'static> {
        View {
            cur: frame,
            next: frame,
            step: frame,
            locals: &[],
        }
    }
}

impl<'a> View<'a> {
    pub fn step(edge: &'a format::Edge, i: usize) -> View<'a> {
        View {
            cur: i,
            next: i + 1,
            step: i,
            locals: &edge.locals,
        }
    }
}

/// `~` never occurs in task identifiers (see SPEC.md), so these names cannot collide.
pub fn state_symbol(name: &str, frame: usize) -> String {
    format!("{name}~{frame}")
}
pub fn local_symbol(name: &str, step: usize) -> String {
    format!("{name}~L{step}")
}

pub fn int_const(sym: &str) -> Int {
    Int::new_const(sym)
}

thread_local!(static ARRAY_VARS: RefCell<BTreeSet<String>> = RefCell::new(BTreeSet::new()));

/// Declares which state variables are arrays for this thread's encodings
/// (the encoder sees names, not sorts; edge locals are never arrays).
pub fn set_array_vars(task: &format::Task) {
    ARRAY_VARS.with(|a| *a.borrow_mut() = task.array_var_names().into_iter().collect());
}

fn is_array_var(name: &str) -> bool {
    ARRAY_VARS.with(|a| a.borrow().contains(name))
}

/// Is `e` an array term?
pub fn is_array(e: &Expr) -> bool {
    match e {
        Expr::Var(n) | Expr::Next(n) => is_array_var(n),
        Expr::Store(..) | Expr::ConstArray(_) => true,
        Expr::Ite(_, a, _) => is_array(a),
        _ => false,
    }
}

pub fn array_const(sym: &str) -> Array {
    Array::new_const(sym, &z3::Sort::int(), &z3::Sort::int())
}

pub fn encode_array(e: &Expr, v: View) -> Array {
    match e {
        Expr::Var(n) => array_const(&state_symbol(n, v.cur)),
        Expr::Next(n) => array_const(&state_symbol(n, v.next)),
        Expr::Store(a, i, x) => encode_array(a, v).store(&encode_int(i, v), &encode_int(x, v)),
        Expr::ConstArray(x) => Array::const_array(&z3::Sort::int(), &encode_int(x, v)),
        Expr::Ite(c, a, b) => encode_bool(c, v).ite(&encode_array(a, v), &encode_array(b, v)),
        _ => unreachable!("sort-checked array expression"),
    }
}

fn num(n: &Num) -> Int {
    Int::from_big_int(&n.0)
}

/// Encodes `e`; the caller has sort-checked it.
pub fn encode(e: &Expr, v: View) -> Dynamic {
    match e {
        Expr::Bool(b) => Dynamic::from_ast(&Bool::from_bool(*b)),
        _ if is_array(e) => Dynamic::from_ast(&encode_array(e, v)),
        _ if is_int(e) => Dynamic::from_ast(&encode_int(e, v)),
        _ => Dynamic::from_ast(&encode_bool(e, v)),
    }
}

fn is_int(e: &Expr) -> bool {
    match e {
        Expr::Var(n) | Expr::Next(n) => !is_array_var(n),
        Expr::Int(_) | Expr::Select(..) | Expr::Add(_) | Expr::Sub(..) | Expr::Neg(_) => true,
        Expr::Mul(..) | Expr::Div(..) | Expr::Mod(..) => true,
        _ if e.is_nonlinear_op() => true,
        Expr::Ite(_, a, _) => is_int(a),
        _ => false,
    }
}

fn var_symbol(name: &str, v: View) -> String {
    if v.locals.iter().any(|l| l.name == name) {
        local_symbol(name, v.step)
    } else {
        state_symbol(name, v.cur)
    }
}

pub fn encode_int(e: &Expr, v: View) -> Int {
    match e {
        Expr::Int(n) => num(n),
        Expr::Var(n) => int_const(&var_symbol(n, v)),
        Expr::Next(n) => int_const(&state_symbol(n, v.next)),
        Expr::Add(xs) => {
            let parts: Vec<Int> = xs.iter().map(|x| encode_int(x, v)).collect();
            Int::add(&parts)
        }
        Expr::Sub(a, b) => Int::sub(&[encode_int(a, v), encode_int(b, v)]),
        Expr::Neg(a) => encode_int(a, v).unary_minus(),
        Expr::Mul(k, a) => Int::mul(&[num(k), encode_int(a, v)]),
        Expr::Div(a, d) => encode_int(a, v).div(num(d)),
        Expr::Mod(a, d) => encode_int(a, v).modulo(num(d)),
        Expr::Ite(c, a, b) => encode_bool(c, v).ite(&encode_int(a, v), &encode_int(b, v)),
        Expr::Select(a, i) => encode_array(a, v)
            .select(&encode_int(i, v))
            .as_int()
            .expect("int -> int array"),
        Expr::Times(a, b) => Int::mul(&[encode_int(a, v), encode_int(b, v)]),
        // C's truncation from SMT-LIB's Euclidean div/mod, as the checker.
        Expr::Quot(a, b) | Expr::Rem(a, b) => {
            let (x, y) = (encode_int(a, v), encode_int(b, v));
            let op = |p: &Int| {
                if matches!(e, Expr::Quot(..)) {
                    p.div(&y)
                } else {
                    p.modulo(&y)
                }
            };
            let nonneg = x.ge(Int::from_i64(0));
            nonneg.ite(&op(&x), &op(&x.unary_minus()).unary_minus())
        }
        Expr::BitAnd(a, b) | Expr::BitOr(a, b) | Expr::BitXor(a, b) => bitwise(e, a, b, v),
        _ => unreachable!("sort-checked integer expression"),
    }
}

/// Bitwise operators as the checker encodes them (`format::bits`): one
/// uninterpreted `and` applied to its operands in canonical order, `or`
/// and `xor` through identities, constrained by the facts every value
/// satisfies, which `encode_edge` adds to each relation using them. (A
/// bit-precise encoding in linear arithmetic timed out on two-line
/// programs; Z3 4.8's `int2bv` gave models that do not replay.) Models
/// are replayed concretely before a counterexample is reported.
fn bitwise(e: &Expr, a: &Expr, b: &Expr, v: View) -> Int {
    let (x, y) = format::bits::ordered(a, b);
    let (tx, ty) = (encode_int(x, v), encode_int(y, v));
    let int = z3::Sort::int();
    let f = z3::FuncDecl::new(format::smtlib::BITAND, &[&int, &int], &int);
    let and = f.apply(&[&tx, &ty]).as_int().expect("Int -> Int -> Int");
    match e {
        Expr::BitAnd(..) => and,
        Expr::BitOr(..) => Int::sub(&[Int::add(&[tx, ty]), and]),
        _ => Int::sub(&[Int::add(&[tx, ty]), Int::mul(&[Int::from_i64(2), and])]),
    }
}

pub fn encode_bool(e: &Expr, v: View) -> Bool {
    let i = |x: &Expr| encode_int(x, v);
    let b = |x: &Expr| encode_bool(x, v);
    match e {
        Expr::Bool(x) => Bool::from_bool(*x),
        Expr::Eq(x, y) if is_array(x) => encode_array(x, v).eq(encode_array(y, v)),
        Expr::Eq(x, y) => i(x).eq(i(y)),
        Expr::Lt(x, y) => i(x).lt(i(y)),
        Expr::Le(x, y) => i(x).le(i(y)),
        Expr::Gt(x, y) => i(x).gt(i(y)),
        Expr::Ge(x, y) => i(x).ge(i(y)),
        Expr::And(xs) => Bool::and(&xs.iter().map(b).collect::<Vec<_>>()),
        Expr::Or(xs) => Bool::or(&xs.iter().map(b).collect::<Vec<_>>()),
        Expr::Not(x) => b(x).not(),
        Expr::Implies(x, y) => b(x).implies(b(y)),
        Expr::Ite(c, x, y) => b(c).ite(&b(x), &b(y)),
        _ => unreachable!("sort-checked Boolean expression"),
    }
}

/// Encodes an edge relation at step `i`, with the edge's locals renamed per step.
pub fn encode_edge(edge: &format::Edge, i: usize) -> Bool {
    let rel = encode_bool(&edge.relation, View::step(edge, i));
    let facts = format::bits::all_facts(std::slice::from_ref(&edge.relation));
    if facts.is_empty() {
        return rel;
    }
    let mut all = vec![rel];
    all.extend(facts.iter().map(|f| encode_bool(f, View::step(edge, i))));
    Bool::and(&all.iter().collect::<Vec<_>>())
}

/// Reads an integer numeral.
pub fn int_value(v: &Int) -> Option<BigInt> {
    // Most values fit a machine word: no printing and parsing then.
    if let Some(n) = v.as_i64() {
        return Some(BigInt::from(n));
    }
    let s = v.to_string();
    let s = s.trim();
    if let Some(inner) = s.strip_prefix("(- ").and_then(|r| r.strip_suffix(')')) {
        inner.trim().parse::<BigInt>().ok().map(|n| -n)
    } else {
        s.parse::<BigInt>().ok()
    }
}

/// `text` cut to its first 120 characters, whitespace runs made one space:
/// a reason for an unknown answer quotes the term it failed on without
/// printing pages of it.
fn abbreviated(text: &str) -> String {
    let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match flat.char_indices().nth(120) {
        Some((i, _)) => format!("{} ...", &flat[..i]),
        None => flat,
    }
}

/// Decodes a Z3 term over named constants back into an expression;
/// `rename` maps a constant's name to the expression it stands for.
/// Operators are matched by their SMT-LIB names, which (unlike the numeric
/// kinds of the Rust binding) do not change between Z3 versions.
pub fn decode(t: &Dynamic, rename: &dyn Fn(&str) -> Option<Expr>) -> Result<Expr, String> {
    let decl = t
        .safe_decl()
        .map_err(|_| format!("not an application: {}", abbreviated(&t.to_string())))?;
    let kids = t.children();
    let name = decl.name();
    if kids.is_empty() {
        if let Some(n) = t.as_int().and_then(|i| int_value(&i)) {
            return Ok(Expr::Int(Num(n)));
        }
        return match name.as_str() {
            "true" => Ok(Expr::Bool(true)),
            "false" => Ok(Expr::Bool(false)),
            _ => rename(&name).ok_or_else(|| format!("unexpected symbol {name}")),
        };
    }
    let d = |k: &Dynamic| decode(k, rename);
    let all = || kids.iter().map(d).collect::<Result<Vec<_>, _>>();
    let two = || -> Result<(Box<Expr>, Box<Expr>), String> {
        if kids.len() != 2 {
            return Err(format!("expected two operands: {t}"));
        }
        Ok((Box::new(d(&kids[0])?), Box::new(d(&kids[1])?)))
    };
    let constant = |k: &Dynamic| {
        if k.children().is_empty() {
            k.as_int().and_then(|i| int_value(&i))
        } else {
            None
        }
    };
    let is_bool = kids[0].as_bool().is_some();
    Ok(match name.as_str() {
        "+" => Expr::Add(all()?),
        "-" if kids.len() == 1 => Expr::Neg(Box::new(d(&kids[0])?)),
        "-" => {
            let mut it = all()?.into_iter();
            let first = it.next().ok_or("empty subtraction")?;
            it.fold(first, |acc, x| Expr::Sub(Box::new(acc), Box::new(x)))
        }
        "*" => {
            // Linear only: all factors but one are numerals.
            let mut k = BigInt::from(1);
            let mut rest = Vec::new();
            for kid in &kids {
                match constant(kid) {
                    Some(c) => k *= c,
                    None => rest.push(d(kid)?),
                }
            }
            match rest.len() {
                0 => Expr::Int(Num(k)),
                1 => Expr::Mul(Num(k), Box::new(rest.pop().expect("one factor"))),
                _ => {
                    let mut it = rest.into_iter();
                    let first = it.next().expect("two factors");
                    let prod = it.fold(first, |a, b| Expr::Times(Box::new(a), Box::new(b)));
                    if k == BigInt::from(1) {
                        prod
                    } else {
                        Expr::Mul(Num(k), Box::new(prod))
                    }
                }
            }
        }
        "div" | "mod" if kids.len() == 2 => {
            let c = constant(&kids[1])
                .filter(|c| *c > BigInt::from(0))
                .ok_or_else(|| format!("non-constant divisor in {t}"))?;
            let a = Box::new(d(&kids[0])?);
            if name == "div" {
                Expr::Div(a, Num(c))
            } else {
                Expr::Mod(a, Num(c))
            }
        }
        "=" if is_bool => {
            let (a, b) = two()?;
            Expr::And(vec![
                Expr::Implies(a.clone(), b.clone()),
                Expr::Implies(b, a),
            ])
        }
        "=" => {
            let (a, b) = two()?;
            Expr::Eq(a, b)
        }
        "distinct" if kids.len() == 2 && !is_bool => {
            let (a, b) = two()?;
            Expr::Not(Box::new(Expr::Eq(a, b)))
        }
        "<=" | "<" | ">=" | ">" => {
            let (a, b) = two()?;
            match name.as_str() {
                "<=" => Expr::Le(a, b),
                "<" => Expr::Lt(a, b),
                ">=" => Expr::Ge(a, b),
                _ => Expr::Gt(a, b),
            }
        }
        "and" => Expr::And(all()?),
        n if n == format::smtlib::BITAND => {
            let (a, b) = two()?;
            Expr::BitAnd(a, b)
        }
        "or" => Expr::Or(all()?),
        "not" if kids.len() == 1 => Expr::Not(Box::new(d(&kids[0])?)),
        "=>" => {
            let (a, b) = two()?;
            Expr::Implies(a, b)
        }
        // Z3 names its if-then-else `if`.
        "ite" | "if" if kids.len() == 3 => {
            let mut it = all()?.into_iter();
            let (c, a, b) = (
                it.next().expect("3"),
                it.next().expect("3"),
                it.next().expect("3"),
            );
            Expr::Ite(Box::new(c), Box::new(a), Box::new(b))
        }
        "to_int" | "to_real" if kids.len() == 1 => d(&kids[0])?,
        other => return Err(format!("unsupported operator `{other}` in {t}")),
    })
}

/// Why a query gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unknown(pub String);

/// The quantifier-elimination tactic `qe` (`qe` or `qe2`), applied only to
/// a goal that still has quantifiers. A goal's free constants are
/// existential to a tactic: since Z3 5, `qe2` on a quantifier-free goal
/// eliminates them too (`x != y` became `true`), which is satisfiability,
/// not the equivalent formula over them that elimination must give.
pub fn eliminate_what_is_left(qe: &str) -> z3::Tactic {
    z3::Tactic::cond(
        &z3::Probe::new("has-quantifiers"),
        &z3::Tactic::new(qe),
        &z3::Tactic::create_skip(),
    )
}

/// `exists bound. body` without quantifiers, by Z3's `qe-light` and then
/// `qe`, as the formulas of each subgoal (a disjunction of conjunctions;
/// an empty conjunction is `true`); `None` where the tactic fails. It may
/// take a tenth of the remaining time, at most 2 s, bounded by the
/// watchdog (never Z3's own timers); it counts as a query.
pub fn eliminate_exists(
    bound: &[Int],
    body: &Bool,
    budget: &Budget,
) -> Result<Option<Vec<Vec<Bool>>>, Unknown> {
    if budget.expired() {
        return Err(Unknown("timeout".into()));
    }
    let bounds: Vec<&dyn z3::ast::Ast> = bound.iter().map(|v| v as &dyn z3::ast::Ast).collect();
    let goal = z3::Goal::new(false, false, false);
    goal.assert(&z3::ast::exists_const(&bounds, &[], body));
    let tactic = z3::Tactic::new("simplify")
        .and_then(&z3::Tactic::new("qe-light"))
        .and_then(&eliminate_what_is_left("qe"))
        .and_then(&z3::Tactic::new("simplify"));
    let now = std::time::Instant::now();
    let two = std::time::Duration::from_secs(2);
    let until = budget
        .deadline
        .map(|d| now + (d.saturating_duration_since(now) / 10).min(two))
        .unwrap_or(now + two);
    budget.queries.set(budget.queries.get() + 1);
    let result = {
        let _alarm = super::watchdog::arm(Some(until));
        tactic.apply(&goal, None)
    };
    match result {
        Ok(r) => Ok(Some(r.list_subgoals().map(|g| g.get_formulas()).collect())),
        Err(_) if budget.expired() => Err(Unknown("timeout".into())),
        Err(_) => Ok(None),
    }
}

/// Work Z3 has done in this thread's context so far: its resource counter
/// (`rlimit count`, tactics included), read from the statistics of a
/// solver kept for that (one per context: a new solver costs about 0.3 ms,
/// and CEGAR on `seed.imp` asked 4,000 times, 0.47 -> 1.67 s). Deterministic
/// for the same calls in the same order, unlike their time. 0 if Z3 does
/// not report it.
pub fn rlimit_count() -> u64 {
    thread_local! {
        static PROBE: std::cell::RefCell<Option<Solver>> = const { std::cell::RefCell::new(None) };
    }
    let ctx = z3::Context::thread_local();
    let value = PROBE.with(|probe| {
        let mut probe = probe.borrow_mut();
        // A probe of an earlier context (see strategy::fresh) counts that one.
        if probe.as_ref().is_none_or(|s| s.get_context() != &ctx) {
            *probe = Some(Solver::new());
        }
        probe
            .as_ref()
            .and_then(|s| s.get_statistics().value("rlimit count"))
    });
    match value {
        Some(z3::StatisticsValue::UInt(n)) => u64::from(n),
        Some(z3::StatisticsValue::Double(x)) if x >= 0.0 => x as u64,
        _ => 0,
    }
}

/// Sets Z3's process-wide parameters that certa's contexts rely on, once,
/// before the first context is made. `model.compact=false`: Z3 compresses
/// every model it builds, which took 4% of PDR's time on 68 small CHC
/// tasks (per-task median wall time 0.959 without). Values can differ (2
/// of those 68 certificates changed), the same ones on every run.
pub fn set_solver_defaults() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| z3::set_global_param("model.compact", "false"));
}

/// An empty incremental solver for QF_AUFLIA queries, reused from this
/// thread's pool ([`super::solver_pool`]).
pub fn solver() -> super::solver_pool::PooledSolver {
    super::solver_pool::take()
}

/// Counts queries and enforces the run's deadline on every check.
pub struct Budget {
    pub queries: Cell<u64>,
    pub deadline: Option<Instant>,
}

impl Budget {
    pub fn new(deadline: Option<Instant>) -> Budget {
        Budget {
            queries: Cell::new(0),
            deadline,
        }
    }

    /// Past the deadline, or the run lost a race ([`super::race`]).
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d) || super::race::cancelled()
    }

    /// Runs `check` (or `check_assumptions`) with the remaining time as Z3's timeout.
    pub fn check(&self, solver: &Solver, assumptions: &[Bool]) -> Result<bool, Unknown> {
        if self.expired() {
            return Err(Unknown("timeout".into()));
        }
        // Enforced by the run's watchdog (engine::verify), never by Z3's timers.
        let _alarm = super::watchdog::arm(self.deadline);
        super::race::tick()?;
        self.queries.set(self.queries.get() + 1);
        let r = if assumptions.is_empty() {
            solver.check()
        } else {
            solver.check_assumptions(assumptions)
        };
        match r {
            SatResult::Sat => Ok(true),
            SatResult::Unsat => Ok(false),
            SatResult::Unknown => {
                let why = solver
                    .get_reason_unknown()
                    .unwrap_or_else(|| "unknown".into());
                let why = if self.expired() || why.contains("timeout") || why.contains("canceled") {
                    "timeout".to_string()
                } else {
                    format!("solver unknown: {why}")
                };
                Err(Unknown(why))
            }
        }
    }
}

/// The value of an integer symbol in a model (0 when the model leaves it free).
pub fn model_int(model: &z3::Model, sym: &str) -> BigInt {
    model
        .eval(&int_const(sym), true)
        .and_then(|v| int_value(&v))
        .unwrap_or_default()
}

/// A valuation of `names` read from frame symbols.
pub fn model_valuation(
    model: &z3::Model,
    names: &[String],
    sym: &dyn Fn(&str) -> String,
) -> BTreeMap<String, Num> {
    names
        .iter()
        .map(|n| (n.clone(), Num(model_int(model, &sym(n)))))
        .collect()
}
