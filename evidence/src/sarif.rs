//! SARIF 2.1.0 logs of verification results (UNSAFE: error with code flow, UNKNOWN: review, SAFE: certificate in the run's properties).

// Section numbers (§) refer to the OASIS SARIF 2.1.0 standard.

use engine::run::Run;
use engine::Verdict;
use format::{Body, Certificate, SourceStatement, Step, Trace, Valuation};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";
pub const RULE_ID: &str = "unreach-call";
/// The rule of signed overflow (SV-COMP NoOverflows, CWE-190).
pub const OVERFLOW_RULE_ID: &str = "no-overflow";
/// The base id of relative artifact URIs (§3.4.4).
pub const SRCROOT: &str = "%SRCROOT%";

/// What the verifier said about one program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Safe,
    Unsafe,
    /// No definite verdict, with the reason.
    Unknown(String),
    /// The program could not be verified at all (frontend error).
    Error(String),
}

impl Outcome {
    pub fn from_verdict(v: &Verdict) -> Outcome {
        match v {
            Verdict::Safe(_) => Outcome::Safe,
            Verdict::Unsafe(_) => Outcome::Unsafe,
            Verdict::Unknown(why) => Outcome::Unknown(why.clone()),
        }
    }
    fn word(&self) -> &'static str {
        match self {
            Outcome::Safe => "safe",
            Outcome::Unsafe => "unsafe",
            Outcome::Unknown(_) => "unknown",
            Outcome::Error(_) => "error",
        }
    }
}

/// One verified program and what is known about its proof.
#[derive(Clone, Debug)]
pub struct SarifResult<'a> {
    /// The program as given (relative paths stay relative in the log).
    pub source: PathBuf,
    pub outcome: Outcome,
    /// The certificate, if kept: an UNSAFE one places the result at the failing call.
    pub cert: Option<&'a Certificate>,
    pub cert_path: Option<PathBuf>,
    /// SHA-256 (hex) of the certificate file.
    pub cert_sha256: Option<String>,
    /// The expected verdict (bench manifests).
    pub expected: Option<String>,
    /// The checker's verdict on the certificate (`VALID`, ...).
    pub check: Option<String>,
    /// The checked operation (overflow, division by zero, shift) the
    /// certificate's run ends in, if not the error call.
    pub site: Option<frontend::c::CheckSite>,
}

impl<'a> SarifResult<'a> {
    /// A result with only the program and its outcome.
    pub fn new(source: &Path, outcome: Outcome) -> SarifResult<'a> {
        SarifResult {
            source: source.to_path_buf(),
            outcome,
            cert: None,
            cert_path: None,
            cert_sha256: None,
            expected: None,
            check: None,
            site: None,
        }
    }

    /// `certa verify`: the run of `source`, with the certificate file it
    /// wrote (if any; hashed here when it can be read).
    pub fn from_run(source: &Path, run: &'a Run, cert_path: Option<&Path>) -> SarifResult<'a> {
        let cert_path = cert_path.filter(|_| run.certificate.is_some());
        let site = match &run.outcome.verdict {
            Verdict::Unsafe(t) => engine::run::reached_site(&run.program, t).cloned(),
            _ => None,
        };
        let outcome = match (&site, run.verdict_word().as_str()) {
            (Some(s), "unknown") => Outcome::Unknown(format!(
                "undefined behaviour is reachable: {} in `{}` (line {}), which the checked properties do not name",
                s.kind.name(),
                s.text,
                s.line
            )),
            _ => Outcome::from_verdict(&run.outcome.verdict),
        };
        SarifResult {
            site,
            cert: run.certificate.as_ref(),
            cert_path: cert_path.map(Path::to_path_buf),
            cert_sha256: cert_path
                .and_then(|p| std::fs::read(p).ok())
                .map(|b| format::hash::bytes_sha256(&b)),
            ..SarifResult::new(source, outcome)
        }
    }
}

/// The SARIF log of `results` (one run). Relative paths become URIs
/// relative to `%SRCROOT%`; absolute ones under `srcroot` too, others
/// `file://` URIs. With `srcroot`, the run records it in
/// `originalUriBaseIds`.
pub fn sarif_log(results: &[SarifResult], srcroot: Option<&Path>) -> Value {
    let mut out = Vec::new();
    let mut notes = Vec::new();
    let mut certificates = Vec::new();
    for r in results {
        let file = artifact_location(&r.source, srcroot);
        match &r.outcome {
            Outcome::Safe => certificates.push(json!({
                "program": file["uri"],
                "certificate": r.cert_path.as_ref().map(|p| slashes(p)),
                "sha256": r.cert_sha256,
                "check": r.check,
            })),
            Outcome::Unsafe => out.push(unsafe_result(r, &file, srcroot)),
            Outcome::Unknown(why) => {
                let (rule, index) = rule_of(r.site.as_ref());
                let location = match &r.site {
                    Some(s) => site_location(r, s, &file, srcroot),
                    None => json!({"physicalLocation": {"artifactLocation": file}}),
                };
                let mut res = json!({
                    "ruleId": rule,
                    "ruleIndex": index,
                    // §3.27.9-10: a kind other than `fail` requires level `none`.
                    "kind": "review",
                    "level": "none",
                    "message": {"text": format!(
                        "certa could not decide whether reach_error() is reachable: UNKNOWN ({why})."
                    )},
                    "locations": [location],
                });
                res["properties"] = result_properties(r);
                out.push(res);
            }
            Outcome::Error(why) => notes.push(json!({
                "level": "error",
                "message": {"text": format!("certa cannot verify this program: {why}")},
                "locations": [{"physicalLocation": {"artifactLocation": file}}],
            })),
        }
    }
    let mut invocation = json!({"executionSuccessful": true});
    if !notes.is_empty() {
        invocation["toolExecutionNotifications"] = Value::Array(notes);
    }
    let mut run = json!({
        "tool": {"driver": driver()},
        "invocations": [invocation],
        "columnKind": "unicodeCodePoints",
        "results": out,
        "properties": {"certa/certificates": certificates},
    });
    if let Some(root) = srcroot.filter(|r| r.is_absolute()) {
        let mut uri = file_uri(root);
        if !uri.ends_with('/') {
            uri.push('/');
        }
        run["originalUriBaseIds"] = json!({ SRCROOT: {"uri": uri} });
    }
    json!({
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [run],
    })
}

/// Writes [`sarif_log`] as pretty JSON.
pub fn write_sarif(
    path: &Path,
    results: &[SarifResult],
    srcroot: Option<&Path>,
) -> Result<(), String> {
    let mut text = serde_json::to_string_pretty(&sarif_log(results, srcroot))
        .map_err(|e| format!("SARIF encoding: {e}"))?;
    text.push('\n');
    std::fs::write(path, text).map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

fn driver() -> Value {
    json!({
        "name": "certa",
        "version": env!("CARGO_PKG_VERSION"),
        "semanticVersion": env!("CARGO_PKG_VERSION"),
        "rules": [{
            "id": RULE_ID,
            "name": "UnreachCall",
            "shortDescription": {"text": "reach_error() is never called"},
            "fullDescription": {"text": "No execution of the program calls reach_error() \
                (SV-COMP property unreach-call); for .imp, .ts and CHC inputs, no assertion \
                fails, i.e. the bad location is unreachable. certa proves it with a checkable \
                certificate or refutes it with a concrete trace."},
            "defaultConfiguration": {"level": "error"},
            "help": {"text": "Replay the trace with `certa replay CERT`; check the certificate \
                with `certa-check CERT --source FILE`."},
        }, {
            "id": OVERFLOW_RULE_ID,
            "name": "NoSignedOverflow",
            "shortDescription": {"text": "no signed integer overflow"},
            "fullDescription": {"text": "No execution performs a signed arithmetic operation \
                (+, -, *, /, unary -, <<) whose mathematical result lies outside its type \
                (SV-COMP property no-overflow; undefined behaviour in C). certa proves it with a \
                checkable certificate or refutes it with a concrete trace that gcc's \
                -fsanitize=signed-integer-overflow confirms (`certa confirm`)."},
            "defaultConfiguration": {"level": "error"},
            "properties": {"tags": ["security", "external/cwe/cwe-190"], "cwe": "CWE-190"},
            "help": {"text": "Replay the trace with `certa replay CERT`; confirm it with \
                `certa confirm CERT`."},
        }],
    })
}

/// The rule and its index for a run that ends at `site` (or at the error call).
fn rule_of(site: Option<&frontend::c::CheckSite>) -> (&'static str, usize) {
    match site {
        Some(s) if s.kind == frontend::c::CheckKind::Overflow => (OVERFLOW_RULE_ID, 1),
        _ => (RULE_ID, 0),
    }
}

/// The location of a check site, in the file the source map names.
fn site_location(
    r: &SarifResult,
    s: &frontend::c::CheckSite,
    file: &Value,
    srcroot: Option<&Path>,
) -> Value {
    let mapped = r
        .cert
        .and_then(|c| c.source_map.as_ref())
        .filter(|m| !m.file.is_empty())
        .map(|m| artifact_location(Path::new(&m.file), srcroot))
        .unwrap_or_else(|| file.clone());
    let stmt = SourceStatement {
        line: s.line,
        col: s.col,
        text: s.text.clone(),
    };
    at(
        &mapped,
        &stmt,
        Some(format!("{} in `{}`", s.kind.name(), s.text)),
    )
}

fn result_properties(r: &SarifResult) -> Value {
    let mut p = Map::new();
    p.insert("certa/verdict".into(), json!(r.outcome.word()));
    if let Some(e) = &r.expected {
        p.insert("certa/expected".into(), json!(e));
    }
    if let Some(c) = &r.check {
        p.insert("certa/check".into(), json!(c));
    }
    if let Some(c) = &r.cert_path {
        p.insert("certa/certificate".into(), json!(slashes(c)));
    }
    if let Some(h) = &r.cert_sha256 {
        p.insert("certa/certificateSha256".into(), json!(h));
    }
    Value::Object(p)
}

fn unsafe_result(r: &SarifResult, file: &Value, srcroot: Option<&Path>) -> Value {
    let trace = r.cert.and_then(|c| match &c.body {
        Body::Unsafe(t) => Some((c, t)),
        Body::Safe(_) => None,
    });
    let whole_file = json!({"physicalLocation": {"artifactLocation": file}});
    let (location, flow, steps, failing) = match trace {
        Some((cert, trace)) => {
            // Regions are in the file the source map names (the C file of a
            // `.yml` task), which is the source itself otherwise.
            let mapped = cert
                .source_map
                .as_ref()
                .filter(|m| !m.file.is_empty())
                .map(|m| artifact_location(Path::new(&m.file), srcroot))
                .unwrap_or_else(|| file.clone());
            let failing = failing_statement(cert, trace);
            let location = match &failing {
                Some(s) => at(&mapped, s, None),
                None => whole_file.clone(),
            };
            let flow = thread_flow(cert, trace, &mapped, file);
            (location, Some(flow), trace.steps.len(), failing)
        }
        None => (whole_file, None, 0, None),
    };
    let steps = plural(steps, "step");
    let (rule, index) = rule_of(r.site.as_ref());
    let location = match &r.site {
        Some(s) => site_location(r, s, file, srcroot),
        None => location,
    };
    let mut text = match (&failing, flow.is_some()) {
        _ if r.site.is_some() => {
            let s = r.site.as_ref().expect("a site");
            format!(
                "{} in `{}` can happen (line {}, CWE-190); a concrete trace of {steps} reaches it.",
                s.kind.name(),
                s.text.trim(),
                s.line.max(1)
            )
        }
        (Some(s), _) if is_error_call(&s.text) => format!(
            "{} is reachable (line {}); a concrete trace of {steps} reaches it.",
            s.text.trim(),
            s.line.max(1)
        ),
        (Some(s), _) => format!(
            "`{}` can fail (line {}); a concrete trace of {steps} reaches the error location.",
            s.text.trim(),
            s.line.max(1)
        ),
        (None, true) => {
            format!("reach_error() is reachable; a concrete trace of {steps} reaches it.")
        }
        (None, false) => "reach_error() is reachable; certa found a concrete trace.".to_string(),
    };
    if let Some(p) = &r.cert_path {
        text.push_str(&format!(
            " Certificate {}; replay it with `certa replay`.",
            slashes(p)
        ));
    }
    let mut res = json!({
        "ruleId": rule,
        "ruleIndex": index,
        "level": "error",
        "message": {"text": text},
        "locations": [location],
    });
    if let Some(f) = flow {
        res["codeFlows"] = json!([{ "threadFlows": [f] }]);
    }
    res["properties"] = result_properties(r);
    res
}

/// `n thing` or `n things`.
pub(crate) fn plural(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

fn is_error_call(text: &str) -> bool {
    text.contains("reach_error") || text.contains("__VERIFIER_error")
}

/// The source statements of a task edge (empty without a source map).
fn statements(cert: &Certificate, edge: u32) -> &[SourceStatement] {
    cert.source_map.as_ref().map_or(&[], |m| m.statements(edge))
}

/// The failing call: the last statement of the last step that calls
/// `reach_error`/`__VERIFIER_error`, else that step's last statement.
pub fn failing_statement(cert: &Certificate, trace: &Trace) -> Option<SourceStatement> {
    let last = trace.steps.last()?;
    let stmts = statements(cert, last.edge);
    stmts
        .iter()
        .rev()
        .find(|s| is_error_call(&s.text))
        .or(stmts.last())
        .cloned()
}

/// A location at statement `s` of the file `artifact`.
fn at(artifact: &Value, s: &SourceStatement, message: Option<String>) -> Value {
    let mut loc = json!({"physicalLocation": {
        "artifactLocation": artifact,
        // §3.30.5-6: lines and columns are 1-based.
        "region": {"startLine": s.line.max(1), "startColumn": s.col.max(1)},
    }});
    if let Some(m) = message {
        loc["message"] = json!({ "text": m });
    }
    loc
}

/// Up to this many program variables, a step's message lists all of them.
const FEW_VARIABLES: usize = 6;

/// Is `name` a frontend temporary or SSA copy rather than a program variable?
fn internal(name: &str) -> bool {
    name.contains('@')
}

/// `(line, col)` of a nondet temporary `nondet@L_C_k` or its copy `nondet@L_C_k@j`.
fn nondet_site(name: &str) -> Option<(u32, u32)> {
    let rest = name.strip_prefix("nondet@")?;
    let mut parts = rest.split('@').next()?.split('_');
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

/// Values of the nondet calls of one step, per call site. The state after
/// a step into the bad location is unconstrained, so only its inputs count.
fn nondet_values(step: &Step, into_bad: bool) -> BTreeMap<(u32, u32), Vec<String>> {
    let mut out: BTreeMap<(u32, u32), Vec<(u64, String)>> = BTreeMap::new();
    for (k, v) in &step.inputs {
        if let Some(site) = nondet_site(k) {
            let j = k.rsplit('@').next().and_then(|j| j.parse().ok());
            out.entry(site)
                .or_default()
                .push((j.unwrap_or(0), v.to_string()));
        }
    }
    if !into_bad {
        for (k, v) in &step.next {
            if let Some(site) = nondet_site(k) {
                out.entry(site).or_insert_with(|| vec![(0, v.to_string())]);
            }
        }
    }
    out.into_iter()
        .map(|(site, mut vs)| {
            vs.sort();
            (site, vs.into_iter().map(|(_, v)| v).collect())
        })
        .collect()
}

/// Program variables of `now` (all of them, or those that differ from `before`).
fn changed(now: &Valuation, before: Option<&Valuation>) -> Vec<(String, String)> {
    now.iter()
        .filter(|(k, v)| !internal(k) && before.is_none_or(|b| b.get(*k) != Some(*v)))
        .map(|(k, v)| (k.clone(), v.to_string()))
        .collect()
}

fn show(vals: &[(String, String)]) -> String {
    vals.iter()
        .map(|(k, v)| format!("{k} = {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The trace as a thread flow: one location per source statement of each
/// step's edge, in source-map order; without statements, one per edge.
fn thread_flow(cert: &Certificate, trace: &Trace, mapped: &Value, file: &Value) -> Value {
    let task = &cert.task;
    let mut locs = Vec::new();
    let mut before = trace.initial.clone();
    let init = changed(&trace.initial, None);
    let n = trace.steps.len();
    for (i, step) in trace.steps.iter().enumerate() {
        let edge = task.edge(step.edge);
        let into_bad = edge.is_some_and(|e| e.to == task.bad_location);
        let name = edge.map_or_else(|| format!("edge {}", step.edge), |e| e.name.clone());
        let nondets = nondet_values(step, into_bad);
        // Few variables: all of them after each step; many: those that changed.
        let all = changed(&step.next, None);
        let after = if all.len() <= FEW_VARIABLES {
            all
        } else {
            changed(&step.next, Some(&before))
        };
        let summary = if into_bad {
            format!("step {}/{n} (`{name}`): reaches the error location", i + 1)
        } else if after.is_empty() {
            format!("step {}/{n} (`{name}`): no variable changes", i + 1)
        } else {
            format!("step {}/{n} (`{name}`): then {}", i + 1, show(&after))
        };
        let stmts = statements(cert, step.edge);
        let mut texts: Vec<String> = stmts
            .iter()
            .map(|s| match nondets.get(&(s.line, s.col)) {
                Some(vs) if s.text.contains("nondet") => {
                    format!("{} returns {}", s.text, vs.join(", then "))
                }
                _ => s.text.clone(),
            })
            .collect();
        if texts.is_empty() {
            texts.push(String::new());
        }
        let last = texts.len() - 1;
        for (k, text) in texts.into_iter().enumerate() {
            let mut parts: Vec<String> = vec![text];
            if i == 0 && k == 0 && !init.is_empty() {
                parts.push(format!("starting from {}", show(&init)));
            }
            if k == last {
                parts.push(summary.clone());
            }
            parts.retain(|p| !p.is_empty());
            let message = parts.join(" — ");
            let location = match stmts.get(k) {
                Some(s) => at(mapped, s, Some(message)),
                None => json!({
                    "physicalLocation": {"artifactLocation": file},
                    "message": {"text": message},
                }),
            };
            let mut tfl = json!({
                "location": location,
                "executionOrder": locs.len() + 1,
                "nestingLevel": 0,
                "importance": if into_bad && k == last { "essential" } else { "important" },
            });
            if k == last && !into_bad {
                // §3.38.9: the values after the step, one entry per variable.
                let state: Map<String, Value> = changed(&step.next, None)
                    .into_iter()
                    .map(|(k, v)| (k, json!({ "text": v })))
                    .collect();
                tfl["state"] = Value::Object(state);
            }
            locs.push(tfl);
        }
        before = step.next.clone();
    }
    json!({ "locations": locs })
}

/// `path` with forward slashes.
fn slashes(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// Percent-encodes a path segment for a URI (RFC 3986 `pchar`).
fn encode_segment(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A `file://` URI of an absolute path.
fn file_uri(path: &Path) -> String {
    let mut segs = Vec::new();
    for c in path.components() {
        match c {
            Component::Normal(s) => segs.push(encode_segment(&s.to_string_lossy())),
            Component::ParentDir => segs.push("..".into()),
            Component::Prefix(p) => segs.push(slashes(Path::new(p.as_os_str()))),
            Component::RootDir | Component::CurDir => {}
        }
    }
    let mut uri = format!("file:///{}", segs.join("/"));
    if path.to_string_lossy().ends_with('/') {
        uri.push('/');
    }
    uri
}

/// The artifact location of `path` (§3.4): relative to `%SRCROOT%` when
/// `path` is relative or lies under `srcroot`, else a `file://` URI.
pub fn artifact_location(path: &Path, srcroot: Option<&Path>) -> Value {
    let rel = if path.is_relative() {
        Some(path)
    } else {
        srcroot.and_then(|r| path.strip_prefix(r).ok())
    };
    match rel {
        Some(rel) => {
            let segs: Vec<String> = rel
                .components()
                .filter_map(|c| match c {
                    Component::Normal(s) => Some(encode_segment(&s.to_string_lossy())),
                    Component::ParentDir => Some("..".into()),
                    _ => None,
                })
                .collect();
            json!({"uri": segs.join("/"), "uriBaseId": SRCROOT})
        }
        None => json!({ "uri": file_uri(path) }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_are_relative_with_forward_slashes_or_file_uris() {
        let a = artifact_location(Path::new("./corpus/c/a b.c"), None);
        assert_eq!(a["uri"], "corpus/c/a%20b.c");
        assert_eq!(a["uriBaseId"], SRCROOT);
        let b = artifact_location(Path::new("/w/x/y.c"), Some(Path::new("/w")));
        assert_eq!(b["uri"], "x/y.c");
        let c = artifact_location(Path::new("/w/x/y.c"), Some(Path::new("/v")));
        assert_eq!(c["uri"], "file:///w/x/y.c");
        assert!(c.get("uriBaseId").is_none());
    }

    #[test]
    fn nondet_sites_parse_from_temporaries_and_their_copies() {
        assert_eq!(nondet_site("nondet@8_11_1"), Some((8, 11)));
        assert_eq!(nondet_site("nondet@8_11_1@2"), Some((8, 11)));
        assert_eq!(nondet_site("x@1"), None);
    }

    #[test]
    fn safe_gives_no_result_but_a_certificate_entry() {
        let mut r = SarifResult::new(Path::new("p.c"), Outcome::Safe);
        r.cert_path = Some("p.cert.json".into());
        r.cert_sha256 = Some("ab".repeat(32));
        let log = sarif_log(&[r], None);
        let run = &log["runs"][0];
        assert_eq!(run["results"], json!([]));
        assert_eq!(run["properties"]["certa/certificates"][0]["program"], "p.c");
        assert_eq!(
            run["properties"]["certa/certificates"][0]["certificate"],
            "p.cert.json"
        );
    }
}
