//! Writes a solver obligation as a standalone SMT-LIB 2 (QF_LIA) file whose expected answer is unsat.
#![forbid(unsafe_code)]

use crate::solver::Query;
use format::smtlib::{quote, smt_term};
use std::fmt::Write;

/// The SMT-LIB text of `q`; `title` goes into the leading comment (no newlines,
/// which the structure obligation guarantees for edge names).
pub fn smtlib(q: &Query, title: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "; certa-check obligation: {title}");
    let _ = writeln!(
        s,
        "; expected answer: unsat (sat means the certificate is invalid)"
    );
    s.push_str("(set-logic QF_LIA)\n");
    for v in &q.vars {
        let _ = writeln!(s, "(declare-const {} Int)", quote(v));
    }
    for v in &q.nexts {
        let _ = writeln!(s, "(declare-const {} Int)", quote(&format!("{v}'")));
    }
    let var = |n: &str| quote(n);
    let next = |n: &str| quote(&format!("{n}'"));
    for a in &q.assertions {
        let _ = writeln!(s, "(assert {})", smt_term(a, &var, &next));
    }
    s.push_str("(check-sat)\n(exit)\n");
    s
}
