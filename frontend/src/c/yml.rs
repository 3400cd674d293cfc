//! SV-COMP task definitions (`.yml`, the task-definition format that
//! BenchExec reads): the input files, the options (`language`,
//! `data_model`) and the properties with their expected verdicts.
//!
//! The file is read with a YAML parser (yaml-rust2), so every YAML spelling
//! of the same definition gives the same [`TaskDef`]: block or flow
//! mappings (`options: {language: C, data_model: LP64}`), quoted or plain
//! keys and values, comments, `input_files` as one string or a list (block
//! or flow), anchors and aliases. Scalars are resolved as BenchExec's YAML
//! reader (PyYAML, YAML 1.1) resolves them: a plain `true`, `True`, `yes`,
//! `on` ... is a boolean, a quoted `"true"` is a string.
//!
//! Refused, with a message: text that is not YAML or not one mapping; a
//! `format_version` other than 2.x (format 2.0 added `options`) or the
//! older 1.0 and 1.1 that the sv-benchmarks sets still use; no
//! `input_files`, or input files that are not strings; a `language` other
//! than C; a `data_model` other than ILP32 or LP64, and none at all in a
//! format 2.x file; a property without a `property_file`; an
//! `expected_verdict` that is not a boolean. Format 1.x has no options:
//! its tasks are ILP32, SV-COMP's default for them.

use super::DataModel;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskDef {
    /// `format_version` as written (`2.0`, `1.0`, ...).
    pub format_version: String,
    pub input_files: Vec<String>,
    pub data_model: DataModel,
    /// `options.language` (only `C` is accepted); `None` when not given.
    pub language: Option<String>,
    /// Every entry of `properties`, in order.
    pub properties: Vec<Property>,
    /// `Some(true)`: the error call is unreachable (safe); `Some(false)`: reachable.
    pub unreach_call: Option<bool>,
    pub has_unreach_call_property: bool,
}

/// One entry of `properties`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    pub property_file: String,
    /// `None` when the entry states no verdict (or `null`).
    pub expected_verdict: Option<bool>,
    pub subproperty: Option<String>,
}

/// Deepest nesting of YAML collections accepted.
const MAX_DEPTH: usize = 32;
/// Largest task definition read (bytes).
const MAX_BYTES: usize = 1 << 20;
/// YAML's core-schema tag prefix (`!!bool` is `tag:yaml.org,2002:bool`).
const CORE_TAG: &str = "tag:yaml.org,2002:";

/// A YAML node, with where it starts (1-based line and column).
#[derive(Clone, Debug)]
struct Node {
    line: usize,
    col: usize,
    value: Value,
}

#[derive(Clone, Debug)]
enum Value {
    /// Text, whether it was plain (unquoted, not a block scalar), and its
    /// core-schema tag (`bool`, `str`, ...) when it had one.
    Scalar {
        text: String,
        plain: bool,
        tag: Option<String>,
    },
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
}

/// What a scalar means, as PyYAML (YAML 1.1) resolves it.
#[derive(Debug, PartialEq)]
enum Resolved<'a> {
    Null,
    Bool(bool),
    /// Any other scalar: its text (numbers included, as `str()` gives them).
    Text(&'a str),
}

impl Node {
    fn at(&self) -> String {
        format!("line {} column {}", self.line, self.col)
    }

    fn resolve(&self) -> Option<Resolved<'_>> {
        let Value::Scalar { text, plain, tag } = &self.value else {
            return None;
        };
        let text = text.as_str();
        // PyYAML's YAML 1.1 booleans.
        let bool_of = |t: &str| match t {
            "true" | "True" | "TRUE" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" => Some(true),
            "false" | "False" | "FALSE" | "no" | "No" | "NO" | "off" | "Off" | "OFF" => Some(false),
            _ => None,
        };
        Some(match tag.as_deref() {
            Some("bool") => bool_of(text).map_or(Resolved::Text(text), Resolved::Bool),
            Some("null") => Resolved::Null,
            Some(_) => Resolved::Text(text),
            None if !*plain => Resolved::Text(text),
            None if matches!(text, "" | "~" | "null" | "Null" | "NULL") => Resolved::Null,
            None => bool_of(text).map_or(Resolved::Text(text), Resolved::Bool),
        })
    }

    /// The entries of a mapping, keyed by their scalar text.
    fn entries(&self, what: &str) -> Result<Vec<(&str, &Node)>, String> {
        let Value::Map(entries) = &self.value else {
            return Err(format!("{what} is not a mapping ({})", self.at()));
        };
        let mut out: Vec<(&str, &Node)> = Vec::new();
        for (k, v) in entries {
            let Value::Scalar { text, .. } = &k.value else {
                return Err(format!(
                    "{what} has a key that is not a scalar ({})",
                    k.at()
                ));
            };
            if out.iter().any(|(seen, _)| seen == text) {
                return Err(format!("{what} has the key `{text}` twice ({})", k.at()));
            }
            out.push((text, v));
        }
        Ok(out)
    }

    /// A string value: any non-null scalar (numbers as written).
    fn string(&self, what: &str) -> Result<Option<String>, String> {
        match self.resolve() {
            None => Err(format!("{what} is not a scalar ({})", self.at())),
            Some(Resolved::Null) => Ok(None),
            Some(Resolved::Bool(_)) => Err(format!(
                "{what} is a boolean, not a string ({}); quote it",
                self.at()
            )),
            Some(Resolved::Text(t)) => Ok(Some(t.to_string())),
        }
    }
}

struct Builder {
    /// Open collections, each with the key waiting for its value (maps).
    stack: Vec<(Node, Option<Node>)>,
    documents: Vec<Node>,
    anchors: Vec<(usize, Node)>,
    /// The anchor of each open collection (0: none).
    open_anchors: Vec<usize>,
    error: Option<String>,
}

impl Builder {
    fn push_value(&mut self, node: Node) {
        let Some((parent, key)) = self.stack.last_mut() else {
            self.documents.push(node);
            return;
        };
        match &mut parent.value {
            Value::Seq(items) => items.push(node),
            Value::Map(entries) => match key.take() {
                None => *key = Some(node),
                Some(k) => entries.push((k, node)),
            },
            Value::Scalar { .. } => unreachable!("scalars have no children"),
        }
    }

    fn anchor(&mut self, id: usize, node: &Node) {
        if id > 0 {
            self.anchors.push((id, node.clone()));
        }
    }
}

impl MarkedEventReceiver for Builder {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        if self.error.is_some() {
            return;
        }
        let at = |value| Node {
            line: mark.line(),
            col: mark.col() + 1,
            value,
        };
        match ev {
            Event::Scalar(text, style, anchor, tag) => {
                // `!!bool` is `bool`; other tags keep their handle.
                let tag = tag.map(|t| {
                    if t.handle == CORE_TAG {
                        t.suffix
                    } else {
                        format!("{}{}", t.handle, t.suffix)
                    }
                });
                let node = at(Value::Scalar {
                    text,
                    plain: style == TScalarStyle::Plain,
                    tag,
                });
                self.anchor(anchor, &node);
                self.push_value(node);
            }
            Event::Alias(id) => match self.anchors.iter().rev().find(|(a, _)| *a == id) {
                Some((_, n)) => {
                    let n = n.clone();
                    self.push_value(n)
                }
                None => {
                    self.error = Some(format!(
                        "an alias to an unknown anchor (line {} column {})",
                        mark.line(),
                        mark.col() + 1
                    ))
                }
            },
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if self.stack.len() >= MAX_DEPTH {
                    self.error = Some(format!("nesting deeper than {MAX_DEPTH}"));
                    return;
                }
                let value = match ev {
                    Event::SequenceStart(..) => Value::Seq(Vec::new()),
                    _ => Value::Map(Vec::new()),
                };
                self.stack.push((at(value), None));
                self.open_anchors.push(anchor);
            }
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some((node, _)) = self.stack.pop() {
                    let anchor = self.open_anchors.pop().unwrap_or(0);
                    self.anchor(anchor, &node);
                    self.push_value(node);
                }
            }
            _ => {}
        }
    }
}

/// The one YAML document of `text`.
fn document(text: &str) -> Result<Node, String> {
    if text.len() > MAX_BYTES {
        return Err(format!(
            "a task definition of {} bytes exceeds the limit of {MAX_BYTES}",
            text.len()
        ));
    }
    let mut b = Builder {
        stack: Vec::new(),
        documents: Vec::new(),
        anchors: Vec::new(),
        open_anchors: Vec::new(),
        error: None,
    };
    Parser::new_from_str(text).load(&mut b, true).map_err(|e| {
        format!(
            "not valid YAML: {} (line {} column {})",
            e.info(),
            e.marker().line(),
            e.marker().col() + 1
        )
    })?;
    if let Some(e) = b.error {
        return Err(e);
    }
    match b.documents.len() {
        0 => Err("an empty task definition".into()),
        1 => Ok(b.documents.pop().expect("one document")),
        n => Err(format!("{n} YAML documents; a task definition is one")),
    }
}

/// Is `v` a format version this reader knows: 2.x, or 1.0 / 1.1?
fn known_version(v: &str) -> Option<u32> {
    let (major, minor) = v.split_once('.')?;
    if minor.is_empty() || !minor.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    match major {
        "2" => Some(2),
        "1" if matches!(minor, "0" | "1") => Some(1),
        _ => None,
    }
}

fn data_model(node: &Node) -> Result<Option<DataModel>, String> {
    Ok(match node.string("`options.data_model`")?.as_deref() {
        None => None,
        Some("ILP32") => Some(DataModel::Ilp32),
        Some("LP64") => Some(DataModel::Lp64),
        Some(other) => return Err(format!("unknown data model `{other}` (ILP32 or LP64)")),
    })
}

fn input_files(node: &Node) -> Result<Vec<String>, String> {
    let items: Vec<&Node> = match &node.value {
        Value::Seq(items) => items.iter().collect(),
        Value::Scalar { .. } => vec![node],
        Value::Map(_) => {
            return Err(format!(
                "`input_files` is a mapping ({}); it is a file name or a list of them",
                node.at()
            ))
        }
    };
    let mut files = Vec::new();
    for item in items {
        match item.string("an entry of `input_files`")? {
            Some(f) if !f.is_empty() => files.push(f),
            _ => return Err(format!("an empty entry in `input_files` ({})", item.at())),
        }
    }
    Ok(files)
}

fn property(node: &Node) -> Result<Property, String> {
    let mut file = None;
    let mut expected_verdict = None;
    let mut subproperty = None;
    for (key, value) in node.entries("an entry of `properties`")? {
        match key {
            "property_file" => file = value.string("`property_file`")?,
            "expected_verdict" => {
                expected_verdict = match value.resolve() {
                    Some(Resolved::Null) => None,
                    Some(Resolved::Bool(b)) => Some(b),
                    Some(Resolved::Text(t)) => {
                        return Err(format!(
                            "`expected_verdict` is `{t}` ({}), not a boolean (true or false)",
                            value.at()
                        ))
                    }
                    None => {
                        return Err(format!(
                            "`expected_verdict` is not a boolean ({})",
                            value.at()
                        ))
                    }
                }
            }
            "subproperty" => subproperty = value.string("`subproperty`")?,
            _ => {}
        }
    }
    let property_file = file.ok_or_else(|| {
        format!(
            "an entry of `properties` has no `property_file` ({})",
            node.at()
        )
    })?;
    Ok(Property {
        property_file,
        expected_verdict,
        subproperty,
    })
}

pub fn parse(text: &str) -> Result<TaskDef, String> {
    let doc = document(text)?;
    let top = doc.entries("the task definition")?;
    let get = |k: &str| top.iter().find(|(key, _)| *key == k).map(|(_, v)| *v);

    let format_version = match get("format_version") {
        None => {
            return Err(
                "no `format_version` (SV-COMP task definitions state format_version: '2.0')".into(),
            )
        }
        Some(v) => v.string("`format_version`")?.unwrap_or_default(),
    };
    let major = known_version(&format_version).ok_or_else(|| {
        format!(
            "unsupported format_version `{format_version}`: task definitions of format 2.x (and the older 1.0 and 1.1) are read"
        )
    })?;

    let input_files = match get("input_files") {
        None => return Err("no `input_files`".into()),
        Some(v) => input_files(v)?,
    };
    if input_files.is_empty() {
        return Err("no `input_files` (the list is empty)".into());
    }

    let mut language = None;
    let mut model = None;
    match get("options") {
        None => {}
        Some(o) if o.resolve() == Some(Resolved::Null) => {}
        Some(o) => {
            for (key, value) in o.entries("`options`")? {
                match key {
                    "language" => language = value.string("`options.language`")?,
                    "data_model" => model = data_model(value)?,
                    _ => {}
                }
            }
        }
    }
    if let Some(l) = &language {
        if l != "C" {
            return Err(format!("unsupported language `{l}` (only C)"));
        }
    }
    let data_model = match (model, major) {
        (Some(m), _) => m,
        // Format 1.x has no options: SV-COMP ran those tasks as ILP32.
        (None, 1) => DataModel::Ilp32,
        (None, _) => {
            let what = "no `options.data_model` (ILP32 or LP64)";
            return Err(format!(
                "{what} in a format {format_version} task definition"
            ));
        }
    };

    let mut properties = Vec::new();
    match get("properties") {
        None => {}
        Some(p) => match &p.value {
            Value::Seq(items) => {
                for item in items {
                    properties.push(property(item)?);
                }
            }
            _ if p.resolve() == Some(Resolved::Null) => {}
            _ => return Err(format!("`properties` is not a list ({})", p.at())),
        },
    }
    let is_unreach = |p: &Property| p.property_file.ends_with("unreach-call.prp");
    let has_unreach_call_property = properties.iter().any(is_unreach);
    let unreach_call = properties
        .iter()
        .rev()
        .find(|p| is_unreach(p))
        .and_then(|p| p.expected_verdict);

    Ok(TaskDef {
        format_version,
        input_files,
        data_model,
        language,
        properties,
        unreach_call,
        has_unreach_call_property,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_task_definition() {
        let t = "format_version: '2.0'\n\n# comment\ninput_files: 'a.c'\n\nproperties:\n  - property_file: ../properties/termination.prp\n    expected_verdict: false\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\n\noptions:\n  language: C\n  data_model: LP64\n";
        let d = parse(t).unwrap();
        assert_eq!(d.input_files, vec!["a.c"]);
        assert_eq!(d.data_model, DataModel::Lp64);
        assert_eq!(d.unreach_call, Some(true));
        assert!(d.has_unreach_call_property);
        assert_eq!(d.properties.len(), 2);
        assert_eq!(d.properties[0].expected_verdict, Some(false));
        let d = parse("format_version: '1.0'\ninput_files:\n  - x.i\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: false\n").unwrap();
        assert_eq!(
            (d.input_files, d.unreach_call, d.data_model),
            (vec!["x.i".to_string()], Some(false), DataModel::Ilp32)
        );
    }

    #[test]
    fn scalars_resolve_as_pyyaml_does() {
        let one = |v: &str| {
            let t = format!(
                "format_version: '2.0'\ninput_files: a.c\nproperties:\n  - property_file: unreach-call.prp\n    expected_verdict: {v}\noptions: {{language: C, data_model: ILP32}}\n"
            );
            parse(&t).map(|d| d.unreach_call)
        };
        for v in [
            "true",
            "True",
            "TRUE",
            "yes",
            "on",
            "!!bool true",
            "!!bool 'yes'",
        ] {
            assert_eq!(one(v), Ok(Some(true)), "{v}");
        }
        for v in ["false", "FALSE", "No", "off"] {
            assert_eq!(one(v), Ok(Some(false)), "{v}");
        }
        for v in ["~", "null", ""] {
            assert_eq!(one(v), Ok(None), "{v}");
        }
        for v in ["'true'", "\"false\"", "maybe", "1", "y"] {
            assert!(one(v).unwrap_err().contains("not a boolean"), "{v}");
        }
    }

    #[test]
    fn versions() {
        let v = |ver: &str| {
            parse(&format!(
                "format_version: {ver}\ninput_files: a.c\noptions:\n  data_model: ILP32\n"
            ))
        };
        for ok in ["'2.0'", "2.0", "\"2.1\"", "'1.0'", "1.1"] {
            assert!(v(ok).is_ok(), "{ok}: {:?}", v(ok));
        }
        for bad in ["'3.0'", "'0.1'", "'1.2'", "2", "'2.'", "two", "~"] {
            let e = v(bad).unwrap_err();
            assert!(e.contains("unsupported format_version"), "{bad}: {e}");
        }
        let e = parse("input_files: a.c\n").unwrap_err();
        assert!(e.contains("no `format_version`"), "{e}");
    }
}
