//! Bot-vs-bot tournaments and their statistics: the schedule of games (colour-swapped pairs, seat
//! rotations, shards), a runner that plays them in parallel yet reproducibly, the JSON-lines
//! record of every game (for resume and merge), and fastchess-style statistics with SPRT.

pub mod sprt;
pub mod stats;
