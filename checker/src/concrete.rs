//! Concrete valuations for witnesses and traces: exact domains and evaluation environments.
#![forbid(unsafe_code)]

use crate::error::show;
use format::eval::Env;
use format::{Expr, Valuation};
use std::collections::BTreeSet;

/// `v` must give a value to exactly the names in `want`.
pub fn domain(what: &str, v: &Valuation, want: &[String]) -> Result<(), String> {
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
    }
}

/// `e` must evaluate to true; `what` names the formula in the message.
pub fn holds(env: &Env, e: &Expr, what: &str, at: &Valuation) -> Result<(), String> {
    match env.holds(e) {
        Ok(true) => Ok(()),
        Ok(false) => Err(format!("{what} is false at {}", show(at))),
        Err(err) => Err(format!("{what} cannot be evaluated at {}: {err}", show(at))),
    }
}
