//! Prints expressions as SMT-LIB 2 terms (QF_LIA, QF_ALIA with arrays), for solver-independent audit files.

pub use crate::bits::BITAND;
use crate::expr::Expr;
use num_bigint::Sign;

/// Quotes a name as an SMT-LIB symbol. Names are checked to be plain
/// identifiers elsewhere, so `|...|` quoting is always well formed.
pub fn quote(name: &str) -> String {
    format!("|{name}|")
}

/// Prints `e`; `var` and `next` give the symbol for `x` and for `x'`.
pub fn smt_term(e: &Expr, var: &dyn Fn(&str) -> String, next: &dyn Fn(&str) -> String) -> String {
    let rec = |x: &Expr| smt_term(x, var, next);
    let app = |op: &str, args: Vec<&Expr>| {
        let parts: Vec<String> = args.into_iter().map(rec).collect();
        format!("({op} {})", parts.join(" "))
    };
    let num = |n: &num_bigint::BigInt| {
        if n.sign() == Sign::Minus {
            format!("(- {})", -n)
        } else {
            n.to_string()
        }
    };
    match e {
        Expr::Bool(b) => b.to_string(),
        Expr::Int(n) => num(&n.0),
        Expr::Var(n) => var(n),
        Expr::Next(n) => next(n),
        Expr::Add(v) if v.len() == 1 => rec(&v[0]),
        Expr::And(v) if v.is_empty() => "true".into(),
        Expr::Or(v) if v.is_empty() => "false".into(),
        Expr::And(v) if v.len() == 1 => rec(&v[0]),
        Expr::Or(v) if v.len() == 1 => rec(&v[0]),
        Expr::Add(v) => app("+", v.iter().collect()),
        Expr::And(v) => app("and", v.iter().collect()),
        Expr::Or(v) => app("or", v.iter().collect()),
        Expr::Sub(a, b) => app("-", vec![a, b]),
        Expr::Neg(a) => app("-", vec![a]),
        Expr::Mul(k, a) => format!("(* {} {})", num(&k.0), rec(a)),
        Expr::Div(a, d) => format!("(div {} {})", rec(a), num(&d.0)),
        Expr::Mod(a, d) => format!("(mod {} {})", rec(a), num(&d.0)),
        Expr::Eq(a, b) => app("=", vec![a, b]),
        Expr::Lt(a, b) => app("<", vec![a, b]),
        Expr::Le(a, b) => app("<=", vec![a, b]),
        Expr::Gt(a, b) => app(">", vec![a, b]),
        Expr::Ge(a, b) => app(">=", vec![a, b]),
        Expr::Not(a) => app("not", vec![a]),
        Expr::Implies(a, b) => app("=>", vec![a, b]),
        Expr::Ite(c, a, b) => app("ite", vec![c, a, b]),
        Expr::Select(a, i) => app("select", vec![a, i]),
        Expr::Store(a, i, v) => app("store", vec![a, i, v]),
        Expr::ConstArray(v) => format!("((as const (Array Int Int)) {})", rec(v)),
        Expr::Times(a, b) => app("*", vec![a, b]),
        // C's truncation from SMT-LIB's Euclidean `div`/`mod` (SPEC.md).
        Expr::Quot(a, b) => {
            let (x, y) = (rec(a), rec(b));
            format!("(ite (>= {x} 0) (div {x} {y}) (- (div (- {x}) {y})))")
        }
        Expr::Rem(a, b) => {
            let (x, y) = (rec(a), rec(b));
            format!("(ite (>= {x} 0) (mod {x} {y}) (- (mod (- {x}) {y})))")
        }
        // One uninterpreted `bitand` (declared by the file's writer) with
        // the facts of `crate::bits`; `or`/`xor` through the identities.
        Expr::BitAnd(a, b) => {
            let (x, y) = crate::bits::ordered(a, b);
            format!("({BITAND} {} {})", rec(x), rec(y))
        }
        Expr::BitOr(a, b) | Expr::BitXor(a, b) => {
            let (x, y) = crate::bits::ordered(a, b);
            let and = format!("({BITAND} {} {})", rec(x), rec(y));
            let times = if matches!(e, Expr::BitOr(..)) { 1 } else { 2 };
            format!("(- (+ {} {}) (* {times} {and}))", rec(a), rec(b))
        }
    }
}
