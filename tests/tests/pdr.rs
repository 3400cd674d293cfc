//! The PDR engine end to end: on the corpus it gives the expected verdict or
//! unknown, never a wrong one, and every certificate it writes checks VALID;
//! it finds a deep counterexample and proves an invariant that CEGAR's
//! interpolants miss.

use certa_tests::{corpus_dir, TempFile};
use engine::run::{run_file, Run};
use engine::{Config, Engine, Verdict};
use frontend::Encoding;
use std::path::Path;
use std::time::Duration;

fn pdr(secs: u64) -> Config {
    Config {
        timeout: Some(Duration::from_secs(secs)),
        engine: Engine::Pdr,
        ..Config::default()
    }
}

fn word(v: &Verdict) -> &'static str {
    match v {
        Verdict::Safe(_) => "safe",
        Verdict::Unsafe(_) => "unsafe",
        Verdict::Unknown(_) => "unknown",
    }
}

/// Writes `text` to a fresh file named `name`, removed when the result is dropped.
fn scratch(name: &str, text: &str) -> TempFile {
    TempFile::with_contents(name, text)
}

fn run(path: &Path, cfg: &Config) -> Run {
    run_file(path, Encoding::Lbe, cfg).expect("loads")
}

/// A definite answer must come with a VALID certificate.
fn assert_certified(name: &str, run: &Run) {
    if !matches!(run.outcome.verdict, Verdict::Unknown(_)) {
        assert_eq!(certa::bench::check_run(run), "VALID", "{name}");
    }
}

#[test]
fn pdr_on_the_corpus_is_right_or_unknown_and_every_certificate_is_valid() {
    let dir = corpus_dir();
    let entries: Vec<_> = certa::bench::manifest(&dir)
        .expect("corpus manifest")
        .into_iter()
        .filter(|(f, _)| {
            ["imp/", "ts/", "chc/", "c/"]
                .iter()
                .any(|p| f.starts_with(p))
        })
        .collect();
    let (mut solved, mut unknown, mut failures) = (0, Vec::new(), Vec::new());
    for (file, expected) in &entries {
        // Some corpus entries are meant to be rejected by the frontend.
        let Ok(r) = run_file(&dir.join(file), Encoding::Lbe, &pdr(2)) else {
            continue;
        };
        let got = word(&r.outcome.verdict);
        if got == "unknown" {
            unknown.push(file.clone());
            continue;
        }
        if got != expected.as_str() {
            failures.push(format!("{file}: expected {expected}, got {got}"));
            continue;
        }
        let check = certa::bench::check_run(&r);
        if check != "VALID" {
            failures.push(format!("{file}: certificate {check}"));
        }
        solved += 1;
    }
    eprintln!(
        "pdr: {solved} solved, {} unknown: {unknown:?}",
        unknown.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Arrays (out of PDR's fragment) and a few hard loops stay unknown.
    assert!(solved >= 55, "only {solved} solved; unknown: {unknown:?}");
}

const DEEP: &str = "\
// UNSAFE only after 50 loop steps that all add 2 to y.
var x: int;
var y: int;
location l;
location bad;
initial l;
bad bad;
init x == 0 && y == 0;
edge 0 \"loop\": l -> l
  relation x < 50 && x' == x + 1 && (y' == y + 2 || y' == y);
edge 1 \"fail\": l -> bad
  relation x >= 50 && y == 100 && x' == x && y' == y;
";

#[test]
fn pdr_finds_a_deep_counterexample_with_one_frame_per_step() {
    let r = run(&scratch("deep.ts", DEEP), &pdr(30));
    let Verdict::Unsafe(trace) = &r.outcome.verdict else {
        panic!("expected UNSAFE, got {:?}", r.outcome.verdict)
    };
    assert_eq!(trace.steps.len(), 51);
    assert_certified("deep.ts", &r);
}

/// `l(a, 0)` for any `a`; `a` counts down to 0 while `b` counts up; bad
/// when `b` reaches `depth` there: a counterexample of `depth` steps.
fn deep_chc(depth: u32) -> String {
    format!(
        "(set-logic HORN)
(declare-fun l (Int Int) Bool)
(assert (forall ((a Int)) (l a 0)))
(assert (forall ((a Int) (b Int)) (=> (and (l a b) (not (= a 0))) (l (- a 1) (+ b 1)))))
(assert (forall ((a Int) (b Int)) (=> (and (l a b) (= a 0) (= b {depth})) false)))
(check-sat)
"
    )
}

#[test]
fn a_deep_counterexample_costs_queries_linear_in_its_depth() {
    // Each new frame's lemma changes every frame below it; retrying every
    // lower lemma each round made the queries grow with the square of the
    // depth (3,056, 9,371 and 31,983 for depths 40, 80, 160).
    let queries = |depth: u32| {
        let name = format!("deep{depth}.smt2");
        let r = run(&scratch(&name, &deep_chc(depth)), &pdr(60));
        assert_eq!(word(&r.outcome.verdict), "unsafe", "depth {depth}");
        assert_certified(&name, &r);
        r.outcome.stats.queries
    };
    let (q40, q80) = (queries(40), queries(80));
    let growth = q80 as f64 / q40 as f64;
    assert!(
        growth < 2.6,
        "doubling the depth multiplied the queries by {growth:.2} ({q40} -> {q80})"
    );
}

#[test]
fn pdr_proves_a_verdict_flag_derived_backwards_with_a_guarded_invariant() {
    // `d => x < y` at every predicate: without guarded candidates PDR
    // learnt lemmas one value at a time and timed out.
    let path = corpus_dir().join("chc/flag_order_backward_safe.smt2");
    let r = run(&path, &pdr(30));
    assert_eq!(word(&r.outcome.verdict), "safe", "{:?}", r.outcome.verdict);
    assert_certified("flag_order_backward_safe", &r);
}

#[test]
fn a_program_counter_in_bool_flags_is_split_into_locations_and_each_phase_proved() {
    // One predicate whose two Bool arguments are the program counter: split
    // into a location per phase, PDR proves it in 180 queries (959 when the
    // phases share one location's frames).
    let path = corpus_dir().join("chc/pc_flags_safe.smt2");
    let r = run(&path, &pdr(30));
    assert_eq!(word(&r.outcome.verdict), "safe", "{:?}", r.outcome.verdict);
    assert!(
        r.outcome.stats.queries <= 450,
        "{} queries: the phases were not split",
        r.outcome.stats.queries
    );
    assert_certified("pc_flags_safe", &r);
}

#[test]
fn a_counterexample_found_on_the_split_phases_replays_on_the_original_task() {
    let path = corpus_dir().join("chc/pc_flags_unsafe.smt2");
    for cfg in [
        pdr(30),
        Config {
            engine: Engine::Cegar,
            ..pdr(30)
        },
    ] {
        let r = run(&path, &cfg);
        assert_eq!(
            word(&r.outcome.verdict),
            "unsafe",
            "{:?}",
            r.outcome.verdict
        );
        assert_certified("pc_flags_unsafe", &r);
    }
}

#[test]
fn a_loop_whose_phases_need_a_disjunctive_invariant_is_split_at_its_counters_thresholds() {
    // y = -2i, then i - 7500, then 30000 - 2i: one linear invariant per
    // phase of i, none for the loop as a whole (Golem's TPA territory:
    // s_split_49 was unknown at 10 s before the phase split).
    let path = corpus_dir().join("chc/multi_phase_safe.smt2");
    let r = run(&path, &pdr(30));
    assert_eq!(word(&r.outcome.verdict), "safe", "{:?}", r.outcome.verdict);
    assert_certified("multi_phase_safe", &r);
    // The certificate is the original task's: one loop location, its
    // invariant the disjunction over the phases.
    let Verdict::Safe(body) = &r.outcome.verdict else {
        unreachable!()
    };
    assert!(
        body.nodes.iter().all(|n| !n.location.contains('#')),
        "{body:?}"
    );
}

#[test]
fn a_counterexample_found_on_the_phases_replays_on_the_original_task() {
    let path = corpus_dir().join("chc/multi_phase_unsafe.smt2");
    let r = run(&path, &pdr(30));
    assert_eq!(
        word(&r.outcome.verdict),
        "unsafe",
        "{:?}",
        r.outcome.verdict
    );
    assert_certified("multi_phase_unsafe", &r);
}

/// CHC-COMP `dtuc` (extra-small-lia): the second loop needs `k = j + i - n`
/// style facts relating both loops' counters; CEGAR's interpolants keep
/// adding bounds one unrolling at a time.
const DTUC: &str = "\
(set-logic HORN)
(declare-fun FUN (Int Int Int Int ) Bool)
(declare-fun SAD (Int Int Int Int ) Bool)
(assert (forall ((i Int) (j Int) (k Int) (n Int))
  (=> (and (= i 0) (= k 0)) (FUN i j k n))))
(assert (forall ((i Int) (k Int) (i1 Int) (j Int) (k1 Int) (n Int))
  (=> (and (FUN i j k n) (< i n) (= i1 (+ i 1)) (= k1 (+ k 1))) (FUN i1 j k1 n))))
(assert (forall ((j Int) (i Int) (j1 Int) (k Int) (n Int))
  (=> (and (FUN i j k n) (= i n) (= j1 n)) (SAD i j1 k n))))
(assert (forall ((k Int) (j Int) (i Int) (j1 Int) (k1 Int) (n Int))
  (=> (and (SAD i j k n) (> j 0) (= k1 (- k 1)) (= j1 (- j 1))) (SAD i j1 k1 n))))
(assert (forall ((i Int) (n Int) (j Int) (k Int))
  (=> (and (SAD i j k n) (> j 0) (not (> k 0))) false)))
(check-sat)
";

/// CEGAR's interpolants unroll dtuc's loops; it proves it only with the
/// guessed invariants (since sampling varies what a clause leaves open).
#[test]
fn pdr_proves_a_relational_invariant_that_cegar_without_guessing_misses() {
    let f = scratch("dtuc.smt2", DTUC);
    let r = run(&f, &pdr(10));
    assert!(
        matches!(r.outcome.verdict, Verdict::Safe(_)),
        "PDR: {:?}",
        r.outcome.verdict
    );
    assert_certified("dtuc", &r);
    let cegar = run(
        &f,
        &Config {
            timeout: Some(Duration::from_secs(5)),
            linear_invariants: false,
            ..Config::default()
        },
    );
    assert!(
        !matches!(cegar.outcome.verdict, Verdict::Safe(_)),
        "CEGAR without guessing now proves it too: drop this contrast"
    );
}

/// CHC-COMP `s_mutants_05`: the invariant `x3 - 2 x1 >= 1` is the sum of
/// the bad cube's two bounds with multipliers 1 and 2.
const MUTANTS: &str = "\
(set-logic HORN)
(declare-fun itp (Int Int ) Bool)
(assert (forall ((x1 Int) (x3 Int)) (=> (and (= x1 0) (> x3 x1)) (itp x1 x3))))
(assert (forall ((x1 Int) (x3 Int) (x2 Int) (x4 Int))
  (=> (and (itp x1 x3) (= x2 (+ x1 1)) (= x4 (+ x3 2))) (itp x2 x4))))
(assert (forall ((x1 Int) (x3 Int))
  (=> (and (itp x1 x3) (> x1 1000) (not (> x3 2000))) false)))
(check-sat)
";

#[test]
fn pdr_sums_bounds_with_multipliers_into_a_relational_lemma() {
    let r = run(&scratch("s_mutants_05.smt2", MUTANTS), &pdr(10));
    assert!(
        matches!(r.outcome.verdict, Verdict::Safe(_)),
        "PDR: {:?}",
        r.outcome.verdict
    );
    assert_certified("s_mutants_05", &r);
}

const PARITY: &str = "\
// SAFE: x stays even, so it never equals the odd 2n + 1.
var x: int;
var n: int;
location l;
location bad;
initial l;
bad bad;
init x == 0;
edge 0 \"loop\": l -> l
  relation x' == x + 2 && n' == n;
edge 1 \"fail\": l -> bad
  relation x == 2 * n + 1 && x' == x && n' == n;
";

#[test]
fn pdr_proves_a_parity_invariant_from_its_parity_seeds() {
    let file = scratch("parity.ts", PARITY);
    let r = run(&file, &pdr(10));
    assert!(
        matches!(r.outcome.verdict, Verdict::Safe(_)),
        "PDR: {:?}",
        r.outcome.verdict
    );
    assert_certified("parity.ts", &r);
    // Seeding starts after a number of queries, not of seconds: the same
    // certificate again.
    let again = run(&file, &pdr(10));
    assert_eq!(
        format!("{:?}", r.certificate),
        format!("{:?}", again.certificate)
    );
}

#[test]
fn auto_answers_with_a_valid_certificate() {
    let cfg = Config {
        timeout: Some(Duration::from_secs(20)),
        engine: Engine::Auto,
        ..Config::default()
    };
    for file in ["imp/seed.imp", "imp/seed_variant.imp"] {
        let r = run(&corpus_dir().join(file), &cfg);
        assert!(!matches!(r.outcome.verdict, Verdict::Unknown(_)), "{file}");
        assert_certified(file, &r);
    }
}

/// sv-benchmarks `count_by_1` in CHC: `i` counts to 1000000 under a guard
/// against overflow. Frame-bounded lemmas (`i < 65` at level 2) never
/// propagate; their threshold variant `i <= 1000000` is inductive at once.
const COUNT_TO_A_MILLION: &str = "\
(set-logic HORN)
(declare-fun loop (Int) Bool)
(assert (forall ((i Int)) (=> (= i 0) (loop i))))
(assert (forall ((i Int) (j Int))
  (=> (and (loop i) (< i 1000000) (<= (+ i 1) 2147483647) (= j (+ i 1))) (loop j))))
(assert (forall ((i Int)) (=> (and (loop i) (not (< i 1000000)) (not (= i 1000000))) false)))
(check-sat)
";

#[test]
fn pdr_takes_a_loop_bound_from_the_task_constants_without_unrolling() {
    let cfg = Config {
        linear_invariants: false,
        ..pdr(10)
    };
    let r = run(
        &scratch("count_to_a_million.smt2", COUNT_TO_A_MILLION),
        &cfg,
    );
    assert!(
        matches!(r.outcome.verdict, Verdict::Safe(_)),
        "PDR: {:?}",
        r.outcome.verdict
    );
    assert_certified("count_to_a_million", &r);
    // Without threshold variants PDR needs a lemma per few hundred
    // iterations and runs out of time (no guessed seeds here).
    assert!(
        r.outcome.stats.queries < 200,
        "{} queries",
        r.outcome.stats.queries
    );
}

/// A loop written the way CHC encodings of programs write it: each program
/// point its own location, so that one iteration takes five edges, and an
/// if-then-else joining again before the loop head. SAFE: `x == y`.
const CHAIN: &str = "\
var x: int;
var y: int;
var c: int;
location head;
location p1;
location p2;
location then;
location else;
location join;
location exit;
location bad;
initial head;
bad bad;
init x == 0 && y == 0;
edge 0 \"to p1\": head -> p1
  relation x' == x && y' == y && c' == c;
edge 1 \"step x\": p1 -> p2
  relation x' == x + 1 && y' == y && c' == c;
edge 2 \"branch then\": p2 -> then
  relation c > 0 && x' == x && y' == y && c' == c;
edge 3 \"branch else\": p2 -> else
  relation c <= 0 && x' == x && y' == y && c' == c;
edge 4 \"then\": then -> join
  relation y' == y + 1 && x' == x && c' == c;
edge 5 \"else\": else -> join
  relation y' == x && x' == x && c' == c;
edge 6 \"back\": join -> head
  relation x' == x && y' == y;
edge 7 \"leave\": head -> exit
  relation x' == x && y' == y && c' == c;
edge 8 \"check\": exit -> bad
  relation x != y && x' == x && y' == y && c' == c;
";

#[test]
fn pdr_proves_a_chain_of_program_points_through_its_cut_points_and_certifies_every_location() {
    let f = scratch("chain.ts", CHAIN);
    let r = run(&f, &pdr(30));
    let Verdict::Safe(body) = &r.outcome.verdict else {
        panic!("expected SAFE, got {:?}", r.outcome.verdict)
    };
    // The proof was found on the cut points only, but the certificate is
    // the original task's: a node at every location but bad.
    let mut located: Vec<&str> = body.nodes.iter().map(|n| n.location.as_str()).collect();
    located.sort();
    assert_eq!(
        located,
        ["else", "exit", "head", "join", "p1", "p2", "then"],
        "one node per location"
    );
    assert_certified("chain.ts", &r);
    // The same proof on every location costs more queries.
    let whole = run(
        &f,
        &Config {
            reduce: false,
            ..pdr(30)
        },
    );
    assert!(matches!(whole.outcome.verdict, Verdict::Safe(_)));
    assert!(
        r.outcome.stats.queries < whole.outcome.stats.queries,
        "{} queries on the cut points, {} on every location",
        r.outcome.stats.queries,
        whole.outcome.stats.queries
    );
}

#[test]
fn pdr_counterexample_through_removed_locations_replays_on_the_original_edges() {
    // The same loop with `then` leaving y behind and the check `x > y`:
    // one iteration through `then` and the exit fail.
    let unsafe_chain = CHAIN.replace("x != y &&", "x > y &&").replace(
        "relation y' == y + 1 && x' == x && c' == c;",
        "relation y' == y && x' == x && c' == c;",
    );
    let f = scratch("chain_unsafe.ts", &unsafe_chain);
    let r = run(&f, &pdr(30));
    let Verdict::Unsafe(trace) = &r.outcome.verdict else {
        panic!("expected UNSAFE, got {:?}", r.outcome.verdict)
    };
    let edges: Vec<u32> = trace.steps.iter().map(|s| s.edge).collect();
    assert_eq!(
        edges,
        [0, 1, 2, 4, 6, 7, 8],
        "every original edge of the path"
    );
    assert_certified("chain_unsafe.ts", &r);
}

/// CHC-COMP's `multi-phase/s_split_39`: `b` counts while `b <= 5 a`, else
/// `a` grows; bad if `a >= b > 50` (arguments swapped in the query).
const SPLIT_39: &str = "\
(set-logic HORN)
(declare-fun inv (Int Int) Bool)
(assert (forall ((a Int) (b Int)) (=> (and (= b 0) (= a 0)) (inv a b))))
(assert (forall ((a Int) (b Int) (c Int) (d Int))
  (=> (and (inv a b)
           (= d (ite (<= b (* 5 a)) (+ 1 b) b))
           (= c (ite (<= b (* 5 a)) (div a 10) (+ 1 a))))
      (inv c d))))
(assert (forall ((a Int) (b Int)) (=> (and (inv b a) (<= a b) (not (<= a 50))) false)))
(check-sat)
";

#[test]
fn a_counting_candidate_refuted_before_seeding_is_tried_again_after_it() {
    // The counting family `a < k` starts before invariants are guessed; its
    // candidates failed then, and held once the seeds were in `F_inf`.
    // Remembered as failed for good, PDR unrolled 51 levels (1,699 queries).
    let r = run(&scratch("s_split_39.smt2", SPLIT_39), &pdr(30));
    assert!(
        matches!(r.outcome.verdict, Verdict::Safe(_)),
        "PDR: {:?}",
        r.outcome.verdict
    );
    assert_certified("s_split_39", &r);
    assert!(
        r.outcome.stats.queries < 800,
        "{} queries",
        r.outcome.stats.queries
    );
}
