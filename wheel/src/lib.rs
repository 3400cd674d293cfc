//! Fetches a pinned PyPI wheel into a cache directory and unpacks the one
//! directory of it that holds a shared library; used by the build scripts of
//! the crates that link Z3, cvc5 and libclang, so there is one copy of the
//! download code.
//!
//! A wheel is a zip file: python3's `zipfile` module unpacks it, so the build
//! needs python3 and pip and nothing from the system package manager.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One pinned wheel and the directory inside it that holds the library.
pub struct Wheel<'a> {
    /// The PyPI package, e.g. `libclang`.
    pub package: &'a str,
    /// The pinned version, e.g. `18.1.1`.
    pub version: &'a str,
    /// A directory inside the wheel, e.g. `clang/native/` (matched as a
    /// suffix of the member's directory, since `.data/platlib/` prefixes vary).
    pub member_dir: &'a str,
    /// The library's file name prefix, e.g. `libclang`.
    pub lib_prefix: &'a str,
    /// File name prefixes that look like the library but are not it (cvc5's
    /// wheel also holds `libcvc5parser`).
    pub not_prefixes: &'a [&'a str],
}

/// The directory holding the wheel's library: the directory named by the
/// `override_var` environment variable if set; else the installed Python
/// package of exactly the pinned version (another version would silently
/// change a solver or the C frontend); else the wheel downloaded once with pip
/// into `target/wheels/`. Prints the `rerun-if-env-changed` line for
/// `override_var`.
pub fn provide(w: &Wheel, override_var: &str) -> PathBuf {
    println!("cargo:rerun-if-env-changed={override_var}");
    let dir = match std::env::var_os(override_var) {
        Some(d) => PathBuf::from(d),
        None => installed(w).unwrap_or_else(|| fetch(w, &cache_dir(w), override_var)),
    };
    assert!(
        library(w, &dir).is_some(),
        "no {}*.so in {}; set {override_var} to a directory that holds it",
        w.lib_prefix,
        dir.display()
    );
    dir.canonicalize().unwrap_or(dir)
}

/// The wheel's library in `dir`: the first file named `lib_prefix*.so*` that
/// does not start with one of `not_prefixes`.
pub fn library(w: &Wheel, dir: &Path) -> Option<PathBuf> {
    let entries = std::fs::read_dir(dir).ok()?;
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            n.starts_with(w.lib_prefix)
                && n.contains(".so")
                && !n.ends_with(".tmp")
                && !w.not_prefixes.iter().any(|x| n.starts_with(x))
        })
        .collect();
    found.sort();
    found.into_iter().next()
}

/// `member_dir` of the installed Python distribution `package` when its
/// version is exactly the pinned one.
fn installed(w: &Wheel) -> Option<PathBuf> {
    let script = "import sys, importlib.metadata as m\n\
        d = m.distribution(sys.argv[1])\n\
        assert d.version == sys.argv[2]\n\
        print(d.locate_file(sys.argv[3]))\n";
    let out = Command::new("python3")
        .args([
            "-c",
            script,
            w.package,
            w.version,
            w.member_dir.trim_end_matches('/'),
        ])
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let dir = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    library(w, &dir).is_some().then_some(dir)
}

/// The cache directory for a wheel under the build's target directory:
/// `OUT_DIR` is `target/<profile>/build/<crate>-<hash>/out`, and the cache
/// is shared by every profile and crate at `target/wheels/<package>-<version>`.
fn cache_dir(w: &Wheel) -> PathBuf {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR is set by cargo"));
    let target = out
        .ancestors()
        .find(|a| a.file_name().map(|n| n == "build").unwrap_or(false))
        .and_then(|b| b.parent())
        .and_then(|p| p.parent())
        .map(Path::to_path_buf)
        .unwrap_or(out);
    target
        .join("wheels")
        .join(format!("{}-{}", w.package, w.version))
}

/// Downloads (once) and unpacks the wheel's `member_dir` into `cache`;
/// returns the directory holding the library. Panics with a message naming
/// the override variable when pip fails: a build script has no better way.
fn fetch(w: &Wheel, cache: &Path, override_var: &str) -> PathBuf {
    let libs = cache.join("lib");
    if library(w, &libs).is_some() {
        return libs;
    }
    std::fs::create_dir_all(cache).expect("create the wheel cache");
    let have_wheel = std::fs::read_dir(cache)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .any(|e| e.file_name().to_string_lossy().ends_with(".whl"))
        })
        .unwrap_or(false);
    if !have_wheel {
        let status = Command::new("python3")
            .args(["-m", "pip", "download", "--no-deps", "--only-binary=:all:"])
            .arg(format!("{}=={}", w.package, w.version))
            .arg("-d")
            .arg(cache)
            .status()
            .unwrap_or_else(|e| panic!("run python3 -m pip download ({e}); set {override_var}"));
        assert!(
            status.success(),
            "pip download {}=={} failed; set {override_var}",
            w.package,
            w.version
        );
    }
    // Unpack every file directly inside a directory ending in `member_dir`,
    // into a temporary directory renamed when complete, so an interrupted
    // unpack never leaves a truncated library that a later build takes as done.
    let script = r#"
import sys, zipfile, glob, os
whl = sorted(glob.glob(sys.argv[1] + '/*.whl'))[0]
want, dest = sys.argv[2].rstrip('/') + '/', sys.argv[3]
tmp = dest + '.tmp'
import shutil
shutil.rmtree(tmp, ignore_errors=True)
os.makedirs(tmp)
z = zipfile.ZipFile(whl)
n = 0
for i in z.infolist():
    d, _, base = i.filename.rpartition('/')
    if base and (d + '/').endswith(want):
        with z.open(i) as src, open(os.path.join(tmp, base), 'wb') as out:
            out.write(src.read())
        n += 1
assert n > 0, 'no member under ' + want
shutil.rmtree(dest, ignore_errors=True)
os.rename(tmp, dest)
"#;
    let status = Command::new("python3")
        .args(["-c", script])
        .arg(cache)
        .arg(w.member_dir)
        .arg(&libs)
        .status()
        .expect("run python3 to unpack the wheel");
    assert!(status.success(), "unpacking the {} wheel failed", w.package);
    assert!(
        library(w, &libs).is_some(),
        "the {} wheel has no {}*.so under {}",
        w.package,
        w.lib_prefix,
        w.member_dir
    );
    libs
}
