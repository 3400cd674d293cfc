//! Writes a solver obligation as a standalone SMT-LIB 2 (QF_LIA, QF_ALIA, or with NIA/UF for non-linear and bitwise operators) file whose expected answer is unsat.
#![forbid(unsafe_code)]

use crate::solver::Query;
use format::smtlib::{quote, smt_term, BITAND};
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
    if q.has_const_arrays() {
        // Constant arrays are outside SMT-LIB's ArraysEx; cvc5 wants this
        // option for them (other solvers ignore it).
        let _ = writeln!(s, "(set-option :arrays-exp true)");
    }
    let _ = writeln!(s, "(set-logic {})", q.logic());
    let array = "(Array Int Int)";
    for (names, sort) in [(&q.vars, "Int"), (&q.arrays, array)] {
        for v in names {
            let _ = writeln!(s, "(declare-const {} {sort})", quote(v));
        }
    }
    for (names, sort) in [(&q.nexts, "Int"), (&q.next_arrays, array)] {
        for v in names {
            let _ = writeln!(s, "(declare-const {} {sort})", quote(&format!("{v}'")));
        }
    }
    if q.has_bitwise() {
        let _ = writeln!(
            s,
            "; bitwise and is uninterpreted, with the facts SPEC.md lists"
        );
        let _ = writeln!(s, "(declare-fun {BITAND} (Int Int) Int)");
    }
    let var = |n: &str| quote(n);
    let next = |n: &str| quote(&format!("{n}'"));
    for a in &q.with_bit_facts() {
        let _ = writeln!(s, "(assert {})", smt_term(a, &var, &next));
    }
    s.push_str("(check-sat)\n(exit)\n");
    s
}

/// Writes an audit file (`--emit-smtlib`, `--proofs`) into `dir`; the error, if any, as text.
pub fn write(dir: &std::path::Path, name: &str, text: String) -> Option<String> {
    let file = dir.join(name);
    std::fs::write(&file, text)
        .err()
        .map(|e| format!("{}: {e}", file.display()))
}
