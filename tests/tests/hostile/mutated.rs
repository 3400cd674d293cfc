//! Part 2: proptest-driven byte and structure mutation of the corpus
//! certificates, `.imp` and `.ts` files, and random formulas in certificates
//! (`CERTA_FUZZ_CASES=N` for a longer run).

use super::common::{
    binary, corpus, read_and_check, rehash, seed_cert, small_limits, structure_ok, Seen, BOUND,
};
use checker::{Limits, Options, Verdict};
use format::codec::certificate_from_bytes;
use format::encode::to_json;
use format::{Body, Certificate, Expr, Num};
use proptest::prelude::*;
use proptest::test_runner::{Config as PtConfig, TestRunner};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn cases(default: u32) -> u32 {
    std::env::var("CERTA_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Tokens spliced into inputs: structure that random bytes rarely hit.
const CERT_TOKENS: &[&str] = &[
    "{\"not\":",
    "{\"int\":\"",
    "\"-0\"",
    "{\"var\":\"x\"}",
    "{\"next\":\"y\"}",
    "{\"div\":[",
    "\"0\"]}",
    "{\"ite\":[",
    "{\"and\":[]}",
    "{\"add\":[]}",
    "]",
    "}",
    "[",
    "{",
    ",",
    "\"",
    "null",
    "true",
    "4294967295",
    "-1",
    "1e400",
    "\"id\": 0",
    "\"node\": 4294967295",
    "99999999999999999999",
    "\\u0000",
    "\"x'\"",
    "\"|\"",
];
const IMP_TOKENS: &[&str] = &[
    "while (",
    "if (",
    "*",
    ") {",
    "}",
    "{",
    "else",
    "assume(",
    "assert(",
    ";",
    "x = ",
    "y",
    "99999999999999999999999999",
    "/ 0",
    "% -3",
    "(",
    ")",
    "!",
    "&&",
    "||",
    "==",
    "var z: int;",
    "int[]",
    "/*",
    "*/",
    "//",
    "\n",
    "\u{0}",
    "é",
    "- -",
    "x = *;",
];
const TS_TOKENS: &[&str] = &[
    "edge 9 \"e\": a -> bad\n relation ",
    "x'",
    "location ",
    "initial ",
    "bad ",
    "var ",
    "init ",
    "=>",
    "ite(",
    "true",
    "false",
    "(",
    ")",
    ";",
    "\"",
    "\n",
    "local t: int;",
    "99999999999999999999",
    "!",
    "-",
    "/ 0",
    "% 2",
    "->",
    "relation",
];

#[derive(Clone, Debug)]
enum Mutation {
    Flip(usize, u8),
    Insert(usize, u8),
    Delete(usize, usize),
    Duplicate(usize, usize),
    Token(usize, usize),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Flip(i, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Insert(i, b)),
        (any::<usize>(), 1usize..64).prop_map(|(i, n)| Mutation::Delete(i, n)),
        (any::<usize>(), 1usize..256).prop_map(|(i, n)| Mutation::Duplicate(i, n)),
        (any::<usize>(), any::<usize>()).prop_map(|(i, t)| Mutation::Token(i, t)),
        (any::<usize>(), any::<usize>()).prop_map(|(i, t)| Mutation::Token(i, t)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn apply(input: &[u8], muts: &[Mutation], tokens: &[&str]) -> Vec<u8> {
    let mut b = input.to_vec();
    for m in muts {
        let len = b.len().max(1);
        match *m {
            Mutation::Flip(i, x) if !b.is_empty() => b[i % len] ^= x | 1,
            Mutation::Flip(..) => {}
            Mutation::Insert(i, x) => b.insert(i % (b.len() + 1), x),
            Mutation::Delete(i, n) => {
                let s = i % len;
                let e = (s + n).min(b.len());
                b.drain(s.min(b.len())..e);
            }
            Mutation::Duplicate(i, n) => {
                let s = (i % len).min(b.len());
                let e = (s + n).min(b.len());
                let chunk = b[s..e].to_vec();
                b.splice(s..s, chunk);
            }
            Mutation::Token(i, t) => {
                let tok = tokens[t % tokens.len()].as_bytes();
                let at = i % (b.len() + 1);
                b.splice(at..at, tok.iter().copied());
            }
            Mutation::Truncate(i) => b.truncate(i % len),
        }
    }
    b
}

fn seeds(dir: &str, ext: &str) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for d in [dir] {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(corpus().join(d))
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == ext))
            .collect();
        entries.sort();
        for p in entries {
            out.push((p.display().to_string(), std::fs::read(&p).unwrap()));
        }
    }
    out
}

/// The certificate seeds: the hand-built fixtures plus, in both encodings,
/// the certificates certa produces for a few small corpus programs.
fn cert_seeds() -> Vec<(String, Vec<u8>)> {
    let mut out = seeds("seed", "json");
    let certs: Vec<Certificate> = out
        .iter()
        .map(|(n, b)| certificate_from_bytes(n, b).unwrap())
        .collect();
    for c in &certs {
        out.push(("binary".into(), binary(c)));
    }
    let cfg = engine::Config {
        timeout: Some(Duration::from_secs(30)),
        ..Default::default()
    };
    for f in [
        "imp/seed.imp",
        "imp/havoc_bug.imp",
        "imp/branches.imp",
        "ts/input_sum.ts",
    ] {
        let run = engine::run::run_file(&corpus().join(f), frontend::Encoding::Lbe, &cfg).unwrap();
        if let Some(c) = run.certificate {
            out.push((format!("{f}.json"), to_json(&c).into_bytes()));
            out.push((format!("{f}.cert"), binary(&c)));
        }
    }
    out
}

struct Stats {
    cases: u32,
    readable: u32,
    verdicts: [u32; 3],
    slowest: Duration,
}

fn fuzz(
    name: &str,
    seeds: Vec<(String, Vec<u8>)>,
    tokens: &'static [&'static str],
    n: u32,
    run: impl Fn(&[u8]) -> Option<Option<Verdict>>,
) {
    let start = Instant::now();
    let mut stats = Stats {
        cases: 0,
        readable: 0,
        verdicts: [0; 3],
        slowest: Duration::ZERO,
    };
    let stats_cell = std::cell::RefCell::new(&mut stats);
    let mut runner = TestRunner::new(PtConfig {
        cases: n,
        failure_persistence: None,
        ..PtConfig::default()
    });
    let strategy = (0..seeds.len(), prop::collection::vec(mutation(), 1..6));
    let result = runner.run(&strategy, |(s, muts)| {
        let input = apply(&seeds[s].1, &muts, tokens);
        let t = Instant::now();
        let out = run(&input);
        let took = t.elapsed();
        let mut st = stats_cell.borrow_mut();
        st.cases += 1;
        st.slowest = st.slowest.max(took);
        if let Some(v) = out {
            st.readable += 1;
            if let Some(v) = v {
                st.verdicts[v as usize] += 1;
            }
        }
        prop_assert!(
            took < BOUND,
            "case took {took:?}: {:?}",
            String::from_utf8_lossy(&input)
        );
        Ok(())
    });
    eprintln!(
        "fuzz {name}: {} executions in {:.1}s, {} readable, verdicts valid/invalid/inconclusive {:?}, slowest {:.2}s",
        stats.cases,
        start.elapsed().as_secs_f64(),
        stats.readable,
        stats.verdicts,
        stats.slowest.as_secs_f64()
    );
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
}

#[test]
fn fuzz_certificate_reader_and_checker() {
    let opts = Options {
        limits: Limits {
            timeout_ms: Some(500),
            rlimit: None,
            proofs: false,
        },
        ..Options::default()
    };
    fuzz(
        "certificates",
        cert_seeds(),
        CERT_TOKENS,
        cases(400),
        |b| match read_and_check(b, &opts) {
            Seen::Unreadable(_) => None,
            Seen::Checked(v, _) => Some(Some(v)),
        },
    );
}

fn parse_any(ext: &str, b: &[u8]) -> Option<Option<Verdict>> {
    let text = std::str::from_utf8(b).ok()?;
    let task = match ext {
        "imp" => {
            frontend::parse_imp("f.imp", text, frontend::Encoding::Lbe)
                .and_then(|_| frontend::parse_imp("f.imp", text, frontend::Encoding::Sbe))
                .ok()?
                .task
        }
        _ => frontend::parse_ts("f.ts", text).ok()?,
    };
    let _ = structure_ok(&task);
    Some(None)
}

#[test]
fn fuzz_imp_parser() {
    let mut s = seeds("imp", "imp");
    s.extend(seeds("err", "imp"));
    fuzz("imp", s, IMP_TOKENS, cases(1500), |b| parse_any("imp", b));
}

#[test]
fn fuzz_ts_parser() {
    let mut s = seeds("ts", "ts");
    s.extend(seeds("err", "ts"));
    fuzz("ts", s, TS_TOKENS, cases(1500), |b| parse_any("ts", b));
}

/// Random expression trees (including ill-sorted ones, division by zero,
/// unknown names) as `init` of a real certificate, re-hashed.
fn any_expr() -> impl Strategy<Value = Expr> {
    let leaf = prop_oneof![
        any::<bool>().prop_map(Expr::Bool),
        (-5i64..5).prop_map(Expr::int),
        prop::sample::select(vec!["x", "y", "z", "x'"]).prop_map(Expr::var),
        prop::sample::select(vec!["x", "y", "q"]).prop_map(Expr::next),
    ];
    leaf.prop_recursive(6, 64, 4, |inner| {
        let b = |e: Expr| Box::new(e);
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Expr::Add),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Expr::And),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Expr::Or),
            (inner.clone(), inner.clone()).prop_map(move |(x, y)| Expr::Sub(b(x), b(y))),
            (inner.clone(), inner.clone()).prop_map(move |(x, y)| Expr::Le(b(x), b(y))),
            (inner.clone(), inner.clone()).prop_map(move |(x, y)| Expr::Eq(b(x), b(y))),
            (inner.clone(), inner.clone()).prop_map(move |(x, y)| Expr::Implies(b(x), b(y))),
            inner.clone().prop_map(move |x| Expr::Not(b(x))),
            inner.clone().prop_map(move |x| Expr::Neg(b(x))),
            ((-3i64..3), inner.clone()).prop_map(move |(k, x)| Expr::Mul(Num::from_i64(k), b(x))),
            ((-2i64..4), inner.clone()).prop_map(move |(k, x)| Expr::Div(b(x), Num::from_i64(k))),
            ((-2i64..4), inner.clone()).prop_map(move |(k, x)| Expr::Mod(b(x), Num::from_i64(k))),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(move |(c, x, y)| Expr::Ite(
                b(c),
                b(x),
                b(y)
            )),
        ]
    })
}

#[test]
fn fuzz_random_formulas_in_certificates() {
    let safe = seed_cert("seed_p1_safe.json");
    let unsafe_ = seed_cert("seed_variant_trace.json");
    let mut counts = [0u32; 3];
    let start = Instant::now();
    let n = cases(150);
    let mut runner = TestRunner::new(PtConfig {
        cases: n,
        failure_persistence: None,
        ..PtConfig::default()
    });
    let counts_cell = std::cell::RefCell::new(&mut counts);
    let r = runner.run(&(any_expr(), any_expr(), 0..4usize), |(e1, e2, slot)| {
        let mut c = if slot % 2 == 0 {
            safe.clone()
        } else {
            unsafe_.clone()
        };
        match slot {
            0 | 1 => c.task.init = e1.clone(),
            _ => {
                c.task.edges[0].relation =
                    Expr::And(vec![c.task.edges[0].relation.clone(), e1.clone()])
            }
        }
        if let Body::Safe(b) = &mut c.body {
            b.predicates[0].formula = e2.clone();
        }
        rehash(&mut c);
        for bytes in [to_json(&c).into_bytes(), binary(&c)] {
            let t = Instant::now();
            let seen = read_and_check(&bytes, &small_limits());
            prop_assert!(t.elapsed() < BOUND);
            if let Seen::Checked(v, _) = seen {
                counts_cell.borrow_mut()[v as usize] += 1;
            }
        }
        Ok(())
    });
    eprintln!(
        "fuzz random formulas: {n} cases ({} checks) in {:.1}s, valid/invalid/inconclusive {:?}",
        2 * n,
        start.elapsed().as_secs_f64(),
        counts
    );
    r.unwrap();
}
