//! The `.ts` frontend, then print/parse round trip and the checker's task rules.
#![no_main]
use frontend::parse_ts;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(task) = parse_ts("fuzz.ts", text) {
        let _ = checker::structure::check_task(&task);
    }
});
