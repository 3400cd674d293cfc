//! The binary header layout of format versions 2 and 3 (no recorded
//! properties), read into current values: such a C certificate meant
//! unreach-call over mathematical integers (SPEC.md, section 2).

use crate::cert::{self, Body, SourceMap, Tool};
use crate::task::Task;
use serde::Deserialize;

#[derive(Deserialize)]
pub struct Translation {
    language: String,
    encoding: String,
    data_model: Option<String>,
    frontend: String,
}

#[derive(Deserialize)]
pub struct SourceFile {
    name: String,
    sha256: String,
    translation: Translation,
}

#[derive(Deserialize)]
pub struct Header {
    format: String,
    version: u32,
    producer: Tool,
    solver: Tool,
    task_sha256: String,
    source: Option<SourceFile>,
}

/// A version-3 binary certificate: the version-4 layout but for the header.
#[derive(Deserialize)]
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
