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
//! When the card set is mirror-closed (see [`mirror`](super::mirror)), a layout and its
//! left-right mirror image have the same values up to a permutation of the distributions: a pass
//! then goes over only the first block of each mirror pair, and every win it finds is handed to
//! the predecessor and to the predecessor's mirror image, so all words stay complete. This
//! halves the loss checks; the hand-back writes as many words as before.
//!
//! Threads share the words through relaxed atomics: writes are `fetch_or` of win bits (read
//! first, so nothing is written when nothing is new), and a win bit is set only for a true win
//! and a loss found only when every child is a true win, so a stale read only delays a result to
//! a later pass.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::index::{for_masters, master_index, Maps, Mat, ALL, BLUE_TEMPLE, FULL, MAX_STUDENTS};
use super::mirror::{self, Mirror};
use super::{Bitbase, MatStats, Storage, TableInfo};
use crate::analysis::onitama::cardset::CardSet;
use crate::error::Error;
use crate::games::onitama::{Color, Square};
use pass::PassOf;

mod pass;

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
    /// The mirror of a mirror-closed card set: then only one block of each mirror pair is
    /// passed over, and its wins are handed to both.
    mirror: Option<Mirror>,
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

    /// Whether a pass goes over block `k` of table `t`: always, unless the set is mirror-closed
    /// and the block's mirror image comes first (then that block stands for both).
    fn passed_over(&self, t: usize, k: usize) -> bool {
        match self.mirror {
            Some(_) => {
                let students = self.tables[t].mat.block_students(k as u64);
                let m = self
                    .block_at(students.map(mirror::set))
                    .expect("the mirror image is covered");
                m.block >= k
            }
            None => true,
        }
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
    build_with(cards, men, threads, true, progress)
}

/// [`build`], with the mirror symmetry of a mirror-closed card set used or not (the tests
/// compare the two).
pub(super) fn build_with(
    cards: CardSet,
    men: usize,
    threads: usize,
    use_mirror: bool,
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
        let mut b = Builder::new(cards, &mats, use_mirror);
        let pairs = b.material_pairs();
        for (pi, &pair) in pairs.iter().enumerate() {
            b.solve_pair(pair, &|pass, open_blocks, name: &str| {
                progress(&BuildProgress {
                    pair: name.to_string(),
                    pairs_done: pi,
                    pairs: pairs.len(),
                    pass,
                    open_blocks,
                })
            });
        }
        let (infos, storage) = b.finish();
        Ok(Bitbase::new(cards, men, infos, Storage::Built(storage)))
    })
}

impl Builder {
    /// A builder for the materials `mats`, every table empty (no position known won yet).
    fn new(cards: CardSet, mats: &[Mat], use_mirror: bool) -> Self {
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
        Builder {
            geo: Geometry::new(cards),
            tables,
            ids,
            mirror: if use_mirror { Mirror::new(cards) } else { None },
        }
    }

    /// The tables solved together, in the order they are solved: each material with the one
    /// whose student counts are swapped (a move of either leads into the other), fewest
    /// students first.
    fn material_pairs(&self) -> Vec<[usize; 2]> {
        self.tables
            .iter()
            .enumerate()
            .filter(|(_, t)| t.mat.students[0] <= t.mat.students[1])
            .map(|(i, t)| {
                let s = t.mat.swapped();
                [i, self.ids[s.students[0] as usize][s.students[1] as usize]]
            })
            .collect()
    }

    /// Solves the tables of `pair` (its smaller ones already solved): passes over the open
    /// blocks until one finds no new win, telling `progress` the pass, the blocks still open
    /// and the pair's name after each; then counts the losses among what is left.
    fn solve_pair(&mut self, pair: [usize; 2], progress: &dyn Fn(u32, usize, &str)) {
        let tabs: &[usize] = if pair[0] == pair[1] {
            &pair[..1]
        } else {
            &pair[..]
        };
        let mut open = self.open_blocks(tabs);
        for &t in tabs {
            let n = self.tables[t].words.len();
            self.tables[t].spread = (0..n).into_par_iter().map(|_| AtomicU8::new(0)).collect();
        }
        let b = &*self;
        open.par_iter().for_each(|&(t, k)| b.first_wins(t, k));
        // Of a mirror pair of blocks, only the first is passed over.
        open.retain(|&(t, k)| b.passed_over(t, k));
        let name = tabs
            .iter()
            .map(|&t| b.tables[t].mat.name())
            .collect::<Vec<_>>()
            .join("+");
        for pass in 0u32.. {
            let of = PassOf {
                pair,
                pass,
                count: false,
            };
            let found = open
                .par_iter()
                .map(|&(t, k)| b.pass_block(t, k, of).wins)
                .sum::<u64>();
            // The flags of the pass before are read no more: clear them for the next (all
            // of them: the blocks not passed over get flags too).
            let prev = 1 - (pass as usize & 1);
            for &t in tabs {
                b.tables[t].changed[prev]
                    .par_iter()
                    .for_each(|f| f.store(false, Relaxed));
            }
            open.retain(|&(t, k)| !b.tables[t].done[k].load(Relaxed));
            progress(pass + 1, open.len(), &name);
            if found == 0 {
                break;
            }
        }
        // What is still open is drawn or lost: count the losses.
        let of = PassOf {
            pair,
            pass: 0,
            count: true,
        };
        open.par_iter().for_each(|&(t, k)| {
            b.pass_block(t, k, of);
        });
        for &t in tabs {
            self.tables[t].spread = Vec::new();
        }
    }

    /// Every block of the tables `tabs`, in the order that keeps the index they read in cache.
    fn open_blocks(&self, tabs: &[usize]) -> Vec<(usize, usize)> {
        let mut open: Vec<(usize, usize)> = tabs
            .iter()
            .flat_map(|&t| (0..self.tables[t].mat.blocks() as usize).map(move |k| (t, k)))
            .collect();
        // The children of a block keep its Blue students (turned, as Red's): taken with
        // Blue's students outermost, consecutive blocks read the same part of the index,
        // which stays in cache.
        open.par_sort_by_cached_key(|&(t, k)| {
            let [red, blue] = self.tables[t].mat.block_students(k as u64);
            (t, blue, red)
        });
        open
    }

    /// The solved tables as the bitbase holds them: each table's statistics, and its words
    /// with the builder's working bits cleared.
    fn finish(self) -> (Vec<TableInfo>, Vec<Vec<AtomicU32>>) {
        let mut infos = Vec::new();
        let mut storage = Vec::new();
        for tab in self.tables {
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
        (infos, storage)
    }
}
