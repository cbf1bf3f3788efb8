//! Building the tables by retrograde analysis, every material at once.
//!
//! The 30 card distributions of one layout (see [`index`](super::index)) are one 30-bit mask,
//! so one move of the board answers 30 positions with a few bit operations: the distribution
//! after a move depends only on the distribution before it and the card played, which
//! [`Cards::unmap`] turns into a table lookup on the mask. All positions have Red to move; a
//! move is followed by turning the board (the colour-swapped image), so the child of a move is
//! again a Red-to-move position.
//!
//! Pass 1 finds the wins in one ply (the enemy master captured or the temple arch reached).
//! After that each pass works backwards from the positions the previous pass decided (the
//! *frontier*): pass `n` is odd when it finds the wins in `n` plies (every predecessor of a
//! position lost in `n - 1` that is not yet decided) and even when it finds the losses in `n`
//! plies (predecessors of a position won in `n - 1`, kept if every one of their moves now leads
//! to a won position). The work therefore follows the frontier instead of sweeping every
//! position on every pass. A pass that decides nothing ends the build; what is left is drawn.
//!
//! Threads share the masks through relaxed atomics. In a win pass the only writes are `fetch_or`
//! of win bits, and the thread that sets a bit is the one that records its distance; in a loss
//! pass candidates are first gathered with `fetch_or`, then each block is verified by one thread.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::index::{
    block_of, master_index, Material, Placement, BLUE_TEMPLE, FULL, MAX_STUDENTS, RED_TEMPLE,
};
use super::{MaterialTable, Packed, Tablebase};
use crate::analysis::onitama::cardset::{CardSet, DISTRIBUTIONS, DISTS, NEXT, SWAP};
use crate::error::Error;
use crate::games::onitama::{Color, Square};

/// Every distribution.
const ALL: u32 = (1 << DISTRIBUTIONS) - 1;
/// The longest distance a build-time byte holds (value `d + 1`).
const MAX_DISTANCE: u32 = 254;

/// How far a build has got, for progress bars.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    /// Positions decided so far (draws are only known at the end).
    pub done: u64,
    /// Positions in all materials.
    pub total: u64,
    /// The pass just finished (its number is the distance of what it found).
    pub pass: u32,
}

/// The card geometry and distribution maps of one card set, from Red's side.
struct Cards {
    /// `targets[card][square]`: where a Red pawn on the square may jump with the card.
    targets: [[u32; 25]; 5],
    /// The distributions in which Red holds the card.
    hand: [u32; 5],
    /// The distributions in which the card is the side card.
    side: [u32; 5],
    /// `from_any[square]`: the squares from which a Red pawn reaches the square with some card.
    from_any: [u32; 25],
    /// `jump_side[to][from]`: the distributions whose side card has the jump `from` -> `to`
    /// (after the jump the card played is the side card).
    jump_side: [[u32; 25]; 25],
    /// The parents of each child distribution bit, a byte of the mask at a time.
    unmap: [[u32; 256]; 4],
}

impl Cards {
    fn new(cards: CardSet) -> Cards {
        let mut targets = [[0; 25]; 5];
        let mut sources = [[0u32; 25]; 5];
        for (c, (t, s)) in targets.iter_mut().zip(&mut sources).enumerate() {
            let card = cards.card(c as u8);
            for (sq, t) in t.iter_mut().enumerate() {
                *t = card
                    .targets(Color::Red, Square::from_index(sq).expect("a square"))
                    .0;
                let mut bits = *t;
                while bits != 0 {
                    s[bits.trailing_zeros() as usize] |= 1 << sq;
                    bits &= bits - 1;
                }
            }
        }
        let (mut hand, mut side) = ([0; 5], [0; 5]);
        let mut parents = [0u32; DISTRIBUTIONS];
        for (d, dist) in DISTS.iter().enumerate() {
            hand[dist.hands[0][0] as usize] |= 1 << d;
            hand[dist.hands[0][1] as usize] |= 1 << d;
            side[dist.side as usize] |= 1 << d;
            // Red plays its k-th card, then the board turns: the hands swap.
            for next in NEXT[d][0] {
                parents[SWAP[next as usize] as usize] |= 1 << d;
            }
        }
        let mut unmap = [[0; 256]; 4];
        for (i, table) in unmap.iter_mut().enumerate() {
            for (v, out) in table.iter_mut().enumerate() {
                for (j, p) in parents.iter().enumerate().skip(8 * i).take(8) {
                    if v >> (j - 8 * i) & 1 == 1 {
                        *out |= p;
                    }
                }
            }
        }
        let mut from_any = [0; 25];
        let mut jump_side = [[0; 25]; 25];
        for c in 0..5 {
            for to in 0..25 {
                from_any[to] |= sources[c][to];
                let mut froms = sources[c][to];
                while froms != 0 {
                    jump_side[to][froms.trailing_zeros() as usize] |= side[c];
                    froms &= froms - 1;
                }
            }
        }
        Cards {
            targets,
            from_any,
            jump_side,
            hand,
            side,
            unmap,
        }
    }

    /// The parent distributions of the child distributions in `m` (OR over the bits): a child's
    /// side card is the card just played, so each child bit has two parents, which held that
    /// card with either of the mover's present cards aside.
    #[inline(always)]
    fn unmap(&self, m: u32) -> u32 {
        self.unmap[0][(m & 255) as usize]
            | self.unmap[1][(m >> 8 & 255) as usize]
            | self.unmap[2][(m >> 16 & 255) as usize]
            | self.unmap[3][(m >> 24) as usize]
    }

    /// The distributions in which Red cannot move at all (neither card has a jump) and so must
    /// pass.
    fn no_moves(&self, p: &Placement) -> u32 {
        let own = p.pieces(0);
        let mut movable = 0;
        for c in 0..5 {
            let mut froms = own;
            while froms != 0 {
                let f = froms.trailing_zeros() as usize;
                froms &= froms - 1;
                if self.targets[c][f] & !own != 0 {
                    movable |= self.hand[c];
                    break;
                }
            }
        }
        !movable & ALL
    }
}

/// One material's masks and distances during the build.
struct Table {
    material: Material,
    /// Layouts per student block.
    block: usize,
    /// Distributions won for Red, per layout.
    win: Vec<AtomicU32>,
    /// Distributions lost for Red, per layout.
    loss: Vec<AtomicU32>,
    /// The frontier found by the last pass and the one being found.
    front: [Vec<AtomicU32>; 2],
    /// Per block: whether its frontier has any bit.
    flags: [Vec<AtomicBool>; 2],
    /// `distance + 1` per position (`0`: undecided).
    dtm: Vec<AtomicU8>,
}

impl Table {
    fn new(material: Material) -> Table {
        let layouts = material.placements() as usize;
        let blocks = material.blocks() as usize;
        let masks = || {
            (0..layouts)
                .into_par_iter()
                .map(|_| AtomicU32::new(0))
                .collect()
        };
        let flags = || {
            (0..blocks)
                .into_par_iter()
                .map(|_| AtomicBool::new(false))
                .collect()
        };
        Table {
            material,
            block: material.block_size() as usize,
            win: masks(),
            loss: masks(),
            front: [masks(), masks()],
            flags: [flags(), flags()],
            dtm: (0..layouts * DISTRIBUTIONS)
                .into_par_iter()
                .map(|_| AtomicU8::new(0))
                .collect(),
        }
    }

    /// Records `bits` of layout `l` as decided with stored value `value`.
    #[inline]
    fn record(&self, l: usize, mut bits: u32, value: u8) {
        while bits != 0 {
            let d = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            self.dtm[l * DISTRIBUTIONS + d].store(value, Relaxed);
        }
    }

    /// Marks block `k` as holding frontier bits in frontier `side` (read first: the line is
    /// shared between threads and rarely needs writing).
    #[inline(always)]
    fn flag(&self, side: usize, k: usize) {
        let f = &self.flags[side][k];
        if !f.load(Relaxed) {
            f.store(true, Relaxed);
        }
    }

    /// The bits of layout `l` not yet won or lost.
    #[inline(always)]
    fn undecided(&self, l: usize) -> u32 {
        !(self.win[l].load(Relaxed) | self.loss[l].load(Relaxed))
    }
}

/// The whole build's state.
struct Builder {
    cards: Cards,
    tables: Vec<Table>,
    /// Table number by student counts (`u8::MAX`: beyond the piece limit).
    ids: [[u8; MAX_STUDENTS + 1]; MAX_STUDENTS + 1],
}

/// Calls `f` with every layout of a block: its number and its placement.
#[inline]
fn for_layouts(m: Material, block: usize, mut f: impl FnMut(usize, Placement)) {
    let students = m.block_students(block as u64);
    let free = !(students[0] | students[1]) & FULL;
    let mut l = block * m.block_size() as usize;
    let mut reds = free;
    while reds != 0 {
        let rm = reds.trailing_zeros() as u8;
        reds &= reds - 1;
        let mut blues = free & !(1 << rm);
        while blues != 0 {
            let bm = blues.trailing_zeros() as u8;
            blues &= blues - 1;
            f(
                l,
                Placement {
                    masters: [rm, bm],
                    students,
                },
            );
            l += 1;
        }
    }
}

/// Where a student block's layouts lie: its table, its first layout and the squares its
/// masters may stand on.
#[derive(Clone, Copy)]
struct BlockAt {
    table: usize,
    block: usize,
    base: usize,
    free: u32,
}

impl BlockAt {
    /// The layout with these master squares.
    #[inline(always)]
    fn layout(self, masters: [u8; 2]) -> usize {
        self.base + master_index(self.free, masters) as usize
    }
}

/// The set seen from the other side (the board turned half a turn).
#[inline(always)]
fn turn(set: u32) -> u32 {
    set.reverse_bits() >> 7
}

/// Calls `f(square)` for each square of `set`.
#[inline(always)]
fn each(mut set: u32, mut f: impl FnMut(u8)) {
    while set != 0 {
        f(set.trailing_zeros() as u8);
        set &= set - 1;
    }
}

impl Builder {
    /// Where the block of these student sets lies, if its material is covered.
    #[inline]
    fn block_at(&self, students: [u32; 2]) -> Option<BlockAt> {
        let r = students[0].count_ones() as usize;
        let b = students[1].count_ones() as usize;
        let id = *self.ids.get(r)?.get(b)?;
        if id == u8::MAX {
            return None;
        }
        let m = self.tables[id as usize].material;
        let block = block_of(students) as usize;
        Some(BlockAt {
            table: id as usize,
            block,
            base: block * m.block_size() as usize,
            free: !(students[0] | students[1]) & FULL,
        })
    }

    /// Pass 1 on one block: terminal losses and wins in one ply.
    fn first_pass(&self, t: usize, block: usize) -> u64 {
        let tab = &self.tables[t];
        let mut found = 0;
        let mut any = false;
        for_layouts(tab.material, block, |l, p| {
            let [rm, bm] = p.masters;
            if rm == BLUE_TEMPLE {
                return; // Red has already won: no Red-to-move position is like this.
            }
            if bm == RED_TEMPLE {
                tab.loss[l].store(ALL, Relaxed);
                tab.record(l, ALL, 1);
                found += u64::from(DISTRIBUTIONS as u32);
                return;
            }
            let own = p.pieces(0);
            let mut wins = 0;
            for c in 0..5 {
                let mut reach = self.cards.targets[c][rm as usize] & (1 << BLUE_TEMPLE) & !own;
                each(own, |f| {
                    reach |= self.cards.targets[c][f as usize] & (1 << bm)
                });
                if reach != 0 {
                    wins |= self.cards.hand[c];
                }
            }
            if wins != 0 {
                tab.win[l].store(wins, Relaxed);
                tab.front[0][l].store(wins, Relaxed);
                tab.record(l, wins, 2);
                found += u64::from(wins.count_ones());
                any = true;
            }
        });
        tab.flags[0][block].store(any, Relaxed);
        found
    }

    /// Calls `emit(block, layout, bits)` for every predecessor of the frontier layouts of one
    /// block (table `t`, frontier `cur`): the parent's distributions `bits` lead into frontier
    /// distributions. Red is to move in both; the parent's move is followed by turning the
    /// board, so the position right after it, `y`, is the frontier position turned.
    fn predecessors(
        &self,
        t: usize,
        block: usize,
        cur: usize,
        mut emit: impl FnMut(BlockAt, usize, u32),
    ) {
        let tab = &self.tables[t];
        let [rc, bc] = tab.material.block_students(block as u64);
        let students = [turn(bc), turn(rc)]; // y's students
        let [ry, by] = students;
        // (frontier mask, y's masters) of each frontier layout.
        let mut items = Vec::new();
        for_layouts(tab.material, block, |l, c| {
            let mask = tab.front[cur][l].load(Relaxed);
            let masters = [24 - c.masters[1], 24 - c.masters[0]];
            // A game-ending parent move is never behind a frontier position; skip defensively.
            if mask != 0 && masters[0] != BLUE_TEMPLE && masters[1] != RED_TEMPLE {
                items.push((mask, masters));
            }
        });
        if items.is_empty() {
            return;
        }
        let cards = &self.cards;
        let can_capture = (by.count_ones() as usize) < MAX_STUDENTS;
        let plain = self
            .block_at(students)
            .expect("the turned material is covered");
        // Master jumps back, with or without a Blue student reappearing where it landed.
        let mut captured: [Option<Option<BlockAt>>; 25] = [None; 25];
        for &(mask, [mr, mb]) in &items {
            let to = mr as usize;
            let cap = *captured[to].get_or_insert_with(|| {
                if can_capture {
                    self.block_at([ry, by | 1 << to])
                } else {
                    None
                }
            });
            let occupied = ry | by | 1 << mr | 1 << mb;
            each(cards.from_any[to] & !occupied & !(1 << BLUE_TEMPLE), |f| {
                let sub = mask & cards.jump_side[to][f as usize];
                if sub != 0 {
                    let bits = cards.unmap(sub);
                    emit(plain, plain.layout([f, mb]), bits);
                    if let Some(cap) = cap {
                        emit(cap, cap.layout([f, mb]), bits);
                    }
                }
            });
        }
        // Student jumps back: the parent's block depends on the jump only.
        each(ry, |to| {
            each(cards.from_any[to as usize] & !(ry | by), |f| {
                let side = cards.jump_side[to as usize][f as usize];
                if !items.iter().any(|&(mask, _)| mask & side != 0) {
                    return;
                }
                let moved = ry ^ (1 << to) ^ (1 << f);
                let plain = self.block_at([moved, by]).expect("the same material");
                let cap = if can_capture {
                    self.block_at([moved, by | 1 << to])
                } else {
                    None
                };
                for &(mask, masters) in &items {
                    let sub = mask & side;
                    if sub == 0 || masters.contains(&f) {
                        continue;
                    }
                    let bits = cards.unmap(sub);
                    emit(plain, plain.layout(masters), bits);
                    if let Some(cap) = cap {
                        emit(cap, cap.layout(masters), bits);
                    }
                }
            });
        });
        // Passes: the parent is `y` itself, where Red could not move.
        for &(mask, masters) in &items {
            let y = Placement { masters, students };
            let bits = cards.no_moves(&y) & cards.unmap(mask);
            if bits != 0 {
                emit(plain, plain.layout(masters), bits);
            }
        }
    }

    /// A win pass on one frontier block: every undecided predecessor of a lost position is won
    /// in `n` plies. Returns the positions found.
    fn win_pass(&self, t: usize, block: usize, cur: usize, n: u32) -> u64 {
        let mut found = 0;
        self.predecessors(t, block, cur, |at, pl, bits| {
            let ptab = &self.tables[at.table];
            // A predecessor of a position not won is never lost (a lost position's children
            // are all won), so only its win mask needs reading. Two threads may both find a bit
            // new; both then record the same distance.
            let newly = bits & !ptab.win[pl].load(Relaxed);
            debug_assert_eq!(bits & ptab.loss[pl].load(Relaxed), 0);
            if newly != 0 {
                ptab.win[pl].fetch_or(newly, Relaxed);
                ptab.front[1 - cur][pl].fetch_or(newly, Relaxed);
                ptab.flag(1 - cur, at.block);
                ptab.record(pl, newly, n as u8 + 1);
                found += u64::from(newly.count_ones());
            }
        });
        found
    }

    /// The first half of a loss pass on one frontier block: marks the undecided predecessors of
    /// won positions as candidates.
    fn loss_candidates(&self, t: usize, block: usize, cur: usize) {
        self.predecessors(t, block, cur, |at, pl, bits| {
            let ptab = &self.tables[at.table];
            // Not lost either: it has a child (this frontier position) won only now.
            let bits = bits & !ptab.win[pl].load(Relaxed);
            debug_assert_eq!(bits & ptab.loss[pl].load(Relaxed), 0);
            let front = &ptab.front[1 - cur][pl];
            if bits & !front.load(Relaxed) != 0 {
                front.fetch_or(bits, Relaxed);
                ptab.flag(1 - cur, at.block);
            }
        });
    }

    /// The second half of a loss pass on one block: keeps the candidates all of whose moves
    /// (or passes) lead to positions won for the opponent; they are lost in `n` plies. The
    /// candidates are the marked ones of frontier `next`, or with `every` all undecided
    /// positions: only a position with a child won in `n - 1` can pass, as the earlier passes
    /// found those whose children were all won sooner.
    fn loss_verify(&self, t: usize, block: usize, next: usize, n: u32, every: bool) -> u64 {
        let tab = &self.tables[t];
        let cards = &self.cards;
        let [r, b] = tab.material.block_students(block as u64);
        // (layout, masters, distributions still possibly lost).
        let mut items = Vec::new();
        for_layouts(tab.material, block, |l, p| {
            let cand = if !every {
                tab.front[next][l].load(Relaxed)
            } else if p.masters[0] == BLUE_TEMPLE {
                0 // no Red-to-move position is like this
            } else {
                tab.undecided(l) & ALL
            };
            if cand != 0 {
                items.push((l, p.masters, cand));
            }
        });
        let won = |at: BlockAt, masters: [u8; 2]| {
            self.tables[at.table].win[at.layout(masters)].load(Relaxed)
        };
        // The turned board after a master jump without capture (also the pass child).
        let plain = self
            .block_at([turn(b), turn(r)])
            .expect("the turned material is covered");
        let mut captured: [Option<BlockAt>; 25] = [None; 25];
        // A student jump with card `c`: the child's block depends on the jump only.
        let student = |items: &mut Vec<(usize, [u8; 2], u32)>, c: usize, f: u8, to: u8| {
            let (hand, side) = (cards.hand[c], cards.side[c]);
            if items.iter().all(|&(_, _, ok)| ok & hand == 0) {
                return;
            }
            let moved = turn(r ^ (1 << f) ^ (1 << to));
            let at = self
                .block_at([turn(b & !(1 << to)), moved])
                .expect("a covered material");
            for (_, [rm, bm], ok) in items.iter_mut() {
                if *ok & hand == 0 || to == *rm {
                    continue;
                }
                if to == *bm {
                    *ok &= !hand;
                    continue;
                }
                *ok &= cards.unmap(won(at, [24 - *bm, 24 - *rm]) & side) | !hand;
            }
        };
        for c in 0..5 {
            let hand = cards.hand[c];
            let side = cards.side[c];
            // Captures first: they usually leave the opponent lost, which rules a candidate out
            // at once.
            each(r, |f| {
                each(cards.targets[c][f as usize] & b, |to| {
                    student(&mut items, c, f, to)
                })
            });
            // Master jumps.
            for (_, [rm, bm], ok) in items.iter_mut() {
                if *ok & hand == 0 {
                    continue;
                }
                let own = r | 1 << *rm;
                let mut tos = cards.targets[c][*rm as usize] & !own;
                if tos & (1 << *bm | 1 << BLUE_TEMPLE) != 0 {
                    *ok &= !hand; // a winning jump: never lost holding this card
                    continue;
                }
                while tos != 0 && *ok & hand != 0 {
                    let to = tos.trailing_zeros() as u8;
                    tos &= tos - 1;
                    let at = if b & (1 << to) != 0 {
                        *captured[to as usize].get_or_insert_with(|| {
                            self.block_at([turn(b & !(1 << to)), turn(r)])
                                .expect("a smaller material is covered")
                        })
                    } else {
                        plain
                    };
                    *ok &= cards.unmap(won(at, [24 - *bm, 24 - to]) & side) | !hand;
                }
            }
            // Student jumps that do not capture.
            each(r, |f| {
                each(cards.targets[c][f as usize] & !r & !b, |to| {
                    student(&mut items, c, f, to)
                })
            });
        }
        let mut found = 0;
        let mut any = false;
        for &(l, masters, mut ok) in &items {
            // Where Red cannot move it passes, giving either card away: the child is the
            // turned board itself.
            let nm = cards.no_moves(&Placement {
                masters,
                students: [r, b],
            }) & ok;
            if nm != 0 {
                let w = won(plain, [24 - masters[1], 24 - masters[0]]);
                for c in 0..5 {
                    ok &= cards.unmap(w & cards.side[c]) | !(cards.hand[c] & nm);
                }
            }
            tab.front[next][l].store(ok, Relaxed);
            if ok != 0 {
                tab.loss[l].fetch_or(ok, Relaxed);
                tab.record(l, ok, n as u8 + 1);
                found += u64::from(ok.count_ones());
                any = true;
            }
        }
        tab.flags[next][block].store(any, Relaxed);
        found
    }
}

/// Packs build-time values in as few bits as the largest needs, in parallel (64 values fill
/// exactly `bits` words, so each group of 64 is packed on its own).
fn pack(values: &[AtomicU8]) -> Packed {
    let top = values
        .par_iter()
        .map(|v| v.load(Relaxed))
        .max()
        .unwrap_or(0);
    let bits = (8 - top.leading_zeros()).max(1);
    let len = values.len() as u64;
    let mut words = vec![0u64; (len * u64::from(bits)).div_ceil(64) as usize];
    words
        .par_chunks_mut(bits as usize)
        .zip(values.par_chunks(64))
        .for_each(|(out, group)| {
            // Values enter a 128-bit accumulator; each full word leaves it.
            let (mut acc, mut held, mut w) = (0u128, 0, 0);
            for v in group {
                acc |= u128::from(v.load(Relaxed)) << held;
                held += bits;
                if held >= 64 {
                    out[w] = acc as u64;
                    acc >>= 64;
                    held -= 64;
                    w += 1;
                }
            }
            if held > 0 {
                out[w] = acc as u64;
            }
        });
    Packed { bits, len, words }
}

/// About how many bytes of memory a build up to `pieces` pieces takes: per layout four masks
/// of 4 bytes, per position a distance byte, per block two flags.
pub fn memory_needed(pieces: usize) -> u64 {
    Material::up_to(pieces)
        .iter()
        .map(|m| m.placements() * 16 + m.positions() + m.blocks() * 2)
        .sum()
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
    let materials = Material::up_to(pieces);
    let total: u64 = materials.iter().map(|m| m.positions()).sum();
    let mut ids = [[u8::MAX; MAX_STUDENTS + 1]; MAX_STUDENTS + 1];
    for (i, m) in materials.iter().enumerate() {
        ids[m.students[0] as usize][m.students[1] as usize] = i as u8;
    }
    pool.install(|| {
        let b = Builder {
            cards: Cards::new(cards),
            tables: materials.iter().map(|&m| Table::new(m)).collect(),
            ids,
        };
        let every: Vec<(usize, usize)> = b
            .tables
            .iter()
            .enumerate()
            .flat_map(|(t, tab)| (0..tab.material.blocks() as usize).map(move |k| (t, k)))
            .collect();
        let mut done: u64 = every.par_iter().map(|&(t, k)| b.first_pass(t, k)).sum();
        let mut last = done;
        progress(&BuildProgress {
            done,
            total,
            pass: 1,
        });
        let mut cur = 0;
        for n in 2.. {
            if n > MAX_DISTANCE {
                return Err(Error::request(format!(
                    "results longer than {MAX_DISTANCE} plies: the table format cannot hold them"
                )));
            }
            let flagged = |side: usize| -> Vec<(usize, usize)> {
                every
                    .par_iter()
                    .copied()
                    .filter(|&(t, k)| b.tables[t].flags[side][k].load(Relaxed))
                    .collect()
            };
            let frontier = flagged(cur);
            let found: u64 = if n % 2 == 1 {
                frontier
                    .par_iter()
                    .map(|&(t, k)| b.win_pass(t, k, cur, n))
                    .sum()
            } else if last * 16 > total - done {
                // After a pass this fruitful most undecided positions are candidates: checking
                // them all directly is cheaper than finding them backwards (the factor was
                // measured on 5 pieces).
                every
                    .par_iter()
                    .map(|&(t, k)| b.loss_verify(t, k, 1 - cur, n, true))
                    .sum()
            } else {
                frontier
                    .par_iter()
                    .for_each(|&(t, k)| b.loss_candidates(t, k, cur));
                flagged(1 - cur)
                    .par_iter()
                    .map(|&(t, k)| b.loss_verify(t, k, 1 - cur, n, false))
                    .sum()
            };
            // The frontier just used is cleared for reuse as the next pass's output.
            frontier.par_iter().for_each(|&(t, k)| {
                let tab = &b.tables[t];
                tab.flags[cur][k].store(false, Relaxed);
                for m in &tab.front[cur][k * tab.block..(k + 1) * tab.block] {
                    m.store(0, Relaxed);
                }
            });
            done += found;
            last = found;
            progress(&BuildProgress {
                done,
                total,
                pass: n,
            });
            if found == 0 {
                break;
            }
            cur = 1 - cur;
        }
        let tables = b
            .tables
            .into_iter()
            .map(|tab| MaterialTable::from_values(tab.material, pack(&tab.dtm)))
            .collect();
        Ok(Tablebase::new(cards, pieces, tables))
    })
}
