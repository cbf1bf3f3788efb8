//! Onitama analysis: the survey of every card deal ([`deals`]), endgame tablebases built by
//! retrograde analysis for one set of five cards ([`tablebase`]: distances to mate;
//! [`bitbase`]: win/draw/loss, one bit a position, to 8 men), and a prover that searches with
//! table hits at the leaves ([`prove`]), and a depth-first proof-number search with the same
//! leaves ([`dfpn`]), whose wins from the start of a deal are proven and written as checked
//! strategies by [`deal_proofs`] and [`proof`]; [`tuning`] plays one evaluation against another
//! to tune its weights.

pub mod bitbase;
pub mod cardset;
pub mod deal_proofs;
pub mod deals;
pub mod dfpn;
pub mod proof;
pub mod prove;
pub mod solve;
pub mod symmetry;
pub mod tablebase;
pub mod tuning;
