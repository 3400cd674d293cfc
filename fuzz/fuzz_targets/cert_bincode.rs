//! Binary certificate reader: the input is the bincode body after a valid
//! magic and version, so the fuzzer spends its time inside bincode.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = format::codec::BINARY_MAGIC.to_vec();
    bytes.extend_from_slice(&format::FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(data);
    certa_fuzz_common::decode_and_check(&bytes);
});

#[path = "common.rs"]
mod certa_fuzz_common;
