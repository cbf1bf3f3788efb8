//! Win/draw/loss bitbases for one set of five cards: one bit per position (won for the side to
//! move, or not), every arrangement of the cards at once, up to 8 men (both masters and at most
//! three students a side). A position counts when both masters are on the board and neither
//! stands on the temple arch it attacks (the game would be over); only Red-to-move positions are
//! stored, a Blue-to-move one being read through its colour-swapped image. A position that is
//! not won is lost when every move leads to a position won for the opponent (one look ahead),
//! else drawn: neither side can force a win.
//!
//! [`build`](mod@build) makes a bitbase in memory by retrograde analysis, [`file`](mod@file)
//! saves it and opens it memory-mapped, [`index`] numbers the positions.

pub mod build;
pub mod file;
pub mod index;
pub mod mirror;

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use crate::analysis::onitama::cardset::CardSet;
use crate::game::Game;
use crate::games::onitama::{Color, Move, Onitama};

use index::{block_number, master_index, turn, Maps, Mat, ALL, BLUE_TEMPLE, FULL, RED_TEMPLE};

pub use build::{build, memory_needed, BuildProgress};

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move can force a win.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The opponent can force a win.
    Loss,
}

impl Wdl {
    /// The value for the other player.
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }
}

impl std::fmt::Display for Wdl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        })
    }
}

/// Counts of one material's positions (Red to move), or of several.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatStats {
    /// Positions stored.
    pub positions: u64,
    /// Won for the side to move.
    pub wins: u64,
    /// Lost for the side to move.
    pub losses: u64,
}

impl MatStats {
    /// Neither won nor lost.
    pub fn draws(&self) -> u64 {
        self.positions - self.wins - self.losses
    }

    /// The sum of two counts.
    pub fn plus(self, o: MatStats) -> MatStats {
        MatStats {
            positions: self.positions + o.positions,
            wins: self.wins + o.wins,
            losses: self.losses + o.losses,
        }
    }
}

/// One material's place in a bitbase.
#[derive(Clone, Debug)]
pub struct TableInfo {
    /// The material.
    pub mat: Mat,
    /// The first layout of each block, and the number of layouts last.
    pub offsets: Vec<u64>,
    /// Its counts.
    pub stats: MatStats,
}

/// Where the words are: just built, or in a mapped file.
pub enum Storage {
    /// The builder's words, one vector per material.
    Built(Vec<Vec<AtomicU32>>),
    /// A file mapped into memory; the byte where each material's words start.
    Mapped(memmap2::Mmap, Vec<usize>),
}

/// A bitbase (see the module documentation).
pub struct Bitbase {
    cards: CardSet,
    men: usize,
    tables: Vec<TableInfo>,
    ids: [[usize; 4]; 4],
    storage: Storage,
    maps: Maps,
}

impl Bitbase {
    /// A bitbase of `cards` up to `men` men from its tables and words.
    pub fn new(cards: CardSet, men: usize, tables: Vec<TableInfo>, storage: Storage) -> Bitbase {
        let mut ids = [[usize::MAX; 4]; 4];
        for (i, t) in tables.iter().enumerate() {
            ids[t.mat.students[0] as usize][t.mat.students[1] as usize] = i;
        }
        Bitbase {
            cards,
            men,
            tables,
            ids,
            storage,
            maps: Maps::new(),
        }
    }

    /// The card set.
    pub fn cards(&self) -> CardSet {
        self.cards
    }

    /// The most men a covered position has.
    pub fn men(&self) -> usize {
        self.men
    }

    /// The materials, fewest students first.
    pub fn tables(&self) -> &[TableInfo] {
        &self.tables
    }

    /// The counts over all materials.
    pub fn stats(&self) -> MatStats {
        self.tables
            .iter()
            .fold(MatStats::default(), |a, t| a.plus(t.stats))
    }

    /// Bytes of the words.
    pub fn bytes(&self) -> u64 {
        self.tables.iter().map(|t| layouts(t) * 4).sum()
    }

    /// The word of layout `layout` of table `t`: its distributions won for Red.
    #[inline]
    pub fn word(&self, t: usize, layout: u64) -> u32 {
        match &self.storage {
            Storage::Built(words) => words[t][layout as usize].load(Relaxed) & ALL,
            Storage::Mapped(map, starts) => {
                let at = starts[t] + layout as usize * 4;
                let bytes: [u8; 4] = map[at..at + 4].try_into().expect("four bytes");
                u32::from_le_bytes(bytes) & ALL
            }
        }
    }

    /// Where a position lies: its table, layout and distribution bit, if covered (its cards are
    /// the set, the game is not over, few enough students).
    pub fn locate(&self, state: &Onitama) -> Option<(usize, u64, usize)> {
        if state.is_terminal() {
            return None;
        }
        let e = self.cards.distribution(state)?;
        let mut d = self.maps.from_cardset[e] as usize;
        let mut masters = [
            state.master(Color::Red)?.index() as u8,
            state.master(Color::Blue)?.index() as u8,
        ];
        let mut students = [state.students(Color::Red).0, state.students(Color::Blue).0];
        if state.to_move() == Color::Blue {
            masters = [24 - masters[1], 24 - masters[0]];
            students = [turn(students[1]), turn(students[0])];
            d = self.maps.swap[d] as usize;
        }
        if masters[0] == BLUE_TEMPLE || masters[1] == RED_TEMPLE {
            return None;
        }
        let t = *self
            .ids
            .get(students[0].count_ones() as usize)?
            .get(students[1].count_ones() as usize)?;
        if t == usize::MAX {
            return None;
        }
        let info = &self.tables[t];
        let block = block_number(students) as usize;
        let free = FULL & !(students[0] | students[1]);
        Some((t, info.offsets[block] + master_index(free, masters), d))
    }

    /// Whether the side to move wins, if the position is covered.
    pub fn is_win(&self, state: &Onitama) -> Option<bool> {
        let (t, layout, d) = self.locate(state)?;
        Some(self.word(t, layout) >> d & 1 == 1)
    }

    /// Whether the bitbase answers this position: its own positions, and finished games whose
    /// cards are the set.
    pub fn covers(&self, state: &Onitama) -> bool {
        if state.is_terminal() {
            return self.cards.distribution(state).is_some();
        }
        self.locate(state).is_some()
    }

    /// The value for the side to move, if covered: won by the bit; else lost when every move
    /// leads to a position won for the opponent, drawn otherwise. A finished game is lost for
    /// the side to move.
    pub fn probe(&self, state: &Onitama) -> Option<Wdl> {
        if state.is_terminal() {
            self.cards.distribution(state)?;
            return Some(Wdl::Loss);
        }
        if self.is_win(state)? {
            return Some(Wdl::Win);
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        for mv in moves {
            let mut child = *state;
            child.play(mv);
            // A finished child would be a win, and the bit says there is none.
            if !child.is_terminal() && !self.is_win(&child)? {
                return Some(Wdl::Draw);
            }
        }
        Some(Wdl::Loss)
    }

    /// A move that keeps the value and makes progress, with the value and, where a search
    /// with the bitbase at its leaves measured it within `nodes` nodes, the length in plies of
    /// the forced result: in a won position the fastest win (or, past the budget, any move into
    /// a lost position); in a lost one the move whose win for the opponent is longest; in a
    /// drawn one a move keeping the draw.
    pub fn best_move(&self, state: &Onitama, nodes: u64) -> Option<(Move, Wdl, Option<u32>)> {
        let value = self.probe(state)?;
        if state.is_terminal() {
            return None;
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let after = |mv: Move| {
            let mut c = *state;
            c.play(mv);
            c
        };
        match value {
            Wdl::Win => {
                let mut budget = nodes;
                if let Some((mv, n)) = self.fastest_win(state, &mut budget) {
                    return Some((mv, value, Some(n)));
                }
                let mv = moves
                    .iter()
                    .copied()
                    .find(|&m| self.probe(&after(m)) == Some(Wdl::Loss))?;
                Some((mv, value, None))
            }
            Wdl::Draw => {
                let mv = moves
                    .iter()
                    .copied()
                    .find(|&m| self.probe(&after(m)) == Some(Wdl::Draw))?;
                Some((mv, value, None))
            }
            Wdl::Loss => {
                // The longest resistance; a win the search cannot measure counts as longest.
                let mut best: Option<(Move, Option<u32>)> = None;
                for &mv in &moves {
                    let c = after(mv);
                    let n = if c.is_terminal() {
                        Some(0)
                    } else {
                        let mut budget = nodes / moves.len() as u64;
                        self.fastest_win(&c, &mut budget).map(|(_, n)| n)
                    };
                    let longer = match (best, n) {
                        (None, _) => true,
                        (Some((_, Some(b))), None) => b < u32::MAX,
                        (Some((_, Some(b))), Some(n)) => n > b,
                        (Some((_, None)), _) => false,
                    };
                    if longer {
                        best = Some((mv, n));
                    }
                }
                let (mv, n) = best?;
                Some((mv, value, n.map(|n| n + 1)))
            }
        }
    }

    /// The fastest forced win of the side to move and its length in plies, by iterative
    /// deepening where only moves into positions the bitbase says are lost are tried; `None`
    /// when the budget runs out first (or there is no win).
    fn fastest_win(&self, state: &Onitama, budget: &mut u64) -> Option<(Move, u32)> {
        if self.probe(state) != Some(Wdl::Win) {
            return None;
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let me = state.to_move();
        let mut lost = Vec::new();
        for &mv in &moves {
            let mut c = *state;
            c.play(mv);
            if c.winner() == Some(me) {
                return Some((mv, 1));
            }
            if self.probe(&c) == Some(Wdl::Loss) {
                lost.push((mv, c));
            }
        }
        let mut depth = 3;
        while depth <= 255 && *budget > 0 {
            for (mv, c) in &lost {
                match self.loses_within(c, depth - 1, budget) {
                    Some(true) => return Some((*mv, depth)),
                    Some(false) => {}
                    None => return None,
                }
            }
            depth += 2;
        }
        None
    }

    /// Whether the side to move in `state` (lost by the bitbase) loses within `depth` plies
    /// against every defence; `None` when the node budget ran out.
    fn loses_within(&self, state: &Onitama, depth: u32, budget: &mut u64) -> Option<bool> {
        if state.is_terminal() {
            return Some(true);
        }
        if depth < 2 {
            return Some(false);
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        for mv in moves {
            let mut c = *state;
            c.play(mv);
            if !self.wins_within(&c, depth - 1, budget)? {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Whether the side to move in `state` wins within `depth` plies; `None` when the node
    /// budget ran out.
    fn wins_within(&self, state: &Onitama, depth: u32, budget: &mut u64) -> Option<bool> {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if state.is_terminal() || depth == 0 {
            return Some(false);
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let me = state.to_move();
        let mut lost_children = Vec::new();
        for mv in moves {
            let mut c = *state;
            c.play(mv);
            if c.winner() == Some(me) {
                return Some(true);
            }
            if self.is_win(&c) == Some(false) {
                lost_children.push(c);
            }
        }
        for c in lost_children {
            if self.probe(&c) == Some(Wdl::Loss) && self.loses_within(&c, depth - 1, budget)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The line of best moves from `state`, at most `max` plies, as far as the bitbase covers
    /// it and a search within `nodes` nodes a move finds.
    pub fn line(&self, state: &Onitama, max: usize, nodes: u64) -> Vec<Move> {
        let mut s = *state;
        let mut out = Vec::new();
        while out.len() < max && !s.is_terminal() {
            let Some((mv, v, _)) = self.best_move(&s, nodes) else {
                break;
            };
            out.push(mv);
            s.play(mv);
            if v != Wdl::Win && v != Wdl::Loss {
                break;
            }
        }
        out
    }
}

/// The layouts of a material's table.
fn layouts(t: &TableInfo) -> u64 {
    *t.offsets.last().unwrap_or(&0)
}

#[cfg(test)]
mod tests;
