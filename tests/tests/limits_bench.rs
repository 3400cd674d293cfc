//! A benchmark, not a timed test: `certa-check` on certificates built at the
//! documented limits (SPEC §5), with wall time and peak memory of the whole
//! check (supervisor and checking process). Run with
//! `cargo test --release -p certa-tests --test limits_bench -- --ignored --nocapture`.

use certa_tests::{corpus_dir, workspace_binary};
use format::{Body, Certificate, Expr, Literal, Node, Trace};
use std::path::Path;
use std::process::Command;

fn seed(name: &str) -> Certificate {
    format::codec::read_certificate(&corpus_dir().join("seed").join(name)).unwrap()
}

fn rehash(c: &mut Certificate) {
    c.header.task_sha256 = format::hash::task_sha256(&c.task);
}

fn x_ge_0() -> Expr {
    Expr::Ge(Box::new(Expr::var("x")), Box::new(Expr::int(0)))
}

/// Runs certa-check on `cert` (binary encoding); returns the table row.
fn measure(label: &str, cert: &Certificate, args: &[&str], dir: &Path) -> String {
    let check = workspace_binary("certa-check").expect("certa-check is built");
    let path = dir.join("limit.cert");
    format::encode::write_certificate(&path, cert).unwrap();
    let size = std::fs::metadata(&path).unwrap().len();
    let out = Command::new("/usr/bin/time")
        .args(["-f", "TIME %e %M"])
        .arg(&check)
        .arg(&path)
        .arg("--embedded-task")
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let verdict = stdout
        .lines()
        .next()
        .unwrap_or("")
        .split(' ')
        .next()
        .unwrap_or("");
    let why = stdout.lines().nth(1).unwrap_or("").trim();
    let why: String = why.chars().take(70).collect();
    let (secs, kb) = stderr
        .lines()
        .find_map(|l| l.strip_prefix("TIME "))
        .and_then(|t| t.split_once(' '))
        .unwrap_or(("?", "0"));
    let mb = kb.parse::<u64>().unwrap_or(0) / 1024;
    format!(
        "| {label} | {:.1} MB | {verdict} | {secs} s | {mb} MB | {why} |",
        size as f64 / 1e6
    )
}

#[test]
#[ignore]
fn checker_at_its_limits() {
    let dir_tmp = tempfile::tempdir().unwrap();
    let dir = dir_tmp.path();
    let mut rows = vec![
        "| certificate | file | verdict | wall | peak RSS | first reason |".to_string(),
        "|---|---|---|---|---|---|".to_string(),
    ];

    // 1,000,000 closure obligations: 100,000 nodes x 10 self-loops (relation
    // false, so each query is trivial); stopped by the total time limit.
    let mut c = seed("seed_p1_safe.json");
    let e = c.task.edges[0].clone();
    c.task.edges = (0..10u32)
        .map(|id| format::Edge {
            id,
            relation: Expr::Bool(false),
            ..e.clone()
        })
        .collect();
    rehash(&mut c);
    let Body::Safe(b) = &mut c.body else { panic!() };
    let template = Node {
        forall: vec![],
        cube: vec![],
        ..b.nodes[0].clone()
    };
    b.nodes = (0..100_000u32)
        .map(|id| Node {
            forall: vec![],
            id,
            ..template.clone()
        })
        .collect();
    b.initial = vec![0];
    b.successors.clear();
    rows.push(measure(
        "10^6 closure obligations, --timeout 60",
        &c,
        &["--timeout", "60"],
        dir,
    ));

    // One query near the term bound: a predicate of 480,000 terms in node 0's
    // cube, which is also its own successor's (about 960,000 terms per query).
    let mut c = seed("seed_p1_safe.json");
    let Body::Safe(b) = &mut c.body else { panic!() };
    b.predicates[0].formula = Expr::And(vec![x_ge_0(); 160_000]);
    for n in &mut b.nodes {
        n.cube.retain(|l| l.pred != 0);
    }
    b.nodes[0].cube.push(Literal {
        pred: 0,
        positive: true,
    });
    rows.push(measure("closure queries of ~960,000 terms", &c, &[], dir));

    // Coefficients just under 8192 bits: x' == k1 * (k2 * x) with two
    // 1,200-digit constants, in a closure the successor does not cover.
    let mut c = seed("seed_p1_safe.json");
    let k = format::expr::parse_num(&"9".repeat(1000)).unwrap();
    let tall = Expr::Mul(k.clone(), Box::new(Expr::Mul(k, Box::new(Expr::var("x")))));
    c.task.edges[0].relation = Expr::And(vec![
        Expr::eq(Expr::next("x"), Expr::Add(vec![tall, Expr::int(1)])),
        Expr::eq(Expr::next("y"), Expr::var("y")),
    ]);
    rehash(&mut c);
    rows.push(measure("x' == k*(k*x)+1, 1000-digit k", &c, &[], dir));

    // A trace at the evaluation bound: 10^6 steps of a 200-term relation.
    let mut c = seed("seed_variant_trace.json");
    let Body::Unsafe(t) = c.body.clone() else {
        panic!()
    };
    let mut parts = vec![Expr::Bool(true); 190];
    parts.insert(0, c.task.edges[0].relation.clone());
    c.task.edges[0].relation = Expr::And(parts);
    rehash(&mut c);
    let steps = certa_tests::counting_steps(&t, 980_000);
    c.body = Body::Unsafe(Trace {
        initial_arrays: Default::default(),
        initial: t.initial.clone(),
        steps,
    });
    rows.push(measure(
        "trace of 980,000 steps x 201 terms (1.97 * 10^8)",
        &c,
        &[],
        dir,
    ));

    // A file near the size limit: init = `and` of 2.4 * 10^7 operands.
    let mut c = seed("seed_p1_safe.json");
    let mut parts = vec![Expr::Bool(true); 24_000_000];
    parts.push(c.task.init.clone());
    c.task.init = Expr::And(parts);
    rehash(&mut c);
    rows.push(measure(
        "120 MB file: 2.4 * 10^7-operand init (over the query bound)",
        &c,
        &[],
        dir,
    ));

    println!("{}", rows.join("\n"));
}
