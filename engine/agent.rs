//! Bots: anything that picks a move in a played game, built from a spec string such as
//! `random`, `greedy`, `alphabeta:depth=6,threads=2` or `mcts:playouts=20000,name=m20k`, so the
//! command line and the arena name engines the same way.

use std::collections::BTreeMap;
use std::fmt;

use rand::RngExt;

use crate::error::Error;
use crate::game::{Game, Turn};
use crate::history::History;
use crate::random::{rng, GameRng};

/// A bot that plays one seat of a game.
pub trait Agent<G: Game>: Send {
    /// The bot's display name (from `name=...` or the spec).
    fn name(&self) -> &str;

    /// Picks a legal move for the player to move in `game` (never called at chance or terminal
    /// states). The history gives the bot the positions played so far (for repetitions).
    fn choose(&mut self, game: &History<G>) -> G::Move;

    /// Forgets what it learnt in the previous game (tables, trees), so games are independent.
    fn new_game(&mut self) {}
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
    /// Reads `kind` or `kind:key=value,...`.
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
        let mut settings = BTreeMap::new();
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

    /// Rejects settings the engine does not know, naming them.
    pub fn check_known(&self, known: &[&str]) -> Result<(), Error> {
        for k in self.settings.keys() {
            if k != "name" && !known.contains(&k.as_str()) {
                let mut names = vec!["name"];
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
        let parts: Vec<String> = self
            .settings
            .iter()
            .filter(|(k, _)| k.as_str() != "name")
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        if !parts.is_empty() {
            write!(f, ":{}", parts.join(","))?;
        }
        Ok(())
    }
}

/// Builds the bot a spec names, seeded with `seed` (every random choice it makes comes from it).
pub fn build<G: Game>(spec: &EngineSpec, seed: u64) -> Result<Box<dyn Agent<G>>, Error> {
    match spec.kind.as_str() {
        "random" => {
            spec.check_known(&[])?;
            Ok(Box::new(RandomAgent {
                name: spec.display_name(),
                rng: rng(seed),
                buf: Vec::new(),
            }))
        }
        "greedy" => {
            spec.check_known(&[])?;
            Ok(Box::new(GreedyAgent {
                name: spec.display_name(),
                rng: rng(seed),
                buf: Vec::new(),
            }))
        }
        _ => crate::search::agent_from_spec(spec, seed),
    }
}

/// Plays a uniformly random legal move.
pub struct RandomAgent<G: Game> {
    name: String,
    rng: GameRng,
    buf: Vec<G::Move>,
}

impl<G: Game> Agent<G> for RandomAgent<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &History<G>) -> G::Move {
        self.buf.clear();
        game.state().legal_moves(&mut self.buf);
        self.buf[self.rng.random_range(0..self.buf.len())]
    }
}

/// Plays the move whose resulting position evaluates best for the mover (one ply; a win by the
/// rules beats any evaluation), breaking ties at random.
pub struct GreedyAgent<G: Game> {
    name: String,
    rng: GameRng,
    buf: Vec<G::Move>,
}

impl<G: Game> Agent<G> for GreedyAgent<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &History<G>) -> G::Move {
        let state = game.state();
        let Turn::Player(me) = state.turn() else {
            unreachable!("agents are asked only when a player is to move")
        };
        self.buf.clear();
        state.legal_moves(&mut self.buf);
        let mut best = Vec::new();
        let mut best_score = i64::MIN;
        for &m in &self.buf {
            let mut child = state.clone();
            child.play(m);
            let score = match child.turn() {
                Turn::Terminal => (child.payoffs().get(me) * 4.0 - 2.0) as i64 * 1_000_000,
                _ => i64::from(child.evaluate(me)),
            };
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(m);
            }
        }
        best[self.rng.random_range(0..best.len())]
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
    }
}
