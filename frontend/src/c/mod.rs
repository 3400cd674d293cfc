//! The C frontend: the SV-COMP subset of C, parsed with `lang-c`, translated
//! into the same control-flow automaton as `.imp` programs, and encoded by
//! [`super::lbe`].
//!
//! * `.c` files go through the system preprocessor (`gcc -E`); `.i` files are
//!   already preprocessed. `# line` markers are honoured for positions.
//! * `.yml` SV-COMP task definitions name the input file and the data model
//!   (ILP32 or LP64, which fixes the width of `long`). A bare `.c`/`.i` file
//!   uses LP64, the model of the host preprocessor.
//!
//! Semantics (see `translate.rs` for the details):
//! * Signed types are mathematical integers (signed overflow is undefined
//!   behaviour in C, so no wrap is modelled for arithmetic); nondet values
//!   and uninitialised variables lie in the type's range.
//! * Unsigned types wrap modulo 2^w: every stored value is reduced (by a
//!   case split when the value's bounds are small, otherwise by `mod`).
//! * Conversions to a narrower signed type, or from unsigned to a signed type
//!   of the same width, are implementation-defined in C; they are modelled as
//!   two's-complement wrap-around, as gcc does.
//! * `/` and `%` truncate towards zero; the divisor must be a constant, and
//!   products need a constant factor. Anything else is rejected with
//!   `unsupported: nonlinear arithmetic`.
//! * Calls to defined functions are inlined (recursion is rejected);
//!   `reach_error()` / `__VERIFIER_error()` reach the bad location;
//!   `abort()`, `exit()` and `__assert_fail()` end the path.
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
//! * Pointers (beyond array parameters), pointer arithmetic, address-of,
//!   variable-length arrays, structs, unions, floats, strings, inline
//!   assembly and the like are rejected with
//!   `unsupported: <construct> at file:line:col`.
//!
//! For SV-COMP witnesses, [`witness`] records loop heads and the C
//! variables visible at each location, and translates C invariants there.

mod lines;
mod translate;
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
pub fn load_c(path: &Path, dm: DataModel, encoding: Encoding) -> Result<Program, FrontendError> {
    translate_file(path, dm, encoding, false).map(|(p, _)| p)
}

/// [`load_c`], with what witnesses need when `record` is set.
fn translate_file(
    path: &Path,
    dm: DataModel,
    encoding: Encoding,
    record: bool,
) -> Result<(Program, Option<translate::Record>), FrontendError> {
    let file = path.display().to_string();
    let preprocessed = path.extension().and_then(|e| e.to_str()) == Some("i");
    let config = lang_c::driver::Config::default();
    let text = if preprocessed {
        std::fs::read_to_string(path).map_err(|e| io(&file, e))?
    } else {
        // Same as lang_c::driver::parse, but keeping the text on errors.
        let out = std::process::Command::new(&config.cpp_command)
            .args(&config.cpp_options)
            .arg(path)
            .output()
            .map_err(|e| io(&file, e))?;
        if !out.status.success() {
            return Err(FrontendError::syntax(
                &file,
                Pos { line: 0, col: 0 },
                &format!(
                    "preprocessor failed: {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                ),
            ));
        }
        String::from_utf8(out.stdout)
            .map_err(|e| FrontendError::syntax(&file, Pos { line: 0, col: 0 }, &e.to_string()))?
    };
    let map = lines::LineMap::new(&text, &file);
    let unit = super::with_stack(|| lang_c::driver::parse_preprocessed(&config, text.clone()));
    let parse = unit.map_err(|e| parse_error(&map, &e))?;
    // The source map names the file the markers name (the .c file), if any.
    super::with_stack(|| translate::translate(&file, &map, &parse.unit, dm, encoding, record))
}

/// A lang-c syntax error at its source position.
fn parse_error(map: &lines::LineMap, e: &lang_c::driver::SyntaxError) -> FrontendError {
    let (f, pos) = map.locate(e.offset);
    let mut exp: Vec<_> = e.expected.iter().collect();
    exp.sort();
    FrontendError::syntax(
        f,
        pos,
        &format!(
            "unexpected token, expected one of {}",
            exp.iter()
                .map(|s| format!("`{s}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )
}

/// Reads an SV-COMP task definition.
pub fn read_task_def(path: &Path) -> Result<yml::TaskDef, FrontendError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| io(&file, e))?;
    yml::parse(&text).map_err(|m| FrontendError::invalid(&file, Pos { line: 1, col: 1 }, &m))
}

/// Loads the C program of an SV-COMP task definition (`.yml`).
pub fn load_yml(path: &Path, encoding: Encoding) -> Result<Program, FrontendError> {
    let (input, dm) = yml_input(path)?;
    load_c(&input, dm, encoding)
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
