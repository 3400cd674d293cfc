//! `--shard I/N` (a deterministic slice of a bench run, for CI matrices) and
//! `--merge` (the shards' CSV/JSON outputs read back into one table).

use super::{Row, Task};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

/// Shard `index` of `count` (1-based): the tasks whose position in the
/// whole run is `index - 1` modulo `count`. Round robin spreads each set's
/// slow tasks over the shards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("--shard wants I/N with 1 <= I <= N (e.g. 2/4), got `{s}`");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl Shard {
    pub fn select(&self, tasks: Vec<Task>) -> Vec<Task> {
        tasks
            .into_iter()
            .filter(|t| t.index % self.count == self.index - 1)
            .collect()
    }
}

/// The rows of one bench output file (JSON as written by `--csv x.json` or
/// `--json`, else CSV), with the whole run's task count and the shard when
/// the file records them.
pub struct Part {
    pub rows: Vec<Row>,
    pub tasks_total: Option<usize>,
    pub shard: Option<String>,
}

pub fn read_part(path: &Path) -> Result<Part, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let here = |e: String| format!("{}: {e}", path.display());
    if text.trim_start().starts_with('[') {
        read_json(&text).map_err(here)
    } else {
        read_csv(&text).map_err(here)
    }
}

fn read_json(text: &str) -> Result<Part, String> {
    let values: Vec<serde_json::Value> =
        serde_json::from_str(text).map_err(|e| format!("not a bench JSON file: {e}"))?;
    let mut part = Part {
        rows: Vec::new(),
        tasks_total: None,
        shard: None,
    };
    for (i, v) in values.iter().enumerate() {
        let row: Row =
            serde_json::from_value(v.clone()).map_err(|e| format!("row {}: {e}", i + 1))?;
        note(
            &mut part,
            v["tasks_total"].as_u64().map(|n| n as usize),
            v["shard"].as_str(),
        )
        .map_err(|e| format!("row {}: {e}", i + 1))?;
        part.rows.push(row);
    }
    Ok(part)
}

/// Every row of one file must name the same run size and shard.
fn note(part: &mut Part, total: Option<usize>, shard: Option<&str>) -> Result<(), String> {
    if part.rows.is_empty() {
        part.tasks_total = total;
        part.shard = shard.map(str::to_string);
    } else if part.tasks_total != total || part.shard.as_deref() != shard {
        return Err("rows of different runs or shards in one file".into());
    }
    Ok(())
}

/// Splits one CSV line; fields in double quotes may hold commas, and `""`
/// inside them is a quote.
fn fields(line: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', false) if cur.is_empty() => quoted = true,
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                cur.push('"');
            }
            ('"', true) => quoted = false,
            (',', false) => out.push(std::mem::take(&mut cur)),
            (c, _) => cur.push(c),
        }
    }
    if quoted {
        return Err("unterminated quoted field".into());
    }
    out.push(cur);
    Ok(out)
}

fn read_csv(text: &str) -> Result<Part, String> {
    let mut lines = text.lines();
    let header = fields(lines.next().ok_or("empty file")?)?;
    if header.first().map(String::as_str) != Some("file") || !header.iter().any(|h| h == "index") {
        return Err("not a bench CSV file with shard columns (header `file,...,index,...`)".into());
    }
    let col = |name: &str| header.iter().position(|h| h == name);
    let mut part = Part {
        rows: Vec::new(),
        tasks_total: None,
        shard: None,
    };
    for (n, line) in lines.enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |e: String| format!("line {}: {e}", n + 2);
        let f = fields(line).map_err(at)?;
        if f.len() != header.len() {
            return Err(at(format!(
                "{} fields, the header has {}",
                f.len(),
                header.len()
            )));
        }
        let get = |name: &str| col(name).map(|i| f[i].clone()).unwrap_or_default();
        let num = |name: &str| -> Result<u64, String> {
            let v = get(name);
            v.parse()
                .map_err(|_| at(format!("column {name}: not a number: `{v}`")))
        };
        let sbe = match get("sbe_verdict").as_str() {
            "" => None,
            w => Some((
                w.to_string(),
                get("sbe_seconds").parse().unwrap_or(0.0),
                num("sbe_nodes")? as usize,
                num("sbe_queries")?,
            )),
        };
        let row = Row {
            set: get("set"),
            index: num("index")? as usize,
            file: get("file"),
            expected: get("expected"),
            verdict: get("verdict"),
            seconds: get("seconds")
                .parse()
                .map_err(|_| at("column seconds: not a number".into()))?,
            refinements: num("refinements")? as usize,
            predicates: num("predicates")? as usize,
            nodes: num("nodes")? as usize,
            queries: num("queries")?,
            check: get("check"),
            check_seconds: get("check_seconds").parse().unwrap_or(0.0),
            sbe,
            reason: get("reason"),
            cache: get("cache"),
        };
        let total = match get("tasks_total").as_str() {
            "" => None,
            _ => Some(num("tasks_total")? as usize),
        };
        let shard = get("shard");
        note(
            &mut part,
            total,
            (!shard.is_empty()).then_some(shard.as_str()),
        )
        .map_err(at)?;
        part.rows.push(row);
    }
    Ok(part)
}

/// Merges the outputs of a run's shards into the whole run's rows, in task
/// order. Refuses a task given twice, files of runs of different sizes, and
/// an incomplete set of shards (naming the missing tasks).
pub fn merge(paths: &[&Path]) -> Result<Vec<Row>, String> {
    let mut rows: BTreeMap<usize, (Row, String)> = BTreeMap::new();
    let mut total: Option<(usize, String)> = None;
    for path in paths {
        let name = path.display().to_string();
        let part = read_part(path)?;
        match (&total, part.tasks_total) {
            (_, None) => {
                return Err(format!(
                    "{name}: the file does not record its run's task count; write shards with --shard I/N"
                ))
            }
            (None, Some(n)) => total = Some((n, name.clone())),
            (Some((m, first)), Some(n)) if *m != n => {
                return Err(format!(
                    "{name} is from a run of {n} tasks, {first} from one of {m}"
                ))
            }
            _ => {}
        }
        for row in part.rows {
            if let Some((old, from)) = rows.get(&row.index) {
                return Err(format!(
                    "task {} ({}) is in both {from} and {name}",
                    row.index, old.file
                ));
            }
            rows.insert(row.index, (row, name.clone()));
        }
    }
    let Some((n, _)) = total else {
        return Err("nothing to merge".into());
    };
    if let Some((&i, _)) = rows.iter().find(|(&i, _)| i >= n) {
        return Err(format!("task index {i} is outside a run of {n} tasks"));
    }
    let missing: Vec<String> = (0..n)
        .filter(|i| !rows.contains_key(i))
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        let shown: Vec<&str> = missing.iter().take(20).map(String::as_str).collect();
        return Err(format!(
            "the files cover {} of {n} tasks; missing task indices {}{} (a shard's output is absent)",
            n - missing.len(),
            shown.join(", "),
            if missing.len() > 20 { ", ..." } else { "" }
        ));
    }
    Ok(rows.into_values().map(|(r, _)| r).collect())
}
