//! Each clause as an edge of the task: its head and body, where each clause variable
//! lives (slot, next-state slot or edge local), and the task over all clauses.

use super::lift_ite;
use super::names::{fresh, sanitize};
use super::terms::{and, mentions_pred, pred_index, pvar, subst, ClauseCx};
use super::{array_slot, slot, ArgSort, ChcProblem, Translator, BAD, INIT, R};
use crate::{Pos, Program};
use format::{Edge, EdgeOrigin, Expr, SourceMap, SourceStatement, Task, VarDecl, VarSort};
use smt2parser::concrete::Term;
use std::collections::{BTreeMap, BTreeSet};

fn conjuncts(e: Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::And(v) => v.into_iter().for_each(|x| conjuncts(x, out)),
        Expr::Bool(true) => {}
        e => out.push(e),
    }
}

enum Head {
    Pred(usize),
    False,
}

/// Splits a clause matrix into body conjuncts and a head.
fn split(m: Expr, body: &mut Vec<Expr>) -> Result<Head, String> {
    if let Some(k) = pred_index(&m) {
        return Ok(Head::Pred(k));
    }
    match m {
        Expr::Implies(a, b) => {
            conjuncts(*a, body);
            split(*b, body)
        }
        Expr::Not(a) => {
            conjuncts(*a, body);
            Ok(Head::False)
        }
        Expr::Bool(false) => Ok(Head::False),
        Expr::Or(items) => {
            let mut head = None;
            for it in items {
                if let Some(k) = pred_index(&it) {
                    if head.is_some() {
                        return Err(
                            "two positive predicate applications (not a Horn clause)".into()
                        );
                    }
                    head = Some(k);
                } else if let Expr::Not(x) = it {
                    conjuncts(*x, body);
                } else {
                    if mentions_pred(&it).is_some() {
                        return Err("a predicate application under a connective in the head (not a Horn clause)".into());
                    }
                    body.push(Expr::not(it));
                }
            }
            Ok(head.map_or(Head::False, Head::Pred))
        }
        e => {
            if mentions_pred(&e).is_some() {
                return Err(
                    "a predicate application under a connective in the head (not a Horn clause)"
                        .into(),
                );
            }
            body.push(Expr::not(e));
            Ok(Head::False)
        }
    }
}

/// The task of the declared predicates (`tr`) and the asserted clauses
/// (position, term, text), in assertion order.
pub(super) fn problem(
    file: &str,
    tr: Translator,
    clauses: &[(Pos, Term, String)],
) -> R<ChcProblem> {
    let width = tr.preds.iter().map(|p| p.sorts.len()).max().unwrap_or(0);
    let slots: Vec<String> = (0..width).map(|i| slot(i, ArgSort::Int)).collect();
    let array_slots: Vec<String> = (0..width)
        .filter(|&i| {
            tr.preds
                .iter()
                .any(|p| p.sorts.get(i) == Some(&ArgSort::Array))
        })
        .map(array_slot)
        .collect();
    let mut vars: Vec<VarDecl> = slots.iter().map(|s| VarDecl::int(s)).collect();
    vars.extend(array_slots.iter().map(|s| VarDecl {
        name: s.clone(),
        sort: VarSort::IntArray,
    }));
    let mut edges = Vec::new();
    let mut origins = Vec::new();
    for (pos, term, text) in clauses {
        let id = edges.len() as u32;
        let edge = clause_edge(&tr, *pos, term, &vars, id)?;
        edges.push(edge);
        origins.push(EdgeOrigin {
            edge: id,
            statements: vec![SourceStatement {
                line: pos.line,
                col: pos.col,
                text: format!("(assert {text})"),
            }],
        });
    }
    let mut locations = vec![INIT.to_string()];
    locations.extend(tr.preds.iter().map(|p| p.location.clone()));
    locations.push(BAD.to_string());
    let task = Task {
        vars,
        locations,
        initial_location: INIT.into(),
        bad_location: BAD.into(),
        init: Expr::Bool(true),
        edges,
    };
    Ok(ChcProblem {
        program: Program {
            task,
            source_map: SourceMap {
                file: file.to_string(),
                edges: origins,
            },
            checks: None,
        },
        predicates: tr.preds,
        slots,
    })
}

fn clause_edge(tr: &Translator, pos: Pos, term: &Term, state: &[VarDecl], id: u32) -> R<Edge> {
    let mut cx = ClauseCx {
        tr,
        pos,
        vars: Vec::new(),
        env: Vec::new(),
        apps: Vec::new(),
    };
    let mut t = term;
    while let Term::Forall { vars, term } = t {
        cx.bind_vars(vars, "quantified")?;
        t = term;
    }
    if let Term::Exists { .. } = t {
        return Err(cx.unsupported("an existentially quantified clause".into()));
    }
    let matrix = cx.boolean(t, "assert")?;
    let mut body = Vec::new();
    let head = split(matrix, &mut body).map_err(|m| cx.unsupported(m))?;
    let mut body_preds = Vec::new();
    let mut constraints = Vec::new();
    for c in body {
        match pred_index(&c) {
            Some(k) => body_preds.push(k),
            None => {
                if let Some(k) = mentions_pred(&c) {
                    let name = &tr.preds[cx.apps[k].pred].name;
                    return Err(cx.unsupported(format!(
                        "predicate `{name}` occurs under `or`/`not`/`ite`/`=` in the body (only conjunctions of predicate applications and constraints are supported)"
                    )));
                }
                constraints.push(c);
            }
        }
    }
    if body_preds.len() > 1 {
        let names: Vec<String> = body_preds
            .iter()
            .map(|k| format!("`{}`", tr.preds[cx.apps[*k].pred].name))
            .collect();
        return Err(cx.nonlinear(format!(
            "clause: its body has {} uninterpreted predicate applications ({}); only linear Horn clauses (at most one) are supported",
            names.len(),
            names.join(", ")
        )));
    }
    // Decide where each clause variable lives.
    let mut map: BTreeMap<usize, Expr> = BTreeMap::new();
    let mut relation = Vec::new();
    let var_index = |e: &Expr| match e {
        Expr::Var(n) => n.strip_prefix("~v").and_then(|k| k.parse::<usize>().ok()),
        _ => None,
    };
    let from = match body_preds.first() {
        None => INIT.to_string(),
        Some(&k) => {
            let app = &cx.apps[k];
            let sorts = &tr.preds[app.pred].sorts;
            for (i, a) in app.args.iter().enumerate() {
                let s = slot(i, sorts[i]);
                match var_index(a) {
                    Some(v) if !map.contains_key(&v) => {
                        map.insert(v, Expr::var(&s));
                    }
                    _ => relation.push(Expr::eq(Expr::var(&s), a.clone())),
                }
            }
            tr.preds[app.pred].location.clone()
        }
    };
    let mut bool_ranges = Vec::new();
    let to = match head {
        Head::False => BAD.to_string(),
        Head::Pred(k) => {
            let app = &cx.apps[k];
            let sorts = &tr.preds[app.pred].sorts;
            for (j, a) in app.args.iter().enumerate() {
                let s = slot(j, sorts[j]);
                match var_index(a) {
                    Some(v) if !map.contains_key(&v) => {
                        map.insert(v, Expr::next(&s));
                        if sorts[j] == ArgSort::Bool {
                            bool_ranges.push(Expr::next(&s));
                        }
                    }
                    _ => relation.push(Expr::eq(Expr::next(&s), a.clone())),
                }
            }
            tr.preds[app.pred].location.clone()
        }
    };
    relation.extend(constraints);
    define_arrays(&cx, &map, &mut relation)?;
    // Remaining clause variables that occur become edge locals.
    let mut used = Vec::new();
    let mut nexts = Vec::new();
    for r in &relation {
        r.collect_vars(&mut used, &mut nexts);
    }
    let used: BTreeSet<usize> = used
        .iter()
        .filter_map(|n| var_index(&Expr::var(n)))
        .collect();
    let mut taken: BTreeSet<String> = state.iter().map(|v| v.name.clone()).collect();
    let mut locals = Vec::new();
    for v in used {
        if map.contains_key(&v) {
            continue;
        }
        let (orig, sort) = &cx.vars[v];
        let name = fresh(&sanitize(orig), &mut taken);
        if *sort == ArgSort::Bool {
            bool_ranges.push(Expr::var(&name));
        }
        map.insert(v, Expr::var(&name));
        locals.push(VarDecl::int(&name));
    }
    for b in bool_ranges {
        relation.push(Expr::Ge(Box::new(b.clone()), Box::new(Expr::int(0))));
        relation.push(Expr::Le(Box::new(b), Box::new(Expr::int(1))));
    }
    let relation = and(relation
        .iter()
        .map(|r| {
            subst(r, &|n| {
                var_index(&Expr::var(n)).and_then(|v| map.get(&v).cloned())
            })
        })
        .collect());
    let relation = lift_ite(&relation);
    Ok(Edge {
        id,
        name: format!(
            "clause {} ({}:{}): {from} -> {to}",
            id + 1,
            pos.line,
            pos.col
        ),
        from,
        to,
        locals,
        relation,
    })
}

/// Replaces each array clause variable that is not a predicate argument
/// (not in `map`) by its definition, a conjunct `x = t` of `relation`
/// (edge locals are integers, so such a variable cannot stay).
fn define_arrays(cx: &ClauseCx, map: &BTreeMap<usize, Expr>, relation: &mut Vec<Expr>) -> R<()> {
    let var_index = |e: &Expr| match e {
        Expr::Var(n) => n.strip_prefix("~v").and_then(|k| k.parse::<usize>().ok()),
        _ => None,
    };
    let is_local_array = |v: usize| cx.vars[v].1 == ArgSort::Array && !map.contains_key(&v);
    loop {
        let mut used = Vec::new();
        for r in relation.iter() {
            r.collect_vars(&mut used, &mut Vec::new());
        }
        let Some(v) = used
            .iter()
            .filter_map(|n| var_index(&Expr::var(n)))
            .find(|&v| is_local_array(v))
        else {
            return Ok(());
        };
        let name = pvar(v);
        let mentions = |e: &Expr| {
            let mut vs = Vec::new();
            e.collect_vars(&mut vs, &mut Vec::new());
            vs.contains(&name)
        };
        let def = relation.iter().position(|c| match c {
            Expr::Eq(a, b) => {
                (**a == Expr::var(&name) && !mentions(b))
                    || (**b == Expr::var(&name) && !mentions(a))
            }
            _ => false,
        });
        let Some(k) = def else {
            return Err(cx.unsupported(format!(
                "array variable `{}`: neither a predicate argument nor defined by an equality `(= {} ...)` in the clause body",
                cx.vars[v].0, cx.vars[v].0
            )));
        };
        let Expr::Eq(a, b) = relation.remove(k) else {
            unreachable!("a definition is an equality")
        };
        let t = if *a == Expr::var(&name) { *b } else { *a };
        for r in relation.iter_mut() {
            *r = subst(r, &|n| (n == name).then(|| t.clone()));
        }
    }
}
