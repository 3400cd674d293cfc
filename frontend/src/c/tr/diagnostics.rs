//! Where a clang node is and how it is named: positioned errors and refusals, the source
//! snippets edges carry, and the names of types and node kinds in messages.

use super::*;

impl Tr<'_> {
    // ---------------------------------------------------------------- errors

    pub(super) fn pos(&self, n: &Node) -> (String, Pos) {
        let f = if n.at.file.is_empty() {
            self.file.clone()
        } else {
            n.at.file.clone()
        };
        (
            f,
            Pos {
                line: n.at.line,
                col: n.at.col,
            },
        )
    }
    pub(super) fn unsup(&self, n: &Node, what: &str) -> FrontendError {
        let (f, p) = self.pos(n);
        FrontendError::unsupported_c(&f, p, what)
    }
    pub(super) fn invalid(&self, n: &Node, what: &str) -> FrontendError {
        let (f, p) = self.pos(n);
        FrontendError::invalid(&f, p, what)
    }
    /// The source text of a node (of the parsed file; empty elsewhere).
    pub(super) fn snippet(&self, n: &Node) -> String {
        let (a, b) = (n.at.offset as usize, n.end.offset as usize);
        if !n.at.in_main_file || !n.end.in_main_file || a > b || b > self.text.len() {
            return String::new();
        }
        self.text.get(a..b).unwrap_or("").to_string()
    }
    pub(super) fn src(&self, n: &Node, text: Option<String>) -> Option<SourceStatement> {
        Some(SourceStatement {
            line: n.at.line,
            col: n.at.col,
            text: text.unwrap_or_else(|| self.snippet(n)),
        })
    }
}

/// How a type is named in a refusal: what certa does not model yet.
pub(super) fn type_name(t: &Type) -> String {
    let what = match t.kind {
        TypeKind::Pointer => "pointers",
        TypeKind::Record => "structs or unions",
        TypeKind::Float | TypeKind::Double | TypeKind::LongDouble => "floating-point types",
        TypeKind::Complex => "complex types",
        TypeKind::Int128 | TypeKind::UInt128 => "128-bit integers",
        TypeKind::Atomic => "atomic types",
        TypeKind::Vector => "vector types",
        TypeKind::FunctionProto | TypeKind::FunctionNoProto => "function values",
        TypeKind::ConstantArray | TypeKind::IncompleteArray => "arrays here",
        TypeKind::VariableArray => "variable-length arrays",
        _ => "",
    };
    if what.is_empty() {
        format!("values of type `{}`", t.spelling)
    } else {
        format!("{what} (type `{}`)", t.spelling)
    }
}

/// A node's kind for messages.
pub(super) fn kind_name(n: &Node) -> String {
    if n.kind == Kind::Other {
        n.other_kind.clone()
    } else {
        format!("{:?}", n.kind)
    }
}
