//! The part of the vocabulary the checker's verdict rests on: expressions and their sorts,
//! tasks, certificates, the concrete evaluator, the decoder and the task hash.

pub mod bits;
pub mod cert;
pub mod codec;
pub mod eval;
pub mod expr;
pub mod hash;
pub mod task;
