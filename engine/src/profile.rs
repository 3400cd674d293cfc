//! Wall time per phase of a run, on stderr when `CERTA_PROFILE=1`: where the time of one
//! `certa verify` goes (translation, invariant guessing, each engine lane, replays,
//! certificate writing), so that every change to the fixed costs is judged against it.

use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// When the process first asked for the time: the zero of every span.
static ORIGIN: OnceLock<Instant> = OnceLock::new();
/// (phase, start after the origin, length), in the order the phases ended.
static SPANS: Mutex<Vec<(String, Duration, Duration)>> = Mutex::new(Vec::new());

/// Is profiling on (`CERTA_PROFILE` set to anything but `0` or empty)?
pub fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var("CERTA_PROFILE").is_ok_and(|v| !v.is_empty() && v != "0"))
}

/// Starts the clock; call first thing in `main` (later calls keep the first origin).
pub fn start() {
    if enabled() {
        ORIGIN.get_or_init(Instant::now);
    }
}

/// Runs `f` and, when profiling, records how long it took under `phase`.
pub fn span<T>(phase: &str, f: impl FnOnce() -> T) -> T {
    if !enabled() {
        return f();
    }
    let origin = *ORIGIN.get_or_init(Instant::now);
    let begin = Instant::now();
    let out = f();
    let entry = (phase.to_string(), begin - origin, begin.elapsed());
    SPANS.lock().unwrap_or_else(|p| p.into_inner()).push(entry);
    out
}

/// Records a moment (a span of length zero), e.g. when the race was decided.
pub fn mark(phase: &str) {
    span(phase, || ());
}

/// The recorded phases as lines `profile  <start ms>  <length ms>  <phase>`, sorted by
/// start; `None` when profiling is off.
pub fn report() -> Option<String> {
    if !enabled() {
        return None;
    }
    let mut spans = SPANS.lock().unwrap_or_else(|p| p.into_inner()).clone();
    spans.sort_by_key(|s| s.1);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mut out = String::from("certa: profile     start ms   length ms  phase\n");
    for (phase, at, len) in spans {
        out += &format!(
            "certa: profile  {:>10.2}  {:>10.2}  {phase}\n",
            ms(at),
            ms(len)
        );
    }
    if let Some(origin) = ORIGIN.get() {
        out += &format!(
            "certa: profile  {:>10.2}  {:>10}  report\n",
            ms(origin.elapsed()),
            ""
        );
    }
    Some(out)
}
