//! The operator numbering in `tree.rs` matches the loaded libclang's.

use clang_ast::{operator_spellings, BinOp, UnOp};

#[test]
fn operator_numbering_matches_the_library() {
    let (bin, un) = operator_spellings().expect("libclang loads");
    let b = |k: usize| bin[k].as_str();
    assert_eq!(b(3), "*");
    assert_eq!(b(6), "+");
    assert_eq!(b(8), "<<");
    assert_eq!(b(11), "<");
    assert_eq!(b(16), "!=");
    assert_eq!(b(20), "&&");
    assert_eq!(b(22), "=");
    assert_eq!(b(26), "+=");
    assert_eq!(b(33), ",");
    assert_eq!(BinOp::from_raw(33), BinOp::Comma);
    let u = |k: usize| un[k].as_str();
    assert_eq!(u(1), "++");
    assert_eq!(u(4), "--");
    assert_eq!(u(5), "&");
    assert_eq!(u(8), "-");
    assert_eq!(u(9), "~");
    assert_eq!(u(10), "!");
    assert_eq!(UnOp::from_raw(10), UnOp::LNot);
}

#[test]
fn character_constants_and_scopes_come_from_clang() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.c");
    std::fs::write(
        &f,
        "int x; int main(void) { char c = '\\''; char x = sizeof(x); return c + x; }\n",
    )
    .unwrap();
    let unit = clang_ast::parse(
        f.to_str().unwrap(),
        &["-target".into(), "x86_64-unknown-linux-gnu".into()],
    )
    .unwrap();
    assert!(
        unit.clang_version.contains("18.1.1"),
        "{}",
        unit.clang_version
    );
    let s = format!("{:?}", unit.decls);
    assert!(s.contains("value: Some(39)"), "'\\'' is 39");
}
