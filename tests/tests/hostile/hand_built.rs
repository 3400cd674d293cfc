//! Part 1: hand-built hostile certificates (10^6 nodes, nesting 10^5, a
//! 10^4-digit constant, duplicate ids, cyclic successors, ...), each timed.

use super::common::{
    binary, cut, invalid, read_and_check, rehash, safe_body, seed_cert, small_limits,
    structure_only, timed, unreadable, Seen,
};
use checker::Verdict;
use format::encode::{to_bincode, to_json};
use format::{Body, Expr, Literal, Node, Step, Successor, SuccessorList};
use format::{Num, Trace, Valuation};

/// `not` nested `depth` times around `true`, built without recursion.
fn deep_not(depth: usize) -> Expr {
    let mut e = Expr::Bool(true);
    for _ in 0..depth {
        e = Expr::not(e);
    }
    e
}

/// Drops a deep expression iteratively (the derived drop recurses).
fn drop_deep(e: Expr) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        if let Expr::Not(inner) = e {
            stack.push(*inner);
        }
    }
}

#[test]
fn deep_json_nesting_is_refused_while_decoding() {
    let text = to_json(&seed_cert("seed_p1_safe.json"));
    for depth in [10_001usize, 100_000, 3_000_000] {
        // Replace the init formula by `not` nested `depth` times.
        let start = text.find("\"init\": ").unwrap() + "\"init\": ".len();
        let end = text[start..].find("\"edges\"").unwrap() + start;
        let mut hostile = text[..start].to_string();
        hostile += &"{\"not\":".repeat(depth);
        hostile += "{\"bool\":true}";
        hostile += &"}".repeat(depth);
        hostile += ",\n    ";
        hostile += &text[end..];
        unreadable(
            &format!("JSON init nested {depth} deep ({} bytes)", hostile.len()),
            hostile.as_bytes(),
            "nested deeper than 10000",
        );
    }
    // Deep arrays where an expression is expected, and unbalanced openers.
    let arrays = format!("{{\"header\":{}", "[".repeat(1_000_000));
    unreadable(
        "JSON [ nested 10^6 deep",
        arrays.as_bytes(),
        "malformed JSON",
    );
    let opens = format!(
        "{{\"header\":{{\"format\":\"certa-certificate\",\"version\":1}},\"task\":{{\"init\":{}",
        "{\"and\":[".repeat(200_000)
    );
    unreadable(
        "JSON and[ nested 2*10^5, truncated",
        opens.as_bytes(),
        "malformed JSON",
    );
}

#[test]
fn deep_bincode_nesting_is_refused_while_decoding() {
    // Building, hashing and encoding a deep formula recurses too.
    checker::on_large_stack(deep_bincode);
}

fn deep_bincode() {
    let mut cert = seed_cert("seed_p1_safe.json");
    // A legal depth first: exactly MAX_DEPTH decodes and is checked.
    cert.task.init = Expr::And(vec![deep_not(format::expr::MAX_DEPTH - 2), cert.task.init]);
    rehash(&mut cert);
    let bytes = binary(&cert);
    let seen = timed("bincode init at MAX_DEPTH", || {
        read_and_check(&bytes, &small_limits())
    });
    eprintln!("hostile: bincode init at MAX_DEPTH: {seen:?}");
    assert!(matches!(seen, Seen::Checked(Verdict::Valid, _)), "{seen:?}");
    let Expr::And(mut parts) = std::mem::replace(&mut cert.task.init, Expr::Bool(true)) else {
        unreachable!()
    };
    cert.task.init = parts.pop().unwrap();
    drop_deep(parts.pop().unwrap());
    // Then hand-made deep encodings: the init tag is `not` (17) repeated.
    // The init formula starts after magic, version, header and the task's
    // first four fields (bincode concatenates fields).
    let t = &cert.task;
    let at = 12
        + to_bincode(&cert.header).len()
        + to_bincode(&(&t.vars, &t.locations, &t.initial_location, &t.bad_location)).len();
    let b = binary(&cert);
    assert_eq!(&b[at..at + 4], &15u32.to_le_bytes(), "init is an `and`");
    for depth in [10_001usize, 100_000, 10_000_000] {
        let mut hostile = b[..at].to_vec();
        for _ in 0..depth {
            hostile.extend_from_slice(&17u32.to_le_bytes());
        }
        hostile.extend_from_slice(&b[at..]);
        unreadable(
            &format!("bincode init nested {depth} deep ({} bytes)", hostile.len()),
            &hostile,
            "nested deeper than 10000",
        );
    }
}

#[test]
fn huge_lengths_and_truncation_in_binary() {
    let cert = seed_cert("seed_p1_safe.json");
    let b = binary(&cert);
    // Every truncation of the binary encoding and a sample of the JSON one.
    timed("binary truncated at every offset", || {
        for cut in 0..b.len() {
            assert!(matches!(
                read_and_check(&b[..cut], &small_limits()),
                Seen::Unreadable(_)
            ));
        }
    });
    let j = to_json(&cert).into_bytes();
    timed("JSON truncated at every 7th offset", || {
        for cut in (0..j.len()).step_by(7) {
            assert!(matches!(
                read_and_check(&j[..cut], &small_limits()),
                Seen::Unreadable(_)
            ));
        }
    });
    // A sequence length of 2^62 right after the version: the producer string.
    let mut huge = b[..12].to_vec();
    huge.extend_from_slice(&(1u64 << 62).to_le_bytes());
    huge.extend_from_slice(&[b'a'; 64]);
    unreadable("bincode string length 2^62", &huge, "malformed binary");
    // Wrong magic / version, empty, non-UTF-8.
    unreadable("empty file", b"", "not a certa file");
    unreadable(
        "wrong version",
        &[&b[..8], &7u32.to_le_bytes()[..], &b[12..]].concat(),
        "version 7",
    );
    unreadable(
        "non-UTF-8 garbage",
        &[0xff, 0xfe, 0x00, 0x7b],
        "not a certa file",
    );
}

#[test]
fn oversized_file_is_refused_by_size() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("huge.json");
    let f = std::fs::File::create(&p).unwrap();
    // Sparse: no disk space is used.
    f.set_len(format::codec::MAX_FILE_BYTES + 1).unwrap();
    drop(f);
    let r = timed("257 MiB sparse file", || {
        format::codec::read_certificate(&p)
    });
    let msg = r.err().expect("refused").to_string();
    eprintln!("hostile: 257 MiB sparse file: {}", cut(&msg));
    assert!(msg.contains("exceeds the limit"));
}

#[test]
fn ten_thousand_digit_constant() {
    let text = to_json(&seed_cert("seed_p1_safe.json"));
    let digits = "7".repeat(10_000);
    let hostile = text.replacen("\"int\":\"0\"", &format!("\"int\":\"{digits}\""), 1);
    assert_ne!(hostile, text);
    unreadable(
        "JSON 10^4-digit constant",
        hostile.as_bytes(),
        "exceeds the limit of 1000",
    );
    // The same in binary: Num is a decimal string (u64 length + bytes).
    let mut cert = seed_cert("seed_p1_safe.json");
    cert.task.init = Expr::eq(Expr::var("x"), Expr::int(424242));
    let b = binary(&cert);
    let zero = [&6u64.to_le_bytes()[..], b"424242"].concat();
    let at = b
        .windows(zero.len())
        .position(|w| w == zero.as_slice())
        .unwrap();
    let big = [
        &b[..at],
        &10_000u64.to_le_bytes()[..],
        digits.as_bytes(),
        &b[at + zero.len()..],
    ]
    .concat();
    unreadable(
        "bincode 10^4-digit constant",
        &big,
        "exceeds the limit of 1000",
    );
    // 1000 digits is fine and checked (the task hash then differs: INVALID by hash).
    let ok = text.replacen(
        "\"int\":\"0\"",
        &format!("\"int\":\"{}\"", "7".repeat(1000)),
        1,
    );
    let seen = timed("JSON 1000-digit constant", || {
        read_and_check(ok.as_bytes(), &small_limits())
    });
    assert!(
        matches!(seen, Seen::Checked(Verdict::Invalid, ref m) if m.contains("task_sha256")),
        "{seen:?}"
    );
}

#[test]
fn a_million_nodes_is_refused_by_the_node_limit() {
    let mut cert = seed_cert("seed_p1_safe.json");
    let b = safe_body(&mut cert);
    let template = Node {
        forall: vec![],
        cube: vec![],
        ..b.nodes[0].clone()
    };
    b.nodes = (0..1_000_000u32)
        .map(|id| Node {
            forall: vec![],
            id,
            ..template.clone()
        })
        .collect();
    b.successors.clear();
    let bytes = binary(&cert);
    let seen = timed(
        &format!("10^6 nodes, binary ({} bytes)", bytes.len()),
        || read_and_check(&bytes, &small_limits()),
    );
    eprintln!("hostile: 10^6 nodes (binary): {seen:?}");
    assert!(
        matches!(seen, Seen::Checked(Verdict::Invalid, ref m) if m.contains("1000000 nodes exceed the limit"))
    );
    let text = serde_json::to_vec(&cert).unwrap();
    let seen = timed(
        &format!("10^6 nodes, compact JSON ({} bytes)", text.len()),
        || read_and_check(&text, &small_limits()),
    );
    assert!(
        matches!(seen, Seen::Checked(Verdict::Invalid, ref m) if m.contains("exceed the limit"))
    );
    // Just over each of the other limits.
    let mut c = seed_cert("seed_p1_safe.json");
    let lim = checker::structure::MAX_PREDICATES + 1;
    let p = safe_body(&mut c).predicates[0].clone();
    safe_body(&mut c).predicates = (0..lim as u32)
        .map(|id| format::Predicate { id, ..p.clone() })
        .collect();
    let s = timed("MAX_PREDICATES + 1", || structure_only(&c));
    assert!(s.contains("predicates exceed the limit"), "{s}");
    let mut c = seed_cert("seed_p1_safe.json");
    safe_body(&mut c).nodes[0].cube = vec![
        Literal {
            pred: 0,
            positive: true
        };
        checker::structure::MAX_ENTRIES + 1
    ];
    let s = timed("MAX_ENTRIES + 1 cube literals", || structure_only(&c));
    assert!(s.contains("cube literals exceed the limit"), "{s}");
    let mut c = seed_cert("seed_p1_safe.json");
    let e = c.task.edges[0].clone();
    c.task.edges = (0..checker::structure::MAX_EDGES as u32 + 1)
        .map(|id| format::Edge { id, ..e.clone() })
        .collect();
    rehash(&mut c);
    let s = timed("MAX_EDGES + 1", || structure_only(&c));
    assert!(s.contains("edges exceed the limit"), "{s}");
}

#[test]
fn many_nodes_below_the_limit_are_structurally_fast() {
    // 10^5 nodes in a successor ring: the structure check resolves ids by
    // index, so it is not quadratic.
    let mut cert = seed_cert("seed_p1_safe.json");
    let b = safe_body(&mut cert);
    let template = b.nodes[0].clone();
    let n = checker::structure::MAX_NODES as u32;
    b.nodes = (0..n)
        .map(|id| Node {
            forall: vec![],
            id,
            ..template.clone()
        })
        .collect();
    b.successors = (0..n)
        .map(|id| SuccessorList {
            hints: vec![],
            node: id,
            edge: 0,
            targets: vec![Successor {
                node: (id + 1) % n,
                witness: None,
            }],
        })
        .collect();
    let s = timed("10^5 nodes in a ring, structure", || structure_only(&cert));
    assert_eq!(s, "ok");
}

#[test]
fn duplicate_ids_are_invalid() {
    let base = seed_cert("seed_p1_safe.json");
    let mut c = base.clone();
    let n = safe_body(&mut c).nodes[0].clone();
    safe_body(&mut c).nodes.push(n);
    invalid("duplicate node id", &c, "duplicate node id 0");
    let mut c = base.clone();
    let p = safe_body(&mut c).predicates[0].clone();
    safe_body(&mut c).predicates.push(p);
    invalid("duplicate predicate id", &c, "duplicate predicate id 0");
    let mut c = base.clone();
    let s = safe_body(&mut c).successors[0].clone();
    safe_body(&mut c).successors.push(s);
    invalid("duplicate successor list", &c, "duplicate successor list");
    let mut c = base.clone();
    safe_body(&mut c).initial.push(0);
    invalid("duplicate initial id", &c, "duplicate initial node 0");
    let mut c = base.clone();
    let e = c.task.edges[0].clone();
    c.task.edges.push(e);
    rehash(&mut c);
    invalid("duplicate edge id", &c, "duplicate edge id");
    let mut c = base.clone();
    c.task.vars.push(c.task.vars[0].clone());
    rehash(&mut c);
    invalid("duplicate state variable", &c, "duplicate state variable x");
    // Duplicate keys in one JSON object (a valuation or a struct).
    let text = to_json(&base);
    let dup = text.replacen(
        "\"format\": \"certa-certificate\",",
        "\"format\": \"certa-certificate\",\n\"format\": \"x\",",
        1,
    );
    unreadable("duplicate JSON field", dup.as_bytes(), "duplicate field");
}

#[test]
fn cyclic_successors_terminate() {
    // A ring of 200 nodes at the loop head, each `(i, loop) -> [i+1]` and
    // the last back to 0: the checker walks lists, never follows them.
    let mut cert = seed_cert("seed_p1_safe.json");
    let b = safe_body(&mut cert);
    let head = b.nodes[0].clone();
    let exit = b.nodes[1].clone();
    let (loop_edge, exit_edge) = (b.successors[0].edge, b.successors[1].edge);
    let ring = 200u32;
    let mut nodes: Vec<Node> = (0..ring).map(|id| Node { id, ..head.clone() }).collect();
    nodes.push(Node {
        forall: vec![],
        id: ring,
        ..exit.clone()
    });
    let mut succ = Vec::new();
    for i in 0..ring {
        succ.push(SuccessorList {
            hints: vec![],
            node: i,
            edge: loop_edge,
            targets: vec![Successor {
                node: (i + 1) % ring,
                witness: None,
            }],
        });
        succ.push(SuccessorList {
            hints: vec![],
            node: i,
            edge: exit_edge,
            targets: vec![Successor {
                node: ring,
                witness: None,
            }],
        });
    }
    b.nodes = nodes;
    b.successors = succ;
    b.initial = vec![0];
    let bytes = binary(&cert);
    let seen = timed("200-node successor ring", || {
        read_and_check(&bytes, &small_limits())
    });
    eprintln!("hostile: 200-node successor ring: {seen:?}");
    assert!(matches!(seen, Seen::Checked(Verdict::Valid, _)), "{seen:?}");
    // A node that is its own only successor everywhere, with a trace-free bad.
    let mut c = seed_cert("seed_p1_safe.json");
    for s in &mut safe_body(&mut c).successors {
        s.targets = vec![Successor {
            node: s.node,
            witness: None,
        }];
    }
    invalid("self-loop successors at the wrong location", &c, "sits at");
}

#[test]
fn long_traces_are_bounded() {
    let base = seed_cert("seed_variant_trace.json");
    let Body::Unsafe(t) = &base.body else {
        panic!()
    };
    let first = t.steps[0].clone();
    // 10^5 loop steps (the value of the state then no longer matches, so the
    // replay fails at the first mismatch or runs to the end: either is fine).
    let mut c = base.clone();
    let long: Vec<Step> = std::iter::repeat(first.clone())
        .take(100_000)
        .chain(t.steps[1..].iter().cloned())
        .collect();
    c.body = Body::Unsafe(Trace {
        initial_arrays: Default::default(),
        initial: t.initial.clone(),
        steps: long,
    });
    let bytes = binary(&c);
    let seen = timed("trace of 10^5 steps", || {
        read_and_check(&bytes, &small_limits())
    });
    eprintln!("hostile: trace of 10^5 steps: {seen:?}");
    assert!(matches!(seen, Seen::Checked(Verdict::Invalid, _)));
    let mut c = base.clone();
    c.body = Body::Unsafe(Trace {
        initial_arrays: Default::default(),
        initial: t.initial.clone(),
        steps: vec![first; checker::structure::MAX_STEPS + 1],
    });
    let s = timed("MAX_STEPS + 1 steps", || structure_only(&c));
    assert!(s.contains("trace steps exceed the limit"), "{s}");
    // A valuation with a 10^5 unknown variables.
    let mut c = base.clone();
    let mut v: Valuation = t.initial.clone();
    for i in 0..100_000 {
        v.insert(format!("junk{i}"), Num::from_i64(i));
    }
    c.body = Body::Unsafe(Trace {
        initial_arrays: Default::default(),
        initial: v,
        steps: t.steps.clone(),
    });
    invalid("initial valuation with 10^5 extra variables", &c, "trace");
}

#[test]
fn wide_formula_is_checked_in_bounded_time() {
    let mut cert = seed_cert("seed_p1_safe.json");
    let mut parts: Vec<Expr> = (0..100_000).map(|_| Expr::Bool(true)).collect();
    parts.push(cert.task.init.clone());
    cert.task.init = Expr::And(parts);
    rehash(&mut cert);
    let bytes = binary(&cert);
    let seen = timed("init = and of 10^5 operands", || {
        read_and_check(&bytes, &small_limits())
    });
    assert!(matches!(seen, Seen::Checked(Verdict::Valid, _)), "{seen:?}");
}
