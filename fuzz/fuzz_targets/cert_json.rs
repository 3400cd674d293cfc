//! Certificate reader on arbitrary bytes (JSON by content, or binary when the
//! magic happens to appear), then the checker on whatever decodes.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    certa_fuzz_common::decode_and_check(data);
});

#[path = "common.rs"]
mod certa_fuzz_common;
