//! SV-COMP task definitions are read with a YAML parser: every YAML
//! spelling of one definition gives the same `TaskDef` (flow or block
//! mappings and lists, quoted keys, comments, CRLF, anchors, YAML 1.1
//! booleans), the data model of a flow-style `options` decides the verdict
//! (it was silently ILP32 before), and unknown data models, languages and
//! format versions are refused as `file:1:1` errors.

use certa_tests::{corpus_dir, shared_corpus};
use engine::run::run_file;
use engine::{Config, Verdict};
use frontend::c::yml::{parse, TaskDef};
use frontend::c::{read_task_def, DataModel};
use frontend::{self, Encoding};
use std::path::PathBuf;
use std::time::Duration;

const CANONICAL: &str = "format_version: '2.0'
input_files: 'a.c'
properties:
  - property_file: ../properties/termination.prp
    expected_verdict: true
  - property_file: ../properties/unreach-call.prp
    expected_verdict: false
options:
  language: C
  data_model: LP64
";

/// The same task definition, spelt in other valid YAML.
const SPELLINGS: &[&str] = &[
    // Flow mappings and lists, comments everywhere.
    "# a task\nformat_version: \"2.0\"   # the version\ninput_files: ['a.c']  # one file\n\
     properties: [{property_file: ../properties/termination.prp, expected_verdict: True},\n\
     \x20 {property_file: ../properties/unreach-call.prp, expected_verdict: False}]\n\
     options: {language: C, data_model: LP64}\n",
    // Quoted keys, a plain version, a block list at the key's indentation,
    // YAML 1.1 booleans, document markers.
    "---\n\"format_version\": 2.0\n\"input_files\":\n- \"a.c\"\n'properties':\n\
     - \"property_file\": '../properties/termination.prp'\n  \"expected_verdict\": yes\n\
     - \"property_file\": \"../properties/unreach-call.prp\"\n  'expected_verdict': no\n\
     \"options\":\n    \"language\": \"C\"\n    \"data_model\": \"LP64\"\n...\n",
    // One flow mapping, keys in another order.
    "{options: {data_model: LP64, language: C}, input_files: a.c, format_version: '2.0',\n\
     \x20properties: [{expected_verdict: on, property_file: ../properties/termination.prp},\n\
     \x20{property_file: ../properties/unreach-call.prp, expected_verdict: off}]}\n",
    // CRLF line endings, tags, an anchor and its alias.
    "format_version: !!str 2.0\r\ninput_files:\r\n  - a.c\r\nmodel: &m LP64\r\nproperties:\r\n\
     \x20 - property_file: ../properties/termination.prp\r\n    expected_verdict: !!bool 'true'\r\n\
     \x20 - property_file: ../properties/unreach-call.prp\r\n    expected_verdict: FALSE\r\n\
     options:\r\n  language: C\r\n  data_model: *m\r\n",
    // Block scalars and a multi-line plain scalar.
    "format_version: >-\n  2.0\ninput_files: |-\n  a.c\nproperties:\n  - property_file:\n      ../properties/termination.prp\n\
     \x20   expected_verdict: true\n  - {property_file: ../properties/unreach-call.prp,\n     expected_verdict: false}\n\
     options:\n  language: C\n  data_model: LP64\n",
];

fn canonical() -> TaskDef {
    parse(CANONICAL).unwrap()
}

#[test]
fn every_spelling_gives_the_same_task_definition() {
    let want = canonical();
    assert_eq!(want.input_files, vec!["a.c"]);
    assert_eq!(want.data_model, DataModel::Lp64);
    assert_eq!(want.language.as_deref(), Some("C"));
    assert_eq!(want.unreach_call, Some(false));
    assert!(want.has_unreach_call_property);
    assert_eq!(want.properties.len(), 2);
    assert_eq!(want.properties[0].expected_verdict, Some(true));
    for (i, s) in SPELLINGS.iter().enumerate() {
        let got = parse(s).unwrap_or_else(|e| panic!("spelling {i}: {e}\n{s}"));
        assert_eq!(got, want, "spelling {i}:\n{s}");
    }
}

#[test]
fn flow_style_options_set_lp64() {
    let d = parse(
        "format_version: '2.0'\ninput_files: 'a.c'\noptions: {language: C, data_model: LP64}\n",
    )
    .unwrap();
    assert_eq!(d.data_model, DataModel::Lp64);
    let d = parse("format_version: '2.0'\ninput_files: 'a.c'\noptions: {\"data_model\": ILP32}\n")
        .unwrap();
    assert_eq!(d.data_model, DataModel::Ilp32);
    assert_eq!(d.language, None);
}

#[test]
fn input_files_as_a_string_or_a_list() {
    let files = |v: &str| {
        parse(&format!(
            "format_version: '2.0'\ninput_files: {v}\noptions: {{data_model: ILP32}}\n"
        ))
        .map(|d| d.input_files)
    };
    let one = Ok(vec!["a.c".to_string()]);
    assert_eq!(files("a.c"), one);
    assert_eq!(files("'a.c'"), one);
    assert_eq!(files("['a.c']"), one);
    assert_eq!(files("\n  - a.c"), one);
    assert_eq!(files("\n- \"a.c\""), one);
    assert_eq!(
        files("[a.c, 'b.c']"),
        Ok(vec!["a.c".to_string(), "b.c".to_string()])
    );
    for bad in ["[]", "", "{a: b}", "[[a.c]]", "['']"] {
        assert!(files(bad).is_err(), "{bad}");
    }
}

#[test]
fn unknown_data_models_languages_and_versions_are_refused() {
    let with = |version: &str, options: &str| {
        parse(&format!(
            "format_version: {version}\ninput_files: a.c\noptions: {options}\n"
        ))
    };
    for (options, what) in [
        ("{data_model: LP32}", "unknown data model `LP32`"),
        ("{data_model: ILP64}", "unknown data model `ILP64`"),
        ("{data_model: lp64}", "unknown data model `lp64`"),
        ("{data_model: ''}", "unknown data model ``"),
        (
            "{language: Java, data_model: LP64}",
            "unsupported language `Java`",
        ),
        (
            "{language: c, data_model: LP64}",
            "unsupported language `c`",
        ),
        ("{language: C}", "no `options.data_model`"),
        ("{data_model: [LP64]}", "not a scalar"),
        ("LP64", "not a mapping"),
    ] {
        let e = with("'2.0'", options).unwrap_err();
        assert!(e.contains(what), "{options}: {e}");
    }
    for version in ["'3.0'", "'1.2'", "'0.1'", "2", "'2.0.1'", "'v2.0'"] {
        let e = with(version, "{data_model: ILP32}").unwrap_err();
        assert!(e.contains("unsupported format_version"), "{version}: {e}");
    }
    for version in ["'2.0'", "'2.1'", "2.5", "'1.0'", "'1.1'"] {
        assert!(with(version, "{data_model: ILP32}").is_ok(), "{version}");
    }
    // Format 1.x has no options: its tasks are ILP32.
    let d = parse("format_version: '1.0'\ninput_files: a.c\n").unwrap();
    assert_eq!(d.data_model, DataModel::Ilp32);
    for (text, what) in [
        ("input_files: a.c\n", "no `format_version`"),
        ("format_version: '2.0'\noptions: {data_model: LP64}\n", "no `input_files`"),
        ("- a\n- b\n", "not a mapping"),
        ("", "empty"),
        ("format_version: '2.0'\ninput_files: [a.c\n", "not valid YAML"),
        (
            "format_version: '2.0'\ninput_files: a.c\ninput_files: b.c\n",
            "twice",
        ),
        (
            "format_version: '2.0'\ninput_files: a.c\noptions: {data_model: LP64}\n---\nx: 1\n",
            "2 YAML documents",
        ),
        (
            "format_version: '2.0'\ninput_files: a.c\noptions: {data_model: LP64}\nproperties:\n  - expected_verdict: true\n",
            "no `property_file`",
        ),
        (
            "format_version: '2.0'\ninput_files: a.c\noptions: {data_model: LP64}\nproperties:\n  - property_file: unreach-call.prp\n    expected_verdict: 'false'\n",
            "not a boolean",
        ),
        (
            "format_version: '2.0'\ninput_files: a.c\noptions: {data_model: LP64}\nproperties: unreach-call.prp\n",
            "not a list",
        ),
    ] {
        let e = parse(text).unwrap_err();
        assert!(e.contains(what), "{text:?}: {e}");
    }
}

#[test]
fn refusals_are_file_1_1_errors() {
    let dir = tempfile::tempdir().unwrap();
    let yml = dir.path().join("t.yml");
    std::fs::write(
        &yml,
        "format_version: '2.0'\ninput_files: a.c\noptions: {language: C, data_model: LP32}\n",
    )
    .unwrap();
    let e = read_task_def(&yml).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "{}:1:1: unknown data model `LP32` (ILP32 or LP64)",
            yml.display()
        )
    );
    let e = frontend::load(&yml, Encoding::Lbe).unwrap_err().to_string();
    assert!(e.contains(":1:1: unknown data model"), "{e}");
}

/// `unsigned long` wraps at 2^32 under ILP32 only: the flow-style data
/// model decides the verdict, as the task definition says.
#[test]
fn the_data_model_of_flow_style_options_decides_the_verdict() {
    let dir_tmp = tempfile::tempdir().unwrap();
    let dir = dir_tmp.path();
    std::fs::write(
        dir.join("wrap.c"),
        "extern void reach_error(void);\nint main(void) {\n  unsigned long x = 4294967295UL;\n  x = x + 1;\n  if (x == 0) reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let cfg = Config {
        timeout: Some(Duration::from_secs(60)),
        ..Config::default()
    };
    for (model, unsafe_expected) in [("LP64", false), ("ILP32", true)] {
        let yml: PathBuf = dir.join(format!("wrap-{model}.yml"));
        std::fs::write(
            &yml,
            format!(
                "format_version: '2.0'\ninput_files: ['wrap.c']\nproperties: [{{property_file: ../properties/unreach-call.prp, expected_verdict: {}}}]\noptions: {{language: C, data_model: {model}}}\n",
                !unsafe_expected
            ),
        )
        .unwrap();
        let t = frontend::translation(&yml, Encoding::Lbe).unwrap();
        assert_eq!(t.data_model.as_deref(), Some(model));
        let run = run_file(&yml, Encoding::Lbe, &cfg).unwrap();
        match run.outcome.verdict {
            Verdict::Unsafe(_) => assert!(unsafe_expected, "{model}: UNSAFE"),
            Verdict::Safe(_) => assert!(!unsafe_expected, "{model}: SAFE"),
            Verdict::Unknown(r) => panic!("{model}: unknown: {r:?}"),
        }
    }
}

/// Every task definition of the repository's corpus and of the shared
/// sets reads, with the verdict its manifest expects.
#[test]
fn every_task_definition_in_the_corpora_reads() {
    let mut dirs = vec![corpus_dir()];
    for set in ["sv-benchmarks", "sv-control", "sv-arrays", "sv-memory"] {
        match shared_corpus(set) {
            Some(d) => dirs.push(d),
            None => eprintln!("note: ../shared/corpus/{set} is absent; skipping it"),
        }
    }
    let mut read = 0;
    for dir in dirs {
        for (file, expected) in certa::bench::manifest(&dir).unwrap() {
            if !file.ends_with(".yml") {
                continue;
            }
            let def = read_task_def(&dir.join(&file))
                .unwrap_or_else(|e| panic!("{}: {e}", dir.join(&file).display()));
            if expected == "safe" || expected == "unsafe" {
                assert_eq!(def.unreach_call, Some(expected == "safe"), "{file}");
            }
            read += 1;
        }
    }
    eprintln!("{read} task definitions read");
    assert!(read >= 1);
}
