//! certa-check's audit index: the obligations (in `kernel/`, the code that decides VALID),
//! run in order, and the verdict; outside the kernel: reports, messages, files, the archive.
//!
//! | # | obligation  | module          | kind                      |
//! |---|-------------|-----------------|---------------------------|
//! | 0 | binding     | [`binding`]     | hash + re-translation (`--source`) |
//! | 1 | structure   | [`structure`], [`work`] | syntactic, with work bounds |
//! | 2 | initiality  | [`initiality`]  | cvc5, expected UNSAT      |
//! | 3 | closure     | [`closure`]     | cvc5, expected UNSAT, per (node, edge) |
//! | 4 | witness     | [`witness`]     | concrete evaluation       |
//! | 5 | trace       | [`trace`]       | concrete evaluation       |
#![forbid(unsafe_code)]
// CheckError carries counterexample valuations; it is built only on failure.
#![allow(clippy::result_large_err)]

pub mod kernel;
pub use kernel::{binding, closure, concrete, error, index, initiality, solver, structure};
pub use kernel::{check, deadline, Options, Outcome, Record, Report, Verdict, STACK_BYTES};
pub use kernel::{trace, witness, work};

pub mod archive;
pub mod emit;
pub mod explain;
pub mod input;
pub mod report;

pub use binding::Binding;
pub use error::CheckError;
pub use solver::Limits;

/// Runs `f` on a thread with a [`STACK_BYTES`] stack and returns its result.
/// Panics if the thread cannot be spawned; see [`try_on_large_stack`].
pub fn on_large_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    try_on_large_stack(f).expect("spawn the checking thread")
}

/// [`on_large_stack`], with the OS error when the thread cannot be spawned
/// (e.g. its stack does not fit under an address-space limit).
pub fn try_on_large_stack<T: Send>(f: impl FnOnce() -> T + Send) -> std::io::Result<T> {
    std::thread::scope(|s| {
        let h = std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(s, f)?;
        Ok(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
    })
}
