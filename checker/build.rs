//! Finds the cvc5 shared library from the PyPI wheel `cvc5==1.4.2` and links it.
//!
//! Search order: `$CVC5_LIB_DIR`; the `cvc5.libs/` directory of an installed
//! `cvc5` Python package; else `python3 -m pip download --no-deps cvc5==1.4.2`
//! into a cache under `target/` and unpack its `cvc5.libs/` with python3's
//! `zipfile` module.
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

use std::path::{Path, PathBuf};
use std::process::Command;

const WHEEL_VERSION: &str = "1.4.2";

fn find_lib(dir: &Path) -> Option<PathBuf> {
    let entries = std::fs::read_dir(dir).ok()?;
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            n.starts_with("libcvc5") && !n.starts_with("libcvc5parser") && n.contains(".so")
        })
        .collect();
    found.sort();
    found.into_iter().next()
}

fn python_package_dir() -> Option<PathBuf> {
    let out = Command::new("python3")
        .args([
            "-c",
            "import cvc5, os; print(os.path.dirname(cvc5.__file__))",
        ])
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let pkg = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    let libs = pkg.parent()?.join("cvc5.libs");
    libs.is_dir().then_some(libs)
}

fn download_wheel(cache: &Path) -> PathBuf {
    let libs = cache.join("cvc5.libs");
    if libs.is_dir() && find_lib(&libs).is_some() {
        return libs;
    }
    std::fs::create_dir_all(cache).expect("create cvc5 wheel cache");
    let have_wheel = std::fs::read_dir(cache)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .any(|e| e.file_name().to_string_lossy().ends_with(".whl"))
        })
        .unwrap_or(false);
    if !have_wheel {
        let status = Command::new("python3")
            .args(["-m", "pip", "download", "--no-deps"])
            .arg(format!("cvc5=={WHEEL_VERSION}"))
            .arg("-d")
            .arg(cache)
            .status()
            .expect("run python3 -m pip download (set CVC5_LIB_DIR to skip)");
        assert!(
            status.success(),
            "pip download cvc5=={WHEEL_VERSION} failed; set CVC5_LIB_DIR"
        );
    }
    // A wheel is a zip file; python3's zipfile avoids depending on `unzip`.
    let script = "import sys, zipfile, glob\n\
        whl = sorted(glob.glob(sys.argv[1] + '/cvc5-*.whl'))[0]\n\
        z = zipfile.ZipFile(whl)\n\
        z.extractall(sys.argv[1], [n for n in z.namelist() if n.startswith('cvc5.libs/')])\n";
    let status = Command::new("python3")
        .args(["-c", script])
        .arg(cache)
        .status()
        .expect("run python3 to unpack the wheel");
    assert!(status.success(), "unpacking the cvc5 wheel failed");
    libs
}

fn main() {
    println!("cargo:rerun-if-env-changed=CVC5_LIB_DIR");
    println!("cargo:rerun-if-changed=build.rs");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let lib_dir = match std::env::var_os("CVC5_LIB_DIR") {
        Some(d) => PathBuf::from(d),
        None => python_package_dir().unwrap_or_else(|| {
            // OUT_DIR is target/<profile>/build/<pkg>-<hash>/out; cache in target/.
            let target = out_dir.ancestors().nth(4).unwrap_or(&out_dir).to_path_buf();
            download_wheel(&target.join("cvc5-wheel").join(WHEEL_VERSION))
        }),
    };
    let lib = find_lib(&lib_dir)
        .unwrap_or_else(|| panic!("no libcvc5*.so in {}; set CVC5_LIB_DIR", lib_dir.display()));
    let lib_dir = lib_dir.canonicalize().unwrap_or(lib_dir);
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
