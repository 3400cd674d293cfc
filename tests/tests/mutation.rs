//! Certificate mutation testing: every certificate the verifier produces on
//! corpus/ is mutated systematically (see `certa_tests::mutate`), and the
//! checker (cvc5) must answer INVALID on every mutant that is no longer a
//! correct certificate, and VALID on those that still are.
//!
//! Correctness of a mutant is decided independently of `certa-check` by the
//! oracle (module `oracle`): its own structure rules (SPEC.md section 5.1),
//! initiality and closure as Z3 UNSAT queries, and witnesses and traces by
//! concrete evaluation (`format::eval::Env`) cross-checked step by step with
//! Z3.
//! Quantified regions (arrays, seed 002) go to Z3 with real quantifiers:
//! the oracle ignores the certificate's instantiation hints. Array values of
//! traces are pinned in Z3 as stores over constant arrays, computed by the
//! oracle's own copy-on-step replay.
//!
//! The default run checks a fixed-seed sample of at most `SAMPLE` mutants per
//! kind per certificate; `CERTA_MUTATION_FULL=1` (or the ignored test, run
//! with `-- --ignored`) checks all of them.
//!
//! One test binary in three modules: `structure` (the oracle's structure
//! rules), `oracle` (its Z3 and concrete-evaluation judgement) and `harness`
//! (mutating the corpus certificates, classifying, the tests).

// `#[path]`: a test crate root looks for its modules beside itself
// (tests/tests/), not in mutation/; Cargo builds no target from mutation/.
#[path = "mutation/harness.rs"]
mod harness;
#[path = "mutation/oracle.rs"]
mod oracle;
#[path = "mutation/structure.rs"]
mod structure;
