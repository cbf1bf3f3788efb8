//! Analyses built on the games and searchers: the search bench over every game's positions,
//! Onitama's deal survey, endgame tablebases, the provers that combine them with search, and
//! evaluation tuning, Senet's evaluation learned by self-play, and recorded games played back.

pub mod bench;
pub mod explain;
pub mod onitama;
pub mod replay;
pub mod senet;
