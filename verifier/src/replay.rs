//! Renders an UNSAFE certificate's trace in source terms, replaying each step concretely.

use format::eval::Env;
use format::{Body, Certificate, Valuation};

fn show(v: &Valuation) -> String {
    if v.is_empty() {
        return "-".into();
    }
    v.iter()
        .map(|(k, n)| format!("{k}={n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn env(state: &Valuation, inputs: &Valuation, next: &Valuation) -> Env {
    let mut e = Env::default();
    for (k, v) in state.iter().chain(inputs) {
        e.vars.insert(k.clone(), v.0.clone());
    }
    for (k, v) in next {
        e.nexts.insert(k.clone(), v.0.clone());
    }
    e
}

/// The trace as text: one block per step with the source statements it covers.
pub fn render(cert: &Certificate) -> Result<String, String> {
    let Body::Unsafe(trace) = &cert.body else {
        return Err("this is a SAFE certificate; it has no trace to replay".into());
    };
    let task = &cert.task;
    let mut out = String::new();
    let file = cert
        .source_map
        .as_ref()
        .map(|m| m.file.clone())
        .unwrap_or_default();
    out.push_str(&format!(
        "trace of {} steps in {}\n",
        trace.steps.len(),
        if file.is_empty() { "(task)" } else { &file }
    ));
    let init_ok = Env {
        vars: trace
            .initial
            .iter()
            .map(|(k, v)| (k.clone(), v.0.clone()))
            .collect(),
        ..Env::default()
    }
    .holds(&task.init)
    .unwrap_or(false);
    out.push_str(&format!(
        "initial  at {}: {}{}\n",
        task.initial_location,
        show(&trace.initial),
        if init_ok {
            ""
        } else {
            "   [does NOT satisfy the initial condition]"
        }
    ));
    let mut state = trace.initial.clone();
    for (i, step) in trace.steps.iter().enumerate() {
        let Some(edge) = task.edge(step.edge) else {
            out.push_str(&format!("step {}: unknown edge {}\n", i + 1, step.edge));
            break;
        };
        let ok = env(&state, &step.inputs, &step.next)
            .holds(&edge.relation)
            .unwrap_or(false);
        out.push_str(&format!(
            "step {:>3}: edge {} `{}` {} -> {}{}\n",
            i + 1,
            edge.id,
            edge.name,
            edge.from,
            edge.to,
            if ok {
                ""
            } else {
                "   [step does NOT satisfy the edge relation]"
            }
        ));
        if let Some(origin) = cert
            .source_map
            .as_ref()
            .and_then(|m| m.edges.iter().find(|o| o.edge == edge.id))
        {
            for s in &origin.statements {
                out.push_str(&format!(
                    "          {}:{}:{}  {}\n",
                    file, s.line, s.col, s.text
                ));
            }
        }
        if !step.inputs.is_empty() {
            out.push_str(&format!("          inputs: {}\n", show(&step.inputs)));
        }
        out.push_str(&format!("          state:  {}\n", show(&step.next)));
        state = step.next.clone();
    }
    let reached = trace
        .steps
        .last()
        .and_then(|s| task.edge(s.edge))
        .map(|e| e.to == task.bad_location);
    out.push_str(if reached == Some(true) {
        "reaches bad: an assertion fails\n"
    } else {
        "does NOT reach bad\n"
    });
    Ok(out)
}
