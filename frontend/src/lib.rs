//! Frontends: structured `.imp` programs and explicit `.ts` transition systems.
//!
//! * [`parse_imp`] parses a small imperative language, builds its control-flow
//!   automaton ([`cfa`]) and encodes it as a [`format::Task`], either with one
//!   statement per edge ([`Encoding::Sbe`]) or with large-block encoding
//!   ([`Encoding::Lbe`], see [`lbe`]).
//! * [`parse_ts`] parses the syntax printed by [`format::print::task_to_string`];
//!   printing and parsing round-trip.
//!
//! Arrays (`int -> int`, see [`format::VarSort::IntArray`]) are supported by
//! every frontend; writes become `store` terms, never edge locals.
//!
//! Integer semantics are mathematical (no overflow). `/` and `%` are SMT-LIB
//! `div`/`mod` and need a positive constant divisor: `a / d` is
//! `floor(a / d)` and `a % d` is `a - d * (a / d)`, always in `0..d`
//! (so `-7 / 2 == -4` and `-7 % 2 == 1`).
//!
//! Errors carry `file:line:col` (1-based, columns count characters).

pub mod c;
pub mod cfa;
pub mod chc;
mod expr;
mod imp;
pub mod lbe;
mod lexer;
pub mod props;
mod ssa;
mod ts;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_arrays_c;
#[cfg(test)]
mod tests_arrays_chc;
#[cfg(test)]
mod tests_arrays_helpers;
#[cfg(test)]
mod tests_arrays_imp;
#[cfg(test)]
mod tests_arrays_ssa_joins;
#[cfg(test)]
mod tests_arrays_ts;
#[cfg(test)]
mod tests_checks;
#[cfg(test)]
mod tests_memory;
#[cfg(test)]
mod tests_witness;

pub use c::witness::{
    c_source_info, load_with_c_info, translate_expression, translate_in_scope, CSourceInfo, CType,
    CVar, LoopHead, ScopeVar,
};

pub use props::{Properties, PropertyError};
use std::fmt;
use std::path::Path;

/// How a `.imp` program's control-flow automaton becomes a task.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Encoding {
    /// Single-block encoding: one statement (or branch condition) per edge.
    Sbe,
    /// Large-block encoding: loop-free subgraphs are summarised into one edge.
    #[default]
    Lbe,
}

/// A loaded program: the verification task and where its edges come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub task: format::Task,
    pub source_map: format::SourceMap,
    /// C only: the checked operations, and the state variable whose value
    /// in the error state names the one reached (0: `reach_error`).
    pub checks: Option<Checks>,
}

/// The check sites of a C task (see `c/tr/checks.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checks {
    pub violation_var: String,
    pub sites: Vec<c::CheckSite>,
}

impl Checks {
    /// What the error state with `violation = value` reached.
    pub fn site(&self, value: &num_bigint::BigInt) -> Option<&c::CheckSite> {
        let id = u32::try_from(value).ok()?;
        self.sites.iter().find(|s| s.id == id)
    }
}

/// A source position, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum FrontendError {
    #[error("{file}: {source}")]
    Io {
        file: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{file}: unsupported file extension (expected `.imp`, `.ts` or `.smt2`)")]
    UnknownExtension { file: String },
    #[error("{file}:{pos}: syntax error: {message}")]
    Syntax {
        file: String,
        pos: Pos,
        message: String,
    },
    #[error("{file}:{pos}: undeclared variable `{name}`")]
    Undeclared {
        file: String,
        pos: Pos,
        name: String,
    },
    #[error("{file}:{pos}: nonlinear {message}")]
    Nonlinear {
        file: String,
        pos: Pos,
        message: String,
    },
    #[error("{file}:{pos}: type error: {message}")]
    Type {
        file: String,
        pos: Pos,
        message: String,
    },
    #[error("{file}:{pos}: unsupported: {message}")]
    Unsupported {
        file: String,
        pos: Pos,
        message: String,
    },
    /// A C construct outside the supported subset.
    #[error("unsupported: {construct} at {file}:{pos}")]
    UnsupportedC {
        file: String,
        pos: Pos,
        construct: String,
    },
    /// A source does not match the translation options a certificate records.
    #[error("{file}: {message}")]
    Mismatch { file: String, message: String },
    /// The C frontend (libclang) cannot be loaded, or is another version than
    /// the one a certificate records: no verdict about the program either way.
    #[error("{file}: {message}")]
    OtherFrontend { file: String, message: String },
    /// Other semantic errors: duplicate declarations, unknown locations, bad divisors...
    #[error("{file}:{pos}: {message}")]
    Invalid {
        file: String,
        pos: Pos,
        message: String,
    },
}

impl FrontendError {
    /// The position the error refers to, if any.
    pub fn pos(&self) -> Option<Pos> {
        match self {
            FrontendError::Io { .. }
            | FrontendError::UnknownExtension { .. }
            | FrontendError::Mismatch { .. }
            | FrontendError::OtherFrontend { .. } => None,
            FrontendError::Syntax { pos, .. }
            | FrontendError::Undeclared { pos, .. }
            | FrontendError::Nonlinear { pos, .. }
            | FrontendError::Type { pos, .. }
            | FrontendError::Unsupported { pos, .. }
            | FrontendError::UnsupportedC { pos, .. }
            | FrontendError::Invalid { pos, .. } => Some(*pos),
        }
    }

    pub(crate) fn syntax(file: &str, pos: Pos, message: &str) -> FrontendError {
        FrontendError::Syntax {
            file: file.to_string(),
            pos,
            message: message.to_string(),
        }
    }
    pub(crate) fn type_error(file: &str, pos: Pos, message: &str) -> FrontendError {
        FrontendError::Type {
            file: file.to_string(),
            pos,
            message: message.to_string(),
        }
    }
    pub(crate) fn invalid(file: &str, pos: Pos, message: &str) -> FrontendError {
        FrontendError::Invalid {
            file: file.to_string(),
            pos,
            message: message.to_string(),
        }
    }
    pub(crate) fn unsupported(file: &str, pos: Pos, message: &str) -> FrontendError {
        FrontendError::Unsupported {
            file: file.to_string(),
            pos,
            message: message.to_string(),
        }
    }
    pub(crate) fn unsupported_c(file: &str, pos: Pos, construct: &str) -> FrontendError {
        FrontendError::UnsupportedC {
            file: file.to_string(),
            pos,
            construct: construct.to_string(),
        }
    }
    pub(crate) fn nonlinear(file: &str, pos: Pos, message: &str) -> FrontendError {
        FrontendError::Nonlinear {
            file: file.to_string(),
            pos,
            message: message.to_string(),
        }
    }
    pub(crate) fn undeclared(file: &str, pos: Pos, name: &str) -> FrontendError {
        FrontendError::Undeclared {
            file: file.to_string(),
            pos,
            name: name.to_string(),
        }
    }
}

/// Loads a program, choosing the frontend by extension (`.imp`, `.ts`,
/// `.c`, `.i`, or an SV-COMP task definition `.yml`).
/// The encoding only matters for `.imp`. The source map's file is `path` as given.
pub fn load(path: &Path, encoding: Encoding) -> Result<Program, FrontendError> {
    let props = default_properties(path)?;
    load_with(path, encoding, props)
}

/// The properties a C file is checked for when none is chosen: those of
/// its task definition ([`Properties::of_task_definition`]), else
/// unreach-call (with undefined arithmetic before the error checked).
pub fn default_properties(path: &Path) -> Result<Properties, FrontendError> {
    Ok(match path.extension().and_then(|e| e.to_str()) {
        Some("yml" | "yaml") => Properties::of_task_definition(&c::read_task_def(path)?),
        _ => Properties::default(),
    })
}

/// [`load`] for the chosen properties (which only C programs have).
pub fn load_with(
    path: &Path,
    encoding: Encoding,
    props: Properties,
) -> Result<Program, FrontendError> {
    let file = path.display().to_string();
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    match ext {
        "c" | "i" => return c::load_c(path, c::DataModel::default(), encoding, props),
        "yml" | "yaml" => return c::load_yml(path, encoding, props),
        _ => {}
    }
    if ext != "imp" && ext != "ts" && ext != "smt2" {
        return Err(FrontendError::UnknownExtension { file });
    }
    let text = std::fs::read_to_string(path).map_err(|source| FrontendError::Io {
        file: file.clone(),
        source,
    })?;
    if ext == "imp" {
        parse_imp(&file, &text, encoding)
    } else if ext == "smt2" {
        with_stack(|| chc::parse(&file, &text)).map(|p| p.program)
    } else {
        let (task, source_map) = with_stack(|| ts::parse(&file, &text))?;
        Ok(Program {
            task,
            source_map,
            checks: None,
        })
    }
}

/// This frontend and its version, as recorded in certificates.
pub const FRONTEND: &str = concat!("certa-frontend ", env!("CARGO_PKG_VERSION"));

/// The language a file is translated as, told by its extension.
pub fn language_of(path: &Path) -> Option<&'static str> {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "c" | "i" | "yml" | "yaml" => Some("c"),
        "imp" => Some("imp"),
        "ts" => Some("ts"),
        "smt2" => Some("chc"),
        _ => None,
    }
}

impl Encoding {
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Sbe => "sbe",
            Encoding::Lbe => "lbe",
        }
    }
}

impl c::DataModel {
    pub fn name(self) -> &'static str {
        match self {
            c::DataModel::Ilp32 => "ILP32",
            c::DataModel::Lp64 => "LP64",
        }
    }
}

/// The options [`load`] translates `path` with, as a certificate records them.
pub fn translation(path: &Path, encoding: Encoding) -> Result<format::Translation, FrontendError> {
    translation_with(path, encoding, default_properties(path)?)
}

/// [`translation`] for the chosen properties.
pub fn translation_with(
    path: &Path,
    encoding: Encoding,
    props: Properties,
) -> Result<format::Translation, FrontendError> {
    let file = path.display().to_string();
    let language = language_of(path).ok_or(FrontendError::UnknownExtension { file })?;
    let data_model = match path.extension().and_then(|e| e.to_str()) {
        Some("yml" | "yaml") => Some(c::read_task_def(path)?.data_model),
        _ if language == "c" => Some(c::DataModel::default()),
        _ => None,
    };
    // C's meaning comes from libclang: its exact version is part of the
    // translation, so a certificate names the clang that read the program.
    let frontend = if language == "c" {
        let clang = c::clang_version().map_err(|m| FrontendError::OtherFrontend {
            file: path.display().to_string(),
            message: m,
        })?;
        format!("{FRONTEND} with libclang ({clang})")
    } else {
        FRONTEND.into()
    };
    Ok(format::Translation {
        language: language.into(),
        encoding: encoding.name().into(),
        data_model: data_model.map(|d| d.name().into()),
        frontend,
        properties: if language == "c" {
            props.names()
        } else {
            vec![]
        },
        assumptions: if language == "c" {
            props.assumptions()
        } else {
            vec![]
        },
    })
}

/// Translates `path` under the options a certificate recorded. A file of
/// another language, or options this frontend cannot reproduce, is an
/// error that names both sides.
pub fn load_as(path: &Path, recorded: &format::Translation) -> Result<Program, FrontendError> {
    let file = path.display().to_string();
    let encoding = match recorded.encoding.as_str() {
        "lbe" => Encoding::Lbe,
        "sbe" => Encoding::Sbe,
        other => {
            return Err(FrontendError::Mismatch {
                file,
                message: format!("the certificate records the unknown encoding `{other}`"),
            })
        }
    };
    let props =
        Properties::from_record(&recorded.properties, &recorded.assumptions).map_err(|e| {
            FrontendError::Mismatch {
                file: file.clone(),
                message: format!("the certificate records {e}"),
            }
        })?;
    let mine = translation_with(path, encoding, props)?;
    let differs = |what: &str, file_side: &Option<String>, cert_side: &Option<String>| {
        FrontendError::Mismatch {
            file: file.clone(),
            message: format!(
                "{what} differs: the source gives {}, the certificate records {}",
                file_side.as_deref().unwrap_or("none"),
                cert_side.as_deref().unwrap_or("none")
            ),
        }
    };
    if mine.language != recorded.language {
        return Err(differs(
            "language",
            &Some(mine.language),
            &Some(recorded.language.clone()),
        ));
    }
    if mine.language == "c" && mine.frontend != recorded.frontend {
        return Err(FrontendError::OtherFrontend {
            file: file.clone(),
            message: format!(
                "the certificate was translated by `{}`, this checker translates with `{}`: \
                 the program may mean something else to another C frontend",
                recorded.frontend, mine.frontend
            ),
        });
    }
    if mine.data_model != recorded.data_model {
        return Err(differs(
            "data model",
            &mine.data_model,
            &recorded.data_model,
        ));
    }
    if mine.language != "c" && (!recorded.properties.is_empty() || !recorded.assumptions.is_empty())
    {
        return Err(FrontendError::Mismatch {
            file,
            message: "the certificate records properties, which only C programs have".into(),
        });
    }
    load_with(path, encoding, props)
}

/// Parses a structured `.imp` program and encodes it as a task.
pub fn parse_imp(
    file_name: &str,
    text: &str,
    encoding: Encoding,
) -> Result<Program, FrontendError> {
    with_stack(|| {
        let prog = imp::parse(file_name, text)?;
        let cfa = cfa::build(&prog);
        Ok(lbe::encode(
            file_name,
            &prog.vars,
            cfa,
            encoding,
            &format::Expr::Bool(true),
            &[],
        ))
    })
}

/// Parses a `.ts` transition system (the syntax of [`format::print::task_to_string`]).
pub fn parse_ts(file_name: &str, text: &str) -> Result<format::Task, FrontendError> {
    with_stack(|| ts::parse(file_name, text)).map(|(task, _)| task)
}

/// Stack size of the parsing thread: the parsers are recursive descent and
/// accept nesting up to [`expr::MAX_NESTING`] levels.
const PARSE_STACK: usize = 256 << 20;

/// Runs `f` on a thread with a large stack (the nesting limit is checked, so
/// this bounds memory rather than trusting the caller's stack size).
fn with_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("certa-frontend".into())
            .stack_size(PARSE_STACK)
            .spawn_scoped(s, f)
            .expect("cannot spawn the parser thread")
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p))
    })
}
