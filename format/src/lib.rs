//! certa's shared vocabulary: tasks, expressions, certificates, encodings, hashing, evaluation.
#![forbid(unsafe_code)]

pub mod encode;
pub mod kernel;
pub mod legacy;
pub mod print;
pub mod smtlib;

pub use kernel::{bits, cert, codec, eval, expr, hash, task};

pub use cert::*;
pub use expr::{Expr, ExprSort, Num};
pub use num_bigint::BigInt;
pub use task::{Edge, Task, VarDecl, VarSort};
