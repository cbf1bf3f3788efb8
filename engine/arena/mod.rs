//! Bot-vs-bot tournaments and their statistics: the schedule of games (colour-swapped pairs, seat
//! rotations, shards), a runner that plays them in parallel yet reproducibly, the JSON-lines
//! record of every game (for resume and merge), and fastchess-style statistics with SPRT.
//!
//! A tournament is a [`config::Config`]; [`runner::Arena`] checks it against a game type and plays
//! any of its games by index, each refereed on real clocks by [`referee`] (the bots may be
//! engine programs, spoken to over the protocol of [`crate::protocol`]); [`record`] writes and
//! reads the games and [`validate`] checks those read back; [`summary::Summary`] turns a set of
//! records into the result table; [`book`] makes books of balanced openings to play them from.

pub mod ahead;
pub mod book;
pub mod config;
mod grid;
pub mod record;
pub mod referee;
pub mod runner;
pub mod schedule;
pub mod sprt;
pub mod stats;
pub mod summary;
pub mod validate;

pub use config::{Config, Openings, Shard};
pub use record::{GameRecord, Header, RecordFile, RecordWriter};
pub use referee::{play_game, Played, SeatTime, TimeRules};
pub use runner::{Arena, Seating};
pub use sprt::{Sprt, SprtDecision};
pub use summary::{SprtTracker, Summary};
