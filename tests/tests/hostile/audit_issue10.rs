//! The audit of issue 10, one case per finding: encoding size, closure pairs,
//! the total time limit, cube and region sizes, constant towers, long
//! relations over long traces, huge counterexample values, endless input.

use super::common::{
    binary, read_and_check, rehash, safe_body, seed_cert, small_limits, structure_only, timed,
    unreadable, Seen,
};
use checker::{Options, Verdict};
use format::encode::to_json;
use format::{Body, Certificate, Expr, Literal, Node, Num, Trace};
use std::time::{Duration, Instant};

/// A task whose single edge set is `n` copies of `h -> h` with relation `rel`,
/// and `nodes` nodes at `h` with empty cubes and no successor lists.
fn many_self_loops(edges: usize, nodes: usize, rel: Expr) -> Certificate {
    let mut c = seed_cert("seed_p1_safe.json");
    let e = c.task.edges[0].clone();
    c.task.edges = (0..edges as u32)
        .map(|id| format::Edge {
            id,
            relation: rel.clone(),
            ..e.clone()
        })
        .collect();
    rehash(&mut c);
    let b = safe_body(&mut c);
    let template = Node {
        forall: vec![],
        cube: vec![],
        ..b.nodes[0].clone()
    };
    b.nodes = (0..nodes as u32)
        .map(|id| Node {
            forall: vec![],
            id,
            ..template.clone()
        })
        .collect();
    b.initial = vec![0];
    b.successors.clear();
    c
}

/// `k*(k*(...*x))`, `depth` products, built without recursion.
fn tower(k: &Num, depth: usize, x: Expr) -> Expr {
    let mut e = x;
    for _ in 0..depth {
        e = Expr::Mul(k.clone(), Box::new(e));
    }
    e
}

fn thousand_digits() -> Num {
    format::expr::parse_num(&"7".repeat(1000)).unwrap()
}

#[test]
fn a_task_too_large_to_encode_is_invalid_by_count_not_a_panic() {
    // 33.6 M empty location names: a bincode encoding over 256 MiB, which
    // used to panic while hashing ("SizeLimit").
    let mut c = seed_cert("seed_p1_safe.json");
    c.task.locations = vec![String::new(); 33_600_000];
    let s = timed("33.6 M locations", || structure_only(&c));
    assert!(s.contains("locations exceed the limit"), "{s}");
    // Hashing streams: any size hashes without failing.
    let h = timed("hash of a 268 MB task encoding", || {
        format::hash::task_sha256(&c.task)
    });
    assert_eq!(h.len(), 64);
}

#[test]
fn closure_pairs_beyond_the_bound_are_invalid_without_being_built() {
    // 10^5 nodes x 10^5 self-loops with relation false: 10^10 pairs.
    let c = many_self_loops(100_000, 100_000, Expr::Bool(false));
    let s = timed("10^5 nodes x 10^5 edges", || structure_only(&c));
    assert!(
        s.contains("closure obligations exceed the limit of 1000000"),
        "{s}"
    );
}

#[test]
fn the_total_time_limit_makes_a_long_check_inconclusive() {
    // 100 nodes x 100 edges: 10,000 cvc5 queries, about 27 s unbounded.
    let c = many_self_loops(100, 100, Expr::Bool(false));
    let opts = Options {
        total: Some(Duration::from_secs(2)),
        ..small_limits()
    };
    let start = Instant::now();
    let rep = checker::on_large_stack(|| checker::check(&c, &opts));
    let took = start.elapsed();
    eprintln!("hostile: 10^4 queries under --timeout 2: {took:?}");
    assert_eq!(rep.verdict(), Verdict::Inconclusive);
    assert!(took < Duration::from_secs(6), "{took:?}");
    let why = rep
        .records
        .iter()
        .find_map(|r| match &r.outcome {
            checker::Outcome::Unknown(w) => Some(w.clone()),
            _ => None,
        })
        .unwrap();
    assert!(why.contains("total time limit"), "{why}");
}

#[test]
fn repeated_cube_literals_and_oversized_regions_are_invalid() {
    // One predicate, an `and` of 30,000 atoms, repeated 900,000 times in a
    // cube (with the other nodes' literals, just under the literal limit).
    let mut c = seed_cert("seed_p1_safe.json");
    let atom = Expr::Ge(Box::new(Expr::var("x")), Box::new(Expr::int(0)));
    safe_body(&mut c).predicates[0].formula = Expr::And(vec![atom.clone(); 30_000]);
    safe_body(&mut c).nodes[0].cube = vec![
        Literal {
            pred: 0,
            positive: true
        };
        900_000
    ];
    let s = timed("a literal repeated 900,000 times", || structure_only(&c));
    assert!(s.contains("duplicate literal in the cube of node 0"), "{s}");
    // 40 distinct predicates of 30,000 atoms each in one cube: 2.4 M terms.
    let mut c = seed_cert("seed_p1_safe.json");
    let b = safe_body(&mut c);
    b.predicates = (0..40u32)
        .map(|id| format::Predicate {
            id,
            formula: Expr::And(vec![atom.clone(); 30_000]),
        })
        .collect();
    for n in &mut b.nodes {
        n.cube = (0..40u32)
            .map(|pred| Literal {
                pred,
                positive: true,
            })
            .collect();
    }
    let s = timed("regions of 2.4 M terms", || structure_only(&c));
    assert!(
        s.contains("terms of one closure query exceed the limit"),
        "{s}"
    );
}

#[test]
fn towers_of_large_constants_are_invalid_before_any_evaluation_or_solver() {
    let k = thousand_digits();
    // In a trace relation (evaluator): x' == x || k*(...*x) == 1, 2,000 deep.
    let mut c = seed_cert("seed_variant_trace.json");
    let tall = Expr::eq(tower(&k, 2_000, Expr::var("x")), Expr::int(1));
    let keep = c.task.edges[0].relation.clone();
    c.task.edges[0].relation = Expr::Or(vec![keep, tall]);
    rehash(&mut c);
    let s = timed("trace relation with a 2,000-deep tower", || {
        structure_only(&c)
    });
    assert!(s.contains("constants multiply to about"), "{s}");
    // In a closure relation (cvc5): x' == k*(...*x), 3,000 deep.
    let mut c = seed_cert("seed_p1_safe.json");
    c.task.edges[0].relation = Expr::eq(Expr::next("x"), tower(&k, 3_000, Expr::var("x")));
    rehash(&mut c);
    let s = timed("closure relation with a 3,000-deep tower", || {
        structure_only(&c)
    });
    assert!(s.contains("constants multiply to about"), "{s}");
}

#[test]
fn long_relations_over_many_steps_replay_in_bounded_time() {
    // The loop relation padded with 1,000 true conjuncts, over 20,000 steps
    // (2 * 10^7 terms): short-circuit evaluation, no text unless a step fails.
    let base = seed_cert("seed_variant_trace.json");
    let Body::Unsafe(t) = &base.body else {
        panic!()
    };
    let mut c = base.clone();
    let mut parts = vec![Expr::Bool(true); 1_000];
    parts.insert(0, c.task.edges[0].relation.clone());
    c.task.edges[0].relation = Expr::And(parts);
    rehash(&mut c);
    let mut steps = certa_tests::counting_steps(&t, 20_000);
    // The remaining steps of the original trace fail now (other values):
    // the replay runs all 20,000 loop steps before it finds that.
    steps.extend(t.steps[1..].iter().cloned());
    c.body = Body::Unsafe(Trace {
        initial_arrays: Default::default(),
        initial: t.initial.clone(),
        steps,
    });
    let seen = timed("20,000 steps of a 1,000-conjunct relation", || {
        read_and_check(&binary(&c), &small_limits())
    });
    assert!(
        matches!(&seen, Seen::Checked(Verdict::Invalid, m) if m.contains("step 20000")),
        "{seen:?}"
    );
    // Beyond the evaluation bound: 100,000 conjuncts over 10^4 steps.
    c.task.edges[0].relation = Expr::And(vec![Expr::Bool(true); 100_000]);
    rehash(&mut c);
    let s = timed("10^9 terms to evaluate", || structure_only(&c));
    assert!(s.contains("terms evaluated over the trace exceed"), "{s}");
}

#[test]
fn a_counterexample_with_huge_values_is_invalid_not_inconclusive() {
    // The loop's next x is 10^1998 (a 1,999-digit value); the only successor
    // says x' == 0. cvc5's model refutes the closure: INVALID, value shortened.
    let mut c = seed_cert("seed_p1_safe.json");
    let ten = format::expr::parse_num(&format!("1{}", "0".repeat(999))).unwrap();
    c.task.edges[0].relation = Expr::And(vec![
        Expr::eq(
            Expr::next("x"),
            Expr::Mul(ten.clone(), Box::new(Expr::Int(ten))),
        ),
        Expr::eq(Expr::next("y"), Expr::var("y")),
    ]);
    rehash(&mut c);
    let seen = read_and_check(&binary(&c), &small_limits());
    match seen {
        Seen::Checked(Verdict::Invalid, m) => {
            assert!(m.contains("closure") && m.contains("(1999 digits)"), "{m}");
            assert!(m.len() < 2_000, "the value is printed shortened: {m}");
        }
        other => panic!("expected INVALID, got {other:?}"),
    }
}

#[test]
fn endless_input_duplicate_keys_and_version_mismatch_are_unreadable() {
    let r = timed("/dev/zero", || {
        format::codec::read_certificate(std::path::Path::new("/dev/zero"))
    });
    let msg = r.err().expect("refused").to_string();
    assert!(msg.contains("exceeds the limit"), "{msg}");
    // A variable given twice in one valuation.
    let text = to_json(&seed_cert("seed_variant_trace.json"));
    let twice = text.replacen("\"initial\": {", "\"initial\": {\n    \"x\": \"5\",", 1);
    assert_ne!(twice, text);
    unreadable(
        "duplicate key in a valuation",
        twice.as_bytes(),
        "given twice",
    );
    // A binary file whose outer version is ours but whose header says 99.
    let mut c = seed_cert("seed_p1_safe.json");
    c.header.version = 99;
    unreadable(
        "header version 99 inside a version-2 file",
        &binary(&c),
        "format version 99",
    );
}
