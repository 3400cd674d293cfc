//! The owned tree a parse returns: cursor kinds, types, operators and places
//! as plain Rust data (numbering from `clang-c/Index.h`, LLVM 17+).

/// The identity of a declaration (its canonical cursor), so two names refer
/// to the same entity exactly when clang says they do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeclId(pub u32);

/// A place in the source: the presumed file, line and column (after `# line`
/// markers) and the byte offset of the expansion in the parsed file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Loc {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub offset: u32,
    pub in_main_file: bool,
}

macro_rules! kinds {
    ($name:ident { $($variant:ident = $raw:expr,)* }) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($variant,)* Other }
        impl $name {
            pub fn from_raw(raw: i32) -> $name {
                match raw { $($raw => $name::$variant,)* _ => $name::Other }
            }
        }
    };
}

kinds!(Kind {
    StructDecl = 2,
    UnionDecl = 3,
    EnumDecl = 5,
    FieldDecl = 6,
    EnumConstantDecl = 7,
    FunctionDecl = 8,
    VarDecl = 9,
    ParmDecl = 10,
    TypedefDecl = 20,
    TypeRef = 43,
    MemberRef = 47,
    LabelRef = 48,
    VariableRef = 50,
    UnexposedExpr = 100,
    DeclRefExpr = 101,
    MemberRefExpr = 102,
    CallExpr = 103,
    IntegerLiteral = 106,
    FloatingLiteral = 107,
    ImaginaryLiteral = 108,
    StringLiteral = 109,
    CharacterLiteral = 110,
    ParenExpr = 111,
    UnaryOperator = 112,
    ArraySubscriptExpr = 113,
    BinaryOperator = 114,
    CompoundAssignOperator = 115,
    ConditionalOperator = 116,
    CStyleCastExpr = 117,
    CompoundLiteralExpr = 118,
    InitListExpr = 119,
    AddrLabelExpr = 120,
    StmtExpr = 121,
    GenericSelectionExpr = 122,
    UnaryExprOrTypeTrait = 136,
    UnexposedStmt = 200,
    LabelStmt = 201,
    CompoundStmt = 202,
    CaseStmt = 203,
    DefaultStmt = 204,
    IfStmt = 205,
    SwitchStmt = 206,
    WhileStmt = 207,
    DoStmt = 208,
    ForStmt = 209,
    GotoStmt = 210,
    IndirectGotoStmt = 211,
    ContinueStmt = 212,
    BreakStmt = 213,
    ReturnStmt = 214,
    AsmStmt = 215,
    NullStmt = 230,
    DeclStmt = 231,
    UnexposedAttr = 400,
    StaticAssert = 602,
});

impl Kind {
    pub fn is_decl(self) -> bool {
        matches!(
            self,
            Kind::StructDecl
                | Kind::UnionDecl
                | Kind::EnumDecl
                | Kind::FieldDecl
                | Kind::EnumConstantDecl
                | Kind::FunctionDecl
                | Kind::VarDecl
                | Kind::ParmDecl
                | Kind::TypedefDecl
        )
    }
    pub fn is_reference(self) -> bool {
        matches!(
            self,
            Kind::DeclRefExpr
                | Kind::MemberRefExpr
                | Kind::CallExpr
                | Kind::TypeRef
                | Kind::MemberRef
                | Kind::LabelRef
                | Kind::VariableRef
        )
    }
}

kinds!(TypeKind {
    Invalid = 0,
    Unexposed = 1,
    Void = 2,
    Bool = 3,
    CharU = 4,
    UChar = 5,
    Char16 = 6,
    Char32 = 7,
    UShort = 8,
    UInt = 9,
    ULong = 10,
    ULongLong = 11,
    UInt128 = 12,
    CharS = 13,
    SChar = 14,
    WChar = 15,
    Short = 16,
    Int = 17,
    Long = 18,
    LongLong = 19,
    Int128 = 20,
    Float = 21,
    Double = 22,
    LongDouble = 23,
    Complex = 100,
    Pointer = 101,
    Record = 105,
    Enum = 106,
    Typedef = 107,
    FunctionNoProto = 110,
    FunctionProto = 111,
    ConstantArray = 112,
    Vector = 113,
    IncompleteArray = 114,
    VariableArray = 115,
    Elaborated = 119,
    Atomic = 177,
});

impl TypeKind {
    /// Integer types whose values certa models (enums are their
    /// underlying type after canonicalisation... not quite: see `Type`).
    pub fn is_integer(self) -> bool {
        matches!(
            self,
            TypeKind::Bool
                | TypeKind::CharU
                | TypeKind::UChar
                | TypeKind::UShort
                | TypeKind::UInt
                | TypeKind::ULong
                | TypeKind::ULongLong
                | TypeKind::CharS
                | TypeKind::SChar
                | TypeKind::Short
                | TypeKind::Int
                | TypeKind::Long
                | TypeKind::LongLong
                | TypeKind::Enum
        )
    }
    /// Signedness of an integer type as the target defines it (plain `char`
    /// is `CharS` or `CharU` by target). Enums: see [`Type::is_signed`].
    pub fn is_unsigned(self) -> bool {
        matches!(
            self,
            TypeKind::Bool
                | TypeKind::CharU
                | TypeKind::UChar
                | TypeKind::UShort
                | TypeKind::UInt
                | TypeKind::ULong
                | TypeKind::ULongLong
        )
    }
}

kinds!(BinOp {
    Mul = 3,
    Div = 4,
    Rem = 5,
    Add = 6,
    Sub = 7,
    Shl = 8,
    Shr = 9,
    Lt = 11,
    Gt = 12,
    Le = 13,
    Ge = 14,
    Eq = 15,
    Ne = 16,
    And = 17,
    Xor = 18,
    Or = 19,
    LAnd = 20,
    LOr = 21,
    Assign = 22,
    MulAssign = 23,
    DivAssign = 24,
    RemAssign = 25,
    AddAssign = 26,
    SubAssign = 27,
    ShlAssign = 28,
    ShrAssign = 29,
    AndAssign = 30,
    XorAssign = 31,
    OrAssign = 32,
    Comma = 33,
});

impl BinOp {
    fn from_raw_opt(raw: i32) -> Option<BinOp> {
        match BinOp::from_raw(raw) {
            BinOp::Other => None,
            b => Some(b),
        }
    }
    /// The arithmetic operator of a compound assignment (`+=` -> `+`).
    pub fn compound_base(self) -> Option<BinOp> {
        Some(match self {
            BinOp::MulAssign => BinOp::Mul,
            BinOp::DivAssign => BinOp::Div,
            BinOp::RemAssign => BinOp::Rem,
            BinOp::AddAssign => BinOp::Add,
            BinOp::SubAssign => BinOp::Sub,
            BinOp::ShlAssign => BinOp::Shl,
            BinOp::ShrAssign => BinOp::Shr,
            BinOp::AndAssign => BinOp::And,
            BinOp::XorAssign => BinOp::Xor,
            BinOp::OrAssign => BinOp::Or,
            _ => return None,
        })
    }
}

kinds!(UnOp {
    PostInc = 1,
    PostDec = 2,
    PreInc = 3,
    PreDec = 4,
    AddrOf = 5,
    Deref = 6,
    Plus = 7,
    Minus = 8,
    Not = 9,
    LNot = 10,
    Real = 11,
    Imag = 12,
    Extension = 13,
});

impl UnOp {
    fn from_raw_opt(raw: i32) -> Option<UnOp> {
        match UnOp::from_raw(raw) {
            UnOp::Other => None,
            u => Some(u),
        }
    }
}

kinds!(Storage {
    None = 1,
    Extern = 2,
    Static = 3,
    Auto = 6,
    Register = 7,
});

/// A type as clang gives it for the target.
#[derive(Clone, Debug)]
pub struct Type {
    /// The canonical type's kind (typedefs and `enum` sugar resolved).
    pub kind: TypeKind,
    /// The type as written, e.g. `uint32_t`.
    pub spelling: String,
    /// `sizeof` in bytes on the target; negative when it has none.
    pub size: i64,
    pub is_const: bool,
    pub is_volatile: bool,
    /// Element (arrays), pointee (pointers) or result (functions).
    pub elem: Option<Box<Type>>,
    /// The length of a constant-size array.
    pub len: Option<i64>,
    /// Parameter types of a function type.
    pub params: Vec<Type>,
    pub variadic: bool,
    /// The declaration of a record (`struct`/`union`) type.
    pub record: Option<DeclId>,
}

impl Type {
    /// Width in bits of an integer type (`_Bool` is 1 bit of value).
    pub fn bits(&self) -> Option<u32> {
        if !self.kind.is_integer() || self.size <= 0 {
            return None;
        }
        if self.kind == TypeKind::Bool {
            return Some(1);
        }
        Some(self.size as u32 * 8)
    }
}

/// One node of clang's AST.
#[derive(Clone, Debug)]
pub struct Node {
    pub kind: Kind,
    /// libclang's name for a kind certa does not know (for messages).
    pub other_kind: String,
    /// The cursor's spelling: a declaration's or referenced entity's name.
    pub name: String,
    pub ty: Type,
    /// First and one-past-last character of the node's extent.
    pub at: Loc,
    pub end: Loc,
    /// A declaration's own id, or the id of the declaration a reference
    /// (name, call, label, type) refers to.
    pub decl: Option<DeclId>,
    pub binop: Option<BinOp>,
    pub unop: Option<UnOp>,
    /// The value clang computes for integer and character literals,
    /// `sizeof`/`_Alignof`, and enum constants.
    pub value: Option<i128>,
    pub storage: Storage,
    /// A function with a body, or a variable definition.
    pub definition: bool,
    /// A variable with static storage duration (globals, `static` locals).
    pub global_storage: bool,
    /// A variable's initializer (libclang lists array sizes among the
    /// children too, so the children alone do not say which one it is).
    pub init: Option<Box<Node>>,
    /// A string literal's bytes (escapes decoded by clang), without the NUL.
    pub bytes: Option<Vec<u8>>,
    /// For a `for` statement: the header part (0 init, 1 condition, 2 step)
    /// of each child but the last (the body); empty if unknown.
    pub for_slots: Vec<u8>,
    /// A field's offset in bits from the start of its record, by clang's
    /// layout for the target (`FieldDecl` only).
    pub field_offset: Option<i64>,
    /// A bit-field (`FieldDecl` only).
    pub bitfield: bool,
    pub children: Vec<Node>,
}

impl BinOp {
    pub(crate) fn from_raw_checked(raw: i32) -> Option<BinOp> {
        BinOp::from_raw_opt(raw)
    }
}
impl UnOp {
    pub(crate) fn from_raw_checked(raw: i32) -> Option<UnOp> {
        UnOp::from_raw_opt(raw)
    }
}
