//! placeholder

pub mod frontend;
