//! certa at CI scale: `bench -j` keeps manifest order and answers as one
//! job does, `--shard`/`--merge` round-trip, `--cache` re-checks instead of
//! re-proving and discards a stored certificate that is not VALID, and
//! `certa-check -j` gives the same report for any job count.

use certa_tests::{corpus_dir, workspace_binary};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh directory of its own, removed when the result is dropped.
fn tmp(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("certa-ci-scale-{name}-"))
        .tempdir()
        .unwrap()
}

fn certa(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Output {
    let bin = workspace_binary("certa").expect("cargo test --workspace builds certa");
    let mut c = Command::new(bin);
    for a in args {
        c.arg(a);
    }
    c.output().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A small bench set: fast corpus programs of every verdict, one bad file;
/// in a fresh directory, removed when the result is dropped.
fn small_set(name: &str) -> tempfile::TempDir {
    let dir = tmp(name);
    let files = [
        ("imp/seed.imp", "safe"),
        ("imp/assume_bug.imp", "unsafe"),
        ("imp/branches.imp", "safe"),
        ("imp/countdown_bug.imp", "unsafe"),
        ("ts/seed.ts", "safe"),
        ("err/syntax.imp", "error"),
        ("imp/div_mod.imp", "safe"),
    ];
    let mut manifest = String::from("file\texpected\n");
    for (f, e) in files {
        let to = dir.path().join(f);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(corpus_dir().join(f), &to).unwrap_or_else(|e| panic!("{f}: {e}"));
        manifest += &format!("{f}\t{e}\n");
    }
    std::fs::write(dir.path().join("MANIFEST.tsv"), manifest).unwrap();
    dir
}

fn rows(json: &Path) -> Vec<serde_json::Value> {
    serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap()
}

fn key(r: &serde_json::Value) -> (u64, String, String, String) {
    (
        r["index"].as_u64().unwrap(),
        r["file"].as_str().unwrap().to_string(),
        r["verdict"].as_str().unwrap().to_string(),
        r["check"].as_str().unwrap().to_string(),
    )
}

#[test]
fn bench_with_two_jobs_keeps_manifest_order_and_answers_as_one_job() {
    let dir_tmp = small_set("jobs");
    let dir = dir_tmp.path();
    let (one, two) = (dir.join("one.json"), dir.join("two.json"));
    let out1 = certa(&[&"bench", &dir, &"-j", &"1", &"--no-sbe", &"--json", &one]);
    let out2 = certa(&[&"bench", &dir, &"-j", &"2", &"--no-sbe", &"--json", &two]);
    assert!(
        out1.status.success() && out2.status.success(),
        "{}",
        text(&out2)
    );
    let (r1, r2) = (rows(&one), rows(&two));
    assert_eq!(r1.len(), 7);
    let k1: Vec<_> = r1.iter().map(key).collect();
    let k2: Vec<_> = r2.iter().map(key).collect();
    assert_eq!(k1, k2);
    let indices: Vec<u64> = k2.iter().map(|k| k.0).collect();
    assert_eq!(indices, (0..7).collect::<Vec<_>>());
    let table = String::from_utf8_lossy(&out2.stdout);
    assert!(table.contains("wrong 0"), "{table}");
    // 3 safe (+2), 2 unsafe (+1), ts/seed safe (+2): all certified.
    assert!(
        table.contains(": 10 of 10; counting only verdicts with a VALID certificate: 10"),
        "{table}"
    );
    // stderr is a pipe here: one plain progress line per task.
    let progress = String::from_utf8_lossy(&out2.stderr);
    assert_eq!(
        progress.lines().filter(|l| l.starts_with('[')).count(),
        7,
        "{progress}"
    );
    assert!(progress.contains("[7/7]"), "{progress}");
}

#[test]
fn shards_merge_back_into_the_whole_run() {
    let dir_tmp = small_set("shards");
    let dir = dir_tmp.path();
    let whole = dir.join("whole.json");
    let out = certa(&[&"bench", &dir, &"--no-sbe", &"--json", &whole]);
    assert!(out.status.success(), "{}", text(&out));
    // One shard as CSV, two as JSON: merge reads both.
    let parts = [dir.join("s1.csv"), dir.join("s2.json"), dir.join("s3.json")];
    for (i, p) in parts.iter().enumerate() {
        let shard = format!("{}/3", i + 1);
        let flag = if p.extension().unwrap() == "csv" {
            "--csv"
        } else {
            "--json"
        };
        let out = certa(&[&"bench", &dir, &"--no-sbe", &"--shard", &shard, &flag, p]);
        assert!(out.status.success(), "{}", text(&out));
        let table = String::from_utf8_lossy(&out.stdout);
        assert!(table.contains(&format!("shard {shard}:")), "{table}");
    }
    let merged = dir.join("merged.json");
    let out = certa(&[
        &"bench", &"--merge", &parts[0], &parts[1], &parts[2], &"--json", &merged,
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let k_whole: Vec<_> = rows(&whole).iter().map(key).collect();
    let k_merged: Vec<_> = rows(&merged).iter().map(key).collect();
    assert_eq!(k_whole, k_merged);
    assert!(String::from_utf8_lossy(&out.stdout).contains("summary: 7 tasks"));

    // A missing shard is refused, naming what is missing.
    let out = certa(&[&"bench", &"--merge", &parts[0], &parts[2]]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    assert!(
        text(&out).contains("cover 5 of 7 tasks; missing task indices 1, 4"),
        "{}",
        text(&out)
    );
    // So is a shard given twice.
    let out = certa(&[
        &"bench", &"--merge", &parts[0], &parts[1], &parts[1], &parts[2],
    ]);
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out).contains("is in both"), "{}", text(&out));
    // And a bad shard spec.
    for bad in ["0/3", "4/3", "2", "a/b"] {
        let out = certa(&[&"bench", &dir, &"--shard", &bad]);
        assert_eq!(out.status.code(), Some(3), "{bad}: {}", text(&out));
        assert!(text(&out).contains("--shard wants I/N"), "{}", text(&out));
    }
}

/// The only entry in the cache directory.
fn cache_entry(cache: &Path) -> PathBuf {
    let mut found = Vec::new();
    for sub in std::fs::read_dir(cache).unwrap() {
        for e in std::fs::read_dir(sub.unwrap().path()).unwrap() {
            found.push(e.unwrap().path());
        }
    }
    assert_eq!(found.len(), 1, "{found:?}");
    found.pop().unwrap()
}

#[test]
fn cache_hit_rechecks_the_stored_certificate_instead_of_verifying() {
    let dir_tmp = tmp("cache-hit");
    let dir = dir_tmp.path();
    let cache = dir.join("cache");
    let seed = corpus_dir().join("imp/seed.imp");
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    let first = certa(&[&"verify", &seed, &"-o", &a, &"--cache", &cache, &"--json"]);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first));
    let v: serde_json::Value = serde_json::from_slice(&first.stdout).unwrap();
    assert_eq!(v["cache"], "miss");
    assert!(v["queries"].as_u64().unwrap() > 0);
    let second = certa(&[&"verify", &seed, &"-o", &b, &"--cache", &cache, &"--json"]);
    assert_eq!(second.status.code(), Some(0), "{}", text(&second));
    let v: serde_json::Value = serde_json::from_slice(&second.stdout).unwrap();
    assert_eq!(v["cache"], "hit");
    assert_eq!(v["verdict"], "SAFE");
    assert_eq!(v["queries"], 0, "a hit runs no Z3 query");
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    // Other options that can change the certificate miss.
    let other = certa(&[
        &"verify",
        &seed,
        &"--cache",
        &cache,
        &"--analysis",
        &"predicate",
    ]);
    assert!(
        String::from_utf8_lossy(&other.stdout).contains("cache miss"),
        "{}",
        text(&other)
    );
}

#[test]
fn a_stored_certificate_that_is_not_valid_is_discarded_and_verified_again() {
    let dir_tmp = tmp("cache-bad");
    let dir = dir_tmp.path();
    let cache = dir.join("cache");
    let seed = corpus_dir().join("imp/seed.imp");
    let out = certa(&[&"verify", &seed, &"--cache", &cache]);
    assert_eq!(out.status.code(), Some(0));
    let entry = cache_entry(&cache);
    let good = std::fs::read(&entry).unwrap();

    // Garbage, a certificate of another program, and a forged SAFE body.
    let variant = dir.join("variant.cert");
    let out = certa(&[
        &"verify",
        &corpus_dir().join("imp/branches.imp"),
        &"-o",
        &variant,
    ]);
    assert_eq!(out.status.code(), Some(0));
    let mut forged = format::codec::read_certificate(&entry).unwrap();
    let format::Body::Safe(body) = &mut forged.body else {
        panic!("seed is SAFE")
    };
    for n in &mut body.nodes {
        n.cube.clear();
    }
    let forged_path = dir.join("forged.cert");
    format::encode::write_certificate(&forged_path, &forged).unwrap();
    let cases: [(&str, Vec<u8>, &str); 3] = [
        ("garbage", b"not a certificate".to_vec(), "discarded"),
        ("other", std::fs::read(&variant).unwrap(), "another task"),
        (
            "forged",
            std::fs::read(&forged_path).unwrap(),
            "the checker says INVALID",
        ),
    ];
    for (name, bytes, why) in cases {
        std::fs::write(&entry, &bytes).unwrap();
        let out = certa(&[&"verify", &seed, &"--cache", &cache]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("warning: cached certificate") && err.contains(why),
            "{name}: {err}"
        );
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("cache discarded"),
            "{name}"
        );
        // Re-verified and stored again: the entry is the good certificate.
        assert_eq!(std::fs::read(&entry).unwrap(), good, "{name}");
    }
}

#[test]
fn bench_cache_second_run_hits_every_definite_task() {
    let dir_tmp = small_set("bench-cache");
    let dir = dir_tmp.path();
    let cache = dir.join("cache");
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    for out in [&a, &b] {
        let o = certa(&[
            &"bench",
            &dir,
            &"--no-sbe",
            &"--cache",
            &cache,
            &"--json",
            out,
        ]);
        assert!(o.status.success(), "{}", text(&o));
    }
    let caches = |p: &Path| -> Vec<String> {
        rows(p)
            .iter()
            .map(|r| r["cache"].as_str().unwrap().to_string())
            .collect()
    };
    // Six definite answers; the syntax error never reaches the cache.
    assert_eq!(caches(&a).iter().filter(|c| *c == "miss").count(), 6);
    assert_eq!(caches(&b).iter().filter(|c| *c == "hit").count(), 6);
    let k_a: Vec<_> = rows(&a).iter().map(key).collect();
    let k_b: Vec<_> = rows(&b).iter().map(key).collect();
    assert_eq!(k_a, k_b);
}

/// (obligation, node, edge, outcome kind) of every record.
fn records(r: &checker::Report) -> Vec<(String, Option<u32>, Option<u32>, String)> {
    r.records
        .iter()
        .map(|x| {
            let o = match &x.outcome {
                checker::Outcome::Holds => "holds".to_string(),
                checker::Outcome::Fails(e) => format!("fails: {e}"),
                checker::Outcome::Unknown(w) => format!("unknown: {w}"),
            };
            (x.obligation.to_string(), x.node, x.edge, o)
        })
        .collect()
}

#[test]
fn checker_reports_are_the_same_for_any_job_count() {
    let cfg = engine::Config::default();
    for file in ["imp/count_to_1000.imp", "c/state_machine.c", "imp/seed.imp"] {
        let run =
            engine::run::run_file(&corpus_dir().join(file), frontend::Encoding::Lbe, &cfg).unwrap();
        let mut cert = run.certificate.expect("definite");
        let check = |cert: &format::Certificate, jobs| {
            let opts = checker::Options {
                jobs,
                ..checker::Options::default()
            };
            checker::on_large_stack(|| checker::check(cert, &opts))
        };
        let (one, three) = (check(&cert, 1), check(&cert, 3));
        assert_eq!(one.verdict(), checker::Verdict::Valid, "{file}");
        assert_eq!(records(&one), records(&three), "{file}");
        // A broken certificate fails the same closure obligations either way.
        if let format::Body::Safe(b) = &mut cert.body {
            for n in b.nodes.iter_mut().skip(1) {
                n.cube.clear();
            }
            let (one, three) = (check(&cert, 1), check(&cert, 3));
            assert_eq!(one.verdict(), checker::Verdict::Invalid, "{file}");
            assert_eq!(records(&one), records(&three), "{file}");
        }
    }
}

#[test]
fn certa_check_jobs_option_gives_the_same_verdict() {
    let dir_tmp = tmp("check-jobs");
    let dir = dir_tmp.path();
    let cert = dir.join("c.cert");
    let out = certa(&[
        &"verify",
        &corpus_dir().join("imp/count_to_1000.imp"),
        &"-o",
        &cert,
    ]);
    assert_eq!(out.status.code(), Some(0));
    let check = workspace_binary("certa-check").expect("built");
    for j in ["1", "2"] {
        let out = Command::new(&check)
            .args([
                cert.as_os_str(),
                "--embedded-task".as_ref(),
                "-j".as_ref(),
                j.as_ref(),
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "-j {j}: {}", text(&out));
        assert!(String::from_utf8_lossy(&out.stdout).starts_with("VALID"));
    }
    let out = Command::new(&check)
        .args([
            cert.as_os_str(),
            "--embedded-task".as_ref(),
            "-j".as_ref(),
            "0".as_ref(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "-j 0 is refused");
}
