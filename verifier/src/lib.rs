//! certa verifier: frontends -> CFA -> large-block encoding -> CEGAR engines (Z3) -> certificates.

pub mod archive;
pub mod bench;
pub mod bench_translate;
pub mod compare;
pub mod engine;
pub mod export;
pub use frontend;
pub mod replay;
pub mod run;
pub mod vs_spacer;
