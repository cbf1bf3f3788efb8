//! Building the tables by retrograde analysis, every material at once.
//!
//! The 30 card distributions of one layout (see [`index`](super::index)) are one 30-bit mask,
//! so one move of the board answers 30 positions with a few bit operations: the distribution
//! after a move depends only on the distribution before it and the card played, which
//! `Cards::unmap` turns into a table lookup on the mask. All positions have Red to move; a
//! move is followed by turning the board (the colour-swapped image), so the child of a move is
//! again a Red-to-move position.
//!
//! Pass 1 finds the wins in one ply (the enemy master captured or the temple arch reached).
//! After that each pass starts from the positions the previous pass decided (the *frontier*):
//! pass `n` is odd when it finds the wins in `n` plies (every undecided predecessor of a
//! position lost in `n - 1`, found backwards) and even when it finds the losses in `n` plies
//! (positions all of whose moves now lead to won positions). A loss pass checks its candidates
//! forwards: while the last wins are many, every undecided position is a candidate; later the
//! candidates are the predecessors of the last wins, gathered backwards. The work therefore
//! follows the frontier instead of sweeping every position on every pass. A pass that decides
//! nothing ends the build; what is left is drawn. Distances are written after each pass, block
//! by block, from the frontier masks, so the passes themselves touch only the masks.
//!
//! When every card's mirror image is in the set, a position and its left-right mirror image
//! have the same value: the build then works on one block of each mirror pair of student
//! blocks, reads and writes the other through it (the distributions permuted), and copies the
//! distances over at the end.
//!
//! Threads share the masks through relaxed atomics. In a win pass the only writes are `fetch_or`
//! of win and frontier bits; in a loss pass candidates are first gathered with `fetch_or`, then
//! each block is checked by one thread. The forward checks visit the blocks with Blue's students
//! outermost, so the children they read lie together in the index and stay in cache.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::index::{
    block_of, master_index, Material, Placement, BLUE_TEMPLE, FULL, MAX_STUDENTS, RED_TEMPLE,
};
use super::{MaterialTable, Packed, Tablebase};
use crate::analysis::onitama::cardset::{CardSet, DISTRIBUTIONS, DISTS, NEXT, SWAP};
use crate::analysis::onitama::symmetry::mirror_card;
use crate::error::Error;
use crate::games::onitama::{Color, Square};

/// Moves a forward check looks at between two tests for an early end: the memory reads of a
/// group overlap instead of waiting on each other's branch (5 pieces on 1 thread: 6.0 s with a
/// test after every move, 5.8 s in groups of 4, 5.9 s in groups of 2 or 8).
const GROUP: usize = 4;
/// Every distribution.
const ALL: u32 = (1 << DISTRIBUTIONS) - 1;
/// The longest distance a build-time byte holds (value `d + 1`).
const MAX_DISTANCE: u32 = 254;
/// A loss pass checks every undecided position forwards, instead of gathering candidates
/// backwards from the wins of the last pass, while those wins are more than this fraction of
/// the undecided positions: a check costs about this many times less than gathering from one
/// win (measured on 5 and 6 pieces: 16 gave 42.4 s for 6 pieces on 2 threads, 128 gave 38.4 s;
/// on 5 pieces the two methods cost the same at a ratio of 90 to 200).
const ALL_CHECK_FACTOR: u64 = 128;

/// How far a build has got, for progress bars.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    /// Positions decided so far (draws are only known at the end).
    pub done: u64,
    /// Positions the build works on: all of them, or about half when the card set has a
    /// mirror (the others are copied from their mirror images at the end).
    pub total: u64,
    /// The pass just finished (its number is the distance of what it found).
    pub pass: u32,
}

/// A map of distribution masks that sends each bit to a set of bits and a mask to the union of
/// its bits' images, a byte of the mask at a time.
struct MaskMap([[u32; 256]; 4]);

impl MaskMap {
    /// The map sending bit `d` to `image(d)`.
    fn new(image: impl Fn(usize) -> u32) -> MaskMap {
        let mut table = [[0; 256]; 4];
        for (i, part) in table.iter_mut().enumerate() {
            for (v, out) in part.iter_mut().enumerate() {
                for j in 0..8 {
                    if v >> j & 1 == 1 && 8 * i + j < DISTRIBUTIONS {
                        *out |= image(8 * i + j);
                    }
                }
            }
        }
        MaskMap(table)
    }

    /// The union of the images of the bits of `m`.
    #[inline(always)]
    fn apply(&self, m: u32) -> u32 {
        self.0[0][(m & 255) as usize]
            | self.0[1][(m >> 8 & 255) as usize]
            | self.0[2][(m >> 16 & 255) as usize]
            | self.0[3][(m >> 24) as usize]
    }
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
    /// The parents of each child distribution bit.
    unmap: MaskMap,
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
        let unmap = MaskMap::new(|d| parents[d]);
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
        self.unmap.apply(m)
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

/// The left-right mirror of a card set whose cards' mirror images are all in the set (for
/// example tiger, crab and boar are their own images and ox and horse each other's). A position
/// and its mirror image then have the same value, so the build works on one block of each
/// mirror pair and reads the other through it.
struct Mirror {
    /// `dist[d]`: the distribution of the mirror image of a position in distribution `d`.
    dist: [u8; DISTRIBUTIONS],
    /// The mask of the mirror image (`dist` on every bit).
    perm: MaskMap,
}

/// The square mirrored left to right.
#[inline(always)]
fn mirror_square(sq: u8) -> u8 {
    sq - sq % 5 + 4 - sq % 5
}

/// The set mirrored left to right.
#[inline(always)]
fn mirror_set(set: u32) -> u32 {
    let mut out = 0;
    each(set, |sq| out |= 1 << mirror_square(sq));
    out
}

/// Red's and Blue's student sets mirrored left to right, and the number of their block.
fn mirror_block(students: [u32; 2]) -> ([u32; 2], usize) {
    let image = [mirror_set(students[0]), mirror_set(students[1])];
    (image, block_of(image) as usize)
}

impl Mirror {
    /// The mirror of `cards`, if every card's mirror image is in the set.
    fn new(cards: CardSet) -> Option<Mirror> {
        let mut slot = [0u8; 5];
        for (c, image) in slot.iter_mut().enumerate() {
            *image = cards.slot(mirror_card(cards.card(c as u8)))?;
        }
        let mut dist = [0u8; DISTRIBUTIONS];
        for (d, from) in DISTS.iter().enumerate() {
            let map = |pair: [u8; 2]| {
                let (a, b) = (slot[pair[0] as usize], slot[pair[1] as usize]);
                [a.min(b), a.max(b)]
            };
            let hands = [map(from.hands[0]), map(from.hands[1])];
            let side = slot[from.side as usize];
            dist[d] = DISTS
                .iter()
                .position(|x| x.hands == hands && x.side == side)
                .expect("a distribution") as u8;
        }
        let perm = MaskMap::new(|d| 1 << dist[d]);
        Some(Mirror { dist, perm })
    }

    /// The mask of the mirror image (the mirror is its own inverse).
    #[inline(always)]
    fn mask(&self, m: u32) -> u32 {
        self.perm.apply(m)
    }
}

/// The wins and their frontier (`flags[WON]`).
const WON: usize = 0;
/// The losses and their frontier (`flags[LOST]`).
const LOST: usize = 1;
/// The low half of a loss word: the lost distributions.
const LOW: u64 = (1 << 32) - 1;

/// One material's masks and distances during the build.
struct Table {
    material: Material,
    /// Layouts per student block.
    block: usize,
    /// Per layout, the distributions won for Red: the masks the loss passes read most, kept
    /// dense so that the blocks they read stay in cache.
    won: Vec<AtomicU32>,
    /// Per layout, the distributions the current or last win pass found.
    won_front: Vec<AtomicU32>,
    /// Per layout, the distributions lost for Red in the low half, and in the high half the
    /// ones the current or last loss pass found (it first gathers its candidates there).
    lost: Vec<AtomicU64>,
    /// Per block: whether the frontier of wins (`WON`) or losses (`LOST`) has any bit.
    flags: [Vec<AtomicBool>; 2],
    /// `distance + 1` per position (`0`: undecided), written block by block after each pass.
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
            won: masks(),
            won_front: masks(),
            lost: (0..layouts)
                .into_par_iter()
                .map(|_| AtomicU64::new(0))
                .collect(),
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

    /// The distributions of layout `l` won for Red.
    #[inline(always)]
    fn won(&self, l: usize) -> u32 {
        self.won[l].load(Relaxed)
    }

    /// The frontier bits of layout `l` of wins or losses (`kind`).
    #[inline(always)]
    fn front(&self, kind: usize, l: usize) -> u32 {
        if kind == WON {
            self.won_front[l].load(Relaxed)
        } else {
            (self.lost[l].load(Relaxed) >> 32) as u32
        }
    }

    /// The bits of layout `l` not yet won or lost.
    #[inline(always)]
    fn undecided(&self, l: usize) -> u32 {
        !(self.won[l].load(Relaxed) | self.lost[l].load(Relaxed) as u32)
    }

    /// Fills the distances of block `k`, if it is not stored, from its mirror image.
    fn copy_mirror(&self, k: usize, mirror: &Mirror) {
        let (image, other) = mirror_block(self.material.block_students(k as u64));
        if other >= k {
            return;
        }
        let free = !(image[0] | image[1]) & FULL;
        let base = other * self.block;
        for_layouts(self.material, k, |l, p| {
            let [rm, bm] = p.masters;
            let from = base + master_index(free, [mirror_square(rm), mirror_square(bm)]) as usize;
            for (d, &e) in mirror.dist.iter().enumerate() {
                let value = self.dtm[from * DISTRIBUTIONS + e as usize].load(Relaxed);
                self.dtm[l * DISTRIBUTIONS + d].store(value, Relaxed);
            }
        });
    }

    /// Records the frontier of wins or losses (`kind`) in block `k` as decided with stored
    /// value `value` (one thread per block).
    fn record_front(&self, kind: usize, k: usize, value: u8) {
        for l in k * self.block..(k + 1) * self.block {
            let front = self.front(kind, l);
            if front != 0 {
                self.record(l, front, value);
            }
        }
    }

    /// Clears the frontier of wins or losses (`kind`) in block `k`, for reuse by a later pass
    /// (one thread per block).
    fn clear_front(&self, kind: usize, k: usize) {
        for l in k * self.block..(k + 1) * self.block {
            if self.front(kind, l) == 0 {
                continue;
            }
            if kind == WON {
                self.won_front[l].store(0, Relaxed);
            } else {
                self.lost[l].fetch_and(LOW, Relaxed);
            }
        }
        self.flags[kind][k].store(false, Relaxed);
    }
}

/// The whole build's state.
struct Builder<const MIRROR: bool> {
    cards: Cards,
    /// The card set's mirror, when the build uses it.
    mirror: Option<Mirror>,
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
/// masters may stand on. With a mirror, a block that is not stored is read and written through
/// its mirror image (`mirrored`): `block`, `base` and `free` are the image's.
#[derive(Clone, Copy)]
struct BlockAt {
    table: usize,
    block: usize,
    base: usize,
    free: u32,
    mirrored: bool,
    /// With a mirror, whether the block is its own image: then a layout and its image are
    /// both stored, and what is written to one is written to the other.
    symmetric: bool,
}

impl BlockAt {
    /// The layout with these master squares (`MIRROR`: whether the build has a mirror).
    #[inline(always)]
    fn layout<const MIRROR: bool>(self, [rm, bm]: [u8; 2]) -> usize {
        let masters = if MIRROR && self.mirrored {
            [mirror_square(rm), mirror_square(bm)]
        } else {
            [rm, bm]
        };
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

impl<const MIRROR: bool> Builder<MIRROR> {
    /// A builder with empty tables for `materials` (`ids` numbers them by student counts).
    fn new(
        cards: Cards,
        mirror: Option<Mirror>,
        materials: &[Material],
        ids: [[u8; MAX_STUDENTS + 1]; MAX_STUDENTS + 1],
    ) -> Self {
        Builder {
            cards,
            mirror,
            tables: materials.iter().map(|&m| Table::new(m)).collect(),
            ids,
        }
    }

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
        let mut block = block_of(students) as usize;
        let mut free = !(students[0] | students[1]) & FULL;
        let (mut mirrored, mut symmetric) = (false, false);
        if MIRROR {
            let (_, other) = mirror_block(students);
            symmetric = other == block;
            if other < block {
                (block, free, mirrored) = (other, mirror_set(free), true);
            }
        }
        Some(BlockAt {
            table: id as usize,
            block,
            base: block * m.block_size() as usize,
            free,
            mirrored,
            symmetric,
        })
    }

    /// Whether block `k` of material `m` is one the build stores and works on: without a
    /// mirror every block, with one the lower-numbered block of each mirror pair.
    fn stored(&self, m: Material, k: usize) -> bool {
        !MIRROR || mirror_block(m.block_students(k as u64)).1 >= k
    }

    /// The mask `bits` of a layout of `at` as the stored masks hold it.
    #[inline(always)]
    fn view(&self, at: BlockAt, bits: u32) -> u32 {
        match &self.mirror {
            Some(mirror) if MIRROR && at.mirrored => mirror.mask(bits),
            _ => bits,
        }
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
                tab.lost[l].store(u64::from(ALL), Relaxed);
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
                tab.won[l].store(wins, Relaxed);
                tab.won_front[l].store(wins, Relaxed);
                tab.record(l, wins, 2);
                found += u64::from(wins.count_ones());
                any = true;
            }
        });
        tab.flags[WON][block].store(any, Relaxed);
        found
    }

    /// Calls `emit(block, layout, bits)` for every predecessor of the frontier layouts of one
    /// block (table `t`, the frontier of wins or losses, `kind`): the parent's distributions
    /// `bits` lead into frontier distributions. Red is to move in both; the parent's move is followed by turning the
    /// board, so the position right after it, `y`, is the frontier position turned.
    fn predecessors(
        &self,
        t: usize,
        block: usize,
        kind: usize,
        mut emit: impl FnMut(BlockAt, usize, u32),
    ) {
        // Every write goes to the stored layout, and in a block that is its own image to the
        // layout's image as well (its image is the parent of the frontier position's image).
        let mut emit = |at: BlockAt, [rm, bm]: [u8; 2], bits: u32| {
            emit(at, at.layout::<MIRROR>([rm, bm]), self.view(at, bits));
            if let (true, true, Some(mirror)) = (MIRROR, at.symmetric, &self.mirror) {
                let image = [mirror_square(rm), mirror_square(bm)];
                emit(at, at.layout::<MIRROR>(image), mirror.mask(bits));
            }
        };
        let tab = &self.tables[t];
        let [rc, bc] = tab.material.block_students(block as u64);
        let students = [turn(bc), turn(rc)]; // y's students
        let [ry, by] = students;
        // (frontier mask, y's masters) of each frontier layout.
        let mut items = Vec::new();
        for_layouts(tab.material, block, |l, c| {
            let mask = tab.front(kind, l);
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
                    emit(plain, [f, mb], bits);
                    if let Some(cap) = cap {
                        emit(cap, [f, mb], bits);
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
                    emit(plain, masters, bits);
                    if let Some(cap) = cap {
                        emit(cap, masters, bits);
                    }
                }
            });
        });
        // Passes: the parent is `y` itself, where Red could not move.
        for &(mask, masters) in &items {
            let y = Placement { masters, students };
            let bits = cards.no_moves(&y) & cards.unmap(mask);
            if bits != 0 {
                emit(plain, masters, bits);
            }
        }
    }

    /// A win pass on one block of the loss frontier: every undecided predecessor of a lost
    /// position is won (its distance is recorded when the pass is over). Returns the positions
    /// found.
    fn win_pass(&self, t: usize, block: usize) -> u64 {
        let mut found = 0;
        self.predecessors(t, block, LOST, |at, pl, bits| {
            let ptab = &self.tables[at.table];
            // A predecessor of a position not won is never lost (a lost position's children
            // are all won), so only its win mask needs reading; a relaxed read first skips the
            // locked write when nothing is new.
            let newly = bits & !ptab.won(pl);
            debug_assert_eq!(bits & ptab.lost[pl].load(Relaxed) as u32, 0);
            if newly != 0 {
                let newly = newly & !ptab.won[pl].fetch_or(newly, Relaxed);
                if newly != 0 {
                    ptab.won_front[pl].fetch_or(newly, Relaxed);
                    ptab.flag(WON, at.block);
                    found += u64::from(newly.count_ones());
                }
            }
        });
        found
    }

    /// The first half of a loss pass on one block of the win frontier: marks the undecided
    /// predecessors of won positions as candidates.
    fn loss_candidates(&self, t: usize, block: usize) {
        self.predecessors(t, block, WON, |at, pl, bits| {
            let ptab = &self.tables[at.table];
            // Not lost either: it has a child (this frontier position) won only now.
            let bits = bits & !ptab.won(pl);
            debug_assert_eq!(bits & ptab.lost[pl].load(Relaxed) as u32, 0);
            if bits & !ptab.front(LOST, pl) != 0 {
                ptab.lost[pl].fetch_or(u64::from(bits) << 32, Relaxed);
                ptab.flag(LOST, at.block);
            }
        });
    }

    /// The student jumps of Red's students `r` against Blue's `b`, captures first (they
    /// usually leave the opponent lost, which rules a loss candidate out at once), and how many
    /// are captures. The child's block depends on the jump only: (card, target square, child
    /// block).
    fn student_jumps(&self, r: u32, b: u32) -> (Vec<(u8, u8, BlockAt)>, usize) {
        let cards = &self.cards;
        let mut jumps: Vec<(u8, u8, BlockAt)> = Vec::with_capacity(64);
        let mut captures = 0;
        for capture in [true, false] {
            for c in 0..5u8 {
                each(r, |f| {
                    let tos = cards.targets[c as usize][f as usize] & !r;
                    each(if capture { tos & b } else { tos & !b }, |to| {
                        let moved = turn(r ^ (1 << f) ^ (1 << to));
                        let at = self
                            .block_at([turn(b & !(1 << to)), moved])
                            .expect("a covered material");
                        jumps.push((c, to, at));
                    })
                });
            }
            if capture {
                captures = jumps.len();
            }
        }
        (jumps, captures)
    }

    /// The second half of a loss pass on one block: keeps the candidates all of whose moves
    /// (or passes) lead to positions won for the opponent; they are lost, and become the loss
    /// frontier. The candidates are the marked ones of the loss frontier, or with `every` all
    /// undecided positions: only a position with a child won in the last pass can pass, as the
    /// earlier passes found those whose children were all won sooner.
    fn loss_verify(&self, t: usize, block: usize, every: bool) -> u64 {
        let tab = &self.tables[t];
        let cards = &self.cards;
        let [r, b] = tab.material.block_students(block as u64);
        let won = |at: BlockAt, masters: [u8; 2]| {
            self.view(at, self.tables[at.table].won(at.layout::<MIRROR>(masters)))
        };
        // The turned board after a master jump without capture (also the pass child).
        let plain = self
            .block_at([turn(b), turn(r)])
            .expect("the turned material is covered");
        // After a master jump capturing the Blue student on each square.
        let mut captured: [Option<BlockAt>; 25] = [None; 25];
        each(b, |to| {
            captured[to as usize] = self.block_at([turn(b & !(1 << to)), turn(r)]);
        });
        let (jumps, captures) = self.student_jumps(r, b);
        // Checks the jumps of a list for one layout: `ok` keeps the distributions whose
        // children are all won so far.
        let check = |mut ok: u32, list: &[(u8, u8, BlockAt)], [rm, bm]: [u8; 2]| {
            let turned = [24 - bm, 24 - rm];
            for group in list.chunks(GROUP) {
                if ok == 0 {
                    break;
                }
                for &(c, to, at) in group {
                    let hand = cards.hand[c as usize];
                    ok &= if to == rm {
                        !0 // the own master stands there: no such move
                    } else if to == bm {
                        !hand // capturing the master wins: never lost holding this card
                    } else {
                        cards.unmap(won(at, turned) & cards.side[c as usize]) | !hand
                    };
                }
            }
            ok
        };
        let mut found = 0;
        let mut any = false;
        for_layouts(tab.material, block, |l, p| {
            let mut ok = if !every {
                tab.front(LOST, l)
            } else if p.masters[0] == BLUE_TEMPLE {
                0 // no Red-to-move position is like this
            } else {
                tab.undecided(l) & ALL
            };
            if ok == 0 {
                return;
            }
            let [rm, bm] = p.masters;
            ok = check(ok, &jumps[..captures], p.masters);
            // Master jumps.
            let own = r | 1 << rm;
            for c in 0..5 {
                let hand = cards.hand[c];
                if ok & hand == 0 {
                    continue;
                }
                let mut tos = cards.targets[c][rm as usize] & !own;
                if tos & (1 << bm | 1 << BLUE_TEMPLE) != 0 {
                    ok &= !hand; // a winning jump: never lost holding this card
                    continue;
                }
                while tos != 0 && ok & hand != 0 {
                    let to = tos.trailing_zeros() as u8;
                    tos &= tos - 1;
                    let at = if b & (1 << to) != 0 {
                        captured[to as usize].expect("a smaller material is covered")
                    } else {
                        plain
                    };
                    ok &= cards.unmap(won(at, [24 - bm, 24 - to]) & cards.side[c]) | !hand;
                }
            }
            ok = check(ok, &jumps[captures..], p.masters);
            // Where Red cannot move it passes, giving either card away: the child is the
            // turned board itself.
            let nm = if ok != 0 { cards.no_moves(&p) & ok } else { 0 };
            if nm != 0 {
                let w = won(plain, [24 - bm, 24 - rm]);
                for c in 0..5 {
                    ok &= cards.unmap(w & cards.side[c]) | !(cards.hand[c] & nm);
                }
            }
            // Only this thread writes the block's loss masks in this half of the pass; the
            // candidates give way to what was found.
            if ok != 0 || !every {
                let lost = tab.lost[l].load(Relaxed) & LOW | u64::from(ok);
                tab.lost[l].store(lost | u64::from(ok) << 32, Relaxed);
                found += u64::from(ok.count_ones());
                any |= ok != 0;
            }
        });
        tab.flags[LOST][block].store(any, Relaxed);
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
    build_with(cards, pieces, threads, true, progress)
}

/// [`build`], using the card set's mirror (when it has one) only if `mirror`: the tests build
/// both ways and compare.
fn build_with(
    cards: CardSet,
    pieces: usize,
    threads: usize,
    mirror: bool,
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
    let mut ids = [[u8::MAX; MAX_STUDENTS + 1]; MAX_STUDENTS + 1];
    for (i, m) in materials.iter().enumerate() {
        ids[m.students[0] as usize][m.students[1] as usize] = i as u8;
    }
    pool.install(|| {
        let geometry = Cards::new(cards);
        let values = match mirror.then(|| Mirror::new(cards)).flatten() {
            Some(m) => run(
                Builder::<true>::new(geometry, Some(m), &materials, ids),
                progress,
            )?,
            None => run(
                Builder::<false>::new(geometry, None, &materials, ids),
                progress,
            )?,
        };
        Ok(Tablebase::new(cards, pieces, values))
    })
}

/// The passes of a build, then the packed tables. `MIRROR` is whether the builder has a
/// mirror: a build without one compiles without the mirror's tests in the inner loops.
fn run<const MIRROR: bool>(
    b: Builder<MIRROR>,
    progress: &(dyn Fn(&BuildProgress) + Sync),
) -> Result<Vec<MaterialTable>, Error> {
    let every = b.stored_blocks();
    let total: u64 = every
        .iter()
        .map(|&(t, _)| b.tables[t].block as u64 * DISTRIBUTIONS as u64)
        .sum();
    let forwards = b.forward_order(&every);
    let mut done: u64 = every.par_iter().map(|&(t, k)| b.first_pass(t, k)).sum();
    let mut last = done;
    progress(&BuildProgress {
        done,
        total,
        pass: 1,
    });
    for n in 2.. {
        if n > MAX_DISTANCE {
            return Err(Error::request(format!(
                "results longer than {MAX_DISTANCE} plies: the table format cannot hold them"
            )));
        }
        let found = if n % 2 == 1 {
            b.wins_pass(&every, n)
        } else {
            // After a pass this fruitful, checking every undecided position directly is
            // cheaper than finding the candidates backwards.
            let direct = last * ALL_CHECK_FACTOR > total - done;
            b.losses_pass(&every, &forwards, n, direct)
        };
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
    }
    Ok(b.into_tables())
}

impl<const MIRROR: bool> Builder<MIRROR> {
    /// The blocks the build works on: every block of every table that the table stores.
    fn stored_blocks(&self) -> Vec<(usize, usize)> {
        self.tables
            .iter()
            .enumerate()
            .flat_map(|(t, tab)| (0..tab.material.blocks() as usize).map(move |k| (t, k)))
            .filter(|&(t, k)| self.stored(self.tables[t].material, k))
            .collect()
    }

    /// `every` block in the order that checks moves forwards best: checking a block's moves
    /// reads the blocks of its children. Taken with Blue's students fixed, the children keep
    /// Red's student set (the turned Blue set), so they lie together in the index and stay in
    /// cache.
    fn forward_order(&self, every: &[(usize, usize)]) -> Vec<(usize, usize)> {
        let mut forwards = every.to_vec();
        forwards.par_sort_by_cached_key(|&(t, k)| {
            let [red, blue] = self.tables[t].material.block_students(k as u64);
            (t, blue, red)
        });
        forwards
    }

    /// The blocks of `order` whose frontier of `kind` has any bit.
    fn flagged(&self, order: &[(usize, usize)], kind: usize) -> Vec<(usize, usize)> {
        order
            .par_iter()
            .copied()
            .filter(|&(t, k)| self.tables[t].flags[kind][k].load(Relaxed))
            .collect()
    }

    /// After pass `n`: the frontier it started from (`used_blocks`, of kind `used`) is
    /// cleared for reuse, and the distance of what it found (the other kind's frontier) is
    /// written.
    fn finish_pass(
        &self,
        every: &[(usize, usize)],
        used_blocks: &[(usize, usize)],
        used: usize,
        n: u32,
    ) {
        let value = n as u8 + 1;
        used_blocks
            .par_iter()
            .for_each(|&(t, k)| self.tables[t].clear_front(used, k));
        self.flagged(every, 1 - used)
            .par_iter()
            .for_each(|&(t, k)| self.tables[t].record_front(1 - used, k, value));
    }

    /// Pass `n` (odd): the wins, predecessors of the losses found last pass. Returns how
    /// many positions it decided.
    fn wins_pass(&self, every: &[(usize, usize)], n: u32) -> u64 {
        let frontier = self.flagged(every, LOST);
        let found = frontier.par_iter().map(|&(t, k)| self.win_pass(t, k)).sum();
        self.finish_pass(every, &frontier, LOST, n);
        found
    }

    /// Pass `n` (even): the losses, positions whose every move reaches a known win; checked
    /// for every undecided position when `direct`, else only for the predecessors of the
    /// wins found last pass. Returns how many positions it decided.
    fn losses_pass(
        &self,
        every: &[(usize, usize)],
        forwards: &[(usize, usize)],
        n: u32,
        direct: bool,
    ) -> u64 {
        let frontier = self.flagged(every, WON);
        let found = if direct {
            forwards
                .par_iter()
                .map(|&(t, k)| self.loss_verify(t, k, true))
                .sum()
        } else {
            frontier
                .par_iter()
                .for_each(|&(t, k)| self.loss_candidates(t, k));
            self.flagged(forwards, LOST)
                .par_iter()
                .map(|&(t, k)| self.loss_verify(t, k, false))
                .sum()
        };
        self.finish_pass(every, &frontier, WON, n);
        found
    }

    /// The finished tables, packed: a mirror-closed build first copies each block's values to
    /// its mirror.
    fn into_tables(self) -> Vec<MaterialTable> {
        if let Some(mirror) = &self.mirror {
            self.tables.par_iter().for_each(|tab| {
                (0..tab.material.blocks() as usize)
                    .into_par_iter()
                    .for_each(|k| tab.copy_mirror(k, mirror));
            });
        }
        self.tables
            .into_iter()
            .map(|tab| MaterialTable::from_values(tab.material, pack(&tab.dtm)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(names: &str) -> CardSet {
        CardSet::parse(names).expect("a card set")
    }

    #[test]
    fn a_mirror_exists_only_when_every_image_is_in_the_set() {
        // Tiger, crab, boar and mantis are their own images; ox and horse, eel and cobra,
        // rooster and goose, frog and rabbit are each other's.
        for names in [
            "tiger,crab,boar,ox,horse",
            "frog,rabbit,rooster,goose,mantis",
        ] {
            let m = Mirror::new(cards(names)).expect("a mirror");
            for d in 0..DISTRIBUTIONS {
                assert_eq!(m.dist[m.dist[d] as usize] as usize, d, "an involution");
            }
            assert_eq!(m.mask(m.mask(ALL)), ALL);
        }
        assert!(Mirror::new(cards("tiger,crab,boar,ox,eel")).is_none());
        assert!(Mirror::new(cards("dragon,horse,rooster,monkey,frog")).is_none());
        // A set of five cards each its own image keeps every distribution.
        let own = Mirror::new(cards("tiger,crab,boar,mantis,monkey")).unwrap();
        assert!(own.dist.iter().enumerate().all(|(d, &e)| d == e as usize));
        assert_eq!(mirror_set(1 << 0 | 1 << 7), 1 << 4 | 1 << 7);
    }

    #[test]
    fn working_on_one_block_of_each_mirror_pair_gives_the_same_tables() {
        for names in [
            "tiger,crab,boar,ox,horse",
            "frog,rabbit,rooster,goose,mantis",
        ] {
            let with = build_with(cards(names), 4, 2, true, &|_| {}).unwrap();
            let without = build_with(cards(names), 4, 2, false, &|_| {}).unwrap();
            assert_eq!(with, without, "{names}");
        }
    }
}
