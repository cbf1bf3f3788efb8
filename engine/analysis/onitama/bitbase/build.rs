//! Building a bitbase by retrograde analysis with one bit per position.
//!
//! A word holds the 30 card distributions of one layout (Red to move): bit set = won for Red.
//! Bit 31 marks a layout whose every distribution is known (won, or lost and already handed back
//! to its predecessors), which later passes skip. Tables are built in pairs of colour-swapped
//! materials, fewest students first, each pair to a fixpoint: a pass goes over the layouts of
//! the pair's student blocks and, per layout, looks one move ahead for the distributions whose
//! every move leads to a position won for the opponent (lost: found with the win bits alone), and
//! marks every predecessor of a lost position won, the ones that captured a student too (they
//! lie in a larger table, built later, which so starts with those wins known). A pass skips a
//! block none of whose children changed in the pass before. A pass that adds no win ends the
//! pair; what is neither won nor lost then is drawn.
//!
//! Threads share the words through relaxed atomics: writes are `fetch_or` of win bits (read
//! first, so nothing is written when nothing is new), and a win bit is set only for a true win
//! and a loss found only when every child is a true win, so a stale read only delays a result to
//! a later pass.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::index::{
    for_masters, master_index, turn, Maps, Mat, ALL, BLUE_TEMPLE, FULL, MAX_STUDENTS,
};
use super::{Bitbase, MatStats, Storage, TableInfo};
use crate::analysis::onitama::cardset::CardSet;
use crate::error::Error;
use crate::games::onitama::{Color, Square};

/// Bit 31 of a word: every distribution of the layout is decided and handed back.
const RESOLVED: u32 = 1 << 31;
/// All five card slots.
const ALL_CARDS: u8 = 0b11111;

/// How far a build has got, for a progress display.
#[derive(Clone, Debug)]
pub struct BuildProgress {
    /// The pair of materials being built (e.g. `2v1+1v2`).
    pub pair: String,
    /// Pairs finished before it, and all pairs.
    pub pairs_done: usize,
    /// How many pairs the build has.
    pub pairs: usize,
    /// Passes over this pair so far.
    pub pass: u32,
    /// Blocks of the pair still undecided somewhere.
    pub open_blocks: usize,
}

/// The card geometry of one card set, from Red's side (slots `0..5`).
struct Geometry {
    /// `targets[c][sq]`: where a Red pawn on `sq` may jump with card slot `c`.
    targets: [[u32; 25]; 5],
    /// Where a Red pawn on a square may jump with some card of the set.
    any_targets: [u32; 25],
    /// From where a Red pawn reaches a square with some card of the set.
    any_sources: [u32; 25],
    /// `jump_cards[from][to]`: the card slots with the jump (bit `c`: slot `c`).
    jump_cards: [[u8; 25]; 25],
    maps: Maps,
}

impl Geometry {
    fn new(cards: CardSet) -> Geometry {
        let mut targets = [[0u32; 25]; 5];
        let mut any_targets = [0u32; 25];
        let mut any_sources = [0u32; 25];
        let mut jump_cards = [[0u8; 25]; 25];
        for (c, t) in targets.iter_mut().enumerate() {
            let card = cards.card(c as u8);
            for (sq, t) in t.iter_mut().enumerate() {
                *t = card
                    .targets(Color::Red, Square::from_index(sq).expect("a square"))
                    .0;
                any_targets[sq] |= *t;
                let mut bits = *t;
                while bits != 0 {
                    let to = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    any_sources[to] |= 1 << sq;
                    jump_cards[sq][to] |= 1 << c;
                }
            }
        }
        Geometry {
            targets,
            any_targets,
            any_sources,
            jump_cards,
            maps: Maps::new(),
        }
    }

    /// The card slots with which Red, whose pawns are `own`, has some jump.
    #[inline(always)]
    fn movable(&self, own: u32) -> u8 {
        let mut out = 0;
        for c in 0..5 {
            let mut froms = own;
            while froms != 0 {
                let f = froms.trailing_zeros() as usize;
                froms &= froms - 1;
                if self.targets[c][f] & !own != 0 {
                    out |= 1 << c;
                    break;
                }
            }
        }
        out
    }

    /// The distributions in which Red, whose pawns are `own`, has no jump and must pass.
    #[inline(always)]
    fn no_moves(&self, own: u32) -> u32 {
        let movable = self.movable(own);
        if movable == ALL_CARDS {
            return 0;
        }
        let mut can = 0;
        for c in 0..5 {
            if movable >> c & 1 == 1 {
                can |= self.maps.hand[c];
            }
        }
        ALL & !can
    }

    /// The distributions in which Red wins at once: a jump onto Blue's master, or its master
    /// onto Blue's arch.
    #[inline(always)]
    fn wins_now(&self, own: u32, [rm, bm]: [u8; 2]) -> u32 {
        let mut wins = 0;
        for c in 0..5 {
            let mut hit = self.targets[c][rm as usize] & (1 << BLUE_TEMPLE) & !own;
            let mut froms = own;
            while froms != 0 && hit == 0 {
                let f = froms.trailing_zeros() as usize;
                froms &= froms - 1;
                hit |= self.targets[c][f] & (1 << bm);
            }
            if hit != 0 {
                wins |= self.maps.hand[c];
            }
        }
        wins
    }
}

/// One material's words during the build.
struct Table {
    mat: Mat,
    offsets: Vec<u64>,
    words: Vec<AtomicU32>,
    /// Per block, whether a pass added a win to it: by the parity of the pass.
    changed: [Vec<AtomicBool>; 2],
    /// Per block, whether every layout is resolved.
    done: Vec<AtomicBool>,
    losses: AtomicU64,
    /// While its pair is built: per layout, how many lost distributions were handed back (lost
    /// sets only grow, so a larger count means new losses; an equal one, nothing to hand back).
    spread: Vec<AtomicU8>,
}

/// Where a block's layouts lie.
#[derive(Clone, Copy)]
struct BlockAt {
    table: usize,
    block: usize,
    base: u64,
    free: u32,
}

/// The build's state.
struct Builder {
    geo: Geometry,
    tables: Vec<Table>,
    /// Table number by student counts (`usize::MAX`: not covered).
    ids: [[usize; MAX_STUDENTS + 2]; MAX_STUDENTS + 2],
}

/// What one thread found in a pass.
#[derive(Clone, Copy, Default)]
struct Found {
    /// Win bits added to the pair's tables.
    wins: u64,
}

/// Moves a loss check looks at between two tests for an early end, so that the reads of a
/// group overlap.
const GROUP: usize = 4;
/// The most student jumps a block has (three students, at most 20 targets each).
const MAX_JUMPS: usize = 64;

impl Builder {
    #[inline(always)]
    fn block_at(&self, students: [u32; 2]) -> Option<BlockAt> {
        let r = students[0].count_ones() as usize;
        let b = students[1].count_ones() as usize;
        let table = *self.ids.get(r)?.get(b)?;
        if table == usize::MAX {
            return None;
        }
        let block = super::index::block_number(students) as usize;
        Some(BlockAt {
            table,
            block,
            base: self.tables[table].offsets[block],
            free: FULL & !(students[0] | students[1]),
        })
    }

    #[inline(always)]
    fn word(&self, at: BlockAt, masters: [u8; 2]) -> &AtomicU32 {
        &self.tables[at.table].words[(at.base + master_index(at.free, masters)) as usize]
    }

    /// Marks the immediate wins of one block.
    fn first_wins(&self, t: usize, k: usize) {
        let tab = &self.tables[t];
        let [r, b] = tab.mat.block_students(k as u64);
        let free = FULL & !(r | b);
        let base = tab.offsets[k] as usize;
        for_masters(free, |i, masters| {
            let wins = self.geo.wins_now(r | 1 << masters[0], masters);
            if wins != 0 {
                tab.words[base + i].fetch_or(wins, Relaxed);
            }
        });
    }

    /// Sets `bits` in a word; counts and flags what is new when the word is in the pair.
    #[inline(always)]
    fn give(
        &self,
        at: BlockAt,
        masters: [u8; 2],
        bits: u32,
        pair: [usize; 2],
        parity: usize,
        found: &mut Found,
    ) {
        let w = self.word(at, masters);
        if bits & !w.load(Relaxed) == 0 {
            return;
        }
        let new = bits & !w.fetch_or(bits, Relaxed);
        if new != 0 && pair.contains(&at.table) {
            found.wins += u64::from(new.count_ones());
            let f = &self.tables[at.table].changed[parity][at.block];
            if !f.load(Relaxed) {
                f.store(true, Relaxed);
            }
        }
    }

    /// One pass over block `k` of table `t` (see the module documentation); with `count`, only
    /// counts the losses of the layouts not resolved (after the fixpoint).
    fn pass_block(&self, t: usize, k: usize, pass: u32, pair: [usize; 2], count: bool) -> Found {
        let mut found = Found::default();
        let tab = &self.tables[t];
        let geo = &self.geo;
        let maps = &geo.maps;
        let [r, b] = tab.mat.block_students(k as u64);
        let free = FULL & !(r | b);
        let parity = pass as usize & 1;
        // The children's blocks: after a student jump (Blue's student there captured, if any),
        // after a master jump or a pass (`plain`), after a master jump capturing a student.
        let plain = self
            .block_at([turn(b), turn(r)])
            .expect("the turned material");
        let mut jumps = [(0u8, 0u8, plain); MAX_JUMPS];
        let mut n = 0;
        let mut froms = r;
        while froms != 0 {
            let f = froms.trailing_zeros() as usize;
            froms &= froms - 1;
            let mut tos = geo.any_targets[f] & !r;
            while tos != 0 {
                let to = tos.trailing_zeros() as usize;
                tos &= tos - 1;
                let child = [turn(b & !(1 << to)), turn(r ^ (1 << f) ^ (1 << to))];
                jumps[n] = (
                    to as u8,
                    geo.jump_cards[f][to],
                    self.block_at(child).expect("a covered material"),
                );
                n += 1;
            }
        }
        let jumps = &jumps[..n];
        if pass > 0 && !count {
            let prev = 1 - parity;
            let changed = |at: &BlockAt| {
                pair.contains(&at.table)
                    && self.tables[at.table].changed[prev][at.block].load(Relaxed)
            };
            if !changed(&plain) && !jumps.iter().any(|(_, _, at)| changed(at)) {
                return found;
            }
        }
        let mut captured: [Option<BlockAt>; 25] = [None; 25];
        let mut each_b = b;
        while each_b != 0 {
            let to = each_b.trailing_zeros() as usize;
            each_b &= each_b - 1;
            captured[to] = self.block_at([turn(b & !(1 << to)), turn(r)]);
        }
        // The predecessors' blocks, filled when a loss is first found.
        let (ry, by) = (turn(b), turn(r));
        let up = self.ids[ry.count_ones() as usize][by.count_ones() as usize + 1] != usize::MAX;
        let mut unjumps: Vec<(u8, u8, u8, BlockAt, Option<BlockAt>)> = Vec::new();
        let mut unjumps_ready = false;
        let mut all_done = true;
        let mut losses = 0u64;
        let base = tab.offsets[k] as usize;
        for_masters(free, |i, [rm, bm]| {
            let word = tab.words[base + i].load(Relaxed);
            if word & RESOLVED != 0 {
                return;
            }
            let won = word & ALL;
            if won == ALL {
                if !count {
                    tab.words[base + i].fetch_or(RESOLVED, Relaxed);
                }
                return;
            }
            let turned = [24 - bm, 24 - rm];
            // Distributions known not lost: the won ones, then those with a move into a
            // position not won for the opponent. The loop stops once every one is.
            let mut not_lost = won;
            for group in jumps.chunks(GROUP) {
                for &(to, cards, at) in group {
                    if to == rm || to == bm {
                        continue; // onto the own master: no move; onto Blue's: a win
                    }
                    let cw = self.word(at, turned).load(Relaxed);
                    not_lost |= maps.parents(cards, !cw);
                }
                if not_lost == ALL {
                    break;
                }
            }
            let own = r | 1 << rm;
            let mut tos = geo.any_targets[rm as usize] & !own & !(1 << bm) & !(1 << BLUE_TEMPLE);
            if not_lost == ALL {
                tos = 0;
            }
            while tos != 0 {
                let to = tos.trailing_zeros() as usize;
                tos &= tos - 1;
                let at = if b >> to & 1 == 1 {
                    captured[to].expect("a smaller material")
                } else {
                    plain
                };
                let cw = self.word(at, [24 - bm, 24 - to as u8]).load(Relaxed);
                not_lost |= maps.parents(geo.jump_cards[rm as usize][to], !cw);
            }
            let stuck = if not_lost == ALL {
                0
            } else {
                geo.no_moves(own)
            };
            if stuck != 0 {
                let cw = self.word(plain, turned).load(Relaxed);
                not_lost |= maps.parents(ALL_CARDS, !cw) & stuck;
            }
            let lost = ALL & !not_lost;
            if count {
                losses += u64::from(lost.count_ones());
                return;
            }
            let had = tab.spread[base + i].load(Relaxed);
            if lost.count_ones() > u32::from(had) {
                tab.spread[base + i].store(lost.count_ones() as u8, Relaxed);
                // Hand the loss back: every predecessor is won. The predecessor moved into
                // `y`, this position turned: Red's pawns `ry` + its master, Blue's `by` + its.
                let (rmy, bmy) = (24 - bm, 24 - rm);
                if !unjumps_ready {
                    unjumps_ready = true;
                    let mut tos = ry;
                    while tos != 0 {
                        let to = tos.trailing_zeros() as u8;
                        tos &= tos - 1;
                        let mut fs = geo.any_sources[to as usize] & !(ry | by);
                        while fs != 0 {
                            let f = fs.trailing_zeros() as u8;
                            fs &= fs - 1;
                            let moved = ry ^ (1 << to) ^ (1 << f);
                            let plain = self.block_at([moved, by]).expect("the same material");
                            let cap = if up {
                                self.block_at([moved, by | 1 << to])
                            } else {
                                None
                            };
                            unjumps.push((
                                f,
                                to,
                                geo.jump_cards[f as usize][to as usize],
                                plain,
                                cap,
                            ));
                        }
                    }
                }
                for &(f, _, cards, plain_at, cap) in &unjumps {
                    if f == rmy || f == bmy {
                        continue;
                    }
                    let bits = maps.parents(cards, lost);
                    if bits == 0 {
                        continue;
                    }
                    self.give(plain_at, [rmy, bmy], bits, pair, parity, &mut found);
                    if let Some(cap) = cap {
                        self.give(cap, [rmy, bmy], bits, pair, parity, &mut found);
                    }
                }
                // The master came back from `f` (never from Blue's arch: it would have won).
                let occupied = ry | by | 1 << rmy | 1 << bmy;
                let mut fs = geo.any_sources[rmy as usize] & !occupied & !(1 << BLUE_TEMPLE);
                let yplain = self.block_at([ry, by]).expect("the turned material");
                let ycap = if up && fs != 0 {
                    self.block_at([ry, by | 1 << rmy])
                } else {
                    None
                };
                while fs != 0 {
                    let f = fs.trailing_zeros() as u8;
                    fs &= fs - 1;
                    let bits = maps.parents(geo.jump_cards[f as usize][rmy as usize], lost);
                    if bits == 0 {
                        continue;
                    }
                    self.give(yplain, [f, bmy], bits, pair, parity, &mut found);
                    if let Some(cap) = ycap {
                        self.give(cap, [f, bmy], bits, pair, parity, &mut found);
                    }
                }
                // A pass: the predecessor is `y` with Red to move, where Red had no jump.
                let stuck = geo.no_moves(ry | 1 << rmy);
                if stuck != 0 {
                    let bits = maps.parents(ALL_CARDS, lost) & stuck;
                    if bits != 0 {
                        self.give(yplain, [rmy, bmy], bits, pair, parity, &mut found);
                    }
                }
            }
            if won | lost == ALL {
                tab.words[base + i].fetch_or(RESOLVED, Relaxed);
                losses += u64::from(lost.count_ones());
            } else {
                all_done = false;
            }
        });
        tab.losses.fetch_add(losses, Relaxed);
        if all_done && !count {
            tab.done[k].store(true, Relaxed);
        }
        found
    }
}

/// Bytes a build of up to `men` men needs: a word per layout, per block its offset and three
/// flags, and a byte per layout of the largest pair of materials while it is built.
pub fn memory_needed(men: usize) -> u64 {
    let mats = Mat::up_to(men.saturating_sub(2) / 2);
    let pair = mats
        .iter()
        .map(|m| {
            layouts(*m)
                + if m.students[0] == m.students[1] {
                    0
                } else {
                    layouts(m.swapped())
                }
        })
        .max()
        .unwrap_or(0);
    mats.iter()
        .map(|m| layouts(*m) * 4 + m.blocks() * 11)
        .sum::<u64>()
        + pair
}

/// The layouts of a material (without building its offsets).
fn layouts(m: Mat) -> u64 {
    // Every block has about (f-1)(f-2) + 1 master pairs with f free squares; exact enough for a
    // memory estimate (within a few percent).
    let f = 25 - u64::from(m.students[0]) - u64::from(m.students[1]);
    m.blocks() * (f * (f - 1))
}

/// Builds the win/not-win bitbase of `cards` for every position with at most `men` men (both
/// masters and at most `(men - 2) / 2` students a side) on `threads` threads, telling
/// `progress` after every pass.
pub fn build(
    cards: CardSet,
    men: usize,
    threads: usize,
    progress: &(dyn Fn(&BuildProgress) + Sync),
) -> Result<Bitbase, Error> {
    if !(2..=8).contains(&men) || men % 2 == 1 {
        return Err(Error::option(format!(
            "--men {men} is out of range: a bitbase covers 2, 4, 6 or 8 men (both masters and up to 3 students a side)"
        )));
    }
    let per_side = (men - 2) / 2;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| Error::request(format!("cannot start {threads} threads: {e}")))?;
    pool.install(|| {
        let mats = Mat::up_to(per_side);
        let mut ids = [[usize::MAX; MAX_STUDENTS + 2]; MAX_STUDENTS + 2];
        for (i, m) in mats.iter().enumerate() {
            ids[m.students[0] as usize][m.students[1] as usize] = i;
        }
        let flags = |n: u64| {
            (0..n)
                .into_par_iter()
                .map(|_| AtomicBool::new(false))
                .collect()
        };
        let tables: Vec<Table> = mats
            .iter()
            .map(|&mat| {
                let offsets = mat.offsets();
                let len = *offsets.last().expect("an end") as usize;
                Table {
                    mat,
                    words: (0..len)
                        .into_par_iter()
                        .map(|_| AtomicU32::new(0))
                        .collect(),
                    offsets,
                    changed: [flags(mat.blocks()), flags(mat.blocks())],
                    done: flags(mat.blocks()),
                    losses: AtomicU64::new(0),
                    spread: Vec::new(),
                }
            })
            .collect();
        let mut b = Builder {
            geo: Geometry::new(cards),
            tables,
            ids,
        };
        let pairs: Vec<[usize; 2]> = mats
            .iter()
            .enumerate()
            .filter(|(_, m)| m.students[0] <= m.students[1])
            .map(|(i, m)| {
                let s = m.swapped();
                [i, ids[s.students[0] as usize][s.students[1] as usize]]
            })
            .collect();
        for (pi, &pair) in pairs.iter().enumerate() {
            let tabs: &[usize] = if pair[0] == pair[1] {
                &pair[..1]
            } else {
                &pair[..]
            };
            let mut open: Vec<(usize, usize)> = tabs
                .iter()
                .flat_map(|&t| (0..b.tables[t].mat.blocks() as usize).map(move |k| (t, k)))
                .collect();
            // The children of a block keep its Blue students (turned, as Red's): taken with
            // Blue's students outermost, consecutive blocks read the same part of the index,
            // which stays in cache.
            open.par_sort_by_cached_key(|&(t, k)| {
                let [red, blue] = b.tables[t].mat.block_students(k as u64);
                (t, blue, red)
            });
            for &t in tabs {
                let n = b.tables[t].words.len();
                b.tables[t].spread = (0..n).into_par_iter().map(|_| AtomicU8::new(0)).collect();
            }
            open.par_iter().for_each(|&(t, k)| b.first_wins(t, k));
            let name = tabs
                .iter()
                .map(|&t| b.tables[t].mat.name())
                .collect::<Vec<_>>()
                .join("+");
            for pass in 0u32.. {
                let found = open
                    .par_iter()
                    .map(|&(t, k)| b.pass_block(t, k, pass, pair, false).wins)
                    .sum::<u64>();
                // The flags of the pass before are read no more: clear them for the next.
                let prev = 1 - (pass as usize & 1);
                open.par_iter()
                    .for_each(|&(t, k)| b.tables[t].changed[prev][k].store(false, Relaxed));
                open.retain(|&(t, k)| !b.tables[t].done[k].load(Relaxed));
                progress(&BuildProgress {
                    pair: name.clone(),
                    pairs_done: pi,
                    pairs: pairs.len(),
                    pass: pass + 1,
                    open_blocks: open.len(),
                });
                if found == 0 {
                    break;
                }
            }
            // What is still open is drawn or lost: count the losses.
            open.par_iter().for_each(|&(t, k)| {
                b.pass_block(t, k, 0, pair, true);
            });
            for &t in tabs {
                b.tables[t].spread = Vec::new();
            }
        }
        let mut infos = Vec::new();
        let mut storage = Vec::new();
        for tab in b.tables {
            let wins: u64 = tab
                .words
                .par_iter()
                .map(|w| u64::from((w.load(Relaxed) & ALL).count_ones()))
                .sum();
            let positions = tab.words.len() as u64 * 30;
            let losses = tab.losses.load(Relaxed);
            tab.words.par_iter().for_each(|w| {
                w.fetch_and(ALL, Relaxed);
            });
            infos.push(TableInfo {
                mat: tab.mat,
                offsets: tab.offsets,
                stats: MatStats {
                    positions,
                    wins,
                    losses,
                },
            });
            storage.push(tab.words);
        }
        Ok(Bitbase::new(cards, men, infos, Storage::Built(storage)))
    })
}
