//! The README's picture of the crates, its kernel table and the file-size rule, checked
//! against the tree (`cargo metadata` and the sources), so the documentation stays true.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).expect("README.md")
}

/// Non-blank lines that are not `//` comments (`//!` and `///` included), with every item
/// marked `#[cfg(test)]` (a unit-test module, inline or declared) left out.
fn code_lines(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    let (mut i, mut count) = (0, 0);
    while i < lines.len() {
        let line = lines[i].trim();
        if line.starts_with("#[cfg(test)]") {
            let mut j = i + 1;
            while j < lines.len() && lines[j].trim().is_empty() {
                j += 1;
            }
            if j < lines.len() && lines[j].trim().ends_with(';') {
                i = j + 1;
                continue;
            }
            let (mut depth, mut opened) = (0i64, false);
            while j < lines.len() {
                let l = lines[j];
                depth += l.matches('{').count() as i64 - l.matches('}').count() as i64;
                opened |= l.contains('{');
                j += 1;
                if opened && depth <= 0 {
                    break;
                }
            }
            i = j;
            continue;
        }
        if !line.is_empty() && !line.starts_with("//") {
            count += 1;
        }
        i += 1;
    }
    count
}

/// (crate directory, dependency directory, "-->" for normal or "-.->" for build
/// dependencies) for every dependency between workspace members.
fn metadata_edges() -> BTreeSet<(String, String, String)> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(root())
        .output()
        .expect("run cargo metadata");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let m: Value = serde_json::from_slice(&out.stdout).expect("metadata JSON");
    let dir_of: BTreeMap<String, String> = m["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let manifest = Path::new(p["manifest_path"].as_str().unwrap());
            let dir = manifest.parent().unwrap().file_name().unwrap();
            (
                p["name"].as_str().unwrap().to_string(),
                dir.to_string_lossy().into_owned(),
            )
        })
        .collect();
    let mut edges = BTreeSet::new();
    for p in m["packages"].as_array().unwrap() {
        let from = &dir_of[p["name"].as_str().unwrap()];
        for d in p["dependencies"].as_array().unwrap() {
            let Some(to) = dir_of.get(d["name"].as_str().unwrap()) else {
                continue;
            };
            let arrow = match d["kind"].as_str() {
                None => "-->",
                Some("build") => "-.->",
                Some(kind) => panic!("{from} has a {kind} dependency on {to}: draw it"),
            };
            edges.insert((from.clone(), to.clone(), arrow.to_string()));
        }
    }
    edges
}

fn readme_edges() -> BTreeSet<(String, String, String)> {
    let text = readme();
    let start = text
        .find("```mermaid")
        .expect("a mermaid picture in README.md");
    let end = start + text[start..].find("\n```\n").expect("its end");
    text[start..end]
        .lines()
        .filter_map(|l| {
            let parts: Vec<&str> = l.split_whitespace().collect();
            match parts.as_slice() {
                [a, arrow @ ("-->" | "-.->"), b] => {
                    Some((a.to_string(), b.to_string(), arrow.to_string()))
                }
                _ => None,
            }
        })
        .collect()
}

#[test]
fn readme_crate_picture_is_the_cargo_metadata_graph() {
    let (drawn, real) = (readme_edges(), metadata_edges());
    let missing: Vec<_> = real.difference(&drawn).collect();
    let extra: Vec<_> = drawn.difference(&real).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "README.md's crate picture differs from cargo metadata: not drawn {missing:?}, drawn but absent {extra:?}"
    );
}

#[test]
fn dependencies_point_down_and_the_trusted_side_depends_on_nothing_untrusted() {
    let edges = metadata_edges();
    let deps = |from: &str| -> BTreeSet<String> {
        // Transitive normal dependencies.
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_string()];
        while let Some(c) = todo.pop() {
            for (a, b, arrow) in &edges {
                if *a == c && arrow == "-->" && seen.insert(b.clone()) {
                    todo.push(b.clone());
                }
            }
        }
        seen
    };
    let trusted: BTreeSet<String> = ["format", "clang", "frontend", "checker"]
        .map(String::from)
        .into();
    for t in &trusted {
        let outside: Vec<_> = deps(t).difference(&trusted).cloned().collect();
        assert!(outside.is_empty(), "trusted {t} depends on {outside:?}");
    }
    assert!(
        deps("format").is_empty(),
        "format depends on {:?}",
        deps("format")
    );
    for (lower, upper) in [
        ("engine", "evidence"),
        ("engine", "cli"),
        ("evidence", "cli"),
    ] {
        assert!(!deps(lower).contains(upper), "{lower} depends on {upper}");
    }
}

fn kernel_files() -> Vec<(String, usize)> {
    let mut files = Vec::new();
    for dir in ["format/src/kernel", "checker/src/kernel"] {
        let mut names: Vec<_> = std::fs::read_dir(root().join(dir))
            .expect(dir)
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".rs"))
            .collect();
        names.sort();
        for n in names {
            let text = std::fs::read_to_string(root().join(dir).join(&n)).unwrap();
            files.push((format!("{dir}/{n}"), code_lines(&text)));
        }
    }
    files
}

/// The kernel must not grow past this. Issue 26 set 2,500 as the target; the moves of
/// 2026-12-05 (messages, encoders, legacy readers, CLI out) took it from 3,631 to the
/// README's figure, and the rest needs simplification of the obligations themselves.
const KERNEL_CEILING: usize = 3_350;

#[test]
fn readme_kernel_table_lists_the_kernel_folders_file_by_file() {
    let files = kernel_files();
    let total: usize = files.iter().map(|f| f.1).sum();
    let mut table = String::from("| kernel file | lines |\n|---|---:|\n");
    for (f, n) in &files {
        table += &format!("| `{f}` | {n} |\n");
    }
    table += &format!("| **total** | **{total}** |");
    let text = readme();
    let begin = text
        .find("<!-- kernel-table: begin -->\n")
        .expect("kernel table begin marker");
    let end = text
        .find("\n<!-- kernel-table: end -->")
        .expect("kernel table end marker");
    let shown = &text[begin + "<!-- kernel-table: begin -->\n".len()..end];
    assert_eq!(
        shown, table,
        "README.md's kernel table is stale; it should read:\n{table}"
    );
    assert!(
        total <= KERNEL_CEILING,
        "the kernel grew to {total} lines (ceiling {KERNEL_CEILING})"
    );
}

#[test]
fn kernel_code_reaches_outside_the_kernel_only_for_messages_and_files() {
    let checker_allowed = [
        "binding",
        "closure",
        "concrete",
        "error",
        "index",
        "initiality",
        "solver",
        "structure",
        "trace",
        "witness",
        "work",    // the kernel itself
        "explain", // failure messages, asked for after the failure is decided
        "emit",    // --emit-smtlib / --proofs files
        "input",   // reads the --source file as a regular file only
    ];
    let format_allowed = [
        "bits", "cert", "codec", "eval", "expr", "hash", "task", "kernel",
        "print",  // formulas in messages
        "legacy", // format versions 2 and 3, decoded into the current form
    ];
    for (file, _) in kernel_files() {
        let text = std::fs::read_to_string(root().join(&file)).unwrap();
        let own = if file.starts_with("format/") {
            &format_allowed[..]
        } else {
            &checker_allowed[..]
        };
        for (prefix, allowed) in [("crate::", own), ("format::", &format_allowed[..])] {
            for (at, _) in text.match_indices(prefix) {
                let rest = &text[at + prefix.len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if name.starts_with(|c: char| c.is_ascii_lowercase()) {
                    assert!(
                        allowed.contains(&name.as_str()),
                        "{file} uses {prefix}{name}, outside the kernel"
                    );
                }
            }
        }
    }
}

#[test]
fn no_source_file_is_longer_than_900_lines() {
    let mut long = Vec::new();
    let mut todo: Vec<PathBuf> = [
        "wheel", "clang", "format", "frontend", "checker", "engine", "evidence", "cli", "tests",
    ]
    .iter()
    .map(|c| root().join(c).join("src"))
    .collect();
    while let Some(dir) = todo.pop() {
        for e in std::fs::read_dir(&dir).expect("src dir") {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let n = std::fs::read_to_string(&p).unwrap().lines().count();
                if n > 900 {
                    long.push(format!(
                        "{} ({n} lines)",
                        p.strip_prefix(root()).unwrap_or(&p).display()
                    ));
                }
            }
        }
    }
    long.sort();
    assert!(long.is_empty(), "source files over 900 lines: {long:?}");
}
