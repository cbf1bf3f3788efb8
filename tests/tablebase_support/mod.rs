//! Random positions drawn from an Onitama tablebase with their stored values: the samples that
//! the tablebase, prover, df-pn and search tests check against each other.

#![allow(dead_code)]

use rand::RngExt;
use tabula::analysis::onitama::tablebase::{Tablebase, TbValue};
use tabula::games::onitama::Onitama;

/// A random position of material table `table` and its stored value, or none when the number
/// drawn is no position or a finished game. The position must be looked up where it was drawn.
pub fn entry_in(
    tb: &Tablebase,
    r: &mut impl rand::Rng,
    table: usize,
) -> Option<(Onitama, TbValue)> {
    let index = r.random_range(0..tb.tables()[table].values.len);
    let s = tb.position_at(table, index)?;
    if s.is_terminal() {
        return None;
    }
    assert_eq!(tb.locate(&s), Some((table, index)));
    Some((s, tb.value_at(table, index)))
}

/// A random position of a random material table, as [`entry_in`].
pub fn random_entry(tb: &Tablebase, r: &mut impl rand::Rng) -> Option<(Onitama, TbValue)> {
    let table = r.random_range(0..tb.tables().len());
    entry_in(tb, r, table)
}
