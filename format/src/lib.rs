//! certa's shared vocabulary: tasks, expressions, certificates, encodings, hashing, evaluation.
#![forbid(unsafe_code)]

pub mod bits;
pub mod cert;
pub mod codec;
pub mod eval;
pub mod expr;
pub mod hash;
pub mod print;
pub mod smtlib;
pub mod task;
pub mod v2;
pub mod v3;

pub use cert::*;
pub use expr::{Expr, ExprSort, Num};
pub use num_bigint::BigInt;
pub use task::{Edge, Task, VarDecl, VarSort};
