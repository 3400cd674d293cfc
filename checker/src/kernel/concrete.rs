//! Concrete valuations for witnesses and traces: exact domains and evaluation environments.
#![forbid(unsafe_code)]

use crate::explain::show;
use format::eval::{ArrayVal, Env};
use format::{ArrayValuation, Expr, Valuation};
use std::collections::{BTreeMap, BTreeSet};

/// `v` must give a value to exactly the names in `want`.
pub fn domain<V>(what: &str, v: &BTreeMap<String, V>, want: &[String]) -> Result<(), String> {
    let want: BTreeSet<&String> = want.iter().collect();
    let have: BTreeSet<&String> = v.keys().collect();
    if let Some(missing) = want.difference(&have).next() {
        return Err(format!("{what} gives no value for `{missing}`"));
    }
    if let Some(extra) = have.difference(&want).next() {
        return Err(format!(
            "{what} gives a value for `{extra}`, which is not a variable here"
        ));
    }
    Ok(())
}

/// The environment with `vars` as current/local values and `nexts` as primed values.
pub fn env(vars: &[&Valuation], nexts: &Valuation) -> Env {
    let big = |v: &Valuation| {
        v.iter()
            .map(|(k, n)| (k.clone(), n.0.clone()))
            .collect::<Vec<_>>()
    };
    Env {
        vars: vars.iter().flat_map(|v| big(v)).collect(),
        nexts: big(nexts).into_iter().collect(),
        ..Env::default()
    }
}

/// Array values as evaluator values; an index listed twice is an error.
pub fn arrays(what: &str, v: &ArrayValuation) -> Result<BTreeMap<String, ArrayVal>, String> {
    v.iter()
        .map(|(k, a)| {
            a.to_val()
                .map(|a| (k.clone(), a))
                .map_err(|e| format!("{what}, array `{k}`: {e}"))
        })
        .collect()
}

/// `e` must evaluate to true; `what` names the formula and the values in
/// the message, and is only called on failure.
pub fn holds(
    env: &Env,
    e: &Expr,
    what: impl FnOnce() -> (String, Valuation),
) -> Result<(), String> {
    match env.holds(e) {
        Ok(true) => Ok(()),
        Ok(false) => {
            let (what, at) = what();
            Err(format!("{what} is false at {}", show(&at)))
        }
        Err(err) => {
            let (what, at) = what();
            Err(format!(
                "{what} cannot be evaluated at {}: {err}",
                show(&at)
            ))
        }
    }
}

/// Current values, inputs and primed next values in one valuation, for messages.
pub fn joined(cur: &Valuation, inputs: &Valuation, next: &Valuation) -> Valuation {
    let mut all = cur.clone();
    all.extend(inputs.iter().map(|(k, v)| (k.clone(), v.clone())));
    all.extend(next.iter().map(|(k, v)| (format!("{k}'"), v.clone())));
    all
}
