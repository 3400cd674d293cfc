//! Writing certificates and tasks as JSON or bincode (the checker only reads: `kernel::codec`).

use crate::cert::{Certificate, FORMAT_VERSION};
use crate::codec::{write_bincode, CodecError, BINARY_MAGIC, MAX_FILE_BYTES};
use std::path::Path;

/// The bincode encoding of `value`, without size limit.
pub fn to_bincode<T: serde::Serialize>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    write_bincode(&mut out, value);
    out
}

/// JSON above this size is written compact throughout instead: indentation
/// would triple a long trace (an array loop of 600,000 steps) past what
/// readers accept ([`MAX_FILE_BYTES`]).
pub const PRETTY_JSON_MAX_BYTES: usize = 64 << 20;

pub fn to_json<T: serde::Serialize>(value: &T) -> String {
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, ShallowPretty::default());
    value
        .serialize(&mut ser)
        .expect("in-memory JSON encoding cannot fail");
    if out.len() > PRETTY_JSON_MAX_BYTES {
        out = serde_json::to_vec(value).expect("in-memory JSON encoding cannot fail");
    }
    out.push(b'\n');
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// Nesting levels [`ShallowPretty`] lays out one entry per line; deeper
/// values (expressions, states) are written compactly on one line.
pub const PRETTY_JSON_LEVELS: usize = 4;

/// serde_json's pretty layout (two-space indentation) for the first
/// [`PRETTY_JSON_LEVELS`] levels, compact below. Why: an expression
/// indented a level per operator grew the Lustre certificates eightfold
/// (`ILLINOIS_3`: 457 KB, 58 KB compact) and took 2.4-3.1 ms to write
/// against 1.0-1.9 ms; the structure (header, task, edges, nodes, steps)
/// stays one entry per line for a reader.
#[derive(Default)]
struct ShallowPretty {
    level: usize,
    has_value: bool,
}

impl ShallowPretty {
    fn pretty(&self) -> bool {
        self.level <= PRETTY_JSON_LEVELS
    }

    fn newline<W: ?Sized + std::io::Write>(w: &mut W, level: usize) -> std::io::Result<()> {
        w.write_all(b"\n")?;
        for _ in 0..level {
            w.write_all(b"  ")?;
        }
        Ok(())
    }

    fn open<W: ?Sized + std::io::Write>(&mut self, w: &mut W, b: &[u8]) -> std::io::Result<()> {
        self.level += 1;
        self.has_value = false;
        w.write_all(b)
    }

    fn close<W: ?Sized + std::io::Write>(&mut self, w: &mut W, b: &[u8]) -> std::io::Result<()> {
        let pretty = self.pretty();
        self.level -= 1;
        if pretty && self.has_value {
            Self::newline(w, self.level)?;
        }
        w.write_all(b)
    }

    fn entry<W: ?Sized + std::io::Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        if self.pretty() {
            Self::newline(w, self.level)?;
        }
        Ok(())
    }
}

impl serde_json::ser::Formatter for ShallowPretty {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, b"[")
    }
    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"]")
    }
    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.entry(w, first)
    }
    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, b"{")
    }
    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"}")
    }
    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.entry(w, first)
    }
    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(if self.pretty() { b": " } else { b":" })
    }
    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, _w: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

/// Encodes a certificate; the extension of `path` chooses the encoding.
pub fn certificate_to_bytes(path: &Path, cert: &Certificate) -> Result<Vec<u8>, CodecError> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("json") => Ok(to_json(cert).into_bytes()),
        Some("cert") => {
            let mut out = BINARY_MAGIC.to_vec();
            out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
            write_bincode(&mut out, cert);
            if out.len() as u64 > MAX_FILE_BYTES {
                return Err(CodecError::TooLarge {
                    path: path.display().to_string(),
                    size: out.len() as u64,
                });
            }
            Ok(out)
        }
        _ => Err(CodecError::Extension(path.display().to_string())),
    }
}

/// Writes a certificate; the extension of `path` chooses the encoding.
pub fn write_certificate(path: &Path, cert: &Certificate) -> Result<(), CodecError> {
    let bytes = certificate_to_bytes(path, cert)?;
    std::fs::write(path, bytes).map_err(|source| CodecError::Io {
        path: path.display().to_string(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::to_json;
    use serde_json::{json, Value};

    #[test]
    fn json_is_one_entry_per_line_for_the_structure_and_compact_below() {
        let deep = json!({"and": [{"eq": [{"next": "x"}, {"add": [{"var": "x"}, {"int": "1"}]}]}]});
        let value = json!({"task": {"edges": [{"id": 0, "locals": [], "relation": deep}]}});
        let text = to_json(&value);
        assert_eq!(
            text,
            "{\n  \"task\": {\n    \"edges\": [\n      {\n        \"id\": 0,\n        \
             \"locals\": [],\n        \"relation\": \
             {\"and\":[{\"eq\":[{\"next\":\"x\"},{\"add\":[{\"var\":\"x\"},{\"int\":\"1\"}]}]}]}\n      \
             }\n    ]\n  }\n}\n"
        );
        // The same value back, whatever the layout.
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), value);
    }
}
