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

use wheel::{library, provide, Wheel};

const WHEEL: Wheel = Wheel {
    package: "libclang",
    version: "18.1.1",
    member_dir: "clang/native/",
    lib_prefix: "libclang",
    not_prefixes: &[],
};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let dir = provide(&WHEEL, "LIBCLANG_DIR");
    let so = dir.join("libclang.so");
    let lib = if so.is_file() {
        so
    } else {
        library(&WHEEL, &dir).expect("provide checked it")
    };
    let lib = lib.canonicalize().expect("canonical libclang path");
    println!("cargo:rustc-env=CERTA_LIBCLANG={}", lib.display());
}
