//! Arrays end to end: indexed predicate abstraction proves array programs with quantified certificates, simulation finds deep bugs, and certa-check (cvc5) validates both.

use certa::engine::{verify, Config, Verdict};
use checker::{Options, Verdict as Checked};
use format::{Body, Certificate, Task};
use std::time::Duration;

fn cert(task: &Task, body: Body) -> Certificate {
    let program = certa::frontend::Program {
        task: task.clone(),
        source_map: Default::default(),
    };
    let verdict = match body {
        Body::Safe(b) => Verdict::Safe(b),
        Body::Unsafe(t) => Verdict::Unsafe(t),
    };
    certa::run::certificate(&program, None, &verdict).expect("definite")
}

fn check(c: &Certificate) -> checker::Report {
    let opts = Options {
        total: Some(Duration::from_secs(120)),
        ..Options::default()
    };
    checker::on_large_stack(|| checker::check(c, &opts))
}

fn cfg() -> Config {
    Config {
        timeout: Some(Duration::from_secs(60)),
        progress: std::env::var("CERTA_PROGRESS").is_ok(),
        ..Config::default()
    }
}

pub fn load(path: &str) -> Task {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
#[ignore]
fn scratch() {
    for f in std::env::var("CERTA_TASKS").unwrap().split(',') {
        let task = load(f);
        let t0 = std::time::Instant::now();
        let out = verify(&task, &cfg());
        let vt = t0.elapsed();
        let body = match out.verdict {
            Verdict::Safe(b) => Body::Safe(b),
            Verdict::Unsafe(t) => Body::Unsafe(t),
            Verdict::Unknown(why) => {
                println!("{f}: unknown {why} ({vt:?})");
                continue;
            }
        };
        let c = cert(&task, body);
        let t1 = std::time::Instant::now();
        let r = check(&c);
        println!(
            "{f}: {} in {vt:?} ({} queries), check {:?} in {:?}",
            match &c.body {
                Body::Safe(_) => "SAFE",
                _ => "UNSAFE",
            },
            out.stats.queries,
            r.verdict(),
            t1.elapsed()
        );
        for (rec, e) in r.failures().take(3) {
            println!("  {} {e}", rec.obligation);
        }
        if let Ok(p) = std::env::var("CERTA_DUMP") {
            std::fs::write(p, format::codec::to_json(&c)).unwrap();
        }
        let _ = Checked::Valid;
    }
}
