//! Graphviz DOT pictures of certificates: the abstract reachability graph of a SAFE one, the trace of an UNSAFE one.

use crate::sarif::plural;
use format::print::expr_to_string;
use format::{Body, Certificate, Literal, SafeBody, SourceStatement, Trace, Valuation};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt::Write as _;

/// The default node cap (`certa dot --max-nodes`).
pub const DEFAULT_MAX_NODES: usize = 60;
/// Lines of a node label (literals, values) before "… +K more".
const MAX_LINES: usize = 8;
/// Characters of one label line before "…".
const MAX_WIDTH: usize = 60;
/// Source statements shown on an edge label.
const MAX_STATEMENTS: usize = 3;

/// The certificate as a DOT digraph with at most `max_nodes` nodes drawn
/// (breadth-first from the initial nodes) plus a note on what was left out.
pub fn dot(cert: &Certificate, max_nodes: usize) -> String {
    match &cert.body {
        Body::Safe(b) => arg_dot(cert, b, max_nodes),
        Body::Unsafe(t) => trace_dot(cert, t, max_nodes),
    }
}

/// Renders DOT text to SVG with Graphviz (`dot -Tsvg`).
pub fn render_svg(dot: &str) -> Result<String, String> {
    let bytes = render(dot, "svg")?;
    String::from_utf8(bytes).map_err(|e| format!("graphviz `dot` wrote invalid UTF-8: {e}"))
}

/// Renders DOT text with Graphviz in `format` (`svg`, `png`, `pdf`, ...).
pub fn render(dot: &str, format: &str) -> Result<Vec<u8>, String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("dot")
        .arg(format!("-T{format}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => "graphviz `dot` not found; install the Debian package \
                graphviz, or render the .dot file elsewhere"
                .to_string(),
            _ => format!("cannot run graphviz `dot`: {e}"),
        })?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = dot.to_string();
    // Written from another thread so a large graph cannot deadlock the pipes.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("graphviz `dot`: {e}"))?;
    let _ = writer.join();
    if !out.status.success() {
        return Err(format!(
            "graphviz `dot -T{format}` failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(out.stdout)
}

/// Escapes one label line for a double-quoted DOT string.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\l"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// `lines` as a quoted, left-justified DOT label.
fn label(lines: &[String]) -> String {
    let mut s = String::from("\"");
    for l in lines {
        s.push_str(&escape(l));
        s.push_str("\\l");
    }
    s.push('"');
    s
}

/// `s` cut to `max` characters, the cut marked with "…".
fn short(s: &str, max: usize) -> String {
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if s.chars().count() <= max {
        return s;
    }
    let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
    t.push('…');
    t
}

/// At most [`MAX_LINES`] of `lines`, the rest counted as hidden `what`.
fn capped(mut lines: Vec<String>, what: &str) -> Vec<String> {
    if lines.len() > MAX_LINES {
        let hidden = lines.len() - (MAX_LINES - 1);
        lines.truncate(MAX_LINES - 1);
        lines.push(format!("… +{hidden} more {what}"));
    }
    lines
}

fn statements(cert: &Certificate, edge: u32) -> &[SourceStatement] {
    cert.source_map.as_ref().map_or(&[], |m| m.statements(edge))
}

/// The label lines of a task edge: its name and (some of) its statements,
/// the statements only the first time (`shown` records which were).
fn edge_lines(cert: &Certificate, edge: u32, shown: &mut BTreeSet<u32>) -> Vec<String> {
    let name = cert
        .task
        .edge(edge)
        .map_or_else(|| format!("edge {edge}"), |e| e.name.clone());
    let mut lines = vec![short(&format!("{edge}: {name}"), MAX_WIDTH)];
    if !shown.insert(edge) {
        return lines;
    }
    let stmts = statements(cert, edge);
    for s in stmts.iter().take(MAX_STATEMENTS) {
        lines.push(short(&format!("{}: {}", s.line, s.text), 40));
    }
    if stmts.len() > MAX_STATEMENTS {
        lines.push(format!(
            "… +{} more statements",
            stmts.len() - MAX_STATEMENTS
        ));
    }
    lines
}

fn header(out: &mut String, name: &str, title: &[String]) {
    let _ = writeln!(out, "digraph {name} {{");
    let _ = writeln!(
        out,
        "  graph [label={}, labelloc=t, labeljust=l, fontname=\"Helvetica\", fontsize=11];",
        label(title)
    );
    out.push_str(
        "  node [shape=box, style=rounded, fontname=\"Courier\", fontsize=10];\n  \
         edge [fontname=\"Courier\", fontsize=9];\n",
    );
}

/// A note node saying what the cap left out; `None` when nothing was.
fn note(nodes: usize, edges: usize) -> Option<String> {
    (nodes > 0 || edges > 0).then(|| {
        format!(
            "  omitted [shape=note, style=filled, fillcolor=\"#fff6c8\", label={}];\n",
            label(&[format!("{nodes} more nodes and {edges} edges not drawn")])
        )
    })
}

/// The program's file name (not its path: pictures do not depend on the machine).
fn file_name(cert: &Certificate) -> String {
    cert.header
        .source
        .as_ref()
        .map(|s| s.name.clone())
        .or_else(|| {
            let f = &cert.source_map.as_ref()?.file;
            let name = std::path::Path::new(f).file_name()?;
            Some(name.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "(task)".into())
}

fn literal(lit: &Literal, preds: &BTreeMap<u32, String>) -> String {
    let f = preds
        .get(&lit.pred)
        .cloned()
        .unwrap_or_else(|| format!("p{}?", lit.pred));
    if lit.positive {
        f
    } else {
        format!("!({f})")
    }
}

/// The abstract reachability graph of a SAFE certificate.
fn arg_dot(cert: &Certificate, body: &SafeBody, max_nodes: usize) -> String {
    let preds: BTreeMap<u32, String> = body
        .predicates
        .iter()
        .map(|p| (p.id, expr_to_string(&p.formula)))
        .collect();
    let ids: BTreeSet<u32> = body.nodes.iter().map(|n| n.id).collect();
    let mut adj: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for sl in &body.successors {
        adj.entry(sl.node)
            .or_default()
            .extend(sl.targets.iter().map(|t| t.node));
    }
    // Breadth-first from the initial nodes, then the unreachable rest.
    let mut order = Vec::new();
    let mut seen = BTreeSet::new();
    let mut queue: VecDeque<u32> = VecDeque::new();
    for &i in &body.initial {
        if ids.contains(&i) && seen.insert(i) {
            queue.push_back(i);
        }
    }
    while let Some(n) = queue.pop_front() {
        order.push(n);
        for &m in adj.get(&n).into_iter().flatten() {
            if ids.contains(&m) && seen.insert(m) {
                queue.push_back(m);
            }
        }
    }
    order.extend(
        body.nodes
            .iter()
            .map(|n| n.id)
            .filter(|id| seen.insert(*id)),
    );
    let drawn: BTreeSet<u32> = order.iter().take(max_nodes).copied().collect();
    let initial: BTreeSet<u32> = body.initial.iter().copied().collect();
    let total_edges: usize = body.successors.iter().map(|s| s.targets.len()).sum();

    let mut out = String::new();
    header(
        &mut out,
        "arg",
        &[
            format!("SAFE: abstract reachability graph of {}", file_name(cert)),
            format!(
                "{}, {}, {}",
                plural(body.nodes.len(), "node"),
                plural(total_edges, "edge"),
                plural(body.predicates.len(), "predicate")
            ),
        ],
    );
    let quant = if body.index_vars.is_empty() {
        String::new()
    } else {
        format!("forall {}. ", body.index_vars.join(", "))
    };
    for id in order.iter().take(max_nodes) {
        let Some(node) = body.node(*id) else { continue };
        let mut lits: Vec<String> = node
            .cube
            .iter()
            .map(|l| short(&literal(l, &preds), MAX_WIDTH))
            .collect();
        for clause in &node.forall {
            let c: Vec<String> = clause.iter().map(|l| literal(l, &preds)).collect();
            lits.push(short(&format!("{quant}{}", c.join(" || ")), MAX_WIDTH));
        }
        if lits.is_empty() {
            lits.push("true".into());
        }
        let mut lines = vec![format!(
            "n{} @ {}{}",
            node.id,
            node.location,
            if initial.contains(&node.id) {
                "  (initial)"
            } else {
                ""
            }
        )];
        lines.extend(capped(lits, "literals"));
        let style = if node.location == cert.task.bad_location {
            ", style=\"rounded,filled\", fillcolor=\"#ffd6d6\", color=red"
        } else if initial.contains(&node.id) {
            ", style=\"rounded,filled,bold\", fillcolor=\"#dbe9ff\""
        } else {
            ""
        };
        let _ = writeln!(out, "  n{} [label={}{style}];", node.id, label(&lines));
    }
    let mut edges_drawn = 0;
    let mut shown = BTreeSet::new();
    for sl in &body.successors {
        for t in &sl.targets {
            if drawn.contains(&sl.node) && drawn.contains(&t.node) {
                let lines = edge_lines(cert, sl.edge, &mut shown);
                edges_drawn += 1;
                let _ = writeln!(
                    out,
                    "  n{} -> n{} [label={}];",
                    sl.node,
                    t.node,
                    label(&lines)
                );
            }
        }
    }
    if let Some(n) = note(order.len() - drawn.len(), total_edges - edges_drawn) {
        out.push_str(&n);
    }
    out.push_str("}\n");
    out
}

/// Program variables of `now`: all of them when they are few or without
/// `before`, else those that differ from `before`.
fn values(now: &Valuation, before: Option<&Valuation>) -> Vec<String> {
    let visible = now.keys().filter(|k| !k.contains('@')).count();
    let before = before.filter(|_| visible > MAX_LINES);
    let mut lines: Vec<String> = now
        .iter()
        .filter(|(k, v)| !k.contains('@') && before.is_none_or(|b| b.get(*k) != Some(*v)))
        .map(|(k, v)| short(&format!("{k} = {v}"), MAX_WIDTH))
        .collect();
    let unchanged = visible - lines.len();
    lines = capped(lines, "values");
    if before.is_some() && unchanged > 0 {
        lines.push(format!("({unchanged} unchanged)"));
    }
    lines
}

/// The inputs of a step: nondet values by call site, intermediate values counted.
fn inputs(step: &format::Step) -> Vec<String> {
    let mut lines = Vec::new();
    let mut hidden = 0;
    for (k, v) in &step.inputs {
        match k.strip_prefix("nondet@") {
            Some(rest) => {
                let site = rest.split('@').next().unwrap_or(rest);
                let mut p = site.split('_');
                let (l, c) = (p.next().unwrap_or("?"), p.next().unwrap_or("?"));
                lines.push(format!("nondet at {l}:{c} = {v}"));
            }
            None if k.contains('@') => hidden += 1,
            None => lines.push(format!("{k} = {v}")),
        }
    }
    for (a, u) in &step.arrays {
        if let Some(r) = &u.reset {
            lines.push(format!(
                "{a} := (default {}, {} entries)",
                r.default,
                r.entries.len()
            ));
        }
        lines.extend(u.writes.iter().map(|(i, v)| format!("{a}[{i}] = {v}")));
    }
    let mut lines = capped(lines, "inputs");
    if hidden > 0 {
        lines.push(format!("({})", plural(hidden, "intermediate value")));
    }
    lines
}

/// The trace of an UNSAFE certificate as a path of concrete states.
fn trace_dot(cert: &Certificate, trace: &Trace, max_nodes: usize) -> String {
    let task = &cert.task;
    let n = trace.steps.len();
    let total = n + 1;
    // States drawn: a prefix, and the last one (the error) when the cap allows two.
    let (prefix, last) = if total <= max_nodes {
        (total, false)
    } else if max_nodes >= 2 {
        (max_nodes - 1, true)
    } else {
        (max_nodes, false)
    };
    let mut states = vec![(task.initial_location.clone(), values(&trace.initial, None))];
    let mut before = &trace.initial;
    for step in &trace.steps {
        let edge = task.edge(step.edge);
        let loc = edge.map_or_else(|| "?".to_string(), |e| e.to.clone());
        let vals = if loc == task.bad_location {
            let mut v = vec!["error location reached".to_string()];
            if let Some(s) = crate::sarif::failing_statement(cert, trace) {
                v.push(short(&format!("{}: {}", s.line, s.text), MAX_WIDTH));
            }
            v
        } else {
            values(&step.next, Some(before))
        };
        states.push((loc, vals));
        before = &step.next;
    }
    let mut out = String::new();
    header(
        &mut out,
        "trace",
        &[
            format!("UNSAFE: counterexample in {}", file_name(cert)),
            plural(n, "step"),
        ],
    );
    let drawn: Vec<usize> = (0..prefix).chain(last.then_some(n)).collect();
    for &i in &drawn {
        let (loc, vals) = &states[i];
        let mut lines = vec![format!("s{i} @ {loc}")];
        lines.extend(vals.iter().cloned());
        let style = if *loc == task.bad_location {
            ", style=\"rounded,filled,bold\", fillcolor=\"#ffd6d6\", color=red"
        } else if i == 0 {
            ", style=\"rounded,filled,bold\", fillcolor=\"#dbe9ff\""
        } else {
            ""
        };
        let _ = writeln!(out, "  s{i} [label={}{style}];", label(&lines));
    }
    let mut edges_drawn = 0;
    let mut shown = BTreeSet::new();
    for i in 1..prefix {
        let step = &trace.steps[i - 1];
        let mut lines = edge_lines(cert, step.edge, &mut shown);
        lines.extend(inputs(step));
        edges_drawn += 1;
        let _ = writeln!(out, "  s{} -> s{i} [label={}];", i - 1, label(&lines));
    }
    if let Some(nt) = note(total - drawn.len(), n - edges_drawn) {
        out.push_str(&nt);
        if prefix > 0 {
            let _ = writeln!(out, "  s{} -> omitted [style=dashed];", prefix - 1);
        }
        if last {
            let _ = writeln!(out, "  omitted -> s{n} [style=dashed];");
        }
    }
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_quotes_backslashes_and_newlines() {
        assert_eq!(escape("a \"b\" \\ c\nd"), "a \\\"b\\\" \\\\ c\\ld");
        assert_eq!(label(&["x".into()]), "\"x\\l\"");
    }

    #[test]
    fn short_marks_the_cut() {
        assert_eq!(short("abcdef", 4), "abc…");
        assert_eq!(short("ab  c", 10), "ab c");
    }
}
