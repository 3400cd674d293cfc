//! Reading the checker's own input files (certificate, `--task`, `--source`,
//! archive members) without blocking: only regular files are read.
//!
//! Opening a FIFO for reading blocks until a writer appears, and a device
//! may never end, so the path's metadata is checked first and nothing that
//! is not a regular file is opened. The opened handle is checked again (a
//! regular file, and the same file as the one checked), so that a path
//! swapped between the two steps is not read either. A swap to a FIFO in
//! that window can still block the `open` itself: closing it needs
//! `O_NONBLOCK`, which needs `libc`, and the checker does without.
#![forbid(unsafe_code)]

use std::fs::{File, FileType};
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::Path;

/// Why an input file is not read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("{path}: not a regular file ({kind}); refused without reading it")]
    NotRegular { path: String, kind: &'static str },
    #[error("{path}: cannot read: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error(
        "{path}: {size} bytes or more, which exceeds the limit of {} bytes",
        format::codec::MAX_FILE_BYTES
    )]
    TooLarge { path: String, size: u64 },
}

impl InputError {
    /// The I/O error underneath, if any (e.g. to tell running out of memory).
    pub fn io_kind(&self) -> Option<std::io::ErrorKind> {
        match self {
            InputError::Io { source, .. } => Some(source.kind()),
            _ => None,
        }
    }
}

/// What a file is, in words, for messages.
pub fn kind_of(t: &FileType) -> &'static str {
    if t.is_file() {
        "a regular file"
    } else if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        "not a regular file"
    }
}

/// Opens `path` for reading if it is a regular file (symbolic links are
/// followed), without ever opening anything else.
pub fn open_regular(path: &Path) -> Result<File, InputError> {
    let p = || path.display().to_string();
    let io = |source| InputError::Io { path: p(), source };
    let before = std::fs::metadata(path).map_err(io)?;
    if !before.is_file() {
        return Err(InputError::NotRegular {
            path: p(),
            kind: kind_of(&before.file_type()),
        });
    }
    let file = File::open(path).map_err(io)?;
    let after = file.metadata().map_err(io)?;
    if !after.is_file() {
        return Err(InputError::NotRegular {
            path: p(),
            kind: kind_of(&after.file_type()),
        });
    }
    if (after.dev(), after.ino()) != (before.dev(), before.ino()) {
        return Err(InputError::Io {
            path: p(),
            source: std::io::Error::other("the file was replaced while it was opened"),
        });
    }
    Ok(file)
}

/// Reads a regular file of at most [`format::codec::MAX_FILE_BYTES`] bytes.
pub fn read_regular(path: &Path) -> Result<Vec<u8>, InputError> {
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(format::codec::MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| InputError::Io {
            path: path.display().to_string(),
            source,
        })?;
    if bytes.len() as u64 > format::codec::MAX_FILE_BYTES {
        return Err(InputError::TooLarge {
            path: path.display().to_string(),
            size: bytes.len() as u64,
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_is_refused_by_its_metadata() {
        let e = read_regular(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap_err();
        assert!(
            matches!(
                e,
                InputError::NotRegular {
                    kind: "a directory",
                    ..
                }
            ),
            "{e}"
        );
    }

    #[test]
    fn a_regular_file_reads_whole() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
        assert_eq!(read_regular(&path).unwrap(), std::fs::read(&path).unwrap());
    }

    #[test]
    fn a_character_device_is_refused() {
        let e = read_regular(Path::new("/dev/zero")).unwrap_err();
        assert!(
            matches!(
                e,
                InputError::NotRegular {
                    kind: "a character device",
                    ..
                }
            ),
            "{e}"
        );
    }
}
