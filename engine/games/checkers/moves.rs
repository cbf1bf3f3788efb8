//! Chain moves: every chain of jumps by one marble, merged by the position it leaves.
//!
//! A move is identified by `diff`, the holes whose content it changes (the start hole, the
//! captured marbles and the landing hole, with a hole that is both cancelling out), so two chains
//! leaving the same position are the same move. The search walks states `(current hole, captured
//! set)` with an explicit stack and a visited set, so no state is expanded twice, and chains of any
//! length and any number of moves fit.

use std::cell::RefCell;

use super::board::{BitIter, Marbles};
use super::geometry::{Hole, HOLES};
use super::jumps::{jumps_from, single_jumps};

/// A set of `u128` keys cleared in constant time (entries carry the generation that wrote them).
#[derive(Debug)]
pub struct StampSet {
    keys: Vec<u128>,
    stamps: Vec<u32>,
    stamp: u32,
    len: usize,
}

impl Default for StampSet {
    fn default() -> Self {
        StampSet {
            keys: vec![0; 256],
            stamps: vec![0; 256],
            stamp: 1,
            len: 0,
        }
    }
}

impl StampSet {
    /// Empties the set.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    #[inline]
    fn slot(key: u128, mask: usize) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & mask
    }

    /// Inserts `key`; true when it was not there yet.
    #[inline]
    pub fn insert(&mut self, key: u128) -> bool {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut i = Self::slot(key, mask);
        loop {
            if self.stamps[i] != self.stamp {
                self.stamps[i] = self.stamp;
                self.keys[i] = key;
                self.len += 1;
                return true;
            }
            if self.keys[i] == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let live: Vec<u128> = (0..self.keys.len())
            .filter(|&i| self.stamps[i] == self.stamp)
            .map(|i| self.keys[i])
            .collect();
        let size = self.keys.len() * 2;
        self.keys = vec![0; size];
        self.stamps = vec![0; size];
        self.stamp = 1;
        self.len = 0;
        for k in live {
            self.insert(k);
        }
    }
}

/// Reusable memory for chain generation: the visited states, the results, the stack.
#[derive(Debug, Default)]
pub struct Scratch {
    visited: StampSet,
    results: StampSet,
    stack: Vec<(u8, u128)>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Runs `f` with this thread's scratch memory (the move generator's buffers, warm after the first
/// call, so generation does not allocate per position).
pub fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    SCRATCH.with(|s| match s.try_borrow_mut() {
        Ok(mut s) => f(&mut s),
        // Re-entered from inside a callback: use fresh memory rather than fail.
        Err(_) => f(&mut Scratch::default()),
    })
}

/// Calls `emit(diff, captures)` once for each distinct move of the position.
pub fn generate(
    marbles: &Marbles,
    long: bool,
    scratch: &mut Scratch,
    mut emit: impl FnMut(u128, u32),
) {
    generate_until(marbles, long, scratch, |diff, captures| {
        emit(diff, captures);
        true
    });
}

/// Like [`generate`], but stops as soon as `emit` returns false; returns whether it went through
/// every move. Analysis uses it to bound memory on positions with astronomically many chains.
pub fn generate_until(
    marbles: &Marbles,
    long: bool,
    scratch: &mut Scratch,
    mut emit: impl FnMut(u128, u32) -> bool,
) -> bool {
    let occ = marbles.bits();
    let starts = single_jumps(marbles, long).starts();
    if starts == 0 {
        return true;
    }
    scratch.results.clear();
    let mut jumps = [(0u8, 0u8); 6];
    for s in BitIter(starts) {
        let sbit = 1u128 << s.0;
        let board0 = occ & !sbit;
        scratch.visited.clear();
        scratch.stack.clear();
        scratch.stack.push((s.0, 0));
        while let Some((cur, captured)) = scratch.stack.pop() {
            let board = board0 & !captured;
            let n = jumps_from(board, cur as usize, long, &mut jumps);
            for &(over, land) in &jumps[..n] {
                let c = captured | 1u128 << over;
                // A state after one jump is reached by that jump only; deeper ones may repeat.
                if captured != 0 && !scratch.visited.insert(c | (land as u128) << HOLES) {
                    continue;
                }
                let diff = sbit ^ c ^ (1u128 << land);
                let captures = c.count_ones();
                // One jump leaves a position no other chain leaves; longer ones may coincide.
                if (captures == 1 || scratch.results.insert(diff)) && !emit(diff, captures) {
                    return false;
                }
                scratch.stack.push((land, c));
            }
        }
    }
    true
}

/// The number of captures of the move `diff` in a position with marbles `occ`.
#[inline]
pub fn captures_of(occ: u128, diff: u128) -> u32 {
    let removed = diff & occ;
    let added = diff & !occ;
    removed.count_ones() - added.count_ones()
}

/// Follows a chain of holes (start, then landings) on `occ`; gives the move's `diff` or says which
/// step is not a jump.
pub fn follow(occ: u128, long: bool, holes: &[Hole]) -> Result<u128, String> {
    let Some((&start, landings)) = holes.split_first() else {
        return Err("the move is empty".into());
    };
    if occ >> start.0 & 1 == 0 {
        return Err(format!("there is no marble on {}", start.name()));
    }
    if landings.is_empty() {
        return Err(format!(
            "'{}' names only a start hole; a move needs at least one jump",
            start.name()
        ));
    }
    let sbit = 1u128 << start.0;
    let mut captured = 0u128;
    let mut cur = start;
    let mut jumps = [(0u8, 0u8); 6];
    for &to in landings {
        let board = occ & !sbit & !captured;
        let n = jumps_from(board, cur.index(), long, &mut jumps);
        let Some(&(over, _)) = jumps[..n].iter().find(|j| j.1 == to.0) else {
            return Err(format!(
                "{}-{} is not a {}jump here",
                cur.name(),
                to.name(),
                if long { "" } else { "short " }
            ));
        };
        captured |= 1u128 << over;
        cur = to;
    }
    Ok(sbit ^ captured ^ (1u128 << cur.0))
}

/// The least chain (reading order: start hole, then landing holes one by one) that makes the move
/// `diff`, as its holes; `None` if no chain makes it.
pub fn least_chain(occ: u128, long: bool, diff: u128) -> Option<Vec<Hole>> {
    let removed = diff & occ;
    let added = diff & !occ;
    let target = removed.count_ones() as usize - added.count_ones() as usize;
    if target == 0 || added.count_ones() > 1 {
        return None;
    }
    // The start is a removed hole, or (ending on its start) an untouched marble.
    let candidates = if added == 0 { occ } else { removed };
    let mut visited = StampSet::default();
    for s in BitIter(candidates) {
        let sbit = 1u128 << s.0;
        // Captures outside `removed` allowed: only the end hole, when the chain ends on a marble
        // it captured (start removed, nothing added).
        let outside_allowed = u32::from(added == 0 && removed & sbit != 0);
        visited.clear();
        let mut path = vec![s];
        if search_least(
            occ & !sbit,
            long,
            sbit,
            0,
            target,
            diff,
            removed,
            outside_allowed,
            &mut path,
            &mut visited,
        ) {
            return Some(path);
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn search_least(
    board0: u128,
    long: bool,
    sbit: u128,
    captured: u128,
    target: usize,
    diff: u128,
    removed: u128,
    outside_allowed: u32,
    path: &mut Vec<Hole>,
    visited: &mut StampSet,
) -> bool {
    let cur = *path.last().expect("path starts with the start hole");
    if captured.count_ones() as usize == target {
        return sbit ^ captured ^ (1u128 << cur.0) == diff;
    }
    let mut jumps = [(0u8, 0u8); 6];
    let n = jumps_from(board0 & !captured, cur.index(), long, &mut jumps);
    let mut next = jumps[..n].to_vec();
    next.sort_by_key(|j| j.1);
    for (over, land) in next {
        let c = captured | 1u128 << over;
        if (c & !removed).count_ones() > outside_allowed {
            continue;
        }
        if !visited.insert(c | (land as u128) << HOLES) {
            continue;
        }
        path.push(Hole(land));
        if search_least(
            board0,
            long,
            sbit,
            c,
            target,
            diff,
            removed,
            outside_allowed,
            path,
            visited,
        ) {
            return true;
        }
        path.pop();
    }
    false
}
