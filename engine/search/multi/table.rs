//! max^n's transposition table: the value vectors of positions already searched to a depth.
//!
//! In capture checkers the same position is reached by the same captures made in another
//! order (seat 1 takes a and seat 2 takes b, or seat 1 takes b and seat 2 takes a), so a
//! three-ply search meets most of its one-ply subtrees twice or more. Only complete values are
//! kept (no move was pruned at the node and no limit stopped it), with the depth they were
//! searched to, so a hit gives what the search below would give: the same moves and values
//! as without the table, in fewer nodes.

use super::Values;

/// Entries of the table. Chosen: 2^16 slots, 6.3 MB with capture checkers' moves (96 bytes a
/// slot), allocated at a search's first store in a few milliseconds, and room for the inner
/// nodes of a three-ply search from the start of three-player capture checkers (some 4,300)
/// many times over; a four-ply search has more, and a store replaces what a slot held.
const SLOTS: usize = 1 << 16;

/// One stored value: the position's key, the depth it was searched to, its value per seat,
/// and the move that gave it (the first move of the line shown from there).
#[derive(Clone, Copy)]
struct Slot<M> {
    key: u64,
    depth: u32,
    values: Values,
    mv: Option<M>,
}

/// A direct-mapped table: each key has one slot, and a store replaces what was there.
pub(super) struct ValueTable<M> {
    /// Empty until the first store, so a search that never stores (Best-Reply Search, a
    /// one-ply max^n) allocates nothing.
    slots: Vec<Option<Slot<M>>>,
}

impl<M: Copy> ValueTable<M> {
    /// An empty table.
    pub(super) fn new() -> Self {
        ValueTable { slots: Vec::new() }
    }

    /// The value vector stored for `key` searched to exactly `depth`, and the move that gave
    /// it. A complete max^n value depends on the position and the depth alone (it carries no
    /// bound and no path), so an equal depth gives exactly what searching again would. A
    /// deeper value is not used: it would make a result depend on the order in which the
    /// search met positions.
    pub(super) fn probe(&self, key: u64, depth: u32) -> Option<(Values, Option<M>)> {
        let slot = self
            .slots
            .get(index(key))?
            .filter(|s| s.key == key && s.depth == depth)?;
        Some((slot.values, slot.mv))
    }

    /// Keeps `values` as `key`'s value searched to `depth`, `mv` the move that gave it.
    pub(super) fn store(&mut self, key: u64, depth: u32, values: &Values, mv: Option<M>) {
        if self.slots.is_empty() {
            self.slots = vec![None; SLOTS];
        }
        self.slots[index(key)] = Some(Slot {
            key,
            depth,
            values: *values,
            mv,
        });
    }
}

/// The slot of `key`.
fn index(key: u64) -> usize {
    (key >> 48) as usize & (SLOTS - 1)
}
