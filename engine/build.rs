//! Provisions Z3 for the verifier from the PyPI wheel `z3-solver==5.4.1.0`
//! (Z3 5.4.1) through the shared wheel helper (`wheel/`), so no system
//! package is needed; also adds the rpath of the cvc5 library (found by the
//! checker's build script).
//!
//! Search order for the directory holding `libz3.so`: `$Z3_LIB_DIR`; the
//! `z3/lib/` directory of an installed `z3-solver` Python package of exactly
//! the pinned version; else the wheel downloaded with pip into `target/wheels/`.
//!
//! `z3-sys` itself only prints `cargo:rustc-link-lib=z3`: `.cargo/config.toml`
//! sets `Z3_NO_PKG_CONFIG=1` (so its pkg-config probe cannot pick a system
//! library) and `Z3_SYS_Z3_VERSION=5.4.1`. The `rustc-link-search` printed
//! here reaches every crate that depends on this one, and the linker searches
//! it before the system directories.
//!
//! Dependents: because this package has `links = "z3wheel"` and prints
//! `cargo:rpath=<dir>`, a direct dependent's build script sees
//! `DEP_Z3WHEEL_RPATH` and should print
//! `cargo:rustc-link-arg=-Wl,-rpath,<dir>` so its binaries and tests find the
//! library at run time (the wheel's library has soname `libz3.so.5.4`, and
//! the wheel ships that name too).

use wheel::{provide, Wheel};

const WHEEL: Wheel = Wheel {
    package: "z3-solver",
    version: "5.4.1.0",
    member_dir: "z3/lib/",
    lib_prefix: "libz3",
    not_prefixes: &[],
};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let lib_dir = provide(&WHEEL, "Z3_LIB_DIR");
    assert!(
        lib_dir.join("libz3.so").is_file(),
        "no libz3.so in {}; set Z3_LIB_DIR",
        lib_dir.display()
    );
    println!("cargo:rustc-link-search=native={}", lib_dir.display());
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", lib_dir.display());
    println!("cargo:rpath={}", lib_dir.display());

    if let Ok(dir) = std::env::var("DEP_CVC5WHEEL_RPATH") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
}
