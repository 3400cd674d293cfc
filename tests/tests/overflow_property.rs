//! The properties of a C verdict end to end (issue 25): what SAFE, UNSAFE
//! and UNKNOWN say under unreach-call, no-overflow and the mathematical
//! reading; certificates bound to the properties they were made for;
//! overflow counterexamples confirmed by gcc's sanitizer; bad property
//! specifications refused with exit 3.

use certa_tests::{corpus_dir, workspace_binary, TempFile};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `name` in a fresh directory, removed when the result is dropped.
fn tmp(name: &str) -> TempFile {
    TempFile::new(name)
}

fn run(bin: &Path, args: &[&dyn AsRef<std::ffi::OsStr>]) -> Output {
    let mut c = Command::new(bin);
    for a in args {
        c.arg(a);
    }
    c.output().unwrap()
}

fn first_line(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn program(name: &str) -> PathBuf {
    corpus_dir().join("overflow").join(name)
}

#[test]
fn a_counter_overflowing_before_the_error_is_never_safe_by_default() {
    let (Some(certa), Some(check)) = (workspace_binary("certa"), workspace_binary("certa-check"))
    else {
        eprintln!("binaries not built; skipped");
        return;
    };
    let src = program("counter_overflow.c");
    let cases: [(&[&str], i32, &str); 3] = [
        (
            &[],
            2,
            "UNKNOWN: undefined behaviour is reachable: signed overflow in `x++` at",
        ),
        (
            &["--property", "no-overflow"],
            1,
            "UNSAFE (no-overflow: signed overflow in `x++` at",
        ),
        (
            &["--assume-no-overflow"],
            0,
            "SAFE (unreach-call, assuming no signed overflow (undefined behaviour in C))",
        ),
    ];
    for (k, (flags, code, line)) in cases.iter().enumerate() {
        let cert = tmp(&format!("counter{k}.json"));
        let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"verify", &src, &"-o", &cert];
        for f in flags.iter() {
            args.push(f);
        }
        let o = run(&certa, &args);
        assert_eq!(o.status.code(), Some(*code), "{flags:?}: {}", text(&o));
        assert!(first_line(&o).starts_with(line), "{flags:?}: {}", text(&o));
        // Every answer comes with a certificate VALID for this program.
        let c = run(&check, &[&cert, &"--source", &src]);
        assert!(text(&c).starts_with("VALID"), "{flags:?}: {}", text(&c));
    }
}

#[test]
fn a_certificate_is_bound_to_the_properties_it_was_made_for() {
    let (Some(certa), Some(check)) = (workspace_binary("certa"), workspace_binary("certa-check"))
    else {
        eprintln!("binaries not built; skipped");
        return;
    };
    let src = program("counter_overflow.c");
    let cert = tmp("assumed.json");
    let o = run(
        &certa,
        &[&"verify", &src, &"--assume-no-overflow", &"-o", &cert],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let json = std::fs::read_to_string(&cert).unwrap();
    assert!(
        json.contains("\"assumptions\": [\"no-overflow\"]"),
        "{json}"
    );
    // Dropping the assumption claims the SAFE for gcc's reading of the
    // program: re-translated with overflow checks, it is another task.
    let forged = tmp("forged.json");
    let dropped = json.replace("\"assumptions\": [\"no-overflow\"]", "\"assumptions\": []");
    assert_ne!(dropped, json);
    std::fs::write(&forged, dropped).unwrap();
    let c = run(&check, &[&forged, &"--source", &src]);
    assert!(text(&c).starts_with("INVALID"), "{}", text(&c));
    assert_eq!(c.status.code(), Some(1), "{}", text(&c));
}

#[test]
fn products_quotients_and_masks_of_variables_are_proved_safe() {
    let (Some(certa), Some(check)) = (workspace_binary("certa"), workspace_binary("certa-check"))
    else {
        eprintln!("binaries not built; skipped");
        return;
    };
    let src = program("product_bounded.c");
    for (k, flags) in [vec![], vec!["--property", "unreach-call,no-overflow"]]
        .iter()
        .enumerate()
    {
        let cert = tmp(&format!("product{k}.json"));
        let mut args: Vec<&dyn AsRef<std::ffi::OsStr>> = vec![&"verify", &src, &"-o", &cert];
        for f in flags {
            args.push(f);
        }
        let o = run(&certa, &args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        let c = run(&check, &[&cert, &"--source", &src]);
        assert!(text(&c).starts_with("VALID"), "{}", text(&c));
    }
}

#[test]
fn overflow_counterexamples_are_confirmed_by_the_sanitizer() {
    let Some(certa) = workspace_binary("certa") else {
        eprintln!("binaries not built; skipped");
        return;
    };
    if Command::new("gcc").arg("--version").output().is_err() {
        eprintln!("no gcc; skipped");
        return;
    }
    for (name, what) in [
        ("counter_overflow.c", "signed integer overflow"),
        ("division_min.c", "division of -2147483648 by -1"),
    ] {
        let src = program(name);
        let cert = tmp(&format!("{name}.json"));
        let o = run(
            &certa,
            &[&"verify", &src, &"--property", &"no-overflow", &"-o", &cert],
        );
        assert_eq!(o.status.code(), Some(1), "{name}: {}", text(&o));
        let c = run(&certa, &[&"confirm", &cert, &"--source", &src]);
        let t = text(&c);
        if t.contains("INCONCLUSIVE") {
            eprintln!("{name}: {t}");
            continue; // no sanitizer runtime on this machine
        }
        assert!(t.starts_with("CONFIRMED"), "{name}: {t}");
        assert!(t.contains(what), "{name}: {t}");
    }
}

#[test]
fn property_files_select_the_property_and_unsupported_ones_exit_3() {
    let Some(certa) = workspace_binary("certa") else {
        eprintln!("binaries not built; skipped");
        return;
    };
    let src = program("division_min.c");
    let o = run(
        &certa,
        &[&"verify", &src, &"--property", &program("no-overflow.prp")],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        first_line(&o).starts_with("UNSAFE (no-overflow"),
        "{}",
        text(&o)
    );
    for bad in [
        program("valid-memsafety.prp").display().to_string(),
        "termination".to_string(),
        "unreach-call,memsafety".to_string(),
    ] {
        let o = run(&certa, &[&"verify", &src, &"--property", &bad]);
        assert_eq!(o.status.code(), Some(3), "{bad}: {}", text(&o));
        assert!(
            text(&o).contains("unsupported property"),
            "{bad}: {}",
            text(&o)
        );
    }
    let o = run(
        &certa,
        &[
            &"verify",
            &src,
            &"--property",
            &"no-overflow",
            &"--assume-no-overflow",
        ],
    );
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
}

#[test]
fn sarif_reports_an_overflow_as_cwe_190_at_the_operation() {
    let Some(certa) = workspace_binary("certa") else {
        eprintln!("binaries not built; skipped");
        return;
    };
    let src = program("counter_overflow.c");
    let sarif = tmp("counter.sarif");
    let o = run(
        &certa,
        &[
            &"verify",
            &src,
            &"--property",
            &"no-overflow",
            &"--sarif",
            &sarif,
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sarif).unwrap()).unwrap();
    let run = &log["runs"][0];
    let r = &run["results"][0];
    assert_eq!(r["ruleId"], "no-overflow");
    assert_eq!(r["level"], "error");
    let region = &r["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startLine"], 9);
    let rule = &run["tool"]["driver"]["rules"][r["ruleIndex"].as_u64().unwrap() as usize];
    assert_eq!(rule["id"], "no-overflow");
    assert_eq!(rule["properties"]["cwe"], "CWE-190");
}

#[test]
fn an_error_reachable_without_undefined_behaviour_is_unsafe_whatever_is_found_first() {
    let (Some(certa), Some(check)) = (workspace_binary("certa"), workspace_binary("certa-check"))
    else {
        eprintln!("binaries not built; skipped");
        return;
    };
    let src = program("error_past_division.c");
    for engine in ["cegar", "pdr", "auto"] {
        let cert = tmp(&format!("past-{engine}.json"));
        let o = run(
            &certa,
            &[&"verify", &src, &"--engine", &engine, &"-o", &cert],
        );
        assert_eq!(o.status.code(), Some(1), "{engine}: {}", text(&o));
        assert_eq!(
            first_line(&o),
            "UNSAFE (unreach-call)",
            "{engine}: {}",
            text(&o)
        );
        let c = run(&check, &[&cert, &"--source", &src]);
        assert!(text(&c).starts_with("VALID"), "{engine}: {}", text(&c));
    }
    // The counter program has no such run: UNKNOWN says so.
    let o = run(&certa, &[&"verify", &program("counter_overflow.c")]);
    assert!(
        text(&o).contains("no run free of undefined behaviour reaches the error"),
        "{}",
        text(&o)
    );
}
