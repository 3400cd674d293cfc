//! SHA-256 of a task's canonical encoding, and of files.

use crate::codec::to_bincode;
use crate::task::Task;
use sha2::{Digest, Sha256};

/// Domain-separation prefix hashed before the task encoding.
pub const TASK_HASH_PREFIX: &[u8] = b"certa-task-v1\x00";

/// Lower-case hex SHA-256 of `TASK_HASH_PREFIX ++ bincode(task)` (see SPEC.md).
pub fn task_sha256(task: &Task) -> String {
    let mut h = Sha256::new();
    h.update(TASK_HASH_PREFIX);
    h.update(to_bincode(task));
    hex(&h.finalize())
}

pub fn bytes_sha256(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
