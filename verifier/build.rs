//! Provisions Z3 for the verifier from the PyPI wheel `z3-solver==4.8.12.0`
//! (the same Z3 4.8.12 as Debian's `libz3-dev`), so no system package is needed;
//! also adds the rpath of the cvc5 library (found by the checker's build script).
//!
//! Search order for the directory holding `libz3.so`: `$Z3_LIB_DIR`; the
//! `z3/lib/` directory of an installed `z3-solver` Python package of exactly
//! the pinned version; else `python3 -m pip download --no-deps
//! z3-solver==4.8.12.0` into a cache under `target/` and unpack its
//! `z3/lib/libz3.so` with python3's `zipfile` module.
//!
//! `z3-sys` itself only prints `cargo:rustc-link-lib=z3`: `.cargo/config.toml`
//! sets `Z3_NO_PKG_CONFIG=1` (so its pkg-config probe cannot pick a system
//! library) and `Z3_SYS_Z3_VERSION=4.8.12`. The `rustc-link-search` printed
//! here reaches every crate that depends on this one, and the linker searches
//! it before the system directories.
//!
//! Dependents: because this package has `links = "z3wheel"` and prints
//! `cargo:rpath=<dir>`, a direct dependent's build script sees
//! `DEP_Z3WHEEL_RPATH` and should print
//! `cargo:rustc-link-arg=-Wl,-rpath,<dir>` so its binaries and tests find the
//! library at run time (the wheel's library has soname `libz3.so`).

use std::path::{Path, PathBuf};
use std::process::Command;

const WHEEL_VERSION: &str = "4.8.12.0";
const LIB: &str = "libz3.so";

fn python_package_dir() -> Option<PathBuf> {
    // Only the pinned version: another z3-solver would silently change the solver.
    let script = format!(
        "import importlib.metadata as m, importlib.util as u\n\
         assert m.version('z3-solver') == '{WHEEL_VERSION}'\n\
         print(u.find_spec('z3').submodule_search_locations[0])\n"
    );
    let out = Command::new("python3")
        .args(["-c", &script])
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let pkg = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    let lib = pkg.join("lib");
    lib.join(LIB).is_file().then_some(lib)
}

fn download_wheel(cache: &Path) -> PathBuf {
    let lib_dir = cache.join("z3").join("lib");
    if lib_dir.join(LIB).is_file() {
        return lib_dir;
    }
    std::fs::create_dir_all(cache).expect("create z3 wheel cache");
    let have_wheel = std::fs::read_dir(cache)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .any(|e| e.file_name().to_string_lossy().ends_with(".whl"))
        })
        .unwrap_or(false);
    if !have_wheel {
        let status = Command::new("python3")
            .args(["-m", "pip", "download", "--no-deps"])
            .arg(format!("z3-solver=={WHEEL_VERSION}"))
            .arg("-d")
            .arg(cache)
            .status()
            .expect("run python3 -m pip download (set Z3_LIB_DIR to skip)");
        assert!(
            status.success(),
            "pip download z3-solver=={WHEEL_VERSION} failed; set Z3_LIB_DIR"
        );
    }
    // A wheel is a zip file; python3's zipfile avoids depending on `unzip`.
    // Only the shared library: the wheel also carries a z3 binary and headers.
    // Written under a temporary name and renamed, so an interrupted unpack
    // never leaves a truncated library that a later build would take as done.
    let script = "import sys, os, zipfile, glob\n\
        whl = sorted(glob.glob(sys.argv[1] + '/z3_solver-*.whl'))[0]\n\
        data = zipfile.ZipFile(whl).read('z3/lib/libz3.so')\n\
        d = os.path.join(sys.argv[1], 'z3', 'lib')\n\
        os.makedirs(d, exist_ok=True)\n\
        open(os.path.join(d, 'libz3.so.tmp'), 'wb').write(data)\n\
        os.replace(os.path.join(d, 'libz3.so.tmp'), os.path.join(d, 'libz3.so'))\n";
    let status = Command::new("python3")
        .args(["-c", script])
        .arg(cache)
        .status()
        .expect("run python3 to unpack the wheel");
    assert!(status.success(), "unpacking the z3-solver wheel failed");
    lib_dir
}

fn main() {
    println!("cargo:rerun-if-env-changed=Z3_LIB_DIR");
    println!("cargo:rerun-if-changed=build.rs");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let lib_dir = match std::env::var_os("Z3_LIB_DIR") {
        Some(d) => PathBuf::from(d),
        None => python_package_dir().unwrap_or_else(|| {
            // OUT_DIR is target/<profile>/build/<pkg>-<hash>/out; cache in target/.
            let target = out_dir.ancestors().nth(4).unwrap_or(&out_dir).to_path_buf();
            download_wheel(&target.join("z3-wheel").join(WHEEL_VERSION))
        }),
    };
    assert!(
        lib_dir.join(LIB).exists(),
        "no {LIB} in {}; set Z3_LIB_DIR",
        lib_dir.display()
    );
    let lib_dir = lib_dir.canonicalize().unwrap_or(lib_dir);
    println!("cargo:rustc-link-search=native={}", lib_dir.display());
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", lib_dir.display());
    println!("cargo:rpath={}", lib_dir.display());

    if let Ok(dir) = std::env::var("DEP_CVC5WHEEL_RPATH") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
}
