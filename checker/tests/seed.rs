//! The seed 000 worked example: R1 is valid, R0 and broken R1 variants are invalid, the y+2 trace replays.
mod common;
use checker::CheckError;
use common::*;
use format::*;

#[test]
fn seed_p1_r1_certificate_is_valid() {
    assert_valid(&p1_cert());
}

#[test]
fn seed_r0_with_bad_node_is_invalid() {
    let e = first_failure(&cert(task(), Body::Safe(r0_body(true))));
    assert!(matches!(e, CheckError::NodeAtBad { node: 2, .. }), "{e}");
}

#[test]
fn closure_rejects_r0_without_bad_and_names_fail_edge() {
    let e = first_failure(&cert(task(), Body::Safe(r0_body(false))));
    let msg = e.to_string();
    match e {
        CheckError::Closure {
            node,
            edge,
            name,
            to,
            state,
            ..
        } => {
            assert_eq!(
                (node, edge, name.as_str(), to.as_str()),
                (1, 2, "fail", "bad"),
                "{msg}"
            );
            let get = |k: &str| state[k].0.clone();
            let (x, y) = (get("x"), get("y"));
            assert!(x != y && x >= 0.into() && y >= 0.into(), "{msg}");
        }
        other => panic!("expected a closure failure, got {other}"),
    }
    assert!(
        msg.contains("closure: state x=") && msg.contains("edge 2 `fail` to bad"),
        "{msg}"
    );
    assert!(msg.contains("cube [x >= 0, y >= 0]"), "{msg}");
}

#[test]
fn closure_rejects_missing_loop_successor() {
    let c = with_body(|b| b.successors.retain(|s| !(s.node == 0 && s.edge == 0)));
    let e = first_failure(&c);
    assert!(
        matches!(
            e,
            CheckError::Closure {
                node: 0,
                edge: 0,
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn closure_rejects_a_too_small_successor_region() {
    // (h,111) --loop--> only (h,110)-like node: state (0,0) steps to (1,1), which is x == y.
    let c = with_body(|b| {
        b.nodes.push(node(7, "h", &[true, true, false]));
        b.successors[0].targets = vec![Successor {
            node: 7,
            witness: None,
        }];
    });
    let e = first_failure(&c);
    assert!(
        matches!(
            e,
            CheckError::Closure {
                node: 0,
                edge: 0,
                ..
            }
        ),
        "{e}"
    );
    assert!(
        e.to_string().contains("no listed successor [7] covers it"),
        "{e}"
    );
    let b = p1_body();
    assert_eq!(
        checker::explain::cube_text(&b, &node(7, "h", &[true, false, false])),
        "[x >= 0, !(y >= 0), !(x == y)]"
    );
}

#[test]
fn initiality_rejects_certificate_without_initial_node() {
    let c = with_body(|b| b.initial.clear());
    let e = first_failure(&c);
    match &e {
        CheckError::Initiality { state, .. } => {
            assert_eq!(state, &val(&[("x", 0), ("y", 0)]), "{e}");
        }
        other => panic!("expected initiality, got {other}"),
    }
}

#[test]
fn witness_rejects_false_witness() {
    let c = with_body(|b| b.successors[0].targets[0].witness = witness((0, 0), (1, 2)));
    let e = first_failure(&c);
    assert!(
        matches!(
            e,
            CheckError::Witness {
                node: 0,
                edge: 0,
                target: 0,
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn witness_rejects_state_outside_source_region() {
    let c = with_body(|b| b.successors[0].targets[0].witness = witness((-1, -1), (0, 0)));
    let e = first_failure(&c);
    assert!(e.to_string().contains("is not in node 0"), "{e}");
}

#[test]
fn witness_rejects_missing_value() {
    let c = with_body(|b| {
        let w = b.successors[0].targets[0].witness.as_mut().unwrap();
        w.next.remove("y");
    });
    let e = first_failure(&c);
    assert!(e.to_string().contains("no value for `y`"), "{e}");
}

#[test]
fn variant_trace_replays_valid() {
    assert_valid(&variant_cert());
}

#[test]
fn trace_rejects_a_wrong_value() {
    let mut c = variant_cert();
    if let Body::Unsafe(t) = &mut c.body {
        t.steps[0].next.insert("y".into(), Num::from_i64(3));
    }
    let e = first_failure(&c);
    assert!(matches!(e, CheckError::Trace { step: Some(0), .. }), "{e}");
}

#[test]
fn trace_rejects_the_same_run_on_the_safe_task() {
    let c = cert(task(), Body::Unsafe(variant_trace()));
    let e = first_failure(&c);
    assert!(matches!(e, CheckError::Trace { step: Some(0), .. }), "{e}");
}

#[test]
fn trace_rejects_empty_trace() {
    let mut c = variant_cert();
    if let Body::Unsafe(t) = &mut c.body {
        t.steps.clear();
    }
    let e = first_failure(&c);
    assert!(e.to_string().contains("not at the bad location"), "{e}");
}

#[test]
fn trace_rejects_initial_state_outside_init() {
    let mut c = variant_cert();
    if let Body::Unsafe(t) = &mut c.body {
        t.initial = val(&[("x", 1), ("y", 0)]);
    }
    let e = first_failure(&c);
    assert!(
        matches!(e, CheckError::Trace { step: None, .. }) && e.to_string().contains("init"),
        "{e}"
    );
}

#[test]
fn trace_rejects_edge_from_wrong_location() {
    let mut c = variant_cert();
    if let Body::Unsafe(t) = &mut c.body {
        t.steps.remove(1); // loop then fail: fail leaves c, the run is at h
    }
    let e = first_failure(&c);
    assert!(matches!(e, CheckError::Trace { step: Some(1), .. }), "{e}");
}

#[test]
fn trace_rejects_unknown_edge() {
    let mut c = variant_cert();
    if let Body::Unsafe(t) = &mut c.body {
        t.steps[0].edge = 9;
    }
    let e = first_failure(&c);
    assert!(e.to_string().contains("edge 9 does not exist"), "{e}");
}

/// Keeps corpus/seed in sync with the fixtures (rewritten when CERTA_REGEN_CORPUS is set or a file is missing).
#[test]
fn corpus_seed_files_match_fixtures() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/seed");
    let files = [
        ("seed_p1_safe.json", p1_cert()),
        (
            "seed_r0_unsafe_abstraction.json",
            cert(task(), Body::Safe(r0_body(false))),
        ),
        ("seed_variant_trace.json", variant_cert()),
    ];
    for (name, c) in files {
        let path = dir.join(name);
        if std::env::var_os("CERTA_REGEN_CORPUS").is_some() || !path.exists() {
            std::fs::create_dir_all(&dir).unwrap();
            format::encode::write_certificate(&path, &c).unwrap();
        }
        let read = format::codec::read_certificate(&path).unwrap();
        assert_eq!(
            read,
            c,
            "{} differs from the fixture; rerun with CERTA_REGEN_CORPUS=1",
            path.display()
        );
    }
}
