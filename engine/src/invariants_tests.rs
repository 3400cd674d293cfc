//! Unit tests of invariant guessing: sampling, model-guided Houdini, and a
//! proof that needs samples from more than one round of an outer loop.
use super::*;
use frontend::parse_ts;

fn task(text: &str) -> Task {
    let task = parse_ts("test.ts", text).expect("test task parses");
    smt::set_array_vars(&task);
    task
}

fn in_z3(f: impl FnOnce() + Send + Sync) {
    z3::with_z3_config(&z3::Config::new(), f)
}

/// The trade loops of `corpus/chc/trade_loops_safe.smt2` as a transition
/// system: the initial edge leaves `n' > 0` to the solver.
const TRADE_LOOPS: &str = "
    var n: int; var a: int; var b: int;
    location start; location outer; location give; location take; location bad;
    initial start; bad bad;
    init true;
    edge 0 \"enter\": start -> outer relation n' > 0 && a' == 0 && b' == 0;
    edge 1 \"round\": outer -> give relation n > 0 && n' == n - 1 && a' == a && b' == b;
    edge 2 \"give\": give -> give relation a < n && n' == n && a' == a + 1 && b' == b - 1;
    edge 3 \"gave\": give -> take relation a >= n && n' == n && a' == a && b' == b;
    edge 4 \"take\": take -> take relation b < n && n' == n && a' == a - 1 && b' == b + 1;
    edge 5 \"took\": take -> outer relation b >= n && n' == n && a' == a && b' == b;
    edge 6 \"fail\": outer -> bad relation n == 0 && a != b && n' == n && a' == a && b' == b;
";

/// Two variables, for Houdini's tests.
const XY: &str = "
    var x: int; var y: int;
    location l; location bad; initial l; bad bad; init true;
    edge 0 \"fail\": l -> bad relation x' == x && y' == y;
";

#[test]
fn sampling_varies_a_value_the_relation_leaves_free() {
    in_z3(|| {
        let t = task(TRADE_LOOPS);
        let seen = sample(&t, &Budget::new(None), 4, 3).unwrap();
        let mut first_n: Vec<&BigInt> = seen["outer"].iter().map(|s| &s[0]).collect();
        first_n.sort();
        first_n.dedup();
        // Without hints on `n'` every run starts from the solver's one choice.
        assert!(first_n.len() >= 2, "one value of n at outer: {first_n:?}");
    });
}

#[test]
fn hints_on_an_edge_that_cannot_be_taken_cost_one_query() {
    in_z3(|| {
        let x = smt::int_const("x");
        let hints = vec![x.eq(Int::from_i64(1)), x.eq(Int::from_i64(7))];
        // A guard that fails whatever the hints say: the core names no
        // hint, and asking again without them would only repeat the answer.
        let blocked = smt::solver();
        blocked.assert(&x.gt(Int::from_i64(5)));
        blocked.assert(&x.lt(Int::from_i64(3)));
        let budget = Budget::new(None);
        assert!(solve_hinted(&blocked, &hints, &budget).unwrap().is_none());
        assert_eq!(budget.queries.get(), 1);
        // A hint that clashes is dropped and the others still count.
        let y = smt::int_const("y");
        let open = smt::solver();
        open.assert(&x.gt(Int::from_i64(5)));
        let hinted = [x.eq(Int::from_i64(1)), y.eq(Int::from_i64(7))];
        let m = solve_hinted(&open, &hinted, &Budget::new(None)).unwrap();
        let value = m.and_then(|m| m.eval(&y, true)).and_then(|v| v.as_i64());
        assert_eq!(value, Some(7));
    });
}

#[test]
fn hints_that_keep_clashing_cost_at_most_two_rounds_and_one_plain_query() {
    in_z3(|| {
        // Ten flags in a chain (f_i + f_{i+1} = 1) and a hint of 1 for
        // every flag: each core names two neighbouring hints, so dropping
        // cores until the rest fit would take about five rounds.
        let flags: Vec<Int> = (0..10).map(|i| smt::int_const(&format!("f{i}"))).collect();
        let chain = smt::solver();
        for f in &flags {
            chain.assert(&f.ge(Int::from_i64(0)));
            chain.assert(&f.le(Int::from_i64(1)));
        }
        for w in flags.windows(2) {
            chain.assert(&(&w[0] + &w[1]).eq(Int::from_i64(1)));
        }
        let hints: Vec<Bool> = flags.iter().map(|f| f.eq(Int::from_i64(1))).collect();
        let budget = Budget::new(None);
        let model = solve_hinted(&chain, &hints, &budget).unwrap();
        assert!(model.is_some(), "the chain has solutions");
        assert!(budget.queries.get() <= HINTED_ROUNDS as u64 + 1);
    });
}

#[test]
fn chosen_freely_names_the_variables_without_an_assignment() {
    let t = task(TRADE_LOOPS);
    assert_eq!(chosen_freely(&t, &t.edges[0].relation), vec![0]);
    assert!(chosen_freely(&t, &t.edges[2].relation).is_empty());
}

#[test]
fn houdini_drops_what_one_model_breaks_in_one_query() {
    in_z3(|| {
        let t = task(XY);
        let s = smt::solver();
        let x = || Expr::var("x");
        s.assert(smt::encode_bool(
            &Expr::Ge(Box::new(x()), Box::new(Expr::int(0))),
            View::state(0),
        ));
        // 20 facts true of every x >= 0 and 20 false of x = 0.
        let mut facts = Vec::new();
        for i in 0..20 {
            facts.push(Expr::Ge(Box::new(x()), Box::new(Expr::int(-i))));
            facts.push(Expr::Ge(Box::new(x()), Box::new(Expr::int(i + 1))));
        }
        let budget = Budget::new(None);
        let kept = surviving(&t, &s, facts, View::state(0), &budget).unwrap();
        let want: Vec<Expr> = (0..20)
            .map(|i| Expr::Ge(Box::new(x()), Box::new(Expr::int(-i))))
            .collect();
        assert_eq!(kept, want);
        // Each round drops at least one fact; a model with a small x drops
        // most of the false ones at once, so far fewer than 40 queries.
        assert!(
            budget.queries.get() <= 10,
            "{} queries",
            budget.queries.get()
        );
    });
}

#[test]
fn houdini_keeps_nothing_false_and_everything_true() {
    in_z3(|| {
        let t = task(XY);
        let s = smt::solver();
        let (x, y) = (|| Expr::var("x"), || Expr::var("y"));
        s.assert(smt::encode_bool(&Expr::eq(x(), y()), View::state(0)));
        let facts = vec![
            Expr::Ge(Box::new(x()), Box::new(y())),
            Expr::Lt(Box::new(x()), Box::new(y())),
            Expr::eq(Expr::Sub(Box::new(x()), Box::new(y())), Expr::int(0)),
        ];
        let kept = surviving(&t, &s, facts.clone(), View::state(0), &Budget::new(None)).unwrap();
        assert_eq!(kept, vec![facts[0].clone(), facts[2].clone()]);
    });
}

#[test]
fn guessed_invariants_refute_the_error_of_the_trade_loops() {
    in_z3(|| {
        let t = task(TRADE_LOOPS);
        let found = linear_invariants(&t, &Budget::new(None)).unwrap();
        let s = smt::solver();
        for (loc, fact) in &found {
            if loc == "outer" {
                s.assert(smt::encode_bool(fact, View::state(0)));
            }
        }
        let fail = &t.edges[6].relation;
        s.assert(smt::encode_edge(&t.edges[6], 0));
        assert!(
            !Budget::new(None).check(&s, &[]).unwrap(),
            "the guesses at outer do not refute {}: {found:?}",
            format::print::expr_to_string(fail)
        );
    });
}

#[test]
fn a_bound_beside_a_stronger_bound_on_the_same_term_is_dropped_without_a_query() {
    let x = || Expr::var("x");
    let ge = |t: Expr, c: i64| Expr::Ge(Box::new(t), Box::new(Expr::int(c)));
    let minus_x = || Expr::Mul(Num(BigInt::from(-1)), Box::new(x()));
    let facts = vec![
        ge(x(), 0),
        ge(x(), 3),
        ge(minus_x(), -9),
        ge(x(), -5),
        ge(minus_x(), -20),
    ];
    assert_eq!(
        drop_weaker_bounds(facts),
        vec![ge(x(), 3), ge(minus_x(), -9)]
    );
}

#[test]
fn implied_facts_are_dropped_with_a_query_per_fact_kept_not_per_fact() {
    in_z3(|| {
        let (x, y) = (|| Expr::var("x"), || Expr::var("y"));
        let ge = |t: Expr, c: i64| Expr::Ge(Box::new(t), Box::new(Expr::int(c)));
        let sum = |a: i64, b: i64| {
            Expr::Add(vec![
                Expr::Mul(Num(BigInt::from(a)), Box::new(x())),
                Expr::Mul(Num(BigInt::from(b)), Box::new(y())),
            ])
        };
        // x = y and x >= 0 imply every other fact (templates over the two).
        let mut facts = vec![Expr::eq(x(), y()), ge(x(), 0)];
        for k in 1..=20 {
            facts.push(ge(sum(k, 1), 0));
            facts.push(ge(sum(1, k), -k));
        }
        facts.push(ge(y(), -3));
        let n = facts.len();
        let budget = Budget::new(None);
        let kept = drop_implied(facts, &budget).unwrap();
        assert_eq!(kept, vec![Expr::eq(x(), y()), ge(x(), 0)]);
        // Three queries to keep two facts and see them imply the rest, two
        // more to see neither implies the other: far fewer than 43 facts.
        assert!(
            budget.queries.get() <= 5,
            "{} queries for {n} facts",
            budget.queries.get()
        );
        // Nothing implied: everything stays.
        let apart = vec![ge(x(), 0), ge(y(), 0)];
        assert_eq!(
            drop_implied(apart.clone(), &Budget::new(None)).unwrap(),
            apart
        );
    });
}

/// A counter whose steps propagation solves: `i' == i + 1`.
const COUNTER: &str = "
    var i: int; var n: int;
    location l0; location l1; location bad;
    initial l0; bad bad;
    init i == 0;
    edge 0 \"start\": l0 -> l1 relation n' >= 0 && n' <= 5 && i' == 0;
    edge 1 \"step\": l1 -> l1 relation i < n && i' == i + 1 && n' == n;
    edge 2 \"fail\": l1 -> bad relation i > n && i' == i && n' == n;
";

#[test]
fn sampling_asks_the_solver_only_where_no_edge_can_be_taken_concretely() {
    in_z3(|| {
        let t = task(COUNTER);
        let budget = Budget::new(None);
        let samples = sampled_states(&t, &budget).unwrap();
        let points = &samples.0["l1"];
        assert!(points.len() >= 4, "{points:?}");
        // Propagation takes every step; the solver is asked once per run,
        // where the loop ends (`i == n`), to confirm that no edge is enabled.
        assert!(
            budget.queries.get() <= 4,
            "{} queries",
            budget.queries.get()
        );
        // Every sampled state is reachable: 0 <= i <= n <= 5.
        for p in points {
            assert!(
                BigInt::zero() <= p[0] && p[0] <= p[1] && p[1] <= BigInt::from(5),
                "{p:?}"
            );
        }
        assert!(
            samples.0.get("bad").is_none(),
            "no state of bad is a sample"
        );
    });
}

#[test]
fn the_solver_takes_the_steps_propagation_cannot_solve() {
    in_z3(|| {
        // `3 * x' == y' + 1` binds no variable by propagation, and small
        // guesses never satisfy it with `y' >= 1000`.
        let t = task(
            "var x: int; var y: int;
             location l0; location l1; location bad;
             initial l0; bad bad;
             init x == 0 && y == 0;
             edge 0 \"pick\": l0 -> l1 relation y' >= 1000 && y' <= 1005 && 3 * x' == y' + 1;
             edge 1 \"step\": l1 -> l1 relation x' == x + 1 && y' == y + 3;
             edge 2 \"fail\": l1 -> bad relation 3 * x != y + 1 && x' == x && y' == y;",
        );
        let budget = Budget::new(None);
        let samples = sampled_states(&t, &budget).unwrap();
        assert!(budget.queries.get() > 0, "the solver was asked");
        assert!(samples.0["l1"].len() >= 2, "{:?}", samples.0.get("l1"));
    });
}

#[test]
fn a_run_whose_initial_state_has_no_way_on_starts_from_one_the_solver_picks() {
    in_z3(|| {
        // As a C task: `init true`, and a first edge that assumes every
        // variable in range, which few random initial states are.
        let t = task(
            "var a: int; var b: int; var c: int; var d: int; var i: int;
             location entry; location l; location bad;
             initial entry; bad bad;
             init true;
             edge 0 \"enter\": entry -> l relation a >= 0 && b >= 0 && c >= 0 && d >= 0
                 && a <= 3 && b <= 3 && c <= 3 && d <= 3
                 && a' == a && b' == b && c' == c && d' == d && i' == 0;
             edge 1 \"step\": l -> l relation i < 5 && i' == i + 1
                 && a' == a && b' == b && c' == c && d' == d;
             edge 2 \"fail\": l -> bad relation i > 5 && a' == a && b' == b && c' == c && d' == d && i' == i;",
        );
        let samples = sampled_states(&t, &Budget::new(None)).unwrap();
        let at_l = samples.0.get("l").map_or(0, Vec::len);
        assert!(at_l >= 8, "{at_l} states sampled at l");
    });
}

#[test]
fn hull_equalities_with_large_coefficients_are_no_candidates() {
    let t = task(
        "var x: int; var y: int; var z: int;
         location l0; location err;
         initial l0; bad err;
         init true;
         edge 0 \"fail\": l0 -> err relation x < 0 && x' == x && y' == y && z' == z;",
    );
    let point = |v: [i64; 3]| v.iter().map(|&c| BigInt::from(c)).collect::<State>();
    let equalities = |points: &[State]| -> Vec<Expr> {
        candidates(&t, points, &(0..3).collect())
            .into_iter()
            .filter(|f| matches!(f, Expr::Eq(..)))
            .collect()
    };
    // Two samples: a line through them, with normals such as 263x - 193y = 0.
    assert_eq!(
        equalities(&[point([0, 0, 0]), point([193, 263, 379])]),
        vec![]
    );
    // Samples along y = 2x, z = 3x: both equalities are candidates.
    let line = [
        point([0, 0, 0]),
        point([1, 2, 3]),
        point([2, 4, 6]),
        point([5, 10, 15]),
    ];
    assert_eq!(equalities(&line).len(), 2, "{:?}", equalities(&line));
}

#[test]
fn templates_take_triples_up_to_six_variables_and_pairs_up_to_twelve() {
    // Six variables: 6 x 2 single bounds, 15 x 4 signed pairs, 20 x 8 triples.
    let six: Vec<usize> = (0..6).collect();
    assert_eq!(templates(6, 6, &six).len(), 12 + 60 + 160);
    // Three live variables of six: their forms alone, in their places.
    let forms = templates(6, 6, &[1, 3, 5]);
    assert_eq!(forms.len(), 6 + 12 + 8);
    assert!(forms.iter().all(|f| f.len() == 6 && f[0].is_zero()));
    // Six live variables of nine eligible: pairs, as for nine.
    assert_eq!(templates(9, 9, &six).len(), 12 + 60);
    // Past twelve variables, single bounds only.
    assert_eq!(templates(13, 13, &(0..13).collect::<Vec<_>>()).len(), 26);
}

#[test]
fn a_temporary_is_live_only_where_a_path_reads_it_before_overwriting() {
    // t is written on a -> b and read on b -> c; x is overwritten on
    // b -> c, and copied through c back to a, where it is read.
    let t = task(
        "var x: int; var t: int;
         location a; location b; location c; location err;
         initial a; bad err; init x == 0;
         edge 0 \"write t\": a -> b relation t' == x + 1 && x' == x;
         edge 1 \"read t\": b -> c relation x' == t && t' == t;
         edge 2 \"back\": c -> a relation x' == x && t' == t;
         edge 3 \"check\": c -> err relation x < 0 && x' == x && t' == t;",
    );
    let live = live_vars(&t);
    let names =
        |loc: &str| -> Vec<&str> { live[loc].iter().map(|&i| t.vars[i].name.as_str()).collect() };
    assert_eq!(names("a"), vec!["x"]);
    assert_eq!(names("b"), vec!["t"]);
    assert_eq!(names("c"), vec!["x"]);
    assert!(names("err").is_empty());
}

#[test]
fn hull_equalities_may_scale_by_a_constant_the_task_multiplies_by() {
    // `s_split_47`: the loop counts while 777 a <= i, so i - 777 a - c = 0
    // holds where it counts; 777 is beyond the bound but written in the task.
    let text = |k: i64| {
        format!(
            "var i: int; var a: int; var c: int;
             location l0; location err;
             initial l0; bad err;
             init true;
             edge 0 \"fail\": l0 -> err relation {k} * a > i && i' == i && a' == a && c' == c;"
        )
    };
    let point = |v: [i64; 3]| v.iter().map(|&c| BigInt::from(c)).collect::<State>();
    let points = [
        point([777, 1, 0]),
        point([778, 1, 1]),
        point([1554, 2, 0]),
        point([1560, 2, 6]),
    ];
    let equalities = |t: &Task| -> Vec<String> {
        candidates(t, &points, &(0..3).collect())
            .into_iter()
            .filter(|f| matches!(f, Expr::Eq(..)))
            .map(|f| format::print::expr_to_string(&f))
            .collect()
    };
    let found = equalities(&task(&text(777)));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("777"), "{found:?}");
    // A task that multiplies by something else leaves it out.
    assert_eq!(equalities(&task(&text(778))), Vec::<String>::new());
}
