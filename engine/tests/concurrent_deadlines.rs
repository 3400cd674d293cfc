//! Deadlines hold when several threads verify at once: Z3 4.8's own timers
//! could deadlock across threads (a CI run hung for over an hour), so the
//! verifier interrupts Z3 from a watchdog of its own.

use engine::{AnalysisKind, Config, Verdict};
use frontend::{load, Encoding};
use std::time::{Duration, Instant};

const THREADS: usize = 4;
const RUNS: usize = 12;
/// Slack over the requested timeout: the last query's interrupt and the
/// certificate-free exit take milliseconds; anything near this is a hang.
const SLACK: Duration = Duration::from_secs(5);

#[test]
fn many_threads_with_short_timeouts_all_end_on_time() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    // zilu_b04 is safe but not proved within a second by any analysis.
    let program = load(&corpus.join("imp/zilu_b04.imp"), Encoding::Lbe).expect("corpus program");
    // A hang must fail the test, not stall CI: give up loudly after 3 minutes.
    std::thread::spawn(|| {
        std::thread::sleep(Duration::from_secs(180));
        // Written directly: the test harness captures eprintln!.
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            b"concurrent verifications did not end within 180 s: deadlock\n",
        );
        std::process::exit(101);
    });
    let late: Vec<String> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                let task = &program.task;
                s.spawn(move || {
                    let mut late = Vec::new();
                    for r in 0..RUNS {
                        let timeout = Duration::from_millis(20 + 37 * ((t * RUNS + r) as u64 % 11));
                        let analysis = [
                            AnalysisKind::Auto,
                            AnalysisKind::Predicate,
                            AnalysisKind::ValuePredicate,
                        ][r % 3];
                        let cfg = Config {
                            timeout: Some(timeout),
                            analysis,
                            ..Config::default()
                        };
                        let start = Instant::now();
                        let out = engine::verify(task, &cfg);
                        let took = start.elapsed();
                        assert!(
                            !matches!(out.verdict, Verdict::Unsafe(_)),
                            "zilu_b04 is safe"
                        );
                        if took > timeout + SLACK {
                            late.push(format!("{analysis:?} with {timeout:?} took {took:?}"));
                        }
                    }
                    late
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("worker"))
            .collect()
    });
    assert!(late.is_empty(), "runs past their deadline: {late:?}");
}
