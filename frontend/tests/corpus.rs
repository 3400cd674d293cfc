//! Every corpus program in `corpus/MANIFEST.tsv` loads (safe/unsafe) or is
//! rejected with a positioned error (error), under both encodings; relations
//! sort-check; SBE never has fewer edges than LBE; the `.ts` print/parse round trip holds.

use format::task::{EdgeScope, StateScope};
use format::{ExprSort, Task};
use frontend::{load, parse_ts, Encoding, FrontendError};
use std::path::PathBuf;

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus")
}

fn manifest() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(corpus().join("MANIFEST.tsv")).expect("manifest");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut c = l.split('\t');
            (
                c.next().unwrap().to_string(),
                c.next().expect("two columns").trim().to_string(),
            )
        })
        .filter(|(f, _)| f != "file")
        .collect()
}

fn well_formed(task: &Task, what: &str) {
    assert_eq!(
        task.init.sort_check(&StateScope(task)),
        Ok(ExprSort::Bool),
        "{what}: init"
    );
    assert!(task.has_location(&task.initial_location), "{what}");
    assert!(task.has_location(&task.bad_location), "{what}");
    for (i, e) in task.edges.iter().enumerate() {
        assert_eq!(
            e.relation.sort_check(&EdgeScope(task, e)),
            Ok(ExprSort::Bool),
            "{what}: edge {}",
            e.name
        );
        assert!(
            task.has_location(&e.from) && task.has_location(&e.to),
            "{what}: {}",
            e.name
        );
        assert!(
            task.edges[..i].iter().all(|d| d.id != e.id),
            "{what}: duplicate id"
        );
        assert!(e.from != task.bad_location, "{what}: edge out of bad");
        for l in &e.locals {
            let ok = l
                .name
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && l.name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_.@$#".contains(c));
            assert!(ok, "{what}: local name {}", l.name);
        }
    }
}

#[test]
fn corpus_programs_load_under_both_encodings() {
    let entries = manifest();
    let (mut safe, mut unsafe_, mut error) = (0, 0, 0);
    for (file, expected) in &entries {
        let path = corpus().join(file);
        match expected.as_str() {
            "safe" | "unsafe" => {
                if expected == "safe" {
                    safe += 1
                } else {
                    unsafe_ += 1
                }
                let lbe = load(&path, Encoding::Lbe).unwrap_or_else(|e| panic!("{e}"));
                let sbe = load(&path, Encoding::Sbe).unwrap_or_else(|e| panic!("{e}"));
                well_formed(&lbe.task, file);
                well_formed(&sbe.task, file);
                assert!(sbe.task.edges.len() >= lbe.task.edges.len(), "{file}");
                assert_eq!(lbe.source_map.edges.len(), lbe.task.edges.len(), "{file}");
                for t in [&lbe.task, &sbe.task] {
                    let text = format::print::task_to_string(t);
                    assert_eq!(
                        &parse_ts(file, &text).unwrap_or_else(|e| panic!("{e}\n{text}")),
                        t
                    );
                }
                if file.ends_with(".imp") {
                    assert!(
                        lbe.task.edges.len() < sbe.task.edges.len(),
                        "{file}: LBE did not summarise"
                    );
                    assert_eq!(lbe.task.initial_location, "entry");
                    assert_eq!(lbe.task.bad_location, "bad");
                }
            }
            "error" => {
                error += 1;
                for enc in [Encoding::Lbe, Encoding::Sbe] {
                    let err: FrontendError = load(&path, enc)
                        .err()
                        .unwrap_or_else(|| panic!("{file} loads"));
                    assert!(err.pos().is_some(), "{file}: {err}");
                    // `file:line:col: ...`, or the C frontend's
                    // `unsupported: <construct> at file:line:col` (issue 4's form).
                    let text = err.to_string();
                    let file_name = path.display().to_string();
                    assert!(
                        text.starts_with(&file_name)
                            || (text.starts_with("unsupported: ")
                                && text.contains(&format!(" at {file_name}:"))),
                        "{err}"
                    );
                }
            }
            other => panic!("{file}: unknown expectation {other}"),
        }
    }
    assert!(entries.len() >= 32, "only {} corpus entries", entries.len());
    assert!(
        safe >= 10 && unsafe_ >= 10 && error >= 5,
        "{safe} safe, {unsafe_} unsafe, {error} error"
    );
}

#[test]
fn seed_lbe_task_is_entry_head_bad() {
    let p = load(&corpus().join("imp/seed.imp"), Encoding::Lbe).unwrap();
    let t = &p.task;
    assert_eq!(t.locations.len(), 3, "{:?}", t.locations);
    let head = t
        .locations
        .iter()
        .find(|l| *l != "entry" && *l != "bad")
        .unwrap()
        .clone();
    let mut shape: Vec<(String, String)> = t
        .edges
        .iter()
        .map(|e| (e.from.clone(), e.to.clone()))
        .collect();
    shape.sort();
    let mut want = vec![
        ("entry".to_string(), head.clone()),
        (head.clone(), head.clone()),
        (head.clone(), "bad".to_string()),
    ];
    want.sort();
    assert_eq!(shape, want);
}

#[test]
fn hard_programs_load_too() {
    let dir = corpus().join("hard");
    let Ok(rd) = std::fs::read_dir(&dir) else {
        return;
    };
    for f in rd {
        let path = f.unwrap().path();
        for enc in [Encoding::Lbe, Encoding::Sbe] {
            let p = load(&path, enc).unwrap_or_else(|e| panic!("{e}"));
            well_formed(&p.task, &path.display().to_string());
        }
    }
}

#[test]
fn unknown_extension_and_missing_file() {
    let e = load(&corpus().join("MANIFEST.tsv"), Encoding::Lbe).unwrap_err();
    assert!(e.to_string().contains("unsupported file extension"), "{e}");
    let e = load(&corpus().join("imp/does_not_exist.imp"), Encoding::Lbe).unwrap_err();
    assert!(matches!(e, FrontendError::Io { .. }), "{e}");
}
