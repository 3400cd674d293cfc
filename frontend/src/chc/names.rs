//! Plain identifiers for SMT-LIB symbols: the check, the sanitising map and fresh
//! names.

use std::collections::BTreeSet;

/// Is `s` a plain identifier (`[A-Za-z_][A-Za-z0-9_.$@#:!]*`, at most 255 bytes)?
pub fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    let first_ok = matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_');
    first_ok && s.len() <= 255 && chars.all(|c| c.is_ascii_alphanumeric() || "_.$@#:!".contains(c))
}

/// Makes `s` a plain identifier: every other character becomes `_`, a name
/// that does not start with a letter or `_` gets a leading `_`, long names
/// are cut to 200 bytes. Deterministic; uniqueness is the caller's job.
pub fn sanitize(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "_.$@#:!".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if !out.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        out.insert(0, '_');
    }
    out.truncate(200);
    out
}

/// Picks `base`, or `base!1`, `base!2`, ... so that the name is not in `taken`; records it.
pub(super) fn fresh(base: &str, taken: &mut BTreeSet<String>) -> String {
    let mut name = base.to_string();
    let mut k = 1;
    while taken.contains(&name) {
        name = format!("{base}!{k}");
        k += 1;
    }
    taken.insert(name.clone());
    name
}
