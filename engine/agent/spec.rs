//! Engine specs: `kind:key=value,...` strings that name a bot and its settings, read the same way
//! by the command line and the arena.

use std::collections::BTreeMap;
use std::fmt;

use crate::error::Error;

/// The settings every engine kind takes: `name` (its label) and `tc` (its own clock in the
/// arena, `BASE+INC` in seconds, instead of the arena's `--tc`).
pub const UNIVERSAL: &[&str] = &["name", "tc"];

/// The setting that takes the rest of a spec, commas included: an engine program's command line.
pub const REST_KEY: &str = "cmd";

/// Splits a spec's settings at `cmd=` (at the start or after a comma): the settings before it,
/// and the command line after it.
fn split_rest(rest: &str) -> (&str, Option<&str>) {
    let key = format!("{REST_KEY}=");
    let at = if rest.trim_start().starts_with(&key) {
        Some(rest.len() - rest.trim_start().len())
    } else {
        rest.find(&format!(",{key}")).map(|i| i + 1)
    };
    match at {
        Some(i) => (&rest[..i], Some(&rest[i + key.len()..])),
        None => (rest, None),
    }
}

/// An engine spec: a kind and `key=value` settings, written `kind:key=value,key=value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The engine kind (`random`, `greedy`, `alphabeta`, `mcts`, ...).
    pub kind: String,
    /// The settings, by key.
    pub settings: BTreeMap<String, String>,
}

impl EngineSpec {
    /// Reads `kind` or `kind:key=value,...`. A `cmd=` setting (an engine program's command
    /// line) comes last and takes the rest of the text, commas included.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let text = text.trim();
        let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
        if kind.is_empty()
            || !kind
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(Error::option(format!(
                "engine spec '{text}' has no valid engine kind"
            )));
        }
        let (rest, cmd) = split_rest(rest);
        let mut settings = BTreeMap::new();
        if let Some(cmd) = cmd {
            settings.insert(REST_KEY.to_string(), cmd.trim().to_string());
        }
        for part in rest.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((k, v)) = part.split_once('=') else {
                return Err(Error::option(format!(
                    "engine spec '{text}': setting '{part}' is not key=value"
                )));
            };
            if settings
                .insert(k.trim().to_string(), v.trim().to_string())
                .is_some()
            {
                return Err(Error::option(format!(
                    "engine spec '{text}': '{k}' is set twice"
                )));
            }
        }
        if settings.get("name").is_some_and(String::is_empty) {
            return Err(Error::option(format!(
                "engine spec '{text}': name= is empty (give the engine a label, or leave name out)"
            )));
        }
        Ok(EngineSpec {
            kind: kind.to_ascii_lowercase(),
            settings,
        })
    }

    /// The display name: `name=...` if given, else the spec as written.
    pub fn display_name(&self) -> String {
        self.settings
            .get("name")
            .cloned()
            .unwrap_or_else(|| self.to_string())
    }

    /// A setting's raw value.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.settings.get(key).map(String::as_str)
    }

    /// A numeric setting, or `None` when absent; an error names the spec and the setting.
    pub fn get_num<T: std::str::FromStr>(&self, key: &str) -> Result<Option<T>, Error> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v.parse::<T>().map(Some).map_err(|_| {
                Error::option(format!(
                    "engine {}: {key}='{v}' is not a valid number",
                    self.kind
                ))
            }),
        }
    }

    /// Rejects settings the engine does not know, naming them. Every engine knows
    /// [`UNIVERSAL`] (`name`, and `tc`, its clock in the arena).
    pub fn check_known(&self, known: &[&str]) -> Result<(), Error> {
        for k in self.settings.keys() {
            if !UNIVERSAL.contains(&k.as_str()) && !known.contains(&k.as_str()) {
                let mut names = UNIVERSAL.to_vec();
                names.extend_from_slice(known);
                return Err(Error::option(format!(
                    "engine {} has no setting '{k}' (it knows: {})",
                    self.kind,
                    names.join(", ")
                )));
            }
        }
        Ok(())
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.kind)?;
        let mut parts: Vec<String> = self
            .settings
            .iter()
            .filter(|(k, _)| !matches!(k.as_str(), "name" | REST_KEY))
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        if let Some(cmd) = self.get(REST_KEY) {
            parts.push(format!("{REST_KEY}={cmd}"));
        }
        if !parts.is_empty() {
            write!(f, ":{}", parts.join(","))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_round_trip_and_errors() {
        let s = EngineSpec::parse("alphabeta:depth=6,threads=2,name=ab").unwrap();
        assert_eq!(s.kind, "alphabeta");
        assert_eq!(s.get_num::<u32>("depth").unwrap(), Some(6));
        assert_eq!(s.display_name(), "ab");
        assert_eq!(s.to_string(), "alphabeta:depth=6,threads=2");
        assert!(EngineSpec::parse("alphabeta:depth").is_err());
        assert!(EngineSpec::parse(":depth=3").is_err());
        assert!(EngineSpec::parse("ab:depth=1,depth=2").is_err());
        assert!(s.get_num::<u32>("name").is_err());
        assert!(s.check_known(&["depth"]).is_err());
        assert!(EngineSpec::parse("alphabeta:tc=1+0.1")
            .unwrap()
            .check_known(&[])
            .is_ok());
    }

    #[test]
    fn cmd_takes_the_rest() {
        let s = EngineSpec::parse("ugi:name=u,depth=3,cmd=prog -x a,b --y=1").unwrap();
        assert_eq!(s.get("cmd"), Some("prog -x a,b --y=1"));
        assert_eq!(s.get("depth"), Some("3"));
        assert_eq!(s.to_string(), "ugi:depth=3,cmd=prog -x a,b --y=1");
        let s = EngineSpec::parse("ugi:cmd=a,b=c").unwrap();
        assert_eq!(s.settings.len(), 1);
        assert_eq!(s.get("cmd"), Some("a,b=c"));
        assert_eq!(EngineSpec::parse("ugi:cmd=").unwrap().get("cmd"), Some(""));
        assert_eq!(EngineSpec::parse("ugi:name=x").unwrap().get("cmd"), None);
        assert!(EngineSpec::parse("random:name=")
            .unwrap_err()
            .to_string()
            .contains("name= is empty"));
        assert!(EngineSpec::parse("ugi:cmd=a,cmd=b").is_ok());
    }
}
