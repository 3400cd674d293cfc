//! An engine thread started before the task is read, with its Z3 context already built.
//!
//! A Z3 5.4 context costs about 7 ms when its two 8 MiB term tables are
//! touched 4 KiB page by page, about 2 ms on the transparent huge pages
//! every engine thread reserves for them first
//! ([`prepare_for_a_context`]). Built on a thread of its
//! own while the main thread reads, parses and translates the program (for
//! C, clang takes about 9 ms), that cost overlaps work that has to happen
//! anyway. The context is the thread's default one and nothing has been put
//! in it when a job arrives: the same fresh context the job would have built
//! itself ([`crate::strategy::fresh`]), so answers and certificates do not
//! change, only when they come.

use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::sync::mpsc::{channel, Sender};
use std::sync::Mutex;

/// Work for an engine thread.
pub(crate) type Job = Box<dyn FnOnce() + Send>;

/// The idle warm thread, waiting for one job: at most one, since two
/// contexts built at once contend for the kernel's page allocator and made
/// trivial tasks slower (seed.imp 21.8 -> 28.9 ms).
static IDLE: Mutex<Option<Sender<Job>>> = Mutex::new(None);

fn idle() -> std::sync::MutexGuard<'static, Option<Sender<Job>>> {
    // An optional sender stays consistent under a poisoned lock.
    IDLE.lock().unwrap_or_else(|p| p.into_inner())
}

/// Starts the warm engine thread unless one is idle already; it builds its
/// Z3 context at once. `memory_mb` is the Z3 memory cap, a global parameter
/// read when a context is made, so it is set first.
pub fn prewarm(memory_mb: Option<u64>) {
    crate::smt::set_solver_defaults();
    if let Some(mb) = memory_mb {
        z3::set_global_param("memory_max_size", &mb.to_string());
    }
    let mut idle = idle();
    if idle.is_some() {
        return;
    }
    let (tx, rx) = channel::<Job>();
    BUILDING.store(true, SeqCst);
    let spawned = new_thread("certa-engine", move || {
        crate::profile::span("warm context", || {
            let _ = z3::Context::thread_local();
        });
        BUILDING.store(false, SeqCst);
        // No job (the process answered from a cache, or the task took
        // another path): the thread ends with the process.
        if let Ok(job) = rx.recv() {
            job();
        }
    });
    // Not fatal if it fails: jobs then start threads of their own.
    if spawned.is_ok() {
        *idle = Some(tx);
    } else {
        BUILDING.store(false, SeqCst);
    }
}

/// The warm thread is building its context.
static BUILDING: AtomicBool = AtomicBool::new(false);

/// Waits (at most `patience`) until the warm thread has built its context.
/// Why: two contexts built at once contend for the kernel's page
/// allocator, and each comes later than alone; a thread that needs a
/// context of its own but no answer soon (a helper beside the race's
/// leader) builds it after. Timing only: nothing it computes changes.
pub(crate) fn after_the_warm_context(patience: std::time::Duration) {
    let until = std::time::Instant::now() + patience;
    while BUILDING.load(SeqCst) && std::time::Instant::now() < until {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// Room for a context's two 8 MiB term tables and what is allocated between them.
const TERM_TABLE_ROOM: usize = 24 << 20;

/// Called first on a thread that will build a Z3 context: see
/// [`reserve_huge_pages_for_term_tables`]. Once per process, allocations
/// below 32 MiB (a context's term tables among them) are served from the
/// allocator's heaps rather than from fresh mappings of their own, and freed
/// heap memory is kept, so that the reserved room is where the tables land.
pub(crate) fn prepare_for_a_context() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: mallopt only sets allocator parameters; no memory is touched.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
            libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
        }
    });
    reserve_huge_pages_for_term_tables();
}

/// Why: touching 17 MiB of fresh 4 KiB pages is about 4,200 page faults,
/// 6-10 ms of kernel time on a virtual machine, most of a trivial task's
/// time; on 2 MiB pages it is a dozen. This thread's allocator heap is grown
/// by [`TERM_TABLE_ROOM`], that range is marked for transparent huge pages
/// (advice only: the kernel may decline, nothing else changes) and freed, so
/// the context built next on this thread places its tables there.
fn reserve_huge_pages_for_term_tables() {
    const HUGE: usize = 2 << 20;
    // SAFETY: the block is allocated, only advised (never read or written
    // here), and freed; madvise(MADV_HUGEPAGE) on memory we own changes no
    // contents.
    unsafe {
        let block = libc::malloc(TERM_TABLE_ROOM);
        if block.is_null() {
            return;
        }
        let start = (block as usize).next_multiple_of(HUGE);
        let end = (block as usize + TERM_TABLE_ROOM) / HUGE * HUGE;
        if end > start {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
        libc::free(block);
    }
}

/// Runs `job` on the idle warm thread if there is one, else on a new one.
pub(crate) fn spawn(name: &str, job: Job) -> std::io::Result<()> {
    let warm = idle().take();
    let job = match warm {
        Some(tx) => match tx.send(job) {
            Ok(()) => return Ok(()),
            // That thread is gone (it panicked building its context).
            Err(returned) => returned.0,
        },
        None => job,
    };
    new_thread(name, job)
}

/// A new engine thread named `name`, with the engines' stack.
pub(crate) fn new_thread(name: &str, job: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(name.into())
        .stack_size(crate::strategy::ENGINE_STACK_BYTES)
        .spawn(move || {
            prepare_for_a_context();
            job()
        })
        .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, Engine};
    use std::time::Duration;

    /// The warm thread is global: these tests take turns.
    static TURN: Mutex<()> = Mutex::new(());

    fn idle_threads() -> usize {
        usize::from(idle().is_some())
    }

    fn thread_name_of_a_job() -> String {
        let (tx, rx) = channel();
        spawn(
            "new-thread",
            Box::new(move || {
                let _ = tx.send(std::thread::current().name().map(String::from));
            }),
        )
        .expect("a thread starts");
        rx.recv_timeout(Duration::from_secs(30))
            .expect("the job ran")
            .unwrap_or_default()
    }

    #[test]
    fn a_job_takes_a_warm_thread_first_and_a_new_one_when_none_is_idle() {
        let _turn = TURN.lock().unwrap_or_else(|p| p.into_inner());
        while idle_threads() > 0 {
            thread_name_of_a_job();
        }
        prewarm(None);
        assert_eq!(idle_threads(), 1);
        // Asking again starts no second thread.
        prewarm(None);
        assert_eq!(idle_threads(), 1);
        assert_eq!(thread_name_of_a_job(), "certa-engine");
        assert_eq!(idle_threads(), 0);
        assert_eq!(thread_name_of_a_job(), "new-thread");
    }

    #[test]
    fn a_warm_context_gives_the_same_certificate_as_a_new_one() {
        let _turn = TURN.lock().unwrap_or_else(|p| p.into_inner());
        let task = frontend::parse_ts(
            "count.ts",
            "var i: int; var n: int;
             location l0; location l1; location err;
             initial l0; bad err;
             init i == 0;
             edge 0 \"start\": l0 -> l1 relation n' >= 0 && i' == 0;
             edge 1 \"step\": l1 -> l1 relation i < n && i' == i + 1 && n' == n;
             edge 2 \"fail\": l1 -> err relation i > n && i' == i && n' == n;",
        )
        .expect("test task parses");
        let cfg = Config {
            engine: Engine::Auto,
            timeout: Some(Duration::from_secs(30)),
            ..Config::default()
        };
        while idle_threads() > 0 {
            thread_name_of_a_job();
        }
        let cold = crate::verify(&task, &cfg);
        prewarm(None);
        let warm = crate::verify(&task, &cfg);
        assert_eq!(idle_threads(), 0, "the race took the warm thread");
        assert!(
            matches!(cold.verdict, crate::Verdict::Safe(_)),
            "{:?}",
            cold.verdict
        );
        assert_eq!(format!("{:?}", cold.verdict), format!("{:?}", warm.verdict));
    }
}
