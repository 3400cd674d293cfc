//! The C frontend: C as clang (libclang 18, `certa-clang`) reads it for the
//! task's target, translated into the same control-flow automaton as `.imp`
//! programs, and encoded by [`super::lbe`].
//!
//! * clang preprocesses `.c` files itself, for the target (`i386` for ILP32,
//!   `x86_64` for LP64): a header missing for the target is an error naming
//!   it. `.i` files are already preprocessed. `# line` markers are honoured
//!   for positions.
//! * `.yml` SV-COMP task definitions name the input file and the data model
//!   (ILP32 or LP64). A bare `.c`/`.i` file uses LP64.
//!
//! Semantics (see `translate.rs` for the details): names, types, implicit
//! conversions, constants and `sizeof` are clang's.
//! * Signed types are mathematical integers (signed overflow is undefined
//!   behaviour in C, so no wrap is modelled for arithmetic); nondet values
//!   and uninitialised variables (of every integer type) lie in the type's
//!   range.
//! * Where C leaves the evaluation order of operands unspecified and it
//!   matters, or an expression modifies a variable twice without a sequence
//!   point, the program is refused naming the place.
//! * Unsigned types wrap modulo 2^w: every stored value is reduced (by a
//!   case split when the value's bounds are small, otherwise by `mod`).
//! * Conversions to a narrower signed type, or from unsigned to a signed type
//!   of the same width, are implementation-defined in C; they are modelled as
//!   two's-complement wrap-around, as gcc does.
//! * `/` and `%` truncate towards zero; the divisor must be a constant, and
//!   products need a constant factor. Anything else is rejected with
//!   `unsupported: nonlinear arithmetic`.
//! * Calls to defined functions are inlined (recursion is rejected), also
//!   when they are named like library functions; `reach_error()` /
//!   `__VERIFIER_error()` reach the bad location; undefined `abort()`,
//!   `exit()` and `__assert_fail()` end the path.
//! * `switch` evaluates its operand once and dispatches to `case` values
//!   (converted to the operand's promoted type; GNU `lo ... hi` ranges too),
//!   with fall-through, `default` anywhere, `break` and `continue`.
//! * Bitwise operators only where linear arithmetic is exact: `&`, `|`, `^`
//!   with a constant operand (each run of one bits of the mask is a
//!   floor-div/mod term) or with 0/1 operands, `~`, and shifts by a constant
//!   in `0..w` (`<<` wraps like gcc, `>>` is floor division). Anything else,
//!   e.g. `x & y` of two unknown ints, is rejected, never approximated.
//! * Fixed-size arrays of integer type (global or local, any number of
//!   dimensions, initialiser lists, `sizeof`) are `int -> int` state
//!   variables; an array parameter of an inlined function aliases its
//!   argument array (see `arrays.rs`). Each array is an unbounded map and no
//!   two arrays alias, which is exact for programs without out-of-bounds
//!   accesses: no bounds checks are generated, as SV-COMP's `unreach-call`
//!   assumes memory safety.
//!   A variable-length array is such a map too (its length is never needed
//!   without bounds checks; `sizeof` of one is refused).
//! * Pointers, structs and the heap are in memory regions (`tr/memory.rs`);
//!   unions, floats, inline assembly and the like are rejected with
//!   `unsupported: <construct> at file:line:col`.
//!
//! For SV-COMP witnesses, [`witness`] records loop heads and the C
//! variables visible at each location, and translates C invariants there.

mod translate;
pub use translate::checks::{CheckKind, CheckSite, VIOLATION};
pub mod types;
pub mod witness;
pub mod yml;

use super::{Encoding, FrontendError, Pos, Program};
use std::path::{Path, PathBuf};

/// The SV-COMP data models.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DataModel {
    Ilp32,
    #[default]
    Lp64,
}

fn io(file: &str, source: std::io::Error) -> FrontendError {
    FrontendError::Io {
        file: file.to_string(),
        source,
    }
}

/// Parses and translates a `.c` (preprocessed with `gcc -E`) or `.i` file.
pub fn load_c(
    path: &Path,
    dm: DataModel,
    encoding: Encoding,
    props: crate::Properties,
) -> Result<Program, FrontendError> {
    translate_file(path, dm, encoding, false, props).map(|(p, _)| p)
}

/// The clang target of a data model: type sizes, `long`'s width, the
/// predefined macros (`__LP64__`, `__LONG_MAX__`) and the headers searched
/// are the target's, never the host's.
pub fn target_triple(dm: DataModel) -> &'static str {
    match dm {
        DataModel::Ilp32 => "i386-unknown-linux-gnu",
        DataModel::Lp64 => "x86_64-unknown-linux-gnu",
    }
}

/// The compiler arguments every C file is parsed with.
pub fn clang_args(dm: DataModel) -> Vec<String> {
    [
        "-target",
        target_triple(dm),
        "-std=gnu17",
        // gcc 12, the judge of what a program means, accepts these with a
        // warning; clang 18 makes them errors by default.
        "-Wno-error=implicit-function-declaration",
        "-Wno-error=implicit-int",
        "-Wno-error=return-type",
        "-ferror-limit=20",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// The libclang version a C program is translated with (recorded in
/// certificates; `certa-check --source` refuses another).
pub fn clang_version() -> Result<String, String> {
    clang_ast::version()
}

/// [`load_c`], with what witnesses need when `record` is set.
fn translate_file(
    path: &Path,
    dm: DataModel,
    encoding: Encoding,
    record: bool,
    props: crate::Properties,
) -> Result<(Program, Option<translate::Record>), FrontendError> {
    let file = path.display().to_string();
    let text = read_regular(path).map_err(|e| io(&file, e))?;
    let unit = super::with_stack(|| clang_ast::parse(&file, &clang_args(dm)));
    let unit = unit.map_err(|e| match e {
        clang_ast::ParseError::Library(m) => {
            FrontendError::invalid(&file, Pos { line: 0, col: 0 }, &m)
        }
        clang_ast::ParseError::Errors(ds) => {
            let d = &ds[0];
            let f = if d.loc.file.is_empty() {
                file.clone()
            } else {
                d.loc.file.clone()
            };
            FrontendError::syntax(
                &f,
                Pos {
                    line: d.loc.line,
                    col: d.loc.col,
                },
                &format!("{} (clang)", d.message),
            )
        }
    })?;
    super::with_stack(|| {
        translate::translate(&file, &text, &unit.decls, dm, encoding, record, props)
    })
}

/// Reads a source file, refusing what is not a regular file (a FIFO or a
/// device would block or never end).
pub(crate) fn read_regular(path: &Path) -> std::io::Result<String> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    let bytes = std::fs::read(path)?;
    String::from_utf8(bytes)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string()))
}

/// Reads an SV-COMP task definition.
pub fn read_task_def(path: &Path) -> Result<yml::TaskDef, FrontendError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| io(&file, e))?;
    yml::parse(&text).map_err(|m| FrontendError::invalid(&file, Pos { line: 1, col: 1 }, &m))
}

/// Loads the C program of an SV-COMP task definition (`.yml`).
pub fn load_yml(
    path: &Path,
    encoding: Encoding,
    props: crate::Properties,
) -> Result<Program, FrontendError> {
    let (input, dm) = yml_input(path)?;
    load_c(&input, dm, encoding, props)
}

/// The C file and data model of an SV-COMP task definition (`.yml`).
fn yml_input(path: &Path) -> Result<(PathBuf, DataModel), FrontendError> {
    let file = path.display().to_string();
    let def = read_task_def(path)?;
    if let Some(lang) = &def.language {
        if lang != "C" {
            return Err(FrontendError::unsupported_c(
                &file,
                Pos { line: 1, col: 1 },
                &format!("language `{lang}`"),
            ));
        }
    }
    if def.input_files.len() != 1 {
        return Err(FrontendError::unsupported_c(
            &file,
            Pos { line: 1, col: 1 },
            "tasks with several input files",
        ));
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    Ok((dir.join(&def.input_files[0]), def.data_model))
}
