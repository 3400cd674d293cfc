//! Provisions libclang for the C frontend from the PyPI wheel
//! `libclang==18.1.1` (`clang/native/libclang.so`, LLVM 18.1.1), so no system
//! package is needed, and bakes its absolute path into the crate
//! (`CERTA_LIBCLANG`): the library is opened with `dlopen` the first time a C
//! program is parsed, so runs that read no C never load its 64 MB.
//!
//! Override: `LIBCLANG_DIR`, a directory holding `libclang.so` (LLVM 17 or
//! later: the operator-kind functions are 17's). Its version is recorded in
//! every certificate of a C program, and `certa-check --source` refuses to
//! re-translate with another.

use std::path::PathBuf;
use wheel::{cache_dir, fetch, find_lib, Wheel};

const WHEEL: Wheel = Wheel {
    package: "libclang",
    version: "18.1.1",
    member_dir: "clang/native/",
    lib_prefix: "libclang",
};

fn main() {
    println!("cargo:rerun-if-env-changed=LIBCLANG_DIR");
    println!("cargo:rerun-if-changed=build.rs");
    let lib: PathBuf = match std::env::var_os("LIBCLANG_DIR") {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            let so = dir.join("libclang.so");
            if so.is_file() {
                so
            } else {
                find_lib(&dir, "libclang").unwrap_or_else(|| {
                    panic!("LIBCLANG_DIR={} holds no libclang.so", dir.display())
                })
            }
        }
        None => {
            let cache = cache_dir(&WHEEL);
            let dir = fetch(&WHEEL, &cache, "LIBCLANG_DIR");
            dir.join("libclang.so")
        }
    };
    let lib = lib.canonicalize().expect("canonical libclang path");
    println!("cargo:rustc-env=CERTA_LIBCLANG={}", lib.display());
}
