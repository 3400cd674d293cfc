//! Arrays in `.imp` programs: writes as nested `store`s, frames, joins of branches,
//! havoc, errors.

use super::*;
use crate::tests_arrays_helpers::{arr, env, imp, rel, rels, some_locals};
use format::eval::ArrayVal;
use format::print::{expr_to_string, task_to_string};
use format::VarDecl;
use num_bigint::BigInt;
use std::collections::BTreeMap;

#[test]
fn imp_array_write_and_frames() {
    let src = "var i, x: int;
var a: int[];
i = 0;
while (i < 10) { a[i] = 42; i = i + 1; }
x = a[3];
assert(x == 42);
";
    let t = imp(src, Encoding::Lbe);
    assert_eq!(t.vars, vec![VarDecl::int("i"), VarDecl::int("x"), arr("a")]);
    assert_eq!(
        rels(&t),
        vec![
            "entry->l4_1: i' == 0 && x' == x && a' == a",
            "l4_1->l4_1: i < 10 && i' == i + 1 && x' == x && a' == store(a, i, 42)",
            "l4_1->bad: !(i < 10) && a[3] != 42",
        ]
    );
    let t = imp(src, Encoding::Sbe);
    assert_eq!(
        rel(&t, "l4_18->l4_29"),
        "i' == i && x' == x && a' == store(a, i, 42)"
    );
    // Every SBE edge frames the array it does not write.
    assert_eq!(rel(&t, "l4_29->l4_1"), "i' == i + 1 && x' == x && a' == a");
}

#[test]
fn imp_writes_in_one_block_nest_as_stores() {
    let src = "var i, j, x, y: int;
var a: int[];
while (*) { a[i] = x; a[j] = y; x = a[i]; }
assert(x == 0);
";
    let t = imp(src, Encoding::Lbe);
    let loop_rel = rel(&t, "l3_1->l3_1");
    assert_eq!(
        loop_rel,
        "i' == i && j' == j && x' == store(store(a, i, x), j, y)[i] && y' == y \
         && a' == store(store(a, i, x), j, y)"
    );
    assert!(t.edges.iter().all(|e| e.locals.is_empty()));
}

#[test]
fn imp_branch_writes_frame_inside_branches() {
    // No read after the choice: each branch constrains `a'` itself.
    let src = "var i: int;
var a: int[];
while (*) { if (i > 0) { a[i] = 1; } else { skip; } i = i + 1; }
assert(a[0] == 0);
";
    let t = imp(src, Encoding::Lbe);
    let loop_edge = t.edges.iter().find(|e| e.from == e.to).unwrap();
    assert!(loop_edge.locals.is_empty());
    assert_eq!(
        expr_to_string(&loop_edge.relation),
        "(!(i > 0) && a' == a || i > 0 && a' == store(a, i, 1)) && i' == i + 1"
    );
}

#[test]
fn imp_branch_join_read_later_uses_integer_slots() {
    let src = "var i, j, x, c: int;
var a: int[];
while (*) {
  if (c > 0) { a[i] = 1; a[j] = 2; } else { if (c < 0 - 1) { a[j] = 3; } }
  x = a[i] + a[j];
}
assert(x != 7);
";
    for enc in [Encoding::Lbe, Encoding::Sbe] {
        imp(src, enc);
    }
    let t = imp(src, Encoding::Lbe);
    let e = t.edges.iter().find(|e| e.from == e.to).unwrap();
    let names: Vec<&str> = e.locals.iter().map(|l| l.name.as_str()).collect();
    // One slot for the inner `if`, two for the outer one; indices all
    // branches agree on need no local.
    assert_eq!(names, vec!["a#v@1", "a#i@1", "a#v@2", "a#v@3"]);
    // Semantics: the relation relates each pre-state exactly to the states the
    // body reaches (checked over a small domain).
    for (i, j, c) in [(0, 1, 1), (1, 1, 1), (0, 1, 0), (1, 0, -2), (1, 1, -2)] {
        let mut pre = ArrayVal::default();
        pre.entries.insert(BigInt::from(0), BigInt::from(2));
        pre.entries.insert(BigInt::from(1), BigInt::from(3));
        let mut post = pre.clone();
        if c > 0 {
            post.entries.insert(BigInt::from(i), BigInt::from(1));
            post.entries.insert(BigInt::from(j), BigInt::from(2));
        } else if c < -1 {
            post.entries.insert(BigInt::from(j), BigInt::from(3));
        }
        let x = post.get(&BigInt::from(i)) + post.get(&BigInt::from(j));
        let ints = |x: &BigInt| -> BTreeMap<String, BigInt> {
            [("i", i), ("j", j), ("c", c)]
                .iter()
                .map(|(n, v)| (n.to_string(), BigInt::from(*v)))
                .chain([("x".to_string(), x.clone())])
                .collect()
        };
        let holds = |x_post: &BigInt, a_post: &ArrayVal| {
            let vars = ints(&BigInt::from(99));
            some_locals(
                e,
                env(vars, ints(x_post), pre.clone(), Some(a_post.clone())),
            )
        };
        assert!(holds(&x, &post), "i={i} j={j} c={c}");
        assert!(!holds(&(&x + 1), &post), "i={i} j={j} c={c}");
        let mut other = post.clone();
        other.entries.insert(BigInt::from(5), BigInt::from(1));
        assert!(!holds(&x, &other), "i={i} j={j} c={c}");
    }
}

#[test]
fn imp_array_havoc_ends_the_block() {
    let src = "var x: int;
var a: int[];
a[0] = 1;
a = *;
x = a[0];
assert(x == 1);
";
    let t = imp(src, Encoding::Lbe);
    assert_eq!(
        rels(&t),
        vec![
            // `a` havocked: `a'` is left unconstrained.
            "entry->l5_1: x' == x",
            "l5_1->bad: a[0] != 1",
        ]
    );
    let t = imp(src, Encoding::Sbe);
    assert_eq!(rel(&t, "l4_1->l5_1"), "x' == x");
}

#[test]
fn imp_array_errors() {
    let err = |src: &str| match parse_imp("t.imp", src, Encoding::Lbe) {
        Ok(p) => panic!("expected an error, got {}", task_to_string(&p.task)),
        Err(e) => e.to_string(),
    };
    let e = err("var x: int;\nvar a: int[];\nx = a;\n");
    assert!(
        e.starts_with("t.imp:3:5: type error: `a` is an array"),
        "{e}"
    );
    let e = err("var x: int;\nvar a: int[];\na = x;\n");
    assert!(
        e.starts_with("t.imp:3:1: type error: `a` is an array"),
        "{e}"
    );
    let e = err("var x: int;\nx[0] = 1;\n");
    assert_eq!(e, "t.imp:2:1: type error: `x` is an int, not an array");
    let e = err("var x: int;\nvar a: int[];\nx = a[x > 0];\n");
    assert!(e.starts_with("t.imp:3:7: type error"), "{e}");
}
