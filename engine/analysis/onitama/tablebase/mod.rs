//! Endgame tablebases for one set of five cards: every position with at most K pawns on the board
//! (both masters always present), labelled won or lost in N plies for the side to move, or drawn.
//! Only positions with Red to move are stored; one with Blue to move is the colour-swapped image
//! of one with Red to move (the board turned half a turn, colours and hands exchanged).
//!
//! Values are stored bit-packed, `distance + 1` in as few bits as the longest distance needs
//! (`0` = draw): distances of wins are odd and of losses even, so the distance alone says which.
//! Positions are numbered by the perfect hash of [`index`]. [`build`](mod@build) makes the tables by
//! retrograde analysis, [`file`](mod@file) saves and loads them, and [`Tablebase::probe`] answers a
//! position.

pub mod build;
pub mod file;
pub mod index;

use crate::analysis::onitama::cardset::{self, CardSet};
use crate::game::Game;
use crate::games::onitama::{Bitboard, Color, Move, Onitama, DEFAULT_PLY_LIMIT};

use index::{Material, Placement};

pub use build::{build, memory_needed, BuildProgress};

/// The exact value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TbValue {
    /// The side to move wins in this many plies (at the fastest, against any defence).
    Win(u32),
    /// The side to move loses in this many plies (at the slowest); 0 means it has already lost.
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

impl TbValue {
    /// The value from a stored `distance + 1` (`0` = draw).
    fn from_stored(v: u32) -> TbValue {
        match v {
            0 => TbValue::Draw,
            v if (v - 1) % 2 == 1 => TbValue::Win(v - 1),
            v => TbValue::Loss(v - 1),
        }
    }

    /// The value one ply earlier, for the player who moved into this position.
    pub fn parent(self) -> TbValue {
        match self {
            TbValue::Win(n) => TbValue::Loss(n + 1),
            TbValue::Loss(n) => TbValue::Win(n + 1),
            TbValue::Draw => TbValue::Draw,
        }
    }

    /// A total order from the side to move's view: faster wins, then draws, then slower losses.
    pub fn goodness(self) -> i64 {
        match self {
            TbValue::Win(n) => 1_000_000 - i64::from(n),
            TbValue::Draw => 0,
            TbValue::Loss(n) => -1_000_000 + i64::from(n),
        }
    }
}

impl std::fmt::Display for TbValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TbValue::Win(n) => write!(f, "win in {n}"),
            TbValue::Loss(n) => write!(f, "loss in {n}"),
            TbValue::Draw => f.write_str("draw"),
        }
    }
}

/// The Onitama position of a placement, a distribution of `cards` and a side to move (none when
/// both masters stand on the enemy temple arches, which no game reaches).
pub fn position(
    p: &Placement,
    cards: CardSet,
    distribution: usize,
    side: usize,
) -> Option<Onitama> {
    let masters = p.masters.map(|sq| Bitboard(1 << sq));
    let pieces = [0, 1].map(|c| Bitboard(p.students[c]) | masters[c]);
    let dist = &cardset::DISTS[distribution];
    let hand = |c: usize| [cards.card(dist.hands[c][0]), cards.card(dist.hands[c][1])];
    Onitama::from_parts(
        pieces,
        masters,
        hand(0),
        hand(1),
        cards.card(dist.side),
        Color::from_index(side),
        DEFAULT_PLY_LIMIT,
    )
    .ok()
}

/// Values bit-packed `bits` to a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packed {
    /// Bits per position (1 to 8).
    pub bits: u32,
    /// How many positions.
    pub len: u64,
    /// The bits, position `i` at bit `i * bits`.
    pub words: Vec<u64>,
}

impl Packed {
    /// The stored value of position `i`.
    #[inline(always)]
    pub fn get(&self, i: u64) -> u32 {
        let bit = i * u64::from(self.bits);
        let (w, s) = ((bit / 64) as usize, (bit % 64) as u32);
        let mask = (1u64 << self.bits) - 1;
        let mut v = self.words[w] >> s;
        if s + self.bits > 64 {
            v |= self.words[w + 1] << (64 - s);
        }
        (v & mask) as u32
    }
}

/// The table of one material, Red to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialTable {
    /// Students of each colour.
    pub material: Material,
    /// Its values.
    pub values: Packed,
}

impl MaterialTable {
    /// A table from its packed values.
    pub fn from_values(material: Material, values: Packed) -> MaterialTable {
        MaterialTable { material, values }
    }
}

/// Counts of a table's values, for the summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TbStats {
    /// Positions won by the side to move.
    pub wins: u64,
    /// Positions lost by the side to move (terminal ones included).
    pub losses: u64,
    /// Drawn positions: neither side can force a win.
    pub draws: u64,
    /// Positions the index numbers that no game reaches: the side to move's master already
    /// stands on the enemy temple arch (its side won the move before). Stored as draws,
    /// counted here apart.
    pub impossible: u64,
    /// The longest win or loss, in plies.
    pub longest: u32,
}

/// How many stored positions of `material` (Red to move) have Red's master on Blue's temple
/// arch: the masters are placed last, so Red's students take any of the other 24 squares,
/// Blue's any of those left, Blue's master any square still free, each in all 30 card
/// distributions. The builder leaves every one of them a draw.
fn impossible_positions(material: Material) -> u64 {
    let [r, b] = material.students.map(usize::from);
    index::binom(24, r) * index::binom(24 - r, b) * (24 - r - b) as u64 * 30
}

/// The tables of one card set up to some number of pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tablebase {
    cards: CardSet,
    pieces: usize,
    tables: Vec<MaterialTable>,
    /// Table number by student counts.
    ids: [[Option<u8>; 5]; 5],
}

impl Tablebase {
    /// Tables of `cards` covering `pieces` pawns at most.
    pub fn new(cards: CardSet, pieces: usize, tables: Vec<MaterialTable>) -> Tablebase {
        let mut ids = [[None; 5]; 5];
        for (i, t) in tables.iter().enumerate() {
            ids[t.material.students[0] as usize][t.material.students[1] as usize] = Some(i as u8);
        }
        Tablebase {
            cards,
            pieces,
            tables,
            ids,
        }
    }

    /// The card set.
    pub fn cards(&self) -> CardSet {
        self.cards
    }

    /// The most pawns a covered position has.
    pub fn pieces(&self) -> usize {
        self.pieces
    }

    /// The material tables.
    pub fn tables(&self) -> &[MaterialTable] {
        &self.tables
    }

    /// Positions covered: the stored ones (Red to move) and their colour-swapped images.
    pub fn covered(&self) -> u64 {
        2 * self.positions()
    }

    /// Positions stored.
    pub fn positions(&self) -> u64 {
        self.tables.iter().map(|t| t.values.len).sum()
    }

    /// Bytes the packed values take.
    pub fn bytes(&self) -> u64 {
        self.tables
            .iter()
            .map(|t| t.values.words.len() as u64 * 8)
            .sum()
    }

    /// The value of position `index` of material table `table` (see [`index`]).
    pub fn value_at(&self, table: usize, index: u64) -> TbValue {
        TbValue::from_stored(self.tables[table].values.get(index))
    }

    /// The position numbered `index` in material table `table` (see [`position`]).
    pub fn position_at(&self, table: usize, index: u64) -> Option<Onitama> {
        let material = self.tables[table].material;
        let d = (index % 30) as usize;
        let p = Placement::unrank(material, index / 30);
        position(&p, self.cards, d, 0)
    }

    /// Wins, losses, draws and the longest result over all tables (counted in parallel: the
    /// larger tables hold billions of positions).
    pub fn stats(&self) -> TbStats {
        use rayon::prelude::*;
        let count = |mut s: TbStats, v: TbValue| {
            match v {
                TbValue::Win(n) => {
                    s.wins += 1;
                    s.longest = s.longest.max(n);
                }
                TbValue::Loss(n) => {
                    s.losses += 1;
                    s.longest = s.longest.max(n);
                }
                TbValue::Draw => s.draws += 1,
            }
            s
        };
        let merge = |a: TbStats, b: TbStats| TbStats {
            wins: a.wins + b.wins,
            losses: a.losses + b.losses,
            draws: a.draws + b.draws,
            impossible: a.impossible + b.impossible,
            longest: a.longest.max(b.longest),
        };
        let mut stats = self
            .tables
            .iter()
            .map(|t| {
                const CHUNK: u64 = 1 << 16;
                (0..t.values.len.div_ceil(CHUNK))
                    .into_par_iter()
                    .map(|c| {
                        (c * CHUNK..((c + 1) * CHUNK).min(t.values.len))
                            .map(|i| TbValue::from_stored(t.values.get(i)))
                            .fold(TbStats::default(), count)
                    })
                    .reduce(TbStats::default, merge)
            })
            .fold(TbStats::default(), merge);
        let impossible: u64 = self
            .tables
            .iter()
            .map(|t| impossible_positions(t.material))
            .sum();
        stats.impossible = impossible;
        stats.draws -= impossible.min(stats.draws);
        stats
    }

    /// The table and index of a position, if the tables cover it (its cards are the set, both
    /// masters are on the board, and there are few enough students).
    pub fn locate(&self, state: &Onitama) -> Option<(usize, u64)> {
        let d = self.cards.distribution(state)?;
        let masters = [
            state.master(Color::Red)?.index() as u8,
            state.master(Color::Blue)?.index() as u8,
        ];
        let p = Placement {
            masters,
            students: [state.students(Color::Red).0, state.students(Color::Blue).0],
        };
        let (mut p, mut d) = (p, d);
        if state.to_move() == Color::Blue {
            // Stored as its colour-swapped image.
            p = p.swapped();
            d = cardset::SWAP[d] as usize;
        }
        let m = p.material();
        let table = (*self
            .ids
            .get(m.students[0] as usize)?
            .get(m.students[1] as usize)?)? as usize;
        Some((table, p.rank() * 30 + d as u64))
    }

    /// The exact value of `state` for the side to move, if the tables cover it. A finished game
    /// is a loss in 0 for the side to move (the side that did not make the winning move).
    pub fn probe(&self, state: &Onitama) -> Option<TbValue> {
        if let Some(w) = state.winner() {
            self.cards.distribution(state)?;
            return (w != state.to_move()).then_some(TbValue::Loss(0));
        }
        let (table, index) = self.locate(state)?;
        Some(self.value_at(table, index))
    }

    /// The value of `state` as an alpha-beta score for the side to move, `ply` plies below the
    /// root (a win in `n` scores `win_in(ply + n)`, a draw 0): what a search would return at a
    /// covered node, so wiring the tables into a search is one call.
    pub fn search_score(&self, state: &Onitama, ply: usize) -> Option<i32> {
        use crate::search::score::{loss_in, win_in};
        Some(match self.probe(state)? {
            TbValue::Win(n) => win_in(ply + n as usize),
            TbValue::Loss(n) => loss_in(ply + n as usize),
            TbValue::Draw => 0,
        })
    }

    /// A move that keeps the value (fastest win, slowest loss, or one that keeps a draw), with
    /// the value it leads to for the side to move, if the tables cover the position.
    pub fn best_move(&self, state: &Onitama) -> Option<(Move, TbValue)> {
        self.probe(state)?;
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut best: Option<(Move, TbValue)> = None;
        for mv in moves {
            let mut child = *state;
            child.play(mv);
            let v = self.probe(&child)?.parent();
            if best.is_none_or(|(_, b)| v.goodness() > b.goodness()) {
                best = Some((mv, v));
            }
        }
        best
    }

    /// The line of best moves from `state`, at most `max` plies, as far as the tables cover it.
    pub fn line(&self, state: &Onitama, max: usize) -> Vec<Move> {
        let mut s = *state;
        let mut out = Vec::new();
        while out.len() < max && !s.is_terminal() {
            let Some((mv, _)) = self.best_move(&s) else {
                break;
            };
            out.push(mv);
            s.play(mv);
        }
        out
    }
}

/// The tables answer a search exactly wherever they cover a position.
impl crate::search::Oracle<Onitama> for Tablebase {
    fn score(&self, state: &Onitama, ply: usize) -> Option<i32> {
        self.search_score(state, ply)
    }

    fn line(&self, state: &Onitama, max: usize) -> Vec<Move> {
        Tablebase::line(self, state, max)
    }
}
