//! From an UNSAFE certificate's large-block trace to a single-statement (SBE) trace of the same program, with every nondet value in call order.
//!
//! Each LBE step `A -> B` summarises a loop-free region of the CFA; the SBE
//! task has the same locations, so the step is a path through the SBE
//! locations that are not LBE locations (a DAG). The path is found by
//! concrete propagation (guessing havocked values from the step's end
//! state), and by one Z3 query over the whole DAG when that fails. Every
//! SBE step is checked with the concrete evaluator as it is made; a kept
//! trace is replayed again, as the checker does.
//!
//! The parts: `edge_facts.rs` reads what each SBE edge does, `dag.rs`
//! builds the SBE region of an LBE step, `walk.rs` walks the trace and
//! records the SBE steps, `search.rs` finds a step's path by propagation
//! (`propagate.rs`), `solve.rs` by Z3.

mod dag;
mod edge_facts;
mod propagate;
mod search;
mod solve;
mod walk;

use engine::smt;
use engine::watchdog;
use format::{BigInt, Body, Certificate, SourceMap, Task, Trace};
use frontend::{self, Program};
use std::path::Path;
use std::time::{Duration, Instant};
use walk::Walk;

/// One value returned by a `__VERIFIER_nondet_*()` call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NondetRead {
    /// Index of the havoc step in the SBE trace.
    pub step: usize,
    /// The call site's temporary, `nondet@<line>_<col>_<k>`.
    pub var: String,
    pub line: u32,
    pub col: u32,
    /// `__VERIFIER_nondet_int` etc., from the source map.
    pub function: Option<String>,
    /// The call's source text, e.g. `__VERIFIER_nondet_int()` (empty if unknown).
    pub call_text: String,
    pub value: BigInt,
    /// The state variable the next assignment copies the value into, if any.
    pub assigned: Option<String>,
    /// The SBE step of that assignment.
    pub assign_step: Option<usize>,
}

/// A value the run reads that no statement set and no nondet call
/// returned (an uninitialised variable or array element): a real run picks
/// its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Indeterminate {
    /// The SBE step that reads it.
    pub step: usize,
    /// `x`, or `a[3]` for an array element.
    pub var: String,
    /// Where it was declared (variables) or read (array elements).
    pub line: u32,
    pub col: u32,
    /// The value the run takes (variables only).
    pub value: Option<BigInt>,
}

/// The certificate's run, one source statement per step.
#[derive(Clone, Debug)]
pub struct SourceTrace {
    pub sbe_task: Task,
    /// The SBE task's source map (statements per SBE edge).
    pub source_map: SourceMap,
    /// The SBE trace; `steps` is empty when not kept (see [`Options`]).
    pub trace: Trace,
    /// Number of SBE steps (also when not kept).
    pub sbe_steps: usize,
    pub nondet: Vec<NondetRead>,
    pub indeterminate: Vec<Indeterminate>,
    /// Every `malloc`/`calloc`/`realloc` the run makes, in order, with its
    /// result (0: the run has it fail).
    pub allocations: Vec<Indeterminate>,
    /// LBE steps that needed Z3 (the others were found by propagation).
    pub solver_steps: usize,
}

#[derive(Clone, Debug)]
pub struct Options {
    /// Keep the SBE steps (and replay them at the end); without, only the
    /// nondet values are collected and each step is checked as it is made.
    pub keep_steps: bool,
    /// Most values kept (SBE steps times integer variables, a memory
    /// bound); more is an error.
    pub max_kept_values: usize,
    pub timeout: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            keep_steps: true,
            max_kept_values: 5_000_000,
            timeout: Duration::from_secs(300),
        }
    }
}

/// The certificate's trace as a full SBE trace, replayed on the SBE task.
pub fn sbe_trace(cert: &Certificate, source: &Path) -> Result<SourceTrace, String> {
    concretize(cert, source, &Options::default())
}

/// The nondet values of the certificate's run, without keeping the SBE steps.
pub fn nondet_reads(cert: &Certificate, source: &Path) -> Result<SourceTrace, String> {
    let opts = Options {
        keep_steps: false,
        ..Options::default()
    };
    concretize(cert, source, &opts)
}

/// A certificate for the SBE task (`encoding: sbe`) that `certa-check --source` accepts.
pub fn sbe_certificate(cert: &Certificate, st: &SourceTrace) -> Result<Certificate, String> {
    if st.trace.steps.len() != st.sbe_steps {
        return Err("the SBE steps were not kept".into());
    }
    let mut header = cert.header.clone();
    let source = header
        .source
        .as_mut()
        .ok_or("the certificate names no source")?;
    source.translation.encoding = "sbe".into();
    header.task_sha256 = format::hash::task_sha256(&st.sbe_task);
    Ok(Certificate {
        header,
        task: st.sbe_task.clone(),
        body: Body::Unsafe(st.trace.clone()),
        source_map: Some(st.source_map.clone()),
    })
}

/// Refuses a source file whose SHA-256 is not the certificate's.
pub fn check_source_hash(cert: &Certificate, source: &Path) -> Result<(), String> {
    let recorded = cert
        .header
        .source
        .as_ref()
        .ok_or("the certificate names no source file")?;
    let bytes = std::fs::read(source).map_err(|e| format!("{}: {e}", source.display()))?;
    let sha = format::hash::bytes_sha256(&bytes);
    if sha != recorded.sha256 {
        return Err(format!(
            "refused: {} has sha256 {sha}, but the certificate is about {} with sha256 {}",
            source.display(),
            recorded.name,
            recorded.sha256
        ));
    }
    Ok(())
}

/// Re-translates `source` as the certificate records and checks that it is
/// the certificate's program: file hash and task hash.
pub fn bind(cert: &Certificate, source: &Path) -> Result<Program, String> {
    check_source_hash(cert, source)?;
    let recorded = cert
        .header
        .source
        .as_ref()
        .ok_or("the certificate names no source file")?;
    let program = frontend::load_as(source, &recorded.translation).map_err(|e| e.to_string())?;
    let task_sha = format::hash::task_sha256(&program.task);
    if task_sha != cert.header.task_sha256 {
        return Err(format!(
            "refused: {} translates to task sha256 {task_sha}, the certificate's task is {}",
            source.display(),
            cert.header.task_sha256
        ));
    }
    Ok(program)
}

/// Finds the SBE run of the certificate's trace (see the module doc).
pub fn concretize(
    cert: &Certificate,
    source: &Path,
    opts: &Options,
) -> Result<SourceTrace, String> {
    checker::on_large_stack(|| {
        z3::with_z3_config(&z3::Config::new(), || {
            watchdog::guarded(|| concretize_here(cert, source, opts))
        })
    })
}

fn concretize_here(
    cert: &Certificate,
    source: &Path,
    opts: &Options,
) -> Result<SourceTrace, String> {
    let deadline = Instant::now() + opts.timeout;
    let Body::Unsafe(lbe_trace) = &cert.body else {
        return Err("this is a SAFE certificate; it has no trace".into());
    };
    let lbe = bind(cert, source)?;
    checker::trace::check(&lbe.task, lbe_trace, Some(deadline))
        .map_err(|e| format!("the certificate's trace does not replay: {e}"))?;
    let recorded = &cert.header.source.as_ref().expect("bound").translation;
    let sbe = if recorded.encoding == "sbe" {
        lbe.clone()
    } else {
        let mut t = recorded.clone();
        t.encoding = "sbe".into();
        frontend::load_as(source, &t).map_err(|e| e.to_string())?
    };
    smt::set_array_vars(&sbe.task);
    let mut walk = Walk::new(&lbe.task, &sbe, opts, deadline)?;
    walk.run(lbe_trace)?;
    let Walk {
        steps,
        sbe_steps,
        reads,
        indeterminate,
        allocations,
        solver_steps,
        initial,
        initial_arrays,
        ..
    } = walk;
    let trace = Trace {
        initial,
        initial_arrays,
        steps,
    };
    if opts.keep_steps {
        checker::trace::check(&sbe.task, &trace, Some(deadline))
            .map_err(|e| format!("internal error: the SBE trace does not replay: {e}"))?;
    }
    Ok(SourceTrace {
        sbe_task: sbe.task,
        source_map: sbe.source_map,
        trace,
        sbe_steps,
        nondet: reads,
        indeterminate,
        allocations,
        solver_steps,
    })
}
