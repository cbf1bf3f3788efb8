//! One pass over one block (see the documentation of [`super`]): per layout, the loss check by
//! one look ahead, and the hand-back of new losses to their predecessors (and, when the card set
//! is mirror-closed, to the predecessors' mirror images).

use std::sync::atomic::Ordering::Relaxed;

use super::super::index::{for_masters, turn, ALL, BLUE_TEMPLE, FULL};
use super::super::mirror;
use super::{BlockAt, Builder, Found, ALL_CARDS, GROUP, MAX_JUMPS, RESOLVED};

/// Where a pass writes: a predecessor block, and its mirror image when the set is
/// mirror-closed.
#[derive(Clone, Copy)]
struct Pred {
    at: BlockAt,
    mirror: Option<BlockAt>,
}

/// A student move that leads into a block (its positions turned): the predecessor's student
/// jumped from `from` with one of the card slots `cards`; `plain` is the predecessor's block,
/// `capture` the one where the jump captured a Blue student (in a larger table, if built).
#[derive(Clone, Copy)]
struct Unjump {
    from: u8,
    cards: u8,
    plain: Pred,
    capture: Option<Pred>,
}

/// The blocks the layouts of one block `[r, b]` look at.
struct Children {
    /// After a master move (no capture) or a pass.
    plain: BlockAt,
    /// After a student jump (Blue's student there captured, if any): the target, the card
    /// slots with the jump, the child block.
    jumps: [(u8, u8, BlockAt); MAX_JUMPS],
    /// How many of `jumps` there are.
    n: usize,
    /// After a master jump capturing the Blue student on a square.
    captured: [Option<BlockAt>; 25],
}

/// What a block's pass needs to know of its place in the build.
#[derive(Clone, Copy)]
pub(super) struct PassOf {
    /// The pair of tables being built.
    pub pair: [usize; 2],
    /// The pass number.
    pub pass: u32,
    /// Only count the losses of the layouts not resolved (after the fixpoint).
    pub count: bool,
}

impl Builder {
    /// The block of `students` as a write target (with its mirror image).
    #[inline(always)]
    fn pred(&self, students: [u32; 2]) -> Option<Pred> {
        let at = self.block_at(students)?;
        let mirror = self.mirror.as_ref().map(|_| {
            self.block_at(students.map(mirror::set))
                .expect("the mirror image is covered")
        });
        Some(Pred { at, mirror })
    }

    /// Gives `bits` to the layout `masters` of `p`, and their mirror image to the mirror
    /// image.
    #[inline(always)]
    fn give_pred(&self, p: Pred, masters: [u8; 2], bits: u32, of: PassOf, found: &mut Found) {
        let parity = of.pass as usize & 1;
        self.give(p.at, masters, bits, of.pair, parity, found);
        if let (Some(at), Some(m)) = (p.mirror, &self.mirror) {
            let mm = masters.map(mirror::square);
            self.give(at, mm, m.word(bits), of.pair, parity, found);
        }
    }

    /// The child blocks of block `[r, b]`.
    fn children(&self, r: u32, b: u32) -> Children {
        let geo = &self.geo;
        let plain = self
            .block_at([turn(b), turn(r)])
            .expect("the turned material");
        let mut ch = Children {
            plain,
            jumps: [(0u8, 0u8, plain); MAX_JUMPS],
            n: 0,
            captured: [None; 25],
        };
        let mut froms = r;
        while froms != 0 {
            let f = froms.trailing_zeros() as usize;
            froms &= froms - 1;
            let mut tos = geo.any_targets[f] & !r;
            while tos != 0 {
                let to = tos.trailing_zeros() as usize;
                tos &= tos - 1;
                let child = [turn(b & !(1 << to)), turn(r ^ (1 << f) ^ (1 << to))];
                ch.jumps[ch.n] = (
                    to as u8,
                    geo.jump_cards[f][to],
                    self.block_at(child).expect("a covered material"),
                );
                ch.n += 1;
            }
        }
        let mut each_b = b;
        while each_b != 0 {
            let to = each_b.trailing_zeros() as usize;
            each_b &= each_b - 1;
            ch.captured[to] = self.block_at([turn(b & !(1 << to)), turn(r)]);
        }
        ch
    }

    /// Whether no child block of the pair gained a win in the pass before (then nothing of
    /// the block can newly be lost).
    fn unchanged(&self, ch: &Children, of: PassOf) -> bool {
        let prev = 1 - (of.pass as usize & 1);
        let changed = |at: &BlockAt| {
            of.pair.contains(&at.table)
                && self.tables[at.table].changed[prev][at.block].load(Relaxed)
        };
        !changed(&ch.plain) && !ch.jumps[..ch.n].iter().any(|(_, _, at)| changed(at))
    }

    /// The distributions of layout `[rm, bm]` of block `[r, b]` whose every move leads to a
    /// position won for the opponent (by the words as they are now); `won` are the ones won.
    #[inline(always)]
    fn lost(&self, ch: &Children, [r, b]: [u32; 2], [rm, bm]: [u8; 2], won: u32) -> u32 {
        let geo = &self.geo;
        let maps = &geo.maps;
        let turned = [24 - bm, 24 - rm];
        // Distributions known not lost: the won ones, then those with a move into a position
        // not won for the opponent. The children's not-won bits are gathered, each masked to
        // the groups of its move's cards, and mapped to their parents once a group of moves;
        // the checks stop once every distribution is known not lost.
        // The master's moves first: their children lie in few blocks, which stay in cache.
        let mut open = 0;
        let own = r | 1 << rm;
        let mut tos = geo.any_targets[rm as usize] & !own & !(1 << bm) & !(1 << BLUE_TEMPLE);
        while tos != 0 {
            let to = tos.trailing_zeros() as usize;
            tos &= tos - 1;
            let at = if b >> to & 1 == 1 {
                ch.captured[to].expect("a smaller material")
            } else {
                ch.plain
            };
            let cw = self.word(at, [24 - bm, 24 - to as u8]).load(Relaxed);
            open |= !cw & maps.groups[geo.jump_cards[rm as usize][to] as usize];
        }
        if won | maps.parents_all(open) == ALL {
            return 0;
        }
        for group in ch.jumps[..ch.n].chunks(GROUP) {
            for &(to, cards, at) in group {
                if to == rm || to == bm {
                    continue; // onto the own master: no move; onto Blue's: a win
                }
                let cw = self.word(at, turned).load(Relaxed);
                open |= !cw & maps.groups[cards as usize];
            }
            if won | maps.parents_all(open) == ALL {
                return 0;
            }
        }
        let mut not_lost = won | maps.parents_all(open);
        if not_lost == ALL {
            return 0;
        }
        let stuck = geo.no_moves(own);
        if stuck != 0 {
            let cw = self.word(ch.plain, turned).load(Relaxed);
            not_lost |= maps.parents_all(!cw & ALL) & stuck;
        }
        ALL & !not_lost
    }

    /// The student moves into the positions of block `[ry, by]` (a block's positions turned);
    /// `up`: whether the table with one more Blue student is built (captures come from it).
    fn unjumps(&self, [ry, by]: [u32; 2], up: bool) -> Vec<Unjump> {
        let geo = &self.geo;
        let mut out = Vec::new();
        let mut tos = ry;
        while tos != 0 {
            let to = tos.trailing_zeros() as u8;
            tos &= tos - 1;
            let mut fs = geo.any_sources[to as usize] & !(ry | by);
            while fs != 0 {
                let f = fs.trailing_zeros() as u8;
                fs &= fs - 1;
                let moved = ry ^ (1 << to) ^ (1 << f);
                out.push(Unjump {
                    from: f,
                    cards: geo.jump_cards[f as usize][to as usize],
                    plain: self.pred([moved, by]).expect("the same material"),
                    capture: if up {
                        self.pred([moved, by | 1 << to])
                    } else {
                        None
                    },
                });
            }
        }
        out
    }

    /// Hands the new losses `lost` of a layout back: every predecessor is won. Seen from the
    /// predecessor, the layout is turned: Red's students `ry` and master `rmy`, Blue's `by`
    /// and `bmy`.
    #[allow(clippy::too_many_arguments)]
    fn hand_back(
        &self,
        unjumps: &[Unjump],
        [ry, by]: [u32; 2],
        [rmy, bmy]: [u8; 2],
        up: bool,
        lost: u32,
        of: PassOf,
        found: &mut Found,
    ) {
        let geo = &self.geo;
        let maps = &geo.maps;
        let by_set = maps.parents_by_set(lost);
        // A student came back.
        for u in unjumps {
            if u.from == rmy || u.from == bmy {
                continue;
            }
            let bits = by_set[u.cards as usize];
            if bits == 0 {
                continue;
            }
            self.give_pred(u.plain, [rmy, bmy], bits, of, found);
            if let Some(cap) = u.capture {
                self.give_pred(cap, [rmy, bmy], bits, of, found);
            }
        }
        // The master came back from `f` (never from Blue's arch: it would have won).
        let occupied = ry | by | 1 << rmy | 1 << bmy;
        let mut fs = geo.any_sources[rmy as usize] & !occupied & !(1 << BLUE_TEMPLE);
        let yplain = self.pred([ry, by]).expect("the turned material");
        let ycap = if up && fs != 0 {
            self.pred([ry, by | 1 << rmy])
        } else {
            None
        };
        while fs != 0 {
            let f = fs.trailing_zeros() as u8;
            fs &= fs - 1;
            let bits = by_set[geo.jump_cards[f as usize][rmy as usize] as usize];
            if bits == 0 {
                continue;
            }
            self.give_pred(yplain, [f, bmy], bits, of, found);
            if let Some(cap) = ycap {
                self.give_pred(cap, [f, bmy], bits, of, found);
            }
        }
        // A pass: the predecessor is the turned layout with Red to move, where Red had no jump.
        let stuck = geo.no_moves(ry | 1 << rmy);
        if stuck != 0 {
            let bits = by_set[ALL_CARDS as usize] & stuck;
            if bits != 0 {
                self.give_pred(yplain, [rmy, bmy], bits, of, found);
            }
        }
    }

    /// One pass over block `k` of table `t` (see the module documentation); with `of.count`,
    /// only counts the losses of the layouts not resolved (after the fixpoint). A block that
    /// stands for its mirror image too counts its losses twice.
    pub(super) fn pass_block(&self, t: usize, k: usize, of: PassOf) -> Found {
        let mut found = Found::default();
        let tab = &self.tables[t];
        let [r, b] = tab.mat.block_students(k as u64);
        let free = FULL & !(r | b);
        let ch = self.children(r, b);
        if of.pass > 0 && !of.count && self.unchanged(&ch, of) {
            return found;
        }
        let (ry, by) = (turn(b), turn(r));
        let up = self.ids[ry.count_ones() as usize][by.count_ones() as usize + 1] != usize::MAX;
        // The predecessors' blocks, filled when a loss is first found.
        let mut unjumps: Option<Vec<Unjump>> = None;
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
                if !of.count {
                    tab.words[base + i].fetch_or(RESOLVED, Relaxed);
                }
                return;
            }
            let lost = self.lost(&ch, [r, b], [rm, bm], won);
            if of.count {
                losses += u64::from(lost.count_ones());
                return;
            }
            let had = tab.spread[base + i].load(Relaxed);
            if lost.count_ones() > u32::from(had) {
                tab.spread[base + i].store(lost.count_ones() as u8, Relaxed);
                let unjumps = unjumps.get_or_insert_with(|| self.unjumps([ry, by], up));
                let turned = [24 - bm, 24 - rm];
                self.hand_back(unjumps, [ry, by], turned, up, lost, of, &mut found);
            }
            if won | lost == ALL {
                tab.words[base + i].fetch_or(RESOLVED, Relaxed);
                losses += u64::from(lost.count_ones());
            } else {
                all_done = false;
            }
        });
        tab.losses
            .fetch_add(losses * self.weight(t, [r, b], k), Relaxed);
        if all_done && !of.count {
            tab.done[k].store(true, Relaxed);
        }
        found
    }

    /// How many blocks block `k` of table `t` (students `[r, b]`) stands for: 2 when the set is
    /// mirror-closed and its mirror image is another block, else 1.
    pub(super) fn weight(&self, t: usize, [r, b]: [u32; 2], k: usize) -> u64 {
        match self.mirror {
            Some(_) => {
                let m = self.block_at([mirror::set(r), mirror::set(b)]);
                debug_assert_eq!(m.map(|m| m.table), Some(t));
                1 + u64::from(m.is_some_and(|m| m.block != k))
            }
            None => 1,
        }
    }
}
