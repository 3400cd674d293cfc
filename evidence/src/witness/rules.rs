//! Reading witness files: YAML without aliases into a positioned tree, and
//! the rules of the witness format 2.0 (the sv-witnesses project's
//! `witness.schema.json` and its README for 2.0), checked with messages that
//! name `line:col`.
//!
//! The rules checked, per the 2.0 schema: the file is a non-empty sequence
//! of entries; each entry has `entry_type` (`invariant_set` or
//! `violation_sequence`), `metadata` and `content`; `metadata` has
//! `format_version` "2.0", a uuid, an RFC 3339 `creation_time`, `producer`
//! (`name`, `version`) and `task` (`input_files`, `input_file_hashes`
//! naming every input file with a SHA-256, `specification`, `data_model`
//! ILP32 or LP64, `language` C). An invariant has `type` `loop_invariant`
//! or `location_invariant`, a `location` (`file_name` among the input files,
//! `line` >= 1, `column` >= 1, `function`), a string `value` and `format`
//! `c_expression`. A violation sequence is a list of segments; each segment
//! is a list of waypoints of which exactly one, the last, has action
//! `follow` and the others `avoid`; waypoint types are `assumption`
//! (constraint in `c_expression`), `branching` (constraint `true`/`false`
//! or a case value), `function_enter`, `function_return` (constraint in
//! `acsl_expression`) and `target` (no constraint, only as the follow
//! waypoint of the last segment, and the last segment has one).

use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// Largest witness file read (bytes).
pub const MAX_WITNESS_BYTES: usize = 16 << 20;
/// Deepest nesting of YAML collections accepted.
pub const MAX_DEPTH: usize = 32;

/// A YAML node with the position where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub line: usize,
    pub col: usize,
    pub value: Value,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A scalar and whether it was quoted (quoted scalars are strings).
    Scalar(String, bool),
    Seq(Vec<Node>),
    Map(Vec<(String, Node)>),
}

struct Builder {
    stack: Vec<(Node, Option<String>)>,
    done: Option<Node>,
    error: Option<String>,
}

impl Builder {
    fn push_value(&mut self, node: Node) {
        let Some((parent, key)) = self.stack.last_mut() else {
            self.done = Some(node);
            return;
        };
        match &mut parent.value {
            Value::Seq(items) => items.push(node),
            Value::Map(entries) => match key.take() {
                None => match node.value {
                    Value::Scalar(k, _) => *key = Some(k),
                    _ => {
                        self.error.get_or_insert(format!(
                            "{}:{}: a mapping key must be a scalar",
                            node.line, node.col
                        ));
                    }
                },
                Some(k) => {
                    if entries.iter().any(|(e, _)| *e == k) {
                        self.error.get_or_insert(format!(
                            "{}:{}: key `{k}` appears twice in one mapping",
                            node.line, node.col
                        ));
                    }
                    entries.push((k, node));
                }
            },
            Value::Scalar(..) => unreachable!("scalars have no children"),
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
            Event::Alias(_) => {
                self.error = Some(format!(
                    "{}:{}: YAML aliases are not accepted in witnesses",
                    mark.line(),
                    mark.col() + 1
                ))
            }
            Event::Scalar(text, style, _, _) => {
                self.push_value(at(Value::Scalar(text, style != TScalarStyle::Plain)))
            }
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                if self.stack.len() >= MAX_DEPTH {
                    self.error = Some(format!(
                        "{}:{}: nesting deeper than {MAX_DEPTH}",
                        mark.line(),
                        mark.col() + 1
                    ));
                    return;
                }
                let value = match ev {
                    Event::SequenceStart(..) => Value::Seq(Vec::new()),
                    _ => Value::Map(Vec::new()),
                };
                self.stack.push((at(value), None));
            }
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some((node, _)) = self.stack.pop() {
                    self.push_value(node);
                }
            }
            _ => {}
        }
    }
}

/// Parses one YAML document into a positioned tree.
pub fn parse_yaml(text: &str) -> Result<Node, String> {
    if text.len() > MAX_WITNESS_BYTES {
        return Err(format!(
            "witness of {} bytes exceeds the limit of {MAX_WITNESS_BYTES}",
            text.len()
        ));
    }
    let mut b = Builder {
        stack: Vec::new(),
        done: None,
        error: None,
    };
    Parser::new_from_str(text)
        .load(&mut b, false)
        .map_err(|e| {
            format!(
                "{}:{}: {}",
                e.marker().line(),
                e.marker().col() + 1,
                e.info()
            )
        })?;
    if let Some(e) = b.error {
        return Err(e);
    }
    b.done.ok_or_else(|| "empty witness file".to_string())
}

impl Node {
    pub fn at(&self) -> String {
        format!("{}:{}", self.line, self.col)
    }
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    fn field(&self, key: &str, what: &str) -> Result<&Node, String> {
        match &self.value {
            Value::Map(_) => self
                .get(key)
                .ok_or_else(|| format!("{}: {what} has no `{key}`", self.at())),
            _ => Err(format!("{}: {what} must be a mapping", self.at())),
        }
    }
    fn text(&self, what: &str) -> Result<&str, String> {
        match &self.value {
            Value::Scalar(s, _) => Ok(s),
            _ => Err(format!("{}: {what} must be a scalar", self.at())),
        }
    }
    fn seq(&self, what: &str) -> Result<&[Node], String> {
        match &self.value {
            Value::Seq(items) => Ok(items),
            _ => Err(format!("{}: {what} must be a sequence", self.at())),
        }
    }
    fn uint(&self, what: &str, min: u64) -> Result<u32, String> {
        match &self.value {
            Value::Scalar(s, false) => match s.parse::<u32>() {
                Ok(v) if u64::from(v) >= min => Ok(v),
                _ => Err(format!(
                    "{}: {what} must be an integer >= {min}, got `{s}`",
                    self.at()
                )),
            },
            _ => Err(format!("{}: {what} must be an unquoted integer", self.at())),
        }
    }
}

/// The task a witness entry names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskMeta {
    pub input_files: Vec<String>,
    pub input_file_hashes: Vec<(String, String)>,
    pub specification: String,
    pub data_model: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub file_name: String,
    pub line: u32,
    pub column: Option<u32>,
    pub function: Option<String>,
    /// Where the location stands in the witness file.
    pub at: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invariant {
    /// `loop_invariant` or `location_invariant`.
    pub kind: String,
    pub location: Location,
    pub value: String,
    pub at: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaypointEntry {
    pub kind: String,
    pub follow: bool,
    pub location: Location,
    pub constraint: Option<String>,
    pub at: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    InvariantSet {
        task: TaskMeta,
        invariants: Vec<Invariant>,
    },
    ViolationSequence {
        task: TaskMeta,
        segments: Vec<Vec<WaypointEntry>>,
    },
}

impl Entry {
    /// The entry's task metadata.
    pub fn task(&self) -> Option<&TaskMeta> {
        match self {
            Entry::InvariantSet { task, .. } | Entry::ViolationSequence { task, .. } => Some(task),
        }
    }
}

/// Parses and checks a witness file against the 2.0 rules.
pub fn parse_witness(text: &str) -> Result<Vec<Entry>, String> {
    let root = parse_yaml(text)?;
    let entries = root.seq("the witness")?;
    if entries.is_empty() {
        return Err(format!("{}: the witness has no entries", root.at()));
    }
    entries.iter().map(entry).collect()
}

fn entry(e: &Node) -> Result<Entry, String> {
    let kind = e.field("entry_type", "an entry")?.text("entry_type")?;
    let task = metadata(e.field("metadata", "an entry")?)?;
    let content = e.field("content", "an entry")?.seq("content")?;
    match kind {
        "invariant_set" => Ok(Entry::InvariantSet {
            invariants: content
                .iter()
                .map(|item| invariant(item.field("invariant", "an invariant_set item")?, &task))
                .collect::<Result<_, _>>()?,
            task,
        }),
        "violation_sequence" => {
            let segments = content
                .iter()
                .map(|item| {
                    item.field("segment", "a violation_sequence item")?
                        .seq("segment")?
                        .iter()
                        .map(|w| waypoint(w.field("waypoint", "a segment item")?, &task))
                        .collect::<Result<Vec<_>, _>>()
                })
                .collect::<Result<Vec<_>, _>>()?;
            check_segments(&segments, e)?;
            Ok(Entry::ViolationSequence { task, segments })
        }
        other => Err(format!(
            "{}: entry_type `{other}` is not one of invariant_set, violation_sequence (format 2.0)",
            e.at()
        )),
    }
}

fn metadata(m: &Node) -> Result<TaskMeta, String> {
    let version = m.field("format_version", "metadata")?;
    if version.text("format_version")? != "2.0" {
        return Err(format!("{}: format_version must be \"2.0\"", version.at()));
    }
    let uuid = m.field("uuid", "metadata")?;
    if !is_uuid(uuid.text("uuid")?) {
        return Err(format!("{}: uuid is not an RFC 4122 uuid", uuid.at()));
    }
    let time = m.field("creation_time", "metadata")?;
    if !is_date_time(time.text("creation_time")?) {
        return Err(format!(
            "{}: creation_time is not an RFC 3339 date-time",
            time.at()
        ));
    }
    let producer = m.field("producer", "metadata")?;
    producer.field("name", "producer")?.text("producer name")?;
    producer
        .field("version", "producer")?
        .text("producer version")?;
    let t = m.field("task", "metadata")?;
    let files_node = t.field("input_files", "task")?;
    let input_files: Vec<String> = match &files_node.value {
        Value::Scalar(s, _) => vec![s.clone()],
        _ => files_node
            .seq("input_files")?
            .iter()
            .map(|f| f.text("an input file").map(str::to_string))
            .collect::<Result<_, _>>()?,
    };
    let hashes_node = t.field("input_file_hashes", "task")?;
    let input_file_hashes: Vec<(String, String)> = match &hashes_node.value {
        Value::Map(entries) => entries
            .iter()
            .map(|(k, v)| Ok((k.clone(), v.text("a file hash")?.to_string())))
            .collect::<Result<_, String>>()?,
        _ => {
            return Err(format!(
                "{}: input_file_hashes must be a mapping",
                hashes_node.at()
            ))
        }
    };
    for f in &input_files {
        match input_file_hashes.iter().find(|(k, _)| k == f) {
            None => {
                return Err(format!(
                    "{}: input file `{f}` has no hash",
                    hashes_node.at()
                ))
            }
            Some((_, h)) if !is_sha256(h) => {
                return Err(format!(
                    "{}: hash of `{f}` is not a SHA-256",
                    hashes_node.at()
                ))
            }
            _ => {}
        }
    }
    let specification = t
        .field("specification", "task")?
        .text("specification")?
        .to_string();
    let dm = t.field("data_model", "task")?;
    let data_model = dm.text("data_model")?.to_string();
    if data_model != "ILP32" && data_model != "LP64" {
        return Err(format!("{}: data_model must be ILP32 or LP64", dm.at()));
    }
    let lang = t.field("language", "task")?;
    if lang.text("language")? != "C" {
        return Err(format!("{}: language must be C", lang.at()));
    }
    Ok(TaskMeta {
        input_files,
        input_file_hashes,
        specification,
        data_model,
    })
}

fn location(n: &Node, task: &TaskMeta) -> Result<Location, String> {
    let l = n.field("location", "an invariant or waypoint")?;
    let file = l.field("file_name", "location")?;
    let file_name = file.text("file_name")?.to_string();
    if !task.input_files.contains(&file_name) {
        return Err(format!(
            "{}: file_name `{file_name}` is not an input file",
            file.at()
        ));
    }
    Ok(Location {
        file_name,
        line: l.field("line", "location")?.uint("line", 1)?,
        column: l.get("column").map(|c| c.uint("column", 1)).transpose()?,
        function: l
            .get("function")
            .map(|f| f.text("function").map(str::to_string))
            .transpose()?,
        at: l.at(),
    })
}

fn invariant(i: &Node, task: &TaskMeta) -> Result<Invariant, String> {
    let kind = i
        .field("type", "an invariant")?
        .text("invariant type")?
        .to_string();
    if kind != "loop_invariant" && kind != "location_invariant" {
        return Err(format!(
            "{}: invariant type `{kind}` is not loop_invariant or location_invariant",
            i.at()
        ));
    }
    let fmt = i.field("format", "an invariant")?;
    if fmt.text("format")? != "c_expression" {
        return Err(format!(
            "{}: invariant format must be c_expression",
            fmt.at()
        ));
    }
    Ok(Invariant {
        kind,
        location: location(i, task)?,
        value: i
            .field("value", "an invariant")?
            .text("invariant value")?
            .to_string(),
        at: i.at(),
    })
}

fn waypoint(w: &Node, task: &TaskMeta) -> Result<WaypointEntry, String> {
    let kind = w
        .field("type", "a waypoint")?
        .text("waypoint type")?
        .to_string();
    let action = w.field("action", "a waypoint")?;
    let follow = match action.text("action")? {
        "follow" => true,
        "avoid" => false,
        other => {
            return Err(format!(
                "{}: action `{other}` is not follow or avoid",
                action.at()
            ))
        }
    };
    let constraint = w.get("constraint");
    let (value, fmt) = match constraint {
        Some(c) => (
            Some(
                c.field("value", "a constraint")?
                    .text("constraint value")?
                    .to_string(),
            ),
            c.get("format")
                .map(|f| f.text("format").map(str::to_string))
                .transpose()?,
        ),
        None => (None, None),
    };
    let need = |f: &str| -> Result<(), String> {
        if value.is_none() {
            return Err(format!("{}: a {kind} waypoint needs a constraint", w.at()));
        }
        match fmt.as_deref() {
            Some(x) if x == f => Ok(()),
            None if f == "c_expression" => Ok(()),
            _ => Err(format!(
                "{}: a {kind} constraint must have format {f}",
                w.at()
            )),
        }
    };
    match kind.as_str() {
        "assumption" => need("c_expression")?,
        "function_return" => need("acsl_expression")?,
        "branching" => {
            if value.is_none() {
                return Err(format!("{}: a branching waypoint needs a constraint", w.at()));
            }
        }
        "target" | "function_enter" => {
            if value.is_some() {
                return Err(format!("{}: a {kind} waypoint has no constraint", w.at()));
            }
        }
        other => {
            return Err(format!(
                "{}: waypoint type `{other}` is not assumption, branching, function_enter, function_return or target",
                w.at()
            ))
        }
    }
    Ok(WaypointEntry {
        kind,
        follow,
        location: location(w, task)?,
        constraint: value,
        at: w.at(),
    })
}

fn check_segments(segments: &[Vec<WaypointEntry>], e: &Node) -> Result<(), String> {
    let last = segments.len().checked_sub(1).ok_or_else(|| {
        format!(
            "{}: a violation_sequence needs at least one segment",
            e.at()
        )
    })?;
    for (i, seg) in segments.iter().enumerate() {
        let follows: Vec<&WaypointEntry> = seg.iter().filter(|w| w.follow).collect();
        let Some(end) = seg.last() else {
            return Err(format!("{}: segment {} is empty", e.at(), i + 1));
        };
        if follows.len() != 1 || !end.follow {
            return Err(format!(
                "{}: a segment needs exactly one follow waypoint, as its last",
                end.at
            ));
        }
        for w in seg.iter().filter(|w| w.kind == "target") {
            if i != last || !w.follow {
                return Err(format!(
                    "{}: a target waypoint may only be the follow waypoint of the last segment",
                    w.at
                ));
            }
        }
    }
    let end = segments[last].last().expect("checked non-empty");
    if end.kind != "target" {
        return Err(format!(
            "{}: the last segment must end with a target waypoint",
            end.at
        ));
    }
    Ok(())
}

fn is_uuid(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.iter().map(|p| p.len()).eq([8, 4, 4, 4, 12])
        && parts
            .iter()
            .all(|p| p.bytes().all(|b| b.is_ascii_hexdigit()))
}

fn is_sha256(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// RFC 3339 `date-time`: `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`.
fn is_date_time(s: &str) -> bool {
    let b = s.as_bytes();
    let digits = |r: std::ops::Range<usize>| {
        b.get(r.clone())
            .is_some_and(|x| x.iter().all(u8::is_ascii_digit))
    };
    if b.len() < 20
        || !digits(0..4)
        || b[4] != b'-'
        || !digits(5..7)
        || b[7] != b'-'
        || !digits(8..10)
        || !matches!(b[10], b'T' | b't' | b' ')
        || !digits(11..13)
        || b[13] != b':'
        || !digits(14..16)
        || b[16] != b':'
        || !digits(17..19)
    {
        return false;
    }
    let mut i = 19;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    match &b[i..] {
        [b'Z'] | [b'z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => [h1, h2, m1, m2].iter().all(|x| x.is_ascii_digit()),
        _ => false,
    }
}
