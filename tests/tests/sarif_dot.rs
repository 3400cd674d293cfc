//! SARIF logs and DOT pictures of real runs: SARIF 2.1.0 rules as code (plus the official schema when present), DOT syntax, caps, escaping.

use certa_tests::corpus_dir;
use engine::run::{run_file, Run};
use engine::Config;
use evidence::dot::{dot, render_svg};
use evidence::sarif::{sarif_log, Outcome, SarifResult};
use format::Body;
use frontend::Encoding;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    corpus_dir()
        .parent()
        .expect("corpus has a parent")
        .canonicalize()
        .expect("workspace exists")
}

fn run(rel: &str, cfg: &Config) -> Run {
    run_file(&workspace().join(rel), Encoding::Lbe, cfg).expect("loads")
}

/// `name` in a fresh directory, removed when the returned guard is dropped.
fn scratch(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(name);
    (dir, path)
}

// ---------------------------------------------------------------- SARIF rules

const LEVELS: [&str; 4] = ["none", "note", "warning", "error"];
const KINDS: [&str; 6] = [
    "notApplicable",
    "pass",
    "fail",
    "review",
    "open",
    "informational",
];

/// Does `uri` have a scheme (RFC 3986 §3.1), i.e. is it an absolute URI?
fn has_scheme(uri: &str) -> bool {
    match uri.find(':') {
        Some(i) if i > 0 => {
            let s = &uri[..i];
            s.chars().next().unwrap().is_ascii_alphabetic()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        }
        _ => false,
    }
}

/// Every object under `v` (depth first) with the key path that leads to it.
fn objects<'a>(v: &'a Value, key: &str, out: &mut Vec<(String, &'a Value)>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if k == key {
                    out.push((k.clone(), x));
                }
                objects(x, key, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| objects(x, key, out)),
        _ => {}
    }
}

/// Violations of the SARIF 2.1.0 rules (OASIS standard, section numbers
/// of sarif-v2.1.0-os) that certa's logs must obey.
fn sarif_violations(log: &Value, relative_inputs: bool) -> Vec<String> {
    let mut bad = Vec::new();
    let mut need = |ok: bool, what: &str| {
        if !ok {
            bad.push(what.to_string());
        }
    };
    // §3.13.2 version; §3.13.3 $schema; §3.13.4 runs.
    need(
        log["version"] == "2.1.0",
        "§3.13.2 version must be \"2.1.0\"",
    );
    need(
        log.get("$schema").is_none_or(Value::is_string),
        "§3.13.3 $schema must be a string",
    );
    let Some(runs) = log["runs"].as_array() else {
        need(false, "§3.13.4 runs must be an array");
        return bad;
    };
    for run in runs {
        // §3.14.6 tool, §3.18.2 driver, §3.19.8 name.
        let driver = &run["tool"]["driver"];
        need(
            driver["name"].as_str().is_some_and(|s| !s.is_empty()),
            "§3.19.8 tool.driver.name is required",
        );
        let rules: Vec<&str> = driver["rules"]
            .as_array()
            .map(|r| r.iter().filter_map(|x| x["id"].as_str()).collect())
            .unwrap_or_default();
        // §3.49.3 every reportingDescriptor has an id, unique within rules.
        need(
            rules.len() == driver["rules"].as_array().map_or(0, Vec::len),
            "§3.49.3 each rule needs an id",
        );
        need(
            rules.iter().collect::<BTreeSet<_>>().len() == rules.len(),
            "§3.49.3 rule ids are unique",
        );
        // §3.20.14 executionSuccessful is required on each invocation.
        for inv in run["invocations"].as_array().into_iter().flatten() {
            need(
                inv["executionSuccessful"].is_boolean(),
                "§3.20.14 invocation.executionSuccessful is required",
            );
            for n in inv["toolExecutionNotifications"]
                .as_array()
                .into_iter()
                .flatten()
            {
                // §3.58.5 notification message; §3.58.6 level.
                need(
                    n["message"]["text"].as_str().is_some_and(|s| !s.is_empty()),
                    "§3.58.5 notification.message.text",
                );
                need(
                    n["level"].as_str().is_none_or(|l| LEVELS.contains(&l)),
                    "§3.58.6 notification level",
                );
            }
        }
        // §3.14.14 originalUriBaseIds values end in a slash.
        if let Some(m) = run["originalUriBaseIds"].as_object() {
            for v in m.values() {
                need(
                    v["uri"].as_str().is_some_and(|u| u.ends_with('/')),
                    "§3.14.14 a base URI ends with /",
                );
            }
        }
        let Some(results) = run["results"].as_array() else {
            need(false, "§3.14.23 results must be an array");
            continue;
        };
        for r in results {
            // §3.27.11 message; §3.11.8 text.
            need(
                r["message"]["text"].as_str().is_some_and(|s| !s.is_empty()),
                "§3.27.11 result.message.text is required",
            );
            // §3.27.5-7 ruleId/ruleIndex name a rule of the driver.
            let id = r["ruleId"].as_str().unwrap_or("");
            need(
                rules.contains(&id),
                "§3.27.5 ruleId must name a driver rule",
            );
            if let Some(i) = r["ruleIndex"].as_u64() {
                need(
                    rules.get(i as usize) == Some(&id),
                    "§3.27.6 ruleIndex must point at the rule with ruleId",
                );
            }
            // §3.27.9 kind, §3.27.10 level: a kind other than fail has level none.
            let kind = r["kind"].as_str().unwrap_or("fail");
            need(KINDS.contains(&kind), "§3.27.9 kind value");
            let level = r["level"].as_str();
            need(
                level.is_none_or(|l| LEVELS.contains(&l)),
                "§3.27.10 level in {none, note, warning, error}",
            );
            if kind != "fail" {
                need(
                    level.is_none_or(|l| l == "none"),
                    "§3.27.10 kind other than fail requires level none",
                );
            }
            // §3.36.2 threadFlows and §3.37.2 locations are non-empty.
            for cf in r["codeFlows"].as_array().into_iter().flatten() {
                let tfs = cf["threadFlows"].as_array();
                need(
                    tfs.is_some_and(|t| !t.is_empty()),
                    "§3.36.2 codeFlow.threadFlows non-empty",
                );
                for tf in tfs.into_iter().flatten() {
                    let locs = tf["locations"].as_array();
                    need(
                        locs.is_some_and(|l| !l.is_empty()),
                        "§3.37.2 threadFlow.locations non-empty",
                    );
                    // §3.38.11 executionOrder is increasing along the flow.
                    let orders: Vec<i64> = locs
                        .into_iter()
                        .flatten()
                        .filter_map(|l| l["executionOrder"].as_i64())
                        .collect();
                    need(
                        orders.windows(2).all(|w| w[0] < w[1]),
                        "§3.38.11 executionOrder increases",
                    );
                }
            }
        }
        // §3.30.5-6 regions: 1-based lines and columns.
        let mut regions = Vec::new();
        objects(run, "region", &mut regions);
        for (_, reg) in regions {
            need(
                reg["startLine"].as_u64().is_some_and(|l| l >= 1),
                "§3.30.5 region.startLine >= 1",
            );
            need(
                reg["startColumn"].as_u64().is_none_or(|c| c >= 1),
                "§3.30.6 region.startColumn >= 1",
            );
        }
        // §3.4.3 artifactLocation.uri: a URI reference; relative ones carry a
        // uriBaseId (§3.4.4); for relative inputs nothing absolute.
        let mut arts = Vec::new();
        objects(run, "artifactLocation", &mut arts);
        for (_, a) in arts {
            let uri = a["uri"].as_str().unwrap_or("");
            need(!uri.is_empty(), "§3.4.3 artifactLocation.uri");
            need(
                !uri.contains('\\') && !uri.contains(' '),
                "§3.4.3 uri is a URI (forward slashes, escaped)",
            );
            if !has_scheme(uri) {
                need(
                    a["uriBaseId"].is_string(),
                    "§3.4.4 a relative uri has a uriBaseId",
                );
            }
            if relative_inputs {
                need(
                    !has_scheme(uri) && !uri.starts_with('/'),
                    "relative input gave an absolute uri",
                );
            }
        }
    }
    bad
}

/// The official SARIF 2.1.0 schema, from the npm package
/// `@microsoft/jest-sarif` (lib/schemas/sarif-2.1.0-rtm.5.json), if present:
/// `$CERTA_SARIF_SCHEMA`, `target/sarif-schema/`, or a global npm install.
fn official_schema() -> Option<PathBuf> {
    const NAME: &str = "sarif-2.1.0-rtm.5.json";
    let mut candidates: Vec<PathBuf> = std::env::var_os("CERTA_SARIF_SCHEMA")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    candidates.push(workspace().join("target/sarif-schema").join(NAME));
    if let Ok(out) = std::process::Command::new("npm")
        .args(["root", "-g"])
        .output()
    {
        let root = String::from_utf8_lossy(&out.stdout).trim().to_string();
        if !root.is_empty() {
            candidates.push(
                Path::new(&root)
                    .join("@microsoft/jest-sarif/lib/schemas")
                    .join(NAME),
            );
        }
    }
    candidates.into_iter().find(|p| p.is_file())
}

/// Validates `log` against the official schema with Python's `jsonschema`;
/// `None` when the schema or the module is not available.
fn schema_errors(log: &Value) -> Option<Vec<String>> {
    let schema = official_schema()?;
    let (_dir, file) = scratch("log.sarif");
    std::fs::write(&file, serde_json::to_string(log).unwrap()).unwrap();
    let script = "import json,sys\n\
        try:\n  import jsonschema\nexcept ImportError:\n  sys.exit(77)\n\
        s=json.load(open(sys.argv[1])); d=json.load(open(sys.argv[2]))\n\
        v=jsonschema.validators.validator_for(s)(s)\n\
        for e in v.iter_errors(d): print(list(e.absolute_path), e.message)\n";
    let out = std::process::Command::new("python3")
        .args(["-c", script])
        .arg(&schema)
        .arg(&file)
        .output()
        .ok()?;
    if out.status.code() == Some(77) || !out.status.success() {
        eprintln!(
            "skipping the official-schema check: python3 jsonschema unavailable ({})",
            String::from_utf8_lossy(&out.stderr).trim()
        );
        return None;
    }
    Some(
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect(),
    )
}

fn assert_sarif(log: &Value, relative_inputs: bool) {
    let bad = sarif_violations(log, relative_inputs);
    assert!(
        bad.is_empty(),
        "SARIF rule violations {bad:?} in\n{}",
        serde_json::to_string_pretty(log).unwrap()
    );
    match schema_errors(log) {
        Some(errors) => assert!(errors.is_empty(), "schema errors: {errors:?}"),
        None => eprintln!(
            "official SARIF schema not found (npm package @microsoft/jest-sarif); \
             checked the rules only"
        ),
    }
}

fn no_refinements() -> Config {
    Config {
        max_refinements: 0,
        ..Config::default()
    }
}

#[test]
fn sarif_of_safe_unsafe_and_unknown_runs_follows_the_rules() {
    let ws = workspace();
    let safe = run("corpus/c/loops.c", &Config::default());
    let bug = run("corpus/c/nondet_bug.c", &Config::default());
    let unknown = run("corpus/c/loops.c", &no_refinements());
    assert!(matches!(safe.outcome.verdict, engine::Verdict::Safe(_)));
    assert!(matches!(bug.outcome.verdict, engine::Verdict::Unsafe(_)));
    assert!(matches!(
        unknown.outcome.verdict,
        engine::Verdict::Unknown(_)
    ));
    let (_dir, cert_file) = scratch("loops.cert.json");
    format::encode::write_certificate(&cert_file, safe.certificate.as_ref().unwrap()).unwrap();
    let sha = format::hash::bytes_sha256(&std::fs::read(&cert_file).unwrap());

    let results = vec![
        SarifResult::from_run(&ws.join("corpus/c/loops.c"), &safe, Some(&cert_file)),
        SarifResult::from_run(&ws.join("corpus/c/nondet_bug.c"), &bug, None),
        SarifResult::from_run(&ws.join("corpus/c/loops.c"), &unknown, None),
    ];
    let log = sarif_log(&results, Some(&ws));
    assert_sarif(&log, false);
    assert_eq!(log, sarif_log(&results, Some(&ws)), "deterministic");
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "certa");
    assert_eq!(run["tool"]["driver"]["rules"][0]["id"], "unreach-call");

    // SAFE: no result, the certificate and its hash in the property bag.
    let certs = run["properties"]["certa/certificates"].as_array().unwrap();
    assert_eq!(certs.len(), 1);
    assert_eq!(certs[0]["program"], "corpus/c/loops.c");
    assert_eq!(certs[0]["sha256"], sha.as_str());
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "UNSAFE and UNKNOWN only");

    // UNSAFE: at the reach_error() call (line 9, column 33), with the trace.
    let r = &results[0];
    assert_eq!(r["level"], "error");
    let pl = &r["locations"][0]["physicalLocation"];
    assert_eq!(pl["artifactLocation"]["uri"], "corpus/c/nondet_bug.c");
    assert_eq!(pl["artifactLocation"]["uriBaseId"], "%SRCROOT%");
    assert_eq!(pl["region"]["startLine"], 9);
    assert_eq!(pl["region"]["startColumn"], 33);
    let flow = r["codeFlows"][0]["threadFlows"][0]["locations"]
        .as_array()
        .unwrap();
    let texts: Vec<&str> = flow
        .iter()
        .map(|l| l["location"]["message"]["text"].as_str().unwrap())
        .collect();
    // (7: the overflow check of `x + 1` passes as a statement of its own)
    assert_eq!(flow.len(), 7, "one location per statement: {texts:?}");
    // The declaration's text as clang delimits it (type included).
    assert!(
        texts[0].starts_with("int x = __VERIFIER_nondet_int()"),
        "{texts:?}"
    );
    // The second nondet call's value is an input of the step.
    assert!(
        texts.iter().any(|t| t.contains("returns 12346")),
        "{texts:?}"
    );
    assert!(
        texts[6].contains("reach_error()") && texts[6].contains("error location"),
        "{texts:?}"
    );
    assert!(texts.iter().all(|t| !t.contains("nondet@")), "{texts:?}");

    // UNKNOWN: a review result at the file.
    let u = &results[1];
    assert_eq!(u["kind"], "review");
    assert!(u["message"]["text"].as_str().unwrap().contains("UNKNOWN"));
    assert!(u["locations"][0]["physicalLocation"]["region"].is_null());
}

#[test]
fn sarif_keeps_relative_inputs_relative() {
    // cargo runs tests in the tests crate's directory.
    let rel = Path::new("../corpus/imp/seed_variant.imp");
    let bug = run_file(rel, Encoding::Lbe, &Config::default()).expect("loads");
    let log = sarif_log(&[SarifResult::from_run(rel, &bug, None)], None);
    assert_sarif(&log, true);
    let r = &log["runs"][0]["results"][0];
    let pl = &r["locations"][0]["physicalLocation"];
    assert_eq!(
        pl["artifactLocation"]["uri"],
        "../corpus/imp/seed_variant.imp"
    );
    // The .imp assertion is the failing statement; the flow shows values.
    assert_eq!(pl["region"]["startLine"], 10);
    let flow = &r["codeFlows"][0]["threadFlows"][0]["locations"];
    let all: String = flow
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            l["location"]["message"]["text"]
                .as_str()
                .unwrap()
                .to_string()
                + "\n"
        })
        .collect();
    assert!(all.contains("x = 1, y = 2"), "{all}");
    assert!(log["runs"][0].get("originalUriBaseIds").is_none());
}

#[test]
fn sarif_without_a_source_map_points_at_the_file_and_lists_edges() {
    let bug = run("corpus/ts/seed_variant.ts", &Config::default());
    let mut cert = bug.certificate.clone().unwrap();
    cert.source_map = None;
    let mut r = SarifResult::new(Path::new("corpus/ts/seed_variant.ts"), Outcome::Unsafe);
    r.cert = Some(&cert);
    let log = sarif_log(&[r], None);
    assert_sarif(&log, true);
    let res = &log["runs"][0]["results"][0];
    assert!(res["locations"][0]["physicalLocation"]["region"].is_null());
    let flow = res["codeFlows"][0]["threadFlows"][0]["locations"]
        .as_array()
        .unwrap();
    let Body::Unsafe(t) = &cert.body else {
        panic!()
    };
    assert_eq!(flow.len(), t.steps.len(), "one location per edge");
    let names: Vec<String> = t
        .steps
        .iter()
        .map(|s| cert.task.edge(s.edge).unwrap().name.clone())
        .collect();
    for (l, name) in flow.iter().zip(&names) {
        let text = l["location"]["message"]["text"].as_str().unwrap();
        assert!(text.contains(&format!("`{name}`")), "{text}");
        assert!(l["location"]["physicalLocation"]["region"].is_null());
    }
}

#[test]
fn sarif_of_bench_rows() {
    let row = |file: &str, expected: &str, verdict: &str, reason: &str| certa::bench::Row {
        file: file.into(),
        expected: expected.into(),
        verdict: verdict.into(),
        seconds: 0.1,
        refinements: 0,
        predicates: 0,
        nodes: 0,
        queries: 0,
        check: if verdict == "safe" || verdict == "unsafe" {
            "VALID".into()
        } else {
            "-".into()
        },
        sbe: None,
        reason: reason.into(),
        ..Default::default()
    };
    let rows = [
        row("imp/seed.imp", "safe", "safe", ""),
        row("imp/seed_variant.imp", "unsafe", "unsafe", ""),
        row("c/hard.c", "safe", "unknown (timeout)", "timeout"),
        row("err/syntax.imp", "error", "error", "syntax error at 3:1"),
    ];
    let dir = Path::new("corpus");
    let results: Vec<SarifResult> = rows.iter().map(|r| r.sarif_result(dir)).collect();
    let log = sarif_log(&results, None);
    assert_sarif(&log, true);
    let run = &log["runs"][0];
    let res = run["results"].as_array().unwrap();
    assert_eq!(res.len(), 2);
    assert_eq!(
        res[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "corpus/imp/seed_variant.imp"
    );
    assert_eq!(res[0]["properties"]["certa/expected"], "unsafe");
    assert_eq!(res[1]["kind"], "review");
    let certs = run["properties"]["certa/certificates"].as_array().unwrap();
    assert_eq!(certs[0]["program"], "corpus/imp/seed.imp");
    assert_eq!(certs[0]["check"], "VALID");
    let notes = run["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .unwrap();
    assert_eq!(notes.len(), 1);
    assert!(notes[0]["message"]["text"]
        .as_str()
        .unwrap()
        .contains("syntax error"));
}

// ---------------------------------------------------------------- DOT

#[derive(Debug, PartialEq)]
enum Tok {
    Id(String),
    Str(String),
    Punct(&'static str),
}

/// DOT tokens: identifiers, quoted strings (escapes kept), punctuation.
fn tokens(s: &str) -> Result<Vec<Tok>, String> {
    let cs: Vec<char> = s.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    while i < cs.len() {
        let c = cs[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '"' {
            let mut t = String::new();
            i += 1;
            loop {
                match cs.get(i) {
                    None => return Err("unterminated string".into()),
                    Some('"') => break,
                    Some('\\') => {
                        let n = *cs.get(i + 1).ok_or("dangling backslash")?;
                        t.push('\\');
                        t.push(n);
                        i += 2;
                    }
                    Some('\n') => return Err("raw newline in a label".into()),
                    Some(&x) => {
                        t.push(x);
                        i += 1;
                    }
                }
            }
            i += 1;
            out.push(Tok::Str(t));
        } else if c == '-' && cs.get(i + 1) == Some(&'>') {
            out.push(Tok::Punct("->"));
            i += 2;
        } else if let Some(p) = ["{", "}", "[", "]", ";", "=", ","]
            .into_iter()
            .find(|p| p.starts_with(c))
        {
            out.push(Tok::Punct(p));
            i += 1;
        } else if c.is_alphanumeric() || c == '_' || c == '.' {
            let st = i;
            while i < cs.len() && (cs[i].is_alphanumeric() || cs[i] == '_' || cs[i] == '.') {
                i += 1;
            }
            out.push(Tok::Id(cs[st..i].iter().collect()));
        } else {
            return Err(format!("unexpected character {c:?}"));
        }
    }
    Ok(out)
}

struct Graph {
    nodes: BTreeMap<String, String>,
    edges: Vec<(String, String, String)>,
}

/// Parses certa's DOT subset: `digraph ID { stmt* }` with attribute,
/// node and edge statements; checks braces, brackets and declared endpoints.
fn parse_dot(s: &str) -> Result<Graph, String> {
    let t = tokens(s)?;
    let mut i = 0;
    let id = |t: &[Tok], i: usize| match t.get(i) {
        Some(Tok::Id(x)) => Some(x.clone()),
        _ => None,
    };
    if id(&t, 0).as_deref() != Some("digraph") || id(&t, 1).is_none() {
        return Err("expected `digraph NAME`".into());
    }
    if t.get(2) != Some(&Tok::Punct("{")) {
        return Err("expected {".into());
    }
    i += 3;
    let mut g = Graph {
        nodes: BTreeMap::new(),
        edges: Vec::new(),
    };
    let attrs = |t: &[Tok], i: &mut usize| -> Result<BTreeMap<String, String>, String> {
        let mut m = BTreeMap::new();
        if t.get(*i) != Some(&Tok::Punct("[")) {
            return Ok(m);
        }
        *i += 1;
        loop {
            match t.get(*i) {
                Some(Tok::Punct("]")) => {
                    *i += 1;
                    return Ok(m);
                }
                Some(Tok::Id(k)) if t.get(*i + 1) == Some(&Tok::Punct("=")) => {
                    let v = match t.get(*i + 2) {
                        Some(Tok::Id(v)) | Some(Tok::Str(v)) => v.clone(),
                        other => return Err(format!("bad attribute value {other:?}")),
                    };
                    m.insert(k.clone(), v);
                    *i += 3;
                    if t.get(*i) == Some(&Tok::Punct(",")) {
                        *i += 1;
                    }
                }
                other => return Err(format!("bad attribute list at {other:?}")),
            }
        }
    };
    loop {
        match t.get(i) {
            Some(Tok::Punct("}")) => {
                if i + 1 != t.len() {
                    return Err("tokens after the closing brace".into());
                }
                break;
            }
            Some(Tok::Id(a)) => {
                let a = a.clone();
                i += 1;
                if t.get(i) == Some(&Tok::Punct("->")) {
                    let b = id(&t, i + 1).ok_or("edge without a target")?;
                    i += 2;
                    let at = attrs(&t, &mut i)?;
                    g.edges
                        .push((a, b, at.get("label").cloned().unwrap_or_default()));
                } else {
                    let at = attrs(&t, &mut i)?;
                    if !["graph", "node", "edge"].contains(&a.as_str())
                        && g.nodes
                            .insert(a.clone(), at.get("label").cloned().unwrap_or_default())
                            .is_some()
                    {
                        return Err(format!("node {a} declared twice"));
                    }
                }
                if t.get(i) != Some(&Tok::Punct(";")) {
                    return Err(format!("expected ; at token {i}: {:?}", t.get(i)));
                }
                i += 1;
            }
            other => return Err(format!("unexpected {other:?} (unbalanced braces?)")),
        }
    }
    for (a, b, _) in &g.edges {
        for end in [a, b] {
            if !g.nodes.contains_key(end) {
                return Err(format!("edge endpoint {end} is not declared"));
            }
        }
    }
    Ok(g)
}

fn maybe_render(name: &str, text: &str) {
    match render_svg(text) {
        Ok(svg) => {
            assert!(svg.contains("<svg"), "{name}: not SVG");
            if let Some(dir) = std::env::var_os("CERTA_DOT_OUT") {
                let dir = PathBuf::from(dir);
                std::fs::write(dir.join(format!("{name}.dot")), text).unwrap();
                std::fs::write(dir.join(format!("{name}.svg")), svg).unwrap();
            }
        }
        Err(e) if e.contains("not found") => {
            assert!(e.contains("graphviz"), "{e}");
            eprintln!("skipping SVG rendering: {e}");
        }
        Err(e) => panic!("{name}: {e}"),
    }
}

#[test]
fn dot_of_a_safe_certificate_is_the_arg() {
    let seed = run("corpus/imp/seed.imp", &Config::default());
    let cert = seed.certificate.as_ref().unwrap();
    let text = dot(cert, 60);
    let g = parse_dot(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let Body::Safe(b) = &cert.body else { panic!() };
    assert_eq!(g.nodes.len(), b.nodes.len());
    let edges: usize = b.successors.iter().map(|s| s.targets.len()).sum();
    assert_eq!(g.edges.len(), edges);
    assert!(!text.contains("omitted"), "nothing left out");
    // The loop head's cube is x == y; the initial node is highlighted.
    assert!(g.nodes.values().any(|l| l.contains("x == y")), "{text}");
    let init = format!("n{}", b.initial[0]);
    assert!(text.contains(&format!("{init} [label=")) && text.contains("#dbe9ff"));
    assert!(
        g.edges.iter().any(|(_, _, l)| l.contains("x = x + 1")),
        "{text}"
    );
    assert_eq!(text, dot(cert, 60), "deterministic");
    maybe_render("seed-arg", &text);
}

#[test]
fn dot_caps_large_graphs_with_a_note() {
    let safe = run("corpus/c/loops.c", &Config::default());
    let cert = safe.certificate.as_ref().unwrap();
    let Body::Safe(b) = &cert.body else { panic!() };
    assert!(b.nodes.len() > 5, "loops.c has {} nodes", b.nodes.len());
    let text = dot(cert, 5);
    let g = parse_dot(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(g.nodes.len(), 6, "5 nodes and the note");
    let drawn_edges = g.edges.len();
    let edges: usize = b.successors.iter().map(|s| s.targets.len()).sum();
    let note = &g.nodes["omitted"];
    assert!(
        note.contains(&format!(
            "{} more nodes and {} edges not drawn",
            b.nodes.len() - 5,
            edges - drawn_edges
        )),
        "{note}"
    );
    // Breadth-first: the initial node is among those drawn.
    assert!(g.nodes.contains_key(&format!("n{}", b.initial[0])));
    maybe_render("loops-arg-capped", &text);

    // A long trace keeps its start and the error state.
    let deep = run("corpus/imp/deep_bug_45.imp", &Config::default());
    let cert = deep.certificate.as_ref().unwrap();
    let Body::Unsafe(t) = &cert.body else {
        panic!()
    };
    let n = t.steps.len();
    assert!(n > 10);
    let text = dot(cert, 10);
    let g = parse_dot(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(g.nodes.len(), 11, "10 states and the note");
    assert!(g.nodes.contains_key("s0") && g.nodes.contains_key(&format!("s{n}")));
    assert!(g.nodes["omitted"].contains(&format!(
        "{} more nodes and {} edges not drawn",
        n + 1 - 10,
        n - 8
    )));
    assert!(g.nodes[&format!("s{n}")].contains("error location reached"));
    assert!(text.contains("color=red"));
}

#[test]
fn dot_of_an_unsafe_certificate_is_the_trace() {
    let bug = run("corpus/c/nondet_bug.c", &Config::default());
    let cert = bug.certificate.as_ref().unwrap();
    let text = dot(cert, 60);
    let g = parse_dot(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(g.nodes.len(), 2, "{text}");
    assert_eq!(g.edges.len(), 1);
    let (_, _, label) = &g.edges[0];
    assert!(label.contains("nondet at 8:11 = 12346"), "{label}");
    assert!(g.nodes["s1"].contains("reach_error()"), "{text}");
    assert!(!g.nodes["s0"].contains("nondet@"), "temporaries hidden");
    maybe_render("nondet-bug-trace", &text);

    let sv = run("corpus/imp/seed_variant.imp", &Config::default());
    let text = dot(sv.certificate.as_ref().unwrap(), 60);
    let g = parse_dot(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(g.nodes.values().any(|l| l.contains("y = 2")), "{text}");
    maybe_render("seed-variant-trace", &text);
}

#[test]
fn dot_escapes_quotes_backslashes_and_newlines() {
    let seed = run("corpus/imp/seed.imp", &Config::default());
    let mut cert = seed.certificate.clone().unwrap();
    let evil = "he said \"hi\" \\ back\nslash";
    for e in &mut cert.task.edges {
        e.name = evil.into();
    }
    if let Some(m) = &mut cert.source_map {
        for o in &mut m.edges {
            for s in &mut o.statements {
                s.text = format!("{}\"}}; x -> y [", s.text);
            }
        }
    }
    let text = dot(&cert, 60);
    let g = parse_dot(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(
        text.contains("he said \\\"hi\\\" \\\\ back slash"),
        "{text}"
    );
    let Body::Safe(b) = &cert.body else { panic!() };
    let edges: usize = b.successors.iter().map(|s| s.targets.len()).sum();
    assert_eq!(g.edges.len(), edges);
    maybe_render("escaped", &text);
}
