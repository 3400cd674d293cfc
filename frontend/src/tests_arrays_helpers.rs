//! Helpers of the array tests (`tests_arrays_*.rs`, C ones also of `tests_memory.rs`): tasks
//! from `.imp` and C sources checked for well-formedness, edge relations as text, and
//! evaluation environments.

use super::*;
use format::eval::{ArrayVal, Env, NextArray, Value};
use format::print::{expr_to_string, task_to_string};
use format::{Edge, Task, VarDecl, VarSort};
use num_bigint::BigInt;
use std::collections::BTreeMap;

pub(crate) fn arr(name: &str) -> VarDecl {
    VarDecl {
        name: name.into(),
        sort: VarSort::IntArray,
    }
}

/// What the format requires of every produced task: well-sorted formulas
/// and integer edge locals that do not clash with state variables.
pub(crate) fn valid(t: &Task) {
    crate::tests::check_sorts(t);
    for e in &t.edges {
        for l in &e.locals {
            assert_eq!(l.sort, VarSort::Int, "edge {}: local {}", e.name, l.name);
            assert!(
                !t.is_state_var(&l.name),
                "edge {}: local {}",
                e.name,
                l.name
            );
        }
    }
}

pub(crate) fn imp(src: &str, enc: Encoding) -> Task {
    let p = parse_imp("t.imp", src, enc).unwrap_or_else(|e| panic!("{e}"));
    valid(&p.task);
    p.task
}

pub(crate) fn rel(t: &Task, name: &str) -> String {
    let e = t
        .edges
        .iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("no edge {name} in\n{}", task_to_string(t)));
    expr_to_string(&e.relation)
}

pub(crate) fn rels(t: &Task) -> Vec<String> {
    t.edges
        .iter()
        .map(|e| format!("{}: {}", e.name, expr_to_string(&e.relation)))
        .collect()
}

/// Does some choice of `e`'s locals, each in `0..4`, make its relation true in `env`?
pub(crate) fn some_locals(e: &Edge, mut env: Env) -> bool {
    (0..4usize.pow(e.locals.len() as u32)).any(|mut k| {
        for l in &e.locals {
            env.vars.insert(l.name.clone(), BigInt::from(k % 4));
            k /= 4;
        }
        env.eval(&e.relation) == Ok(Value::Bool(true))
    })
}

pub(crate) fn env(
    vars: BTreeMap<String, BigInt>,
    nexts: BTreeMap<String, BigInt>,
    pre: ArrayVal,
    post: Option<ArrayVal>,
) -> Env {
    Env {
        vars,
        nexts,
        arrays: [("a".to_string(), pre)].into(),
        next_arrays: post
            .map(|a| [("a".to_string(), NextArray::Value(a))].into())
            .unwrap_or_default(),
    }
}

/// A file in a temporary directory of its own; both are removed when this
/// is dropped, so keep it while the path is used. Derefs to the file's path.
pub(crate) struct TempFile {
    path: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl TempFile {
    /// Writes `text` to a file named `name` in a fresh temporary directory.
    pub(crate) fn new(name: &str, text: &str) -> TempFile {
        let dir = tempfile::Builder::new()
            .prefix("certa-frontend-")
            .tempdir()
            .unwrap();
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        TempFile { path, _dir: dir }
    }
}

impl std::ops::Deref for TempFile {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for TempFile {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

/// Writes `src` to a fresh preprocessed C file (`.i`, so no preprocessor runs).
pub(crate) fn c_file(tag: &str, src: &str) -> TempFile {
    TempFile::new(&format!("{tag}.i"), src)
}

pub(crate) fn c_task_dm(tag: &str, src: &str, dm: c::DataModel, enc: Encoding) -> Task {
    let path = c_file(tag, src);
    let p = c::load_c(&path, dm, enc, crate::Properties::LEGACY).unwrap_or_else(|e| panic!("{e}"));
    valid(&p.task);
    p.task
}

pub(crate) fn c_task(tag: &str, src: &str, enc: Encoding) -> Task {
    c_task_dm(tag, src, c::DataModel::Lp64, enc)
}

pub(crate) fn c_err(tag: &str, src: &str) -> String {
    let path = c_file(tag, src);
    match c::load_c(
        &path,
        c::DataModel::Lp64,
        Encoding::Lbe,
        crate::Properties::LEGACY,
    ) {
        Ok(p) => panic!("expected an error, got {}", task_to_string(&p.task)),
        Err(e) => e
            .to_string()
            .replace(&path.display().to_string(), &format!("{tag}.i")),
    }
}
