//! SHA-256 of a task's canonical encoding, and of files.

use crate::codec::write_bincode;
use crate::task::Task;
use sha2::{Digest, Sha256};

/// Domain-separation prefix hashed before the task encoding.
pub const TASK_HASH_PREFIX: &[u8] = b"certa-task-v1\x00";

/// Lower-case hex SHA-256 of `TASK_HASH_PREFIX ++ bincode(task)` (see SPEC.md).
pub fn task_sha256(task: &Task) -> String {
    let mut h = Sha256::new();
    h.update(TASK_HASH_PREFIX);
    // Streamed into the hash: no size limit applies and nothing is buffered,
    // so a task of any size hashes without failing.
    write_bincode(&mut HashWriter(&mut h), task);
    hex(&h.finalize())
}

pub fn bytes_sha256(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Feeds written bytes into a SHA-256 state.
struct HashWriter<'a>(&'a mut Sha256);

impl std::io::Write for HashWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
