//! Provisions the cvc5 shared library from the PyPI wheel `cvc5==1.4.2`
//! through the shared wheel helper (`wheel/`) and links it.
//!
//! Search order: `$CVC5_LIB_DIR`; the `cvc5.libs/` directory of an installed
//! `cvc5` Python package of exactly the pinned version; else the wheel
//! downloaded with pip into `target/wheels/`.
//!
//! Dependents (crates whose binaries or tests link this crate): because this
//! package has `links = "cvc5wheel"` and prints `cargo:rpath=<dir>`, a direct
//! dependent's build script sees `DEP_CVC5WHEEL_RPATH` and should print
//!
//! ```text
//! if let Ok(dir) = std::env::var("DEP_CVC5WHEEL_RPATH") {
//!     println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
//! }
//! ```
//!
//! so its own binaries and tests find the library at run time.

use std::path::PathBuf;
use wheel::{library, provide, Wheel};

const WHEEL: Wheel = Wheel {
    package: "cvc5",
    version: "1.4.2",
    member_dir: "cvc5.libs/",
    lib_prefix: "libcvc5",
    not_prefixes: &["libcvc5parser"],
};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let lib_dir = provide(&WHEEL, "CVC5_LIB_DIR");
    let lib = library(&WHEEL, &lib_dir).expect("provide checked it");
    // The wheel's library is named libcvc5-<hash>.so: link it as -lcvc5.
    let link_dir = out_dir.join("cvc5-link");
    std::fs::create_dir_all(&link_dir).expect("create link dir");
    let link = link_dir.join("libcvc5.so");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&lib, &link).expect("symlink libcvc5.so");
    println!("cargo:rustc-link-search=native={}", link_dir.display());
    println!("cargo:rustc-link-lib=dylib=cvc5");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", lib_dir.display());
    println!("cargo:rpath={}", lib_dir.display());
}
