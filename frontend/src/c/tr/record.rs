//! Translator hooks for witnesses: the loop heads, scopes and variables recorded during a translation, and C conditions translated in a recorded scope.
//!
//! Recording never changes the program: it only reads the translator's
//! state. A location's scope and function are those in force where its
//! first outgoing edge is made (so the location after `int x = 0;` sees
//! `x`), except a loop head's, taken where the head is made (before its
//! body's declarations). The globals visible in a function are those
//! declared before its definition.

use super::*;
use std::collections::BTreeMap;

/// Source facts recorded during a translation, for witnesses (`witness.rs`).
#[derive(Default)]
pub(in crate::c) struct Record {
    /// Every loop head, once per inlined copy, in translation order.
    pub(in crate::c) loops: Vec<LoopRecord>,
    /// (location, function, index into `scopes`), per location with a
    /// recorded scope (set by [`Record::finish`]).
    pub(in crate::c) locations: Vec<(String, String, usize)>,
    /// The distinct scopes: C name -> variable, sorted by C name (set by
    /// [`Record::finish`] from `scope_ids`).
    pub(in crate::c) scopes: Vec<Vec<(String, VarInfo)>>,
    /// Each declared C variable: (function, "" for globals; C name; variable).
    pub(in crate::c) vars: Vec<(String, String, VarInfo)>,
    /// All state variables (program variables and temporaries).
    pub(in crate::c) state_vars: Vec<String>,
    /// The program's typedef names and the integer type each names (or why not).
    pub(in crate::c) typedefs: HashMap<String, Result<Option<Ty>, String>>,
    /// The globals visible in each function.
    globals_in: HashMap<String, Vec<(String, VarInfo)>>,
    /// Location index -> (function, scope).
    at: HashMap<usize, (String, usize)>,
    /// Each distinct scope's index in `scopes`.
    scope_ids: HashMap<Vec<(String, VarInfo)>, usize>,
}

/// A loop head: its location, the loop keyword's position, the function.
pub(in crate::c) struct LoopRecord {
    pub(in crate::c) location: String,
    pub(in crate::c) file: String,
    pub(in crate::c) pos: Pos,
    pub(in crate::c) function: String,
    pub(in crate::c) keyword: &'static str,
}

impl Record {
    /// Completes the record at the end of the translation.
    pub(super) fn finish(mut self, tr: &Tr) -> Record {
        self.state_vars = tr.vars.clone();
        self.scopes = vec![Vec::new(); self.scope_ids.len()];
        for (scope, id) in std::mem::take(&mut self.scope_ids) {
            self.scopes[id] = scope;
        }
        let mut at: Vec<_> = std::mem::take(&mut self.at).into_iter().collect();
        at.sort_by_key(|(l, _)| *l);
        self.locations = at
            .into_iter()
            .map(|(l, (f, s))| (tr.cfa.locations[l].clone(), f, s))
            .collect();
        self
    }
}

impl Tr<'_> {
    pub(super) fn record_var(&mut self, func: &str, cname: &str, v: &VarInfo) {
        if let Some(r) = &mut self.record {
            r.vars
                .push((func.to_string(), cname.to_string(), v.clone()));
        }
    }

    /// Records the typedef names of a unit (for casts in invariants).
    pub(super) fn record_typedefs(&mut self, unit: &[Node]) {
        if self.record.is_none() {
            return;
        }
        let mut out = HashMap::new();
        for d in unit.iter().filter(|d| d.kind == Kind::TypedefDecl) {
            let t = self.scalar_type(&d.ty, d).map_err(|e| match e {
                FrontendError::UnsupportedC { construct, .. } => construct,
                e => e.to_string(),
            });
            out.insert(d.name.clone(), t);
        }
        self.record.as_mut().unwrap().typedefs = out;
    }

    /// Records a loop head made at `head` for the loop statement `s`.
    pub(super) fn record_loop(&mut self, head: usize, s: &Node, keyword: &'static str) {
        if self.record.is_none() {
            return;
        }
        self.record_location(head);
        let (file, pos) = self.pos(s);
        let rec = LoopRecord {
            location: self.cfa.locations[head].clone(),
            file,
            pos,
            function: self.frames.last().unwrap().func.clone(),
            keyword,
        };
        self.record.as_mut().unwrap().loops.push(rec);
    }

    /// Records the function and scope of `loc`, unless known (or outside functions).
    pub(super) fn record_location(&mut self, loc: usize) {
        let (Some(r), Some(frame)) = (&mut self.record, self.frames.last()) else {
            return;
        };
        if frame.func.is_empty() || r.at.contains_key(&loc) {
            return;
        }
        let func = &frame.func;
        if !r.globals_in.contains_key(func) {
            let start = self
                .funcs
                .values()
                .find(|f| &f.name == func)
                .map_or(u32::MAX, |f| f.at.offset);
            let visible = self
                .globals
                .iter()
                .filter(|(_, _, at)| *at < start)
                .map(|(n, v, _)| (n.clone(), v.clone()));
            r.globals_in.insert(func.clone(), visible.collect());
        }
        let mut scope: BTreeMap<String, VarInfo> = r.globals_in[func].iter().cloned().collect();
        for s in &frame.scopes {
            scope.extend(s.iter().map(|(n, v)| (n.clone(), v.clone())));
        }
        let scope: Vec<_> = scope.into_iter().collect();
        let next = r.scope_ids.len();
        let id = *r.scope_ids.entry(scope).or_insert(next);
        r.at.insert(loc, (func.clone(), id));
    }
}

/// The truth value (nonzero) of `e`, a C expression clang parsed in a unit
/// whose variables `vars` maps to their state variables (witness
/// invariants, see `witness.rs`). Fails where evaluating `e` would need an
/// edge of its own.
pub(in crate::c) fn condition(
    file: &str,
    text: &str,
    e: &Node,
    dm: DataModel,
    vars: HashMap<DeclId, VarInfo>,
) -> R<Expr> {
    // Invariants are read as mathematical formulas: no checks.
    let mut tr = Tr::new(file, text, dm, crate::Properties::LEGACY);
    for v in vars.values().filter(|v| v.dims.is_none()) {
        tr.var_ty.insert(v.name.clone(), v.ty);
    }
    tr.decls = vars;
    let mut frame = global_frame(0);
    frame.scopes = vec![HashMap::new()];
    tr.frames.push(frame);
    let mut cur = tr.named_loc("start");
    let v = tr.rv(e, &mut cur)?;
    if !tr.cfa.edges.is_empty() || !tr.vars.is_empty() {
        let what = "an expression that needs a side effect or an assumption";
        return Err(tr.unsup(e, what));
    }
    Ok(fold(tr.truth(v)))
}
