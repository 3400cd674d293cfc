//! certa's command line as a library: operations over many tasks (bench, vs, shards, cache,
//! archive) on top of the engine, evidence and checker crates.

pub mod archive;
pub mod bench;
pub mod bench_translate;
pub mod cache;
pub mod checking;
pub mod compare;
pub mod vs;
