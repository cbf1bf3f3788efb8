//! Building the tables by retrograde analysis, material by material (fewest pieces first, so a
//! capture always leads into a table already finished).
//!
//! Each material is solved by passes over all its positions, in parallel over rayon. Pass `n`
//! finds the positions won in `n` plies (odd `n`: some move leads to a position lost in `n - 1`)
//! or lost in `n` plies (even `n`: every move leads to a position won in at most `n - 1`). Values
//! are written in place: a value set in pass `n` has distance `n`, which the checks of pass `n`
//! never accept, so threads racing on a value cannot change the result. Positions still unknown
//! when two passes in a row find nothing (and no capture can lead to a longer result) are draws.
//! The moves of a placement are generated once per card and shared by its 60 positions.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use rayon::prelude::*;

use super::index::{Material, Placement, BLUE_TEMPLE, RED_TEMPLE};
use super::{pack, MaterialTable, Tablebase};
use crate::analysis::onitama::cardset::{CardSet, DISTRIBUTIONS, DISTS, NEXT, SWAP};
use crate::error::Error;
use crate::games::onitama::{Color, Square};

/// A child reference meaning "this move wins at once" (master captured or temple arch reached).
const WIN_NOW: u64 = u64::MAX;
/// Marks a child stored as its colour-swapped image (look up the swapped distribution and side).
const SWAPPED: u64 = 1 << 55;
/// The bits of a child reference that hold the position number.
const INDEX_BITS: u64 = (1 << 55) - 1;
/// The longest distance a build-time byte holds (value `d + 1`).
const MAX_DISTANCE: u32 = 254;
/// Placements handed to a thread at a time.
const CHUNK: usize = 64;

/// How far a build has got, for progress bars.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    /// Positions in the materials finished so far plus the current one's resolved positions.
    pub done: u64,
    /// Positions in all materials.
    pub total: u64,
    /// The material being solved.
    pub material: Material,
    /// The pass just finished in it.
    pub pass: u32,
}

/// The moves of one placement: per side and card slot, the child of every jump.
struct PlacementMoves {
    children: [[[u64; 20]; 5]; 2],
    len: [[u8; 5]; 2],
}

/// Where each material's values live during the build.
struct Builder<'a> {
    cards: CardSet,
    materials: &'a [Material],
    done: &'a [Vec<u8>],
    current: &'a [AtomicU8],
    current_id: usize,
    /// Material id by student counts.
    ids: [[u8; 5]; 5],
}

impl Builder<'_> {
    /// The children of every jump of `p`.
    fn moves(&self, p: &Placement) -> PlacementMoves {
        let mut out = PlacementMoves {
            children: [[[0; 20]; 5]; 2],
            len: [[0; 5]; 2],
        };
        for us in 0..2 {
            let them = 1 - us;
            let color = Color::from_index(us);
            let own = p.pieces(us);
            let enemy_temple = if us == 0 { BLUE_TEMPLE } else { RED_TEMPLE };
            for slot in 0..5u8 {
                let card = self.cards.card(slot);
                let mut n = 0;
                let mut froms = own;
                while froms != 0 {
                    let from = froms.trailing_zeros() as u8;
                    froms &= froms - 1;
                    let sq = Square::from_index(from as usize).expect("a square");
                    let mut targets = card.targets(color, sq).0 & !own;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as u8;
                        targets &= targets - 1;
                        let is_master = from == p.masters[us];
                        let child = if to == p.masters[them] || (is_master && to == enemy_temple) {
                            WIN_NOW
                        } else {
                            let mut c = *p;
                            if is_master {
                                c.masters[us] = to;
                            } else {
                                c.students[us] ^= (1 << from) | (1 << to);
                            }
                            c.students[them] &= !(1 << to);
                            let mut m = c.material();
                            let mut flag = 0;
                            if m.is_swapped() {
                                c = c.swapped();
                                m = c.material();
                                flag = SWAPPED;
                            }
                            let id = self.ids[m.students[0] as usize][m.students[1] as usize];
                            (u64::from(id) << 56) | flag | (c.rank() * 60)
                        };
                        out.children[us][slot as usize][n] = child;
                        n += 1;
                    }
                }
                out.len[us][slot as usize] = n as u8;
            }
        }
        out
    }

    /// The build-time value (`0` unknown, else distance + 1) of a child reference, with
    /// distribution `d` and `side` to move.
    #[inline(always)]
    fn value(&self, child: u64, d: usize, side: usize) -> u8 {
        if child == WIN_NOW {
            return 1; // the child is lost at once: distance 0
        }
        let id = (child >> 56) as usize;
        let offset = if child & SWAPPED != 0 {
            SWAP[d] as usize * 2 + (1 - side)
        } else {
            d * 2 + side
        };
        let index = (child & INDEX_BITS) as usize + offset;
        if id == self.current_id {
            self.current[index].load(Ordering::Relaxed)
        } else {
            self.done[id][index]
        }
    }

    /// Whether the position (`base` + distribution `d`, `us` to move) is decided in pass `n`.
    #[inline]
    fn decided(&self, moves: &PlacementMoves, base: u64, d: usize, us: usize, n: u32) -> bool {
        let hand = DISTS[d].hands[us];
        let next = NEXT[d][us];
        let want_win = n % 2 == 1;
        let n = n as u8;
        // Accepts a child value: for a win, any child lost in n - 1; for a loss, all children won
        // within n - 1.
        let mut any = false;
        for k in 0..2 {
            let slot = hand[k] as usize;
            let nd = next[k] as usize;
            let len = moves.len[us][slot] as usize;
            for &child in &moves.children[us][slot][..len] {
                any = true;
                let v = self.value(child, nd, 1 - us);
                if want_win {
                    if v == n {
                        return true;
                    }
                } else if v == 0 || v % 2 == 1 || v > n {
                    return false;
                }
            }
        }
        if !any {
            // No jump: the two passes, each giving one card away.
            let id = (self.current_id as u64) << 56;
            for &to in &next {
                let v = self.value(id | base, to as usize, 1 - us);
                if want_win {
                    if v == n {
                        return true;
                    }
                } else if v == 0 || v % 2 == 1 || v > n {
                    return false;
                }
            }
        }
        !want_win
    }
}

/// Builds the tables of `cards` for every position with at most `pieces` pawns on the board, on
/// `threads` threads, telling `progress` after every pass.
pub fn build(
    cards: CardSet,
    pieces: usize,
    threads: usize,
    progress: &(dyn Fn(&BuildProgress) + Sync),
) -> Result<Tablebase, Error> {
    if !(2..=8).contains(&pieces) {
        return Err(Error::option(format!(
            "--pieces {pieces} is out of range: a tablebase covers 2 to 8 pieces (masters included)"
        )));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| Error::request(format!("cannot start {threads} threads: {e}")))?;
    let materials = Material::stored_up_to(pieces);
    let total: u64 = materials.iter().map(|m| m.positions()).sum();
    let mut ids = [[u8::MAX; 5]; 5];
    for (i, m) in materials.iter().enumerate() {
        ids[m.students[0] as usize][m.students[1] as usize] = i as u8;
    }
    let mut done: Vec<Vec<u8>> = Vec::new();
    let mut finished = 0u64;
    let mut max_distance = 0u8;
    for (id, &material) in materials.iter().enumerate() {
        let size = material.positions() as usize;
        let current: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(0)).collect();
        let placements = material.placements() as usize;
        let b = Builder {
            cards,
            materials: &materials,
            done: &done,
            current: &current,
            current_id: id,
            ids,
        };
        let _ = b.materials;
        // Terminal placements: the side to move has lost (distance 0) when the enemy master
        // stands on its temple arch; the other side to move cannot arise.
        pool.install(|| {
            (0..placements).into_par_iter().for_each(|r| {
                let p = Placement::unrank(material, r as u64);
                if p.is_terminal() {
                    let loser = if p.masters[0] == BLUE_TEMPLE { 1 } else { 0 };
                    for d in 0..DISTRIBUTIONS {
                        current[r * 60 + d * 2 + loser].store(1, Ordering::Relaxed);
                    }
                }
            })
        });
        let mut quiet = 0;
        let mut pass = 1u32;
        let resolved = AtomicU64::new(0);
        loop {
            let found = AtomicU64::new(0);
            pool.install(|| {
                (0..placements.div_ceil(CHUNK))
                    .into_par_iter()
                    .for_each(|chunk| {
                        let mut count = 0;
                        let end = ((chunk + 1) * CHUNK).min(placements);
                        for r in chunk * CHUNK..end {
                            let base = r * 60;
                            if current[base..base + 60]
                                .iter()
                                .all(|v| v.load(Ordering::Relaxed) != 0)
                            {
                                continue;
                            }
                            let p = Placement::unrank(material, r as u64);
                            if p.is_terminal() {
                                continue;
                            }
                            let moves = b.moves(&p);
                            for d in 0..DISTRIBUTIONS {
                                for us in 0..2 {
                                    let i = base + d * 2 + us;
                                    if current[i].load(Ordering::Relaxed) == 0
                                        && b.decided(&moves, base as u64, d, us, pass)
                                    {
                                        current[i].store(pass as u8 + 1, Ordering::Relaxed);
                                        count += 1;
                                    }
                                }
                            }
                        }
                        found.fetch_add(count, Ordering::Relaxed);
                    })
            });
            let found = found.into_inner();
            resolved.fetch_add(found, Ordering::Relaxed);
            progress(&BuildProgress {
                done: finished + resolved.load(Ordering::Relaxed),
                total,
                material,
                pass,
            });
            quiet = if found == 0 { quiet + 1 } else { 0 };
            // A capture can lead to a result as long as the longest in a smaller table.
            if quiet >= 2 && pass > u32::from(max_distance) + 1 {
                break;
            }
            pass += 1;
            if pass > MAX_DISTANCE {
                return Err(Error::request(format!(
                    "material {} has results longer than {MAX_DISTANCE} plies; the table format cannot hold them",
                    material.name()
                )));
            }
        }
        let values: Vec<u8> = current.into_iter().map(AtomicU8::into_inner).collect();
        let top = values.iter().copied().max().unwrap_or(0);
        max_distance = max_distance.max(top.saturating_sub(1));
        finished += size as u64;
        done.push(values);
    }
    let tables = materials
        .iter()
        .zip(&done)
        .map(|(&material, values)| MaterialTable::from_values(material, pack(values)))
        .collect();
    Ok(Tablebase::new(cards, pieces, tables))
}
