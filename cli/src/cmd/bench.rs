//! `certa bench` runs the tasks of benchmark directories (or merges shard
//! outputs, compares analyses, or compares with other CHC solvers) and prints
//! a table; `certa bench-task` is one of its tasks in a child process;
//! `certa bench-translate` times the translation.

use crate::args::{AnalysisArg, EngineArg, Limits};
use crate::EXIT_SAFE;
use certa::{bench, compare, vs};
use engine::{AnalysisKind, Config};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The arguments of `certa bench`.
#[derive(clap::Args)]
pub(crate) struct BenchArgs {
    #[arg(required = true)]
    dirs: Vec<PathBuf>,
    /// Tasks run at a time, each in its own process (default: the
    /// number of cores, halved under --engine auto, whose engines run
    /// on threads of their own). The table and files keep manifest order.
    #[arg(short = 'j', long, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: Option<u64>,
    /// Run only shard I of N (1-based): the tasks whose position in the
    /// whole run is I-1 modulo N. For CI matrices; see --merge.
    #[arg(long, value_name = "I/N")]
    shard: Option<bench::shard::Shard>,
    /// Merge shard outputs (the positional arguments: files written with
    /// --csv or --json under --shard) into one table and summary.
    #[arg(long)]
    merge: bool,
    /// Keep certificates in this content-addressed store and re-check
    /// stored ones instead of verifying unchanged tasks again.
    #[arg(long, value_name = "DIR")]
    cache: Option<PathBuf>,
    /// Also write the rows as JSON.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Run each of these analyses on every task (comma-separated) and
    /// compare them per set: solved, wrong, median time, check/verify.
    #[arg(long, value_enum, value_delimiter = ',')]
    analyses: Vec<AnalysisArg>,
    #[command(flatten)]
    limits: Limits,
    /// Also write the rows as CSV.
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Also write the results as one SARIF 2.1.0 log.
    #[arg(long)]
    sarif: Option<PathBuf>,
    /// Skip the SBE comparison run.
    #[arg(long)]
    no_sbe: bool,
    /// Compare with other CHC solvers (the anchors: --golem, --z3) on
    /// the same CHC files (programs are exported to CHC first) instead
    /// of the LBE/SBE table.
    #[arg(long)]
    vs: bool,
    /// With --vs: Golem, run as its portfolio and as its default engine.
    #[arg(long, value_name = "BIN")]
    golem: Option<String>,
    /// With --golem, run only Golem's portfolio, not also its default
    /// engine (which times out on most tasks: long limits take half
    /// the time).
    #[arg(long)]
    golem_portfolio_only: bool,
    /// With --vs: the `z3` binary, run as Spacer.
    #[arg(long, value_name = "BIN")]
    z3: Option<String>,
}

/// `certa bench`.
pub(crate) fn bench(args: BenchArgs) -> Result<u8, String> {
    let BenchArgs {
        dirs,
        jobs,
        shard,
        merge,
        cache,
        json,
        analyses,
        limits,
        csv,
        sarif,
        no_sbe,
        vs,
        golem,
        golem_portfolio_only,
        z3,
    } = args;
    // Refuses bad limits before any task runs.
    limits.config(false)?;
    let table_only = shard.is_some() || merge || cache.is_some() || json.is_some();
    if table_only && !analyses.is_empty() {
        return Err(
            "--shard, --merge, --cache and --json go with the bench table, not with --analyses"
                .into(),
        );
    }
    if vs && (shard.is_some() || merge || cache.is_some() || sarif.is_some()) {
        return Err("--shard, --merge, --cache and --sarif do not go with --vs".into());
    }
    if golem_portfolio_only && golem.is_none() {
        return Err("--golem-portfolio-only goes with --golem".into());
    }
    if !vs && (golem.is_some() || z3.is_some()) {
        return Err("--golem and --z3 go with --vs".into());
    }
    let jobs = jobs.map_or_else(
        || {
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            match limits.engine {
                EngineArg::Auto => (cores / 2).max(1),
                _ => cores,
            }
        },
        |j| j as usize,
    );
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot find certa's own executable: {e}"))?;
    if !analyses.is_empty() {
        let kinds: Vec<AnalysisKind> = analyses.iter().map(|&a| a.into()).collect();
        let limit = Duration::from_secs_f64(limits.timeout * 3.0 + 120.0);
        compare::run(&dirs, &kinds, jobs, csv.as_deref(), |t, k| {
            let mut args = Limits {
                analysis: analyses[k],
                ..limits.clone()
            }
            .to_args();
            args.push("--no-sbe".into());
            bench::pool::in_child(&exe, &args, t, limit)
        })?;
        return Ok(EXIT_SAFE);
    }
    if vs {
        let mut anchors = Vec::new();
        if let Some(bin) = &golem {
            let [portfolio, default] = vs::Anchor::golem(bin);
            anchors.push(portfolio);
            if !golem_portfolio_only {
                anchors.push(default);
            }
        }
        if let Some(bin) = z3 {
            anchors.push(vs::Anchor::Spacer { bin });
        }
        let mut args = limits.to_args();
        args.push("--no-sbe".into());
        // Verify and check, with room to spare; past it certa is stuck.
        let kill = Duration::from_secs_f64(limits.timeout * 3.0 + 120.0);
        let limit = Duration::from_secs_f64(limits.timeout);
        vs::run(
            &dirs,
            &anchors,
            limit,
            csv.as_deref(),
            json.as_deref(),
            |t| bench::pool::in_child(&exe, &args, t, kill),
        )?;
        return Ok(EXIT_SAFE);
    }
    let (rows, meta) = if merge {
        if shard.is_some() {
            return Err("--merge reads shard outputs; it takes no --shard".into());
        }
        let files: Vec<&Path> = dirs.iter().map(PathBuf::as_path).collect();
        let rows = bench::shard::merge(&files)?;
        let meta = bench::Meta {
            total: rows.len(),
            shard: None,
        };
        (rows, meta)
    } else {
        let mut args = limits.to_args();
        if no_sbe {
            args.push("--no-sbe".into());
        }
        if let Some(c) = &cache {
            std::fs::create_dir_all(c)
                .map_err(|e| format!("{}: cannot create the cache: {e}", c.display()))?;
            args.push("--cache".into());
            args.push(c.into());
        }
        // Verify (twice with SBE) and check, with room to spare;
        // past it the process is stuck, and bench kills it.
        let runs = if no_sbe { 1.0 } else { 2.0 };
        let limit = Duration::from_secs_f64(limits.timeout * (runs + 2.0) + 120.0);
        bench::run_table(&dirs, shard, jobs, &exe, &args, limit)?
    };
    print!("{}", bench::table(&rows, meta));
    bench::write_rows(&rows, csv.as_deref(), json.as_deref(), meta)?;
    if let Some(path) = sarif {
        let root = std::env::current_dir().ok();
        let results: Vec<_> = rows
            .iter()
            .map(|r| r.sarif_result(Path::new(&r.set)))
            .collect();
        evidence::sarif::write_sarif(&path, &results, root.as_deref())?;
    }
    Ok(EXIT_SAFE)
}

/// `certa bench-task`.
pub(crate) fn bench_task(
    set: PathBuf,
    file: String,
    expected: String,
    index: usize,
    limits: Limits,
    no_sbe: bool,
    cache: Option<PathBuf>,
) -> Result<u8, String> {
    bench::pool::exit_with_parent();
    let cfg = Config {
        progress_after: None,
        ..limits.config(false)?
    };
    let task = bench::Task {
        property: bench::manifest_property(&set),
        set,
        file,
        expected,
        index,
    };
    let row = bench::run_task(&task, &cfg, !no_sbe, cache.as_deref());
    println!(
        "{}",
        serde_json::to_string(&row).map_err(|e| e.to_string())?
    );
    Ok(EXIT_SAFE)
}

/// `certa bench-translate`.
pub(crate) fn bench_translate(
    files: Vec<PathBuf>,
    sizes: Vec<usize>,
    keep: Option<PathBuf>,
) -> Result<u8, String> {
    print!(
        "{}",
        certa::bench_translate::run(&sizes, &files, keep.as_deref())?
    );
    Ok(EXIT_SAFE)
}
