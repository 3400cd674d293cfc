//! The properties a C task checks (SV-COMP's `unreach-call`, `no-overflow`)
//! and what it assumes, as chosen on the command line or by a task
//! definition, and as a certificate records them.

use std::path::Path;

/// What the error location of a C task stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Properties {
    /// A call of `reach_error` (or a failing `__VERIFIER_assert`) is an error.
    pub unreach_call: bool,
    /// A signed overflow is an error (SV-COMP's NoOverflows).
    pub no_overflow: bool,
    /// Signed arithmetic is read as mathematical integers (the pre-2026
    /// reading, `--assume-no-overflow`): a SAFE holds only for runs
    /// without signed overflow, which C leaves undefined.
    pub assume_no_overflow: bool,
    /// Runs that perform undefined arithmetic are not considered: each
    /// check is an assumption, not an edge to the error location. certa
    /// uses it to look for an error run free of undefined behaviour once
    /// one with it was found (such a trace is a real run).
    pub block_undefined: bool,
}

/// Why a property specification was refused (exit 3 on the command line).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PropertyError(pub String);

impl Default for Properties {
    fn default() -> Properties {
        Properties::UNREACH_CALL
    }
}

impl Properties {
    /// `unreach-call`, with signed overflow before the error checked (UB).
    pub const UNREACH_CALL: Properties = Properties {
        unreach_call: true,
        no_overflow: false,
        assume_no_overflow: false,
        block_undefined: false,
    };
    /// What a certificate without recorded properties meant (versions
    /// before properties were recorded): unreach-call over mathematical
    /// integers.
    pub const LEGACY: Properties = Properties {
        unreach_call: true,
        no_overflow: false,
        assume_no_overflow: true,
        block_undefined: false,
    };

    /// Is a reachable signed overflow an edge to the error location?
    pub fn checks_overflow(&self) -> bool {
        self.no_overflow || !self.assume_no_overflow
    }

    /// The property names, as recorded: `unreach-call`, `no-overflow`.
    pub fn names(&self) -> Vec<String> {
        let mut v = Vec::new();
        if self.unreach_call {
            v.push("unreach-call".to_string());
        }
        if self.no_overflow {
            v.push("no-overflow".to_string());
        }
        v
    }

    /// The assumptions, as recorded: `no-overflow` under `--assume-no-overflow`.
    pub fn assumptions(&self) -> Vec<String> {
        let mut v = Vec::new();
        if self.assume_no_overflow && !self.no_overflow {
            v.push("no-overflow".to_string());
        }
        if self.block_undefined {
            v.push("no-undefined-arithmetic".to_string());
        }
        v
    }

    /// Reads recorded names back (empty: [`Properties::LEGACY`]).
    pub fn from_record(
        names: &[String],
        assumptions: &[String],
    ) -> Result<Properties, PropertyError> {
        if names.is_empty() && assumptions.is_empty() {
            return Ok(Properties::LEGACY);
        }
        let mut p = Properties::parse(&names.join(","))?;
        for a in assumptions {
            match a.as_str() {
                "no-overflow" if !p.no_overflow => p.assume_no_overflow = true,
                "no-undefined-arithmetic" => p.block_undefined = true,
                other => {
                    return Err(PropertyError(format!(
                        "unknown or contradictory assumption `{other}`"
                    )))
                }
            }
        }
        Ok(p)
    }

    /// Parses `unreach-call`, `no-overflow`, `unreach-call,no-overflow`, or
    /// the path of an SV-COMP property file (`.prp`).
    pub fn parse(spec: &str) -> Result<Properties, PropertyError> {
        if spec.ends_with(".prp") {
            return Properties::from_prp_file(Path::new(spec));
        }
        let mut p = Properties {
            unreach_call: false,
            no_overflow: false,
            assume_no_overflow: false,
            block_undefined: false,
        };
        for name in spec.split(',').map(str::trim) {
            match name {
                "unreach-call" => p.unreach_call = true,
                "no-overflow" => p.no_overflow = true,
                "" => return Err(PropertyError("an empty property name".into())),
                other => {
                    return Err(PropertyError(format!(
                        "unsupported property `{other}` (certa checks unreach-call and no-overflow)"
                    )))
                }
            }
        }
        Ok(p)
    }

    /// The property of an SV-COMP property file, told by its formula.
    pub fn from_prp_file(path: &Path) -> Result<Properties, PropertyError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| PropertyError(format!("{}: {e}", path.display())))?;
        Properties::from_prp_text(&text)
            .map_err(|m| PropertyError(format!("{}: {m}", path.display())))
    }

    /// `CHECK( init(main()), LTL(G ! call(reach_error())) )` is
    /// unreach-call; `CHECK( init(main()), LTL(G ! overflow) )` is
    /// no-overflow; anything else (memory safety, termination) is refused.
    pub fn from_prp_text(text: &str) -> Result<Properties, String> {
        let mut p = Properties {
            unreach_call: false,
            no_overflow: false,
            assume_no_overflow: false,
            block_undefined: false,
        };
        for line in text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
        {
            let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            match squeezed.as_str() {
                "CHECK(init(main()),LTL(G!call(reach_error())))"
                | "CHECK(init(main()),LTL(G!call(__VERIFIER_error())))" => p.unreach_call = true,
                "CHECK(init(main()),LTL(G!overflow))" => p.no_overflow = true,
                _ => {
                    return Err(format!(
                        "unsupported property `{line}` (certa checks unreach-call and no-overflow)"
                    ))
                }
            }
        }
        if !p.unreach_call && !p.no_overflow {
            return Err("no property found (expected `CHECK( init(main()), LTL(...) )`)".into());
        }
        Ok(p)
    }

    /// The properties of an SV-COMP task definition when none is chosen:
    /// unreach-call if it lists that property, else no-overflow if it
    /// lists that one, else unreach-call.
    pub fn of_task_definition(def: &crate::c::yml::TaskDef) -> Properties {
        let has = |s: &str| def.properties.iter().any(|p| p.property_file.ends_with(s));
        if !has("unreach-call.prp") && has("no-overflow.prp") {
            Properties {
                unreach_call: false,
                no_overflow: true,
                assume_no_overflow: false,
                block_undefined: false,
            }
        } else {
            Properties::UNREACH_CALL
        }
    }

    /// The properties a certificate's translation records (C), or the
    /// default for other languages.
    pub fn of_translation(t: &format::Translation) -> Result<Properties, PropertyError> {
        Properties::from_record(&t.properties, &t.assumptions)
    }

    /// How a verdict line states what SAFE/VALID covers.
    pub fn describe(&self) -> String {
        let mut s = self.names().join(" and ");
        if self.block_undefined {
            s.push_str(", over runs without undefined arithmetic");
        } else if self.assume_no_overflow && !self.no_overflow {
            s.push_str(", assuming no signed overflow (undefined behaviour in C)");
        } else if self.unreach_call && !self.no_overflow {
            s.push_str(", no undefined arithmetic before the error");
        }
        s
    }
}
