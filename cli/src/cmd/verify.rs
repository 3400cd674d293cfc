//! `certa verify`: verifies a program, prints its verdict (text or JSON) and
//! writes the certificate, SV-COMP witness and SARIF log asked for.

use super::{certificate_extension, write_or_print};
use crate::args::Limits;
use crate::{EXIT_SAFE, EXIT_UNKNOWN, EXIT_UNSAFE};
use engine::Verdict;
use std::path::Path;

pub(crate) fn verify(
    file: &Path,
    output: Option<&Path>,
    limits: &Limits,
    json: bool,
    verbose: bool,
    witness: Option<&Path>,
    sarif: Option<&Path>,
    cache: Option<&Path>,
) -> Result<u8, String> {
    let cfg = limits.config(verbose)?;
    if let Some(out) = output {
        // Refuse a bad extension before spending time on the proof.
        certificate_extension(out)?;
    }
    if witness.is_some() && frontend::language_of(file) != Some("c") {
        return Err(format!(
            "{}: --witness needs a C program (SV-COMP witnesses speak about C source)",
            file.display()
        ));
    }
    let (run, lookup) = certa::cache::run_file_with(file, limits.encoding.into(), &cfg, cache)
        .map_err(|e| e.to_string())?;
    let s = &run.outcome.stats;
    let c_program = frontend::language_of(file) == Some("c");
    // The run's own properties (a search past undefined behaviour may
    // have re-translated the program), else the chosen or default ones.
    let props = match (&run.certificate, cfg.properties) {
        (Some(_), _) if c_program => run.properties(),
        (_, Some(p)) => p,
        _ => frontend::default_properties(file).map_err(|e| e.to_string())?,
    };
    let what = if c_program {
        format!(" ({})", props.describe())
    } else {
        String::new()
    };
    let classified = engine::run::classify(&run.program, props, &run.outcome.verdict);
    let (word, code) = match (&run.outcome.verdict, &classified) {
        (Verdict::Safe(_), _) => (format!("SAFE{what}"), EXIT_SAFE),
        (Verdict::Unsafe(_), engine::run::Classified::UndefinedBehaviour(at)) => (
            format!(
                "UNKNOWN: undefined behaviour is reachable: {at} (the certificate's trace \
                 leads there; C gives the run no meaning past it){}",
                run.undefined_note
                    .as_ref()
                    .map(|n| format!("; {n}"))
                    .unwrap_or_default()
            ),
            EXIT_UNKNOWN,
        ),
        (Verdict::Unsafe(_), engine::run::Classified::Violation(p)) if c_program => {
            (format!("UNSAFE ({p})"), EXIT_UNSAFE)
        }
        (Verdict::Unsafe(_), _) => ("UNSAFE".to_string(), EXIT_UNSAFE),
        (Verdict::Unknown(why), _) => (format!("UNKNOWN: {why}"), EXIT_UNKNOWN),
    };
    if let (Some(out), Some(cert)) = (output, &run.certificate) {
        engine::profile::span("write the certificate", || {
            format::encode::write_certificate(out, cert)
        })
        .map_err(|e| e.to_string())?;
    }
    if let (Some(w), Some(cert)) = (witness, &run.certificate) {
        let text = evidence::witness::witness_for(cert, Some(file))?;
        write_or_print(Some(w), &text)?;
    }
    if let Some(path) = sarif {
        let root = std::env::current_dir().ok();
        let result = evidence::sarif::SarifResult::from_run(file, &run, output);
        evidence::sarif::write_sarif(path, &[result], root.as_deref())?;
    }
    if json {
        let v = serde_json::json!({
            "file": file.display().to_string(),
            "verdict": word.split([':', ' ']).next().unwrap_or(""),
            "properties": if c_program { Some(props.names()) } else { None },
            "assumptions": if c_program { Some(props.assumptions()) } else { None },
            "violation": match &classified { engine::run::Classified::Violation(p) => Some(p.clone()), _ => None },
            "reason": match &run.outcome.verdict { Verdict::Unknown(w) => Some(w.clone()), _ => None },
            "analysis": s.analysis,
            "refinements": s.refinements,
            "predicates": s.predicates,
            "nodes": s.nodes,
            "queries": s.queries,
            "seconds": s.time.as_secs_f64(),
            "certificate": output.filter(|_| run.certificate.is_some()).map(|p| p.display().to_string()),
            "cache": lookup.as_ref().map(|l| l.word()),
        });
        println!("{}", serde_json::to_string_pretty(&v).expect("json"));
    } else {
        println!("{word}");
        println!(
            "refinements {}  predicates {}  nodes {}  queries {}  time {:.3}s  by {}",
            s.refinements,
            s.predicates,
            s.nodes,
            s.queries,
            s.time.as_secs_f64(),
            s.analysis
        );
        if let (Some(out), Some(_)) = (output, &run.certificate) {
            println!("certificate {}", out.display());
        }
        match &lookup {
            Some(certa::cache::Lookup::Hit) => println!(
                "cache hit: the stored certificate re-checked VALID in {:.3}s; not verified again",
                s.time.as_secs_f64()
            ),
            Some(l) if run.certificate.is_some() => {
                println!("cache {}: certificate stored", l.word())
            }
            Some(l) => println!("cache {}: nothing stored (no definite verdict)", l.word()),
            None => {}
        }
    }
    if let Some(profile) = engine::profile::report() {
        eprint!("{profile}");
    }
    Ok(code)
}
