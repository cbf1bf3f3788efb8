//! Analyses built on the games and searchers: for now Onitama's deal survey, endgame tablebases
//! and the prover that combines them with search.

pub mod onitama;
