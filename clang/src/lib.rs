//! Parses one C file with libclang for a given target and returns clang's
//! typed AST as an owned tree: every node with its kind, clang's type (with
//! the target's size), its place (`#line`-aware), the declaration a name
//! refers to (scopes are clang's), operator kinds, and the values clang
//! computes for literals and `sizeof`. The only `unsafe` code of the C
//! frontend lives here and in `ffi.rs`.

mod ffi;
mod tree;

pub use tree::{BinOp, DeclId, Kind, Loc, Node, Storage, Type, TypeKind, UnOp};

use ffi::*;
use std::collections::HashMap;
use std::ffi::{CStr, CString};
use std::os::raw::{c_int, c_uint, c_void};
use std::sync::OnceLock;

/// Where the build script put libclang.
pub const LIBRARY_PATH: &str = env!("CERTA_LIBCLANG");

fn api() -> Result<&'static Api, String> {
    static API: OnceLock<Result<Api, String>> = OnceLock::new();
    API.get_or_init(|| unsafe { Api::load(LIBRARY_PATH) })
        .as_ref()
        .map_err(Clone::clone)
}

/// libclang's version string, e.g. `clang version 18.1.1 (...)`.
pub fn version() -> Result<String, String> {
    let api = api()?;
    Ok(unsafe { take(api, (api.clang_getClangVersion)()) })
}

/// A diagnostic clang gave (warnings are dropped).
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub loc: Loc,
    pub message: String,
    pub fatal: bool,
}

/// A parsed translation unit.
#[derive(Debug)]
pub struct Unit {
    /// The top-level declarations, in source order (headers' too).
    pub decls: Vec<Node>,
    /// The clang version that parsed it.
    pub clang_version: String,
}

/// Why a file could not be parsed.
#[derive(Debug)]
pub enum ParseError {
    /// libclang could not be loaded, or gave no translation unit.
    Library(String),
    /// clang's errors, in order.
    Errors(Vec<Diagnostic>),
}

/// Parses `path` with the compiler arguments `args` (e.g. `-target`,
/// `-std=gnu17`). Errors (severity error or fatal) make the parse fail.
pub fn parse(path: &str, args: &[String]) -> Result<Unit, ParseError> {
    parse_with(path, None, args)
}

/// [`parse`] of `text`, given to clang as the contents of a file named
/// `name` (an unsaved file: nothing is read from or written to disk under
/// that name; `name` decides the language, e.g. `x.c`, and is the file of
/// places before any `# line` marker).
pub fn parse_text(name: &str, text: &str, args: &[String]) -> Result<Unit, ParseError> {
    parse_with(name, Some(text), args)
}

fn parse_with(path: &str, text: Option<&str>, args: &[String]) -> Result<Unit, ParseError> {
    let api = api().map_err(ParseError::Library)?;
    let clang_version = version().map_err(ParseError::Library)?;
    let cpath = CString::new(path).map_err(|_| ParseError::Library("NUL in path".into()))?;
    let cargs: Vec<CString> = args
        .iter()
        .map(|a| CString::new(a.as_str()).expect("no NUL in compiler arguments"))
        .collect();
    let argv: Vec<*const std::os::raw::c_char> = cargs.iter().map(|a| a.as_ptr()).collect();
    unsafe {
        let index = (api.clang_createIndex)(0, 0);
        let mut tu: CXTranslationUnit = std::ptr::null_mut();
        // The unsaved file's name and contents outlive the parse.
        let mut unsaved: Vec<CXUnsavedFile> = text
            .iter()
            .map(|t| CXUnsavedFile {
                Filename: cpath.as_ptr(),
                Contents: t.as_ptr() as *const std::os::raw::c_char,
                Length: t.len() as std::os::raw::c_ulong,
            })
            .collect();
        let code = (api.clang_parseTranslationUnit2)(
            index,
            cpath.as_ptr(),
            argv.as_ptr(),
            argv.len() as c_int,
            if unsaved.is_empty() {
                std::ptr::null_mut()
            } else {
                unsaved.as_mut_ptr()
            },
            unsaved.len() as c_uint,
            0,
            &mut tu,
        );
        if code != 0 || tu.is_null() {
            (api.clang_disposeIndex)(index);
            return Err(ParseError::Library(format!(
                "libclang could not parse {path} (error code {code})"
            )));
        }
        let mut errors = Vec::new();
        for i in 0..(api.clang_getNumDiagnostics)(tu) {
            let d = (api.clang_getDiagnostic)(tu, i);
            let sev = (api.clang_getDiagnosticSeverity)(d);
            if sev >= 3 {
                errors.push(Diagnostic {
                    loc: presumed(api, (api.clang_getDiagnosticLocation)(d)),
                    message: take(api, (api.clang_getDiagnosticSpelling)(d)),
                    fatal: sev == 4,
                });
            }
            (api.clang_disposeDiagnostic)(d);
        }
        if !errors.is_empty() {
            (api.clang_disposeTranslationUnit)(tu);
            (api.clang_disposeIndex)(index);
            return Err(ParseError::Errors(errors));
        }
        let root = (api.clang_getTranslationUnitCursor)(tu);
        let mut walker = Walker {
            api,
            tu,
            ids: HashMap::new(),
            next_id: 0,
        };
        let decls = walker.children(root);
        (api.clang_disposeTranslationUnit)(tu);
        (api.clang_disposeIndex)(index);
        Ok(Unit {
            decls,
            clang_version,
        })
    }
}

/// Converts and frees a libclang string.
unsafe fn take(api: &Api, s: CXString) -> String {
    let p = (api.clang_getCString)(s);
    let out = if p.is_null() {
        String::new()
    } else {
        CStr::from_ptr(p).to_string_lossy().into_owned()
    };
    (api.clang_disposeString)(s);
    out
}

/// The presumed place (honours `# line` markers) and the expansion offset.
unsafe fn presumed(api: &Api, l: CXSourceLocation) -> Loc {
    let mut name = CXString {
        data: std::ptr::null(),
        private_flags: 0,
    };
    let (mut line, mut col) = (0 as c_uint, 0 as c_uint);
    (api.clang_getPresumedLocation)(l, &mut name, &mut line, &mut col);
    let file = take(api, name);
    let mut f: CXFile = std::ptr::null_mut();
    let (mut eline, mut ecol, mut off) = (0 as c_uint, 0 as c_uint, 0 as c_uint);
    (api.clang_getExpansionLocation)(l, &mut f, &mut eline, &mut ecol, &mut off);
    let main = (api.clang_Location_isFromMainFile)(l) != 0;
    Loc {
        file,
        line,
        col,
        offset: off,
        in_main_file: main,
    }
}

struct Walker<'a> {
    api: &'a Api,
    tu: CXTranslationUnit,
    /// Canonical declaration cursors by hash, with their ids.
    ids: HashMap<c_uint, Vec<(CXCursor, DeclId)>>,
    next_id: u32,
}

extern "C" fn collect(c: CXCursor, _parent: CXCursor, data: CXClientData) -> c_int {
    let v = unsafe { &mut *(data as *mut Vec<CXCursor>) };
    v.push(c);
    1 // CXChildVisit_Continue
}

impl Walker<'_> {
    unsafe fn children(&mut self, c: CXCursor) -> Vec<Node> {
        let mut kids: Vec<CXCursor> = Vec::new();
        (self.api.clang_visitChildren)(c, collect, &mut kids as *mut Vec<CXCursor> as *mut c_void);
        kids.into_iter().map(|k| self.node(k)).collect()
    }

    unsafe fn id_of(&mut self, c: CXCursor) -> Option<DeclId> {
        let api = self.api;
        if (api.clang_Cursor_isNull)(c) != 0 {
            return None;
        }
        let canon = (api.clang_getCanonicalCursor)(c);
        let h = (api.clang_hashCursor)(canon);
        let bucket = self.ids.entry(h).or_default();
        for (k, id) in bucket.iter() {
            if (api.clang_equalCursors)(*k, canon) != 0 {
                return Some(*id);
            }
        }
        let id = DeclId(self.next_id);
        self.next_id += 1;
        bucket.push((canon, id));
        Some(id)
    }

    unsafe fn node(&mut self, c: CXCursor) -> Node {
        let api = self.api;
        let raw = (api.clang_getCursorKind)(c);
        let kind = Kind::from_raw(raw);
        let extent = (api.clang_getCursorExtent)(c);
        let at = presumed(api, (api.clang_getRangeStart)(extent));
        let end = presumed(api, (api.clang_getRangeEnd)(extent));
        let name = take(api, (api.clang_getCursorSpelling)(c));
        let ty = self.ty((api.clang_getCursorType)(c), 0);
        let decl = if kind.is_decl() || kind == Kind::LabelStmt {
            self.id_of(c)
        } else if kind.is_reference() {
            let r = (api.clang_getCursorReferenced)(c);
            self.id_of(r)
        } else {
            None
        };
        let binop = if matches!(kind, Kind::BinaryOperator | Kind::CompoundAssignOperator) {
            BinOp::from_raw_checked((api.clang_getCursorBinaryOperatorKind)(c))
        } else {
            None
        };
        let unop = if kind == Kind::UnaryOperator {
            UnOp::from_raw_checked((api.clang_getCursorUnaryOperatorKind)(c))
        } else {
            None
        };
        let value = match kind {
            Kind::IntegerLiteral | Kind::CharacterLiteral | Kind::UnaryExprOrTypeTrait => {
                self.evaluate(c)
            }
            Kind::EnumConstantDecl => Some((api.clang_getEnumConstantDeclValue)(c) as i128),
            Kind::DeclRefExpr => {
                // A name of an enumeration constant: its value, from clang.
                let r = (api.clang_getCursorReferenced)(c);
                if (api.clang_Cursor_isNull)(r) == 0
                    && Kind::from_raw((api.clang_getCursorKind)(r)) == Kind::EnumConstantDecl
                {
                    Some((api.clang_getEnumConstantDeclValue)(r) as i128)
                } else {
                    None
                }
            }
            _ => None,
        };
        let bytes = if kind == Kind::StringLiteral {
            // The evaluation is a C string: a literal with a NUL of its own
            // would be cut short, so its bytes must fill the literal's type.
            // clang types a literal that initialises an array as that array,
            // so the length cannot tell: a literal whose spelling has an
            // escape that may be NUL (`\0..`, `\x0..`) is not taken.
            let may_nul = name.contains("\\0") || name.contains("\\x0") || name.contains("\\X0");
            self.string(c)
                .filter(|b| !may_nul && ty.len.is_some_and(|n| b.len() as i64 <= n))
        } else {
            None
        };
        let init = if kind == Kind::VarDecl {
            let i = (api.clang_Cursor_getVarDeclInitializer)(c);
            if (api.clang_Cursor_isNull)(i) == 0 {
                Some(Box::new(self.node(i)))
            } else {
                None
            }
        } else {
            None
        };
        let for_slots = if kind == Kind::ForStmt {
            self.for_slots(c)
        } else {
            Vec::new()
        };
        let (storage, definition, global_storage) = if kind.is_decl() {
            (
                Storage::from_raw((api.clang_Cursor_getStorageClass)(c)),
                (api.clang_isCursorDefinition)(c) != 0,
                kind == Kind::VarDecl && (api.clang_Cursor_hasVarDeclGlobalStorage)(c) == 1,
            )
        } else {
            (Storage::None, false, false)
        };
        let raw_kind = if kind == Kind::Other {
            take(api, (api.clang_getCursorKindSpelling)(raw))
        } else {
            String::new()
        };
        let (field_offset, bitfield) = if kind == Kind::FieldDecl {
            let off = (api.clang_Cursor_getOffsetOfField)(c);
            (
                (off >= 0).then_some(off),
                (api.clang_Cursor_isBitField)(c) != 0,
            )
        } else {
            (None, false)
        };
        let mut children = self.children(c);
        if kind == Kind::UnexposedExpr && children.len() == 1 {
            // clang evaluates a literal in a pointer context (decayed) only
            // through its implicit conversion: the bytes come from there.
            let lit = &mut children[0];
            if lit.kind == Kind::StringLiteral && lit.bytes.is_none() {
                let may_nul = lit.name.contains("\\0")
                    || lit.name.contains("\\x0")
                    || lit.name.contains("\\X0");
                let len = lit.ty.len;
                lit.bytes = self
                    .string(c)
                    .filter(|b| !may_nul && len.is_some_and(|n| b.len() as i64 + 1 == n));
            }
        }
        Node {
            kind,
            other_kind: raw_kind,
            name,
            ty,
            at,
            end,
            decl,
            binop,
            unop,
            value,
            storage,
            definition,
            global_storage,
            init,
            bytes,
            for_slots,
            field_offset,
            bitfield,
            children,
        }
    }

    /// Which parts of a `for (init; cond; step)` header each child but the
    /// body is (0, 1, 2): libclang omits absent parts, so the children are
    /// placed by the `;` tokens of the header. Empty when the header cannot
    /// be read (the caller refuses the loop).
    unsafe fn for_slots(&mut self, c: CXCursor) -> Vec<u8> {
        let api = self.api;
        let extent = (api.clang_getCursorExtent)(c);
        let mut toks: *mut CXToken = std::ptr::null_mut();
        let mut n: c_uint = 0;
        (api.clang_tokenize)(self.tu, extent, &mut toks, &mut n);
        let mut semis = Vec::new();
        let mut depth = 0i32;
        for i in 0..n as usize {
            let t = *toks.add(i);
            let s = take(api, (api.clang_getTokenSpelling)(self.tu, t));
            match s.as_str() {
                "(" => depth += 1,
                ")" => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                ";" if depth == 1 => {
                    let l = presumed(api, (api.clang_getTokenLocation)(self.tu, t));
                    semis.push(l.offset);
                }
                _ => {}
            }
        }
        if !toks.is_null() {
            (api.clang_disposeTokens)(self.tu, toks, n);
        }
        if semis.len() != 2 {
            return Vec::new();
        }
        let mut kids: Vec<CXCursor> = Vec::new();
        (api.clang_visitChildren)(c, collect, &mut kids as *mut Vec<CXCursor> as *mut c_void);
        let mut slots = Vec::new();
        for k in kids.iter().take(kids.len().saturating_sub(1)) {
            let at = presumed(
                api,
                (api.clang_getRangeStart)((api.clang_getCursorExtent)(*k)),
            );
            slots.push(if at.offset < semis[0] {
                0
            } else if at.offset < semis[1] {
                1
            } else {
                2
            });
        }
        slots
    }

    /// An integer constant clang evaluates (literals, `sizeof`).
    unsafe fn evaluate(&self, c: CXCursor) -> Option<i128> {
        let api = self.api;
        let r = (api.clang_Cursor_Evaluate)(c);
        if r.is_null() {
            return None;
        }
        let v = if (api.clang_EvalResult_getKind)(r) == 1 {
            if (api.clang_EvalResult_isUnsignedInt)(r) != 0 {
                Some((api.clang_EvalResult_getAsUnsigned)(r) as i128)
            } else {
                Some((api.clang_EvalResult_getAsLongLong)(r) as i128)
            }
        } else {
            None
        };
        (api.clang_EvalResult_dispose)(r);
        v
    }

    /// The bytes of a string literal as clang evaluates it (escapes
    /// decoded), without the terminating NUL; `None` when clang gives none
    /// or the literal holds a NUL of its own (the C string would be cut).
    unsafe fn string(&self, c: CXCursor) -> Option<Vec<u8>> {
        let api = self.api;
        let r = (api.clang_Cursor_Evaluate)(c);
        if r.is_null() {
            return None;
        }
        let out = if (api.clang_EvalResult_getKind)(r) == 4 {
            let p = (api.clang_EvalResult_getAsStr)(r);
            (!p.is_null()).then(|| CStr::from_ptr(p).to_bytes().to_vec())
        } else {
            None
        };
        (api.clang_EvalResult_dispose)(r);
        out
    }

    unsafe fn ty(&mut self, t: CXType, depth: u32) -> Type {
        let api = self.api;
        let spelling = take(api, (api.clang_getTypeSpelling)(t));
        let mut canon = (api.clang_getCanonicalType)(t);
        if TypeKind::from_raw(canon.kind) == TypeKind::Enum {
            // An enumeration is its underlying integer type (clang's choice
            // for the target, e.g. `unsigned int` without negative values).
            let d = (api.clang_getTypeDeclaration)(canon);
            let u = (api.clang_getCanonicalType)((api.clang_getEnumDeclIntegerType)(d));
            if TypeKind::from_raw(u.kind).is_integer() {
                canon = u;
            }
        }
        let kind = TypeKind::from_raw(canon.kind);
        // libclang aborts (SIGILL) on the size of some function types, e.g.
        // those of builtins: functions have no size to ask for.
        // (and on placeholder types such as a builtin's): only object types
        // whose size certa may need are asked.
        let sized = kind.is_integer()
            || matches!(
                kind,
                TypeKind::Pointer
                    | TypeKind::ConstantArray
                    | TypeKind::Record
                    | TypeKind::Float
                    | TypeKind::Double
                    | TypeKind::LongDouble
                    | TypeKind::Int128
                    | TypeKind::UInt128
            );
        let size = if sized {
            (api.clang_Type_getSizeOf)(canon)
        } else {
            -1
        };
        let is_const = (api.clang_isConstQualifiedType)(t) != 0;
        let is_volatile = (api.clang_isVolatileQualifiedType)(canon) != 0
            || (api.clang_isVolatileQualifiedType)(t) != 0;
        let mut out = Type {
            kind,
            spelling,
            size,
            is_const,
            is_volatile,
            elem: None,
            len: None,
            params: Vec::new(),
            variadic: false,
            record: None,
        };
        // Deep enough for any declarator C programs write; bounded so a
        // hostile type cannot recurse without end.
        if depth > 16 {
            return out;
        }
        match kind {
            TypeKind::ConstantArray | TypeKind::IncompleteArray | TypeKind::VariableArray => {
                out.elem = Some(Box::new(
                    self.ty((api.clang_getArrayElementType)(canon), depth + 1),
                ));
                if kind == TypeKind::ConstantArray {
                    out.len = Some((api.clang_getArraySize)(canon));
                }
            }
            TypeKind::Record => {
                out.record = self.id_of((api.clang_getTypeDeclaration)(canon));
            }
            TypeKind::Pointer => {
                out.elem = Some(Box::new(
                    self.ty((api.clang_getPointeeType)(canon), depth + 1),
                ));
            }
            TypeKind::FunctionProto | TypeKind::FunctionNoProto => {
                out.elem = Some(Box::new(
                    self.ty((api.clang_getResultType)(canon), depth + 1),
                ));
                let n = (api.clang_getNumArgTypes)(canon);
                for i in 0..n.max(0) {
                    let a = (api.clang_getArgType)(canon, i as c_uint);
                    out.params.push(self.ty(a, depth + 1));
                }
                out.variadic = (api.clang_isFunctionTypeVariadic)(canon) != 0;
            }
            _ => {}
        }
        out
    }
}

/// The spellings libclang gives the operator kinds, for a self-test that the
/// numbering in `tree.rs` matches the loaded library.
pub fn operator_spellings() -> Result<(Vec<String>, Vec<String>), String> {
    let api = api()?;
    unsafe {
        let bin: Vec<String> = (1..34)
            .map(|k| take(api, (api.clang_getBinaryOperatorKindSpelling)(k)))
            .collect();
        let un: Vec<String> = (1..14)
            .map(|k| take(api, (api.clang_getUnaryOperatorKindSpelling)(k)))
            .collect();
        // Index k holds kind k; kind 0 (invalid) has no spelling.
        Ok((
            std::iter::once(String::new()).chain(bin).collect(),
            std::iter::once(String::new()).chain(un).collect(),
        ))
    }
}
