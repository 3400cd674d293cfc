//! Shared by the certificate targets: decode on the checker's large stack (as
//! `certa-check` does), then check with tiny solver limits.
use checker::{Limits, Options};

pub fn decode_and_check(data: &[u8]) {
    checker::on_large_stack(|| {
        let Ok(cert) = format::codec::certificate_from_bytes("fuzz", data) else {
            return;
        };
        let opts = Options {
            limits: Limits {
                timeout_ms: Some(200),
                rlimit: Some(20_000),
            },
            ..Options::default()
        };
        let _ = checker::check(&cert, &opts).verdict();
    });
}
