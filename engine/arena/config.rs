//! What a tournament is: the game and its options, the engines, how many games, the seed, the
//! openings and the SPRT. Stored at the head of every record file, so a run can be resumed and
//! shard files merged knowing they belong to the same tournament.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::sprt::Sprt;
use crate::agent::TimeControl;
use crate::error::Error;
use crate::games::GameKind;
use crate::options::GameOptions;
use crate::words::counted;

/// How far past its clock (or move time) a seat may go before it loses on time, unless the
/// tournament says otherwise: room for the pipes and the scheduler of a loaded machine.
pub const DEFAULT_MARGIN_MS: u64 = 50;

/// The largest openings file read: millions of positions, and a bound that refuses a device or a
/// wrong path instead of reading it forever.
pub const OPENINGS_LIMIT: u64 = 64 << 20;

fn default_margin_ms() -> u64 {
    DEFAULT_MARGIN_MS
}

/// Where the games start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Openings {
    /// The game's (possibly randomly dealt) start, then `plies` uniformly random plies.
    Random {
        /// Random player moves played from the start (chance outcomes do not count).
        plies: u32,
    },
    /// Positions in the game's notation, used in turn (round `r` plays position `r mod len`).
    Positions {
        /// Where they were read from, for people.
        source: String,
        /// The positions, one per opening.
        positions: Vec<String>,
    },
}

impl Openings {
    /// The default: the random start and two random plies, so deterministic bots still vary.
    pub fn default_random() -> Self {
        Openings::Random { plies: 2 }
    }

    /// Where a tournament of `game` under `options` starts unless told otherwise: the game's
    /// balanced openings where it ships some ([`GameKind::opening_book`]), else
    /// [`Openings::default_random`].
    pub fn default_for(game: GameKind, options: &GameOptions) -> Self {
        match game.opening_book(options) {
            Some(text) => Openings::Positions {
                source: format!("the {} book", game.name()),
                positions: positions_in(text),
            },
            None => Openings::default_random(),
        }
    }

    /// Reads `random`, `random:P`, or treats the text as a file of positions (one per line;
    /// blank lines and lines starting with `#` are skipped).
    pub fn parse(text: &str) -> Result<Self, Error> {
        if text == "random" {
            return Ok(Openings::Random { plies: 0 });
        }
        if let Some(p) = text.strip_prefix("random:") {
            let plies = p.trim().parse::<u32>().map_err(|_| {
                Error::option(format!(
                    "--openings random:{p}: '{p}' is not a number of plies"
                ))
            })?;
            return Ok(Openings::Random { plies });
        }
        let content = crate::files::read_small(Path::new(text), OPENINGS_LIMIT, "openings file")?;
        let positions = positions_in(&content);
        if positions.is_empty() {
            return Err(Error::file(format!(
                "openings file '{text}' holds no position"
            )));
        }
        Ok(Openings::Positions {
            source: text.to_string(),
            positions,
        })
    }

    /// Where the `k`-th position (from 0) stands in its file, as `position 3 (line 7)`, for
    /// messages that send a person to the line; without the line where the positions did not
    /// come from a file that still holds them.
    pub fn position_place(&self, k: usize) -> String {
        let line = match self {
            Openings::Positions { source, positions } => {
                std::fs::read_to_string(source).ok().and_then(|text| {
                    numbered_positions(&text)
                        .nth(k)
                        .filter(|(_, p)| Some(p) == positions.get(k).map(String::as_str).as_ref())
                        .map(|(line, _)| line)
                })
            }
            Openings::Random { .. } => None,
        };
        match line {
            Some(line) => format!("position {} (line {line})", k + 1),
            None => format!("position {}", k + 1),
        }
    }

    /// A short description (`random:2`, `file openings.txt (40 positions)`).
    pub fn describe(&self) -> String {
        match self {
            Openings::Random { plies } => format!("random:{plies}"),
            Openings::Positions { source, positions } => {
                let count = positions.len() as u64;
                format!("{source} ({})", counted(count, "position", "positions"))
            }
        }
    }
}

/// The positions of a file of openings: its lines without `#` comments (a whole line or the
/// end of one: no game's notation uses `#`), trimmed, blank ones skipped.
fn positions_in(text: &str) -> Vec<String> {
    numbered_positions(text)
        .map(|(_, p)| p.to_string())
        .collect()
}

/// The positions of a file of openings (as [`positions_in`]), each with its line number
/// (from 1).
fn numbered_positions(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or_default().trim()))
        .filter(|(_, l)| !l.is_empty())
}

/// A tournament's definition; equal configs give equal games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Config {
    /// The game's command-line name.
    pub game: String,
    /// Game options (`ply-limit`, `players`...), as given.
    pub options: BTreeMap<String, String>,
    /// The engine specs, as given.
    pub engines: Vec<String>,
    /// Two players: the first engine against each other one, instead of a round robin.
    pub gauntlet: bool,
    /// Games per pairing (two players) or per table (more), rounded up to whole pairs or rotations.
    pub games: u64,
    /// The seed every game, opening and bot choice derives from.
    pub seed: u64,
    /// Where games start.
    pub openings: Openings,
    /// The SPRT, for two engines.
    pub sprt: Option<Sprt>,
    /// The clock of every engine whose spec sets neither a clock (`tc=`) nor a limit of its
    /// own (`--tc`); none in records written before clocks, which read as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tc: Option<TimeControl>,
    /// How many milliseconds past its clock a seat may go before it loses on time.
    #[serde(default = "default_margin_ms")]
    pub margin_ms: u64,
}

/// One of `count` disjoint slices of a schedule (`index` counts from 1, as on the command line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice, `1..=count`.
    pub index: u32,
    /// How many slices.
    pub count: u32,
}

impl Shard {
    /// Reads `I/N` with `1 <= I <= N`.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let bad = || Error::option(format!("--shard '{text}' is not I/N with 1 <= I <= N"));
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = i.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether this shard plays group `group` (groups are dealt out in turn).
    pub fn holds(&self, group: u64) -> bool {
        group % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}
