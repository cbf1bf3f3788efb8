//! Game options as `key=value` pairs, so the command line and engine specs stay generic: every
//! game declares the options it reads, and anything else is rejected with a clear message.

use std::collections::BTreeMap;

use crate::error::Error;

/// One option a game understands, for `tabula games` and for validation.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The key, as in `players=3`; the command line offers it as `--key` too.
    pub name: &'static str,
    /// What the value is, for help texts (`N`, `FILE`); empty for a switch that is on when
    /// given (`--long` means `long=true`).
    pub value: &'static str,
    /// What it does, in a line.
    pub help: &'static str,
    /// The value used when the option is absent (empty: none).
    pub default: &'static str,
}

/// Options for starting or reading a game: `key=value` pairs; a flag is a key with value `true`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    values: BTreeMap<String, String>,
}

impl GameOptions {
    /// No options: every game's defaults.
    pub fn new() -> Self {
        Self::default()
    }

    /// Reads `key=value,key=value` (a bare `key` means `key=true`).
    pub fn parse(text: &str) -> Result<Self, Error> {
        let mut options = GameOptions::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').unwrap_or((part, "true"));
            if key.is_empty() {
                return Err(Error::option(format!("'{part}' has no option name")));
            }
            options.set(key.trim(), value.trim());
        }
        Ok(options)
    }

    /// Sets one option, replacing an earlier value.
    pub fn set(&mut self, key: &str, value: &str) -> &mut Self {
        self.values.insert(key.to_string(), value.to_string());
        self
    }

    /// The same options with one more set, for chaining.
    pub fn with(mut self, key: &str, value: &str) -> Self {
        self.set(key, value);
        self
    }

    /// The raw value of an option, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(String::as_str)
    }

    /// Rejects any option the game does not declare, naming it and the ones it knows.
    pub fn check_known(&self, game: &str, specs: &[OptionSpec]) -> Result<(), Error> {
        for key in self.values.keys() {
            if !specs.iter().any(|s| s.name == key) {
                let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
                return Err(Error::option(format!(
                    "{game} has no option '{key}' (it knows: {})",
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                )));
            }
        }
        Ok(())
    }

    /// An integer option within `min..=max`, or `default` when absent.
    pub fn get_int(&self, key: &str, default: i64, min: i64, max: i64) -> Result<i64, Error> {
        match self.get(key) {
            None => Ok(default),
            Some(text) => match text.parse::<i64>() {
                Ok(v) if (min..=max).contains(&v) => Ok(v),
                Ok(v) => Err(Error::option(format!(
                    "{key}={v} is out of range (allowed {min} to {max})"
                ))),
                Err(_) => Err(Error::option(format!(
                    "{key}='{text}' is not a whole number"
                ))),
            },
        }
    }

    /// An unsigned 64-bit option (seeds), or `None` when absent.
    pub fn get_u64(&self, key: &str) -> Result<Option<u64>, Error> {
        match self.get(key) {
            None => Ok(None),
            Some(text) => text.parse::<u64>().map(Some).map_err(|_| {
                Error::option(format!("{key}='{text}' is not a non-negative whole number"))
            }),
        }
    }

    /// A flag: absent is `false`; `true`/`false`/`yes`/`no`/`1`/`0` are accepted.
    pub fn get_flag(&self, key: &str) -> Result<bool, Error> {
        match self.get(key) {
            None => Ok(false),
            Some("true" | "yes" | "1" | "on") => Ok(true),
            Some("false" | "no" | "0" | "off") => Ok(false),
            Some(other) => Err(Error::option(format!(
                "{key}='{other}' is not on or off (1, true, on, yes or 0, false, off, no)"
            ))),
        }
    }

    /// Whether no option is set.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The options as `key=value` pairs, sorted by key.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_pairs_and_flags() {
        let o = GameOptions::parse("players=3, long").unwrap();
        assert_eq!(o.get_int("players", 2, 2, 6).unwrap(), 3);
        assert!(o.get_flag("long").unwrap());
        assert!(!o.get_flag("other").unwrap());
    }

    #[test]
    fn rejects_out_of_range_and_unknown() {
        let o = GameOptions::parse("players=9").unwrap();
        assert!(o.get_int("players", 2, 2, 6).is_err());
        let spec = [OptionSpec {
            name: "seed",
            value: "N",
            help: "",
            default: "",
        }];
        let err = o.check_known("onitama", &spec).unwrap_err();
        assert!(err.message.contains("players"), "{err}");
        assert!(GameOptions::parse("=3").is_err());
    }
}
