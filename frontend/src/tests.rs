//! Unit tests of the .imp/.ts parsers, the CFA, large-block encoding and the task translation.
use super::*;
use format::print::{expr_to_string, task_to_string};
use format::task::{EdgeScope, StateScope};
use format::{Edge, Expr, ExprSort, Num, Task, VarDecl, VarSort};
use proptest::prelude::*;

const SEED_IMP: &str = "var x, y: int;
x = 0; y = 0;
while (*) { x = x + 1; y = y + 1; }
assert(x == y);
";

const SEED_TS: &str = r#"// certa transition system
var x: int;
var y: int;
location h;
location c;
location bad;
initial h;
bad bad;
init x == 0 && y == 0;
edge 0 "loop": h -> h
  relation x' == x + 1 && y' == y + 1;
edge 1 "exit": h -> c
  relation x' == x && y' == y;
edge 2 "fail": c -> bad
  local t: int;
  relation x != y && x' == x && y' == y;
"#;

fn v(n: &str) -> Expr {
    Expr::var(n)
}
fn nx(n: &str) -> Expr {
    Expr::next(n)
}
fn and(v: Vec<Expr>) -> Expr {
    Expr::And(v)
}
fn add(v: Vec<Expr>) -> Expr {
    Expr::Add(v)
}
fn b(e: Expr) -> Box<Expr> {
    Box::new(e)
}

pub(crate) fn check_sorts(task: &Task) {
    assert_eq!(task.init.sort_check(&StateScope(task)), Ok(ExprSort::Bool));
    for e in &task.edges {
        assert_eq!(
            e.relation.sort_check(&EdgeScope(task, e)),
            Ok(ExprSort::Bool),
            "edge {} `{}`",
            e.name,
            expr_to_string(&e.relation)
        );
        assert!(task.has_location(&e.from) && task.has_location(&e.to));
    }
    assert!(task.has_location(&task.initial_location));
    assert!(task.has_location(&task.bad_location));
}

fn err_imp(src: &str) -> String {
    match parse_imp("t.imp", src, Encoding::Lbe) {
        Ok(p) => panic!("expected an error, got {}", task_to_string(&p.task)),
        Err(e) => e.to_string(),
    }
}

fn err_ts(src: &str) -> String {
    match parse_ts("t.ts", src) {
        Ok(t) => panic!("expected an error, got {}", task_to_string(&t)),
        Err(e) => e.to_string(),
    }
}

#[test]
fn seed_ts_parses_to_expected_task() {
    let t = parse_ts("seed.ts", SEED_TS).unwrap();
    let frame = |xs: &[&str]| xs.iter().map(|x| Expr::eq(nx(x), v(x))).collect::<Vec<_>>();
    let expected = Task {
        vars: vec![VarDecl::int("x"), VarDecl::int("y")],
        locations: vec!["h".into(), "c".into(), "bad".into()],
        initial_location: "h".into(),
        bad_location: "bad".into(),
        init: and(vec![
            Expr::eq(v("x"), Expr::int(0)),
            Expr::eq(v("y"), Expr::int(0)),
        ]),
        edges: vec![
            Edge {
                id: 0,
                name: "loop".into(),
                from: "h".into(),
                to: "h".into(),
                locals: vec![],
                relation: and(vec![
                    Expr::eq(nx("x"), add(vec![v("x"), Expr::int(1)])),
                    Expr::eq(nx("y"), add(vec![v("y"), Expr::int(1)])),
                ]),
            },
            Edge {
                id: 1,
                name: "exit".into(),
                from: "h".into(),
                to: "c".into(),
                locals: vec![],
                relation: and(frame(&["x", "y"])),
            },
            Edge {
                id: 2,
                name: "fail".into(),
                from: "c".into(),
                to: "bad".into(),
                locals: vec![VarDecl::int("t")],
                relation: and([
                    vec![Expr::not(Expr::eq(v("x"), v("y")))],
                    frame(&["x", "y"]),
                ]
                .concat()),
            },
        ],
    };
    assert_eq!(t, expected);
    check_sorts(&t);
    assert_eq!(parse_ts("seed.ts", &task_to_string(&t)).unwrap(), t);
}

#[test]
fn ts_expression_structure() {
    let rel = |s: &str| {
        let text = format!("var a: int; var b: int; var c: int; location l; initial l; bad l;\nedge 0 \"e\": l -> l relation {s};");
        parse_ts("t.ts", &text).unwrap().edges[0].relation.clone()
    };
    let cmp0 = |e: Expr| Expr::eq(e, Expr::int(0));
    assert_eq!(
        rel("a + b + c == 0"),
        cmp0(add(vec![v("a"), v("b"), v("c")]))
    );
    assert_eq!(
        rel("a + b - c == 0"),
        cmp0(Expr::Sub(b(add(vec![v("a"), v("b")])), b(v("c"))))
    );
    assert_eq!(
        rel("a - b + c == 0"),
        cmp0(add(vec![Expr::Sub(b(v("a")), b(v("b"))), v("c")]))
    );
    assert_eq!(
        rel("(a + b) + c == 0"),
        cmp0(add(vec![add(vec![v("a"), v("b")]), v("c")]))
    );
    assert_eq!(rel("-5 == 0"), cmp0(Expr::int(-5)));
    assert_eq!(rel("-(5) == 0"), cmp0(Expr::Neg(b(Expr::int(5)))));
    assert_eq!(
        rel("a * 3 == 0"),
        cmp0(Expr::Mul(Num::from_i64(3), b(v("a"))))
    );
    assert_eq!(
        rel("2 * 3 == 0"),
        cmp0(Expr::Mul(Num::from_i64(2), b(Expr::int(3))))
    );
    assert_eq!(
        rel("-7 / 2 == 0"),
        cmp0(Expr::Div(b(Expr::int(-7)), Num::from_i64(2)))
    );
    assert_eq!(
        rel("a % 2 == 0"),
        cmp0(Expr::Mod(b(v("a")), Num::from_i64(2)))
    );
    assert_eq!(
        rel("a' == 1 => b' == 2 => c' == 3"),
        Expr::Implies(
            b(Expr::eq(nx("a"), Expr::int(1))),
            b(Expr::Implies(
                b(Expr::eq(nx("b"), Expr::int(2))),
                b(Expr::eq(nx("c"), Expr::int(3)))
            ))
        )
    );
    assert_eq!(rel("and()"), and(vec![]));
    assert_eq!(
        rel("or(a < b)"),
        Expr::Or(vec![Expr::Lt(b(v("a")), b(v("b")))])
    );
    assert_eq!(rel("add(a) == 0"), cmp0(add(vec![v("a")])));
    assert_eq!(
        rel("ite(a > 0, a, -(a)) >= 0"),
        Expr::Ge(
            b(Expr::Ite(
                b(Expr::Gt(b(v("a")), b(Expr::int(0)))),
                b(v("a")),
                b(Expr::Neg(b(v("a"))))
            )),
            b(Expr::int(0))
        )
    );
    assert_eq!(
        rel("!true && a != b").to_owned(),
        and(vec![
            Expr::not(Expr::Bool(true)),
            Expr::not(Expr::eq(v("a"), v("b")))
        ])
    );
}

#[test]
fn ts_errors_have_positions() {
    let head = "var x: int;\nlocation l;\ninitial l;\nbad l;\n";
    let e = err_ts(&format!(
        "{head}edge 0 \"e\": l -> l\n  relation x' == y;\n"
    ));
    assert!(e.starts_with("t.ts:6:18: undeclared variable `y`"), "{e}");
    // `.ts` has products of two terms (the format's `times`); `.imp` has not.
    let t = parse_ts(
        "t.ts",
        &format!("{head}edge 0 \"e\": l -> l\n  relation x' == x * x;\n"),
    )
    .unwrap();
    assert!(matches!(&t.edges[0].relation, Expr::Eq(_, b) if matches!(**b, Expr::Times(..))));
    let e = err_ts(&format!(
        "{head}edge 0 \"e\": l -> l\n  relation x' == x / x;\n"
    ));
    assert!(e.starts_with("t.ts:6:20: nonlinear division"), "{e}");
    let e = err_ts(&format!("{head}edge 0 \"e\": l -> l\n  relation x' + 1;\n"));
    assert!(e.starts_with("t.ts:6:12: type error"), "{e}");
    let e = err_ts(&format!("{head}edge 0 \"e\" l -> l\n  relation true;\n"));
    assert!(e.starts_with("t.ts:5:12: syntax error"), "{e}");
    let e = err_ts(&format!("{head}init x' == 0;\n"));
    assert!(e.starts_with("t.ts:5:6: "), "{e}");
    let e = err_ts(&format!("{head}edge 0 \"e\": l -> m\n  relation true;\n"));
    assert!(e.starts_with("t.ts:5:18: undeclared location `m`"), "{e}");
    let e = err_ts("var x: int;\nlocation l;\ninitial l;\n");
    assert!(e.contains("missing `bad`"), "{e}");
    let deep = format!("{head}init {}true{};", "(".repeat(5000), ")".repeat(5000));
    assert!(err_ts(&deep).contains("nested more than"));
}

#[test]
fn ts_arrays_declared_round_trip() {
    let t = Task {
        vars: vec![
            VarDecl {
                name: "a".into(),
                sort: VarSort::IntArray,
            },
            VarDecl::int("x"),
        ],
        locations: vec!["l".into()],
        initial_location: "l".into(),
        bad_location: "l".into(),
        init: Expr::Bool(true),
        edges: vec![],
    };
    assert_eq!(parse_ts("t.ts", &task_to_string(&t)).unwrap(), t);
}

#[test]
fn imp_errors_have_positions() {
    let e = err_imp("var x: int;\nx = 0\nassert(x == 0);\n");
    assert!(e.starts_with("t.imp:3:1: syntax error"), "{e}");
    let e = err_imp("var x: int;\nx = 0;\nassert(x == z);\n");
    assert_eq!(e, "t.imp:3:13: undeclared variable `z`");
    let e = err_imp("var x: int;\nz = 0;\n");
    assert_eq!(e, "t.imp:2:1: undeclared variable `z`");
    let e = err_imp("var x, y: int;\nx = 0;\n  y = x * y;\n");
    assert!(e.starts_with("t.imp:3:9: nonlinear multiplication"), "{e}");
    let e = err_imp("var x, y: int;\nx = 0;\n  y = x / y;\n");
    assert!(e.starts_with("t.imp:3:9: nonlinear division"), "{e}");
    let e = err_imp("var x: int;\nx = true;\n");
    assert!(e.starts_with("t.imp:2:5: type error"), "{e}");
    let e = err_imp("var x: int;\nassume(x + 1);\n");
    assert!(e.starts_with("t.imp:2:8: type error"), "{e}");
    let e = err_imp("var x, y: int;\nif (x && y) { skip; }\n");
    assert!(e.starts_with("t.imp:2:5: type error"), "{e}");
    // Arrays are supported (see tests_arrays_*.rs); misuse is a type error.
    let e = err_imp("var x: int;\nvar a: int[];\nx = 0;\na[x] = a;\n");
    assert!(e.starts_with("t.imp:4:8: type error"), "{e}");
    let e = err_imp("var x: int;\nvar a: int[];\nx = a + 1;\n");
    assert!(e.starts_with("t.imp:3:5: type error"), "{e}");
    let e = err_imp("var x: int;\nx = x / 0;\n");
    assert!(e.starts_with("t.imp:2:9: the divisor"), "{e}");
    let e = err_imp("var x: int;\nx = 1;\nvar y: int;\n");
    assert!(e.starts_with("t.imp:3:1: syntax error"), "{e}");
    let e = err_imp("var x: int;\n/* unterminated\n");
    assert!(e.starts_with("t.imp:2:1: syntax error"), "{e}");
}

#[test]
fn imp_constant_folding_in_products() {
    let p = parse_imp(
        "t.imp",
        "var x: int;\nx = (1 + 2) * x / (4 - 2);\nassert(x >= 0);",
        Encoding::Sbe,
    )
    .unwrap();
    let rel = &p.task.edges[0].relation;
    assert_eq!(
        *rel,
        Expr::eq(
            nx("x"),
            Expr::Div(b(Expr::Mul(Num::from_i64(3), b(v("x")))), Num::from_i64(2))
        )
    );
}

#[test]
fn seed_lbe_shape() {
    let p = parse_imp("seed.imp", SEED_IMP, Encoding::Lbe).unwrap();
    let t = &p.task;
    check_sorts(t);
    assert_eq!(t.locations, vec!["entry", "l3_1", "bad"]);
    assert_eq!(t.initial_location, "entry");
    assert_eq!(t.bad_location, "bad");
    assert_eq!(t.init, Expr::Bool(true));
    let shape: Vec<(&str, &str)> = t
        .edges
        .iter()
        .map(|e| (e.from.as_str(), e.to.as_str()))
        .collect();
    assert_eq!(
        shape,
        vec![("entry", "l3_1"), ("l3_1", "l3_1"), ("l3_1", "bad")]
    );
    let rels: Vec<String> = t
        .edges
        .iter()
        .map(|e| expr_to_string(&e.relation))
        .collect();
    assert_eq!(
        rels,
        vec![
            "x' == 0 && y' == 0",
            "x' == x + 1 && y' == y + 1",
            // The state at `bad` is never observed: no frame.
            "x != y",
        ]
    );
    assert!(t.edges.iter().all(|e| e.locals.is_empty()));
    let ids: Vec<u32> = t.edges.iter().map(|e| e.id).collect();
    assert_eq!(ids, vec![0, 1, 2]);
    assert_eq!(t.edges[1].name, "l3_1->l3_1");
    // Source map: the loop edge summarises the condition and both assignments.
    assert_eq!(p.source_map.file, "seed.imp");
    let texts: Vec<Vec<String>> = p
        .source_map
        .edges
        .iter()
        .map(|o| {
            o.statements
                .iter()
                .map(|s| format!("{}:{} {}", s.line, s.col, s.text))
                .collect()
        })
        .collect();
    assert_eq!(
        texts,
        vec![
            vec!["2:1 x = 0", "2:8 y = 0"],
            vec!["3:8 [*]", "3:13 x = x + 1", "3:24 y = y + 1"],
            vec!["3:8 [!*]", "4:1 assert(x == y)"],
        ]
    );
}

#[test]
fn seed_sbe_shape() {
    let p = parse_imp("seed.imp", SEED_IMP, Encoding::Sbe).unwrap();
    check_sorts(&p.task);
    for e in &p.task.edges {
        assert!(p.source_map.edges[e.id as usize].statements.len() <= 1);
    }
    let rels: Vec<String> = p
        .task
        .edges
        .iter()
        .map(|e| format!("{}: {}", e.name, expr_to_string(&e.relation)))
        .collect();
    assert!(
        rels.contains(&"l3_1->l3_13: x' == x && y' == y".to_string()),
        "{rels:?}"
    );
    assert!(
        rels.contains(&"l3_13->l3_24: x' == x + 1 && y' == y".to_string()),
        "{rels:?}"
    );
}

#[test]
fn havoc_and_branches_encode_with_locals() {
    let src = "var x, y: int;
x = *;
while (x < 10) {
  if (x < 0) { x = 0 - x; } else if (*) { x = x + 2; y = *; } else { skip; }
  assert(x >= 0);
}";
    for enc in [Encoding::Sbe, Encoding::Lbe] {
        let p = parse_imp("t.imp", src, enc).unwrap();
        check_sorts(&p.task);
        for e in &p.task.edges {
            // Every relation constrains every next-state variable, except
            // LBE's into `bad`, which constrain none.
            let (mut vs, mut ns) = (vec![], vec![]);
            e.relation.collect_vars(&mut vs, &mut ns);
            let framed = enc == Encoding::Sbe || e.to != "bad";
            for x in ["x", "y"] {
                assert!(
                    ns.iter().any(|n| n == x) == framed,
                    "{}: {}",
                    e.name,
                    expr_to_string(&e.relation)
                );
            }
            for l in &e.locals {
                assert!(l.name.contains('@'));
                assert!(vs.contains(&l.name));
            }
        }
    }
    let p = parse_imp("t.imp", src, Encoding::Lbe).unwrap();
    assert_eq!(p.task.locations, vec!["entry", "l3_1", "bad"]);
    let sbe = parse_imp("t.imp", src, Encoding::Sbe).unwrap();
    let havoc = &sbe.task.edges[0];
    assert_eq!(expr_to_string(&havoc.relation), "x' == x@1 && y' == y");
    assert_eq!(havoc.locals, vec![VarDecl::int("x@1")]);
}

#[test]
fn deterministic_output() {
    let a = parse_imp("s.imp", SEED_IMP, Encoding::Lbe).unwrap();
    let b = parse_imp("s.imp", SEED_IMP, Encoding::Lbe).unwrap();
    assert_eq!(a, b);
}

// ---------------------------------------------------------------------------
// Round trip: parse_ts(print(task)) == task.

const STATE: &[&str] = &["x", "y", "z.1", "n@2", "_w$", "k#"];
const LOCALS: &[&str] = &["t", "x@1", "u_2"];

fn int_leaf(next: bool, locals: bool) -> BoxedStrategy<Expr> {
    let mut names: Vec<Expr> = STATE.iter().map(|n| v(n)).collect();
    if next {
        names.extend(STATE.iter().map(|n| nx(n)));
    }
    if locals {
        names.extend(LOCALS.iter().map(|n| v(n)));
    }
    prop_oneof![
        any::<i64>().prop_map(Expr::int),
        (-3i64..3).prop_map(Expr::int),
        "[0-9]{19,30}".prop_map(|s| Expr::Int(format::expr::parse_num(&s).unwrap())),
        proptest::sample::select(names),
    ]
    .boxed()
}

fn num() -> impl Strategy<Value = Num> {
    prop_oneof![
        (-5i64..5).prop_map(Num::from_i64),
        any::<i64>().prop_map(Num::from_i64)
    ]
}

fn pos_num() -> impl Strategy<Value = Num> {
    prop_oneof![
        (1i64..5).prop_map(Num::from_i64),
        (1i64..i64::MAX).prop_map(Num::from_i64)
    ]
}

/// Well-sorted integer and Boolean expressions of at most `depth` levels.
fn exprs(depth: u32, next: bool, locals: bool) -> (BoxedStrategy<Expr>, BoxedStrategy<Expr>) {
    let il = int_leaf(next, locals);
    let bl = any::<bool>().prop_map(Expr::Bool).boxed();
    if depth == 0 {
        return (il, bl);
    }
    let (i, bo) = exprs(depth - 1, next, locals);
    let bx = |s: BoxedStrategy<Expr>| s.prop_map(Box::new);
    let int = prop_oneof![
        2 => il,
        1 => proptest::collection::vec(i.clone(), 0..4).prop_map(Expr::Add),
        1 => (bx(i.clone()), bx(i.clone())).prop_map(|(a, c)| Expr::Sub(a, c)),
        1 => bx(i.clone()).prop_map(Expr::Neg),
        1 => (num(), bx(i.clone())).prop_map(|(k, a)| Expr::Mul(k, a)),
        1 => (bx(i.clone()), pos_num()).prop_map(|(a, d)| Expr::Div(a, d)),
        1 => (bx(i.clone()), pos_num()).prop_map(|(a, d)| Expr::Mod(a, d)),
        1 => (bx(bo.clone()), bx(i.clone()), bx(i.clone())).prop_map(|(c, a, d)| Expr::Ite(c, a, d)),
    ]
    .prop_filter("non-empty sums", |e| !matches!(e, Expr::Add(v) if v.is_empty()))
    .boxed();
    let cmp = (0..5u8, bx(i.clone()), bx(i.clone())).prop_map(|(k, a, c)| match k {
        0 => Expr::Eq(a, c),
        1 => Expr::Lt(a, c),
        2 => Expr::Le(a, c),
        3 => Expr::Gt(a, c),
        _ => Expr::Ge(a, c),
    });
    let boo = prop_oneof![
        1 => bl,
        3 => cmp,
        1 => proptest::collection::vec(bo.clone(), 0..4).prop_map(Expr::And),
        1 => proptest::collection::vec(bo.clone(), 0..4).prop_map(Expr::Or),
        1 => bx(bo.clone()).prop_map(Expr::Not),
        1 => (bx(bo.clone()), bx(bo.clone())).prop_map(|(a, c)| Expr::Implies(a, c)),
        1 => (bx(bo.clone()), bx(bo.clone()), bx(bo.clone())).prop_map(|(c, a, d)| Expr::Ite(c, a, d)),
    ]
    .boxed();
    (int, boo)
}

fn tasks() -> impl Strategy<Value = Task> {
    let locs = proptest::sample::subsequence(
        vec!["h", "c", "bad", "entry", "l3_4", "var", "edge", "initial"],
        1..6,
    );
    let vars = proptest::sample::subsequence(STATE.to_vec(), 0..STATE.len());
    let init = exprs(3, false, false).1;
    (locs, vars, init).prop_flat_map(|(locs, vars, init)| {
        let locs: Vec<String> = locs.into_iter().map(String::from).collect();
        let loc = proptest::sample::select(locs.clone());
        let edge = (
            any::<u32>(),
            ".*",
            loc.clone(),
            loc.clone(),
            proptest::sample::subsequence(LOCALS.to_vec(), 0..LOCALS.len()),
            exprs(3, true, true).1,
        );
        let vars: Vec<VarDecl> = STATE
            .iter()
            .filter(|n| vars.contains(n))
            .map(|n| VarDecl::int(n))
            .collect();
        (
            Just(locs),
            Just(vars),
            Just(init),
            loc.clone(),
            loc,
            proptest::collection::vec(edge, 0..4),
        )
            .prop_map(|(locs, vars, init, i, bd, edges)| {
                let mut seen = std::collections::BTreeSet::new();
                let edges = edges
                    .into_iter()
                    .filter(|e| seen.insert(e.0))
                    .map(|(id, name, from, to, locals, relation)| Edge {
                        id,
                        name,
                        from,
                        to,
                        locals: locals.into_iter().map(VarDecl::int).collect(),
                        relation,
                    })
                    .collect();
                Task {
                    vars,
                    locations: locs,
                    initial_location: i,
                    bad_location: bd,
                    init,
                    edges,
                }
            })
    })
}

/// Declares every name the generated expressions may use.
fn close_scope(mut t: Task) -> Task {
    t.vars = STATE.iter().map(|n| VarDecl::int(n)).collect();
    for e in &mut t.edges {
        e.locals = LOCALS.iter().map(|n| VarDecl::int(n)).collect();
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn ts_round_trip(t in tasks()) {
        let t = close_scope(t);
        check_sorts(&t);
        let text = task_to_string(&t);
        let back = parse_ts("rt.ts", &text);
        prop_assert!(back.is_ok(), "{}\n{}", back.unwrap_err(), text);
        prop_assert_eq!(back.unwrap(), t, "{}", text);
    }

    #[test]
    fn ts_expr_round_trip(e in exprs(5, true, true).1) {
        let t = close_scope(Task {
            vars: vec![],
            locations: vec!["l".into()],
            initial_location: "l".into(),
            bad_location: "l".into(),
            init: Expr::Bool(true),
            edges: vec![Edge { id: 7, name: "e".into(), from: "l".into(), to: "l".into(), locals: vec![], relation: e }],
        });
        let text = task_to_string(&t);
        let back = parse_ts("rt.ts", &text);
        prop_assert!(back.is_ok(), "{}\n{}", back.unwrap_err(), text);
        prop_assert_eq!(back.unwrap(), t, "{}", text);
    }
}

#[test]
fn deep_nesting_is_bounded() {
    // Within the limit: parses (on the frontend's own big stack).
    let n = 1900;
    let text = format!(
        "var x: int; location l; initial l; bad l; init {}true{};",
        "(".repeat(n),
        ")".repeat(n)
    );
    assert!(parse_ts("t.ts", &text).is_ok());
    let text = format!(
        "var x: int; location l; initial l; bad l; init {}x == 0;",
        "!".repeat(n)
    );
    assert!(parse_ts("t.ts", &text).is_ok());
    // Beyond: a clean error.
    let n = 100_000;
    let text = format!(
        "var x: int; location l; initial l; bad l; init {}true{};",
        "(".repeat(n),
        ")".repeat(n)
    );
    assert!(parse_ts("t.ts", &text)
        .unwrap_err()
        .to_string()
        .contains("nested more than"));
    let text = format!("var x: int;\nx = {}1{};", "(".repeat(n), ")".repeat(n));
    assert!(err_imp(&text).contains("nested more than"));
    let text = format!("var x: int;\n{}skip;{}", "{".repeat(n), "}".repeat(n));
    assert!(err_imp(&text).contains("nested more than"));
}
