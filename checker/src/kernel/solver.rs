//! Decides one obligation query with a fresh cvc5 solver: UNSAT, SAT with a model, or unknown.
#![forbid(unsafe_code)]

use cvc5::{Kind, ProofComponent, ProofFormat, Solver, Term, TermManager};
use format::eval::{Env, NextArray};
use format::{ArrayValuation, ArrayValue, Expr, Num, Valuation};
use std::collections::BTreeMap;

/// A conjunction of sort-checked formulas that a valid certificate makes UNSAT.
/// `Var(x)` is the current-state (or edge-local) symbol `x`, `Next(x)` is `x'`.
/// All queries are quantifier-free: quantified regions arrive instantiated.
#[derive(Clone, Debug, Default)]
pub struct Query {
    /// Integer current-state variables, edge locals and Skolem constants.
    pub vars: Vec<String>,
    /// Integer state variables whose next-state copy is declared.
    pub nexts: Vec<String>,
    /// Array state variables (`int -> int`), current and next copies.
    pub arrays: Vec<String>,
    pub next_arrays: Vec<String>,
    pub assertions: Vec<Expr>,
}

impl Query {
    /// Does the query declare array symbols or use array operations?
    pub fn has_arrays(&self) -> bool {
        !self.arrays.is_empty()
            || !self.next_arrays.is_empty()
            || self.assertions.iter().any(Expr::has_arrays)
    }

    /// Does the query use constant arrays (`const(v)`, SMT-LIB's
    /// `((as const (Array Int Int)) v)`, cvc5's `STORE_ALL`)? Global C
    /// arrays and array initialisers start from one.
    pub fn has_const_arrays(&self) -> bool {
        let mut stack: Vec<&Expr> = self.assertions.iter().collect();
        while let Some(e) = stack.pop() {
            if matches!(e, Expr::ConstArray(_)) {
                return true;
            }
            stack.extend(e.children());
        }
        false
    }

    /// Does the query use products, quotients or remainders of two terms?
    pub fn has_nonlinear(&self) -> bool {
        self.assertions.iter().any(Expr::has_nonlinear)
    }

    /// Does the query use bitwise operators (an uninterpreted `and`)?
    pub fn has_bitwise(&self) -> bool {
        !format::bits::and_pairs(&self.assertions).is_empty()
    }

    /// The SMT-LIB logic of the query: linear unless a non-linear operator
    /// occurs, with uninterpreted functions for bitwise `and`.
    pub fn logic(&self) -> String {
        format!(
            "QF_{}{}{}IA",
            if self.has_arrays() { "A" } else { "" },
            if self.has_bitwise() { "UF" } else { "" },
            if self.has_nonlinear() { "N" } else { "L" },
        )
    }

    /// The assertions with the facts of every bitwise `and` they use
    /// (`format::bits`): true of the real operator, so never a lost model.
    pub fn with_bit_facts(&self) -> Vec<Expr> {
        let mut all = self.assertions.clone();
        all.extend(format::bits::all_facts(&self.assertions));
        all
    }
}

/// A per-query time limit above this many milliseconds (about 35 years) is
/// no limit: cvc5 adds `tlimit-per` to the clock without an overflow check,
/// and a huge value wraps around to an immediate timeout.
pub const MAX_TIMEOUT_MS: u64 = 1 << 40;

/// Values of the declared symbols in a model of a satisfiable query.
#[derive(Clone, Debug, Default)]
pub struct Model {
    pub vars: Valuation,
    pub nexts: Valuation,
    pub arrays: ArrayValuation,
    pub next_arrays: ArrayValuation,
}

pub enum Answer {
    /// With the proof in cvc5's CPC format when [`Limits::proofs`] asked for it.
    Unsat(Option<String>),
    Sat(Model),
    Unknown(String),
}

/// Per-obligation solver limits.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// cvc5 `tlimit-per`, in milliseconds.
    pub timeout_ms: Option<u64>,
    /// cvc5 `rlimit-per` (deterministic resource units).
    pub rlimit: Option<u64>,
    /// Produce a proof of every UNSAT answer (`--proofs`).
    pub proofs: bool,
}

struct Tr<'a> {
    tm: &'a mut TermManager,
    vars: BTreeMap<String, Term>,
    nexts: BTreeMap<String, Term>,
    /// The uninterpreted `Int x Int -> Int` standing for bitwise and.
    bitand: Option<Term>,
}

type R<T> = Result<T, String>;

fn err(e: cvc5::Error) -> String {
    format!("cvc5 error: {}", e.message())
}

impl Tr<'_> {
    fn num(&mut self, n: &Num) -> R<Term> {
        self.tm.mk_integer_from_str(&n.0.to_string()).map_err(err)
    }
    fn app(&mut self, k: Kind, args: &[&Expr]) -> R<Term> {
        let ts = args.iter().map(|a| self.term(a)).collect::<R<Vec<_>>>()?;
        self.tm.mk_term(k, &ts).map_err(err)
    }
    /// `Add`/`And`/`Or` with fewer than two operands are not valid cvc5 terms.
    fn nary(&mut self, k: Kind, v: &[Expr], empty: Term) -> R<Term> {
        match v {
            [] => Ok(empty),
            [one] => self.term(one),
            _ => self.app(k, &v.iter().collect::<Vec<_>>()),
        }
    }
    fn sym(map: &BTreeMap<String, Term>, n: &str) -> R<Term> {
        map.get(n)
            .cloned()
            .ok_or_else(|| format!("undeclared symbol `{n}`"))
    }
    fn term(&mut self, e: &Expr) -> R<Term> {
        match e {
            Expr::Bool(b) => Ok(self.tm.mk_boolean(*b)),
            Expr::Int(n) => self.num(n),
            Expr::Var(n) => Self::sym(&self.vars, n),
            Expr::Next(n) => Self::sym(&self.nexts, n),
            Expr::Add(v) => {
                let zero = self.tm.mk_integer(0);
                self.nary(Kind::Add, v, zero)
            }
            Expr::And(v) => {
                let t = self.tm.mk_true();
                self.nary(Kind::And, v, t)
            }
            Expr::Or(v) => {
                let f = self.tm.mk_false();
                self.nary(Kind::Or, v, f)
            }
            Expr::Sub(a, b) => self.app(Kind::Sub, &[a, b]),
            Expr::Neg(a) => self.app(Kind::Neg, &[a]),
            Expr::Mul(k, a) | Expr::Div(a, k) | Expr::Mod(a, k) => {
                let kind = match e {
                    Expr::Mul(..) => Kind::Mult,
                    Expr::Div(..) => Kind::IntsDivision,
                    _ => Kind::IntsModulus,
                };
                let (c, t) = (self.num(k)?, self.term(a)?);
                let args = if kind == Kind::Mult { [c, t] } else { [t, c] };
                self.tm.mk_term(kind, &args).map_err(err)
            }
            Expr::Eq(a, b) => self.app(Kind::Equal, &[a, b]),
            Expr::Lt(a, b) => self.app(Kind::Lt, &[a, b]),
            Expr::Le(a, b) => self.app(Kind::Leq, &[a, b]),
            Expr::Gt(a, b) => self.app(Kind::Gt, &[a, b]),
            Expr::Ge(a, b) => self.app(Kind::Geq, &[a, b]),
            Expr::Not(a) => self.app(Kind::Not, &[a]),
            Expr::Implies(a, b) => self.app(Kind::Implies, &[a, b]),
            Expr::Ite(c, a, b) => self.app(Kind::Ite, &[c, a, b]),
            Expr::Select(a, i) => self.app(Kind::Select, &[a, i]),
            Expr::Store(a, i, v) => self.app(Kind::Store, &[a, i, v]),
            Expr::Times(a, b) => self.app(Kind::Mult, &[a, b]),
            // C's truncation from SMT-LIB's Euclidean div/mod (SPEC.md):
            // for x >= 0 they agree; for x < 0, quot(x, y) = -quot(-x, y).
            // Division by 0 is any value in SMT-LIB, by none concretely.
            Expr::Quot(a, b) | Expr::Rem(a, b) => {
                let kind = if matches!(e, Expr::Quot(..)) {
                    Kind::IntsDivision
                } else {
                    Kind::IntsModulus
                };
                let (x, y) = (self.term(a)?, self.term(b)?);
                let zero = self.tm.mk_integer(0);
                let neg_x = self.tm.mk_term(Kind::Neg, &[x.clone()]).map_err(err)?;
                let pos = self
                    .tm
                    .mk_term(kind, &[x.clone(), y.clone()])
                    .map_err(err)?;
                let neg = self.tm.mk_term(kind, &[neg_x, y]).map_err(err)?;
                let neg = self.tm.mk_term(Kind::Neg, &[neg]).map_err(err)?;
                let c = self.tm.mk_term(Kind::Geq, &[x, zero]).map_err(err)?;
                self.tm.mk_term(Kind::Ite, &[c, pos, neg]).map_err(err)
            }
            Expr::BitAnd(a, b) | Expr::BitOr(a, b) | Expr::BitXor(a, b) => {
                let (x, y) = format::bits::ordered(a, b);
                let f = self.bitand.clone().ok_or("undeclared bitwise and")?;
                let (tx, ty) = (self.term(x)?, self.term(y)?);
                let and = self.tm.mk_term(Kind::ApplyUf, &[f, tx.clone(), ty.clone()]);
                let and = and.map_err(err)?;
                if matches!(e, Expr::BitAnd(..)) {
                    return Ok(and);
                }
                // x | y = x + y - (x & y);  x ^ y = x + y - 2 (x & y).
                let sum = self.tm.mk_term(Kind::Add, &[tx, ty]).map_err(err)?;
                let k = self
                    .tm
                    .mk_integer(if matches!(e, Expr::BitOr(..)) { 1 } else { 2 });
                let and = self.tm.mk_term(Kind::Mult, &[k, and]).map_err(err)?;
                self.tm.mk_term(Kind::Sub, &[sum, and]).map_err(err)
            }
            Expr::ConstArray(v) => {
                // The sort check admits integer literals only.
                let v = self.term(v)?;
                let int = self.tm.integer_sort();
                let sort = self.tm.mk_array_sort(int.clone(), int).map_err(err)?;
                self.tm.mk_const_array(sort, v).map_err(err)
            }
        }
    }
}

fn integer(t: &Term) -> R<Num> {
    let text = t.integer_value().map_err(err)?;
    text.parse()
        .map(Num)
        .map_err(|_| format!("cvc5 model value `{text}` is not an integer"))
}

/// A model value of array sort: stores over a constant array.
fn array_value(s: &Solver, t: &Term) -> R<ArrayValue> {
    let mut v = s.get_value(t.clone()).map_err(err)?;
    let mut writes = Vec::new();
    while v.kind() == Kind::Store {
        writes.push((
            integer(&v.child(1).map_err(err)?)?,
            integer(&v.child(2).map_err(err)?)?,
        ));
        v = v.child(0).map_err(err)?;
    }
    if !v.is_const_array() {
        return Err("cvc5's array model is not stores over a constant array".into());
    }
    let default = integer(&v.const_array_base().map_err(err)?)?;
    // The outermost store is the last write: it wins.
    let mut entries: BTreeMap<Num, Num> = BTreeMap::new();
    for (k, x) in writes.into_iter().rev() {
        entries.insert(k, x);
    }
    Ok(ArrayValue {
        default,
        entries: entries.into_iter().collect(),
    })
}

fn value(s: &Solver, t: &Term) -> R<Num> {
    // No digit limit here: a model refutes the obligation whatever its size
    // (it is confirmed by concrete evaluation; messages shorten it).
    integer(&s.get_value(t.clone()).map_err(err)?)
}

fn run(q: &Query, limits: Limits) -> R<Answer> {
    let mut tm = TermManager::new();
    let mut s = Solver::new(&tm);
    s.set_logic(&q.logic()).map_err(err)?;
    s.set_option("produce-models", "true").map_err(err)?;
    if q.has_const_arrays() {
        // cvc5 (since 1.2.1) refuses STORE_ALL terms in QF_ALIA unless its
        // array extensions are enabled. For the index sort Int, constant
        // arrays are elements of the standard theory of arrays (every
        // function from Int to Int is an array), so this adds terms, not
        // models; where cvc5's procedure cannot handle them (write chains
        // between two constant arrays) it reports an error, which is
        // inconclusive here, and a SAT model is re-evaluated below.
        s.set_option("arrays-exp", "true").map_err(err)?;
    }
    if limits.proofs {
        s.set_option("produce-proofs", "true").map_err(err)?;
    }
    if let Some(ms) = limits.timeout_ms.filter(|&ms| ms <= MAX_TIMEOUT_MS) {
        s.set_option("tlimit-per", &ms.to_string()).map_err(err)?;
    }
    if let Some(r) = limits.rlimit {
        s.set_option("rlimit-per", &r.to_string()).map_err(err)?;
    }
    let int = tm.integer_sort();
    let array = tm.mk_array_sort(int.clone(), int.clone()).map_err(err)?;
    let bitand = if q.has_bitwise() {
        let f = tm.mk_fun_sort(&[int.clone(), int.clone()], int.clone());
        Some(
            tm.mk_const(f.map_err(err)?, format::bits::BITAND)
                .map_err(err)?,
        )
    } else {
        None
    };
    let mut tr = Tr {
        tm: &mut tm,
        vars: BTreeMap::new(),
        nexts: BTreeMap::new(),
        bitand,
    };
    let mut arrays = BTreeMap::new();
    let mut next_arrays = BTreeMap::new();
    for v in &q.arrays {
        let t = tr.tm.mk_const(array.clone(), v).map_err(err)?;
        tr.vars.insert(v.clone(), t.clone());
        arrays.insert(v.clone(), t);
    }
    for v in &q.next_arrays {
        let t = tr
            .tm
            .mk_const(array.clone(), &format!("{v}'"))
            .map_err(err)?;
        tr.nexts.insert(v.clone(), t.clone());
        next_arrays.insert(v.clone(), t);
    }
    for v in &q.vars {
        let t = tr.tm.mk_const(int.clone(), v).map_err(err)?;
        tr.vars.insert(v.clone(), t);
    }
    for v in &q.nexts {
        let t = tr.tm.mk_const(int.clone(), &format!("{v}'")).map_err(err)?;
        tr.nexts.insert(v.clone(), t);
    }
    for a in &q.with_bit_facts() {
        let t = tr.term(a)?;
        s.assert_formula(t).map_err(err)?;
    }
    let r = s.check_sat().map_err(err)?;
    if r.is_unsat() {
        if !limits.proofs {
            return Ok(Answer::Unsat(None));
        }
        let proofs = s.get_proof(ProofComponent::Full).map_err(err)?;
        let text: Vec<String> = proofs
            .into_iter()
            .map(|p| s.proof_to_string(p, ProofFormat::Cpc, &[], &[]))
            .collect();
        return Ok(Answer::Unsat(Some(text.join("\n"))));
    }
    if !r.is_sat() {
        let why = cvc5::unknown_explanation_to_string(r.unknown_explanation());
        return Ok(Answer::Unknown(format!("cvc5 answered unknown ({why})")));
    }
    let mut m = Model::default();
    for (name, t) in &tr.vars {
        if let Some(a) = arrays.get(name) {
            m.arrays.insert(name.clone(), array_value(&s, a)?);
        } else {
            m.vars.insert(name.clone(), value(&s, t)?);
        }
    }
    for (name, t) in &tr.nexts {
        if let Some(a) = next_arrays.get(name) {
            m.next_arrays.insert(name.clone(), array_value(&s, a)?);
        } else {
            m.nexts.insert(name.clone(), value(&s, t)?);
        }
    }
    confirm(q, &m)?;
    Ok(Answer::Sat(m))
}

/// Re-evaluates every assertion under the model, so that an INVALID verdict
/// never rests on cvc5 alone.
fn confirm(q: &Query, m: &Model) -> R<()> {
    let big = |v: &Valuation| v.iter().map(|(k, n)| (k.clone(), n.0.clone())).collect();
    let arrays = |v: &ArrayValuation| {
        v.iter()
            .map(|(k, a)| Ok((k.clone(), a.to_val()?)))
            .collect::<R<BTreeMap<_, _>>>()
    };
    let env = Env {
        vars: big(&m.vars),
        nexts: big(&m.nexts),
        arrays: arrays(&m.arrays)?,
        next_arrays: arrays(&m.next_arrays)?
            .into_iter()
            .map(|(k, a)| (k, NextArray::Value(a)))
            .collect(),
    };
    for a in &q.assertions {
        if env.holds(a) != Ok(true) {
            return Err("cvc5's model does not satisfy the query".into());
        }
    }
    Ok(())
}

/// Decides `q`. Any cvc5 API failure is reported as unknown, never as UNSAT.
pub fn solve(q: &Query, limits: Limits) -> Answer {
    run(q, limits).unwrap_or_else(Answer::Unknown)
}

/// The version of the linked cvc5.
pub fn cvc5_version() -> String {
    let tm = TermManager::new();
    Solver::new(&tm).version()
}
