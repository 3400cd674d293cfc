//! `certa bench-translate`: translation time against program size, on
//! synthetic CIL-style C programs (many small functions, globals, gotos).

use frontend::{self, Encoding};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Default program sizes (lines).
pub const SIZES: [usize; 5] = [250, 500, 1000, 2000, 4000];

/// Lines one synthetic function and its call in `main` take.
const LINES_PER_FUNCTION: usize = 15;

/// A C program of about `lines` lines: `n` small functions over shared
/// globals, each with a `goto`, a nondet branch and a call to a checking
/// function (so calls are inlined at every site), called in turn from the
/// loop in `main`.
pub fn synthetic(lines: usize) -> String {
    let n = (lines.saturating_sub(30) / LINES_PER_FUNCTION).max(1);
    let k = (n / 4).max(4);
    let mut s = String::new();
    s.push_str("extern void abort(void);\nextern void reach_error(void);\n");
    s.push_str("extern int __VERIFIER_nondet_int(void);\n");
    for g in 0..k {
        let _ = writeln!(s, "int g{g} = 0;");
    }
    s.push_str(
        "void check(int v) {\n  if (v == -1) {\n    goto ERROR;\n  }\n  return;\n  \
         ERROR: reach_error();\n  abort();\n}\n",
    );
    for i in 0..n {
        let (a, b) = (i % k, (i + 1) % k);
        let _ = write!(
            s,
            "int f{i}(int a) {{\n  int r;\n  r = a;\n  if (a > g{a}) {{\n    \
             g{b} = g{b} + 1;\n    goto L{i};\n  }}\n  if (__VERIFIER_nondet_int()) {{\n    \
             r = r + g{a};\n  }}\n  L{i}:\n  check(g{a});\n  return r;\n}}\n"
        );
    }
    s.push_str("int main(void) {\n  int x = __VERIFIER_nondet_int();\n");
    s.push_str("  while (__VERIFIER_nondet_int()) {\n");
    for i in 0..n {
        let _ = writeln!(s, "    x = f{i}(x);");
    }
    s.push_str("  }\n  return 0;\n}\n");
    s
}

/// One measurement.
pub struct Point {
    pub name: String,
    pub lines: usize,
    pub lbe: Duration,
    pub sbe: Duration,
}

/// Translates `path` with both encodings; `lines` is the source size.
pub fn measure(name: &str, path: &Path, lines: usize) -> Result<Point, String> {
    let time = |enc| {
        let t = Instant::now();
        frontend::load(path, enc).map_err(|e| e.to_string())?;
        Ok::<_, String>(t.elapsed())
    };
    Ok(Point {
        name: name.to_string(),
        lines,
        lbe: time(Encoding::Lbe)?,
        sbe: time(Encoding::Sbe)?,
    })
}

/// The lines of the C file behind a `.c`/`.i` file or a `.yml` task.
fn source_lines(path: &Path) -> Result<usize, String> {
    let src: PathBuf = if matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yml" | "yaml")
    ) {
        let def = frontend::c::read_task_def(path).map_err(|e| e.to_string())?;
        let first = def
            .input_files
            .first()
            .ok_or_else(|| format!("{}: no input file", path.display()))?;
        path.parent().unwrap_or(Path::new(".")).join(first)
    } else {
        path.to_path_buf()
    };
    std::fs::read_to_string(&src)
        .map(|t| t.lines().count())
        .map_err(|e| format!("{}: {e}", src.display()))
}

/// Measures the synthetic programs of the given sizes and the given files;
/// returns the table. The programs are kept in `keep` if given.
pub fn run(sizes: &[usize], files: &[PathBuf], keep: Option<&Path>) -> Result<String, String> {
    // Without `keep`, a scratch directory, removed on drop: on every
    // return, `?` and panic included.
    let mut scratch = None;
    let dir = match keep {
        Some(d) => d.to_path_buf(),
        None => scratch
            .insert(
                tempfile::Builder::new()
                    .prefix("certa-bench-translate-")
                    .tempdir()
                    .map_err(|e| format!("{}: {e}", std::env::temp_dir().display()))?,
            )
            .path()
            .to_path_buf(),
    };
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut points = Vec::new();
    for &size in sizes {
        let text = synthetic(size);
        // `.i`: already preprocessed, so no `gcc -E` time is measured.
        let path = dir.join(format!("synthetic_{size}.i"));
        std::fs::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
        let p = measure(&format!("synthetic {size}"), &path, text.lines().count());
        if keep.is_none() {
            let _ = std::fs::remove_file(&path);
        }
        points.push(p?);
    }
    drop(scratch);
    for f in files {
        points.push(measure(&f.display().to_string(), f, source_lines(f)?)?);
    }
    Ok(table(&points))
}

/// Lines, times, and for consecutive synthetic rows the growth of time
/// relative to the growth of size (1.0 = linear).
pub fn table(points: &[Point]) -> String {
    let mut out = format!(
        "{:<40} {:>6} {:>9} {:>9} {:>11} {:>8}\n",
        "program", "lines", "lbe", "sbe", "lbe ms/kl", "growth"
    );
    let mut prev: Option<&Point> = None;
    for p in points {
        let per_kl = p.lbe.as_secs_f64() * 1e6 / p.lines.max(1) as f64;
        let growth = match prev {
            Some(q) if p.name.starts_with("synthetic") => {
                let t = p.lbe.as_secs_f64() / q.lbe.as_secs_f64().max(1e-9);
                format!("{:.2}", t / (p.lines as f64 / q.lines.max(1) as f64))
            }
            _ => "-".to_string(),
        };
        let _ = writeln!(
            out,
            "{:<40} {:>6} {:>8.3}s {:>8.3}s {:>11.2} {:>8}",
            p.name,
            p.lines,
            p.lbe.as_secs_f64(),
            p.sbe.as_secs_f64(),
            per_kl,
            growth
        );
        prev = Some(p);
    }
    out
}
