//! Proofs of forced wins written as strategies, and their independent check.
//!
//! A proof that `attacker` forces a win from a position is a strategy: one move at each of the
//! attacker's positions it reaches, every reply at the defender's. It is written as a string of
//! move numbers, one character per attacker position, in the order of a depth-first walk: at an
//! attacker position the next character names the move (its index among
//! [`Game::legal_moves`]); at a defender position the walk goes into every move in the order of
//! the legal moves. A position the walk has finished before is not walked again (the strategy is
//! a graph; its moves are written once), and a finished game or a position a table answers ends
//! the line without a character.
//!
//! [`check`] replays such a string with nothing but the rules ([`Game`]'s moves and results)
//! and the table's values: every line must end in a finished game the attacker won or in a
//! table position won for the attacker, no line may repeat a position (a cycle proves nothing),
//! no line may reach the game's ply limit, and every character must be used. The prover's own
//! search is not involved, so a wrong proof, whatever produced it, is rejected. [`write`] walks
//! the same way with the moves a prover chooses, and so checks them as it writes.

use std::collections::HashMap;

use crate::game::{Game, Turn};
use crate::games::onitama::{Color, Move, Onitama};

use super::bitbase::{Bitbase, Wdl};
use super::tablebase::{Tablebase, TbValue};

/// The characters of move numbers 0..64 (more than the most moves of a position).
const DIGITS: &[u8; 64] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";

/// The table a proof's lines may end in.
#[derive(Clone, Copy)]
pub enum Table<'a> {
    /// Distances to mate.
    Distance(&'a Tablebase),
    /// Win/draw/loss bits.
    Bits(&'a Bitbase),
}

impl<'a> Table<'a> {
    /// The table as the two kinds of leaf a df-pn search takes ([`super::dfpn::Dfpn::with_leaves`]),
    /// one of them present.
    pub fn leaves(self) -> (Option<&'a Tablebase>, Option<&'a Bitbase>) {
        match self {
            Table::Distance(t) => (Some(t), None),
            Table::Bits(b) => (None, Some(b)),
        }
    }

    /// The value for the side to move, if the table covers the position.
    pub fn wdl(&self, s: &Onitama) -> Option<Wdl> {
        match self {
            Table::Distance(t) => t.probe(s).map(|v| match v {
                TbValue::Win(_) => Wdl::Win,
                TbValue::Loss(_) => Wdl::Loss,
                TbValue::Draw => Wdl::Draw,
            }),
            Table::Bits(b) => b.probe(s),
        }
    }
}

/// The size and depth of a checked proof.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProofStats {
    /// Distinct positions walked, finished games and table positions not counted.
    pub positions: u64,
    /// Attacker positions: the moves written (the string's length).
    pub moves: u64,
    /// Lines ended by a table.
    pub table_leaves: u64,
    /// The longest line in plies, to the end of the game or into a table: a bound of the win's
    /// distance (the strategy wins at least this fast against every defence).
    pub plies: u32,
}

/// Where a walk takes the attacker's moves from.
trait Source {
    /// The index of the attacker's move at `s` among `moves`.
    fn next(&mut self, s: &Onitama, moves: &[Move]) -> Result<usize, String>;
}

/// Moves read from a proof string.
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Source for Reader<'_> {
    fn next(&mut self, _: &Onitama, moves: &[Move]) -> Result<usize, String> {
        let Some(&c) = self.text.get(self.at) else {
            return Err(format!(
                "the proof ends after {} moves while a line is still open",
                self.at
            ));
        };
        let i = DIGITS.iter().position(|&d| d == c).ok_or_else(|| {
            format!(
                "character {} of the proof is not a move number",
                self.at + 1
            )
        })?;
        if i >= moves.len() {
            return Err(format!(
                "move {} of the proof is number {i} of {} legal moves",
                self.at + 1,
                moves.len()
            ));
        }
        self.at += 1;
        Ok(i)
    }
}

/// Moves chosen by a prover, written down as they are taken.
struct Writer<'a> {
    choose: &'a mut dyn FnMut(&Onitama) -> Option<Move>,
    text: Vec<u8>,
    max: usize,
}

impl Source for Writer<'_> {
    fn next(&mut self, s: &Onitama, moves: &[Move]) -> Result<usize, String> {
        if self.text.len() >= self.max {
            return Err(format!("the proof has more than {} moves", self.max));
        }
        let mv = (self.choose)(s)
            .ok_or_else(|| format!("the prover has no move at {}", s.notation()))?;
        let i = moves
            .iter()
            .position(|&m| m == mv)
            .ok_or_else(|| format!("the prover's move at {} is not legal", s.notation()))?;
        self.text.push(DIGITS[i]);
        Ok(i)
    }
}

/// The depth-first walk of a strategy (see the module documentation).
struct Walk<'a, S: Source> {
    attacker: Color,
    table: Option<Table<'a>>,
    source: S,
    /// The ply limit counted from the root.
    limit: u32,
    /// Finished positions (bucketed by hash, compared whole) and the plies their lines need.
    done: HashMap<u64, Vec<(Onitama, u32)>>,
    /// The positions of the current line.
    path: Vec<Onitama>,
    stats: ProofStats,
}

impl<S: Source> Walk<'_, S> {
    fn finished(&self, s: &Onitama) -> Option<u32> {
        let bucket = self.done.get(&s.hash())?;
        bucket.iter().find(|(p, _)| p == s).map(|&(_, h)| h)
    }

    /// Checks the strategy below `s`, `depth` plies from the root; the plies its longest line
    /// needs.
    fn node(&mut self, s: &Onitama, depth: u32) -> Result<u32, String> {
        let mover = match s.turn() {
            Turn::Terminal => {
                return if s.payoffs().get(self.attacker.index()) > 0.5 {
                    Ok(0)
                } else {
                    Err(format!(
                        "a line ends in a game the attacker lost: {}",
                        s.notation()
                    ))
                }
            }
            Turn::Player(p) => Color::from_index(p),
            Turn::Chance => return Err("Onitama has no chance moves".into()),
        };
        if depth >= self.limit {
            return Err(format!("a line reaches the ply limit ({})", self.limit));
        }
        if let Some(v) = self.table.and_then(|t| t.wdl(s)) {
            let won = if mover == self.attacker {
                v == Wdl::Win
            } else {
                v == Wdl::Loss
            };
            self.stats.table_leaves += 1;
            return if won {
                Ok(0)
            } else {
                Err(format!(
                    "the table does not give the attacker {}",
                    s.notation()
                ))
            };
        }
        if let Some(h) = self.finished(s) {
            return if depth + h <= self.limit {
                Ok(h)
            } else {
                Err(format!("a line reaches the ply limit ({})", self.limit))
            };
        }
        if self.path.contains(s) {
            return Err(format!("a line repeats the position {}", s.notation()));
        }
        self.path.push(*s);
        self.stats.positions += 1;
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        let mut height = 0;
        if mover == self.attacker {
            let i = self.source.next(s, &moves)?;
            self.stats.moves += 1;
            height = self.child(s, moves[i], depth)?;
        } else {
            for &m in &moves {
                height = height.max(self.child(s, m, depth)?);
            }
        }
        self.path.pop();
        self.done.entry(s.hash()).or_default().push((*s, height));
        Ok(height)
    }

    fn child(&mut self, s: &Onitama, m: Move, depth: u32) -> Result<u32, String> {
        let mut c = *s;
        c.play(m);
        Ok(self.node(&c, depth + 1)? + 1)
    }
}

fn walk<S: Source>(
    root: &Onitama,
    attacker: Color,
    table: Option<Table>,
    source: S,
) -> Result<(ProofStats, S), String> {
    let mut w = Walk {
        attacker,
        table,
        source,
        limit: root.ply_limit(),
        done: HashMap::new(),
        path: Vec::new(),
        stats: ProofStats::default(),
    };
    let plies = w.node(root, 0)?;
    w.stats.plies = plies;
    Ok((w.stats, w.source))
}

/// Writes the strategy of `choose` (the attacker's move at each of its positions) as a proof
/// that `attacker` wins from `root`, checking it on the way; refused if a line does not end in
/// a win or the proof would need more than `max_moves` moves.
pub fn write(
    root: &Onitama,
    attacker: Color,
    table: Option<Table>,
    choose: &mut dyn FnMut(&Onitama) -> Option<Move>,
    max_moves: usize,
) -> Result<(String, ProofStats), String> {
    let source = Writer {
        choose,
        text: Vec::new(),
        max: max_moves,
    };
    let (stats, w) = walk(root, attacker, table, source)?;
    Ok((String::from_utf8(w.text).expect("ASCII digits"), stats))
}

/// Checks that `proof` is a winning strategy for `attacker` from `root` (see the module
/// documentation), with the rules and the table only; its size and depth if it is.
pub fn check(
    root: &Onitama,
    attacker: Color,
    table: Option<Table>,
    proof: &str,
) -> Result<ProofStats, String> {
    let reader = Reader {
        text: proof.as_bytes(),
        at: 0,
    };
    let (stats, r) = walk(root, attacker, table, reader)?;
    if r.at != proof.len() {
        return Err(format!(
            "the proof has {} moves left over after every line ended",
            proof.len() - r.at
        ));
    }
    Ok(stats)
}
