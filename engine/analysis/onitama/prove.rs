//! The prover: iterative deepening over an AND/OR search ("can the side to move force a win
//! within d plies", "is it forced to lose within d plies") with tablebase hits as exact leaves.
//! Any position the tables cover ends the search there with its exact value, so the proof only
//! has to reach the covered positions. A transposition memo keeps, per position, the depths
//! proven and refuted for each question. Repetitions do not matter: a fastest forced win never
//! repeats a position, so a win proven here stands under the repetition rule too.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::games::onitama::{Move, Onitama};

use super::tablebase::{Tablebase, TbValue};

/// What a question is known to be, by depth.
#[derive(Clone, Copy, Debug)]
struct Known {
    /// The smallest depth at which the answer is yes (`u16::MAX`: none yet).
    yes: u16,
    /// The largest depth at which the answer is no.
    no: u16,
}

impl Default for Known {
    fn default() -> Self {
        Known {
            yes: u16::MAX,
            no: 0,
        }
    }
}

/// What the prover found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The exact value if proven (wins and losses with their distance; draws only from a table).
    pub value: Option<TbValue>,
    /// A first move of the proof (a fastest win or a slowest loss), if there is one.
    pub best: Option<Move>,
    /// When not proven: neither side forces a win within this many plies.
    pub no_result_within: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Positions answered by the tables.
    pub table_hits: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// The search state of one proof.
pub struct Prover<'a> {
    tb: Option<&'a Tablebase>,
    win: HashMap<u64, Known>,
    lose: HashMap<u64, Known>,
    nodes: u64,
    hits: u64,
    start: Instant,
    budget: Option<Duration>,
    stopped: bool,
}

/// The most memo entries kept before the memo is cleared (bounds memory, about 100 MB).
const MEMO_LIMIT: usize = 3_000_000;

impl<'a> Prover<'a> {
    /// A prover using `tb` (if any) within `budget` (if any).
    pub fn new(tb: Option<&'a Tablebase>, budget: Option<Duration>) -> Self {
        Prover {
            tb,
            win: HashMap::new(),
            lose: HashMap::new(),
            nodes: 0,
            hits: 0,
            start: Instant::now(),
            budget,
            stopped: false,
        }
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) {
            if let Some(b) = self.budget {
                if self.start.elapsed() >= b {
                    self.stopped = true;
                }
            }
            if self.win.len() + self.lose.len() > MEMO_LIMIT {
                self.win.clear();
                self.lose.clear();
            }
        }
    }

    fn table(&mut self, s: &Onitama) -> Option<TbValue> {
        let v = self.tb?.probe(s)?;
        self.hits += 1;
        Some(v)
    }

    /// The children, winning moves first, then captures (they shrink towards the tables).
    fn children(s: &Onitama) -> Vec<(Move, Onitama)> {
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        let mut out: Vec<(Move, Onitama)> = moves
            .into_iter()
            .map(|m| {
                let mut c = *s;
                c.play(m);
                (m, c)
            })
            .collect();
        let key = |c: &Onitama| {
            let pieces = c.pieces(c.to_move()).len();
            (!c.is_terminal(), pieces)
        };
        out.sort_by_key(|(_, c)| key(c));
        out
    }

    /// Whether the side to move can force a win within `d` plies.
    pub fn wins_within(&mut self, s: &Onitama, d: u32) -> bool {
        if s.is_terminal() || d == 0 || self.stopped {
            return false;
        }
        if let Some(v) = self.table(s) {
            return matches!(v, TbValue::Win(n) if n <= d);
        }
        let key = s.hash();
        let k = self.win.get(&key).copied().unwrap_or_default();
        if d >= u32::from(k.yes) {
            return true;
        }
        if d <= u32::from(k.no) {
            return false;
        }
        self.tick();
        let mut result = false;
        for (_, c) in Self::children(s) {
            if c.is_terminal() || self.loses_within(&c, d - 1) {
                result = true;
                break;
            }
        }
        if !self.stopped {
            let e = self.win.entry(key).or_default();
            if result {
                e.yes = e.yes.min(d as u16);
            } else {
                e.no = e.no.max(d as u16);
            }
        }
        result
    }

    /// Whether the side to move is forced to lose within `d` plies.
    pub fn loses_within(&mut self, s: &Onitama, d: u32) -> bool {
        if s.is_terminal() {
            return true;
        }
        if d == 0 || self.stopped {
            return false;
        }
        if let Some(v) = self.table(s) {
            return matches!(v, TbValue::Loss(n) if n <= d);
        }
        let key = s.hash();
        let k = self.lose.get(&key).copied().unwrap_or_default();
        if d >= u32::from(k.yes) {
            return true;
        }
        if d <= u32::from(k.no) {
            return false;
        }
        self.tick();
        let mut result = true;
        for (_, c) in Self::children(s) {
            if c.is_terminal() || !self.wins_within(&c, d - 1) {
                result = false;
                break;
            }
        }
        if !self.stopped {
            let e = self.lose.entry(key).or_default();
            if result {
                e.yes = e.yes.min(d as u16);
            } else {
                e.no = e.no.max(d as u16);
            }
        }
        result
    }

    /// Deepens until the value is proven, `max_depth` is reached or the time is up.
    pub fn prove(&mut self, s: &Onitama, max_depth: u32) -> Proof {
        let mut proof = Proof {
            value: None,
            best: None,
            no_result_within: 0,
            nodes: 0,
            table_hits: 0,
            elapsed: Duration::ZERO,
        };
        if let Some(v) = self.table(s) {
            proof.value = Some(v);
            proof.best = self.tb.and_then(|t| t.best_move(s)).map(|(m, _)| m);
        } else if s.is_terminal() {
            proof.value = Some(TbValue::Loss(0));
        } else {
            for d in 1..=max_depth.min(u32::from(u16::MAX) - 1) {
                let found = if d % 2 == 1 {
                    self.wins_within(s, d)
                } else {
                    self.loses_within(s, d)
                };
                if self.stopped {
                    break;
                }
                if found {
                    proof.value = Some(if d % 2 == 1 {
                        TbValue::Win(d)
                    } else {
                        TbValue::Loss(d)
                    });
                    proof.best = self.proof_move(s, d);
                    break;
                }
                proof.no_result_within = d;
            }
        }
        proof.nodes = self.nodes;
        proof.table_hits = self.hits;
        proof.elapsed = self.start.elapsed();
        proof
    }

    /// A move that realises a proven result at depth `d`: a win within `d`, or for a loss the
    /// move whose reply needs the most plies.
    fn proof_move(&mut self, s: &Onitama, d: u32) -> Option<Move> {
        let children = Self::children(s);
        if d % 2 == 1 {
            children
                .into_iter()
                .find(|(_, c)| c.is_terminal() || self.loses_within(c, d - 1))
                .map(|(m, _)| m)
        } else {
            // Every reply loses; the slowest is one the opponent cannot win within d - 3.
            let mut best = children.first().map(|(m, _)| *m);
            for (m, c) in children {
                if d >= 3 && !c.is_terminal() && !self.wins_within(&c, d - 3) {
                    best = Some(m);
                    break;
                }
            }
            best
        }
    }
}
