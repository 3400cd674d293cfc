//! Checked arithmetic and properties: which operations become edges to the
//! error location under which properties, and how properties are parsed.

use crate::c::{self, CheckKind};
use crate::tests_arrays_helpers::c_file;
use crate::{Encoding, Program, Properties};

const HEAD: &str = "extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
";

fn program(tag: &str, body: &str, props: Properties) -> Program {
    let src = format!("{HEAD}int main(void) {{\n{body}\n  return 0;\n}}\n");
    let path = c_file(tag, &src);
    c::load_c(&path, c::DataModel::Lp64, Encoding::Lbe, props).unwrap_or_else(|e| panic!("{e}"))
}

fn sites(p: &Program) -> Vec<(CheckKind, String)> {
    p.checks
        .as_ref()
        .map(|c| c.sites.iter().map(|s| (s.kind, s.text.clone())).collect())
        .unwrap_or_default()
}

const NO_OVERFLOW: Properties = Properties {
    unreach_call: false,
    no_overflow: true,
    assume_no_overflow: false,
    block_undefined: false,
};

#[test]
fn signed_arithmetic_gets_an_overflow_check_marked_in_the_error_state() {
    let p = program(
        "add",
        "  int x = __VERIFIER_nondet_int();\n  x = x + 1;\n  x = -x;\n  x = x * 3;",
        Properties::default(),
    );
    assert_eq!(
        sites(&p),
        vec![
            (CheckKind::Overflow, "x + 1".to_string()),
            (CheckKind::Overflow, "-x".to_string()),
            (CheckKind::Overflow, "x * 3".to_string()),
        ]
    );
    let checks = p.checks.as_ref().unwrap();
    assert!(p.task.is_state_var(&checks.violation_var));
    // Every relation into bad fixes the mark.
    for e in p.task.edges.iter().filter(|e| e.to == p.task.bad_location) {
        let mut nexts = Vec::new();
        e.relation.collect_vars(&mut Vec::new(), &mut nexts);
        assert!(nexts.contains(&checks.violation_var), "{}", e.name);
    }
}

#[test]
fn the_mathematical_reading_has_no_checks_and_no_mark() {
    let p = program(
        "math",
        "  int x = __VERIFIER_nondet_int();\n  x = x + 1;",
        Properties::LEGACY,
    );
    assert!(p.checks.is_none());
    assert!(!p.task.is_state_var("violation"));
}

#[test]
fn unsigned_wraparound_and_conversions_to_signed_types_are_not_checked() {
    // SV-COMP: "conversions to signed-integer types do not violate this property".
    let p = program(
        "unsigned",
        "  unsigned u = __VERIFIER_nondet_uint();\n  u = u * 7 + 1;\n  int y = (int)u;\n  signed char c = y;",
        NO_OVERFLOW,
    );
    assert_eq!(sites(&p), vec![]);
}

#[test]
fn division_by_a_variable_checks_zero_and_min_by_minus_one() {
    let p = program(
        "div",
        "  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n  x = x / y;\n  x = x % y;",
        Properties::default(),
    );
    let kinds: Vec<CheckKind> = sites(&p).into_iter().map(|(k, _)| k).collect();
    assert_eq!(
        kinds,
        vec![
            CheckKind::DivisionByZero,
            CheckKind::Overflow,
            CheckKind::DivisionByZero,
            CheckKind::RemainderOverflow,
        ]
    );
}

#[test]
fn signed_left_shift_overflow_is_checked_only_under_no_overflow() {
    let body = "  int x = __VERIFIER_nondet_int();\n  x = x << 3;";
    // gcc defines signed `<<` as two's complement: the default wraps.
    assert_eq!(sites(&program("shl", body, Properties::default())), vec![]);
    assert_eq!(
        sites(&program("shl_no", body, NO_OVERFLOW)),
        vec![(CheckKind::Overflow, "x << 3".to_string())]
    );
}

#[test]
fn a_shift_by_a_variable_checks_its_amount() {
    let p = program(
        "shvar",
        "  unsigned u = __VERIFIER_nondet_uint();\n  int n = __VERIFIER_nondet_int();\n  u = u >> n;",
        Properties::default(),
    );
    assert_eq!(
        sites(&p),
        vec![(CheckKind::ShiftAmount, "u >> n".to_string())]
    );
}

#[test]
fn a_guarded_operand_is_checked_only_where_c_evaluates_it() {
    // `y > 0 && x / y > 1`: the quotient's checks are guarded by `y > 0`,
    // so the division-by-zero check can never fire.
    let p = program(
        "guard",
        "  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n  if (y > 0 && x / y > 1) reach_error();",
        Properties::default(),
    );
    let checks = p.checks.as_ref().expect("checks");
    let zero = checks
        .sites
        .iter()
        .find(|s| s.kind == CheckKind::DivisionByZero)
        .expect("a division check");
    // The relation of the edge into bad that marks the division check
    // implies y > 0: evaluate it with y = 0 (any x): false.
    let mut env = format::eval::Env::default();
    for e in p.task.edges.iter().filter(|e| e.to == p.task.bad_location) {
        for v in p.task.int_var_names() {
            env.vars.insert(v.clone(), 0.into());
            env.nexts.insert(v.clone(), 0.into());
        }
        env.nexts
            .insert(checks.violation_var.clone(), zero.id.into());
        for l in &e.locals {
            env.vars.insert(l.name.clone(), 0.into());
        }
        assert_ne!(env.holds(&e.relation), Ok(true), "{}", e.name);
    }
}

#[test]
fn reach_error_ends_the_run_when_unreach_call_is_not_checked() {
    let p = program("reach", "  reach_error();", NO_OVERFLOW);
    assert!(p.task.edges.iter().all(|e| e.to != p.task.bad_location));
    let q = program("reach2", "  reach_error();", Properties::default());
    assert!(q.task.edges.iter().any(|e| e.to == q.task.bad_location));
}

#[test]
fn properties_parse_from_names_and_property_files_and_refuse_the_rest() {
    assert_eq!(
        Properties::parse("unreach-call").unwrap(),
        Properties::UNREACH_CALL
    );
    let both = Properties::parse("unreach-call,no-overflow").unwrap();
    assert!(both.unreach_call && both.no_overflow);
    assert_eq!(
        Properties::from_prp_text("CHECK( init(main()), LTL(G ! overflow) )\n").unwrap(),
        NO_OVERFLOW
    );
    assert!(
        Properties::from_prp_text("CHECK( init(main()), LTL(G ! call(reach_error())) )")
            .unwrap()
            .unreach_call
    );
    for bad in ["memsafety", "termination", "", "unreach-call,"] {
        assert!(Properties::parse(bad).is_err(), "{bad}");
    }
    let e = Properties::from_prp_text("CHECK( init(main()), LTL(G valid-free) )").unwrap_err();
    assert!(e.contains("unsupported property"), "{e}");
    // Recorded names round-trip; none recorded is the old reading.
    for p in [Properties::default(), NO_OVERFLOW, Properties::LEGACY, both] {
        assert_eq!(
            Properties::from_record(&p.names(), &p.assumptions()).unwrap(),
            p
        );
    }
    assert_eq!(
        Properties::from_record(&[], &[]).unwrap(),
        Properties::LEGACY
    );
    assert!(Properties::from_record(&["no-overflow".into()], &["no-overflow".into()]).is_err());
}

#[test]
fn blocking_undefined_arithmetic_makes_checks_assumptions() {
    let blocking = Properties {
        block_undefined: true,
        ..Properties::default()
    };
    let p = program(
        "block",
        "  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();\n  x = x / y;",
        blocking,
    );
    assert!(p.checks.is_none(), "no check sites, no mark");
    assert!(p.task.edges.iter().all(|e| e.to != p.task.bad_location));
    assert_eq!(
        Properties::from_record(&blocking.names(), &blocking.assumptions()).unwrap(),
        blocking
    );
}
