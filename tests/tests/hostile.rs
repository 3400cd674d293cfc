//! Hostile input: every reader (certificate JSON and binary, `.imp`, `.ts`)
//! and the checker end in a clear error or a verdict, within bounded time,
//! on oversized, deeply nested, malformed and mutated input. Never a panic,
//! a stack overflow or an out-of-memory kill.
//!
//! Part 1 are hand-built hostile inputs (10^6 nodes, nesting 10^5, a
//! 10^4-digit constant, duplicate ids, cyclic successors, ...), each timed.
//! Part 2 is proptest-driven byte and structure mutation of the corpus (the
//! stable-toolchain fallback of the `fuzz/` cargo-fuzz targets): a bounded
//! number of cases by default, `CERTA_FUZZ_CASES=N` for a longer run.
//!
//! One test binary, one module per part: `hand_built` (part 1), `program_input`
//! (hostile `.imp` and `.ts` sources), `mutated` (part 2), `audit_issue10`
//! (one case per finding of the audit of issue 10); `common` holds the
//! helpers they share.

// `#[path]`: a test crate root looks for its modules beside itself
// (tests/tests/), not in hostile/; Cargo builds no target from hostile/.
#[path = "hostile/audit_issue10.rs"]
mod audit_issue10;
#[path = "hostile/common.rs"]
mod common;
#[path = "hostile/hand_built.rs"]
mod hand_built;
#[path = "hostile/mutated.rs"]
mod mutated;
#[path = "hostile/program_input.rs"]
mod program_input;
