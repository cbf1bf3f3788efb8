//! Tabula: game-playing engines and analysis for five abstract games.
//!
//! [`game::Game`] is the trait every game implements; the searchers in [`search`], [`perft`] and
//! the [`arena`] are written once over it. [`games`] holds the games and a registry that maps a
//! command-line name to a type.

pub mod agent;
pub mod analysis;
pub mod arena;
pub mod conformance;
pub mod error;
pub mod files;
pub mod game;
pub mod games;
pub mod history;
pub mod line;
pub mod options;
pub mod perft;
pub mod protocol;
pub mod random;
pub mod resources;
pub mod search;
pub mod svg;
pub mod words;

pub use error::{Error, ErrorKind};
pub use game::{BenchSet, Game, Payoffs, Probability, Quiescence, Turn, EVAL_LIMIT, MAX_PLAYERS};
pub use options::{GameOptions, OptionSpec};
