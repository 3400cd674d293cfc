//! certa verifier: frontends -> CFA -> large-block encoding -> CEGAR engines (Z3) -> certificates.

pub mod archive;
pub mod bench;
pub mod bench_translate;
pub mod cache;
pub mod compare;
pub mod concretize;
pub mod dot;
pub mod engine;
pub mod export;
pub mod harness;
pub use frontend;
pub mod replay;
pub mod run;
pub mod sarif;
pub mod vs;
pub mod witness;
