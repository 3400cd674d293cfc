//! The binary header layout of format versions 2 and 3 (no recorded
//! properties), read into current values: such a C certificate meant
//! unreach-call over mathematical integers (SPEC.md, section 2).

use crate::cert::{self, Body, SourceMap, Tool};
use crate::task::Task;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Serialize)]
pub struct Translation {
    language: String,
    encoding: String,
    data_model: Option<String>,
    frontend: String,
}

#[derive(Deserialize, Serialize)]
pub struct SourceFile {
    name: String,
    sha256: String,
    translation: Translation,
}

#[derive(Deserialize, Serialize)]
pub struct Header {
    format: String,
    version: u32,
    producer: Tool,
    solver: Tool,
    task_sha256: String,
    source: Option<SourceFile>,
}

/// A version-3 binary certificate: the version-4 layout but for the header.
#[derive(Deserialize, Serialize)]
pub struct Certificate {
    header: Header,
    task: Task,
    body: Body,
    source_map: Option<SourceMap>,
}

impl From<Header> for cert::Header {
    fn from(h: Header) -> cert::Header {
        cert::Header {
            format: h.format,
            version: h.version,
            producer: h.producer,
            solver: h.solver,
            task_sha256: h.task_sha256,
            source: h.source.map(|s| cert::SourceFile {
                name: s.name,
                sha256: s.sha256,
                translation: cert::Translation {
                    language: s.translation.language,
                    encoding: s.translation.encoding,
                    data_model: s.translation.data_model,
                    frontend: s.translation.frontend,
                    properties: vec![],
                    assumptions: vec![],
                },
            }),
        }
    }
}

impl From<Certificate> for cert::Certificate {
    fn from(c: Certificate) -> cert::Certificate {
        cert::Certificate {
            header: c.header.into(),
            task: c.task,
            body: c.body,
            source_map: c.source_map,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{certificate_from_bytes, BINARY_MAGIC};
    use crate::encode::to_bincode;

    /// A version-3 binary certificate of a C program (no properties in its
    /// header) reads as unreach-call with assumption no-overflow's absence
    /// made explicit by the frontend: empty properties and assumptions.
    #[test]
    fn version_3_binary_certificates_read_with_empty_properties() {
        let old = Certificate {
            header: Header {
                format: crate::FORMAT_NAME.into(),
                version: 3,
                producer: Tool {
                    name: "certa".into(),
                    version: "0.1.0".into(),
                },
                solver: Tool {
                    name: "z3".into(),
                    version: "4.8.12".into(),
                },
                task_sha256: "00".into(),
                source: Some(SourceFile {
                    name: "p.c".into(),
                    sha256: "11".into(),
                    translation: Translation {
                        language: "c".into(),
                        encoding: "lbe".into(),
                        data_model: Some("LP64".into()),
                        frontend: "certa-frontend 0.1.0".into(),
                    },
                }),
            },
            task: Task {
                vars: vec![],
                locations: vec!["a".into(), "bad".into()],
                initial_location: "a".into(),
                bad_location: "bad".into(),
                init: crate::Expr::Bool(true),
                edges: vec![],
            },
            body: Body::Unsafe(cert::Trace {
                initial: Default::default(),
                initial_arrays: Default::default(),
                steps: vec![],
            }),
            source_map: None,
        };
        let mut bytes = BINARY_MAGIC.to_vec();
        bytes.extend_from_slice(&3u32.to_le_bytes());
        bytes.extend(to_bincode(&old));
        let c = certificate_from_bytes("old.cert", &bytes).unwrap();
        let t = &c.header.source.as_ref().unwrap().translation;
        assert_eq!(c.header.version, 3);
        assert_eq!(t.frontend, "certa-frontend 0.1.0");
        assert!(t.properties.is_empty() && t.assumptions.is_empty());
        // The same bytes labelled version 4 do not decode (the layouts differ).
        let mut v4 = BINARY_MAGIC.to_vec();
        v4.extend_from_slice(&4u32.to_le_bytes());
        v4.extend(to_bincode(&old));
        assert!(certificate_from_bytes("old.cert", &v4).is_err());
    }
}
