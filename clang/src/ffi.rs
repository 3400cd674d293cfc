//! The libclang C API that certa uses, declared by hand and loaded with
//! `dlopen` from the path the build script baked in: about fifty functions
//! of `clang-c/Index.h` (LLVM 17 or later), nothing else.
#![allow(non_camel_case_types, non_snake_case, clippy::upper_case_acronyms)]

use std::os::raw::{c_char, c_int, c_longlong, c_uint, c_ulong, c_ulonglong, c_void};

pub type CXIndex = *mut c_void;
pub type CXTranslationUnit = *mut c_void;
pub type CXFile = *mut c_void;
pub type CXDiagnostic = *mut c_void;
pub type CXEvalResult = *mut c_void;
pub type CXClientData = *mut c_void;

#[repr(C)]
#[derive(Copy, Clone)]
pub struct CXCursor {
    pub kind: c_int,
    pub xdata: c_int,
    pub data: [*const c_void; 3],
}

#[repr(C)]
#[derive(Copy, Clone)]
pub struct CXType {
    pub kind: c_int,
    pub data: [*mut c_void; 2],
}

#[repr(C)]
#[derive(Copy, Clone)]
pub struct CXString {
    pub data: *const c_void,
    pub private_flags: c_uint,
}

#[repr(C)]
#[derive(Copy, Clone)]
pub struct CXSourceLocation {
    pub ptr_data: [*const c_void; 2],
    pub int_data: c_uint,
}

#[repr(C)]
#[derive(Copy, Clone)]
pub struct CXSourceRange {
    pub ptr_data: [*const c_void; 2],
    pub begin_int_data: c_uint,
    pub end_int_data: c_uint,
}

#[repr(C)]
pub struct CXUnsavedFile {
    pub Filename: *const c_char,
    pub Contents: *const c_char,
    pub Length: c_ulong,
}

#[repr(C)]
#[derive(Copy, Clone)]
pub struct CXToken {
    pub int_data: [c_uint; 4],
    pub ptr_data: *mut c_void,
}

pub type CXCursorVisitor = extern "C" fn(CXCursor, CXCursor, CXClientData) -> c_int;

macro_rules! api {
    ($($name:ident : fn($($arg:ty),*) $(-> $ret:ty)?;)*) => {
        /// The loaded library and its functions.
        pub struct Api {
            _lib: libloading::Library,
            $(pub $name: unsafe extern "C" fn($($arg),*) $(-> $ret)?,)*
        }
        impl Api {
            /// Opens the library at `path` and resolves every function.
            ///
            /// # Safety
            /// `path` must be a libclang of LLVM 17 or later, whose functions
            /// have the signatures declared here.
            pub unsafe fn load(path: &str) -> Result<Api, String> {
                let lib = libloading::Library::new(path)
                    .map_err(|e| format!("cannot load libclang from {path}: {e}"))?;
                $(
                    let $name = *lib
                        .get::<unsafe extern "C" fn($($arg),*) $(-> $ret)?>(
                            concat!(stringify!($name), "\0").as_bytes(),
                        )
                        .map_err(|e| format!("libclang at {path} lacks {}: {e}", stringify!($name)))?;
                )*
                Ok(Api { _lib: lib, $($name,)* })
            }
        }
    };
}

api! {
    clang_createIndex: fn(c_int, c_int) -> CXIndex;
    clang_disposeIndex: fn(CXIndex);
    clang_parseTranslationUnit2: fn(CXIndex, *const c_char, *const *const c_char, c_int,
        *mut CXUnsavedFile, c_uint, c_uint, *mut CXTranslationUnit) -> c_int;
    clang_disposeTranslationUnit: fn(CXTranslationUnit);
    clang_getNumDiagnostics: fn(CXTranslationUnit) -> c_uint;
    clang_getDiagnostic: fn(CXTranslationUnit, c_uint) -> CXDiagnostic;
    clang_getDiagnosticSeverity: fn(CXDiagnostic) -> c_int;
    clang_getDiagnosticSpelling: fn(CXDiagnostic) -> CXString;
    clang_getDiagnosticLocation: fn(CXDiagnostic) -> CXSourceLocation;
    clang_disposeDiagnostic: fn(CXDiagnostic);
    clang_getTranslationUnitCursor: fn(CXTranslationUnit) -> CXCursor;
    clang_visitChildren: fn(CXCursor, CXCursorVisitor, CXClientData) -> c_uint;
    clang_getCursorKind: fn(CXCursor) -> c_int;
    clang_getCursorKindSpelling: fn(c_int) -> CXString;
    clang_getCursorSpelling: fn(CXCursor) -> CXString;
    clang_getCursorType: fn(CXCursor) -> CXType;
    clang_getCursorReferenced: fn(CXCursor) -> CXCursor;
    clang_getCanonicalCursor: fn(CXCursor) -> CXCursor;
    clang_equalCursors: fn(CXCursor, CXCursor) -> c_uint;
    clang_hashCursor: fn(CXCursor) -> c_uint;
    clang_Cursor_isNull: fn(CXCursor) -> c_int;
    clang_getCursorExtent: fn(CXCursor) -> CXSourceRange;
    clang_getRangeStart: fn(CXSourceRange) -> CXSourceLocation;
    clang_getRangeEnd: fn(CXSourceRange) -> CXSourceLocation;
    clang_getPresumedLocation: fn(CXSourceLocation, *mut CXString, *mut c_uint, *mut c_uint);
    clang_getExpansionLocation: fn(CXSourceLocation, *mut CXFile, *mut c_uint, *mut c_uint, *mut c_uint);
    clang_Location_isFromMainFile: fn(CXSourceLocation) -> c_int;
    clang_getTypeSpelling: fn(CXType) -> CXString;
    clang_getCanonicalType: fn(CXType) -> CXType;
    clang_Type_getSizeOf: fn(CXType) -> c_longlong;
    clang_getArrayElementType: fn(CXType) -> CXType;
    clang_getArraySize: fn(CXType) -> c_longlong;
    clang_getPointeeType: fn(CXType) -> CXType;
    clang_getResultType: fn(CXType) -> CXType;
    clang_getNumArgTypes: fn(CXType) -> c_int;
    clang_getArgType: fn(CXType, c_uint) -> CXType;
    clang_isFunctionTypeVariadic: fn(CXType) -> c_uint;
    clang_isConstQualifiedType: fn(CXType) -> c_uint;
    clang_isVolatileQualifiedType: fn(CXType) -> c_uint;
    clang_Cursor_Evaluate: fn(CXCursor) -> CXEvalResult;
    clang_EvalResult_getKind: fn(CXEvalResult) -> c_int;
    clang_EvalResult_isUnsignedInt: fn(CXEvalResult) -> c_uint;
    clang_EvalResult_getAsUnsigned: fn(CXEvalResult) -> c_ulonglong;
    clang_EvalResult_getAsLongLong: fn(CXEvalResult) -> c_longlong;
    clang_EvalResult_dispose: fn(CXEvalResult);
    clang_EvalResult_getAsStr: fn(CXEvalResult) -> *const c_char;
    clang_getCursorBinaryOperatorKind: fn(CXCursor) -> c_int;
    clang_getCursorUnaryOperatorKind: fn(CXCursor) -> c_int;
    clang_getBinaryOperatorKindSpelling: fn(c_int) -> CXString;
    clang_getUnaryOperatorKindSpelling: fn(c_int) -> CXString;
    clang_Cursor_getStorageClass: fn(CXCursor) -> c_int;
    clang_isCursorDefinition: fn(CXCursor) -> c_uint;
    clang_getEnumConstantDeclValue: fn(CXCursor) -> c_longlong;
    clang_Cursor_hasVarDeclGlobalStorage: fn(CXCursor) -> c_uint;
    clang_getClangVersion: fn() -> CXString;
    clang_Cursor_getVarDeclInitializer: fn(CXCursor) -> CXCursor;
    clang_getTypeDeclaration: fn(CXType) -> CXCursor;
    clang_getEnumDeclIntegerType: fn(CXCursor) -> CXType;
    clang_Cursor_getOffsetOfField: fn(CXCursor) -> c_longlong;
    clang_Cursor_isBitField: fn(CXCursor) -> c_uint;
    clang_tokenize: fn(CXTranslationUnit, CXSourceRange, *mut *mut CXToken, *mut c_uint);
    clang_disposeTokens: fn(CXTranslationUnit, *mut CXToken, c_uint);
    clang_getTokenSpelling: fn(CXTranslationUnit, CXToken) -> CXString;
    clang_getTokenLocation: fn(CXTranslationUnit, CXToken) -> CXSourceLocation;
    clang_getCString: fn(CXString) -> *const c_char;
    clang_disposeString: fn(CXString);
}

// Keep the unused-type lint quiet for types only used in signatures.
#[allow(dead_code)]
type _Unused = (c_ulonglong, c_longlong);
