//! Scores, shard selection, CSV round trips and the worker pool's handling
//! of task processes that crash, hang or answer for another task.

use super::pool::{in_child, run_all, Progress};
use super::shard::{merge, Shard};
use super::*;
use std::time::Duration;

fn row(file: &str, expected: &str, verdict: &str, check: &str) -> Row {
    Row {
        file: file.into(),
        expected: expected.into(),
        verdict: verdict.into(),
        check: check.into(),
        ..Row::default()
    }
}

#[test]
fn sv_comp_points_reward_right_answers_and_punish_wrong_ones() {
    assert_eq!(points(&row("a", "safe", "safe", "VALID")), 2);
    assert_eq!(points(&row("a", "unsafe", "unsafe", "VALID")), 1);
    assert_eq!(points(&row("a", "unsafe", "safe", "VALID")), -32);
    assert_eq!(points(&row("a", "safe", "unsafe", "VALID")), -16);
    assert_eq!(points(&row("a", "safe", "unknown (timeout)", "-")), 0);
    assert_eq!(points(&row("a", "error", "error", "-")), 0);
}

#[test]
fn certified_score_counts_a_verdict_without_a_valid_certificate_as_zero() {
    let rows = [
        row("a", "safe", "safe", "VALID"),
        row("b", "safe", "safe", "INCONCLUSIVE"),
        row("c", "unsafe", "unsafe", "VALID"),
        row("d", "unsafe", "safe", "INVALID"),
        row("e", "unsafe", "unknown (timeout)", "-"),
    ];
    // score 2 + 2 + 1 - 32; certified 2 + 1; best 2 + 2 + 1 + 1 + 1.
    assert_eq!(scores(&rows), (-27, 3, 7));
    let s = summary(&rows);
    assert!(
        s.contains(": -27 of 7; counting only verdicts with a VALID certificate: 3"),
        "{s}"
    );
}

fn tasks_of(n: usize) -> Vec<Task> {
    (0..n)
        .map(|i| Task {
            property: None,
            set: "set".into(),
            file: format!("t{i}.imp"),
            expected: "safe".into(),
            index: i,
        })
        .collect()
}

#[test]
fn shards_partition_the_tasks_round_robin() {
    let all = tasks_of(10);
    let mut seen = Vec::new();
    for i in 1..=3 {
        let s: Shard = format!("{i}/3").parse().unwrap();
        let part = s.select(all.clone());
        assert!(part.iter().all(|t| t.index % 3 == i - 1));
        seen.extend(part.into_iter().map(|t| t.index));
    }
    seen.sort();
    assert_eq!(seen, (0..10).collect::<Vec<_>>());
    for bad in ["0/2", "3/2", "1/0", "1", "x/2", "1/2/3", ""] {
        assert!(bad.parse::<Shard>().is_err(), "{bad}");
    }
}

#[test]
fn csv_and_json_outputs_read_back_to_the_same_rows() {
    let dir = tempfile::tempdir().unwrap();
    let mut rows = vec![
        row("c/a, \"quoted\".c", "safe", "safe", "VALID"),
        row("b.imp", "unsafe", "unknown (timeout)", "-"),
    ];
    rows[0].seconds = 1.5;
    rows[0].set = "dir,with comma".into();
    rows[0].sbe = Some(("safe".into(), 2.25, 7, 9));
    rows[1].index = 1;
    rows[1].reason = "timeout, \"really\"".into();
    rows[1].cache = "miss".into();
    let meta = Meta {
        total: 2,
        shard: None,
    };
    let csv = dir.path().join("rows.csv");
    let json = dir.path().join("rows.json");
    write_rows(&rows, Some(&csv), Some(&json), meta).unwrap();
    let from_csv = merge(&[&csv]).unwrap();
    assert_eq!(from_csv, rows);
    let from_json = merge(&[&json]).unwrap();
    // JSON keeps the verdict's first word only.
    assert_eq!(from_json[1].verdict, "unknown");
    assert_eq!(from_json[0], rows[0]);
}

#[test]
fn merge_refuses_files_of_runs_of_different_sizes() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.json"), dir.path().join("b.json"));
    let one = [row("a", "safe", "safe", "VALID")];
    let shard = |i| Some(Shard { index: i, count: 2 });
    write_rows(
        &one,
        None,
        Some(&a),
        Meta {
            total: 2,
            shard: shard(1),
        },
    )
    .unwrap();
    write_rows(
        &one,
        None,
        Some(&b),
        Meta {
            total: 3,
            shard: shard(2),
        },
    )
    .unwrap();
    let e = merge(&[&a, &b]).unwrap_err();
    assert!(e.contains("from a run of 3 tasks"), "{e}");
}

#[test]
fn rows_come_back_in_task_order_with_several_workers() {
    let tasks = tasks_of(12);
    // Later tasks finish first.
    let rows = run_all(&tasks, 4, &Progress::quiet(), |t| {
        std::thread::sleep(Duration::from_millis(5 * (12 - t.index as u64)));
        row(&t.file, "safe", "safe", "VALID")
    });
    let files: Vec<_> = rows.iter().map(|r| r.file.clone()).collect();
    let want: Vec<_> = tasks.iter().map(|t| t.file.clone()).collect();
    assert_eq!(files, want);
}

/// A stand-in for `certa` that runs `body` as a shell script, in `dir`.
fn fake_certa(dir: &std::path::Path, name: &str, body: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join(format!("{name}.sh"));
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

#[test]
fn a_task_process_that_crashes_hangs_or_lies_gives_no_verdict() {
    let task = &tasks_of(3)[2];
    let limit = Duration::from_secs(20);
    let dir = tempfile::tempdir().unwrap();
    let crash = fake_certa(dir.path(), "crash", "kill -SEGV $$");
    let r = in_child(&crash, &[], task, limit);
    assert!(
        r.verdict.starts_with("unknown (the task's process crashed"),
        "{}",
        r.verdict
    );
    assert_eq!((r.index, r.check.as_str()), (2, "-"));

    let hang = fake_certa(dir.path(), "hang", "sleep 30");
    let start = std::time::Instant::now();
    let r = in_child(&hang, &[], task, Duration::from_millis(300));
    assert!(
        r.verdict.starts_with("unknown (killed by bench"),
        "{}",
        r.verdict
    );
    assert!(start.elapsed() < Duration::from_secs(10));

    let lie = fake_certa(
        dir.path(),
        "lie",
        r#"echo '{"index":0,"file":"t0.imp","expected":"safe","verdict":"safe","seconds":0,"refinements":0,"predicates":0,"nodes":0,"queries":0,"check":"VALID","sbe":null,"reason":""}'"#,
    );
    let r = in_child(&lie, &[], task, limit);
    assert!(r.verdict.contains("another task"), "{}", r.verdict);

    let mute = fake_certa(dir.path(), "mute", "true");
    let r = in_child(&mute, &[], task, limit);
    assert!(r.verdict.contains("printed no row"), "{}", r.verdict);
}
