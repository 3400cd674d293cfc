//! Renders an UNSAFE certificate's trace in source terms, replaying each step concretely.

use format::eval::{Env, NextArray};
use format::{writes_to_val, ArrayUpdate, Body, Certificate, Valuation};

fn show(v: &Valuation) -> String {
    if v.is_empty() {
        return "-".into();
    }
    v.iter()
        .map(|(k, n)| format!("{k}={n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Sets `e` to one step: current values, inputs, next values and array updates.
fn step_env(
    e: &mut Env,
    state: &Valuation,
    inputs: &Valuation,
    next: &Valuation,
    arrays: &std::collections::BTreeMap<String, ArrayUpdate>,
) {
    e.vars.clear();
    e.nexts.clear();
    e.next_arrays.clear();
    for (k, v) in state.iter().chain(inputs) {
        e.vars.insert(k.clone(), v.0.clone());
    }
    for (k, v) in next {
        e.nexts.insert(k.clone(), v.0.clone());
    }
    // An array the step does not list keeps its value.
    let kept: Vec<String> = e.arrays.keys().cloned().collect();
    for k in kept {
        e.next_arrays.insert(k, NextArray::Writes(vec![]));
    }
    for (k, u) in arrays {
        let next = match u.reset.as_ref().map(|r| r.to_val()) {
            Some(Ok(mut v)) => {
                v.apply(&writes_to_val(&u.writes));
                NextArray::Value(v)
            }
            _ => NextArray::Writes(writes_to_val(&u.writes)),
        };
        e.next_arrays.insert(k.clone(), next);
    }
}

/// Array updates of a step, as `a[3] = 42, b := [...]`.
fn show_arrays(arrays: &std::collections::BTreeMap<String, ArrayUpdate>) -> String {
    let mut parts = Vec::new();
    for (a, u) in arrays {
        if let Some(r) = &u.reset {
            parts.push(format!(
                "{a} := (default {}, {} entries)",
                r.default,
                r.entries.len()
            ));
        }
        parts.extend(u.writes.iter().map(|(i, v)| format!("{a}[{i}] = {v}")));
    }
    parts.join(", ")
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
    let mut env = Env {
        vars: trace
            .initial
            .iter()
            .map(|(k, v)| (k.clone(), v.0.clone()))
            .collect(),
        arrays: trace
            .initial_arrays
            .iter()
            .filter_map(|(k, a)| Some((k.clone(), a.to_val().ok()?)))
            .collect(),
        ..Env::default()
    };
    let init_ok = env.holds(&task.init).unwrap_or(false);
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
    for (a, v) in &trace.initial_arrays {
        let shown: Vec<String> = v
            .entries
            .iter()
            .take(16)
            .map(|(i, x)| format!("{i}: {x}"))
            .collect();
        out.push_str(&format!(
            "         array {a} = {{{}{}}} elsewhere {}\n",
            shown.join(", "),
            if v.entries.len() > 16 { ", ..." } else { "" },
            v.default
        ));
    }
    let mut state = trace.initial.clone();
    for (i, step) in trace.steps.iter().enumerate() {
        let Some(edge) = task.edge(step.edge) else {
            out.push_str(&format!("step {}: unknown edge {}\n", i + 1, step.edge));
            break;
        };
        step_env(&mut env, &state, &step.inputs, &step.next, &step.arrays);
        let ok = env.holds(&edge.relation).unwrap_or(false);
        env.advance();
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
        if let Some(map) = &cert.source_map {
            for s in map.statements(edge.id) {
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
        let writes = show_arrays(&step.arrays);
        if !writes.is_empty() {
            out.push_str(&format!("          arrays: {writes}\n"));
        }
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
