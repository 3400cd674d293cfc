//! SV-COMP task definitions (`.yml`, format 1.0 to 2.0): the input file, the
//! data model and the expected verdict of `unreach-call`. A small line-based
//! reader: these files use only plain scalars, one flow or block list of
//! input files, and a block list of properties.

use super::DataModel;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskDef {
    pub input_files: Vec<String>,
    pub data_model: DataModel,
    pub language: Option<String>,
    /// `Some(true)`: the error call is unreachable (safe); `Some(false)`: reachable.
    pub unreach_call: Option<bool>,
    pub has_unreach_call_property: bool,
}

fn unquote(s: &str) -> String {
    let s = s.trim();
    let s = s.split(" #").next().unwrap_or(s).trim();
    if s.len() >= 2
        && ((s.starts_with('\'') && s.ends_with('\'')) || (s.starts_with('"') && s.ends_with('"')))
    {
        s[1..s.len() - 1].to_string()
    } else {
        s.to_string()
    }
}

pub fn parse(text: &str) -> Result<TaskDef, String> {
    let mut def = TaskDef {
        input_files: Vec::new(),
        data_model: DataModel::Ilp32,
        language: None,
        unreach_call: None,
        has_unreach_call_property: false,
    };
    let mut section = String::new();
    let mut current_prop: Option<String> = None;
    for raw in text.lines() {
        if raw.trim_start().starts_with('#') || raw.trim().is_empty() {
            continue;
        }
        let indent = raw.len() - raw.trim_start().len();
        let line = raw.trim();
        if indent == 0 {
            let (key, value) = line
                .split_once(':')
                .ok_or_else(|| format!("cannot read `{line}`"))?;
            section = key.trim().to_string();
            let value = value.trim();
            if section == "input_files" && !value.is_empty() {
                if let Some(list) = value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
                    def.input_files
                        .extend(list.split(',').map(unquote).filter(|s| !s.is_empty()));
                } else {
                    def.input_files.push(unquote(value));
                }
            }
            continue;
        }
        match section.as_str() {
            "input_files" => {
                if let Some(item) = line.strip_prefix("- ") {
                    def.input_files.push(unquote(item));
                }
            }
            "options" => {
                if let Some((k, v)) = line.split_once(':') {
                    match k.trim() {
                        "data_model" => {
                            def.data_model = match unquote(v).as_str() {
                                "ILP32" => DataModel::Ilp32,
                                "LP64" => DataModel::Lp64,
                                other => return Err(format!("unknown data model `{other}`")),
                            }
                        }
                        "language" => def.language = Some(unquote(v)),
                        _ => {}
                    }
                }
            }
            "properties" => {
                let item = line.strip_prefix("- ").unwrap_or(line);
                if let Some((k, v)) = item.split_once(':') {
                    match k.trim() {
                        "property_file" => {
                            let p = unquote(v);
                            current_prop = Some(p.clone());
                            if p.ends_with("unreach-call.prp") {
                                def.has_unreach_call_property = true;
                            }
                        }
                        "expected_verdict" => {
                            if current_prop
                                .as_deref()
                                .is_some_and(|p| p.ends_with("unreach-call.prp"))
                            {
                                def.unreach_call = match unquote(v).as_str() {
                                    "true" => Some(true),
                                    "false" => Some(false),
                                    _ => None,
                                };
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    if def.input_files.is_empty() {
        return Err("no `input_files`".into());
    }
    Ok(def)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_task_definition() {
        let t = "format_version: '2.0'\n\n# comment\ninput_files: 'a.c'\n\nproperties:\n  - property_file: ../properties/termination.prp\n    expected_verdict: false\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\n\noptions:\n  language: C\n  data_model: LP64\n";
        let d = parse(t).unwrap();
        assert_eq!(d.input_files, vec!["a.c"]);
        assert_eq!(d.data_model, DataModel::Lp64);
        assert_eq!(d.unreach_call, Some(true));
        assert!(d.has_unreach_call_property);
        let d = parse("input_files:\n  - x.i\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: false\n").unwrap();
        assert_eq!(
            (d.input_files, d.unreach_call),
            (vec!["x.i".to_string()], Some(false))
        );
    }
}
