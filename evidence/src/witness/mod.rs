//! SV-COMP verification witnesses, format 2.0 (YAML): correctness witnesses
//! (loop invariants) from SAFE certificates, violation witnesses (waypoint
//! sequences) from UNSAFE ones, and their validation.
//!
//! The metadata (uuid, creation time) is never part of a certificate or of
//! anything hashed; with `SOURCE_DATE_EPOCH` set it is derived from the
//! content and that time, so the whole file is reproducible.

pub mod cexpr;
pub mod rules;
#[cfg(test)]
mod tests_cexpr_cases;
#[cfg(test)]
mod tests_cexpr_differential;
#[cfg(test)]
mod tests_cexpr_oracle;
#[cfg(test)]
mod tests_cexpr_random;
#[cfg(test)]
mod tests_rules_accepted;
#[cfg(test)]
mod tests_rules_fixtures;
#[cfg(test)]
mod tests_rules_refused_file;
#[cfg(test)]
mod tests_rules_refused_invariants;
#[cfg(test)]
mod tests_rules_refused_metadata;
#[cfg(test)]
mod tests_rules_refused_waypoints;
pub mod validate;
pub mod violation;
pub mod yaml;

use cexpr::{CScope, Printer};
use format::{Literal, SafeBody};
use std::collections::{BTreeMap, BTreeSet};

/// The SV-COMP property a witness speaks about.
pub const SPECIFICATION: &str = "G ! call(reach_error())";
/// The witness specification of SV-COMP's no-overflow property.
pub const NO_OVERFLOW_SPECIFICATION: &str = "G ! overflow";

/// The specification a witness of `cert` states: the property its trace
/// violates (no-overflow when it ends in a signed overflow), else the
/// properties its translation checked.
fn specification(
    cert: &format::Certificate,
    program: &frontend::Program,
    props: frontend::Properties,
) -> String {
    if let format::Body::Unsafe(t) = &cert.body {
        return match engine::run::reached_site(program, t) {
            Some(s) if s.kind == frontend::c::CheckKind::Overflow => {
                NO_OVERFLOW_SPECIFICATION.into()
            }
            _ => SPECIFICATION.into(),
        };
    }
    match (props.unreach_call, props.no_overflow) {
        (true, true) => format!("{SPECIFICATION} && {NO_OVERFLOW_SPECIFICATION}"),
        (false, true) => NO_OVERFLOW_SPECIFICATION.into(),
        _ => SPECIFICATION.into(),
    }
}

/// A source loop: its keyword's position, its function, the task locations
/// that are its head (one per inlined copy), and the C variables in scope.
#[derive(Clone, Debug)]
pub struct LoopSite {
    pub locations: Vec<String>,
    pub line: u32,
    pub column: u32,
    pub function: String,
    pub scope: CScope,
}

/// The verification task a witness is about.
#[derive(Clone, Debug)]
pub struct WitnessTask {
    /// The C file, as given to the verifier.
    pub file_name: String,
    pub sha256: String,
    /// `ILP32` or `LP64`.
    pub data_model: String,
    /// The property formula (`G ! call(reach_error())`, `G ! overflow`).
    pub specification: String,
}

/// One loop invariant of a correctness witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopInvariant {
    pub line: u32,
    pub column: u32,
    pub function: String,
    pub value: String,
}

/// Most disjuncts written for one loop; beyond that only the literals common
/// to every disjunct are kept (weaker, still an invariant).
pub const MAX_DISJUNCTS: usize = 64;

/// The loop invariants of a SAFE certificate: at each loop, the disjunction
/// of the cubes of the nodes at its head locations. Literals that C cannot
/// state exactly (temporaries, variables out of scope, arrays, quantified
/// clauses) are dropped, which weakens a disjunct, so every result is still
/// an invariant; a loop whose invariant becomes `1` is left out.
pub fn loop_invariants(body: &SafeBody, sites: &[LoopSite]) -> Vec<LoopInvariant> {
    let formulas: BTreeMap<u32, &format::Expr> =
        body.predicates.iter().map(|p| (p.id, &p.formula)).collect();
    let mut out = Vec::new();
    for site in sites {
        let printer = Printer { scope: &site.scope };
        let mut texts: BTreeMap<Literal, String> = BTreeMap::new();
        let mut cubes: Vec<Cube> = Vec::new();
        let mut pairs: BTreeMap<(Literal, Literal), Literal> = BTreeMap::new();
        for node in body
            .nodes
            .iter()
            .filter(|n| site.locations.contains(&n.location))
        {
            let mut cube = Cube::new();
            // `f >= a` and `f <= a` state `f == a`, which C can often say
            // without the overflow a sum risks (`y == 2 * (long long)x`).
            let mut rest: Vec<Literal> = node.cube.clone();
            for (p, q, eq) in equality_pairs(&node.cube, &formulas) {
                if let Some(text) = printer.formula(&eq) {
                    let next = u32::MAX - pairs.len() as u32;
                    let id = *pairs.entry((p, q)).or_insert(Literal {
                        pred: next,
                        positive: true,
                    });
                    texts.insert(id, text);
                    cube.insert(id);
                    rest.retain(|l| *l != p && *l != q);
                }
            }
            for l in &rest {
                let Some(f) = formulas.get(&l.pred) else {
                    continue;
                };
                let f = if l.positive {
                    (*f).clone()
                } else {
                    format::Expr::not((*f).clone())
                };
                // `-2x + y == 0` as `y == 2x`: no sum that could overflow.
                let text = balanced(&f)
                    .and_then(|b| printer.formula(&b))
                    .or_else(|| printer.formula(&f));
                if let Some(text) = text {
                    texts.insert(*l, text);
                    cube.insert(*l);
                }
            }
            if !cubes.contains(&cube) {
                cubes.push(cube);
            }
        }
        if let Some(value) = disjunction(simplify(cubes), &texts) {
            out.push(LoopInvariant {
                line: site.line,
                column: site.column,
                function: site.function.clone(),
                value,
            });
        }
    }
    out
}

type Cube = BTreeSet<Literal>;

/// A linear form over variables: coefficient by name (`None` otherwise).
fn linear_form(f: &format::Expr) -> Option<BTreeMap<String, format::BigInt>> {
    use format::{BigInt, Expr, Num};
    let terms: Vec<&Expr> = match f {
        Expr::Add(v) => v.iter().collect(),
        other => vec![other],
    };
    let mut form = BTreeMap::new();
    for t in terms {
        let (k, name) = match t {
            Expr::Var(n) => (BigInt::from(1), n),
            Expr::Mul(Num(k), x) => match &**x {
                Expr::Var(n) => (k.clone(), n),
                _ => return None,
            },
            _ => return None,
        };
        *form.entry(name.clone()).or_insert_with(|| BigInt::from(0)) += k;
    }
    Some(form)
}

/// `sum_pos == sum_neg + c` for the form `f == c`: positive coefficients
/// left, negated negative ones right.
fn equation(form: &BTreeMap<String, format::BigInt>, c: &format::BigInt) -> format::Expr {
    use format::{BigInt, Expr, Num};
    let term = |k: &BigInt, n: &str| {
        if *k == BigInt::from(1) {
            Expr::var(n)
        } else {
            Expr::Mul(Num(k.clone()), Box::new(Expr::var(n)))
        }
    };
    let (mut lhs, mut rhs) = (Vec::new(), Vec::new());
    for (n, k) in form {
        if *k > BigInt::from(0) {
            lhs.push(term(k, n));
        } else if *k < BigInt::from(0) {
            rhs.push(term(&-k, n));
        }
    }
    let side = |mut v: Vec<Expr>, c: Option<&BigInt>| {
        if let Some(c) = c.filter(|c| **c != BigInt::from(0)) {
            v.push(Expr::Int(Num(c.clone())));
        }
        match v.len() {
            0 => Expr::int(0),
            1 => v.pop().expect("one"),
            _ => Expr::Add(v),
        }
    };
    Expr::eq(side(lhs, None), side(rhs, Some(c)))
}

/// An equality `f == c` of a linear form with terms on both sides, balanced.
fn balanced(f: &format::Expr) -> Option<format::Expr> {
    let format::Expr::Eq(a, b) = f else {
        return None;
    };
    let format::Expr::Int(format::Num(c)) = &**b else {
        return None;
    };
    let form = linear_form(a)?;
    form.values()
        .any(|k| *k < format::BigInt::from(0))
        .then(|| equation(&form, c))
}

/// Pairs of positive literals `f >= a` (or `f > a - 1`) and `-f >= -a`
/// of one cube, with the equality `f == a` they state together.
fn equality_pairs(
    cube: &[Literal],
    formulas: &BTreeMap<u32, &format::Expr>,
) -> Vec<(Literal, Literal, format::Expr)> {
    use format::{BigInt, Expr, Num};
    // `(linear form, lower bound)` of `f > c` / `f >= c` over variables.
    fn bound(e: &Expr) -> Option<(BTreeMap<String, BigInt>, BigInt)> {
        let (f, c, strict) = match e {
            Expr::Gt(f, c) => (f, c, true),
            Expr::Ge(f, c) => (f, c, false),
            _ => return None,
        };
        let Expr::Int(Num(c)) = &**c else { return None };
        let lo = if strict { c + 1 } else { c.clone() };
        Some((linear_form(f)?, lo))
    }
    let mut out = Vec::new();
    let positives: Vec<(Literal, (BTreeMap<String, BigInt>, BigInt))> = cube
        .iter()
        .filter(|l| l.positive)
        .filter_map(|l| Some((*l, bound(formulas.get(&l.pred)?)?)))
        .collect();
    let mut used: Vec<Literal> = Vec::new();
    for (i, (p, (f, a))) in positives.iter().enumerate() {
        for (q, (g, b)) in &positives[i + 1..] {
            if used.contains(p) || used.contains(q) {
                continue;
            }
            let negated = f.len() == g.len() && f.iter().all(|(n, k)| g.get(n) == Some(&-k));
            if negated && *a == -b {
                let eq = equation(f, a);
                used.push(*p);
                used.push(*q);
                out.push((*p, *q, eq));
            }
        }
    }
    out
}

/// Merges cubes that differ only in one literal's sign (`c && p || c && !p`
/// is `c`) and drops cubes that contain another cube (subsumed), until
/// nothing changes; the order of first appearance is kept.
fn simplify(mut cubes: Vec<Cube>) -> Vec<Cube> {
    loop {
        let mut changed = false;
        'merge: for i in 0..cubes.len() {
            for j in i + 1..cubes.len() {
                if cubes[i].len() != cubes[j].len() {
                    continue;
                }
                let only_i: Vec<&Literal> = cubes[i].difference(&cubes[j]).collect();
                let only_j: Vec<&Literal> = cubes[j].difference(&cubes[i]).collect();
                if let ([a], [b]) = (only_i.as_slice(), only_j.as_slice()) {
                    if a.pred == b.pred && a.positive != b.positive {
                        let a = **a;
                        cubes[i].remove(&a);
                        cubes.remove(j);
                        changed = true;
                        break 'merge;
                    }
                }
            }
        }
        let before = cubes.len();
        let snapshot = cubes.clone();
        cubes.retain(|c| !snapshot.iter().any(|d| d != c && d.is_subset(c)));
        changed |= cubes.len() != before;
        if !changed {
            return cubes;
        }
    }
}

/// `c1 || c2 || ..` of cubes, with the literals common to all cubes
/// factored out; `None` if it is `1` (no cube at all: the loop head is
/// unreachable, stated as `0`).
fn disjunction(cubes: Vec<Cube>, texts: &BTreeMap<Literal, String>) -> Option<String> {
    let Some(first) = cubes.first() else {
        return Some("0".into());
    };
    let common: Cube = first
        .iter()
        .filter(|l| cubes.iter().all(|c| c.contains(l)))
        .copied()
        .collect();
    let text = |l: &Literal| paren_or(&texts[l]);
    let mut parts: Vec<String> = common.iter().map(text).collect();
    let rests: Vec<Vec<String>> = cubes
        .iter()
        .map(|c| c.difference(&common).map(text).collect())
        .collect();
    if !rests.iter().any(|r| r.is_empty()) && rests.len() <= MAX_DISJUNCTS {
        let alternatives: Vec<String> = rests
            .iter()
            .map(|r| {
                if r.len() == 1 && (rests.len() == 1 || parts.is_empty()) {
                    r[0].clone()
                } else {
                    format!("({})", r.join(" && "))
                }
            })
            .collect();
        let alt = alternatives.join(" || ");
        parts.push(if parts.is_empty() || alternatives.len() == 1 {
            alt
        } else {
            format!("({alt})")
        });
    }
    match parts.len() {
        0 => None,
        _ => Some(parts.join(" && ")),
    }
}

/// Parenthesises a literal that contains a top-level `||`.
fn paren_or(l: &str) -> String {
    if top_level_or(l) {
        format!("({l})")
    } else {
        l.to_string()
    }
}

fn top_level_or(s: &str) -> bool {
    let mut depth = 0i32;
    let b = s.as_bytes();
    for i in 0..b.len() {
        match b[i] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b'|' if depth == 0 && b.get(i + 1) == Some(&b'|') => return true,
            _ => {}
        }
    }
    false
}

/// A waypoint of a violation witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WaypointKind {
    /// The C expression holds before the statement at the location runs.
    Assumption(String),
    /// The branch at the location (an `if`, loop or `?:`) goes this way.
    Branching(bool),
    /// The call that ends at the location returns a value satisfying the
    /// ACSL constraint (`\result == 5`).
    FunctionReturn(String),
    /// The failing call.
    Target,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waypoint {
    pub kind: WaypointKind,
    pub line: u32,
    pub column: u32,
    pub function: String,
}

/// The witness file's metadata that is not about the program.
#[derive(Clone, Debug)]
pub struct Metadata {
    pub uuid: String,
    pub creation_time: String,
}

impl Metadata {
    /// A fresh random uuid and the current time, or, with
    /// `SOURCE_DATE_EPOCH` set, that time and a uuid derived from `content`.
    pub fn new(content: &str) -> Metadata {
        let epoch = std::env::var("SOURCE_DATE_EPOCH")
            .ok()
            .and_then(|s| s.trim().parse::<i64>().ok());
        let (seconds, bytes) = match epoch {
            Some(t) => {
                let h = format::hash::bytes_sha256(format!("{t}\n{content}").as_bytes());
                (t, hex_bytes(&h))
            }
            None => {
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_secs() as i64)
                    .unwrap_or(0);
                (now, random_bytes())
            }
        };
        Metadata {
            uuid: uuid_v4(&bytes),
            creation_time: rfc3339(seconds),
        }
    }
}

fn hex_bytes(hex: &str) -> [u8; 16] {
    let mut out = [0u8; 16];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap_or(0);
    }
    out
}

fn random_bytes() -> [u8; 16] {
    use std::io::Read;
    let mut out = [0u8; 16];
    let filled = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut out));
    if filled.is_err() {
        // No entropy source: time and process id still make clashes unlikely.
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let h = format::hash::bytes_sha256(format!("{t}-{}", std::process::id()).as_bytes());
        out = hex_bytes(&h);
    }
    out
}

/// RFC 4122 version-4 uuid text from 16 bytes.
fn uuid_v4(bytes: &[u8; 16]) -> String {
    let mut b = *bytes;
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// `YYYY-MM-DDTHH:MM:SSZ` of a Unix time (UTC).
pub fn rfc3339(t: i64) -> String {
    let days = t.div_euclid(86_400);
    let secs = t.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        secs % 3600 / 60,
        secs % 60
    )
}

/// The correctness witness (`invariant_set`) as YAML text.
pub fn invariant_set_yaml(task: &WitnessTask, invariants: &[LoopInvariant]) -> String {
    let mut content = String::new();
    for inv in invariants {
        content += "    - invariant:\n        type: loop_invariant\n";
        content += &yaml::location(task, inv.line, inv.column, &inv.function, 8);
        content += &format!("        value: {}\n", yaml::quote(&inv.value));
        content += "        format: c_expression\n";
    }
    let meta = Metadata::new(&content);
    let mut out = yaml::entry_head("invariant_set", task, &meta);
    if invariants.is_empty() {
        out += "  content: []\n";
    } else {
        out += "  content:\n";
        out += &content;
    }
    out
}

/// The violation witness (`violation_sequence`) as YAML text: one segment
/// per waypoint, each with one `follow` waypoint, the target last.
pub fn violation_sequence_yaml(task: &WitnessTask, waypoints: &[Waypoint]) -> String {
    let mut content = String::new();
    for w in waypoints {
        content += "    - segment:\n        - waypoint:\n";
        let (kind, constraint) = match &w.kind {
            WaypointKind::Assumption(c) => ("assumption", Some((c.clone(), "c_expression"))),
            WaypointKind::Branching(b) => ("branching", Some((b.to_string(), ""))),
            WaypointKind::FunctionReturn(c) => {
                ("function_return", Some((c.clone(), "acsl_expression")))
            }
            WaypointKind::Target => ("target", None),
        };
        content += &format!("            type: {kind}\n            action: follow\n");
        content += &yaml::location(task, w.line, w.column, &w.function, 12);
        if let Some((value, fmt)) = constraint {
            content += "            constraint:\n";
            content += &format!("              value: {}\n", yaml::quote(&value));
            if !fmt.is_empty() {
                content += &format!("              format: {fmt}\n");
            }
        }
    }
    let meta = Metadata::new(&content);
    let mut out = yaml::entry_head("violation_sequence", task, &meta);
    out += "  content:\n";
    out += &content;
    out
}

/// The witness of a certificate of a C program, as YAML text. `source` is
/// the program (default: the file named in the certificate's source map);
/// it must be the file the certificate was made from.
pub fn witness_for(
    cert: &format::Certificate,
    source: Option<&std::path::Path>,
) -> Result<String, String> {
    let (path, info, task) = bind(cert, source)?;
    match &cert.body {
        format::Body::Safe(body) => {
            let sites = loop_sites(&info);
            Ok(invariant_set_yaml(&task, &loop_invariants(body, &sites)))
        }
        format::Body::Unsafe(_) => {
            let waypoints = violation::waypoints(cert, &path, &info)?;
            Ok(violation_sequence_yaml(&task, &waypoints))
        }
    }
}

/// Checks that `source` (or the certificate's own source file) is the C
/// program the certificate is about, and returns its path, its source
/// information and the witness task.
pub fn bind(
    cert: &format::Certificate,
    source: Option<&std::path::Path>,
) -> Result<(std::path::PathBuf, frontend::CSourceInfo, WitnessTask), String> {
    let recorded =
        cert.header.source.as_ref().ok_or(
            "the certificate records no source file (it was made from a task, not a program)",
        )?;
    if recorded.translation.language != "c" {
        return Err(format!(
            "witnesses speak about C programs; this certificate is about a `{}` file",
            recorded.translation.language
        ));
    }
    let path = match source {
        Some(p) => p.to_path_buf(),
        None => std::path::PathBuf::from(
            &cert
                .source_map
                .as_ref()
                .ok_or("the certificate has no source map; name the program with --source")?
                .file,
        ),
    };
    let program = frontend::load_as(&path, &recorded.translation).map_err(|e| e.to_string())?;
    if format::hash::task_sha256(&program.task) != cert.header.task_sha256 {
        return Err(format!(
            "{}: the certificate is not about this program (its task hash differs)",
            path.display()
        ));
    }
    let props =
        frontend::Properties::of_translation(&recorded.translation).map_err(|e| e.to_string())?;
    let info = frontend::c_source_info(&path, props).map_err(|e| e.to_string())?;
    let c_file = c_file(&path, &info);
    let c_bytes = std::fs::read(&c_file).map_err(|e| format!("{c_file}: {e}"))?;
    let task = WitnessTask {
        file_name: c_file,
        sha256: format::hash::bytes_sha256(&c_bytes),
        data_model: recorded
            .translation
            .data_model
            .clone()
            .unwrap_or_else(|| "LP64".into()),
        specification: specification(cert, &program, props),
    };
    Ok((path, info, task))
}

/// The C file a witness names: the one the positions are in (a `.yml`
/// task's input file, a `.i` file's `# line` origin) if it exists, else
/// the program file itself.
pub fn c_file(program: &std::path::Path, info: &frontend::CSourceInfo) -> String {
    if std::path::Path::new(&info.file).is_file() {
        info.file.clone()
    } else {
        program.display().to_string()
    }
}

/// The source loops of a C program, each with all its head locations.
pub fn loop_sites(info: &frontend::CSourceInfo) -> Vec<LoopSite> {
    let mut sites: Vec<LoopSite> = Vec::new();
    for h in &info.loops {
        let scope: CScope = h
            .scope
            .iter()
            .filter(|v| !v.array)
            .map(|v| {
                (
                    v.var.clone(),
                    cexpr::CVar {
                        c_name: v.c_name.clone(),
                        signed: v.ty.signed,
                        bits: v.ty.bits,
                    },
                )
            })
            .collect();
        match sites
            .iter_mut()
            .find(|s| s.line == h.pos.line && s.column == h.pos.col && s.function == h.function)
        {
            Some(s) => {
                s.locations.push(h.location.clone());
                // Inlined copies see the same C names.
                s.scope.extend(scope);
            }
            None => sites.push(LoopSite {
                locations: vec![h.location.clone()],
                line: h.pos.line,
                column: h.pos.col,
                function: h.function.clone(),
                scope,
            }),
        }
    }
    sites
}
