//! The `.imp` frontend (both encodings) and the checker's task rules on its output.
#![no_main]
use frontend::{parse_imp, Encoding};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for enc in [Encoding::Lbe, Encoding::Sbe] {
        if let Ok(p) = parse_imp("fuzz.imp", text, enc) {
            let _ = checker::structure::check_task(&p.task);
        }
    }
});
