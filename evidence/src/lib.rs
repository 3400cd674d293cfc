//! certa's evidence: what turns a certificate into another format a person or tool reads.
//! None of it decides a verdict; the engine does, and the checker judges.

pub mod concretize;
pub mod dot;
pub mod export;
pub mod harness;
pub mod replay;
pub mod sarif;
pub mod witness;
